//! The Linux desktop's sound: ALSA's `libasound.so.2`, opened at run time (`dlopen`), so that
//! building Delve needs no `-dev` package and a machine without it (a server, CI) runs silent.
//! A thread of its own mixes (`mix`) and writes to the default device; the game only sends it
//! what to play. Whatever fails (no library, no device) is said in one line on stderr, once.
#![allow(
    unsafe_code,
    reason = "ALSA is a C library loaded at run time (dlopen): every call to it crosses the FFI boundary"
)]

use std::ffi::{CStr, c_char, c_int, c_long, c_uint, c_ulong, c_void};
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};

use super::mix::{Command, Mixer};
use crate::audio::Cue;
use crate::audio::synth::RATE;

/// Samples a block: about 23 ms.
const BLOCK: usize = 512;
/// How far ahead of the clock samples may be written, in seconds (a device that plays them keeps
/// its own time; one that only stores them is held to this).
const AHEAD: f64 = 0.2;
/// How far ahead ALSA is asked to keep the device fed, in microseconds.
const LATENCY_US: c_uint = 70_000;

/// The game's side: what it sends the sound thread.
pub struct Speaker {
    tx: Sender<Command>,
    ambience: Option<(Option<u32>, f32)>,
}

impl Speaker {
    /// Starts the sound thread (which says so on stderr and ends, if there is no sound).
    pub fn open() -> Speaker {
        let (tx, rx) = channel();
        let started = std::thread::Builder::new().name("delve sound".into()).spawn(move || {
            if let Err(why) = play(&rx) {
                eprintln!("sound: {why}; playing silent");
            }
        });
        if let Err(e) = started {
            eprintln!("sound: no thread for it ({e}); playing silent");
        }
        Speaker { tx, ambience: None }
    }

    pub fn play(&mut self, cue: Cue, gain: f32) {
        _ = self.tx.send(Command::Play(cue, gain));
    }

    pub fn ambience(&mut self, depth: Option<u32>, gain: f32) {
        if self.ambience != Some((depth, gain)) {
            self.ambience = Some((depth, gain));
            _ = self.tx.send(Command::Ambience(depth, gain));
        }
    }
}

/// The sound thread: opens the device, then mixes and writes until the game is gone.
fn play(rx: &Receiver<Command>) -> Result<(), String> {
    let alsa = Alsa::load()?;
    let pcm = alsa.open(c"default")?;
    let mut mixer = Mixer::default();
    let mut block = [0.0f32; BLOCK];
    let mut frames = [0i16; BLOCK];
    // A device that takes samples faster than they play (ALSA's null, a file) is kept to time:
    // never more than `AHEAD` seconds written beyond the clock.
    let started = std::time::Instant::now();
    let mut written = 0u64;
    loop {
        loop {
            match rx.try_recv() {
                Ok(command) => mixer.command(command),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => return Ok(()),
            }
        }
        mixer.fill(&mut block);
        for (f, s) in frames.iter_mut().zip(&block) {
            *f = (s.clamp(-1.0, 1.0) * f32::from(i16::MAX)) as i16;
        }
        alsa.write(pcm, &frames)?;
        written += BLOCK as u64;
        let ahead = written as f64 / f64::from(RATE) - started.elapsed().as_secs_f64();
        if ahead > AHEAD {
            std::thread::sleep(std::time::Duration::from_secs_f64(ahead - AHEAD / 2.0));
        }
    }
}

/// An open PCM device.
type Pcm = *mut c_void;
/// ALSA's thread-local error handler: the message's arguments come as a `va_list`, passed as a
/// pointer on the ABIs Delve builds for.
type LocalHandler = unsafe extern "C" fn(*const c_char, c_int, *const c_char, c_int, *const c_char, *mut c_void);

type Open = unsafe extern "C" fn(*mut Pcm, *const c_char, c_int, c_int) -> c_int;
type SetParams = unsafe extern "C" fn(Pcm, c_int, c_int, c_uint, c_uint, c_int, c_uint) -> c_int;
type WriteI = unsafe extern "C" fn(Pcm, *const c_void, c_ulong) -> c_long;
type Recover = unsafe extern "C" fn(Pcm, c_int, c_int) -> c_int;
type Close = unsafe extern "C" fn(Pcm) -> c_int;
type StrError = unsafe extern "C" fn(c_int) -> *const c_char;
type SetLocal = unsafe extern "C" fn(Option<LocalHandler>) -> Option<LocalHandler>;

/// ALSA's calls Delve uses, found in the library.
struct Alsa {
    open: Open,
    set_params: SetParams,
    writei: WriteI,
    recover: Recover,
    close: Close,
    strerror: StrError,
}

const STREAM_PLAYBACK: c_int = 0;
const FORMAT_S16_LE: c_int = 2;
const ACCESS_RW_INTERLEAVED: c_int = 3;

/// ALSA's own complaints are not printed: Delve says in one line what failed.
unsafe extern "C" fn quiet(_: *const c_char, _: c_int, _: *const c_char, _: c_int, _: *const c_char, _: *mut c_void) {}

impl Alsa {
    /// The library and its calls, or why not.
    fn load() -> Result<Alsa, String> {
        let name = c"libasound.so.2";
        // SAFETY: dlopen of a system library by name; its initialisers are ALSA's own.
        let lib = unsafe { libc::dlopen(name.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
        if lib.is_null() {
            return Err(format!("no ALSA library ({})", dl_error()));
        }
        // SAFETY: each symbol is looked up by its documented name and given its C signature
        // (alsa/pcm.h, alsa/error.h); a function pointer is the size of a data pointer here.
        unsafe {
            let find = |symbol: &CStr| -> Result<*mut c_void, String> {
                let p = libc::dlsym(lib, symbol.as_ptr());
                if p.is_null() {
                    Err(format!("the ALSA library has no {symbol:?}"))
                } else {
                    Ok(p)
                }
            };
            let alsa = Alsa {
                open: std::mem::transmute::<*mut c_void, Open>(find(c"snd_pcm_open")?),
                set_params: std::mem::transmute::<*mut c_void, SetParams>(find(c"snd_pcm_set_params")?),
                writei: std::mem::transmute::<*mut c_void, WriteI>(find(c"snd_pcm_writei")?),
                recover: std::mem::transmute::<*mut c_void, Recover>(find(c"snd_pcm_recover")?),
                close: std::mem::transmute::<*mut c_void, Close>(find(c"snd_pcm_close")?),
                strerror: std::mem::transmute::<*mut c_void, StrError>(find(c"snd_strerror")?),
            };
            // Since ALSA 1.1.6; older ones print what they print.
            if let Ok(set_local) = find(c"snd_lib_error_set_local") {
                let set_local = std::mem::transmute::<*mut c_void, SetLocal>(set_local);
                set_local(Some(quiet));
            }
            Ok(alsa)
        }
    }

    /// The device `name` (ALSA's "default": the system's choice), set for `RATE` mono 16-bit
    /// samples.
    fn open(&self, name: &CStr) -> Result<Pcm, String> {
        let mut pcm: Pcm = std::ptr::null_mut();
        // SAFETY: `pcm` is written by a successful open and used only then; the name is a C
        // string.
        unsafe {
            let e = (self.open)(&mut pcm, name.as_ptr(), STREAM_PLAYBACK, 0);
            if e < 0 {
                return Err(format!("no sound device ({})", self.error(e)));
            }
            let e = (self.set_params)(pcm, FORMAT_S16_LE, ACCESS_RW_INTERLEAVED, 1, RATE, 1, LATENCY_US);
            if e < 0 {
                (self.close)(pcm);
                return Err(format!(
                    "the sound device refused mono 16-bit sound ({})",
                    self.error(e)
                ));
            }
        }
        Ok(pcm)
    }

    /// Writes `frames` to `pcm`, recovering from an underrun (the game paused, a slow frame).
    fn write(&self, pcm: Pcm, frames: &[i16]) -> Result<(), String> {
        let mut done = 0;
        while done < frames.len() {
            let rest = &frames[done..];
            // SAFETY: `rest` is valid for `rest.len()` mono frames.
            let n = unsafe { (self.writei)(pcm, rest.as_ptr().cast(), rest.len() as c_ulong) };
            if n >= 0 {
                done += n as usize;
                continue;
            }
            // SAFETY: `pcm` is open.
            let e = unsafe { (self.recover)(pcm, n as c_int, 1) };
            if e < 0 {
                return Err(format!("the sound device stopped ({})", self.error(e)));
            }
        }
        Ok(())
    }

    /// ALSA's words for error `e`.
    fn error(&self, e: c_int) -> String {
        // SAFETY: snd_strerror returns a static C string.
        unsafe {
            let s = (self.strerror)(e);
            if s.is_null() {
                format!("error {e}")
            } else {
                CStr::from_ptr(s).to_string_lossy().into_owned()
            }
        }
    }
}

/// What `dlopen` said last.
fn dl_error() -> String {
    // SAFETY: dlerror returns null or a C string valid until the next dl call on this thread.
    unsafe {
        let s = libc::dlerror();
        if s.is_null() {
            "not found".into()
        } else {
            CStr::from_ptr(s).to_string_lossy().into_owned()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where ALSA is missing, or the device is, the answer is a sentence, never a panic (and no
    /// sound: no device is opened here that could play).
    #[test]
    fn no_library_or_no_device_is_said_in_a_sentence() {
        match Alsa::load() {
            Ok(alsa) => {
                let refused = alsa.open(c"delve-no-such-device").unwrap_err();
                assert!(refused.starts_with("no sound device ("), "{refused}");
            }
            Err(missing) => assert!(missing.starts_with("no ALSA library ("), "{missing}"),
        }
    }
}

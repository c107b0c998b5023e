//! Quitting on a signal: SIGINT (Ctrl+C in the terminal), SIGTERM and SIGHUP (logging out, a
//! shutdown, a closed terminal) quit as Ctrl+Q does, saving the run first. The signal wakes the
//! game at once (an unfocused window otherwise sleeps up to a minute between frames); a second
//! signal before the first is handled quits at once (the run's last turn is saved already: see
//! `autosave`).

use std::sync::Mutex;
use std::sync::atomic::{AtomicU8, Ordering};

use bevy::prelude::*;

/// Signals received: the first asks to quit, the second insists.
static SIGNALS: AtomicU8 = AtomicU8::new(0);
/// Wakes the window's event loop from the signal's thread (set once the window exists).
static WAKE: Mutex<Option<Box<dyn Fn() + Send>>> = Mutex::new(None);
/// The exit code of a game stopped by a signal (128 + SIGINT's 2, as shells report Ctrl+C).
const EXIT_CODE: u8 = 130;

/// Handles the signals for this process from now on (once; later calls do nothing). Where
/// signals cannot be handled, says so in the log and goes on.
///
/// A signal the process was started ignoring stays ignored (`nohup` ignores SIGHUP, a shell
/// starts background jobs ignoring SIGINT): the others are still handled. Asking only for
/// handlers where none was set would refuse all three then, and SIGTERM would kill the game
/// with no save of the turn it stopped on.
pub fn install() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let ignored = started_ignoring();
        let on_signal = || {
            if SIGNALS.fetch_add(1, Ordering::SeqCst) > 0 {
                std::process::exit(EXIT_CODE.into());
            }
            if let Some(wake) = WAKE.lock().ok().as_deref().and_then(Option::as_ref) {
                wake();
            }
        };
        let handled = if ignored.is_empty() {
            ctrlc::try_set_handler(on_signal)
        } else {
            ctrlc::set_handler(on_signal).map(|()| ignore_again(&ignored))
        };
        if let Err(e) = handled {
            warn!("signals will not save the run: {e}");
        }
    });
}

/// The signals Delve handles that this process was started ignoring.
#[cfg(unix)]
#[allow(
    unsafe_code,
    reason = "a signal's disposition is read through libc: std has no way to"
)]
fn started_ignoring() -> Vec<libc::c_int> {
    [libc::SIGINT, libc::SIGTERM, libc::SIGHUP]
        .into_iter()
        .filter(|&signal| {
            // SAFETY: reads the signal's disposition (a null new action changes nothing) into a
            // zeroed `sigaction`, a plain C struct.
            unsafe {
                let mut old: libc::sigaction = std::mem::zeroed();
                libc::sigaction(signal, std::ptr::null(), &mut old) == 0 && old.sa_sigaction == libc::SIG_IGN
            }
        })
        .collect()
}

#[cfg(not(unix))]
fn started_ignoring() -> Vec<i32> {
    Vec::new()
}

/// Ignores `signals` again after the handler took them.
#[cfg(unix)]
#[allow(
    unsafe_code,
    reason = "a signal is set to be ignored through libc: std has no way to"
)]
fn ignore_again(signals: &[libc::c_int]) {
    for &signal in signals {
        // SAFETY: sets a standard signal's disposition to "ignore", which runs no code.
        unsafe {
            libc::signal(signal, libc::SIG_IGN);
        }
    }
}

#[cfg(not(unix))]
fn ignore_again(_: &[i32]) {}

/// Ignores SIGXFSZ, which a write past the process's file-size limit (`ulimit -f`) raises and
/// which by default kills the process with no word: ignored, such a write fails with `EFBIG`,
/// and the save or recording that made it says so, removes its temporary file and leaves the
/// old file as it was.
#[cfg(unix)]
#[allow(
    unsafe_code,
    reason = "a signal is set to be ignored through libc: std has no way to"
)]
pub fn ignore_file_size_limit() {
    // SAFETY: sets a standard signal's disposition to "ignore", which runs no code.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

/// Nothing to do where there is no SIGXFSZ.
#[cfg(not(unix))]
pub fn ignore_file_size_limit() {}

/// Lets a signal wake the window (a system run once the window's event loop exists).
pub(crate) fn let_signals_wake(proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>) {
    let Some(proxy) = proxy else { return };
    let proxy = (**proxy).clone();
    if let Ok(mut wake) = WAKE.lock() {
        *wake = Some(Box::new(move || {
            let _ = proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
        }));
    }
}

/// A signal received quits the game (the run saved by `save_on_exit`, as for Ctrl+Q).
pub(crate) fn quit_on_signal(mut exit: MessageWriter<AppExit>, mut asked: Local<bool>) {
    if !*asked && SIGNALS.load(Ordering::SeqCst) > 0 {
        *asked = true;
        exit.write(AppExit::from_code(EXIT_CODE));
    }
}

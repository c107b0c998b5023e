//! Where saves live: files in a directory on the desktop (the platform's data directory or
//! `--save-dir`), the page's local storage in the browser. A file is replaced atomically: written
//! to a temporary file beside it, flushed to disk, then renamed over it, so a crash at any
//! moment leaves the old file or the new one, never neither. A file that cannot be read is moved
//! aside, never deleted.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// Which run a save is: a number made when the run begins, its save's name (16 hex digits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RunId(pub u64);

impl RunId {
    /// A new run's: the time (milliseconds since 1970) above 16 random bits, so names sort by
    /// when runs began and two Delves starting at once do not pick the same.
    pub fn fresh() -> RunId {
        RunId(super::unix_millis() << 16 | u64::from(rand::random::<u16>()))
    }
}

impl fmt::Display for RunId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

impl FromStr for RunId {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let hex = s.len() == 16 && s.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        match u64::from_str_radix(s, 16) {
            Ok(n) if hex => Ok(RunId(n)),
            _ => Err(format!("\"{s}\" is not a run's name (16 hex digits)")),
        }
    }
}

/// What is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// A run being played (`delve_core::save::format`), one slot per run.
    Run(RunId),
    /// Key bindings, sight radius and zoom (RON text).
    Settings,
    /// Finished runs (RON text).
    History,
    /// Every feat ever earned (RON text), beside the history.
    Feats,
    /// The first-time hints this machine has been given (RON text), beside the feats.
    Hints,
    /// The names this player submits to boards under, each with its secret (RON text).
    Board,
    /// A finished run's recording (`delve_core::save::recording`), beside the history.
    Recording(RunId),
    /// A finished run's story (plain text), beside the history.
    Story(RunId),
}

/// Where runs were kept before each had its own save: adopted into a slot of their own.
const LEGACY_FILE: &str = "run.sav";
const LEGACY_KEY: &str = "delve.run";
/// The folder of run saves in a save directory, and the prefix of their keys in the browser.
const RUNS_DIR: &str = "runs";
const RUN_KEY: &str = "delve.run.";
/// The folder of finished runs' recordings and stories in a save directory.
const ENDED_DIR: &str = "ended";

impl Slot {
    /// The file's path in a save directory.
    pub fn file_name(self) -> String {
        match self {
            Slot::Run(id) => format!("{RUNS_DIR}/{id}.sav"),
            Slot::Settings => "settings.ron".into(),
            Slot::History => "history.ron".into(),
            Slot::Feats => "feats.ron".into(),
            Slot::Hints => "hints.ron".into(),
            Slot::Board => "board.ron".into(),
            Slot::Recording(id) => format!("{ENDED_DIR}/{id}.delverec"),
            Slot::Story(id) => format!("{ENDED_DIR}/{id}.txt"),
        }
    }

    /// The local-storage key in the browser.
    pub(crate) fn storage_key(self) -> String {
        match self {
            Slot::Run(id) => format!("{RUN_KEY}{id}"),
            Slot::Settings => "delve.settings".into(),
            Slot::History => "delve.history".into(),
            Slot::Feats => "delve.feats".into(),
            Slot::Hints => "delve.hints".into(),
            Slot::Board => "delve.board".into(),
            Slot::Recording(id) => format!("delve.recording.{id}"),
            Slot::Story(id) => format!("delve.story.{id}"),
        }
    }

    /// The most bytes a slot's file may hold: a save of the largest run, a settings file, a
    /// history of `HISTORY_KEEP` runs, each far below. A bigger file is not read at all.
    pub(crate) const fn max_bytes(self) -> u64 {
        match self {
            Slot::Run(_) | Slot::Recording(_) => 64 << 20,
            Slot::Settings | Slot::Feats | Slot::Hints | Slot::Board => 1 << 20,
            Slot::History | Slot::Story(_) => 16 << 20,
        }
    }
}

/// Where this game keeps its slots.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Store {
    /// Files in this directory (made when first written).
    Dir(PathBuf),
    /// The page's local storage.
    Browser,
    /// Nothing is kept (headless tests, or no data directory could be found).
    Nowhere,
}

impl Store {
    /// The platform's data directory for Delve (`$XDG_DATA_HOME/delve` on Linux), or the page's
    /// storage in the browser.
    pub(crate) fn default_for_platform() -> Store {
        #[cfg(target_arch = "wasm32")]
        {
            Store::Browser
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            match directories::ProjectDirs::from("", "", "delve") {
                Some(dirs) => Store::Dir(dirs.data_dir().to_path_buf()),
                None => Store::Nowhere,
            }
        }
    }

    /// Where `slot` is, as a message names it.
    pub(crate) fn describe(&self, slot: Slot) -> String {
        match self {
            Store::Dir(dir) => dir.join(slot.file_name()).display().to_string(),
            Store::Browser => format!("local storage \"{}\"", slot.storage_key()),
            Store::Nowhere => format!("{} (not kept)", slot.file_name()),
        }
    }

    /// Where runs are saved, as a message names it.
    pub(crate) fn describe_runs(&self) -> String {
        match self {
            Store::Dir(dir) => dir.join(RUNS_DIR).display().to_string(),
            Store::Browser => format!("local storage \"{RUN_KEY}*\""),
            Store::Nowhere => "no place: runs are not kept".into(),
        }
    }

    /// The bytes in `slot`: `None` when there are none. Only a regular file is read (a pipe or a
    /// device would block or never end), and only up to `Slot::max_bytes`.
    pub fn read(&self, slot: Slot) -> Result<Option<Vec<u8>>, String> {
        match self {
            Store::Dir(dir) => read_capped(&dir.join(slot.file_name()), slot.max_bytes()),
            Store::Browser => browser::read(&slot.storage_key()),
            Store::Nowhere => Ok(None),
        }
    }

    /// Replaces what is in `slot` with `bytes`, atomically. `durable` also flushes it to the
    /// disk (a power cut cannot take it back); without, it survives the game being killed but
    /// costs a fraction.
    pub fn write(&self, slot: Slot, bytes: &[u8]) -> Result<(), String> {
        self.write_with(slot, bytes, true)
    }

    /// `write`, not flushed to the disk: what the game does after most turns.
    pub fn write_unflushed(&self, slot: Slot, bytes: &[u8]) -> Result<(), String> {
        self.write_with(slot, bytes, false)
    }

    /// `write`, flushed to the disk only if `durable`.
    pub(crate) fn write_with(&self, slot: Slot, bytes: &[u8], durable: bool) -> Result<(), String> {
        match self {
            Store::Dir(dir) => write_atomic(dir, &slot.file_name(), bytes, durable)
                .map_err(|e| format!("cannot write {}: {e}", dir.join(slot.file_name()).display())),
            Store::Browser => browser::write(&slot.storage_key(), bytes),
            Store::Nowhere => Ok(()),
        }
    }

    /// Moves what is in `slot` aside (it could not be used): kept under a new name, which is
    /// returned as a message names it. Only settings and the history are ever set aside: a run's
    /// save that cannot be read stays where it is, named on the title screen.
    pub(crate) fn set_aside(&self, slot: Slot) -> Result<String, String> {
        let stamp = super::unix_now();
        match self {
            Store::Dir(dir) => {
                let from = dir.join(slot.file_name());
                let to = free_name(dir, &format!("{}.bad-{stamp}", slot.file_name()));
                std::fs::rename(&from, &to).map_err(|e| format!("cannot move {} aside: {e}", from.display()))?;
                Ok(to.display().to_string())
            }
            Store::Browser => {
                let key = format!("{}.bad-{stamp}", slot.storage_key());
                let bytes = browser::read(&slot.storage_key())?.unwrap_or_default();
                browser::write(&key, &bytes)?;
                browser::remove(&slot.storage_key())?;
                Ok(format!("local storage \"{key}\""))
            }
            Store::Nowhere => Ok(String::new()),
        }
    }

    /// Empties `slot` (a run that ended).
    pub fn remove(&self, slot: Slot) -> Result<(), String> {
        match self {
            Store::Dir(dir) => {
                let path = dir.join(slot.file_name());
                match std::fs::remove_file(&path) {
                    Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                        Err(format!("cannot remove {}: {e}", path.display()))
                    }
                    // The file is gone; flushing its directory is only for good measure.
                    _ => {
                        let _ = sync_dir(path.parent().unwrap_or(dir));
                        Ok(())
                    }
                }
            }
            Store::Browser => browser::remove(&slot.storage_key()),
            Store::Nowhere => Ok(()),
        }
    }

    /// Every run with a save here, by name (oldest first). A save kept where runs were kept
    /// before each had its own (`run.sav`, `delve.run`) is moved into a slot of its own first,
    /// and temporary files a killed Delve left are removed.
    pub fn runs(&self) -> Result<Vec<RunId>, String> {
        self.adopt_legacy()?;
        if let Store::Dir(dir) = self {
            for sub in [dir.join(RUNS_DIR), dir.join(ENDED_DIR), dir.clone()] {
                sweep_temporaries(&sub);
            }
        }
        let mut ids: Vec<RunId> = match self {
            Store::Dir(dir) => match std::fs::read_dir(dir.join(RUNS_DIR)) {
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
                Err(e) => return Err(format!("cannot list {}: {e}", dir.join(RUNS_DIR).display())),
                Ok(entries) => entries
                    .filter_map(|e| {
                        let name = e.ok()?.file_name();
                        name.to_str()?.strip_suffix(".sav")?.parse().ok()
                    })
                    .collect(),
            },
            Store::Browser => browser::keys()?
                .iter()
                .filter_map(|k| k.strip_prefix(RUN_KEY)?.parse().ok())
                .collect(),
            Store::Nowhere => Vec::new(),
        };
        ids.sort();
        Ok(ids)
    }

    /// The files in the runs' folder that are no run's save, lock or temporary file (a copy a
    /// sync tool made, `0000000000000001 (1).sav`, a `backup.sav`): never read as runs, and
    /// named so that the player knows why they are not listed.
    pub fn strays(&self) -> Vec<String> {
        let Store::Dir(dir) = self else { return Vec::new() };
        let Ok(entries) = std::fs::read_dir(dir.join(RUNS_DIR)) else {
            return Vec::new();
        };
        let ours = |name: &str| {
            is_temporary(name)
                || [".sav", ".lock"]
                    .iter()
                    .any(|ext| name.strip_suffix(ext).is_some_and(|id| id.parse::<RunId>().is_ok()))
        };
        let mut strays: Vec<String> = entries
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|name| !ours(name))
            .collect();
        strays.sort();
        strays
    }

    /// Moves the one save of an older Delve into a slot of its own (nothing is lost: in the
    /// browser, the old key is removed only once the new one is written).
    fn adopt_legacy(&self) -> Result<(), String> {
        let id = RunId::fresh();
        match self {
            Store::Dir(dir) => {
                let old = dir.join(LEGACY_FILE);
                if !old.is_file() {
                    return Ok(());
                }
                let new = dir.join(Slot::Run(id).file_name());
                std::fs::create_dir_all(dir.join(RUNS_DIR))
                    .and_then(|()| std::fs::rename(&old, &new))
                    .map_err(|e| format!("cannot move {} to {}: {e}", old.display(), new.display()))
            }
            Store::Browser => {
                let Some(bytes) = browser::read(LEGACY_KEY)? else {
                    return Ok(());
                };
                browser::write(&Slot::Run(id).storage_key(), &bytes)?;
                browser::remove(LEGACY_KEY)
            }
            Store::Nowhere => Ok(()),
        }
    }
}

/// The file at `path`, if there is one: a regular file of at most `max` bytes.
fn read_capped(path: &Path, max: u64) -> Result<Option<Vec<u8>>, String> {
    use std::io::Read;
    let meta = match std::fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    if !meta.is_file() {
        return Err(format!("{} is not a file", path.display()));
    }
    if meta.len() > max {
        return Err(format!(
            "{} is {} bytes, more than a save can be ({max})",
            path.display(),
            meta.len()
        ));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    std::fs::File::open(path)
        .and_then(|f| f.take(max + 1).read_to_end(&mut bytes))
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if bytes.len() as u64 > max {
        return Err(format!("{} grew past {max} bytes while read", path.display()));
    }
    Ok(Some(bytes))
}

/// `dir/name`, or `dir/name-2`, `-3`... whichever does not exist yet.
fn free_name(dir: &Path, name: &str) -> PathBuf {
    let mut path = dir.join(name);
    let mut n = 2;
    while path.symlink_metadata().is_ok() {
        path = dir.join(format!("{name}-{n}"));
        n += 1;
    }
    path
}

/// How old a temporary file left beside a slot must be before it is taken for one a killed
/// Delve left behind and removed: a write takes milliseconds, never minutes.
const STALE_TEMPORARY: std::time::Duration = std::time::Duration::from_secs(10 * 60);

/// Whether `name` is a temporary file `write_atomic` makes for one of the save folder's own
/// files: `.<file>.<process id>.<8 hex digits>.tmp`, where the file is a slot's (a save, a
/// recording, a story, the settings, history, feats, hints or board names, or the legacy `run.sav`).
/// Any other `.*.tmp` (another program's, the player's) is never taken for one.
fn is_temporary(name: &str) -> bool {
    let Some(inner) = name.strip_prefix('.').and_then(|n| n.strip_suffix(".tmp")) else {
        return false;
    };
    let mut parts = inner.rsplitn(3, '.');
    let (Some(random), Some(pid), Some(file)) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    let ours = matches!(
        file,
        "settings.ron" | "history.ron" | "feats.ron" | "hints.ron" | "board.ron" | LEGACY_FILE
    ) || [".sav", ".delverec", ".txt"]
        .iter()
        .any(|ext| file.strip_suffix(ext).is_some_and(|id| id.parse::<RunId>().is_ok()));
    ours && random.len() == 8
        && random.bytes().all(|b| b.is_ascii_hexdigit())
        && !pid.is_empty()
        && pid.bytes().all(|b| b.is_ascii_digit())
}

/// Opens `path` for writing, creating it: only a new file (`create_new`, which never follows
/// a link at the name), so a link or file planted where a temporary file goes is never written
/// through.
fn create_exclusive(path: &Path) -> std::io::Result<std::fs::File> {
    no_follow(std::fs::OpenOptions::new().write(true).create_new(true)).open(path)
}

/// `options`, opening no link at the path (`O_NOFOLLOW`) and making a file only its owner can
/// read (0600), on Unix: how the save folder's own files are opened (`create_exclusive`, and a
/// run's lock file).
pub(super) fn no_follow(options: &mut std::fs::OpenOptions) -> &mut std::fs::OpenOptions {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600).custom_flags(libc::O_NOFOLLOW);
    }
    options
}

/// Writes `bytes` to `dir/name` so that a crash at any moment leaves the old file or the new
/// one: a temporary file in the same directory (so the rename cannot cross file systems),
/// created new under a name no one can guess ahead (a link planted there is refused, never
/// followed), its bytes flushed to disk when `durable`, renamed over the old file, and the
/// directory flushed so the rename itself survives a power cut. Not `durable`, the new file
/// survives the game being killed (the system has it) but a power cut may lose it: the old one
/// then stays. A temporary file a kill left behind is removed later (`sweep_temporaries`).
pub(crate) fn write_atomic(dir: &Path, name: &str, bytes: &[u8], durable: bool) -> std::io::Result<()> {
    use std::io::Write;
    let path = dir.join(name);
    let dir = path.parent().unwrap_or(dir);
    let file_name = path.file_name().unwrap_or_default().to_string_lossy();
    std::fs::create_dir_all(dir)?;
    let (temp, file) = {
        let mut tries = 0;
        loop {
            let temp = dir.join(format!(
                ".{file_name}.{}.{:08x}.tmp",
                std::process::id(),
                rand::random::<u32>()
            ));
            match create_exclusive(&temp) {
                Ok(file) => break (temp, file),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && tries < 8 => tries += 1,
                Err(e) => return Err(e),
            }
        }
    };
    let written = (|| {
        {
            let mut file = file;
            file.write_all(bytes)?;
            if durable {
                file.sync_all()?;
            }
        } // closed before the rename (Windows renames no open file)
        std::fs::rename(&temp, &path)?;
        if durable { sync_dir(dir) } else { Ok(()) }
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    written
}

/// Removes the temporary files in `dir` older than `STALE_TEMPORARY` (a Delve killed while it
/// wrote left them): how many went.
fn sweep_temporaries(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else { return 0 };
    entries
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_str().is_some_and(is_temporary))
        .filter(|e| {
            e.metadata()
                .ok()
                .filter(std::fs::Metadata::is_file)
                .and_then(|m| m.modified().ok())
                .is_some_and(|at| at.elapsed().is_ok_and(|age| age > STALE_TEMPORARY))
        })
        .filter(|e| std::fs::remove_file(e.path()).is_ok())
        .count()
}

/// Flushes a directory's entries (a rename in it) to disk. Only Unix can open a directory to
/// flush it; elsewhere the rename is left to the file system.
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        std::fs::File::open(dir)?.sync_all()
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

/// The page's local storage. It holds strings: a save's bytes are kept one character per byte
/// (U+0000 to U+00FF), so the string is as long as the file would be.
#[cfg(target_arch = "wasm32")]
mod browser {
    fn storage() -> Result<web_sys::Storage, String> {
        web_sys::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .ok_or_else(|| "the page has no local storage".to_owned())
    }

    pub fn read(key: &str) -> Result<Option<Vec<u8>>, String> {
        let text = storage()?
            .get_item(key)
            .map_err(|_| format!("cannot read local storage \"{key}\""))?;
        text.map(|t| {
            super::bytes_of_text(&t).ok_or_else(|| format!("local storage \"{key}\" holds text that is not a save"))
        })
        .transpose()
    }

    pub fn write(key: &str, bytes: &[u8]) -> Result<(), String> {
        storage()?
            .set_item(key, &super::text_of_bytes(bytes))
            .map_err(|_| format!("cannot write local storage \"{key}\" (is it full?)"))
    }

    pub fn remove(key: &str) -> Result<(), String> {
        storage()?
            .remove_item(key)
            .map_err(|_| format!("cannot remove local storage \"{key}\""))
    }

    pub fn keys() -> Result<Vec<String>, String> {
        let storage = storage()?;
        let count = storage.length().map_err(|_| "cannot list local storage".to_owned())?;
        Ok((0..count).filter_map(|i| storage.key(i).ok().flatten()).collect())
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod browser {
    const NONE: &str = "there is no page storage outside the browser";

    pub fn read(_: &str) -> Result<Option<Vec<u8>>, String> {
        Err(NONE.into())
    }

    pub fn write(_: &str, _: &[u8]) -> Result<(), String> {
        Err(NONE.into())
    }

    pub fn remove(_: &str) -> Result<(), String> {
        Err(NONE.into())
    }

    pub fn keys() -> Result<Vec<String>, String> {
        Err(NONE.into())
    }
}

/// Bytes as text, one character (U+0000 to U+00FF) per byte: how the browser keeps them.
#[cfg(any(target_arch = "wasm32", test))]
fn text_of_bytes(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| char::from(b)).collect()
}

/// The bytes of `text_of_bytes`; `None` if a character is past U+00FF.
#[cfg(any(target_arch = "wasm32", test))]
fn bytes_of_text(text: &str) -> Option<Vec<u8>> {
    text.chars().map(|c| u8::try_from(c).ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_survive_the_browser_text() {
        let bytes: Vec<u8> = (0..=255).collect();
        assert_eq!(bytes_of_text(&text_of_bytes(&bytes)), Some(bytes));
        assert_eq!(bytes_of_text("ok \u{263a}"), None);
    }

    #[test]
    fn a_directory_keeps_replaces_sets_aside_and_removes() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::Dir(dir.path().join("nested"));
        let run = Slot::Run(RunId(7));
        assert_eq!(store.read(run), Ok(None));
        store.write(run, b"one").unwrap();
        store.write_with(run, b"two", false).unwrap();
        assert_eq!(store.read(run), Ok(Some(b"two".to_vec())));
        let names = |d: &Path| {
            let mut n: Vec<String> = std::fs::read_dir(d)
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            n.sort();
            n
        };
        assert_eq!(
            names(&dir.path().join("nested/runs")),
            ["0000000000000007.sav"],
            "no temporary file is left"
        );
        assert_eq!(store.runs(), Ok(vec![RunId(7)]));
        store.write(Slot::History, b"two").unwrap();
        let first = store.set_aside(Slot::History).unwrap();
        store.write(Slot::History, b"three").unwrap();
        let second = store.set_aside(Slot::History).unwrap();
        assert_ne!(first, second, "a second file set aside does not replace the first");
        assert_eq!(std::fs::read(&first).unwrap(), b"two");
        assert_eq!(std::fs::read(&second).unwrap(), b"three");
        assert_eq!(store.read(Slot::History), Ok(None));
        store.remove(run).unwrap();
        store.remove(run).unwrap();
        assert_eq!(store.read(run), Ok(None));
        assert_eq!(store.runs(), Ok(vec![]));
    }

    #[test]
    fn only_regular_files_of_a_save_s_size_are_read() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::Dir(dir.path().to_owned());
        // A directory, and a file larger than any settings file: named, never read.
        std::fs::create_dir(dir.path().join("history.ron")).unwrap();
        let e = store.read(Slot::History).unwrap_err();
        assert!(e.contains("is not a file"), "{e}");
        std::fs::write(dir.path().join("settings.ron"), vec![b' '; (1 << 20) + 1]).unwrap();
        let e = store.read(Slot::Settings).unwrap_err();
        assert!(e.contains("more than a save can be"), "{e}");
        // A pipe would block the reader until something writes to it: refused at once.
        #[cfg(unix)]
        {
            let fifo = dir.path().join("runs");
            std::fs::create_dir(&fifo).unwrap();
            let path = fifo.join("0000000000000001.sav");
            let made = std::process::Command::new("mkfifo").arg(&path).status();
            if made.is_ok_and(|s| s.success()) {
                let e = store.read(Slot::Run(RunId(1))).unwrap_err();
                assert!(e.contains("is not a file"), "{e}");
            }
        }
    }

    #[test]
    fn the_one_save_of_an_older_delve_becomes_a_run_of_its_own() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::Dir(dir.path().to_owned());
        std::fs::write(dir.path().join("run.sav"), b"an old save").unwrap();
        let ids = store.runs().unwrap();
        assert_eq!(ids.len(), 1);
        assert_eq!(store.read(Slot::Run(ids[0])), Ok(Some(b"an old save".to_vec())));
        assert!(!dir.path().join("run.sav").exists());
        assert_eq!(store.runs().unwrap(), ids, "adopted once");
    }

    #[test]
    fn run_names_are_sixteen_hex_digits() {
        let id = RunId::fresh();
        assert_eq!(id.to_string().parse(), Ok(id));
        assert_eq!("00000000000000ff".parse(), Ok(RunId(255)));
        for bad in ["ff", "00000000000000FF", "0000000000000g00", "+000000000000001", ""] {
            assert!(bad.parse::<RunId>().is_err(), "{bad}");
        }
    }
}

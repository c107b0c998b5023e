//! One writer per run: a run is played (and its save written) by one Delve at a time. On the
//! desktop a lock file beside the save, locked by the system for as long as the game runs (a
//! crash or a kill releases it); in the browser a local-storage entry naming the tab, renewed
//! while the tab plays and released when the page is hidden or closed (`web/loader.js`), so a
//! second tab finds the run taken and a reload of the same tab finds it free.

use super::store::{RunId, Store};

/// How long a tab's hold on a run lasts without being renewed: longer than the minute an idle
/// game may sleep between frames, so only a tab the browser stopped (a background tab) or one
/// that crashed loses it; a tab closed or reloaded lets go at once (`web/loader.js`).
#[cfg(target_arch = "wasm32")]
const STALE_MS: f64 = 90_000.0;

/// A run held by this Delve: its save is written by no other while this lives.
#[derive(Debug)]
pub struct RunLock {
    /// The lock file, open and locked, and where it is.
    #[cfg(not(target_arch = "wasm32"))]
    file: Option<(std::fs::File, std::path::PathBuf)>,
    #[cfg(target_arch = "wasm32")]
    key: Option<String>,
}

/// Why a run cannot be held.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Taken {
    /// Another Delve (window or tab) plays it.
    Elsewhere,
    /// The lock itself could not be made (a read-only directory...): saying why.
    Failed(String),
}

impl Taken {
    /// The line a player reads.
    pub fn describe(&self) -> String {
        match self {
            Taken::Elsewhere => "that run is open in another Delve window or tab".into(),
            Taken::Failed(why) => format!("that run cannot be held: {why}"),
        }
    }
}

impl Store {
    /// Holds run `id` for this Delve, or says why it cannot.
    pub fn lock_run(&self, id: RunId) -> Result<RunLock, Taken> {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            Store::Dir(dir) => desk::hold(&desk::lock_path(dir, id)),
            #[cfg(target_arch = "wasm32")]
            Store::Browser => tab::hold(id),
            _ => Ok(RunLock::none()),
        }
    }

    /// Holds the history for a read, change and write, so that two Delves ending runs at once
    /// both add theirs (on the desktop: `history.lock`, never removed, locked by the system; a
    /// Delve that cannot get it within two seconds goes on without, and says so). In the browser
    /// a tab's writes are not interleaved with its own, and nothing is held.
    pub fn hold_history(&self) -> Option<std::fs::File> {
        #[cfg(not(target_arch = "wasm32"))]
        if let Store::Dir(dir) = self {
            return desk::hold_history(&dir.join("history.lock"));
        }
        None
    }

    /// Whether another Delve plays run `id` now (what the saved-runs list marks). On the
    /// desktop this looks without taking the run: no lock file is made, and the lock is only
    /// shared for an instant (a Delve taking the run then waits that instant out).
    pub fn is_taken(&self, id: RunId) -> bool {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            Store::Dir(dir) => desk::is_held(&desk::lock_path(dir, id)),
            _ => matches!(self.lock_run(id), Err(Taken::Elsewhere)),
        }
    }
}

impl RunLock {
    /// A hold on nothing: a run kept nowhere.
    pub fn none() -> RunLock {
        RunLock {
            #[cfg(not(target_arch = "wasm32"))]
            file: None,
            #[cfg(target_arch = "wasm32")]
            key: None,
        }
    }

    /// Renews the hold and says whether it is still this Delve's (a tab left in the background
    /// may have lost it to another): a run whose hold is lost is saved no more.
    pub fn renew(&self) -> bool {
        #[cfg(target_arch = "wasm32")]
        if let Some(key) = &self.key {
            return tab::renew(key);
        }
        true
    }
}

/// Released, the lock file goes too, removed while still locked. Another Delve may have opened
/// it just before and lock it just after: it then holds a file no longer in the folder, which
/// `desk::hold` sees (the name leads to another file, or none) and tries again on the new one.
#[cfg(not(target_arch = "wasm32"))]
impl Drop for RunLock {
    fn drop(&mut self) {
        if let Some((_file, path)) = &self.file {
            let _ = std::fs::remove_file(path);
        }
    }
}

#[cfg(target_arch = "wasm32")]
impl Drop for RunLock {
    fn drop(&mut self) {
        if let Some(key) = &self.key {
            tab::release(key);
        }
    }
}

/// The desktop's holds: a lock file beside the run's save, opened without following a link
/// planted at its name and locked by the system.
#[cfg(not(target_arch = "wasm32"))]
mod desk {
    use super::{RunId, RunLock, Taken};
    use crate::save::store::Slot;
    use std::fs::{File, OpenOptions, TryLockError};
    use std::path::{Path, PathBuf};
    use std::time::Duration;

    /// How many times a lock is tried before the run is taken for another's: a listing's probe
    /// holds it for an instant, and a lock file unlinked as it was locked is tried again.
    const TRIES: u32 = 20;
    /// The wait between tries.
    const PAUSE: Duration = Duration::from_millis(5);

    /// Where run `id`'s lock file is in save directory `dir`.
    pub fn lock_path(dir: &Path, id: RunId) -> PathBuf {
        dir.join(Slot::Run(id).file_name()).with_extension("lock")
    }

    /// The lock file, made if `create` and it is not there; never through a link.
    fn open(path: &Path, create: bool) -> std::io::Result<File> {
        crate::save::store::no_follow(
            OpenOptions::new()
                .read(true)
                .write(create)
                .create(create)
                .truncate(false),
        )
        .open(path)
    }

    /// Whether `file` is still the one at `path` (not unlinked, nor replaced, since it was
    /// opened).
    fn still_there(file: &File, path: &Path) -> bool {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            match (file.metadata(), std::fs::symlink_metadata(path)) {
                (Ok(open), Ok(named)) => open.dev() == named.dev() && open.ino() == named.ino(),
                _ => false,
            }
        }
        #[cfg(not(unix))]
        {
            // Elsewhere an open file cannot be removed: the name still leads to it.
            let _ = (file, path);
            true
        }
    }

    pub fn hold(path: &Path) -> Result<RunLock, Taken> {
        let failed = |what: &str, e: std::io::Error| Taken::Failed(format!("cannot {what} {}: {e}", path.display()));
        let parent = path.parent().unwrap_or(path);
        std::fs::create_dir_all(parent).map_err(|e| failed("open", e))?;
        for _ in 0..TRIES {
            let file = open(path, true).map_err(|e| failed("open", e))?;
            match file.try_lock() {
                // Locked, and still the file the name leads to: no other can lock it now.
                Ok(()) if still_there(&file, path) => {
                    return Ok(RunLock {
                        file: Some((file, path.to_path_buf())),
                    });
                }
                // Unlinked by the Delve that let it go as this one locked it: the next holder
                // locks the file now at the name.
                Ok(()) => {}
                Err(TryLockError::WouldBlock) => std::thread::sleep(PAUSE),
                Err(TryLockError::Error(e)) => return Err(failed("lock", e)),
            }
        }
        Err(Taken::Elsewhere)
    }

    /// The history's lock at `path`, held (released when the file is dropped), or `None` if it
    /// cannot be made or stays taken for two seconds (said in the log).
    pub fn hold_history(path: &Path) -> Option<File> {
        let file = std::fs::create_dir_all(path.parent().unwrap_or(path))
            .and_then(|()| open(path, true))
            .map_err(|e| {
                bevy::log::warn!(
                    "the run history is written without its lock: cannot open {}: {e}",
                    path.display()
                )
            })
            .ok()?;
        for _ in 0..400 {
            match file.try_lock() {
                Ok(()) => return Some(file),
                Err(TryLockError::WouldBlock) => std::thread::sleep(PAUSE),
                Err(TryLockError::Error(e)) => {
                    bevy::log::warn!("the run history is written without its lock: {e}");
                    return None;
                }
            }
        }
        bevy::log::warn!("the run history is written without its lock: another Delve held it for two seconds");
        None
    }

    /// Whether a Delve holds the lock at `path`, looked at without making the file or holding
    /// the lock longer than a shared instant.
    pub fn is_held(path: &Path) -> bool {
        let Ok(file) = open(path, false) else { return false };
        matches!(file.try_lock_shared(), Err(TryLockError::WouldBlock))
    }
}

/// The browser's holds: `delve.lock.<run>` is "<tab> <milliseconds>", the tab a token made when
/// the page loads (and written on the page's body, `data-tab`, for the page-hide handler).
#[cfg(target_arch = "wasm32")]
mod tab {
    use super::{RunId, RunLock, STALE_MS, Taken};
    use std::sync::OnceLock;

    fn token() -> &'static str {
        static TOKEN: OnceLock<String> = OnceLock::new();
        TOKEN.get_or_init(|| {
            let token = format!("{:016x}", rand::random::<u64>());
            if let Some(body) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.body()) {
                let _ = body.set_attribute("data-tab", &token);
            }
            token
        })
    }

    fn storage() -> Option<web_sys::Storage> {
        web_sys::window().and_then(|w| w.local_storage().ok().flatten())
    }

    /// The tab holding `key` now, if its hold is fresh.
    fn holder(storage: &web_sys::Storage, key: &str) -> Option<String> {
        let value = storage.get_item(key).ok().flatten()?;
        let (tab, at) = value.split_once(' ')?;
        let at: f64 = at.parse().ok()?;
        (js_sys::Date::now() - at < STALE_MS).then(|| tab.to_owned())
    }

    fn stamp(storage: &web_sys::Storage, key: &str) -> Result<(), String> {
        storage
            .set_item(key, &format!("{} {}", token(), js_sys::Date::now()))
            .map_err(|_| format!("cannot write local storage \"{key}\" (is it full?)"))
    }

    pub fn hold(id: RunId) -> Result<RunLock, Taken> {
        let storage = storage().ok_or_else(|| Taken::Failed("the page has no local storage".into()))?;
        let key = format!("delve.lock.{id}");
        match holder(&storage, &key) {
            Some(tab) if tab != token() => Err(Taken::Elsewhere),
            _ => {
                stamp(&storage, &key).map_err(Taken::Failed)?;
                Ok(RunLock { key: Some(key) })
            }
        }
    }

    /// Stamps the hold again if it is still this tab's, stale or not; gone or another tab's,
    /// the run may have been played and saved elsewhere since: it is not taken back.
    pub fn renew(key: &str) -> bool {
        let Some(storage) = storage() else { return false };
        let ours = storage
            .get_item(key)
            .ok()
            .flatten()
            .is_some_and(|v| v.split(' ').next() == Some(token()));
        ours && stamp(&storage, key).is_ok()
    }

    pub fn release(key: &str) {
        if let Some(storage) = storage()
            && holder(&storage, key).is_none_or(|tab| tab == token())
        {
            let _ = storage.remove_item(key);
        }
    }
}

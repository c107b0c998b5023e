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
            Store::Dir(dir) => {
                let path = dir.join(super::store::Slot::Run(id).file_name()).with_extension("lock");
                let parent = path.parent().unwrap_or(dir);
                let file = std::fs::create_dir_all(parent)
                    .and_then(|()| {
                        std::fs::OpenOptions::new()
                            .create(true)
                            .truncate(false)
                            .write(true)
                            .open(&path)
                    })
                    .map_err(|e| Taken::Failed(format!("cannot open {}: {e}", path.display())))?;
                match file.try_lock() {
                    Ok(()) => Ok(RunLock {
                        file: Some((file, path)),
                    }),
                    Err(std::fs::TryLockError::WouldBlock) => Err(Taken::Elsewhere),
                    Err(std::fs::TryLockError::Error(e)) => {
                        Err(Taken::Failed(format!("cannot lock {}: {e}", path.display())))
                    }
                }
            }
            #[cfg(target_arch = "wasm32")]
            Store::Browser => tab::hold(id),
            _ => Ok(RunLock::none()),
        }
    }

    /// Whether another Delve plays run `id` now (what the saved-runs list marks).
    pub fn is_taken(&self, id: RunId) -> bool {
        matches!(self.lock_run(id), Err(Taken::Elsewhere))
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

/// Released, the lock file goes too (removed while still locked, so no other Delve can have
/// locked it meanwhile).
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

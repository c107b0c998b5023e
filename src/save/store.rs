//! Where saves live: files in a directory on the desktop (the platform's data directory or
//! `--save-dir`), the page's local storage in the browser. A file is replaced atomically: written
//! to a temporary file beside it, flushed to disk, then renamed over it, so a crash at any
//! moment leaves the old file or the new one, never neither. A file that cannot be read is moved
//! aside, never deleted.

use std::path::{Path, PathBuf};

/// What is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// The run being played (`save::format`).
    Run,
    /// Key bindings, sight radius and zoom (RON text).
    Settings,
    /// Finished runs (RON text).
    History,
}

impl Slot {
    /// The file's name in a save directory.
    pub const fn file_name(self) -> &'static str {
        match self {
            Slot::Run => "run.sav",
            Slot::Settings => "settings.ron",
            Slot::History => "history.ron",
        }
    }

    /// The local-storage key in the browser.
    pub(crate) const fn storage_key(self) -> &'static str {
        match self {
            Slot::Run => "delve.run",
            Slot::Settings => "delve.settings",
            Slot::History => "delve.history",
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

    /// The bytes in `slot`: `None` when there are none.
    pub fn read(&self, slot: Slot) -> Result<Option<Vec<u8>>, String> {
        match self {
            Store::Dir(dir) => {
                let path = dir.join(slot.file_name());
                match std::fs::read(&path) {
                    Ok(bytes) => Ok(Some(bytes)),
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
                    Err(e) => Err(format!("cannot read {}: {e}", path.display())),
                }
            }
            Store::Browser => browser::read(slot.storage_key()),
            Store::Nowhere => Ok(None),
        }
    }

    /// Replaces what is in `slot` with `bytes`, atomically.
    pub fn write(&self, slot: Slot, bytes: &[u8]) -> Result<(), String> {
        match self {
            Store::Dir(dir) => write_atomic(dir, slot.file_name(), bytes)
                .map_err(|e| format!("cannot write {}: {e}", dir.join(slot.file_name()).display())),
            Store::Browser => browser::write(slot.storage_key(), bytes),
            Store::Nowhere => Ok(()),
        }
    }

    /// Moves what is in `slot` aside (it could not be used): kept under a new name, which is
    /// returned as a message names it.
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
                let bytes = browser::read(slot.storage_key())?.unwrap_or_default();
                browser::write(&key, &bytes)?;
                browser::remove(slot.storage_key())?;
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
                        let _ = sync_dir(dir);
                        Ok(())
                    }
                }
            }
            Store::Browser => browser::remove(slot.storage_key()),
            Store::Nowhere => Ok(()),
        }
    }
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

/// Writes `bytes` to `dir/name` so that a crash at any moment leaves the old file or the new
/// one: a temporary file in the same directory (so the rename cannot cross file systems), its
/// bytes flushed to disk, renamed over the old file, and the directory flushed so the rename
/// itself survives a power cut.
pub(crate) fn write_atomic(dir: &Path, name: &str, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    std::fs::create_dir_all(dir)?;
    let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let written = (|| {
        let mut file = std::fs::File::create(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        std::fs::rename(&temp, dir.join(name))?;
        sync_dir(dir)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    written
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
        assert_eq!(store.read(Slot::Run), Ok(None));
        store.write(Slot::Run, b"one").unwrap();
        store.write(Slot::Run, b"two").unwrap();
        assert_eq!(store.read(Slot::Run), Ok(Some(b"two".to_vec())));
        let names = |d: &Path| {
            let mut n: Vec<String> = std::fs::read_dir(d)
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            n.sort();
            n
        };
        assert_eq!(
            names(&dir.path().join("nested")),
            ["run.sav"],
            "no temporary file is left"
        );
        let first = store.set_aside(Slot::Run).unwrap();
        store.write(Slot::Run, b"three").unwrap();
        let second = store.set_aside(Slot::Run).unwrap();
        assert_ne!(first, second, "a second file set aside does not replace the first");
        assert_eq!(std::fs::read(&first).unwrap(), b"two");
        assert_eq!(std::fs::read(&second).unwrap(), b"three");
        assert_eq!(store.read(Slot::Run), Ok(None));
        store.write(Slot::Run, b"four").unwrap();
        store.remove(Slot::Run).unwrap();
        store.remove(Slot::Run).unwrap();
        assert_eq!(store.read(Slot::Run), Ok(None));
    }
}

//! What a save is: a run as plain serde data (`model`), its bytes (`format`), and the history of
//! finished runs (`history`). Where saves live (files, the browser's storage) is the shell's.

mod bounded;
pub mod format;
mod history;
mod model;
mod terrain;

pub use format::{FORMAT, HEADER, MAGIC, OLDEST, SaveCache, SaveError, decode, encode};
pub use history::{History, KEEP as HISTORY_KEEP, PastRun};
pub use model::{SavedLevel, SavedMemory, SavedPlayer, SavedRun};

use crate::run::Run;

/// A save's bytes as a run ready to play, or why not.
pub fn parse_run(bytes: &[u8]) -> Result<Run, String> {
    let saved = decode(bytes).map_err(|e| e.to_string())?;
    saved.restore().map_err(|e| SaveError::Inconsistent(e).to_string())
}

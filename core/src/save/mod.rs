//! What a save is: a run as plain data in the world's words (`model`), its bytes (`format`: the
//! frozen formats are `formats`, met by the world in `current`), a recording's bytes
//! (`recording`) and replaying one to check it (`verify`), the history of finished runs
//! (`history`), the story of one (`story`), and what a board and its players say (`board`). Where saves live (files, the browser's storage) is the shell's.

pub mod board;
mod bounded;
mod current;
pub mod format;
mod formats;
mod history;
mod model;
mod recording;
mod story;
mod verify;

pub use format::{FORMAT, HEADER, MAGIC, OLDEST, SaveCache, SaveError, decode, encode};
pub use history::{Earned, FeatBook, History, KEEP as HISTORY_KEEP, PastRun, RECORDINGS_KEEP, best};
pub use model::{SavedLevel, SavedMemory, SavedPlayer, SavedRecording, SavedRun};
pub use recording::{
    RECORDING_FORMAT, RECORDING_MAGIC, RecordingError, RecordingFile, decode_recording, digest, encode_recording,
    is_recording,
};
pub use story::{LAST_MESSAGES, allies, share_line, story};
pub use verify::{ASK_EVERY, BranchCheck, Outcome, Stopped, Verdict, replayable, verify, verify_branch, verify_while};

use crate::run::Run;

/// A save's bytes as a run ready to play, or why not.
pub fn parse_run(bytes: &[u8]) -> Result<Run, String> {
    let saved = decode(bytes).map_err(|e| e.to_string())?;
    saved.restore().map_err(|e| SaveError::Inconsistent(e).to_string())
}

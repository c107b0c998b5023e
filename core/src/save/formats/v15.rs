//! Format 15: how a run is played. The run part is format 14's, then its mode: the difficulty
//! (by pinned id) and the challenges (a bit each by pinned id); a level's part is format 14's.

use serde::{Deserialize, Serialize};

use super::v14;

pub(crate) use super::v14::Level;

/// The run part: format 14's, then the mode.
#[derive(Serialize, Deserialize)]
pub(crate) struct Run {
    pub run: v14::Run,
    /// The mode the run is played in.
    pub mode: Mode,
}

/// A run's mode as saved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Mode {
    /// The difficulty, by pinned id (0: normal).
    pub difficulty: u32,
    /// The challenges taken on, a bit each by pinned id.
    pub challenges: u32,
}

/// A run saved before modes: the standard game.
impl From<v14::Run> for Run {
    fn from(run: v14::Run) -> Self {
        Run {
            run,
            mode: Mode::default(),
        }
    }
}

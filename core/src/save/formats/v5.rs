//! Format 5: the run part adds the kills by kind and the run's recording (every command, with
//! checkpoints). The recording file (`save::recording`) writes its recording so too.

use serde::{Deserialize, Serialize};

use super::v1::{Carrying, Health, Origin, Pos, Record, RngState};
use super::v2::Terrain;
use super::v3::{self, Gear};
use super::{Block, log, many};

/// A recording's checkpoint: after this many commands, on this turn, the state hashed so.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Checkpoint {
    pub commands: u32,
    pub turn: u64,
    pub hash: u64,
}

/// A run's recording: the rules it is played by, its commands' bytes, its checkpoints (oldest
/// first) and the daily's date if it is one.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Recording {
    pub rules: u32,
    pub commands: Block<{ usize::MAX }>,
    /// At most `MANY` (a checkpoint every 50 turns: 3.2 million turns, which no run's food
    /// lasts), so that a run of zero bytes cannot claim millions of them: bounded on reading
    /// only, the bytes are as they always were.
    #[serde(deserialize_with = "many")]
    pub checkpoints: Vec<Checkpoint>,
    pub daily: Option<String>,
}

/// The run part.
#[derive(Serialize, Deserialize)]
pub(crate) struct Run {
    pub game: String,
    pub saved_at: u64,
    pub origin: Origin,
    pub peaceful: bool,
    pub start_depth: u32,
    pub start: Option<Terrain>,
    pub depth: u32,
    pub at: Pos,
    #[serde(deserialize_with = "many")]
    pub keys: Vec<(u32, Pos)>,
    pub health: Health,
    pub carrying: Carrying,
    pub turn: u64,
    pub rng: RngState,
    pub record: Record,
    #[serde(deserialize_with = "log")]
    pub log: Vec<(u64, String)>,
    pub gear: Gear,
    /// Monsters slain, by the kind's pinned id.
    #[serde(deserialize_with = "many")]
    pub kills: Vec<u32>,
    pub recording: Option<Recording>,
}

/// A run before format 5 was not recorded, and its kills were not counted by kind.
impl From<v3::Run> for Run {
    fn from(r: v3::Run) -> Self {
        let v3::Run {
            game,
            saved_at,
            origin,
            peaceful,
            start_depth,
            start,
            depth,
            at,
            keys,
            health,
            carrying,
            turn,
            rng,
            record,
            log,
            gear,
        } = r;
        Run {
            game,
            saved_at,
            origin,
            peaceful,
            start_depth,
            start,
            depth,
            at,
            keys,
            health,
            carrying,
            turn,
            rng,
            record,
            log,
            gear,
            kills: Vec::new(),
            recording: None,
        }
    }
}

//! Format 6: the run part adds whether the player sneaks. Format 7 keeps this run part.

use serde::{Deserialize, Serialize};

use super::v1::{Carrying, Health, Origin, Pos, Record, RngState};
use super::v2::Terrain;
use super::v3::Gear;
use super::v5::{self, Recording};
use super::{log, many};

/// The run part (formats 6 and 7).
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
    #[serde(deserialize_with = "many")]
    pub kills: Vec<u32>,
    pub recording: Option<Recording>,
    pub sneaking: bool,
}

/// Sneaking was the window's before format 6, never saved: a run continues walking.
impl From<v5::Run> for Run {
    fn from(r: v5::Run) -> Self {
        let v5::Run {
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
            kills,
            recording,
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
            kills,
            recording,
            sneaking: false,
        }
    }
}

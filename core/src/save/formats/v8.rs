//! Format 8: gold. The run part adds the gold the player carries, a level's part the piles lying
//! on it.

use serde::{Deserialize, Serialize};

use super::v1::{Carrying, Health, Origin, Pos, Record, RngState};
use super::v2::{Remembered, Terrain};
use super::v3::{FloorItem, Gear};
use super::v4::Loot;
use super::v5::Recording;
use super::v6;
use super::v7::{self, Trap};
use super::{log, many, tiles};

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
    #[serde(deserialize_with = "many")]
    pub kills: Vec<u32>,
    pub recording: Option<Recording>,
    pub sneaking: bool,
    pub gold: u32,
}

/// A level's part.
#[derive(Serialize, Deserialize)]
pub(crate) struct Level {
    pub level: Terrain,
    pub memory: Option<Remembered>,
    #[serde(deserialize_with = "many")]
    pub items: Vec<FloorItem>,
    #[serde(deserialize_with = "many")]
    pub loot: Vec<Loot>,
    #[serde(deserialize_with = "many")]
    pub traps: Vec<Trap>,
    #[serde(deserialize_with = "tiles")]
    pub fire: Vec<(Pos, u8)>,
    #[serde(deserialize_with = "tiles")]
    pub gas: Vec<(Pos, u8)>,
    /// The piles of gold lying on it.
    #[serde(deserialize_with = "tiles")]
    pub gold: Vec<(Pos, u32)>,
}

/// A run saved before gold carries none, and its log says so.
impl From<v6::Run> for Run {
    fn from(r: v6::Run) -> Self {
        let v6::Run {
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
            mut log,
            gear,
            kills,
            recording,
            sneaking,
        } = r;
        let line = "This run was saved before gold was counted: it goes on with none.";
        log.push((turn, line.to_owned()));
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
            sneaking,
            gold: 0,
        }
    }
}

/// A level saved before gold has none lying on it.
impl From<v7::Level> for Level {
    fn from(
        v7::Level {
            level,
            memory,
            items,
            loot,
            traps,
            fire,
            gas,
        }: v7::Level,
    ) -> Self {
        Level {
            level,
            memory,
            items,
            loot,
            traps,
            fire,
            gas,
            gold: Vec::new(),
        }
    }
}

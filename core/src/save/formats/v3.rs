//! Format 3: items. The run part adds the player's gear (pack, states, what it knows of items),
//! a level's part the items lying on it. Format 4 keeps this run part.

use serde::{Deserialize, Serialize};

use super::v1::{Carrying, Health, Origin, Pos, Record, RngState};
use super::v2::{self, Remembered, Terrain};
use super::{SLOTS, log, many, slots};

/// An item: its kind by pinned id, and how many.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Item {
    pub kind: u32,
    pub count: u8,
}

/// An item lying on a level, perhaps on a vault's altar, perhaps sealed in its cage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct FloorItem {
    pub at: Pos,
    pub item: Item,
    pub altar: Option<u8>,
    pub sealed: bool,
}

/// The states potions leave, in turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Status {
    pub haste: u16,
    pub poison: u16,
    pub confusion: u16,
}

/// How unknown items look (shuffled from `seed`) and which kinds are known (a bit each).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Lore {
    pub seed: u64,
    pub known: u32,
}

/// The player's pack, its states and what it knows of items.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Gear {
    #[serde(deserialize_with = "slots")]
    pub slots: Vec<Option<Item>>,
    pub weapon: Option<u8>,
    pub armour: Option<u8>,
    pub status: Status,
    pub lore: Lore,
}

/// The run part (formats 3 and 4).
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
}

/// A level's part.
#[derive(Serialize, Deserialize)]
pub(crate) struct Level {
    pub level: Terrain,
    pub memory: Option<Remembered>,
    #[serde(deserialize_with = "many")]
    pub items: Vec<FloorItem>,
}

/// A run saved before items: an empty pack, no states, nothing known yet of the looks its seed
/// shuffles.
impl From<v2::Run> for Run {
    fn from(r: v2::Run) -> Self {
        let v2::Run {
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
        } = r;
        let seed = match &origin {
            Origin::Run(params) => params.seed,
            Origin::Map => 0,
        };
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
            gear: Gear {
                slots: vec![None; SLOTS],
                weapon: None,
                armour: None,
                status: Status {
                    haste: 0,
                    poison: 0,
                    confusion: 0,
                },
                lore: Lore { seed, known: 0 },
            },
        }
    }
}

/// A level saved before items had none.
impl From<v2::Level> for Level {
    fn from(v2::Level { level, memory }: v2::Level) -> Self {
        Level {
            level,
            memory,
            items: Vec::new(),
        }
    }
}

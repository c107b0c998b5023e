//! Format 4: a level's part adds what its monsters carry off (loot). The run part is format 3's.

use serde::{Deserialize, Serialize};

use super::many;
use super::v2::{Remembered, Terrain};
use super::v3::{self, FloorItem, Item};

/// An item a monster carries, by the monster's number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Loot {
    pub holder: u32,
    pub item: Item,
}

/// A level's part (formats 4 to 6).
#[derive(Serialize, Deserialize)]
pub(crate) struct Level {
    pub level: Terrain,
    pub memory: Option<Remembered>,
    #[serde(deserialize_with = "many")]
    pub items: Vec<FloorItem>,
    #[serde(deserialize_with = "many")]
    pub loot: Vec<Loot>,
}

/// A level saved before loot: its monsters carry nothing.
impl From<v3::Level> for Level {
    fn from(v3::Level { level, memory, items }: v3::Level) -> Self {
        Level {
            level,
            memory,
            items,
            loot: Vec::new(),
        }
    }
}

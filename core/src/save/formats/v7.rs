//! Format 7: terrain that acts and what hides in it. Tile bytes 8 to 16 are new (grass 8,
//! shallow water 9, deep water 10, lava 11, chasm 12, bridge 13, secret door 14, secret corridor
//! 15, ashes 16); a level's part adds its traps, where fire burns and where gas hangs. The run
//! part is format 6's.

use serde::{Deserialize, Serialize};

use super::v1::Pos;
use super::v2::{Remembered, Terrain};
use super::v3::FloorItem;
use super::v4::{self, Loot};
use super::{many, tiles};

/// A trap: its kind by pinned id, and whether it is still hidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Trap {
    pub at: Pos,
    pub kind: u32,
    pub hidden: bool,
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
    /// Where fire burns, and for how many turns more.
    #[serde(deserialize_with = "tiles")]
    pub fire: Vec<(Pos, u8)>,
    /// Where gas hangs, and how thick.
    #[serde(deserialize_with = "tiles")]
    pub gas: Vec<(Pos, u8)>,
}

/// A level saved before traps and terrain that acts has none.
impl From<v4::Level> for Level {
    fn from(
        v4::Level {
            level,
            memory,
            items,
            loot,
        }: v4::Level,
    ) -> Self {
        Level {
            level,
            memory,
            items,
            loot,
            traps: Vec::new(),
            fire: Vec::new(),
            gas: Vec::new(),
        }
    }
}

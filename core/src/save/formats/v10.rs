//! Format 10: what the player knows only from a map, and the monsters it remembers. A level's part
//! adds the spots of its memory that magic mapping showed and the player has not seen since (by
//! index, in order), so exploring still walks them and the map draws them apart, and where it last
//! saw each monster (the overview marks them). The run part is format 9's.

use serde::{Deserialize, Serialize};

use super::v1::Pos;
use super::v2::{Remembered, Terrain};
use super::v3::FloorItem;
use super::v4::Loot;
use super::v7::Trap;
use super::v9;
use super::{many, tiles};

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
    #[serde(deserialize_with = "tiles")]
    pub gold: Vec<(Pos, u32)>,
    #[serde(deserialize_with = "many")]
    pub pluses: Vec<(u32, i8)>,
    #[serde(deserialize_with = "many")]
    pub loot_pluses: Vec<(u32, i8)>,
    /// The spots of `memory` known only from a map, never seen, by index in its rows.
    #[serde(deserialize_with = "tiles")]
    pub mapped: Vec<u32>,
    /// Where the player last saw each monster: its id, the spot, its kind's pinned id.
    #[serde(deserialize_with = "many")]
    pub sightings: Vec<(u32, Pos, u32)>,
}

/// A level saved before mapped spots were told apart: everything it remembers was seen.
impl From<v9::Level> for Level {
    fn from(
        v9::Level {
            level,
            memory,
            items,
            loot,
            traps,
            fire,
            gas,
            gold,
            pluses,
            loot_pluses,
        }: v9::Level,
    ) -> Self {
        Level {
            level,
            memory,
            items,
            loot,
            traps,
            fire,
            gas,
            gold,
            pluses,
            loot_pluses,
            mapped: Vec::new(),
            sightings: Vec::new(),
        }
    }
}

//! Format 12: champions. A level's part adds its champions: each one's monster id and its name
//! (a number into the names' table, `world::CHAMPION_NAMES`). The run part is format 9's.

use serde::{Deserialize, Serialize};

use super::v1::Pos;
use super::v2::{Remembered, Terrain};
use super::v3::FloorItem;
use super::v4::Loot;
use super::v7::Trap;
use super::v11::{self, Bond};
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
    #[serde(deserialize_with = "tiles")]
    pub mapped: Vec<u32>,
    #[serde(deserialize_with = "many")]
    pub sightings: Vec<(u32, Pos, u32)>,
    /// The monsters bound to the player, by id.
    #[serde(deserialize_with = "many")]
    pub bonds: Vec<(u32, Bond)>,
    /// The champions on the level: a monster's id and its name's number.
    #[serde(deserialize_with = "many")]
    pub champions: Vec<(u32, u8)>,
}

/// A level saved before champions: it has none.
impl From<v11::Level> for Level {
    fn from(
        v11::Level {
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
            mapped,
            sightings,
            bonds,
        }: v11::Level,
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
            mapped,
            sightings,
            bonds,
            champions: Vec::new(),
        }
    }
}

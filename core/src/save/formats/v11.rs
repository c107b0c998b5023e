//! Format 11: allies and captives. A level's part adds the bonds of the monsters that are not the
//! player's foes: each one's id and whether it is a captive (with the turns of work its chains
//! still take) or an ally (told to wait or to follow, and its kills). Such a monster's own mind,
//! in the terrain's list, is written as asleep and read from its bond. The run part is format 9's.

use serde::{Deserialize, Serialize};

use super::v1::Pos;
use super::v2::{Remembered, Terrain};
use super::v3::FloorItem;
use super::v4::Loot;
use super::v7::Trap;
use super::v10;
use super::{many, tiles};

/// What binds a monster to the player: chains, or a freed captive's loyalty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Bond {
    /// In chains, with this many turns of work left to free it.
    Captive { chains: u8 },
    /// An ally: told to wait (else it follows), and the monsters it has killed.
    Ally { waiting: bool, kills: u16 },
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
}

/// A level saved before allies: every monster on it is a foe.
impl From<v10::Level> for Level {
    fn from(
        v10::Level {
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
        }: v10::Level,
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
            bonds: Vec::new(),
        }
    }
}

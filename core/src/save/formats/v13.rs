//! Format 13: rings, staffs and charms. The run part adds the kinds known past the first 32 (a
//! second word of `known`), the kinds sensed good or bad, the two fingers' rings (pack slots)
//! each pack slot's wait (a staff's or charm's next charge, a ring's wearing to be known, an
//! armour's coat), the states of the new potions (levitation, telepathy, fire immunity) and the
//! beginning chosen;
//! a level's part the waits of what lies on it and of what its monsters carry (by their place in
//! its `items` and `loot`, as the enchantments are).

use serde::{Deserialize, Serialize};

use super::many;
use super::v9;
use super::v12;

/// The run part: format 9's, then what format 13 adds.
#[derive(Serialize, Deserialize)]
pub(crate) struct Run {
    pub run: v9::Run,
    /// The kinds named with pinned ids 32 to 63, a bit each (`gear.lore.known` holds 0 to 31).
    pub known_high: u32,
    /// The kinds sensed benevolent or malevolent, a bit each by pinned id.
    pub felt: u64,
    /// The pack slots of the rings worn, a finger each.
    pub rings: [Option<u8>; 2],
    /// Each pack slot's wait that is not nothing.
    #[serde(deserialize_with = "many")]
    pub waits: Vec<(u8, u16)>,
    /// The states format 13 adds, in turns.
    pub states: States,
    /// The beginning chosen on New run, by pinned id (`None`: begun bare).
    pub beginning: Option<u32>,
}

/// The states potions of format 13 leave, in turns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct States {
    pub levitation: u16,
    pub telepathy: u16,
    pub fire_immunity: u16,
}

/// A run saved before rings, staffs and charms: nothing more known or sensed, no ring worn,
/// nothing waiting.
impl From<v9::Run> for Run {
    fn from(run: v9::Run) -> Self {
        Run {
            run,
            known_high: 0,
            felt: 0,
            rings: [None; 2],
            waits: Vec::new(),
            states: States::default(),
            beginning: None,
        }
    }
}

/// A level's part: format 12's, then the waits (its bytes are format 12's part's, then these:
/// the part is kept whole, so its reader is format 12's).
#[derive(Serialize, Deserialize)]
pub(crate) struct Level {
    pub level: v12::Level,
    /// The wait of each item lying here that has one, by its place in `items`.
    #[serde(deserialize_with = "many")]
    pub waits: Vec<(u32, u16)>,
    /// The same for `loot`.
    #[serde(deserialize_with = "many")]
    pub loot_waits: Vec<(u32, u16)>,
}

/// A level saved before waits: nothing on it waits.
impl From<v12::Level> for Level {
    fn from(level: v12::Level) -> Self {
        Level {
            level,
            waits: Vec::new(),
            loot_waits: Vec::new(),
        }
    }
}

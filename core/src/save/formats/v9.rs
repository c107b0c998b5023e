//! Format 9: how the player grew and eats, and enchantment. The run part adds the player's
//! experience, the boons it chose, its stomach, what the run counted for its feats, the feats
//! earned and each pack slot's enchantment; a level's part the enchantment of what lies on it and
//! of what its monsters carry (by their place in its `items` and `loot`).

use serde::{Deserialize, Serialize};

use super::v1::{Carrying, Health, Origin, Pos, Record, RngState};
use super::v2::{Remembered, Terrain};
use super::v3::{FloorItem, Gear};
use super::v4::Loot;
use super::v5::Recording;
use super::v7::Trap;
use super::v8;
use super::{log, many, tiles};

/// Turns of food a run saved before hunger goes on with: a new run's stomach at format 9.
const STOMACH_START: u32 = 1_800;

/// What a run counted for its feats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Deeds {
    pub drunk: u32,
    pub read: u32,
    pub eaten: u32,
    pub stabs: u32,
    pub unlocked: u32,
    pub first_hurt: u32,
    pub secrets_here: u32,
    pub all_secrets: bool,
    pub best_plus: i8,
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
    #[serde(deserialize_with = "many")]
    pub kills: Vec<u32>,
    pub recording: Option<Recording>,
    pub sneaking: bool,
    pub gold: u32,
    pub xp: u32,
    /// The boons chosen, in order, by pinned id.
    #[serde(deserialize_with = "many")]
    pub boons: Vec<u32>,
    pub stomach: u32,
    pub deeds: Deeds,
    /// The feats earned, a bit each.
    pub feats: u32,
    /// The enchantment of each pack slot that has one.
    #[serde(deserialize_with = "many")]
    pub pluses: Vec<(u8, i8)>,
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
    /// The enchantment of each item lying here that has one, by its place in `items`.
    #[serde(deserialize_with = "many")]
    pub pluses: Vec<(u32, i8)>,
    /// The same for `loot`.
    #[serde(deserialize_with = "many")]
    pub loot_pluses: Vec<(u32, i8)>,
}

/// A run saved before growth and food: no experience, a new run's stomach, nothing counted for
/// feats; its log says so.
impl From<v8::Run> for Run {
    fn from(r: v8::Run) -> Self {
        let v8::Run {
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
            gold,
        } = r;
        let line = "This run was saved before hunger and experience were counted: it goes on with a full stomach and no experience yet.";
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
            gold,
            xp: 0,
            boons: Vec::new(),
            stomach: STOMACH_START,
            deeds: Deeds::default(),
            feats: 0,
            pluses: Vec::new(),
        }
    }
}

/// A level saved before enchanting has nothing enchanted.
impl From<v8::Level> for Level {
    fn from(
        v8::Level {
            level,
            memory,
            items,
            loot,
            traps,
            fire,
            gas,
            gold,
        }: v8::Level,
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
            pluses: Vec::new(),
            loot_pluses: Vec::new(),
        }
    }
}

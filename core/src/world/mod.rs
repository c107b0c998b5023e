//! The world as plain data: levels (terrain, the keys, relic, items and traps lying on them, the
//! fire and gas on them, the monsters on them), the kinds of monster and of item, the player and its pack, and the record
//! of a run.

mod feat;
mod growth;
mod item;
mod kind;
mod level;
mod look;
mod mode;
mod monster;
mod pack;
mod player;
mod record;
mod score;
mod stable;
mod trap;

pub use feat::{Feat, Judged, SWIFT_TURNS};
pub use growth::{
    ARCHMAGE_DAMAGE, ATTUNED_QUARTERS, BASH_ONE_IN, BRUTE_DAMAGE, Beginning, BeginningStats, Boon, BoonStats,
    DEADEYE_TO_HIT, Growth, HP_PER_GRADE, IRON_STOMACH_SKIPS, IRONSKIN, JUGGERNAUT_HP, KEEN_REACH, MARKSMAN, MAX_GRADE,
    MIGHT_DAMAGE, PRECISION_TO_HIT, REGENERATION_EVERY, SHADOW_STAB, THROWER, TROLL_BLOOD_EVERY, VIGOUR_HP,
    experience_for, grade_of,
};
pub use item::{
    CURSED_PERCENT, Class, FloorItem, Item, ItemKind, ItemStats, Lore, MOST_RING_CURSE, QUARTERS, RING_KNOWN_AFTER,
    STAFF_TURNS, article, capitalised, charm_turns,
};
pub use kind::{
    BLINK_FROM, BLINK_ONE_IN, CAST_ONE_IN, CONFUSE_TURNS, CORRODE_ONE_IN, CORRODED_MOST, Doors, FADES_ONE_IN, Ground,
    Habit, Kind, MAX_SIGHT, MOST_SLOWED, NORMAL_SPEED, Phase, REGENERATES_EVERY, SHIELD, SUMMONS_MOST, Stats,
    WEB_TURNS,
};
pub use level::{Key, Level, Loot};
pub use look::{Look, look};
pub use mode::{Challenge, Difficulty, Mode, ModeRow};
pub use monster::{
    ALLY_HEALS_EVERY, ALLY_KILLS_PER_GRADE, ALLY_MOST_GRADE, CHAINS, CHAMPION_DAMAGE, CHAMPION_HP_PERCENT,
    CHAMPION_NAMES, CHAMPION_TO_HIT, Champion, Mind, Monster, PATIENCE,
};
pub use pack::{MAX_STATUS, Pack, SLOTS, Status, letter};
pub use player::{
    Attack, Carrying, ENCHANT_TO_HIT, Health, Hunger, KeyRing, MOST_PLUS, PLAYER_ATTACK, PLAYER_MAX_HP, Player, RATION,
    STOMACH, STOMACH_START,
};
pub use record::{Deeds, Ending, MessageLog, RunRecord};
pub use score::{HEARTSTONE, PER_LEVEL, SPEED_PAR, SPEED_TURNS_PER_POINT, Tally, WIN, score};
pub use trap::{FLASH_TURNS, FUEL_TURNS, GAS_BURST, TRAP_TILE, Trap, TrapKind, TrapStats};

/// How many levels a run's dungeon has.
pub const DEEPEST: u32 = 10;

/// The name of the relic to bring out of the dungeon.
pub const RELIC: &str = "the Heartstone";

/// The most hit points potions of vigour can bring the player to: twice what a run begins with.
pub(crate) const MAX_GROWN_HP: i32 = 2 * PLAYER_MAX_HP;
/// The most hit points the player can have: vigour, then every experience level and boon.
pub(crate) const MAX_HP: i32 = MAX_GROWN_HP + HP_PER_GRADE * (MAX_GRADE as i32 - 1) + VIGOUR_HP * 3;

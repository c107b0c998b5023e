//! The world as plain data: levels (terrain, the keys, relic, items and traps lying on them, the
//! fire and gas on them, the monsters on them), the kinds of monster and of item, the player and its pack, and the record
//! of a run.

mod item;
mod kind;
mod level;
mod look;
mod monster;
mod pack;
mod player;
mod record;
mod score;
mod stable;
mod trap;

pub use item::{Class, FloorItem, Item, ItemKind, ItemStats, Lore, article, capitalised};
pub use kind::{Doors, Habit, Kind, MAX_SIGHT, NORMAL_SPEED, REGENERATES_EVERY, Stats};
pub use level::{Key, Level, Loot};
pub use look::{Look, look};
pub use monster::{Mind, Monster, PATIENCE};
pub use pack::{MAX_STATUS, Pack, SLOTS, Status, letter};
pub use player::{Attack, Carrying, Health, KeyRing, PLAYER_MAX_HP, Player, player_attack};
pub use record::{Ending, MessageLog, RunRecord};
pub use score::{HEARTSTONE, PER_LEVEL, SPEED_PAR, SPEED_TURNS_PER_POINT, Tally, WIN, score};
pub use trap::{FLASH_TURNS, FUEL_TURNS, GAS_BURST, TRAP_TILE, Trap, TrapKind, TrapStats};

/// How many levels a run's dungeon has.
pub const DEEPEST: u32 = 10;

/// The name of the relic to bring out of the dungeon.
pub const RELIC: &str = "the Heartstone";

/// The most hit points kills can bring the player to: twice what a run begins with.
pub(crate) const MAX_GROWN_HP: i32 = 2 * PLAYER_MAX_HP;

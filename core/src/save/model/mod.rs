//! A run as a save keeps it: plain data taken from a `Run` (`SavedRun::capture`) and turned
//! back into one (`SavedRun::restore`), which checks everything the game assumes of a run (one
//! size for every level, actors on floor and never two on a tile, counters in range, a run
//! still going), so a save that decodes but does not fit together is an error, never a panic or
//! a hang later. It is the world's vocabulary, unchecked; its bytes are the newest frozen format
//! (`formats`), reached through `current`. Taking it from a run is `capture`, the checks and
//! the run made again are `restore`.

mod capture;
mod restore;

pub(crate) use capture::{save_level, save_memory};
pub(crate) use restore::spec_of;

use crate::dungeon::Origin;
use crate::fov::Sighting;
use crate::geom::{Pos, Rect};
use crate::map::Tile;
use crate::rng::RngState;
use crate::run::{Checkpoint, Lineage, Recording};
use crate::world::{Carrying, FloorItem, Growth, Health, Item, Key, Loot, Lore, Monster, RunRecord, Status, Trap};

/// The most turns a saved run may have played (a turn a second for thirty years).
pub(crate) const MAX_TURN: u64 = 1 << 30;

/// One level as saved: its terrain as it is now (door states included), what lies on it and
/// who stands on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedLevel {
    /// Tiles to a row.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Every tile, row by row.
    pub tiles: Vec<Tile>,
    /// The rooms, in BSP leaf order.
    pub rooms: Vec<Rect>,
    /// Where the player arrives from above.
    pub start: Pos,
    /// Keys lying on the floor.
    pub keys: Vec<Key>,
    /// The monsters on it, in the order they act.
    pub monsters: Vec<Monster>,
    /// Where the relic lies, if it does.
    pub relic: Option<Pos>,
    /// The items lying on it.
    pub items: Vec<FloorItem>,
    /// What its monsters carry off.
    pub loot: Vec<Loot>,
    /// The traps laid on it.
    pub traps: Vec<Trap>,
    /// Where fire burns and for how long.
    pub fire: Vec<(Pos, u8)>,
    /// Where gas hangs and how thick.
    pub gas: Vec<(Pos, u8)>,
    /// The gold lying on it, pile by pile.
    pub gold: Vec<(Pos, u32)>,
}

/// What the player remembers of a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedMemory {
    /// Tiles to a row.
    pub width: u32,
    /// The tile last seen at each spot, row by row.
    pub tiles: Vec<Option<Tile>>,
    /// The spots known only from a map, never seen, by index (format 10 on).
    pub mapped: Vec<u32>,
    /// Where each monster was last seen (format 10 on).
    pub sightings: Vec<Sighting>,
}

/// The player as saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedPlayer {
    /// Where it stands.
    pub at: Pos,
    /// Its keys: the level and the door each opens.
    pub keys: Vec<(u32, Pos)>,
    /// Its health.
    pub health: Health,
    /// What it carries besides keys.
    pub carrying: Carrying,
    /// What the player remembers of each level, by depth.
    pub memory: Vec<Option<SavedMemory>>,
    /// Its pack, its states and what it knows of items.
    pub gear: SavedGear,
    /// Whether it sneaks.
    pub sneaking: bool,
    /// The gold it carries.
    pub gold: u32,
    /// Its experience and boons.
    pub growth: Growth,
    /// Turns of food in its stomach.
    pub stomach: u32,
}

/// A run's recording as saved: the rules it is played by, its commands' bytes, checkpoints and
/// the daily date.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SavedRecording {
    /// The rules the run was played by (`run::RULES` when it was saved).
    pub rules: u32,
    /// Every command, in order (`Recording::bytes`).
    pub commands: Vec<u8>,
    /// The checkpoints, oldest first.
    pub checkpoints: Vec<Checkpoint>,
    /// The date of the daily dungeon the run is, if it is one.
    pub daily: Option<String>,
    /// The runs it owes to (format 16 on; before, none).
    pub lineage: Lineage,
}

impl SavedRecording {
    /// `recording` as saved.
    pub fn of(recording: &Recording) -> Self {
        SavedRecording {
            rules: crate::run::RULES,
            commands: recording.bytes().to_vec(),
            checkpoints: recording.checkpoints().to_vec(),
            daily: recording.daily().map(str::to_owned),
            lineage: recording.lineage(),
        }
    }

    /// The recording back (`None` when it was played by other rules: a run saved by an older
    /// Delve goes on unrecorded rather than recorded wrongly), or why it does not fit together.
    pub fn restore(self) -> Result<Option<Recording>, String> {
        if self.rules != crate::run::RULES {
            return Ok(None);
        }
        let recording = Recording::from_bytes(self.commands, self.checkpoints, self.daily)?;
        if let Some(b) = self.lineage.branch
            && b.commands as usize > recording.len()
        {
            return Err(format!(
                "it was taken over after {} commands of its parent, and holds {}",
                b.commands,
                recording.len()
            ));
        }
        Ok(Some(recording.with_lineage(self.lineage)))
    }
}

/// The player's pack, the states it is in and what it knows of items, as saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGear {
    /// Every pack slot, `None` where empty.
    pub slots: Vec<Option<Item>>,
    /// The slot of the weapon wielded.
    pub weapon: Option<u8>,
    /// The slot of the armour worn.
    pub armour: Option<u8>,
    /// The slots of the rings worn.
    pub rings: [Option<u8>; 2],
    /// The states potions left.
    pub status: Status,
    /// How unknown items look, and which are known.
    pub lore: Lore,
}

/// A whole run: everything needed to go on playing it exactly as if it had never stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedRun {
    /// The Delve release that wrote it (`CARGO_PKG_VERSION`), for the player's information.
    pub game: String,
    /// When it was saved, in seconds since 1970 (0: not known, a save older than format 2).
    pub saved_at: u64,
    /// Where the levels come from.
    pub origin: Origin,
    /// Levels are made without monsters.
    pub peaceful: bool,
    /// How the run is played (format 15 on; before, the standard game).
    pub mode: crate::world::Mode,
    /// The level the run started on (what "same seed again" replays).
    pub start_depth: u32,
    /// A map file's level as it was at the start (a generated run is made again from its seed).
    pub start: Option<SavedLevel>,
    /// The level the player is on.
    pub depth: u32,
    /// Every level slot by depth (`None`: not made yet).
    pub levels: Vec<Option<SavedLevel>>,
    /// The player.
    pub player: SavedPlayer,
    /// Turns played.
    pub turn: u64,
    /// Where the run's random stream stands.
    pub rng: RngState,
    /// The record of the run.
    pub record: RunRecord,
    /// The message log: each line with its turn.
    pub log: Vec<(u64, String)>,
    /// Every command since the run began (`None`: a save older than format 5).
    pub recording: Option<SavedRecording>,
}

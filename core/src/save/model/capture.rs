//! A run taken as a save keeps it: every part of the run, its player and its levels named, so a
//! part added and not saved does not compile.

use super::{SavedGear, SavedLevel, SavedMemory, SavedPlayer, SavedRecording, SavedRun};
use crate::fov::LevelMemory;
use crate::run::{Run, RunParts, RunSpec};
use crate::world::{Level, Player};

pub(crate) fn save_memory(memory: &LevelMemory) -> SavedMemory {
    SavedMemory {
        width: memory.width(),
        tiles: memory.tiles().to_vec(),
        mapped: memory.mapped_only(),
        sightings: memory.sightings().to_vec(),
    }
}

pub(crate) fn save_level(level: &Level) -> SavedLevel {
    let Level {
        map,
        keys,
        monsters,
        relic,
        items,
        loot,
        traps,
        fire,
        gas,
        gold,
    } = level;
    SavedLevel {
        width: map.width(),
        height: map.height(),
        tiles: map.tiles().to_vec(),
        rooms: map.rooms().to_vec(),
        start: map.start(),
        keys: keys.clone(),
        monsters: monsters.clone(),
        relic: *relic,
        items: items.clone(),
        loot: loot.clone(),
        traps: traps.clone(),
        fire: fire.iter().map(|(&p, &n)| (p, n)).collect(),
        gas: gas.iter().map(|(&p, &n)| (p, n)).collect(),
        gold: gold.iter().map(|(&p, &n)| (p, n)).collect(),
    }
}

impl SavedRun {
    /// Takes `run` as a save keeps it.
    pub fn capture(run: &Run) -> SavedRun {
        let mut saved = SavedRun::capture_without_levels(run);
        let parts = run.parts();
        saved.levels = parts
            .dungeon
            .parts()
            .levels
            .iter()
            .map(|l| l.as_ref().map(save_level))
            .collect();
        saved.player.memory = parts
            .player
            .memory
            .levels()
            .iter()
            .map(|m| m.as_ref().map(save_memory))
            .collect();
        saved
    }

    /// Takes `run` as a save keeps it, but for its levels and what the player remembers of them
    /// (left empty): what the save's run part holds. Every part of the run and of its player is
    /// named (a part added and not saved does not compile).
    pub(crate) fn capture_without_levels(run: &Run) -> SavedRun {
        let RunParts {
            dungeon,
            player,
            turn,
            rng,
            record,
            log,
            spec,
            recording,
        } = run.parts();
        let (start, start_depth) = match spec {
            RunSpec::Level(level) => (Some(save_level(level)), 1),
            RunSpec::Seeded { params, .. } => (None, params.depth),
        };
        let dungeon = dungeon.parts();
        let Player {
            at,
            keys,
            health,
            carrying,
            memory: _,
            pack,
            status,
            lore,
            sneaking,
            gold,
            growth,
            stomach,
        } = player;
        SavedRun {
            game: env!("CARGO_PKG_VERSION").to_owned(),
            saved_at: 0,
            origin: dungeon.origin.clone(),
            peaceful: dungeon.peaceful,
            mode: dungeon.mode,
            start_depth,
            start,
            depth: dungeon.depth,
            levels: Vec::new(),
            player: SavedPlayer {
                at: *at,
                keys: keys.0.clone(),
                health: *health,
                carrying: *carrying,
                // Each level's memory goes in its level's part (`capture`, `SaveCache`).
                memory: Vec::new(),
                gear: SavedGear {
                    slots: pack.slots().to_vec(),
                    weapon: pack.weapon,
                    armour: pack.armour,
                    rings: pack.rings,
                    status: *status,
                    lore: *lore,
                },
                sneaking: *sneaking,
                gold: *gold,
                growth: growth.clone(),
                stomach: *stomach,
            },
            turn,
            rng: rng.state(),
            record: record.clone(),
            log: log.lines().cloned().collect(),
            recording: recording.map(SavedRecording::of),
        }
    }
}

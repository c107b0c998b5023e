//! A run as a save keeps it: plain serde data taken from the game's state (`SavedRun::capture`)
//! and turned back into it (`SavedRun::restore`), which checks everything an index is taken
//! from, so a save that decodes but does not fit together is an error, never a panic later.

use serde::{Deserialize, Serialize};

use crate::actor::{Carrying, Health, KeyRing};
use crate::dungeon::{Dungeon, Origin};
use crate::fov::{LevelMemory, Memory};
use crate::generation::rng::{GenRng, RngState};
use crate::map::{Key, Level, MAX_SIDE, Pos, Rect, Tile, TileMap};
use crate::monsters::{Mind, Monster};
use crate::rules::RunRecord;
use crate::turn::MessageLog;

/// One level as saved: its terrain as it is now (door states included), what lies on it and
/// who stands on it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedLevel {
    pub width: u32,
    pub height: u32,
    pub tiles: Vec<Tile>,
    pub rooms: Vec<Rect>,
    pub start: Pos,
    pub keys: Vec<Key>,
    pub monsters: Vec<Monster>,
    pub relic: Option<Pos>,
}

/// The player as saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedPlayer {
    pub at: Pos,
    pub keys: Vec<(u32, Pos)>,
    pub health: Health,
    pub carrying: Carrying,
    /// What the player remembers of each level, by depth: `width` and the tile last seen at each
    /// spot.
    pub memory: Vec<Option<(u32, Vec<Option<Tile>>)>>,
}

/// A whole run: everything needed to go on playing it exactly as if it had never stopped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedRun {
    /// The Delve release that wrote it (`CARGO_PKG_VERSION`), for the player's information.
    pub game: String,
    pub origin: Origin,
    pub peaceful: bool,
    /// The level the run started on (what "same seed again" replays).
    pub start_depth: u32,
    /// A map file's level as it was at the start (a generated run is made again from its seed).
    pub start: Option<SavedLevel>,
    pub depth: u32,
    pub levels: Vec<Option<SavedLevel>>,
    pub player: SavedPlayer,
    pub turn: u64,
    pub rng: RngState,
    pub record: RunRecord,
    pub log: Vec<(u64, String)>,
}

/// The game's state that a save is taken from, borrowed.
#[derive(Clone, Copy, Debug)]
pub struct RunView<'a> {
    pub dungeon: &'a Dungeon,
    /// The run's start (`screens::ended::RunStart`).
    pub start: &'a Dungeon,
    pub at: Pos,
    pub keys: &'a KeyRing,
    pub health: Health,
    pub carrying: Carrying,
    pub memory: &'a Memory,
    pub turn: u64,
    pub rng: &'a GenRng,
    pub record: &'a RunRecord,
    pub log: &'a MessageLog,
}

/// A run given back by a save, owned, ready to be put into the game.
#[derive(Clone, Debug)]
pub struct Run {
    pub dungeon: Dungeon,
    pub start: Dungeon,
    pub at: Pos,
    pub keys: KeyRing,
    pub health: Health,
    pub carrying: Carrying,
    pub memory: Memory,
    pub turn: u64,
    pub rng: GenRng,
    pub record: RunRecord,
    pub log: MessageLog,
}

fn save_level(level: &Level) -> SavedLevel {
    let map = &level.map;
    SavedLevel {
        width: map.width(),
        height: map.height(),
        tiles: map.tiles().to_vec(),
        rooms: map.rooms().to_vec(),
        start: map.start(),
        keys: level.keys.clone(),
        monsters: level.monsters.clone(),
        relic: level.relic,
    }
}

/// Level `depth` back from its save, every position on it checked.
fn restore_level(saved: SavedLevel, depth: u32) -> Result<Level, String> {
    let SavedLevel {
        width,
        height,
        tiles,
        rooms,
        start,
        keys,
        monsters,
        relic,
    } = saved;
    if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
        return Err(format!("level {depth} is {width}x{height}"));
    }
    if tiles.len() != width as usize * height as usize {
        return Err(format!("level {depth} has {} tiles for {width}x{height}", tiles.len()));
    }
    let inside = |p: Pos| p.x >= 0 && p.y >= 0 && (p.x as u32) < width && (p.y as u32) < height;
    let mut places = vec![start];
    places.extend(keys.iter().flat_map(|k| [k.at, k.opens]));
    places.extend(relic);
    for m in &monsters {
        places.push(m.at);
        if let Mind::Hunting { target, .. } = m.mind {
            places.push(target);
        }
        if m.hp <= 0 {
            return Err(format!("a dead {} stands on level {depth}", m.kind.name()));
        }
    }
    if let Some(p) = places.into_iter().find(|&p| !inside(p)) {
        return Err(format!(
            "level {depth} names ({}, {}), off its {width}x{height} map",
            p.x, p.y
        ));
    }
    Ok(Level {
        map: TileMap::from_parts(width, height, tiles, rooms, start),
        keys,
        monsters,
        relic,
    })
}

impl SavedRun {
    /// Takes the run in `view` as a save keeps it.
    pub fn capture(view: RunView) -> SavedRun {
        let start = match view.start.origin() {
            Origin::Map => Some(save_level(view.start.level())),
            Origin::Run(_) => None,
        };
        let memory = view
            .memory
            .levels()
            .iter()
            .map(|m| m.as_ref().map(|m| (m.width(), m.tiles().to_vec())))
            .collect();
        SavedRun {
            game: env!("CARGO_PKG_VERSION").to_owned(),
            origin: view.dungeon.origin().clone(),
            peaceful: view.dungeon.is_peaceful(),
            start_depth: view.start.depth(),
            start,
            depth: view.dungeon.depth(),
            levels: view
                .dungeon
                .slots()
                .iter()
                .map(|l| l.as_ref().map(save_level))
                .collect(),
            player: SavedPlayer {
                at: view.at,
                keys: view.keys.0.clone(),
                health: view.health,
                carrying: view.carrying,
                memory,
            },
            turn: view.turn,
            rng: view.rng.state(),
            record: view.record.clone(),
            log: view.log.lines().cloned().collect(),
        }
    }

    /// The run back, or what does not fit together in the save.
    pub fn restore(self) -> Result<Run, String> {
        let SavedRun {
            origin,
            peaceful,
            start_depth,
            start,
            depth,
            levels,
            player,
            turn,
            rng,
            record,
            log,
            ..
        } = self;
        let levels = levels
            .into_iter()
            .enumerate()
            .map(|(i, l)| l.map(|l| restore_level(l, i as u32 + 1)).transpose())
            .collect::<Result<Vec<_>, _>>()?;
        let deepest = levels.len() as u32;
        let dungeon = Dungeon::from_parts(origin.clone(), levels, depth, peaceful)?;
        let start = match (&origin, start) {
            (Origin::Map, Some(level)) => Dungeon::single(restore_level(level, 1)?),
            (Origin::Run(params), None) => {
                if !(1..=deepest).contains(&start_depth) {
                    return Err(format!("the run started on level {start_depth}"));
                }
                let made = Dungeon::new(params.at_depth(start_depth)).map_err(|e| format!("its first level: {e}"))?;
                if peaceful { made.peaceful() } else { made }
            }
            _ => return Err("the start of the run does not match where it comes from".into()),
        };
        let map = &dungeon.level().map;
        if !map.in_bounds(player.at) {
            return Err(format!(
                "the player stands at ({}, {}), off the map",
                player.at.x, player.at.y
            ));
        }
        let health = player.health;
        if health.hp <= 0 || health.max <= 0 || health.hp > health.max {
            return Err(format!("the player has {} of {} hit points", health.hp, health.max));
        }
        if let Some(&(d, _)) = player.keys.iter().find(|(d, _)| !(1..=deepest).contains(d)) {
            return Err(format!("a key for level {d}"));
        }
        if !(1..=deepest).contains(&record.deepest) {
            return Err(format!("the deepest level reached is {}", record.deepest));
        }
        if player.memory.len() > deepest as usize {
            return Err(format!("memories of {} levels", player.memory.len()));
        }
        let mut memory = Vec::with_capacity(player.memory.len());
        for (i, saved) in player.memory.into_iter().enumerate() {
            let Some((width, tiles)) = saved else {
                memory.push(None);
                continue;
            };
            let depth = i as u32 + 1;
            let fits = dungeon
                .kept(depth)
                .is_some_and(|l| l.map.width() == width && l.map.tiles().len() == tiles.len());
            if !fits {
                return Err(format!("the memory of level {depth} does not fit it"));
            }
            memory.push(LevelMemory::from_tiles(width, tiles));
        }
        let mut message_log = MessageLog::default();
        for (turn, line) in log {
            message_log.push(turn, line);
        }
        Ok(Run {
            dungeon,
            start,
            at: player.at,
            keys: KeyRing(player.keys),
            health,
            carrying: player.carrying,
            memory: Memory::from_levels(memory),
            turn,
            rng: GenRng::from_state(rng),
            record,
            log: message_log,
        })
    }
}

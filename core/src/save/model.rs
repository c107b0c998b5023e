//! A run as a save keeps it: plain serde data taken from a `Run` (`SavedRun::capture`) and
//! turned back into one (`SavedRun::restore`), which checks everything an index is taken from,
//! so a save that decodes but does not fit together is an error, never a panic later.

use serde::{Deserialize, Serialize};

use crate::dungeon::{Dungeon, Origin};
use crate::fov::{LevelMemory, Memory};
use crate::geom::{Pos, Rect};
use crate::map::{MAX_SIDE, Tile, TileMap};
use crate::rng::{GenRng, RngState};
use crate::run::{Run, RunSpec};
use crate::world::{Carrying, Health, Key, KeyRing, Level, MessageLog, Mind, Monster, Player, RunRecord};

/// One level as saved: its terrain as it is now (door states included), what lies on it and
/// who stands on it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
}

/// The player as saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedPlayer {
    /// Where it stands.
    pub at: Pos,
    /// Its keys: the level and the door each opens.
    pub keys: Vec<(u32, Pos)>,
    /// Its health.
    pub health: Health,
    /// What it carries besides keys.
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
    /// Where the levels come from.
    pub origin: Origin,
    /// Levels are made without monsters.
    pub peaceful: bool,
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
    /// Takes `run` as a save keeps it.
    pub fn capture(run: &Run) -> SavedRun {
        let (start, start_depth) = match run.spec() {
            RunSpec::Level(level) => (Some(save_level(level)), 1),
            RunSpec::Seeded { params, .. } => (None, params.depth),
        };
        let memory = run
            .player
            .memory
            .levels()
            .iter()
            .map(|m| m.as_ref().map(|m| (m.width(), m.tiles().to_vec())))
            .collect();
        SavedRun {
            game: env!("CARGO_PKG_VERSION").to_owned(),
            origin: run.dungeon.origin().clone(),
            peaceful: run.dungeon.is_peaceful(),
            start_depth,
            start,
            depth: run.dungeon.depth(),
            levels: run.dungeon.slots().iter().map(|l| l.as_ref().map(save_level)).collect(),
            player: SavedPlayer {
                at: run.player.at,
                keys: run.player.keys.0.clone(),
                health: run.player.health,
                carrying: run.player.carrying,
                memory,
            },
            turn: run.turn,
            rng: run.rng.state(),
            record: run.record.clone(),
            log: run.log.lines().cloned().collect(),
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
        let spec = match (&origin, start) {
            (Origin::Map, Some(level)) => RunSpec::Level(Box::new(restore_level(level, 1)?)),
            (Origin::Run(params), None) => {
                if !(1..=deepest).contains(&start_depth) {
                    return Err(format!("the run started on level {start_depth}"));
                }
                RunSpec::Seeded {
                    params: params.at_depth(start_depth),
                    peaceful,
                }
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
        let player = Player {
            at: player.at,
            keys: KeyRing(player.keys),
            health,
            carrying: player.carrying,
            memory: Memory::from_levels(memory),
        };
        Ok(Run::from_parts(
            spec,
            dungeon,
            player,
            turn,
            GenRng::from_state(rng),
            record,
            message_log,
        ))
    }
}

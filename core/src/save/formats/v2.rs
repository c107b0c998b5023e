//! Format 2: the run in parts (the run, then each level with what the player remembers of it),
//! tiles one byte each in a block (`Wall` 0, `Floor` 1, `Corridor` 2, open, closed and locked
//! doors 3 to 5, stairs down 6 and up 7; 255 a tile never seen), and the time it was saved.

use serde::{Deserialize, Serialize};

use super::v1::{self, Carrying, Health, Key, Monster, Origin, Pos, Record, Rect, RngState};
use super::{Block, Save, TILES, log, many};

/// A tile never seen, in a memory's block.
pub(crate) const UNSEEN: u8 = 255;

/// A level's terrain and who stands on it (the recording file keeps a map file's level so too).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Terrain {
    pub width: u32,
    pub height: u32,
    /// Every tile's byte, row by row.
    pub tiles: Block<TILES>,
    #[serde(deserialize_with = "many")]
    pub rooms: Vec<Rect>,
    pub start: Pos,
    #[serde(deserialize_with = "many")]
    pub keys: Vec<Key>,
    #[serde(deserialize_with = "many")]
    pub monsters: Vec<Monster>,
    pub relic: Option<Pos>,
}

/// What the player remembers of a level: each tile's byte as last seen, or `UNSEEN`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Remembered {
    pub width: u32,
    pub tiles: Block<TILES>,
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
}

/// A level's part.
#[derive(Serialize, Deserialize)]
pub(crate) struct Level {
    pub level: Terrain,
    pub memory: Option<Remembered>,
}

impl From<v1::Level> for Terrain {
    fn from(l: v1::Level) -> Self {
        let v1::Level {
            width,
            height,
            tiles,
            rooms,
            start,
            keys,
            monsters,
            relic,
        } = l;
        Terrain {
            width,
            height,
            tiles: Block(tiles.into_iter().map(v1::Tile::code).collect()),
            rooms,
            start,
            keys,
            monsters,
            relic,
        }
    }
}

impl From<v1::Memory> for Remembered {
    fn from(m: v1::Memory) -> Self {
        let tiles = m.tiles.into_iter().map(|t| t.map_or(UNSEEN, v1::Tile::code)).collect();
        Remembered {
            width: m.width,
            tiles: Block(tiles),
        }
    }
}

/// Format 1 wrote one stream: its levels and memories become parts; when it was saved is
/// unknown (0).
impl From<v1::Save> for Save<Run, Level> {
    fn from(old: v1::Save) -> Self {
        let v1::Save {
            game,
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
        } = old;
        let v1::Player {
            at,
            keys,
            health,
            carrying,
            memory,
        } = player;
        let mut memory = memory.into_iter();
        let levels = levels
            .into_iter()
            .map(|level| {
                let memory = memory.next().flatten();
                level.map(|level| Level {
                    level: level.into(),
                    memory: memory.map(Remembered::from),
                })
            })
            .collect();
        Save {
            run: Run {
                game,
                saved_at: 0,
                origin,
                peaceful,
                start_depth,
                start: start.map(Terrain::from),
                depth,
                at,
                keys,
                health,
                carrying,
                turn,
                rng,
                record,
                log,
            },
            levels,
        }
    }
}

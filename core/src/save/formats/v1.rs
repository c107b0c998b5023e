//! Format 1: the whole run in one zlib stream, its tiles written one by one as serde's enum.
//! Most of what later formats write was first written here: places, rooms, keys, monsters,
//! health, the record, where the levels come from and the random stream.

use serde::{Deserialize, Serialize};

use super::{levels, log, many, tiles};

/// A place on a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Pos {
    pub x: i32,
    pub y: i32,
}

/// A rectangle: a room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Rect {
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
}

/// One of eight headings, north first, clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Dir8 {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

/// A key lying on a level and the door it opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Key {
    pub at: Pos,
    pub opens: Pos,
}

/// What a monster has in mind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Mind {
    Asleep,
    Wandering { heading: Dir8 },
    Hunting { target: Pos, patience: u32 },
    Fleeing,
}

/// A monster: its kind by pinned id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Monster {
    pub id: u32,
    pub kind: u32,
    pub at: Pos,
    pub hp: i32,
    pub energy: i32,
    pub mind: Mind,
}

/// Hit points and their most.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Health {
    pub hp: i32,
    pub max: i32,
}

/// What the player carries besides keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Carrying {
    pub relic: bool,
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Ending {
    Died { by: String },
    Won,
}

/// The record of a run: monsters slain, the deepest level, how it ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Record {
    pub slain: u32,
    pub deepest: u32,
    pub ending: Option<Ending>,
}

/// How corridors are dug.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Style {
    LShaped,
    Chunked,
    NetHack,
    AStar,
    Axis,
    Pipe,
    DeadZone,
    Hallways,
    Mixed,
}

/// What a seeded run's levels are made from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct GenParams {
    pub seed: u64,
    pub width: u32,
    pub height: u32,
    pub style: Style,
    pub depth: u32,
}

/// Where a run's levels come from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Origin {
    Run(GenParams),
    Map,
}

/// Where a random stream stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct RngState {
    pub seed: [u8; 32],
    pub stream: u64,
    pub word_pos: u128,
}

/// A door's state.
#[derive(Clone, Copy, Debug, Deserialize)]
pub(crate) enum Door {
    Open,
    Closed,
    Locked,
}

/// A tile as format 1 wrote it.
#[derive(Clone, Copy, Debug, Deserialize)]
pub(crate) enum Tile {
    Wall,
    Floor,
    Corridor,
    Door(Door),
    StairsDown,
    StairsUp,
}

impl Tile {
    /// Its byte in the tile blocks of format 2 on (`v2::Terrain`).
    pub(crate) const fn code(self) -> u8 {
        match self {
            Tile::Wall => 0,
            Tile::Floor => 1,
            Tile::Corridor => 2,
            Tile::Door(Door::Open) => 3,
            Tile::Door(Door::Closed) => 4,
            Tile::Door(Door::Locked) => 5,
            Tile::StairsDown => 6,
            Tile::StairsUp => 7,
        }
    }
}

/// A level as format 1 wrote it.
#[derive(Deserialize)]
pub(crate) struct Level {
    pub width: u32,
    pub height: u32,
    #[serde(deserialize_with = "tiles")]
    pub tiles: Vec<Tile>,
    #[serde(deserialize_with = "many")]
    pub rooms: Vec<Rect>,
    pub start: Pos,
    #[serde(deserialize_with = "many")]
    pub keys: Vec<Key>,
    #[serde(deserialize_with = "many")]
    pub monsters: Vec<Monster>,
    pub relic: Option<Pos>,
}

/// What the player remembered of a level.
#[derive(Deserialize)]
pub(crate) struct Memory {
    pub width: u32,
    #[serde(deserialize_with = "tiles")]
    pub tiles: Vec<Option<Tile>>,
}

/// The player as format 1 wrote it.
#[derive(Deserialize)]
pub(crate) struct Player {
    pub at: Pos,
    #[serde(deserialize_with = "many")]
    pub keys: Vec<(u32, Pos)>,
    pub health: Health,
    pub carrying: Carrying,
    #[serde(deserialize_with = "levels")]
    pub memory: Vec<Option<Memory>>,
}

/// A whole format 1 save.
#[derive(Deserialize)]
pub(crate) struct Save {
    pub game: String,
    pub origin: Origin,
    pub peaceful: bool,
    pub start_depth: u32,
    pub start: Option<Level>,
    pub depth: u32,
    #[serde(deserialize_with = "levels")]
    pub levels: Vec<Option<Level>>,
    pub player: Player,
    pub turn: u64,
    pub rng: RngState,
    pub record: Record,
    #[serde(deserialize_with = "log")]
    pub log: Vec<(u64, String)>,
}

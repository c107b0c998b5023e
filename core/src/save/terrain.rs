//! How format 2 writes a level: its tiles, and what the player remembers of them, one byte a
//! tile in one block (`Wall` 0, `Floor` 1, `Corridor` 2, open, closed and locked doors 3 to 5,
//! stairs down 6 and up 7; from format 7 grass 8, shallow water 9, deep water 10, lava 11,
//! chasm 12, bridge 13, secret door 14, secret corridor 15, ashes 16; 255 a tile never seen). Written tile by tile through serde, a 256x256
//! level and its memory took 1.3 ms to encode; as blocks, a tenth of that, and deflate has a
//! third less to read.

use serde::de::{Deserializer, Error};
use serde::{Deserialize, Serialize, Serializer};

use super::model::{SavedLevel, SavedMemory, many};
use crate::geom::{Pos, Rect};
use crate::map::{DoorState, MAX_SIDE, Tile};
use crate::world::{Key, Monster};

/// The most tiles a level (or its memory) has.
const TILES: usize = (MAX_SIDE * MAX_SIDE) as usize;
/// A tile never seen, in a memory's block.
const UNSEEN: u8 = 255;

const fn code(tile: Tile) -> u8 {
    match tile {
        Tile::Wall => 0,
        Tile::Floor => 1,
        Tile::Corridor => 2,
        Tile::Door(DoorState::Open) => 3,
        Tile::Door(DoorState::Closed) => 4,
        Tile::Door(DoorState::Locked) => 5,
        Tile::StairsDown => 6,
        Tile::StairsUp => 7,
        Tile::Grass => 8,
        Tile::ShallowWater => 9,
        Tile::DeepWater => 10,
        Tile::Lava => 11,
        Tile::Chasm => 12,
        Tile::Bridge => 13,
        Tile::SecretDoor => 14,
        Tile::SecretCorridor => 15,
        Tile::Ashes => 16,
    }
}

const fn tile(code: u8) -> Option<Tile> {
    Some(match code {
        0 => Tile::Wall,
        1 => Tile::Floor,
        2 => Tile::Corridor,
        3 => Tile::Door(DoorState::Open),
        4 => Tile::Door(DoorState::Closed),
        5 => Tile::Door(DoorState::Locked),
        6 => Tile::StairsDown,
        7 => Tile::StairsUp,
        8 => Tile::Grass,
        9 => Tile::ShallowWater,
        10 => Tile::DeepWater,
        11 => Tile::Lava,
        12 => Tile::Chasm,
        13 => Tile::Bridge,
        14 => Tile::SecretDoor,
        15 => Tile::SecretCorridor,
        16 => Tile::Ashes,
        _ => return None,
    })
}

/// A block of at most `TILES` bytes, borrowed from the part being read.
fn block<'de, D: Deserializer<'de>>(d: D) -> Result<&'de [u8], D::Error> {
    let bytes = <&'de [u8]>::deserialize(d)?;
    if bytes.len() > TILES {
        return Err(D::Error::custom(format!(
            "{} tiles, more than a level has",
            bytes.len()
        )));
    }
    Ok(bytes)
}

fn write_tiles<S: Serializer>(tiles: &[Tile], s: S) -> Result<S::Ok, S::Error> {
    let codes: Vec<u8> = tiles.iter().map(|&t| code(t)).collect();
    s.serialize_bytes(&codes)
}

fn read_tiles<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Tile>, D::Error> {
    block(d)?
        .iter()
        .map(|&c| tile(c).ok_or_else(|| D::Error::custom(format!("no tile is numbered {c}"))))
        .collect()
}

fn write_memory<S: Serializer>(tiles: &[Option<Tile>], s: S) -> Result<S::Ok, S::Error> {
    let codes: Vec<u8> = tiles.iter().map(|t| t.map_or(UNSEEN, code)).collect();
    s.serialize_bytes(&codes)
}

fn read_memory<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Option<Tile>>, D::Error> {
    block(d)?
        .iter()
        .map(|&c| match c {
            UNSEEN => Ok(None),
            c => tile(c)
                .map(Some)
                .ok_or_else(|| D::Error::custom(format!("no tile is numbered {c}"))),
        })
        .collect()
}

/// A level as format 2 writes it (the fields of `SavedLevel`, the tiles as a block).
#[derive(Serialize, Deserialize)]
pub(super) struct Terrain {
    width: u32,
    height: u32,
    #[serde(serialize_with = "write_tiles", deserialize_with = "read_tiles")]
    tiles: Vec<Tile>,
    #[serde(deserialize_with = "many")]
    rooms: Vec<Rect>,
    start: Pos,
    #[serde(deserialize_with = "many")]
    keys: Vec<Key>,
    #[serde(deserialize_with = "many")]
    monsters: Vec<Monster>,
    relic: Option<Pos>,
}

/// What the player remembers of a level, as format 2 writes it.
#[derive(Serialize, Deserialize)]
pub(super) struct Remembered {
    width: u32,
    #[serde(serialize_with = "write_memory", deserialize_with = "read_memory")]
    tiles: Vec<Option<Tile>>,
}

impl From<SavedLevel> for Terrain {
    fn from(l: SavedLevel) -> Self {
        Terrain {
            width: l.width,
            height: l.height,
            tiles: l.tiles,
            rooms: l.rooms,
            start: l.start,
            keys: l.keys,
            monsters: l.monsters,
            relic: l.relic,
        }
    }
}

impl From<Terrain> for SavedLevel {
    fn from(t: Terrain) -> Self {
        SavedLevel {
            width: t.width,
            height: t.height,
            tiles: t.tiles,
            rooms: t.rooms,
            start: t.start,
            keys: t.keys,
            monsters: t.monsters,
            relic: t.relic,
            items: Vec::new(),
            loot: Vec::new(),
            traps: Vec::new(),
            fire: Vec::new(),
            gas: Vec::new(),
            gold: Vec::new(),
        }
    }
}

impl From<SavedMemory> for Remembered {
    fn from(m: SavedMemory) -> Self {
        Remembered {
            width: m.width,
            tiles: m.tiles,
        }
    }
}

impl From<Remembered> for SavedMemory {
    fn from(r: Remembered) -> Self {
        SavedMemory {
            width: r.width,
            tiles: r.tiles,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tile_has_a_byte_of_its_own() {
        for t in Tile::ALL {
            assert_eq!(tile(code(t)), Some(t));
            assert_ne!(code(t), UNSEEN);
        }
        assert_eq!((Tile::ALL.len() as u8..=255).filter_map(tile).count(), 0);
    }
}

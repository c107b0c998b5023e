//! A tile's byte in a saved level or memory, one table read both ways, and a block of bytes back
//! to tiles.

use crate::map::{DoorState, Tile};
use crate::save::formats::{Block, v2};

/// A tile's byte in a level's or a memory's block (format 2 on; bytes 8 to 16 from format 7, 17 from 13, 18 and 19 from rules 11).
pub(crate) const fn code(tile: Tile) -> u8 {
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
        Tile::Crystal => 17,
        Tile::Torch => 18,
        Tile::Fungus => 19,
    }
}

/// The tile a byte names, if any.
pub(crate) const fn tile(code: u8) -> Option<Tile> {
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
        17 => Tile::Crystal,
        18 => Tile::Torch,
        19 => Tile::Fungus,
        _ => return None,
    })
}

pub(super) fn tiles_of(block: Block<{ crate::save::formats::TILES }>) -> Result<Vec<Tile>, String> {
    block
        .0
        .into_iter()
        .map(|c| tile(c).ok_or_else(|| format!("no tile is numbered {c}")))
        .collect()
}

pub(super) fn memory_of(block: Block<{ crate::save::formats::TILES }>) -> Result<Vec<Option<Tile>>, String> {
    block
        .0
        .into_iter()
        .map(|c| match c {
            v2::UNSEEN => Ok(None),
            c => tile(c).map(Some).ok_or_else(|| format!("no tile is numbered {c}")),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::save::formats::v1;

    #[test]
    fn every_tile_has_a_byte_of_its_own() {
        for t in Tile::ALL {
            assert_eq!(tile(code(t)), Some(t));
            assert_ne!(code(t), v2::UNSEEN);
        }
        assert_eq!((Tile::ALL.len() as u8..=255).filter_map(tile).count(), 0);
    }

    #[test]
    fn format_1_s_tiles_become_the_bytes_that_name_them() {
        use v1::{Door, Tile as T1};
        let pairs = [
            (T1::Wall, Tile::Wall),
            (T1::Floor, Tile::Floor),
            (T1::Corridor, Tile::Corridor),
            (T1::Door(Door::Open), Tile::Door(DoorState::Open)),
            (T1::Door(Door::Closed), Tile::Door(DoorState::Closed)),
            (T1::Door(Door::Locked), Tile::Door(DoorState::Locked)),
            (T1::StairsDown, Tile::StairsDown),
            (T1::StairsUp, Tile::StairsUp),
        ];
        for (old, now) in pairs {
            assert_eq!(tile(old.code()), Some(now), "{old:?}");
        }
    }
}

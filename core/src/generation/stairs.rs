//! Stairs: one `<` on every level (on the first, where you start: the way out of the dungeon),
//! one `>` on every level but the deepest, on room floor, in different rooms, far apart by
//! walking distance.
//!
//! Neighbouring levels line up their stairs as Brogue CE does: the stairs between levels `d` and
//! `d + 1` are put on the room floor nearest one anchor point that both levels derive from the
//! run seed (`depth::stairs_anchor`), so you come down roughly where you went down, and each
//! level is still made on its own. Anchors of consecutive stairs are a third of the map apart;
//! the `>` must also be at least half as far (in steps) from the arrival as the farthest room
//! floor in another room, and nearest its anchor among such tiles.

use crate::geom::Pos;

use crate::map::{Tile, TileMap};
use crate::paths::UNREACHED;

use super::defect::Defect;
use super::depth::stairs_anchor;

/// Room floor tiles where stairs may go: floor inside a room, with no door next to it (so that
/// stairs never stand in the way of a doorway), other than `avoid`. By index: rooms lie inside
/// the border, so their tiles' neighbours are in bounds.
fn spots(map: &TileMap, avoid: Pos) -> Vec<(Pos, usize)> {
    let (tiles, w) = (map.tiles(), map.width() as usize);
    let mut out = Vec::new();
    for (r, room) in map.rooms().iter().enumerate() {
        for y in room.y..room.bottom() {
            for x in room.x..room.right() {
                let i = y as usize * w + x as usize;
                let by_door = [i - 1, i + 1, i - w, i + w].iter().any(|&j| tiles[j].is_door());
                let p = Pos::new(x, y);
                if tiles[i] == Tile::Floor && !by_door && p != avoid {
                    out.push((p, r));
                }
            }
        }
    }
    out
}

fn nearest(spots: impl Iterator<Item = Pos>, anchor: (i32, i32)) -> Option<Pos> {
    // Squared distance, ties to the first in room order: deterministic.
    spots.min_by_key(|p| {
        let (dx, dy) = (i64::from(p.x - anchor.0), i64::from(p.y - anchor.1));
        dx * dx + dy * dy
    })
}

/// Puts the `<` of level `depth` of run `run` into `map` and moves the arrival onto it (on the
/// first level the arrival stays and the way out is put under it). The first of the two steps:
/// the `<` depends only on the anchor.
pub(crate) fn place_up(map: &mut TileMap, run: u64, depth: u32) -> Result<(), Defect> {
    if depth == 1 {
        map.set(map.start(), Tile::StairsUp);
    } else {
        let anchor = stairs_anchor(run, depth - 1, map.width(), map.height());
        let up = nearest(spots(map, map.start()).into_iter().map(|(p, _)| p), anchor).ok_or(Defect::NoRoomForStairs)?;
        map.set(up, Tile::StairsUp);
        map.set_start(up);
    }
    Ok(())
}

/// Puts the `>` of level `depth` (of `deepest`) into `map`, given `dist`, the walking distance
/// of every tile from the arrival.
pub(crate) fn place_down(map: &mut TileMap, run: u64, depth: u32, deepest: u32, dist: &[u32]) -> Result<(), Defect> {
    let (w, h) = (map.width(), map.height());
    if depth < deepest {
        let arrival = map.start();
        let home = map.room_at(arrival);
        let elsewhere: Vec<(Pos, u32)> = spots(map, arrival)
            .into_iter()
            .filter(|&(p, r)| Some(r) != home && dist[map.index(p)] != UNREACHED)
            .map(|(p, _)| (p, dist[map.index(p)]))
            .collect();
        let far = elsewhere.iter().map(|&(_, d)| d).max().ok_or(Defect::NoRoomForStairs)?;
        let anchor = stairs_anchor(run, depth, w, h);
        let down = nearest(
            elsewhere.iter().filter(|&&(_, d)| 2 * d >= far).map(|&(p, _)| p),
            anchor,
        )
        .ok_or(Defect::NoRoomForStairs)?;
        map.set(down, Tile::StairsDown);
    }
    Ok(())
}

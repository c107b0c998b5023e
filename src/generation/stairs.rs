//! Stairs: one `<` on every level but the first, one `>` on every level but the deepest, on room
//! floor, in different rooms, far apart by walking distance.
//!
//! Neighbouring levels line up their stairs as Brogue CE does: the stairs between levels `d` and
//! `d + 1` are put on the room floor nearest one anchor point that both levels derive from the
//! run seed (`depth::stairs_anchor`), so you come down roughly where you went down, and each
//! level is still made on its own. Anchors of consecutive stairs are a third of the map apart;
//! the `>` must also be at least half as far (in steps) from the arrival as the farthest room
//! floor in another room, and nearest its anchor among such tiles.

use crate::map::{Pos, Tile, TileMap};
use crate::paths::{UNREACHED, distance_map};

use super::depth::stairs_anchor;
use super::validate::Defect;

/// Room floor tiles where stairs may go: floor inside a room, with no door next to it (so that
/// stairs never stand in the way of a doorway), other than `avoid`.
fn spots(map: &TileMap, avoid: Pos) -> Vec<(Pos, usize)> {
    let mut out = Vec::new();
    for (r, room) in map.rooms().iter().enumerate() {
        for p in room.tiles() {
            let by_door = [(-1, 0), (1, 0), (0, -1), (0, 1)]
                .iter()
                .any(|&(dx, dy)| map.tile(p.offset(dx, dy)).is_door());
            if p != avoid && map.tile(p) == Tile::Floor && !by_door {
                out.push((p, r));
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

/// Puts the stairs of level `depth` (of `deepest`) of run `run` into `map`, and moves the
/// arrival onto the `<` below the first level.
pub fn place_stairs(map: &mut TileMap, run: u64, depth: u32, deepest: u32) -> Result<(), Defect> {
    let (w, h) = (map.width(), map.height());
    if depth > 1 {
        let anchor = stairs_anchor(run, depth - 1, w, h);
        let up = nearest(spots(map, map.start()).into_iter().map(|(p, _)| p), anchor).ok_or(Defect::NoRoomForStairs)?;
        map.set(up, Tile::StairsUp);
        map.set_start(up);
    }
    if depth < deepest {
        let arrival = map.start();
        let home = map.room_at(arrival);
        let dist = distance_map(map, arrival, Tile::is_walkable);
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

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

/// Where stairs may go on a dug level: room floor inside a room with no door next to it (so
/// that stairs never stand in the way of a doorway), in room order, each with its room and tile
/// index. Taken once, before the stairs up; the stairs down ask each spot again whether it is
/// still floor with no door beside it (loops open doors in room walls meanwhile).
pub(crate) struct Spots(Vec<(Pos, usize, usize)>);

/// Whether room tile `i` has a door next to it. By index: rooms lie inside the border, so their
/// tiles' neighbours are on the map.
fn by_door(tiles: &[Tile], w: usize, i: usize) -> bool {
    tiles[i - 1].is_door() || tiles[i + 1].is_door() || tiles[i - w].is_door() || tiles[i + w].is_door()
}

/// The spots of `map` as dug.
pub(crate) fn spots(map: &TileMap) -> Spots {
    let (tiles, w) = (map.tiles(), map.width() as usize);
    let area = map.rooms().iter().map(|r| (r.w * r.h) as usize).sum();
    let mut out = Vec::with_capacity(area);
    for (r, room) in map.rooms().iter().enumerate() {
        for y in room.y..room.bottom() {
            let row = y as usize * w;
            for x in room.x..room.right() {
                let i = row + x as usize;
                if tiles[i] == Tile::Floor && !by_door(tiles, w, i) {
                    out.push((Pos::new(x, y), r, i));
                }
            }
        }
    }
    Spots(out)
}

/// The nearest spot to an anchor so far: squared distance, ties to the first visited (room
/// order), so the choice is deterministic.
struct Nearest {
    anchor: (i32, i32),
    best: Option<(i64, Pos)>,
}

impl Nearest {
    const fn to(anchor: (i32, i32)) -> Nearest {
        Nearest { anchor, best: None }
    }

    fn offer(&mut self, p: Pos) {
        let (dx, dy) = (i64::from(p.x - self.anchor.0), i64::from(p.y - self.anchor.1));
        let d = dx * dx + dy * dy;
        if self.best.is_none_or(|(b, _)| d < b) {
            self.best = Some((d, p));
        }
    }

    fn found(&self) -> Option<Pos> {
        self.best.map(|(_, p)| p)
    }
}

/// Puts the `<` of level `depth` of run `run` into `map` and moves the arrival onto it (on the
/// first level the arrival stays and the way out is put under it). The first of the two steps:
/// the `<` depends only on the anchor.
pub(crate) fn place_up(map: &mut TileMap, spots: &Spots, run: u64, depth: u32) -> Result<(), Defect> {
    if depth == 1 {
        map.set(map.start(), Tile::StairsUp);
    } else {
        let mut nearest = Nearest::to(stairs_anchor(run, depth - 1, map.width(), map.height()));
        let start = map.start();
        spots.0.iter().filter(|s| s.0 != start).for_each(|s| nearest.offer(s.0));
        let up = nearest.found().ok_or(Defect::NoRoomForStairs)?;
        map.set(up, Tile::StairsUp);
        map.set_start(up);
    }
    Ok(())
}

/// Puts the `>` of level `depth` (of `deepest`) into `map`, given the `spots` taken before the
/// stairs up and `dist`, the walking distance of every tile from the arrival. `opened` are the
/// walls opened since the spots were taken (the loops): a spot beside one that became a door is
/// a spot no longer.
pub(crate) fn place_down(
    map: &mut TileMap,
    spots: &Spots,
    run: u64,
    depth: u32,
    deepest: u32,
    dist: &[u32],
    opened: &[Pos],
) -> Result<(), Defect> {
    let (w, h) = (map.width(), map.height());
    if depth < deepest {
        let arrival = map.start();
        let home = map.room_at(arrival);
        // Spots still free, in another room, that can be walked to, with their distance: first
        // the farthest, then the nearest the anchor of those at least half as far.
        let (tiles, width) = (map.tiles(), w as usize);
        // Beside a door now: beside one then (no spot was), or beside a wall opened as a door.
        let mut by_new_door = vec![false; tiles.len()];
        for &p in opened {
            let i = map.index(p);
            if tiles[i].is_door() {
                for j in [i - 1, i + 1, i - width, i + width] {
                    by_new_door[j] = true;
                }
            }
        }
        let by_new_door = &by_new_door;
        let elsewhere = || {
            spots
                .0
                .iter()
                .filter(move |&&(p, r, i)| {
                    p != arrival
                        && tiles[i] == Tile::Floor
                        && Some(r) != home
                        && dist[i] != UNREACHED
                        && !by_new_door[i]
                })
                .map(|&(p, _, i)| (p, dist[i]))
        };
        // Two passes over the spots rather than a list of them.
        let far = elsewhere().map(|(_, d)| d).max().ok_or(Defect::NoRoomForStairs)?;
        let mut nearest = Nearest::to(stairs_anchor(run, depth, w, h));
        elsewhere()
            .filter(|&(_, d)| 2 * d >= far)
            .for_each(|(p, _)| nearest.offer(p));
        let down = nearest.found().ok_or(Defect::NoRoomForStairs)?;
        map.set(down, Tile::StairsDown);
    }
    Ok(())
}

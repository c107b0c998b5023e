//! Lakes and rivers of deep water, lava or chasm placed only where they cut nothing apart (or
//! bridged), and meadows of grass.

use crate::geom::{Pos, Rect};
use crate::map::{Tile, TileMap};
use crate::rng::GenRng;

use super::shapes::grow_cave;
use super::{Made, Making, joined_within};

/// The liquids a lake at `depth` may be of (chasms never on the deepest level: nothing below).
pub(super) fn liquids(depth: u32, deepest: u32) -> Vec<Tile> {
    let mut out = vec![Tile::DeepWater, Tile::DeepWater];
    if depth >= 2 && depth < deepest {
        out.push(Tile::Chasm);
    }
    if depth >= 4 {
        out.push(Tile::Lava);
    }
    out
}

/// The share of rooms (in hundredths) with a meadow of grass.
pub(super) const MEADOW_PERCENT: u32 = 15;

/// Lakes, rivers with their bridges, and grass, in the rooms of `map` at `depth`. A lake sits
/// inside a room with a ring of floor round it, and stays only if nothing was cut apart; a river
/// of deep water or chasm crosses a room from wall to wall with a bridge over it. Lava never
/// crosses a way: it is only ever a lake. Returns how many lakes, rivers and meadows were laid.
pub(crate) fn flood(map: &mut TileMap, depth: u32, deepest: u32, rng: &mut GenRng, made: &mut Making) -> usize {
    let rooms = map.rooms().to_vec();
    let kinds = liquids(depth, deepest);
    let mut laid = 0;
    for room in rooms {
        let roll = rng.below(100);
        let lake_odds = 20 + 4 * depth;
        // The room as it was, for the lab's record (only when one is kept).
        let before: Vec<Tile> = match made.is_on() {
            true => room.tiles().map(|p| map.tile(p)).collect(),
            false => Vec::new(),
        };
        if roll < lake_odds && room.w >= 5 && room.h >= 5 {
            let liquid = rng.pick(&kinds).expect("there is always water");
            let river = liquid != Tile::Lava && rng.coin();
            if river && lay_river(map, room, liquid, rng) || !river && lay_lake(map, room, liquid, rng) {
                made.mark_changed(map, room, &before, if river { Made::River } else { Made::Lake });
                laid += 1;
            }
        } else if roll >= 100 - MEADOW_PERCENT && room.w >= 5 && room.h >= 4 {
            // A meadow: a patch of the room's floor (a cave grown in a part of it).
            let (w, h) = (rng.range(3, room.w), rng.range(3, room.h));
            let window = Rect::new(
                room.x + rng.range(0, room.w - w),
                room.y + rng.range(0, room.h - h),
                w,
                h,
            );
            let blob = grow_cave(window.w, window.h, rng);
            for p in window.tiles() {
                if blob[((p.y - window.y) * window.w + p.x - window.x) as usize] && map.tile(p) == Tile::Floor {
                    map.set(p, Tile::Grass);
                }
            }
            made.mark_changed(map, room, &before, Made::Meadow);
            laid += 1;
        }
    }
    laid
}

/// A lake of `liquid` in `room`, inside a ring of its floor (deep water with a wreath of shallow
/// water): kept only if the room's ways stay joined. Returns whether it was kept.
pub(super) fn lay_lake(map: &mut TileMap, room: Rect, liquid: Tile, rng: &mut GenRng) -> bool {
    let inner = Rect::new(room.x + 1, room.y + 1, room.w - 2, room.h - 2);
    let (w, h) = (
        rng.range(3.min(inner.w), inner.w.min(10)),
        rng.range(3.min(inner.h), inner.h.min(7)),
    );
    let window = Rect::new(
        inner.x + rng.range(0, inner.w - w),
        inner.y + rng.range(0, inner.h - h),
        w,
        h,
    );
    let blob = grow_cave(w, h, rng);
    let before: Vec<(Pos, Tile)> = window.grow(1).tiles().map(|p| (p, map.tile(p))).collect();
    for p in window.tiles() {
        if blob[((p.y - window.y) * w + p.x - window.x) as usize] && map.tile(p) == Tile::Floor {
            map.set(p, liquid);
        }
    }
    if liquid == Tile::DeepWater {
        for p in window.grow(1).tiles() {
            let wet = p.neighbours4().iter().any(|&q| map.get(q) == Some(Tile::DeepWater));
            if wet && map.tile(p) == Tile::Floor && room.contains(p) {
                map.set(p, Tile::ShallowWater);
            }
        }
    }
    if joined_within(map, window) {
        return true;
    }
    for (p, t) in before {
        map.set(p, t);
    }
    false
}

/// A river of `liquid` (deep water or chasm) across `room` from wall to wall, two or three tiles
/// wide, with a bridge over it: kept only if the room's ways stay joined (the bridge joins its
/// banks) and no doorway opens onto it.
pub(super) fn lay_river(map: &mut TileMap, room: Rect, liquid: Tile, rng: &mut GenRng) -> bool {
    let across = rng.coin(); // a river running across (west to east), or down
    let (long, short) = if across { (room.w, room.h) } else { (room.h, room.w) };
    let width = rng.range(2, 3);
    if short < width + 4 {
        return false;
    }
    let at = rng.range(2, short - width - 2);
    let bridge = rng.range(1, long - 2);
    let tile_at = |i: i32, j: i32| {
        if across {
            Pos::new(room.x + i, room.y + at + j)
        } else {
            Pos::new(room.x + at + j, room.y + i)
        }
    };
    let band: Vec<Pos> = (0..long)
        .flat_map(|i| (0..width).map(move |j| (i, j)))
        .map(|(i, j)| tile_at(i, j))
        .collect();
    // The ends of the band touch the room's walls: no doorway may open there.
    let ends = band.iter().flat_map(|p| p.neighbours4()).filter(|q| !room.contains(*q));
    if ends
        .clone()
        .any(|q| map.get(q).is_some_and(|t| t.is_door() || t.is_walkable()))
    {
        return false;
    }
    if band.iter().any(|&p| map.tile(p) != Tile::Floor) {
        return false;
    }
    for (k, &p) in band.iter().enumerate() {
        let i = k as i32 / width;
        map.set(p, if i == bridge { Tile::Bridge } else { liquid });
    }
    if joined_within(map, room) {
        return true;
    }
    for &p in &band {
        map.set(p, Tile::Floor);
    }
    false
}

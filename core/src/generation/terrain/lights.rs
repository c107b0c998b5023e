//! A level's lights: torches on the walls of some rooms (fewer deeper down, where the dungeon is
//! darker) and clumps of glowing fungus on the floors of caves. Laid last, from a stream of the
//! level's own, so nothing else on the level moves for them.

use crate::geom::{Pos, Rect};
use crate::map::{Tile, TileMap};
use crate::rng::GenRng;
use crate::world::Level;

/// In how many rooms in a hundred a torch burns at `depth`: most near the top, few below.
pub(super) const fn torch_percent(depth: u32) -> u32 {
    55u32.saturating_sub(depth * 4)
}

/// Lights `map` at `depth`: each room a torch at `torch_percent` (two in a large one) on a wall
/// tile of its rim facing its floor, never beside a door or on the level's rim; from the third
/// level, a clump of glowing fungus in each cave-like room (one whose rectangle holds walls), or
/// in one room in ten, on bare floor (nothing lies, stands or waits hidden there).
pub(crate) fn light(level: &mut Level, depth: u32, rng: &mut GenRng) {
    let rooms: Vec<Rect> = level.map.rooms().to_vec();
    let taken: Vec<Pos> = (level.monsters.iter().map(|m| m.at))
        .chain(level.items.iter().map(|f| f.at))
        .chain(level.gold.keys().copied())
        .chain(level.keys.iter().map(|k| k.at))
        .chain(level.traps.iter().map(|t| t.at))
        .chain(level.relic)
        .collect();
    let map = &mut level.map;
    for room in rooms {
        if rng.percent(torch_percent(depth)) {
            let spots = torch_spots(map, room);
            if !spots.is_empty() {
                let first = spots[rng.below(spots.len() as u32) as usize];
                map.set(first, Tile::Torch);
                // A large room a second, on the far side of its rim from the first.
                let apart = |p: &Pos| (p.x - first.x).abs() + (p.y - first.y).abs();
                if room.w * room.h >= 60
                    && let Some(&second) = spots.iter().max_by_key(|p| apart(p))
                    && apart(&second) > 0
                {
                    map.set(second, Tile::Torch);
                }
            }
        }
        let walls = room.tiles().filter(|&p| map.tile(p) == Tile::Wall).count();
        if depth >= 3 && (walls * 10 >= (room.w * room.h) as usize || rng.percent(10)) {
            grow_fungus(map, room, &taken, rng);
        }
    }
}

/// The wall tiles just outside `room` that face its floor straight on: not on the level's rim,
/// not beside a doorway.
fn torch_spots(map: &TileMap, room: Rect) -> Vec<Pos> {
    let ring = room.grow(1);
    ring.tiles()
        .filter(|&p| !room.contains(p) && map.tile(p) == Tile::Wall && !map.on_rim(p))
        .filter(|&p| {
            let sides = p.neighbours4();
            sides
                .iter()
                .any(|&q| room.contains(q) && map.get(q) == Some(Tile::Floor))
                && !sides
                    .iter()
                    .any(|&q| map.get(q).is_some_and(|t| t.is_door() || t.is_secret()))
        })
        .collect()
}

/// A clump of 3 to 8 fungus tiles on the room's floor, grown from one tile by steps.
fn grow_fungus(map: &mut TileMap, room: Rect, taken: &[Pos], rng: &mut GenRng) {
    let bare = |map: &TileMap, p: Pos| map.tile(p) == Tile::Floor && !taken.contains(&p);
    let floor: Vec<Pos> = room.tiles().filter(|&p| bare(map, p)).collect();
    if floor.is_empty() {
        return;
    }
    let mut at = floor[rng.below(floor.len() as u32) as usize];
    let size = rng.range(3, 8);
    for _ in 0..size * 3 {
        if bare(map, at) {
            map.set(at, Tile::Fungus);
        }
        let next = at.neighbours4()[rng.below(4) as usize];
        if room.contains(next) && matches!(map.tile(next), Tile::Floor | Tile::Fungus) {
            at = next;
        }
        let grown = room.tiles().filter(|&p| map.tile(p) == Tile::Fungus).count();
        if grown >= size as usize {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generation::{GenParams, generate};

    #[test]
    fn torches_face_their_rooms_and_fungus_grows_on_floor() {
        let (mut torches, mut fungus) = (0, 0);
        for seed in 0..20 {
            for depth in [1, 5, 9] {
                let params = GenParams {
                    seed,
                    depth,
                    ..GenParams::default()
                };
                let made = generate(&params).expect("a level");
                let map = &made.level.map;
                for (i, &t) in map.tiles().iter().enumerate() {
                    let p = map.pos_of(i);
                    if t == Tile::Torch {
                        torches += 1;
                        assert!(!map.on_rim(p));
                        assert!(
                            p.neighbours4()
                                .iter()
                                .any(|&q| map.get(q).is_some_and(Tile::is_walkable))
                        );
                    }
                    fungus += usize::from(t == Tile::Fungus);
                }
            }
        }
        assert!(torches > 100 && fungus > 50, "{torches} torches, {fungus} fungus");
    }
}

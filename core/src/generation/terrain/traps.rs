//! Traps laid where they can always be walked round.

use crate::geom::{Pos, Rect};
use crate::map::{Tile, TileMap};
use crate::rng::GenRng;
use crate::world::{Level, Trap, TrapKind};

/// How many traps a level of `rooms` rooms at `depth` gets.
pub(super) fn traps_wanted(rooms: usize, depth: u32) -> usize {
    (rooms * (2 + depth as usize)).div_ceil(40)
}

/// Lays traps on `level` at `depth` (of `deepest`): on room floor with nothing on it, never
/// next to a door, the stairs or another trap, and only where the floor round the tile stays
/// joined without it (every trap can be walked round, so none lies on a tile a player must
/// cross). Deeper, more of them, and more of them hidden.
pub(crate) fn lay_traps(level: &mut Level, depth: u32, deepest: u32, rng: &mut GenRng) {
    let wanted = traps_wanted(level.map.rooms().len(), depth);
    let kinds: Vec<(TrapKind, u32)> = TrapKind::ALL
        .into_iter()
        .filter(|k| depth >= k.stats().from_depth && (*k != TrapKind::Trapdoor || depth < deepest))
        .map(|k| (k, k.stats().weight))
        .collect();
    let map = &level.map;
    let spots: Vec<Pos> = map
        .rooms()
        .iter()
        .flat_map(|r| r.tiles())
        .filter(|&p| map.tile(p) == Tile::Floor)
        .collect();
    let mut tries = 0;
    while level.traps.len() < wanted && tries < wanted * 6 && !spots.is_empty() {
        tries += 1;
        let p = spots[rng.below(spots.len() as u32) as usize];
        let map = &level.map;
        // Two traps stay out of each other's way round (`walked_round` looks two tiles out).
        let near = |q: Pos| (q.x - p.x).abs() <= 2 && (q.y - p.y).abs() <= 2;
        let crowded = crate::paths::neighbours8(p).iter().any(|&q| {
            map.get(q)
                .is_some_and(|t| t.is_door() || matches!(t, Tile::StairsDown | Tile::StairsUp))
        }) || level.traps.iter().any(|t| near(t.at))
            || p == map.start()
            || level.key_at(p).is_some()
            || level.item_at(p).is_some()
            || level.gold.contains_key(&p)
            || level.monster_at(p).is_some()
            || level.relic == Some(p);
        if crowded || !walked_round(map, p) {
            continue;
        }
        let Some(kind) = rng.pick_weighted(kinds.iter().copied()) else {
            return;
        };
        let hidden = rng.below(100) < 40 + 5 * depth;
        level.traps.push(Trap { at: p, kind, hidden });
    }
}

/// Whether the walkable neighbours of `p` (eight-way) stay joined among themselves, four-way,
/// without `p`, within the five by five square round it and never through a doorway.
pub(super) fn walked_round(map: &TileMap, p: Pos) -> bool {
    let area = Rect::new(p.x - 2, p.y - 2, 5, 5);
    // Not through a doorway: the way round stays on this side of every door (a locked one too).
    let open = |q: Pos| q != p && area.contains(q) && map.get(q).is_some_and(|t| t.is_walkable() && !t.is_door());
    let slot = |q: Pos| ((q.y - area.y) * 5 + q.x - area.x) as usize;
    let ring: Vec<Pos> = crate::paths::neighbours8(p).into_iter().filter(|&q| open(q)).collect();
    let Some(&first) = ring.first() else { return false };
    let mut seen = [false; 25];
    seen[slot(first)] = true;
    let mut stack = vec![first];
    while let Some(q) = stack.pop() {
        for r in q.neighbours4() {
            if open(r) && !std::mem::replace(&mut seen[slot(r)], true) {
                stack.push(r);
            }
        }
    }
    ring.iter().all(|&q| seen[slot(q)])
}

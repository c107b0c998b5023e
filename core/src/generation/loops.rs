//! Loops: a dug level is a tree of rooms; opening a wall where the walk around it is long makes
//! shortcuts and circuits (the idea of Brogue CE's `addLoops`: a wall with floor on two opposite
//! sides is opened when walking from one side to the other takes more than 20 steps).
//!
//! Only walls with wall on the two other sides are opened, so the rules of the level hold by
//! construction: a wall between a room's floor and a corridor becomes a door framed by the
//! room's wall, with no door beside it; rock between two corridors becomes corridor, which
//! frames no door (door frames are room walls). No dead end is made: both sides were walkable.

use crate::map::{DoorState, Tile, TileMap};

use crate::geom::Pos;
use crate::paths::UNREACHED;

use crate::rng::GenRng;

use super::bytes::each_set;

/// A wall is opened when the walk between its two sides is longer than this (Brogue's figure).
pub(crate) const LOOP_DISTANCE: u32 = 20;

/// Percentage of loop doors that are left open.
const OPEN_DOOR_PCT: u32 = 30;

/// The two sides (tile indices) of interior tile `i`, in a map `w` tiles wide, if it is a wall
/// with floor or corridor on two opposite sides and wall on the other two. By index: the border
/// is solid, so an interior tile's neighbours are in bounds.
fn sides(tiles: &[Tile], w: usize, i: usize) -> Option<(usize, usize)> {
    let open = |j: usize| matches!(tiles[j], Tile::Floor | Tile::Corridor);
    let wall = |j: usize| tiles[j] == Tile::Wall;
    if !wall(i) {
        None
    } else if open(i - w) && open(i + w) && wall(i - 1) && wall(i + 1) {
        Some((i - w, i + w))
    } else if open(i - 1) && open(i + 1) && wall(i - w) && wall(i + w) {
        Some((i - 1, i + 1))
    } else {
        None
    }
}

/// The interior walls `sides` accepts, in row-major order: a byte a tile says whether it is open
/// (floor or corridor) and whether it is wall, and a row's test of every tile is one pass over
/// three rows of those bytes, which the compiler turns into vector operations (a fifth level at
/// 80x50: 11.3 µs gathering bit masks a tile at a time, 4.4 µs so).
fn candidates(map: &TileMap) -> Vec<usize> {
    let (w, h) = (map.width() as usize, map.height() as usize);
    let tiles = map.tiles();
    let open: Vec<u8> = tiles
        .iter()
        .map(|&t| u8::from(matches!(t, Tile::Floor | Tile::Corridor)))
        .collect();
    let wall: Vec<u8> = tiles.iter().map(|&t| u8::from(t == Tile::Wall)).collect();
    // The row's tiles 1 ..= w - 2: a tile's four neighbours are then on the map.
    let n = w - 2;
    let mut hit = vec![0u8; n];
    let mut out = Vec::new();
    // The `n` bytes of a row from index `from`.
    fn row(bits: &[u8], from: usize, n: usize) -> &[u8] {
        &bits[from..from + n]
    }
    for y in 1..h - 1 {
        let i = y * w + 1;
        let (here, west, east) = (row(&wall, i, n), row(&wall, i - 1, n), row(&wall, i + 1, n));
        let (north, south) = (row(&wall, i - w, n), row(&wall, i + w, n));
        let (north_open, south_open) = (row(&open, i - w, n), row(&open, i + w, n));
        let (west_open, east_open) = (row(&open, i - 1, n), row(&open, i + 1, n));
        for x in 0..n {
            let across = north_open[x] & south_open[x] & west[x] & east[x];
            let along = west_open[x] & east_open[x] & north[x] & south[x];
            hit[x] = here[x] & (across | along);
        }
        // Walls to open are few.
        each_set(&hit, |x| out.push(i + x));
    }
    out
}

/// A reusable bounded search over tile indices, for a map whose border is solid: "can `to` be
/// walked to from `from` in at most `limit` 4-way steps over walkable tiles?" An A* search with
/// the Manhattan distance as its estimate, dropping every tile whose estimate of the whole walk
/// is over `limit`: it looks only inside the ellipse a walk of `limit` steps can cover, where a
/// flood looked at every tile within `limit` steps of `from` (about a third as many tiles on a
/// fifth level). The answer is exact (the estimate never overstates, so no tile on a short
/// enough walk is dropped). Each call marks the tiles it reaches with its own stamp instead of
/// clearing an array.
struct Flood {
    stamp: Vec<u32>,
    /// The fewest steps found to a tile, where its stamp is the current one.
    steps: Vec<u32>,
    current: u32,
    /// Tiles waiting, by their estimate of the whole walk (steps so far plus the Manhattan
    /// distance left): index, x and y.
    buckets: Vec<Vec<(u32, u32, u32)>>,
}

impl Flood {
    fn new(tiles: usize) -> Flood {
        Flood {
            stamp: vec![0; tiles],
            steps: vec![0; tiles],
            current: 0,
            buckets: Vec::new(),
        }
    }

    fn within(&mut self, map: &TileMap, from: usize, to: usize, limit: u32) -> bool {
        if from == to {
            return true;
        }
        let (tiles, w) = (map.tiles(), map.width() as usize);
        let (tx, ty) = ((to % w) as u32, (to / w) as u32);
        let (fx, fy) = ((from % w) as u32, (from / w) as u32);
        let first = fx.abs_diff(tx) + fy.abs_diff(ty);
        if first > limit {
            return false;
        }
        self.current += 1; // a call per wall tried: never near u32::MAX
        let stamp = self.current;
        let limit = limit as usize;
        if self.buckets.len() <= limit {
            self.buckets.resize_with(limit + 1, Vec::new);
        }
        for bucket in &mut self.buckets {
            bucket.clear();
        }
        self.stamp[from] = stamp;
        self.steps[from] = 0;
        self.buckets[first as usize].push((from as u32, fx, fy));
        for f in first as usize..=limit {
            while let Some((i, x, y)) = self.buckets[f].pop() {
                let (i, g) = (i as usize, self.steps[i as usize]);
                let left = x.abs_diff(tx) + y.abs_diff(ty);
                if (g + left) as usize != f {
                    continue; // a shorter walk to it was found since
                }
                for (j, jx, jy) in [
                    (i - 1, x - 1, y),
                    (i + 1, x + 1, y),
                    (i - w, x, y - 1),
                    (i + w, x, y + 1),
                ] {
                    if j == to {
                        return true; // in g + 1 steps, and g + 1 <= g + left = f <= limit
                    }
                    let g = g + 1;
                    if !tiles[j].is_walkable() || (self.stamp[j] == stamp && self.steps[j] <= g) {
                        continue;
                    }
                    let whole = (g + jx.abs_diff(tx) + jy.abs_diff(ty)) as usize;
                    if whole > limit {
                        continue;
                    }
                    self.stamp[j] = stamp;
                    self.steps[j] = g;
                    self.buckets[whole].push((j as u32, jx, jy));
                }
            }
        }
        false
    }
}

/// Whether `a` and `b` are shown to be at most `LOOP_DISTANCE` steps apart by the walks from
/// the arrival that `dist` was taken from: each climbs towards the arrival (to the first
/// neighbour one step nearer, the same choice from every tile, so the two climbs meet where the
/// two walks join) until they meet, and the steps both took are a walk between them. Most walls
/// between near sides are settled so, by a few steps, without a search. `false` says nothing:
/// the walk through where they join can be long where another is short. Loops opened since
/// `dist` was taken only add tiles, so a walk it shows is still there.
fn near_by_tree(dist: &[u32], w: usize, a: usize, b: usize) -> bool {
    let up = |i: usize| {
        let nearer = dist[i].checked_sub(1)?;
        [i - w, i - 1, i + 1, i + w].into_iter().find(|&j| dist[j] == nearer)
    };
    let (mut a, mut b) = (a, b);
    if dist[a] == UNREACHED || dist[b] == UNREACHED {
        return false;
    }
    for _ in 0..LOOP_DISTANCE {
        if a == b {
            return true;
        }
        let step = if dist[a] >= dist[b] { &mut a } else { &mut b };
        match up(*step) {
            Some(j) => *step = j,
            None => return false,
        }
    }
    a == b
}

/// Opens at most `most` walls whose two sides are more than `LOOP_DISTANCE` steps apart, tried
/// in a random order. Returns the walls opened, in order.
///
/// `dist` is the walking distance of every tile from one point (the arrival), taken before any
/// loop is opened. A wall whose sides' distances differ by more than `LOOP_DISTANCE` has a long
/// way round (the walk between them is at least that difference), unless a loop opened since,
/// within `LOOP_DISTANCE` tiles of it, made one shorter: such walls are opened without a search.
/// Only when they are not enough are the others asked: each by a climb of `dist` towards the
/// arrival (`near_by_tree`), then, if that proves nothing, a bounded search. The border must be
/// solid (the walks go by index).
pub(crate) fn add_loops(map: &mut TileMap, most: usize, dist: &[u32], rng: &mut GenRng) -> Vec<Pos> {
    if most == 0 {
        return Vec::new();
    }
    let w = map.width() as usize;
    let mut candidates = candidates(map);
    // Fisher-Yates, with the generator's own portable draws.
    for i in (1..candidates.len()).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        candidates.swap(i, j);
    }
    let mut flood = Flood::new(map.tiles().len());
    let mut opened: Vec<Pos> = Vec::with_capacity(most);
    let near_opened = |opened: &[Pos], p: Pos| {
        let reach = LOOP_DISTANCE as i32;
        opened
            .iter()
            .any(|o| (o.x - p.x).abs() <= reach && (o.y - p.y).abs() <= reach)
    };
    // First the walls the distances vouch for, then (if more are wanted) the rest, searched.
    for searched in [false, true] {
        for &i in &candidates {
            if opened.len() == most {
                return opened;
            }
            // An earlier opening can have changed this wall's surroundings: ask again.
            let Some((a, b)) = sides(map.tiles(), w, i) else {
                continue;
            };
            let (da, db) = (dist[a], dist[b]);
            let p = map.pos_of(i);
            let vouched =
                da != UNREACHED && db != UNREACHED && da.abs_diff(db) > LOOP_DISTANCE && !near_opened(&opened, p);
            if vouched == searched
                || (searched && (near_by_tree(dist, w, a, b) || flood.within(map, a, b, LOOP_DISTANCE)))
            {
                continue;
            }
            let (a, b) = (map.pos_of(a), map.pos_of(b));
            let tile = if map.tile(a) == Tile::Floor || map.tile(b) == Tile::Floor {
                Tile::Door(if rng.percent(OPEN_DOOR_PCT) {
                    DoorState::Open
                } else {
                    DoorState::Closed
                })
            } else {
                Tile::Corridor
            };
            map.set(p, tile);
            opened.push(p);
        }
    }
    opened
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generation::validate;
    use crate::map::parse_ascii;

    #[test]
    fn the_bounded_flood_agrees_with_the_distance_map() {
        let map = parse_ascii(crate::paths::tests::U.as_bytes()).unwrap();
        let from = map.index(crate::geom::Pos::new(1, 1));
        let d = crate::paths::distance_map(&map, map.start(), Tile::is_walkable);
        let mut flood = Flood::new(map.tiles().len());
        for (to, &steps) in d.iter().enumerate() {
            if !map.tiles()[to].is_walkable() {
                continue;
            }
            for limit in 0..12 {
                assert_eq!(
                    flood.within(&map, from, to, limit),
                    steps <= limit,
                    "{to} within {limit}"
                );
            }
        }
    }

    #[test]
    fn the_climb_towards_the_arrival_only_ever_proves_a_short_walk() {
        let (mut settled, mut asked) = (0, 0);
        for seed in 0..80 {
            let params =
                crate::generation::GenParams::new(seed, 80, 50, Default::default()).at_depth(seed as u32 % 10 + 1);
            let map = crate::generation::generate(&params).unwrap().level.map;
            let w = map.width() as usize;
            let dist = crate::paths::distances_inside(&map, map.start());
            let mut flood = Flood::new(map.tiles().len());
            for i in candidates(&map) {
                let (a, b) = sides(map.tiles(), w, i).unwrap();
                let near = flood.within(&map, a, b, LOOP_DISTANCE);
                asked += usize::from(near);
                if near_by_tree(&dist, w, a, b) {
                    assert!(near, "seed {seed}: wall {i} proved near but is not");
                    settled += 1;
                }
            }
        }
        // It is worth asking: it settles most near walls without a search.
        assert!(
            settled * 2 > asked,
            "{settled} of {asked} near walls settled by the climb"
        );
    }

    #[test]
    fn the_candidate_scan_finds_what_sides_accepts() {
        let mut found = 0;
        for seed in 0..60 {
            let (w, h) = [(80, 50), (20, 15), (130, 70)][seed as usize % 3];
            let params =
                crate::generation::GenParams::new(seed, w, h, Default::default()).at_depth(seed as u32 % 10 + 1);
            let map = crate::generation::generate(&params).unwrap().level.map;
            let (w, h) = (w as usize, h as usize);
            let plain: Vec<usize> = (1..h - 1)
                .flat_map(|y| y * w + 1..y * w + w - 1)
                .filter(|&i| sides(map.tiles(), w, i).is_some())
                .collect();
            found += plain.len();
            assert_eq!(candidates(&map), plain, "seed {seed} at {w}x{h}");
        }
        assert!(found > 1000, "the levels had walls to open ({found})");
    }

    #[test]
    fn opens_a_long_way_round_and_not_a_short_one() {
        // Room on the left, a corridor along its east wall that only meets it through the door
        // far below: the wall between floor and corridor at the top is a long way round.
        let mut text = String::from("##########\n");
        text.push_str("#...#,,,,#\n");
        text.push_str("#.@.#,##,#\n");
        for _ in 0..8 {
            text.push_str("#...#,##,#\n");
        }
        text.push_str("#...+,##,#\n");
        text.push_str("#####,,,,#\n");
        text.push_str("##########\n");
        let mut map = parse_ascii(text.as_bytes()).unwrap();
        let before = map.clone();
        let dist = crate::paths::distance_map(&map, map.start(), Tile::is_walkable);
        assert_eq!(add_loops(&mut map, 1, &dist, &mut GenRng::new(1)).len(), 1);
        let changed: Vec<usize> = (0..map.tiles().len())
            .filter(|&i| map.tiles()[i] != before.tiles()[i])
            .collect();
        assert_eq!(changed.len(), 1);
        let p = map.pos_of(changed[0]);
        assert!(map.tile(p).is_door() || map.tile(p) == Tile::Corridor, "{p:?}");
        // It was far from the existing door, and the level's rules still hold.
        assert!(p.y < 8, "opened at {p:?}, near the old door");
        validate(&map).unwrap();
        // Nothing is opened when nothing is far.
        let mut short = parse_ascii(b"#######\n#.@.+,#\n#...#,#\n#######\n").unwrap();
        let dist = crate::paths::distance_map(&short, short.start(), Tile::is_walkable);
        assert_eq!(add_loops(&mut short, 5, &dist, &mut GenRng::new(1)), []);
    }
}

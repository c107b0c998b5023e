//! Walking distances over a level's tiles: a breadth-first distance map, and a bounded flood
//! that answers "is B within N steps of A?" without touching the rest of the map. Plain Rust over
//! the grid, 4-way steps (the generator's notion of walking); shared by the generator (stairs far
//! apart, loops where walks are long) and, later, by monsters and travel.

use crate::map::{Pos, Tile, TileMap};

/// Distance of a tile the walk never reached.
pub const UNREACHED: u32 = u32::MAX;

/// Walking distances (4-way steps) from `from` to every tile, over tiles `pass` allows;
/// `UNREACHED` elsewhere. Row-major, like the map's tiles.
pub fn distance_map(map: &TileMap, from: Pos, pass: impl Fn(Tile) -> bool) -> Vec<u32> {
    let (w, h) = (map.width() as usize, map.height() as usize);
    let tiles = map.tiles();
    let mut dist = vec![UNREACHED; tiles.len()];
    if !map.in_bounds(from) {
        return dist;
    }
    // One queue never popped from the front (a head index walks it); each entry carries its
    // position, so no division finds it again.
    let mut queue: Vec<(u32, u16, u16)> = Vec::with_capacity(256);
    let start = map.index(from);
    dist[start] = 0;
    queue.push((start as u32, from.x as u16, from.y as u16));
    let mut head = 0;
    while let Some(&(i, x, y)) = queue.get(head) {
        head += 1;
        let (i, x, y) = (i as usize, usize::from(x), usize::from(y));
        let d = dist[i] + 1;
        let mut visit = |j: usize, x: usize, y: usize| {
            if dist[j] == UNREACHED && pass(tiles[j]) {
                dist[j] = d;
                queue.push((j as u32, x as u16, y as u16));
            }
        };
        if x > 0 {
            visit(i - 1, x - 1, y);
        }
        if x + 1 < w {
            visit(i + 1, x + 1, y);
        }
        if y > 0 {
            visit(i - w, x, y - 1);
        }
        if y + 1 < h {
            visit(i + w, x, y + 1);
        }
    }
    dist
}

/// A reusable bounded flood: scratch sized to the map once, each call touching only the tiles
/// it reaches (marked with the call's stamp instead of clearing an array).
#[derive(Default)]
pub struct Flood {
    stamp: Vec<u32>,
    current: u32,
    frontier: Vec<Pos>,
    next: Vec<Pos>,
}

impl Flood {
    /// True when `to` can be walked to from `from` in at most `limit` 4-way steps over walkable
    /// tiles (doors of any state count as walkable: this is about the shape of the level).
    pub fn within(&mut self, map: &TileMap, from: Pos, to: Pos, limit: u32) -> bool {
        if from == to {
            return true;
        }
        if self.stamp.len() != map.tiles().len() {
            self.stamp = vec![0; map.tiles().len()];
            self.current = 0;
        }
        self.current = self.current.wrapping_add(1);
        if self.current == 0 {
            self.stamp.fill(0);
            self.current = 1;
        }
        let stamp = self.current;
        self.frontier.clear();
        self.frontier.push(from);
        self.stamp[map.index(from)] = stamp;
        for _ in 0..limit {
            self.next.clear();
            for &p in &self.frontier {
                for q in p.neighbours4() {
                    if q == to {
                        return true;
                    }
                    if map.get(q).is_some_and(Tile::is_walkable) {
                        let j = map.index(q);
                        if self.stamp[j] != stamp {
                            self.stamp[j] = stamp;
                            self.next.push(q);
                        }
                    }
                }
            }
            if self.next.is_empty() {
                return false;
            }
            std::mem::swap(&mut self.frontier, &mut self.next);
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::parse_ascii;

    const U: &str = "\
#######
#@#...#
#.#.#.#
#...#.#
#######
";

    #[test]
    fn distances_follow_the_corridors() {
        let map = parse_ascii(U.as_bytes()).unwrap();
        let d = distance_map(&map, Pos::new(1, 1), Tile::is_walkable);
        assert_eq!(d[map.index(Pos::new(1, 3))], 2);
        assert_eq!(d[map.index(Pos::new(3, 1))], 6);
        assert_eq!(d[map.index(Pos::new(5, 3))], 10);
        assert_eq!(d[map.index(Pos::new(2, 1))], UNREACHED, "walls are not walked");
    }

    #[test]
    fn bounded_flood_agrees_with_the_distance_map() {
        let map = parse_ascii(U.as_bytes()).unwrap();
        let from = Pos::new(1, 1);
        let d = distance_map(&map, from, Tile::is_walkable);
        let mut flood = Flood::default();
        for (i, &steps) in d.iter().enumerate() {
            let to = map.pos_of(i);
            if !map.tile(to).is_walkable() {
                continue;
            }
            for limit in 0..12 {
                assert_eq!(
                    flood.within(&map, from, to, limit),
                    steps <= limit,
                    "{to:?} within {limit}"
                );
            }
        }
    }
}

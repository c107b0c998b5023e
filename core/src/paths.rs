//! Walking distances over a level's tiles: a breadth-first distance map (4-way steps, the
//! generator's notion of walking: stairs far apart, loops where walks are long), and a bounded
//! 8-way `StepField` that walks as actors
//! do (no diagonal step into or out of a doorway): what hunting monsters roll down. Plain Rust
//! over the grid.

use crate::geom::Pos;

use crate::map::{Tile, TileMap};

/// Distance of a tile the walk never reached.
pub(crate) const UNREACHED: u32 = u32::MAX;

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

/// `distance_map` over walkable tiles, for a map whose border is solid (every walkable tile then
/// has its four neighbours on the map) from a walkable `from`: the same distances, found by
/// index alone, with no position carried or bounds asked. The generator's walk, after its
/// border check.
pub(crate) fn distances_inside(map: &TileMap, from: Pos) -> Vec<u32> {
    distances_inside_by(map, from, Tile::is_walkable)
}

/// `distances_inside` over the tiles `pass` allows (walkable ones only: the border must stop
/// the walk), as `distance_map` with the same `pass` finds them.
pub(crate) fn distances_inside_by(map: &TileMap, from: Pos, pass: impl Fn(Tile) -> bool) -> Vec<u32> {
    let tiles = map.tiles();
    let w = map.width() as usize;
    let mut dist = vec![UNREACHED; tiles.len()];
    // One byte a tile, "may still be entered": a neighbour costs one test, where asking its
    // distance and then its tile took two hard-to-predict branches (1.6 times as fast on 80x50
    // levels).
    let mut open: Vec<bool> = tiles.iter().map(|&t| pass(t)).collect();
    let start = map.index(from);
    dist[start] = 0;
    open[start] = false;
    let mut queue: Vec<u32> = Vec::with_capacity(tiles.len());
    queue.push(start as u32);
    let mut head = 0;
    while let Some(&i) = queue.get(head) {
        head += 1;
        let i = i as usize;
        let d = dist[i] + 1;
        for j in [i - 1, i + 1, i - w, i + w] {
            if open[j] {
                open[j] = false;
                dist[j] = d;
                queue.push(j as u32);
            }
        }
    }
    dist
}

/// Steps as actors take them (8-way; no diagonal step into or out of a doorway) from one tile
/// to every tile within a limit, over the tiles a walker may enter. Reusable: scratch is sized
/// to the map once and each call touches only the tiles it reaches.
#[derive(Clone, Debug, Default)]
pub struct StepField {
    stamp: Vec<u32>,
    dist: Vec<u32>,
    current: u32,
    width: u32,
    frontier: Vec<Pos>,
    next: Vec<Pos>,
    /// The limit of the last `compute`.
    limit: u32,
}

impl StepField {
    /// How many steps out the last `compute` searched.
    pub const fn limit(&self) -> u32 {
        self.limit
    }

    /// Steps from `from` to every tile within `limit` steps that `pass` lets a walker onto
    /// (`from` itself is always in). Distances are symmetric: the steps from A to B are the
    /// steps from B to A.
    pub fn compute(&mut self, map: &TileMap, from: Pos, limit: u32, pass: impl Fn(Tile) -> bool) {
        let n = map.tiles().len();
        if self.stamp.len() != n || self.width != map.width() {
            *self = StepField {
                stamp: vec![0; n],
                dist: vec![0; n],
                width: map.width(),
                ..StepField::default()
            };
        }
        self.current = self.current.wrapping_add(1);
        if self.current == 0 {
            self.stamp.fill(0);
            self.current = 1;
        }
        self.limit = limit;
        if !map.in_bounds(from) {
            return;
        }
        let stamp = self.current;
        let start = map.index(from);
        self.stamp[start] = stamp;
        self.dist[start] = 0;
        self.frontier.clear();
        self.frontier.push(from);
        for d in 1..=limit {
            self.next.clear();
            for &p in &self.frontier {
                let door_here = map.tile(p).is_door();
                for (dx, dy) in DIRS8 {
                    let q = p.offset(dx, dy);
                    let Some(tile) = map.get(q) else { continue };
                    if dx != 0 && dy != 0 && (door_here || tile.is_door()) {
                        continue;
                    }
                    let j = map.index(q);
                    if self.stamp[j] != stamp && pass(tile) {
                        self.stamp[j] = stamp;
                        self.dist[j] = d;
                        self.next.push(q);
                    }
                }
            }
            if self.next.is_empty() {
                break;
            }
            std::mem::swap(&mut self.frontier, &mut self.next);
        }
    }

    /// Steps from the last `compute`'s origin to `p`, if reached.
    pub fn get(&self, p: Pos) -> Option<u32> {
        if p.x < 0 || p.y < 0 || p.x as u32 >= self.width {
            return None;
        }
        let i = p.y as usize * self.width as usize + p.x as usize;
        (self.stamp.get(i) == Some(&self.current)).then(|| self.dist[i])
    }
}

/// Shortest walks over a grid only partly known (what the player remembers): a breadth-first
/// search from one tile, in the steps actors take (8-way; no diagonal step into or out of a
/// doorway), stopping at the first goal reached. Reusable: scratch is sized to the grid once,
/// and each search touches only the tiles it reaches, so a goal a few steps away costs a few
/// steps of work on any size of map.
#[derive(Clone, Debug, Default)]
pub struct Search {
    stamp: Vec<u32>,
    came_from: Vec<u32>,
    current: u32,
    width: u32,
    height: u32,
    frontier: Vec<Pos>,
    next: Vec<Pos>,
    /// Tiles the last search took from the queue (for benchmarks and tests).
    pub visited: usize,
}

impl Search {
    /// The shortest walk from `from` to the nearest tile for which `goal` holds, over tiles
    /// `tile_at` knows and `enter` lets a walker onto (the goal itself must be enterable too),
    /// on a `width` x `height` grid. The walk excludes `from` and ends on the goal; `Some(empty)`
    /// when `from` is a goal. Ties go to orthogonal steps, then to the order of `neighbours8`.
    pub fn nearest(
        &mut self,
        (width, height): (u32, u32),
        from: Pos,
        tile_at: impl Fn(Pos) -> Option<Tile>,
        enter: impl Fn(Pos, Tile) -> bool,
        goal: impl Fn(Pos) -> bool,
    ) -> Option<Vec<Pos>> {
        let n = width as usize * height as usize;
        if self.stamp.len() != n || self.width != width || self.height != height {
            *self = Search {
                stamp: vec![0; n],
                came_from: vec![0; n],
                width,
                height,
                ..Search::default()
            };
        }
        self.current = self.current.wrapping_add(1);
        if self.current == 0 {
            self.stamp.fill(0);
            self.current = 1;
        }
        self.visited = 0;
        let inside = |p: Pos| p.x >= 0 && p.y >= 0 && (p.x as u32) < width && (p.y as u32) < height;
        if !inside(from) {
            return None;
        }
        let w = width as usize;
        let index = |p: Pos| p.y as usize * w + p.x as usize;
        let stamp = self.current;
        self.stamp[index(from)] = stamp;
        self.frontier.clear();
        self.frontier.push(from);
        let mut found = None;
        'search: while !self.frontier.is_empty() {
            self.next.clear();
            for i in 0..self.frontier.len() {
                let p = self.frontier[i];
                self.visited += 1;
                if goal(p) {
                    found = Some(p);
                    break 'search;
                }
                let door_here = tile_at(p).is_some_and(Tile::is_door);
                for (dx, dy) in DIRS8 {
                    let q = p.offset(dx, dy);
                    if !inside(q) || self.stamp[index(q)] == stamp {
                        continue;
                    }
                    let Some(tile) = tile_at(q) else { continue };
                    if (dx != 0 && dy != 0 && (door_here || tile.is_door())) || !enter(q, tile) {
                        continue;
                    }
                    self.stamp[index(q)] = stamp;
                    self.came_from[index(q)] = index(p) as u32;
                    self.next.push(q);
                }
            }
            std::mem::swap(&mut self.frontier, &mut self.next);
        }
        let mut walk = Vec::new();
        let mut p = found?;
        while p != from {
            walk.push(p);
            let j = self.came_from[index(p)] as usize;
            p = Pos::new((j % w) as i32, (j / w) as i32);
        }
        walk.reverse();
        Some(walk)
    }
}

/// The eight neighbours of `p`, orthogonal ones first (so that ties go to a straight step).
pub fn neighbours8(p: Pos) -> [Pos; 8] {
    DIRS8.map(|(dx, dy)| p.offset(dx, dy))
}

/// The eight steps, orthogonal ones first (so that ties go to a straight step).
pub(crate) const DIRS8: [(i32, i32); 8] = [(0, -1), (1, 0), (0, 1), (-1, 0), (1, -1), (1, 1), (-1, 1), (-1, -1)];

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::map::parse_ascii;

    /// A U-shaped walk: (1, 1) to (3, 1) is six steps round the wall between them.
    pub(crate) const U: &str = "\
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
    fn step_field_walks_diagonally_but_not_through_doorways() {
        let map = parse_ascii(b"#######\n#@....#\n#.....#\n###+###\n#.....#\n#######\n").unwrap();
        let mut field = StepField::default();
        field.compute(&map, Pos::new(1, 1), 20, |t| t.is_walkable());
        assert_eq!(field.get(Pos::new(5, 2)), Some(4), "diagonals count one step");
        // The doorway is entered straight (no diagonal step into it: 3, not 2), and the tiles
        // beside the one below it are not reached diagonally out of it.
        assert_eq!(field.get(Pos::new(3, 3)), Some(3));
        assert_eq!(field.get(Pos::new(3, 4)), Some(4));
        assert_eq!(field.get(Pos::new(2, 4)), Some(5));
        assert_eq!(field.get(Pos::new(0, 0)), None, "walls are not entered");
        field.compute(&map, Pos::new(1, 1), 3, |t| t.is_walkable());
        assert_eq!(field.get(Pos::new(3, 3)), Some(3));
        assert_eq!(field.get(Pos::new(3, 4)), None, "beyond the limit");
        field.compute(&map, Pos::new(1, 1), 20, |t| t.is_walkable() && !t.is_door());
        assert_eq!(field.get(Pos::new(3, 4)), None, "a shut-out door cuts the field");
    }
}

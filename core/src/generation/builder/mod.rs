//! The level under construction: what each tile is, which room owns it, which walkable tiles are
//! already connected, and the rules every corridor style digs by.
//!
//! Corridors only ever turn rock into corridor and cut doors through room walls where a path
//! crosses a wall straight on (floor on one side, outside on the other, never at a corner, never
//! beside another door). So every door is framed by wall on two opposite sides, and doors never
//! touch, whatever the style.
//!
//! The builder's jobs, one file each: the grid and its tiles (here), `union_find` (what is
//! joined), `doors` (where doors may go and digging by the rules), `astar` (corridor searches),
//! `prune` (dead ends removed).

mod astar;
mod doors;
mod prune;
mod union_find;

use astar::{Node, OpenSet};

use crate::geom::{Dir, Pos, Rect};

use crate::map::{DoorState, Tile, TileMap, count_walkable};

use crate::rng::GenRng;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Rock,
    /// A room's wall ring.
    Ring,
    Floor,
    Corridor,
    Door(DoorState),
}

impl Cell {
    pub const fn is_walkable(self) -> bool {
        matches!(self, Cell::Floor | Cell::Corridor | Cell::Door(_))
    }
}

/// Marks a set's root in `Builder::parent` (tile indices stay below it: maps have at most
/// 2^20 tiles).
const ROOT: u32 = 1 << 31;

/// `owner` of the map's border tiles: rock that can never be dug, so searches need no bounds
/// checks (every diggable tile is inside the border).
const BORDER: u16 = u16::MAX;

/// A* cost of digging one rock tile; walking an existing corridor costs 1.
const ROCK_COST: u32 = 2;

/// Percentage of new doors that start open.
const OPEN_DOOR_PCT: u32 = 30;

pub(crate) struct Builder {
    pub w: i32,
    pub h: i32,
    /// The level's tiles as they will be handed over; a wall tile with an owner is a room's ring.
    tiles: Vec<Tile>,
    /// Room index + 1 for ring, floor and door tiles; 0 elsewhere.
    owner: Vec<u16>,
    /// Union-find over tile indices, meaningful for walkable tiles only (a tile's entry is set
    /// when it becomes walkable): "is there a path?" in near-constant time, kept up to date as
    /// tiles are dug (tiles are only ever added, until the final dead-end clean-up). A tile's
    /// entry is its parent's index, or for a set's root `ROOT` with the set's size below it
    /// (union by size; pruning subtracts): one array, one cache line per step.
    parent: Vec<u32>,
    pub rooms: Vec<Rect>,
    /// Tiles that may be dead ends: the tips of stubs that stopped growing, and doorways whose
    /// corridor could not be dug. `prune_dead_ends` starts from these alone.
    pub loose_ends: Vec<Pos>,
    // A* scratch, reused between searches: a search only touches tiles stamped with its number.
    nodes: Vec<Node>,
    search: u32,
    /// What a corridor pays to run through each tile, kept up to date as tiles change: 1 along
    /// an existing corridor, `ROCK_COST` through rock, 0 where no corridor may run (rooms,
    /// doors, the border). One byte read per neighbour in A*.
    toll: Vec<u8>,
    /// `door_toward`'s scratch: the doorways found along one wall.
    doorways: Vec<(Pos, bool)>,
    /// `carve`'s scratch: the walls a path crosses.
    crossings: Vec<Pos>,
    /// `trace_back`'s scratch: a path from its far end.
    trail: Vec<Pos>,
    open: OpenSet,
    /// The generator lab's record (off in normal generation): for each tile, what `digging` was
    /// when it became corridor (0: never dug as corridor).
    record: Option<Vec<u8>>,
    /// The lab's code of what is digging now (set by the corridor styles' driver).
    pub digging: u8,
}

impl Builder {
    pub fn new(w: i32, h: i32, rooms: Vec<Rect>) -> Self {
        let n = (w * h) as usize;
        let mut b = Self {
            w,
            h,
            tiles: vec![Tile::Wall; n],
            owner: vec![0; n],
            parent: vec![0; n],
            rooms: Vec::new(),
            loose_ends: Vec::with_capacity(2 * rooms.len()),
            // Sized on the first search: many levels need none.
            nodes: Vec::new(),
            search: 0,
            toll: Vec::new(),
            doorways: Vec::new(),
            crossings: Vec::new(),
            trail: Vec::new(),
            open: OpenSet::default(),
            record: None,
            digging: 0,
        };
        let (wu, hu) = (w as usize, h as usize);
        b.owner[..wu].fill(BORDER);
        b.owner[n - wu..].fill(BORDER);
        for y in 0..hu {
            b.owner[y * wu] = BORDER;
            b.owner[y * wu + wu - 1] = BORDER;
        }
        // Room ids are 1 ..= 21,400 at most (1024x1024 with the smallest leaves).
        assert!(rooms.len() < usize::from(BORDER) - 1, "too many rooms for u16 ids");
        for (r, room) in rooms.iter().enumerate() {
            let id = r as u16 + 1;
            let ring = room.grow(1);
            for y in ring.y..ring.bottom() {
                let row = y as usize * wu;
                b.owner[row + ring.x as usize..row + ring.right() as usize].fill(id);
            }
            // One set per room: every floor tile points at the room's first tile.
            let root = b.idx(Pos::new(room.x, room.y)) as u32;
            for y in room.y..room.bottom() {
                let span = y as usize * wu + room.x as usize..y as usize * wu + room.right() as usize;
                b.tiles[span.clone()].fill(Tile::Floor);
                b.parent[span].fill(root);
            }
            b.parent[root as usize] = ROOT | (room.w * room.h) as u32;
        }
        b.toll = b
            .owner
            .iter()
            .map(|&o| if o == 0 { ROCK_COST as u8 } else { 0 })
            .collect();
        b.rooms = rooms;
        b
    }

    #[inline]
    pub fn idx(&self, p: Pos) -> usize {
        (p.y * self.w + p.x) as usize
    }

    #[inline]
    pub fn pos(&self, i: usize) -> Pos {
        Pos::new(i as i32 % self.w, i as i32 / self.w)
    }

    #[inline]
    pub fn in_bounds(&self, p: Pos) -> bool {
        p.x >= 0 && p.y >= 0 && p.x < self.w && p.y < self.h
    }

    /// Strictly inside the solid border.
    #[inline]
    pub(crate) fn interior(&self, p: Pos) -> bool {
        p.x > 0 && p.y > 0 && p.x < self.w - 1 && p.y < self.h - 1
    }

    #[inline]
    pub fn cell(&self, p: Pos) -> Cell {
        if !self.in_bounds(p) {
            return Cell::Rock;
        }
        let i = self.idx(p);
        match self.tiles[i] {
            Tile::Wall if self.owner[i] == 0 || self.owner[i] == BORDER => Cell::Rock,
            Tile::Wall => Cell::Ring,
            Tile::Floor | Tile::StairsDown | Tile::StairsUp => Cell::Floor,
            Tile::Corridor => Cell::Corridor,
            Tile::Door(s) => Cell::Door(s),
            // Terrain comes after digging, over room floor and corridor: the builder never sees
            // it, but what it stands on is ground.
            Tile::Grass
            | Tile::ShallowWater
            | Tile::DeepWater
            | Tile::Lava
            | Tile::Chasm
            | Tile::Bridge
            | Tile::Ashes
            | Tile::Fungus => Cell::Floor,
            Tile::SecretDoor | Tile::SecretCorridor | Tile::Crystal | Tile::Torch => Cell::Ring,
        }
    }

    /// The room whose ring or floor holds `p`.
    pub(crate) fn owner(&self, p: Pos) -> Option<usize> {
        if !self.in_bounds(p) {
            return None;
        }
        match self.owner[self.idx(p)] {
            0 | BORDER => None,
            r => Some(usize::from(r) - 1),
        }
    }

    pub fn is_walkable(&self, p: Pos) -> bool {
        self.cell(p).is_walkable()
    }

    /// Rock or corridor strictly inside the border: where a corridor may run.
    #[inline]
    pub(crate) fn is_diggable(&self, p: Pos) -> bool {
        self.interior(p) && self.dig_cost(self.idx(p)).is_some()
    }

    /// What running a corridor through tile `i` costs A*: 1 along an existing corridor,
    /// `ROCK_COST` through rock, `None` where no corridor may run (rooms, doors, the border).
    #[inline]
    fn dig_cost(&self, i: usize) -> Option<u32> {
        match self.toll[i] {
            0 => None,
            toll => Some(u32::from(toll)),
        }
    }

    /// Makes `p` walkable and joins it to its walkable neighbours. Only tiles inside the border
    /// are ever dug, so the neighbours are found by index.
    fn set_walkable(&mut self, p: Pos, tile: Tile) {
        debug_assert!(self.interior(p));
        let (i, w) = (self.idx(p), self.w as usize);
        self.tiles[i] = tile;
        self.toll[i] = u8::from(tile == Tile::Corridor);
        if tile == Tile::Corridor
            && let Some(record) = &mut self.record
        {
            record[i] = self.digging;
        }
        self.parent[i] = ROOT | 1;
        // The new tile's root is carried from one join to the next instead of found again.
        let mut root = i;
        for j in [i - 1, i + 1, i - w, i + w] {
            if self.tiles[j].is_walkable() {
                let rj = self.find(j);
                root = self.link(root, rj);
            }
        }
    }

    /// Turns rock at `p` into corridor (other walkable tiles are left as they are).
    pub(crate) fn dig(&mut self, p: Pos) {
        if self.in_bounds(p) && self.is_rock(self.idx(p)) {
            self.set_walkable(p, Tile::Corridor);
        }
    }

    /// Diggable rock (inside the border, in no room) by its toll: one byte read.
    #[inline]
    fn is_rock(&self, i: usize) -> bool {
        self.toll[i] == ROCK_COST as u8
    }

    /// The index offset of one step in `dir`.
    fn offset(&self, dir: Dir) -> isize {
        match dir {
            Dir::North => -(self.w as isize),
            Dir::South => self.w as isize,
            Dir::West => -1,
            Dir::East => 1,
        }
    }

    /// How many rock tiles lie straight ahead of `p` in `dir`, and the cell that ends the run
    /// (the border ends it as `Cell::Rock`).
    pub(crate) fn rock_run(&self, p: Pos, dir: Dir) -> (u32, Cell) {
        let step = self.offset(dir);
        let mut i = self.idx(p).wrapping_add_signed(step);
        let mut n = 0;
        // Rock is exactly toll ROCK_COST, and the border's toll is 0: no bounds test needed.
        while self.toll.get(i) == Some(&(ROCK_COST as u8)) {
            n += 1;
            i = i.wrapping_add_signed(step);
        }
        let ((dx, dy), k) = (dir.delta(), n as i32 + 1);
        let end = p.offset(dx * k, dy * k);
        (n, self.cell(end))
    }

    /// Starts recording, for each tile dug as corridor, the `digging` code at the time (what the
    /// generator lab shows). Recording draws nothing from the random stream: the level is the
    /// same with or without it.
    pub(crate) fn record_digging(&mut self) {
        self.record = Some(vec![0; self.tiles.len()]);
    }

    /// The record `record_digging` started, if it did.
    pub(crate) fn take_record(&mut self) -> Option<Vec<u8>> {
        self.record.take()
    }

    /// The finished level, with the player at the centre of the first room.
    pub fn finish(mut self) -> TileMap {
        let (tiles, rooms) = (std::mem::take(&mut self.tiles), std::mem::take(&mut self.rooms));
        self.make_map(tiles, rooms)
    }

    #[cfg(test)]
    fn to_tilemap(&self) -> TileMap {
        self.make_map(self.tiles.clone(), self.rooms.clone())
    }

    fn make_map(&self, tiles: Vec<Tile>, rooms: Vec<Rect>) -> TileMap {
        let start = rooms.first().map_or(Pos::new(0, 0), Rect::center);
        TileMap::from_parts(self.w as u32, self.h as u32, tiles, rooms, start)
    }

    /// The level so far in the ASCII legend (for tests and debugging).
    #[cfg(test)]
    pub fn ascii(&self) -> String {
        self.to_tilemap().to_ascii()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generation::corridors::legs;

    #[test]
    fn reachability_follows_digging_and_pruning() {
        let rooms = vec![Rect::new(2, 2, 4, 4), Rect::new(14, 2, 4, 4)];
        let mut b = Builder::new(22, 10, rooms);
        let mut rng = GenRng::new(1);
        assert_eq!(b.first_unreachable(), Some(Pos::new(14, 2)), "two rooms, no corridor");
        assert!(b.carve(&legs(Pos::new(3, 3), &[(true, 15)]), &mut rng));
        assert_eq!(b.first_unreachable(), None);
        // A stub off the corridor, then pruned: still all reachable, and the stub is gone.
        b.dig(Pos::new(10, 4));
        b.dig(Pos::new(10, 5));
        b.loose_ends.push(Pos::new(10, 5));
        assert_eq!(b.first_unreachable(), None);
        b.prune_dead_ends();
        assert_eq!(b.cell(Pos::new(10, 5)), Cell::Rock);
        assert_eq!(b.cell(Pos::new(10, 4)), Cell::Rock);
        assert_eq!(b.first_unreachable(), None);
        // A lone dug tile is a walkable tile nobody can reach.
        b.dig(Pos::new(10, 8));
        assert_eq!(b.first_unreachable(), Some(Pos::new(10, 8)));
    }

    #[test]
    fn tolls_follow_the_tiles_through_whole_levels() {
        use crate::generation::{bsp, corridors::CorridorStyle};
        // Every style digs, cuts doors, routes round masks and prunes: afterwards each toll
        // must still say what its tile is.
        for style in CorridorStyle::ALL {
            for seed in 0..20 {
                let mut rng = GenRng::new(seed);
                let layout = bsp::layout(
                    Rect::new(0, 0, 80, 50),
                    &crate::generation::depth::Shape::at(1),
                    &mut rng,
                );
                let mut b = Builder::new(80, 50, layout.rooms);
                crate::generation::corridors::dig_all(&mut b, &layout.links, style, 0, &mut rng);
                for i in 0..b.tiles.len() {
                    let expected = match b.tiles[i] {
                        Tile::Corridor => 1,
                        Tile::Wall if b.owner[i] == 0 => ROCK_COST as u8,
                        _ => 0,
                    };
                    assert_eq!(b.toll[i], expected, "{style} seed {seed} at {:?}", b.pos(i));
                }
            }
        }
    }

    #[test]
    fn route_within_keeps_off_avoided_tiles_and_inside_the_window() {
        let mut b = Builder::new(12, 9, vec![]);
        let (from, to) = (Pos::new(2, 4), Pos::new(9, 4));
        let all = Rect::new(0, 0, 12, 9);
        // A dead column with one gap: the path goes through the gap and nowhere else in it.
        let gapped = |p: Pos| p.x == 5 && p.y != 3;
        let path = b.route_within(from, to, all, gapped).expect("through the gap");
        assert!(path.iter().all(|&p| !gapped(p)), "{path:?}");
        assert!(path.contains(&Pos::new(5, 3)));
        assert_eq!(path.len(), 10, "one step aside and one back: {path:?}");
        // Nothing avoided: straight along the row, as `route` goes.
        let straight = b.route_within(from, to, all, |_| false).unwrap();
        assert_eq!(straight.len(), 8);
        assert_eq!(Some(straight), b.route(from, to));
        // The window alone also bounds the search.
        assert_eq!(
            b.route_within(from, to, Rect::new(5, 0, 7, 9), |_| false),
            None,
            "the start is outside"
        );
    }

    #[test]
    fn avoided_tiles_that_touch_a_wall_stay_open() {
        // Everything avoided: only the tiles touching the border (a wall) are left, so the way
        // runs round the edge of the map; a dead column alone leaves its two ends open.
        let mut b = Builder::new(12, 9, vec![]);
        let (from, to) = (Pos::new(1, 4), Pos::new(10, 4));
        let all = Rect::new(0, 0, 12, 9);
        let path = b.route_within(from, to, all, |_| true).expect("round the edge");
        let touches_border = |p: Pos| p.x == 1 || p.x == 10 || p.y == 1 || p.y == 7;
        assert!(path.iter().all(|&p| touches_border(p)), "{path:?}");
        assert_eq!(path.len(), 3 + 9 + 3 + 1);
        let column = b
            .route_within(from, to, all, |p| p.x == 5)
            .expect("past an end of the column");
        assert!(
            column.contains(&Pos::new(5, 1)) || column.contains(&Pos::new(5, 7)),
            "{column:?}"
        );
        // Likewise round a room: its wall runs from (4, 5) to (8, 9), and the open band is the
        // ring of tiles just outside it, out of reach of the band along the border.
        let mut b = Builder::new(14, 14, vec![Rect::new(5, 6, 3, 3)]);
        let all = Rect::new(0, 0, 14, 14);
        let path = b
            .route_within(Pos::new(3, 7), Pos::new(9, 7), all, |_| true)
            .expect("round the room");
        let band = Rect::new(3, 4, 7, 7);
        assert!(
            path.iter().all(|&p| band.contains(p) && !band.grow(-1).contains(p)),
            "{path:?}"
        );
        assert_eq!(path.len(), 3 + 6 + 3 + 1);
    }

    #[test]
    fn doors_only_where_a_path_crosses_a_wall_straight_on() {
        let rooms = vec![Rect::new(3, 3, 4, 4)];
        let b = Builder::new(14, 12, rooms);
        // Straight out through the east wall: one door.
        assert_eq!(
            b.check_path(&legs(Pos::new(5, 4), &[(true, 10)])),
            Some(vec![Pos::new(7, 4)])
        );
        // Along the wall (tangent) or through a corner: refused.
        assert_eq!(
            b.check_path(&legs(Pos::new(1, 1), &[(true, 9)])),
            Some(vec![]),
            "outside the ring"
        );
        assert_eq!(
            b.check_path(&legs(Pos::new(3, 2), &[(true, 6)])),
            None,
            "along the north wall"
        );
        assert_eq!(
            b.check_path(&legs(Pos::new(1, 2), &[(true, 2), (false, 9)])),
            None,
            "through the corner"
        );
        // Two doors side by side in one path: refused.
        let in_out = [
            Pos::new(8, 4),
            Pos::new(7, 4),
            Pos::new(6, 4),
            Pos::new(6, 5),
            Pos::new(7, 5),
            Pos::new(8, 5),
        ];
        assert_eq!(b.check_path(&in_out), None);
    }
}

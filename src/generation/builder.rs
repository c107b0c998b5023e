//! The level under construction: what each tile is, which room owns it, which walkable tiles are
//! already connected, and the rules every corridor style digs by.
//!
//! Corridors only ever turn rock into corridor and cut doors through room walls where a path
//! crosses a wall straight on (floor on one side, outside on the other, never at a corner, never
//! beside another door). So every door is framed by wall on two opposite sides, and doors never
//! touch, whatever the style.

use crate::map::{Dir, DoorState, Pos, Rect, Tile, TileMap, count_walkable};

use super::rng::GenRng;

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

/// A*'s open set: a bucket queue on f (small whole numbers), last in first out within a bucket,
/// so ties go to the most recent (usually deepest) node. Pushes below the current bucket are
/// allowed: the heuristic is not consistent where corridors are reused.
///
/// The buckets are singly linked lists threaded through one pool of entries, so a search makes
/// no allocation once the pool has grown (a `Vec` per bucket cost ~170 allocations per level).
#[derive(Default)]
struct OpenSet {
    /// Each bucket's latest entry in `pool`, or `NONE`.
    heads: Vec<u32>,
    /// Every entry pushed since the last clear; popped ones are simply unlinked.
    pool: Vec<Entry>,
    cur: usize,
    /// Highest bucket used since the last clear.
    top: usize,
}

#[derive(Clone, Copy)]
struct Entry {
    tile: u32,
    /// The tile's position, kept so that a pop needs no division to find it.
    x: u16,
    y: u16,
    /// The next (older) entry in the same bucket, or `NONE`.
    next: u32,
}

const NONE: u32 = u32::MAX;

impl OpenSet {
    fn clear(&mut self) {
        // Buckets below `cur` are empty: a push lowers `cur` to its bucket, and a pop moves `cur`
        // only past empty ones. So only `cur..=top` can still hold entries (a few buckets after a
        // search that reached its goal, instead of every bucket up to the goal's cost).
        debug_assert!(self.heads.iter().take(self.cur).all(|&h| h == NONE));
        if let Some(used) = self.heads.get_mut(self.cur.min(self.top)..=self.top) {
            used.fill(NONE);
        }
        self.pool.clear();
        self.cur = usize::MAX;
        self.top = 0;
    }

    fn push(&mut self, f: u32, tile: u32, p: Pos) {
        let f = f as usize;
        if f >= self.heads.len() {
            self.heads.resize(f + 1, NONE);
        }
        // Positions inside a map fit in u16 (sides are at most `MAX_SIDE`).
        let (x, y) = (p.x as u16, p.y as u16);
        self.pool.push(Entry {
            tile,
            x,
            y,
            next: self.heads[f],
        });
        self.heads[f] = (self.pool.len() - 1) as u32;
        self.cur = self.cur.min(f);
        self.top = self.top.max(f);
    }

    fn pop(&mut self) -> Option<(u32, u32, Pos)> {
        while self.cur <= self.top {
            let head = self.heads[self.cur];
            if head != NONE {
                let e = self.pool[head as usize];
                self.heads[self.cur] = e.next;
                return Some((self.cur as u32, e.tile, Pos::new(i32::from(e.x), i32::from(e.y))));
            }
            self.cur += 1;
        }
        None
    }
}

/// A* bookkeeping for one tile, meaningful while `stamp` is the current search's number. One
/// array of these instead of three: a neighbour's record is one cache line, not three. Eight
/// bytes: the way back is one of four steps, packed under the cost.
#[derive(Clone, Copy, Default)]
struct Node {
    stamp: u32,
    /// `cost << 2 | back`, where `back` indexes `steps` (costs stay far below 2^30).
    link: u32,
}

impl Node {
    const fn cost(self) -> u32 {
        self.link >> 2
    }

    const fn back(self) -> usize {
        (self.link & 3) as usize
    }
}

/// Whether all eight tiles around interior tile `j` may take a corridor (a non-zero toll), in a
/// map `w` tiles wide.
fn open_around(toll: &[u8], j: usize, w: usize) -> bool {
    [j - w - 1, j - w, j - w + 1, j - 1, j + 1, j + w - 1, j + w, j + w + 1]
        .iter()
        .all(|&k| toll[k] != 0)
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

pub struct Builder {
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
    pub fn interior(&self, p: Pos) -> bool {
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
        }
    }

    /// The room whose ring or floor holds `p`.
    pub fn owner(&self, p: Pos) -> Option<usize> {
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
    pub fn is_diggable(&self, p: Pos) -> bool {
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

    fn find(&mut self, i: usize) -> usize {
        let mut root = i;
        while self.parent[root] & ROOT == 0 {
            root = self.parent[root] as usize;
        }
        let mut cur = i;
        while cur != root {
            let next = self.parent[cur] as usize;
            self.parent[cur] = root as u32;
            cur = next;
        }
        root
    }

    /// Joins the sets of roots `ra` and `rb`; returns the joined set's root.
    fn link(&mut self, ra: usize, rb: usize) -> usize {
        if ra == rb {
            return ra;
        }
        // The smaller set joins the larger (ties: the lower index stays root): shallow trees.
        let (sa, sb) = (self.parent[ra] & !ROOT, self.parent[rb] & !ROOT);
        let (root, child) = match sa.cmp(&sb) {
            std::cmp::Ordering::Greater => (ra, rb),
            std::cmp::Ordering::Less => (rb, ra),
            std::cmp::Ordering::Equal => (ra.min(rb), ra.max(rb)),
        };
        self.parent[root] = ROOT | (sa + sb);
        self.parent[child] = root as u32;
        root
    }

    /// True when walkable tiles `a` and `b` are joined by a 4-way path.
    pub fn connected(&mut self, a: Pos, b: Pos) -> bool {
        let (ia, ib) = (self.idx(a), self.idx(b));
        self.find(ia) == self.find(ib)
    }

    pub fn rooms_connected(&mut self, a: usize, b: usize) -> bool {
        let (pa, pb) = (self.rooms[a].center(), self.rooms[b].center());
        self.connected(pa, pb)
    }

    /// Makes `p` walkable and joins it to its walkable neighbours. Only tiles inside the border
    /// are ever dug, so the neighbours are found by index.
    fn set_walkable(&mut self, p: Pos, tile: Tile) {
        debug_assert!(self.interior(p));
        let (i, w) = (self.idx(p), self.w as usize);
        self.tiles[i] = tile;
        self.toll[i] = u8::from(tile == Tile::Corridor);
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
    pub fn dig(&mut self, p: Pos) {
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
    pub fn rock_run(&self, p: Pos, dir: Dir) -> (u32, Cell) {
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

    /// Whether `p` may become (or already is) a door leading out of its room towards `out`:
    /// a wall tile with the room's floor behind it, diggable ground in front of it, and no door
    /// beside it along the wall (`planned` counts as doors too).
    pub fn can_door(&self, p: Pos, out: Dir, planned: &[Pos]) -> bool {
        // Ring tiles lie inside the border, so their neighbours are found by index.
        if !self.interior(p) {
            return false;
        }
        let i = self.idx(p);
        let room = self.owner[i];
        if room == 0 || room == BORDER {
            return false;
        }
        match self.tiles[i] {
            Tile::Door(_) => {}
            Tile::Wall => {
                let along = self.offset(out.right());
                for q in [i.wrapping_add_signed(along), i.wrapping_add_signed(-along)] {
                    if self.tiles[q].is_door() || planned.iter().any(|&d| self.idx(d) == q) {
                        return false;
                    }
                }
            }
            _ => return false,
        }
        let step = self.offset(out);
        let (inside, outside) = (i.wrapping_add_signed(-step), i.wrapping_add_signed(step));
        self.tiles[inside] == Tile::Floor && self.owner[inside] == room && self.dig_cost(outside).is_some()
    }

    fn make_door(&mut self, p: Pos, rng: &mut GenRng) {
        if self.cell(p) == Cell::Ring {
            let state = if rng.percent(OPEN_DOOR_PCT) {
                DoorState::Open
            } else {
                DoorState::Closed
            };
            self.set_walkable(p, Tile::Door(state));
        }
    }

    /// Checks that `path` may be dug: it stays inside the border and crosses walls only straight
    /// through doorways. Returns the wall tiles that would become doors.
    pub fn check_path(&self, path: &[Pos]) -> Option<Vec<Pos>> {
        let mut doors = Vec::new();
        self.doorways_into(path, &mut doors).map(|()| doors)
    }

    /// `check_path`, appending the doorways to a list the caller owns.
    fn doorways_into(&self, path: &[Pos], doors: &mut Vec<Pos>) -> Option<()> {
        for (i, &p) in path.iter().enumerate() {
            if !self.interior(p) {
                return None;
            }
            if i > 0 && path[i - 1].manhattan(p) != 1 {
                return None;
            }
            // Rock and corridor (a toll) are dug or walked freely, as are existing doorways;
            // new ones must be crossed straight on.
            if self.toll[self.idx(p)] == 0 && self.cell(p) == Cell::Ring {
                let (Some(&prev), Some(&next)) = (i.checked_sub(1).and_then(|j| path.get(j)), path.get(i + 1)) else {
                    return None;
                };
                // The crossing must go straight through: the room's floor on one side, the
                // outside on the other.
                let room = self.owner(p);
                let is_inside = |q: Pos| self.cell(q) == Cell::Floor && self.owner(q) == room;
                let (inside, out) = if is_inside(prev) { (prev, next) } else { (next, prev) };
                let dir = Dir::ALL.into_iter().find(|&d| p.step(d) == out)?;
                if inside != p.step(dir.opposite()) || !self.can_door(p, dir, doors) {
                    return None;
                }
                doors.push(p);
            }
        }
        Some(())
    }

    /// Digs `path` if `check_path` allows it. Returns whether it was dug.
    pub fn carve(&mut self, path: &[Pos], rng: &mut GenRng) -> bool {
        // The doorway list is scratch kept between calls: most paths cross no wall at all.
        let mut doors = std::mem::take(&mut self.crossings);
        doors.clear();
        let ok = self.doorways_into(path, &mut doors).is_some();
        if ok {
            for &p in path {
                if self.is_rock(self.idx(p)) {
                    self.set_walkable(p, Tile::Corridor);
                }
            }
            for &d in &doors {
                self.make_door(d, rng);
            }
        }
        self.crossings = doors;
        ok
    }

    /// A doorway out of `room` through the wall facing `dir`: a new door where one may go, else an
    /// existing door on that wall. The tile in front of it is dug. Returns (door, outside).
    pub fn door_toward(&mut self, room: usize, dir: Dir, rng: &mut GenRng) -> Option<(Pos, Pos)> {
        let r = self.rooms[room];
        let (start, along, len) = match dir {
            Dir::North => (Pos::new(r.x, r.y - 1), Dir::East, r.w),
            Dir::South => (Pos::new(r.x, r.bottom()), Dir::East, r.w),
            Dir::West => (Pos::new(r.x - 1, r.y), Dir::South, r.h),
            Dir::East => (Pos::new(r.right(), r.y), Dir::South, r.h),
        };
        // One pass along the wall: where a doorway may be, and whether it would be a new door.
        // The tiles of one side of a ring, between its corners, all belong to this room and
        // have its floor behind them, so `can_door` comes down to: a wall with no door either
        // side along it (a new door) or a door already, and a toll in front (checked against
        // `can_door` itself in debug builds).
        let mut spots = std::mem::take(&mut self.doorways);
        spots.clear();
        spots.reserve(len as usize); // room for the whole wall: one allocation, not a doubling series
        let (out, side) = (self.offset(dir), self.offset(along));
        let mut i = self.idx(start);
        for k in 0..len {
            let ahead = self.toll[i.wrapping_add_signed(out)] != 0;
            let spot = match self.tiles[i] {
                Tile::Wall => {
                    let door_at = |j: usize| self.tiles[j].is_door();
                    let apart = !door_at(i.wrapping_add_signed(side)) && !door_at(i.wrapping_add_signed(-side));
                    (ahead && apart).then_some(true)
                }
                Tile::Door(_) => ahead.then_some(false),
                _ => None,
            };
            let p = start.offset(along.delta().0 * k, along.delta().1 * k);
            debug_assert_eq!(spot.is_some(), self.can_door(p, dir, &[]), "door rule at {p:?}");
            if let Some(new) = spot {
                spots.push((p, new));
            }
            i = i.wrapping_add_signed(side);
        }
        // A uniform pick among the new doorways, else among the existing doors.
        let fresh = spots.iter().filter(|&&(_, new)| new).count();
        let door = if fresh > 0 {
            let nth = rng.below(fresh as u32) as usize;
            spots.iter().filter(|&&(_, new)| new).nth(nth).map(|&(p, _)| p)
        } else {
            rng.pick(&spots).map(|(p, _)| p)
        };
        self.doorways = spots;
        let door = door?;
        self.make_door(door, rng);
        let outside = door.step(dir);
        self.dig(outside);
        Some((door, outside))
    }

    /// A cheap 4-way path from `from` to `to` over diggable tiles (A*). Digging rock costs
    /// `ROCK_COST`, following an existing corridor 1 (so new corridors merge into old ones instead
    /// of running beside them). The heuristic is the Manhattan distance dug through rock: exact
    /// over open rock, slightly greedy where corridors could be reused, which keeps the search
    /// narrow. Ties go to the latest pushed node: deterministic. Both ends included.
    pub fn route(&mut self, from: Pos, to: Pos) -> Option<Vec<Pos>> {
        let all = Rect::new(0, 0, self.w, self.h);
        self.search::<false>(from, to, all, |_| false)
    }

    /// `route`, kept inside `window` and off the tiles `avoid` names (a dead-zone mask), except
    /// those that touch, even corner to corner, a tile no corridor may enter (a room, a door, the
    /// border). Masked tiles then never join up with walls: they cannot seal a door off or close
    /// the gap between two rooms, so (as long as they also keep two tiles inside the window) a
    /// masked search fails only where an unmasked one would, instead of searching the whole
    /// window first. `avoid` is asked at most once per tile and search, when the search first
    /// reaches the tile, so a mask over a large area costs only the tiles the search looks at.
    pub fn route_within(&mut self, from: Pos, to: Pos, window: Rect, avoid: impl Fn(Pos) -> bool) -> Option<Vec<Pos>> {
        self.search::<true>(from, to, window, avoid)
    }

    /// Makes the A* scratch ready for a new search: sized on the first one, stamps renewed.
    fn begin_search(&mut self) {
        if self.nodes.is_empty() {
            self.nodes = vec![Node::default(); self.tiles.len()];
            // Room for a search across the map over open rock, so the queue rarely regrows.
            let across = 2 * (self.w + self.h) as usize;
            self.open.heads.resize(2 * across, NONE);
            self.open.pool.reserve(2 * across);
            self.trail.reserve(across);
        }
        self.search = self.search.wrapping_add(1);
        if self.search == 0 {
            self.nodes.fill(Node::default());
            self.search = 1;
        }
    }

    /// The A* of `route` and `route_within`; two copies, so that only searches `WINDOWED` test
    /// steps against a window and a mask.
    fn search<const WINDOWED: bool>(
        &mut self,
        from: Pos,
        to: Pos,
        window: Rect,
        avoid: impl Fn(Pos) -> bool,
    ) -> Option<Vec<Pos>> {
        if !self.interior(from) || !self.interior(to) {
            return None;
        }
        self.begin_search();
        let (s, t) = (self.idx(from), self.idx(to));
        let (w, search) = (self.w as usize, self.search);
        let h = |q: Pos| ROCK_COST * q.manhattan(to);
        // `window.contains` in two unsigned compares joined without a branch (the window is
        // never empty): one branch per step instead of up to four.
        let (wx, wy, ww, wh) = (window.x, window.y, window.w as u32, window.h as u32);
        let inside = |q: Pos| ((q.x.wrapping_sub(wx) as u32) < ww) & ((q.y.wrapping_sub(wy) as u32) < wh);
        // Borrowed field by field, so the loop keeps the arrays in registers instead of
        // reloading them through `self` after every write.
        let Self { toll, nodes, open, .. } = self;
        open.clear();
        nodes[s] = Node { stamp: search, link: 0 };
        // West, east, north, south; the step back from a neighbour reached by step k is k ^ 1.
        let steps = [-1, 1, -(w as isize), w as isize];
        open.push(h(from), s as u32, from);
        while let Some((f, i, p)) = open.pop() {
            let i = i as usize;
            let g = nodes[i].cost();
            if f != g + h(p) {
                continue; // superseded by a cheaper entry
            }
            if i == t {
                return Some(self.trace_back(s, t, to, steps));
            }
            // Neighbours by index: every tile reached is inside the border (border tiles are
            // never diggable), so its four neighbours are in bounds.
            let ahead = [p.offset(-1, 0), p.offset(1, 0), p.offset(0, -1), p.offset(0, 1)];
            for (k, q) in ahead.into_iter().enumerate() {
                let j = i.wrapping_add_signed(steps[k]);
                if toll[j] == 0 || (WINDOWED && !inside(q)) {
                    continue;
                }
                let ng = g + u32::from(toll[j]);
                let node = &mut nodes[j];
                if node.stamp != search {
                    if WINDOWED && avoid(q) && open_around(toll, j, w) {
                        // Reached for the first time, and masked: recorded as reached at cost 0,
                        // which no path improves on, so it is never asked about or entered.
                        *node = Node { stamp: search, link: 0 };
                        continue;
                    }
                } else if ng >= node.cost() {
                    continue;
                }
                *node = Node {
                    stamp: search,
                    link: ng << 2 | (k ^ 1) as u32,
                };
                open.push(ng + h(q), j as u32, q);
            }
        }
        None
    }

    /// The path the last search found from tile `s` to tile `t` (at `to`), both included, in
    /// one allocation of exactly its length. One walk back along the links, into scratch space,
    /// following the position step by step as well (`pos` would divide at every tile).
    fn trace_back(&mut self, s: usize, t: usize, to: Pos, steps: [isize; 4]) -> Vec<Pos> {
        // The moves that go with `steps`: west, east, north, south.
        const MOVES: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
        let mut trail = std::mem::take(&mut self.trail);
        trail.clear();
        let (mut cur, mut p) = (t, to);
        trail.push(p);
        while cur != s {
            let k = self.nodes[cur].back();
            cur = cur.wrapping_add_signed(steps[k]);
            p = p.offset(MOVES[k].0, MOVES[k].1);
            trail.push(p);
        }
        let path = trail.iter().rev().copied().collect();
        self.trail = trail;
        path
    }

    /// Corridor tiles with exactly one walkable neighbour, removed repeatedly until none is left;
    /// a door left with nothing in front of it turns back into wall. The last step of digging.
    pub fn prune_dead_ends(&mut self) {
        let open_sides = |b: &Self, p: Pos| p.neighbours4().iter().filter(|&&q| b.is_walkable(q)).count();
        let mut work = std::mem::take(&mut self.loose_ends);
        while let Some(p) = work.pop() {
            let cell = self.cell(p);
            if !matches!(cell, Cell::Corridor | Cell::Door(_)) || open_sides(self, p) > 1 {
                continue;
            }
            let i = self.idx(p);
            // A door turns back into its ring's wall, a corridor into rock; its set is one
            // smaller (its entry stays, so the set's other tiles still find their root).
            self.tiles[i] = Tile::Wall;
            self.toll[i] = if self.owner[i] == 0 { ROCK_COST as u8 } else { 0 };
            let root = self.find(i);
            self.parent[root] -= 1;
            work.extend(p.neighbours4().into_iter().filter(|&q| self.is_walkable(q)));
        }
        // Removing a dead end never disconnects the tiles that remain, so the union-find stays
        // right for them; the removed tiles keep stale entries, which is why pruning comes last.
    }

    /// The first walkable tile not joined to the first room, if any: the level's reachability
    /// check, answered by the union-find kept while digging (4-way moves, doors walkable).
    pub fn first_unreachable(&mut self) -> Option<Pos> {
        let start = self.idx(self.rooms.first()?.center());
        let home = self.find(start);
        let walkable = count_walkable(&self.tiles);
        // The first room's set holds every walkable tile exactly when its size says so.
        if (self.parent[home] & !ROOT) as usize == walkable {
            return None;
        }
        (0..self.tiles.len())
            .find(|&i| self.tiles[i].is_walkable() && self.find(i) != home)
            .map(|i| self.pos(i))
    }

    /// The finished level, with the player at the centre of the first room.
    pub fn finish(mut self) -> TileMap {
        let (tiles, rooms) = (std::mem::take(&mut self.tiles), std::mem::take(&mut self.rooms));
        self.make_map(tiles, rooms)
    }

    fn to_tilemap(&self) -> TileMap {
        self.make_map(self.tiles.clone(), self.rooms.clone())
    }

    fn make_map(&self, tiles: Vec<Tile>, rooms: Vec<Rect>) -> TileMap {
        let start = rooms.first().map_or(Pos::new(0, 0), Rect::center);
        TileMap::from_parts(self.w as u32, self.h as u32, tiles, rooms, start)
    }

    /// The level so far in the ASCII legend (for tests and debugging).
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

//! A* for corridors: a bucket-queue open set threaded through one pool, one 8-byte record per
//! tile, searches stamped instead of cleared; windowed and masked searches for dead zones.

use super::*;

/// A*'s open set: a bucket queue on f (small whole numbers), last in first out within a bucket,
/// so ties go to the most recent (usually deepest) node. Pushes below the current bucket are
/// allowed: the heuristic is not consistent where corridors are reused.
///
/// The buckets are singly linked lists threaded through one pool of entries, so a search makes
/// no allocation once the pool has grown (a `Vec` per bucket cost ~170 allocations per level).
#[derive(Default)]
pub(super) struct OpenSet {
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
    pub(super) fn clear(&mut self) {
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

    pub(super) fn push(&mut self, f: u32, tile: u32, p: Pos) {
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

    pub(super) fn pop(&mut self) -> Option<(u32, u32, Pos)> {
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
pub(super) struct Node {
    stamp: u32,
    /// `cost << 2 | back`, where `back` indexes `steps` (costs stay far below 2^30).
    link: u32,
}

impl Node {
    pub(super) const fn cost(self) -> u32 {
        self.link >> 2
    }

    pub(super) const fn back(self) -> usize {
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

impl Builder {
    /// A cheap 4-way path from `from` to `to` over diggable tiles (A*). Digging rock costs
    /// `ROCK_COST`, following an existing corridor 1 (so new corridors merge into old ones instead
    /// of running beside them). The heuristic is the Manhattan distance dug through rock: exact
    /// over open rock, slightly greedy where corridors could be reused, which keeps the search
    /// narrow. Ties go to the latest pushed node: deterministic. Both ends included.
    pub(crate) fn route(&mut self, from: Pos, to: Pos) -> Option<Vec<Pos>> {
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
    pub(crate) fn route_within(
        &mut self,
        from: Pos,
        to: Pos,
        window: Rect,
        avoid: impl Fn(Pos) -> bool,
    ) -> Option<Vec<Pos>> {
        self.search::<true>(from, to, window, avoid)
    }

    /// Makes the A* scratch ready for a new search: sized on the first one, stamps renewed.
    pub(super) fn begin_search(&mut self) {
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
    pub(super) fn search<const WINDOWED: bool>(
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
    pub(super) fn trace_back(&mut self, s: usize, t: usize, to: Pos, steps: [isize; 4]) -> Vec<Pos> {
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
}

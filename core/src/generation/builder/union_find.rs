//! Union-find over tile indices: "is there a path?" in near-constant time, kept up to date as
//! tiles are dug; the level's reachability check.

use super::*;

impl Builder {
    pub(super) fn find(&mut self, i: usize) -> usize {
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
    pub(super) fn link(&mut self, ra: usize, rb: usize) -> usize {
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
    pub(crate) fn connected(&mut self, a: Pos, b: Pos) -> bool {
        let (ia, ib) = (self.idx(a), self.idx(b));
        self.find(ia) == self.find(ib)
    }

    pub(crate) fn rooms_connected(&mut self, a: usize, b: usize) -> bool {
        let (pa, pb) = (self.rooms[a].center(), self.rooms[b].center());
        self.connected(pa, pb)
    }

    /// The first walkable tile not joined to the first room, if any: the level's reachability
    /// check, answered by the union-find kept while digging (4-way moves, doors walkable).
    pub(crate) fn first_unreachable(&mut self) -> Option<Pos> {
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
}

//! The last step of digging: dead-end corridors removed until none is left.

use super::*;

impl Builder {
    /// Corridor tiles with exactly one walkable neighbour, removed repeatedly until none is left;
    /// a door left with nothing in front of it turns back into wall. The last step of digging.
    pub(crate) fn prune_dead_ends(&mut self) {
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
            if let Some(record) = &mut self.record {
                record[i] = 0;
            }
            let root = self.find(i);
            self.parent[root] -= 1;
            work.extend(p.neighbours4().into_iter().filter(|&q| self.is_walkable(q)));
        }
        // Removing a dead end never disconnects the tiles that remain, so the union-find stays
        // right for them; the removed tiles keep stale entries, which is why pruning comes last.
    }
}

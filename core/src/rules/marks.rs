//! A set of tile indices emptied at once, the scratch of the rules' walks over a level: the
//! player's line of sight, the crowd, the allies' sight (`senses`), a noise's walk (`noise`).

/// A set of tile indices emptied at once: a tile is in it while its stamp is the current one, so
/// clearing is a new stamp, not a pass over every tile.
#[derive(Clone, Debug, Default)]
pub(crate) struct Marks {
    stamp: Vec<u32>,
    current: u32,
}

impl Marks {
    /// Empties the set, sized for `n` tiles.
    pub(crate) fn clear(&mut self, n: usize) {
        if self.stamp.len() != n {
            self.stamp = vec![0; n];
            self.current = 0;
        }
        self.current = self.current.wrapping_add(1);
        if self.current == 0 {
            self.stamp.fill(0);
            self.current = 1;
        }
    }

    pub(crate) fn insert(&mut self, i: usize) {
        self.stamp[i] = self.current;
    }

    pub(crate) fn remove(&mut self, i: usize) {
        self.stamp[i] = 0;
    }

    pub(crate) fn contains(&self, i: usize) -> bool {
        self.stamp.get(i) == Some(&self.current)
    }

    /// Whether it was last sized for `n` tiles.
    pub(crate) fn sized_for(&self, n: usize) -> bool {
        self.stamp.len() == n
    }
}

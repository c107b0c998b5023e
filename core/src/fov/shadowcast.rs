//! Symmetric shadowcasting, as in Albert Ford's article: symmetric (A sees B exactly when B sees
//! A), expansive walls, expanding pillar shadows, no blind corners. Plain Rust over a "does this
//! tile block sight?" function; cost bounded by the radius, not the map.
//!
//! Slopes are exact fractions `(2·col − 1) / (2·depth)` kept as integer pairs, so there is no
//! floating-point rounding anywhere.

use crate::geom::Pos;

/// A slope `num / den` with `den > 0`.
#[derive(Clone, Copy, Debug)]
struct Slope {
    num: i64,
    den: i64,
}

impl Slope {
    /// The slope through the left edge of tile `col` at `depth`.
    const fn edge(depth: i64, col: i64) -> Self {
        Slope {
            num: 2 * col - 1,
            den: 2 * depth,
        }
    }
}

/// A row of a quadrant being scanned, between two slopes.
#[derive(Clone, Copy, Debug)]
struct Row {
    depth: i64,
    start: Slope,
    end: Slope,
}

impl Row {
    /// First column: depth·start rounded with ties up.
    fn min_col(&self) -> i64 {
        (2 * self.depth * self.start.num + self.start.den).div_euclid(2 * self.start.den)
    }

    /// Last column: depth·end rounded with ties down.
    fn max_col(&self) -> i64 {
        -(-(2 * self.depth * self.end.num - self.end.den)).div_euclid(2 * self.end.den)
    }

    /// First column whose centre is on or after the start slope: floor tiles are seen from
    /// here (symmetric visibility: the centre lies within the slopes).
    fn first_symmetric(&self) -> i64 {
        -(-self.depth * self.start.num).div_euclid(self.start.den)
    }

    /// Last column whose centre is on or before the end slope.
    fn last_symmetric(&self) -> i64 {
        (self.depth * self.end.num).div_euclid(self.end.den)
    }
}

/// The largest `h` with `h² ≤ room`: a float square root, corrected to be exact (cheaper per row
/// than the integer `isqrt`).
fn half_width(room: i64) -> i64 {
    let mut h = (room as f64).sqrt() as i64;
    while h * h > room {
        h -= 1;
    }
    while (h + 1) * (h + 1) <= room {
        h += 1;
    }
    h
}

/// A quadrant (north, east, south, west) as the map step for one row deeper and for one column
/// across, so a tile's position is a few additions rather than a match per tile.
#[derive(Clone, Copy, Debug)]
struct Quadrant {
    depth: (i32, i32),
    col: (i32, i32),
}

const QUADRANTS: [Quadrant; 4] = [
    Quadrant {
        depth: (0, -1),
        col: (1, 0),
    },
    Quadrant {
        depth: (1, 0),
        col: (0, 1),
    },
    Quadrant {
        depth: (0, 1),
        col: (1, 0),
    },
    Quadrant {
        depth: (-1, 0),
        col: (0, 1),
    },
];

/// The scan's fixed inputs, so the recursion passes only the row.
struct Caster<B, R> {
    origin: Pos,
    radius_sq: i64,
    blocks: B,
    reveal: R,
}

impl<B: Fn(Pos) -> bool, R: FnMut(Pos)> Caster<B, R> {
    /// Scans `row` and the rows behind it. A run of floor that ends in a wall continues as a
    /// narrower row (recursion, at most one level per row of depth); the run that reaches the
    /// row's end continues in this loop.
    fn scan(&mut self, q: Quadrant, mut row: Row) {
        loop {
            // Only the columns inside the radius disc are scanned. Tiles outside it are never
            // revealed, and what they hide lies outside the disc as well (a tile at (d, c) with
            // d² + c² > r² shadows only tiles farther than itself), so skipping them changes
            // nothing inside it.
            let room = self.radius_sq - row.depth * row.depth;
            if room < 0 {
                return;
            }
            let half = half_width(room);
            let (lo, hi) = (row.min_col().max(-half), row.max_col().min(half));
            if lo > hi {
                return;
            }
            let mut first_sym = row.first_symmetric();
            let last_sym = row.last_symmetric();
            let depth = row.depth as i32;
            let mut x = self.origin.x + q.depth.0 * depth + q.col.0 * lo as i32;
            let mut y = self.origin.y + q.depth.1 * depth + q.col.1 * lo as i32;
            // 0: no tile yet, 1: the previous tile was floor, 2: it was a wall.
            let mut prev = 0u8;
            for col in lo..=hi {
                let p = Pos::new(x, y);
                let wall = (self.blocks)(p);
                if wall || (first_sym..=last_sym).contains(&col) {
                    (self.reveal)(p);
                }
                if wall {
                    if prev == 1 {
                        let end = Slope::edge(row.depth, col);
                        self.scan(
                            q,
                            Row {
                                depth: row.depth + 1,
                                start: row.start,
                                end,
                            },
                        );
                    }
                    prev = 2;
                } else {
                    if prev == 2 {
                        // A wall run ended: the rest of the row is seen past its edge.
                        row.start = Slope::edge(row.depth, col);
                        first_sym = col;
                    }
                    prev = 1;
                }
                x += q.col.0;
                y += q.col.1;
            }
            if prev != 1 {
                return;
            }
            row.depth += 1;
        }
    }
}

/// Calls `reveal` for every tile visible from `origin` within `radius` (a tile is within the
/// radius when dx² + dy² ≤ radius²). Blocking tiles are revealed themselves but hide what is
/// behind them. `blocks` must answer `true` outside the map. A tile may be revealed more than
/// once (the diagonals belong to two quadrants).
///
/// Nothing is allocated: the rows in progress live on the call stack, one frame per wall run.
pub fn compute_fov(origin: Pos, radius: u32, blocks: impl Fn(Pos) -> bool, reveal: impl FnMut(Pos)) {
    let mut caster = Caster {
        origin,
        radius_sq: i64::from(radius.min(1 << 20)).pow(2),
        blocks,
        reveal,
    };
    (caster.reveal)(origin);
    for q in QUADRANTS {
        caster.scan(
            q,
            Row {
                depth: 1,
                start: Slope { num: -1, den: 1 },
                end: Slope { num: 1, den: 1 },
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_matches_the_article() {
        // depth 1, slopes -1..1: columns -1..=1.
        let row = Row {
            depth: 1,
            start: Slope { num: -1, den: 1 },
            end: Slope { num: 1, den: 1 },
        };
        assert_eq!((row.min_col(), row.max_col()), (-1, 1));
        // depth 2 with start slope 1/4 (0.5 → ties up to 1) and end 3/4 (1.5 → ties down to 1).
        let row = Row {
            depth: 2,
            start: Slope { num: 1, den: 4 },
            end: Slope { num: 3, den: 4 },
        };
        assert_eq!((row.min_col(), row.max_col()), (1, 1));
        // Negative ties: -0.5 rounds up to 0; end -0.5 rounds down to -1.
        let row = Row {
            depth: 1,
            start: Slope { num: -1, den: 2 },
            end: Slope { num: -1, den: 2 },
        };
        assert_eq!((row.min_col(), row.max_col()), (0, -1));
    }

    #[test]
    fn half_width_is_the_integer_square_root() {
        for room in (0..5000).chain([(1 << 40) - 1, 1 << 40, (1 << 40) + 1]) {
            assert_eq!(half_width(room), room.isqrt(), "{room}");
        }
    }

    #[test]
    fn open_field_is_a_disc() {
        let mut seen = std::collections::HashSet::new();
        compute_fov(
            Pos::new(0, 0),
            5,
            |_| false,
            |p| {
                seen.insert(p);
            },
        );
        for y in -6..=6 {
            for x in -6..=6 {
                assert_eq!(seen.contains(&Pos::new(x, y)), x * x + y * y <= 25, "({x}, {y})");
            }
        }
    }
}

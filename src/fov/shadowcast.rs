//! Symmetric shadowcasting, as in Albert Ford's article: symmetric (A sees B exactly when B sees
//! A), expansive walls, expanding pillar shadows, no blind corners. Plain Rust over a "does this
//! tile block sight?" function; cost bounded by the radius, not the map.
//!
//! Slopes are exact fractions `(2·col − 1) / (2·depth)` kept as integer pairs, so there is no
//! floating-point rounding anywhere.

use crate::map::Pos;

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

    /// Whether a floor tile at `col` is seen symmetrically: its centre lies within the slopes.
    fn is_symmetric(&self, col: i64) -> bool {
        col * self.start.den >= self.depth * self.start.num && col * self.end.den <= self.depth * self.end.num
    }
}

/// The tile `depth` rows out and `col` columns across in quadrant `q` (0 north, 1 east, 2 south,
/// 3 west) from `origin`.
#[inline]
fn transform(origin: Pos, q: u8, depth: i64, col: i64) -> Pos {
    let (d, c) = (depth as i32, col as i32);
    match q {
        0 => Pos::new(origin.x + c, origin.y - d),
        1 => Pos::new(origin.x + d, origin.y + c),
        2 => Pos::new(origin.x + c, origin.y + d),
        _ => Pos::new(origin.x - d, origin.y + c),
    }
}

/// Calls `reveal` for every tile visible from `origin` within `radius` (a tile is within the
/// radius when dx² + dy² ≤ radius²). Blocking tiles are revealed themselves but hide what is
/// behind them. `blocks` must answer `true` outside the map. A tile may be revealed more than
/// once (the axes and diagonals belong to two quadrants).
pub fn compute_fov(origin: Pos, radius: u32, blocks: impl Fn(Pos) -> bool, mut reveal: impl FnMut(Pos)) {
    reveal(origin);
    let r = i64::from(radius.min(1 << 20));
    let r2 = r * r;
    // Rows still to scan; a wall run ending inside a row pushes the row beyond it.
    let mut stack: Vec<Row> = Vec::with_capacity(16);
    for q in 0..4u8 {
        stack.push(Row {
            depth: 1,
            start: Slope { num: -1, den: 1 },
            end: Slope { num: 1, den: 1 },
        });
        while let Some(mut row) = stack.pop() {
            if row.depth > r {
                continue;
            }
            let mut prev: Option<bool> = None; // Some(true) = previous tile blocked
            let (lo, hi) = (row.min_col(), row.max_col());
            for col in lo..=hi {
                let p = transform(origin, q, row.depth, col);
                let wall = blocks(p);
                let in_radius = row.depth * row.depth + col * col <= r2;
                if in_radius && (wall || row.is_symmetric(col)) {
                    reveal(p);
                }
                if prev == Some(true) && !wall {
                    row.start = Slope::edge(row.depth, col);
                }
                if prev == Some(false) && wall {
                    stack.push(Row {
                        depth: row.depth + 1,
                        start: row.start,
                        end: Slope::edge(row.depth, col),
                    });
                }
                prev = Some(wall);
            }
            if prev == Some(false) {
                stack.push(Row {
                    depth: row.depth + 1,
                    start: row.start,
                    end: row.end,
                });
            }
        }
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

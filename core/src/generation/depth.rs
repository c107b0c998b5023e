//! Depth: which seed each level of a run has, and how depth shapes a level (seed 001: deeper
//! levels are more intricate, "doubling back on themselves and creating mazes").
//!
//! A run is one seed. Level `d`'s seed is `level_seed(run, d)`, so level 5 of run 42 is the same
//! level whichever way it was reached, and any level can be made without making the others.

use crate::rng::splitmix64;
pub use crate::world::DEEPEST;

/// Stream tags, so that level seeds and stairs anchors never share SplitMix64 outputs.
const LEVEL_STREAM: u64 = 0x6465_6c76_655f_6c76; // "delve_lv"
const ANCHOR_STREAM: u64 = 0x6465_6c76_655f_616e; // "delve_an"

/// The seed of level `depth` of run `run`: the run seed itself for level 1 (so `--seed N` names
/// the same first level as it always has), and output `depth` of SplitMix64 started at
/// `run ^ LEVEL_STREAM` below it.
pub const fn level_seed(run: u64, depth: u32) -> u64 {
    if depth <= 1 {
        run
    } else {
        splitmix64(run ^ LEVEL_STREAM, depth as u64)
    }
}

/// Where the stairs between level `depth` and level `depth + 1` should be: level `depth` puts
/// its `>` on the room floor nearest this point and level `depth + 1` its `<`, so the stairs of
/// neighbouring levels line up (as Brogue CE's do) while each level is still made on its own.
/// Consecutive anchors are at least a third of the map's width (or height, if larger) apart, so
/// a level's two stairs are far apart.
pub(crate) fn stairs_anchor(run: u64, depth: u32, width: u32, height: u32) -> (i32, i32) {
    let point = |n: u64| {
        let z = splitmix64(run ^ ANCHOR_STREAM, n);
        // Inside the border, with room for a room around the point.
        let x = 2 + (z as u32 % (width - 4).max(1)) as i32;
        let y = 2 + ((z >> 32) as u32 % (height - 4).max(1)) as i32;
        (x, y)
    };
    let apart = width.max(height) as i32 / 3;
    let mut prev: Option<(i32, i32)> = None;
    let mut current = (0, 0);
    // Each anchor depends on the one before it; the chain is cheap (a few hashes per level).
    for d in 1..=depth {
        let mut n = u64::from(d) << 8;
        current = point(n);
        if let Some((px, py)) = prev {
            // Rejection sampling with a bounded number of tries; the last try stands.
            for _ in 0..64 {
                if (current.0 - px).abs().max((current.1 - py).abs()) >= apart {
                    break;
                }
                n += 1;
                current = point(n);
            }
        }
        prev = Some(current);
    }
    current
}

/// The knobs depth turns. Depth 1 is the generator as it always was (so first levels keep their
/// layout); each level deeper splits into smaller leaves more often (more, smaller rooms, so more
/// and longer corridors), digs more of its corridors in the winding styles, and opens more loops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shape {
    /// BSP leaves larger than this are always split.
    pub max_leaf: i32,
    /// Chance (percent) that a leaf that may stay whole does.
    pub stop_pct: u32,
    /// At most this many loops per ten rooms.
    pub loops_per_ten_rooms: u32,
    /// Extra weight `mixed` gives the winding styles (chunked random walks, hallways, dead zones).
    pub winding: u32,
}

impl Shape {
    /// The shape of a level at `depth` (1 is the first level).
    pub const fn at(depth: u32) -> Shape {
        let d = if depth == 0 { 0 } else { depth - 1 };
        let max_leaf = 30 - 2 * d as i32;
        Shape {
            max_leaf: if max_leaf < 18 { 18 } else { max_leaf },
            stop_pct: 60 - 4 * (if d > 9 { 9 } else { d }),
            loops_per_ten_rooms: 1 + d,
            winding: d,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_seeds_are_distinct_and_level_one_is_the_run_seed() {
        assert_eq!(level_seed(42, 1), 42);
        let seeds: std::collections::HashSet<u64> = (1..=DEEPEST).map(|d| level_seed(42, d)).collect();
        assert_eq!(seeds.len(), DEEPEST as usize);
        assert_ne!(level_seed(42, 2), level_seed(43, 2));
    }

    #[test]
    fn consecutive_anchors_are_a_third_of_the_map_apart() {
        for run in 0..500 {
            for d in 2..DEEPEST {
                let (a, b) = (stairs_anchor(run, d - 1, 80, 50), stairs_anchor(run, d, 80, 50));
                assert!(
                    (a.0 - b.0).abs().max((a.1 - b.1).abs()) >= 80 / 3,
                    "run {run} depth {d}: {a:?} {b:?}"
                );
                assert!((2..78).contains(&b.0) && (2..48).contains(&b.1));
            }
        }
    }

    #[test]
    fn deeper_is_more_intricate() {
        for d in 1..DEEPEST {
            let (a, b) = (Shape::at(d), Shape::at(d + 1));
            assert!(b.max_leaf <= a.max_leaf && b.stop_pct < a.stop_pct);
            assert!(b.loops_per_ten_rooms > a.loops_per_ten_rooms && b.winding > a.winding);
        }
        assert_eq!((Shape::at(1).max_leaf, Shape::at(1).stop_pct), (30, 60));
    }
}

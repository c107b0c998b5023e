//! Binary space partitioning: split the level into leaves and place one room in each
//! (seed document 000).
//!
//! Leaves are listed left to right (depth-first), so the rightmost leaf of a node's first child
//! and the leftmost leaf of its second child are neighbours in that list: every split becomes a
//! `Link` between rooms `i` and `i + 1`, and the links form a spanning tree of the rooms.

use crate::geom::Rect;

use super::depth::Shape;
use crate::rng::GenRng;

/// Smallest leaf side: a 3-tile floor, its wall ring, and a one-tile margin on each side.
pub(crate) const MIN_LEAF: i32 = 7;
/// Smallest room floor side.
pub(crate) const MIN_ROOM: i32 = 3;

/// Which way a split line runs. A `Vertical` line separates left from right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Split {
    Vertical,
    Horizontal,
}

/// Two rooms the corridors must join: the rooms either side of one BSP split.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Link {
    /// The rightmost (last) leaf of the split's first child.
    pub a: usize,
    /// The leftmost (first) leaf of the split's second child.
    pub b: usize,
    /// The split between them: `a` lies left of (or above) it and `b` right of (or below) it.
    pub split: Split,
    /// Depth of the split in the tree (0 for the root).
    pub depth: u32,
}

pub struct Layout {
    /// One room floor per leaf, in leaf order. Each room's wall ring stays inside its leaf with a
    /// margin of at least one tile, so rings of different rooms never touch.
    pub rooms: Vec<Rect>,
    /// The leaf each room sits in.
    pub leaves: Vec<Rect>,
    /// One link per split, deepest splits first.
    pub links: Vec<Link>,
}

/// Splits `area` recursively and places the rooms. Leaves larger than `shape.max_leaf` are always
/// split; smaller ones stay whole with chance `shape.stop_pct`.
pub fn layout(area: Rect, shape: &Shape, rng: &mut GenRng) -> Layout {
    // Leaves average well over two minimal leaves in area: room for all of them, usually in
    // one allocation each instead of a dozen regrowths.
    let expected = (area.w * area.h / (2 * MIN_LEAF * MIN_LEAF)).max(4) as usize;
    let mut out = Layout {
        rooms: Vec::with_capacity(expected),
        leaves: Vec::with_capacity(expected),
        links: Vec::with_capacity(expected),
    };
    split(area, 0, shape, rng, &mut out);
    // Deepest first: small neighbourhoods are joined before the long links across the level.
    out.links.sort_by_key(|l| std::cmp::Reverse(l.depth));
    out
}

fn split(leaf: Rect, depth: u32, shape: &Shape, rng: &mut GenRng, out: &mut Layout) {
    let can_v = leaf.w >= 2 * MIN_LEAF;
    let can_h = leaf.h >= 2 * MIN_LEAF;
    // Leaves larger than `max_leaf` always split; smaller ones mostly stay whole (so rooms come
    // in a mix of sizes), except near the root, so that even the smallest level has a few rooms.
    let must = leaf.w > shape.max_leaf || leaf.h > shape.max_leaf || depth < 2;
    let stop = !(can_v || can_h) || (!must && rng.percent(shape.stop_pct));
    if stop {
        out.rooms.push(place_room(leaf, rng));
        out.leaves.push(leaf);
        return;
    }
    let dir = match (can_v, can_h) {
        (true, false) => Split::Vertical,
        (false, true) => Split::Horizontal,
        _ if leaf.w * 4 > leaf.h * 5 => Split::Vertical,
        _ if leaf.h * 4 > leaf.w * 5 => Split::Horizontal,
        _ if rng.coin() => Split::Vertical,
        _ => Split::Horizontal,
    };
    let (first, second) = match dir {
        Split::Vertical => {
            let cut = rng.range(MIN_LEAF, leaf.w - MIN_LEAF);
            (
                Rect::new(leaf.x, leaf.y, cut, leaf.h),
                Rect::new(leaf.x + cut, leaf.y, leaf.w - cut, leaf.h),
            )
        }
        Split::Horizontal => {
            let cut = rng.range(MIN_LEAF, leaf.h - MIN_LEAF);
            (
                Rect::new(leaf.x, leaf.y, leaf.w, cut),
                Rect::new(leaf.x, leaf.y + cut, leaf.w, leaf.h - cut),
            )
        }
    };
    split(first, depth + 1, shape, rng, out);
    let a = out.rooms.len() - 1;
    split(second, depth + 1, shape, rng, out);
    out.links.push(Link {
        a,
        b: a + 1,
        split: dir,
        depth,
    });
}

/// A room floor inside `leaf`: at least half the free space on each axis, placed at random, with
/// its wall ring one tile in from the leaf's edge.
fn place_room(leaf: Rect, rng: &mut GenRng) -> Rect {
    let (avail_w, avail_h) = (leaf.w - 4, leaf.h - 4);
    let w = rng.range((avail_w / 2).max(MIN_ROOM), avail_w);
    let h = rng.range((avail_h / 2).max(MIN_ROOM), avail_h);
    let x = rng.range(leaf.x + 2, leaf.x + 2 + avail_w - w);
    let y = rng.range(leaf.y + 2, leaf.y + 2 + avail_h - h);
    Rect::new(x, y, w, h)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rooms_stay_in_their_leaves_and_apart() {
        for seed in 0..300 {
            let mut rng = GenRng::new(seed);
            let area = Rect::new(0, 0, 80, 50);
            let l = layout(area, &Shape::at(1 + seed as u32 % 10), &mut rng);
            assert_eq!(l.rooms.len(), l.leaves.len());
            assert_eq!(l.links.len(), l.rooms.len() - 1, "a spanning tree has n - 1 links");
            for (room, leaf) in l.rooms.iter().zip(&l.leaves) {
                assert!(room.w >= MIN_ROOM && room.h >= MIN_ROOM);
                let ring = room.grow(1);
                assert!(ring.x > leaf.x && ring.right() < leaf.right(), "{ring:?} in {leaf:?}");
                assert!(ring.y > leaf.y && ring.bottom() < leaf.bottom(), "{ring:?} in {leaf:?}");
            }
            for (i, a) in l.rooms.iter().enumerate() {
                for b in &l.rooms[i + 1..] {
                    assert!(!a.grow(2).intersects(&b.grow(1)), "rings touch: {a:?} {b:?}");
                }
            }
        }
    }

    #[test]
    fn smallest_level_still_splits() {
        let mut most = 0;
        for seed in 0..200 {
            let l = layout(Rect::new(0, 0, 20, 15), &Shape::at(1), &mut GenRng::new(seed));
            most = most.max(l.rooms.len());
        }
        assert!(most >= 3, "20x15 levels should hold several rooms, got at most {most}");
    }
}

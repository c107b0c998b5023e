//! `chunked`: a random walk built in chunks (seed 000). It runs from a random point in one room
//! to a random point in the other, going up, right or down with a small chance of breaking off
//! each step. The walk is cut into chunks that end where it reaches walkable space again; a chunk
//! whose two ends are already connected is thrown away, so the walk only digs what is missing.

use crate::generation::bsp::Link;
use crate::generation::builder::{Builder, Cell};
use crate::geom::{Pos, Rect};
use crate::rng::GenRng;

/// Chance, per step, that a straight run breaks off and the walk turns.
const BREAK_PCT: u32 = 10;

fn random_point(r: Rect, rng: &mut GenRng) -> Pos {
    Pos::new(rng.range(r.x, r.right() - 1), rng.range(r.y, r.bottom() - 1))
}

/// The walk from `from` to `to` (swapped so that it runs left to right): up or down towards the
/// target and right, in runs that break off at random.
pub fn walk(mut from: Pos, mut to: Pos, rng: &mut GenRng) -> Vec<Pos> {
    if from.x > to.x {
        std::mem::swap(&mut from, &mut to);
    }
    // The walk never steps away from the target: exactly this long.
    let mut path = Vec::with_capacity(from.manhattan(to) as usize + 1);
    path.push(from);
    let mut p = from;
    let run = |p: &mut Pos, path: &mut Vec<Pos>, rng: &mut GenRng, dx: i32, dy: i32, left: &dyn Fn(Pos) -> bool| {
        while left(*p) && !rng.percent(BREAK_PCT) {
            *p = p.offset(dx, dy);
            path.push(*p);
        }
    };
    while p != to {
        run(&mut p, &mut path, rng, 0, -1, &|p| p.y > to.y);
        run(&mut p, &mut path, rng, 1, 0, &|p| p.x < to.x);
        run(&mut p, &mut path, rng, 0, 1, &|p| p.y < to.y);
    }
    path
}

/// A walkable tile at or beside `p`.
fn anchor(b: &Builder, p: Pos) -> Option<Pos> {
    if b.is_walkable(p) {
        return Some(p);
    }
    p.neighbours4().into_iter().find(|&q| b.is_walkable(q))
}

pub(crate) fn connect(b: &mut Builder, link: Link, rng: &mut GenRng) {
    if b.rooms_connected(link.a, link.b) {
        return;
    }
    let from = random_point(b.rooms[link.a], rng);
    let to = random_point(b.rooms[link.b], rng);
    let path = walk(from, to, rng);
    dig_chunks(b, &path, rng);
}

/// Digs `path` chunk by chunk, skipping chunks whose ends are already connected. Returns how many
/// chunks were dug and how many skipped.
pub(crate) fn dig_chunks(b: &mut Builder, path: &[Pos], rng: &mut GenRng) -> (usize, usize) {
    let (mut dug, mut skipped) = (0, 0);
    let mut start = 0;
    let mut away = false;
    for i in 1..path.len() {
        let p = path[i];
        let cell = b.cell(p);
        // A chunk ends where the walk, having been out in the rock, reaches walkable space (or
        // rock right beside it). Wall rings never end a chunk: a doorway needs both its sides.
        let near = cell.is_walkable() || (cell != Cell::Ring && p.neighbours4().iter().any(|&q| b.is_walkable(q)));
        if !near && cell != Cell::Ring {
            away = true;
        }
        if (away && near) || i == path.len() - 1 {
            let chunk = &path[start..=i];
            let ends = anchor(b, chunk[0]).zip(anchor(b, p));
            if ends.is_some_and(|(s, e)| b.connected(s, e)) {
                skipped += 1;
            } else if b.carve(chunk, rng) {
                dug += 1;
                // A chunk whose later neighbours were skipped can leave its end hanging.
                b.loose_ends.extend([chunk[0], p]);
            }
            start = i;
            away = false;
        }
    }
    (dug, skipped)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generation::bsp::Split;
    use crate::generation::corridors::CorridorStyle;
    use crate::generation::corridors::tests::assert_style_levels;

    #[test]
    fn walk_runs_up_right_down_to_the_target() {
        for seed in 0..50 {
            let mut rng = GenRng::new(seed);
            let (a, c) = (Pos::new(20, 3), Pos::new(4, 17));
            let path = walk(a, c, &mut rng);
            assert_eq!(path[0], c, "swapped to run left to right");
            assert_eq!(*path.last().unwrap(), a);
            assert!(path.windows(2).all(|w| w[0].manhattan(w[1]) == 1 && w[1].x >= w[0].x));
            assert_eq!(
                path.len() as u32,
                a.manhattan(c) + 1,
                "never steps away from the target"
            );
        }
    }

    #[test]
    fn chunk_already_connected_is_skipped() {
        // Two rooms already joined by a corridor along row 5: a walk between them is not dug.
        let rooms = vec![Rect::new(2, 3, 4, 5), Rect::new(14, 3, 4, 5)];
        let mut b = Builder::new(22, 12, rooms);
        let mut rng = GenRng::new(0);
        assert!(b.carve(
            &crate::generation::corridors::legs(Pos::new(3, 5), &[(true, 15)]),
            &mut rng
        ));
        let before = b.ascii();
        let path = crate::generation::corridors::legs(Pos::new(3, 4), &[(true, 15)]);
        let (dug, skipped) = dig_chunks(&mut b, &path, &mut rng);
        assert_eq!((dug, skipped), (0, 1));
        assert_eq!(before, b.ascii());
    }

    #[test]
    fn missing_piece_is_dug() {
        let rooms = vec![Rect::new(2, 3, 4, 5), Rect::new(14, 3, 4, 5)];
        let mut b = Builder::new(22, 12, rooms);
        let mut rng = GenRng::new(0);
        let path = crate::generation::corridors::legs(Pos::new(3, 4), &[(true, 15)]);
        let (dug, _) = dig_chunks(&mut b, &path, &mut rng);
        assert!(dug >= 1);
        assert!(b.rooms_connected(0, 1));
        let link = Link {
            a: 0,
            b: 1,
            split: Split::Vertical,
            depth: 0,
        };
        // Joined now, so connecting again digs nothing.
        let before = b.ascii();
        connect(&mut b, link, &mut rng);
        assert_eq!(before, b.ascii());
    }

    #[test]
    fn levels_are_valid() {
        assert_style_levels(CorridorStyle::Chunked);
    }
}

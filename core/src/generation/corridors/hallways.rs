//! `hallways`: dead-end stubs leave the rooms' exits and grow until they meet (seed 001).
//!
//! Each pass over the dead ends (newest first): a dead end with walkable space on more than one
//! side is joined and dropped; one that sees a hallway straight ahead or to either side runs
//! straight to it; any other takes one step into free rock — ahead, else turning. A stub that
//! cannot move is left to the final clean-up, which removes every dead end that remains.

use crate::generation::bsp::Link;
use crate::generation::builder::{Builder, Cell};
use crate::geom::{Dir, Pos};
use crate::rng::GenRng;

use super::facing;

/// Percentage of rooms that get one more exit, on a random wall, in the `hallways` style.
const EXTRA_EXIT_PCT: u32 = 40;

/// How many rock tiles lie straight ahead of `p` in `dir` before the first corridor tile, if a
/// corridor is reached through rock only.
fn sight_line(b: &Builder, p: Pos, dir: Dir) -> Option<u32> {
    match b.rock_run(p, dir) {
        (rock, Cell::Corridor) => Some(rock),
        _ => None,
    }
}

/// Grows the dead ends `(tip, heading)` until none can move.
pub fn grow(b: &mut Builder, ends: &mut Vec<(Pos, Dir)>) {
    let mut budget = (b.w * b.h) as usize;
    while !ends.is_empty() {
        if budget == 0 {
            b.loose_ends.extend(ends.drain(..).map(|(p, _)| p));
            return;
        }
        for k in (0..ends.len()).rev() {
            budget = budget.saturating_sub(1);
            let (p, dir) = ends[k];
            let open = p.neighbours4().iter().filter(|&&q| b.is_walkable(q)).count();
            if open > 1 {
                ends.swap_remove(k);
                continue;
            }
            let turns = [dir, dir.left(), dir.right()];
            if let Some((d, rock)) = turns.iter().find_map(|&d| sight_line(b, p, d).map(|n| (d, n))) {
                let mut q = p;
                for _ in 0..rock {
                    q = q.step(d);
                    b.dig(q);
                }
                ends.swap_remove(k);
                continue;
            }
            match turns
                .iter()
                .map(|&d| (p.step(d), d))
                .find(|&(q, _)| b.cell(q) == Cell::Rock && b.interior(q))
            {
                Some((q, d)) => {
                    b.dig(q);
                    ends[k] = (q, d);
                }
                None => {
                    // Stuck: a dead end until the clean-up.
                    b.loose_ends.push(p);
                    ends.swap_remove(k);
                }
            }
        }
    }
}

/// A stub out of each room's facing wall, grown until they meet.
pub(crate) fn connect(b: &mut Builder, link: Link, rng: &mut GenRng) {
    let mut ends = stubs(b, link, rng);
    grow(b, &mut ends);
}

fn stubs(b: &mut Builder, link: Link, rng: &mut GenRng) -> Vec<(Pos, Dir)> {
    let (fa, fb) = facing(link);
    [(link.a, fa), (link.b, fb)]
        .into_iter()
        .filter_map(|(room, dir)| b.door_toward(room, dir, rng).map(|(_, out)| (out, dir)))
        .collect()
}

/// The whole-level style: stubs for every link plus extra exits, all grown together.
pub(crate) fn dig_all(b: &mut Builder, links: &[Link], rng: &mut GenRng) {
    let mut ends = Vec::new();
    for &link in links {
        ends.extend(stubs(b, link, rng));
    }
    for room in 0..b.rooms.len() {
        if rng.percent(EXTRA_EXIT_PCT) {
            let dir = Dir::ALL[rng.below(4) as usize];
            if let Some((_, out)) = b.door_toward(room, dir, rng) {
                ends.push((out, dir));
            }
        }
    }
    grow(b, &mut ends);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generation::bsp::Split;
    use crate::generation::corridors::CorridorStyle;
    use crate::generation::corridors::tests::assert_style_levels;
    use crate::geom::Rect;

    #[test]
    fn stubs_facing_each_other_meet() {
        let rooms = vec![Rect::new(2, 2, 5, 5), Rect::new(20, 8, 5, 5)];
        let mut b = Builder::new(30, 18, rooms);
        let link = Link {
            a: 0,
            b: 1,
            split: Split::Vertical,
            depth: 0,
        };
        connect(&mut b, link, &mut GenRng::new(2));
        assert!(b.rooms_connected(0, 1), "\n{}", b.ascii());
    }

    #[test]
    fn sight_line_stops_at_walls() {
        let rooms = vec![Rect::new(8, 2, 3, 3)];
        let mut b = Builder::new(20, 10, rooms);
        b.dig(Pos::new(15, 3));
        assert_eq!(
            sight_line(&b, Pos::new(12, 3), Dir::East),
            Some(2),
            "two rock tiles, then the corridor"
        );
        assert_eq!(
            sight_line(&b, Pos::new(2, 3), Dir::East),
            None,
            "a room's wall is in the way"
        );
        assert_eq!(
            sight_line(&b, Pos::new(16, 3), Dir::East),
            None,
            "rock up to the border"
        );
        assert_eq!(
            sight_line(&b, Pos::new(15, 5), Dir::North),
            Some(1),
            "north, one rock tile"
        );
    }

    #[test]
    fn levels_are_valid() {
        assert_style_levels(CorridorStyle::Hallways);
    }
}

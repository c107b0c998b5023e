//! `lshaped`: an L tunnel between the two rooms' centres, horizontal-first or vertical-first at
//! random (RogueSharp, seed 004). It may pass through other rooms, cutting doors where it
//! crosses their walls; if neither bend can be dug it falls back to an A* corridor.

use crate::generation::bsp::Link;
use crate::generation::builder::Builder;
use crate::geom::Pos;
use crate::rng::GenRng;

use super::{join_doors, legs};

/// The L from `from` to `to`, bending once.
pub(crate) fn l_path(from: Pos, to: Pos, horizontal_first: bool) -> Vec<Pos> {
    if horizontal_first {
        legs(from, &[(true, to.x), (false, to.y)])
    } else {
        legs(from, &[(false, to.y), (true, to.x)])
    }
}

pub(crate) fn connect(b: &mut Builder, link: Link, rng: &mut GenRng) {
    let (from, to) = (b.rooms[link.a].center(), b.rooms[link.b].center());
    let first = rng.coin();
    for horizontal_first in [first, !first] {
        if b.carve(&l_path(from, to, horizontal_first), rng) {
            return;
        }
    }
    join_doors(b, link, rng, |_, _, _, _| None);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generation::corridors::CorridorStyle;
    use crate::generation::corridors::tests::assert_style_levels;
    use crate::geom::Rect;

    #[test]
    fn l_has_one_bend() {
        let (a, b) = (Pos::new(2, 2), Pos::new(6, 5));
        let h = l_path(a, b, true);
        assert_eq!(h.len(), 8);
        assert!(h.contains(&Pos::new(6, 2)), "bend at (6, 2): {h:?}");
        let v = l_path(a, b, false);
        assert!(v.contains(&Pos::new(2, 5)), "bend at (2, 5): {v:?}");
    }

    #[test]
    fn joins_two_rooms_with_doors_in_their_walls() {
        let rooms = vec![Rect::new(2, 2, 4, 4), Rect::new(12, 8, 4, 4)];
        let mut b = Builder::new(20, 15, rooms);
        let link = Link {
            a: 0,
            b: 1,
            split: crate::generation::bsp::Split::Vertical,
            depth: 0,
        };
        connect(&mut b, link, &mut GenRng::new(3));
        assert!(b.rooms_connected(0, 1));
        let map = b.finish();
        assert_eq!(map.doors().count(), 2, "one door out of each room:\n{}", map.to_ascii());
    }

    #[test]
    fn levels_are_valid() {
        assert_style_levels(CorridorStyle::LShaped);
    }
}

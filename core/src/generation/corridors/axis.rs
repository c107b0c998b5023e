//! `axis`: all the way along one axis, then the other (seed 003, "axis-wise"). The first axis
//! leads straight out of the first door, across the split between the rooms.

use crate::generation::bsp::{Link, Split};
use crate::generation::builder::Builder;
use crate::geom::Pos;
use crate::rng::GenRng;

use super::legs;

pub(crate) fn shape(_: &Builder, link: Link, (from, to): (Pos, Pos), _: &mut GenRng) -> Option<Vec<Pos>> {
    Some(match link.split {
        Split::Vertical => legs(from, &[(true, to.x), (false, to.y)]),
        Split::Horizontal => legs(from, &[(false, to.y), (true, to.x)]),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generation::corridors::CorridorStyle;
    use crate::generation::corridors::tests::assert_style_levels;

    #[test]
    fn one_bend_at_most() {
        let link = Link {
            a: 0,
            b: 1,
            split: Split::Vertical,
            depth: 0,
        };
        let b = Builder::new(30, 20, vec![]);
        let path = shape(&b, link, (Pos::new(3, 4), Pos::new(20, 12)), &mut GenRng::new(0)).unwrap();
        assert_eq!(path.first(), Some(&Pos::new(3, 4)));
        assert_eq!(path.last(), Some(&Pos::new(20, 12)));
        assert_eq!(path.len() as u32, Pos::new(3, 4).manhattan(Pos::new(20, 12)) + 1);
        assert!(path.iter().all(|p| p.y == 4 || p.x == 20), "x first, then y: {path:?}");
    }

    #[test]
    fn levels_are_valid() {
        assert_style_levels(CorridorStyle::Axis);
    }
}

//! `pipe`: across to the midpoint, along, and across again (seed 003, "simple pipe").

use crate::generation::bsp::{Link, Split};
use crate::generation::builder::Builder;
use crate::geom::Pos;
use crate::rng::GenRng;

use super::legs;

pub(crate) fn shape(_: &Builder, link: Link, (from, to): (Pos, Pos), _: &mut GenRng) -> Option<Vec<Pos>> {
    Some(match link.split {
        Split::Vertical => {
            let mid = (from.x + to.x) / 2;
            legs(from, &[(true, mid), (false, to.y), (true, to.x)])
        }
        Split::Horizontal => {
            let mid = (from.y + to.y) / 2;
            legs(from, &[(false, mid), (true, to.x), (false, to.y)])
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generation::corridors::CorridorStyle;
    use crate::generation::corridors::tests::assert_style_levels;

    #[test]
    fn bends_at_the_midpoint() {
        let link = Link {
            a: 0,
            b: 1,
            split: Split::Vertical,
            depth: 0,
        };
        let b = Builder::new(30, 20, vec![]);
        let (from, to) = (Pos::new(2, 3), Pos::new(12, 9));
        let path = shape(&b, link, (from, to), &mut GenRng::new(0)).unwrap();
        assert_eq!(path.len() as u32, from.manhattan(to) + 1);
        assert!(path.iter().all(|p| p.y == 3 || p.x == 7 || p.y == 9), "{path:?}");
        assert!(path.contains(&Pos::new(7, 3)) && path.contains(&Pos::new(7, 9)));
    }

    #[test]
    fn levels_are_valid() {
        assert_style_levels(CorridorStyle::Pipe);
    }
}

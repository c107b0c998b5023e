//! `deadzone`: A* around a mask of no-go tiles laid between the two doors (seed 003). The mask
//! is either random or drawn in one quadrant and mirrored into the other three; it lives only in
//! the builder's scratch space and is gone once the corridor is dug. The search stays within a
//! few tiles of the box between the doors, so the corridor bends round the dead tiles rather than
//! around the level; a mask that walls the doors off leaves a plain A* corridor (near the doors
//! if it can be).

use crate::generation::bsp::Link;
use crate::generation::builder::Builder;
use crate::generation::rng::GenRng;
use crate::map::{Pos, Rect};

use super::facing;

/// Percentage of tiles in the box (or in the drawn quadrant) that become dead.
const DEAD_PCT: u32 = 20;
/// How far outside the box between the doors the corridor may wander.
const MARGIN: i32 = 2;

/// Lays the mask over the box between `a` and `b` (the doorways, which are never dead): random,
/// or mirrored from one quadrant. `Builder::dead_tiles` lists it.
pub fn lay_mask(b: &mut Builder, a: Pos, c: Pos, rng: &mut GenRng) {
    let (x0, x1) = (a.x.min(c.x), a.x.max(c.x));
    let (y0, y1) = (a.y.min(c.y), a.y.max(c.y));
    let (w, h) = (x1 - x0 + 1, y1 - y0 + 1);
    b.begin_mask(Rect::new(x0, y0, w, h).grow(MARGIN));
    let mut kill = |p: Pos| {
        if p != a && p != c {
            b.block(p);
        }
    };
    if rng.coin() {
        for y in y0..=y1 {
            for x in x0..=x1 {
                if rng.percent(DEAD_PCT) {
                    kill(Pos::new(x, y));
                }
            }
        }
    } else {
        for qy in 0..(h + 1) / 2 {
            for qx in 0..(w + 1) / 2 {
                if rng.percent(DEAD_PCT) {
                    for (mx, my) in [(qx, qy), (w - 1 - qx, qy), (qx, h - 1 - qy), (w - 1 - qx, h - 1 - qy)] {
                        kill(Pos::new(x0 + mx, y0 + my));
                    }
                }
            }
        }
    }
}

pub fn connect(b: &mut Builder, link: Link, rng: &mut GenRng) {
    let (fa, fb) = facing(link);
    let (Some((_, oa)), Some((_, ob))) = (b.door_toward(link.a, fa, rng), b.door_toward(link.b, fb, rng)) else {
        return;
    };
    // Round the dead tiles if they leave a way; else straight A* near the doors; else anywhere.
    lay_mask(b, oa, ob, rng);
    let mut path = b.route(oa, ob);
    b.lift_mask();
    if path.is_none() {
        path = b.route(oa, ob);
    }
    b.clear_mask();
    if !path.or_else(|| b.route(oa, ob)).is_some_and(|path| b.carve(&path, rng)) {
        b.loose_ends.extend([oa, ob]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generation::corridors::CorridorStyle;
    use crate::generation::corridors::tests::assert_style_levels;

    #[test]
    fn route_avoids_the_mask_and_mask_leaves_no_trace() {
        let (a, c) = (Pos::new(3, 3), Pos::new(30, 20));
        let mut found = 0;
        for seed in 0..20 {
            let mut b = Builder::new(40, 30, vec![]);
            lay_mask(&mut b, a, c, &mut GenRng::new(seed));
            let dead: Vec<Pos> = b.dead_tiles().collect();
            assert!(!dead.is_empty());
            if let Some(masked) = b.route(a, c) {
                found += 1;
                assert!(
                    masked.iter().all(|p| !dead.contains(p)),
                    "the corridor avoids dead tiles"
                );
                let window = Rect::new(3, 3, 28, 18).grow(MARGIN);
                assert!(masked.iter().all(|&p| window.contains(p)), "and stays near the box");
            }
            b.clear_mask();
            let plain = b.route(a, c).unwrap();
            assert_eq!(
                plain.len() as u32,
                a.manhattan(c) + 1,
                "after clearing, A* is unhindered"
            );
        }
        assert!(found > 10, "a 30% mask usually leaves a way through ({found} of 20)");
    }

    #[test]
    fn mirrored_masks_are_symmetric() {
        let mut found = false;
        for seed in 0..40 {
            let mut b = Builder::new(40, 30, vec![]);
            let (a, c) = (Pos::new(2, 2), Pos::new(12, 10));
            lay_mask(&mut b, a, c, &mut GenRng::new(seed));
            let dead: Vec<Pos> = b.dead_tiles().collect();
            let mirrored = |p: &Pos| Pos::new(2 + 12 - p.x, p.y);
            if dead
                .iter()
                .all(|p| dead.contains(&mirrored(p)) || mirrored(p) == a || mirrored(p) == c)
            {
                found = true;
                let flipped = |p: &Pos| Pos::new(p.x, 2 + 10 - p.y);
                assert!(
                    dead.iter()
                        .all(|p| dead.contains(&flipped(p)) || flipped(p) == a || flipped(p) == c)
                );
            }
        }
        assert!(found, "about half the masks are mirrored");
    }

    #[test]
    fn levels_are_valid() {
        assert_style_levels(CorridorStyle::DeadZone);
    }
}

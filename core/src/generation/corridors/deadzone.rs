//! `deadzone`: A* around a mask of no-go tiles laid between the two doors (seed 003). The mask
//! is either random or drawn in one quadrant and mirrored into the other three. It is a function
//! of position and one random key, asked only about the tiles the search reaches, so it costs
//! nothing to lay and leaves nothing behind. The search stays within a few tiles of the box
//! between the doors, so the corridor bends round the dead tiles rather than around the level.
//! Dead tiles that touch a wall are ignored (`Builder::route_within`), so a mask never walls a
//! door off: where the masked search finds no way, neither would an unmasked one near the
//! doors, and the corridor is a plain A* one.

use crate::generation::bsp::Link;
use crate::generation::builder::Builder;
use crate::geom::{Pos, Rect};
use crate::rng::{GenRng, splitmix64};

use super::facing;

/// Percentage of tiles in the box (or in the drawn quadrant) that are dead.
const DEAD_PCT: u64 = 20;
/// How far outside the box between the doors the corridor may wander. At least 2, so that no
/// dead tile touches the window's edge (see `Builder::route_within`).
const MARGIN: i32 = 2;

/// The dead tiles between two doorways `a` and `c`: each tile of the box between them is dead
/// with probability `DEAD_PCT`, independently (random) or as its mirror image in the box's
/// top-left quadrant is (mirrored). The doorways and the tiles next to them are never dead, so
/// a corridor can always leave both doors.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mask {
    area: Rect,
    a: Pos,
    c: Pos,
    mirrored: bool,
    key: u64,
}

impl Mask {
    /// Draws a mask between `a` and `c`: three draws, whatever the box's size.
    pub fn draw(a: Pos, c: Pos, rng: &mut GenRng) -> Self {
        let (x0, x1) = (a.x.min(c.x), a.x.max(c.x));
        let (y0, y1) = (a.y.min(c.y), a.y.max(c.y));
        let mirrored = !rng.coin();
        let key = u64::from(rng.next_u32()) << 32 | u64::from(rng.next_u32());
        Self {
            area: Rect::new(x0, y0, x1 - x0 + 1, y1 - y0 + 1),
            a,
            c,
            mirrored,
            key,
        }
    }

    /// Where the corridor may run: the box with a margin round it.
    pub const fn window(&self) -> Rect {
        self.area.grow(MARGIN)
    }

    pub(crate) fn is_dead(&self, p: Pos) -> bool {
        // Inside the box (never empty) by two unsigned compares, joined without a branch.
        let (dx, dy) = (
            p.x.wrapping_sub(self.area.x) as u32,
            p.y.wrapping_sub(self.area.y) as u32,
        );
        let inside = (dx < self.area.w as u32) & (dy < self.area.h as u32);
        if !inside || p.manhattan(self.a) <= 1 || p.manhattan(self.c) <= 1 {
            return false;
        }
        let (mut x, mut y) = (u64::from(dx), u64::from(dy));
        if self.mirrored {
            // Every tile takes its fate from its image in the top-left quadrant.
            x = x.min(self.area.w as u64 - 1 - x);
            y = y.min(self.area.h as u64 - 1 - y);
        }
        // Map sides are far below 2^16, so `y << 16 | x` numbers the tiles without collisions.
        let roll = splitmix64(self.key, y << 16 | x) >> 32;
        (roll * 100) >> 32 < DEAD_PCT
    }

    /// Every dead tile, row by row (for tests and debugging).
    #[cfg(test)]
    pub(crate) fn dead_tiles(&self) -> impl Iterator<Item = Pos> + '_ {
        let r = self.area;
        (r.y..r.bottom())
            .flat_map(move |y| (r.x..r.right()).map(move |x| Pos::new(x, y)))
            .filter(|&p| self.is_dead(p))
    }
}

pub(crate) fn connect(b: &mut Builder, link: Link, rng: &mut GenRng) {
    let (fa, fb) = facing(link);
    let (Some((_, oa)), Some((_, ob))) = (b.door_toward(link.a, fa, rng), b.door_toward(link.b, fb, rng)) else {
        return;
    };
    // Round the dead tiles, near the doors. A mask never walls a door off, so where that finds
    // no way an unmasked search near the doors would not either: then A* anywhere.
    let mask = Mask::draw(oa, ob, rng);
    let path = b
        .route_within(oa, ob, mask.window(), |p| mask.is_dead(p))
        .or_else(|| b.route(oa, ob));
    if !path.is_some_and(|path| b.carve(&path, rng)) {
        b.loose_ends.extend([oa, ob]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generation::bsp;
    use crate::generation::corridors::CorridorStyle;
    use crate::generation::corridors::tests::assert_style_levels;

    #[test]
    fn route_avoids_the_mask_and_stays_near_the_box() {
        let (a, c) = (Pos::new(3, 3), Pos::new(30, 20));
        let mut bent = 0;
        for seed in 0..20 {
            let mut b = Builder::new(40, 30, vec![]);
            let mask = Mask::draw(a, c, &mut GenRng::new(seed));
            let dead: Vec<Pos> = mask.dead_tiles().collect();
            assert!(!dead.is_empty());
            // Open rock all round: no dead tile touches a wall, so each one is avoided.
            let masked = b
                .route_within(a, c, mask.window(), |p| mask.is_dead(p))
                .expect("a way round");
            assert!(
                masked.iter().all(|p| !dead.contains(p)),
                "the corridor avoids dead tiles"
            );
            let window = Rect::new(3, 3, 28, 18).grow(MARGIN);
            assert!(masked.iter().all(|&p| window.contains(p)), "and stays near the box");
            bent += usize::from(Some(masked) != b.route(a, c));
        }
        assert!(bent > 10, "the way differs from the unmasked one ({bent} of 20)");
    }

    #[test]
    fn a_mask_never_walls_off_what_an_unmasked_search_reaches() {
        // Real levels, built link by link as `connect` does: rooms, doors and earlier corridors
        // around every mask.
        let (mut searches, mut bent) = (0, 0);
        for seed in 0..60 {
            let mut rng = GenRng::new(seed);
            let layout = bsp::layout(
                Rect::new(0, 0, 80, 50),
                &crate::generation::depth::Shape::at(1),
                &mut rng,
            );
            let mut b = Builder::new(80, 50, layout.rooms);
            for &link in &layout.links {
                let (fa, fb) = facing(link);
                let (Some((_, oa)), Some((_, ob))) =
                    (b.door_toward(link.a, fa, &mut rng), b.door_toward(link.b, fb, &mut rng))
                else {
                    continue;
                };
                let mask = Mask::draw(oa, ob, &mut rng);
                let masked = b.route_within(oa, ob, mask.window(), |p| mask.is_dead(p));
                let unmasked = b.route_within(oa, ob, mask.window(), |_| false);
                assert_eq!(masked.is_some(), unmasked.is_some(), "seed {seed}, {oa:?} to {ob:?}");
                searches += 1;
                bent += usize::from(masked != unmasked);
                if let Some(path) = masked.or_else(|| b.route(oa, ob)) {
                    b.carve(&path, &mut rng);
                }
            }
        }
        assert!(searches > 600, "{searches} masked searches");
        assert!(
            bent * 4 > searches,
            "masks change a good share of corridors ({bent} of {searches})"
        );
    }

    #[test]
    fn a_fifth_of_the_box_is_dead_but_never_beside_a_doorway() {
        let (a, c) = (Pos::new(2, 2), Pos::new(61, 41));
        let (mut dead, mut boxed) = (0, 0);
        for seed in 0..40 {
            let mask = Mask::draw(a, c, &mut GenRng::new(seed));
            for p in mask.dead_tiles() {
                assert!(p.manhattan(a) > 1 && p.manhattan(c) > 1, "{p:?} is next to a doorway");
                assert!(mask.area.contains(p));
            }
            dead += mask.dead_tiles().count();
            boxed += 60 * 40;
        }
        let share = dead as f64 / boxed as f64;
        assert!((0.17..0.23).contains(&share), "{share:.3} of the box is dead");
    }

    #[test]
    fn masks_are_random_or_mirrored_about_half_each() {
        let (a, c) = (Pos::new(2, 2), Pos::new(12, 10));
        let mut mirrored = 0;
        for seed in 0..100 {
            let mask = Mask::draw(a, c, &mut GenRng::new(seed));
            let dead: Vec<Pos> = mask.dead_tiles().collect();
            // Mirror images, apart from the doorways' neighbourhoods, which are never dead.
            let near_doorway = |p: Pos| p.manhattan(a) <= 1 || p.manhattan(c) <= 1;
            let symmetric =
                |image: &dyn Fn(Pos) -> Pos| dead.iter().all(|&p| dead.contains(&image(p)) || near_doorway(image(p)));
            let across = symmetric(&|p| Pos::new(2 + 12 - p.x, p.y));
            let down = symmetric(&|p| Pos::new(p.x, 2 + 10 - p.y));
            assert_eq!(across, down, "seed {seed}: mirrored both ways or neither");
            assert_eq!(across, mask.mirrored, "seed {seed}");
            mirrored += usize::from(mask.mirrored);
        }
        assert!((30..70).contains(&mirrored), "{mirrored} of 100 mirrored");
    }

    #[test]
    fn the_same_key_gives_the_same_mask() {
        let (a, c) = (Pos::new(5, 4), Pos::new(25, 19));
        let one = Mask::draw(a, c, &mut GenRng::new(9));
        let again = Mask::draw(a, c, &mut GenRng::new(9));
        let other = Mask::draw(a, c, &mut GenRng::new(10));
        let tiles = |m: &Mask| m.dead_tiles().collect::<Vec<_>>();
        assert_eq!(tiles(&one), tiles(&again));
        assert_ne!(tiles(&one), tiles(&other));
    }

    #[test]
    fn levels_are_valid() {
        assert_style_levels(CorridorStyle::DeadZone);
    }
}

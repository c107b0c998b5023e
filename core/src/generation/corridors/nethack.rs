//! `nethack`: NetHack-style digging (seed 003). The digger heads for the target and keeps its
//! direction until the slope says the other axis now has further to go, so long corridors come
//! out as zigzags rather than one bend. Obstacles are stepped around; a dig that gets lost falls
//! back to A*.

use crate::generation::bsp::Link;
use crate::generation::builder::Builder;
use crate::geom::{Dir, Pos};
use crate::rng::GenRng;

fn toward(horizontal: bool, d: i32) -> Dir {
    match (horizontal, d > 0) {
        (true, true) => Dir::East,
        (true, false) => Dir::West,
        (false, true) => Dir::South,
        (false, false) => Dir::North,
    }
}

/// Whether `q` lies in the box with corners `lo` and `hi` (inclusive).
fn inside(q: Pos, lo: Pos, hi: Pos) -> bool {
    (lo.x..=hi.x).contains(&q.x) && (lo.y..=hi.y).contains(&q.y)
}

pub(crate) fn shape(b: &Builder, _: Link, (from, to): (Pos, Pos), rng: &mut GenRng) -> Option<Vec<Pos>> {
    // Exactly this long unless obstacles are stepped round.
    let mut path = Vec::with_capacity(from.manhattan(to) as usize + 9);
    path.push(from);
    let mut p = from;
    // The box round the path so far: a step outside it cannot revisit the path, so only steps
    // inside it search the path (which made this quadratic in the corridor's length).
    let (mut lo, mut hi) = (from, from);
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let mut dir = toward(dx.abs() >= dy.abs(), if dx.abs() >= dy.abs() { dx } else { dy });
    let limit = 4 * (b.w + b.h) as usize;
    while p != to {
        if path.len() > limit {
            return None;
        }
        let (dx, dy) = (to.x - p.x, to.y - p.y);
        let (along, across) = if dir.is_horizontal() { (dx, dy) } else { (dy, dx) };
        // Switch axis when the other one has further to go, when this one is done, or now and
        // then (1 in |along - across| + 2) while both still have some way to go.
        let wobble = along != 0 && across != 0 && rng.below(along.abs().abs_diff(across.abs()) + 2) == 0;
        if across != 0 && (along == 0 || across.abs() > along.abs() || wobble) {
            dir = toward(!dir.is_horizontal(), across);
        } else if along != 0 {
            dir = toward(dir.is_horizontal(), along);
        }
        // Around an obstacle: the chosen way, the other axis towards the target, then sideways.
        let other = if dir.is_horizontal() { dy } else { dx };
        let sideways = toward(!dir.is_horizontal(), if other == 0 { 1 } else { other });
        let step = [dir, sideways, sideways.opposite()]
            .into_iter()
            .map(|d| (d, p.step(d)))
            .find(|&(_, q)| b.is_diggable(q) && !(inside(q, lo, hi) && path.contains(&q)))?;
        dir = step.0;
        p = step.1;
        path.push(p);
        (lo, hi) = (
            Pos::new(lo.x.min(p.x), lo.y.min(p.y)),
            Pos::new(hi.x.max(p.x), hi.y.max(p.y)),
        );
    }
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generation::bsp::Split;
    use crate::generation::corridors::CorridorStyle;
    use crate::generation::corridors::tests::{assert_style_levels, corridor_stats};

    #[test]
    fn zigzags_along_the_diagonal() {
        let b = Builder::new(40, 30, vec![]);
        let link = Link {
            a: 0,
            b: 1,
            split: Split::Vertical,
            depth: 0,
        };
        let (from, to) = (Pos::new(2, 2), Pos::new(22, 20));
        let path = shape(&b, link, (from, to), &mut GenRng::new(9)).unwrap();
        assert_eq!(
            path.len() as u32,
            from.manhattan(to) + 1,
            "never steps away from the target"
        );
        let bends = path.windows(3).filter(|w| w[0].x != w[2].x && w[0].y != w[2].y).count();
        assert!(bends >= 6, "a diagonal run zigzags, got {bends} bends");
        // It hugs the diagonal: never far from the straight line between the ends.
        for p in &path {
            let off = ((p.x - 2) * 18 - (p.y - 2) * 20).abs() as f32 / (18f32.hypot(20.0));
            assert!(off < 6.0, "{p:?} strays {off} from the diagonal");
        }
    }

    #[test]
    fn walks_around_obstacles() {
        let rooms = vec![crate::geom::Rect::new(8, 3, 4, 4)];
        let b = Builder::new(20, 12, rooms);
        let link = Link {
            a: 0,
            b: 0,
            split: Split::Vertical,
            depth: 0,
        };
        let path = shape(&b, link, (Pos::new(2, 5), Pos::new(17, 5)), &mut GenRng::new(1)).unwrap();
        assert!(path.iter().all(|&p| b.is_diggable(p)), "{path:?}");
    }

    #[test]
    fn bends_more_than_astar() {
        // Zigzags against shortest paths, which never double back and run mostly straight.
        let (nethack, astar) = (
            corridor_stats(CorridorStyle::NetHack),
            corridor_stats(CorridorStyle::AStar),
        );
        assert!(nethack.tiles > 0 && astar.tiles > 0);
        assert!(
            nethack.bends_per_tile() > 1.5 * astar.bends_per_tile(),
            "{nethack:?} vs {astar:?}"
        );
    }

    #[test]
    fn levels_are_valid() {
        assert_style_levels(CorridorStyle::NetHack);
    }
}

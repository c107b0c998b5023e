//! `astar`: the shortest corridor between a door in each room's facing wall (seed 003, "simple
//! A*"). The search itself is `Builder::route`; this style is `join_doors` with no shape.

#[cfg(test)]
mod tests {
    use std::collections::VecDeque;

    use crate::generation::builder::Builder;
    use crate::generation::corridors::CorridorStyle;
    use crate::generation::corridors::tests::assert_style_levels;
    use crate::geom::{Pos, Rect};
    use crate::rng::GenRng;

    #[test]
    fn levels_are_valid() {
        assert_style_levels(CorridorStyle::AStar);
    }

    /// Steps from `from` to `to` over tiles `b` may dig, by breadth-first search: the length of
    /// a shortest path, found without A*.
    fn shortest(b: &Builder, from: Pos, to: Pos) -> Option<usize> {
        let mut steps = vec![None; (b.w * b.h) as usize];
        steps[b.idx(from)] = Some(0);
        let mut queue = VecDeque::from([from]);
        while let Some(p) = queue.pop_front() {
            let d = steps[b.idx(p)]?;
            if p == to {
                return Some(d);
            }
            for q in p.neighbours4() {
                if b.is_diggable(q) && steps[b.idx(q)].is_none() {
                    steps[b.idx(q)] = Some(d + 1);
                    queue.push_back(q);
                }
            }
        }
        None
    }

    #[test]
    fn corridors_are_shortest_paths_between_doors() {
        // Through rock strewn with rooms (which a corridor may not cross), the corridor A* digs
        // between two points is as short as any path there is, and goes one step at a time.
        let mut rng = GenRng::new(3);
        let mut checked = 0;
        for _ in 0..200 {
            let rooms: Vec<Rect> = (0..6)
                .map(|_| {
                    let (w, h) = (rng.range(2, 7), rng.range(2, 7));
                    Rect::new(rng.range(2, 50 - w - 2), rng.range(2, 30 - h - 2), w, h)
                })
                .collect();
            let mut b = Builder::new(50, 30, rooms);
            let from = Pos::new(rng.range(1, 48), rng.range(1, 28));
            let to = Pos::new(rng.range(1, 48), rng.range(1, 28));
            if !b.is_diggable(from) || !b.is_diggable(to) {
                continue;
            }
            let best = shortest(&b, from, to);
            let path = b.route(from, to);
            assert_eq!(path.as_ref().map(|p| p.len() - 1), best, "{from:?} to {to:?}");
            if let Some(path) = path {
                assert_eq!((path[0], path[path.len() - 1]), (from, to));
                assert!(path.windows(2).all(|w| w[0].manhattan(w[1]) == 1));
                assert!(path.iter().all(|&p| b.is_diggable(p)));
                checked += 1;
            }
        }
        assert!(checked > 100, "only {checked} routes found");
    }
}

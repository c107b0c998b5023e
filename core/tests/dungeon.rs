//! The dungeon as a whole, over every depth of a thousand runs at 80x50: each level solvable
//! (checked independently of the generator's own solver), and what depth does to levels (locks,
//! loops, rooms, corridors, stairs far apart and lined up), measured and held to figures.

mod common;

use delve_core::generation::{CorridorStyle, DEEPEST, GenParams, generate};
use delve_core::map::Tile;
use delve_core::paths::distance_map;

const RUNS: u64 = 1000;

/// Per depth over `RUNS` runs at 80x50: levels with a lock, levels with a loop, mean loops,
/// mean rooms, mean walk between the stairs, levels whose `<` lies near the `>` above.
#[derive(Debug, Default, Clone, Copy)]
struct Figures {
    locked: u64,
    looped: u64,
    loops: u64,
    rooms: u64,
    corridor: u64,
    walk: u64,
    walks: u64,
    aligned: u64,
}

fn figures() -> Vec<Figures> {
    let mut out = vec![Figures::default(); DEEPEST as usize + 1];
    for seed in 0..RUNS {
        let mut above_down = None;
        for depth in 1..=DEEPEST {
            let params = GenParams::new(seed, 80, 50, CorridorStyle::Mixed).at_depth(depth);
            let made = generate(&params).unwrap_or_else(|e| panic!("{params:?}: {e}"));
            // Solvable, by the independent checker (its own flood, not the generator's solver).
            if let Err(e) = common::check_level(&made.level, depth) {
                panic!("{params:?}: {e}\n{}", made.level.to_ascii());
            }
            let (map, f) = (&made.level.map, &mut out[depth as usize]);
            f.locked += u64::from(!made.level.keys.is_empty());
            f.looped += u64::from(made.loops > 0);
            f.loops += made.loops as u64;
            f.rooms += map.rooms().len() as u64;
            f.corridor += map.tiles().iter().filter(|&&t| t == Tile::Corridor).count() as u64;
            if let Some(down) = map.stairs_down() {
                f.walk += u64::from(distance_map(map, map.start(), Tile::is_walkable)[map.index(down)]);
                f.walks += 1;
            }
            if let (Some(up), Some(above)) = (map.stairs_up(), above_down) {
                let d: delve_core::geom::Pos = above;
                f.aligned += u64::from((up.x - d.x).abs().max((up.y - d.y).abs()) <= 10);
            }
            above_down = map.stairs_down();
        }
    }
    out
}

#[test]
fn a_thousand_runs_every_depth_solvable_and_shaped_by_depth() {
    let f = figures();
    let mean = |d: usize, v: fn(&Figures) -> u64| v(&f[d]) as f64 / RUNS as f64;
    for (d, x) in f.iter().enumerate().skip(1) {
        println!(
            "depth {d:2}: locked {:5.1} %, looped {:5.1} %, loops {:4.1}, rooms {:4.1}, corridor tiles {:5.0}, \
             stairs walk {:5.1}, < within 10 of > above {:5.1} %",
            100.0 * x.locked as f64 / RUNS as f64,
            100.0 * x.looped as f64 / RUNS as f64,
            x.loops as f64 / RUNS as f64,
            x.rooms as f64 / RUNS as f64,
            x.corridor as f64 / RUNS as f64,
            x.walk as f64 / x.walks.max(1) as f64,
            100.0 * x.aligned as f64 / RUNS as f64,
        );
    }
    assert_eq!(f[1].locked, 0, "no locks on the first level");
    for (d, x) in f.iter().enumerate().skip(2) {
        assert!(
            2 * x.locked >= RUNS,
            "depth {d}: fewer than half the levels have a lock"
        );
        assert!(
            2 * x.aligned >= RUNS,
            "depth {d}: the stairs up rarely lie under the stairs down"
        );
    }
    for (d, x) in f.iter().enumerate().skip(3) {
        assert!(
            x.looped * 100 >= RUNS * 95,
            "depth {d}: not nearly every level has a loop"
        );
    }
    for d in 1..DEEPEST as usize {
        // Deeper is more intricate, level by level (allowing the figures to level off).
        assert!(
            mean(d + 1, |x| x.loops) >= mean(d, |x| x.loops) - 0.2,
            "loops at depth {d}"
        );
        assert!(
            mean(d + 1, |x| x.rooms) >= mean(d, |x| x.rooms) - 0.2,
            "rooms at depth {d}"
        );
        assert!(
            mean(d + 1, |x| x.corridor) >= mean(d, |x| x.corridor) - 2.0,
            "corridors at depth {d}"
        );
    }
    let (first, last) = (1, DEEPEST as usize);
    assert!(mean(last, |x| x.loops) > 3.0 * mean(first, |x| x.loops));
    assert!(mean(last, |x| x.rooms) > 1.8 * mean(first, |x| x.rooms));
    assert!(mean(last, |x| x.corridor) > 1.5 * mean(first, |x| x.corridor));
    for (d, x) in f.iter().enumerate().take(DEEPEST as usize).skip(1) {
        // Far apart: the stairs down are a long walk from where you arrive.
        let walk = x.walk as f64 / x.walks as f64;
        assert!(
            walk > 65.0,
            "depth {d}: the stairs are only {walk:.0} steps apart on average"
        );
    }
}

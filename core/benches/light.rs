//! The light map (issue 59's budget: at most 50 µs a turn at 80x50, median): worked out over the
//! player's view (radius 8, the window a turn lights) and over a whole level, at the top, the
//! middle and the bottom of the dungeon, each iteration forced to work it out afresh.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use delve_core::fov::light::{FIRE, LightMap, view_window, whole};
use delve_core::generation::{CorridorStyle, GenParams, generate};
use delve_core::world::Level;

/// Levels 80x50 at `depth`, a few seeds (light varies with what a level holds).
fn levels(depth: u32) -> Vec<Level> {
    (0..8)
        .map(|seed| {
            let params = GenParams::new(seed, 80, 50, CorridorStyle::Mixed).at_depth(depth);
            generate(&params).expect("a level").level
        })
        .collect()
}

fn light(c: &mut Criterion) {
    let mut group = c.benchmark_group("light");
    group.measurement_time(Duration::from_secs(3));
    for depth in [1, 5, 9] {
        let levels = levels(depth);
        let mut map = LightMap::default();
        let mut key = 0u64;
        group.bench_function(format!("view_80x50_depth{depth}"), |b| {
            b.iter(|| {
                key += 1;
                let level = &levels[key as usize % levels.len()];
                let at = level.map.start();
                // A fire beside the player: a glow that moves, as a turn's may.
                let fire = std::iter::once((delve_core::geom::Pos::new(at.x + 1, at.y), FIRE));
                black_box(map.light_up(&level.map, depth, fire, key, view_window(at, 8)))
            })
        });
        group.bench_function(format!("whole_80x50_depth{depth}"), |b| {
            b.iter(|| {
                key += 1;
                let level = &levels[key as usize % levels.len()];
                black_box(map.light_up(&level.map, depth, std::iter::empty(), key, whole(&level.map)))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, light);
criterion_main!(benches);

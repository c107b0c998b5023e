//! Exploring and travel: one explore step and one travel step (the planning of the next step
//! from what the player remembers) at 80x50 and 1024x1024, half-way through exploring the level;
//! and the turns a whole exploration takes, Delve's explorer against the plain nearest-frontier
//! one, printed as a report.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use delve_core::dungeon::Dungeon;
use delve_core::explore::{self as plan, Known};
use delve_core::explore::{Exploration, explore_level, nearest_frontier};
use delve_core::fov::DEFAULT_RADIUS;
use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::map::Tile;
use delve_core::paths::Search;
use delve_core::run::Run;

/// A level of this size, explored for `turns` turns (no monsters): the level and what is known.
fn half_explored(w: u32, h: u32, turns: u64) -> (Dungeon, Exploration) {
    let dungeon = Dungeon::new(GenParams::new(7, w, h, CorridorStyle::Mixed))
        .unwrap()
        .peaceful();
    let mut run = Run::new(dungeon).with_sight(DEFAULT_RADIUS);
    let done = explore_level(&mut run, plan::explore, turns);
    (run.into_dungeon(), done)
}

fn bench_steps(c: &mut Criterion) {
    let mut group = c.benchmark_group("explore_step");
    group.sample_size(50);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(3));
    for (w, h, turns) in [(80u32, 50u32, 300u64), (1024, 1024, 3000)] {
        let (dungeon, done) = half_explored(w, h, turns);
        let known = Known {
            level: dungeon.level(),
            memory: &done.memory,
        };
        let mut search = Search::default();
        group.bench_function(format!("explore_{w}x{h}"), |b| {
            b.iter(|| black_box(plan::explore(&known, done.at, &[], &mut search)))
        });
        // Travel to the farthest remembered floor from where the explorer stands.
        let far = (0..done.memory.tiles().len())
            .filter(|&i| done.memory.tiles()[i] == Some(Tile::Floor))
            .map(|i| dungeon.level().map.pos_of(i))
            .max_by_key(|p| p.manhattan(done.at))
            .unwrap();
        let steps = plan::travel(&known, done.at, far, &[], &mut search).map_or(0, |w| w.len());
        println!("travel_{w}x{h}: {steps} steps to the farthest known floor");
        group.bench_function(format!("travel_{w}x{h}"), |b| {
            b.iter(|| black_box(plan::travel(&known, done.at, far, &[], &mut search)))
        });
    }
    group.finish();
}

/// Turns a whole exploration takes (80x50, 200 seeds, every depth): Delve's against the plain
/// nearest-frontier explorer's.
fn report_explore_turns(_: &mut Criterion) {
    let (mut ours, mut plain) = (0u64, 0u64);
    for seed in 0..200u64 {
        let params = GenParams::new(seed, 80, 50, CorridorStyle::Mixed).at_depth((seed % 10) as u32 + 1);
        let fresh = || Run::new(Dungeon::new(params).unwrap().peaceful()).with_sight(DEFAULT_RADIUS);
        ours += explore_level(&mut fresh(), plan::explore, 100_000).turns;
        plain += explore_level(&mut fresh(), nearest_frontier(), 100_000).turns;
    }
    println!(
        "explore turns (80x50 mixed, 200 seeds): delve {} per level, nearest frontier {} ({:.3}x)",
        ours / 200,
        plain / 200,
        ours as f64 / plain as f64
    );
}

criterion_group!(benches, bench_steps, report_explore_turns);
criterion_main!(benches);

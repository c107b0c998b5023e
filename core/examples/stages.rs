//! Where making a level spends its time at every depth, stage by stage, next to mapgen's BSP
//! rooms with nearest corridors on the same size and what issue 24's target leaves a level
//! (1.0× mapgen at depth 1 rising to 2.0× at depth 10).
//!
//! `cargo run --release -p delve-core --features stage-timing --example stages -- [COUNT] [WxH]`
//!
//! COUNT levels (default 2,000) of the mixed style per depth, seeds 0 to COUNT - 1, three rounds;
//! each depth's row is its fastest round. Times are per level, in microseconds.

use std::hint::black_box;
use std::time::{Duration, Instant};

use delve_core::generation::{CorridorStyle, DEEPEST, GenParams, Stage, generate, take_stage_times};
use mapgen::{BspRooms, MapBuilder, NearestCorridors};
use rand08::SeedableRng;
use rand08::rngs::StdRng;

const ROUNDS: usize = 3;

fn micros(d: Duration, count: u64) -> f64 {
    d.as_secs_f64() * 1e6 / count as f64
}

fn main() {
    let mut args = std::env::args().skip(1);
    let count: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(2000).max(1);
    let (width, height) = args
        .next()
        .and_then(|a| delve_core::generation::parse_size(&a))
        .unwrap_or((80, 50));
    // mapgen on the same size, fastest of the rounds.
    let mapgen = (0..ROUNDS)
        .map(|_| {
            let start = Instant::now();
            for seed in 0..count {
                let mut rng = StdRng::seed_from_u64(seed);
                black_box(
                    MapBuilder::new(width as usize, height as usize)
                        .with(BspRooms::new())
                        .with(NearestCorridors::new())
                        .build_with_rng(&mut rng),
                );
            }
            micros(start.elapsed(), count)
        })
        .fold(f64::INFINITY, f64::min);
    println!("{count} mixed levels a depth at {width}x{height}, µs a level (fastest of {ROUNDS} rounds)");
    println!("mapgen BSP + nearest corridors: {mapgen:.1} µs");
    let names: Vec<&str> = Stage::ALL.iter().map(|s| s.name()).collect();
    println!("| depth | level | vs mapgen | target | {} |", names.join(" | "));
    println!("|{}", "---|".repeat(4 + names.len()));
    for depth in 1..=DEEPEST {
        let mut best: Option<(f64, Vec<f64>)> = None;
        for _ in 0..ROUNDS {
            take_stage_times();
            let start = Instant::now();
            for seed in 0..count {
                let params = GenParams::new(seed, width, height, CorridorStyle::Mixed).at_depth(depth);
                black_box(generate(&params).expect("every seed generates"));
            }
            let total = micros(start.elapsed(), count);
            let stages = take_stage_times().iter().map(|&(_, d)| micros(d, count)).collect();
            if best.as_ref().is_none_or(|(t, _)| total < *t) {
                best = Some((total, stages));
            }
        }
        let (total, stages) = best.expect("at least one round");
        let target = 1.0 + f64::from(depth - 1) / 9.0;
        let cells: Vec<String> = stages.iter().map(|s| format!("{s:.1}")).collect();
        println!(
            "| {depth} | {total:.1} | {:.2}× | ≤ {target:.2}× ({:.1}) | {} |",
            total / mapgen,
            target * mapgen,
            cells.join(" | ")
        );
    }
}

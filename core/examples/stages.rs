//! Where making a level spends its time at every depth, stage by stage, next to mapgen's BSP
//! rooms with nearest corridors on the same size and issue 40's budget for a whole level with
//! its terrain (4.0× mapgen at every depth; per room above 80x50, as
//! `benches/report.py` takes it, since mapgen makes about 57 rooms whatever the size).
//!
//! `cargo run --release -p delve-core --features stage-timing --example stages -- [COUNT] [WxH]`
//!
//! COUNT levels (default 2,000) of the mixed style per depth, seeds 0 to COUNT - 1, just after as
//! many of mapgen's (each alone, as criterion takes them: interleaved by small batches, mapgen's
//! maps took an eighth longer), in three rounds; each depth's row is the round with the middle
//! ratio, so that a slower spell of a shared machine in one round does not decide it. Times are
//! per level, in microseconds.

use std::hint::black_box;
use std::time::{Duration, Instant};

use delve_core::generation::{
    CorridorStyle, DEEPEST, GenParams, Stage, generate, parse_size, size_ok, take_stage_times,
};
use mapgen::{BspRooms, MapBuilder, NearestCorridors};
use rand08::SeedableRng;
use rand08::rngs::StdRng;

/// Rounds a depth is measured in.
const ROUNDS: usize = 3;

fn micros(d: Duration, count: u64) -> f64 {
    d.as_secs_f64() * 1e6 / count as f64
}

/// Time and rooms of mapgen's maps and of Delve's levels at one depth, and Delve's stages.
struct Depth {
    mapgen: Duration,
    mapgen_rooms: usize,
    delve: Duration,
    delve_rooms: usize,
    stages: [Duration; Stage::ALL.len()],
}

fn measure(count: u64, width: u32, height: u32, depth: u32) -> Depth {
    let start = Instant::now();
    let mut mapgen_rooms = 0;
    for seed in 0..count {
        let mut rng = StdRng::seed_from_u64(seed);
        let map = MapBuilder::new(width as usize, height as usize)
            .with(BspRooms::new())
            .with(NearestCorridors::new())
            .build_with_rng(&mut rng);
        mapgen_rooms += black_box(map).rooms.len();
    }
    let mapgen = start.elapsed();
    take_stage_times();
    let start = Instant::now();
    let mut delve_rooms = 0;
    for seed in 0..count {
        let params = GenParams::new(seed, width, height, CorridorStyle::Mixed).at_depth(depth);
        let made = generate(&params).expect("every seed generates");
        delve_rooms += black_box(made).level.map.rooms().len();
    }
    Depth {
        mapgen,
        mapgen_rooms,
        delve: start.elapsed(),
        delve_rooms,
        stages: take_stage_times().map(|(_, spent)| spent),
    }
}

/// Says what is wrong with the arguments, and stops (exit 2).
fn refuse(problem: &str) -> ! {
    eprintln!("stages: {problem}; usage: stages [COUNT] [WxH]");
    std::process::exit(2)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let count: u64 = match args.next() {
        None => 2000,
        Some(a) => match a.parse() {
            Ok(n) if n > 0 => n,
            _ => refuse(&format!("COUNT {a:?} is not a whole number above nought")),
        },
    };
    let (width, height) = match args.next() {
        None => (80, 50),
        Some(a) => match parse_size(&a) {
            Some((w, h)) if size_ok(w, h) => (w, h),
            _ => refuse(&format!("size {a:?} is not WIDTHxHEIGHT within the generator's range")),
        },
    };
    if let Some(extra) = args.next() {
        refuse(&format!("unexpected argument {extra:?}"));
    }
    let per_room = (width, height) != (80, 50);
    println!(
        "{count} mixed levels a depth at {width}x{height} after as many of mapgen's, the middle of {ROUNDS} rounds; µs a level{}",
        if per_room { "; ratios per room" } else { "" }
    );
    let names: Vec<&str> = Stage::ALL.iter().map(|s| s.name()).collect();
    println!(
        "| depth | level | mapgen | vs mapgen | target | {} |",
        names.join(" | ")
    );
    println!("|{}", "---|".repeat(5 + names.len()));
    let ratio = |d: &Depth| {
        let (level, mapgen) = (micros(d.delve, count), micros(d.mapgen, count));
        if per_room {
            (level / d.delve_rooms as f64) / (mapgen / d.mapgen_rooms as f64)
        } else {
            level / mapgen
        }
    };
    for depth in 1..=DEEPEST {
        let mut rounds: Vec<Depth> = (0..ROUNDS).map(|_| measure(count, width, height, depth)).collect();
        rounds.sort_by(|a, b| ratio(a).total_cmp(&ratio(b)));
        let d = &rounds[ROUNDS / 2];
        let (level, mapgen, ratio) = (micros(d.delve, count), micros(d.mapgen, count), ratio(d));
        let target = 4.0;
        let cells: Vec<String> = d.stages.iter().map(|&s| format!("{:.1}", micros(s, count))).collect();
        println!(
            "| {depth} | {level:.1} | {mapgen:.1} | {ratio:.2}× | ≤ {target:.2}× | {} |",
            cells.join(" | ")
        );
    }
}

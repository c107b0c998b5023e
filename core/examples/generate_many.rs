//! Generates many levels and prints how long they took: a steady load for profilers
//! (`valgrind --tool=callgrind`, `perf record`).
//!
//! `cargo run --release --example generate_many -- [COUNT] [STYLE] [WxH] [DEPTH]`

use std::time::Instant;

use delve_core::generation::{CorridorStyle, GenParams, generate};

fn main() {
    let mut args = std::env::args().skip(1);
    let count: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let style: CorridorStyle = args.next().and_then(|a| a.parse().ok()).unwrap_or_default();
    let (width, height) = args
        .next()
        .and_then(|a| {
            a.split_once('x')
                .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
        })
        .unwrap_or((80, 50));
    let depth: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let start = Instant::now();
    let (mut rooms, mut attempts) = (0, 0);
    for seed in 0..count {
        let made = generate(&GenParams::new(seed, width, height, style).at_depth(depth)).expect("a level");
        rooms += made.level.map.rooms().len();
        attempts += made.attempts as usize;
    }
    let each = start.elapsed() / count as u32;
    println!(
        "{count} {style} levels at {width}x{height}, depth {depth}: {each:?} each, {} rooms on average, {:.2} attempts",
        rooms / count as usize,
        attempts as f64 / count as f64
    );
}

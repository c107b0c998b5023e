//! Generates many levels and prints how long they took: a steady load for profilers
//! (`valgrind --tool=callgrind`, `perf record`).
//!
//! `cargo run --release --example generate_many -- [COUNT] [STYLE] [WxH]`

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
    let start = Instant::now();
    let mut rooms = 0;
    for seed in 0..count {
        rooms += generate(&GenParams::new(seed, width, height, style))
            .expect("a level")
            .level
            .map
            .rooms()
            .len();
    }
    let each = start.elapsed() / count as u32;
    println!(
        "{count} {style} levels at {width}x{height}: {each:?} each, {} rooms on average",
        rooms / count as usize
    );
}

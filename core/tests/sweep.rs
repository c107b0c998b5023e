//! The long sweep (not part of the quick test run): 10,000 seeds × sizes 20x15, 80x50 and
//! 256x256 × every corridor style (seed n at depth n % 10 + 1), and every depth of 10,000 runs
//! at 80x50, each level checked by the independent checker (tests/common: terrain, stairs, keys
//! played out), by `generation::validate_level`, and through an ASCII round trip. Every failure
//! is listed with the CLI command that reproduces it.
//!
//! cargo test --release --test sweep -- --ignored --nocapture
//!
//! `DELVE_SWEEP_SEEDS=N` sweeps seeds 0..N instead of 0..10,000.

mod common;

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use delve_core::generation::{CorridorStyle, DEEPEST, GenParams, generate, validate_level};
use delve_core::map::parse_ascii;

const SIZES: [(u32, u32); 3] = [(20, 15), (80, 50), (256, 256)];

/// Every rule for one level; the first broken one.
fn check_level(params: &GenParams) -> Result<u32, String> {
    let generated = generate(params).map_err(|e| format!("no level: {e}"))?;
    let map = &generated.level.map;
    common::check_level(&generated.level, params.depth)?;
    validate_level(&generated.level, params.depth, DEEPEST).map_err(|d| format!("validate: {d}"))?;
    let ascii = map.to_ascii();
    let back = parse_ascii(ascii.as_bytes()).map_err(|e| format!("its ASCII dump does not parse: {e}"))?;
    if back.to_ascii() != ascii {
        return Err("its ASCII dump does not round-trip".into());
    }
    Ok(generated.attempts)
}

#[test]
#[ignore = "long: run with --ignored (see the file's header)"]
fn ten_thousand_seeds_every_size_every_style() {
    let seeds: u64 = std::env::var("DELVE_SWEEP_SEEDS")
        .ok()
        .map(|s| s.parse().expect("DELVE_SWEEP_SEEDS is a whole number"))
        .unwrap_or(10_000);
    // (style, size, depth): `None` sweeps seed n at depth n % 10 + 1; then one job per depth for
    // the runs at 80x50, so every depth of every run is made.
    let jobs: Vec<(CorridorStyle, (u32, u32), Option<u32>)> = CorridorStyle::ALL
        .into_iter()
        .flat_map(|style| SIZES.map(|size| (style, size, None)))
        .chain((1..=DEEPEST).map(|d| (CorridorStyle::Mixed, (80, 50), Some(d))))
        .collect();
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let (levels, retried, max_attempts) = (AtomicUsize::new(0), AtomicUsize::new(0), AtomicUsize::new(1));
    let started = Instant::now();
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                while let Some(&(style, (width, height), depth)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    for seed in 0..seeds {
                        let depth = depth.unwrap_or(1 + seed as u32 % DEEPEST);
                        let params = GenParams::new(seed, width, height, style).at_depth(depth);
                        match check_level(&params) {
                            Ok(attempts) => {
                                retried.fetch_add(usize::from(attempts > 1), Ordering::Relaxed);
                                max_attempts.fetch_max(attempts as usize, Ordering::Relaxed);
                            }
                            Err(why) => failures.lock().unwrap().push(format!(
                                "{why}\n  reproduce: cargo run --release -- --seed {seed} --size {width}x{height} --corridors {style} --depth {depth} --ascii"
                            )),
                        }
                        levels.fetch_add(1, Ordering::Relaxed);
                    }
                    eprintln!("  {style} {width}x{height} depth {depth:?}: {seeds} seeds done");
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    let levels = levels.into_inner();
    println!(
        "sweep: {levels} levels ({seeds} seeds × {} sizes × {} styles, and {seeds} runs × {DEEPEST} depths) in {:.1} s \
         on {workers} threads; {} needed more than one attempt (most: {}); {} failed",
        SIZES.len(),
        CorridorStyle::ALL.len(),
        started.elapsed().as_secs_f64(),
        retried.into_inner(),
        max_attempts.into_inner(),
        failures.len()
    );
    assert!(failures.is_empty(), "failing levels:\n{}", failures.join("\n"));
    assert_eq!(levels, jobs.len() * seeds as usize);
}

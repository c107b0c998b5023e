//! What seeking in a replay costs: a bot's whole run of 20,000 turns or more (none of the first
//! 400 seeds at the default 80x50 lasts that long, the longest 17,294 turns; at 100x60 seed 114
//! lasts 20,408: the first seed from `SEEK_SEED`, 114 unless set, at `SEEK_SIZE`, 100x60 unless
//! set, whose run lasts 20,000 turns, else the longest of 400), its replay sought to 200 turns
//! in a shuffled order, each seek timed: the first seek to the end from the start (nothing kept
//! yet), seeks to turns and again, and steps back a turn. `SEEK_DETAIL=1` names every seek over
//! 15 ms. Figures in docs/performance.md. `cargo run --release -p delve-core --example seek`.

use std::time::Instant;

use delve_core::bot::Bot;
use delve_core::fov::DEFAULT_RADIUS;
use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::run::seek::{Seeker, Target};
use delve_core::run::{Replay, Run, RunSpec};
use delve_core::save::{decode_recording, encode_recording};

fn whole_run(seed: u64) -> Run {
    let (w, h) = std::env::var("SEEK_SIZE")
        .ok()
        .and_then(|s| delve_core::generation::parse_size(&s))
        .unwrap_or((100, 60));
    let spec = RunSpec::seeded(GenParams::new(seed, w, h, CorridorStyle::Mixed));
    let mut run = spec.begin().expect("a run").with_sight(DEFAULT_RADIUS);
    Bot::player().play_until(&mut run, u64::MAX);
    run
}

/// Milliseconds: the median, the 90th percentile and the most of `times`.
fn summary(mut times: Vec<f64>) -> String {
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    format!(
        "median {:.2} ms, 90% {:.2} ms, most {:.2} ms ({} seeks)",
        at(0.5),
        at(0.9),
        times[times.len() - 1],
        times.len()
    )
}

fn main() {
    let clock = Instant::now();
    let (mut longest, mut seed_of) = (None::<Run>, 0);
    let first = std::env::var("SEEK_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(114);
    for seed in first..first + 400 {
        let run = whole_run(seed);
        if std::env::var_os("SEEK_DETAIL").is_some() {
            println!("seed {seed}: {} turns", run.turn());
        }
        if longest.as_ref().is_none_or(|l| run.turn() > l.turn()) {
            (longest, seed_of) = (Some(run), seed);
        }
        if longest.as_ref().is_some_and(|l| l.turn() >= 20_000) {
            break;
        }
    }
    let run = longest.expect("a run");
    let bytes = encode_recording(&run).expect("recorded");
    let file = decode_recording(&bytes).expect("a recording");
    println!(
        "seed {seed_of}: {} turns, {} commands, {} bytes (found in {:.1} s)",
        run.turn(),
        file.recording.len(),
        bytes.len(),
        clock.elapsed().as_secs_f64()
    );
    let (start, replay) = Replay::begin(&file.spec, &file.recording, Some(file.end)).expect("a level");
    let mut seeker = Seeker::new(&start, &replay);
    let turns = run.turn();
    // 200 turns spread over the run, in a shuffled order (a fixed stride modulo a prime).
    let targets: Vec<u64> = (0..200u64).map(|i| (i * 7919) % 200 * turns / 200).collect();
    let mut cold = Vec::new();
    let mut warm = Vec::new();
    // The first pass: the first seek past the keyframes held plays on from the last of them.
    let clock = Instant::now();
    let (_, r) = seeker.seek(Target::Turn(turns)).expect("no desync");
    let to_end = clock.elapsed().as_secs_f64() * 1e3;
    println!(
        "the first seek, to the end ({} commands played from the start): {to_end:.1} ms",
        r.played()
    );
    for pass in 0..2 {
        for &t in &targets {
            let clock = Instant::now();
            let (run, r) = seeker.seek(Target::Turn(t)).expect("no desync");
            let ms = clock.elapsed().as_secs_f64() * 1e3;
            if ms > 15.0 && std::env::var_os("SEEK_DETAIL").is_some() {
                println!(
                    "slow: turn {t} command {} depth {} {ms:.1} ms",
                    r.played(),
                    run.dungeon().depth()
                );
            }
            assert!(run.turn() >= t);
            if pass == 0 { &mut cold } else { &mut warm }.push(ms);
        }
    }
    let mut back = Vec::new();
    for &t in &targets {
        let clock = Instant::now();
        seeker.seek(Target::Before(t.max(1))).expect("no desync");
        back.push(clock.elapsed().as_secs_f64() * 1e3);
    }
    println!(
        "keyframes {} a stride of {} commands",
        seeker.keyframes(),
        seeker.stride()
    );
    println!("seek to a turn: {}", summary(cold));
    println!("again:          {}", summary(warm));
    println!("a step back:    {}", summary(back));
}

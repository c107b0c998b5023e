//! Recordings in bulk: a bot (`bot::Bot::player`) plays many seeds, each run's recording is
//! written to bytes and verified by replaying it, and the figures are printed: desyncs (there
//! must be none), recording size per 1,000 turns, replay speed, and what recording costs a turn.
//! `cargo run --release -p delve-core --example recordings [RUNS] [TURNS]` (10,000 runs of at
//! most 1,000 turns by default; seeds 0 to RUNS - 1). Exit 1 on any desync.

use std::time::{Duration, Instant};

use delve_core::bot::Bot;
use delve_core::fov::DEFAULT_RADIUS;
use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::run::RunSpec;
use delve_core::save::{encode_recording, verify};

fn main() {
    let mut args = std::env::args().skip(1);
    let runs: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let turns: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1_000);
    let (mut played, mut bytes, mut commands, mut desyncs, mut ended) = (0u64, 0usize, 0usize, 0u64, 0u64);
    let (mut playing, mut replaying) = (Duration::ZERO, Duration::ZERO);
    for seed in 0..runs {
        let spec = RunSpec::seeded(GenParams::new(seed, 80, 50, CorridorStyle::Mixed));
        let mut run = spec.begin().expect("a level").with_sight(DEFAULT_RADIUS);
        let clock = Instant::now();
        Bot::player().play_until(&mut run, turns);
        playing += clock.elapsed();
        let file = encode_recording(&run).expect("recorded");
        let clock = Instant::now();
        let (verdict, _) = verify(&file).expect("a readable recording");
        replaying += clock.elapsed();
        if !verdict.ok() || verdict.hash != run.state_hash() {
            desyncs += 1;
            eprintln!("seed {seed}: {:?}", verdict.desync);
        }
        played += run.turn();
        bytes += file.len();
        commands += run.recording().map_or(0, |r| r.len());
        ended += u64::from(run.is_over());
        if (seed + 1) % 1_000 == 0 {
            eprintln!("{} runs verified, {desyncs} desyncs", seed + 1);
        }
    }
    // What recording costs: the same runs' commands played again with and without recording.
    let sample = runs.min(200);
    let (mut with, mut without, mut sample_turns) = (Duration::ZERO, Duration::ZERO, 0u64);
    for seed in 0..sample {
        let spec = RunSpec::seeded(GenParams::new(seed, 80, 50, CorridorStyle::Mixed));
        let mut run = spec.begin().expect("a level").with_sight(DEFAULT_RADIUS);
        Bot::player().play_until(&mut run, turns);
        let acts: Vec<_> = run.recording().expect("recorded").commands().collect();
        for recorded in [true, false] {
            let mut again = spec.begin().expect("a level").with_sight(DEFAULT_RADIUS);
            if !recorded {
                again = again.with_recording(None);
            }
            let clock = Instant::now();
            for c in &acts {
                if let delve_core::run::Command::Act(act) = c {
                    let _ = again.play(*act);
                }
            }
            let spent = clock.elapsed();
            if recorded {
                with += spent;
                sample_turns += again.turn();
            } else {
                without += spent;
            }
        }
    }
    let per_turn = |d: Duration, n: u64| d.as_secs_f64() * 1e6 / n.max(1) as f64;
    println!("{runs} bot runs of at most {turns} turns: {played} turns, {ended} ended (died or won)");
    println!("desyncs: {desyncs}");
    println!(
        "recording size: {:.0} bytes per 1,000 turns ({:.2} commands a turn)",
        bytes as f64 * 1000.0 / played as f64,
        commands as f64 / played as f64
    );
    println!(
        "replay without a window: {:.0} turns a second (the bot played {:.0} a second)",
        played as f64 / replaying.as_secs_f64(),
        played as f64 / playing.as_secs_f64()
    );
    println!(
        "a turn with recording {:.1} us, without {:.1} us ({sample} runs, {sample_turns} turns)",
        per_turn(with, sample_turns),
        per_turn(without, sample_turns)
    );
    if desyncs > 0 {
        std::process::exit(1);
    }
}

//! What "could you have lived?" costs and finds: the bot's whole runs of seeds 0-199 (the
//! standard game), and each death reviewed from its recording alone (the replay begun again,
//! sought back from the end, each choice played on by the bot): the time a review takes, from
//! the recording's bytes to the verdict (the 90th percentile is what the issue bounds: 2 s
//! natively), and how many found a line that lives. Figures in docs/performance.md.
//! `cargo run --release -p delve-core --example review [FIRST LAST]`; `-- wait SEED`: instead, a
//! player who only waits on SEED until killed, its death reviewed (what web/test/seek-bench.mjs
//! times in the browser: seed 251).

use std::time::Instant;

use delve_core::bot::Bot;
use delve_core::fov::DEFAULT_RADIUS;
use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::review::{Limits, review};
use delve_core::run::seek::Seeker;
use delve_core::run::{Replay, RunSpec};
use delve_core::save::{decode_recording, encode_recording};
use delve_core::world::Ending;

/// A player who only waits on `seed` until killed, its death reviewed and timed.
fn wait_and_review(seed: u64) {
    let spec = RunSpec::seeded(GenParams::new(seed, 80, 50, CorridorStyle::Mixed));
    let mut run = spec.begin().expect("a run").with_sight(DEFAULT_RADIUS);
    while !run.is_over() {
        run.play(delve_core::rules::Act::Wait).expect("a wait");
    }
    let clock = Instant::now();
    let (start, replay) = Replay::begin(&spec, run.recording().expect("recorded"), None).expect("a level");
    let verdict = review(&mut Seeker::new(&start, &replay), &run, Limits::default()).expect("a death");
    println!(
        "seed {seed}, waiting: died on turn {}, reviewed in {:.4} s, {} lines tried: {}",
        run.turn(),
        clock.elapsed().as_secs_f64(),
        verdict.tried,
        verdict.summary()
    );
}

fn main() {
    if std::env::args().nth(1).as_deref() == Some("wait") {
        let seed = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(251);
        return wait_and_review(seed);
    }
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>().expect("a seed"));
    let (first, last) = (args.next().unwrap_or(0), args.next().unwrap_or(199));
    let mut times = Vec::new();
    let (mut found, mut deaths) = (0, 0);
    for seed in first..=last {
        let spec = RunSpec::seeded(GenParams::new(seed, 80, 50, CorridorStyle::Mixed));
        let mut run = spec.begin().expect("a run").with_sight(DEFAULT_RADIUS);
        Bot::player().play_until(&mut run, 40_000);
        if !matches!(run.record().ending, Some(Ending::Died { .. })) {
            continue;
        }
        deaths += 1;
        let bytes = encode_recording(&run).expect("recorded");
        let clock = Instant::now();
        let file = decode_recording(&bytes).expect("a recording");
        let (start, replay) = Replay::begin(&file.spec, &file.recording, Some(file.end)).expect("a level");
        let mut seeker = Seeker::new(&start, &replay);
        let verdict = review(&mut seeker, &run, Limits::default()).expect("a death");
        let seconds = clock.elapsed().as_secs_f64();
        times.push(seconds);
        if verdict.line.is_some() {
            found += 1;
        }
        println!(
            "seed {seed:>3}: died on turn {:>5}, reviewed in {:>6.3} s, {:>2} lines tried: {}",
            run.turn(),
            seconds,
            verdict.tried,
            verdict.summary()
        );
    }
    times.sort_by(f64::total_cmp);
    if times.is_empty() {
        println!("no deaths");
        return;
    }
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "{deaths} deaths of seeds {first}-{last}: reviews took median {:.3} s, 90% {:.3} s, most {:.3} s; a line that lives found for {found}",
        at(0.5),
        at(0.9),
        times[times.len() - 1]
    );
}

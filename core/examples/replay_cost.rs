//! What a replay costs, command by command: crafted floods (waits at each level size and sight,
//! sight flipped back and forth) timed against `Recording::work`'s estimate, and the bots'
//! ordinary runs verified end to end (turns a second). The figures calibrate `run::MAX_WORK`
//! and fill docs/performance.md. `cargo run --release -p delve-core --example replay_cost`.

use std::time::Instant;

use delve_core::bot::Bot;
use delve_core::fov::DEFAULT_RADIUS;
use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::rules::Act;
use delve_core::run::{Command, Recording, Replay, RunSpec};
use delve_core::save::{encode_recording, verify};

fn flood(label: &str, w: u32, h: u32, commands: Vec<Command>) {
    let spec = RunSpec::seeded(GenParams::new(7, w, h, CorridorStyle::Mixed));
    let recording = Recording::from_parts(commands, Vec::new(), None).expect("a recording");
    let work = recording.work(&spec);
    let (mut run, mut replay) = Replay::begin(&spec, &recording, None).expect("a level");
    let clock = Instant::now();
    let stopped = replay.finish(&mut run).err();
    let seconds = clock.elapsed().as_secs_f64();
    println!(
        "{label:<34} {:>9} commands {:>8.3} s  {:>10.0} commands/s  work {:>14}  {:>6.1} M work/s",
        replay.played(),
        seconds,
        replay.played() as f64 / seconds,
        work,
        work as f64 / seconds / 1e6
    );
    if let Some(why) = stopped.filter(|_| !run.is_over()) {
        println!("  stopped: {why}");
    }
}

fn waits(radius: u32, n: usize) -> Vec<Command> {
    let mut commands: Vec<Command> = (radius != DEFAULT_RADIUS)
        .then_some(Command::Sight(radius))
        .into_iter()
        .collect();
    commands.extend(std::iter::repeat_n(Command::Act(Act::Wait), n));
    commands
}

fn main() {
    for (w, h, radius, n) in [
        (80, 50, DEFAULT_RADIUS, 200_000),
        (80, 50, 100, 50_000),
        (256, 256, DEFAULT_RADIUS, 100_000),
        (256, 256, 100, 20_000),
        (1024, 1024, DEFAULT_RADIUS, 20_000),
        (1024, 1024, 100, 5_000),
    ] {
        flood(&format!("waits {w}x{h}, sight {radius}"), w, h, waits(radius, n));
    }
    let flips: Vec<Command> = (0..100_000)
        .map(|i| Command::Sight(if i % 2 == 0 { 100 } else { 1 }))
        .collect();
    flood("sight 100/1 flips 1024x1024", 1024, 1024, flips);
    // What an audit of ff3d434 posted to a board: a default sight flipped by one, a few
    // million times (legal, no turn passes), and a sneak begun and ended as often.
    let near: Vec<Command> = (0..2_000_000)
        .map(|i| Command::Sight(if i % 2 == 0 { 7 } else { 8 }))
        .collect();
    flood("sight 7/8 flips 80x50", 80, 50, near);
    let sneaks: Vec<Command> = (0..2_000_000).map(|i| Command::Sneaking(i % 2 == 0)).collect();
    flood("sneaking on/off 80x50", 80, 50, sneaks);

    let (mut turns, mut seconds, mut work) = (0u64, 0f64, 0u64);
    for seed in 0..200 {
        let spec = RunSpec::seeded(GenParams::new(seed, 80, 50, CorridorStyle::Mixed));
        let mut run = spec.begin().expect("a level").with_sight(DEFAULT_RADIUS);
        Bot::player().play_until(&mut run, 20_000);
        let file = encode_recording(&run).expect("recorded");
        work += run.recording().expect("recorded").work(&spec);
        let clock = Instant::now();
        let (verdict, _) = verify(&file).expect("a readable recording");
        seconds += clock.elapsed().as_secs_f64();
        assert!(verdict.ok(), "seed {seed}: {:?}", verdict.desync);
        turns += verdict.turns;
    }
    println!(
        "bots' runs, 200 seeds at 80x50: {turns} turns verified in {seconds:.2} s: {:.0} turns/s, {:.1} M work/s",
        turns as f64 / seconds,
        work as f64 / seconds / 1e6
    );
}

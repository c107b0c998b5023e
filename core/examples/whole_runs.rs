//! Whole runs, verified: each of the eight bots of `balance` (careful or reckless, exploring or
//! knowing the map, using items or not) plays seeds to the run's end, won or died, and each
//! run's recording is replayed to its end and must come to the same state. Three ways: a run
//! played at one go; the same seed saved and continued (every `SAVE_EVERY` turns the run is
//! written as a save, read back and played on from it, as a player who quits and comes back);
//! and the daily dungeon of a day (one day a run, from 2026-01-01 on). Prints the desyncs
//! (there must be none), how the runs ended, and how many ended on a checkpoint's turn (where
//! rules 6 went astray). Runs on every core.
//!
//! `cargo run --release -p delve-core --example whole_runs -- [RUNS] [FIRST]` (RUNS seeds from
//! FIRST, 10,000 from 0 by default; `WHOLE_RUNS_WAYS=plain,saved,daily` and
//! `WHOLE_RUNS_BOTS=N,M` choose). `WHOLE_RUNS_WON_ON_A_CHECKPOINT=1` prints each run won on a
//! checkpoint's turn (a seed for the golden recording). Exit 1 on any desync.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use delve_core::bot::Bot;
use delve_core::fov::DEFAULT_RADIUS;
use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::run::{CHECKPOINT_EVERY, Date, Run, RunSpec, daily_params};
use delve_core::save::{Outcome, SavedRun, decode, encode, encode_recording, verify};

/// A run that has not ended by then is given up (none has, in any figure so far).
const TURN_CAP: u64 = 200_000;
/// A run saved and continued is saved this often.
const SAVE_EVERY: u64 = 1_000;

/// The bots: (careful, blind, use_items), as `balance` plays them.
const BOTS: [(bool, bool, bool); 8] = [
    (false, false, false),
    (true, false, false),
    (false, true, false),
    (true, true, false),
    (false, false, true),
    (true, false, true),
    (false, true, true),
    (true, true, true),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Way {
    Plain,
    Saved,
    Daily,
}

impl Way {
    fn name(self) -> &'static str {
        match self {
            Way::Plain => "played at one go",
            Way::Saved => "saved and continued",
            Way::Daily => "daily dungeons",
        }
    }
}

#[derive(Default)]
struct Tally {
    runs: AtomicU64,
    won: AtomicU64,
    died: AtomicU64,
    unfinished: AtomicU64,
    on_checkpoint: AtomicU64,
    won_on_checkpoint: AtomicU64,
    turns: AtomicU64,
    desyncs: AtomicU64,
}

/// Plays one whole run of `bot` in `way` for `n`, and checks its recording.
fn one(way: Way, (careful, blind, use_items): (bool, bool, bool), n: u64, tally: &Tally, said: &Mutex<()>) {
    let (spec, daily) = match way {
        Way::Plain | Way::Saved => (RunSpec::seeded(GenParams::new(n, 80, 50, CorridorStyle::Mixed)), None),
        Way::Daily => {
            let date = Date::from_days(Date::parse("2026-01-01").expect("a date").days() + n as i64);
            (RunSpec::seeded(daily_params(date)), Some(date))
        }
    };
    let mut run: Run = spec.begin().expect("a level").with_sight(DEFAULT_RADIUS);
    if let Some(date) = daily {
        run.mark_daily(&date.to_string());
    }
    let mut bot = Bot::new(careful, blind, use_items);
    let mut next_save = SAVE_EVERY;
    while !run.is_over() && run.turn() < TURN_CAP {
        bot.play(&mut run);
        if way == Way::Saved && run.turn() >= next_save {
            next_save += SAVE_EVERY;
            let bytes = encode(&SavedRun::capture(&run));
            let back = decode(&bytes)
                .unwrap_or_else(|why| {
                    panic!(
                        "seed {n}, bot {careful:?} {blind:?} {use_items:?}, turn {}: a save reads back: {why}",
                        run.turn()
                    )
                })
                .restore()
                .unwrap_or_else(|why| {
                    panic!(
                        "seed {n}, bot {careful:?} {blind:?} {use_items:?}, turn {}: a save restores: {why}",
                        run.turn()
                    )
                });
            assert_eq!(back.state_hash(), run.state_hash(), "a save gives its run back whole");
            // Played on from the save, as a run continued is (with its own sight, as the game
            // sets it when it puts a run in play).
            run = back.with_sight(DEFAULT_RADIUS);
        }
    }
    let bytes = encode_recording(&run).expect("recorded from its start");
    let (verdict, _) = verify(&bytes).expect("a readable recording");
    let turn = run.turn();
    tally.runs.fetch_add(1, Ordering::Relaxed);
    tally.turns.fetch_add(turn, Ordering::Relaxed);
    let on_checkpoint = turn.is_multiple_of(CHECKPOINT_EVERY);
    tally
        .on_checkpoint
        .fetch_add(u64::from(on_checkpoint), Ordering::Relaxed);
    match Outcome::of(&run) {
        Outcome::Won => {
            tally.won.fetch_add(1, Ordering::Relaxed);
            if on_checkpoint {
                tally.won_on_checkpoint.fetch_add(1, Ordering::Relaxed);
                if std::env::var_os("WHOLE_RUNS_WON_ON_A_CHECKPOINT").is_some() {
                    let _held = said.lock();
                    println!(
                        "won on a checkpoint's turn: {} {n}, bot {:?}, turn {turn}",
                        way.name(),
                        (careful, blind, use_items)
                    );
                }
            }
        }
        Outcome::Died => {
            tally.died.fetch_add(1, Ordering::Relaxed);
        }
        Outcome::Playing => {
            tally.unfinished.fetch_add(1, Ordering::Relaxed);
        }
    }
    if !verdict.ok() || verdict.hash != run.state_hash() || verdict.turns != turn {
        tally.desyncs.fetch_add(1, Ordering::Relaxed);
        let _held = said.lock();
        eprintln!(
            "DESYNC: {} {n}, bot {:?}: {:?} (ended on turn {turn}, {:?})",
            way.name(),
            (careful, blind, use_items),
            verdict.desync,
            Outcome::of(&run)
        );
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let runs: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let first: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(0);
    let ways: Vec<Way> = match std::env::var("WHOLE_RUNS_WAYS") {
        Ok(list) => list
            .split(',')
            .map(|w| match w.trim() {
                "plain" => Way::Plain,
                "saved" => Way::Saved,
                "daily" => Way::Daily,
                other => panic!("WHOLE_RUNS_WAYS: {other:?} is not plain, saved or daily"),
            })
            .collect(),
        Err(_) => vec![Way::Plain, Way::Saved, Way::Daily],
    };
    let bots: Vec<usize> = match std::env::var("WHOLE_RUNS_BOTS") {
        Ok(list) => list
            .split(',')
            .map(|b| b.trim().parse().expect("a bot's number, 0 to 7"))
            .collect(),
        Err(_) => (0..BOTS.len()).collect(),
    };
    let threads = std::thread::available_parallelism().map_or(2, usize::from);
    let said = Mutex::new(());
    let mut any_desync = false;
    println!(
        "whole runs: {runs} seeds from {first} for each way and bot, on {threads} threads (a run still going at turn {TURN_CAP} is given up)"
    );
    for way in ways {
        for &b in &bots {
            let bot = BOTS[b];
            let tally = Tally::default();
            let next = AtomicU64::new(first);
            let clock = Instant::now();
            std::thread::scope(|scope| {
                for _ in 0..threads {
                    scope.spawn(|| {
                        loop {
                            let n = next.fetch_add(1, Ordering::Relaxed);
                            if n >= first + runs {
                                break;
                            }
                            one(way, bot, n, &tally, &said);
                        }
                    });
                }
            });
            let get = |a: &AtomicU64| a.load(Ordering::Relaxed);
            let desyncs = get(&tally.desyncs);
            any_desync |= desyncs > 0;
            println!(
                "{:<20} bot {b} {:<22} {:>6} runs: {:>5} won, {:>5} died, {} unfinished; {:>4} ended on a checkpoint's turn ({} of them won); {:>10} turns; desyncs: {desyncs}  ({:.0} s)",
                way.name(),
                format!("{bot:?}"),
                get(&tally.runs),
                get(&tally.won),
                get(&tally.died),
                get(&tally.unfinished),
                get(&tally.on_checkpoint),
                get(&tally.won_on_checkpoint),
                get(&tally.turns),
                clock.elapsed().as_secs_f64()
            );
        }
    }
    if any_desync {
        std::process::exit(1);
    }
}

//! The board's submission load: real runs made here and posted to a running board over HTTP
//! from several clients at once, the rate they were judged and stored at printed (the reads are
//! measured with wrk: board/bench.sh).
//!
//! ```sh
//! cargo run --release -p delve-board --example load -- URL ordinary N CLIENTS
//! cargo run --release -p delve-board --example load -- URL day N CLIENTS
//! ```
//! `ordinary`: N bot runs of today's daily played to their end (a few thousand turns each),
//! each by its own name. `day`: N short runs of seed 251 (a player who waits there is killed
//! within a hundred turns; each run made a game of its own by its first fourteen acts, a wait or
//! a search for each bit of its number), each by its own name: a day's worth of entries on one
//! board, cheap to make.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use base64::Engine;
use delve_board::standard;
use delve_core::bot::Bot;
use delve_core::fov::DEFAULT_RADIUS;
use delve_core::rules::Act;
use delve_core::run::{Date, RunSpec, daily_params};
use delve_core::save::encode_recording;

fn today() -> Date {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    Date::from_unix(secs)
}

/// The `i`th run of today's daily: `i` waits, then the bot to the end.
fn ordinary(i: usize) -> Option<(Vec<u8>, u64)> {
    let date = today();
    let mut run = RunSpec::seeded(daily_params(date))
        .begin()
        .ok()?
        .with_sight(DEFAULT_RADIUS);
    run.mark_daily(&date.to_string());
    for _ in 0..i {
        run.play(Act::Wait).ok()?;
    }
    Bot::player().play_until(&mut run, 30_000);
    run.is_over()
        .then(|| (encode_recording(&run).unwrap_or_default(), run.turn()))
}

/// The `i`th short run of seed 251: fourteen acts spelling `i` in binary (a search for a one, a
/// wait for a zero: another game for each `i`, as the board tells games apart), then waits until
/// killed.
fn short(i: usize) -> Option<(Vec<u8>, u64)> {
    let mut run = RunSpec::seeded(standard(251)).begin().ok()?.with_sight(DEFAULT_RADIUS);
    for bit in 0..14 {
        let act = if (i >> bit) & 1 == 1 { Act::Search } else { Act::Wait };
        if !run.is_over() {
            run.play(act).ok()?;
        }
    }
    while !run.is_over() && run.turn() < 5_000 {
        run.play(Act::Wait).ok()?;
    }
    run.is_over()
        .then(|| (encode_recording(&run).unwrap_or_default(), run.turn()))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [url, kind, n, clients] = args.as_slice() else {
        eprintln!("usage: load URL ordinary|day N CLIENTS");
        std::process::exit(2);
    };
    let (n, clients): (usize, usize) = (n.parse().expect("N"), clients.parse().expect("CLIENTS"));
    let make: fn(usize) -> Option<(Vec<u8>, u64)> = match kind.as_str() {
        "ordinary" => ordinary,
        "day" => short,
        _ => {
            eprintln!("usage: load URL ordinary|day N CLIENTS");
            std::process::exit(2);
        }
    };
    // Made first (on every core), so that the board's judging is what is timed.
    let made = Instant::now();
    let next = AtomicUsize::new(0);
    let runs = Mutex::new(Vec::with_capacity(n));
    let cores = std::thread::available_parallelism().map_or(2, usize::from);
    std::thread::scope(|s| {
        for _ in 0..cores {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= n * 2 || runs.lock().unwrap().len() >= n {
                        break;
                    }
                    if let Some(run) = make(i) {
                        runs.lock().unwrap().push((i, run));
                    }
                }
            });
        }
    });
    let mut runs = runs.into_inner().unwrap();
    runs.truncate(n);
    let turns: u64 = runs.iter().map(|(_, (_, t))| t).sum();
    let bytes: usize = runs.iter().map(|(_, (b, _))| b.len()).sum();
    println!(
        "made {} runs in {:.1} s: {:.0} turns and {:.0} bytes a run on average",
        runs.len(),
        made.elapsed().as_secs_f64(),
        turns as f64 / runs.len().max(1) as f64,
        bytes as f64 / runs.len().max(1) as f64
    );
    let bodies: Vec<String> = runs
        .iter()
        .map(|(i, (bytes, _))| {
            serde_json::json!({
                "name": format!("{kind}-{i}"),
                "secret": format!("load-secret-{i:08}"),
                "recording": base64::engine::general_purpose::STANDARD.encode(bytes),
            })
            .to_string()
        })
        .collect();
    let statuses = Mutex::new(std::collections::BTreeMap::<u16, usize>::new());
    let next = AtomicUsize::new(0);
    let latencies = Mutex::new(Vec::with_capacity(bodies.len()));
    let endpoint = format!("{}/api/runs", url.trim_end_matches('/'));
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..clients {
            s.spawn(|| {
                let agent: ureq::Agent = ureq::Agent::config_builder()
                    .http_status_as_error(false)
                    .timeout_global(Some(Duration::from_secs(120)))
                    .build()
                    .into();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(body) = bodies.get(i) else { break };
                    let sent = Instant::now();
                    let status = agent
                        .post(&endpoint)
                        .header("content-type", "application/json")
                        .send(body.as_bytes())
                        .map_or(0, |r| r.status().as_u16());
                    latencies.lock().unwrap().push(sent.elapsed());
                    *statuses.lock().unwrap().entry(status).or_default() += 1;
                }
            });
        }
    });
    let took = start.elapsed().as_secs_f64();
    let mut latencies = latencies.into_inner().unwrap();
    latencies.sort();
    let at = |q: f64| latencies.get(((latencies.len() as f64 * q) as usize).min(latencies.len().saturating_sub(1)));
    println!(
        "submitted {} runs from {clients} clients in {took:.1} s: {:.1} a second; median {:.0} ms, 99th percentile {:.0} ms; statuses {:?}",
        bodies.len(),
        bodies.len() as f64 / took,
        at(0.5).map_or(0.0, |d| d.as_secs_f64() * 1e3),
        at(0.99).map_or(0.0, |d| d.as_secs_f64() * 1e3),
        statuses.into_inner().unwrap()
    );
}

//! Every honest run reaches the board: the bot of `delve --autoplay` plays seeds of the standard
//! game to their end (won or died, however long), and each recording is submitted to a real board
//! (this process's, over HTTP on loopback, on a SQLite file of its own) and must be ranked. Prints
//! how many were ranked, and each one refused with the board's reason; exit 1 if any was.
//!
//! ```sh
//! cargo run --release -p delve-board --example accept -- [RUNS] [FIRST]    # 200 seeds from 0
//! ```

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use base64::Engine;
use delve_board::{Config, Rate, Store, router, serve, standard};
use delve_core::bot::Bot;
use delve_core::fov::DEFAULT_RADIUS;
use delve_core::run::{CHECKPOINT_EVERY, RunSpec};
use delve_core::save::{Outcome, encode_recording};

fn main() {
    let mut args = std::env::args().skip(1);
    let runs: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    let first: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(0);
    let dir = tempfile::tempdir().expect("a folder");
    let url = format!("sqlite://{}", dir.path().join("board.sqlite3").display());
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Runtime::new().expect("a runtime");
        rt.block_on(async move {
            let store = Store::open(&url, 4).await.expect("the board's database");
            // A real board's judging, without the per-address limits one client would meet.
            let unlimited = Rate {
                burst: 1.0,
                per_minute: 0.0,
            };
            let config = Config {
                submit_rate: unlimited,
                read_rate: unlimited,
                judge_budget: unlimited,
                ..Config::default()
            };
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a port");
            tx.send(listener.local_addr().expect("an address")).expect("told");
            serve(listener, router(store, config).expect("a router"))
                .await
                .expect("served");
        });
    });
    let addr = rx.recv_timeout(Duration::from_secs(60)).expect("the board starts");
    let endpoint = format!("http://{addr}/api/runs");
    let next = AtomicU64::new(first);
    let (ranked, won, on_checkpoint) = (AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0));
    let refused = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..std::thread::available_parallelism().map_or(2, usize::from) {
            scope.spawn(|| {
                let agent: ureq::Agent = ureq::Agent::config_builder()
                    .http_status_as_error(false)
                    .timeout_global(Some(Duration::from_secs(120)))
                    .build()
                    .into();
                loop {
                    let seed = next.fetch_add(1, Ordering::Relaxed);
                    if seed >= first + runs {
                        break;
                    }
                    let mut run = RunSpec::seeded(standard(seed))
                        .begin()
                        .expect("a level")
                        .with_sight(DEFAULT_RADIUS);
                    Bot::player().play_until(&mut run, u64::MAX);
                    let body = serde_json::json!({
                        "name": "Autoplay",
                        "secret": "autoplay-secret-0123456789",
                        "recording": base64::engine::general_purpose::STANDARD
                            .encode(encode_recording(&run).expect("recorded")),
                    });
                    let mut reply = agent
                        .post(&endpoint)
                        .header("content-type", "application/json")
                        .send(body.to_string().as_bytes())
                        .expect("the board answers");
                    let status = reply.status().as_u16();
                    let text = reply.body_mut().read_to_string().unwrap_or_default();
                    if Outcome::of(&run) == Outcome::Won {
                        won.fetch_add(1, Ordering::Relaxed);
                    }
                    if run.turn().is_multiple_of(CHECKPOINT_EVERY) {
                        on_checkpoint.fetch_add(1, Ordering::Relaxed);
                    }
                    if status == 201 {
                        ranked.fetch_add(1, Ordering::Relaxed);
                    } else {
                        let line = format!(
                            "seed {seed} ({:?} on turn {}): {status} {text}",
                            Outcome::of(&run),
                            run.turn()
                        );
                        eprintln!("{line}");
                        refused.lock().expect("a lock").push(line);
                    }
                }
            });
        }
    });
    let refused = refused.into_inner().expect("a lock");
    println!(
        "{} of {runs} whole runs (seeds {first} to {}, {} won, {} ended on a checkpoint's turn) ranked by a real board; {} refused",
        ranked.load(Ordering::Relaxed),
        first + runs - 1,
        won.load(Ordering::Relaxed),
        on_checkpoint.load(Ordering::Relaxed),
        refused.len()
    );
    if !refused.is_empty() {
        std::process::exit(1);
    }
}

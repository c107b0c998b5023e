//! What watching a run live costs: bot runs played live to a running board, a piece every
//! `EVERY` turns (about what a second of brisk play makes), each followed by spectators reading
//! its events over HTTP; printed: the pieces' sizes, how long the board took to check and store
//! each (the POST's round trip), and how long each piece took to reach a spectator from the
//! moment it was sent.
//!
//! ```sh
//! cargo run --release -p delve-board --example live -- URL SEEDS SPECTATORS [WATCH_URL]
//! ```
//! `SEEDS`: a range such as `0-9` of the standard game's seeds, played one after another;
//! `WATCH_URL`: where the spectators follow (another board process over the same PostgreSQL),
//! else `URL`.

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use base64::Engine;
use delve_board::standard;
use delve_core::bot::Bot;
use delve_core::fov::DEFAULT_RADIUS;
use delve_core::run::{Checkpoint, RunSpec};
use delve_core::save::encode_recording;
use serde_json::{Value, json};

/// Turns played between two pieces.
const EVERY: u64 = 20;

fn point(c: &Checkpoint) -> Value {
    json!({"commands": c.commands, "turn": c.turn, "hash": format!("{:016x}", c.hash)})
}

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder().http_status_as_error(false).build().into()
}

fn post(url: &str, body: &Value) -> (u16, Value) {
    let mut r = agent()
        .post(url)
        .header("content-type", "application/json")
        .send(body.to_string().as_bytes())
        .expect("the board answers");
    let status = r.status().as_u16();
    (status, r.body_mut().read_json().unwrap_or(Value::Null))
}

/// The nearest-rank percentile `p` of `values` (sorted here).
fn pct(values: &mut [f64], p: f64) -> f64 {
    values.sort_by(f64::total_cmp);
    let i = ((p / 100.0) * values.len() as f64).ceil() as usize;
    values[i.clamp(1, values.len()) - 1]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(url), Some(seeds), Some(spectators)) = (args.get(1), args.get(2), args.get(3)) else {
        eprintln!("usage: live URL SEEDS SPECTATORS (e.g. http://127.0.0.1:8787 0-9 2)");
        std::process::exit(2);
    };
    let (first, last) = seeds.split_once('-').unwrap_or((seeds, seeds));
    let (first, last): (u64, u64) = (first.parse().unwrap(), last.parse().unwrap());
    let spectators: usize = spectators.parse().unwrap();
    let url = url.trim_end_matches('/');
    let watch = args.get(4).map_or(url, |w| w.trim_end_matches('/'));
    let (mut checks, mut reaches, mut sizes) = (Vec::new(), Vec::new(), Vec::new());
    for seed in first..=last {
        let mut run = RunSpec::seeded(standard(seed))
            .begin()
            .unwrap()
            .with_sight(DEFAULT_RADIUS);
        let file = encode_recording(&run).unwrap();
        let b64 = base64::engine::general_purpose::STANDARD;
        let (status, begun) = post(&format!("{url}/api/live"), &json!({"recording": b64.encode(file)}));
        assert_eq!(status, 201, "{begun}");
        let (id, token) = (
            begun["id"].as_i64().unwrap(),
            begun["token"].as_str().unwrap().to_owned(),
        );
        // When each piece (by its first command) was sent, and when each spectator had it.
        let sent: Arc<Mutex<HashMap<u64, Instant>>> = Arc::default();
        let had: Arc<Mutex<Vec<(u64, Instant)>>> = Arc::default();
        let readers: Vec<_> = (0..spectators)
            .map(|_| {
                let response = agent().get(&format!("{watch}/api/live/{id}/events")).call().unwrap();
                assert_eq!(response.status().as_u16(), 200);
                let had = had.clone();
                std::thread::spawn(move || {
                    let lines = BufReader::new(response.into_body().into_reader()).lines();
                    let mut event = String::new();
                    for line in lines {
                        let Ok(line) = line else { return };
                        if let Some(e) = line.strip_prefix("event:") {
                            event = e.trim().to_owned();
                        } else if let Some(d) = line.strip_prefix("data:") {
                            let v: Value = serde_json::from_str(d.trim()).unwrap();
                            match event.as_str() {
                                "piece" => had.lock().unwrap().push((v["from"].as_u64().unwrap(), Instant::now())),
                                "end" => return,
                                _ => {}
                            }
                        }
                    }
                })
            })
            .collect();
        let mut bot = Bot::player();
        let mut from = 0;
        while !run.is_over() {
            let until = run.turn() + EVERY;
            bot.play_until(&mut run, until);
            let recording = run.recording().unwrap();
            let (bytes, checkpoints) = recording.since(from);
            let body = json!({
                "token": token,
                "from": from,
                "commands": b64.encode(bytes),
                "checkpoints": checkpoints.iter().map(point).collect::<Vec<_>>(),
                "end": run.is_over().then(|| point(&run.standing())),
            });
            sizes.push(bytes.len() as f64);
            let began = Instant::now();
            sent.lock().unwrap().insert(from as u64, began);
            let (status, answer) = post(&format!("{url}/api/live/{id}"), &body);
            checks.push(began.elapsed().as_secs_f64() * 1000.0);
            assert_eq!(status, 200, "{answer}");
            from = recording.len();
        }
        for reader in readers {
            reader.join().unwrap();
        }
        let sent = sent.lock().unwrap();
        for (from, when) in had.lock().unwrap().iter() {
            reaches.push(when.duration_since(sent[from]).as_secs_f64() * 1000.0);
        }
        eprintln!("seed {seed}: {} turns, {} pieces", run.turn(), sent.len());
    }
    let n = checks.len();
    println!(
        "{n} pieces of {EVERY} turns: {:.0} bytes of commands at the median, {:.0} at most",
        pct(&mut sizes, 50.0),
        pct(&mut sizes, 100.0)
    );
    println!(
        "checked and stored (POST round trip): median {:.1} ms, 90% {:.1} ms, most {:.1} ms",
        pct(&mut checks, 50.0),
        pct(&mut checks, 90.0),
        pct(&mut checks, 100.0)
    );
    if !reaches.is_empty() {
        println!(
            "sent to a spectator's hands ({} deliveries): median {:.1} ms, 90% {:.1} ms, most {:.1} ms",
            reaches.len(),
            pct(&mut reaches, 50.0),
            pct(&mut reaches, 90.0),
            pct(&mut reaches, 100.0)
        );
    }
}

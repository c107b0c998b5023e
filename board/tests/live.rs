//! Runs played live through the board, on a real SQLite file and (with `DELVE_BOARD_POSTGRES`)
//! a real PostgreSQL shared by two board processes: a bot's whole run streamed piece by piece
//! and followed by two spectators, each re-playing it in its own replay, all three ending on the
//! same state hash; a piece that goes astray ends the run and every stream with the reason; an
//! idle run is ended and its streams closed; the bounds (runs per address, spectators per run)
//! and bad requests refused with their reason.

#[macro_use]
mod common;

use std::io::{BufRead, BufReader};
use std::sync::mpsc;
use std::time::Duration;

use base64::Engine;
use common::{Server, client, database, start, test_config};
use delve_board::{Config, LiveLimits, standard};
use delve_core::bot::Bot;
use delve_core::fov::DEFAULT_RADIUS;
use delve_core::run::{Checkpoint, Replay, Run, RunSpec};
use delve_core::save::{decode_recording, encode_recording};
use serde_json::{Value, json};

const B64: base64::engine::GeneralPurpose = base64::engine::general_purpose::STANDARD;

/// `POST path` with a JSON body: the status and the JSON answer.
fn post(server: &Server, path: &str, body: &Value) -> (u16, Value) {
    let mut r = client()
        .post(&format!("{}{path}", server.base))
        .header("content-type", "application/json")
        .send(body.to_string().as_bytes())
        .unwrap();
    let status = r.status().as_u16();
    (status, r.body_mut().read_json().unwrap_or(Value::Null))
}

fn point(c: &Checkpoint) -> Value {
    json!({"commands": c.commands, "turn": c.turn, "hash": format!("{:016x}", c.hash)})
}

/// A player's client: the run, the live run's id and token, and the commands sent.
struct Player {
    run: Run,
    bot: Bot,
    id: i64,
    token: String,
    sent: usize,
}

impl Player {
    /// Begins a bot's run of `seed` live on `server`.
    fn begin(server: &Server, seed: u64) -> Player {
        let run = RunSpec::seeded(standard(seed))
            .begin()
            .unwrap()
            .with_sight(DEFAULT_RADIUS);
        let file = encode_recording(&run).unwrap();
        let (status, body) = post(server, "/api/live", &json!({"recording": B64.encode(file)}));
        assert_eq!(status, 201, "{body}");
        assert_eq!(body["commands"], 0);
        assert_eq!(body["events"], format!("/api/live/{}/events", body["id"]));
        Player {
            run,
            bot: Bot::player(),
            id: body["id"].as_i64().unwrap(),
            token: body["token"].as_str().unwrap().to_owned(),
            sent: 0,
        }
    }

    /// Plays `turns` turns (or to the end).
    fn play(&mut self, turns: u64) {
        let until = self.run.turn() + turns;
        self.bot.play_until(&mut self.run, until);
    }

    /// The next piece: what was recorded since the last, with the end if the run is over.
    fn piece(&self) -> Value {
        let recording = self.run.recording().unwrap();
        let (bytes, checkpoints) = recording.since(self.sent);
        json!({
            "token": self.token,
            "from": self.sent,
            "commands": B64.encode(bytes),
            "checkpoints": checkpoints.iter().map(point).collect::<Vec<_>>(),
            "end": self.run.is_over().then(|| point(&self.run.standing())),
        })
    }

    /// Sends the next piece: the status and answer.
    fn send(&mut self, server: &Server) -> (u16, Value) {
        let (status, body) = post(server, &format!("/api/live/{}", self.id), &self.piece());
        if status == 200 {
            self.sent = self.run.recording().unwrap().len();
            assert_eq!(body["commands"], self.sent);
        }
        (status, body)
    }
}

/// One server-sent event: its name and data.
type Sent = (String, Value);

/// Follows `path`'s events on a thread of its own, each event sent on as it comes; the stream's
/// end closes the channel.
fn follow(server: &Server, path: &str) -> mpsc::Receiver<Sent> {
    let (tx, rx) = mpsc::channel();
    let response = client()
        .get(&format!("{}{path}", server.base))
        .header("accept", "text/event-stream")
        .call()
        .unwrap();
    assert_eq!(response.status().as_u16(), 200, "{path}");
    std::thread::spawn(move || {
        let reader = BufReader::new(response.into_body().into_reader());
        let (mut event, mut data) = (String::new(), String::new());
        for line in reader.lines() {
            let Ok(line) = line else { return };
            if line.is_empty() {
                if !data.is_empty() && tx.send((event.clone(), serde_json::from_str(&data).unwrap())).is_err() {
                    return;
                }
                (event, data) = (String::new(), String::new());
            } else if let Some(e) = line.strip_prefix("event:") {
                event = e.trim().to_owned();
            } else if let Some(d) = line.strip_prefix("data:") {
                data.push_str(d.trim_start());
            }
        }
    });
    rx
}

/// A spectator: re-plays the run from the events as they come, checking every checkpoint, to
/// the `end` event. The state hash and turn it came to, and the end's `how` and `why`.
fn spectate(events: mpsc::Receiver<Sent>) -> (u64, u64, String, String) {
    let next = || {
        events
            .recv_timeout(Duration::from_secs(120))
            .expect("the stream goes on")
    };
    let (name, begin) = next();
    assert_eq!(name, "begin");
    let file = decode_recording(&B64.decode(begin["recording"].as_str().unwrap()).unwrap()).unwrap();
    let (mut run, mut replay) = Replay::begin(&file.spec, &file.recording, Some(file.end)).unwrap();
    replay.finish(&mut run).unwrap();
    loop {
        let (name, data) = next();
        match name.as_str() {
            "piece" => {
                assert_eq!(data["from"], replay.len(), "pieces come in order");
                let bytes = B64.decode(data["commands"].as_str().unwrap()).unwrap();
                let checkpoint = |v: &Value| Checkpoint {
                    commands: v["commands"].as_u64().unwrap() as u32,
                    turn: v["turn"].as_u64().unwrap(),
                    hash: u64::from_str_radix(v["hash"].as_str().unwrap(), 16).unwrap(),
                };
                let checkpoints: Vec<_> = data["checkpoints"].as_array().unwrap().iter().map(checkpoint).collect();
                let end = (!data["end"].is_null()).then(|| checkpoint(&data["end"]));
                replay.extend(&bytes, &checkpoints, end).unwrap();
                replay
                    .finish(&mut run)
                    .expect("the spectator's replay meets every checkpoint");
            }
            "end" => {
                assert!(
                    events.recv_timeout(Duration::from_secs(30)).is_err(),
                    "the stream closes after its end"
                );
                return (
                    run.state_hash(),
                    run.turn(),
                    data["how"].as_str().unwrap().to_owned(),
                    data["why"].as_str().unwrap().to_owned(),
                );
            }
            other => panic!("an event {other:?}: {data}"),
        }
    }
}

fn config(live: LiveLimits) -> Config {
    Config { live, ..test_config() }
}

fn live_run_followed_by_two_spectators(postgres: bool) {
    let Some((url, dir)) = database("live_two", postgres) else {
        return;
    };
    let board = start(&url, dir, test_config());
    // On PostgreSQL the second spectator follows through another board process over the same
    // database: the pieces reach it by the database and its notifications.
    let other = if postgres {
        start(&url, None, test_config())
    } else {
        Server::at(board.base.clone())
    };
    let mut player = Player::begin(&board, 3);
    let (_, listed) = board.get("/api/live");
    assert_eq!(listed["live"][0]["id"], player.id, "{listed}");
    let first = follow(&board, &format!("/api/live/{}/events", player.id));
    // The second joins late: it is sent what was played before it came, then the rest.
    player.play(60);
    assert_eq!(player.send(&board).0, 200);
    let second = follow(&other, &format!("/api/live/{}/events", player.id));
    let spectators = [first, second].map(|events| std::thread::spawn(move || spectate(events)));
    let (_, page) = board.get_text("/board");
    assert!(
        page.contains("Being played now") && page.contains(&format!("data-live=\"{}\"", player.id)),
        "{page}"
    );
    let mut pieces = 1;
    while !player.run.is_over() {
        player.play(40);
        let (status, body) = player.send(&board);
        assert_eq!(status, 200, "{body}");
        pieces += 1;
    }
    assert!(pieces > 5, "the run went in many pieces ({pieces})");
    let how = delve_core::save::Outcome::of(&player.run).word();
    for spectator in spectators {
        let (hash, turn, ended, why) = spectator.join().unwrap();
        assert_eq!(
            (hash, turn),
            (player.run.state_hash(), player.run.turn()),
            "the spectator ends where the player did"
        );
        assert_eq!(ended, how, "{why}");
    }
    // Over: no longer listed, and a piece more is refused.
    let (_, listed) = board.get("/api/live");
    assert_eq!(listed["live"], json!([]));
    assert_eq!(player.send(&board).0, 410);
    // A late spectator is given the whole run and its end.
    let late = spectate(follow(&other, &format!("/api/live/{}/events", player.id)));
    assert_eq!(late.0, player.run.state_hash());
}
on_both!(live_run_followed_by_two_spectators);

fn a_live_run_astray_is_ended_with_its_reason(postgres: bool) {
    let Some((url, dir)) = database("live_astray", postgres) else {
        return;
    };
    let board = start(
        &url,
        dir,
        config(LiveLimits {
            per_address: 2,
            spectators: 1,
            ..LiveLimits::default()
        }),
    );
    let mut player = Player::begin(&board, 5);
    let events = follow(&board, &format!("/api/live/{}/events", player.id));
    // The run's one seat is taken.
    let mut r = client()
        .get(&format!("{}/api/live/{}/events", board.base, player.id))
        .call()
        .unwrap();
    assert_eq!(r.status().as_u16(), 503);
    assert!(r.body_mut().read_to_string().unwrap().contains("spectators"));
    player.play(120);
    assert_eq!(player.send(&board).0, 200);
    // Refused, the run unchanged: another's token, a piece that does not follow, bad JSON.
    let mut piece = player.piece();
    piece["token"] = json!("0".repeat(64));
    assert_eq!(post(&board, &format!("/api/live/{}", player.id), &piece).0, 403);
    player.play(50);
    let mut piece = player.piece();
    piece["from"] = json!(player.sent + 3);
    let (status, body) = post(&board, &format!("/api/live/{}", player.id), &piece);
    assert_eq!(
        (status, body["commands"].as_u64()),
        (409, Some(player.sent as u64)),
        "{body}"
    );
    let (status, body) = post(
        &board,
        &format!("/api/live/{}", player.id),
        &json!({"token": player.token}),
    );
    assert_eq!(status, 400, "{body}");
    assert_eq!(post(&board, "/api/live/999", &player.piece()).0, 404);
    // The board's bounds: two live runs from one address, not three.
    let second = Player::begin(&board, 6);
    let run = RunSpec::seeded(standard(7)).begin().unwrap().with_sight(DEFAULT_RADIUS);
    let (status, body) = post(
        &board,
        "/api/live",
        &json!({"recording": B64.encode(encode_recording(&run).unwrap())}),
    );
    assert_eq!(status, 429, "{body}");
    let _ = second;
    // A piece whose checkpoint lies (as a changed game would make): the run is ended with why.
    let mut piece = player.piece();
    let points = piece["checkpoints"].as_array_mut().unwrap();
    assert!(!points.is_empty(), "50 turns keep a checkpoint");
    points[0]["hash"] = json!("0123456789abcdef");
    let (status, body) = post(&board, &format!("/api/live/{}", player.id), &piece);
    assert_eq!(status, 422, "{body}");
    let why = body["error"].as_str().unwrap().to_owned();
    assert!(why.contains("went astray") && why.contains("0123456789abcdef"), "{why}");
    let (name, _) = events.recv_timeout(Duration::from_secs(60)).unwrap();
    assert_eq!(name, "begin");
    let mut last = None;
    while let Ok(event) = events.recv_timeout(Duration::from_secs(60)) {
        last = Some(event);
    }
    let (name, end) = last.expect("the stream ended");
    assert_eq!(name, "end");
    assert_eq!(end["how"], "astray");
    assert_eq!(end["why"], why.as_str());
    assert_eq!(player.send(&board).0, 410, "an ended run takes no more");
    // A finished run is no live one.
    let mut over = RunSpec::seeded(standard(8)).begin().unwrap().with_sight(DEFAULT_RADIUS);
    Bot::player().play_until(&mut over, u64::MAX);
    let (status, body) = post(
        &board,
        "/api/live",
        &json!({"recording": B64.encode(encode_recording(&over).unwrap())}),
    );
    assert_eq!(status, 422, "{body}");
    assert_eq!(
        post(&board, "/api/live", &json!({"recording": "not a recording"})).0,
        400
    );
}
on_both!(a_live_run_astray_is_ended_with_its_reason);

fn an_idle_live_run_is_ended(postgres: bool) {
    let Some((url, dir)) = database("live_idle", postgres) else {
        return;
    };
    let board = start(
        &url,
        dir,
        config(LiveLimits {
            idle: Duration::from_secs(1),
            ..LiveLimits::default()
        }),
    );
    let mut player = Player::begin(&board, 9);
    player.play(30);
    assert_eq!(player.send(&board).0, 200);
    // A piece of nothing says the player is there, and stores nothing.
    let (status, body) = post(
        &board,
        &format!("/api/live/{}", player.id),
        &json!({"token": player.token, "from": player.sent, "commands": ""}),
    );
    assert_eq!(
        (status, body["commands"].as_u64()),
        (200, Some(player.sent as u64)),
        "{body}"
    );
    let (_, _, how, why) = spectate(follow(&board, &format!("/api/live/{}/events", player.id)));
    assert_eq!(how, "idle", "{why}");
    assert!(why.contains("sent nothing"), "{why}");
    assert_eq!(player.send(&board).0, 410);
}
on_both!(an_idle_live_run_is_ended);

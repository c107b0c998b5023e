//! `delve --live URL`: the player's own runs played live to a board. Each run put in play (a
//! new one, a continued save, a replay taken over) is begun live with its recording so far, and
//! what it records is sent as it is played, a piece at most every `SEND_EVERY`, by a thread of
//! its own (the game never waits on the network; a piece the board could not be reached for is
//! sent with the next). The run's end (its death, its win, or the player leaving it for the
//! title or closing the window) is sent with where it stands. The sidebar says where it can be
//! watched, or why it is not live.

use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use base64::Engine;
use bevy::prelude::*;
use delve_core::run::{Checkpoint, Run};
use delve_core::save::encode_recording;
use serde_json::json;

use super::checkpoint_json;
use crate::state::{GameState, InPlay, Session};
use crate::turn::{Game, TurnSet};

/// The longest the game keeps commands before sending them.
const SEND_EVERY: Duration = Duration::from_secs(1);
/// How often a player who plays nothing tells the board it is there (a run the board hears
/// nothing of for five minutes is ended).
const HEARTBEAT: Duration = Duration::from_secs(60);
/// The longest closing the window waits for the run's end to reach the board.
const LAST_WORD: Duration = Duration::from_secs(3);

/// The board the player's runs are played live to (`--live URL`).
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct LiveBoard(pub String);

pub use crate::screens::playing::floor::live::LiveStatus;

/// The sending thread's words, kept after the run (its last word is how the live run ended).
#[derive(Resource, Clone, Debug)]
struct LiveWords(Arc<Mutex<String>>);

/// A run's commands the board has not been sent.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Piece {
    from: usize,
    bytes: Vec<u8>,
    checkpoints: Vec<Checkpoint>,
    end: Option<Checkpoint>,
}

impl Piece {
    /// This piece followed by `next`.
    fn then(mut self, next: Piece) -> Piece {
        self.bytes.extend(next.bytes);
        self.checkpoints.extend(next.checkpoints);
        self.end = next.end;
        self
    }
}

/// The run being played live: its sending thread, and how much of it was handed over.
#[derive(Resource)]
struct Sending {
    to: Sender<Piece>,
    /// Says when the thread is done (its last piece sent or given up).
    done: Mutex<Receiver<()>>,
    /// Commands handed to the thread.
    sent: usize,
    /// When the last piece was handed over (seconds of the app's clock).
    last: f64,
    /// The run's end was handed over: nothing more goes.
    ended: bool,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<LiveStatus>()
        .add_systems(OnEnter(InPlay(Session::Play)), begin)
        .add_systems(OnEnter(GameState::Title), end)
        .add_systems(OnEnter(GameState::Ended), end)
        .add_systems(
            Update,
            (
                send.after(TurnSet::Act)
                    .run_if(in_state(InPlay(Session::Play)).and_then(resource_exists::<Sending>)),
                show_status.run_if(resource_exists::<LiveWords>),
            ),
        )
        .add_systems(Last, end_on_exit.run_if(resource_exists::<Sending>));
}

/// Begins the run put in play live, if the player asked for it and it is not live already.
fn begin(
    mut commands: Commands,
    board: Option<Res<LiveBoard>>,
    sending: Option<Res<Sending>>,
    game: Res<Game>,
    time: Res<Time<Real>>,
) {
    let Some(board) = board else { return };
    if sending.is_some() || game.is_over() {
        return;
    }
    let Some(file) = encode_recording(&game) else {
        return;
    };
    let (to, from) = channel();
    let (finished, done) = channel();
    let status = Arc::new(Mutex::new(format!("Going live on {}…", board.0)));
    let url = board.0.trim_end_matches('/').to_owned();
    let words = status.clone();
    let begun = game.recording().map_or(0, |r| r.len());
    std::thread::spawn(move || {
        play_live(&url, &file, begun, &from, &words);
        let _ = finished.send(());
    });
    commands.insert_resource(LiveWords(status));
    commands.insert_resource(Sending {
        to,
        done: Mutex::new(done),
        sent: begun,
        last: time.elapsed_secs_f64(),
        ended: false,
    });
}

/// The next piece of `run`, from `sent` commands on; with `end`, where it stands now.
fn piece_of(run: &Run, sent: usize, end: bool) -> Option<Piece> {
    let recording = run.recording()?;
    let (bytes, checkpoints) = recording.since(sent);
    (end || !bytes.is_empty()).then(|| Piece {
        from: sent,
        bytes: bytes.to_vec(),
        checkpoints: checkpoints.to_vec(),
        end: end.then(|| run.standing()),
    })
}

/// Hands the thread what was played since the last piece, at most every `SEND_EVERY` (at once
/// when the run ends).
fn send(mut sending: ResMut<Sending>, game: Res<Game>, time: Res<Time<Real>>) {
    let now = time.elapsed_secs_f64();
    if sending.ended || (!game.is_over() && now - sending.last < SEND_EVERY.as_secs_f64()) {
        return;
    }
    let piece = piece_of(&game, sending.sent, game.is_over()).or_else(|| {
        // Nothing played for a while: an empty piece says the player is there.
        (now - sending.last >= HEARTBEAT.as_secs_f64()).then(|| Piece {
            from: sending.sent,
            bytes: Vec::new(),
            checkpoints: Vec::new(),
            end: None,
        })
    });
    if let Some(piece) = piece {
        sending.sent = game.recording().map_or(0, |r| r.len());
        sending.last = now;
        sending.ended = piece.end.is_some();
        let _ = sending.to.send(piece);
    }
}

/// The run's end sent (it ended, or the player left it): the live run is over.
fn end(mut commands: Commands, sending: Option<Res<Sending>>, game: Option<Res<Game>>) {
    let (Some(sending), Some(game)) = (sending, game) else {
        return;
    };
    if !sending.ended
        && let Some(piece) = piece_of(&game, sending.sent, true)
    {
        let _ = sending.to.send(piece);
    }
    commands.remove_resource::<Sending>();
}

/// Closing the window ends the live run: its end is sent, waiting at most `LAST_WORD`.
fn end_on_exit(exits: MessageReader<AppExit>, sending: Res<Sending>, game: Option<Res<Game>>) {
    if exits.is_empty() {
        return;
    }
    if !sending.ended
        && let Some(piece) = game.and_then(|g| piece_of(&g, sending.sent, true))
    {
        let _ = sending.to.send(piece);
    }
    let done = sending.done.lock().unwrap_or_else(|e| e.into_inner());
    match done.recv_timeout(LAST_WORD) {
        Ok(()) | Err(RecvTimeoutError::Disconnected) => {}
        Err(RecvTimeoutError::Timeout) => warn!("the live run's end did not reach the board in {LAST_WORD:?}"),
    }
}

/// The sidebar's line follows the thread's words.
fn show_status(words: Res<LiveWords>, mut status: ResMut<LiveStatus>) {
    let words = words.0.lock().map(|w| w.clone()).unwrap_or_default();
    status.set_if_neq(LiveStatus(words));
}

/// The sending thread: begins the run live on the board at `url` with `file` (its recording
/// of `begun` commands), then sends each piece as it comes, a piece that could not be sent
/// going with the next, until the run's end is sent or the board refuses it.
fn play_live(url: &str, file: &[u8], begun: usize, pieces: &Receiver<Piece>, status: &Mutex<String>) {
    let say = |words: String| {
        if let Ok(mut s) = status.lock() {
            *s = words;
        }
    };
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(20)))
        .build()
        .into();
    let b64 = base64::engine::general_purpose::STANDARD;
    let begin = json!({ "recording": b64.encode(file) });
    let answer = agent
        .post(&format!("{url}/api/live"))
        .header("content-type", "application/json")
        .send(begin.to_string().as_bytes());
    let (id, token, watch) = match answer.map(read_answer) {
        Ok((201, v)) => (
            v["id"].as_i64().unwrap_or(0),
            v["token"].as_str().unwrap_or_default().to_owned(),
            v["watch"]
                .as_str()
                .map_or_else(|| format!("delve --watch {url}/api/live/{}", v["id"]), str::to_owned),
        ),
        Ok((status, v)) => {
            say(format!(
                "Not live: the board answered {status} ({})",
                v["error"].as_str().unwrap_or("?")
            ));
            return;
        }
        Err(e) => {
            say(format!("Not live: the board at {url} cannot be reached ({e})"));
            return;
        }
    };
    say(format!("LIVE on the board as run {id}: watch it at {watch}"));
    let (mut from, mut waiting): (usize, Option<Piece>) = (begun, None);
    let mut backoff = Duration::from_secs(1);
    loop {
        let piece = match waiting.take() {
            Some(p) => p,
            None => match pieces.recv() {
                Ok(p) => p,
                // The game is gone without an end: the board ends the run when it idles.
                Err(_) => return,
            },
        };
        // Whatever else came meanwhile goes with it.
        let piece = pieces.try_iter().fold(piece, Piece::then);
        debug_assert_eq!(piece.from, from);
        let body = json!({
            "token": token,
            "from": from,
            "commands": b64.encode(&piece.bytes),
            "checkpoints": piece.checkpoints.iter().map(checkpoint_json).collect::<Vec<_>>(),
            "end": piece.end.as_ref().map(checkpoint_json),
        });
        let answer = agent
            .post(&format!("{url}/api/live/{id}"))
            .header("content-type", "application/json")
            .send(body.to_string().as_bytes())
            .map(read_answer);
        match answer {
            Ok((200, v)) => {
                from = v["commands"].as_u64().map_or(from, |n| n as usize);
                backoff = Duration::from_secs(1);
                if let Some(how) = v["ended"].as_str() {
                    say(format!("The live run {id} has ended ({how}) on the board."));
                    return;
                }
            }
            Ok((status, v)) => {
                say(format!(
                    "No longer live: the board answered {status} ({})",
                    v["error"].as_str().unwrap_or("?")
                ));
                return;
            }
            Err(e) => {
                say(format!(
                    "LIVE run {id}: the board cannot be reached ({e}); trying again"
                ));
                std::thread::sleep(backoff);
                backoff = (backoff * 2).min(Duration::from_secs(30));
                waiting = Some(piece);
            }
        }
    }
}

/// An answer's status and JSON body.
fn read_answer(mut r: ureq::http::Response<ureq::Body>) -> (u16, serde_json::Value) {
    let status = r.status().as_u16();
    (status, r.body_mut().read_json().unwrap_or(serde_json::Value::Null))
}

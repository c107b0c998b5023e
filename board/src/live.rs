//! Runs played live through the board (docs/board.md, "Live runs"): a player's client begins
//! one with its recording file so far (`POST /api/live`) and sends what it records as it plays
//! (`POST /api/live/ID`); the board replays each piece before it stores it, so a run that goes
//! astray is ended with the reason; spectators follow it as server-sent events
//! (`GET /api/live/ID/events`: `begin`, each `piece`, then `end`, or `lost` when the board
//! cannot go on), each re-playing the commands in its own client and checking the
//! hash at every checkpoint; `GET /api/live` lists the runs being played. Bounded: live runs per
//! address and in all, spectators per run, the size of a piece; a run untouched for `idle` is
//! ended and its streams closed. Every process sharing a PostgreSQL database serves every live
//! run (the pieces are in the database, and `pg_notify` wakes the others' spectators); over
//! SQLite one process serves them.

use std::collections::VecDeque;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::Json;
use axum::body::Body;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use base64::Engine;
use delve_core::run::{Checkpoint, Replay, Run, RunSpec};
use delve_core::save::{Outcome, replayable};
use serde::{Deserialize, Serialize};
use serde_json::json;
use tokio::sync::broadcast;

use crate::api::{ApiError, Board, base64_of, body_bytes, parse_id};
use crate::judge::{BOARD_MAX_WORK, MAX_RECORDING};
use crate::limits::client_key;
use crate::relay::{Checked, LOOK_EVERY, Seat};
use crate::store::{LiveBegin, LivePiece, LiveRow, LiveStored, Store, StoreError};

/// The most bytes of commands one piece may carry (a minute of the fastest play is a few
/// hundred).
pub const MAX_PIECE: usize = 64 * 1024;

/// The largest request a piece comes in: its commands in base64 and a checkpoint for each.
const MAX_PIECE_BODY: usize = 4 * MAX_PIECE;

/// A checkpoint as the live API writes it.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Point {
    /// Commands played.
    pub commands: u32,
    /// The turn.
    pub turn: u64,
    /// The state hash, 16 hex digits.
    #[serde(with = "hex16")]
    pub hash: u64,
}

mod hex16 {
    //! A state hash as 16 hex digits.
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(hash: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format!("{hash:016x}"))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        let text = String::deserialize(d)?;
        if text.len() != 16 {
            return Err(serde::de::Error::custom("a hash is 16 hex digits"));
        }
        u64::from_str_radix(&text, 16).map_err(|_| serde::de::Error::custom("a hash is 16 hex digits"))
    }
}

impl From<Point> for Checkpoint {
    fn from(p: Point) -> Self {
        Checkpoint {
            commands: p.commands,
            turn: p.turn,
            hash: p.hash,
        }
    }
}

/// `POST /api/live`'s body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BeginBody {
    /// The run's recording file so far, base64.
    recording: String,
}

/// `POST /api/live/ID`'s body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PieceBody {
    /// The token `POST /api/live` gave.
    token: String,
    /// Commands the board holds already (its `commands`): the piece follows them.
    from: u64,
    /// The piece's commands, base64 of their bytes as a recording holds them.
    commands: String,
    /// The checkpoints the run kept over them.
    #[serde(default)]
    checkpoints: Vec<Point>,
    /// Where the run stands after them, if it stops there (dead, won, or left).
    #[serde(default)]
    end: Option<Point>,
}

/// How a live run's place is said: "depth 3, turn 812".
fn place(run: &Run) -> String {
    format!("depth {}, turn {}", run.dungeon().depth(), run.turn())
}

/// The board's replay of a recording file (a live run as it began), played to its end.
fn begun(file: &[u8]) -> Result<Checked, String> {
    let (spec, recording, end) = replayable(file).map_err(|why| format!("the file cannot be replayed: {why}"))?;
    let work = recording.work(&spec);
    if work > BOARD_MAX_WORK {
        return Err(format!(
            "replaying it would take {work} units of work, more than a run on this board ever asks ({BOARD_MAX_WORK})"
        ));
    }
    let (mut run, mut replay) =
        Replay::begin(&spec, &recording, Some(end)).map_err(|e| format!("its dungeon cannot be made: {e}"))?;
    replay.finish(&mut run).map_err(|d| d.to_string())?;
    Ok(Checked { run, replay })
}

/// `POST /api/live`: a live run begun with its recording file so far.
pub async fn begin(
    State(board): State<Arc<Board>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Body,
) -> Result<(StatusCode, Json<serde_json::Value>), ApiError> {
    let client = board.submit_allowed(peer, &headers)?;
    let body = body_bytes(&headers, body, MAX_RECORDING / 3 * 4 + 1024).await?;
    let begin: BeginBody = serde_json::from_slice(&body).map_err(|e| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("the body must be JSON {{\"recording\"}}: {e}"),
        )
    })?;
    let file = base64_of(&begin.recording, "the recording")?;
    if file.len() > MAX_RECORDING {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the recording is {} bytes, more than the board takes ({MAX_RECORDING})",
                file.len()
            ),
        ));
    }
    let refuse = |why: String| {
        tracing::info!(%client, %why, "live run refused");
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, why)
    };
    let (checked, file) = tokio::task::spawn_blocking(move || (begun(&file), file))
        .await
        .map_err(|_| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "the replay failed"))?;
    let checked = checked.map_err(refuse)?;
    if checked.run.is_over() {
        return Err(refuse(
            "the run is over: a live run is one still being played (a finished run is sent to POST /api/runs)".into(),
        ));
    }
    let run = &checked.run;
    let mut token = [0u8; 32];
    getrandom::fill(&mut token)
        .map_err(|_| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "no randomness for a token"))?;
    let token: String = token.iter().map(|b| format!("{b:02x}")).collect();
    let seed = match run.spec() {
        RunSpec::Seeded { params, .. } => params.seed.to_string(),
        RunSpec::Level(_) => String::new(),
    };
    let limits = board.live.limits;
    let stored = board
        .store
        .live_begin(
            &LiveBegin {
                token_hash: crate::names::digest(token.as_bytes()),
                address: client_key(client).to_string(),
                seed,
                mode: (!run.mode().is_standard()).then(|| run.mode().name()),
                daily: run.daily().map(str::to_owned),
                at: crate::store::now_secs(),
                commands: checked.replay.len() as u64,
                turn: run.turn(),
                depth: run.dungeon().depth(),
                file,
            },
            limits.per_address,
            limits.most,
        )
        .await?;
    let id = match stored {
        Ok(id) => id,
        Err((true, n)) => {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!("your address plays {n} runs live already, the most this board takes from one: end one first"),
            ));
        }
        Err((false, n)) => {
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!("the board has {n} runs live, the most it takes now: try again later"),
            ));
        }
    };
    let commands = checked.replay.len();
    *board.live.check_of(id).lock().await = Some(checked);
    tracing::info!(%client, id, "live run begun");
    Ok((
        StatusCode::CREATED,
        Json(json!({
            "id": id,
            "token": token,
            "commands": commands,
            "events": format!("/api/live/{id}/events"),
            "watch": board.game.as_ref().map(|game| watch_link(game, id)),
        })),
    ))
}

/// The game's page watching live run `id`.
pub fn watch_link(game: &str, id: i64) -> String {
    let join = if game.contains('?') { '&' } else { '?' };
    format!("{game}{join}watch={id}")
}

/// Live run `id` as stored, or a 404.
async fn live_row(board: &Board, id: i64) -> Result<LiveRow, ApiError> {
    board
        .store
        .live_run(id)
        .await?
        .ok_or_else(|| ApiError::not_found(format!("no live run {id}")))
}

/// A 409: the board holds `commands` of the run, not what the piece follows.
fn moved_on(commands: u64, from: u64) -> Response {
    (
        StatusCode::CONFLICT,
        Json(json!({
            "error": format!("the board holds {commands} commands of this run, and the piece follows {from}: send from {commands}"),
            "commands": commands,
        })),
    )
        .into_response()
}

/// `POST /api/live/ID`: a piece of a live run, replayed and stored, or the run ended with why it
/// went astray.
pub async fn piece(
    State(board): State<Arc<Board>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(text): Path<String>,
    body: Body,
) -> Result<Response, ApiError> {
    board.read_allowed(peer, &headers)?;
    let id = parse_id(&text)?;
    let body = body_bytes(&headers, body, MAX_PIECE_BODY).await?;
    let piece: PieceBody = serde_json::from_slice(&body).map_err(|e| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("the body must be JSON {{\"token\", \"from\", \"commands\", \"checkpoints\", \"end\"}}: {e}"),
        )
    })?;
    let bytes = base64_of(&piece.commands, "\"commands\"")?;
    if bytes.len() > MAX_PIECE {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the piece holds {} bytes of commands, more than the board takes at once ({MAX_PIECE})",
                bytes.len()
            ),
        ));
    }
    let row = live_row(&board, id).await?;
    if crate::names::digest(piece.token.as_bytes()) != row.token_hash {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "that is not this live run's token",
        ));
    }
    if let Some((_, why)) = &row.ended {
        return Err(ApiError::new(
            StatusCode::GONE,
            format!("the live run has ended: {why}"),
        ));
    }
    if piece.from != row.commands {
        return Ok(moved_on(row.commands, piece.from));
    }
    if bytes.is_empty() && piece.checkpoints.is_empty() && piece.end.is_none() {
        // Nothing played: the player is there (the run is not idle).
        board.store.live_touch(id, crate::store::now_secs()).await?;
        return Ok(Json(json!({"commands": row.commands, "turn": row.turn, "ended": null})).into_response());
    }
    let lock = board.live.check_of(id);
    let mut held = lock.lock().await;
    let cached = held.take().filter(|c| c.replay.len() as u64 == row.commands);
    let checked = match cached {
        Some(c) => c,
        // Another process took the pieces before, or this one restarted: replayed again.
        None => rebuild(&board.store, id, &row).await?,
    };
    let checkpoints: Vec<Checkpoint> = piece.checkpoints.iter().copied().map(Checkpoint::from).collect();
    let end = piece.end.map(Checkpoint::from);
    let from = piece.from;
    let (checked, played) = {
        let bytes = bytes.clone();
        tokio::task::spawn_blocking(move || {
            let mut c = checked;
            let played = c
                .replay
                .extend(&bytes, &checkpoints, end)
                .map_err(|why| format!("the piece after command {from} is refused: {why}"))
                .and_then(|()| c.replay.finish(&mut c.run).map_err(|d| d.to_string()));
            (c, played)
        })
        .await
        .map_err(|_| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "the replay failed"))?
    };
    if let Err(why) = played {
        let why = format!("the run went astray: {why}");
        tracing::info!(id, %why, "live run ended: astray");
        board.store.live_end(id, "astray", &why, None).await?;
        board.live.forget(id);
        board.live.tell(id);
        return Err(ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, why));
    }
    let run = &checked.run;
    let ended = end.map(|_| match Outcome::of(run) {
        Outcome::Died => ("died", format!("the player died on {}", place(run))),
        Outcome::Won => ("won", format!("the player won, on turn {}", run.turn())),
        Outcome::Playing => ("stopped", format!("the player stopped playing on {}", place(run))),
    });
    let commands = checked.replay.len() as u64;
    let stored = board
        .store
        .live_add(
            id,
            &LivePiece {
                seq: row.pieces,
                first: from,
                bytes,
                checkpoints: serde_json::to_string(&piece.checkpoints).unwrap_or_else(|_| "[]".into()),
                end: piece.end.and_then(|e| serde_json::to_string(&e).ok()),
            },
            commands,
            (run.turn(), run.dungeon().depth(), crate::store::now_secs()),
            ended.as_ref().map(|(how, why)| (*how, why.as_str())),
        )
        .await?;
    if stored == LiveStored::Moved {
        // Another process stored a piece first (or ended the run): this replay is ahead of it.
        drop(held);
        let now = board.store.live_run(id).await?;
        return match now {
            Some(LiveRow {
                ended: Some((_, why)), ..
            }) => Err(ApiError::new(
                StatusCode::GONE,
                format!("the live run has ended: {why}"),
            )),
            Some(now) => Ok(moved_on(now.commands, from)),
            None => Err(ApiError::not_found(format!("no live run {id}"))),
        };
    }
    let (turn, how) = (run.turn(), ended.as_ref().map(|(how, _)| *how));
    if ended.is_some() {
        drop(held);
        board.live.forget(id);
    } else {
        *held = Some(checked);
        drop(held);
    }
    board.live.tell(id);
    Ok(Json(json!({"commands": commands, "turn": turn, "ended": how})).into_response())
}

/// The board's replay of live run `id` from what the database holds of it.
async fn rebuild(store: &Store, id: i64, row: &LiveRow) -> Result<Checked, ApiError> {
    let file = store
        .live_file(id)
        .await?
        .ok_or_else(|| ApiError::not_found(format!("no live run {id}")))?;
    let pieces = store.live_pieces(id, 0, row.pieces).await?;
    let broken = |why: String| {
        tracing::error!(id, %why, "a stored live run does not replay");
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the board cannot replay this live run again",
        )
    };
    tokio::task::spawn_blocking(move || {
        let mut c = begun(&file)?;
        for p in pieces {
            let points: Vec<Point> = serde_json::from_str(&p.checkpoints).map_err(|e| e.to_string())?;
            let checkpoints: Vec<Checkpoint> = points.into_iter().map(Checkpoint::from).collect();
            c.replay.extend(&p.bytes, &checkpoints, None)?;
            c.replay.finish(&mut c.run).map_err(|d| d.to_string())?;
        }
        Ok(c)
    })
    .await
    .map_err(|_| broken("the replay panicked".into()))?
    .map_err(broken)
}

/// `GET /api/live`: the runs being played now, the latest first.
pub async fn list(
    State(board): State<Arc<Board>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Result<Json<serde_json::Value>, ApiError> {
    board.read_allowed(peer, &headers)?;
    let runs = board.store.live_runs(100).await?;
    let live: Vec<_> = runs.iter().map(|r| entry(&board, r)).collect();
    Ok(Json(json!({ "live": live })))
}

/// A live run as `GET /api/live` and the events' `begin` give it.
fn entry(board: &Board, r: &LiveRow) -> serde_json::Value {
    json!({
        "id": r.id,
        "seed": r.seed,
        "mode": r.mode,
        "daily": r.daily,
        "depth": r.depth,
        "turn": r.turn,
        "commands": r.commands,
        "began": r.began,
        "spectators": board.live.spectators(r.id),
        "events": format!("/api/live/{}/events", r.id),
        "watch": board.game.as_ref().map(|game| watch_link(game, r.id)),
    })
}

/// One spectator's stream, as it goes.
struct Follow {
    board: Arc<Board>,
    id: i64,
    /// The next piece to send.
    next: u64,
    /// Whether the `begin` event has been sent (or the client had it: a reconnection).
    begun: bool,
    queue: VecDeque<Event>,
    done: bool,
    news: broadcast::Receiver<i64>,
    _seat: Seat,
}

impl Follow {
    /// Queues what the run has that was not sent: its beginning, its pieces, its end.
    async fn fill(&mut self) -> Result<(), StoreError> {
        let b64 = base64::engine::general_purpose::STANDARD;
        let Some(row) = self.board.store.live_run(self.id).await? else {
            self.done = true;
            return Ok(());
        };
        if !self.begun {
            let file = self.board.store.live_file(self.id).await?.unwrap_or_default();
            let mut begin = entry(&self.board, &row);
            begin["recording"] = json!(b64.encode(file));
            self.queue
                .push_back(Event::default().event("begin").id("0").data(begin.to_string()));
            self.begun = true;
        }
        for p in self.board.store.live_pieces(self.id, self.next, row.pieces).await? {
            let data = format!(
                "{{\"from\":{},\"commands\":\"{}\",\"checkpoints\":{},\"end\":{}}}",
                p.first,
                b64.encode(&p.bytes),
                p.checkpoints,
                p.end.as_deref().unwrap_or("null")
            );
            self.queue
                .push_back(Event::default().event("piece").id((p.seq + 1).to_string()).data(data));
            self.next = p.seq + 1;
        }
        if let Some((how, why)) = &row.ended
            && self.next >= row.pieces
        {
            let end = json!({"how": how, "why": why, "commands": row.commands, "turn": row.turn});
            self.queue
                .push_back(Event::default().event("end").data(end.to_string()));
            self.done = true;
        }
        Ok(())
    }

    /// Waits for news of this run, or `LOOK_EVERY`.
    async fn wait(&mut self) {
        let id = self.id;
        let news = async {
            loop {
                match self.news.recv().await {
                    Ok(n) if n == id => return,
                    Ok(_) => {}
                    Err(broadcast::error::RecvError::Lagged(_)) => return,
                    Err(broadcast::error::RecvError::Closed) => std::future::pending::<()>().await,
                }
            }
        };
        let _ = tokio::time::timeout(LOOK_EVERY, news).await;
    }
}

/// The next event of a spectator's stream.
async fn next_event(mut f: Follow) -> Option<(Result<Event, Infallible>, Follow)> {
    loop {
        if let Some(event) = f.queue.pop_front() {
            return Some((Ok(event), f));
        }
        if f.done {
            return None;
        }
        if let Err(e) = f.fill().await {
            tracing::warn!(%e, id = f.id, "a live stream cannot read the database");
            let why = json!({"error": "the board's database cannot be reached: follow again soon"});
            f.queue.push_back(Event::default().event("lost").data(why.to_string()));
            f.done = true;
            continue;
        }
        if f.queue.is_empty() {
            f.wait().await;
        }
    }
}

/// `GET /api/live/ID/events`: a live run as server-sent events (`begin`, then each `piece`,
/// then `end`), resumed after a reconnection from its `Last-Event-ID`.
pub async fn events(
    State(board): State<Arc<Board>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(text): Path<String>,
) -> Result<Response, ApiError> {
    board.read_allowed(peer, &headers)?;
    let id = parse_id(&text)?;
    let row = live_row(&board, id).await?;
    let resume = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok())
        .filter(|&n| n <= row.pieces);
    let spectators = board.live.limits.spectators;
    let seat = board.live.watch(id).ok_or_else(|| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("live run {id} has {spectators} spectators here, the most it takes: try again later"),
        )
    })?;
    let follow = Follow {
        news: board.live.news.subscribe(),
        board,
        id,
        next: resume.unwrap_or(0),
        begun: resume.is_some(),
        queue: VecDeque::new(),
        done: false,
        _seat: seat,
    };
    let stream = futures_util::stream::unfold(follow, next_event);
    Ok(Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(LOOK_EVERY))
        .into_response())
}

//! The board's routes: `POST /api/runs` (a recording judged and stored), the boards of a day and
//! of a seed, a run and its recording, the HTML pages; every refusal a JSON `{"error"}` with its
//! 4xx (or 503 when the database or the judges cannot take it now), and a log line.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Instant;

use axum::Json;
use axum::body::Body;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use base64::Engine;
use delve_core::run::{Date, RULES, daily_challenge, daily_seed};
use delve_core::save::board::{self as contract, Ranking, Submission};
use delve_core::world::Mode;
use serde::Deserialize;
use serde_json::json;

use crate::Config;
use crate::judge::{Judges, MAX_RECORDING, Refused};
use crate::limits::{Limiter, Refusal};
use crate::names::{check_name, check_secret, digest, fold, skeleton};
use crate::store::{Entry, NewRun, Store, StoreError, day_board, seed_board};

/// The largest request body: a largest recording in base64, and room for the name and secret.
const MAX_BODY: usize = MAX_RECORDING / 3 * 4 + 8_192;
/// The longest a submission's body may take to arrive.
const BODY_TIME: std::time::Duration = std::time::Duration::from_secs(30);
/// The most entries one read returns.
const MAX_LIMIT: u32 = 500;

/// What every route shares.
#[derive(Debug)]
pub struct Board {
    pub store: Store,
    judges: Judges,
    submits: Limiter,
    reads: Limiter,
    forwarded: bool,
    /// The game's page, for replay links.
    pub game: Option<String>,
    /// The game's files, when the board serves them.
    pub web: Option<crate::files::Web>,
    now: Option<u64>,
    /// The runs being played live.
    pub live: Arc<crate::relay::Live>,
}

impl Board {
    pub fn new(store: Store, config: &Config, game: Option<String>, web: Option<crate::files::Web>) -> Self {
        Board {
            web,
            live: crate::relay::Live::new(config.live, store.clone()),
            store,
            judges: Judges::new(config.judges, config.replay_limit, config.judge_budget),
            submits: Limiter::new(config.submit_rate),
            reads: Limiter::new(config.read_rate),
            forwarded: config.forwarded,
            game,
            now: config.now,
        }
    }

    /// Seconds since the epoch (fixed in tests).
    pub fn now(&self) -> u64 {
        self.now.unwrap_or_else(crate::store::now_secs)
    }

    /// Today's date in UTC.
    pub fn today(&self) -> Date {
        Date::from_unix(self.now())
    }

    /// The client's address: the connection's, or behind a proxy the last forwarded one.
    pub(crate) fn client(&self, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
        if self.forwarded {
            // The entry our own proxy appended: the last of the last header. Anything before it
            // was written by the client and proves nothing.
            let last = headers
                .get_all("x-forwarded-for")
                .iter()
                .next_back()
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.rsplit(',').next())
                .and_then(|s| s.trim().parse::<IpAddr>().ok());
            if let Some(ip) = last {
                return ip;
            }
        }
        peer.ip()
    }

    /// `key`'s board as `page` asks (the client's read taken already: `read_allowed`).
    pub async fn read(&self, key: &str, page: &Page) -> Result<Vec<Entry>, ApiError> {
        Ok(self.store.board(key, page.limit()?, page.offset()?).await?)
    }

    /// A submission's token for the client (a run judged, a live run begun), or a 429.
    pub fn submit_allowed(&self, peer: SocketAddr, headers: &HeaderMap) -> Result<IpAddr, ApiError> {
        let client = self.client(peer, headers);
        self.submits
            .take(client, Instant::now())
            .map_err(|refusal| ApiError::slow_down(client, refusal))?;
        Ok(client)
    }

    /// A read's token for the client, or a 429.
    pub fn read_allowed(&self, peer: SocketAddr, headers: &HeaderMap) -> Result<(), ApiError> {
        let client = self.client(peer, headers);
        self.reads
            .take(client, Instant::now())
            .map_err(|refusal| ApiError::slow_down(client, refusal))
    }
}

/// A refusal: its status and its sentence (`{"error": TEXT}`).
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
    retry_after: Option<u64>,
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError {
            status,
            message: message.into(),
            retry_after: None,
        }
    }

    /// A 429 for `client`, logged only when it is the first since the client last had room (a
    /// flood of refusals writes one line, not one each).
    fn slow_down(client: IpAddr, refusal: Refusal) -> Self {
        let wait = refusal.wait;
        if refusal.first {
            tracing::info!(%client, wait, "refused: rate limit (further refusals until it has room are not logged)");
        }
        ApiError {
            retry_after: Some(wait),
            ..ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!("too many requests from your address: try again in {wait} s"),
            )
        }
    }

    pub fn not_found(what: impl Into<String>) -> Self {
        ApiError::new(StatusCode::NOT_FOUND, what)
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::NameHeld => ApiError::new(
                StatusCode::CONFLICT,
                "that name is held by another player (its secret does not match)",
            ),
            StoreError::LooksLike(held) => ApiError::new(StatusCode::CONFLICT, looks_like(&held)),
            StoreError::Duplicate(id) => ApiError::new(
                StatusCode::CONFLICT,
                format!("this run is on the board already (run {id})"),
            ),
            StoreError::SameGame { id, name } => ApiError::new(StatusCode::CONFLICT, same_game(id, &name)),
            StoreError::Unavailable(why) => {
                tracing::error!(%why, "database unavailable");
                let mut e = ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "the board's database cannot be reached or is full; nothing stored is lost: try again soon",
                );
                e.retry_after = Some(5);
                e
            }
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(contract::Refusal { error: self.message })).into_response();
        if let Some(wait) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(wait));
        }
        response
    }
}

/// The refusal of a new name that looks like a held one.
fn looks_like(held: &str) -> String {
    format!("that name looks like {held:?}, a name held already: choose another")
}

/// The refusal of a game stored already in another file.
fn same_game(id: i64, name: &str) -> String {
    format!(
        "this game is on the board already (run {id}, by {name:?}): a game is ranked once, under the name that sent it first"
    )
}

/// The game's files (`--web`), the fallback route: each a read of the client's.
pub async fn file(
    State(board): State<Arc<Board>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    uri: axum::http::Uri,
    headers: HeaderMap,
) -> Response {
    if let Err(e) = board.read_allowed(peer, &headers) {
        return e.into_response();
    }
    match board.web.as_ref() {
        Some(web) => crate::files::send(web, uri, headers).await,
        None => ApiError::not_found("no such page").into_response(),
    }
}

pub async fn no_such() -> ApiError {
    ApiError::not_found("no such API route: see docs/board.md")
}

/// `GET /api/board`: what this board ranks, and today's daily.
pub async fn about(State(board): State<Arc<Board>>) -> Json<serde_json::Value> {
    let today = board.today();
    Json(json!({
        "board": "delve-board",
        "version": env!("CARGO_PKG_VERSION"),
        "rules": RULES,
        "today": today.to_string(),
        "daily_seed": daily_seed(today).to_string(),
        "challenge_of_the_day": daily_challenge(today).name(),
    }))
}

/// `POST /api/runs`: a recording judged, scored and stored once.
pub async fn submit(
    State(board): State<Arc<Board>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Body,
) -> Result<(StatusCode, Json<Ranking>), ApiError> {
    let client = board.client(peer, &headers);
    let refuse = |status: StatusCode, why: String| {
        tracing::info!(%client, status = status.as_u16(), %why, "submission refused");
        ApiError::new(status, why)
    };
    board
        .submits
        .take(client, Instant::now())
        .map_err(|refusal| ApiError::slow_down(client, refusal))?;
    // Too large is refused from the declared length before a byte is read, or once the bytes
    // read pass the limit.
    let body = body_bytes(&headers, body, MAX_BODY)
        .await
        .map_err(|e| refuse(e.status, e.message))?;
    let submission: Submission = serde_json::from_slice(&body).map_err(|e| {
        refuse(
            StatusCode::BAD_REQUEST,
            format!("the body must be JSON {{\"name\", \"secret\", \"recording\"}}: {e}"),
        )
    })?;
    check_name(&submission.name).map_err(|why| refuse(StatusCode::BAD_REQUEST, why))?;
    // The list it is sent to, when named: a mode's name.
    let list = match submission.mode.as_deref() {
        None => None,
        Some(name) => Some(
            Mode::from_name(name)
                .map_err(|why| refuse(StatusCode::BAD_REQUEST, format!("\"mode\" names no list: {why}")))?,
        ),
    };
    check_secret(&submission.secret).map_err(|why| refuse(StatusCode::BAD_REQUEST, why))?;
    let bytes = base64_of(&submission.recording, "the recording").map_err(|e| refuse(e.status, e.message))?;
    let (folded, look, secret_hash, digest) = (
        fold(&submission.name),
        skeleton(&submission.name),
        digest(submission.secret.as_bytes()),
        digest(&bytes),
    );
    // What can be refused without a replay is refused first.
    if let Some(id) = board.store.run_with_digest(&digest).await? {
        return Err(refuse(
            StatusCode::CONFLICT,
            format!("this run is on the board already (run {id})"),
        ));
    }
    let holder = board.store.holder(&folded).await?;
    if holder.as_ref().is_some_and(|held| *held != secret_hash) {
        return Err(refuse(
            StatusCode::CONFLICT,
            "that name is held by another player (its secret does not match)".into(),
        ));
    }
    // A new name may not look like a held one.
    let alike = match holder {
        Some(_) => None,
        None => board.store.look_alike(&look, &folded).await?,
    };
    if let Some(held) = alike {
        return Err(refuse(StatusCode::CONFLICT, looks_like(&held)));
    }
    let judged = board
        .judges
        .judge(bytes.clone(), board.today(), client)
        .await
        .map_err(|refused| match refused {
            Refused::Run(why) => refuse(StatusCode::UNPROCESSABLE_ENTITY, why),
            Refused::Spent(wait) => {
                let mut e = refuse(
                    StatusCode::TOO_MANY_REQUESTS,
                    format!("your address has had its share of the board's replaying time: try again in {wait} s"),
                );
                e.retry_after = Some(wait);
                e
            }
            Refused::Busy => {
                let mut e = refuse(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "the board is replaying many runs: try again soon".into(),
                );
                e.retry_after = Some(10);
                e
            }
        })?;
    if let Some(list) = list.filter(|&list| list != judged.mode) {
        return Err(refuse(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "it was played as \"{}\" but sent to the list of \"{}\": each mode is ranked on its own list",
                judged.mode.name(),
                list.name()
            ),
        ));
    }
    let run = NewRun {
        digest,
        name: submission.name,
        folded,
        skeleton: look,
        game: judged.game.clone(),
        secret_hash,
        judged,
        at: board.now(),
        recording: bytes,
    };
    let (id, rank) = board.store.add(&run).await.map_err(|e| {
        let e = ApiError::from(e);
        tracing::info!(%client, status = e.status.as_u16(), why = %e.message, "submission refused");
        e
    })?;
    tracing::info!(%client, id, name = %run.name, seed = run.judged.seed, score = run.judged.score, rank, "run ranked");
    Ok((
        StatusCode::CREATED,
        Json(Ranking {
            id,
            score: run.judged.score,
            rank,
            board: run.home_board(),
        }),
    ))
}

/// `?limit=&offset=` of a board read, and the list's `?mode=&challenge=` (as the game's page takes
/// them: `mode=hard&challenge=darkness,swarm`; none, the standard game's) and `?raced=1` (the
/// list of runs that raced a ghost), as written (a bad number or name is a JSON 400, not the
/// framework's text).
#[derive(Deserialize)]
pub struct Page {
    limit: Option<String>,
    offset: Option<String>,
    mode: Option<String>,
    challenge: Option<String>,
    raced: Option<String>,
}

impl Page {
    /// Whether the list of runs that raced a ghost is asked for (`?raced=1`, or `true`).
    pub fn raced(&self) -> Result<bool, ApiError> {
        match self.raced.as_deref() {
            None | Some("0" | "false") => Ok(false),
            Some("" | "1" | "true") => Ok(true),
            Some(other) => Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                format!(
                    "raced={:?} is neither 1 nor 0",
                    other.chars().take(40).collect::<String>()
                ),
            )),
        }
    }

    /// The key of the list asked for: `board`'s, or its raced list's.
    pub fn list(&self, board: String) -> Result<String, ApiError> {
        Ok(if self.raced()? {
            crate::store::raced(&board)
        } else {
            board
        })
    }

    /// The mode whose list is asked for.
    pub fn mode(&self) -> Result<Mode, ApiError> {
        Mode::parse(self.mode.as_deref(), self.challenge.as_deref())
            .map_err(|why| ApiError::new(StatusCode::BAD_REQUEST, format!("no such list: {why}")))
    }

    /// How many entries to give: 100 unless asked, at most `MAX_LIMIT`.
    pub fn limit(&self) -> Result<u32, ApiError> {
        match &self.limit {
            None => Ok(100),
            Some(text) => text
                .parse::<u32>()
                .map(|n| n.min(MAX_LIMIT))
                .map_err(|_| ApiError::new(StatusCode::BAD_REQUEST, format!("limit={text:?} is not a whole number"))),
        }
    }

    /// How many entries to skip.
    pub fn offset(&self) -> Result<u64, ApiError> {
        match &self.offset {
            None => Ok(0),
            Some(text) => text
                .parse::<u64>()
                .ok()
                .filter(|&n| n <= i64::MAX as u64)
                .ok_or_else(|| {
                    ApiError::new(
                        StatusCode::BAD_REQUEST,
                        format!("offset={text:?} is not a whole number"),
                    )
                }),
        }
    }
}

/// A seed from a path: a whole number that fits 64 bits.
pub fn parse_seed(text: &str) -> Result<u64, ApiError> {
    text.parse().map_err(|_| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("{text:?} is not a seed (a whole number from 0 to {})", u64::MAX),
        )
    })
}

/// A date from a path: `YYYY-MM-DD`, a day that exists.
pub fn parse_date(text: &str) -> Result<Date, ApiError> {
    Date::parse(text)
        .ok_or_else(|| ApiError::new(StatusCode::BAD_REQUEST, format!("{text:?} is not a date (YYYY-MM-DD)")))
}

fn entries(entries: Vec<Entry>, extra: serde_json::Value) -> Json<serde_json::Value> {
    let mut body = json!({ "entries": entries });
    if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
        body.extend(extra.clone());
    }
    Json(body)
}

/// `GET /api/seeds/SEED`: the best runs of a seed.
pub async fn seed(
    State(board): State<Arc<Board>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(text): Path<String>,
    Query(page): Query<Page>,
) -> Result<Json<serde_json::Value>, ApiError> {
    board.read_allowed(peer, &headers)?;
    let seed = parse_seed(&text)?;
    let mode = page.mode()?;
    let found = board.read(&page.list(seed_board(seed, mode))?, &page).await?;
    Ok(entries(
        found,
        json!({ "seed": seed.to_string(), "mode": mode.name(), "raced": page.raced()? }),
    ))
}

/// `GET /api/daily/YYYY-MM-DD`: a day's board.
pub async fn daily(
    State(board): State<Arc<Board>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(text): Path<String>,
    Query(page): Query<Page>,
) -> Result<Json<serde_json::Value>, ApiError> {
    board.read_allowed(peer, &headers)?;
    let date = parse_date(&text)?;
    let mode = page.mode()?;
    let found = board
        .read(&page.list(day_board(&date.to_string(), mode))?, &page)
        .await?;
    Ok(entries(
        found,
        json!({ "date": date.to_string(), "seed": daily_seed(date).to_string(), "mode": mode.name(), "raced": page.raced()? }),
    ))
}

/// A run's id from a path.
pub(crate) fn parse_id(text: &str) -> Result<i64, ApiError> {
    text.parse::<i64>()
        .ok()
        .filter(|&id| id > 0)
        .ok_or_else(|| ApiError::new(StatusCode::BAD_REQUEST, format!("{text:?} is not a run's id")))
}

/// `GET /api/runs/ID`: a run's facts.
pub async fn run(
    State(board): State<Arc<Board>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(text): Path<String>,
) -> Result<Json<crate::store::Stored>, ApiError> {
    board.read_allowed(peer, &headers)?;
    let id = parse_id(&text)?;
    board
        .store
        .run(id)
        .await?
        .map(Json)
        .ok_or_else(|| ApiError::not_found(format!("no run {id}")))
}

/// `GET /api/runs/ID/recording`: the bytes `delve --verify` and `--replay` read.
pub async fn recording(
    State(board): State<Arc<Board>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(text): Path<String>,
) -> Result<Response, ApiError> {
    board.read_allowed(peer, &headers)?;
    let id = parse_id(&text)?;
    let bytes = board
        .store
        .recording(id)
        .await?
        .ok_or_else(|| ApiError::not_found(format!("no run {id}")))?;
    let disposition = format!("attachment; filename=\"delve-board-run-{id}.delverec\"");
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/octet-stream"),
            ),
            (
                header::CONTENT_DISPOSITION,
                HeaderValue::from_str(&disposition).unwrap_or(HeaderValue::from_static("attachment")),
            ),
        ],
        bytes,
    )
        .into_response())
}

/// A request's body of at most `max` bytes (refused from its declared length before a byte is
/// read, or once the bytes read pass it), arriving within `BODY_TIME`.
pub(crate) async fn body_bytes(headers: &HeaderMap, body: Body, max: usize) -> Result<bytes::Bytes, ApiError> {
    let too_large = || {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the request is larger than the board takes ({max} bytes)"),
        )
    };
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > max as u64) {
        return Err(too_large());
    }
    tokio::time::timeout(BODY_TIME, axum::body::to_bytes(body, max))
        .await
        .map_err(|_| ApiError::new(StatusCode::REQUEST_TIMEOUT, "the request's body came too slowly"))?
        .map_err(|_| too_large())
}

/// `text` as base64 (padded or not), or a 400 naming `what`.
pub(crate) fn base64_of(text: &str, what: &str) -> Result<Vec<u8>, ApiError> {
    let text = text.trim_end_matches('=');
    base64::engine::general_purpose::STANDARD_NO_PAD
        .decode(text)
        .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, format!("{what} is not base64: {e}")))
}

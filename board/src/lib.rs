//! Delve's board of the day: a server that replays every submitted run with `delve-core` and
//! ranks only what was really played. One data layer (`store`) over SQLite or PostgreSQL; the
//! replays on their own threads (`judge`); the JSON API (`api`) and the HTML pages (`pages`)
//! read the same boards; per-address limits (`limits`); names and secrets (`names`); and, when
//! asked, the browser build of the game itself (`files`). The contract is docs/board.md.

mod api;
mod files;
mod judge;
mod limits;
mod live;
mod names;
mod pages;
mod relay;
mod server;
mod store;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::http::HeaderValue;
use axum::routing::{get, post};
use tower_http::cors::{AllowOrigin, CorsLayer};

pub use judge::{BOARD_MAX_WORK, MAX_RECORDING, standard};
pub use limits::Rate;
pub use live::MAX_PIECE;
pub use relay::LiveLimits;
pub use server::{Limits, serve_with};
pub use store::{Dialect, Store};

/// How a board is set up (`delve-board`'s options).
#[derive(Clone, Debug)]
pub struct Config {
    /// Replays at once (default: the machine's cores).
    pub judges: usize,
    /// The longest a replay may take.
    pub replay_limit: Duration,
    /// Submissions an address may make.
    pub submit_rate: Rate,
    /// Reads (API, pages and the game's files) an address may make.
    pub read_rate: Rate,
    /// Seconds of judging (replaying its submissions) an address may take: `burst` at once,
    /// then `per_minute`.
    pub judge_budget: Rate,
    /// The pages allowed to call the API from another origin (CORS), e.g. `https://delve.example`.
    pub allow_origins: Vec<String>,
    /// Take the client's address from the last `X-Forwarded-For` entry (behind a proxy).
    pub forwarded: bool,
    /// The browser build to serve at `/` (web/dist), if any.
    pub web: Option<PathBuf>,
    /// Where the board's links send a replay: the game's page (default: `/` when `web` is
    /// served, else none).
    pub game: Option<String>,
    /// A fixed "now" (Unix seconds) for tests: today's daily is this day's.
    pub now: Option<u64>,
    /// How live runs are bounded.
    pub live: relay::LiveLimits,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            judges: std::thread::available_parallelism().map_or(2, usize::from),
            replay_limit: Duration::from_secs(10),
            submit_rate: Rate {
                burst: 10.0,
                per_minute: 10.0,
            },
            read_rate: Rate {
                burst: 120.0,
                per_minute: 1200.0,
            },
            judge_budget: Rate {
                burst: 30.0,
                per_minute: 15.0,
            },
            allow_origins: Vec::new(),
            forwarded: false,
            web: None,
            game: None,
            now: None,
            live: LiveLimits::default(),
        }
    }
}

/// The board's whole router over `store`.
pub fn router(store: Store, config: Config) -> Result<Router, String> {
    let mut origins = Vec::new();
    for origin in &config.allow_origins {
        origins.push(HeaderValue::from_str(origin).map_err(|_| format!("{origin:?} is not an origin"))?);
    }
    let cors = CorsLayer::new()
        .allow_origin(AllowOrigin::list(origins))
        .allow_methods([axum::http::Method::GET, axum::http::Method::POST])
        .allow_headers([axum::http::header::CONTENT_TYPE]);
    let game = config
        .game
        .clone()
        .or_else(|| config.web.as_ref().map(|_| "/".to_owned()));
    let web = config.web.as_deref().map(files::Web::new).transpose()?;
    let serves_web = web.is_some();
    let state = Arc::new(api::Board::new(store, &config, game, web));
    Ok(routes(state, serves_web).layer(cors))
}

/// Every route, with the game's files (`Board::web`) served at `/` when `web`.
fn routes(board: Arc<api::Board>, web: bool) -> Router {
    let api = Router::new()
        .route("/api/board", get(api::about))
        .route("/api/runs", post(api::submit))
        .route("/api/runs/{id}", get(api::run))
        .route("/api/runs/{id}/recording", get(api::recording))
        .route("/api/seeds/{seed}", get(api::seed))
        .route("/api/daily/{date}", get(api::daily))
        .route("/api/live", get(live::list).post(live::begin))
        .route("/api/live/{id}", post(live::piece))
        .route("/api/live/{id}/events", get(live::events))
        .route("/api/{*rest}", get(api::no_such).post(api::no_such))
        .route("/board", get(pages::today))
        .route("/board/day/{date}", get(pages::day))
        .route("/board/seed/{seed}", get(pages::seed));
    let api = if web {
        api.fallback(api::file)
    } else {
        api.route("/", get(|| async { axum::response::Redirect::to("/board") }))
            .fallback(|| async { api::ApiError::not_found("no such page") })
    };
    api.method_not_allowed_fallback(|| async {
        api::ApiError::new(
            axum::http::StatusCode::METHOD_NOT_ALLOWED,
            "this route does not take that method: see docs/board.md",
        )
    })
    .layer(axum::middleware::from_fn(errors_in_kind))
    .with_state(board)
}

/// The framework's own refusals (a path or query it cannot read, such as `?limit=1&limit=2` or
/// a path that is not UTF-8) said as the board says its own: a JSON `{"error"}` under `/api/`,
/// an error page under `/board`. Its text is kept as the sentence.
async fn errors_in_kind(request: axum::extract::Request, next: axum::middleware::Next) -> axum::response::Response {
    use axum::response::IntoResponse;
    let path = request.uri().path();
    let (api, page) = (path.starts_with("/api/"), path.starts_with("/board"));
    let response = next.run(request).await;
    let status = response.status();
    let plain = response
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .is_none_or(|t| t.as_bytes().starts_with(b"text/plain"));
    if !(api || page) || !plain || !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let text = match axum::body::to_bytes(response.into_body(), 16 * 1024).await {
        Ok(bytes) if !bytes.is_empty() => String::from_utf8_lossy(&bytes).into_owned(),
        _ => status.canonical_reason().unwrap_or("refused").to_owned(),
    };
    if api {
        api::ApiError::new(status, text).into_response()
    } else {
        pages::html(Err(api::ApiError::new(status, text)))
    }
}

/// Serves `router` on `listener` within the default `Limits` until the process is told to stop
/// (Ctrl-C, SIGTERM).
pub async fn serve(listener: tokio::net::TcpListener, router: Router) -> std::io::Result<()> {
    serve_with(listener, router, Limits::default(), stopped()).await
}

/// Resolves when the process is asked to stop (Ctrl-C, SIGTERM).
pub async fn stopped() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}

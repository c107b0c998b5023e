//! Delve's board of the day: a server that replays every submitted run with `delve-core` and
//! ranks only what was really played. One data layer (`store`) over SQLite or PostgreSQL; the
//! replays on their own threads (`judge`); the JSON API (`api`) and the HTML pages (`pages`)
//! read the same boards; per-address limits (`limits`); names and secrets (`names`); and, when
//! asked, the browser build of the game itself (`files`). The contract is docs/board.md.

mod api;
mod files;
mod judge;
mod limits;
mod names;
mod pages;
mod store;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::http::HeaderValue;
use axum::routing::{get, post};
use tower_http::cors::{AllowOrigin, CorsLayer};

pub use judge::{MAX_RECORDING, standard};
pub use limits::Rate;
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
    /// Reads (API and pages) an address may make.
    pub read_rate: Rate,
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
            allow_origins: Vec::new(),
            forwarded: false,
            web: None,
            game: None,
            now: None,
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
    let state = Arc::new(api::Board::new(store, &config, game));
    Ok(routes(state, config.web).layer(cors))
}

/// Every route, with `web` served at `/` when given.
pub fn routes(board: Arc<api::Board>, web: Option<PathBuf>) -> Router {
    let api = Router::new()
        .route("/api/board", get(api::about))
        .route("/api/runs", post(api::submit))
        .route("/api/runs/{id}", get(api::run))
        .route("/api/runs/{id}/recording", get(api::recording))
        .route("/api/seeds/{seed}", get(api::seed))
        .route("/api/daily/{date}", get(api::daily))
        .route("/api/{*rest}", get(api::no_such).post(api::no_such))
        .route("/board", get(pages::today))
        .route("/board/day/{date}", get(pages::day))
        .route("/board/seed/{seed}", get(pages::seed));
    let api = match web {
        Some(dir) => api.fallback(move |uri, headers| files::send(dir.clone(), uri, headers)),
        None => api
            .route("/", get(|| async { axum::response::Redirect::to("/board") }))
            .fallback(|| async { api::ApiError::not_found("no such page") }),
    };
    api.method_not_allowed_fallback(|| async {
        api::ApiError::new(
            axum::http::StatusCode::METHOD_NOT_ALLOWED,
            "this route does not take that method: see docs/board.md",
        )
    })
    .with_state(board)
}

/// Serves `router` on `listener` until the process is told to stop (Ctrl-C, SIGTERM).
pub async fn serve(listener: tokio::net::TcpListener, router: Router) -> std::io::Result<()> {
    axum::serve(listener, router.into_make_service_with_connect_info::<SocketAddr>())
        .with_graceful_shutdown(stopped())
        .await
}

/// Resolves when the process is asked to stop.
async fn stopped() {
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

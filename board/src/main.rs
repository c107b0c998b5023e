//! `delve-board`: the board of the day as a server. `cargo run --release -p delve-board` serves on
//! loopback over a SQLite file in the platform's data directory; `--database postgres://…` puts
//! several of them over one PostgreSQL. Prints `listening on ADDR:PORT` once it is ready.

use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use delve_board::{Config, Limits, Rate, Store, router, serve_with, stopped};

#[derive(Parser, Debug)]
#[command(
    name = "delve-board",
    version,
    about = "Delve's board of the day: every score proven by its replay"
)]
struct Cli {
    /// Address and port to listen on (port 0: any free port, printed).
    #[arg(long, value_name = "ADDR:PORT", default_value = "127.0.0.1:8787")]
    listen: SocketAddr,
    /// The database: sqlite://FILE or postgres://USER@HOST/DB [default: sqlite:// in the
    /// platform's data directory, e.g. ~/.local/share/delve/board.sqlite3].
    #[arg(long, value_name = "URL")]
    database: Option<String>,
    /// Serve the game's browser build from this folder at / (e.g. web/dist): the page then
    /// submits to this board by itself.
    #[arg(long, value_name = "DIR")]
    web: Option<PathBuf>,
    /// The game's page the board's "Watch" links open [default: / when --web is given].
    #[arg(long, value_name = "URL")]
    game: Option<String>,
    /// An origin whose pages may call the API (CORS), e.g. https://delve.example; repeatable.
    #[arg(long, value_name = "ORIGIN")]
    allow_origin: Vec<String>,
    /// Behind a proxy: take each client's address from the last X-Forwarded-For entry.
    #[arg(long)]
    forwarded: bool,
    /// Replays at once [default: the machine's cores].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    judges: Option<u16>,
    /// The longest one replay may take, in seconds.
    #[arg(long, value_name = "S", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=600))]
    replay_limit: u64,
    /// Submissions an address may make a minute, after a burst of as many (0: no limit).
    #[arg(long, value_name = "N", default_value_t = 10)]
    submits_per_minute: u32,
    /// Reads (API and pages) an address may make a minute, after a burst of a tenth (0: no limit).
    #[arg(long, value_name = "N", default_value_t = 1200)]
    reads_per_minute: u32,
    /// Seconds of replaying an address's submissions may take a minute, after a burst of
    /// twice as many (0: no limit). An ordinary run takes well under a second.
    #[arg(long, value_name = "S", default_value_t = 15)]
    judge_seconds_per_minute: u32,
    /// Connections one address (an IPv6 /64) may keep open at once (with --forwarded, not
    /// bounded here: every connection is the proxy's).
    #[arg(long, value_name = "N", default_value_t = 32, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    connections_per_address: u32,
    /// Connections open at once in all (lowered to leave files for the board itself under
    /// the process's open-file limit).
    #[arg(long, value_name = "N", default_value_t = 1024, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    max_connections: u32,
    /// Runs one address (an IPv6 /64) may play live at once.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=10_000))]
    live_per_address: u32,
    /// Runs the board takes live at once.
    #[arg(long, value_name = "N", default_value_t = 64, value_parser = clap::value_parser!(u32).range(0..=100_000))]
    live_runs: u32,
    /// Spectators a live run may have at once (on each board process).
    #[arg(long, value_name = "N", default_value_t = 32, value_parser = clap::value_parser!(u32).range(0..=100_000))]
    spectators: u32,
    /// Seconds a live run may send nothing before the board ends it and closes its streams.
    #[arg(long, value_name = "S", default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    live_idle: u64,
    /// Database connections this process keeps.
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=1000))]
    connections: u32,
}

fn default_database() -> Result<String, String> {
    let dirs = directories::ProjectDirs::from("", "", "delve")
        .ok_or("no data directory is known for this user: give --database sqlite://FILE")?;
    Ok(format!("sqlite://{}", dirs.data_dir().join("board.sqlite3").display()))
}

fn main() -> ExitCode {
    ignore_file_size_limit();
    let cli = Cli::parse();
    // A log that cannot be written (a full disk under a redirected stderr, a closed pipe) loses
    // its lines; it never stops the board: the writer swallows the error, and the logger is told
    // not to complain of it on the same stderr (which panicked, dropping every connection).
    tracing_subscriber::fmt()
        .with_writer(|| Unfailing(std::io::stderr()))
        .log_internal_errors(false)
        .with_target(false)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
    let database = match cli.database.clone().map_or_else(default_database, Ok) {
        Ok(url) => url,
        Err(e) => {
            say(&mut std::io::stderr(), format_args!("delve-board: {e}"));
            return ExitCode::from(2);
        }
    };
    if delve_board::Dialect::of(&database).is_none() {
        say(
            &mut std::io::stderr(),
            format_args!("delve-board: --database must be sqlite://FILE or postgres://… (it was {database:?})"),
        );
        return ExitCode::from(2);
    }
    let config = Config {
        judges: cli.judges.map_or_else(|| Config::default().judges, usize::from),
        replay_limit: Duration::from_secs(cli.replay_limit),
        submit_rate: Rate {
            burst: f64::from(cli.submits_per_minute.max(1)),
            per_minute: f64::from(cli.submits_per_minute),
        },
        read_rate: Rate {
            burst: f64::from((cli.reads_per_minute / 10).max(1)),
            per_minute: f64::from(cli.reads_per_minute),
        },
        judge_budget: Rate {
            burst: f64::from(cli.judge_seconds_per_minute.max(1)) * 2.0,
            per_minute: f64::from(cli.judge_seconds_per_minute),
        },
        allow_origins: cli.allow_origin.clone(),
        forwarded: cli.forwarded,
        web: cli.web.clone(),
        game: cli.game.clone(),
        now: None,
        live: delve_board::LiveLimits {
            per_address: cli.live_per_address as usize,
            most: cli.live_runs as usize,
            spectators: cli.spectators as usize,
            idle: Duration::from_secs(cli.live_idle),
        },
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            say(&mut std::io::stderr(), format_args!("delve-board: cannot start: {e}"));
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async move {
        let store = match Store::open(&database, cli.connections).await {
            Ok(store) => store,
            Err(e) => {
                say(&mut std::io::stderr(), format_args!("delve-board: {e}"));
                return ExitCode::FAILURE;
            }
        };
        let app = match router(store, config) {
            Ok(app) => app,
            Err(e) => {
                say(&mut std::io::stderr(), format_args!("delve-board: {e}"));
                return ExitCode::from(2);
            }
        };
        let listener = match tokio::net::TcpListener::bind(cli.listen).await {
            Ok(l) => l,
            Err(e) => {
                say(
                    &mut std::io::stderr(),
                    format_args!("delve-board: cannot listen on {}: {e}", cli.listen),
                );
                return ExitCode::FAILURE;
            }
        };
        let addr = listener.local_addr().unwrap_or(cli.listen);
        say(&mut std::io::stdout(), format_args!("listening on {addr}"));
        tracing::info!(%addr, database = %redact(&database), "board serving");
        let limits = Limits {
            // Behind a proxy every connection is the proxy's: the proxy bounds its clients'.
            per_address: if cli.forwarded {
                usize::MAX
            } else {
                cli.connections_per_address as usize
            },
            total: cli.max_connections as usize,
            ..Limits::default()
        };
        match serve_with(listener, app, limits, stopped()).await {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                say(&mut std::io::stderr(), format_args!("delve-board: {e}"));
                ExitCode::FAILURE
            }
        }
    })
}

/// Ignores SIGXFSZ, which a write past the process's file-size limit (`ulimit -f`) raises and
/// which by default kills the process: ignored, the database's write fails and is refused as
/// any failed write is (a 503, nothing acknowledged lost).
#[cfg(unix)]
#[allow(
    unsafe_code,
    reason = "a signal is set to be ignored through libc: std has no way to"
)]
fn ignore_file_size_limit() {
    // SAFETY: sets a standard signal's disposition to "ignore", which runs no code.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

#[cfg(not(unix))]
fn ignore_file_size_limit() {}

/// A writer whose failures are dropped: the log's, which must never stop the board.
struct Unfailing<W>(W);

impl<W: Write> Write for Unfailing<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let _ = self.0.write_all(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let _ = self.0.flush();
        Ok(())
    }
}

/// Writes a line to `out`, losing it rather than panicking when it cannot be written
/// (`println!` and `eprintln!` panic).
fn say(out: &mut impl Write, line: std::fmt::Arguments<'_>) {
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// A database URL without its password, for the log.
fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let user = &url[scheme + 3..at];
            let user = user.split(':').next().unwrap_or_default();
            format!("{}{user}:***{}", &url[..scheme + 3], &url[at..])
        }
        _ => url.to_owned(),
    }
}

//! What the board's HTTP tests share: a real board on a loopback port over a real database (a
//! SQLite file in a temporary folder, or a fresh database in the PostgreSQL that
//! `DELVE_BOARD_POSTGRES` names), real runs played by the bots, and a client.

#![allow(dead_code)]

use std::sync::mpsc;
use std::time::Duration;

use base64::Engine;
use delve_board::{Config, Limits, Rate, Store, router, serve, serve_with, standard};
use delve_core::bot::Bot;
use delve_core::fov::DEFAULT_RADIUS;
use delve_core::rules::Act;
use delve_core::run::{Date, Run, RunSpec, daily_params};
use delve_core::save::encode_recording;
use serde_json::{Value, json};

/// Runs `$body(postgres: bool)` once on SQLite and once on PostgreSQL (`#[macro_use] mod common`).
macro_rules! on_both {
    ($name:ident) => {
        mod $name {
            #[test]
            fn sqlite() {
                super::$name(false);
            }
            #[test]
            fn postgres() {
                super::$name(true);
            }
        }
    };
}

/// A board serving on loopback; it stops with the test's process.
pub struct Server {
    pub base: String,
    /// The SQLite file's folder, kept while the board runs.
    _dir: Option<tempfile::TempDir>,
}

impl Server {
    /// A board started elsewhere (another process) at `base`.
    pub fn at(base: String) -> Self {
        Server { base, _dir: None }
    }
}

/// Limits loose enough for a test's many requests.
pub fn test_config() -> Config {
    Config {
        judges: 2,
        replay_limit: Duration::from_secs(60),
        submit_rate: Rate {
            burst: 1000.0,
            per_minute: 0.0,
        },
        read_rate: Rate {
            burst: 1000.0,
            per_minute: 0.0,
        },
        judge_budget: Rate {
            burst: 1000.0,
            per_minute: 0.0,
        },
        now: Some(NOW),
        ..Config::default()
    }
}

/// The tests' "now": 2026-11-28 12:00 UTC.
pub const NOW: u64 = 1_795_867_200;

/// The date of `NOW`.
pub fn today() -> Date {
    Date::from_unix(NOW)
}

/// A database for one test: a SQLite file, or (`postgres`) a fresh database in the server
/// `DELVE_BOARD_POSTGRES` names. `None` when PostgreSQL is asked for and not given (unless
/// `DELVE_BOARD_REQUIRE_POSTGRES` is set, as CI sets it: then that is a failure).
pub fn database(name: &str, postgres: bool) -> Option<(String, Option<tempfile::TempDir>)> {
    if !postgres {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("board.sqlite3").display());
        return Some((url, Some(dir)));
    }
    let Ok(admin) = std::env::var("DELVE_BOARD_POSTGRES") else {
        assert!(
            std::env::var_os("DELVE_BOARD_REQUIRE_POSTGRES").is_none(),
            "DELVE_BOARD_REQUIRE_POSTGRES is set but DELVE_BOARD_POSTGRES is not"
        );
        eprintln!("skipped on PostgreSQL: DELVE_BOARD_POSTGRES is not set (board/tests/postgres.sh sets it)");
        return None;
    };
    let db = format!("delve_board_{name}");
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        use sqlx::Connection;
        sqlx::any::install_default_drivers();
        let mut conn = sqlx::AnyConnection::connect(&admin).await.expect("the test PostgreSQL");
        sqlx::query(&format!("DROP DATABASE IF EXISTS {db} WITH (FORCE)"))
            .execute(&mut conn)
            .await
            .unwrap();
        sqlx::query(&format!("CREATE DATABASE {db}"))
            .execute(&mut conn)
            .await
            .unwrap();
    });
    let (base, _) = admin.rsplit_once('/').expect("postgres://…/DATABASE");
    Some((format!("{base}/{db}"), None))
}

/// Starts a board over `url` with `config` on a free loopback port.
pub fn start(url: &str, dir: Option<tempfile::TempDir>, config: Config) -> Server {
    let (tx, rx) = mpsc::channel();
    let url = url.to_owned();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Runtime::new().unwrap();
        rt.block_on(async move {
            let store = Store::open(&url, 4).await.expect("the board's database opens");
            let app = router(store, config).unwrap();
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            tx.send(listener.local_addr().unwrap()).unwrap();
            serve(listener, app).await.unwrap();
        });
    });
    let addr = rx.recv_timeout(Duration::from_secs(60)).expect("the board starts");
    Server {
        base: format!("http://{addr}"),
        _dir: dir,
    }
}

/// Starts a board over `url` with `config` on a free loopback port, its connections bounded by
/// `limits` (until the test's process ends).
pub fn start_with(url: &str, dir: Option<tempfile::TempDir>, config: Config, limits: Limits) -> Server {
    let (tx, rx) = mpsc::channel();
    let url = url.to_owned();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Runtime::new().unwrap();
        rt.block_on(async move {
            let store = Store::open(&url, 4).await.expect("the board's database opens");
            let app = router(store, config).unwrap();
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            tx.send(listener.local_addr().unwrap()).unwrap();
            serve_with(listener, app, limits, std::future::pending()).await.unwrap();
        });
    });
    let addr = rx.recv_timeout(Duration::from_secs(60)).expect("the board starts");
    Server {
        base: format!("http://{addr}"),
        _dir: dir,
    }
}

/// The real `delve-board` binary (or the one `DELVE_BOARD_BIN` names: an older build, to see a
/// test fail on it), started with `args` (and `--listen 127.0.0.1:0`), its standard error to
/// `stderr`; `shell` runs before it in the same shell (e.g. `ulimit -n 128`).
pub struct Binary {
    pub child: std::process::Child,
    pub addr: std::net::SocketAddr,
}

impl Binary {
    pub fn start(args: &[&str], stderr: std::process::Stdio, shell: &str) -> Binary {
        let bin = std::env::var("DELVE_BOARD_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_delve-board").to_owned());
        let mut command = std::process::Command::new("bash");
        command
            .arg("-c")
            .arg(format!("{shell}\nexec \"$0\" --listen 127.0.0.1:0 \"$@\""))
            .arg(bin)
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(stderr);
        let mut child = command.spawn().unwrap();
        let mut line = String::new();
        std::io::BufRead::read_line(&mut std::io::BufReader::new(child.stdout.take().unwrap()), &mut line).unwrap();
        let addr = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("the board did not start: {line:?}"))
            .parse()
            .unwrap();
        Binary { child, addr }
    }

    pub fn server(&self) -> Server {
        Server::at(format!("http://{}", self.addr))
    }

    /// Sends SIGTERM.
    pub fn terminate(&self) {
        let sent = std::process::Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
    }

    /// Its exit status, waiting at most `limit` (`None`: still running then).
    pub fn exited_within(&mut self, limit: Duration) -> Option<std::process::ExitStatus> {
        let until = std::time::Instant::now() + limit;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return Some(status);
            }
            if std::time::Instant::now() > until {
                return None;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Its resident memory, in kilobytes (Linux).
    pub fn resident_kb(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    }
}

impl Drop for Binary {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A connection to `to` from the loopback address `from` (127.0.0.2 and so on are other
/// clients), blocking, with `timeout` on reads.
pub fn connect_from(from: &str, to: std::net::SocketAddr, timeout: Duration) -> std::io::Result<std::net::TcpStream> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let stream = rt.block_on(async {
        let socket = tokio::net::TcpSocket::new_v4()?;
        socket.bind(std::net::SocketAddr::new(from.parse().unwrap(), 0))?;
        socket.connect(to).await
    })?;
    let stream = stream.into_std()?;
    stream.set_nonblocking(false)?;
    stream.set_read_timeout(Some(timeout))?;
    Ok(stream)
}

/// What a plain `GET path` from `from` answers: its status (0: the connection was closed or
/// reset with no answer).
pub fn get_from(from: &str, to: std::net::SocketAddr, path: &str) -> u16 {
    use std::io::{Read, Write};
    let Ok(mut stream) = connect_from(from, to, Duration::from_secs(60)) else {
        return 0;
    };
    if write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: board\r\nConnection: close\r\n\r\n"
    )
    .is_err()
    {
        return 0;
    }
    let mut reply = Vec::new();
    let _ = stream.read_to_end(&mut reply);
    let reply = String::from_utf8_lossy(&reply);
    reply.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0)
}

/// A client that reads every status (4xx and 5xx are answers here, not errors).
pub fn client() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(120)))
        .build()
        .into()
}

impl Server {
    /// `GET path`: the status and the JSON body.
    pub fn get(&self, path: &str) -> (u16, Value) {
        let mut r = client().get(&format!("{}{path}", self.base)).call().unwrap();
        let status = r.status().as_u16();
        (status, r.body_mut().read_json().unwrap_or(Value::Null))
    }

    /// `GET path`: the status and the body's text.
    pub fn get_text(&self, path: &str) -> (u16, String) {
        let mut r = client().get(&format!("{}{path}", self.base)).call().unwrap();
        let status = r.status().as_u16();
        (status, r.body_mut().read_to_string().unwrap_or_default())
    }

    /// `GET path`: the status and the body's bytes.
    pub fn get_bytes(&self, path: &str) -> (u16, Vec<u8>) {
        let mut r = client().get(&format!("{}{path}", self.base)).call().unwrap();
        let status = r.status().as_u16();
        (
            status,
            r.body_mut()
                .with_config()
                .limit(64 << 20)
                .read_to_vec()
                .unwrap_or_default(),
        )
    }

    /// `POST /api/runs` with a raw body.
    pub fn post_raw(&self, body: &[u8]) -> (u16, Value) {
        let mut r = client()
            .post(&format!("{}/api/runs", self.base))
            .header("content-type", "application/json")
            .send(body)
            .unwrap();
        let status = r.status().as_u16();
        (status, r.body_mut().read_json().unwrap_or(Value::Null))
    }

    /// `POST /api/runs` declaring a body of `length` bytes and sending none: the status and the
    /// reply's body (a board must refuse it from the length alone).
    pub fn post_declaring(&self, length: usize) -> (u16, String) {
        use std::io::{Read, Write};
        let addr = self.base.trim_start_matches("http://");
        let mut stream = std::net::TcpStream::connect(addr).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        write!(
            stream,
            "POST /api/runs HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {length}\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut reply = String::new();
        let _ = stream.read_to_string(&mut reply);
        let status = reply.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
        (status, reply)
    }

    /// Submits `recording` as `name` with `secret` from the client `from` (a board that trusts
    /// its proxy's `X-Forwarded-For` takes it for the client's address).
    pub fn submit_from(&self, from: &str, name: &str, secret: &str, recording: &[u8]) -> (u16, Value) {
        let body = json!({
            "name": name,
            "secret": secret,
            "recording": base64::engine::general_purpose::STANDARD.encode(recording),
        });
        let mut r = client()
            .post(&format!("{}/api/runs", self.base))
            .header("content-type", "application/json")
            .header("x-forwarded-for", from)
            .send(body.to_string().as_bytes())
            .unwrap();
        let status = r.status().as_u16();
        (status, r.body_mut().read_json().unwrap_or(Value::Null))
    }

    /// Submits `recording` as `name` with `secret` to the list of `mode` (a mode's name; `None`:
    /// the list of the run's own mode).
    pub fn submit_to(&self, name: &str, secret: &str, recording: &[u8], mode: Option<&str>) -> (u16, Value) {
        let mut body = json!({
            "name": name,
            "secret": secret,
            "recording": base64::engine::general_purpose::STANDARD.encode(recording),
        });
        if let Some(mode) = mode {
            body["mode"] = json!(mode);
        }
        self.post_raw(body.to_string().as_bytes())
    }

    /// Submits `recording` as `name` with `secret`.
    pub fn submit(&self, name: &str, secret: &str, recording: &[u8]) -> (u16, Value) {
        let body = json!({
            "name": name,
            "secret": secret,
            "recording": base64::engine::general_purpose::STANDARD.encode(recording),
        });
        self.post_raw(body.to_string().as_bytes())
    }

    /// The entries of a board read.
    pub fn entries(&self, path: &str) -> Vec<Value> {
        let (status, body) = self.get(path);
        assert_eq!(status, 200, "{path}: {body}");
        body["entries"].as_array().unwrap().clone()
    }
}

/// A run of `spec` played by the bot to its end after `waits` waits or a few more (waits make
/// another run of the same seed).
pub fn played(spec: &RunSpec, waits: usize, daily: Option<Date>) -> Run {
    for extra in 0..20 {
        let run = played_once(spec, waits + extra, daily);
        if run.is_over() {
            return run;
        }
    }
    panic!("no bot run of {spec:?} after {waits} waits ended");
}

/// A run of `spec` played by the bot after `waits` waits, for at most 30,000 turns.
fn played_once(spec: &RunSpec, waits: usize, daily: Option<Date>) -> Run {
    let mut run = spec.begin().unwrap().with_sight(DEFAULT_RADIUS);
    if let Some(date) = daily {
        run.mark_daily(&date.to_string());
    }
    for _ in 0..waits {
        run.play(Act::Wait).unwrap();
    }
    Bot::player().play_until(&mut run, 30_000);
    run
}

/// A finished bot run of the standard game of `seed`.
pub fn finished(seed: u64, waits: usize) -> (u64, Vec<u8>, Run) {
    let run = played(&RunSpec::seeded(standard(seed)), waits, None);
    (seed, encode_recording(&run).unwrap(), run)
}

/// A finished run of the standard game of `seed` by a bot that knows the map and rushes, after
/// `waits` waits (another game of the same seed).
pub fn quick_run(seed: u64, waits: usize) -> (Vec<u8>, Run) {
    let mut run = RunSpec::seeded(standard(seed))
        .begin()
        .unwrap()
        .with_sight(DEFAULT_RADIUS);
    for _ in 0..waits {
        run.play(Act::Wait).unwrap();
    }
    Bot::new(false, false, false).play_until(&mut run, 30_000);
    assert!(run.is_over(), "seed {seed} ends");
    (encode_recording(&run).unwrap(), run)
}

/// `count` finished runs of the standard game from `first` on, each a seed of its own played
/// to its end by a bot that knows the map and rushes (short runs), on two threads.
pub fn quick_runs(first: u64, count: u64) -> Vec<Vec<u8>> {
    let next = std::sync::atomic::AtomicU64::new(first);
    let runs = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                loop {
                    let seed = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if seed >= first + count {
                        break;
                    }
                    let mut run = RunSpec::seeded(standard(seed))
                        .begin()
                        .unwrap()
                        .with_sight(DEFAULT_RADIUS);
                    Bot::new(false, false, false).play_until(&mut run, 30_000);
                    assert!(run.is_over(), "seed {seed} ends");
                    runs.lock().unwrap().push((seed, encode_recording(&run).unwrap()));
                }
            });
        }
    });
    let mut runs = runs.into_inner().unwrap();
    runs.sort();
    runs.into_iter().map(|(_, bytes)| bytes).collect()
}

/// A finished bot run of `date`'s daily.
pub fn daily_run(date: Date, waits: usize) -> (Vec<u8>, Run) {
    let run = played(&RunSpec::seeded(daily_params(date)), waits, Some(date));
    (encode_recording(&run).unwrap(), run)
}

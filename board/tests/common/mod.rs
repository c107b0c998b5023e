//! What the board's HTTP tests share: a real board on a loopback port over a real database (a
//! SQLite file in a temporary folder, or a fresh database in the PostgreSQL that
//! `DELVE_BOARD_POSTGRES` names), real runs played by the bots, and a client.

#![allow(dead_code)]

use std::sync::mpsc;
use std::time::Duration;

use base64::Engine;
use delve_board::{Config, Rate, Store, router, serve, standard};
use delve_core::bot::Bot;
use delve_core::fov::DEFAULT_RADIUS;
use delve_core::rules::Act;
use delve_core::run::{Date, Run, RunSpec, daily_params};
use delve_core::save::encode_recording;
use serde_json::{Value, json};

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
                .limit(10 << 20)
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

/// A finished bot run of `date`'s daily.
pub fn daily_run(date: Date, waits: usize) -> (Vec<u8>, Run) {
    let run = played(&RunSpec::seeded(daily_params(date)), waits, Some(date));
    (encode_recording(&run).unwrap(), run)
}

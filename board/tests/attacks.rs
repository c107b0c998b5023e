//! The board against the attacks an audit of ff3d434 made, each reproduced: a disk that fills
//! under it (a 201 must mean committed, and survive a restart), a flood of refusals (one log
//! line, and a log that cannot be written stops nothing), clients that hold connections open,
//! the game's files read whole per request or through a link out of their folder or a FIFO,
//! costly recordings posted again and again, one game ranked under many names, names that look
//! like another's, and the smaller ones (a read-only database, the framework's own refusals,
//! the rank a 201 gives, the calendar's first day). Servers on loopback only, bounded in
//! requests and time.

#[macro_use]
mod common;

use std::io::{Read, Write};
use std::time::Duration;

use common::{
    Binary, NOW, Server, connect_from, database, finished, get_from, quick_run, quick_runs, start, start_with,
    test_config,
};
use delve_board::{Config, Limits, Rate, Store};
use delve_core::run::{Command, Recording};
use delve_core::save::{RecordingFile, decode_recording};
use serde_json::Value;

const ANN: &str = "ann-secret-0123456789";
const BOB: &str = "bob-secret-0123456789";
const CAROL: &str = "carol-secret-0123456789";

fn board(name: &str, postgres: bool) -> Option<Server> {
    let (url, dir) = database(name, postgres)?;
    Some(start(&url, dir, test_config()))
}

/// A small filesystem of this test's own (tmpfs), unmounted when dropped.
struct Small {
    dir: tempfile::TempDir,
}

impl Small {
    /// A `size` tmpfs, or why there can be none here (mounting needs root: CI is root).
    fn mount(size: &str) -> Result<Small, String> {
        let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
        let out = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir.path())
            .output()
            .map_err(|e| e.to_string())?;
        if !out.status.success() {
            return Err(String::from_utf8_lossy(&out.stderr).trim().to_owned());
        }
        Ok(Small { dir })
    }
}

impl Drop for Small {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount")
            .arg("-l")
            .arg(self.dir.path())
            .status();
    }
}

#[test]
fn every_run_acknowledged_on_a_filling_disk_survives_a_restart() {
    let small = match Small::mount("4m") {
        Ok(small) => small,
        Err(why) => {
            eprintln!("skipped: no small filesystem can be mounted here ({why}); CI mounts one as root");
            return;
        }
    };
    let db = format!("sqlite://{}", small.dir.path().join("board.sqlite3").display());
    let args = [
        "--database",
        db.as_str(),
        "--submits-per-minute",
        "0",
        "--reads-per-minute",
        "0",
        "--judge-seconds-per-minute",
        "0",
    ];
    let runs = quick_runs(3_000, 32);
    let mut board = Binary::start(&args, std::process::Stdio::null(), "");
    let server = board.server();
    let mut acknowledged = Vec::new();
    let mut submit = |runs: &[Vec<u8>], statuses: &mut Vec<u16>| {
        for (i, bytes) in runs.iter().enumerate() {
            let (status, body) = server.submit(&format!("Player{}", statuses.len() + i), ANN, bytes);
            assert!(matches!(status, 201 | 503), "{status} {body}");
            if status == 201 {
                acknowledged.push(body["id"].as_i64().unwrap());
            }
            statuses.push(status);
        }
    };
    let mut before = Vec::new();
    submit(&runs[..10], &mut before);
    assert!(before.iter().all(|&s| s == 201), "{before:?}");
    // The disk fills.
    let filler = small.dir.path().join("filler");
    {
        let mut file = std::fs::File::create(&filler).unwrap();
        let block = vec![0x5a_u8; 64 * 1024];
        while file.write_all(&block).is_ok() {}
        let _ = file.sync_all();
    }
    let mut full = Vec::new();
    submit(&runs[10..22], &mut full);
    assert!(full.contains(&503), "a full disk is said: {full:?}");
    // Space comes back: the board takes runs again, without a restart.
    std::fs::remove_file(&filler).unwrap();
    let mut after = Vec::new();
    submit(&runs[22..], &mut after);
    assert!(after.iter().all(|&s| s == 201), "the board takes runs again: {after:?}");
    // Every run acknowledged is read back by every connection...
    for &id in &acknowledged {
        for _ in 0..4 {
            assert_eq!(server.get(&format!("/api/runs/{id}")).0, 200, "run {id}");
        }
    }
    // ...and after a restart.
    board.terminate();
    assert!(
        board.exited_within(Duration::from_secs(60)).is_some(),
        "the board stops"
    );
    drop(board);
    let board = Binary::start(&args, std::process::Stdio::null(), "");
    let server = board.server();
    for &id in &acknowledged {
        assert_eq!(
            server.get(&format!("/api/runs/{id}")).0,
            200,
            "run {id} after a restart"
        );
        assert_eq!(
            server.get_bytes(&format!("/api/runs/{id}/recording")).0,
            200,
            "run {id}"
        );
    }
    assert!(acknowledged.len() >= 20, "{before:?} {full:?} {after:?}");
}

#[test]
fn a_flood_of_refusals_is_one_log_line_and_a_log_that_cannot_be_written_stops_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("b.sqlite3").display());
    let log = dir.path().join("board.log");
    let board = Binary::start(
        &["--database", &db, "--reads-per-minute", "60"],
        std::fs::File::create(&log).unwrap().into(),
        "",
    );
    let server = board.server();
    let statuses: Vec<u16> = (0..300).map(|_| server.get("/api/seeds/1").0).collect();
    assert!(statuses.iter().filter(|&&s| s == 429).count() > 250, "{statuses:?}");
    drop(board);
    let text = std::fs::read_to_string(&log).unwrap();
    let lines = text.lines().filter(|l| l.contains("rate limit")).count();
    assert!(lines <= 2, "one line for a flood, not one a refusal: {lines}\n{text}");

    // A log that cannot be written (every write fails: no space left on device).
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("b.sqlite3").display());
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let mut board = Binary::start(&["--database", &db, "--reads-per-minute", "60"], full.into(), "");
    let server = board.server();
    for _ in 0..50 {
        server.get("/api/seeds/1");
    }
    let (_, bytes, _) = finished(41, 0);
    let (status, body) = server.submit("Ann", ANN, &bytes);
    assert_eq!(status, 201, "{body}");
    assert!(board.child.try_wait().unwrap().is_none(), "the board goes on");
}

#[test]
fn no_client_holds_a_connection_or_the_board() {
    let limits = Limits {
        per_address: 4,
        header_time: Duration::from_secs(2),
        write_idle: Duration::from_secs(2),
        ..Limits::default()
    };
    let (url, dir) = database("held", false).unwrap();
    let server = start_with(&url, dir, test_config(), limits);
    let addr: std::net::SocketAddr = server.base.trim_start_matches("http://").parse().unwrap();

    // A head sent a line every half second is cut off (it was held for a minute and more).
    let mut slow = connect_from("127.0.0.1", addr, Duration::from_secs(30)).unwrap();
    write!(slow, "GET /api/board HTTP/1.1\r\nHost: board\r\n").unwrap();
    let mut sent = 0;
    while sent < 40 && write!(slow, "X-Slow-{sent}: yes\r\n").is_ok() {
        sent += 1;
        std::thread::sleep(Duration::from_millis(500));
        let mut probe = [0u8; 1];
        slow.set_nonblocking(true).unwrap();
        let closed = slow.read(&mut probe).is_ok();
        slow.set_nonblocking(false).unwrap();
        if closed {
            break;
        }
    }
    assert!(sent < 40, "the slow head was let go of before its 40 lines");

    // An address keeps at most its share open; another is served all the while.
    let idle: Vec<_> = (0..4)
        .map(|_| connect_from("127.0.0.1", addr, Duration::from_secs(30)).unwrap())
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(
        get_from("127.0.0.1", addr, "/api/board"),
        0,
        "a fifth from one address is closed"
    );
    assert_eq!(
        get_from("127.0.0.2", addr, "/api/board"),
        200,
        "another address is served"
    );
    // Idle ones are let go of after the head's time: the address is served again.
    let mut served = 0;
    for _ in 0..40 {
        served = get_from("127.0.0.1", addr, "/api/board");
        if served == 200 {
            break;
        }
        std::thread::sleep(Duration::from_millis(250));
    }
    assert_eq!(served, 200, "the idle connections were closed");
    drop(idle);
}

#[test]
fn idle_connections_from_many_addresses_never_take_the_last_file() {
    // 150 connections that send nothing, from ten addresses, under a limit of 128 open files:
    // the board kept them all and failed every accept ("Too many open files"). Now it keeps
    // what its files allow, lets idle ones go, and serves a newcomer.
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("b.sqlite3").display());
    let board = Binary::start(&["--database", &db], std::process::Stdio::null(), "ulimit -n 128");
    let mut idle = Vec::new();
    for i in 0..150 {
        if let Ok(stream) = connect_from(&format!("127.0.0.{}", 10 + i % 10), board.addr, Duration::from_secs(5)) {
            idle.push(stream);
        }
    }
    assert_eq!(
        get_from("127.0.0.99", board.addr, "/api/board"),
        200,
        "a newcomer is served"
    );
    drop(idle);
}

#[test]
fn a_stopped_board_ends_within_its_grace_whatever_its_clients_do() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("b.sqlite3").display());
    let mut board = Binary::start(&["--database", &db], std::process::Stdio::null(), "");
    // A submission whose body never comes (the board waits 30 s for a body), and an idle one.
    let mut hanging = connect_from("127.0.0.1", board.addr, Duration::from_secs(60)).unwrap();
    write!(
        hanging,
        "POST /api/runs HTTP/1.1\r\nHost: board\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{{\"name\""
    )
    .unwrap();
    let _idle = connect_from("127.0.0.2", board.addr, Duration::from_secs(60)).unwrap();
    std::thread::sleep(Duration::from_millis(300));
    board.terminate();
    let status = board.exited_within(Duration::from_secs(25));
    assert!(
        status.is_some(),
        "the board stops within its grace, not when its clients go"
    );
}

#[test]
fn the_game_s_files_are_streamed_from_inside_their_folder_only() {
    let dir = tempfile::tempdir().unwrap();
    let (web, outside) = (dir.path().join("web"), dir.path().join("outside"));
    std::fs::create_dir_all(&web).unwrap();
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(web.join("index.html"), "<!doctype html><title>Delve</title>").unwrap();
    std::fs::write(outside.join("secret.txt"), "not for the web").unwrap();
    std::os::unix::fs::symlink("../outside/secret.txt", web.join("leak.txt")).unwrap();
    std::os::unix::fs::symlink("../outside", web.join("out")).unwrap();
    let big = vec![7u8; 18 << 20];
    std::fs::write(web.join("big.wasm"), &big).unwrap();
    let fifo = std::process::Command::new("mkfifo")
        .arg(web.join("pipe.js"))
        .status()
        .unwrap();
    assert!(fifo.success());
    let db = format!("sqlite://{}", dir.path().join("b.sqlite3").display());
    let board = Binary::start(
        &[
            "--database",
            &db,
            "--web",
            web.to_str().unwrap(),
            "--reads-per-minute",
            "0",
        ],
        std::process::Stdio::null(),
        "",
    );
    let server = board.server();
    assert_eq!(server.get_text("/").0, 200);
    assert_eq!(server.get_text("/leak.txt"), (404, "not found".into()), "a link out");
    assert_eq!(
        server.get_text("/out/secret.txt").0,
        404,
        "a folder linked from outside"
    );
    assert_eq!(server.get_text("/pipe.js").0, 404, "a FIFO, at once");
    let (status, bytes) = server.get_bytes("/big.wasm");
    assert_eq!((status, bytes.len()), (200, big.len()));
    assert!(bytes == big, "sent whole, piece by piece");

    // A hundred requests for the large file that read nothing: the board keeps a piece of each,
    // not the file (1.6 GB were held before).
    let before = board.resident_kb();
    let unread: Vec<_> = (0..100)
        .filter_map(|i| {
            let mut s = connect_from(&format!("127.0.0.{}", 20 + i % 5), board.addr, Duration::from_secs(5)).ok()?;
            write!(s, "GET /big.wasm HTTP/1.1\r\nHost: board\r\n\r\n").ok()?;
            Some(s)
        })
        .collect();
    assert!(unread.len() >= 100, "{}", unread.len());
    std::thread::sleep(Duration::from_secs(2));
    let grown = board.resident_kb().saturating_sub(before);
    assert!(
        grown < 200 * 1024,
        "the board grew by {grown} kB for 100 unread responses"
    );
    assert_eq!(
        get_from("127.0.0.50", board.addr, "/index.html"),
        200,
        "and serves others"
    );
    drop(unread);

    // The game's files are reads like any other: an address past its share waits.
    let limited = Binary::start(
        &[
            "--database",
            &db,
            "--web",
            web.to_str().unwrap(),
            "--reads-per-minute",
            "20",
        ],
        std::process::Stdio::null(),
        "",
    );
    let statuses: Vec<u16> = (0..4)
        .map(|_| get_from("127.0.0.1", limited.addr, "/index.html"))
        .collect();
    assert_eq!(statuses, [200, 200, 429, 429], "a burst of two, then the rate");
}

/// `bytes` with its commands replaced by `commands` (checkpoints moved to match, by how many
/// commands come before the first: `shift`).
fn with_commands(bytes: &[u8], edit: impl FnOnce(Vec<Command>) -> (Vec<Command>, u32), game: &str) -> Vec<u8> {
    let file = decode_recording(bytes).unwrap();
    let (commands, shift) = edit(file.recording.commands().collect());
    let checkpoints = file
        .recording
        .checkpoints()
        .iter()
        .map(|c| delve_core::run::Checkpoint {
            commands: c.commands + shift,
            ..*c
        })
        .collect();
    let mut end = file.end;
    end.commands += shift;
    RecordingFile {
        game: game.to_owned(),
        recording: Recording::from_parts(commands, checkpoints, file.recording.daily().map(str::to_owned)).unwrap(),
        end,
        ..file
    }
    .to_bytes()
}

/// `bytes` compressed again at another level: the same recording, other bytes.
fn recompressed(bytes: &[u8]) -> Vec<u8> {
    let plain = miniz_oxide::inflate::decompress_to_vec_zlib(&bytes[12..]).unwrap();
    let mut out = bytes[..12].to_vec();
    out.extend(miniz_oxide::deflate::compress_to_vec_zlib(&plain, 1));
    assert_ne!(out, bytes);
    out
}

on_both!(one_game_is_ranked_once_whatever_its_file);
fn one_game_is_ranked_once_whatever_its_file(postgres: bool) {
    let Some(board) = board("one_game", postgres) else {
        return;
    };
    let (seed, original, _) = finished(42, 0);
    let (status, body) = board.submit("Ann", ANN, &original);
    assert_eq!(status, 201, "{body}");
    let id = body["id"].as_i64().unwrap();
    // As the audit made them from the leader's download: recompressed, a sneak begun and ended
    // before the first command, another Delve's name in the file.
    let copies = [
        recompressed(&original),
        with_commands(
            &original,
            |c| {
                let mut more = vec![Command::Sneaking(true), Command::Sneaking(false)];
                more.extend(c);
                (more, 2)
            },
            "0.1.0",
        ),
        with_commands(&original, |c| (c, 0), "9.9.9-mine"),
    ];
    for (i, copy) in copies.iter().enumerate() {
        let (status, body) = board.submit(["Bob", "Carol", "Dave"][i], [BOB, CAROL, BOB][i], copy);
        assert_eq!(status, 409, "copy {i}: {body}");
        let why = body["error"].as_str().unwrap();
        assert!(why.contains(&format!("run {id}")) && why.contains("Ann"), "{why}");
        // And for Ann herself: the same game, counted once.
        let (status, _) = board.submit("Ann", ANN, copy);
        assert_eq!(status, 409, "copy {i} by Ann");
    }
    let entries = board.entries(&format!("/api/seeds/{seed}"));
    assert_eq!(entries.len(), 1, "{entries:?}");
    assert_eq!(entries[0]["attempts"], 1);
    // Another game of the seed is another run.
    let (_, other, _) = finished(seed, 3);
    assert_eq!(board.submit("Bob", BOB, &other).0, 201);
}

on_both!(a_new_name_that_looks_like_a_held_one_is_refused);
fn a_new_name_that_looks_like_a_held_one_is_refused(postgres: bool) {
    let Some(board) = board("alike", postgres) else { return };
    let runs = quick_runs(4_000, 4);
    assert_eq!(board.submit("Alice", ANN, &runs[0]).0, 201);
    for alike in ["Аlice", "Ａｌｉｃｅ", "𝐀lice", "A1ice"] {
        let (status, body) = board.submit(alike, BOB, &runs[1]);
        assert_eq!(status, 409, "{alike}: {body}");
        assert!(
            body["error"].as_str().unwrap().contains("looks like \"Alice\""),
            "{body}"
        );
    }
    for unseen in [
        "Alice\u{2800}",
        "Alice\u{180B}",
        "Alice\u{0600}",
        "Ali\u{2028}ce",
        "Alice\u{13430}",
    ] {
        let (status, body) = board.submit(unseen, BOB, &runs[1]);
        assert_eq!(status, 400, "{unseen:?}: {body}");
    }
    // The holder goes on under any case; other names are other names.
    assert_eq!(board.submit("ALICE", ANN, &runs[1]).0, 201);
    assert_eq!(board.submit("Alicia", BOB, &runs[2]).0, 201);
    let names: Vec<Value> = board
        .entries("/api/seeds/4001")
        .iter()
        .map(|e| e["name"].clone())
        .collect();
    assert_eq!(names, ["Alice"], "one Alice, as she first wrote it");
}

#[test]
fn judging_is_shared_out_by_address() {
    let (url, dir) = database("budget", false).unwrap();
    let config = Config {
        forwarded: true,
        // Each address may replay for a millisecond, and then hardly at all: after its first
        // judging, an address is in debt for the rest of the test.
        judge_budget: Rate {
            burst: 0.001,
            per_minute: 0.001,
        },
        ..test_config()
    };
    let board = start(&url, dir, config);
    let runs = quick_runs(5_000, 12);
    let mut first = Vec::new();
    for (i, bytes) in runs[..8].iter().enumerate() {
        first.push(board.submit_from("10.0.0.1", &format!("Flood{i}"), ANN, bytes));
    }
    let refused: Vec<_> = first.iter().filter(|(s, _)| *s == 429).collect();
    assert!(!refused.is_empty(), "{first:?}");
    assert!(
        refused[0].1["error"].as_str().unwrap().contains("replaying time"),
        "{refused:?}"
    );
    // Another address is judged all the while; a /64 of IPv6 is one address.
    assert_eq!(board.submit_from("10.0.0.2", "Player", BOB, &runs[8]).0, 201);
    assert_eq!(board.submit_from("2001:db8:1:2::1", "Six", CAROL, &runs[9]).0, 201);
    let mut six = Vec::new();
    for (i, bytes) in runs[10..].iter().enumerate() {
        six.push(
            board
                .submit_from(&format!("2001:db8:1:2::{}", 100 + i), "Six", CAROL, bytes)
                .0,
        );
    }
    assert!(six.contains(&429), "the same /64: {six:?}");

    // What a flood of settings flipped asks is refused before a judge is taken.
    let (_, bytes, _) = finished(43, 0);
    let flood = with_commands(
        &bytes,
        |c| {
            let mut more: Vec<Command> = (0..2_000_000)
                .map(|i| Command::Sight(if i % 2 == 0 { 7 } else { 8 }))
                .collect();
            let shift = more.len() as u32;
            more.extend(c);
            (more, shift)
        },
        "0.1.0",
    );
    assert!(flood.len() < 64 * 1024, "a small file: {} bytes", flood.len());
    let (status, body) = board.submit_from("10.0.0.3", "Flipper", ANN, &flood);
    assert_eq!(status, 422, "{body}");
    assert!(body["error"].as_str().unwrap().contains("units of work"), "{body}");
}

#[test]
fn a_database_the_board_cannot_write_is_refused_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("b.sqlite3");
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let url = format!("sqlite://{}", file.display());
        Store::open(&url, 2).await.expect("made");
        let err = Store::open(&format!("{url}?mode=ro"), 2).await.expect_err("read-only");
        assert!(err.contains("cannot be written"), "{err}");
    });
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_delve-board"))
        .args(["--listen", "127.0.0.1:0", "--database"])
        .arg(format!("sqlite://{}?mode=ro", file.display()))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("cannot be written"), "{said}");
}

on_both!(the_framework_s_own_refusals_are_the_board_s_json);
fn the_framework_s_own_refusals_are_the_board_s_json(postgres: bool) {
    let Some(board) = board("framework", postgres) else {
        return;
    };
    for path in [
        "/api/seeds/1?limit=1&limit=2",
        "/api/daily/2026-11-28?offset=1&offset=2",
        "/api/runs/%FF",
        "/api/seeds/%FF%FE",
    ] {
        let mut r = common::client().get(&format!("{}{path}", board.base)).call().unwrap();
        let status = r.status().as_u16();
        let kind = r.headers().get("content-type").unwrap().to_str().unwrap().to_owned();
        let body: Value = r.body_mut().read_json().unwrap_or(Value::Null);
        assert_eq!(status, 400, "{path}: {body}");
        assert!(kind.starts_with("application/json"), "{path}: {kind}");
        assert!(body["error"].is_string(), "{path}: {body}");
    }
    let (status, page) = board.get_text("/board/seed/1?limit=1&limit=2");
    assert_eq!(status, 400);
    assert!(page.contains("<!doctype html>"), "{page}");
    // What HTTP itself refuses, before any route: a head that is not HTTP, one too large.
    let addr: std::net::SocketAddr = board.base.trim_start_matches("http://").parse().unwrap();
    let big = format!(
        "GET /api/board HTTP/1.1\r\nHost: b\r\nX-Big: {}\r\n\r\n",
        "a".repeat(500_000)
    );
    for (request, status) in [
        (
            "GET /api/board HTTP/1.1\r\nHost: b\r\nX-\u{1}: y\r\n\r\n".to_owned(),
            "400",
        ),
        ("GARBAGE\r\n\r\n".to_owned(), "400"),
        (big, "431"),
    ] {
        let mut stream = connect_from("127.0.0.1", addr, Duration::from_secs(30)).unwrap();
        let _ = stream.write_all(request.as_bytes());
        let mut reply = String::new();
        let _ = stream.read_to_string(&mut reply);
        assert!(
            reply.starts_with(&format!("HTTP/1.1 {status} ")),
            "{:?}: {reply}",
            &request[..30]
        );
        assert!(reply.contains("content-type: application/json"), "{reply}");
        let body: Value = serde_json::from_str(reply.split("\r\n\r\n").nth(1).unwrap()).unwrap();
        assert!(body["error"].is_string(), "{reply}");
    }
}

on_both!(a_201_gives_the_name_s_rank);
fn a_201_gives_the_name_s_rank(postgres: bool) {
    let Some(board) = board("rank", postgres) else { return };
    // Three runs of one seed: Ann's best, Bob's, then a worse one of Ann's.
    // (The first seed from 44 whose eight runs end with three scores or more.)
    let by_score = (44..64)
        .map(|seed| {
            let runs: Vec<_> = (0..8).map(|w| quick_run(seed, w)).collect();
            let mut by_score: Vec<_> = runs.iter().map(|(b, r)| (r.score(), b.clone())).collect();
            by_score.sort_by_key(|(s, _)| std::cmp::Reverse(*s));
            by_score.dedup_by_key(|(s, _)| *s);
            by_score
        })
        .find(|by_score| by_score.len() >= 3)
        .expect("three scores");
    assert_eq!(board.submit("Ann", ANN, &by_score[0].1).1["rank"], 1);
    assert_eq!(board.submit("Bob", BOB, &by_score[1].1).1["rank"], 2);
    let (status, body) = board.submit("Ann", ANN, &by_score[2].1);
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["rank"], 1, "Ann's place on the board, not her worse run's: {body}");
}

#[test]
fn the_calendar_s_first_day_links_to_no_day_before_it() {
    let (url, dir) = database("calendar", false).unwrap();
    let board = start(&url, dir, test_config());
    let (status, page) = board.get_text("/board/day/0000-01-01");
    assert_eq!(status, 200);
    assert!(!page.contains("1970-01-01"), "{page}");
    assert!(!page.contains("The day before"), "{page}");
    assert!(page.contains("/board/day/0000-01-02"), "the day after: {page}");
    let today = delve_core::run::Date::from_unix(NOW);
    let (_, page) = board.get_text(&format!("/board/day/{today}"));
    assert!(
        page.contains("The day before") && !page.contains("The day after"),
        "{page}"
    );
}

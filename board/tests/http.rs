//! The board over HTTP, against a real SQLite file and (with `DELVE_BOARD_POSTGRES`) a real
//! PostgreSQL: runs judged by their replay, ranked best first with attempts beside, read back as
//! JSON, pages and recordings; the daily only on its day; crafted submissions refused with
//! their reason, leaving the board as it was; names held by their secret and escaped where
//! shown; floods slowed; a database that goes away a 503, and back, nothing lost.

#[macro_use]
mod common;

use std::time::Duration;

use common::{Server, daily_run, database, finished, played, start, test_config, today};
use delve_board::{MAX_RECORDING, Rate, standard};
use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::rules::Act;
use delve_core::run::{
    Checkpoint, Command, RULES, Recording, Run, RunSpec, daily_challenge, daily_challenge_mode, daily_seed,
};
use delve_core::save::{RecordingFile, decode_recording, verify};
use delve_core::world::{Challenge, Difficulty, Mode};
use serde_json::Value;

const ANN: &str = "ann-secret-0123456789";
const BOB: &str = "bob-secret-0123456789";

fn board(name: &str, postgres: bool) -> Option<Server> {
    let (url, dir) = database(name, postgres)?;
    Some(start(&url, dir, test_config()))
}

on_both!(each_mode_is_ranked_on_a_list_of_its_own);
fn each_mode_is_ranked_on_a_list_of_its_own(postgres: bool) {
    let Some(board) = board("modes", postgres) else { return };
    let seed = 61;
    let hard = Mode::of(Difficulty::Hard);
    let plain = delve_core::save::encode_recording(&played(&RunSpec::seeded(standard(seed)), 0, None)).unwrap();
    let hard_run = played(&RunSpec::seeded(standard(seed)).in_mode(hard), 0, None);
    let hard_bytes = delve_core::save::encode_recording(&hard_run).unwrap();
    // The standard game on its list, the hard run (naming its list) on its own: each first.
    let (status, body) = board.submit("Ann", ANN, &plain);
    assert_eq!((status, body["board"].as_str()), (201, Some("seed:61")), "{body}");
    let (status, body) = board.submit_to("Bob", BOB, &hard_bytes, Some("hard"));
    assert_eq!(status, 201, "{body}");
    assert_eq!(
        (body["board"].as_str(), body["rank"].as_u64(), body["score"].as_u64()),
        (Some("seed:61/hard"), Some(1), Some(hard_run.score()))
    );
    let names = |path: &str| -> Vec<String> {
        board
            .entries(path)
            .iter()
            .map(|e| e["name"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(
        names("/api/seeds/61"),
        ["Ann"],
        "the standard list holds the standard game only"
    );
    assert_eq!(names("/api/seeds/61?mode=hard"), ["Bob"]);
    assert_eq!(
        board.get("/api/seeds/61?mode=hard").1["mode"],
        "hard",
        "the list names its mode"
    );
    assert_eq!(board.get("/api/seeds/61").1["mode"], "normal");
    assert!(names("/api/seeds/61?mode=easy").is_empty());
    let (status, body) = board.get("/api/seeds/61?mode=nightmare");
    assert_eq!(status, 400, "{body}");
    assert!(body["error"].as_str().unwrap().contains("\"nightmare\""), "{body}");
    // The run's facts name its mode.
    let id = board.entries("/api/seeds/61?mode=hard")[0]["id"].as_i64().unwrap();
    assert_eq!(board.get(&format!("/api/runs/{id}")).1["mode"], "hard");
    // A run sent to another mode's list is refused with the reason, and ranked nowhere.
    let again =
        delve_core::save::encode_recording(&played(&RunSpec::seeded(standard(seed)).in_mode(hard), 2, None)).unwrap();
    let (status, body) = board.submit_to("Bob", BOB, &again, Some("normal"));
    assert_eq!(status, 422, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("played as \"hard\" but sent to the list of \"normal\""),
        "{body}"
    );
    let (status, body) = board.submit_to("Bob", BOB, &again, Some("very hard"));
    assert_eq!(status, 400, "{body}");
    assert_eq!(names("/api/seeds/61?mode=hard"), ["Bob"]);
    assert_eq!(board.entries("/api/seeds/61?mode=hard")[0]["attempts"], 1);
    // Today's daily with the challenge of the day: a list of its own, which the day's page names.
    let of_the_day = daily_challenge_mode(today());
    let daily = played(
        &RunSpec::seeded(delve_core::run::daily_params(today())).in_mode(of_the_day),
        0,
        Some(today()),
    );
    let (status, body) = board.submit("Ann", ANN, &delve_core::save::encode_recording(&daily).unwrap());
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["board"], format!("day:{}/{}", today(), of_the_day.name()));
    assert!(
        board.entries(&format!("/api/daily/{}", today())).is_empty(),
        "not on the standard daily"
    );
    let challenge = daily_challenge(today()).name();
    assert_eq!(names(&format!("/api/daily/{}?challenge={challenge}", today())), ["Ann"]);
    assert_eq!(board.get("/api/board").1["challenge_of_the_day"], challenge);
    let (status, page) = board.get_text("/board");
    assert_eq!(status, 200);
    assert!(
        page.contains("(the challenge of the day)") && page.contains(&format!("challenge={challenge}")),
        "{page}"
    );
    let (status, page) = board.get_text("/board/seed/61?mode=hard");
    assert_eq!(status, 200);
    assert!(
        page.contains("The best runs of seed 61 (hard)") && page.contains("Bob"),
        "{page}"
    );
    assert!(
        page.contains("href=\"/board/seed/61\"") && !page.contains("Ann"),
        "a link to the standard list: {page}"
    );
}

on_both!(runs_are_judged_ranked_and_read_back);
fn runs_are_judged_ranked_and_read_back(postgres: bool) {
    let Some(board) = board("ranked", postgres) else { return };
    let (seed, first, run) = finished(40, 0);
    let (status, body) = board.submit("Ann", ANN, &first);
    assert_eq!(status, 201, "{body}");
    assert_eq!(
        body["score"].as_u64(),
        Some(run.score()),
        "the board's own score is the game's"
    );
    assert_eq!(body["rank"], 1);
    let ann_first = body["id"].as_i64().unwrap();

    // Another run of the same seed by Ann, and one by Bob.
    let second = played(&RunSpec::seeded(standard(seed)), 3, None);
    let second_bytes = delve_core::save::encode_recording(&second).unwrap();
    let (status, body) = board.submit("ann", ANN, &second_bytes);
    assert_eq!(
        status, 201,
        "the name is one whatever its case, held by its secret: {body}"
    );
    let bob_run = played(&RunSpec::seeded(standard(seed)), 7, None);
    let (status, body) = board.submit("Bob", BOB, &delve_core::save::encode_recording(&bob_run).unwrap());
    assert_eq!(status, 201, "{body}");

    let entries = board.entries(&format!("/api/seeds/{seed}"));
    assert_eq!(entries.len(), 2, "one entry a name: {entries:?}");
    let ann = entries
        .iter()
        .find(|e| e["name"] == "Ann")
        .expect("Ann, as first written");
    assert_eq!(ann["attempts"], 2);
    let best = run.score().max(second.score());
    assert_eq!(ann["score"].as_u64(), Some(best), "Ann's best of her two");
    let scores: Vec<u64> = entries.iter().map(|e| e["score"].as_u64().unwrap()).collect();
    assert!(scores[0] >= scores[1], "best first: {scores:?}");
    for (i, e) in entries.iter().enumerate() {
        assert_eq!(e["rank"].as_u64(), Some(i as u64 + 1));
        for field in ["rank", "name", "score", "depth", "outcome", "turns", "attempts", "id"] {
            assert!(!e[field].is_null(), "{field} in {e}");
        }
        assert!(["died", "won"].contains(&e["outcome"].as_str().unwrap()));
    }

    // The recording comes back as it was sent, and verifies.
    let (status, bytes) = board.get_bytes(&format!("/api/runs/{ann_first}/recording"));
    assert_eq!(status, 200);
    assert_eq!(bytes, first);
    let (verdict, _) = verify(&bytes).unwrap();
    assert!(verdict.ok());
    let (status, facts) = board.get(&format!("/api/runs/{ann_first}"));
    assert_eq!(status, 200);
    assert_eq!(facts["seed"], seed.to_string());
    assert_eq!(facts["hash"], format!("{:016x}", verdict.hash));

    // The page shows the same, with links to watch and download.
    let (status, page) = board.get_text(&format!("/board/seed/{seed}"));
    assert_eq!(status, 200);
    let ann_id = ann["id"].as_i64().unwrap();
    assert!(
        page.contains("<caption>") && page.contains(&format!("/api/runs/{ann_id}/recording")),
        "{page}"
    );
    assert!(page.contains("scope=\"col\""), "column headers for screen readers");

    // Reading what is not there.
    assert_eq!(board.get("/api/runs/999999/recording").0, 404);
    assert_eq!(board.get("/api/runs/abc").0, 400);
    assert_eq!(board.get("/api/seeds/-1").0, 400);
    assert_eq!(board.get("/api/daily/2026-02-30").0, 400);
    assert_eq!(board.get("/api/nothing").0, 404);
    for bad in [
        "/api/seeds/1?limit=lots",
        "/api/seeds/1?offset=-3",
        "/board/seed/1?limit=x",
    ] {
        assert_eq!(board.get_text(bad).0, 400, "{bad}");
    }
    let (status, body) = board.get("/api/runs");
    assert_eq!(status, 405);
    assert!(body["error"].is_string(), "a JSON error: {body}");
    assert_eq!(board.entries(&format!("/api/seeds/{seed}?limit=1")).len(), 1);
    assert_eq!(board.entries(&format!("/api/seeds/{seed}?offset=1"))[0]["rank"], 2);
    assert!(board.entries("/api/seeds/12345678").is_empty());
}

on_both!(the_daily_is_ranked_only_on_its_day);
fn the_daily_is_ranked_only_on_its_day(postgres: bool) {
    let Some(board) = board("daily", postgres) else { return };
    let date = today();
    let (bytes, run) = daily_run(date, 0);
    let (status, body) = board.submit("Cleo", ANN, &bytes);
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["board"], format!("day:{date}"));
    let day = board.entries(&format!("/api/daily/{date}"));
    assert_eq!(day.len(), 1);
    assert_eq!(day[0]["score"].as_u64(), Some(run.score()));
    assert_eq!(day[0]["turns"].as_u64(), Some(run.turn()));
    // The daily's seed is a seed like any: its board has the run too.
    assert_eq!(board.entries(&format!("/api/seeds/{}", daily_seed(date))).len(), 1);
    let (_, page) = board.get_text("/board");
    assert!(
        page.contains("Cleo") && page.contains("practise"),
        "today's page: {page}"
    );

    // Yesterday's daily, submitted today, is refused by name.
    let yesterday = delve_core::run::Date::from_unix(common::NOW - 86_400);
    let (old, _) = daily_run(yesterday, 0);
    let (status, body) = board.submit("Cleo", ANN, &old);
    assert_eq!(status, 422);
    assert!(body["error"].as_str().unwrap().contains("not today's daily"), "{body}");
    assert!(board.entries(&format!("/api/daily/{yesterday}")).is_empty());

    // Today's daily raced against Cleo's ghost: ranked apart, on the day's raced list.
    let raced = (1..20)
        .map(|waits| {
            let mut run = RunSpec::seeded(delve_core::run::daily_params(date))
                .begin()
                .unwrap()
                .with_sight(delve_core::fov::DEFAULT_RADIUS);
            run.mark_daily(&date.to_string());
            run.race(delve_core::save::digest(&bytes));
            for _ in 0..waits {
                run.play(Act::Wait).unwrap();
            }
            delve_core::bot::Bot::player().play_until(&mut run, 30_000);
            run
        })
        .find(Run::is_over)
        .expect("a raced run that ends");
    let (status, body) = board.submit("Dora", BOB, &delve_core::save::encode_recording(&raced).unwrap());
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["board"], format!("raced:day:{date}"));
    let main: Vec<String> = board
        .entries(&format!("/api/daily/{date}"))
        .iter()
        .map(|e| e["name"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(main, ["Cleo"], "the main list keeps the runs of their own");
    let apart = board.entries(&format!("/api/daily/{date}?raced=1"));
    assert_eq!(apart.len(), 1);
    assert_eq!(apart[0]["name"], "Dora");
    assert_eq!(
        board.entries(&format!("/api/seeds/{}?raced=1", daily_seed(date))).len(),
        1
    );
    let (_, page) = board.get_text("/board");
    assert!(
        page.contains("raced against a ghost (ranked apart)") && !page.contains("Dora"),
        "{page}"
    );
    let (_, page) = board.get_text("/board?raced=1");
    assert!(
        page.contains("Dora") && page.contains("raced against a ghost"),
        "{page}"
    );
    let (status, _) = board.get_text(&format!("/api/daily/{date}?raced=maybe"));
    assert_eq!(status, 400);
}

/// `file` with its commands, checkpoints and end replaced.
fn with(file: &RecordingFile, commands: Vec<Command>, checkpoints: Vec<Checkpoint>, end: Checkpoint) -> Vec<u8> {
    RecordingFile {
        recording: Recording::from_parts(commands, checkpoints, None).unwrap(),
        end,
        ..file.clone()
    }
    .to_bytes()
}

/// Everything the board holds, as its reads show it.
fn snapshot(board: &Server, seeds: &[u64]) -> Vec<Value> {
    let mut all: Vec<Value> = seeds
        .iter()
        .flat_map(|s| board.entries(&format!("/api/seeds/{s}")))
        .collect();
    all.extend(board.entries(&format!("/api/daily/{}", today())));
    all
}

on_both!(crafted_submissions_are_refused_and_leave_the_board_unchanged);
fn crafted_submissions_are_refused_and_leave_the_board_unchanged(postgres: bool) {
    let Some(board) = board("crafted", postgres) else {
        return;
    };
    let (seed, good, run) = finished(60, 0);
    assert_eq!(board.submit("Dan", ANN, &good).0, 201);
    let file = decode_recording(&good).unwrap();
    let commands: Vec<Command> = file.recording.commands().collect();
    let checkpoints = file.recording.checkpoints().to_vec();
    let before = snapshot(&board, &[seed]);

    let mut crafted: Vec<(&str, Vec<u8>, &str)> = Vec::new();
    crafted.push(("garbage", b"this is not a recording".to_vec(), "cannot be replayed"));
    crafted.push(("cut short", good[..good.len() / 2].to_vec(), "cannot be replayed"));
    let mut trailing = good.clone();
    trailing.extend(b"and more");
    crafted.push(("bytes after its end", trailing, "after its end"));
    // Four million waits with the farthest sight at 1024x1024: a small file that would replay
    // for minutes, refused before it starts.
    let mut flood = vec![Command::Sight(100)];
    flood.extend(std::iter::repeat_n(Command::Act(Act::Wait), 3_999_999));
    let flood_file = RecordingFile {
        spec: RunSpec::seeded(GenParams::new(seed, 1024, 1024, CorridorStyle::Mixed)),
        ..file.clone()
    };
    let flood_end = Checkpoint {
        commands: flood.len() as u32,
        turn: 4_000_000,
        hash: 0,
    };
    crafted.push((
        "a command flood at 1024x1024",
        with(&flood_file, flood, Vec::new(), flood_end),
        "more than any run asks",
    ));
    // The same commands claiming another end: a desync at the end.
    let lie = Checkpoint {
        hash: file.end.hash ^ 1,
        ..file.end
    };
    crafted.push((
        "another end",
        with(&file, commands.clone(), checkpoints.clone(), lie),
        "does not replay",
    ));
    // A move after the player's death: a command no player could give.
    let mut after = commands.clone();
    after.push(Command::Act(Act::Wait));
    let end = Checkpoint {
        commands: after.len() as u32,
        ..file.end
    };
    crafted.push((
        "after the end",
        with(&file, after, checkpoints.clone(), end),
        "does not replay",
    ));
    // Another rules version.
    crafted.push((
        "other rules",
        RecordingFile {
            rules: RULES - 1,
            ..file.clone()
        }
        .to_bytes(),
        "rules",
    ));
    // Not over: a few turns.
    let mut early = RunSpec::seeded(standard(seed))
        .begin()
        .unwrap()
        .with_sight(delve_core::fov::DEFAULT_RADIUS);
    early.play(Act::Wait).unwrap();
    crafted.push((
        "not over",
        delve_core::save::encode_recording(&early).unwrap(),
        "not over",
    ));
    // Not the standard game: bigger, from level 3, without monsters, farther sight.
    for (what, spec, says) in [
        (
            "bigger",
            RunSpec::seeded(GenParams::new(seed, 100, 60, CorridorStyle::Mixed)),
            "standard game",
        ),
        ("deeper", RunSpec::seeded(standard(seed).at_depth(3)), "standard game"),
        (
            "peaceful",
            RunSpec::Seeded {
                params: standard(seed),
                peaceful: true,
                mode: delve_core::world::Mode::STANDARD,
            },
            "without monsters",
        ),
    ] {
        let mut run = spec.begin().unwrap().with_sight(8);
        run.play(Act::Wait).unwrap();
        crafted.push((what, delve_core::save::encode_recording(&run).unwrap(), says));
    }
    let mut far = RunSpec::seeded(standard(seed)).begin().unwrap().with_sight(8);
    far.set_sight_radius(40);
    far.play(Act::Wait).unwrap();
    crafted.push((
        "far sight",
        delve_core::save::encode_recording(&far).unwrap(),
        "seeing 40",
    ));
    // Not today's daily: a daily of another day.
    let (other_day, _) = daily_run(delve_core::run::Date::parse("2026-01-01").unwrap(), 0);
    crafted.push(("another day's daily", other_day, "not today's daily"));
    // Today's daily played with another challenge than the day's.
    let other = Challenge::ALL
        .into_iter()
        .find(|&c| c != daily_challenge(today()))
        .unwrap();
    let mut daily_other = RunSpec::seeded(delve_core::run::daily_params(today()))
        .in_mode(Mode::STANDARD.with(other))
        .begin()
        .unwrap()
        .with_sight(8);
    daily_other.mark_daily(&today().to_string());
    daily_other.play(Act::Wait).unwrap();
    crafted.push((
        "a daily with another challenge",
        delve_core::save::encode_recording(&daily_other).unwrap(),
        "challenge of the day",
    ));
    // A branch: the good run taken over half-way through its replay and played on by the bot.
    let (mut branch, mut replay) = delve_core::run::Replay::begin(&file.spec, &file.recording, None).unwrap();
    while replay.played() < file.recording.len() / 2 {
        replay.step(&mut branch).unwrap();
    }
    branch.take_over(delve_core::save::digest(&good));
    delve_core::bot::Bot::player().play_until(&mut branch, u64::MAX);
    crafted.push((
        "a branch",
        delve_core::save::encode_recording(&branch).unwrap(),
        "ranks no branch",
    ));
    // A million waits at 80x50: within the work bound, but more time than the board gives.
    let mut waits = vec![Command::Act(Act::Wait); 1_000_000];
    waits.insert(0, Command::Act(Act::Wait));
    let waits_end = Checkpoint {
        commands: waits.len() as u32,
        turn: waits.len() as u64,
        hash: 0,
    };
    crafted.push(("a million waits", with(&file, waits, Vec::new(), waits_end), ""));

    for (what, bytes, says) in &crafted {
        let (status, body) = board.submit("Eve", BOB, bytes);
        assert!(status == 422 || status == 400, "{what}: {status} {body}");
        let error = body["error"].as_str().unwrap_or_default();
        assert!(error.contains(says), "{what}: {error}");
    }

    // Bodies that are not submissions.
    for (what, body, status) in [
        ("not JSON", b"{{{".to_vec(), 400),
        (
            "no recording",
            br#"{"name":"Eve","secret":"bob-secret-0123456789"}"#.to_vec(),
            400,
        ),
        (
            "not base64",
            br#"{"name":"Eve","secret":"bob-secret-0123456789","recording":"!!!"}"#.to_vec(),
            400,
        ),
    ] {
        let (got, reply) = board.post_raw(&body);
        assert_eq!(got, status, "{what}: {reply}");
        assert!(reply["error"].is_string(), "{what}: a JSON error: {reply}");
    }
    // A huge body is refused from its length, before it is read.
    let (status, reply) = board.post_declaring(MAX_RECORDING * 2);
    assert_eq!(status, 413, "{reply}");
    assert!(reply.contains("\"error\""), "a JSON error: {reply}");
    // Garbage names and secrets.
    let long = "n".repeat(200);
    for name in ["", " Eve", "Eve\u{0007}", "E\u{202E}ve", long.as_str(), "---"] {
        let (status, body) = board.submit(name, BOB, &good);
        assert_eq!(status, 400, "{name:?}: {body}");
    }
    for secret in ["short", "has spaces in it, many", &"x".repeat(300)] {
        assert_eq!(board.submit("Eve", secret, &good).0, 400, "{secret:?}");
    }
    // The same run twice (under any name), and a claimed name without its secret.
    let (status, body) = board.submit("Dan", ANN, &good);
    assert_eq!(status, 409, "{body}");
    assert!(body["error"].as_str().unwrap().contains("already"));
    assert_eq!(board.submit("Fay", BOB, &good).0, 409);
    let other = played(&RunSpec::seeded(standard(seed)), 5, None);
    let (status, body) = board.submit("DAN", BOB, &delve_core::save::encode_recording(&other).unwrap());
    assert_eq!(status, 409, "{body}");
    assert!(body["error"].as_str().unwrap().contains("held"));

    assert_eq!(snapshot(&board, &[seed]), before, "the board is as it was");
    assert_eq!(board.entries(&format!("/api/seeds/{seed}"))[0]["attempts"], 1);
    let _ = run;
}

on_both!(names_are_escaped_wherever_shown);
fn names_are_escaped_wherever_shown(postgres: bool) {
    let Some(board) = board("escaped", postgres) else {
        return;
    };
    let (seed, bytes, _) = finished(80, 0);
    let name = "<b>Zed</b>&\"'";
    let (status, body) = board.submit(name, ANN, &bytes);
    assert_eq!(status, 201, "{body}");
    let (_, page) = board.get_text(&format!("/board/seed/{seed}"));
    assert!(!page.contains("<b>Zed"), "raw HTML on the page");
    assert!(page.contains("&lt;b&gt;Zed&lt;/b&gt;&amp;&quot;&#39;"), "{page}");
    assert_eq!(
        board.entries(&format!("/api/seeds/{seed}"))[0]["name"],
        name,
        "JSON keeps it as written"
    );
}

#[test]
fn a_replay_over_its_time_is_refused() {
    let (url, dir) = database("slow", false).unwrap();
    let mut config = test_config();
    config.replay_limit = Duration::from_nanos(1);
    let board = start(&url, dir, config);
    let (_, bytes, _) = finished(40, 0);
    let (status, body) = board.submit("Hal", ANN, &bytes);
    assert_eq!(status, 422, "{body}");
    assert!(body["error"].as_str().unwrap().contains("to replay"), "{body}");
}

#[test]
fn floods_from_one_address_are_slowed() {
    let (url, dir) = database("flood", false).unwrap();
    let mut config = test_config();
    config.submit_rate = Rate {
        burst: 3.0,
        per_minute: 2.0,
    };
    config.read_rate = Rate {
        burst: 20.0,
        per_minute: 60.0,
    };
    let board = start(&url, dir, config);
    for _ in 0..3 {
        assert_eq!(board.post_raw(b"{}").0, 400);
    }
    let mut r = common::client()
        .post(&format!("{}/api/runs", board.base))
        .send(&b"{}"[..])
        .unwrap();
    assert_eq!(r.status().as_u16(), 429);
    let wait: u64 = r.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=30).contains(&wait), "{wait}");
    let body: Value = r.body_mut().read_json().unwrap();
    assert!(body["error"].as_str().unwrap().contains("too many"));
    let statuses: Vec<u16> = (0..25).map(|_| board.get("/api/seeds/1").0).collect();
    assert_eq!(statuses.iter().filter(|&&s| s == 200).count(), 20, "{statuses:?}");
    assert_eq!(statuses.last(), Some(&429));
}

#[test]
fn the_real_binary_serves_on_the_address_it_prints() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("b.sqlite3").display());
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_delve-board"))
        .args(["--listen", "127.0.0.1:0", "--database", &db])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufRead::read_line(&mut std::io::BufReader::new(child.stdout.take().unwrap()), &mut line).unwrap();
    let addr = line.trim().strip_prefix("listening on ").expect(&line).to_owned();
    let server = Server::at(format!("http://{addr}"));
    let (status, about) = server.get("/api/board");
    assert_eq!(status, 200);
    assert_eq!(about["rules"], RULES);
    let (_, page) = server.get_text("/");
    assert!(
        page.contains("<table>") || page.contains("No runs yet"),
        "/ leads to the board"
    );
    let _ = child.kill();
    let _ = child.wait();

    // Bad options: exit 2, a sentence.
    for args in [&["--database", "mysql://x"][..], &["--listen", "nowhere"][..]] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_delve-board"))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty());
    }
}

#[test]
fn a_database_that_goes_away_is_a_503_and_nothing_is_lost() {
    // A PostgreSQL of this test's own (the others' go on), stopped and started by the script.
    if database("down", true).is_none() {
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/postgres.sh");
    let dir = tempfile::tempdir().unwrap();
    let pg_dir = dir.path().join("pg");
    let pg = |what: &str| {
        let out = std::process::Command::new("bash")
            .args([script, what])
            .env("DELVE_PG_DIR", &pg_dir)
            .env("DELVE_PG_PORT", "55433")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{script} {what}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).trim().to_owned()
    };
    if std::process::Command::new("id")
        .arg("-u")
        .output()
        .unwrap()
        .stdout
        .starts_with(b"0\n")
    {
        // As root the cluster runs as `postgres`, who must reach its folder.
        std::process::Command::new("chmod")
            .args(["755", dir.path().to_str().unwrap()])
            .status()
            .unwrap();
    }
    pg("start");
    let board = start(&pg("url"), None, test_config());
    let (seed, first, _) = finished(100, 0);
    assert_eq!(board.submit("Gus", ANN, &first).0, 201);
    pg("stop");
    let second = delve_core::save::encode_recording(&played(&RunSpec::seeded(standard(seed)), 2, None)).unwrap();
    let (status, body) = board.submit("Gus", ANN, &second);
    let (read, _) = board.get(&format!("/api/seeds/{seed}"));
    pg("start");
    assert_eq!(status, 503, "{body}");
    assert!(body["error"].as_str().unwrap().contains("database"));
    assert_eq!(read, 503);
    // Back: what was stored is there, and the refused run can be sent again.
    let mut tries = 0;
    let entries = loop {
        let (status, body) = board.get(&format!("/api/seeds/{seed}"));
        if status == 200 {
            break body["entries"].as_array().unwrap().clone();
        }
        tries += 1;
        assert!(tries < 60, "the board recovers: {status} {body}");
        std::thread::sleep(Duration::from_millis(500));
    };
    assert_eq!(entries.len(), 1);
    assert_eq!(board.submit("Gus", ANN, &second).0, 201);
    assert_eq!(board.entries(&format!("/api/seeds/{seed}"))[0]["attempts"], 2);
    pg("remove");
}

//! Saves: a run saved and loaded is the same game (state hash, and the same commands after it);
//! a save survives the process being killed while writing it, and a game killed in play (SIGTERM,
//! SIGHUP, SIGKILL) loses no turn it showed; a bad save (fuzzed, cut short, another version,
//! empty, a directory, unwritable) is named and kept, never lost or a panic; every run has its own
//! save, held by one Delve at a time; the game saves after every turn and on quitting, and a
//! failed save is said, marked and tried again; the end of a run (save removed, history kept,
//! even when quitting in the same frame); settings that survive a restart, merge with another
//! Delve's, or are set aside.

use bevy::prelude::*;
mod support;

use delve::action::Action;
use delve::actor::Player;
use delve::app::{Launch, headless_app, headless_app_with, headless_resume};
use delve::player::command::PlayerCommand;
use delve::save::{self, RunId, SaveSlot, SaveStore, Slot, Store, Taken};
use delve::settings::{Binding, Layout, Settings};
use delve::state::GameState;
use delve::turn::Game;
use delve::turn::game_state_hash;
use delve_core::dungeon::Dungeon;
use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::geom::Dir8;
use delve_core::geom::Pos;
use delve_core::map::parse_ascii;
use delve_core::rng::GenRng;
use delve_core::run::Run;
use delve_core::save::{History, format, parse_run};
use delve_core::world::{Kind, Mind, Monster, PATIENCE};
use leafwing_input_manager::prelude::InputMap;
use support::{act, message, state};

/// A command drawn from `rng`: mostly steps, some waits, closing doors and stairs.
fn random_command(rng: &mut GenRng) -> PlayerCommand {
    match rng.below(20) {
        0 => PlayerCommand::Wait,
        1 => PlayerCommand::CloseDoor,
        2 => PlayerCommand::Descend,
        3 => PlayerCommand::Ascend,
        _ => PlayerCommand::Step(Dir8::ALL[rng.below(8) as usize]),
    }
}

/// A run of `seed` begun on `depth`, with two other levels already made (so a save holds several).
fn dungeon(seed: u64, depth: u32) -> Dungeon {
    let mut d = Dungeon::new(GenParams::new(seed, 60, 40, CorridorStyle::Mixed).at_depth(depth)).unwrap();
    for other in [depth % 10 + 1, (depth + 4) % 10 + 1] {
        d.go_to(other).unwrap();
    }
    d.go_to(depth).unwrap();
    d
}

fn hash(app: &mut App) -> u64 {
    game_state_hash(app.world()).expect("a run is being played")
}

#[test]
fn a_loaded_run_is_the_same_game() {
    for seed in [3, 17, 4242] {
        for depth in [1, 5, 10] {
            let mut rng = GenRng::new(seed * 31 + u64::from(depth));
            let mut a = headless_app(dungeon(seed, depth));
            for _ in 0..rng.range(20, 120) {
                act(&mut a, random_command(&mut rng));
            }
            if state(&a) != GameState::Playing {
                continue; // killed before the save: nothing to save
            }
            let saved = save::capture(a.world()).unwrap();
            let bytes = format::encode(&saved);
            let run = parse_run(&bytes).unwrap();
            let mut b = headless_resume(run);
            assert_eq!(
                hash(&mut a),
                hash(&mut b),
                "seed {seed} depth {depth}: state hash after loading"
            );
            assert_eq!(
                save::capture(b.world()).unwrap(),
                saved,
                "seed {seed} depth {depth}: the loaded run saves as it was saved (memory and log too)"
            );
            for i in 0..150 {
                let command = random_command(&mut rng);
                act(&mut a, command);
                act(&mut b, command);
                if state(&a) != GameState::Playing {
                    assert_eq!(state(&b), state(&a));
                    break;
                }
                assert_eq!(
                    hash(&mut a),
                    hash(&mut b),
                    "seed {seed} depth {depth}: command {i} after loading"
                );
            }
        }
    }
}

/// A big run to save (256x256, three levels): its write takes long enough to be interrupted.
fn big_save(turn: u64) -> Vec<u8> {
    let mut app = headless_app(
        Dungeon::new(GenParams::new(5, 256, 256, CorridorStyle::Mixed))
            .unwrap()
            .peaceful(),
    );
    app.world_mut().resource_mut::<Game>().set_turn(turn);
    format::encode(&save::capture(app.world()).unwrap())
}

/// This test binary again, running only the ignored test `name` (a child's part of a test that
/// kills it), with `env` set and its output piped back.
fn spawn_child(name: &str, env: &[(&str, String)]) -> std::process::Child {
    spawn_child_ignoring(name, env, &[])
}

/// `spawn_child`, the child started with `ignored` signals ignored and the others Delve handles
/// at their defaults, whatever this test process was started with (a shell's background job
/// ignores SIGINT, `nohup` SIGHUP: once, a test run so made the child die of SIGTERM).
#[allow(
    unsafe_code,
    reason = "a child's signal dispositions are set between fork and exec through libc"
)]
fn spawn_child_ignoring(name: &str, env: &[(&str, String)], ignored: &'static [libc::c_int]) -> std::process::Child {
    use std::os::unix::process::CommandExt;
    let mut command = std::process::Command::new(std::env::current_exe().unwrap());
    // SAFETY: between fork and exec only `signal` is called, which is async-signal-safe.
    unsafe {
        command.pre_exec(move || {
            for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
                let disposition = if ignored.contains(&signal) {
                    libc::SIG_IGN
                } else {
                    libc::SIG_DFL
                };
                libc::signal(signal, disposition);
            }
            Ok(())
        });
    }
    command.args([name, "--exact", "--ignored", "--test-threads=1", "--nocapture"]);
    for (key, value) in env {
        command.env(key, value);
    }
    command
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap()
}

/// The child of `a_save_survives_being_killed_while_written`: saves again and again, each save a
/// turn later, until it is killed.
#[test]
#[ignore = "run by a_save_survives_being_killed_while_written in a child process"]
fn crash_child_saves_forever() {
    let Ok(dir) = std::env::var("DELVE_CRASH_DIR") else {
        return;
    };
    let store = Store::Dir(dir.into());
    let start: u64 = std::env::var("DELVE_CRASH_TURN").unwrap().parse().unwrap();
    let template = format::decode(&big_save(0)).unwrap();
    for turn in start.. {
        let mut run = template.clone();
        run.turn = turn;
        store.write(Slot::Run(RunId(1)), &format::encode(&run)).unwrap();
        // Each save, once whole on disk, is told to the parent (which kills on its own count).
        println!("saved {turn}");
    }
}

#[test]
fn a_save_survives_being_killed_while_written() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    store.write(Slot::Run(RunId(1)), &big_save(1)).unwrap();
    let mut last_turn = 1;
    let mut rng = GenRng::new(99);
    for round in 0..12 {
        let mut child = spawn_child(
            "crash_child_saves_forever",
            &[
                ("DELVE_CRASH_DIR", dir.path().display().to_string()),
                ("DELVE_CRASH_TURN", (last_turn + 1).to_string()),
            ],
        );
        // Killed after a random number of whole saves (counted from what the child says, not
        // guessed from a clock), then a random moment into the next one.
        let saves = 1 + rng.below(4) as usize;
        // The pipe stays open until the child is dead: it must not die of writing to it.
        let mut said = std::io::BufRead::lines(std::io::BufReader::new(child.stdout.take().unwrap()));
        let whole = said
            .by_ref()
            .map_while(Result::ok)
            .filter(|line| line.starts_with("saved "))
            .take(saves)
            .count();
        assert_eq!(whole, saves, "round {round}: the child saved");
        std::thread::sleep(std::time::Duration::from_micros(u64::from(rng.below(20_000))));
        child.kill().unwrap();
        child.wait().unwrap();
        drop(said);
        let bytes = store
            .read(Slot::Run(RunId(1)))
            .unwrap()
            .expect("the save is never gone");
        let run = parse_run(&bytes).unwrap_or_else(|e| panic!("round {round}: the save is whole: {e}"));
        assert!(run.turn() >= last_turn, "round {round}: the old run or a newer one");
        last_turn = run.turn();
    }
    assert!(last_turn > 1, "the children did save");
}

fn valid_save() -> Vec<u8> {
    let mut app = headless_app(dungeon(8, 2));
    let mut rng = GenRng::new(8);
    for _ in 0..30 {
        act(&mut app, random_command(&mut rng));
    }
    format::encode(&save::capture(app.world()).unwrap())
}

#[test]
fn bad_bytes_are_named_never_a_panic() {
    let good = valid_save();
    assert!(parse_run(&good).is_ok());
    let mut rng = GenRng::new(1);
    // Random bytes, with and without a good header.
    for i in 0..400 {
        let len = rng.below(600) as usize;
        let mut bytes: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
        if i % 2 == 0 {
            bytes.splice(0..0, good[..format::HEADER].iter().copied());
        }
        assert!(parse_run(&bytes).is_err(), "random bytes are no save");
    }
    // A bit flipped anywhere along the file: caught, or (a padding bit deflate never reads)
    // the very same run: never a different one.
    let run = format::decode(&good).unwrap();
    let mut caught = 0;
    for i in (0..good.len()).step_by((good.len() / 300).max(1)) {
        let mut bytes = good.clone();
        bytes[i] ^= 1 << rng.below(8);
        match format::decode(&bytes) {
            Err(e) => {
                assert!(!e.to_string().is_empty());
                caught += 1;
            }
            Ok(same) => assert!(same == run, "byte {i}: a flipped bit never makes another run"),
        }
    }
    assert!(caught > 250, "{caught} flips caught");
    // Cut short anywhere.
    for len in (0..good.len()).step_by((good.len() / 300).max(1)) {
        let e = parse_run(&good[..len]).expect_err("a cut save is caught");
        if len == 0 {
            assert!(e.contains("empty"), "{e}");
        } else if len < format::HEADER {
            assert!(e.contains("cut short"), "{e}");
        }
    }
    // Another version.
    let mut other = good.clone();
    other[format::HEADER - 4..format::HEADER].copy_from_slice(&(format::FORMAT + 1).to_le_bytes());
    let e = parse_run(&other).unwrap_err();
    assert!(
        e.contains("another version") && e.contains(&format!("format {}", format::FORMAT + 1)),
        "{e}"
    );
    // The run itself mangled (past the checksum): decoded runs that do not fit are refused,
    // and any that do fit play without a panic.
    let (payload, levels) = format::parts_of(&good).unwrap();
    let mut played = 0;
    for _ in 0..300 {
        let mut bytes = payload.clone();
        for _ in 0..1 + rng.below(3) {
            let i = rng.below(bytes.len() as u32) as usize;
            bytes[i] = rng.below(256) as u8;
        }
        let Ok(saved) = format::decode(&format::from_parts(&bytes, &levels)) else {
            continue;
        };
        let Ok(run) = saved.restore() else { continue };
        let mut app = headless_resume(run);
        for _ in 0..5 {
            act(&mut app, random_command(&mut rng));
        }
        played += 1;
    }
    assert!(played > 0, "some mangled runs still fit together and were played");
}

/// The child of `a_game_killed_in_play_loses_no_turn_it_showed`: plays a peaceful run with
/// Delve's signal handling, saying each turn once the frame that played it is over, and how it
/// stopped when a signal made it quit.
#[test]
#[ignore = "run by a_game_killed_in_play_loses_no_turn_it_showed in a child process"]
fn play_child_plays_until_stopped() {
    let Ok(dir) = std::env::var("DELVE_PLAY_DIR") else {
        return;
    };
    let seed: u64 = std::env::var("DELVE_PLAY_SEED").unwrap().parse().unwrap();
    save::signals::install();
    let store = Store::Dir(dir.into());
    let d = Dungeon::new(GenParams::new(seed, 80, 50, CorridorStyle::Mixed))
        .unwrap()
        .peaceful();
    let mut app = headless_app_with(Run::new(d), |app| {
        app.insert_resource(SaveStore(store));
    });
    let mut rng = GenRng::new(seed);
    loop {
        let command = match rng.below(10) {
            0 => PlayerCommand::Wait,
            1 => PlayerCommand::Descend,
            _ => PlayerCommand::Step(Dir8::ALL[rng.below(8) as usize]),
        };
        act(&mut app, command);
        let turn = app.world().resource::<Game>().turn();
        if app.should_exit().is_some() {
            println!("quit {turn}");
            return;
        }
        println!("played {turn}");
    }
}

#[test]
fn a_game_killed_in_play_loses_no_turn_it_showed() {
    let mut rng = GenRng::new(2026);
    for (round, signal) in ["TERM", "HUP", "INT", "KILL", "TERM", "KILL", "HUP", "KILL"]
        .iter()
        .enumerate()
    {
        let dir = tempfile::tempdir().unwrap();
        let mut child = spawn_child(
            "play_child_plays_until_stopped",
            &[
                ("DELVE_PLAY_DIR", dir.path().display().to_string()),
                ("DELVE_PLAY_SEED", (round + 1).to_string()),
            ],
        );
        let mut said = std::io::BufRead::lines(std::io::BufReader::new(child.stdout.take().unwrap()));
        // After some turns (counted from what the child says), a random moment into the next.
        let turns = 5 + rng.below(60) as usize;
        let mut shown = 0;
        let played = said
            .by_ref()
            .map_while(Result::ok)
            .filter_map(|l| l.strip_prefix("played ")?.parse().ok());
        for turn in played.take(turns) {
            shown = turn;
        }
        std::thread::sleep(std::time::Duration::from_micros(u64::from(rng.below(5_000))));
        let sent = std::process::Command::new("kill")
            .args(["-s", signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success(), "kill -s {signal}");
        // Everything it said before it stopped, to the end.
        let rest: Vec<String> = said.map_while(Result::ok).collect();
        let status = child.wait().unwrap();
        for line in &rest {
            if let Some(turn) = line.strip_prefix("played ") {
                shown = turn.parse().unwrap();
            }
        }
        let store = Store::Dir(dir.path().to_owned());
        let (_, bytes) = only_save(&store);
        let saved = parse_run(&bytes)
            .unwrap_or_else(|e| panic!("round {round} ({signal}): {e}"))
            .turn();
        if *signal == "KILL" {
            assert!(
                saved >= shown,
                "round {round}: SIGKILL after turn {shown} was shown, saved {saved}"
            );
        } else {
            // Quit as Ctrl+Q does: the last turn played is saved, and it said so.
            let quit: u64 = rest
                .iter()
                .find_map(|l| l.strip_prefix("quit "))
                .unwrap_or_else(|| panic!("round {round} ({signal}): it quit ({status:?}, {rest:?})"))
                .parse()
                .unwrap();
            assert_eq!(saved, quit, "round {round} ({signal}): the turn it quit on is saved");
            assert!(quit >= shown);
        }
    }
}

#[test]
fn a_game_started_ignoring_hangups_and_interrupts_still_saves_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = spawn_child_ignoring(
        "play_child_plays_until_stopped",
        &[
            ("DELVE_PLAY_DIR", dir.path().display().to_string()),
            ("DELVE_PLAY_SEED", "9".to_owned()),
        ],
        &[libc::SIGHUP, libc::SIGINT],
    );
    let mut said = std::io::BufRead::lines(std::io::BufReader::new(child.stdout.take().unwrap())).map_while(Result::ok);
    let mut played = |n: usize| said.by_ref().filter(|l| l.starts_with("played ")).take(n).count();
    let kill = |signal: &str| {
        let sent = std::process::Command::new("kill")
            .args(["-s", signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success(), "kill -s {signal}");
    };
    assert_eq!(played(10), 10);
    // Started ignoring them (as under nohup, or as a shell's background job), it still does.
    kill("HUP");
    kill("INT");
    assert_eq!(played(20), 20, "it plays on");
    // SIGTERM it handles: it quits as Ctrl+Q does, its last turn saved.
    kill("TERM");
    let rest: Vec<String> = said.collect();
    let status = child.wait().unwrap();
    let quit: u64 = rest
        .iter()
        .find_map(|l| l.strip_prefix("quit "))
        .unwrap_or_else(|| panic!("it quit on SIGTERM ({status:?}, {rest:?})"))
        .parse()
        .unwrap();
    let (_, bytes) = only_save(&Store::Dir(dir.path().to_owned()));
    assert_eq!(parse_run(&bytes).unwrap().turn(), quit);
}

/// The names in `dir`, sorted.
fn names(dir: &std::path::Path) -> Vec<String> {
    let mut n: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    n.sort();
    n
}

/// The one run saved in `store`: its name and its bytes.
fn only_save(store: &Store) -> (RunId, Vec<u8>) {
    let ids = store.runs().unwrap();
    assert_eq!(ids.len(), 1, "one saved run: {ids:?}");
    (ids[0], store.read(Slot::Run(ids[0])).unwrap().expect("its save"))
}

#[test]
fn a_bad_save_is_listed_with_why_and_left_as_it_is() {
    for (what, make) in [
        (
            "empty",
            (|p: &std::path::Path| std::fs::write(p, b"")) as fn(&std::path::Path) -> std::io::Result<()>,
        ),
        ("garbage", |p| std::fs::write(p, b"not a save at all")),
        ("directory", |p| std::fs::create_dir(p)),
    ] {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("runs")).unwrap();
        let path = dir.path().join("runs/0000000000000009.sav");
        make(&path).unwrap();
        let store = Store::Dir(dir.path().to_owned());
        let (entries, problem) = save::saved_runs(&store, None);
        assert_eq!(problem, None);
        assert_eq!(entries.len(), 1, "{what}");
        let why = entries[0].found.as_ref().expect_err("a bad save cannot be played");
        let label = entries[0].label();
        assert!(
            label.contains("cannot be played") && label.contains(why.as_str()),
            "{what}: {label}"
        );
        // A new run saves beside it; the bad one is never moved, changed or removed.
        let mut app = saving_app(Run::new(dungeon(2, 1)), &store);
        act(&mut app, PlayerCommand::Wait);
        assert_eq!(
            names(&dir.path().join("runs"))
                .iter()
                .filter(|n| n.ends_with(".sav"))
                .count(),
            2
        );
        assert!(path.exists(), "{what}: kept");
        if what == "garbage" {
            assert_eq!(std::fs::read(&path).unwrap(), b"not a save at all");
        }
    }
}

#[test]
fn a_save_that_cannot_be_written_is_said_marked_and_tried_every_turn_until_it_works() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    // A file where the runs' folder should be: every save fails.
    std::fs::write(dir.path().join("runs"), b"in the way").unwrap();
    let mut app = saving_app(Run::new(dungeon(2, 1)), &store);
    act(&mut app, PlayerCommand::Wait);
    let line = message(&app);
    assert!(
        line.contains("could not be saved") && line.contains("every turn"),
        "{line}"
    );
    assert!(app.world().resource::<SaveSlot>().failing.is_some(), "the HUD marks it");
    let failures = |app: &App| {
        support::game(app)
            .log()
            .lines()
            .filter(|(_, l)| l.contains("could not be saved"))
            .count()
    };
    act(&mut app, PlayerCommand::Wait);
    assert_eq!(failures(&app), 1, "said once, not every turn");
    assert_eq!(app.world().resource::<Game>().turn(), 2, "play goes on");
    // The way cleared, the next turn saves: the mark goes, the log says so.
    std::fs::remove_file(dir.path().join("runs")).unwrap();
    act(&mut app, PlayerCommand::Wait);
    assert!(app.world().resource::<SaveSlot>().failing.is_none());
    assert!(message(&app).contains("saved again"), "{}", message(&app));
    let (_, bytes) = only_save(&store);
    assert_eq!(parse_run(&bytes).unwrap().turn(), 3);
}

fn saved_turn_and_depth(store: &Store) -> (u64, u32) {
    let run = parse_run(&only_save(store).1).unwrap();
    (run.turn(), run.dungeon().depth())
}

#[test]
fn the_game_saves_after_every_turn_and_on_quitting() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    let d = Dungeon::new(GenParams::new(21, 60, 40, CorridorStyle::Mixed))
        .unwrap()
        .peaceful();
    let stairs = d.level().map.stairs_down().unwrap();
    let mut app = saving_app(Run::new(d), &store);
    assert_eq!(saved_turn_and_depth(&store), (0, 1), "a new run is saved at once");
    app.world_mut().resource_mut::<Game>().player_mut().at = stairs;
    act(&mut app, PlayerCommand::Descend);
    assert_eq!(saved_turn_and_depth(&store), (1, 2), "a change of level saves");
    for turn in 2..=save::DURABLE_EVERY + 3 {
        act(&mut app, PlayerCommand::Wait);
        assert_eq!(saved_turn_and_depth(&store).0, turn, "every turn is saved");
    }
    app.world_mut().write_message(AppExit::Success);
    app.update();
    assert_eq!(
        saved_turn_and_depth(&store).0,
        save::DURABLE_EVERY + 3,
        "quitting saves"
    );
}

/// A game playing `run` that keeps its saves in `store`.
fn saving_app(run: Run, store: &Store) -> App {
    headless_app_with(run, |app| {
        app.insert_resource(SaveStore(store.clone()));
    })
}

/// Waits, a turn at a time, until the run ends (at most 50 turns); the summary is then shown.
fn wait_until_the_end(app: &mut App) {
    for _ in 0..50 {
        if state(app) == GameState::Ended {
            break;
        }
        act(app, PlayerCommand::Wait);
    }
    assert_eq!(state(app), GameState::Ended);
}

/// A level where a troll next to the player kills it within a few turns.
fn deadly_level() -> delve_core::world::Level {
    let map = parse_ascii(b"#######\n#@....#\n#######\n").unwrap();
    let mut level = delve_core::world::Level::bare(map);
    let hunting = Mind::Hunting {
        target: Pos::new(1, 1),
        patience: PATIENCE,
    };
    level.monsters = vec![Monster {
        id: 0,
        kind: Kind::Troll,
        at: Pos::new(2, 1),
        hp: Kind::Troll.stats().max_hp,
        energy: 0,
        mind: hunting,
        champion: None,
    }];
    level
}

#[test]
fn death_removes_the_save_and_keeps_the_run_in_the_history() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    let mut app = saving_app(Run::new(Dungeon::single(deadly_level())), &store);
    only_save(&store);
    let mut game = app.world_mut().resource_mut::<Game>();
    game.player_mut().health.hp = 1;
    game.player_mut()
        .pack
        .add(delve_core::world::Item::one(delve_core::world::ItemKind::Axe));
    game.player_mut().pack.weapon = Some(0);
    wait_until_the_end(&mut app);
    assert_eq!(store.runs().unwrap(), [], "death ends the run: no save");
    let history = History::from_text(&store.read(Slot::History).unwrap().unwrap()).unwrap();
    assert_eq!(history.runs.len(), 1);
    assert!(
        history.runs[0].ending.contains("killed by a troll"),
        "{:?}",
        history.runs[0]
    );
    assert_eq!(history.runs[0].carried, ["an axe (wielded)"], "what it carried");
    assert!(history.runs[0].line().ends_with("; carried an axe (wielded)"));
    // A history written before items reads, carrying nothing.
    let old = r#"(runs: [(run: "custom map (7x3)", seed: None, deepest: 1, turns: 2, slain: 0, ending: "won", ended_at: 5)])"#;
    let read = History::from_text(old.as_bytes());
    assert!(read.as_ref().is_ok_and(|h| h.runs[0].carried.is_empty()), "{read:?}");
}

#[test]
fn levels_past_256x256_are_saved_every_few_turns_so_saving_stays_cheap() {
    assert_eq!(save::turns_between_saves(80 * 50), 1);
    assert_eq!(save::turns_between_saves(256 * 256), 1);
    assert_eq!(save::turns_between_saves(512 * 512), 2);
    assert_eq!(save::turns_between_saves(1024 * 1024), 8);
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    let d = Dungeon::new(GenParams::new(3, 512, 512, CorridorStyle::Mixed))
        .unwrap()
        .peaceful();
    let mut app = saving_app(Run::new(d), &store);
    let saved = |store: &Store| parse_run(&only_save(store).1).unwrap().turn();
    assert_eq!(saved(&store), 0);
    act(&mut app, PlayerCommand::Wait);
    assert_eq!(saved(&store), 0, "not after one turn");
    act(&mut app, PlayerCommand::Wait);
    assert_eq!(saved(&store), 2, "after two");
    act(&mut app, PlayerCommand::Wait);
    app.world_mut().write_message(AppExit::Success);
    app.update();
    assert_eq!(saved(&store), 3, "quitting saves whatever the size");
}

#[test]
fn quitting_in_the_frame_of_a_death_leaves_no_run_to_continue() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    // Ctrl+Q in every frame, so in the one where the troll kills: the run is over before
    // `Ended` is entered.
    let mut app = saving_app(Run::new(Dungeon::single(deadly_level())), &store);
    app.world_mut().resource_mut::<Game>().player_mut().health.hp = 1;
    let mut frames = 0;
    while !app.world().resource::<Game>().is_over() && frames < 50 {
        app.world_mut().write_message(PlayerCommand::Wait);
        app.world_mut().write_message(AppExit::Success);
        app.update();
        frames += 1;
    }
    assert!(app.world().resource::<Game>().is_over());
    assert_eq!(store.runs().unwrap(), [], "no continuable save of a dead run");
    let history = History::from_text(&store.read(Slot::History).unwrap().unwrap()).unwrap();
    assert!(history.runs.iter().all(|r| r.ending.contains("killed")), "{history:?}");
}

#[test]
fn every_run_has_its_own_save_and_one_delve_plays_it() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    // A run, and another started after it (the command line's --seed, the title's New run):
    // the first keeps its save.
    let mut first = saving_app(Run::new(dungeon(3, 1)), &store);
    act(&mut first, PlayerCommand::Wait);
    let first_id = first.world().resource::<SaveSlot>().id;
    let mut second = saving_app(Run::new(dungeon(4, 1)), &store);
    act(&mut second, PlayerCommand::Wait);
    act(&mut second, PlayerCommand::Wait);
    let ids = store.runs().unwrap();
    assert_eq!(ids.len(), 2, "{ids:?}");
    let first_run = parse_run(&store.read(Slot::Run(first_id)).unwrap().unwrap()).unwrap();
    assert_eq!(first_run.turn(), 1, "the first run's save is untouched");
    // The first is played here: another Delve cannot open it (told why); once this one is
    // done with it, it can.
    assert_eq!(SaveSlot::open(&store, first_id).unwrap_err(), Taken::Elsewhere);
    let (entries, _) = save::saved_runs(&store, None);
    assert!(entries.iter().all(|e| e.taken), "both are open here");
    assert_eq!(entries[0].found.as_ref().unwrap().turn(), 2, "the last saved first");
    drop(first);
    assert!(SaveSlot::open(&store, first_id).is_ok());
}

#[test]
fn a_rebinding_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    let mut settings = Settings::default();
    settings
        .bindings
        .rebind(Action::Explore, Binding::letter('z'), &Layout::default())
        .unwrap();
    settings.radius = 11;
    store.write(Slot::Settings, settings.to_text().as_bytes()).unwrap();
    // What the binary does at start-up.
    let launch = Launch::title().with_store(store);
    assert!(launch.notices.is_empty());
    assert_eq!(launch.settings, settings);
    // And the player's keys follow it.
    let mut app = headless_app_with(Run::new(dungeon(1, 1)), |app| {
        app.insert_resource(launch.settings.clone());
    });
    let w = app.world_mut();
    let map = w.query_filtered::<&InputMap<Action>, With<Player>>().single(w).unwrap();
    let explore = format!("{:?}", map.get_buttonlike(&Action::Explore).unwrap());
    assert!(explore.contains("KeyZ") && !explore.contains("KeyX"), "{explore}");
}

#[test]
fn a_key_this_delve_does_not_know_costs_that_action_alone() {
    let mut settings = Settings {
        radius: 12,
        ..Settings::default()
    };
    settings
        .bindings
        .rebind(Action::Explore, Binding::letter('z'), &Layout::default())
        .unwrap();
    let text = settings
        .to_text()
        .replacen("\"Wait\": [", "\"Wait\": [\"NoSuchKey\", ", 1)
        .replacen("\"Descend\": [", "\"Descend\": [\"AlsoNoKey\"], \"Unused\": [", 1);
    assert!(text.contains("NoSuchKey") && text.contains("AlsoNoKey"), "{text}");
    let read = Settings::from_text(text.as_bytes()).unwrap();
    assert_eq!(read.radius, 12);
    assert_eq!(read.bindings.of(Action::Explore), settings.bindings.of(Action::Explore));
    assert_eq!(
        read.bindings.of(Action::Wait),
        settings.bindings.of(Action::Wait),
        "the keys it knows"
    );
    assert_eq!(
        read.bindings.of(Action::Descend),
        Settings::default().bindings.of(Action::Descend),
        "no key it knows: its defaults"
    );
    // An action left with no key at all gets its default back; a radius out of range too.
    let text = settings
        .to_text()
        .replacen("\"Explore\": [", "\"Explore\": [], \"Unused2\": [", 1)
        .replace("radius: 12", "radius: 500");
    let read = Settings::from_text(text.as_bytes()).unwrap();
    assert_eq!(
        read.bindings.of(Action::Explore),
        Settings::default().bindings.of(Action::Explore)
    );
    assert_eq!(read.radius, Settings::default().radius);
}

#[test]
fn two_delves_changing_settings_keep_both_changes() {
    let kept = Settings::default();
    // This Delve rebinds explore; meanwhile another changed the radius and kept it.
    let before = kept.clone();
    let mut after = kept.clone();
    after
        .bindings
        .rebind(Action::Explore, Binding::letter('z'), &Layout::default())
        .unwrap();
    let mut theirs = kept.clone();
    theirs.radius = 15;
    let merged = theirs.merged(&before, &after);
    assert_eq!(merged.radius, 15, "the other Delve's change stays");
    assert_eq!(merged.bindings.of(Action::Explore), after.bindings.of(Action::Explore));
}

#[test]
fn a_corrupt_settings_file_gives_defaults_and_is_kept_aside() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    let bad = b"(bindings: {\"Explore\": [\"KeyX\"".to_vec();
    store.write(Slot::Settings, &bad).unwrap();
    let launch = Launch::title().with_store(store);
    assert_eq!(launch.settings, Settings::default());
    assert_eq!(launch.notices.len(), 1);
    let kept = names(dir.path());
    assert_eq!(kept.len(), 1);
    assert!(kept[0].starts_with("settings.ron.bad-") && launch.notices[0].contains(&kept[0]));
    assert_eq!(std::fs::read(dir.path().join(&kept[0])).unwrap(), bad, "kept as it was");
}

#[test]
fn a_file_that_cannot_be_read_now_is_left_as_it_is_never_set_aside_or_written_over() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    // Something in the history's place that cannot be read (as a file on a failing disk).
    std::fs::create_dir(dir.path().join("history.ron")).unwrap();
    let (history, line) = save::load_or_set_aside(&store, Slot::History, "run history", History::from_text);
    assert!(history.is_none());
    assert!(line.unwrap().contains("left as it is"));
    assert!(dir.path().join("history.ron").is_dir(), "not moved");
    // A run ending meanwhile is not written over it.
    let mut app = saving_app(Run::new(Dungeon::single(deadly_level())), &store);
    app.world_mut().resource_mut::<Game>().player_mut().health.hp = 1;
    wait_until_the_end(&mut app);
    assert!(dir.path().join("history.ron").is_dir(), "still there, untouched");
    // (The history's lock was taken to add it, and is kept for the next; the hint of low health
    // the dying player was told is kept too.)
    assert_eq!(names(dir.path()), ["hints.ron", "history.lock", "history.ron", "runs"]);
}

#[test]
fn one_delve_holds_a_run_however_its_lock_is_taken_let_go_and_probed() {
    use std::sync::atomic::{AtomicU32, Ordering};
    // Holders take the lock, check no one else holds it, and let it go; listings probe it all
    // the while. Once, letting go unlinked the lock file before unlocking it: a Delve that had
    // opened it just before locked the orphan, and a third a new file, both "holding" the run.
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    let id = RunId(0x2a);
    let holders = AtomicU32::new(0);
    let (held, both) = (AtomicU32::new(0), AtomicU32::new(0));
    std::thread::scope(|scope| {
        for _ in 0..6 {
            scope.spawn(|| {
                for _ in 0..3_000 {
                    if let Ok(lock) = store.lock_run(id) {
                        if holders.fetch_add(1, Ordering::SeqCst) > 0 {
                            both.fetch_add(1, Ordering::SeqCst);
                        }
                        held.fetch_add(1, Ordering::SeqCst);
                        std::thread::yield_now();
                        holders.fetch_sub(1, Ordering::SeqCst);
                        drop(lock);
                    }
                }
            });
        }
        for _ in 0..2 {
            scope.spawn(|| {
                for _ in 0..2_000 {
                    let _ = store.is_taken(id);
                }
            });
        }
    });
    assert_eq!(both.load(Ordering::SeqCst), 0, "two held the run at once");
    assert!(
        held.load(Ordering::SeqCst) >= 3_000,
        "held {} times",
        held.load(Ordering::SeqCst)
    );
    // Probing makes no lock file, and finds the run free again.
    let runs = dir.path().join("runs");
    assert!(!store.is_taken(RunId(0x2b)));
    assert!(
        !runs.join(format!("{}.lock", RunId(0x2b))).exists(),
        "a probe made a lock file"
    );
    assert!(!store.is_taken(id));
    // A listing's probe does not make a run look taken to the Delve that opens it meanwhile.
    let lock = store.lock_run(id).unwrap();
    assert!(store.is_taken(id));
    drop(lock);
}

#[test]
fn a_link_planted_in_the_save_folder_is_never_followed() {
    let dir = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    let runs = dir.path().join("runs");
    std::fs::create_dir_all(&runs).unwrap();
    let id = RunId(0x77);
    // Where a save's temporary file once was (a name anyone could work out), and the lock file:
    // links to files outside the save folder.
    let victim = outside.path().join("victim.txt");
    std::fs::write(&victim, b"not Delve's").unwrap();
    let planted = runs.join(format!(".{id}.sav.{}.tmp", std::process::id()));
    std::os::unix::fs::symlink(&victim, &planted).unwrap();
    let made = outside.path().join("made-by-delve");
    std::os::unix::fs::symlink(&made, runs.join(format!("{id}.lock"))).unwrap();
    // The save is written (through a temporary file of its own), the file outside untouched.
    store.write(Slot::Run(id), b"a save").unwrap();
    assert_eq!(std::fs::read(&victim).unwrap(), b"not Delve's");
    assert_eq!(store.read(Slot::Run(id)).unwrap().unwrap(), b"a save");
    // The lock is not taken through the link (said why), nor is anything made outside, by
    // taking it or by a listing's probe.
    match store.lock_run(id) {
        Err(Taken::Failed(why)) => assert!(why.contains(".lock"), "{why}"),
        other => panic!("locked through a link: {other:?}"),
    }
    let _ = store.is_taken(id);
    let _ = save::saved_runs(&store, None);
    assert!(!made.exists(), "a file was made through the planted link");
}

#[test]
fn temporary_files_a_kill_left_are_cleaned_and_strays_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    let id = RunId(0x99);
    store.write(Slot::Run(id), b"a save").unwrap();
    let runs = dir.path().join("runs");
    // Left by a Delve killed while it wrote, an hour ago; and one being written now.
    let stale = runs.join(format!(".{id}.sav.4242.0badf00d.tmp"));
    let fresh = runs.join(format!(".{id}.sav.4243.0badf00e.tmp"));
    for path in [&stale, &fresh] {
        std::fs::write(path, b"half a save").unwrap();
    }
    let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    std::fs::File::options()
        .write(true)
        .open(&stale)
        .unwrap()
        .set_modified(hour_ago)
        .unwrap();
    // Another program's temporary files, and the player's, named as Delve's are not: never
    // removed, however old.
    let others: Vec<_> = [
        ".notes.tmp",
        ".0000000000000099.sav.tmp",
        ".backup.sav.4242.0badf00d.tmp",
        ".0000000000000099.sav.pid.0badf00d.tmp",
    ]
    .iter()
    .map(|name| dir.path().join(name))
    .collect();
    for path in &others {
        std::fs::write(path, b"not Delve's").unwrap();
        std::fs::File::options()
            .write(true)
            .open(path)
            .unwrap()
            .set_modified(hour_ago)
            .unwrap();
    }
    // Copies a sync tool or a player made: not runs, but named.
    for name in ["0000000000000099 (1).sav", "backup.sav", "notes.txt"] {
        std::fs::write(runs.join(name), b"?").unwrap();
    }
    assert_eq!(store.runs().unwrap(), vec![id]);
    assert!(!stale.exists(), "the stale temporary file is removed");
    assert!(fresh.exists(), "one being written is left alone");
    for path in &others {
        assert!(path.exists(), "{} is not Delve's: left alone", path.display());
    }
    assert_eq!(
        store.strays(),
        vec!["0000000000000099 (1).sav", "backup.sav", "notes.txt"]
    );
}

#[test]
fn a_run_begun_from_a_link_makes_room_as_one_begun_on_the_title_does() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    let template = Run::new(dungeon(5, 1));
    for n in 0..save::SAVED_RUNS_KEEP as u64 {
        let mut saved = delve_core::save::SavedRun::capture(&template);
        saved.saved_at = 1_000 + n;
        store.write(Slot::Run(RunId(100 + n)), &format::encode(&saved)).unwrap();
    }
    // As many as are kept: the oldest saved goes to the history, and the player is told.
    let line = save::make_room(&store).expect("room made");
    assert!(line.contains("went to the history"), "{line}");
    let ids = store.runs().unwrap();
    assert_eq!(ids.len(), save::SAVED_RUNS_KEEP - 1);
    assert!(!ids.contains(&RunId(100)), "the oldest went: {ids:?}");
    let history = History::from_text(&store.read(Slot::History).unwrap().unwrap()).unwrap();
    assert_eq!(history.runs.len(), 1);
    // Room enough: nothing goes.
    assert_eq!(save::make_room(&store), None);
    assert_eq!(store.runs().unwrap().len(), save::SAVED_RUNS_KEEP - 1);
}

#[test]
fn runs_ending_at_once_in_several_delves_are_all_kept_in_the_history() {
    // Each adds its run by reading the history, adding to it and writing it back: without the
    // history's lock, two at once both read the old one and the second write loses the first.
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    let run = Run::new(dungeon(6, 1));
    std::thread::scope(|scope| {
        for n in 0..8u64 {
            let (store, run) = (&store, &run);
            scope.spawn(move || {
                for k in 0..4 {
                    let slot = SaveSlot::open(store, RunId(0x500 + 16 * n + k)).unwrap();
                    save::retire(store, &slot, run);
                }
            });
        }
    });
    let history = History::from_text(&store.read(Slot::History).unwrap().unwrap()).unwrap();
    assert_eq!(history.runs.len(), 32, "every run ended is in the history");
}

#[test]
fn a_feat_is_kept_the_moment_it_is_earned_though_the_run_is_quit_unfinished() {
    use delve_core::save::FeatBook;
    use delve_core::world::Feat;
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    let book = |store: &Store| {
        store
            .read(Slot::Feats)
            .unwrap()
            .map(|bytes| FeatBook::from_text(&bytes).unwrap())
            .unwrap_or_default()
    };
    // A generated run (only those earn feats) with a sleeping rat next to the player.
    let mut run = Run::new(
        Dungeon::new(GenParams::new(21, 60, 40, CorridorStyle::Mixed))
            .unwrap()
            .peaceful(),
    );
    let at = run.player().at;
    let dir = Dir8::ALL
        .into_iter()
        .find(|&d| {
            let p = Dir8::from_pos(at, d);
            run.dungeon().level().map.tile(p) == delve_core::map::Tile::Floor
        })
        .expect("floor next to the start");
    run.dungeon_mut().level_mut().monsters = vec![Monster {
        id: 0,
        kind: Kind::Rat,
        at: Dir8::from_pos(at, dir),
        hp: 1,
        energy: 0,
        mind: Mind::Asleep,
        champion: None,
    }];
    let mut app = saving_app(run, &store);
    for _ in 0..20 {
        if app.world().resource::<Game>().record().slain > 0 {
            break;
        }
        act(&mut app, PlayerCommand::Step(dir));
    }
    assert_eq!(app.world().resource::<Game>().record().slain, 1, "the rat is slain");
    let first = book(&store);
    let earned = first.get(Feat::FirstBlood).expect("First blood is in the book at once");
    assert_eq!(earned.times, 0, "earned by a run not yet ended");
    // Quitting keeps the run to continue, and the book as it was: nothing counted twice.
    app.world_mut().write_message(AppExit::Success);
    app.update();
    assert_eq!(store.runs().unwrap().len(), 1, "the run is saved to continue");
    assert_eq!(book(&store), first);
}

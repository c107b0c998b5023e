//! Runs played live from the game and followed in it, against a real board (delve-board over a
//! SQLite file, on loopback): a run played with `--live` is begun on the board and sent as it is
//! played, to its death; two spectators (`--watch`: `live::watch::follow`), one from the start
//! and one joining late, re-play it as it comes and end on the player's state hash, told how it
//! ended.

mod support;

use std::time::{Duration, Instant};

use bevy::prelude::*;
use delve::live::send::{LiveBoard, LiveStatus};
use delve::player::command::PlayerCommand;
use delve::save::{SaveStore, Store};
use delve::screens::playing::replay::ReplayControl;
use delve::state::{GameState, Session};
use delve::turn::Game;
use delve_board::standard;
use delve_core::run::RunSpec;
use support::{act, board, keyboard_app, press, state};

/// What the sidebar's live line says.
fn status(app: &App) -> String {
    app.world().resource::<LiveStatus>().0.clone()
}

/// Updates `app` until `done` holds (at most 30 s).
fn until(app: &mut App, what: &str, mut done: impl FnMut(&mut App) -> bool) {
    let began = Instant::now();
    while !done(app) {
        assert!(began.elapsed() < Duration::from_secs(30), "waited 30 s for {what}");
        app.update();
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The turn `app`'s game is on.
fn app_turn(app: &App) -> u64 {
    app.world().resource::<Game>().turn()
}

/// A spectator's game following `url`, at the replay's top speed.
fn spectator(url: &str) -> App {
    let watched = delve::live::watch::follow(url).unwrap();
    let mut app = keyboard_app("#####\n#@..#\n#####\n", move |app| {
        app.insert_resource(Game(watched.run))
            .insert_resource(watched.control)
            .insert_resource(watched.feed)
            .add_plugins(delve::screens::playing::replay::plugin);
    });
    app.world_mut()
        .resource_mut::<NextState<Session>>()
        .set(Session::Replay);
    app.update();
    assert_eq!(*app.world().resource::<State<Session>>().get(), Session::Replay);
    for _ in 0..8 {
        press(&mut app, KeyCode::BracketRight, "]");
    }
    app
}

#[test]
fn a_run_played_live_is_followed_to_its_end_by_two_spectators() {
    let dir = tempfile::tempdir().unwrap();
    let url = board(dir.path());
    let saves = dir.path().join("saves");
    let live = url.clone();
    // Seed 251: a player who waits there is killed within 50 turns.
    let mut player = keyboard_app("#####\n#@..#\n#####\n", move |app| {
        let run = RunSpec::seeded(standard(251)).begin().unwrap().with_sight(8);
        app.insert_resource(Game(run))
            .insert_resource(LiveBoard(live))
            .insert_resource(SaveStore(Store::Dir(saves)));
    });
    until(&mut player, "the run to go live", |app| status(app).starts_with("LIVE"));
    let said = status(&player);
    let id: String = said
        .trim_start_matches("LIVE on the board as run ")
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    assert!(said.contains(&format!("/api/live/{id}")), "{said}");
    let mut first = spectator(&format!("{url}/api/live/{id}"));
    let mut second = None;
    for turn in 0.. {
        if state(&player) == GameState::Ended {
            break;
        }
        assert!(turn < 500, "the run ends");
        act(&mut player, PlayerCommand::Wait);
        // Slowly enough that the run goes to the board in several pieces.
        std::thread::sleep(Duration::from_millis(80));
        first.update();
        if turn == 20 {
            let held: serde_json::Value = ureq::get(&format!("{url}/api/live"))
                .call()
                .unwrap()
                .body_mut()
                .read_json()
                .unwrap();
            let held = held["live"][0]["commands"].as_u64().unwrap();
            let mut late = spectator(&format!("{url}/api/live/{id}/events"));
            // A spectator joining late goes to where the run stood, not to its start: even paused
            // (nothing played by the clock), the replay is taken there once those commands came.
            if !late.world().resource::<ReplayControl>().is_paused() {
                press(&mut late, KeyCode::Space, " ");
            }
            until(&mut late, "the late spectator to catch up", |app| {
                app.world().resource::<ReplayControl>().played() as u64 >= held
            });
            assert!(held == 0 || app_turn(&late) > 0, "joined with {held} commands held");
            if late.world().resource::<ReplayControl>().is_paused() {
                press(&mut late, KeyCode::Space, " ");
            }
            second = Some(late);
        }
    }
    until(&mut player, "the board to say the run ended", |app| {
        let said = status(app);
        assert!(!said.starts_with("No longer live"), "{said}");
        said.contains("has ended (died)")
    });
    let run = player.world().resource::<Game>().0.clone();
    assert!(run.is_over());
    for mut app in [first, second.expect("joined")] {
        until(&mut app, "the spectator to play the whole run", |app| {
            app.world().resource::<ReplayControl>().is_done()
        });
        let control = app.world().resource::<ReplayControl>();
        assert!(!control.went_astray());
        let (how, why) = control.live_ended().expect("told how it ended");
        assert_eq!(how, "died", "{why}");
        assert!(why.contains(&format!("turn {}", run.turn())), "{why}");
        let watched = &app.world().resource::<Game>().0;
        assert_eq!((watched.turn(), watched.state_hash()), (run.turn(), run.state_hash()));
    }
}

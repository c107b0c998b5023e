//! Replays in the game: a finished run's recording and story are kept beside the history, the
//! title's history shows the story and replays the run to the state it ended in, the player's
//! keys do not play during a replay and nothing is saved; the daily dungeon starts from the
//! title with today's seed.

mod support;

use bevy::input::ButtonState;
use bevy::input::InputPlugin;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use delve::assets::GameAssets;
use delve::command::PlayerCommand;
use delve::replay::ReplayControl;
use delve::save::{SaveSlot, SaveStore, Slot, Store};
use delve::state::GameState;
use delve::turn::Game;
use delve_core::bot::Bot;
use delve_core::fov::DEFAULT_RADIUS;
use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::run::{Date, Run, RunSpec, daily_params};
use delve_core::save::History;
use support::{act, game, state, turns};

fn texts(app: &mut App) -> Vec<String> {
    let mut q = app.world_mut().query::<&Text>();
    q.iter(app.world()).map(|t| t.0.clone()).collect()
}

fn shows(app: &mut App, wanted: &str) -> bool {
    texts(app).iter().any(|t| t.contains(wanted))
}

/// A key pressed on the keyboard, a frame down and a frame up.
fn press(app: &mut App, code: KeyCode, text: &str) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code: code,
            logical_key: Key::Character(text.into()),
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
        app.update();
    }
}

/// The whole game without a window, on the title screen, keeping its saves in `store`.
fn title_app(store: &Store) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, InputPlugin, StatesPlugin))
        .insert_state(GameState::Title)
        .insert_resource(SaveStore(store.clone()))
        .insert_resource(GameAssets {
            tileset: Handle::default(),
            layout: Handle::default(),
        })
        .add_plugins(delve::app::headless_plugin)
        .add_plugins((delve::screens::title::plugin, delve::replay::plugin));
    app.update();
    app
}

/// A bot's run of `seed` for `turns` turns, moved to the history (abandoned) as the title's
/// retiring does.
fn retired_run(store: &Store, seed: u64, turns: u64) -> Run {
    let spec = RunSpec::seeded(GenParams::new(seed, 80, 50, CorridorStyle::Mixed));
    let mut run = spec.begin().unwrap().with_sight(DEFAULT_RADIUS);
    Bot::player().play_until(&mut run, turns);
    delve::save::retire(store, &SaveSlot::fresh(store), &run);
    run
}

#[test]
fn a_finished_run_is_kept_and_replayed_from_the_history() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    let run = retired_run(&store, 4, 400);
    let history = History::from_text(&store.read(Slot::History).unwrap().unwrap()).unwrap();
    let id = history.runs[0].id.clone().expect("its recording is kept");
    let story = store.read(Slot::Story(id.parse().unwrap())).unwrap().unwrap();
    assert!(
        String::from_utf8(story)
            .unwrap()
            .contains(&format!("Turns:   {}", run.turn))
    );
    let mut app = title_app(&store);
    // Run history (below New run, Daily dungeon and Settings), the run, its story, Replay.
    for _ in 0..3 {
        press(&mut app, KeyCode::ArrowDown, "");
    }
    press(&mut app, KeyCode::Enter, "\r");
    assert!(shows(&mut app, "[story, replay]"), "{:?}", texts(&mut app));
    press(&mut app, KeyCode::Enter, "\r");
    assert!(shows(&mut app, "The story of a run of Delve"), "{:?}", texts(&mut app));
    press(&mut app, KeyCode::Enter, "\r");
    app.update();
    assert_eq!(state(&app), GameState::Playing);
    assert!(app.world().contains_resource::<ReplayControl>());
    assert_eq!(turns(&app), 0, "the replay begins at the start");
    // The player's own commands are not played.
    act(&mut app, PlayerCommand::Wait);
    assert_eq!(turns(&app), 0);
    // Jump to level 9 (past where the run got): the whole recording plays.
    press(&mut app, KeyCode::Digit9, "9");
    for _ in 0..10 {
        app.update();
    }
    let control = app.world().resource::<ReplayControl>();
    assert!(control.is_done());
    assert_eq!(game(&app).state_hash(), run.state_hash());
    assert_eq!(turns(&app), run.turn);
    // Nothing was saved of it.
    assert!(store.runs().unwrap().is_empty());
    // Esc leaves for the title.
    press(&mut app, KeyCode::Escape, "");
    app.update();
    assert_eq!(state(&app), GameState::Title);
    assert!(!app.world().contains_resource::<ReplayControl>());
}

#[test]
fn only_the_newest_runs_keep_their_recordings() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    let keep = delve_core::save::RECORDINGS_KEEP;
    for seed in 0..keep as u64 + 2 {
        retired_run(&store, seed, 3);
    }
    let history = History::from_text(&store.read(Slot::History).unwrap().unwrap()).unwrap();
    assert_eq!(history.runs.len(), keep + 2);
    let kept: Vec<_> = history.runs.iter().map(|r| r.id.is_some()).collect();
    assert_eq!(kept.iter().filter(|&&k| k).count(), keep);
    assert!(
        !kept[0] && !kept[1] && kept[2..].iter().all(|&k| k),
        "the oldest two dropped theirs"
    );
    let files = std::fs::read_dir(dir.path().join("ended")).unwrap().count();
    assert_eq!(files, 2 * keep, "a recording and a story each");
}

#[test]
fn the_daily_dungeon_starts_from_the_title() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    let mut app = title_app(&store);
    let today = delve::save::today();
    assert!(
        shows(&mut app, &format!("Daily dungeon: {today}")),
        "{:?}",
        texts(&mut app)
    );
    press(&mut app, KeyCode::ArrowDown, "");
    press(&mut app, KeyCode::Enter, "\r");
    app.update();
    assert_eq!(state(&app), GameState::Playing);
    let run = &app.world().resource::<Game>().0;
    let RunSpec::Seeded { params, .. } = run.spec() else {
        panic!("a generated run")
    };
    assert_eq!(*params, daily_params(today));
    assert_eq!(run.recording().unwrap().daily(), Some(today.to_string().as_str()));
    assert!(Date::parse(&today.to_string()).is_some());
}

//! What the headless tests share: reading the run being played (`Game`) and driving a turn.

#![allow(dead_code)] // each test file uses some of these

use bevy::input::ButtonState;
use bevy::input::InputPlugin;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::window::PrimaryWindow;
use delve::assets::GameAssets;
use delve::player::command::PlayerCommand;
use delve::state::GameState;
use delve::travel::StepDelay;
use delve::turn::Game;
use delve_core::dungeon::Dungeon;
use delve_core::geom::Pos;
use delve_core::map::parse_ascii;
use delve_core::run::Run;

/// The run being played.
pub fn game(app: &App) -> &Run {
    &app.world().resource::<Game>().0
}

/// The dungeon of the run being played.
pub fn dungeon(app: &App) -> &Dungeon {
    game(app).dungeon()
}

/// Where the player stands.
pub fn player_at(app: &App) -> Pos {
    game(app).player().at
}

/// Turns played.
pub fn turns(app: &App) -> u64 {
    game(app).turn()
}

/// The newest line of the message log: the last line the HUD shows.
pub fn message(app: &App) -> String {
    game(app)
        .log()
        .last()
        .map_or_else(String::new, |(_, line)| line.clone())
}

/// Whether a line told on the newest turn that told anything starts with `start` (a feat
/// earned or a hunger felt is told after what the turn did).
pub fn told_lately(app: &App, start: &str) -> bool {
    let log = game(app).log();
    let Some(&(turn, _)) = log.last() else { return false };
    log.lines()
        .rev()
        .take_while(|(t, _)| *t == turn)
        .any(|(_, l)| l.starts_with(start))
}

/// Plays `command` (one frame, and one more when it changed the screen: an ended run).
pub fn act(app: &mut App, command: PlayerCommand) {
    app.world_mut().write_message(command);
    app.update();
    let screen_changes = !matches!(app.world().resource::<NextState<GameState>>(), NextState::Unchanged);
    let focus_changes = app
        .world()
        .get_resource::<NextState<delve::state::Focus>>()
        .is_some_and(|f| !matches!(f, NextState::Unchanged));
    if screen_changes || focus_changes {
        app.update();
    }
}

/// The screen the game is on.
pub fn state(app: &App) -> GameState {
    *app.world().resource::<State<GameState>>().get()
}

/// A game on `map` read from the keyboard (Bevy's input, leafwing, the learned layout), with a
/// window to draw the overview in and the pointer over; `extra` adds plugins or resources before
/// its first update.
pub fn keyboard_app(map: &str, extra: impl FnOnce(&mut App)) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, InputPlugin, StatesPlugin))
        .insert_state(GameState::Playing)
        .insert_resource(Game(Run::new(Dungeon::premade(parse_ascii(map.as_bytes()).unwrap()))))
        .insert_resource(GameAssets {
            tileset: Handle::default(),
            layout: Handle::default(),
        })
        .insert_resource(StepDelay(std::time::Duration::ZERO))
        .insert_resource(delve::player::LastLook(std::time::Duration::ZERO))
        .init_resource::<Assets<Image>>()
        .add_plugins(delve::app::headless_plugin)
        .add_plugins((delve::player::input::plugin, delve::settings::keyboard::plugin));
    app.world_mut().spawn((Window::default(), PrimaryWindow));
    extra(&mut app);
    app.update();
    app
}

/// A key pressed and released, a frame each, as the window reports it (`text`: what it types;
/// empty for a key that types nothing).
pub fn press(app: &mut App, code: KeyCode, text: &str) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        let logical_key = if text.is_empty() {
            Key::Escape
        } else {
            Key::Character(text.into())
        };
        app.world_mut().write_message(KeyboardInput {
            key_code: code,
            logical_key,
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
        app.update();
    }
}

/// Every text on screen.
pub fn texts(app: &mut App) -> Vec<String> {
    let w = app.world_mut();
    w.query::<&Text>().iter(w).map(|t| t.0.clone()).collect()
}

/// Whether a text on screen says `wanted` (a no-break space, which keeps a line's parts whole
/// when it wraps, read as a space).
pub fn shows(app: &mut App, wanted: &str) -> bool {
    texts(app).iter().any(|t| t.replace('\u{a0}', " ").contains(wanted))
}

/// A board (delve-board) on a free loopback port over a SQLite file in `dir`: its address.
pub fn board(dir: &std::path::Path) -> String {
    use delve_board::{Config, Store, router, serve};
    let url = format!("sqlite://{}", dir.join("board.sqlite3").display());
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Runtime::new().unwrap();
        rt.block_on(async move {
            let store = Store::open(&url, 2).await.unwrap();
            let app = router(store, Config::default()).unwrap();
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            tx.send(listener.local_addr().unwrap()).unwrap();
            serve(listener, app).await.unwrap();
        });
    });
    format!("http://{}", rx.recv().unwrap())
}

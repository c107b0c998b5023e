//! The interface, headless: the HUD follows the run; the title screen starts a run and continues
//! a saved one by keyboard; the overview map opens over play and takes the keyboard while open;
//! hovering a known tile names it and shows the way, and a click travels there; a finished run's
//! recording and story are kept beside the history, which shows the story and replays the run
//! to the state it ended in (the player's keys not played, nothing saved); the daily dungeon
//! starts from the title with today's seed.

mod support;

use bevy::input::ButtonState;
use bevy::input::InputPlugin;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::window::PrimaryWindow;
use delve::app::headless_app_with;
use delve::assets::GameAssets;
use delve::player::command::PlayerCommand;
use delve::save::{SaveSlot, SaveStore, Slot, Store};
use delve::screens::playing::pointer::Hovered;
use delve::screens::playing::replay::ReplayControl;
use delve::state::GameState;
use delve::turn::Game;
use delve_core::bot::Bot;
use delve_core::dungeon::Dungeon;
use delve_core::fov::DEFAULT_RADIUS;
use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::geom::{Dir8, Pos};
use delve_core::map::parse_ascii;
use delve_core::run::{Date, Run, RunSpec, daily_params};
use delve_core::save::History;
use leafwing_input_manager::prelude::*;
use support::{act, game, keyboard_app, message, player_at, shows, state, texts, turns};

#[test]
fn the_hud_shows_the_run_the_player_and_the_log() {
    let map = parse_ascii(b"########\n#@...*.#\n########\n").unwrap();
    let mut app = headless_app_with(Run::new(Dungeon::premade(map)), |app| {
        app.add_plugins((
            delve::screens::playing::hud::plugin,
            delve::screens::playing::sidebar::plugin,
        ));
    });
    // The sidebar (shown by default) holds the depth, turn, keys and health; the top line
    // keeps only the run and the turn.
    for line in ["Depth 1 of 1", "Turn 0", "Keys 0", "Gold 0", "HP 30/30", "bare hands"] {
        assert!(shows(&mut app, line), "{line}: {:?}", texts(&mut app));
    }
    assert!(
        shows(&mut app, "Delve  |  custom map (8x3)  |  turn 0"),
        "{:?}",
        texts(&mut app)
    );
    // Hidden, the HUD's own lines say it all.
    app.world_mut()
        .resource_mut::<delve::screens::playing::sidebar::SidebarShown>()
        .0 = false;
    app.update();
    assert!(
        shows(
            &mut app,
            "Delve  |  custom map (8x3)  |  depth 1 of 1  |  keys 0  |  gold 0  |  turn 0"
        ),
        "{:?}",
        texts(&mut app)
    );
    assert!(shows(&mut app, "HP 30/30"));
    assert!(shows(&mut app, "Welcome to Delve"), "nothing said yet: the welcome");
    for _ in 0..3 {
        act(&mut app, PlayerCommand::Step(Dir8::E));
    }
    act(&mut app, PlayerCommand::Step(Dir8::E));
    assert!(shows(&mut app, "keys 0  |  gold 0  |  turn 3"), "{:?}", texts(&mut app));
    assert!(shows(&mut app, "The door is locked."), "what the player was told");
    assert!(!shows(&mut app, "Welcome to Delve"));
    app.world_mut().resource_mut::<Game>().player_mut().health.hp = 7;
    app.update();
    assert!(shows(&mut app, "HP 7/30"), "{:?}", texts(&mut app));
}

/// What the screens say to a screen reader (`Spoken`), the cursor's line marked.
fn spoken(app: &mut App) -> Vec<String> {
    let w = app.world_mut();
    let mut all: Vec<(Entity, delve::ui::spoken::Spoken)> = w
        .query::<(Entity, &delve::ui::spoken::Spoken)>()
        .iter(w)
        .map(|(e, s)| (e, s.clone()))
        .collect();
    all.sort_by_key(|(e, _)| *e);
    all.iter().flat_map(|(_, s)| s.marked()).collect()
}

#[test]
fn a_screen_reader_hears_the_menus_rows_and_where_their_cursor_is() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    let mut app = title_app(&store);
    let heard = spoken(&mut app);
    assert_eq!(heard.first().map(String::as_str), Some("DELVE"), "{heard:?}");
    let cursor = |heard: &[String]| {
        heard
            .iter()
            .filter(|l| l.starts_with("> "))
            .cloned()
            .collect::<Vec<_>>()
    };
    assert_eq!(cursor(&heard), ["> New run"], "{heard:?}");
    assert!(heard.contains(&"Settings".to_owned()), "{heard:?}");
    // The cursor moves as the keys move it; a setting's row says its value.
    press(&mut app, KeyCode::ArrowDown, "");
    press(&mut app, KeyCode::ArrowDown, "");
    assert_eq!(cursor(&spoken(&mut app)), ["> Settings"]);
    press(&mut app, KeyCode::Enter, "\r");
    let heard = spoken(&mut app);
    assert_eq!(cursor(&heard).len(), 1, "{heard:?}");
    assert!(
        cursor(&heard)[0].starts_with("> move"),
        "the first action's row: {heard:?}"
    );
    assert!(heard.iter().any(|l| l.starts_with("sight radius < ")), "{heard:?}");
    assert!(heard.iter().all(|l| !l.contains('\t')), "columns are joined: {heard:?}");
}

/// A key going down or up, as the window reports it: where it is and what it types.
fn key_event(code: KeyCode, text: &str, state: ButtonState) -> KeyboardInput {
    KeyboardInput {
        key_code: code,
        logical_key: Key::Character(text.into()),
        state,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    }
}

/// A key pressed on the keyboard, a frame down and a frame up.
fn press(app: &mut App, code: KeyCode, text: &str) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(key_event(code, text, state));
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
        .add_plugins((delve::screens::title::plugin, delve::screens::playing::replay::plugin));
    app.update();
    app
}

#[test]
fn the_title_screen_starts_a_run_and_continues_it() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    let mut app = title_app(&store);
    assert!(shows(&mut app, "DELVE") && shows(&mut app, "New run"));
    assert!(!shows(&mut app, "Continue"), "no run is saved");
    assert!(shows(&mut app, "Esc back   Ctrl+q quit"), "the quit key as bound");
    // The title makes no dungeon: a run begins only when one is chosen. Its camera, as every
    // camera of the game, draws one sample a pixel.
    assert!(!app.world().contains_resource::<Game>(), "the title screen made a run");
    let samples: Vec<Msaa> = app.world_mut().query::<&Msaa>().iter(app.world()).copied().collect();
    assert_eq!(samples, [Msaa::Off]);
    // New run, type the seed, down to Start.
    press(&mut app, KeyCode::Enter, "\r");
    assert!(shows(&mut app, "Seed"), "{:?}", texts(&mut app));
    for (code, digit) in [
        (KeyCode::Digit3, "3"),
        (KeyCode::Digit1, "1"),
        (KeyCode::Digit3, "3"),
        (KeyCode::Digit3, "3"),
        (KeyCode::Digit7, "7"),
    ] {
        press(&mut app, code, digit);
    }
    // Down past the style, the size, the beginning (a fighter unless changed), the difficulty
    // and the challenges to Start.
    for _ in 0..4 + 1 + delve_core::world::Challenge::COUNT {
        press(&mut app, KeyCode::ArrowDown, "");
    }
    press(&mut app, KeyCode::Enter, "\r");
    app.update();
    assert_eq!(state(&app), GameState::Playing);
    assert_eq!(
        game(&app).player().growth.beginning,
        Some(delve_core::world::Beginning::Fighter),
        "begun as the page's beginning"
    );
    let RunSpec::Seeded { params, .. } = game(&app).spec() else {
        panic!("a generated run");
    };
    assert_eq!((params.seed, params.width, params.height), (31337, 80, 50));
    for _ in 0..3 {
        act(&mut app, PlayerCommand::Wait);
    }
    let hash = game(&app).state_hash();
    // Quit (saved), and back to the title: Continue names the run, and goes on with it.
    app.world_mut().write_message(AppExit::Success);
    app.update();
    assert_eq!(store.runs().unwrap().len(), 1, "saved");
    app.world_mut()
        .resource_mut::<NextState<GameState>>()
        .set(GameState::Title);
    app.update();
    app.update();
    assert!(
        shows(&mut app, "Continue: seed 31337 (80x50, mixed), depth 1, turn 3"),
        "{:?}",
        texts(&mut app)
    );
    press(&mut app, KeyCode::Enter, "\r");
    app.update();
    assert_eq!(state(&app), GameState::Playing);
    assert_eq!((turns(&app), game(&app).state_hash()), (3, hash));
    assert_eq!(message(&app), "Welcome back. (turn 3)");
}

fn tap(app: &mut App, key: KeyCode) {
    key.press(app.world_mut());
    app.update();
    key.release(app.world_mut());
    app.update();
}

const ROOMS: &str = "\
##########
#@...#...#
#....+...#
#....#...#
##########
";

#[test]
fn the_overview_opens_over_play_and_takes_the_keyboard() {
    let mut app = keyboard_app(ROOMS, |app| {
        app.add_plugins(delve::screens::playing::overview::plugin);
    });
    let open = |app: &mut App| {
        let w = app.world_mut();
        w.query::<&delve::screens::playing::overview::OverviewMap>()
            .iter(w)
            .count()
    };
    tap(&mut app, KeyCode::ArrowRight);
    assert_eq!((player_at(&app), turns(&app)), (Pos::new(2, 1), 1));
    tap(&mut app, KeyCode::KeyM);
    assert_eq!(open(&mut app), 1, "m opens the overview");
    assert!(shows(&mut app, "Depth 1 of 1: what you remember"));
    // While it is open, moves play no turn under it.
    tap(&mut app, KeyCode::ArrowRight);
    tap(&mut app, KeyCode::KeyJ);
    assert_eq!(
        (player_at(&app), turns(&app)),
        (Pos::new(2, 1), 1),
        "the overview has the keys"
    );
    tap(&mut app, KeyCode::Escape);
    assert_eq!(open(&mut app), 0, "Esc closes it");
    tap(&mut app, KeyCode::ArrowRight);
    assert_eq!((player_at(&app), turns(&app)), (Pos::new(3, 1), 2), "and play goes on");
}

/// A magic map is drawn at once, on the map and on the minimap's picture, beyond the view: not
/// only after the run is continued (issue 38: the stairs floated in black).
#[test]
fn a_magic_map_is_drawn_at_once_beyond_the_view() {
    let mut app = keyboard_app(ROOMS, |app| {
        app.add_plugins(delve::screens::playing::overview::plugin);
    });
    let map = game(&app).dungeon().level().map.clone();
    let unseen: Vec<Pos> = (0..map.tiles().len())
        .map(|i| map.pos_of(i))
        .filter(|&p| map.tile(p) != delve_core::map::Tile::Wall && !game(&app).sight().is_visible(p))
        .collect();
    assert!(!unseen.is_empty(), "the second room is out of sight");
    let w = app.world_mut();
    assert!(unseen.iter().all(|&p| delve::render::tiles::drawn_at(w, p).is_none()));
    let slot = app
        .world_mut()
        .resource_mut::<Game>()
        .player_mut()
        .pack
        .add(delve_core::world::Item::one(delve_core::world::ItemKind::MagicMapping))
        .unwrap() as u8;
    act(&mut app, PlayerCommand::Item(delve_core::rules::Act::Use(slot)));
    app.update();
    let said: Vec<String> = game(&app).log().lines().map(|(_, l)| l.clone()).collect();
    assert!(said.iter().any(|l| l.contains("A map of the whole level")), "{said:?}");
    let w = app.world_mut();
    for &p in &unseen {
        assert!(delve::render::tiles::drawn_at(w, p).is_some(), "{p:?} drawn on the map");
        assert!(
            delve::screens::playing::overview::pictured(w, p),
            "{p:?} on the minimap"
        );
    }
}

#[test]
fn hovering_a_known_tile_names_it_and_a_click_travels_there() {
    let mut app = keyboard_app(ROOMS, |app| {
        app.add_plugins((delve::render::camera::plugin, delve::screens::playing::pointer::plugin));
    });
    // Put the pointer over tile (4, 3), through the camera as it stands.
    let target = Pos::new(4, 3);
    let (camera, scale) = {
        let w = app.world_mut();
        let (t, p) = w
            .query_filtered::<(&Transform, &Projection), With<delve::render::GameCamera>>()
            .single(w)
            .unwrap();
        let Projection::Orthographic(o) = p else {
            panic!("an orthographic camera")
        };
        (t.translation.truncate(), o.scale)
    };
    let map = game(&app).dungeon().level().map.clone();
    let world = delve::render::space::world_pos(&map, target);
    let mut window = app
        .world_mut()
        .query_filtered::<&mut Window, With<PrimaryWindow>>()
        .single_mut(app.world_mut())
        .unwrap();
    let size = Vec2::new(window.width(), window.height());
    let off = (world - camera) / scale;
    window.set_cursor_position(Some(size / 2.0 + Vec2::new(off.x, -off.y)));
    app.update();
    let hovered = app.world().resource::<Hovered>().clone();
    assert_eq!(hovered.tile, Some(target));
    assert!(hovered.name.contains("floor"), "{}", hovered.name);
    assert_eq!(hovered.path.last(), Some(&target), "the way there, dotted");
    assert_eq!(hovered.path.len(), 3, "a shortest way: three steps");
    assert!(shows(&mut app, &hovered.name), "named on the HUD");
    // A click walks it, a turn a step.
    MouseButton::Left.press(app.world_mut());
    app.update();
    MouseButton::Left.release(app.world_mut());
    for _ in 0..10 {
        app.update();
    }
    assert_eq!((player_at(&app), turns(&app)), (target, 3));
}

#[test]
fn the_summary_and_quitting_follow_the_keys_as_bound() {
    let mut settings = delve::settings::Settings::default();
    let layout = delve::settings::Layout::default();
    settings
        .bindings
        .rebind(
            delve::action::Action::SameRun,
            delve::settings::Binding::letter('z'),
            &layout,
        )
        .unwrap();
    settings
        .bindings
        .rebind(
            delve::action::Action::Quit,
            delve::settings::Binding::letter('w'),
            &layout,
        )
        .unwrap();
    let mut app = keyboard_app(ROOMS, |app| {
        app.insert_resource(settings).add_plugins(delve::screens::plugin);
    });
    act(&mut app, PlayerCommand::Wait);
    app.world_mut()
        .resource_mut::<NextState<GameState>>()
        .set(GameState::Ended);
    app.update();
    assert_eq!(state(&app), GameState::Ended);
    assert!(shows(&mut app, "z  same seed again"), "{:?}", texts(&mut app));
    tap(&mut app, KeyCode::KeyR);
    assert_eq!(state(&app), GameState::Ended, "r is no longer the key");
    tap(&mut app, KeyCode::KeyZ);
    app.update();
    assert_eq!(
        (state(&app), turns(&app)),
        (GameState::Playing, 0),
        "z is: the same run again"
    );
    // Ctrl+Q is no longer quitting; Ctrl+W is.
    KeyCode::ControlLeft.press(app.world_mut());
    tap(&mut app, KeyCode::KeyQ);
    assert!(app.should_exit().is_none());
    tap(&mut app, KeyCode::KeyW);
    assert_eq!(app.should_exit(), Some(AppExit::Success));
}

/// A death leaves the map on screen for a last look before the summary; a key goes on at once.
#[test]
fn a_death_leaves_a_last_look_at_the_map_until_a_key() {
    let mut app = keyboard_app(ROOMS, |app| {
        app.insert_resource(delve::player::LastLook(std::time::Duration::from_secs(3_600)));
    });
    {
        let mut game = app.world_mut().resource_mut::<Game>();
        game.player_mut().health.hp = 1;
        let level = game.dungeon_mut().level_mut();
        level.monsters.push(delve_core::world::Monster {
            id: 1,
            kind: delve_core::world::Kind::Ogre,
            at: Pos::new(2, 1),
            hp: 30,
            energy: 0,
            mind: delve_core::world::Mind::Hunting {
                target: Pos::new(1, 1),
                patience: 20,
            },
            champion: None,
        });
    }
    for _ in 0..40 {
        act(&mut app, PlayerCommand::Wait);
        if game(&app).is_over() {
            break;
        }
    }
    assert!(game(&app).is_over(), "the ogre killed the player");
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(state(&app), GameState::Playing, "the map stays for a last look");
    tap(&mut app, KeyCode::Space);
    app.update();
    assert_eq!(state(&app), GameState::Ended, "a key goes on to the summary");
}

#[test]
fn a_quick_ctrl_q_within_one_frame_still_quits() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, InputPlugin, StatesPlugin))
        .insert_state(GameState::Title)
        .insert_resource(SaveStore(store))
        .insert_resource(GameAssets {
            tileset: Handle::default(),
            layout: Handle::default(),
        })
        .add_plugins(delve::app::headless_plugin)
        .add_plugins(delve::screens::plugin);
    app.update();
    // Ctrl down, q down and up, Ctrl up: all between two frames, as a quick chord on a slow
    // frame arrives.
    let key = key_event;
    for input in [
        key(KeyCode::ControlLeft, "", ButtonState::Pressed),
        key(KeyCode::KeyQ, "q", ButtonState::Pressed),
        key(KeyCode::KeyQ, "q", ButtonState::Released),
        key(KeyCode::ControlLeft, "", ButtonState::Released),
    ] {
        app.world_mut().write_message(input);
    }
    app.update();
    assert!(app.should_exit().is_some(), "the chord quits");
}

#[test]
fn a_new_run_past_the_most_kept_asks_then_retires_the_oldest_as_abandoned() {
    use delve::save::{RunId, SAVED_RUNS_KEEP, Slot};
    use delve_core::generation::{CorridorStyle, GenParams};
    use delve_core::save::{History, SavedRun, encode};
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    // As many saved runs as are kept, seed n saved at time n: seed 1 is the oldest.
    for seed in 1..=SAVED_RUNS_KEEP as u64 {
        let run = RunSpec::seeded(GenParams::new(seed, 40, 30, CorridorStyle::Mixed))
            .begin()
            .unwrap();
        let mut saved = SavedRun::capture(&run);
        saved.saved_at = seed;
        store.write(Slot::Run(RunId(seed)), &encode(&saved)).unwrap();
    }
    let mut app = title_app(&store);
    assert!(
        shows(&mut app, &format!("Saved runs ({SAVED_RUNS_KEEP})")),
        "{:?}",
        texts(&mut app)
    );
    // Continue, Saved runs, New run: its page, up to Start.
    press(&mut app, KeyCode::ArrowDown, "");
    press(&mut app, KeyCode::ArrowDown, "");
    press(&mut app, KeyCode::Enter, "\r");
    press(&mut app, KeyCode::ArrowUp, "");
    press(&mut app, KeyCode::ArrowUp, "");
    press(&mut app, KeyCode::Enter, "\r");
    assert_eq!(state(&app), GameState::Title, "it asks first");
    assert!(
        shows(&mut app, "the oldest goes to the history"),
        "{:?}",
        texts(&mut app)
    );
    assert_eq!(store.runs().unwrap().len(), SAVED_RUNS_KEEP, "nothing removed yet");
    press(&mut app, KeyCode::Enter, "\r");
    app.update();
    assert_eq!(state(&app), GameState::Playing);
    let ids = store.runs().unwrap();
    assert_eq!(ids.len(), SAVED_RUNS_KEEP, "the oldest out, the new one in");
    assert!(!ids.contains(&RunId(1)) && ids.contains(&RunId(2)));
    let history = History::from_text(&store.read(Slot::History).unwrap().unwrap()).unwrap();
    assert_eq!(history.runs.len(), 1);
    assert_eq!(history.runs[0].seed, Some(1));
    assert_eq!(history.runs[0].ending, "abandoned");
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
            .contains(&format!("Turns:   {}", run.turn()))
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
    // A turn stepped is shown as a turn played is: its effects reach the view.
    press(&mut app, KeyCode::Space, " ");
    let paused_at = turns(&app);
    press(&mut app, KeyCode::Period, ".");
    assert_eq!(turns(&app), paused_at + 1, "paused, . steps one turn");
    let shown = app.world().resource::<Messages<delve::turn::Happened>>();
    assert!(!shown.is_empty(), "the replayed turn's effects are told");
    // Jump to level 9 (past where the run got): the whole recording plays.
    press(&mut app, KeyCode::Digit9, "9");
    for _ in 0..10 {
        app.update();
    }
    let control = app.world().resource::<ReplayControl>();
    assert!(control.is_done());
    assert_eq!(game(&app).state_hash(), run.state_hash());
    // A replay tells no first-time hints, even at their moment (hungry, here).
    use delve::screens::playing::hints::Hint;
    app.world_mut().resource_mut::<Game>().player_mut().stomach = delve_core::world::Hunger::HUNGRY;
    assert!(Hint::Hunger.due(game(&app)));
    for _ in 0..3 {
        app.update();
    }
    assert!(!game(&app).log().lines().any(|(_, l)| l.starts_with("Hint: ")));
    assert!(store.read(Slot::Hints).unwrap().is_none());
    assert_eq!(turns(&app), run.turn());
    // Nothing was saved of it, not even on quitting.
    assert_eq!(
        *app.world().resource::<State<delve::state::Session>>().get(),
        delve::state::Session::Replay
    );
    app.world_mut().write_message(AppExit::Success);
    app.update();
    assert!(store.runs().unwrap().is_empty());
    // Esc leaves for the title.
    press(&mut app, KeyCode::Escape, "");
    app.update();
    assert_eq!(state(&app), GameState::Title);
    assert!(!app.world().contains_resource::<ReplayControl>());
}

#[test]
fn a_replay_seeks_back_and_forth_and_is_taken_over_as_a_branch() {
    use delve_core::run::seek::{Seeker, Target};
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    retired_run(&store, 5, 600);
    let history = History::from_text(&store.read(Slot::History).unwrap().unwrap()).unwrap();
    let id = history.runs[0].id.clone().expect("its recording is kept");
    let bytes = store.read(Slot::Recording(id.parse().unwrap())).unwrap().unwrap();
    // The states the replay must land on, sought by the core on its own.
    let (spec, recording, end) = delve_core::save::replayable(&bytes).unwrap();
    let (start, replay) = delve_core::run::Replay::begin(&spec, &recording, Some(end)).unwrap();
    let mut reference = Seeker::new(&start, &replay);
    let mut expect = |target| {
        let (run, _) = reference.seek(target).unwrap();
        (run.turn(), run.state_hash())
    };
    let mut app = title_app(&store);
    for _ in 0..3 {
        press(&mut app, KeyCode::ArrowDown, "");
    }
    press(&mut app, KeyCode::Enter, "\r");
    press(&mut app, KeyCode::Enter, "\r");
    press(&mut app, KeyCode::Enter, "\r");
    app.update();
    assert!(app.world().contains_resource::<ReplayControl>());
    assert!(shows(&mut app, "t take over"), "{:?}", texts(&mut app));
    let now = |app: &App| (turns(app), game(app).state_hash());
    // PageDown thrice: a hundred turns each, paused there.
    for _ in 0..3 {
        press(&mut app, KeyCode::PageDown, "");
    }
    let at = turns(&app);
    assert!(at >= 300, "three pages on: turn {at}");
    assert_eq!(now(&app), expect(Target::Turn(at)));
    // `,` steps back a turn: the last state before this turn.
    press(&mut app, KeyCode::Comma, ",");
    assert!(turns(&app) < at);
    assert_eq!(now(&app), expect(Target::Before(at)));
    // PageUp: a hundred turns back; `.` a turn on.
    press(&mut app, KeyCode::PageUp, "");
    let back = turns(&app);
    assert_eq!(now(&app), expect(Target::Turn(back)));
    press(&mut app, KeyCode::Period, ".");
    assert_eq!(turns(&app), back + 1);
    assert_eq!(now(&app), expect(Target::Turn(back + 1)));
    // The banner shows where it stands among the recording's turns.
    assert!(
        shows(&mut app, &format!("turn {} of 600", back + 1)),
        "{:?}",
        texts(&mut app)
    );

    // `t` takes it over: the same state, now the player's own run, a branch of the recording.
    let hash = game(&app).state_hash();
    press(&mut app, KeyCode::KeyT, "t");
    app.update();
    assert_eq!(
        *app.world().resource::<State<delve::state::Session>>().get(),
        delve::state::Session::Play
    );
    assert!(!app.world().contains_resource::<ReplayControl>());
    assert_eq!(game(&app).state_hash(), hash, "taken over as the replay stood");
    let branch = game(&app).lineage().branch.expect("a branch");
    assert_eq!(branch.parent, delve_core::save::digest(&bytes));
    assert_eq!(branch.turn, back + 1);
    assert!(
        message(&app).contains("You take the run over on turn"),
        "{}",
        message(&app)
    );
    // It plays by the player's keys now, and has a save of its own.
    act(&mut app, PlayerCommand::Wait);
    assert_eq!(turns(&app), back + 2);
    assert!(app.world().contains_resource::<SaveSlot>());
    let recording = delve_core::save::encode_recording(game(&app)).unwrap();
    let (verdict, _) = delve_core::save::verify(&recording).unwrap();
    assert!(verdict.ok());
    assert_eq!(
        delve_core::save::verify_branch(&recording, &bytes).unwrap(),
        delve_core::save::BranchCheck::Matches
    );
}

#[test]
fn a_past_runs_ghost_is_raced_from_its_story() {
    use delve::screens::playing::race::{GhostSprite, Racing};
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    let past = retired_run(&store, 4, 300);
    let history = History::from_text(&store.read(Slot::History).unwrap().unwrap()).unwrap();
    let id = history.runs[0].id.clone().expect("its recording is kept");
    let bytes = store.read(Slot::Recording(id.parse().unwrap())).unwrap().unwrap();
    let mut app = title_app(&store);
    for _ in 0..3 {
        press(&mut app, KeyCode::ArrowDown, "");
    }
    press(&mut app, KeyCode::Enter, "\r");
    press(&mut app, KeyCode::Enter, "\r");
    assert!(shows(&mut app, "Race its ghost"), "{:?}", texts(&mut app));
    press(&mut app, KeyCode::ArrowDown, "");
    press(&mut app, KeyCode::Enter, "\r");
    app.update();
    // A new run of the same dungeon, in play, racing the past run's ghost.
    assert_eq!(state(&app), GameState::Playing);
    assert_eq!(
        *app.world().resource::<State<delve::state::Session>>().get(),
        delve::state::Session::Play
    );
    assert_eq!(turns(&app), 0);
    assert_eq!(game(&app).spec(), past.spec());
    assert_eq!(game(&app).lineage().ghost, Some(delve_core::save::digest(&bytes)));
    assert!(app.world().contains_resource::<Racing>());
    // The ghost is drawn where its recording stood on this run's turn, as the core's ghost says.
    let ghost = delve_core::run::ghost::Ghost::of(past.spec(), past.recording().unwrap()).unwrap();
    for _ in 0..12 {
        act(&mut app, PlayerCommand::Wait);
        let turn = turns(&app);
        let (depth, at) = ghost.at(turn);
        let mut sprites = app
            .world_mut()
            .query_filtered::<(&Transform, &Visibility), With<GhostSprite>>();
        let (transform, visibility) = sprites.single(app.world()).unwrap();
        let map = &game(&app).dungeon().level().map;
        assert_eq!(depth, 1);
        assert_eq!(*visibility, Visibility::Inherited);
        assert_eq!(
            transform.translation.truncate(),
            delve::render::space::world_pos(map, at),
            "turn {turn}"
        );
    }
    // The splits: both began on level 1 on turn 0.
    let racing = app.world().resource::<Racing>();
    assert_eq!(racing.mine[0], Some(0));
    assert!(racing.lines(turns(&app)).starts_with("Racing your past run: on depth"));
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

#[test]
fn esc_on_the_summary_goes_back_to_the_title_and_never_quits() {
    let mut app = keyboard_app(ROOMS, |app| {
        app.add_plugins(delve::screens::plugin);
    });
    act(&mut app, PlayerCommand::Wait);
    app.world_mut()
        .resource_mut::<NextState<GameState>>()
        .set(GameState::Ended);
    app.update();
    assert_eq!(state(&app), GameState::Ended);
    assert!(shows(&mut app, "Esc  back to the title"), "{:?}", texts(&mut app));
    tap(&mut app, KeyCode::Escape);
    app.update();
    assert!(app.should_exit().is_none(), "Esc quit the program");
    assert_eq!(state(&app), GameState::Title);
}

#[test]
fn a_pointer_left_where_it_was_draws_no_way_until_it_moves() {
    let mut app = keyboard_app(ROOMS, |app| {
        app.add_plugins((delve::render::camera::plugin, delve::screens::playing::pointer::plugin));
    });
    let target = Pos::new(4, 3);
    let (camera, scale) = {
        let w = app.world_mut();
        let (t, p) = w
            .query_filtered::<(&Transform, &Projection), With<delve::render::GameCamera>>()
            .single(w)
            .unwrap();
        let Projection::Orthographic(o) = p else {
            panic!("an orthographic camera")
        };
        (t.translation.truncate(), o.scale)
    };
    let map = game(&app).dungeon().level().map.clone();
    let world = delve::render::space::world_pos(&map, target);
    let set_cursor = |app: &mut App, nudge: f32| {
        let mut window = app
            .world_mut()
            .query_filtered::<&mut Window, With<PrimaryWindow>>()
            .single_mut(app.world_mut())
            .unwrap();
        let size = Vec2::new(window.width(), window.height());
        let off = (world - camera) / scale;
        window.set_cursor_position(Some(size / 2.0 + Vec2::new(off.x + nudge, -off.y)));
    };
    set_cursor(&mut app, 0.0);
    app.update();
    assert_eq!(
        app.world().resource::<Hovered>().path.len(),
        3,
        "a moved pointer shows the way"
    );
    // Play begins again (the next run, say) with the pointer where it was: no way is drawn.
    app.world_mut()
        .resource_mut::<NextState<GameState>>()
        .set(GameState::Ended);
    app.update();
    app.world_mut()
        .resource_mut::<NextState<GameState>>()
        .set(GameState::Playing);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(state(&app), GameState::Playing);
    assert!(app.world().resource::<Hovered>().path.is_empty(), "a way drawn at once");
    // The pointer moves: the way is drawn again.
    set_cursor(&mut app, 1.0);
    app.update();
    assert!(!app.world().resource::<Hovered>().path.is_empty());
}

//! The tutorial in the game, headless: the title offers it to a newcomer and starts it; its first
//! lesson is played by the player's commands, each prompt said when the last is done and shown on
//! the bar with the keys as bound; its stairs lead to the next lesson; a death begins a lesson
//! again; Esc twice leaves it for the title at any point; nothing of it is saved, put in the
//! history or kept as a feat. (The whole tutorial, played by its prompts: delve-core's
//! tests/tutorial.rs.)

mod support;

use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::window::PrimaryWindow;
use delve::assets::GameAssets;
use delve::player::command::PlayerCommand;
use delve::save::{SaveStore, Slot, Store};
use delve::screens::playing::tutorial::Lessons;
use delve::state::{GameState, Session};
use delve::turn::Game;
use delve_core::geom::{Dir8, Pos};
use delve_core::world::{Kind, Mind, Monster};
use support::{act, game, player_at, press, shows, state, texts};

/// The whole game without a window on the title screen, read from the keyboard, keeping what it
/// keeps in `store`.
fn title_app(store: &Store) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, InputPlugin, StatesPlugin))
        .insert_state(GameState::Title)
        .insert_resource(SaveStore(store.clone()))
        .insert_resource(GameAssets {
            tileset: Handle::default(),
            layout: Handle::default(),
        })
        .insert_resource(delve::player::LastLook(std::time::Duration::ZERO))
        .add_plugins(delve::app::headless_plugin)
        .add_plugins((
            delve::screens::title::plugin,
            delve::screens::playing::tutorial::bar_plugin,
            delve::player::input::plugin,
            delve::settings::keyboard::plugin,
        ));
    app.world_mut().spawn((Window::default(), PrimaryWindow));
    app.update();
    app
}

fn session(app: &App) -> Session {
    *app.world().resource::<State<Session>>().get()
}

/// The tutorial, begun from the title's last row but Quit.
fn start(store: &Store) -> App {
    let mut app = title_app(store);
    press(&mut app, KeyCode::End, "");
    press(&mut app, KeyCode::ArrowUp, "");
    press(&mut app, KeyCode::Enter, "\r");
    app.update();
    assert_eq!((state(&app), session(&app)), (GameState::Playing, Session::Tutorial));
    app
}

fn lesson(app: &App) -> (usize, usize) {
    let t = app.world().resource::<Lessons>().tutorial();
    (t.number(), t.prompt_number())
}

fn said(app: &App, start: &str) -> bool {
    game(app).log().lines().any(|(_, l)| l.starts_with(start))
}

/// Steps towards `to` along a row or a column (bumping a door opens it) until there.
fn walk(app: &mut App, to: Pos) {
    for _ in 0..40 {
        let at = player_at(app);
        if at == to {
            return;
        }
        let d = Pos::new((to.x - at.x).signum(), (to.y - at.y).signum());
        let dir = Dir8::between(Pos::new(0, 0), d).unwrap();
        act(app, PlayerCommand::Step(dir));
    }
    panic!("did not reach {to:?}: at {:?}", player_at(app));
}

#[test]
fn a_newcomer_is_offered_the_tutorial_and_its_first_lesson_leads_to_the_second() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    let mut app = title_app(&store);
    assert!(shows(&mut app, "New to Delve?"), "{:?}", texts(&mut app));
    assert!(shows(&mut app, "Learn to play: the tutorial (start here)"));
    drop(app);
    let mut app = start(&store);
    assert_eq!(lesson(&app), (0, 0));
    assert!(said(&app, "Lesson 1 of 5: Moving, doors and keys."));
    // The prompt names the keys as bound (the arrows), on the bar and in the log.
    assert!(
        said(&app, "Welcome! Move with Up, Left, Down, Right (and the diagonals)"),
        "{:?}",
        game(&app).log().lines().collect::<Vec<_>>()
    );
    assert!(
        shows(&mut app, "LESSON 1 of 5: Moving, doors and keys"),
        "{:?}",
        texts(&mut app)
    );
    // It waits: a turn that does not open the door leaves it.
    act(&mut app, PlayerCommand::Wait);
    assert_eq!(lesson(&app), (0, 0));
    // The door opened (walked into), the corridor, the key, the locked door, the stairs.
    walk(&mut app, Pos::new(7, 2));
    assert_eq!(lesson(&app).1, 1, "the door is open");
    assert!(said(&app, "Walking into a closed door opens it."));
    walk(&mut app, Pos::new(14, 2));
    walk(&mut app, Pos::new(14, 6));
    assert_eq!(lesson(&app).1, 3, "the key taken");
    walk(&mut app, Pos::new(14, 2));
    walk(&mut app, Pos::new(20, 2));
    assert_eq!(lesson(&app).1, 4, "the locked door open");
    assert!(
        shows(&mut app, "press > to go down to the next lesson"),
        "{:?}",
        texts(&mut app)
    );
    walk(&mut app, Pos::new(23, 2));
    act(&mut app, PlayerCommand::Descend);
    app.update();
    assert_eq!(lesson(&app), (1, 0), "the stairs lead to the second lesson");
    assert_eq!((state(&app), session(&app)), (GameState::Playing, Session::Tutorial));
    assert!(said(&app, "Lesson 2 of 5: Exploring and travel."));
    assert_eq!(game(&app).turn(), 0, "a lesson of its own");
    // Nothing of it is kept: no save, no history, no feats.
    assert!(store.runs().unwrap().is_empty(), "a lesson is never saved");
    assert_eq!(store.read(Slot::History).unwrap(), None, "nor put in the history");
    assert_eq!(store.read(Slot::Feats).unwrap(), None, "nor earns feats");
    // Begun once, the title no longer points newcomers to it; it stays on the menu.
    app.world_mut()
        .resource_mut::<NextState<GameState>>()
        .set(GameState::Title);
    app.update();
    app.update();
    assert!(!shows(&mut app, "New to Delve?"), "{:?}", texts(&mut app));
    assert!(shows(&mut app, "Learn to play (the tutorial)"));
}

#[test]
fn esc_twice_leaves_the_tutorial_for_the_title() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    let mut app = start(&store);
    press(&mut app, KeyCode::Escape, "");
    assert_eq!(state(&app), GameState::Playing, "Esc asks first");
    assert!(
        shows(&mut app, "Leave the tutorial? Esc again leaves"),
        "{:?}",
        texts(&mut app)
    );
    press(&mut app, KeyCode::Escape, "");
    app.update();
    assert_eq!(state(&app), GameState::Title, "skipped");
    assert!(store.runs().unwrap().is_empty());
    assert_eq!(store.read(Slot::History).unwrap(), None);
}

#[test]
fn a_death_begins_the_lesson_again() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    let mut app = start(&store);
    let first = game(&app).state_hash();
    {
        let mut game = app.world_mut().resource_mut::<Game>();
        game.player_mut().health.hp = 1;
        let at = game.player().at;
        let level = game.dungeon_mut().level_mut();
        let id = level.next_monster_id();
        level.monsters.push(Monster::new(
            id,
            Kind::Ogre,
            Pos::new(at.x + 1, at.y),
            Mind::Hunting {
                target: at,
                patience: 20,
            },
        ));
    }
    for _ in 0..100 {
        act(&mut app, PlayerCommand::Wait);
        if said(&app, "You were killed: the lesson begins again.") {
            break;
        }
    }
    assert!(said(&app, "You were killed: the lesson begins again."));
    assert_eq!(
        (state(&app), session(&app)),
        (GameState::Playing, Session::Tutorial),
        "no summary"
    );
    assert_eq!(lesson(&app), (0, 0));
    assert_eq!(game(&app).state_hash(), first, "the lesson as it began");
}

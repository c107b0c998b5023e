//! Rules of play, headless: a `MinimalPlugins` app with Delve's window-free plugins, driven by
//! `PlayerCommand`s (and, in one test, by real key presses through leafwing-input-manager).

mod support;

use std::collections::HashSet;

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

use delve::actor::Player;
use delve::assets::tiles;
use delve::player::command::PlayerCommand;
use delve::turn::Game;
use delve::ui::palette::{REMEMBERED, grain, lit};
use delve_core::dungeon::Dungeon;
use delve_core::fov::{DEFAULT_RADIUS, LevelMemory, Viewshed, visible_tiles};
use delve_core::generation::GenParams;
use delve_core::geom::Dir8;
use delve_core::geom::Pos;
use delve_core::map::{DoorState, Tile, TileMap, parse_ascii};

fn app_on(dungeon: Dungeon) -> App {
    delve::app::headless_app(dungeon)
}

fn app_with_map(text: &str) -> App {
    app_on(Dungeon::premade(parse_ascii(text.as_bytes()).unwrap()))
}

fn act(app: &mut App, command: PlayerCommand) {
    app.world_mut().write_message(command);
    app.update();
}

fn step(app: &mut App, dir: Dir8) {
    act(app, PlayerCommand::Step(dir));
}

fn player(app: &mut App) -> Pos {
    app.world().resource::<Game>().player().at
}

fn turns(app: &App) -> u64 {
    app.world().resource::<Game>().turn()
}

/// The newest line of the message log: what the HUD shows last.
fn message(app: &App) -> String {
    let log = &app.world().resource::<Game>().log();
    log.last().map_or_else(String::new, |(_, line)| line.clone())
}

fn door_state(app: &App, at: Pos) -> DoorState {
    match map(app).tile(at) {
        Tile::Door(s) => s,
        t => panic!("no door at {at:?}: {t:?}"),
    }
}

fn map(app: &App) -> &TileMap {
    &app.world().resource::<Game>().dungeon().level().map
}

/// The colour a tile in view at `p` is drawn in: its light's, steady.
fn in_light(app: &App, p: Pos) -> Color {
    grain(lit(app.world().resource::<Game>().light().at(p), 1.0), p)
}

fn viewshed(app: &mut App) -> Viewshed {
    app.world().resource::<Game>().sight().clone()
}

/// What the player remembers of the current level.
fn memory(app: &mut App) -> LevelMemory {
    let game = app.world().resource::<Game>();
    game.player().memory.level(game.dungeon().depth()).unwrap().clone()
}

const ROOMS: &str = "\
##########
#@...#...#
#....+...#
#....#...#
##########
";

#[test]
fn moving_takes_a_turn_walls_block_and_do_not() {
    let mut app = app_with_map(ROOMS);
    assert_eq!(player(&mut app), Pos::new(1, 1));
    step(&mut app, Dir8::E);
    assert_eq!((player(&mut app), turns(&app)), (Pos::new(2, 1), 1));
    step(&mut app, Dir8::SE);
    assert_eq!((player(&mut app), turns(&app)), (Pos::new(3, 2), 2));
    step(&mut app, Dir8::N);
    step(&mut app, Dir8::N);
    assert_eq!(player(&mut app), Pos::new(3, 1), "the wall stops the second step");
    assert_eq!(turns(&app), 3, "bumping a wall takes no turn");
    assert_eq!(message(&app), "There is a wall in the way.");
    act(&mut app, PlayerCommand::Wait);
    assert_eq!((player(&mut app), turns(&app)), (Pos::new(3, 1), 4));
}

#[test]
fn bumping_a_closed_door_opens_it_then_walking_through() {
    let mut app = app_with_map(ROOMS);
    let door = Pos::new(5, 2);
    for d in [Dir8::SE, Dir8::E, Dir8::E] {
        step(&mut app, d);
    }
    assert_eq!(player(&mut app), Pos::new(4, 2));
    assert_eq!(door_state(&app, door), DoorState::Closed);
    step(&mut app, Dir8::E);
    assert_eq!(
        player(&mut app),
        Pos::new(4, 2),
        "opening is the turn; the player stays"
    );
    assert_eq!(door_state(&app, door), DoorState::Open);
    assert_eq!(map(&app).tile(door), Tile::Door(DoorState::Open));
    assert_eq!(message(&app), "The door opens.");
    assert_eq!(turns(&app), 4);
    step(&mut app, Dir8::E);
    step(&mut app, Dir8::E);
    assert_eq!(player(&mut app), Pos::new(6, 2));
}

#[test]
fn no_diagonal_steps_into_or_out_of_doorways() {
    let mut app = app_with_map("##########\n#....'...#\n#...@#...#\n##########\n");
    step(&mut app, Dir8::NE);
    assert_eq!(player(&mut app), Pos::new(4, 2));
    assert_eq!(turns(&app), 0);
    assert!(message(&app).contains("diagonally"));
    step(&mut app, Dir8::N);
    step(&mut app, Dir8::E);
    assert_eq!(player(&mut app), Pos::new(5, 1), "straight into the doorway is fine");
    step(&mut app, Dir8::SE);
    assert_eq!(player(&mut app), Pos::new(5, 1), "and no diagonal step out of it");
    step(&mut app, Dir8::E);
    assert_eq!(player(&mut app), Pos::new(6, 1));
}

#[test]
fn closing_doors() {
    let mut app = app_with_map("#########\n#...'...#\n#.@.#...#\n#..'#...#\n#########\n");
    // Two open doors in reach: the game asks which.
    step(&mut app, Dir8::E);
    assert_eq!(player(&mut app), Pos::new(3, 2));
    let focus = |app: &App| *app.world().resource::<State<delve::state::Focus>>().get();
    act(&mut app, PlayerCommand::CloseDoor);
    assert!(message(&app).starts_with("Close which door?"), "{}", message(&app));
    app.update();
    assert_eq!(
        focus(&app),
        delve::state::Focus::Choose,
        "the question has the keyboard"
    );
    act(&mut app, PlayerCommand::Cancel);
    assert_eq!(message(&app), "Never mind.");
    app.update();
    assert_eq!(focus(&app), delve::state::Focus::Map);
    assert_eq!(turns(&app), 1);
    act(&mut app, PlayerCommand::CloseDoor);
    step(&mut app, Dir8::NE);
    assert_eq!(door_state(&app, Pos::new(4, 1)), DoorState::Closed);
    assert_eq!(message(&app), "You close the door.");
    assert_eq!(
        player(&mut app),
        Pos::new(3, 2),
        "the direction picked the door; the player did not move"
    );
    assert_eq!(turns(&app), 2);
    // Now only one open door is next to the player: closed without asking.
    act(&mut app, PlayerCommand::CloseDoor);
    assert_eq!(door_state(&app, Pos::new(3, 3)), DoorState::Closed);
    assert_eq!(turns(&app), 3);
    act(&mut app, PlayerCommand::CloseDoor);
    assert_eq!(message(&app), "There is no open door next to you.");
    assert_eq!(turns(&app), 3);
    // A closed door blocks movement until it is bumped open again.
    step(&mut app, Dir8::S);
    assert_eq!(player(&mut app), Pos::new(3, 2));
    assert_eq!(door_state(&app, Pos::new(3, 3)), DoorState::Open);
}

#[test]
fn a_door_cannot_close_on_something_standing_in_it() {
    let mut app = app_with_map("#######\n#.@'..#\n#######\n");
    let kind = delve_core::world::Kind::Rat;
    app.world_mut()
        .resource_mut::<Game>()
        .dungeon_mut()
        .level_mut()
        .monsters
        .push(delve_core::world::Monster {
            id: 0,
            kind,
            at: Pos::new(3, 1),
            hp: kind.stats().max_hp,
            energy: 0,
            mind: delve_core::world::Mind::Asleep,
            champion: None,
        });
    act(&mut app, PlayerCommand::CloseDoor);
    assert_eq!(message(&app), "Something is in the way.");
    assert_eq!(door_state(&app, Pos::new(3, 1)), DoorState::Open);
    assert_eq!(turns(&app), 0);
}

#[test]
fn locked_doors_stay_shut() {
    let mut app = app_with_map("#######\n#.@*..#\n#######\n");
    step(&mut app, Dir8::E);
    assert_eq!(message(&app), "The door is locked.");
    assert_eq!((player(&mut app), turns(&app)), (Pos::new(2, 1), 0));
}

fn visible_set(app: &mut App) -> HashSet<Pos> {
    viewshed(app).visible().iter().copied().collect()
}

#[test]
fn fov_follows_every_turn_and_explored_never_shrinks() {
    let mut app = app_on(
        Dungeon::new(GenParams {
            seed: 8,
            ..GenParams::default()
        })
        .unwrap(),
    );
    let mut explored_before = memory(&mut app).explored_count();
    assert!(explored_before > 0, "the start is seen on the first update");
    let dirs = [
        Dir8::E,
        Dir8::E,
        Dir8::S,
        Dir8::S,
        Dir8::W,
        Dir8::N,
        Dir8::NE,
        Dir8::SE,
        Dir8::E,
        Dir8::E,
    ];
    for (i, &d) in dirs.iter().cycle().take(60).enumerate() {
        let before = memory(&mut app);
        step(&mut app, d);
        let here = player(&mut app);
        let expected: HashSet<Pos> = visible_tiles(map(&app), here, DEFAULT_RADIUS).into_iter().collect();
        assert_eq!(
            visible_set(&mut app),
            expected,
            "turn {i}: the view is recomputed from {here:?}"
        );
        let now = memory(&mut app);
        assert!(
            before
                .tiles()
                .iter()
                .zip(now.tiles())
                .all(|(b, n)| b.is_none() || n.is_some()),
            "explored tiles stay explored"
        );
        assert!(
            expected.iter().all(|&p| now.get(p) == Some(map(&app).tile(p))),
            "everything in view is remembered as it is"
        );
        explored_before = explored_before.max(now.explored_count());
    }
    assert!(explored_before > 40);
}

#[test]
fn closing_a_door_hides_the_room_behind_it() {
    let mut app = app_with_map("############\n#....#.....#\n#...@'.....#\n#....#.....#\n############\n");
    let behind = Pos::new(8, 2);
    assert!(visible_set(&mut app).contains(&behind), "seen through the open door");
    act(&mut app, PlayerCommand::CloseDoor);
    let seen = visible_set(&mut app);
    assert!(!seen.contains(&behind), "the closed door blocks sight");
    assert!(seen.contains(&Pos::new(5, 2)), "the door itself is seen");
    assert!(memory(&mut app).is_explored(behind), "but the room is remembered");
}

#[test]
fn tile_looks_follow_the_view() {
    let mut app = app_with_map("##############\n#@...#.......#\n#....+.......#\n#....#.......#\n##############\n");
    let look = |app: &mut App, p: Pos| delve::render::drawn_at(app.world_mut(), p).map(|(i, c)| (i, c, true));
    assert_eq!(
        look(&mut app, Pos::new(2, 2)),
        Some((tiles::ROOTED_FLOOR, in_light(&app, Pos::new(2, 2)), true)),
        "in view: drawn in its light"
    );
    assert_eq!(look(&mut app, Pos::new(8, 2)), None, "never seen: no tile at all");
    assert_eq!(look(&mut app, Pos::new(5, 2)).unwrap().0, tiles::DOOR_CLOSED);
    // Walk to the door, open it, look into the room, then step back out of sight of it.
    for d in [Dir8::SE, Dir8::E, Dir8::E, Dir8::E] {
        step(&mut app, d);
    }
    assert_eq!(
        look(&mut app, Pos::new(5, 2)),
        Some((tiles::DOOR_OPEN, in_light(&app, Pos::new(5, 2)), true))
    );
    assert_eq!(
        look(&mut app, Pos::new(8, 2)),
        Some((tiles::ROOTED_FLOOR, in_light(&app, Pos::new(8, 2)), true)),
        "first seen: its tile is made"
    );
    act(&mut app, PlayerCommand::CloseDoor);
    assert_eq!(look(&mut app, Pos::new(5, 2)).unwrap().0, tiles::DOOR_CLOSED);
    assert_eq!(
        look(&mut app, Pos::new(8, 2)),
        Some((tiles::ROOTED_FLOOR, grain(REMEMBERED, Pos::new(8, 2)), true)),
        "remembered: dimmed"
    );
}

#[test]
fn tiles_are_made_only_for_what_has_been_seen() {
    // A tile drawn for every tile in view or remembered, on every turn, and no other: never-seen
    // tiles are not drawn, and no chunk is made until something in it is seen.
    let mut app = app_with_map(
        "##################\n#@.....#.........#\n#......+.........#\n#......#.........#\n##################\n",
    );
    let tile_count = |app: &mut App| delve::render::drawn(app.world_mut()).len();
    let seen = |app: &mut App| {
        let (memory, view) = (memory(app), viewshed(app));
        (0..memory.tiles().len())
            .map(|i| map(app).pos_of(i))
            .filter(|&p| memory.is_explored(p) || view.is_visible(p))
            .count()
    };
    let at_start = tile_count(&mut app);
    assert_eq!(at_start, seen(&mut app));
    assert!(
        at_start < map(&app).tiles().len() / 2,
        "the room behind the door is not seen yet"
    );
    // To the door, bump it open, step into it: the second room comes into view.
    for d in [Dir8::SE, Dir8::E, Dir8::E, Dir8::E, Dir8::E, Dir8::E, Dir8::E] {
        step(&mut app, d);
        let expected = seen(&mut app);
        assert_eq!(tile_count(&mut app), expected, "after {} turns", turns(&app));
    }
    assert_eq!(player(&mut app), Pos::new(7, 2), "in the doorway");
    assert!(tile_count(&mut app) > at_start, "walking on shows more of the map");
}

/// Key to screen: the frame that reads a key press plays its turn and updates everything that
/// shows it (the player's sprite, every tile in view) before it is drawn: the press is on screen
/// in the next frame drawn, and the game measures it so (0 frames after the one that read it).
#[test]
fn a_key_press_is_on_screen_in_the_frame_that_reads_it() {
    let mut app = support::keyboard_app(ROOMS, |app| {
        app.add_plugins((delve::render::sprites::plugin, delve::render::glide::plugin));
    });
    let press = |app: &mut App, key: KeyCode| {
        key.press(app.world_mut());
        app.update();
        key.release(app.world_mut());
        app.update();
    };
    // To the door, and bump it open.
    for key in [
        KeyCode::ArrowRight,
        KeyCode::ArrowRight,
        KeyCode::ArrowRight,
        KeyCode::ArrowDown,
        KeyCode::ArrowRight,
    ] {
        press(&mut app, key);
    }
    assert_eq!(player(&mut app), Pos::new(4, 2));
    let before: HashSet<Pos> = viewshed(&mut app).visible().iter().copied().collect();
    // One frame: the step into the doorway is read, played, and shown.
    KeyCode::ArrowRight.press(app.world_mut());
    app.update();
    assert_eq!(player(&mut app), Pos::new(5, 2), "in the doorway");
    let map = app.world().resource::<Game>().dungeon().level().map.clone();
    let at = |p: Pos| delve::render::space::world_pos(&map, p);
    let sprite = |app: &mut App| {
        app.world_mut()
            .query_filtered::<(&Transform, Option<&delve::render::glide::Glide>), With<Player>>()
            .single(app.world())
            .map(|(t, g)| (t.translation.truncate(), g.map(|g| g.to().truncate())))
            .unwrap()
    };
    assert_eq!(sprite(&mut app).1, Some(at(Pos::new(5, 2))), "the sprite glides there");
    // A key pressed mid-glide plays at once: the next step is taken in the next frame, and the
    // sprite glides on toward it from where it is drawn.
    KeyCode::ArrowRight.release(app.world_mut());
    app.update();
    KeyCode::ArrowRight.press(app.world_mut());
    app.update();
    assert_eq!(player(&mut app), Pos::new(6, 2), "the step played mid-glide");
    assert_eq!(sprite(&mut app).1, Some(at(Pos::new(6, 2))));
    // The glide is over well within a tenth of a second: the sprite stands on its tile.
    std::thread::sleep(std::time::Duration::from_millis(120));
    app.update();
    assert_eq!(sprite(&mut app), (at(Pos::new(6, 2)), None), "the sprite stands there");
    let view = viewshed(&mut app);
    assert!(
        view.visible().iter().any(|p| !before.contains(p)),
        "the step shows more"
    );
    for &p in view.visible() {
        let tile = delve::render::drawn_at(app.world_mut(), p);
        assert_eq!(
            tile.map(|(_, colour)| colour),
            Some(in_light(&app, p)),
            "{p:?} drawn in view"
        );
    }
    let shown = *app.world().resource::<delve::player::KeyToScreen>();
    assert_eq!(shown.frames, Some(0), "on screen in the frame that read the key");
}

#[test]
fn arrow_keys_and_vi_keys_move_the_player() {
    let mut app = support::keyboard_app(ROOMS, |_| {});
    KeyCode::ArrowRight.press(app.world_mut());
    app.update();
    KeyCode::ArrowRight.release(app.world_mut());
    app.update();
    assert_eq!(player(&mut app), Pos::new(2, 1));
    KeyCode::KeyJ.press(app.world_mut());
    app.update();
    KeyCode::KeyJ.release(app.world_mut());
    app.update();
    assert_eq!(player(&mut app), Pos::new(2, 2));
    KeyCode::KeyN.press(app.world_mut());
    app.update();
    assert_eq!(player(&mut app), Pos::new(3, 3), "n is south-east");
    assert_eq!(turns(&app), 3);
    KeyCode::KeyN.release(app.world_mut());
    app.update();
    // A tap within one frame (pressed and released before the frame runs) is one step.
    KeyCode::KeyK.press(app.world_mut());
    KeyCode::KeyK.release(app.world_mut());
    app.update();
    app.update();
    assert_eq!(
        (player(&mut app), turns(&app)),
        (Pos::new(3, 2), 4),
        "a quick tap is a step"
    );
    // Shift+. is `>`: off the stairs it would travel to them, but none are known here; and it
    // is not also a wait.
    KeyCode::ShiftLeft.press(app.world_mut());
    KeyCode::Period.press(app.world_mut());
    app.update();
    KeyCode::Period.release(app.world_mut());
    KeyCode::ShiftLeft.release(app.world_mut());
    app.update();
    assert_eq!(turns(&app), 4, "no turn taken");
    assert!(
        message(&app).contains("don't know of any stairs down"),
        "{}",
        message(&app)
    );
    KeyCode::Period.press(app.world_mut());
    KeyCode::Period.release(app.world_mut());
    app.update();
    app.update();
    assert_eq!(turns(&app), 5, "a bare . waits");
}

/// Frames until every key event the window gave has been played (each frame plays one press).
fn play_out_keys(app: &mut App) {
    for _ in 0..20 {
        app.update();
        if app.world().resource::<delve::player::KeyQueue>().waiting() == 0 {
            app.update();
            return;
        }
    }
    panic!("the key events were never all played");
}

/// Every press is a turn, however quick and however slow the frame: the window's key events are
/// played in order, not folded into what is held when the frame runs (on a slow frame a tap,
/// or two, come and go between frames: the browser's end-to-end test lost 7 of 120 presses so).
#[test]
fn every_press_counts_however_quick_the_press_and_slow_the_frame() {
    let mut app = support::keyboard_app(ROOMS, |_| {});
    // Two taps of one key between two frames: two turns, not one.
    for _ in 0..2 {
        KeyCode::Period.press(app.world_mut());
        KeyCode::Period.release(app.world_mut());
    }
    play_out_keys(&mut app);
    assert_eq!(turns(&app), 2, "two quick taps of . are two waits");
    // A tap between two frames, then the same key tapped again before the next frame: the
    // second tap is no less a press for the first being shown still.
    KeyCode::KeyL.press(app.world_mut());
    KeyCode::KeyL.release(app.world_mut());
    app.update();
    KeyCode::KeyL.press(app.world_mut());
    app.update();
    KeyCode::KeyL.release(app.world_mut());
    play_out_keys(&mut app);
    assert_eq!(
        (player(&mut app), turns(&app)),
        (Pos::new(3, 1), 4),
        "l, l: two steps east"
    );
    // Three different keys between two frames: each a step, in the order they were pressed.
    for key in [KeyCode::KeyJ, KeyCode::KeyH, KeyCode::KeyJ] {
        key.press(app.world_mut());
        key.release(app.world_mut());
    }
    play_out_keys(&mut app);
    assert_eq!(
        (player(&mut app), turns(&app)),
        (Pos::new(2, 3), 7),
        "j, h, j in that order"
    );
    // A chord pressed and let go between two frames is still a chord: Shift+. (travel to the
    // stairs down, none known here) takes no turn, and is not also a wait.
    KeyCode::ShiftLeft.press(app.world_mut());
    KeyCode::Period.press(app.world_mut());
    KeyCode::Period.release(app.world_mut());
    KeyCode::ShiftLeft.release(app.world_mut());
    play_out_keys(&mut app);
    assert_eq!(turns(&app), 7, "Shift+. is no wait");
    assert!(
        message(&app).contains("don't know of any stairs down"),
        "{}",
        message(&app)
    );
    // A held key is one press (the game's own repeat moves it on, not the window's).
    KeyCode::KeyK.press(app.world_mut());
    app.update();
    app.world_mut().write_message(bevy::input::keyboard::KeyboardInput {
        key_code: KeyCode::KeyK,
        logical_key: bevy::input::keyboard::Key::Character("k".into()),
        state: bevy::input::ButtonState::Pressed,
        text: None,
        repeat: true,
        window: Entity::PLACEHOLDER,
    });
    app.update();
    KeyCode::KeyK.release(app.world_mut());
    play_out_keys(&mut app);
    assert_eq!(
        (player(&mut app), turns(&app)),
        (Pos::new(2, 2), 8),
        "k held briefly: one step"
    );
}

/// A tap is one step however far Bevy's clock leaps between frames (it does, in a window that
/// was idle: the first frames are handed the time of the last frame drawn), and a key held past
/// the repeat delay by the hold clock, the wall clock in play, moves on.
#[test]
fn a_tap_is_one_step_however_time_leaps_and_a_held_move_repeats() {
    use bevy::time::TimeUpdateStrategy;
    use delve::player::input::HoldClock;
    use std::time::Duration;
    let mut app = support::keyboard_app(ROOMS, |app| {
        app.insert_resource(HoldClock::manual())
            .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs(2)));
    });
    let hold = |app: &mut App, ms: u64| {
        app.world_mut()
            .resource_mut::<HoldClock>()
            .advance(Duration::from_millis(ms));
        app.update();
    };
    KeyCode::KeyL.press(app.world_mut());
    app.update();
    hold(&mut app, 0);
    hold(&mut app, 250);
    assert_eq!(
        turns(&app),
        1,
        "down for a quarter of a second: one step, though Time leapt 6 s"
    );
    hold(&mut app, 60);
    assert_eq!(turns(&app), 2, "held past the delay, it repeats");
    hold(&mut app, 90);
    assert_eq!((turns(&app), support::player_at(&app)), (3, Pos::new(4, 1)));
    KeyCode::KeyL.release(app.world_mut());
    hold(&mut app, 1000);
    assert_eq!(turns(&app), 3, "let go, it stops");
}

/// A key still held when play begins again (here `l`, held through leaving play and coming back,
/// as `n` on the summary asks for a new run or F2 leaves the lab) is no press of the new play:
/// no step is taken for it until it is let go and pressed again.
#[test]
fn a_key_held_into_play_is_not_a_press_there() {
    use delve::state::GameState;
    let mut app = support::keyboard_app(ROOMS, |_| {});
    KeyCode::KeyL.press(app.world_mut());
    app.update();
    assert_eq!(turns(&app), 1, "l steps east");
    for state in [GameState::Ended, GameState::Playing] {
        app.world_mut().resource_mut::<NextState<GameState>>().set(state);
        app.update();
    }
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(turns(&app), 1, "the l held into play again is no step");
    KeyCode::KeyL.release(app.world_mut());
    app.update();
    KeyCode::KeyL.press(app.world_mut());
    app.update();
    assert_eq!(turns(&app), 2, "pressed again, it is");
}

/// A key press as the window reports it: where the key is, and what it types.
fn type_key(app: &mut App, code: KeyCode, text: &str, state: bevy::input::ButtonState) {
    use bevy::input::keyboard::{Key, KeyboardInput};
    let window = app.world_mut().spawn_empty().id();
    app.world_mut().write_message(KeyboardInput {
        key_code: code,
        logical_key: Key::Character(text.into()),
        state,
        text: None,
        repeat: false,
        window,
    });
}

#[test]
fn letter_commands_follow_the_letter_on_the_key() {
    use bevy::input::ButtonState::{Pressed, Released};
    use delve::action::Action;
    let mut app = support::keyboard_app(ROOMS, |_| {});
    let overview = |app: &mut App| {
        let w = app.world_mut();
        let actions = w
            .query_filtered::<&ActionState<Action>, With<Player>>()
            .single(w)
            .unwrap();
        actions.pressed(&Action::Overview)
    };
    // AZERTY: the key QWERTY calls Semicolon types `m`. Its very first press opens the overview.
    type_key(&mut app, KeyCode::Semicolon, "m", Pressed);
    app.update();
    assert!(overview(&mut app), "the key that types m is the overview key");
    type_key(&mut app, KeyCode::Semicolon, "m", Released);
    app.update();
    // And QWERTY's M key, which types `,` there, no longer is.
    type_key(&mut app, KeyCode::KeyM, ",", Pressed);
    app.update();
    assert!(!overview(&mut app), "the key that types , is not");
    type_key(&mut app, KeyCode::KeyM, ",", Released);
    app.update();
}

#[test]
fn e_searches_and_finds_a_secret_door() {
    let mut app = support::keyboard_app("#######\n#@S..##\n#######\n", |_| {});
    KeyCode::KeyE.press(app.world_mut());
    app.update();
    KeyCode::KeyE.release(app.world_mut());
    app.update();
    assert_eq!(turns(&app), 1, "a search is a turn");
    assert_eq!(message(&app), "You find a secret door!");
    assert_eq!(map(&app).tile(Pos::new(2, 1)), Tile::Door(DoorState::Closed));
    assert!(!support::game(&app).player().sneaking, "a search is no sneak");
    // `s` sneaks.
    KeyCode::KeyS.press(app.world_mut());
    app.update();
    KeyCode::KeyS.release(app.world_mut());
    app.update();
    assert!(support::game(&app).player().sneaking);
}

/// A blow that lands nudges the sprite it hits (and the sprite comes back to its tile); a
/// monster killed leaves remains on its tile, which fade and go after `remains::LASTS` turns.
#[test]
fn a_blow_nudges_what_it_hits_and_a_death_leaves_remains() {
    use delve::render::glide::Nudge;
    use delve::render::monsters::MonsterSprite;
    use delve::render::remains::{LASTS, Remains};
    use delve_core::world::{Kind, Mind, Monster};
    let mut app = support::keyboard_app(ROOMS, |app| {
        app.add_plugins((
            delve::render::sprites::plugin,
            delve::render::glide::plugin,
            delve::render::monsters::plugin,
            delve::render::animate::plugin,
            delve::render::remains::plugin,
        ));
    });
    let goblin_at = Pos::new(2, 1);
    let run = &mut app.world_mut().resource_mut::<Game>().into_inner().0;
    let hunting = Mind::Hunting {
        target: Pos::new(1, 1),
        patience: 20,
    };
    run.dungeon_mut().level_mut().monsters = vec![Monster::new(1, Kind::Goblin, goblin_at, hunting)];
    run.player_mut().health = delve_core::world::Health { hp: 500, max: 500 }; // the goblin is to lose
    run.look();
    app.update();
    let mut nudged = false;
    for _ in 0..100 {
        support::act(&mut app, PlayerCommand::Step(Dir8::E));
        if app.world().resource::<Game>().dungeon().level().monsters.is_empty() {
            break;
        }
        nudged |= app
            .world_mut()
            .query_filtered::<&Nudge, With<MonsterSprite>>()
            .iter(app.world())
            .next()
            .is_some();
    }
    assert!(
        app.world().resource::<Game>().dungeon().level().monsters.is_empty(),
        "the goblin fell"
    );
    assert!(nudged, "a blow that landed nudged the goblin");
    let remains =
        |app: &mut App| -> Vec<Remains> { app.world_mut().query::<&Remains>().iter(app.world()).copied().collect() };
    let left = remains(&mut app);
    assert_eq!(left.len(), 1, "{left:?}");
    assert_eq!(left[0].at, goblin_at);
    // Nudges end with the sprite back on its tile.
    std::thread::sleep(std::time::Duration::from_millis(150));
    app.update();
    assert_eq!(app.world_mut().query::<&Nudge>().iter(app.world()).count(), 0);
    // The kill earned a boon: chosen, the turns go on.
    let run = &mut app.world_mut().resource_mut::<Game>().into_inner().0;
    if let Some(offer) = run.offer() {
        run.choose(offer[0]).unwrap();
    }
    for _ in 0..LASTS {
        support::act(&mut app, PlayerCommand::Wait);
    }
    assert!(remains(&mut app).is_empty(), "gone after {LASTS} turns");
}

/// The player's look shows what it wields and wears: a weapon in its hand and the armour over
/// its tunic, each drawn on the player's sprite, gone when taken off.
#[test]
fn the_players_look_shows_its_gear() {
    use delve::render::gear::Gear;
    use delve_core::rules::Act;
    use delve_core::world::{Item, ItemKind};
    let mut app = support::keyboard_app(ROOMS, |app| {
        app.add_plugins((delve::render::sprites::plugin, delve::render::gear::plugin));
    });
    let gear = |app: &mut App| -> Vec<Gear> {
        let mut all: Vec<Gear> = app.world_mut().query::<&Gear>().iter(app.world()).copied().collect();
        all.sort_by_key(|g| *g == Gear::Wielded);
        all
    };
    assert!(
        gear(&mut app).is_empty(),
        "bare hands, no armour: nothing drawn over the player"
    );
    let run = &mut app.world_mut().resource_mut::<Game>().into_inner().0;
    let item = |kind| Item {
        kind,
        count: 1,
        plus: 0,
        wait: 0,
    };
    let sword = run.player_mut().pack.add(item(ItemKind::Sword)).unwrap() as u8;
    let mail = run.player_mut().pack.add(item(ItemKind::ChainMail)).unwrap() as u8;
    support::act(&mut app, PlayerCommand::Item(Act::Equip(sword)));
    assert_eq!(gear(&mut app), [Gear::Wielded]);
    support::act(&mut app, PlayerCommand::Item(Act::Equip(mail)));
    for _ in 0..3 {
        support::act(&mut app, PlayerCommand::Wait); // chain mail takes a while to put on
    }
    assert_eq!(gear(&mut app), [Gear::Worn, Gear::Wielded]);
    let player = app
        .world_mut()
        .query_filtered::<Entity, With<Player>>()
        .single(app.world())
        .unwrap();
    let parents: Vec<Entity> = app
        .world_mut()
        .query_filtered::<&ChildOf, With<Gear>>()
        .iter(app.world())
        .map(ChildOf::parent)
        .collect();
    assert!(parents.iter().all(|&p| p == player), "drawn on the player's sprite");
    support::act(&mut app, PlayerCommand::Item(Act::Unequip(sword)));
    assert_eq!(gear(&mut app), [Gear::Worn]);
}

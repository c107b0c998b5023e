//! The generator lab, headless: turning it on draws the whole level with each corridor tinted by
//! the style that dug it and the terrain by what made it (caves, lakes, secrets...), without
//! touching what the player knows; turning it off draws the player's memory again; taking the
//! stairs in the lab shows the new level's making; a level the lab makes never replaces the run
//! being played, nor its save.

mod support;

use bevy::prelude::*;
use delve::app::headless_app_with;
use delve::assets::tiles;
use delve::player::command::PlayerCommand;
use delve::render::shown::Revealed;
use delve::save::{SaveStore, Slot, Store};
use delve::screens::playing::lab::{LabCommand, digger_colour};
use delve::state::Session;
use delve::turn::Game;
use delve::turn::SetAside;
use delve_core::dungeon::Dungeon;
use delve_core::dungeon::Origin;
use delve_core::generation::anatomy::Anatomy;
use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::map::Tile;
use delve_core::run::Run;
use delve_core::save::parse_run;
use support::{act, dungeon, game, message, turns};

/// Every drawn tile: (x, y from the top), its texture, colour, and whether it is shown.
fn drawn(app: &mut App) -> Vec<((u32, u32), u32, Color, bool)> {
    delve::render::drawn(app.world_mut())
        .into_iter()
        .map(|(p, index, colour)| ((p.x as u32, p.y as u32), index, colour, true))
        .collect()
}

/// The session the app is in.
fn session(app: &App) -> Session {
    *app.world().resource::<State<Session>>().get()
}

/// Turns the lab on or off, as F2 does.
fn lab(app: &mut App, on: bool) {
    if (session(app) == Session::Lab) != on {
        app.world_mut().write_message(LabCommand::Toggle);
    }
    app.update();
    app.update();
    assert_eq!(
        session(app) == Session::Lab,
        on,
        "the lab is {}",
        if on { "on" } else { "off" }
    );
}

#[test]
fn the_lab_shows_the_whole_level_as_it_was_made_and_leaves_memory_alone() {
    let mut made = 0;
    for style in [CorridorStyle::Mixed, CorridorStyle::NetHack, CorridorStyle::Hallways] {
        let params = GenParams::new(31, 80, 50, style).at_depth(2);
        let mut app = delve::app::headless_app(Dungeon::new(params).unwrap().peaceful());
        let before = drawn(&mut app);
        let memory_before = app.world().resource::<Game>().player().memory.clone();
        let map = app.world().resource::<Game>().dungeon().level().map.clone();
        assert!(
            before.len() < map.tiles().len() / 2,
            "{style}: only what the player has seen is drawn"
        );

        lab(&mut app, true);
        let anatomy = Anatomy::of(&params).unwrap();
        assert_eq!(app.world().resource::<Revealed>().anatomy.as_ref(), Some(&anatomy));
        let shown = drawn(&mut app);
        assert_eq!(shown.len(), map.tiles().len(), "{style}: every tile drawn");
        let mut tinted = 0;
        for ((x, y), index, colour, visible) in shown {
            let p = delve_core::geom::Pos::new(x as i32, y as i32);
            assert!(visible, "{style}: {p:?} shown");
            match anatomy.digger(&map, p) {
                Some(d) => {
                    assert_eq!(
                        (index, colour),
                        (tiles::LAB_CORRIDOR, digger_colour(d)),
                        "{style}: {p:?}"
                    );
                    tinted += 1;
                }
                None => match anatomy.made(p) {
                    // What the terrain made, tinted by what made it; a secret drawn as what it is.
                    Some(m) => {
                        let tile = match map.tile(p) {
                            Tile::SecretDoor => tiles::DOOR_CLOSED,
                            Tile::Floor | Tile::Grass | Tile::Ashes | Tile::SecretCorridor => tiles::LAB_CORRIDOR,
                            t => delve::render::tile_index(t),
                        };
                        assert_eq!((index, colour), (tile, delve::ui::palette::made(m)), "{style}: {p:?}");
                        made += 1;
                    }
                    None => assert_eq!((index, colour), (delve::render::tile_index(map.tile(p)), Color::WHITE)),
                },
            }
        }
        assert_eq!(tinted, map.tiles().iter().filter(|&&t| t == Tile::Corridor).count());
        let memory_lab = app.world().resource::<Game>().player().memory.clone();
        assert_eq!(
            memory_lab, memory_before,
            "{style}: the lab is a way of looking, not of knowing"
        );

        lab(&mut app, false);
        assert!(app.world().get_resource::<Revealed>().is_none());
        let mut after = drawn(&mut app);
        let mut before = before;
        after.sort_by_key(|t| t.0);
        before.sort_by_key(|t| t.0);
        assert_eq!(
            after, before,
            "{style}: off again, the player's own view and memory are drawn"
        );
    }
    assert!(made > 0, "the terrain of three levels is tinted by what made it");
}

#[test]
fn the_lab_follows_the_player_down_the_stairs() {
    let params = GenParams::new(8, 60, 40, CorridorStyle::Pipe);
    let dungeon = Dungeon::new(params).unwrap().peaceful();
    let down = dungeon.level().map.stairs_down().expect("stairs down");
    let mut app = delve::app::headless_app(dungeon);
    lab(&mut app, true);
    assert_eq!(app.world().resource::<Revealed>().depth, 1);
    // Set down on the stairs (the walk there is another test's business).
    app.world_mut().resource_mut::<Game>().player_mut().at = down;
    app.world_mut().write_message(PlayerCommand::Descend);
    app.update();
    app.update();
    assert_eq!(app.world().resource::<Game>().dungeon().depth(), 2);
    let revealed = app.world().resource::<Revealed>();
    assert_eq!(revealed.depth, 2);
    assert_eq!(
        revealed.anatomy.as_ref(),
        Some(&Anatomy::of(&params.at_depth(2)).unwrap())
    );
    let map = app.world().resource::<Game>().dungeon().level().map.clone();
    assert_eq!(drawn(&mut app).len(), map.tiles().len(), "level 2 drawn whole");
}

/// A door out of view that opens or closes is drawn as it is now in the lab (which shows the
/// level, not the player's sight of it), though the lab redraws only the doors that changed.
#[test]
fn the_lab_redraws_a_door_that_changed_out_of_view() {
    let params = GenParams::new(8, 80, 50, CorridorStyle::Mixed);
    let mut app = delve::app::headless_app(Dungeon::new(params).unwrap().peaceful());
    lab(&mut app, true);
    let (far, state) = {
        let game = app.world().resource::<Game>();
        let view = game.sight();
        let map = &game.dungeon().level().map;
        map.doors()
            .find(|&(p, s)| !view.is_visible(p) && s != delve_core::map::DoorState::Locked)
            .expect("a door out of view")
    };
    let other = match state {
        delve_core::map::DoorState::Open => Tile::Door(delve_core::map::DoorState::Closed),
        _ => Tile::Door(delve_core::map::DoorState::Open),
    };
    app.world_mut()
        .resource_mut::<Game>()
        .dungeon_mut()
        .level_mut()
        .map
        .set(far, other);
    act(&mut app, PlayerCommand::Wait);
    assert_eq!(
        delve::render::drawn_at(app.world_mut(), far).map(|(index, _)| index),
        Some(delve::render::tile_index(other)),
        "the door at {far:?} is drawn as it is now"
    );
}

/// What the lab's `n` (and the browser panel's "New level") does: a specimen run, entering `Playing`
/// again. The lab shows the new level's making, not the old one's.
#[test]
fn a_new_run_in_the_lab_is_shown_as_made() {
    let first = GenParams::new(5, 80, 50, CorridorStyle::Mixed);
    let mut app = delve::app::headless_app(Dungeon::new(first).unwrap());
    lab(&mut app, true);
    let next = delve::screens::playing::lab::next_run(&first);
    app.insert_resource(Game(Run::new(Dungeon::new(next).unwrap())));
    app.world_mut()
        .resource_mut::<NextState<delve::state::GameState>>()
        .set(delve::state::GameState::Playing);
    app.world_mut().resource_mut::<NextState<Session>>().set(Session::Lab);
    app.update();
    app.update();
    assert_eq!(session(&app), Session::Lab, "still in the lab");
    let revealed = app.world().resource::<Revealed>();
    let anatomy = Anatomy::of(&next).unwrap();
    assert_eq!(revealed.anatomy.as_ref(), Some(&anatomy));
    let map = app.world().resource::<Game>().dungeon().level().map.clone();
    let shown = drawn(&mut app);
    assert_eq!(shown.len(), map.tiles().len(), "the new level drawn whole, once");
    for ((x, y), index, _, _) in shown {
        let p = delve_core::geom::Pos::new(x as i32, y as i32);
        // Corridors and what the terrain made are painted by their making.
        if map.tile(p) != Tile::Corridor && anatomy.made(p).is_none() {
            assert_eq!(index, delve::render::tile_index(map.tile(p)), "{p:?}");
        }
    }
}

/// The run the save holds: its turn and state hash.
fn saved(store: &Store) -> (u64, u64) {
    let ids = store.runs().unwrap();
    assert_eq!(ids.len(), 1, "one run saved: {ids:?}");
    let run = parse_run(&store.read(Slot::Run(ids[0])).unwrap().expect("a save")).unwrap();
    (run.turn(), run.state_hash())
}

/// The run the save tests play: seed 5, 60x40, without monsters.
fn saved_params() -> GenParams {
    GenParams::new(5, 60, 40, CorridorStyle::Mixed)
}

/// That run in play, saved in a directory of its own (kept while the guard lives), after
/// `waits` turns of waiting.
fn saved_run_app(waits: u64) -> (tempfile::TempDir, Store, App) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::Dir(dir.path().to_owned());
    let run = Run::new(Dungeon::new(saved_params()).unwrap().peaceful());
    let mut app = headless_app_with(run, |app| {
        app.insert_resource(SaveStore(store.clone()));
    });
    for _ in 0..waits {
        act(&mut app, PlayerCommand::Wait);
    }
    (dir, store, app)
}

fn ask(app: &mut App, command: LabCommand) {
    app.world_mut().write_message(command);
    app.update();
    app.update();
}

#[test]
fn a_level_the_lab_makes_leaves_the_run_and_its_save_alone() {
    let params = saved_params();
    let (_dir, store, mut app) = saved_run_app(5);
    let played = game(&app).state_hash();
    app.world_mut().write_message(AppExit::Success);
    app.update();
    assert_eq!(saved(&store), (5, played), "the run, saved on quitting");

    ask(&mut app, LabCommand::Toggle);
    ask(&mut app, LabCommand::Next);
    // The lab shows the next seed's first level, as a level of its own...
    assert_eq!(
        dungeon(&app).origin(),
        &Origin::Run(delve::screens::playing::lab::next_run(&params))
    );
    assert_eq!(turns(&app), 0);
    assert_eq!(session(&app), Session::Lab);
    assert!(app.world().get_resource::<SetAside>().is_some());
    // ...played in, saved and quit: the save keeps the run set aside, never the specimen.
    for _ in 0..3 {
        act(&mut app, PlayerCommand::Wait);
    }
    app.world_mut().write_message(AppExit::Success);
    app.update();
    assert_eq!(saved(&store), (5, played), "the save still holds the run being played");
    // A second specimen replaces the first, not the run set aside.
    ask(&mut app, LabCommand::Next);
    assert_eq!(turns(&app), 0);

    // Leaving the lab comes back to the run, exactly as it was.
    ask(&mut app, LabCommand::Toggle);
    assert_eq!(session(&app), Session::Play);
    assert!(app.world().get_resource::<SetAside>().is_none());
    assert_eq!((turns(&app), game(&app).state_hash()), (5, played));
    assert_eq!(
        message(&app),
        "You leave the lab: the map shows your run as you left it."
    );
    act(&mut app, PlayerCommand::Wait);
    app.world_mut().write_message(AppExit::Success);
    app.update();
    assert_eq!(saved(&store).0, 6, "and it is the one saved again");
}

/// Turns taken in the lab over the player's own run play a copy: none is saved, and leaving the
/// lab brings the run back as it was (the lab shows the whole level: what is learnt there must
/// not carry over). Entering the lab writes the run to the disk as it stood.
#[test]
fn turns_in_the_lab_play_a_copy_that_is_never_saved() {
    let (_dir, store, mut app) = saved_run_app(2);
    let played = game(&app).state_hash();
    lab(&mut app, true);
    assert_eq!(saved(&store), (2, played), "entering the lab saved the run as it stood");
    for _ in 0..4 {
        act(&mut app, PlayerCommand::Wait);
    }
    assert_eq!(turns(&app), 6, "the copy is played in the lab");
    app.world_mut().write_message(AppExit::Success);
    app.update();
    assert_eq!(saved(&store), (2, played), "quitting in the lab saves nothing of it");
    lab(&mut app, false);
    assert_eq!((turns(&app), game(&app).state_hash()), (2, played), "back as it was");
}

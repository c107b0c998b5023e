//! Headless ECS tests: a `MinimalPlugins` app with Delve's plugins, stepped with `app.update()`.

use bevy::prelude::*;
use delve::actor::{LevelScoped, Player};
use delve::state::GameState;
use delve::turn::Game;
use delve_core::dungeon::Dungeon;
use delve_core::generation::{CorridorStyle, GenParams, generate, validate};
use delve_core::map::parse_ascii;
use delve_core::world::Level;

#[test]
fn the_first_update_plays_the_dungeon_it_was_given() {
    for style in [CorridorStyle::Mixed, CorridorStyle::Hallways, CorridorStyle::Chunked] {
        let params = GenParams::new(12, 80, 50, style).at_depth(3);
        let mut app = delve::app::headless_app(Dungeon::new(params).unwrap());
        let dungeon = &app.world().resource::<Game>().dungeon();
        assert_eq!(dungeon.depth(), 3);
        assert_eq!(
            dungeon.level(),
            &generate(&params).unwrap().level,
            "exactly the generator's level"
        );
        validate(&dungeon.level().map).unwrap();
        let start = dungeon.level().map.start();
        let game = app.world().resource::<Game>();
        let (pos, view, memory, ring) = (
            game.player().at,
            game.sight(),
            &game.player().memory,
            &game.player().keys,
        );
        assert_eq!(pos, start, "the player arrives on the stairs up");
        assert!(!view.visible().is_empty(), "and sees on the first update");
        assert!(memory.level(3).unwrap().is_explored(start));
        assert!(memory.level(1).is_none(), "nothing remembered of levels not visited");
        assert!(ring.0.is_empty());
        // The level's tile layer is scoped to the level.
        let w = app.world_mut();
        assert!(w.query::<&LevelScoped>().iter(w).count() > 1);
    }
}

#[test]
fn a_map_file_is_a_dungeon_of_one_level() {
    let map = parse_ascii(b"#######\n#@.+,*#\n#######\n").unwrap();
    let app = delve::app::headless_app(Dungeon::premade(map.clone()));
    let dungeon = &app.world().resource::<Game>().dungeon();
    assert_eq!(dungeon.level(), &Level::bare(map));
    assert_eq!((dungeon.depth(), dungeon.deepest()), (1, 1));
}

#[test]
fn nothing_is_played_outside_the_playing_state() {
    // Commands sent while loading (or on the failure screen) are not played, and no player
    // exists until the game is playing.
    let mut app = delve::app::headless_app(Dungeon::premade(parse_ascii(b"#####\n#@..#\n#####\n").unwrap()));
    app.world_mut()
        .resource_mut::<NextState<GameState>>()
        .set(GameState::LoadFailed);
    app.update();
    assert_eq!(
        app.world_mut().query::<&Player>().iter(app.world()).count(),
        0,
        "the player belongs to the playing state"
    );
    app.world_mut()
        .write_message(delve::player::command::PlayerCommand::Step(delve_core::geom::Dir8::E));
    app.update();
    assert_eq!(app.world().resource::<delve::turn::Game>().turn(), 0);
}

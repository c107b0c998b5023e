//! Headless ECS tests: a `MinimalPlugins` app with Delve's plugins, stepped with `app.update()`.

use bevy::prelude::*;
use delve::generation::{CorridorStyle, Door, GenParams, GenerationPlugin, GridPos, LevelSource, generate, validate};
use delve::map::{DoorState, Pos, TileMap, parse_ascii};

fn app_with(source: LevelSource) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(source)
        .add_plugins(GenerationPlugin);
    app
}

fn door_entities(app: &mut App) -> Vec<(Pos, DoorState)> {
    let mut q = app.world_mut().query::<(&Door, &GridPos)>();
    let mut doors: Vec<(Pos, DoorState)> = q.iter(app.world()).map(|(d, p)| (p.0, d.0)).collect();
    doors.sort_by_key(|d| d.0);
    doors
}

#[test]
fn first_update_builds_a_valid_level_with_one_entity_per_door() {
    for style in [CorridorStyle::Mixed, CorridorStyle::Hallways, CorridorStyle::Chunked] {
        let params = GenParams {
            seed: 12,
            width: 80,
            height: 50,
            style,
        };
        let mut app = app_with(LevelSource::Generate(params));
        app.update();
        let map = app.world().resource::<TileMap>().clone();
        validate(&map).unwrap();
        assert_eq!(
            map,
            generate(&params).unwrap().map,
            "the plugin builds exactly the generator's level"
        );
        let mut expected: Vec<(Pos, DoorState)> = map.doors().collect();
        expected.sort_by_key(|d| d.0);
        assert!(!expected.is_empty());
        assert_eq!(door_entities(&mut app), expected);
        // Later updates neither rebuild the level nor spawn doors again.
        app.update();
        assert_eq!(door_entities(&mut app).len(), expected.len());
    }
}

#[test]
fn premade_level_is_used_as_written() {
    let map = parse_ascii(b"#######\n#@.+,*#\n#######\n").unwrap();
    let mut app = app_with(LevelSource::Premade(map.clone()));
    app.update();
    assert_eq!(app.world().resource::<TileMap>(), &map);
    assert_eq!(
        door_entities(&mut app),
        vec![(Pos::new(3, 1), DoorState::Closed), (Pos::new(5, 1), DoorState::Locked)]
    );
}

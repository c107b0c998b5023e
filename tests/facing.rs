//! What the player faces, as a player meets it, headless: real key presses for sneaking (`s`)
//! and looking (`v`, with its numbers), the sidebar's rows against what is in view as the game
//! goes on, and the pointer over the sidebar reaching nothing on the map under it.

mod support;

use support::press;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use delve::screens::playing::floor::pointer::MapCover;
use delve::screens::playing::look::looking;
use delve::screens::playing::sidebar::{Seen, SidebarRow, in_view};
use delve::turn::Game;
use delve_core::geom::Pos;
use delve_core::world::{FloorItem, Item, ItemKind, Kind, Mind, Monster, PATIENCE};

const ROOM: &str = "\
####################
#@.................#
#..................#
#..................#
#..................#
#..................#
#..................#
#..................#
####################
";

fn game(app: &App) -> &Game {
    app.world().resource::<Game>()
}

fn monster(id: u32, kind: Kind, at: Pos, mind: Mind) -> Monster {
    Monster::new(id, kind, at, mind)
}

fn app() -> App {
    let mut app = support::keyboard_app(ROOM, |app| {
        app.add_plugins((
            delve::screens::playing::sidebar::plugin,
            delve::screens::playing::look::plugin,
            delve::screens::playing::items::plugin,
        ));
    });
    let level = app
        .world_mut()
        .resource_mut::<Game>()
        .into_inner()
        .0
        .dungeon_mut()
        .level_mut();
    level.monsters = vec![monster(1, Kind::GoblinArcher, Pos::new(7, 4), Mind::Asleep)];
    level.items = vec![FloorItem::loose(
        Pos::new(3, 6),
        Item {
            kind: ItemKind::Dart,
            count: 3,
            plus: 0,
            wait: 0,
        },
    )];
    app.world_mut().resource_mut::<Game>().0.look();
    app.update();
    app
}

fn rows(app: &mut App) -> Vec<Seen> {
    let world = app.world_mut();
    let mut q = world.query::<&SidebarRow>();
    let mut rows: Vec<Seen> = q.iter(world).map(|r| r.0).collect();
    // (Spawned in list order; a query need not keep it.)
    let order = in_view(&world.resource::<Game>().0);
    rows.sort_by_key(|r| order.iter().position(|o| o == r));
    rows
}

#[test]
fn s_sneaks_steps_take_two_turns_and_s_again_walks() {
    let mut app = app();
    press(&mut app, KeyCode::KeyS, "s");
    assert!(game(&app).player().sneaking);
    assert!(game(&app).log().lines().last().unwrap().1.contains("sneaking"));
    let turn = game(&app).turn();
    press(&mut app, KeyCode::KeyL, "l");
    assert_eq!(game(&app).turn(), turn + 2, "a sneaking step takes two turns");
    assert_eq!(game(&app).player().at, Pos::new(2, 1));
    press(&mut app, KeyCode::KeyS, "s");
    press(&mut app, KeyCode::KeyL, "l");
    assert_eq!(game(&app).turn(), turn + 3, "walking again: one");
}

#[test]
fn v_looks_at_the_nearest_monster_with_its_numbers_and_esc_stops() {
    let mut app = app();
    press(&mut app, KeyCode::KeyV, "v");
    assert_eq!(looking(app.world_mut()), Some(Pos::new(7, 4)), "on the archer");
    let said = delve::screens::playing::look::look_at(&game(&app).0, Pos::new(7, 4));
    let s = Kind::GoblinArcher.stats();
    let range = match s.habit {
        delve_core::world::Habit::Archer(r) => r,
        other => panic!("{other:?}"),
    };
    let parts = [
        "goblin archer".to_owned(),
        format!("{0}/{0} hit points", s.max_hp),
        "asleep".to_owned(),
        format!("shoots from up to {range}"),
        format!("{}% of the time", s.to_hit),
        format!("{}-{}", s.damage.0, s.damage.1),
        "You hit it".to_owned(),
    ];
    for part in parts {
        assert!(said.contains(&part), "{part}: {said}");
    }
    // The move keys move the cursor, and no turn passes.
    let turn = game(&app).turn();
    press(&mut app, KeyCode::KeyH, "h");
    assert_eq!(looking(app.world_mut()), Some(Pos::new(6, 4)));
    assert_eq!(game(&app).turn(), turn);
    assert!(delve::screens::playing::look::look_at(&game(&app).0, Pos::new(6, 4)).starts_with("Room floor"));
    let darts = delve::screens::playing::look::look_at(&game(&app).0, Pos::new(3, 6));
    assert!(darts.contains("3 darts"), "{darts}");
    // An item's numbers before it is chosen: what a throw of it does.
    let dart = delve_core::world::ItemKind::Dart.stats();
    assert!(
        darts.contains(&format!("Damage {}-{}; you hit", dart.damage.0, dart.damage.1)),
        "{darts}"
    );
    press(&mut app, KeyCode::Escape, "");
    assert_eq!(looking(app.world_mut()), None);
    press(&mut app, KeyCode::KeyL, "l");
    assert_eq!(game(&app).turn(), turn + 1, "after looking, keys play again");
}

#[test]
fn the_sidebar_lists_what_is_in_view_as_the_game_goes_on() {
    let mut app = app();
    let listed = rows(&mut app);
    assert_eq!(listed, in_view(&game(&app).0));
    assert_eq!(listed.len(), 2, "the archer and the darts: {listed:?}");
    assert!(matches!(listed[0], Seen::Item(_)), "the darts are nearer");
    // A monster coming into view, and one hunting: the rows follow.
    {
        let mut game = app.world_mut().resource_mut::<Game>();
        let level = game.0.dungeon_mut().level_mut();
        level.monsters.push(monster(
            2,
            Kind::Rat,
            Pos::new(2, 2),
            Mind::Hunting {
                target: Pos::new(1, 1),
                patience: PATIENCE,
            },
        ));
    }
    press(&mut app, KeyCode::Period, ".");
    let listed = rows(&mut app);
    assert_eq!(listed, in_view(&game(&app).0));
    assert!(
        listed
            .iter()
            .any(|r| matches!(r, Seen::Monster(m) if m.kind == Kind::Rat))
    );
    let text = delve::screens::playing::sidebar::row_text(game(&app), &listed[0]);
    assert!(text.starts_with("rat (r)"), "{text}");
}

#[test]
fn the_pointer_over_the_sidebar_is_not_over_the_map() {
    let mut app = app();
    let cover = *app.world().resource::<MapCover>();
    assert_eq!(
        cover.left,
        delve::screens::playing::sidebar::WIDTH,
        "the sidebar covers its width"
    );
    let world = app.world_mut();
    let mut window = world
        .query_filtered::<&mut Window, With<PrimaryWindow>>()
        .single_mut(world)
        .unwrap();
    window.set_cursor_position(Some(Vec2::new(20.0, 200.0)));
    let over = window.cursor_position().unwrap();
    assert!(delve::screens::playing::floor::pointer::pointer_position(&window, None, &cover).is_none());
    assert!(over.x < cover.left);
    // Hidden, the sidebar covers nothing.
    app.world_mut()
        .resource_mut::<delve::screens::playing::sidebar::SidebarShown>()
        .0 = false;
    app.update();
    assert_eq!(app.world().resource::<MapCover>().left, 0.0);
}

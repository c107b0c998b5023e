//! The pack and aiming as a player uses them, headless: real key presses (through
//! leafwing-input-manager and the typed letters) and the mouse over a window, into the same turns
//! the rules play. The rules of items themselves are delve-core's tests (core/tests/items.rs).

mod support;

use support::press;

use bevy::input::ButtonState;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use delve::render::GameCamera;
use delve::render::space::{tile_under, world_pos};
use delve::screens::playing::items::{Page, aiming, pack_page};
use delve::turn::Game;
use delve_core::geom::Pos;
use delve_core::world::{FloorItem, Item, ItemKind, Kind, Mind, Monster};

const ROOM: &str = "\
####################
#@.................#
#..................#
#..................#
#..................#
#..................#
####################
";

fn game(app: &App) -> &Game {
    app.world().resource::<Game>()
}

fn items_app() -> App {
    let mut app = support::keyboard_app(ROOM, |app| {
        app.add_plugins(delve::screens::playing::items::plugin);
    });
    let game = &mut app.world_mut().resource_mut::<Game>();
    let level = game.dungeon_mut().level_mut();
    level
        .items
        .push(FloorItem::loose(Pos::new(2, 1), Item::one(ItemKind::Sword)));
    level.items.push(FloorItem::loose(
        Pos::new(3, 1),
        Item {
            kind: ItemKind::Dart,
            count: 3,
            plus: 0,
            wait: 0,
        },
    ));
    level.monsters.push(Monster {
        id: 1,
        kind: Kind::Troll,
        at: Pos::new(8, 4),
        hp: 40,
        energy: -10_000,
        mind: Mind::Asleep,
        champion: None,
    });
    app.update();
    app
}

#[test]
fn walking_over_picks_up_and_the_pack_wields_by_letter() {
    let mut app = items_app();
    press(&mut app, KeyCode::KeyL, "l");
    press(&mut app, KeyCode::KeyL, "l");
    let pack = &game(&app).player().pack;
    assert_eq!(pack.get(0), Some(Item::one(ItemKind::Sword)));
    assert_eq!(pack.get(1).map(|i| i.count), Some(3));
    press(&mut app, KeyCode::KeyI, "i");
    assert_eq!(pack_page(app.world_mut()), Some(Page::List { aiming: false }));
    // While the pack is open, a move key does not move.
    let at = game(&app).player().at;
    press(&mut app, KeyCode::KeyA, "a");
    assert_eq!(pack_page(app.world_mut()), Some(Page::Item(0)));
    press(&mut app, KeyCode::KeyL, "l");
    assert_eq!(game(&app).player().at, at, "the pack took the key");
    let turn = game(&app).turn();
    press(&mut app, KeyCode::KeyW, "w");
    assert_eq!(game(&app).player().pack.wielded(), Some(ItemKind::Sword));
    assert_eq!(game(&app).turn(), turn + 1, "wielding takes a turn");
    assert_eq!(pack_page(app.world_mut()), None, "and closes the pack");
    // A click on a row chooses it (bevy_ui sets Interaction; here the test does).
    press(&mut app, KeyCode::KeyI, "i");
    let world = app.world_mut();
    let rows: Vec<Entity> = world.query_filtered::<Entity, With<Button>>().iter(world).collect();
    assert_eq!(rows.len(), 2, "a row for each item");
    world.entity_mut(rows[1]).insert(Interaction::Pressed);
    app.update();
    assert_eq!(pack_page(app.world_mut()), Some(Page::Item(1)));
    press(&mut app, KeyCode::Escape, "");
    press(&mut app, KeyCode::Escape, "");
    assert_eq!(pack_page(app.world_mut()), None);
}

#[test]
fn the_ninth_slot_is_chosen_by_its_letter_i_though_i_opens_the_pack() {
    let mut app = items_app();
    {
        let mut game = app.world_mut().resource_mut::<Game>();
        let pack = &mut game.player_mut().pack;
        for kind in ItemKind::ALL.iter().copied().take(9) {
            pack.add(Item::one(kind)).unwrap();
        }
        assert!(pack.get(8).is_some(), "nine slots held");
    }
    app.update();
    press(&mut app, KeyCode::KeyI, "i");
    assert_eq!(pack_page(app.world_mut()), Some(Page::List { aiming: false }));
    press(&mut app, KeyCode::KeyI, "i");
    assert_eq!(
        pack_page(app.world_mut()),
        Some(Page::Item(8)),
        "i is the ninth item's letter, not a second press of the pack's key"
    );
    press(&mut app, KeyCode::Escape, "");
    press(&mut app, KeyCode::Escape, "");
    assert_eq!(pack_page(app.world_mut()), None, "Esc closes it");
    // With no ninth item, the pack's key closes it as before.
    app.world_mut().resource_mut::<Game>().player_mut().pack.remove(8);
    app.update();
    press(&mut app, KeyCode::KeyI, "i");
    press(&mut app, KeyCode::KeyI, "i");
    assert_eq!(pack_page(app.world_mut()), None, "i closes a pack with no ninth item");
}

#[test]
fn aiming_starts_on_the_nearest_monster_and_fires_with_the_key() {
    let mut app = items_app();
    press(&mut app, KeyCode::KeyL, "l");
    press(&mut app, KeyCode::KeyL, "l");
    press(&mut app, KeyCode::KeyF, "f");
    assert_eq!(pack_page(app.world_mut()), Some(Page::List { aiming: true }));
    press(&mut app, KeyCode::KeyA, "a"); // the sword: not thrown, nothing happens
    assert!(aiming(app.world_mut()).is_none());
    press(&mut app, KeyCode::KeyB, "b");
    let aim = aiming(app.world_mut()).expect("aiming");
    assert_eq!(aim.cursor, Pos::new(8, 4), "on the troll");
    // The cursor moves with the move keys, and Tab brings it back to the monster.
    press(&mut app, KeyCode::KeyH, "h");
    assert_eq!(aiming(app.world_mut()).unwrap().cursor, Pos::new(7, 4));
    press(&mut app, KeyCode::Tab, "");
    assert_eq!(aiming(app.world_mut()).unwrap().cursor, Pos::new(8, 4));
    let turn = game(&app).turn();
    press(&mut app, KeyCode::KeyF, "f");
    assert_eq!(game(&app).turn(), turn + 1, "thrown");
    assert_eq!(game(&app).player().pack.get(1).map(|i| i.count), Some(2));
    assert!(aiming(app.world_mut()).is_none());
    let landed = game(&app)
        .dungeon()
        .level()
        .items
        .iter()
        .any(|f| f.item.kind == ItemKind::Dart);
    assert!(landed, "the dart lies on the floor again");
    // Esc calls an aim off without a turn.
    press(&mut app, KeyCode::KeyF, "f");
    press(&mut app, KeyCode::KeyB, "b");
    press(&mut app, KeyCode::Escape, "");
    assert!(aiming(app.world_mut()).is_none());
    assert_eq!(game(&app).turn(), turn + 1);
}

#[test]
fn a_click_aims_and_fires_at_the_tile_under_the_mouse() {
    let mut app = items_app();
    press(&mut app, KeyCode::KeyL, "l");
    press(&mut app, KeyCode::KeyL, "l");
    // A camera over the player, and the mouse over the troll.
    let map = game(&app).dungeon().level().map.clone();
    let centre = world_pos(&map, game(&app).player().at);
    app.world_mut().spawn((
        GameCamera::default(),
        Transform::from_translation(centre.extend(0.0)),
        Projection::Orthographic(OrthographicProjection::default_2d()),
    ));
    let world = app.world_mut();
    let mut window = world
        .query_filtered::<&mut Window, With<PrimaryWindow>>()
        .single_mut(world)
        .unwrap();
    let size = Vec2::new(window.width(), window.height());
    let target = Pos::new(8, 4);
    let over = (0..size.x as i32)
        .step_by(4)
        .flat_map(|x| {
            (0..size.y as i32)
                .step_by(4)
                .map(move |y| Vec2::new(x as f32, y as f32))
        })
        .find(|&c| tile_under(&map, c, size, centre, 1.0) == target)
        .expect("the troll is in the window");
    window.set_cursor_position(Some(over));
    press(&mut app, KeyCode::KeyF, "f");
    press(&mut app, KeyCode::KeyB, "b");
    app.update();
    let turn = game(&app).turn();
    app.world_mut().write_message(bevy::input::mouse::MouseButtonInput {
        button: MouseButton::Left,
        state: ButtonState::Pressed,
        window: Entity::PLACEHOLDER,
    });
    app.update();
    assert_eq!(game(&app).turn(), turn + 1, "the click threw");
    let troll = &game(&app).dungeon().level().monsters[0];
    let log: Vec<String> = game(&app).log().lines().map(|l| l.1.clone()).collect();
    assert!(
        log.iter().any(|l| l.contains("the troll")),
        "aimed at the troll under the mouse: {log:?} (troll at {:?})",
        troll.at
    );
}

/// The floor's items as drawn: (where, whether as an altar's stone), sorted.
fn drawn(app: &mut App) -> Vec<(Pos, bool)> {
    use delve::render::items::{Altar, ItemSprite};
    let world = app.world_mut();
    let mut out: Vec<(Pos, bool)> = world
        .query::<(&ItemSprite, Has<Altar>)>()
        .iter(world)
        .map(|(s, altar)| (s.0.at, altar))
        .collect();
    out.sort_by_key(|&(p, a)| (p.y, p.x, a));
    out
}

#[test]
fn items_are_drawn_once_seen_and_gone_once_taken() {
    let mut app = support::keyboard_app(ROOM, |app| {
        app.add_plugins((delve::screens::playing::items::plugin, delve::render::items::plugin));
    });
    let game = &mut app.world_mut().resource_mut::<Game>();
    let level = game.dungeon_mut().level_mut();
    level
        .items
        .push(FloorItem::loose(Pos::new(2, 1), Item::one(ItemKind::Sword)));
    level.items.push(FloorItem {
        at: Pos::new(4, 2),
        item: Item::one(ItemKind::Plate),
        altar: Some(0),
        sealed: false,
    });
    // Far off, beyond sight (8): not drawn until seen.
    level
        .items
        .push(FloorItem::loose(Pos::new(17, 5), Item::one(ItemKind::Dart)));
    game.set_sight_radius(8);
    app.update();
    assert_eq!(
        drawn(&mut app),
        [(Pos::new(2, 1), false), (Pos::new(4, 2), false), (Pos::new(4, 2), true)]
    );
    press(&mut app, KeyCode::KeyL, "l");
    assert_eq!(
        drawn(&mut app),
        [(Pos::new(4, 2), false), (Pos::new(4, 2), true)],
        "the sword picked up is gone from the floor"
    );
    for _ in 0..9 {
        press(&mut app, KeyCode::KeyL, "l");
    }
    assert!(
        drawn(&mut app).contains(&(Pos::new(17, 5), false)),
        "the dart, once seen"
    );
}

fn focus(app: &App) -> delve::state::Focus {
    *app.world().resource::<State<delve::state::Focus>>().get()
}

/// One thing has the keyboard at a time: each overlay opens by its key and closes by Esc, and
/// while one is open no other opens over it and no key plays a turn (two at once, the pack under
/// the overview or help under the log, cannot be reached).
#[test]
fn one_thing_has_the_keyboard_at_a_time() {
    use delve::state::Focus;
    let mut app = support::keyboard_app(ROOM, |app| {
        app.add_plugins((
            delve::screens::playing::items::plugin,
            delve::screens::playing::look::plugin,
            delve::screens::playing::overlays::plugin,
            delve::screens::playing::overview::plugin,
            delve::screens::playing::lab::view::plugin,
        ));
    });
    let game = &mut app.world_mut().resource_mut::<Game>();
    let darts = Item {
        kind: ItemKind::Dart,
        count: 3,
        plus: 0,
        wait: 0,
    };
    game.dungeon_mut()
        .level_mut()
        .items
        .push(FloorItem::loose(Pos::new(2, 1), darts));
    app.update();
    press(&mut app, KeyCode::KeyL, "l");
    assert_eq!(game_turn(&app), 1, "walked onto the darts");
    assert_eq!(focus(&app), Focus::Map);
    let overlays = [
        (KeyCode::KeyI, "i", Focus::Pack),
        (KeyCode::KeyV, "v", Focus::Look),
        (KeyCode::F1, "", Focus::Help),
        (KeyCode::KeyP, "p", Focus::Log),
        (KeyCode::KeyM, "m", Focus::Overview),
    ];
    for (code, text, overlay) in overlays {
        press(&mut app, code, text);
        assert_eq!(focus(&app), overlay, "{code:?} opens it");
        for (other, other_text, _) in overlays.iter().filter(|o| o.2 != overlay) {
            press(&mut app, *other, other_text);
            assert_eq!(
                focus(&app),
                overlay,
                "{other:?} under {overlay:?} opens nothing over it"
            );
        }
        for (key, text) in [(KeyCode::KeyJ, "j"), (KeyCode::Period, ".")] {
            press(&mut app, key, text);
        }
        assert_eq!(game_turn(&app), 1, "no turn played under {overlay:?}");
        press(&mut app, KeyCode::Escape, "");
        assert_eq!(focus(&app), Focus::Map, "Esc closes {overlay:?}");
        app.update();
        assert!(pack_page(app.world_mut()).is_none() && aiming(app.world_mut()).is_none());
    }
    // Aiming: `f`, then the darts' letter; the other overlays' keys do nothing there either.
    press(&mut app, KeyCode::KeyF, "f");
    assert_eq!(focus(&app), Focus::Pack);
    press(&mut app, KeyCode::KeyA, "a");
    assert_eq!(focus(&app), Focus::Aim);
    for (code, text, _) in overlays {
        press(&mut app, code, text);
        assert_eq!(focus(&app), Focus::Aim, "{code:?} while aiming");
    }
    press(&mut app, KeyCode::Escape, "");
    app.update();
    assert_eq!(focus(&app), Focus::Map);
    assert_eq!(aiming(app.world_mut()), None, "the aim is called off");
    assert_eq!(game_turn(&app), 1);
    // And the map has the keyboard again: a step is a turn.
    press(&mut app, KeyCode::KeyJ, "j");
    assert_eq!(game_turn(&app), 2);
    // The session is a state too: F2 enters the lab from the map only, and leaves it.
    use delve::state::Session;
    let session = |app: &App| *app.world().resource::<State<Session>>().get();
    press(&mut app, KeyCode::KeyI, "i");
    press(&mut app, KeyCode::F2, "");
    assert_eq!(
        (focus(&app), session(&app)),
        (Focus::Pack, Session::Play),
        "F2 in the pack"
    );
    press(&mut app, KeyCode::Escape, "");
    press(&mut app, KeyCode::F2, "");
    app.update();
    assert_eq!(
        (focus(&app), session(&app)),
        (Focus::Map, Session::Lab),
        "F2 on the map"
    );
    press(&mut app, KeyCode::KeyV, "v");
    assert_eq!(focus(&app), Focus::Look, "the lab's map has the overlays too");
    press(&mut app, KeyCode::Escape, "");
    press(&mut app, KeyCode::F2, "");
    app.update();
    assert_eq!(
        (focus(&app), session(&app)),
        (Focus::Map, Session::Play),
        "F2 leaves the lab"
    );
    assert_eq!(game_turn(&app), 2, "the run is back as it was");
}

fn game_turn(app: &App) -> u64 {
    game(app).turn()
}

/// What a turn did is animated from its effects: a dart's flight from the player to the monster,
/// the hit's flash or nothing for a miss, a door's swing; the next turn cuts them short, and the
/// settings turn them off.
#[test]
fn a_turn_is_animated_from_its_effects_and_the_next_turn_cuts_it_short() {
    use delve::render::animate::{Animation, Motion};
    let map = "\
##########
#@.......#
#........#
#.+......#
##########
";
    let mut app = support::keyboard_app(map, |app| {
        app.add_plugins((delve::screens::playing::items::plugin, delve::render::animate::plugin));
    });
    let motions = |app: &mut App| -> Vec<Motion> {
        let world = app.world_mut();
        world.query::<&Animation>().iter(world).map(Animation::motion).collect()
    };
    {
        let mut game = app.world_mut().resource_mut::<Game>();
        game.player_mut()
            .pack
            .add(Item {
                kind: ItemKind::Dart,
                count: 5,
                plus: 0,
                wait: 0,
            })
            .unwrap();
        game.dungeon_mut().level_mut().monsters.push(Monster {
            id: 1,
            kind: Kind::Rat,
            at: Pos::new(6, 1),
            hp: 4,
            energy: -1000,
            mind: Mind::Asleep,
            champion: None,
        });
        game.0.look();
    }
    app.update();
    press(&mut app, KeyCode::KeyF, "f");
    press(&mut app, KeyCode::KeyA, "a");
    press(&mut app, KeyCode::KeyF, "f");
    assert_eq!(game(&app).turn(), 1, "thrown");
    let shown = motions(&mut app);
    assert!(
        shown
            .iter()
            .any(|m| matches!(m, Motion::Fly { from, to } if to.x > from.x)),
        "the dart flies east: {shown:?}"
    );
    let flights = |shown: &[Motion]| shown.iter().filter(|m| matches!(m, Motion::Fly { .. })).count();
    assert_eq!(flights(&shown), 1, "a thrown thing flies alone: {shown:?}");
    // A hit's flash begins when the flight that landed it ends.
    let spans: Vec<(Motion, (f32, f32))> = {
        let world = app.world_mut();
        world
            .query::<&Animation>()
            .iter(world)
            .map(|a| (a.motion(), a.span()))
            .collect()
    };
    let flight = spans.iter().find(|(m, _)| matches!(m, Motion::Fly { .. })).map(|s| s.1);
    if let (Some((flew, lasts)), Some((_, (flashed, _)))) = (flight, spans.iter().find(|(m, _)| *m == Motion::Flash)) {
        assert!(*flashed >= flew + lasts - 1e-4, "the hit after the throw: {spans:?}");
    }
    // The next turn (a step down to the door) ends the flight at once.
    press(&mut app, KeyCode::KeyJ, "j");
    assert!(motions(&mut app).iter().all(|m| !matches!(m, Motion::Fly { .. })));
    press(&mut app, KeyCode::KeyJ, "j");
    assert_eq!(game(&app).player().at, Pos::new(1, 3));
    press(&mut app, KeyCode::KeyL, "l");
    assert_eq!(
        motions(&mut app),
        [Motion::Swing { opening: true }],
        "the door swings open"
    );
    // Off in the settings: the next turn shows nothing.
    app.world_mut().resource_mut::<delve::settings::Settings>().animations = false;
    press(&mut app, KeyCode::KeyL, "l");
    assert_eq!(game(&app).player().at, Pos::new(2, 3));
    assert!(motions(&mut app).is_empty());
}

/// "Close which door?" has the keyboard while it waits (`Focus::Choose`): a direction answers it,
/// any other key lets it go (and opens nothing).
#[test]
fn a_question_has_the_keyboard_until_answered() {
    use delve::state::Focus;
    let mut app = support::keyboard_app("#######\n#..'..#\n#.@#..#\n#.'#..#\n#######\n", |app| {
        app.add_plugins(delve::screens::playing::items::plugin);
    });
    press(&mut app, KeyCode::KeyC, "c");
    app.update();
    assert_eq!(focus(&app), Focus::Choose);
    press(&mut app, KeyCode::KeyI, "i");
    app.update();
    assert_eq!(
        focus(&app),
        Focus::Map,
        "another key lets the question go, and opens nothing"
    );
    assert_eq!(game(&app).log().lines().last().unwrap().1, "Never mind.");
    press(&mut app, KeyCode::KeyC, "c");
    app.update();
    press(&mut app, KeyCode::KeyU, "u");
    app.update();
    assert_eq!(focus(&app), Focus::Map);
    assert_eq!(
        game(&app).dungeon().level().map.tile(Pos::new(3, 1)),
        delve_core::map::Tile::Door(delve_core::map::DoorState::Closed),
        "u (north-east) closed that door"
    );
}

/// A wand's bolt flies in a glowing haze of its colour (a second flight under the bolt's).
#[test]
fn a_bolt_flies_in_a_glowing_haze() {
    use delve::render::animate::{Animation, Motion};
    let map = "\
##########
#@.......#
##########
";
    let mut app = support::keyboard_app(map, |app| {
        app.add_plugins((delve::screens::playing::items::plugin, delve::render::animate::plugin));
    });
    {
        let mut game = app.world_mut().resource_mut::<Game>();
        game.player_mut()
            .pack
            .add(Item {
                kind: ItemKind::Striking,
                count: 3,
                plus: 0,
                wait: 0,
            })
            .unwrap();
        game.dungeon_mut()
            .level_mut()
            .monsters
            .push(Monster::new(1, Kind::Rat, Pos::new(6, 1), Mind::Asleep));
        game.0.look();
    }
    app.update();
    press(&mut app, KeyCode::KeyF, "f");
    press(&mut app, KeyCode::KeyA, "a");
    press(&mut app, KeyCode::KeyF, "f");
    assert_eq!(game(&app).turn(), 1, "zapped");
    let world = app.world_mut();
    let flights = world
        .query::<&Animation>()
        .iter(world)
        .filter(|a| matches!(a.motion(), Motion::Fly { .. }))
        .count();
    assert_eq!(flights, 2, "the bolt and its haze");
}

//! Exploring and travelling: the explorer sees every tile reachable without keys on a thousand
//! seeds of every style and takes no more turns than the plain nearest-frontier explorer; travel
//! walks a shortest known path; and in the game, every interruption stops a walk and says why.

use std::collections::VecDeque;

use bevy::prelude::*;
mod support;

use delve::player::command::{PlayerCommand, TravelRequest};
use delve::travel::AutoMove;
use delve_core::dungeon::Dungeon;
use delve_core::explore::{self as plan, Finished, Known};
use delve_core::explore::{explore_level, nearest_frontier};
use delve_core::fov::{DEFAULT_RADIUS, Memory};
use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::geom::Pos;
use delve_core::map::{DoorState, Tile, TileMap, parse_ascii};
use delve_core::paths::{Search, StepField};
use delve_core::run::Run;
use delve_core::world::Level;
use delve_core::world::{Kind, Mind, Monster};
use support::{act, game, message, player_at, turns};

/// Every tile reachable from the arrival by 4-way steps without passing a locked door: what an
/// explorer without keys must see.
fn reachable_without_keys(map: &TileMap) -> Vec<Pos> {
    let mut seen = vec![false; map.tiles().len()];
    let mut queue = VecDeque::from([map.start()]);
    seen[map.index(map.start())] = true;
    let mut out = Vec::new();
    while let Some(p) = queue.pop_front() {
        out.push(p);
        for q in p.neighbours4() {
            // (Secrets are not ways until found; deep water, lava and chasms are never needed.)
            let ok = map
                .get(q)
                .is_some_and(|t| t.is_walkable() && t != Tile::Door(DoorState::Locked));
            if ok && !std::mem::replace(&mut seen[map.index(q)], true) {
                queue.push_back(q);
            }
        }
    }
    out
}

/// Explores `seeds` levels of `style`, checking that Delve's explorer saw every tile reachable
/// without keys; on every fifth seed the plain explorer explores it too. Returns the turns both
/// took on those seeds (Delve's, the plain explorer's).
fn sweep(style: CorridorStyle, seeds: std::ops::Range<u64>) -> (u64, u64) {
    let (mut ours, mut plain) = (0, 0);
    for seed in seeds {
        let depth = (seed % 10) as u32 + 1;
        let params = GenParams::new(seed, 80, 50, style).at_depth(depth);
        // Without traps: a trapdoor would end the exploring, a teleporter start it elsewhere
        // (tests/terrain.rs and the game's own tests hold traps to their rules).
        let fresh = || {
            let mut d = Dungeon::new(params).unwrap().peaceful();
            d.level_mut().traps.clear();
            d
        };
        let mut run = Run::new(fresh()).with_sight(DEFAULT_RADIUS);
        let done = explore_level(&mut run, plan::explore, 100_000);
        let map = &run.dungeon().level().map;
        assert!(
            matches!(done.finished, Some(Finished::Explored { .. } | Finished::Barred { .. })),
            "{params} depth {depth}: stopped early after {} turns",
            done.turns
        );
        for p in reachable_without_keys(map) {
            assert!(
                done.memory.is_explored(p),
                "{params} depth {depth}: {p:?} is reachable without keys but was never seen"
            );
        }
        if seed % 5 != 0 {
            continue;
        }
        ours += done.turns;
        plain += explore_level(
            &mut Run::new(fresh()).with_sight(DEFAULT_RADIUS),
            nearest_frontier(),
            100_000,
        )
        .turns;
    }
    (ours, plain)
}

#[test]
fn explore_sees_everything_reachable_without_keys_on_a_thousand_seeds_of_every_style() {
    let styles = CorridorStyle::ALL;
    let totals: Vec<(CorridorStyle, (u64, u64))> = std::thread::scope(|s| {
        let handles: Vec<_> = styles
            .iter()
            .map(|&style| s.spawn(move || (style, sweep(style, 0..1000))))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let (ours, plain) = totals.iter().fold((0, 0), |a, (_, t)| (a.0 + t.0, a.1 + t.1));
    for (style, (o, p)) in &totals {
        println!(
            "{style:?}: explore {o} turns, nearest frontier {p} ({:.3}x)",
            *o as f64 / *p as f64
        );
    }
    println!(
        "all: explore {ours} turns, nearest frontier {plain} ({:.3}x)",
        ours as f64 / plain as f64
    );
    assert!(ours <= plain, "explore took {ours} turns, the plain explorer {plain}");
}

/// The whole level known, as if every tile had been seen.
fn all_known(level: &Level) -> Memory {
    let mut memory = Memory::default();
    let all: Vec<Pos> = (0..level.map.tiles().len()).map(|i| level.map.pos_of(i)).collect();
    memory.level_mut(1, &level.map).remember(&level.map, &all);
    memory
}

#[test]
fn travel_follows_a_shortest_known_path() {
    let mut search = Search::default();
    let mut field = StepField::default();
    let mut checked = 0;
    for seed in 0..60 {
        let style = CorridorStyle::ALL[seed as usize % CorridorStyle::ALL.len()];
        let dungeon = Dungeon::new(GenParams::new(seed, 80, 50, style)).unwrap();
        let level = dungeon.level();
        let memory = all_known(level);
        let known = Known {
            level,
            memory: memory.level(1).unwrap(),
        };
        // Travel walks round the traps the player knows of: as walls, to the field.
        let mut map = level.map.clone();
        for t in level.traps.iter().filter(|t| !t.hidden) {
            map.set(t.at, Tile::Wall);
        }
        let map = &map;
        let pass = |t: Tile| t.is_walkable() && t != Tile::Door(DoorState::Locked);
        field.compute(map, map.start(), u32::MAX, pass);
        for i in (0..map.tiles().len()).step_by(37) {
            let to = map.pos_of(i);
            let Some(steps) = field.get(to) else { continue };
            if map.tile(to) == Tile::Door(DoorState::Locked) {
                continue;
            }
            let walk = plan::travel(&known, map.start(), to, &[], &mut search).expect("a known way");
            assert_eq!(walk.len() as u32, steps, "seed {seed}: to {to:?}");
            let mut at = map.start();
            for &next in &walk {
                let (dx, dy) = (next.x - at.x, next.y - at.y);
                assert!(
                    dx.abs() <= 1 && dy.abs() <= 1 && (dx, dy) != (0, 0),
                    "one step at a time"
                );
                assert!(pass(map.tile(next)), "onto walkable ground");
                let diagonal = dx != 0 && dy != 0;
                assert!(!(diagonal && (map.tile(at).is_door() || map.tile(next).is_door())));
                at = next;
            }
            assert_eq!(at, to);
            checked += 1;
        }
    }
    assert!(checked > 1000, "{checked} walks checked");
}

#[test]
fn travel_goes_only_where_the_player_knows_a_way() {
    let map = parse_ascii(b"#########\n#@..#...#\n#...+...#\n#########\n").unwrap();
    let level = Level::bare(map);
    let mut memory = Memory::default();
    // Only the left room is known.
    let left: Vec<Pos> = (0..5).flat_map(|x| (0..4).map(move |y| Pos::new(x, y))).collect();
    memory.level_mut(1, &level.map).remember(&level.map, &left);
    let known = Known {
        level: &level,
        memory: memory.level(1).unwrap(),
    };
    let mut search = Search::default();
    assert_eq!(
        plan::travel(&known, Pos::new(1, 1), Pos::new(6, 2), &[], &mut search),
        None
    );
    let walk = plan::travel(&known, Pos::new(1, 1), Pos::new(4, 2), &[], &mut search).unwrap();
    assert_eq!(walk.last(), Some(&Pos::new(4, 2)), "to the door");
    assert_eq!(walk.len(), 3);
}

// --- In the game ---------------------------------------------------------------------------

fn walking(app: &App) -> bool {
    app.world().resource::<AutoMove>().goal().is_some()
}

/// Asks for a walk and plays frames until it stops (at most `frames`); returns the frames used.
fn walk(app: &mut App, request: TravelRequest, frames: usize) -> usize {
    app.world_mut().write_message(request);
    app.update();
    for n in 1..frames {
        if !walking(app) {
            return n;
        }
        app.update();
    }
    frames
}

#[test]
fn explore_in_the_game_stops_for_keys_and_stairs_and_ends_explored() {
    // A level with a key, no monsters: each `x` runs until something new is seen, and the last
    // one says the level is explored (or that a lock bars the rest).
    // A level with a key and its stairs down in reach without one (the lock guards a vault).
    let params = (1..500)
        .map(|s| GenParams::new(s, 80, 50, CorridorStyle::Mixed).at_depth(3))
        .find(|p| {
            let d = Dungeon::new(*p).unwrap();
            let map = &d.level().map;
            !d.level().keys.is_empty() && reachable_without_keys(map).contains(&map.stairs_down().unwrap())
        })
        .expect("a third level with a key and a vault");
    let mut app = delve::app::headless_app(Dungeon::new(params).unwrap().peaceful());
    let mut stops = Vec::new();
    for _ in 0..40 {
        walk(&mut app, TravelRequest::Explore, 5_000);
        let said = message(&app);
        let done = said.starts_with("Explored") || said.starts_with("Partly explored");
        stops.push(said);
        if done {
            break;
        }
    }
    let last = stops.last().unwrap();
    assert!(
        last.starts_with("Explored") || last.starts_with("Partly explored"),
        "{stops:?}"
    );
    let saw = |what: &str| stops.iter().any(|s| s.starts_with("You see") && s.contains(what));
    assert!(saw("a key") && saw("stairs"), "{stops:?}");
    // Keys reachable without unlocking were picked up on the way.
    assert!(
        !game(&app).player().keys.0.is_empty(),
        "explore picks up keys it walks to"
    );
    let turns = turns(&app);
    assert!(turns > 50, "each step was a turn ({turns})");
}

#[test]
fn explore_stops_when_a_monster_comes_into_view_and_will_not_start_with_one_in_view() {
    // A corridor with a rat round the corner, asleep.
    let map = parse_ascii(
        b"\
##########
#@.......#
########.#
#........#
##########
",
    )
    .unwrap();
    let mut level = Level::bare(map.clone());
    level.monsters.push(Monster {
        id: 0,
        kind: Kind::Rat,
        at: Pos::new(2, 3),
        hp: 4,
        energy: 0,
        mind: Mind::Asleep,
        champion: None,
    });
    let mut app = delve::app::headless_app(Dungeon::single(level));
    walk(&mut app, TravelRequest::Explore, 500);
    assert_eq!(message(&app), "You see a rat.");
    assert!(!walking(&app));
    let at = player_at(&app);
    assert!(at.x >= 7, "it walked until the rat came into view ({at:?})");
    walk(&mut app, TravelRequest::Explore, 10);
    assert_eq!(message(&app), "You cannot explore with a rat in view.");
    assert_eq!(player_at(&app), at, "and took no step");
    // A name with a vowel takes "an".
    let mut level = Level::bare(map.clone());
    level.monsters.push(Monster {
        id: 0,
        kind: Kind::Orc,
        at: Pos::new(2, 3),
        hp: 16,
        energy: 0,
        mind: Mind::Asleep,
        champion: None,
    });
    let mut app = delve::app::headless_app(Dungeon::single(level));
    walk(&mut app, TravelRequest::Explore, 500);
    assert_eq!(message(&app), "You see an orc.");
}

#[test]
fn travel_stops_when_hurt() {
    // A hunting jackal (two moves a turn) beside the player, who travels along a long room.
    let map = parse_ascii(
        b"\
##############################
#@...........................#
#............................#
##############################
",
    )
    .unwrap();
    let mut level = Level::bare(map);
    level.monsters.push(Monster {
        id: 0,
        kind: Kind::Jackal,
        at: Pos::new(1, 2),
        hp: 5,
        energy: 0,
        mind: Mind::Hunting {
            target: Pos::new(1, 1),
            patience: 20,
        },
        champion: None,
    });
    let mut app = delve::app::headless_app(Dungeon::single(level));
    let hp = |app: &mut App| game(app).player().health.hp;
    let before = hp(&mut app);
    // The far end is out of sight (the player sees 8 tiles): no way is known there yet.
    walk(&mut app, TravelRequest::To(Pos::new(28, 1)), 10);
    assert_eq!(message(&app), "You know of no way there.");
    walk(&mut app, TravelRequest::To(Pos::new(9, 1)), 200);
    assert!(hp(&mut app) < before, "the jackal bit on the way");
    assert!(message(&app).contains("You stop: you are hurt."), "{}", message(&app));
    assert_ne!(player_at(&app), Pos::new(9, 1), "it stopped before arriving");
}

#[test]
fn a_keypress_stops_a_walk_and_a_refused_step_ends_it() {
    let map = parse_ascii(
        b"\
############
#@.......###
#........*.#
############
",
    )
    .unwrap();
    let mut app = delve::app::headless_app(Dungeon::single(Level::bare(map)));
    app.init_resource::<ButtonInput<KeyCode>>();
    app.world_mut().write_message(TravelRequest::To(Pos::new(8, 1)));
    for _ in 0..4 {
        app.update();
    }
    assert!(walking(&app));
    let at = player_at(&app);
    assert!(at.x > 1 && at.x < 8, "{at:?}");
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(KeyCode::KeyQ);
    app.update();
    assert!(!walking(&app), "a key stops it");
    let stopped = player_at(&app);
    app.world_mut().resource_mut::<ButtonInput<KeyCode>>().clear();
    app.update();
    app.update();
    assert_eq!(player_at(&app), stopped, "and it stays stopped");
    // A walk that ends on a locked door without its key: the refusal ends it.
    walk(&mut app, TravelRequest::To(Pos::new(9, 2)), 200);
    assert!(!walking(&app));
    assert_eq!(message(&app), "The door is locked.");
    assert_eq!(player_at(&app), Pos::new(8, 2));
}

#[test]
fn stairs_travel_walks_to_the_known_stairs() {
    let map = parse_ascii(
        b"\
##########
#@......>#
##########
",
    )
    .unwrap();
    let mut app = delve::app::headless_app(Dungeon::single(Level::bare(map)));
    walk(&mut app, TravelRequest::StairsDown, 100);
    assert_eq!(player_at(&app), Pos::new(8, 1));
    walk(&mut app, TravelRequest::StairsUp, 10);
    assert_eq!(message(&app), "You don't know of any stairs up on this level.");
}

#[test]
fn a_click_maps_to_the_tile_under_it_at_every_zoom() {
    use delve::render::ZOOMS;
    use delve::render::space::{TILE_PX, tile_under, world_pos};
    let map = Dungeon::new(GenParams::new(5, 80, 50, CorridorStyle::Mixed))
        .unwrap()
        .level()
        .map
        .clone();
    let window = Vec2::new(1280.0, 800.0);
    let mut rng = delve_core::rng::GenRng::new(11);
    for zoom in ZOOMS {
        let scale = 1.0 / zoom;
        for _ in 0..500 {
            let camera = world_pos(&map, Pos::new(rng.below(80) as i32, rng.below(50) as i32))
                + Vec2::new(rng.below(16) as f32 - 8.0, rng.below(16) as f32 - 8.0);
            let p = Pos::new(rng.below(80) as i32, rng.below(50) as i32);
            // A point inside tile p (not on its edge), where it is drawn on screen.
            let inside = Vec2::new(rng.below(15) as f32 - 7.0, rng.below(15) as f32 - 7.0) * (TILE_PX / 16.0);
            let world = world_pos(&map, p) + inside;
            let screen = (world - camera) / scale;
            let cursor = window / 2.0 + Vec2::new(screen.x, -screen.y);
            assert_eq!(tile_under(&map, cursor, window, camera, scale), p, "zoom {zoom}");
        }
    }
}

/// A room for the walks below: the player at its west end.
const HALL: &str = "\
####################
#@.................#
#..................#
####################
";

#[test]
fn rest_waits_until_healed_and_cured_and_stops_for_a_monster() {
    let mut app = delve::app::headless_app(Dungeon::single(Level::bare(parse_ascii(HALL.as_bytes()).unwrap())));
    // Nothing to rest for: no turn passes.
    walk(&mut app, TravelRequest::Rest, 10);
    assert_eq!(
        (message(&app), turns(&app)),
        ("You have nothing to rest for.".to_owned(), 0)
    );
    // Hurt and poisoned: rests until both are over, a wait a turn.
    {
        let mut game = app.world_mut().resource_mut::<delve::turn::Game>();
        let player = game.player_mut();
        player.health.hp = player.health.max - 5;
        player.status.poison = 4;
    }
    let frames = walk(&mut app, TravelRequest::Rest, 2_000);
    let player = game(&app).player();
    assert_eq!(player.health.hp, player.health.max, "healed");
    assert_eq!(player.status.poison, 0, "cured");
    assert!(message(&app).starts_with("You have rested:"), "{}", message(&app));
    assert!(
        turns(&app) > 30 && frames < 2_000,
        "{} turns in {frames} frames",
        turns(&app)
    );
    // A monster coming into view ends a rest.
    app.world_mut()
        .resource_mut::<delve::turn::Game>()
        .player_mut()
        .health
        .hp -= 10;
    app.world_mut()
        .resource_mut::<delve::turn::Game>()
        .dungeon_mut()
        .level_mut()
        .monsters
        .push(Monster {
            id: 9,
            kind: Kind::Goblin,
            at: Pos::new(18, 2),
            hp: 10,
            energy: 0,
            mind: Mind::Wandering {
                heading: delve_core::geom::Dir8::W,
            },
            champion: None,
        });
    walk(&mut app, TravelRequest::Rest, 200);
    assert_eq!(message(&app), "You see a goblin.", "it wandered into view");
    let hp = game(&app).player().health;
    assert!(hp.hp < hp.max, "the rest was cut short");
    let turn = turns(&app);
    walk(&mut app, TravelRequest::Rest, 10);
    assert_eq!(message(&app), "You cannot rest with a goblin in view.");
    assert_eq!(turns(&app), turn, "and no turn passed");
}

#[test]
fn poison_alone_does_not_stop_a_walk_but_a_blow_does() {
    let mut app = delve::app::headless_app(Dungeon::single(Level::bare(parse_ascii(HALL.as_bytes()).unwrap())));
    app.world_mut()
        .resource_mut::<delve::turn::Game>()
        .player_mut()
        .status
        .poison = 20;
    let before = game(&app).player().health.hp;
    walk(&mut app, TravelRequest::To(Pos::new(8, 1)), 200);
    assert_eq!(player_at(&app), Pos::new(8, 1), "{}", message(&app));
    assert!(game(&app).player().health.hp < before, "the poison hurt on the way");
    assert!(!message(&app).contains("You stop"), "{}", message(&app));
}

#[test]
fn explore_picks_up_darts_and_potions_but_not_a_sword_nor_an_altars_choice() {
    use delve_core::world::{FloorItem, Item, ItemKind};
    let mut level = Level::bare(parse_ascii(HALL.as_bytes()).unwrap());
    let darts = Item {
        kind: ItemKind::Dart,
        count: 4,
        plus: 0,
        wait: 0,
    };
    level.items.push(FloorItem::loose(Pos::new(6, 2), darts));
    level
        .items
        .push(FloorItem::loose(Pos::new(12, 2), Item::one(ItemKind::Healing)));
    level
        .items
        .push(FloorItem::loose(Pos::new(15, 2), Item::one(ItemKind::Sword)));
    level.items.push(FloorItem {
        altar: Some(0),
        ..FloorItem::loose(Pos::new(17, 2), Item::one(ItemKind::Speed))
    });
    let mut app = delve::app::headless_app(Dungeon::single(level));
    for _ in 0..10 {
        walk(&mut app, TravelRequest::Explore, 2_000);
        if message(&app).starts_with("Explored") {
            break;
        }
    }
    assert!(message(&app).starts_with("Explored"), "{}", message(&app));
    let pack: Vec<ItemKind> = game(&app).player().pack.items().map(|(_, i)| i.kind).collect();
    assert!(
        pack.contains(&ItemKind::Dart) && pack.contains(&ItemKind::Healing),
        "{pack:?}"
    );
    assert!(!pack.contains(&ItemKind::Sword), "a weapon is the player's choice");
    assert!(!pack.contains(&ItemKind::Speed), "so is a vault's altar");
    let left: Vec<Pos> = game(&app).dungeon().level().items.iter().map(|f| f.at).collect();
    assert_eq!(left, [Pos::new(15, 2), Pos::new(17, 2)]);
    // What it leaves lying is said (the altar's choice is the vault's, not left behind).
    assert!(message(&app).ends_with(" Left lying: a sword."), "{}", message(&app));
}

#[test]
fn with_the_setting_explore_takes_weapons_and_armour_but_never_what_was_put_down() {
    use delve::player::command::PlayerCommand;
    use delve_core::rules::Act;
    use delve_core::world::{FloorItem, Item, ItemKind};
    let mut level = Level::bare(parse_ascii(HALL.as_bytes()).unwrap());
    level
        .items
        .push(FloorItem::loose(Pos::new(15, 2), Item::one(ItemKind::Sword)));
    let mut app = delve::app::headless_app(Dungeon::single(level));
    app.insert_resource(delve::settings::Settings {
        explore_takes_gear: true,
        ..default()
    });
    let explore = |app: &mut App| {
        for _ in 0..10 {
            walk(app, TravelRequest::Explore, 2_000);
            if message(app).starts_with("Explored") {
                break;
            }
        }
    };
    explore(&mut app);
    assert!(message(&app).starts_with("Explored"), "{}", message(&app));
    assert!(!message(&app).contains("Left lying"), "{}", message(&app));
    let sword = game(&app)
        .player()
        .pack
        .items()
        .find(|(_, i)| i.kind == ItemKind::Sword)
        .map(|(slot, _)| slot);
    let Some(slot) = sword else {
        panic!("the sword was taken: {}", message(&app))
    };
    // Put down where the player stands, it stays put however often the level is explored.
    let dropped_at = player_at(&app);
    app.world_mut()
        .write_message(PlayerCommand::Item(Act::Drop(slot as u8)));
    app.update();
    assert!(game(&app).dungeon().level().item_at(dropped_at).is_some(), "dropped");
    walk(&mut app, TravelRequest::To(Pos::new(2, 2)), 2_000);
    explore(&mut app);
    assert!(message(&app).starts_with("Explored"), "{}", message(&app));
    assert!(
        game(&app).dungeon().level().item_at(dropped_at).is_some(),
        "not taken again"
    );
    assert!(
        !message(&app).contains("Left lying"),
        "what the player put down is not news: {}",
        message(&app)
    );
}

#[test]
fn a_known_trap_stops_a_walk_once_never_again_as_it_comes_back_into_view() {
    // Two rooms joined by a corridor: a dart trap in the top room, seen from the start, and one in
    // the bottom room, not yet seen.
    let map = parse_ascii(
        b"\
##########
#@.......#
####.#####
####.#####
#........#
#........#
##########
",
    )
    .unwrap();
    let mut level = Level::bare(map);
    for at in [Pos::new(8, 1), Pos::new(6, 5)] {
        level.traps.push(delve_core::world::Trap {
            at,
            kind: delve_core::world::TrapKind::Dart,
            hidden: false,
        });
    }
    let mut app = delve::app::headless_app(Dungeon::single(level));
    // The bottom room's trap is news the first time it is seen, by its name; the top room's,
    // seen from the start, never was.
    walk(&mut app, TravelRequest::Explore, 500);
    assert_eq!(message(&app), "You see a dart trap.");
    walk(&mut app, TravelRequest::Explore, 500);
    assert!(message(&app).starts_with("Explored"), "{}", message(&app));
    assert!(player_at(&app).y >= 4, "the explorer ends in the bottom room");
    // Back up the corridor the top room's trap, known from the start, comes into view again:
    // no news, and the walk goes on to its end.
    let home = Pos::new(1, 1);
    walk(&mut app, TravelRequest::To(home), 500);
    assert_eq!(player_at(&app), home, "stopped on the way: {}", message(&app));
    assert_ne!(message(&app), "You see a dart trap.");
}

/// Runs frames until the walker stops (at most `frames`); returns how many ran.
fn run_walker(app: &mut App, frames: usize) -> usize {
    for n in 0..frames {
        if !walking(app) {
            return n;
        }
        app.update();
    }
    frames
}

#[test]
fn a_step_into_a_captive_works_at_its_chains_until_it_is_free_or_a_monster_comes() {
    let captive = |id: u32, at: Pos| Monster {
        id,
        kind: Kind::Goblin,
        at,
        hp: 10,
        energy: 0,
        mind: Mind::Captive {
            chains: delve_core::world::CHAINS,
        },
        champion: None,
    };
    // One step into it, and the walker works on, a turn a step, until it is free.
    let mut level = Level::bare(parse_ascii(HALL.as_bytes()).unwrap());
    level.monsters.push(captive(1, Pos::new(2, 1)));
    let mut app = delve::app::headless_app(Dungeon::single(level));
    act(&mut app, PlayerCommand::Step(delve_core::geom::Dir8::E));
    run_walker(&mut app, 100);
    let freed = game(&app).dungeon().level().monsters[0];
    assert!(freed.is_ally(), "{:?}: {}", freed.mind, message(&app));
    assert_eq!(turns(&app), u64::from(delve_core::world::CHAINS));
    assert!(message(&app).starts_with("You free the goblin"), "{}", message(&app));
    // A monster coming into view stops the work, and what was done stays done.
    let mut level = Level::bare(parse_ascii(HALL.as_bytes()).unwrap());
    level.monsters.push(captive(1, Pos::new(2, 1)));
    level.monsters.push(Monster {
        id: 2,
        kind: Kind::Rat,
        at: Pos::new(18, 2),
        hp: 4,
        energy: 0,
        mind: Mind::Wandering {
            heading: delve_core::geom::Dir8::W,
        },
        champion: None,
    });
    let mut app = delve::app::headless_app(Dungeon::single(level));
    // Out of view at first (the sight is short here), then it walks up.
    app.world_mut().resource_mut::<delve::turn::Game>().set_sight_radius(3);
    act(&mut app, PlayerCommand::Step(delve_core::geom::Dir8::E));
    {
        let mut game = app.world_mut().resource_mut::<delve::turn::Game>();
        let level = game.dungeon_mut().level_mut();
        level.monsters[1].at = Pos::new(3, 2);
        level.monsters[1].mind = Mind::Asleep;
    }
    run_walker(&mut app, 100);
    assert_eq!(message(&app), "You see a rat.");
    let chains = game(&app).dungeon().level().monsters[0].mind;
    assert!(
        matches!(chains, Mind::Captive { chains } if chains > 0 && chains < delve_core::world::CHAINS),
        "{chains:?}"
    );
}

#[test]
fn an_ally_in_view_does_not_stop_exploring_and_changes_places_on_the_way() {
    let mut level = Level::bare(parse_ascii(HALL.as_bytes()).unwrap());
    level.monsters.push(Monster {
        id: 1,
        kind: Kind::Jackal,
        at: Pos::new(2, 1),
        hp: 5,
        energy: 0,
        mind: Mind::Ally {
            waiting: true,
            kills: 0,
        },
        champion: None,
    });
    let mut app = delve::app::headless_app(Dungeon::single(level));
    walk(&mut app, TravelRequest::To(Pos::new(8, 1)), 200);
    assert_eq!(player_at(&app), Pos::new(8, 1), "{}", message(&app));
    assert_eq!(
        game(&app).dungeon().level().monsters[0].at,
        Pos::new(1, 1),
        "it changed places"
    );
}

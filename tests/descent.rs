//! Playing the dungeon headless, by the rules and nothing else: a bot walks down every level of
//! several runs (opening doors, picking up keys, unlocking their doors, taking the stairs), takes
//! the relic and climbs back out to victory;
//! levels are kept as they were left; keys open their own doors only; stairs work only on stairs.

use std::collections::VecDeque;

use bevy::prelude::*;
mod support;

use delve::player::command::PlayerCommand;
use delve::screens::playing::hud::status_line;
use delve::state::GameState;
use delve_core::dungeon::Dungeon;
use delve_core::fov::Memory;
use delve_core::generation::{CorridorStyle, DEEPEST, GenParams};
use delve_core::geom::Dir8;
use delve_core::geom::Pos;
use delve_core::map::{DoorState, Tile, TileMap, parse_ascii};
use delve_core::world::Ending;
use delve_core::world::{Carrying, KeyRing};
use delve_core::world::{Key, Level};
use support::{act, dungeon, game, message, state, told_lately, turns};

fn player(app: &mut App) -> (Pos, KeyRing, Memory) {
    let player = &game(app).player();
    (player.at, player.keys.clone(), player.memory.clone())
}

/// The shortest 4-way path from `from` to the nearest tile `goal` accepts, over tiles `pass`
/// accepts (the goal itself need not pass). Both ends included.
fn path_to(map: &TileMap, from: Pos, pass: impl Fn(Pos) -> bool, goal: impl Fn(Pos) -> bool) -> Option<Vec<Pos>> {
    let mut back = vec![None; map.tiles().len()];
    let mut queue = VecDeque::from([from]);
    back[map.index(from)] = Some(from);
    while let Some(p) = queue.pop_front() {
        if goal(p) {
            let mut path = vec![p];
            let mut q = p;
            while q != from {
                q = back[map.index(q)].unwrap();
                path.push(q);
            }
            path.reverse();
            return Some(path);
        }
        for q in p.neighbours4() {
            if map.in_bounds(q) && back[map.index(q)].is_none() && (pass(q) || goal(q)) {
                back[map.index(q)] = Some(p);
                queue.push_back(q);
            }
        }
    }
    None
}

fn dir(from: Pos, to: Pos) -> Dir8 {
    *Dir8::ALL
        .iter()
        .find(|d| Dir8::from_pos(from, **d) == to)
        .expect("neighbours")
}

/// Walks `path` step by step: a closed door takes a bump to open, a locked one a bump to unlock.
/// The walker is kept fed: what these tests walk for is the way, not food (down ten levels and up
/// again outlasts the first stomach).
fn walk(app: &mut App, path: &[Pos]) {
    app.world_mut().resource_mut::<delve::turn::Game>().player_mut().stomach = delve_core::world::STOMACH;
    for pair in path.windows(2) {
        for bump in 0.. {
            assert!(
                bump < 3,
                "stuck at {:?} going to {:?}: {}",
                pair[0],
                pair[1],
                message(app)
            );
            act(app, PlayerCommand::Step(dir(pair[0], pair[1])));
            if player(app).0 == pair[1] {
                break;
            }
        }
    }
}

/// Where the bot can walk with the keys it holds: round every trap (it knows the level).
fn passable<'a>(level: &'a Level, keys: &'a [Pos]) -> impl Fn(Pos) -> bool + 'a {
    move |p| {
        let t = level.map.tile(p);
        t.is_walkable() && (t != Tile::Door(DoorState::Locked) || keys.contains(&p)) && level.trap_at(p).is_none()
    }
}

/// Walks to the stairs down, fetching keys first when a lock is in the way, and descends.
fn go_down(app: &mut App) {
    let down = dungeon(app).level().map.stairs_down().expect("stairs down");
    go_to(app, down);
    let before = turns(app);
    act(app, PlayerCommand::Descend);
    assert_eq!(turns(app), before + 1, "taking the stairs is a turn");
}

/// Walks to `goal`, fetching keys first when a lock is in the way.
fn go_to(app: &mut App, goal: Pos) {
    for _ in 0..10 {
        let (at, ring, _) = player(app);
        let d = dungeon(app);
        let (map, level) = (d.level().map.clone(), d.level().clone());
        let keys = ring.doors_on(d.depth());
        if let Some(path) = path_to(&map, at, passable(&level, &keys), |p| p == goal) {
            walk(app, &path);
            return;
        }
        let path = path_to(&map, at, passable(&level, &keys), |p| level.key_at(p).is_some())
            .expect("when the stairs are locked away, a key is in reach");
        walk(app, &path);
        assert!(message(app).contains("pick up a key"), "{}", message(app));
    }
    panic!("no way to {goal:?}");
}

#[test]
fn a_bot_walks_down_every_level_by_the_rules() {
    let mut unlocked = 0;
    for seed in 0..12 {
        let style = CorridorStyle::ALL[seed as usize % CorridorStyle::ALL.len()];
        let mut app = delve::app::headless_app(Dungeon::new(GenParams::new(seed, 80, 50, style)).unwrap().peaceful());
        for depth in 1..DEEPEST {
            assert_eq!(dungeon(&app).depth(), depth);
            let locks_before = dungeon(&app).level().keys.len();
            go_down(&mut app);
            let (at, ring, _) = player(&mut app);
            let d = dungeon(&app);
            assert_eq!(d.depth(), depth + 1, "seed {seed}");
            assert_eq!(Some(at), d.level().map.stairs_up(), "arrived on the stairs up");
            assert!(told_lately(&app, &format!("You arrive on depth {}.", depth + 1)));
            let left = d.kept(depth).unwrap();
            let opened = left.map.doors().filter(|x| x.1 == DoorState::Locked).count();
            unlocked += locks_before - left.keys.len();
            assert!(opened <= locks_before);
            assert!(
                ring.0
                    .iter()
                    .all(|k| k.0 != depth || left.map.tile(k.1) == Tile::Door(DoorState::Locked))
            );
        }
        assert_eq!(dungeon(&app).level().map.stairs_down(), None, "the deepest level");
        act(&mut app, PlayerCommand::Descend);
        assert!(message(&app).contains("no stairs down"), "{}", message(&app));
        // The relic, and all the way back up and out: victory.
        let relic = dungeon(&app)
            .level()
            .relic
            .expect("the relic lies on the deepest level");
        go_to(&mut app, relic);
        assert!(carrying(&mut app).relic, "seed {seed}: {}", message(&app));
        assert_eq!(dungeon(&app).level().relic, None, "the relic left the floor");
        for depth in (1..=DEEPEST).rev() {
            let up = dungeon(&app).level().map.stairs_up().expect("stairs up on every level");
            go_to(&mut app, up);
            assert_eq!(state(&app), GameState::Playing);
            act(&mut app, PlayerCommand::Ascend);
            if depth > 1 {
                assert_eq!(dungeon(&app).depth(), depth - 1);
            }
        }
        app.update(); // the state changes on the next frame
        assert_eq!(state(&app), GameState::Ended, "seed {seed}: {}", message(&app));
        let record = &game(&app).record();
        assert_eq!((record.ending.clone(), record.deepest), (Some(Ending::Won), DEEPEST));
    }
    assert!(unlocked > 0, "the bot met some locks on the way");
}

#[test]
fn the_way_out_wants_the_relic() {
    let mut app = delve::app::headless_app(
        Dungeon::new(GenParams::new(3, 80, 50, CorridorStyle::Mixed))
            .unwrap()
            .peaceful(),
    );
    let (at, _, _) = player(&mut app);
    assert_eq!(
        Some(at),
        dungeon(&app).level().map.stairs_up(),
        "the first level starts on the way out"
    );
    act(&mut app, PlayerCommand::Ascend);
    assert!(
        message(&app).contains("will not leave without the Heartstone"),
        "{}",
        message(&app)
    );
    assert_eq!(
        (turns(&app), state(&app)),
        (0, GameState::Playing),
        "no turn, no ending"
    );
}

fn carrying(app: &mut App) -> Carrying {
    game(app).player().carrying
}

/// A run whose level 2 has a key.
fn run_with_a_key_on_level_two() -> GenParams {
    (0..)
        .map(|seed| GenParams::new(seed, 60, 40, CorridorStyle::Mixed))
        .find(|p| {
            !delve_core::generation::generate(&p.at_depth(2))
                .unwrap()
                .level
                .keys
                .is_empty()
        })
        .unwrap()
}

#[test]
fn down_and_up_again_keeps_doors_memory_and_keys() {
    let run = run_with_a_key_on_level_two();
    let mut app = delve::app::headless_app(Dungeon::new(run).unwrap().peaceful());
    go_down(&mut app);
    assert_eq!(dungeon(&app).depth(), 2);
    let level_one = dungeon(&app).kept(1).unwrap().clone();
    assert!(
        level_one.map.doors().any(|d| d.1 == DoorState::Open)
            && level_one.map != delve_core::generation::generate(&run).unwrap().level.map,
        "the way down opened doors"
    );
    let (_, _, memory) = player(&mut app);
    let remembered_one = memory.level(1).unwrap().clone();
    // On level 2, pick up a key.
    let (at, _, _) = player(&mut app);
    let level = dungeon(&app).level().clone();
    let map = level.map.clone();
    let key = *level.keys.first().unwrap();
    let path = path_to(&map, at, passable(&level, &[]), |p| p == key.at).expect("the first key is in reach");
    walk(&mut app, &path);
    let (_, ring, _) = player(&mut app);
    assert_eq!(ring.0, vec![(2, key.opens)]);
    assert!(dungeon(&app).level().key_at(key.at).is_none(), "the key left the floor");
    assert!(status_line(dungeon(&app), &ring, 0, turns(&app)).contains("depth 2 of 10  |  keys 1"));
    // Back up: arrive on level 1's stairs down, the level as it was left.
    let (at, _, memory) = player(&mut app);
    let remembered_two = memory.level(2).unwrap().clone();
    let up = map.stairs_up().unwrap();
    walk(
        &mut app,
        &path_to(&map, at, passable(&level, &[]), |p| p == up).unwrap(),
    );
    act(&mut app, PlayerCommand::Ascend);
    let (at, ring, memory) = player(&mut app);
    assert_eq!(dungeon(&app).depth(), 1);
    assert_eq!(Some(at), level_one.map.stairs_down(), "up arrives on the stairs down");
    assert_eq!(dungeon(&app).level(), &level_one, "doors as they were left");
    let now_one = memory.level(1).unwrap();
    assert!(
        remembered_one
            .tiles()
            .iter()
            .zip(now_one.tiles())
            .all(|(a, b)| a.is_none() || a == b),
        "what was remembered of level 1 is still remembered"
    );
    assert_eq!(ring.0, vec![(2, key.opens)], "the key is still carried");
    // And down again: level 2 is as it was left, key gone from the floor, memory kept.
    act(&mut app, PlayerCommand::Descend);
    let (_, _, memory) = player(&mut app);
    assert_eq!(dungeon(&app).depth(), 2);
    assert!(dungeon(&app).level().key_at(key.at).is_none());
    assert_eq!(dungeon(&app).level().keys.len(), level.keys.len() - 1);
    let now_two = memory.level(2).unwrap();
    assert!(
        remembered_two
            .tiles()
            .iter()
            .zip(now_two.tiles())
            .all(|(a, b)| a.is_none() || b.is_some())
    );
}

/// A corridor with two locked doors and one key, for the second; returns the first door.
fn two_locks() -> (App, Pos) {
    let mut level = Level::bare(parse_ascii(b"#########\n#@..#####\n#...*.*.#\n#...#####\n#########\n").unwrap());
    let (first, second) = (Pos::new(4, 2), Pos::new(6, 2));
    level.keys.push(Key {
        at: Pos::new(2, 2),
        opens: second,
    });
    (delve::app::headless_app(Dungeon::single(level)), first)
}

#[test]
fn a_key_opens_its_own_door_only() {
    let (mut app, first) = two_locks();
    // Without any key, a locked door stops you, and bumping it is no turn.
    walk(&mut app, &[Pos::new(1, 1), Pos::new(1, 2)]);
    act(&mut app, PlayerCommand::Step(Dir8::E));
    assert_eq!(
        message(&app),
        "You pick up a key. It opens a locked door on this level."
    );
    act(&mut app, PlayerCommand::Step(Dir8::E));
    act(&mut app, PlayerCommand::Step(Dir8::E));
    assert_eq!(player(&mut app).0, Pos::new(3, 2));
    let before = turns(&app);
    act(&mut app, PlayerCommand::Step(Dir8::E));
    // Said twice running (the step before bumped it too): one line, counted.
    assert_eq!(
        message(&app),
        "The door is locked (x2).",
        "the key is not for this door"
    );
    assert_eq!(turns(&app), before);
    assert_eq!(dungeon(&app).level().map.tile(first), Tile::Door(DoorState::Locked));
    assert_eq!(player(&mut app).1.0.len(), 1, "the key is kept");
}

#[test]
fn the_right_key_unlocks_and_is_used_up() {
    let mut level = Level::bare(parse_ascii(b"#######\n#@..###\n#...*.#\n#...###\n#######\n").unwrap());
    let door = Pos::new(4, 2);
    level.keys.push(Key {
        at: Pos::new(2, 2),
        opens: door,
    });
    let mut app = delve::app::headless_app(Dungeon::single(level));
    for d in [Dir8::E, Dir8::E, Dir8::S] {
        act(&mut app, PlayerCommand::Step(d));
    }
    assert_eq!(player(&mut app).0, Pos::new(3, 2), "{}", message(&app));
    assert!(player(&mut app).1.0.is_empty(), "the key was not on the way");
    act(&mut app, PlayerCommand::Step(Dir8::W));
    assert!(message(&app).contains("pick up a key"));
    act(&mut app, PlayerCommand::Step(Dir8::E));
    let before = turns(&app);
    act(&mut app, PlayerCommand::Step(Dir8::E));
    assert_eq!(turns(&app), before + 1, "unlocking is one turn");
    assert_eq!(dungeon(&app).level().map.tile(door), Tile::Door(DoorState::Open));
    assert!(
        message(&app).starts_with("You unlock the door"),
        "a map file's run earns no feat to tell of"
    );
    assert!(player(&mut app).1.0.is_empty(), "the key is used up");
    assert_eq!(player(&mut app).0, Pos::new(3, 2), "unlocking does not move you");
    act(&mut app, PlayerCommand::Step(Dir8::E));
    assert_eq!(player(&mut app).0, door);
}

#[test]
fn stairs_work_only_on_stairs() {
    let mut app = delve::app::headless_app(Dungeon::premade(parse_ascii(b"#######\n#<@.>.#\n#######\n").unwrap()));
    act(&mut app, PlayerCommand::Descend);
    assert_eq!(message(&app), "You can't go down here: there are no stairs down.");
    act(&mut app, PlayerCommand::Ascend);
    assert_eq!(message(&app), "You can't go up here: there are no stairs up.");
    assert_eq!(turns(&app), 0);
    act(&mut app, PlayerCommand::Step(Dir8::E));
    act(&mut app, PlayerCommand::Step(Dir8::E));
    assert!(
        message(&app).starts_with("There are stairs down here"),
        "{}",
        message(&app)
    );
    act(&mut app, PlayerCommand::Descend);
    assert_eq!(
        message(&app),
        "These stairs lead nowhere you can go.",
        "a map file is one level"
    );
    assert_eq!((turns(&app), dungeon(&app).depth()), (2, 1));
}

//! Monsters, headless: noticing is symmetric sight (checked against the player's view and the
//! monster's own field of view, on generated levels); hunters come by a shortest path; door
//! rules per kind; speed; combat, death, the summary and the next run.

use std::collections::VecDeque;

use bevy::prelude::*;
mod support;

use delve::player::command::PlayerCommand;
use delve::screens::ended::{NextRun, summary};
use delve::state::GameState;
use delve::turn::Game;
use delve_core::dungeon::Dungeon;
use delve_core::fov::visible_tiles;
use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::geom::Dir8;
use delve_core::geom::Pos;
use delve_core::map::{DoorState, Tile, TileMap, parse_ascii};
use delve_core::rules::mind::{distance_sq, sight_radius};
use delve_core::run::Run;
use delve_core::world::Ending;
use delve_core::world::Level;
use delve_core::world::{Kind, Mind, Monster, PATIENCE};
use support::{act, game, player_at, state};

fn monster(id: u32, kind: Kind, at: Pos, mind: Mind) -> Monster {
    Monster::new(id, kind, at, mind)
}

fn level(app: &App) -> &Level {
    app.world().resource::<Game>().dungeon().level()
}

/// A game on `map` (a dungeon of one level) with `monsters` on it.
fn app_with(map: TileMap, monsters: Vec<Monster>) -> App {
    let mut level = Level::bare(map);
    level.monsters = monsters;
    delve::app::headless_app(Dungeon::single(level))
}

#[test]
fn a_monster_notices_you_exactly_when_sight_is_mutual() {
    // Around the player on generated levels: a monster on every free tile within ten steps,
    // asleep or awake. After one turn of waiting, those that noticed are hunting.
    let (mut noticed, mut not) = (0, 0);
    for seed in 0..12u64 {
        let style = CorridorStyle::ALL[seed as usize % CorridorStyle::ALL.len()];
        let params = GenParams::new(seed, 80, 50, style).at_depth(1 + seed as u32 % 10);
        let mut level = delve_core::generation::generate(&params).unwrap().level;
        let map = level.map.clone();
        let me = map.start();
        // Kinds a closed door stops, and that do not flit (a bat's random step may carry it into
        // view between its two moves).
        let kinds: Vec<Kind> = Kind::ALL
            .into_iter()
            // (Nor a summoned thing that may fade, nor a swimmer out of its water.)
            .filter(|k| {
                use delve_core::world::Habit;
                !k.stats().passes_doors()
                    && !matches!(k.stats().habit, Habit::Erratic | Habit::Fades | Habit::Submerges)
            })
            .collect();
        level.monsters = (0..map.tiles().len())
            .map(|i| map.pos_of(i))
            .filter(|&p| p != me && (p.x - me.x).abs() <= 10 && (p.y - me.y).abs() <= 10)
            .filter(|&p| matches!(map.tile(p), Tile::Floor | Tile::Corridor))
            .enumerate()
            .map(|(i, p)| {
                let mind = if i % 3 == 0 {
                    Mind::Asleep
                } else {
                    Mind::Wandering { heading: Dir8::N }
                };
                // None of these kinds opens doors: sight cannot change within the turn.
                monster(i as u32, kinds[i % kinds.len()], p, mind)
            })
            .collect();
        let before = level.monsters.clone();
        let mut app = delve::app::headless_app(Dungeon::single(level));
        act(&mut app, PlayerCommand::Wait);
        let view = game(&app).sight().clone();
        let after = &app.world().resource::<Game>().dungeon().level().monsters;
        for (was, now) in before.iter().zip(after) {
            assert_eq!(was.id, now.id);
            let r = sight_radius(was);
            let within = distance_sq(was.at, me) <= i64::from(r * r);
            // What the player sees (radius 8, no less than any monster's sight)...
            let you_see_it = view.is_visible(was.at);
            // ...and what the monster itself would see from where it stood.
            let it_sees_you = visible_tiles(&map, was.at, r).contains(&me);
            let hunting = matches!(now.mind, Mind::Hunting { .. });
            assert_eq!(
                hunting,
                you_see_it && within,
                "seed {seed}: {was:?} hunting {hunting}, you see it {you_see_it}, within {within}"
            );
            assert_eq!(hunting, it_sees_you, "seed {seed}: {was:?}: sight is symmetric");
            if hunting { noticed += 1 } else { not += 1 }
        }
    }
    assert!(noticed > 200 && not > 200, "{noticed} noticed, {not} did not");
}

/// Steps (8-way over walkable ground, no diagonal through doorways, any door passable) from
/// `from` to `to`: an independent breadth-first search.
fn steps(map: &TileMap, from: Pos, to: Pos) -> Option<u32> {
    let mut dist = vec![u32::MAX; map.tiles().len()];
    dist[map.index(from)] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(p) = queue.pop_front() {
        if p == to {
            return Some(dist[map.index(p)]);
        }
        for d in Dir8::ALL {
            let q = Dir8::from_pos(p, d);
            let Some(t) = map.get(q) else { continue };
            if !t.is_walkable() || (d.is_diagonal() && (t.is_door() || map.tile(p).is_door())) {
                continue;
            }
            if dist[map.index(q)] == u32::MAX {
                dist[map.index(q)] = dist[map.index(p)] + 1;
                queue.push_back(q);
            }
        }
    }
    None
}

#[test]
fn a_hunter_comes_by_a_shortest_path() {
    let mut checked = 0;
    for seed in 0..16u64 {
        let params = GenParams::new(seed, 60, 40, CorridorStyle::ALL[seed as usize % 9]).at_depth(2);
        let mut map = delve_core::generation::generate(&params).unwrap().level.map;
        // Open every door, so that each step is one turn.
        let doors: Vec<Pos> = map.doors().map(|d| d.0).collect();
        for d in doors {
            map.set(d, Tile::Door(DoorState::Open));
        }
        let me = map.start();
        // A goblin on room floor 6 to 18 steps away (within its patience), hunting you from the start.
        let Some(from) = (0..map.tiles().len())
            .map(|i| map.pos_of(i))
            .filter(|&p| map.tile(p) == Tile::Floor)
            .find(|&p| steps(&map, p, me).is_some_and(|s| (6..=18).contains(&s) && (p.x + p.y + seed as i32) % 7 == 0))
        else {
            continue;
        };
        let shortest = steps(&map, from, me).unwrap();
        let hunting = Mind::Hunting {
            target: me,
            patience: PATIENCE,
        };
        let mut app = app_with(map.clone(), vec![monster(0, Kind::Goblin, from, hunting)]);
        let mut turns = 0;
        while steps(&map, level(&app).monsters[0].at, me).unwrap() > 1 {
            let before = steps(&map, level(&app).monsters[0].at, me).unwrap();
            act(&mut app, PlayerCommand::Wait);
            turns += 1;
            let now = steps(&map, level(&app).monsters[0].at, me).unwrap();
            assert_eq!(
                now + 1,
                before,
                "seed {seed}: every step brings it one closer: {:?}",
                level(&app).monsters[0]
            );
            assert!(turns <= shortest, "seed {seed}: too slow");
        }
        assert_eq!(turns, shortest - 1, "seed {seed}: adjacent after the shortest walk");
        // Next to you, it attacks instead of moving.
        let at = level(&app).monsters[0].at;
        act(&mut app, PlayerCommand::Wait);
        assert_eq!(level(&app).monsters[0].at, at);
        let log = &app.world().resource::<Game>().log();
        let last = &log.lines().last().unwrap().1;
        assert!(
            last.contains("The goblin hits you") || last.contains("The goblin misses you"),
            "{last}"
        );
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} levels had a spot");
}

const CORRIDOR: &str = "\
###############
#@............#
###############
";

#[test]
fn jackals_run_twice_as_fast_and_ogres_half_as_fast() {
    let map = parse_ascii(CORRIDOR.as_bytes()).unwrap();
    let hunting = Mind::Hunting {
        target: Pos::new(1, 1),
        patience: PATIENCE,
    };
    let mut app = app_with(map.clone(), vec![monster(0, Kind::Jackal, Pos::new(12, 1), hunting)]);
    act(&mut app, PlayerCommand::Wait);
    assert_eq!(level(&app).monsters[0].at, Pos::new(10, 1), "two steps in one turn");
    let mut app = app_with(map, vec![monster(0, Kind::Ogre, Pos::new(12, 1), hunting)]);
    let mut at = Vec::new();
    for _ in 0..4 {
        act(&mut app, PlayerCommand::Wait);
        at.push(level(&app).monsters[0].at.x);
    }
    assert_eq!(at, [12, 11, 11, 10], "a step every other turn");
}

#[test]
fn a_turn_that_is_not_taken_gives_monsters_nothing() {
    let map = parse_ascii(CORRIDOR.as_bytes()).unwrap();
    let hunting = Mind::Hunting {
        target: Pos::new(1, 1),
        patience: PATIENCE,
    };
    let mut app = app_with(map, vec![monster(0, Kind::Rat, Pos::new(8, 1), hunting)]);
    act(&mut app, PlayerCommand::Step(Dir8::N)); // a wall: no turn
    act(&mut app, PlayerCommand::CloseDoor); // no door: no turn
    assert_eq!(app.world().resource::<Game>().turn(), 0);
    assert_eq!(level(&app).monsters[0].at, Pos::new(8, 1));
    act(&mut app, PlayerCommand::Wait);
    assert_eq!(level(&app).monsters[0].at, Pos::new(7, 1));
}

#[test]
fn door_openers_open_doors_and_the_others_wait_behind_them() {
    let text = "\
#########
#@......#
#####+###
#.......#
#########
";
    let map = parse_ascii(text.as_bytes()).unwrap();
    let door = Pos::new(5, 2);
    let hunting = Mind::Hunting {
        target: Pos::new(1, 1),
        patience: PATIENCE,
    };
    // (A summoned thing may fade within the turns; a swimmer cannot leave its water.)
    let walkers = Kind::ALL.into_iter().filter(|k| {
        use delve_core::world::Habit;
        !matches!(k.stats().habit, Habit::Fades | Habit::Submerges)
    });
    for kind in walkers {
        // Opened or smashed, the door is open after it.
        let opens = kind.stats().passes_doors();
        let expected = matches!(
            kind,
            Kind::Goblin
                | Kind::Orc
                | Kind::Troll
                | Kind::Kobold
                | Kind::Monkey
                | Kind::GoblinArcher
                | Kind::Ogre
                | Kind::Imp
                | Kind::GoblinShaman
                | Kind::GoblinConjurer
                | Kind::GoblinMystic
                | Kind::Warden
        );
        assert_eq!(opens, expected, "{kind:?}");
        let mut app = app_with(map.clone(), vec![monster(0, kind, Pos::new(5, 3), hunting)]);
        for _ in 0..4 {
            act(&mut app, PlayerCommand::Wait);
        }
        let (m, tile) = (level(&app).monsters[0], level(&app).map.tile(door));
        if opens {
            assert_eq!(tile, Tile::Door(DoorState::Open), "{kind:?} opens the door");
            // (One that fights from afar may keep its distance.)
            let archer = kind.stats().habit.keeps_its_distance();
            assert!(m.at.y <= 2 || archer, "{kind:?} came through: {m:?}");
        } else {
            assert_eq!(tile, Tile::Door(DoorState::Closed), "{kind:?} cannot open doors");
            // A burrower comes through the wall instead.
            let burrows = kind.stats().ground() == delve_core::world::Ground::Burrows;
            assert!(m.at.y == 3 || burrows, "{kind:?} stays behind the door");
        }
    }
}

#[test]
fn death_ends_the_run_with_a_summary_and_a_new_run_begins() {
    let text = "\
#######
#@....#
#######
";
    let map = parse_ascii(text.as_bytes()).unwrap();
    let hunting = Mind::Hunting {
        target: Pos::new(1, 1),
        patience: PATIENCE,
    };
    let mut app = app_with(map, vec![monster(0, Kind::Troll, Pos::new(2, 1), hunting)]);
    let start = app.world().resource::<Game>().dungeon().clone();
    app.world_mut().resource_mut::<Game>().player_mut().health.hp = 1;
    for _ in 0..50 {
        if state(&app) == GameState::Ended {
            break;
        }
        act(&mut app, PlayerCommand::Wait);
    }
    assert_eq!(state(&app), GameState::Ended, "a troll kills a player with 1 hit point");
    let record = game(&app).record().clone();
    assert_eq!(record.ending, Some(Ending::Died { by: "a troll".into() }));
    let turns = app.world().resource::<Game>().turn();
    let text = summary(&app.world().resource::<Game>().0);
    assert!(text.contains("killed by a troll on depth 1"), "{text}");
    let score = app.world().resource::<Game>().score();
    assert!(
        text.contains(&format!("Score: {score} (begun on a map of its own: ranked apart)\n")) && score == 100,
        "level 1 reached, on a map, marked so: {text}"
    );

    assert!(
        text.contains(&format!("Turns: {turns}")) && text.contains("Slain: 0 monsters"),
        "{text}"
    );
    let log = &app.world().resource::<Game>().log();
    assert!(log.lines().last().unwrap().1.ends_with("You die..."));
    // The same run again: the dungeon as it began, the player whole, no turns.
    app.world_mut().write_message(NextRun::SameSeed);
    app.update();
    app.update();
    assert_eq!(state(&app), GameState::Playing);
    assert_eq!(app.world().resource::<Game>().dungeon().level(), start.level());
    assert_eq!(app.world().resource::<Game>().turn(), 0);
    assert_eq!(app.world().resource::<Game>().record().ending, None);
    let hp = game(&app).player().health;
    assert_eq!(hp.hp, hp.max);
    assert_eq!(player_at(&app), Pos::new(1, 1));
}

#[test]
fn you_kill_monsters_and_the_record_counts_them() {
    let text = "\
#######
#@....#
#######
";
    let map = parse_ascii(text.as_bytes()).unwrap();
    let mut app = app_with(map, vec![monster(0, Kind::Orc, Pos::new(2, 1), Mind::Asleep)]);
    for _ in 0..40 {
        if level(&app).monsters.is_empty() {
            break;
        }
        act(&mut app, PlayerCommand::Step(Dir8::E));
    }
    assert!(level(&app).monsters.is_empty(), "an orc dies to forty blows");
    assert_eq!(app.world().resource::<Game>().record().slain, 1);
    let log = &app.world().resource::<Game>().log();
    // The first blow, on the sleeper, is a stab; the kill's worth brings experience level 2, which
    // adds 2 hit points and owes a boon, and says so.
    assert!(log.lines().any(|(_, l)| l.starts_with("You stab the sleeping orc (")));
    let max = game(&app).player().health.max;
    assert!(
        log.lines().any(|(_, l)| *l
            == format!("You kill the orc. You reach experience level 2 ({max} hit points at most): choose a boon!")),
        "{:?}",
        log.lines().collect::<Vec<_>>()
    );
    let blows = log
        .lines()
        .filter(|(_, l)| {
            ["You stab", "You hit", "You miss", "You kill"]
                .iter()
                .any(|b| l.starts_with(b))
        })
        .count();
    assert!(blows >= 2, "16 hit points take more than one blow");
    assert!(
        log.lines()
            .any(|(_, l)| l.starts_with("The orc hits you (") || l == "The orc misses you."),
        "a hurt orc fights back"
    );
    assert_eq!(player_at(&app), Pos::new(1, 1), "attacking is not moving");
}

#[test]
fn a_new_seed_starts_a_new_dungeon_of_the_same_shape() {
    let params = GenParams::new(5, 60, 40, CorridorStyle::Mixed).at_depth(2);
    let mut run = Run::new(Dungeon::new(params).unwrap());
    // Played a little: the next run starts from the beginning whatever happened.
    run.play(delve_core::rules::Act::Wait).unwrap();
    let next = delve::screens::ended::next_run(&run, NextRun::NewSeed(77)).unwrap();
    assert_eq!((next.dungeon().depth(), next.turn()), (2, 0));
    assert_eq!(
        next.dungeon().origin(),
        &delve_core::dungeon::Origin::Run(GenParams {
            seed: 77,
            depth: 1,
            ..params
        })
    );
    assert_ne!(next.dungeon().level(), run.dungeon().level());
    let same = delve::screens::ended::next_run(&run, NextRun::SameSeed).unwrap();
    assert_eq!(same.dungeon().level(), Dungeon::new(params).unwrap().level());
    assert_eq!(same.state_hash(), Run::new(Dungeon::new(params).unwrap()).state_hash());
}

/// The score the summary shows is the one `--verify` prints for the run's recording: a bot's
/// seeded run, played to its end or for 4,000 turns.
#[test]
fn the_summary_shows_the_score_verify_prints() {
    use delve_core::run::RunSpec;
    for seed in [3, 8] {
        let spec = RunSpec::seeded(GenParams::new(seed, 80, 50, CorridorStyle::Mixed));
        let mut run = spec.begin().unwrap().with_sight(delve_core::fov::DEFAULT_RADIUS);
        delve_core::bot::Bot::player().play_until(&mut run, 4_000);
        let text = summary(&run);
        let bytes = delve_core::save::encode_recording(&run).expect("recorded from the start");
        let (verdict, _) = delve_core::save::verify(&bytes).unwrap();
        assert!(verdict.ok(), "seed {seed}");
        assert!(
            text.contains(&format!("Score: {}\n", verdict.score)),
            "seed {seed}: {text}"
        );
        assert!(
            verdict.score > 100,
            "seed {seed}: the bot went further than the first level's start"
        );
    }
}

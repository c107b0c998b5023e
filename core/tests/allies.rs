//! Allies by the rules alone (no engine): a captive freed by turns of work (and the work kept
//! when it is broken off), an ally following through a door and down the stairs, fighting and
//! being fought, told to wait and to follow, left on a level and found there again, growing with
//! its kills; captives placed on made levels; saves and recordings with allies.

mod fixtures;

use delve_core::bot::Bot;
use delve_core::fov::DEFAULT_RADIUS;
use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::geom::{Dir8, Pos};
use delve_core::rules::{Act, Refusal};
use delve_core::run::{Run, RunSpec};
use delve_core::save::{SavedRun, decode, encode, encode_recording, verify};
use delve_core::world::{CHAINS, Kind, Mind, Monster};
use fixtures::{hunting, monster, play, put, run_on, steps_apart, the};

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

/// Two rooms joined by a door in the wall between them.
const TWO_ROOMS: &str = "\
#####################
#@.......#..........#
#........#..........#
#........+..........#
#........#..........#
#........#..........#
#####################
";

const ALLY: Mind = Mind::Ally {
    waiting: false,
    kills: 0,
};

fn saved_and_loaded(run: &Run) -> Run {
    decode(&encode(&SavedRun::capture(run)))
        .expect("the save reads back")
        .restore()
        .expect("the save restores")
        .with_sight(DEFAULT_RADIUS)
}

#[test]
fn freeing_a_captive_takes_turns_of_work_that_a_break_does_not_undo() {
    let mut run = run_on(ROOM);
    put(
        &mut run,
        monster(1, Kind::Goblin, Pos::new(2, 1), Mind::Captive { chains: CHAINS }),
    );
    // Nobody fights a captive: it does nothing, and waiting next to it frees nothing.
    for _ in 0..5 {
        play(&mut run, Act::Wait);
    }
    assert_eq!(the(&run, 1).unwrap().mind, Mind::Captive { chains: CHAINS });
    let turn = run.turn();
    let said = play(&mut run, Act::Step(Dir8::E)).join(" ");
    assert!(
        said.contains("You work at the goblin's chains (3 turns more)"),
        "{said}"
    );
    assert_eq!(run.player().at, Pos::new(1, 1), "the bump is work, not a step");
    assert_eq!(the(&run, 1).unwrap().hp, Kind::Goblin.stats().max_hp, "and no blow");
    play(&mut run, Act::Step(Dir8::E));
    // Broken off (the player walks away, a save and a load), the work done stays done.
    play(&mut run, Act::Step(Dir8::S));
    let mut run = saved_and_loaded(&run);
    assert_eq!(the(&run, 1).unwrap().mind, Mind::Captive { chains: CHAINS - 2 });
    play(&mut run, Act::Step(Dir8::N));
    play(&mut run, Act::Step(Dir8::E));
    let said = play(&mut run, Act::Step(Dir8::E)).join(" ");
    assert!(
        said.contains("You free the goblin! It will fight at your side."),
        "{said}"
    );
    assert_eq!(the(&run, 1).unwrap().mind, ALLY);
    assert_eq!(run.turn(), turn + 6, "four turns of work, a step away and a step back");
    // Freed, it is in the way no longer: a step into it changes places.
    let said = play(&mut run, Act::Step(Dir8::E));
    assert!(said.is_empty(), "{said:?}");
    assert_eq!(run.player().at, Pos::new(2, 1));
    assert_eq!(the(&run, 1).unwrap().at, Pos::new(1, 1));
}

#[test]
fn an_ally_follows_through_a_door_and_keeps_close() {
    let mut run = run_on(TWO_ROOMS);
    put(&mut run, monster(1, Kind::Jackal, Pos::new(2, 2), ALLY));
    // Through the door (opened by the player) and across the second room.
    let walk = [
        Dir8::SE,
        Dir8::SE,
        Dir8::E,
        Dir8::E,
        Dir8::E,
        Dir8::E,
        Dir8::E,
        Dir8::E,
        Dir8::E,
        Dir8::E,
        Dir8::E,
        Dir8::E,
        Dir8::E,
        Dir8::E,
        Dir8::E,
    ];
    for dir in walk {
        run.play(Act::Step(dir)).expect("a step");
    }
    let me = run.player().at;
    assert!(me.x > 12, "the player crossed into the second room: {me:?}");
    for _ in 0..4 {
        play(&mut run, Act::Wait);
    }
    let jackal = the(&run, 1).unwrap();
    assert!(jackal.at.x > 9, "it came through the door: {:?}", jackal.at);
    assert!(
        steps_apart(jackal.at, run.player().at) <= 2,
        "and keeps close: {:?}",
        jackal.at
    );
}

#[test]
fn an_ally_fights_the_monsters_it_sees_and_they_fight_it() {
    let mut run = run_on(ROOM);
    let mut ally = monster(1, Kind::Orc, Pos::new(2, 2), ALLY);
    ally.hp = 12;
    put(&mut run, ally);
    put(&mut run, monster(2, Kind::Rat, Pos::new(6, 3), hunting(Pos::new(6, 3))));
    let mut lines = Vec::new();
    for _ in 0..30 {
        lines.extend(play(&mut run, Act::Wait));
        if the(&run, 2).is_none() {
            break;
        }
    }
    let said = lines.join(" ");
    assert!(the(&run, 2).is_none(), "the orc kills the rat: {said}");
    assert!(said.contains("Your orc kills the rat."), "{said}");
    assert!(
        said.contains("rat bites your orc") || said.contains("rat hits your orc") || said.contains("misses your orc"),
        "{said}"
    );
    assert!(
        !said.contains("hits you (") && !said.contains("misses you."),
        "the ally never strikes the player: {said}"
    );
    assert_eq!(run.record().slain, 1, "its kill is the player's side's");
    assert_eq!(
        the(&run, 1).unwrap().mind,
        Mind::Ally {
            waiting: false,
            kills: 1
        }
    );
}

#[test]
fn a_monster_that_sees_only_the_ally_hunts_it_and_an_ally_grows_with_its_kills() {
    // The player stands walled in; the goblin sees only the ally (which sees less far than the
    // goblin: sight is the seer's radius along the one line both share).
    let map = "\
####################
#@#................#
###................#
#..................#
#..................#
####################
";
    let mut run = run_on(map);
    put(
        &mut run,
        monster(
            1,
            Kind::Ogre,
            Pos::new(5, 3),
            Mind::Ally {
                waiting: true,
                kills: 1,
            },
        ),
    );
    put(
        &mut run,
        monster(2, Kind::Goblin, Pos::new(12, 3), Mind::Wandering { heading: Dir8::W }),
    );
    let mut lines = Vec::new();
    for _ in 0..40 {
        lines.extend(play(&mut run, Act::Wait));
        if the(&run, 2).is_none() {
            break;
        }
    }
    assert!(the(&run, 2).is_none(), "the goblin came to the ogre and died");
    let ogre = the(&run, 1).unwrap();
    assert_eq!(ogre.at, Pos::new(5, 3), "a waiting ally holds its ground");
    assert_eq!(
        ogre.mind,
        Mind::Ally {
            waiting: true,
            kills: 2
        }
    );
    assert_eq!(ogre.grade(), 1);
    assert!(ogre.max_hp() > Kind::Ogre.stats().max_hp);
    assert!(ogre.attack().damage.1 > Kind::Ogre.stats().damage.1);
}

#[test]
fn the_order_key_tells_allies_to_wait_and_to_follow() {
    let mut run = run_on(ROOM);
    assert_eq!(run.play(Act::Order).unwrap_err(), Refusal::NoAllies);
    put(&mut run, monster(1, Kind::Jackal, Pos::new(2, 2), ALLY));
    let said = play(&mut run, Act::Order).join(" ");
    assert!(said.contains("You tell your ally to wait here."), "{said}");
    for _ in 0..10 {
        play(&mut run, Act::Step(Dir8::E));
    }
    assert_eq!(the(&run, 1).unwrap().at, Pos::new(2, 2), "it waits where it was told");
    let said = play(&mut run, Act::Order).join(" ");
    assert!(said.contains("You tell your ally to follow you."), "{said}");
    for _ in 0..8 {
        play(&mut run, Act::Wait);
    }
    assert!(steps_apart(the(&run, 1).unwrap().at, run.player().at) <= 2, "it came");
}

/// A seeded run on its first level with no monsters but `ally` (placed next to the stairs down
/// when `at_stairs`, else far off) and the player on the stairs down.
fn at_the_stairs(mind: Mind, next_to_the_player: bool) -> Run {
    let params = GenParams::new(3, 80, 50, CorridorStyle::Mixed);
    let mut run = RunSpec::seeded(params).begin().unwrap().with_sight(DEFAULT_RADIUS);
    let level = run.dungeon_mut().level_mut();
    level.monsters.clear();
    level.loot.clear();
    let stairs = level.map.stairs_down().expect("stairs down");
    let spot = if next_to_the_player {
        Dir8::ALL
            .iter()
            .map(|&d| Dir8::from_pos(stairs, d))
            .find(|&p| level.map.tile(p).holds_items() && level.trap_at(p).is_none())
            .expect("room round the stairs")
    } else {
        level.map.start()
    };
    level.monsters.push(monster(7, Kind::Goblin, spot, mind));
    run.player_mut().at = stairs;
    run
}

#[test]
fn an_ally_next_to_you_comes_down_the_stairs_and_one_left_waiting_is_found_again() {
    let mut run = at_the_stairs(ALLY, true);
    let said = play(&mut run, Act::Descend).join(" ");
    assert!(said.contains("Your goblin comes down the stairs with you."), "{said}");
    let here = run.dungeon().level();
    let goblin = here.monsters.iter().find(|m| m.is_ally()).expect("the ally came down");
    assert!(steps_apart(goblin.at, run.player().at) <= 1);
    assert_eq!(goblin.mind, ALLY);
    assert!(!run.dungeon().kept(1).unwrap().monsters.iter().any(Monster::is_ally));
    let run = saved_and_loaded(&run);
    assert!(
        run.dungeon().level().monsters.iter().any(Monster::is_ally),
        "saved as an ally"
    );

    // Told to wait, it stays on its level; back up the stairs, it is there, still an ally.
    let waiting = Mind::Ally {
        waiting: true,
        kills: 0,
    };
    let mut run = at_the_stairs(waiting, true);
    let said = play(&mut run, Act::Descend).join(" ");
    assert!(!said.contains("goblin"), "{said}");
    assert!(!run.dungeon().level().monsters.iter().any(Monster::is_ally));
    let mut run = saved_and_loaded(&run);
    let up = run.dungeon().level().map.stairs_up().expect("stairs up");
    assert_eq!(run.player().at, up);
    play(&mut run, Act::Ascend);
    assert_eq!(run.dungeon().depth(), 1);
    let goblin = run
        .dungeon()
        .level()
        .monsters
        .iter()
        .find(|m| m.id == 7)
        .expect("left where it waited");
    assert_eq!(goblin.mind, waiting);
    // A follower too far off when the player leaves is left behind too.
    let mut run = at_the_stairs(ALLY, false);
    play(&mut run, Act::Descend);
    assert!(!run.dungeon().level().monsters.iter().any(Monster::is_ally));
    assert!(run.dungeon().kept(1).unwrap().monsters.iter().any(Monster::is_ally));
}

#[test]
fn made_levels_hold_captives_from_the_second_and_the_first_none() {
    let mut with = 0;
    let mut levels = 0;
    for seed in 0..20 {
        let params = GenParams::new(seed, 80, 50, CorridorStyle::Mixed);
        let mut dungeon = delve_core::dungeon::Dungeon::new(params).unwrap();
        for depth in 1..=10 {
            dungeon.go_to(depth).unwrap();
            let captives: Vec<&Monster> = dungeon.level().monsters.iter().filter(|m| m.is_captive()).collect();
            if depth == 1 {
                assert!(captives.is_empty(), "seed {seed}: a captive on the first level");
                continue;
            }
            levels += 1;
            assert!(captives.len() <= 1);
            if let Some(c) = captives.first() {
                with += 1;
                assert_eq!(c.mind, Mind::Captive { chains: CHAINS });
                assert_ne!(c.kind, Kind::Bloat);
                let (lo, hi) = c.kind.stats().depths;
                assert!((lo..=hi).contains(&depth), "a kind of its depth");
            }
        }
    }
    // About one level in two.
    assert!(
        (levels * 35 / 100..=levels * 65 / 100).contains(&with),
        "{with} of {levels}"
    );
}

#[test]
fn whole_runs_with_freed_allies_replay_and_their_saves_continue() {
    // The bot of `delve --autoplay` frees the captives it finds; some of its runs have allies.
    let mut freed_in = 0;
    for seed in 0..6 {
        let params = GenParams::new(seed, 80, 50, CorridorStyle::Mixed);
        let mut run = RunSpec::seeded(params).begin().unwrap().with_sight(DEFAULT_RADIUS);
        let mut bot = Bot::player();
        let mut had_ally = false;
        let mut saved_with_ally = false;
        while !run.is_over() && run.turn() < 30_000 {
            bot.play(&mut run);
            if run.dungeon().level().monsters.iter().any(Monster::is_ally) {
                had_ally = true;
                if !saved_with_ally {
                    saved_with_ally = true;
                    let back = saved_and_loaded(&run);
                    assert_eq!(back.state_hash(), run.state_hash(), "seed {seed}");
                }
            }
        }
        assert!(run.is_over(), "seed {seed} ended");
        freed_in += usize::from(had_ally);
        let bytes = encode_recording(&run).expect("recorded");
        let (verdict, _) = verify(&bytes).expect("readable");
        assert!(verdict.ok(), "seed {seed}: {:?}", verdict.desync);
        assert_eq!(verdict.hash, run.state_hash(), "seed {seed}");
    }
    assert!(freed_in >= 2, "the bot freed captives in {freed_in} of 6 runs");
}

#[test]
fn an_ally_goes_round_the_player_to_a_sleeper_near_it() {
    let hall = "\
#####
#...#
#...#
#.@.#
#...#
#...#
#...#
#####
";
    let mut run = run_on(hall);
    put(&mut run, monster(1, Kind::Monkey, Pos::new(2, 2), ALLY));
    put(&mut run, monster(2, Kind::Rat, Pos::new(1, 6), Mind::Asleep));
    for _ in 0..6 {
        play(&mut run, Act::Wait);
    }
    assert!(
        the(&run, 2).is_none() || the(&run, 2).unwrap().is_hurt(),
        "{:?}",
        the(&run, 1)
    );
}

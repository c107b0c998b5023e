//! Terrain, traps and secrets by the rules alone: swimming and what it costs, lava refused,
//! chasms and trapdoors falling to the level below, every kind of trap sprung (by the player,
//! and by a monster on the chase), searching for secrets, fire and gas acting each turn, and
//! all of it kept by saves and the state hash.

mod fixtures;

use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::geom::{Dir8, Pos};
use delve_core::map::{DoorState, Tile};
use delve_core::rules::{Act, Refusal};
use delve_core::run::{Run, RunSpec};
use delve_core::save::{SavedRun, decode, encode};
use delve_core::world::{Ending, Item, ItemKind, Kind, Mind, Trap, TrapKind};
use fixtures::{hunting, monster, run_on};

const POOL: &str = "\
############
#@.~~~.....#
#..~~~.....#
#..........#
############
";

/// A seeded run (ten levels deep), the player's first level cleared of monsters and traps, with
/// `tile` put east of the player.
fn seeded_with(tile: Tile) -> (Run, Pos) {
    let spec = RunSpec::Seeded {
        params: GenParams::new(4, 80, 50, CorridorStyle::Mixed),
        peaceful: true,
        mode: delve_core::world::Mode::STANDARD,
    };
    let mut run = spec.begin().unwrap();
    let at = run.player().at;
    let level = run.dungeon_mut().level_mut();
    level.traps.clear();
    let east = Pos::new(at.x + 1, at.y);
    level.map.set(east, tile);
    (run, east)
}

#[test]
fn the_player_swims_in_deep_water_and_may_lose_the_weapon_in_hand_monsters_stay_out() {
    let mut lost = 0;
    for seed in 0..20 {
        let mut run = run_on(POOL);
        run.set_rng(delve_core::rng::GenRng::new(seed));
        let slot = run.player_mut().pack.add(Item::one(ItemKind::Axe)).unwrap();
        run.play(Act::Equip(slot as u8)).unwrap();
        run.play(Act::Step(Dir8::E)).unwrap();
        run.play(Act::Step(Dir8::E)).unwrap();
        assert_eq!(run.dungeon().level().map.tile(run.player().at), Tile::DeepWater);
        for _ in 0..3 {
            run.play(Act::Step(Dir8::E)).unwrap();
        }
        if run.player().pack.wielded().is_none() {
            lost += 1;
            assert!(
                run.player().pack.items().all(|(_, i)| i.kind != ItemKind::Axe),
                "it sank"
            );
        }
    }
    // One stroke in three, four strokes: most lose it, not all.
    assert!((8..20).contains(&lost), "{lost} of 20 lost the axe");
    // A goblin hunting the player does not follow it into the water.
    let mut run = run_on(POOL);
    run.dungeon_mut()
        .level_mut()
        .monsters
        .push(monster(1, Kind::Goblin, Pos::new(2, 1), hunting(Pos::new(1, 1))));
    run.play(Act::Step(Dir8::SE)).unwrap();
    run.play(Act::Step(Dir8::E)).unwrap();
    for _ in 0..10 {
        run.play(Act::Wait).unwrap();
        let g = run.dungeon().level().monsters[0].at;
        assert_ne!(run.dungeon().level().map.tile(g), Tile::DeepWater);
    }
}

#[test]
fn lava_is_refused_and_shallow_water_is_walked() {
    let mut run = run_on("#######\n#@%-..#\n#######\n");
    assert_eq!(run.play(Act::Step(Dir8::E)).unwrap_err(), Refusal::Lava);
    assert_eq!(run.turn(), 0, "no turn taken");
    let mut run = run_on("#######\n#@-%..#\n#######\n");
    run.play(Act::Step(Dir8::E)).unwrap();
    assert_eq!(run.player().at, Pos::new(2, 1));
}

#[test]
fn a_confused_stumble_into_lava_is_death() {
    let mut died = false;
    for seed in 0..40 {
        let mut run = run_on("#####\n#%%%#\n#%@%#\n#%%%#\n#####\n");
        run.set_rng(delve_core::rng::GenRng::new(seed));
        run.player_mut().status.confusion = 20;
        for _ in 0..20 {
            if run.play(Act::Step(Dir8::N)).is_err() || run.is_over() {
                break;
            }
        }
        if let Some(Ending::Died { by }) = &run.record().ending {
            assert_eq!(by, "lava");
            died = true;
            break;
        }
    }
    assert!(died, "a confused walk beside lava ends in it");
}

#[test]
fn a_chasm_is_a_way_down_with_a_fall() {
    let (mut run, east) = seeded_with(Tile::Chasm);
    let hp = run.player().health.hp;
    let round = run.play(Act::Step(Dir8::E)).unwrap();
    assert_eq!(round.entered, Some(2));
    assert_eq!(run.dungeon().depth(), 2);
    let hurt = hp - run.player().health.hp;
    assert!((2..=5).contains(&hurt), "{hurt}");
    let here = run.dungeon().level().map.tile(run.player().at);
    assert!(here.holds_items(), "landed on ground: {here:?}");
    let d = (run.player().at.x - east.x)
        .abs()
        .max((run.player().at.y - east.y).abs());
    assert!(d <= 20, "landed near the spot above ({d} away)");
    assert!(run.log().last().unwrap().1.contains("You fall through to depth 2"));
}

/// The player at `at` on a run steps east onto a trap of `kind` laid there.
fn spring(kind: TrapKind) -> (Run, Pos, delve_core::rules::Round) {
    let (mut run, east) = seeded_with(Tile::Floor);
    run.dungeon_mut().level_mut().traps.push(Trap {
        at: east,
        kind,
        hidden: true,
    });
    let round = run.play(Act::Step(Dir8::E)).unwrap();
    (run, east, round)
}

#[test]
fn every_trap_does_what_it_says() {
    for kind in TrapKind::ALL {
        let (run, at, round) = spring(kind);
        let level = run.dungeon().level();
        let said = round.messages.join(" ");
        assert!(
            said.contains(&format!(
                "You step on {} {}!",
                delve_core::world::article(kind.name()),
                kind.name()
            )),
            "{said}"
        );
        match kind {
            TrapKind::Dart => assert!(run.player().health.hp < run.player().health.max, "{said}"),
            TrapKind::Alarm => assert!(said.contains("alarm bell")),
            TrapKind::Gas => assert!(!level.gas.is_empty(), "gas hangs after the burst"),
            TrapKind::Net => assert_eq!(run.turn(), 5, "the step and four turns caught"),
            TrapKind::Trapdoor => assert_eq!(run.dungeon().depth(), 2),
            TrapKind::Teleport => assert!((run.player().at.x - at.x).abs() + (run.player().at.y - at.y).abs() > 1),
            TrapKind::Fire => assert!(said.contains("Flames burst out")),
        }
        if kind != TrapKind::Trapdoor {
            let trap = run.dungeon().level().trap_at(at).unwrap();
            assert!(!trap.hidden, "{kind:?}: sprung, it is found");
        }
    }
}

/// A teleport trap sends you where the scroll would: somewhere you could walk to, so never past a
/// door still locked (here two free tiles this side of the lock, twenty-four behind it), and
/// never onto another trap.
#[test]
fn a_teleport_trap_never_lands_behind_a_locked_door() {
    const VAULT: &str = "\
##############
#@..*........#
#####........#
#####........#
##############
";
    for waits in 0..8 {
        let mut run = run_on(VAULT);
        let trap = Pos::new(2, 1);
        run.dungeon_mut().level_mut().traps.push(Trap {
            at: trap,
            kind: TrapKind::Teleport,
            hidden: false,
        });
        for _ in 0..waits {
            run.play(Act::Wait).unwrap();
        }
        run.play(Act::Step(Dir8::E)).unwrap();
        let at = run.player().at;
        assert!(
            at != trap && at.x < 4 && at.y == 1,
            "after {waits} waits: sent to {at:?}"
        );
    }
}

#[test]
fn fire_burns_the_player_and_gas_chokes_then_both_end() {
    // The burst's turn burns whoever stands in it; on bare floor it is out the turn after.
    let (mut run, at, round) = spring(TrapKind::Fire);
    assert!(
        run.player().health.hp < run.player().health.max,
        "standing in the fire burns"
    );
    assert!(round.messages.iter().any(|m| m.starts_with("You burn")), "{round:?}");
    run.play(Act::Wait).unwrap();
    assert!(
        !run.dungeon().level().fire.contains_key(&at),
        "bare floor feeds no fire"
    );
    let (mut run, ..) = spring(TrapKind::Gas);
    for _ in 0..200 {
        if run.dungeon().level().gas.is_empty() || run.is_over() {
            break;
        }
        run.play(Act::Wait).unwrap();
    }
    assert!(
        run.dungeon().level().gas.is_empty() || run.is_over(),
        "the gas thinned out"
    );
}

#[test]
fn a_hunting_monster_walks_into_a_trap_a_wandering_one_keeps_off() {
    let map = "\
#########
#@......#
#########
";
    let lay = |run: &mut Run| {
        run.dungeon_mut().level_mut().traps.push(Trap {
            at: Pos::new(4, 1),
            kind: TrapKind::Dart,
            hidden: true,
        });
    };
    let mut run = run_on(map);
    lay(&mut run);
    run.dungeon_mut()
        .level_mut()
        .monsters
        .push(monster(1, Kind::Orc, Pos::new(6, 1), hunting(Pos::new(1, 1))));
    for _ in 0..4 {
        run.play(Act::Wait).unwrap();
    }
    let orc = &run.dungeon().level().monsters[0];
    assert!(orc.hp < Kind::Orc.stats().max_hp, "the orc on the chase took the dart");
    assert!(!run.dungeon().level().traps[0].hidden);
    // Out of the player's sight (behind a wall), wandering: it keeps off the trap.
    let mut run = run_on("#########\n#@#.....#\n#########\n");
    lay(&mut run);
    run.dungeon_mut().level_mut().monsters.push(monster(
        1,
        Kind::Orc,
        Pos::new(5, 1),
        Mind::Wandering { heading: Dir8::W },
    ));
    for _ in 0..20 {
        run.play(Act::Wait).unwrap();
        assert_ne!(
            run.dungeon().level().monsters[0].at,
            Pos::new(4, 1),
            "it knows its level"
        );
    }
}

#[test]
fn searching_finds_a_secret_door_which_was_wall_to_the_eye() {
    let mut run = run_on("#######\n#@.S..#\n#######\n");
    run.look();
    let seen = |run: &Run| run.player().memory.level(1).unwrap().get(Pos::new(3, 1));
    assert_eq!(seen(&run), Some(Tile::Wall), "remembered as the wall it looks like");
    assert_eq!(run.play(Act::Step(Dir8::E)).map(|_| ()), Ok(()));
    assert_eq!(run.play(Act::Step(Dir8::E)).unwrap_err(), Refusal::Wall);
    let round = run.play(Act::Search).unwrap();
    assert!(
        round.messages.iter().any(|m| m == "You find a secret door!"),
        "{round:?}"
    );
    assert_eq!(
        run.dungeon().level().map.tile(Pos::new(3, 1)),
        Tile::Door(DoorState::Closed)
    );
    assert_eq!(seen(&run), Some(Tile::Door(DoorState::Closed)));
    run.play(Act::Step(Dir8::E)).unwrap(); // the door opens
    run.play(Act::Step(Dir8::E)).unwrap();
    assert_eq!(run.player().at, Pos::new(3, 1));
}

#[test]
fn traps_fire_and_gas_are_saved_and_hashed() {
    let (mut run, ..) = spring(TrapKind::Gas);
    run.dungeon_mut().level_mut().fire.insert(Pos::new(2, 2), 3);
    let bytes = encode(&SavedRun::capture(&run));
    let back = decode(&bytes).unwrap().restore().unwrap();
    assert_eq!(back.dungeon().level(), run.dungeon().level());
    assert_eq!(back.state_hash(), run.state_hash());
    let mut other = back;
    other.dungeon_mut().level_mut().gas.clear();
    assert_ne!(other.state_hash(), run.state_hash(), "the gas is in the hash");
}

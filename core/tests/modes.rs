//! Difficulty and challenges: each one's rule (blows on the player scaled and the score with
//! them; armour refused; no potion of healing; darkness; short rations; a swarm; champions; a
//! frail start), the standard game left exactly as it was, and the mode kept by a save and a
//! recording, which verifies in it and says it.

mod fixtures;

use delve_core::dungeon::Dungeon;
use delve_core::fov::DEFAULT_RADIUS;
use delve_core::fov::light::{DARK, ambient};
use delve_core::generation::{CorridorStyle, DEEPEST, GenParams};
use delve_core::geom::Pos;
use delve_core::map::parse_ascii;
use delve_core::rules::{Act, Effect, Refusal, Who};
use delve_core::run::{Run, RunSpec};
use delve_core::save::{SavedRun, decode, decode_recording, encode, encode_recording, verify};
use delve_core::world::{
    Beginning, Challenge, Difficulty, Ground, Habit, ItemKind, Kind, Level, Mind, Mode, RATION, STOMACH,
};
use fixtures::{give, hunting, monster, put};

/// A hall: the player at its west end.
const HALL: &str = "\
##############################
#@...........................#
#............................#
##############################
";

/// A run on `ascii` played in `mode`.
fn run_in(ascii: &str, mode: Mode) -> Run {
    let level = Level::bare(parse_ascii(ascii.as_bytes()).expect("a map"));
    Run::new(Dungeon::single(level).with_mode(mode)).with_sight(DEFAULT_RADIUS)
}

/// The damage of every blow that landed on the player in `turns` turns of a goblin beside it,
/// the player waiting (and never dying).
fn blows_taken(mode: Mode, turns: u32) -> Vec<i32> {
    let mut run = run_in(HALL, mode);
    run.player_mut().health.max = 10_000;
    run.player_mut().health.hp = 10_000;
    put(
        &mut run,
        monster(1, Kind::Goblin, Pos::new(2, 1), hunting(Pos::new(1, 1))),
    );
    let mut blows = Vec::new();
    for _ in 0..turns {
        let round = run.play(Act::Wait).unwrap();
        for h in &round.happened {
            if let Effect::Attacked {
                target: Who::Player,
                damage: Some(d),
            } = h.effect
            {
                blows.push(d);
            }
        }
    }
    blows
}

#[test]
fn easy_and_hard_scale_the_blows_on_the_player_and_the_score() {
    let normal = blows_taken(Mode::STANDARD, 60);
    assert!(normal.len() > 10, "the goblin lands blows: {normal:?}");
    let easy = blows_taken(Mode::of(Difficulty::Easy), 60);
    let hard = blows_taken(Mode::of(Difficulty::Hard), 60);
    // The same dice, each blow scaled: half (at least 1), half as much again.
    assert_eq!(easy, normal.iter().map(|d| (d + 1) / 2).collect::<Vec<_>>());
    assert_eq!(hard, normal.iter().map(|d| d + d / 2).collect::<Vec<_>>());
    assert_eq!(
        Mode::of(Difficulty::Easy).score(1000),
        500,
        "the score says how it was played"
    );
    let params = GenParams::new(7, 80, 50, CorridorStyle::Mixed);
    let mut standard = RunSpec::seeded(params).begin().unwrap();
    let mut easy = RunSpec::seeded(params)
        .in_mode(Mode::of(Difficulty::Easy))
        .begin()
        .unwrap();
    for run in [&mut standard, &mut easy] {
        run.player_mut().gold = 400;
    }
    assert_eq!(easy.score(), standard.score() / 2);
}

#[test]
fn no_armour_refuses_armour_and_a_beginning_keeps_its_armour_in_the_pack() {
    let mode = Mode::STANDARD.with(Challenge::NoArmour);
    let mut run = run_in(HALL, mode);
    let mail = give(&mut run, ItemKind::ChainMail, 1);
    assert_eq!(run.play(Act::Equip(mail)), Err(Refusal::NoArmour));
    assert_eq!(run.play(Act::Use(mail)), Err(Refusal::NoArmour));
    assert!(Refusal::NoArmour.to_string().contains("no-armour"));
    let sword = give(&mut run, ItemKind::Sword, 1);
    run.play(Act::Equip(sword)).expect("a weapon is wielded");
    // A fighter begins with its leather armour carried, not worn.
    let params = GenParams::new(3, 80, 50, CorridorStyle::Mixed);
    let mut run = RunSpec::seeded(params).in_mode(mode).begin().unwrap();
    run.begin_as(Beginning::Fighter).unwrap();
    let pack = &run.player().pack;
    assert!(pack.armour.is_none() && pack.weapon.is_some());
    assert!(pack.items().any(|(_, i)| i.kind == ItemKind::Leather));
}

/// Every level of seeds 0 to `seeds` in `mode`, made.
fn levels(mode: Mode, seeds: u64) -> Vec<(u64, u32, Level)> {
    let mut out = Vec::new();
    for seed in 0..seeds {
        let params = GenParams::new(seed, 80, 50, CorridorStyle::Mixed);
        let mut dungeon = Dungeon::new(params).unwrap().with_mode(mode);
        for depth in 1..=DEEPEST {
            dungeon.go_to(depth).unwrap();
            out.push((seed, depth, dungeon.level().clone()));
        }
    }
    out
}

#[test]
fn no_healing_leaves_no_potion_of_healing_anywhere() {
    let healing = |l: &Level| {
        l.items.iter().filter(|f| f.item.kind == ItemKind::Healing).count()
            + l.loot.iter().filter(|l| l.item.kind == ItemKind::Healing).count()
    };
    let standard: usize = levels(Mode::STANDARD, 6).iter().map(|(_, _, l)| healing(l)).sum();
    assert!(standard > 5, "the standard game has them: {standard}");
    let without = levels(Mode::STANDARD.with(Challenge::NoHealing), 6);
    assert_eq!(without.iter().map(|(_, _, l)| healing(l)).sum::<usize>(), 0);
    // Everything else lies where it lay.
    for ((_, _, a), (_, _, b)) in levels(Mode::STANDARD, 6).iter().zip(&without) {
        let others = |l: &Level| {
            l.items
                .iter()
                .filter(|f| f.item.kind != ItemKind::Healing)
                .map(|f| (f.at, f.item))
                .collect::<Vec<_>>()
        };
        assert_eq!(others(a), others(b));
        assert_eq!(a.monsters, b.monsters);
        assert_eq!(a.map, b.map);
    }
}

#[test]
fn a_swarm_adds_half_as_many_again_and_champions_crown_them_all() {
    let standard = levels(Mode::STANDARD, 4);
    let swarm = levels(Mode::STANDARD.with(Challenge::Swarm), 4);
    let mut added = 0;
    for ((seed, depth, a), (_, _, b)) in standard.iter().zip(&swarm) {
        // The standard monsters first, as they were; then the swarm, out of the arrival's way.
        assert_eq!(
            &b.monsters[..a.monsters.len()],
            &a.monsters[..],
            "seed {seed} depth {depth}"
        );
        let extra = &b.monsters[a.monsters.len()..];
        assert!(
            extra.len() >= (a.monsters.len() / 2).clamp(1, 4),
            "seed {seed} depth {depth}: {} more of {}",
            extra.len(),
            a.monsters.len()
        );
        for m in extra {
            assert_eq!(b.map.tile(m.at), delve_core::map::Tile::Floor);
            assert!(b.monsters.iter().filter(|o| o.at == m.at).count() == 1);
            assert!(b.item_at(m.at).is_none() && b.relic != Some(m.at));
        }
        let ids: std::collections::HashSet<u32> = b.monsters.iter().map(|m| m.id).collect();
        assert_eq!(ids.len(), b.monsters.len(), "ids stay unique");
        added += extra.len();
    }
    assert!(added > 40, "{added}");
    // Champions everywhere: every monster that may be one is.
    let crowned = levels(Mode::STANDARD.with(Challenge::Champions).with(Challenge::Swarm), 3);
    let (mut champions, mut others) = (0, 0);
    for (_, _, level) in &crowned {
        for m in &level.monsters {
            if m.champion.is_some() {
                champions += 1;
                assert_eq!(m.hp, m.max_hp(), "at full strength");
            } else {
                others += 1;
                let stats = m.kind.stats();
                let never = stats.ground() == Ground::Swims
                    || matches!(stats.habit, Habit::Bloat | Habit::Fades | Habit::Guards(_));
                assert!(m.is_captive() || never, "{:?} uncrowned", m.kind);
            }
        }
    }
    assert!(champions > 10 * others, "{champions} champions, {others} not");
}

#[test]
fn darkness_makes_every_level_as_dark_as_the_deepest() {
    let mut lit = run_in(HALL, Mode::STANDARD);
    lit.look();
    assert_eq!(lit.light().ambient(), ambient(1));
    let mut dark = run_in(HALL, Mode::STANDARD.with(Challenge::Darkness));
    dark.look();
    assert_eq!(dark.light().ambient(), ambient(DEEPEST));
    let far = Pos::new(8, 1);
    assert!(lit.light().lit(far));
    assert!(
        dark.light().at(far).brightness() < DARK,
        "past the player's light, dark"
    );
    // A goblin there is seen in the standard game, not in darkness.
    for run in [&mut lit, &mut dark] {
        put(run, monster(1, Kind::Goblin, far, Mind::Asleep));
        run.look();
    }
    let goblin = |run: &Run| run.dungeon().level().monsters[0];
    assert!(lit.sees(&goblin(&lit)) && !dark.sees(&goblin(&dark)));
}

#[test]
fn short_rations_feed_half_as_long_and_frail_begins_with_half_the_hit_points() {
    for (mode, fills) in [
        (Mode::STANDARD, RATION),
        (Mode::STANDARD.with(Challenge::ShortRations), RATION / 2),
    ] {
        let mut run = run_in(HALL, mode);
        run.player_mut().stomach = STOMACH - RATION - 10;
        let before = run.player().stomach;
        let s = give(&mut run, ItemKind::Ration, 1);
        run.play(Act::Use(s)).unwrap();
        // Eating takes a turn, which digests one.
        assert!((before + fills - run.player().stomach) <= 2, "{mode:?}");
    }
    let params = GenParams::new(5, 80, 50, CorridorStyle::Mixed);
    let frail = RunSpec::seeded(params)
        .in_mode(Mode::STANDARD.with(Challenge::Frail))
        .begin()
        .unwrap();
    let standard = RunSpec::seeded(params).begin().unwrap();
    assert_eq!(frail.player().health.max * 2, standard.player().health.max);
    assert_eq!(frail.player().health.hp, frail.player().health.max);
}

/// A run of seed `seed` in `mode`, played for `turns` turns by a simple walker.
fn played(seed: u64, mode: Mode, turns: u32) -> Run {
    let params = GenParams::new(seed, 80, 50, CorridorStyle::Mixed);
    let mut run = RunSpec::seeded(params)
        .in_mode(mode)
        .begin()
        .unwrap()
        .with_sight(DEFAULT_RADIUS);
    let dirs = delve_core::geom::Dir8::ALL;
    for t in 0..turns {
        if run.is_over() {
            break;
        }
        let _ = run.play(Act::Step(dirs[(t as usize / 3) % 8]));
    }
    run
}

#[test]
fn a_save_and_a_recording_keep_the_mode_and_verify_in_it() {
    let mode = Mode::of(Difficulty::Hard)
        .with(Challenge::Swarm)
        .with(Challenge::Darkness);
    let run = played(11, mode, 300);
    assert_eq!(run.mode(), mode);
    assert_ne!(
        run.state_hash(),
        played(11, Mode::STANDARD, 300).state_hash(),
        "the mode is part of the state"
    );
    // A save: the mode comes back, and the run goes on as it would have.
    let bytes = encode(&SavedRun::capture(&run));
    let back = decode(&bytes).unwrap().restore().unwrap();
    assert_eq!(back.mode(), mode);
    assert_eq!(back.state_hash(), run.state_hash());
    assert_eq!(back.spec().mode(), mode);
    // A recording says its mode (format 2), and verifies in it.
    let recording = encode_recording(&run).unwrap();
    assert_eq!(&recording[8..12], &2u32.to_le_bytes());
    let file = decode_recording(&recording).unwrap();
    assert_eq!(file.spec.mode(), mode);
    let (verdict, replayed) = verify(&recording).unwrap();
    assert!(verdict.ok(), "{:?}", verdict.desync);
    assert_eq!(verdict.mode, mode);
    assert_eq!(verdict.hash, run.state_hash());
    assert_eq!(replayed.mode(), mode);
    // The standard game's recording is format 1, byte for byte what it was before modes.
    let standard = encode_recording(&played(11, Mode::STANDARD, 50)).unwrap();
    assert_eq!(&standard[8..12], &1u32.to_le_bytes());
    assert_eq!(verify(&standard).unwrap().0.mode, Mode::STANDARD);
}

#[test]
fn standard_items_are_untouched_by_a_mode_that_does_not_name_them() {
    // Darkness, frail, short rations, no armour and the difficulties make levels as the standard
    // game does.
    let quiet = Mode::of(Difficulty::Hard)
        .with(Challenge::Darkness)
        .with(Challenge::Frail)
        .with(Challenge::ShortRations)
        .with(Challenge::NoArmour);
    for ((_, _, a), (_, _, b)) in levels(Mode::STANDARD, 2).iter().zip(&levels(quiet, 2)) {
        assert_eq!(a, b);
    }
}

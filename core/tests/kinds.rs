//! The kinds of rules 9 by the rules alone, each habit a player learns: the eel under deep
//! water, the pink jelly that splits, the giant spider's web, the rock worm's tunnels, the fire
//! elemental in lava, the goblin conjurer's blades, the goblin mystic's shield, the acid mound's
//! acid and the phantom nobody sees.

mod fixtures;

use delve_core::geom::{Dir8, Pos};
use delve_core::map::Tile;
use delve_core::rules::{Act, Effect};
use delve_core::world::{CORRODED_MOST, ItemKind, Kind, Mind, SHIELD, SUMMONS_MOST, WEB_TURNS};
use fixtures::{give, hunting, monster, play, put, run_on, steps_apart, the};

#[test]
fn an_eel_lurks_unseen_in_deep_water_strikes_from_its_shore_and_never_leaves_it() {
    let map = "\
############
#..@.......#
#..~~~~~~..#
#..~~~~~~..#
############
";
    let mut run = run_on(map);
    let me = run.player().at;
    put(&mut run, monster(1, Kind::Eel, Pos::new(8, 3), hunting(me)));
    // In sight, but under the water: not seen.
    let eel = the(&run, 1).unwrap();
    assert!(run.sight().is_visible(eel.at));
    assert!(!run.sees(&eel), "an eel under deep water is not seen from afar");
    let mut struck = false;
    for _ in 0..30 {
        let round = run.play(Act::Wait).unwrap();
        let eel = the(&run, 1).unwrap();
        assert_eq!(
            run.dungeon().level().map.tile(eel.at),
            Tile::DeepWater,
            "it keeps to the deep"
        );
        assert_eq!(
            run.sees(&eel),
            steps_apart(eel.at, me) <= 1,
            "seen only from the next tile"
        );
        struck |= round
            .happened
            .iter()
            .any(|h| matches!(h.effect, Effect::Attacked { .. }) && h.who == delve_core::rules::Who::Monster(1));
        if struck {
            break;
        }
    }
    assert!(struck, "the eel struck from the water");
    // Out of reach of the shore it cannot follow: the player walks off and the eel stays.
    for _ in 0..6 {
        let _ = run.play(Act::Step(Dir8::E));
    }
    let eel = the(&run, 1).unwrap();
    assert_eq!(run.dungeon().level().map.tile(eel.at), Tile::DeepWater);
}

#[test]
fn a_pink_jelly_struck_and_not_slain_splits_its_hit_points_in_two() {
    let mut run = run_on("#######\n#@....#\n#.....#\n#######\n");
    run.player_mut().health.hp = 500;
    run.player_mut().health.max = 500;
    put(&mut run, monster(1, Kind::PinkJelly, Pos::new(2, 1), Mind::Asleep));
    // Woken first (a stab on a sleeper is a stab; the split comes of any blow that leaves it).
    let mut split = false;
    for _ in 0..20 {
        let before: i32 = run.dungeon().level().monsters.iter().map(|m| m.hp).sum();
        let count = run.dungeon().level().monsters.len();
        let messages = play(&mut run, Act::Step(Dir8::E));
        let level = run.dungeon().level();
        if level.monsters.len() > count {
            split = true;
            assert!(messages.iter().any(|m| m.contains("splits in two")), "{messages:?}");
            let after: i32 = level.monsters.iter().map(|m| m.hp).sum();
            assert!(after <= before && after > 0);
            assert!(level.monsters.iter().all(|m| m.kind == Kind::PinkJelly));
            break;
        }
        if level.monsters.is_empty() {
            break;
        }
    }
    assert!(split, "a blow that did not kill it split it");
}

#[test]
fn a_giant_spider_webs_you_and_you_struggle_while_it_comes() {
    let map = "\
############
#@.........#
############
";
    let mut run = run_on(map);
    let me = run.player().at;
    put(&mut run, monster(1, Kind::GiantSpider, Pos::new(6, 1), hunting(me)));
    let mut webbed = false;
    for _ in 0..20 {
        let turn = run.turn();
        let messages = play(&mut run, Act::Wait);
        if messages.iter().any(|m| m.contains("web catches you")) {
            webbed = true;
            // The wait, and the web's turns struggling, while the monsters went on.
            assert_eq!(run.turn(), turn + 1 + u64::from(WEB_TURNS), "{messages:?}");
            break;
        }
        assert_eq!(run.turn(), turn + 1);
    }
    assert!(webbed, "the spider threw its web");
}

#[test]
fn a_rock_worm_on_the_hunt_tunnels_through_the_wall_between_you() {
    let map = "\
###########
#@..#.....#
#...#.....#
###########
";
    let mut run = run_on(map);
    let me = run.player().at;
    put(&mut run, monster(1, Kind::RockWorm, Pos::new(7, 1), hunting(me)));
    let mut dug = false;
    for _ in 0..12 {
        play(&mut run, Act::Wait);
        let level = run.dungeon().level();
        if level.map.tile(Pos::new(4, 1)) == Tile::Corridor || level.map.tile(Pos::new(4, 2)) == Tile::Corridor {
            dug = true;
            break;
        }
    }
    assert!(dug, "the worm bored through the wall");
    // A wandering worm digs nothing, and the level's rim is never dug.
    let mut run = run_on(map);
    put(
        &mut run,
        monster(1, Kind::RockWorm, Pos::new(7, 1), Mind::Wandering { heading: Dir8::N }),
    );
    let walls = |run: &delve_core::run::Run| {
        run.dungeon()
            .level()
            .map
            .tiles()
            .iter()
            .filter(|&&t| t == Tile::Wall)
            .count()
    };
    let before = walls(&run);
    for _ in 0..3 {
        play(&mut run, Act::Wait);
    }
    assert_eq!(walls(&run), before, "a worm not hunting keeps to the open");
}

#[test]
fn a_fire_elemental_walks_lava_stands_in_flame_and_its_blow_sets_you_alight() {
    let map = "\
##########
#@.%%%%..#
##########
";
    let mut run = run_on(map);
    run.player_mut().health.hp = 500;
    run.player_mut().health.max = 500;
    let me = run.player().at;
    put(&mut run, monster(1, Kind::FireElemental, Pos::new(7, 1), hunting(me)));
    let mut lit = false;
    for _ in 0..30 {
        play(&mut run, Act::Wait);
        let level = run.dungeon().level();
        let Some(e) = the(&run, 1) else { break };
        assert_eq!(
            e.hp,
            Kind::FireElemental.stats().max_hp,
            "neither lava nor fire hurts it"
        );
        if level.fire.contains_key(&me) {
            lit = true;
            break;
        }
    }
    assert!(lit, "it crossed the lava and set the player's ground alight");
}

#[test]
fn a_goblin_conjurer_summons_blades_a_few_at_a_time_and_they_fade() {
    let map = "\
##############
#@...........#
#............#
##############
";
    let mut run = run_on(map);
    run.player_mut().health.hp = 900;
    run.player_mut().health.max = 900;
    let me = run.player().at;
    put(&mut run, monster(1, Kind::GoblinConjurer, Pos::new(7, 1), hunting(me)));
    let blades = |run: &delve_core::run::Run| {
        run.dungeon()
            .level()
            .monsters
            .iter()
            .filter(|m| m.kind == Kind::SpectralBlade)
            .count()
    };
    let mut most = 0;
    let mut messages = Vec::new();
    for _ in 0..40 {
        messages.extend(play(&mut run, Act::Wait));
        most = most.max(blades(&run));
        assert!(blades(&run) <= SUMMONS_MOST);
    }
    assert!(most >= 2, "blades summoned: {most}");
    assert!(
        messages.iter().any(|m| m.contains("summons a spectral blade")),
        "{messages:?}"
    );
    // The conjurer gone, its blades fade in time.
    run.dungeon_mut().level_mut().monsters.retain(|m| m.id != 1);
    let mut left = blades(&run);
    for _ in 0..400 {
        if left == 0 {
            break;
        }
        // Out of their reach: the player is healed, the blades' blows aside.
        run.player_mut().health.hp = 900;
        play(&mut run, Act::Wait);
        left = blades(&run);
    }
    assert_eq!(left, 0, "the blades faded");
}

#[test]
fn a_goblin_mystic_shields_a_fighting_fellow_and_the_shield_wanes() {
    let map = "\
##############
#@...........#
#............#
##############
";
    let mut run = run_on(map);
    run.player_mut().health.hp = 900;
    run.player_mut().health.max = 900;
    let me = run.player().at;
    put(&mut run, monster(1, Kind::GoblinMystic, Pos::new(7, 1), hunting(me)));
    put(&mut run, monster(2, Kind::Orc, Pos::new(6, 2), hunting(me)));
    let max = Kind::Orc.stats().max_hp;
    let mut shielded = false;
    for _ in 0..30 {
        let messages = play(&mut run, Act::Wait);
        let orc = the(&run, 2).unwrap();
        assert!(orc.hp <= max + SHIELD);
        if orc.hp > max {
            shielded = true;
            assert!(messages.iter().any(|m| m.contains("shimmering shield")), "{messages:?}");
            // It wanes a point a turn (unless shielded again).
            run.dungeon_mut().level_mut().monsters.retain(|m| m.id != 1);
            let was = orc.hp;
            play(&mut run, Act::Wait);
            assert_eq!(the(&run, 2).unwrap().hp, was - 1);
            break;
        }
    }
    assert!(shielded, "the mystic shielded the orc");
}

#[test]
fn an_acid_mound_s_hits_eat_at_the_armour_you_wear() {
    let mut run = run_on("#####\n#@..#\n#####\n");
    run.player_mut().health.hp = 900;
    run.player_mut().health.max = 900;
    let slot = give(&mut run, ItemKind::Leather, 1);
    play(&mut run, Act::Equip(slot));
    let me = run.player().at;
    put(&mut run, monster(1, Kind::AcidMound, Pos::new(2, 1), hunting(me)));
    let plus = |run: &delve_core::run::Run| run.player().pack.get(slot as usize).unwrap().plus;
    let mut eaten = Vec::new();
    for _ in 0..60 {
        eaten.extend(play(&mut run, Act::Wait));
        if plus(&run) == CORRODED_MOST {
            break;
        }
    }
    assert_eq!(plus(&run), CORRODED_MOST, "eaten down to the least");
    assert!(eaten.iter().any(|m| m.contains("Acid eats at your")), "{eaten:?}");
    // Armour off, acid eats nothing.
    run.player_mut().pack.armour = None;
    for _ in 0..20 {
        let messages = play(&mut run, Act::Wait);
        assert!(!messages.iter().any(|m| m.contains("Acid")), "{messages:?}");
    }
}

#[test]
fn a_phantom_is_seen_only_from_the_next_tile() {
    let map = "\
##########
#@.......#
##########
";
    let mut run = run_on(map);
    let me = run.player().at;
    put(&mut run, monster(1, Kind::Phantom, Pos::new(7, 1), hunting(me)));
    let mut met = false;
    for _ in 0..12 {
        let p = the(&run, 1).unwrap();
        assert!(run.sight().is_visible(p.at));
        assert_eq!(run.sees(&p), steps_apart(p.at, me) <= 1);
        if steps_apart(p.at, me) <= 1 {
            met = true;
            break;
        }
        let messages = play(&mut run, Act::Wait);
        assert!(!messages.iter().any(|m| m.contains("phantom notices")), "{messages:?}");
    }
    assert!(met, "it came");
}

#[test]
fn the_warden_sleeps_beside_the_heartstone_on_every_deepest_level() {
    use delve_core::generation::{CorridorStyle, GenParams};
    use delve_core::run::RunSpec;
    for seed in 0..12 {
        let params = GenParams::new(seed, 80, 50, CorridorStyle::Mixed);
        let mut run = RunSpec::seeded(params).begin().unwrap();
        let deepest = run.dungeon().deepest();
        run.dungeon_mut().go_to(deepest).unwrap();
        let level = run.dungeon().level();
        let relic = level.relic.expect("the Heartstone lies on the deepest level");
        let wardens: Vec<_> = level.monsters.iter().filter(|m| m.kind == Kind::Warden).collect();
        assert_eq!(wardens.len(), 1, "seed {seed}");
        assert!(steps_apart(wardens[0].at, relic) <= 1, "seed {seed}: beside the stone");
        assert_eq!(wardens[0].mind, Mind::Asleep, "seed {seed}");
        assert_eq!(level.map.tile(wardens[0].at), Tile::Floor);
    }
}

#[test]
fn the_warden_fights_in_three_phases_by_its_wounds() {
    use delve_core::world::Phase;
    let max = Kind::Warden.stats().max_hp;
    assert_eq!(Phase::of(max, max), Phase::Whole);
    assert_eq!(Phase::of(max * 2 / 3, max), Phase::Hurt);
    assert_eq!(Phase::of(max / 3, max), Phase::Desperate);
    let map = "\
##############
#@...........#
#............#
##############
";
    // What it does in each phase, over many turns from a few tiles off (the player healed and
    // the warden kept at its wounds, to watch one phase at a time).
    let watch = |hp: i32| {
        let mut run = run_on(map);
        run.player_mut().health.max = 5000;
        run.player_mut().health.hp = 5000;
        let me = run.player().at;
        let mut warden = monster(1, Kind::Warden, Pos::new(5, 1), hunting(me));
        warden.hp = hp;
        put(&mut run, warden);
        let (mut summoned, mut breathed) = (false, false);
        for _ in 0..60 {
            let round = run.play(Act::Wait).unwrap();
            for h in &round.happened {
                if h.who == delve_core::rules::Who::Monster(1) {
                    match h.effect {
                        Effect::Summoned { .. } => summoned = true,
                        Effect::Ignited(_) => breathed = true,
                        _ => {}
                    }
                }
            }
            run.player_mut().health.hp = 5000;
            let level = run.dungeon_mut().level_mut();
            level.fire.clear();
            // Its blades cleared away, and the warden held at its wounds and a few tiles off.
            level.monsters.retain(|m| m.id == 1);
            level.monsters[0].hp = hp;
            level.monsters[0].at = Pos::new(5, 1);
        }
        (summoned, breathed)
    };
    assert_eq!(watch(max), (false, false), "whole: hand to hand only");
    let (summoned, breathed) = watch(max * 2 / 3);
    assert!(summoned && !breathed, "hurt: it summons, and breathes no fire");
    let (_, breathed) = watch(max / 3);
    assert!(breathed, "desperate: it breathes fire");
}

#[test]
fn taking_the_heartstone_wakes_the_warden() {
    let mut run = run_on("########\n#@.....#\n#......#\n########\n");
    let relic = Pos::new(2, 1);
    run.dungeon_mut().level_mut().relic = Some(relic);
    put(&mut run, monster(1, Kind::Warden, Pos::new(4, 2), Mind::Asleep));
    let messages = play(&mut run, Act::Step(Dir8::E));
    assert!(run.player().carrying.relic);
    assert!(
        messages.iter().any(|m| m.contains("The warden wakes with a roar")),
        "{messages:?}"
    );
    assert!(matches!(the(&run, 1).unwrap().mind, Mind::Hunting { .. }));
}

#[test]
fn champions_come_from_level_four_named_stronger_and_saved() {
    use delve_core::generation::{CorridorStyle, GenParams};
    use delve_core::run::RunSpec;
    use delve_core::save::{SavedRun, decode, encode};
    use delve_core::world::{CHAMPION_HP_PERCENT, Champion};
    let (mut levels, mut with, mut out_of_depth) = (0, 0, 0);
    let mut kept = None;
    for seed in 0..20 {
        let params = GenParams::new(seed, 80, 50, CorridorStyle::Mixed);
        let mut run = RunSpec::seeded(params).begin().unwrap();
        for depth in 1..=run.dungeon().deepest() {
            run.dungeon_mut().go_to(depth).unwrap();
            let level = run.dungeon().level();
            let champions: Vec<_> = level.monsters.iter().filter(|m| m.champion.is_some()).collect();
            assert!(champions.len() <= 1, "seed {seed} depth {depth}");
            if depth < 4 {
                assert!(champions.is_empty(), "seed {seed}: a champion on level {depth}");
                continue;
            }
            levels += 1;
            if let Some(c) = champions.first() {
                with += 1;
                let (lo, _) = c.kind.stats().depths;
                out_of_depth += usize::from(lo > depth);
                assert_eq!(c.max_hp(), c.kind.stats().max_hp * CHAMPION_HP_PERCENT / 100);
                assert_eq!(c.hp, c.max_hp());
                assert!(c.attack().to_hit > c.kind.stats().to_hit);
                assert!(!c.is_captive());
                kept.get_or_insert((seed, depth, c.id, c.champion));
            }
        }
    }
    println!("champions on {with} of {levels} levels from 4, {out_of_depth} out of their depth");
    assert!(
        with * 10 >= levels * 4 && with * 10 <= levels * 8,
        "some levels, not all: {with}/{levels}"
    );
    assert!(out_of_depth > 0);
    // A champion is saved with its name, and its state hash holds it.
    let (seed, depth, id, name) = kept.unwrap();
    let params = GenParams::new(seed, 80, 50, CorridorStyle::Mixed);
    let mut run = RunSpec::seeded(params).begin().unwrap();
    // (Made, then back up to where the player stands.)
    run.dungeon_mut().go_to(depth).unwrap();
    run.dungeon_mut().go_to(1).unwrap();
    let mut back = decode(&encode(&SavedRun::capture(&run))).unwrap().restore().unwrap();
    assert_eq!(back.state_hash(), run.state_hash());
    back.dungeon_mut().go_to(depth).unwrap();
    let m = back.dungeon().level().monsters.iter().find(|m| m.id == id).unwrap();
    assert_eq!(m.champion, name);
    run.dungeon_mut().go_to(depth).unwrap();
    let mut plain = run.clone();
    let level = plain.dungeon_mut().level_mut();
    level.monsters.iter_mut().find(|m| m.id == id).unwrap().champion = Some(Champion(name.unwrap().0 ^ 1));
    assert_ne!(
        plain.state_hash(),
        run.state_hash(),
        "the hash holds the champion's name"
    );
}

#[test]
fn a_champion_is_named_when_it_notices_you_and_when_struck() {
    use delve_core::world::Champion;
    let mut run = run_on("#########\n#@......#\n#########\n");
    let me = run.player().at;
    let mut orc = monster(1, Kind::Orc, Pos::new(5, 1), Mind::Wandering { heading: Dir8::W });
    orc.champion = Some(Champion(0));
    orc.hp = orc.max_hp();
    put(&mut run, orc);
    let mut heard = Vec::new();
    for _ in 0..12 {
        heard.extend(play(&mut run, Act::Wait));
        if heard
            .iter()
            .any(|m| m.starts_with("Grak the orc hits") || m.starts_with("Grak the orc misses"))
        {
            break;
        }
    }
    assert!(the(&run, 1).is_some_and(|m| steps_apart(m.at, me) <= 1));
    assert!(
        heard.iter().any(|m| m == "Grak the orc, a champion, notices you!"),
        "{heard:?}"
    );
    assert!(
        heard
            .iter()
            .any(|m| m.starts_with("Grak the orc hits you") || m.starts_with("Grak the orc misses you")),
        "{heard:?}"
    );
}

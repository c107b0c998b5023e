//! Growing, hunger and feats by the rules alone: experience from kills brings levels that owe a
//! boon chosen of three (nothing else is played meanwhile; the choice is recorded and replays),
//! each boon does what its row says, enchanting makes the chosen thing better (and saves keep
//! it), the stomach empties, warns, stops healing and starves, rations fill it, and feats are
//! earned once and said.

mod fixtures;

use delve_core::geom::{Dir8, Pos};
use delve_core::map::Tile;
use delve_core::rules::{Act, Refusal};
use delve_core::run::Run;
use delve_core::save::{SavedRun, decode, encode, encode_recording, verify};
use delve_core::world::{
    Boon, Ending, Feat, FloorItem, Hunger, Item, ItemKind, Kind, Mind, PLAYER_ATTACK, RATION, STOMACH, STOMACH_START,
    VIGOUR_HP, experience_for,
};
use fixtures::{give, monster, run_on};

const ROOM: &str = "\
####################
#@.................#
#..................#
#..................#
#..................#
#..................#
#..................#
####################
";

/// Puts a monster of `kind` east of the player, awake, with one hit point, and strikes until it
/// dies.
fn slay(run: &mut Run, kind: Kind) {
    let at = run.player().at;
    let east = Pos::new(at.x + 1, at.y);
    let mut m = monster(900 + run.record().slain, kind, east, fixtures::hunting(at));
    m.hp = 1;
    run.dungeon_mut().level_mut().monsters.push(m);
    while run.dungeon().level().monster_at(east).is_some() {
        run.play(Act::Step(Dir8::E)).expect("a blow");
        run.player_mut().health.hp = run.player().health.max;
    }
}

/// `slay`, then takes the first boon offered for each level it brought.
fn slay_and_grow(run: &mut Run, kind: Kind) {
    slay(run, kind);
    while let Some(offer) = run.offer() {
        run.choose(offer[0]).unwrap();
    }
}

fn said(run: &Run, text: &str) -> bool {
    run.log().lines().any(|l| l.1.contains(text))
}

#[test]
fn a_kill_s_worth_is_experience_and_a_level_owes_a_boon_before_anything_else() {
    let mut run = run_on(ROOM);
    run.player_mut().growth.xp = experience_for(2) - 1;
    assert_eq!(run.offer(), None);
    slay(&mut run, Kind::Rat);
    assert_eq!(
        run.player().growth.xp,
        experience_for(2) - 1 + Kind::Rat.stats().worth() as u32
    );
    assert_eq!(run.player().growth.grade(), 2);
    assert_eq!(run.player().health.max, 32, "a level adds 2 hit points");
    assert!(said(&run, "You reach experience level 2"));
    let offer = run.offer().expect("a boon owed");
    assert_eq!(offer.len(), 3);
    // Nothing else is played until the choice: a refusal, no turn.
    let turn = run.turn();
    assert_eq!(run.play(Act::Wait), Err(Refusal::ChooseFirst));
    assert_eq!(run.turn(), turn);
    let not_offered = Boon::ALL.into_iter().find(|b| !offer.contains(b)).unwrap();
    assert_eq!(run.choose(not_offered), Err(Refusal::NotOffered));
    run.choose(offer[1]).unwrap();
    assert_eq!(run.player().growth.boons, vec![offer[1]]);
    assert_eq!(run.turn(), turn, "choosing takes no turn");
    assert_eq!(run.offer(), None);
    assert_eq!(run.choose(offer[0]), Err(Refusal::NotOffered), "one boon a level");
    run.play(Act::Wait).unwrap();
}

#[test]
fn the_same_seed_offers_the_same_boons_and_a_replay_makes_the_same_choice() {
    use delve_core::generation::{CorridorStyle, GenParams};
    use delve_core::run::RunSpec;
    let spec = RunSpec::seeded(GenParams::new(11, 80, 50, CorridorStyle::Mixed));
    let mut offers = Vec::new();
    for _ in 0..2 {
        let mut run = spec.begin().unwrap();
        run.player_mut().growth.xp = experience_for(3);
        offers.push((run.offer().unwrap(), {
            run.choose(run.offer().unwrap()[0]).unwrap();
            run.offer().unwrap()
        }));
    }
    assert_eq!(offers[0], offers[1]);
    // A bot's run that grows: its recording verifies, choices and all.
    let mut run = spec.begin().unwrap();
    let mut bot = delve_core::bot::Bot::new(false, false, true);
    while run.player().growth.boons.len() < 2 && !run.is_over() && run.turn() < 6_000 {
        bot.play(&mut run);
    }
    assert!(
        run.player().growth.boons.len() >= 2,
        "the bot grew twice by turn {}",
        run.turn()
    );
    let (verdict, _) = verify(&encode_recording(&run).unwrap()).unwrap();
    assert!(verdict.ok(), "{:?}", verdict.desync);
    assert_eq!(verdict.score, run.score());
}

#[test]
fn each_stat_boon_does_what_its_row_says() {
    let mut run = run_on(ROOM);
    run.player_mut().growth.xp = experience_for(5);
    let bare = run.player().attack();
    assert_eq!(bare, PLAYER_ATTACK);
    let hp = run.player().health;
    run.player_mut().growth.boons = vec![Boon::Might, Boon::Precision, Boon::Hide];
    let grown = run.player().attack();
    assert_eq!(grown.damage, (bare.damage.0 + 1, bare.damage.1 + 2));
    assert_eq!(grown.to_hit, bare.to_hit + 7);
    assert_eq!(run.player().armour(), 1, "a hide is armour of its own");
    // Vigour, chosen: 8 more at most, healed by 8.
    run.player_mut().growth.boons.clear();
    run.player_mut().growth.xp = experience_for(2);
    let offer = run.offer().unwrap();
    if offer.contains(&Boon::Vigour) {
        run.choose(Boon::Vigour).unwrap();
        assert_eq!(run.player().health.max, hp.max + VIGOUR_HP);
    }
    // Thrower: surer and harder throws.
    let dart = run.player().throw_attack(ItemKind::Dart);
    run.player_mut().growth.boons.push(Boon::Thrower);
    let thrown = run.player().throw_attack(ItemKind::Dart);
    assert_eq!(thrown.to_hit, dart.to_hit + 10);
    assert_eq!(thrown.damage, (dart.damage.0 + 2, dart.damage.1 + 2));
}

#[test]
fn regeneration_heals_twice_as_fast_and_an_iron_stomach_eats_less() {
    let mut plain = run_on(ROOM);
    let mut grown = run_on(ROOM);
    grown.player_mut().growth = delve_core::world::Growth {
        xp: experience_for(3),
        boons: vec![Boon::Regeneration, Boon::IronStomach],
        beginning: None,
    };
    for run in [&mut plain, &mut grown] {
        run.player_mut().health.hp = 1;
        for _ in 0..60 {
            run.play(Act::Wait).unwrap();
        }
    }
    assert_eq!(plain.player().health.hp, 1 + 10, "a point every 6 turns");
    assert_eq!(grown.player().health.hp, 1 + 20, "a point every 3 turns");
    assert_eq!(plain.player().stomach, STOMACH_START - 60);
    assert_eq!(grown.player().stomach, STOMACH_START - 40, "one turn in three free");
}

#[test]
fn resistances_halve_poison_and_fire() {
    let mut burns = Vec::new();
    for resist in [false, true] {
        let mut run = run_on(ROOM);
        if resist {
            run.player_mut().growth = delve_core::world::Growth {
                xp: experience_for(3),
                boons: vec![Boon::PoisonResistance, Boon::FireResistance],
                beginning: None,
            };
        }
        let s = give(&mut run, ItemKind::Poison, 1);
        run.play(Act::Use(s)).unwrap();
        // The potion's 10 turns (5 resisted), less the turn it was drunk on.
        assert_eq!(run.player().status.poison, if resist { 4 } else { 9 });
        run.player_mut().status.poison = 0;
        // Fire under the player: its burn, halved (rounded up).
        let at = run.player().at;
        let hp = run.player().health.hp;
        run.dungeon_mut().level_mut().fire.insert(at, 3);
        run.play(Act::Wait).unwrap();
        let lost = hp - run.player().health.hp;
        assert!(lost > 0, "the fire burns");
        let burnt: Vec<&str> = run
            .log()
            .lines()
            .filter(|l| l.1.starts_with("You burn"))
            .map(|l| l.1.as_str())
            .collect();
        let d: i32 = burnt[0]
            .trim_start_matches("You burn (")
            .trim_end_matches(").")
            .parse()
            .unwrap();
        assert_eq!(lost, d);
        burns.push(d);
    }
    // The same run, the same roll: halved, rounded up.
    assert_eq!(burns[1], (burns[0] + 1) / 2, "{burns:?}");
}

#[test]
fn an_assassin_stabs_for_five_times_and_keen_eyes_search_farther() {
    let damage = |assassin: bool| {
        let mut run = run_on(ROOM);
        if assassin {
            run.player_mut().growth = delve_core::world::Growth {
                xp: experience_for(2),
                boons: vec![Boon::Assassin],
                beginning: None,
            };
        }
        let mut m = monster(5, Kind::Troll, Pos::new(2, 1), Mind::Asleep);
        m.hp = 1000;
        run.dungeon_mut().level_mut().monsters.push(m);
        // (Read from the blow: hit points over its most are a shield, which wanes a turn.)
        let round = run.play(Act::Step(Dir8::E)).unwrap();
        round
            .happened
            .iter()
            .find_map(|h| match h.effect {
                delve_core::rules::Effect::Stabbed { damage, .. } => Some(damage),
                _ => None,
            })
            .expect("a stab")
    };
    let (plain, assassin) = (damage(false), damage(true));
    assert!(plain % 3 == 0 && (6..=18).contains(&plain), "{plain}");
    assert!(assassin % 5 == 0 && (10..=30).contains(&assassin), "{assassin}");
    // A secret door two tiles off: found by the keen-eyed search alone.
    let ascii = "\
#########
#@......#
#.......#
###S#####
#.......#
#########
";
    for keen in [false, true] {
        let mut run = run_on(ascii);
        if keen {
            run.player_mut().growth = delve_core::world::Growth {
                xp: experience_for(2),
                boons: vec![Boon::KeenEyes],
                beginning: None,
            };
        }
        // Blind the search (no sight of the far ring) by looking at nothing: the wall hides it.
        run.play(Act::Search).unwrap();
        let found = run.dungeon().level().map.tile(Pos::new(3, 3)) != Tile::SecretDoor;
        if keen {
            assert!(found, "two tiles off, within a keen search's reach");
        }
    }
}

#[test]
fn a_shield_bash_knocks_the_foe_back_a_tile_now_and_then() {
    let mut run = run_on(ROOM);
    run.player_mut().growth = delve_core::world::Growth {
        xp: experience_for(2),
        boons: vec![Boon::ShieldBash],
        beginning: None,
    };
    let s = give(&mut run, ItemKind::Leather, 1);
    run.play(Act::Equip(s)).unwrap();
    let mut shoved = 0;
    for _ in 0..200 {
        let at = run.player().at;
        let level = run.dungeon_mut().level_mut();
        level.monsters.clear();
        let mut m = monster(7, Kind::Troll, Pos::new(at.x + 1, at.y), fixtures::hunting(at));
        m.hp = 1000;
        level.monsters.push(m);
        let round = run.play(Act::Step(Dir8::E)).unwrap();
        run.player_mut().health.hp = run.player().health.max;
        let to = Pos::new(at.x + 2, at.y);
        if round
            .happened
            .iter()
            .any(|h| h.effect == delve_core::rules::Effect::Shoved { target: 7, to })
        {
            shoved += 1;
        }
        // Back to the west wall for the next blow.
        run.player_mut().at = Pos::new(1, 1);
    }
    assert!(
        (20..=90).contains(&shoved),
        "about one blow that hits in four: {shoved} of 200"
    );
    assert!(said(&run, "is knocked back"));
}

#[test]
fn enchanting_makes_the_chosen_thing_better_and_saves_keep_it() {
    let mut run = run_on(ROOM);
    let sword = give(&mut run, ItemKind::Sword, 1);
    let scrolls = give(&mut run, ItemKind::Enchanting, 3);
    let potion = give(&mut run, ItemKind::Healing, 1);
    run.play(Act::Equip(sword)).unwrap();
    let before = run.player().attack();
    // Unknown, reading it tells what it is and keeps it.
    run.play(Act::Use(scrolls)).unwrap();
    assert!(run.player().lore.knows(ItemKind::Enchanting));
    assert_eq!(run.player().pack.get(scrolls as usize).unwrap().count, 3);
    // Known, it wants a target.
    assert_eq!(run.play(Act::Use(scrolls)), Err(Refusal::EnchantWhat));
    assert_eq!(
        run.play(Act::Enchant {
            scroll: scrolls,
            item: potion
        }),
        Err(Refusal::CannotEnchant)
    );
    for _ in 0..2 {
        run.play(Act::Enchant {
            scroll: scrolls,
            item: sword,
        })
        .unwrap();
    }
    let item = run.player().pack.get(sword as usize).unwrap();
    assert_eq!(item.plus, 2);
    assert_eq!(run.player().lore.describe(item), "a +2 sword");
    let after = run.player().attack();
    assert_eq!(after.to_hit, before.to_hit + 10);
    assert_eq!(after.damage, (before.damage.0 + 2, before.damage.1 + 2));
    assert_eq!(run.player().pack.get(scrolls as usize).unwrap().count, 1);
    // Dropped, it lies enchanted; a save keeps both.
    let armour = give(&mut run, ItemKind::Plate, 1);
    run.play(Act::Enchant {
        scroll: scrolls,
        item: armour,
    })
    .unwrap();
    assert_eq!(run.player().armour(), 0, "plate in the pack, not worn");
    run.play(Act::Equip(armour)).unwrap();
    assert_eq!(run.player().armour(), 7);
    run.play(Act::Drop(sword)).unwrap();
    let back = decode(&encode(&SavedRun::capture(&run))).unwrap().restore().unwrap();
    assert_eq!(back.state_hash(), run.state_hash());
    assert_eq!(back.dungeon().level().items[0].item.plus, 2);
    assert_eq!(back.player().armour(), 7);
    assert_eq!(back.record().deeds.best_plus, 2);
}

#[test]
fn the_stomach_empties_warns_stops_healing_and_starves_and_a_ration_fills_it() {
    let mut run = run_on(ROOM);
    let ration = give(&mut run, ItemKind::Ration, 1);
    assert_eq!(run.play(Act::Use(ration)), Err(Refusal::NotHungry));
    run.player_mut().stomach = Hunger::HUNGRY + 1;
    run.play(Act::Wait).unwrap();
    assert_eq!(run.player().hunger(), Hunger::Hungry);
    assert!(said(&run, "You are hungry."));
    // Weak: no healing.
    run.player_mut().stomach = Hunger::WEAK;
    run.player_mut().health.hp = 10;
    for _ in 0..12 {
        run.play(Act::Wait).unwrap();
    }
    assert_eq!(run.player().health.hp, 10, "weak with hunger, no healing");
    // Eaten: full again (as far as it holds).
    run.play(Act::Use(ration)).unwrap();
    assert_eq!(run.player().stomach, Hunger::WEAK - 12 + RATION - 1);
    assert!(run.player().pack.get(ration as usize).is_none());
    assert_eq!(run.record().deeds.eaten, 1);
    assert!(run.player().stomach <= STOMACH);
    // Starving: a hit point a turn, to death by starvation.
    run.player_mut().stomach = 1;
    run.player_mut().health.hp = 5;
    while !run.is_over() {
        run.play(Act::Wait).unwrap();
    }
    assert!(said(&run, "You are starving to death!"));
    assert_eq!(
        run.record().ending,
        Some(Ending::Died {
            by: "starvation".into()
        })
    );
}

/// A run of seed 3 started on its first level (the runs that earn feats), played in an empty room.
fn seeded_in_room() -> Run {
    use delve_core::generation::{CorridorStyle, GenParams};
    let mut run = delve_core::run::RunSpec::seeded(GenParams::new(3, 80, 50, CorridorStyle::Mixed))
        .begin()
        .unwrap();
    // An empty room the run's size (a save checks every level is).
    let mut rows = vec!["#".repeat(80)];
    rows.extend((0..48).map(|_| format!("#{}#", ".".repeat(78))));
    rows[1].replace_range(1..2, "@");
    rows.push("#".repeat(80));
    let room = delve_core::world::Level::bare(delve_core::map::parse_ascii(rows.join("\n").as_bytes()).unwrap());
    *run.dungeon_mut().level_mut() = room;
    run.player_mut().at = Pos::new(1, 1);
    run
}

#[test]
fn only_a_run_started_on_the_first_level_of_a_generated_dungeon_earns_feats() {
    use delve_core::generation::{CorridorStyle, GenParams};
    assert!(seeded_in_room().earns_feats());
    let mut map_file = run_on(ROOM);
    assert!(!map_file.earns_feats());
    slay_and_grow(&mut map_file, Kind::Rat);
    assert_eq!(map_file.feats().count(), 0, "a map file's run earns nothing");
    let deeper = delve_core::run::RunSpec::seeded(GenParams::new(3, 80, 50, CorridorStyle::Mixed).at_depth(10))
        .begin()
        .unwrap();
    assert!(
        !deeper.earns_feats(),
        "a run started on level 10 would be Delver for nothing"
    );
}

#[test]
fn feats_are_earned_once_and_said() {
    let mut run = seeded_in_room();
    assert_eq!(run.feats().count(), 0);
    slay_and_grow(&mut run, Kind::Troll);
    assert!(run.feats().any(|f| f == Feat::FirstBlood));
    assert!(run.feats().any(|f| f == Feat::TrollSlayer));
    let said_first = run
        .log()
        .lines()
        .filter(|l| l.1.starts_with("Feat earned: First blood."))
        .count();
    slay_and_grow(&mut run, Kind::Rat);
    let again = run
        .log()
        .lines()
        .filter(|l| l.1.starts_with("Feat earned: First blood."))
        .count();
    assert_eq!((said_first, again), (1, 1), "earned once");
    // Gold carried: the hoarder's.
    run.player_mut().gold = 499;
    run.dungeon_mut().level_mut().gold.insert(Pos::new(2, 2), 1);
    run.player_mut().at = Pos::new(1, 2);
    run.play(Act::Step(Dir8::E)).unwrap();
    assert!(run.feats().any(|f| f == Feat::Hoarder));
    // A save keeps what was earned and counted.
    let back = decode(&encode(&SavedRun::capture(&run))).unwrap().restore().unwrap();
    assert_eq!(back.feats().collect::<Vec<_>>(), run.feats().collect::<Vec<_>>());
    assert_eq!(back.record().deeds, run.record().deeds);
    // A ration lying on the floor is picked up as any item is, by walking onto it.
    let at = run.player().at;
    run.dungeon_mut()
        .level_mut()
        .items
        .push(FloorItem::loose(Pos::new(at.x + 1, at.y), Item::one(ItemKind::Ration)));
    run.play(Act::Step(Dir8::E)).unwrap();
    assert!(run.player().pack.items().any(|(_, i)| i.kind == ItemKind::Ration));
}

#[test]
fn a_run_saved_before_hunger_goes_on_with_a_full_stomach_and_is_told_so_once() {
    let bytes = std::fs::read(format!("{}/tests/data/golden-v8.sav", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let run = decode(&bytes).unwrap().restore().unwrap();
    assert_eq!(run.player().stomach, STOMACH_START);
    assert_eq!(run.player().growth, delve_core::world::Growth::default());
    let told = |run: &Run| {
        run.log()
            .lines()
            .filter(|l| {
                l.1.starts_with("This run was saved before hunger and experience were counted")
            })
            .count()
    };
    assert_eq!(told(&run), 1);
    // Saved again (in this format), it is not told again.
    let again = decode(&encode(&SavedRun::capture(&run))).unwrap().restore().unwrap();
    assert_eq!(told(&again), 1);
    assert_eq!(again.state_hash(), run.state_hash());
}

#[test]
fn a_dungeon_without_monsters_has_no_hunger() {
    use delve_core::dungeon::Dungeon;
    use delve_core::generation::{CorridorStyle, GenParams};
    let peaceful = Dungeon::new(GenParams::new(5, 80, 50, CorridorStyle::Mixed))
        .unwrap()
        .peaceful();
    let mut run = Run::new(peaceful);
    for _ in 0..50 {
        run.play(Act::Wait).unwrap();
    }
    assert_eq!(
        run.player().stomach,
        STOMACH_START,
        "the explorer's tool does not starve"
    );
    let mut real = delve_core::run::RunSpec::seeded(GenParams::new(5, 80, 50, CorridorStyle::Mixed))
        .begin()
        .unwrap();
    real.play(Act::Wait).unwrap();
    assert_eq!(real.player().stomach, STOMACH_START - 1);
}

/// Time passes through the one writer: what a turn does by itself comes as effects the view and
/// the story see (states wearing off, poison, food digested with its warning, wounds closing, a
/// troll healing), never as a change made in place.
#[test]
fn time_passing_is_told_as_effects() {
    use delve_core::rules::{Effect, Who};
    let mut run = run_on(ROOM);
    run.player_mut().status.poison = 2;
    run.player_mut().status.confusion = 1;
    run.player_mut().stomach = Hunger::HUNGRY + 1;
    let at = run.player().at;
    let mut troll = monster(5, Kind::Troll, Pos::new(at.x + 12, at.y + 4), Mind::Asleep);
    troll.hp = 1;
    run.dungeon_mut().level_mut().monsters.push(troll);
    let mut seen = Vec::new();
    for _ in 0..6 {
        let round = run.play(Act::Wait).unwrap();
        seen.extend(round.happened.iter().map(|h| (h.who, h.effect)));
    }
    let count = |effect: Effect| seen.iter().filter(|h| **h == (Who::Player, effect)).count();
    assert_eq!(
        count(Effect::StatesWore),
        2,
        "poison for two turns, confusion for one: {seen:?}"
    );
    assert_eq!(count(Effect::PoisonHurt), 2);
    assert_eq!(run.player().status.poison + run.player().status.confusion, 0);
    assert_eq!(count(Effect::Digested), 6, "a turn's food each turn");
    assert!(said(&run, "You are hungry."), "the warning is the digesting effect's");
    assert!(seen.contains(&(Who::Monster(5), Effect::Regenerated)), "{seen:?}");
    let healed = run.dungeon().level().monsters.iter().find(|m| m.id == 5).map(|m| m.hp);
    let regenerated = seen
        .iter()
        .filter(|h| **h == (Who::Monster(5), Effect::Regenerated))
        .count();
    assert_eq!(healed, Some(1 + regenerated as i32));
    // Unpoisoned, the wounds close a point every few turns, each an effect.
    run.player_mut().health.hp = 5;
    let mut recovered = 0;
    for _ in 0..12 {
        let round = run.play(Act::Wait).unwrap();
        recovered += round.happened.iter().filter(|h| h.effect == Effect::Recovered).count() as i32;
    }
    assert!(recovered > 0);
    assert_eq!(run.player().health.hp, 5 + recovered);
}

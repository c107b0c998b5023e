//! Rings, staffs and charms by the rules alone: a ring's kind known when put on and its plus only
//! after wearing it a while (or by identify, or detect magic), each ring's effect by its plus and
//! a cursed ring's by its minus, the curse that keeps it on until remove curse; each staff's bolt
//! (fire and the grass it lights, lightning through a line, slowness, tunnelling, conjured
//! blades) and its charges coming back with time, faster with a ring of wisdom, with blows and a
//! ring of reaping, one more with enchanting; each charm used and recharging; and all of it
//! saved, hashed and replayed.

mod fixtures;

use delve_core::fov::DEFAULT_RADIUS;
use delve_core::geom::{Dir8, Pos};
use delve_core::map::{Tile, parse_ascii};
use delve_core::rules::{Act, Refusal, noise};
use delve_core::run::{Recording, Replay, Run, RunSpec};
use delve_core::save::{SavedRun, decode, encode};
use delve_core::world::{
    FloorItem, Item, ItemKind, Kind, Level, MOST_SLOWED, Mind, NORMAL_SPEED, QUARTERS, RING_KNOWN_AFTER, STAFF_TURNS,
    charm_turns,
};
use fixtures::{hunting, monster, put, run_on, the};

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

/// A room with a rock wall across it: the player west of it.
const WALLED: &str = "\
####################
#@.....#...........#
#......#...........#
#......#...........#
####################
";

/// Tall grass east of the player, a patch of it beyond.
const MEADOW: &str = "\
####################
#@....\"\"\"..........#
#.....\"\"\"..........#
####################
";

fn give_item(run: &mut Run, item: Item) -> u8 {
    run.player_mut().pack.add(item).expect("room in the pack") as u8
}

fn ring(kind: ItemKind, plus: i8) -> Item {
    Item {
        kind,
        count: 1,
        plus,
        wait: RING_KNOWN_AFTER,
    }
}

fn staff(kind: ItemKind, level: i8) -> Item {
    Item {
        kind,
        count: level as u8,
        plus: level,
        wait: 0,
    }
}

fn wait(run: &mut Run, turns: u32) {
    for _ in 0..turns {
        run.play(Act::Wait).unwrap();
    }
}

#[test]
fn a_ring_is_known_by_kind_when_put_on_and_by_plus_after_wearing_it() {
    let mut run = run_on(ROOM);
    let s = give_item(&mut run, ring(ItemKind::Stealth, 2));
    let unknown = run.player().lore.describe(run.player().pack.get(s as usize).unwrap());
    assert!(unknown.ends_with(" ring") && !unknown.contains("stealth"), "{unknown}");
    let said = run.play(Act::Equip(s)).unwrap().messages.join(" ");
    assert!(said.contains("is a ring of stealth"), "{said}");
    let worn = run.player().pack.get(s as usize).unwrap();
    assert!(!worn.plus_known());
    assert_eq!(
        run.player().lore.describe(worn),
        "a ring of stealth",
        "its plus unknown yet"
    );
    // Worn long enough, its plus is known (and told).
    let mut told = String::new();
    for _ in 0..RING_KNOWN_AFTER {
        told.push_str(&run.play(Act::Wait).unwrap().messages.join(" "));
    }
    let worn = run.player().pack.get(s as usize).unwrap();
    assert!(worn.plus_known());
    assert!(told.contains("long enough to know it: a +2 ring of stealth"), "{told}");
    // A ring carried but not worn is never known by wearing.
    let other = give_item(&mut run, ring(ItemKind::Awareness, 1));
    wait(&mut run, 5);
    assert_eq!(run.player().pack.get(other as usize).unwrap().wait, RING_KNOWN_AFTER);
    // Two rings at most; a third is refused.
    run.play(Act::Equip(other)).unwrap();
    let third = give_item(&mut run, ring(ItemKind::Wisdom, 1));
    assert_eq!(run.play(Act::Equip(third)), Err(Refusal::NoFreeFinger));
    run.play(Act::Unequip(s)).unwrap();
    run.play(Act::Equip(third)).unwrap();
    assert_eq!(run.player().pack.ring_plus(ItemKind::Wisdom), 1);
}

#[test]
fn a_cursed_ring_stays_on_until_the_curse_is_lifted() {
    let mut run = run_on(ROOM);
    let s = give_item(&mut run, ring(ItemKind::Regeneration, -2));
    let said = run.play(Act::Equip(s)).unwrap().messages.join(" ");
    assert!(said.contains("it is cursed!"), "{said}");
    assert_eq!(run.play(Act::Unequip(s)), Err(Refusal::Cursed));
    assert_eq!(run.play(Act::Use(s)), Err(Refusal::Cursed));
    assert_eq!(run.play(Act::Drop(s)), Err(Refusal::Cursed));
    // Remove curse: +0, and it comes off.
    let scroll = give_item(&mut run, Item::one(ItemKind::RemoveCurse));
    let said = run.play(Act::Use(scroll)).unwrap().messages.join(" ");
    assert!(said.contains("A malevolent weight lifts"), "{said}");
    assert_eq!(run.player().pack.get(s as usize).unwrap().plus, 0);
    run.play(Act::Unequip(s)).unwrap();
    assert!(!run.player().pack.is_equipped(s as usize));
}

#[test]
fn identify_and_detect_magic_tell_what_wearing_would() {
    let mut run = run_on(ROOM);
    let r = give_item(&mut run, ring(ItemKind::Reaping, -1));
    let st = give_item(&mut run, staff(ItemKind::Lightning, 2));
    give_item(&mut run, Item::one(ItemKind::Poison));
    let i = give_item(&mut run, Item::one(ItemKind::Identify));
    run.play(Act::Use(i)).unwrap();
    let lore = run.player().lore;
    assert!(lore.knows(ItemKind::Reaping) && lore.knows(ItemKind::Lightning) && lore.knows(ItemKind::Poison));
    let read = run.player().pack.get(r as usize).unwrap();
    assert!(read.plus_known());
    assert_eq!(lore.describe(read), "a -1 ring of reaping");
    assert_eq!(
        lore.describe(run.player().pack.get(st as usize).unwrap()),
        "a staff of lightning [2/2]"
    );
    // Detect magic: unnamed kinds sensed good or bad, rings read, here and lying about.
    let mut run = run_on(ROOM);
    give_item(&mut run, Item::one(ItemKind::Confusion));
    give_item(&mut run, Item::one(ItemKind::Vigour));
    let lying = ring(ItemKind::Wisdom, 3);
    run.dungeon_mut()
        .level_mut()
        .items
        .push(FloorItem::loose(Pos::new(9, 4), lying));
    let d = give_item(&mut run, Item::one(ItemKind::DetectMagic));
    let said = run.play(Act::Use(d)).unwrap().messages.join(" ");
    assert!(said.contains("1 malevolent"), "{said}");
    let lore = run.player().lore;
    assert!(!lore.knows(ItemKind::Confusion));
    assert!(lore.name(ItemKind::Confusion).ends_with("(malevolent)"));
    assert!(lore.name(ItemKind::Vigour).ends_with("(benevolent)"));
    assert!(run.dungeon().level().items[0].item.plus_known());
}

#[test]
fn each_ring_works_by_its_plus_and_a_cursed_one_against_you() {
    // Regeneration: a hit point every 6 turns, every 3 at +3, every 10 at -2.
    for (plus, every) in [(0, 6u32), (3, 3), (-2, 10)] {
        let mut run = run_on(ROOM);
        if plus != 0 {
            let s = give_item(&mut run, ring(ItemKind::Regeneration, plus));
            run.play(Act::Equip(s)).unwrap();
        }
        run.player_mut().health.hp = 10;
        wait(&mut run, 60);
        assert_eq!(
            run.player().health.hp,
            10 + 60 / every as i32,
            "plus {plus}: a hit point every {every} turns"
        );
    }
    // Stealth: a step of 4 is 2 at +2 (never silent), 8 at -2.
    assert_eq!(noise::hushed(noise::WALK, 2), 2);
    assert_eq!(noise::hushed(noise::WALK, 3), 1);
    assert_eq!(noise::hushed(noise::SNEAK, 3), 1);
    assert_eq!(noise::hushed(noise::WALK, -2), 8);
    assert_eq!(noise::hushed(noise::REST, -2), 0);
}

#[test]
fn awareness_finds_what_is_hidden_sooner() {
    // A secret door beside the player: how many turns until it is noticed, over many tries.
    let find = |plus: i8| {
        let mut total = 0;
        for seed in 0..40u64 {
            let mut run = run_on(WALLED);
            run.dungeon_mut().level_mut().map.set(Pos::new(2, 0), Tile::SecretDoor);
            let mut rng_turns = seed % 3;
            if plus != 0 {
                let s = give_item(&mut run, ring(ItemKind::Awareness, plus));
                run.play(Act::Equip(s)).unwrap();
            }
            while rng_turns > 0 {
                run.play(Act::Wait).unwrap();
                rng_turns -= 1;
            }
            let mut turns = 0;
            while run.dungeon().level().map.tile(Pos::new(2, 0)) == Tile::SecretDoor && turns < 500 {
                run.play(Act::Wait).unwrap();
                turns += 1;
            }
            total += turns;
        }
        total
    };
    let (plain, aware) = (find(0), find(3));
    assert!(aware * 2 < plain, "awareness +3: {aware} turns in all against {plain}");
}

#[test]
fn firebolt_burns_its_target_and_the_grass_round_it() {
    let mut run = run_on(MEADOW);
    put(
        &mut run,
        monster(1, Kind::Ogre, Pos::new(6, 1), hunting(Pos::new(1, 1))),
    );
    run.dungeon_mut().level_mut().monsters[0].energy = -10_000;
    let s = give_item(&mut run, staff(ItemKind::Firebolt, 2));
    let full = Kind::Ogre.stats().max_hp;
    run.play(Act::Aim {
        slot: s,
        at: Pos::new(6, 1),
    })
    .unwrap();
    let ogre = the(&run, 1).unwrap();
    assert!(ogre.hp <= full - 2, "struck: {} of {full}", ogre.hp);
    let burning = |run: &Run| {
        let level = run.dungeon().level();
        (6..9)
            .flat_map(|x| [Pos::new(x, 1), Pos::new(x, 2)])
            .filter(|p| level.fire.contains_key(p) || level.map.tile(*p) == Tile::Ashes)
            .count()
    };
    assert!(burning(&run) >= 1, "the grass it struck on caught");
    wait(&mut run, 6);
    assert!(
        burning(&run) >= 4,
        "and the fire ran through the patch: {}",
        burning(&run)
    );
    assert!(run.player().lore.knows(ItemKind::Firebolt));
    let item = run.player().pack.get(s as usize).unwrap();
    assert_eq!(item.count, 1);
    assert!(item.wait > 0 && item.wait <= STAFF_TURNS / 2 * QUARTERS);
}

#[test]
fn lightning_passes_through_every_monster_in_its_line() {
    let mut run = run_on(ROOM);
    for (id, x) in [(1, 4), (2, 7), (3, 10)] {
        put(
            &mut run,
            monster(id, Kind::Ogre, Pos::new(x, 1), hunting(Pos::new(1, 1))),
        );
    }
    for m in &mut run.dungeon_mut().level_mut().monsters {
        m.energy = -10_000;
    }
    let s = give_item(&mut run, staff(ItemKind::Lightning, 3));
    run.play(Act::Aim {
        slot: s,
        at: Pos::new(4, 1),
    })
    .unwrap();
    let full = Kind::Ogre.stats().max_hp;
    for id in 1..=3 {
        assert!(the(&run, id).unwrap().hp < full, "ogre {id} struck");
    }
}

#[test]
fn slowness_takes_turns_and_tunnelling_bores_rock() {
    let mut run = run_on(ROOM);
    put(
        &mut run,
        monster(1, Kind::Goblin, Pos::new(6, 1), hunting(Pos::new(1, 1))),
    );
    let s = give_item(&mut run, staff(ItemKind::Slowness, 2));
    run.play(Act::Aim {
        slot: s,
        at: Pos::new(6, 1),
    })
    .unwrap();
    let goblin = the(&run, 1).unwrap();
    assert_eq!(goblin.at, Pos::new(6, 1), "it lost its turn");
    assert!(goblin.energy <= -500, "six turns lost: {}", goblin.energy);
    // Saved slowed, the run continues slowed (a save once refused a monster owing turns).
    let back = decode(&encode(&SavedRun::capture(&run))).unwrap().restore().unwrap();
    assert_eq!(the(&back, 1).unwrap().energy, goblin.energy);
    assert_eq!(back.state_hash(), run.state_hash());
    // Slowed again and again, never past `MOST_SLOWED` turns owed.
    for _ in 0..2 {
        let more = give_item(&mut run, staff(ItemKind::Slowness, 3));
        for _ in 0..3 {
            run.play(Act::Aim {
                slot: more,
                at: Pos::new(6, 1),
            })
            .unwrap();
        }
    }
    assert!(the(&run, 1).unwrap().energy >= -MOST_SLOWED * NORMAL_SPEED);
    decode(&encode(&SavedRun::capture(&run))).unwrap().restore().unwrap();
    // Tunnelling: three tiles of wall a level, never the level's rim.
    let mut run = run_on(WALLED);
    let t = give_item(&mut run, staff(ItemKind::Tunnelling, 1));
    run.play(Act::Aim {
        slot: t,
        at: Pos::new(5, 1),
    })
    .unwrap();
    assert_eq!(run.dungeon().level().map.tile(Pos::new(7, 1)), Tile::Corridor);
    let mut run = run_on(WALLED);
    let t = give_item(&mut run, staff(ItemKind::Tunnelling, 2));
    run.play(Act::Aim {
        slot: t,
        at: Pos::new(1, 2),
    })
    .unwrap();
    assert_eq!(
        run.dungeon().level().map.tile(Pos::new(1, 4)),
        Tile::Wall,
        "the rim stays"
    );
}

#[test]
fn conjuration_raises_blades_that_fight_for_you_and_fade() {
    let mut run = run_on(ROOM);
    let s = give_item(&mut run, staff(ItemKind::Conjuration, 2));
    let said = run.play(Act::Use(s)).unwrap().messages.join(" ");
    assert!(said.contains("A spectral blade stands beside you."), "{said}");
    let blades: Vec<_> = run
        .dungeon()
        .level()
        .monsters
        .iter()
        .filter(|m| m.kind == Kind::SpectralBlade)
        .copied()
        .collect();
    assert_eq!(blades.len(), 3, "one a level and one more");
    assert!(blades.iter().all(|b| b.is_ally()));
    wait(&mut run, 200);
    assert!(
        run.dungeon()
            .level()
            .monsters
            .iter()
            .all(|m| m.kind != Kind::SpectralBlade),
        "they fade"
    );
}

#[test]
fn staffs_recharge_with_time_faster_with_wisdom_and_with_blows_and_reaping() {
    let turns_to_charge = |wisdom: i8| {
        let mut run = run_on(ROOM);
        if wisdom != 0 {
            let w = give_item(&mut run, ring(ItemKind::Wisdom, wisdom));
            run.play(Act::Equip(w)).unwrap();
        }
        let s = give_item(&mut run, staff(ItemKind::Slowness, 2));
        run.play(Act::Aim {
            slot: s,
            at: Pos::new(5, 5),
        })
        .unwrap();
        let mut turns = 0;
        while run.player().pack.get(s as usize).unwrap().count < 2 {
            run.play(Act::Wait).unwrap();
            turns += 1;
        }
        turns
    };
    // Level 2: a charge every 250 turns (the zap's own turn counts).
    assert_eq!(turns_to_charge(0), 249);
    assert!(turns_to_charge(3) < 150, "wisdom +3: 7 quarters a turn");
    assert!(turns_to_charge(-3) > 900, "cursed wisdom: a quarter a turn");
    // Enchanting a staff: a level more, and its charge at once.
    let mut run = run_on(ROOM);
    let s = give_item(&mut run, staff(ItemKind::Firebolt, 2));
    let e = give_item(&mut run, Item::one(ItemKind::Enchanting));
    run.play(Act::Enchant { scroll: e, item: s }).unwrap();
    let item = run.player().pack.get(s as usize).unwrap();
    assert_eq!((item.plus, item.count), (3, 3));
    // Reaping: a blow landed brings the staff's charge nearer by its damage times the plus.
    let mut run = run_on(ROOM);
    let r = give_item(&mut run, ring(ItemKind::Reaping, 3));
    run.play(Act::Equip(r)).unwrap();
    let s = give_item(&mut run, staff(ItemKind::Firebolt, 2));
    run.play(Act::Aim {
        slot: s,
        at: Pos::new(5, 5),
    })
    .unwrap();
    put(
        &mut run,
        monster(1, Kind::Troll, Pos::new(2, 1), hunting(Pos::new(1, 1))),
    );
    let before = run.player().pack.get(s as usize).unwrap().wait;
    for _ in 0..20 {
        run.player_mut().health.hp = run.player().health.max;
        while let Some(offer) = run.offer() {
            run.choose(offer[0]).unwrap();
        }
        run.play(Act::Step(Dir8::E)).unwrap();
    }
    let after = run.player().pack.get(s as usize).unwrap();
    assert!(
        after.count == 2 || before - after.wait > 20 * QUARTERS,
        "blows brought it nearer: {before} to {}",
        after.wait
    );
}

#[test]
fn charms_work_at_will_then_recharge() {
    let mut run = run_on(ROOM);
    let h = give_item(&mut run, Item::one(ItemKind::HealthCharm));
    run.player_mut().health.hp = 5;
    run.play(Act::Use(h)).unwrap();
    assert_eq!(run.player().health.hp, 20, "10 and 5 a level");
    assert_eq!(run.play(Act::Use(h)), Err(Refusal::NotReady));
    let waiting = run.player().pack.get(h as usize).unwrap();
    assert_eq!(
        waiting.wait,
        charm_turns(ItemKind::HealthCharm, 1) * QUARTERS - QUARTERS
    );
    let mut told = String::new();
    for _ in 0..charm_turns(ItemKind::HealthCharm, 1) {
        told.push_str(&run.play(Act::Wait).unwrap().messages.join(" "));
    }
    assert!(told.contains("Your charm of health is ready again."), "{told}");
    run.play(Act::Use(h)).unwrap();
    // Haste: 6 turns and 3 a level.
    let q = give_item(&mut run, Item::one(ItemKind::HasteCharm));
    run.play(Act::Use(q)).unwrap();
    assert_eq!(run.player().status.haste, 8, "9, less the turn it took");
    // Escape: somewhere out of sight (behind the door).
    let mut run = run_on(&WALLED.replacen("#\n#......#", "#\n#......+", 1));
    let x = give_item(&mut run, Item::one(ItemKind::EscapeCharm));
    run.play(Act::Use(x)).unwrap();
    assert!(run.player().at.x > 7, "beyond the wall: {:?}", run.player().at);
    // A level more, a fifth less to wait.
    assert_eq!(charm_turns(ItemKind::HealthCharm, 2), 720);
}

/// Every new kind in the pack and on the floor, some worn, used and waiting.
fn stocked() -> Run {
    let mut run = run_on(ROOM);
    for kind in [
        ItemKind::Regeneration,
        ItemKind::Stealth,
        ItemKind::Awareness,
        ItemKind::Wisdom,
        ItemKind::Reaping,
    ] {
        give_item(&mut run, ring(kind, if kind == ItemKind::Awareness { -2 } else { 2 }));
    }
    for kind in [
        ItemKind::Firebolt,
        ItemKind::Lightning,
        ItemKind::Slowness,
        ItemKind::Tunnelling,
        ItemKind::Conjuration,
    ] {
        give_item(&mut run, staff(kind, 3));
    }
    for kind in [ItemKind::HealthCharm, ItemKind::HasteCharm, ItemKind::EscapeCharm] {
        give_item(&mut run, Item::one(kind));
    }
    give_item(&mut run, Item::one(ItemKind::RemoveCurse));
    give_item(&mut run, Item::one(ItemKind::DetectMagic));
    let level = run.dungeon_mut().level_mut();
    level.items.push(FloorItem::loose(
        Pos::new(10, 3),
        Item {
            kind: ItemKind::Lightning,
            count: 1,
            plus: 2,
            wait: 300,
        },
    ));
    level
        .items
        .push(FloorItem::loose(Pos::new(11, 3), ring(ItemKind::Stealth, -3)));
    run
}

#[test]
fn every_new_kind_is_saved_with_its_plus_charges_and_wait_and_hashed() {
    let mut run = stocked();
    run.play(Act::Equip(0)).unwrap();
    run.play(Act::Equip(2)).unwrap();
    run.play(Act::Aim {
        slot: 5,
        at: Pos::new(5, 4),
    })
    .unwrap();
    run.play(Act::Use(11)).unwrap();
    let before = run.state_hash();
    let back = decode(&encode(&SavedRun::capture(&run))).unwrap().restore().unwrap();
    assert_eq!(back.state_hash(), before);
    assert_eq!(back.player().pack, run.player().pack);
    assert_eq!(back.player().lore, run.player().lore);
    assert_eq!(back.dungeon().level().items, run.dungeon().level().items);
    assert_eq!(back.player().pack.rings, [Some(0), Some(2)]);
    // Every part of it is in the hash.
    let changed = |f: &dyn Fn(&mut Run)| {
        let mut other = run.clone();
        f(&mut other);
        other.state_hash() != before
    };
    assert!(changed(&|r| r.player_mut().pack.rings[1] = None));
    assert!(changed(&|r| r.dungeon_mut().level_mut().items[0].item.wait -= 1));
    assert!(changed(&|r| _ = r.player_mut().lore.sense(ItemKind::Poison)));
    assert!(changed(&|r| _ = r.player_mut().lore.learn(ItemKind::DetectMagic)));
    // A save that breaks the promises is refused by name.
    let mut bad = SavedRun::capture(&run);
    bad.player.gear.rings = [Some(0), Some(0)];
    assert!(bad.restore().unwrap_err().contains("both fingers"));
    let mut bad = SavedRun::capture(&run);
    bad.player.gear.rings = [Some(5), None];
    assert!(bad.restore().unwrap_err().contains("worn as ring"));
    let mut bad = SavedRun::capture(&run);
    bad.player.gear.slots[5].as_mut().unwrap().count = 9;
    assert!(bad.restore().is_err(), "a staff with more charges than its level");
    let mut bad = SavedRun::capture(&run);
    bad.player.gear.slots[5].as_mut().unwrap().wait = u16::MAX;
    assert!(bad.restore().unwrap_err().contains("waiting"));
}

#[test]
fn a_recording_with_every_new_kind_used_verifies() {
    // Every new kind lying along the top row, picked up on the way east, then used.
    let mut level = Level::bare(parse_ascii(ROOM.as_bytes()).unwrap());
    let kinds = [
        ring(ItemKind::Regeneration, 2),
        ring(ItemKind::Stealth, 1),
        ring(ItemKind::Awareness, -2),
        ring(ItemKind::Wisdom, 3),
        ring(ItemKind::Reaping, 1),
        staff(ItemKind::Firebolt, 2),
        staff(ItemKind::Lightning, 2),
        staff(ItemKind::Slowness, 2),
        staff(ItemKind::Tunnelling, 2),
        staff(ItemKind::Conjuration, 2),
        Item::one(ItemKind::HealthCharm),
        Item::one(ItemKind::HasteCharm),
        Item::one(ItemKind::EscapeCharm),
        Item::one(ItemKind::RemoveCurse),
        Item::one(ItemKind::DetectMagic),
    ];
    for (x, item) in kinds.into_iter().enumerate() {
        level.items.push(FloorItem::loose(Pos::new(x as i32 + 2, 1), item));
    }
    level
        .monsters
        .push(monster(1, Kind::Ogre, Pos::new(14, 4), Mind::Asleep));
    level
        .monsters
        .push(monster(2, Kind::Goblin, Pos::new(12, 5), Mind::Asleep));
    let spec = RunSpec::Level(Box::new(level));
    let mut run = spec.begin().unwrap().with_sight(DEFAULT_RADIUS);
    for _ in 0..kinds.len() {
        run.play(Act::Step(Dir8::E)).unwrap();
    }
    assert_eq!(
        run.player().pack.items().count(),
        kinds.len(),
        "all picked up on the way"
    );
    let slot = |run: &Run, kind: ItemKind| {
        run.player()
            .pack
            .items()
            .find(|(_, i)| i.kind == kind)
            .map(|(s, _)| s as u8)
            .unwrap()
    };
    let ogre = Pos::new(14, 4);
    let mut used = 0;
    let mut act = |run: &mut Run, act: Act| {
        if run.is_over() {
            return;
        }
        while let Some(offer) = run.offer() {
            run.choose(offer[0]).unwrap();
        }
        match run.play(act) {
            Ok(_) => used += 1,
            Err(e) => eprintln!("{act:?}: {e:?}"),
        }
    };
    for kind in [ItemKind::Regeneration, ItemKind::Awareness] {
        let s = slot(&run, kind);
        act(&mut run, Act::Equip(s));
    }
    for kind in [ItemKind::Firebolt, ItemKind::Lightning, ItemKind::Slowness] {
        let s = slot(&run, kind);
        act(&mut run, Act::Aim { slot: s, at: ogre });
    }
    let s = slot(&run, ItemKind::Tunnelling);
    act(
        &mut run,
        Act::Aim {
            slot: s,
            at: Pos::new(16, 0),
        },
    );
    for kind in [
        ItemKind::Conjuration,
        ItemKind::HealthCharm,
        ItemKind::HasteCharm,
        ItemKind::DetectMagic,
        ItemKind::RemoveCurse,
    ] {
        let s = slot(&run, kind);
        act(&mut run, Act::Use(s));
    }
    for (off, on) in [
        (ItemKind::Regeneration, ItemKind::Wisdom),
        (ItemKind::Wisdom, ItemKind::Stealth),
        (ItemKind::Awareness, ItemKind::Reaping),
    ] {
        let s = slot(&run, off);
        act(&mut run, Act::Unequip(s));
        let s = slot(&run, on);
        act(&mut run, Act::Equip(s));
    }
    let s = slot(&run, ItemKind::EscapeCharm);
    act(&mut run, Act::Use(s));
    assert!(used >= 18, "{used} of the uses played");
    for _ in 0..400 {
        if run.is_over() {
            break;
        }
        run.play(Act::Wait).unwrap();
    }
    let recording: Recording = run.recording().expect("recorded").clone();
    let (mut again, mut replay) = Replay::begin(&spec, &recording, None).unwrap();
    replay.finish(&mut again).unwrap();
    assert_eq!(again.state_hash(), run.state_hash());
    assert_eq!(again.player().pack, run.player().pack);
}

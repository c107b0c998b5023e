//! Items by the rules alone (no engine): every kind's effect, knowing potions and scrolls by
//! using them, throwing and zapping along the line of fire, the pack's limits, dropping and
//! picking up, a vault's choice, items in saves and the state hash; and a sweep over a thousand
//! runs of every depth for where items lie and how many.

mod common;
mod fixtures;

use delve_core::generation::{CorridorStyle, DEEPEST, GenParams, check_items, generate};
use delve_core::geom::{Dir8, Pos};
use delve_core::map::Tile;
use delve_core::rules::{Act, Refusal};
use delve_core::run::Run;
use delve_core::save::{SavedRun, decode, encode};
use delve_core::world::{Class, Ending, FloorItem, Item, ItemKind, Kind, Mind, SLOTS, letter};
use fixtures::{give, hunting, monster, run_on};

const ROOM: &str = "\
####################
#@.................#
#..................#
#..................#
#..................#
#..................#
#..................#
#..................#
#..................#
#..................#
#..................#
#..................#
#..................#
#..................#
####################
";

/// Two rooms, the player in the west one, a closed door between them.
const TWO_ROOMS: &str = "\
##########################
#@.......#...............#
#........+...............#
#........#...............#
##########################
";

#[test]
fn healing_vigour_and_their_names() {
    let mut run = run_on(ROOM);
    let slot = give(&mut run, ItemKind::Healing, 2);
    let unknown = run.player().lore.name(ItemKind::Healing);
    assert!(unknown.ends_with(" potion"), "{unknown}");
    run.player_mut().health.hp = 5;
    run.player_mut().status.poison = 5;
    run.play(Act::Use(slot)).unwrap();
    // 20 healed (the turn's poison, cured by the drink, takes nothing).
    assert_eq!(run.player().health.hp, 25);
    assert_eq!(run.player().status.poison, 0);
    assert!(run.player().lore.knows(ItemKind::Healing));
    assert_eq!(run.player().lore.name(ItemKind::Healing), "potion of healing");
    let said: Vec<&str> = run.log().lines().map(|l| l.1.as_str()).collect();
    assert!(
        said.iter()
            .any(|l| l.contains(&unknown) && l.contains("is a potion of healing")),
        "{said:?}"
    );
    assert_eq!(run.player().pack.get(slot as usize).unwrap().count, 1);
    // Vigour: five more at most, and whole again.
    let v = give(&mut run, ItemKind::Vigour, 1);
    run.player_mut().health.hp = 3;
    run.play(Act::Use(v)).unwrap();
    assert_eq!((run.player().health.hp, run.player().health.max), (35, 35));
    assert_eq!(run.player().pack.get(v as usize), None, "drunk");
}

#[test]
fn poison_hurts_each_turn_stops_healing_and_can_kill() {
    let mut run = run_on(ROOM);
    let slot = give(&mut run, ItemKind::Poison, 1);
    run.play(Act::Use(slot)).unwrap();
    assert_eq!(run.player().health.hp, 29, "the turn it is drunk");
    for _ in 0..20 {
        run.play(Act::Wait).unwrap();
    }
    assert_eq!(run.player().status.poison, 0);
    // Ten turns of poison, then ten turns of healing at one point in six turns.
    let hp = run.player().health.hp;
    assert!((20..=22).contains(&hp), "{hp}");
    run.player_mut().health.hp = 1;
    run.player_mut().status.poison = 3;
    run.play(Act::Wait).unwrap();
    assert_eq!(run.record().ending, Some(Ending::Died { by: "poison".into() }));
}

#[test]
fn speed_gives_a_turn_for_every_monster_turn_and_confusion_sends_steps_astray() {
    // A jackal-free corridor: an orc hunting from ten tiles off.
    let ascii = "####################\n#@.................#\n####################\n";
    let walked = |hasted: bool| {
        let mut run = run_on(ascii);
        let at = Pos::new(15, 1);
        run.dungeon_mut()
            .level_mut()
            .monsters
            .push(monster(1, Kind::Orc, at, hunting(Pos::new(1, 1))));
        if hasted {
            let s = give(&mut run, ItemKind::Speed, 1);
            run.play(Act::Use(s)).unwrap();
        } else {
            run.play(Act::Wait).unwrap();
        }
        for _ in 0..6 {
            run.play(Act::Wait).unwrap();
        }
        15 - run.dungeon().level().monsters[0].at.x
    };
    let (slow, fast) = (walked(false), walked(true));
    assert_eq!(slow, 7, "a step a turn");
    assert!((3..=4).contains(&fast), "hasted, the orc gets {fast} steps in 7 turns");
    let mut run = run_on(ROOM);
    let c = give(&mut run, ItemKind::Confusion, 1);
    run.play(Act::Use(c)).unwrap();
    assert!(run.player().status.confusion > 0);
    let mut astray = 0;
    for _ in 0..7 {
        let before = run.player().at;
        run.play(Act::Step(Dir8::E)).unwrap();
        if run.player().at != Pos::new(before.x + 1, before.y) {
            astray += 1;
        }
    }
    assert!(astray > 0, "no step went astray in seven");
    let before = run.player().at;
    run.play(Act::Step(Dir8::E)).unwrap();
    assert_eq!(run.player().at, Pos::new(before.x + 1, before.y), "clear-headed again");
}

#[test]
fn magic_mapping_leaves_the_rooms_it_shows_to_be_walked() {
    use delve_core::explore::{self as plan, Finished, Known};
    use delve_core::paths::Search;
    let mut run = run_on(TWO_ROOMS);
    let m = give(&mut run, ItemKind::MagicMapping, 1);
    run.play(Act::Use(m)).unwrap();
    let far = Pos::new(20, 2);
    let memory = run.player().memory.level(1).unwrap();
    assert_eq!(memory.get(far), Some(Tile::Floor), "the map shows the far room");
    assert!(memory.is_mapped_only(far), "but it was never seen");
    assert!(
        !memory.is_mapped_only(Pos::new(2, 2)),
        "the room the player stands in was seen"
    );
    // Exploring still walks it: the map does not make the level explored (Brogue's rule).
    let known = Known {
        level: run.dungeon().level(),
        memory,
    };
    assert!(plan::explore(&known, run.player().at, &[], &mut Search::default()).is_ok());
    // A save keeps what was only mapped.
    let again = decode(&encode(&SavedRun::capture(&run))).unwrap().restore().unwrap();
    assert_eq!(again.player().memory, run.player().memory);
    let done = plan::explore_level(&mut run, plan::explore, 500);
    assert!(
        matches!(done.finished, Some(Finished::Explored { .. })),
        "{:?}",
        done.finished
    );
    assert!(done.at.x > 9, "it went through the door: {:?}", done.at);
    assert!(done.memory.mapped_only().is_empty(), "every mapped spot was seen");
}

#[test]
fn a_monster_out_of_view_is_remembered_where_it_was_last_seen() {
    let ascii = "\
##########################
#@.......#...............#
#........#...............#
#........#...............#
##########################
";
    let mut run = run_on(ascii);
    run.dungeon_mut()
        .level_mut()
        .monsters
        .push(monster(7, Kind::Rat, Pos::new(6, 2), Mind::Asleep));
    run.look();
    let seen = |run: &Run| -> Vec<(u32, Pos)> {
        run.player()
            .memory
            .level(1)
            .unwrap()
            .sightings()
            .iter()
            .map(|s| (s.id, s.at))
            .collect()
    };
    assert_eq!(seen(&run), [(7, Pos::new(6, 2))], "seen where it stands");
    // The player is somewhere the rat's room is out of view: the rat is remembered there.
    run.player_mut().at = Pos::new(20, 2);
    run.look();
    assert_eq!(seen(&run), [(7, Pos::new(6, 2))], "remembered out of view");
    let again = decode(&encode(&SavedRun::capture(&run))).unwrap().restore().unwrap();
    assert_eq!(seen(&again), seen(&run), "a save keeps it");
    // It walks off while unseen; back in view, its spot is seen empty and it is forgotten there.
    run.dungeon_mut().level_mut().monsters[0].at = Pos::new(2, 3);
    run.player_mut().at = Pos::new(1, 1);
    run.look();
    assert_eq!(seen(&run), [(7, Pos::new(2, 3))], "seen again where it is now");
    run.dungeon_mut().level_mut().monsters.clear();
    run.look();
    assert!(seen(&run).is_empty(), "gone from its spot in view");
}

#[test]
fn scrolls_map_teleport_identify_recharge_and_aggravate() {
    let mut run = run_on(TWO_ROOMS);
    let m = give(&mut run, ItemKind::MagicMapping, 1);
    let far = Pos::new(20, 2);
    assert!(run.player().memory.level(1).unwrap().get(far).is_none());
    run.play(Act::Use(m)).unwrap();
    assert_eq!(run.player().memory.level(1).unwrap().get(far), Some(Tile::Floor));
    // Teleportation: out of sight, on free floor.
    let t = give(&mut run, ItemKind::Teleportation, 1);
    run.play(Act::Use(t)).unwrap();
    assert!(
        run.player().at.x > 9,
        "behind the closed door, out of sight: {:?}",
        run.player().at
    );
    // Identify names what else is carried.
    let i = give(&mut run, ItemKind::Identify, 1);
    give(&mut run, ItemKind::Speed, 1);
    give(&mut run, ItemKind::Aggravation, 1);
    run.play(Act::Use(i)).unwrap();
    for k in [ItemKind::Identify, ItemKind::Speed, ItemKind::Aggravation] {
        assert!(run.player().lore.knows(k), "{k:?}");
    }
    assert!(!run.player().lore.knows(ItemKind::Poison));
    // Recharging: with no wand it says so, not that wands hum.
    let r = give(&mut run, ItemKind::Recharging, 1);
    let said = run.play(Act::Use(r)).unwrap().messages.join(" ");
    assert!(said.contains("finds no wand or staff to fill"), "{said}");
    let w = give(&mut run, ItemKind::Striking, 1);
    let r = give(&mut run, ItemKind::Recharging, 1);
    let said = run.play(Act::Use(r)).unwrap().messages.join(" ");
    assert!(said.contains("Your wand hums with new power."), "{said}");
    assert_eq!(run.player().pack.get(w as usize).unwrap().count, 3);
    // Aggravation: everything on the level comes.
    run.dungeon_mut()
        .level_mut()
        .monsters
        .push(monster(1, Kind::Rat, Pos::new(2, 3), Mind::Asleep));
    let a = run
        .player()
        .pack
        .items()
        .find(|(_, i)| i.kind == ItemKind::Aggravation)
        .unwrap()
        .0 as u8;
    run.play(Act::Use(a)).unwrap();
    assert!(matches!(run.dungeon().level().monsters[0].mind, Mind::Hunting { .. }));
}

#[test]
fn weapons_and_armour_change_the_numbers() {
    let mut run = run_on(ROOM);
    let bare = run.player().attack();
    let axe = give(&mut run, ItemKind::Axe, 1);
    run.play(Act::Equip(axe)).unwrap();
    let armed = run.player().attack();
    assert_eq!(armed.to_hit, bare.to_hit - 5);
    assert_eq!(armed.damage, (bare.damage.0 + 2, bare.damage.1 + 5));
    assert_eq!(run.play(Act::Equip(axe)), Err(Refusal::AlreadyEquipped));
    let plate = give(&mut run, ItemKind::Plate, 1);
    run.play(Act::Use(plate)).unwrap();
    assert_eq!(run.player().armour(), 6);
    assert_eq!(run.player().attack().to_hit, bare.to_hit - 20, "plate spoils the aim");
    run.play(Act::Unequip(axe)).unwrap();
    assert_eq!(run.player().pack.wielded(), None);
    assert_eq!(run.play(Act::Unequip(axe)), Err(Refusal::NotEquipped));
    let darts = give(&mut run, ItemKind::Dart, 3);
    assert_eq!(run.play(Act::Equip(darts)), Err(Refusal::CannotUse));
    // An ogre hitting you, with and without the plate: the plate takes some of every hit off,
    // never all of it.
    let damage = |worn: bool| {
        let mut run = run_on(ROOM);
        if worn {
            let p = give(&mut run, ItemKind::Plate, 1);
            run.play(Act::Equip(p)).unwrap();
        }
        let mut total = 0;
        for id in 0..300 {
            run.player_mut().health.hp = 30;
            let level = run.dungeon_mut().level_mut();
            level.monsters = vec![monster(id, Kind::Ogre, Pos::new(2, 1), hunting(Pos::new(1, 1)))];
            level.monsters[0].energy = 60;
            run.play(Act::Wait).unwrap();
            let lost = 30 - run.player().health.hp;
            assert!(!worn || lost == 0 || lost >= 1);
            total += lost;
        }
        total
    };
    let (without, with) = (damage(false), damage(true));
    assert!(
        with * 10 < without * 8,
        "plate took too little off: {with} against {without}"
    );
    assert!(with > 0);
}

#[test]
fn every_weapon_armour_and_thrown_kind_does_what_its_numbers_say() {
    for kind in ItemKind::of(Class::Weapon).chain(ItemKind::of(Class::Armour)) {
        let mut run = run_on(ROOM);
        let bare = run.player().attack();
        let s = give(&mut run, kind, 1);
        run.play(Act::Equip(s)).unwrap();
        let with = run.player().attack();
        let stats = kind.stats();
        assert_eq!(with.to_hit as i32, bare.to_hit as i32 + stats.to_hit, "{kind:?}");
        if kind.class() == Class::Weapon {
            assert_eq!(run.player().pack.wielded(), Some(kind));
            assert_eq!(
                with.damage,
                (bare.damage.0 + stats.damage.0, bare.damage.1 + stats.damage.1)
            );
        } else {
            assert_eq!(run.player().pack.worn(), Some(kind));
            assert_eq!(run.player().armour(), stats.armour);
        }
    }
    // Every thrown kind hurts by its own damage when it hits: an ogre standing still (it does not
    // regenerate, as a troll does), until hit.
    for kind in ItemKind::of(Class::Thrown) {
        let mut run = run_on(ROOM);
        let s = give(&mut run, kind, 9);
        let level = run.dungeon_mut().level_mut();
        level.monsters = vec![monster(1, Kind::Ogre, Pos::new(4, 1), Mind::Asleep)];
        level.monsters[0].energy = -10_000;
        let full = Kind::Ogre.stats().max_hp;
        for _ in 0..9 {
            run.play(Act::Aim {
                slot: s,
                at: Pos::new(4, 1),
            })
            .unwrap();
            let hp = run.dungeon().level().monsters[0].hp;
            if hp < full {
                let (lo, hi) = kind.stats().damage;
                assert!((lo..=hi).contains(&(full - hp)), "{kind:?} hit for {}", full - hp);
                break;
            }
        }
        assert!(
            run.dungeon().level().monsters[0].hp < 40,
            "{kind:?}: nine throws, no hit"
        );
    }
}

#[test]
fn thrown_things_stop_at_walls_closed_doors_and_the_first_monster() {
    let ascii = "\
####################
#@......+..........#
#..................#
#......#...........#
####################
";
    let mut run = run_on(ascii);
    let darts = give(&mut run, ItemKind::Dart, 5);
    // Along row 1 into the closed door: it lands before it.
    run.play(Act::Aim {
        slot: darts,
        at: Pos::new(8, 1),
    })
    .unwrap();
    assert_eq!(run.player().pack.get(darts as usize).unwrap().count, 4);
    assert_eq!(
        run.dungeon().level().item_at(Pos::new(7, 1)).map(|f| f.item),
        Some(Item::one(ItemKind::Dart))
    );
    // Beyond a wall it cannot be aimed at all (out of sight), and at yourself not.
    assert_eq!(
        run.play(Act::Aim {
            slot: darts,
            at: Pos::new(12, 1)
        }),
        Err(Refusal::NotInSight)
    );
    assert_eq!(
        run.play(Act::Aim {
            slot: darts,
            at: Pos::new(1, 1)
        }),
        Err(Refusal::AimedAtSelf)
    );
    // A troll and a goblin in a line, standing still: the troll is hit (or missed), the goblin
    // behind it never.
    let level = run.dungeon_mut().level_mut();
    level.monsters = vec![
        monster(1, Kind::Troll, Pos::new(4, 2), Mind::Asleep),
        monster(2, Kind::Goblin, Pos::new(7, 2), Mind::Asleep),
    ];
    for m in &mut level.monsters {
        m.energy = -1000;
    }
    let mut hits = 0;
    for _ in 0..3 {
        run.play(Act::Aim {
            slot: darts,
            at: Pos::new(7, 2),
        })
        .unwrap();
        hits += u32::from(run.dungeon().level().monsters.iter().any(|m| m.id == 1 && m.is_hurt()));
    }
    let second = run.dungeon().level().monsters.iter().find(|m| m.id == 2).unwrap();
    assert!(!second.is_hurt(), "the second goblin was hit through the first");
    assert!(hits > 0, "three darts, no hit");
    // The darts lie under (or beside) the troll, to be picked up again.
    let near_first: u8 = run
        .dungeon()
        .level()
        .items
        .iter()
        .filter(|f| f.item.kind == ItemKind::Dart && f.at.x <= 5 && (f.at.x - 4).abs() <= 1)
        .map(|f| f.item.count)
        .sum();
    assert_eq!(near_first, 3, "{:?} ({hits} hits)", run.dungeon().level().items);
    // A wall in the way: it stops before the wall.
    let way = delve_core::rules::flight(run.dungeon().level(), Pos::new(1, 3), Pos::new(12, 3));
    assert_eq!(way.stop, Pos::new(6, 3));
    assert_eq!(way.hits, None);
}

#[test]
fn wands_strike_send_to_sleep_and_blink_a_charge_at_a_time() {
    let mut run = run_on(ROOM);
    let level = run.dungeon_mut().level_mut();
    level.monsters = vec![monster(1, Kind::Ogre, Pos::new(6, 1), hunting(Pos::new(1, 1)))];
    level.monsters[0].energy = -1000; // it stands still for the test
    let full = Kind::Ogre.stats().max_hp;
    let striking = give(&mut run, ItemKind::Striking, 2);
    let said = run
        .play(Act::Aim {
            slot: striking,
            at: Pos::new(6, 1),
        })
        .unwrap()
        .messages;
    let ogre = run.dungeon().level().monsters[0];
    assert!(
        said.iter()
            .any(|l| *l == format!("The bolt strikes the ogre ({}).", full - ogre.hp)),
        "the bolt is named, not your hand: {said:?}"
    );
    assert!(
        (full - 10..=full - 5).contains(&ogre.hp),
        "a bolt always hits for 5-10: {}",
        ogre.hp
    );
    let sleep = give(&mut run, ItemKind::Sleep, 1);
    run.play(Act::Aim {
        slot: sleep,
        at: Pos::new(6, 1),
    })
    .unwrap();
    assert_eq!(run.dungeon().level().monsters[0].mind, Mind::Asleep);
    assert_eq!(
        run.play(Act::Aim {
            slot: sleep,
            at: Pos::new(6, 1)
        }),
        Err(Refusal::NoCharges)
    );
    let blink = give(&mut run, ItemKind::Blinking, 1);
    run.play(Act::Aim {
        slot: blink,
        at: Pos::new(5, 5),
    })
    .unwrap();
    assert_eq!(run.player().at, Pos::new(5, 5));
}

#[test]
fn the_pack_holds_sixteen_and_what_is_walked_over_is_picked_up() {
    let mut run = run_on(ROOM);
    let level = run.dungeon_mut().level_mut();
    level
        .items
        .push(FloorItem::loose(Pos::new(2, 1), Item::one(ItemKind::Sword)));
    level
        .items
        .push(FloorItem::loose(Pos::new(3, 1), Item::one(ItemKind::Mace)));
    run.play(Act::Step(Dir8::E)).unwrap();
    assert_eq!(run.player().pack.get(0), Some(Item::one(ItemKind::Sword)));
    assert!(run.log().last().unwrap().1.contains("(a)"));
    for _ in 1..SLOTS {
        give(&mut run, ItemKind::Dagger, 1);
    }
    assert_eq!(run.player().pack.items().count(), SLOTS);
    // Full: walking over leaves it, picking up is refused (no turn).
    run.play(Act::Step(Dir8::E)).unwrap();
    assert!(run.dungeon().level().item_at(Pos::new(3, 1)).is_some());
    let turn = run.turn();
    assert_eq!(run.play(Act::PickUp), Err(Refusal::PackFull));
    assert_eq!(run.turn(), turn);
    // Drop the sword here? Something lies here: refused. One step on, dropped; then taken back
    // into the same letter.
    assert_eq!(run.play(Act::Drop(0)), Err(Refusal::NoRoomToDrop));
    run.play(Act::Step(Dir8::E)).unwrap();
    run.play(Act::Drop(0)).unwrap();
    assert_eq!(run.player().pack.get(0), None);
    assert_eq!(
        run.dungeon().level().item_at(run.player().at).unwrap().item.kind,
        ItemKind::Sword
    );
    run.play(Act::PickUp).unwrap();
    assert_eq!(run.player().pack.get(0), Some(Item::one(ItemKind::Sword)));
    assert_eq!(letter(0), 'a');
    assert_eq!(run.play(Act::PickUp), Err(Refusal::NothingHere));
    assert_eq!(run.play(Act::Use(SLOTS as u8)), Err(Refusal::NoSuchItem));
}

#[test]
fn a_vault_offers_a_choice_and_seals_the_rest() {
    let mut run = run_on(ROOM);
    let level = run.dungeon_mut().level_mut();
    for (x, kind) in [(2, ItemKind::Sword), (3, ItemKind::Plate), (4, ItemKind::Striking)] {
        level.items.push(FloorItem {
            at: Pos::new(x, 2),
            item: Item::one(kind),
            altar: Some(0),
            sealed: false,
        });
    }
    run.play(Act::Step(Dir8::SE)).unwrap();
    assert_eq!(run.player().pack.get(0), Some(Item::one(ItemKind::Sword)));
    let sealed: Vec<bool> = run.dungeon().level().items.iter().map(|f| f.sealed).collect();
    assert_eq!(sealed, [true, true]);
    let said = run.play(Act::Step(Dir8::E)).unwrap().messages;
    assert_eq!(
        run.player().pack.items().count(),
        1,
        "walking over a sealed altar takes nothing"
    );
    assert_eq!(
        said,
        ["Plate armour lies caged on its altar: this vault's choice is made."],
        "and says why"
    );
    assert_eq!(run.play(Act::PickUp), Err(Refusal::Sealed));
}

#[test]
fn items_are_saved_and_hashed() {
    let mut run = run_on(ROOM);
    let s = give(&mut run, ItemKind::Dart, 4);
    give(&mut run, ItemKind::ChainMail, 1);
    run.play(Act::Equip(1)).unwrap();
    let p = give(&mut run, ItemKind::Speed, 1);
    run.play(Act::Use(p)).unwrap();
    run.play(Act::Aim {
        slot: s,
        at: Pos::new(6, 3),
    })
    .unwrap();
    let before = run.state_hash();
    let back = decode(&encode(&SavedRun::capture(&run))).unwrap().restore().unwrap();
    assert_eq!(back.state_hash(), before);
    assert_eq!(back.player().pack, run.player().pack);
    assert_eq!(back.player().status, run.player().status);
    assert_eq!(back.player().lore, run.player().lore);
    assert_eq!(back.dungeon().level().items, run.dungeon().level().items);
    // Every part of it is in the hash.
    let changed = |f: &dyn Fn(&mut Run)| {
        let mut other = run.clone();
        f(&mut other);
        other.state_hash() != before
    };
    assert!(changed(&|r| r.dungeon_mut().level_mut().items[0].at.x += 1));
    assert!(changed(&|r| _ = r.player_mut().pack.take_one(0)));
    assert!(changed(&|r| r.player_mut().pack.armour = None));
    assert!(changed(&|r| r.player_mut().status.haste += 1));
    assert!(changed(&|r| _ = r.player_mut().lore.learn(ItemKind::Poison)));
    // A save that breaks the pack's promises is refused by name.
    let mut bad = SavedRun::capture(&run);
    bad.player.gear.weapon = Some(5);
    assert!(bad.restore().unwrap_err().contains("worn as weapon"));
    let mut bad = SavedRun::capture(&run);
    bad.levels[0]
        .as_mut()
        .unwrap()
        .items
        .push(FloorItem::loose(Pos::new(0, 0), Item::one(ItemKind::Axe)));
    assert!(bad.restore().unwrap_err().contains("off the floor"));
}

#[test]
fn the_same_seed_and_commands_give_the_same_items() {
    let params = GenParams::new(77, 80, 50, CorridorStyle::Mixed);
    let a = generate(&params).unwrap().level;
    let b = generate(&params).unwrap().level;
    assert_eq!(a.items, b.items);
    assert!(!a.items.is_empty());
    let other = generate(&params.at_depth(2)).unwrap().level;
    assert_ne!(a.items, other.items);
}

/// A thousand runs, every depth, at 80x50: where items lie (the independent checker), the
/// healing on the first level, the budget per depth, every vault's choice.
#[test]
fn a_thousand_runs_of_items() {
    let runs: u64 = std::env::var("DELVE_ITEM_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000);
    let mut per_depth = vec![Vec::new(); DEEPEST as usize];
    let mut vaults = 0;
    let mut classes = [0usize; Class::ALL.len()];
    for seed in 0..runs {
        for depth in 1..=DEEPEST {
            let params = GenParams::new(seed, 80, 50, CorridorStyle::Mixed).at_depth(depth);
            let level = generate(&params).unwrap().level;
            common::check_items(&level, depth).unwrap_or_else(|e| panic!("seed {seed} depth {depth}: {e}"));
            check_items(&level).unwrap_or_else(|e| panic!("seed {seed} depth {depth}: {e}"));
            per_depth[depth as usize - 1].push(level.items.len());
            let mut altars: Vec<u8> = level.items.iter().filter_map(|f| f.altar).collect();
            altars.dedup();
            vaults += altars.len();
            for f in &level.items {
                classes[Class::ALL.iter().position(|&c| c == f.item.kind.class()).unwrap()] += 1;
            }
        }
    }
    println!("items a level at 80x50 over {runs} runs (mean, least, most):");
    for (d, counts) in per_depth.iter().enumerate() {
        let mean = counts.iter().sum::<usize>() as f64 / counts.len() as f64;
        let (lo, hi) = (counts.iter().min().unwrap(), counts.iter().max().unwrap());
        println!("  depth {}: {mean:.2}, {lo}, {hi}", d + 1);
        assert!((3.5..=8.0).contains(&mean), "depth {}: {mean}", d + 1);
        if d < 2 {
            assert!(mean >= 5.5, "the first levels are generous: {mean}");
        }
    }
    println!("vaults with a choice: {vaults}; items by class {classes:?}");
    assert!(vaults > runs as usize, "vaults are common below the first level");
    assert!(classes.iter().all(|&c| c > 0));
}

/// A round reports the effects it applied, in order, with who did them, from where, and the
/// tile each came to: what the view animates.
#[test]
fn a_round_tells_what_happened_in_order_and_where() {
    use delve_core::rules::{Effect, Who};
    let ascii = "\
####################
#@.+...............#
#..................#
#..................#
####################
";
    let mut run = run_on(ascii);
    // A step, then a bump into the closed door opens it: the door's tile.
    let round = run.play(Act::Step(Dir8::E)).unwrap();
    assert_eq!(round.happened[0].at, Pos::new(2, 1), "the step, to where it went");
    let round = run.play(Act::Step(Dir8::E)).unwrap();
    assert!(
        round
            .happened
            .iter()
            .any(|h| h.who == Who::Player && h.effect == Effect::DoorOpened(Pos::new(3, 1)) && h.at == Pos::new(3, 1)),
        "{:?}",
        round.happened
    );
    // A dart thrown at a goblin: its flight, from the player to where it stopped, then the hit
    // or the miss on the goblin's tile, then where it landed.
    let goblin_at = Pos::new(run.player().at.x, 3);
    let level = run.dungeon_mut().level_mut();
    level.monsters = vec![monster(1, Kind::Goblin, goblin_at, Mind::Asleep)];
    level.monsters[0].energy = -1000;
    let darts = give(&mut run, ItemKind::Dart, 3);
    let from = run.player().at;
    let round = run
        .play(Act::Aim {
            slot: darts,
            at: goblin_at,
        })
        .unwrap();
    let mine: Vec<_> = round.happened.iter().filter(|h| h.who == Who::Player).collect();
    let flew = mine
        .iter()
        .position(|h| {
            matches!(
                h.effect,
                Effect::Flew {
                    kind: ItemKind::Dart,
                    ..
                }
            )
        })
        .expect("its flight");
    assert_eq!((mine[flew].from, mine[flew].at), (from, goblin_at));
    let hit = mine
        .iter()
        .position(|h| {
            matches!(
                h.effect,
                Effect::Attacked {
                    target: Who::Monster(1),
                    ..
                }
            )
        })
        .expect("the hit or the miss");
    assert!(flew < hit, "the flight comes before the hit");
    assert_eq!(mine[hit].at, goblin_at);
    // A monster's hit on the player lands on the player's tile.
    let next_to = Pos::new(run.player().at.x + 1, run.player().at.y);
    let level = run.dungeon_mut().level_mut();
    level.monsters = vec![monster(2, Kind::Orc, next_to, hunting(next_to))];
    let round = run.play(Act::Wait).unwrap();
    let attack = round
        .happened
        .iter()
        .find(|h| {
            h.who == Who::Monster(2)
                && matches!(
                    h.effect,
                    Effect::Attacked {
                        target: Who::Player,
                        ..
                    }
                )
        })
        .expect("the orc attacks");
    assert_eq!((attack.from, attack.at), (next_to, run.player().at));
}

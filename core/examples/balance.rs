//! How hard is a run? Headless bots play many seeds by the game's own rules (`Run::play`, no
//! engine) and report how deep they got, how often they won, and what killed them. Run with
//! `cargo run --release --example balance [RUNS]` (`BALANCE_SEED=N` plays one seed,
//! `BALANCE_DEBUG=1` says where a bot got stuck, `BALANCE_BOTS=explores` plays only the bots
//! whose name says so).
//!
//! Each bot plays every seed twice: ignoring what it picks up, and using it as a player who
//! knows the game would (`use_items`): drink healing when low, try unknown potions and scrolls
//! while no monster is near (knowing them by use), wield the weapon and wear the armour that
//! hit and protect best, throw and zap at what comes near, and read teleportation or zap sleep
//! to get out of a fight it is losing.
//! Four bots, each attacking whatever stands next to it (and closing in on what shoots at it)
//! and never fleeing. Two know the map
//! (they walk the shortest way to the stairs, fetching keys when a lock bars it, then to the
//! Heartstone and back up); two know only what they have seen and play as a newcomer with the
//! `x` and `>` keys would: explore until the stairs are seen, then go to them; take the
//! Heartstone once seen; unlock a door that bars the rest with its key. The "reckless" bots never
//! rest; the "careful" ones rest (wait) when hurt and no monster is near, and rest to full
//! before taking the stairs.

use delve_core::explore::{self as plan, Finished, Known};
use delve_core::fov::DEFAULT_RADIUS;
use delve_core::generation::{CorridorStyle, DEEPEST, GenParams};
use delve_core::geom::{Dir8, Pos};
use delve_core::map::{DoorState, Tile};
use delve_core::paths::{Search, StepField};
use delve_core::rules::mind::distance_sq;
use delve_core::rules::{Act, flight};
use delve_core::run::{Run, RunSpec};
use delve_core::world::{Class, Ending, Habit, ItemKind, Mind, Monster};

struct Outcome {
    deepest: u32,
    ending: Option<Ending>,
    turns: u64,
}

/// The expected damage of a blow with `weapon` (to hit times the mean damage), for a bot at
/// the start of a run.
fn blow(weapon: ItemKind) -> i32 {
    let s = weapon.stats();
    (80 + s.to_hit) * (8 + s.damage.0 + s.damage.1)
}

/// What a bot that uses its items does now, if anything: from the most urgent (healing) to the
/// idlest (trying an unknown potion with nothing near).
fn item_act(run: &Run) -> Option<Act> {
    let player = &run.player;
    let level = run.dungeon.level();
    let at = player.at;
    let seen: Vec<&Monster> = level.monsters.iter().filter(|m| run.sight().is_visible(m.at)).collect();
    let near = seen.iter().any(|m| distance_sq(m.at, at) <= 25);
    let pack = &player.pack;
    let find = |f: &dyn Fn(ItemKind, u8) -> bool| pack.items().find(|&(_, i)| f(i.kind, i.count)).map(|(s, _)| s as u8);
    let known = |k: ItemKind| player.lore.knows(k);
    let health = player.health;
    // Low: heal; else, in a fight, get away or put the attacker to sleep.
    if health.hp * 10 < health.max * 4 {
        if let Some(s) = find(&|k, _| k == ItemKind::Healing && known(k)) {
            return Some(Act::Use(s));
        }
        if near {
            if let Some(s) = find(&|k, _| k == ItemKind::Teleportation && known(k)) {
                return Some(Act::Use(s));
            }
            if let Some(m) = seen.iter().min_by_key(|m| distance_sq(m.at, at))
                && let Some(s) = find(&|k, n| k == ItemKind::Sleep && n > 0)
                && flight(level, at, m.at).hits == Some(m.id)
            {
                return Some(Act::Aim { slot: s, at: m.at });
            }
            // Desperate: an unknown potion might heal.
            if let Some(s) = find(&|k, _| k.class() == Class::Potion && !known(k)) {
                return Some(Act::Use(s));
            }
        }
    }
    // Better gear, first.
    let best_weapon = pack
        .items()
        .filter(|(_, i)| i.kind.class() == Class::Weapon)
        .max_by_key(|(_, i)| blow(i.kind));
    if let Some((s, w)) = best_weapon
        && pack.wielded().is_none_or(|k| blow(w.kind) > blow(k))
    {
        return Some(Act::Equip(s as u8));
    }
    let best_armour = pack
        .items()
        .filter(|(_, i)| i.kind.class() == Class::Armour)
        .max_by_key(|(_, i)| i.kind.stats().armour);
    if let Some((s, a)) = best_armour
        && pack.worn().is_none_or(|k| a.kind.stats().armour > k.stats().armour)
    {
        return Some(Act::Equip(s as u8));
    }
    // Something coming: throw or zap at it while it is not yet next to you; the strong ones
    // with the wand of striking.
    if let Some(m) = seen
        .iter()
        .filter(|m| matches!(m.mind, Mind::Hunting { .. }))
        .filter(|m| (3..=49).contains(&distance_sq(m.at, at)))
        .min_by_key(|m| distance_sq(m.at, at))
        && flight(level, at, m.at).hits == Some(m.id)
    {
        let strong = m.kind.stats().max_hp >= 16;
        if strong && let Some(s) = find(&|k, n| k == ItemKind::Striking && n > 0) {
            return Some(Act::Aim { slot: s, at: m.at });
        }
        if let Some(s) = find(&|k, _| k.class() == Class::Thrown) {
            return Some(Act::Aim { slot: s, at: m.at });
        }
    }
    // With nothing near: try what is unknown, and pick up what lies here.
    if !near {
        if let Some(s) = find(&|k, _| k.class() == Class::Scroll && !known(k)) {
            return Some(Act::Use(s));
        }
        if health.hp == health.max
            && let Some(s) = find(&|k, _| k.class() == Class::Potion && !known(k))
        {
            return Some(Act::Use(s));
        }
        if level.item_at(at).is_some_and(|f| !f.sealed) && pack.items().count() < delve_core::world::SLOTS {
            return Some(Act::PickUp);
        }
    }
    None
}

fn play(seed: u64, careful: bool, blind: bool, use_items: bool) -> Outcome {
    let spec = RunSpec::seeded(GenParams::new(seed, 80, 50, CorridorStyle::Mixed));
    let mut run = spec.begin().unwrap().with_sight(DEFAULT_RADIUS);
    let (mut field, mut search) = (StepField::default(), Search::default());
    while !run.is_over() && run.turn < 20_000 {
        let (dungeon, player) = (&run.dungeon, &run.player);
        let (at, keys, health, carrying, memory) =
            (player.at, &player.keys, player.health, player.carrying, &player.memory);
        let level = dungeon.level();
        let map = &level.map;
        let held = keys.doors_on(dungeon.depth());
        // Where to: the relic, else up (carrying it) or down.
        let goal = match (level.relic, carrying.relic) {
            (Some(r), _) => r,
            (None, true) => map.stairs_up().unwrap(),
            (None, false) => map.stairs_down().unwrap_or(map.start()),
        };
        let pass = |t: Tile| t != Tile::Wall && (t != Tile::Door(DoorState::Locked));
        field.compute(map, goal, 10_000, |t| pass(t) || t.is_door());
        // A key first, when the way runs through a lock the bot has no key to.
        let mut walk = at;
        let mut barred = false;
        while let Some(d) = field.get(walk).filter(|&d| d > 0) {
            let next = delve_core::paths::neighbours8(walk).into_iter().find(|&q| {
                field.get(q) == Some(d - 1)
                    && !(map.tile(q).is_door() && q.x != walk.x && q.y != walk.y)
                    && !(map.tile(walk).is_door() && q.x != walk.x && q.y != walk.y)
            });
            let Some(next) = next else { break };
            if map.tile(next) == Tile::Door(DoorState::Locked) && !held.contains(&next) {
                barred = true;
                break;
            }
            walk = next;
        }
        if barred {
            // The nearest key that can be walked to now (a key may lie behind another lock).
            let mut keys_by_distance: Vec<Pos> = level.keys.iter().map(|k| k.at).collect();
            keys_by_distance.sort_by_key(|&k| distance_sq(k, at));
            // Without locked doors first; else through them (the key may lie behind a door
            // the bot holds the key to, which the step unlocks).
            let reached = keys_by_distance.iter().any(|&key| {
                field.compute(map, key, 10_000, pass);
                field.get(at).is_some()
            });
            if !reached {
                for &key in &keys_by_distance {
                    field.compute(map, key, 10_000, |t| pass(t) || t.is_door());
                    if field.get(at).is_some() {
                        break;
                    }
                }
            }
        }
        let near_monster = level.monsters.iter().any(|m| distance_sq(m.at, at) <= 64);
        // A monster it can strike: next to it, and not diagonally through a doorway.
        let adjacent = level.monsters.iter().find(|m| {
            let diagonal = m.at.x != at.x && m.at.y != at.y;
            distance_sq(m.at, at) <= 2 && !(diagonal && (map.tile(m.at).is_door() || map.tile(at).is_door()))
        });
        // Something shooting at it from afar: close in and fight it, as a player would.
        let shooter = level.monsters.iter().find(|m| {
            matches!(m.kind.stats().habit, Habit::Archer(_))
                && matches!(m.mind, Mind::Hunting { .. })
                && run.sight().is_visible(m.at)
        });
        let chosen = if use_items { item_act(&run) } else { None };
        let act = if let Some(act) = chosen {
            act
        } else if let Some(m) = adjacent {
            Act::Step(Dir8::between(at, m.at).unwrap())
        } else if let Some(m) = shooter
            && let Some(dir) = step_towards(map, at, m.at)
        {
            Act::Step(dir)
        } else if careful && !near_monster && health.hp < health.max * 7 / 10 {
            Act::Wait
        } else if blind {
            let known = Known {
                level,
                memory: memory.level(dungeon.depth()).expect("the player has looked around"),
            };
            blind_act(
                &known,
                at,
                &held,
                carrying.relic,
                careful && health.hp < health.max,
                &mut search,
            )
        } else if at == goal && goal == map.stairs_down().unwrap_or(Pos::new(-1, -1)) {
            if careful && health.hp < health.max {
                Act::Wait
            } else {
                Act::Descend
            }
        } else if at == goal && carrying.relic {
            Act::Ascend
        } else {
            let here = field.get(at).unwrap_or(u32::MAX);
            let best = Dir8::ALL
                .into_iter()
                .filter(|&d| {
                    let to = Dir8::from_pos(at, d);
                    !(d.is_diagonal() && (map.tile(to).is_door() || map.tile(at).is_door()))
                        && (map.tile(to) != Tile::Door(DoorState::Locked) || held.contains(&to))
                })
                .filter_map(|d| field.get(Dir8::from_pos(at, d)).map(|v| (v, d)))
                .filter(|&(v, _)| v < here)
                .min_by_key(|&(v, _)| v);
            best.map_or(Act::Wait, |(_, d)| Act::Step(d))
        };
        if run.turn == 19_990 && std::env::var_os("BALANCE_DEBUG").is_some() {
            let level = dungeon.level();
            let near: Vec<_> = level
                .monsters
                .iter()
                .filter(|m| distance_sq(m.at, at) <= 8)
                .map(|m| (m.kind, m.at))
                .collect();
            let around: String = (-2..=2)
                .map(|dy| {
                    (-2..=2)
                        .map(|dx| level.map.get(Pos::new(at.x + dx, at.y + dy)).map_or(' ', |t| t.glyph()))
                        .collect::<String>()
                        + "|"
                })
                .collect();
            eprintln!(
                "  act {act:?} near {near:?} around {around} field here {:?}",
                field.get(at)
            );
        }
        if run.play(act).is_err() {
            // Refused (a shut door in the way is opened by the step itself): wait instead.
            let _ = run.play(Act::Wait);
        }
    }
    if !run.is_over() && std::env::var_os("BALANCE_DEBUG").is_some() {
        let (dungeon, at, carrying, health) = (&run.dungeon, run.player.at, run.player.carrying, run.player.health);
        let level = dungeon.level();
        eprintln!(
            "seed {seed} stuck on level {} at {at:?}: relic {:?} carrying {} down {:?} up {:?} keys {:?} hp {}/{}",
            dungeon.depth(),
            level.relic,
            carrying.relic,
            level.map.stairs_down(),
            level.map.stairs_up(),
            level.keys,
            health.hp,
            health.max
        );
    }
    Outcome {
        deepest: run.record.deepest,
        ending: run.record.ending,
        turns: run.turn,
    }
}

/// The first step of the shortest way from `at` to `to` (doors passable, never diagonally
/// through a doorway).
fn step_towards(map: &delve_core::map::TileMap, at: Pos, to: Pos) -> Option<Dir8> {
    let mut field = StepField::default();
    field.compute(map, to, 40, |t| t != Tile::Wall && t != Tile::Door(DoorState::Locked));
    let here = field.get(at)?;
    Dir8::ALL
        .into_iter()
        .filter(|&d| {
            let q = Dir8::from_pos(at, d);
            !(d.is_diagonal() && (map.tile(q).is_door() || map.tile(at).is_door()))
        })
        .filter_map(|d| field.get(Dir8::from_pos(at, d)).map(|v| (v, d)))
        .filter(|&(v, _)| v < here)
        .min_by_key(|&(v, _)| v)
        .map(|(_, d)| d)
}

/// What a player who knows only what it has seen does: take the Heartstone once seen, head for
/// the stairs (down, or up with the Heartstone) once known, else explore as `x` does; unlock a
/// door that bars the rest when holding its key.
fn blind_act(known: &Known, at: Pos, held: &[Pos], relic: bool, rest: bool, search: &mut Search) -> Act {
    let step = |walk: Vec<Pos>| {
        walk.first()
            .and_then(|&n| Dir8::between(at, n))
            .map_or(Act::Wait, Act::Step)
    };
    let relic_seen = known.level.relic.filter(|&r| known.relic_at(r));
    let target = match (relic, relic_seen) {
        (true, _) => known.find(Tile::StairsUp),
        (false, Some(r)) => Some(r),
        (false, None) => known.find(Tile::StairsDown),
    };
    if let Some(t) = target {
        if t == at && relic {
            return Act::Ascend;
        }
        if t == at {
            return if rest { Act::Wait } else { Act::Descend };
        }
        if let Some(walk) = plan::travel(known, at, t, held, search).filter(|w| !w.is_empty()) {
            return step(walk);
        }
    }
    match plan::explore(known, at, held, search) {
        Ok(walk) => step(walk),
        Err(Finished::Barred { door, have_key: true }) => {
            plan::travel(known, at, door, held, search).map_or(Act::Wait, step)
        }
        Err(_) => Act::Wait,
    }
}

fn main() {
    let runs: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let only: Option<u64> = std::env::var("BALANCE_SEED").ok().and_then(|s| s.parse().ok());
    for (careful, blind, use_items) in [
        (false, false, false),
        (true, false, false),
        (false, true, false),
        (true, true, false),
        (false, false, true),
        (true, false, true),
        (false, true, true),
        (true, true, true),
    ] {
        let name = match (careful, blind) {
            (false, false) => "reckless, knows the map",
            (true, false) => "careful, knows the map",
            (false, true) => "reckless, explores",
            (true, true) => "careful, explores",
        };
        let name = format!("{name}, {}", if use_items { "uses items" } else { "ignores items" });
        if std::env::var("BALANCE_BOTS").is_ok_and(|only| !name.contains(&only)) {
            continue;
        }
        let mut reached = [0u32; DEEPEST as usize + 1];
        let (mut wins, mut turns) = (0, 0);
        let mut killers: std::collections::BTreeMap<String, u32> = Default::default();
        for seed in 0..runs {
            if only.is_some_and(|o| o != seed) {
                continue;
            }
            let o = play(seed, careful, blind, use_items);
            reached[o.deepest as usize] += 1;
            turns += o.turns;
            match o.ending {
                Some(Ending::Won) => wins += 1,
                Some(Ending::Died { by }) => *killers.entry(by).or_default() += 1,
                None => {}
            }
        }
        let stuck = runs - wins - killers.values().sum::<u32>() as u64;
        let at_least = |d: usize| reached[d..].iter().sum::<u32>() as f64 * 100.0 / runs as f64;
        println!(
            "{name}: {runs} runs, won {wins} ({:.1}%), mean {} turns; reached depth 3+: {:.0}%, 4+: {:.0}%, 6+: {:.0}%, 10: {:.0}%",
            wins as f64 * 100.0 / runs as f64,
            turns / runs,
            at_least(3),
            at_least(4),
            at_least(6),
            at_least(10)
        );
        println!("          deepest reached: {:?}", &reached[1..]);
        println!("          killed by: {killers:?}; bot stuck (20,000 turns): {stuck}");
    }
}

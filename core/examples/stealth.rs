//! How often can a player sneak past a sleeper? A bot that knows the map walks each level from
//! its arrival to its stairs down by the shortest way, once walking and once sneaking (`s`),
//! fighting nothing; every monster placed asleep that the way passes within two tiles of is
//! counted, and whether it still sleeps once the bot has gone by (at the stairs, or when the
//! bot dies). `cargo run --release -p delve-core --example stealth [LEVELS]` (levels of every
//! depth 1–5 at 80x50, mixed corridors; 300 by default).

use delve_core::fov::DEFAULT_RADIUS;
use delve_core::generation::{CorridorStyle, GenParams, generate};
use delve_core::geom::{Dir8, Pos};
use delve_core::map::{DoorState, Tile};
use delve_core::paths::StepField;
use delve_core::rules::Act;
use delve_core::run::RunSpec;
use delve_core::world::Mind;

/// Sleepers passed within two tiles, and how many of them slept on.
#[derive(Default)]
struct Tally {
    passed: u32,
    slept_on: u32,
}

fn near(a: Pos, b: Pos) -> bool {
    (a.x - b.x).abs() <= 2 && (a.y - b.y).abs() <= 2
}

fn walk(seed: u64, depth: u32, sneak: bool, tally: &mut Tally) {
    let params = GenParams::new(seed, 80, 50, CorridorStyle::Mixed).at_depth(depth);
    let mut level = generate(&params).expect("a level").level;
    // Every door unlocked: the way to the stairs is the question, not the keys.
    for i in 0..level.map.tiles().len() {
        let p = level.map.pos_of(i);
        if level.map.tile(p) == Tile::Door(DoorState::Locked) {
            level.map.set(p, Tile::Door(DoorState::Closed));
        }
    }
    let Some(stairs) = level.map.stairs_down() else { return };
    let sleepers: Vec<u32> = level
        .monsters
        .iter()
        .filter(|m| m.mind == Mind::Asleep)
        .map(|m| m.id)
        .collect();
    let mut run = RunSpec::Level(Box::new(level))
        .begin()
        .expect("a run")
        .with_sight(DEFAULT_RADIUS);
    run.player_mut().health.max = 10_000; // it is not fighting: it must live to the stairs
    run.player_mut().health.hp = 10_000;
    let mut passed: Vec<u32> = Vec::new();
    let mut field = StepField::default();
    field.compute(&run.dungeon().level().map, stairs, 100_000, |t| t != Tile::Wall);
    for _ in 0..2_000 {
        let at = run.player().at;
        if at == stairs || run.is_over() {
            break;
        }
        for m in &run.dungeon().level().monsters {
            if sleepers.contains(&m.id) && near(m.at, at) && !passed.contains(&m.id) {
                passed.push(m.id);
            }
        }
        let map = &run.dungeon().level().map;
        let here = field.get(at).unwrap_or(u32::MAX);
        let step = Dir8::ALL
            .into_iter()
            .filter(|&d| {
                let to = Dir8::from_pos(at, d);
                !(d.is_diagonal() && (map.tile(to).is_door() || map.tile(at).is_door()))
                    && run.dungeon().level().monster_at(to).is_none()
            })
            .filter_map(|d| field.get(Dir8::from_pos(at, d)).map(|v| (v, d)))
            .filter(|&(v, _)| v < here)
            .min_by_key(|&(v, _)| v)
            .map(|(_, d)| d);
        let act = match step {
            Some(d) if sneak => Act::Sneak(d),
            Some(d) => Act::Step(d),
            None => Act::Wait,
        };
        if run.play(act).is_err() {
            let _ = run.play(Act::Wait);
        }
    }
    let level = run.dungeon().level();
    for id in passed {
        tally.passed += 1;
        let asleep = level
            .monster_index(id)
            .is_some_and(|i| level.monsters[i].mind == Mind::Asleep);
        tally.slept_on += u32::from(asleep);
    }
}

fn main() {
    let levels: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(300);
    for sneak in [false, true] {
        let mut tally = Tally::default();
        for seed in 0..levels {
            walk(seed, seed as u32 % 5 + 1, sneak, &mut tally);
        }
        println!(
            "{}: passed {} sleepers within two tiles; {} slept on ({:.0}%)",
            if sneak { "sneaking" } else { "walking" },
            tally.passed,
            tally.slept_on,
            f64::from(tally.slept_on) * 100.0 / f64::from(tally.passed.max(1))
        );
    }
}

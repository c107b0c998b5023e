//! One whole turn of the running (headless) game: the player steps, the view and explored flags
//! are recomputed, and the looks of the tiles that entered or left the view are updated. The
//! figure must not depend on the map's size: 80x50, 256x256 and 1024x1024 open rooms.
//!
//! Monsters: a turn (the player waits) on a generated 256x256 level with 200 monsters (half
//! asleep, half wandering, hunting when they notice you) against the same level with none; and a
//! turn on an 80x50 level with 40 monsters hunting and 4 allies at the player's side against a
//! quiet one (issue 57: at most 1.5 times).
//!
//! Changing level: the turn that takes the stairs down to a level never visited (generating it,
//! despawning the old level's entities, spawning the new tile layer, the first sight), at 80x50
//! and 256x256. And the memory a run keeps after visiting every level (printed, per kept level).

use std::time::{Duration, Instant};

use bevy::prelude::*;
use criterion::{Criterion, criterion_group, criterion_main};
use delve::player::command::PlayerCommand;
use delve::turn::Game;
use delve_core::dungeon::Dungeon;
use delve_core::generation::{CorridorStyle, DEEPEST, GenParams};
use delve_core::geom::Dir8;
use delve_core::map::{TileMap, parse_ascii};

/// An open room: wall around the edge, floor inside, the player in the middle.
fn open_room(w: usize, h: usize) -> TileMap {
    let mut text = String::with_capacity((w + 1) * h);
    for y in 0..h {
        for x in 0..w {
            let edge = x == 0 || y == 0 || x == w - 1 || y == h - 1;
            text.push(match () {
                _ if (x, y) == (w / 2, h / 2) => '@',
                _ if edge => '#',
                _ => '.',
            });
        }
        text.push('\n');
    }
    parse_ascii(text.as_bytes()).expect("a well-formed room")
}

fn bench_turn(c: &mut Criterion) {
    let mut group = c.benchmark_group("turn");
    group.sample_size(30);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(3));
    for (w, h) in [(80, 50), (256, 256), (1024, 1024)] {
        let mut app = delve::app::headless_app(Dungeon::premade(open_room(w, h)));
        let mut east = true;
        group.bench_function(format!("{w}x{h}"), |b| {
            b.iter(|| {
                east = !east;
                let dir = if east { Dir8::E } else { Dir8::W };
                app.world_mut().write_message(PlayerCommand::Step(dir));
                app.update();
            })
        });
    }
    group.finish();
}

/// A 256x256 level with `count` monsters on room floor, and a player who cannot die.
fn level_with_monsters(count: u32) -> App {
    use delve_core::world::{Kind, Mind, Monster};
    let params = GenParams::new(7, 256, 256, CorridorStyle::Mixed).at_depth(5);
    let mut level = delve_core::generation::generate(&params).expect("a level").level;
    let floor: Vec<_> = (0..level.map.tiles().len())
        .map(|i| level.map.pos_of(i))
        .filter(|&p| level.map.tile(p) == delve_core::map::Tile::Floor && p != level.map.start())
        .collect();
    let mut rng = delve_core::rng::GenRng::new(99);
    level.monsters.clear();
    for id in 0..count {
        let at = loop {
            let p = floor[rng.below(floor.len() as u32) as usize];
            if level.monster_at(p).is_none() {
                break p;
            }
        };
        let kind = Kind::ALL[id as usize % Kind::ALL.len()];
        let mind = if id % 2 == 0 {
            Mind::Asleep
        } else {
            Mind::Wandering {
                heading: Dir8::ALL[id as usize % 8],
            }
        };
        level.monsters.push(Monster::new(id, kind, at, mind));
    }
    let mut app = delve::app::headless_app(Dungeon::single(level));
    app.world_mut().resource_mut::<Game>().player_mut().health = delve_core::world::Health::full(i32::MAX / 2);
    app
}

fn bench_monsters(c: &mut Criterion) {
    let mut group = c.benchmark_group("turn_monsters");
    group.sample_size(30);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(4));
    for count in [0, 200] {
        let mut app = level_with_monsters(count);
        group.bench_function(format!("256x256_{count}"), |b| {
            b.iter(|| {
                app.world_mut().write_message(PlayerCommand::Wait);
                app.update();
            })
        });
    }
    group.finish();
}

/// An 80x50 fifth level with `count` monsters hunting the player on its room floor and `allies`
/// of the player's beside it, following; a player who cannot die.
fn level_with_company(count: u32, allies: u32) -> App {
    use delve_core::world::{Kind, Mind, Monster, PATIENCE};
    let params = GenParams::new(7, 80, 50, CorridorStyle::Mixed).at_depth(5);
    let mut level = delve_core::generation::generate(&params).expect("a level").level;
    let start = level.map.start();
    let floor: Vec<_> = (0..level.map.tiles().len())
        .map(|i| level.map.pos_of(i))
        .filter(|&p| level.map.tile(p).is_walkable() && !level.map.tile(p).is_door() && p != start)
        .collect();
    let mut near: Vec<_> = floor.clone();
    near.sort_by_key(|p| ((p.x - start.x).abs().max((p.y - start.y).abs()), p.y, p.x));
    let mut rng = delve_core::rng::GenRng::new(99);
    level.monsters.clear();
    for id in 0..allies {
        let kind = [Kind::Orc, Kind::Goblin, Kind::Jackal, Kind::GoblinArcher][id as usize % 4];
        level.monsters.push(Monster {
            id,
            kind,
            at: near[id as usize],
            hp: kind.stats().max_hp,
            energy: 0,
            mind: Mind::Ally {
                waiting: false,
                kills: 0,
            },
            champion: None,
        });
    }
    for id in allies..allies + count {
        let at = loop {
            let p = floor[rng.below(floor.len() as u32) as usize];
            if level.monster_at(p).is_none() {
                break p;
            }
        };
        let kind = Kind::ALL[id as usize % Kind::ALL.len()];
        level.monsters.push(Monster {
            id,
            kind,
            at,
            hp: kind.stats().max_hp,
            energy: 0,
            mind: Mind::Hunting {
                target: start,
                patience: PATIENCE,
            },
            champion: None,
        });
    }
    let mut app = delve::app::headless_app(Dungeon::single(level));
    app.world_mut().resource_mut::<Game>().player_mut().health = delve_core::world::Health::full(i32::MAX / 2);
    app
}

/// Issue 57's measure: a turn with 40 monsters and 4 allies on an 80x50 level against a quiet
/// one (no monsters at all). Monsters that die are put back, so every turn has its crowd.
fn bench_company(c: &mut Criterion) {
    let mut group = c.benchmark_group("turn_company");
    group.sample_size(30);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(4));
    for (count, allies) in [(0, 0), (40, 4)] {
        let fresh = level_with_company(count, allies);
        let monsters = fresh.world().resource::<Game>().dungeon().level().monsters.clone();
        let mut app = fresh;
        let mut turns = 0;
        group.bench_function(format!("80x50_{count}_monsters_{allies}_allies"), |b| {
            b.iter(|| {
                turns += 1;
                if turns % 50 == 0 {
                    // The crowd as it was (the fights thin it out).
                    let mut game = app.world_mut().resource_mut::<Game>();
                    game.dungeon_mut().level_mut().monsters.clone_from(&monsters);
                }
                app.world_mut().write_message(PlayerCommand::Wait);
                app.update();
            })
        });
    }
    group.finish();
}

fn put_player(app: &mut App, at: delve_core::geom::Pos) {
    let mut game = app.world_mut().resource_mut::<Game>();
    game.player_mut().at = at;
    game.look();
}

fn stairs_down(app: &App) -> delve_core::geom::Pos {
    app.world()
        .resource::<Game>()
        .dungeon()
        .level()
        .map
        .stairs_down()
        .expect("stairs down")
}

fn bench_level_change(c: &mut Criterion) {
    let mut group = c.benchmark_group("level_change");
    group.sample_size(20);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(4));
    for (w, h) in [(80u32, 50u32), (256, 256)] {
        let mut app = delve::app::headless_app(Dungeon::new(GenParams::new(7, w, h, CorridorStyle::Mixed)).unwrap());
        group.bench_function(format!("{w}x{h}"), |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    // Untimed: back on level 1, on its stairs down, level 2 forgotten.
                    {
                        let mut game = app.world_mut().resource_mut::<Game>();
                        game.dungeon_mut().go_to(1).unwrap();
                        game.dungeon_mut().forget(2);
                    }
                    let down = stairs_down(&app);
                    put_player(&mut app, down);
                    app.update();
                    app.world_mut().write_message(PlayerCommand::Descend);
                    let start = Instant::now();
                    app.update();
                    total += start.elapsed();
                    assert_eq!(app.world().resource::<Game>().dungeon().depth(), 2);
                }
                total
            })
        });
    }
    group.finish();
}

/// The generator lab on a 1024x1024 level, in the headless game: turning it on (every tile's
/// look made, 1,024 chunks), and a turn (waiting) with the whole level shown, against the turn
/// at 80x50 above (issue 24: at most 1.5x).
fn bench_whole_level(c: &mut Criterion) {
    let mut group = c.benchmark_group("whole_level");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(6));
    let params = GenParams::new(7, 1024, 1024, CorridorStyle::Mixed);
    let mut app = delve::app::headless_app(Dungeon::new(params).unwrap().peaceful());
    let lab = |app: &mut App, _on: bool| {
        app.world_mut()
            .write_message(delve::screens::playing::lab::LabCommand::Toggle);
        app.update();
        app.update();
    };
    group.bench_function("lab_open_1024x1024", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let start = Instant::now();
                lab(&mut app, true);
                total += start.elapsed();
                lab(&mut app, false);
            }
            total
        })
    });
    lab(&mut app, true);
    group.bench_function("turn_1024x1024_lab", |b| {
        b.iter(|| {
            app.world_mut().write_message(PlayerCommand::Wait);
            app.update();
        })
    });
    group.finish();
}

/// Visits every level of a run (standing on each level's stairs down and descending), then
/// prints what the kept levels and the player's memory of them hold on the heap.
fn report_kept_levels(_: &mut Criterion) {
    for (w, h) in [(80u32, 50u32), (256, 256)] {
        let mut app = delve::app::headless_app(Dungeon::new(GenParams::new(7, w, h, CorridorStyle::Mixed)).unwrap());
        for _ in 1..DEEPEST {
            let down = stairs_down(&app);
            put_player(&mut app, down);
            app.update();
            app.world_mut().write_message(PlayerCommand::Descend);
            app.update();
        }
        let game = app.world().resource::<Game>();
        let memory = game.player().memory.heap_bytes();
        let dungeon = &game.dungeon();
        let levels = dungeon.heap_bytes();
        let kept = dungeon.kept_count();
        println!(
            "kept_levels/{w}x{h}: {kept} levels kept, {levels} bytes of levels + {memory} bytes of the player's memory \
             = {} bytes per kept level",
            (levels + memory) / kept
        );
    }
}

/// A turn on a 256x256 level while fire and gas spread (issue 40: at most 1.5x a quiet turn on
/// the same level): a meadow of 40x40 grass burning from 60 tiles, and a gas cloud just let out,
/// both set again before each turn (untimed), against the same turn with neither.
fn bench_terrain(c: &mut Criterion) {
    use delve_core::geom::Pos;
    use delve_core::map::Tile;
    let mut group = c.benchmark_group("turn_terrain");
    group.sample_size(30);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(4));
    let mut app = level_with_monsters(0);
    let quiet = app.world().resource::<Game>().dungeon().level().clone();
    let mut astir = quiet.clone();
    // The meadow and the fire in it, far from the player; the gas in a room of its own.
    let start = quiet.map.start();
    let corner = Pos::new(
        if start.x > 128 { 20 } else { 190 },
        if start.y > 128 { 20 } else { 190 },
    );
    for y in corner.y..corner.y + 40 {
        for x in corner.x..corner.x + 40 {
            let p = Pos::new(x, y);
            if matches!(astir.map.tile(p), Tile::Floor | Tile::Corridor) {
                astir.map.set(p, Tile::Grass);
            }
        }
    }
    let grass: Vec<Pos> = (0..astir.map.tiles().len())
        .map(|i| astir.map.pos_of(i))
        .filter(|&p| astir.map.tile(p) == Tile::Grass)
        .collect();
    for p in grass.iter().step_by((grass.len() / 60).max(1)) {
        astir.fire.insert(*p, delve_core::world::FUEL_TURNS);
    }
    let floor = (0..astir.map.tiles().len())
        .map(|i| astir.map.pos_of(i))
        .find(|&p| astir.map.tile(p) == Tile::Floor && (p.x - start.x).abs() > 30)
        .expect("floor away from the player");
    astir.gas.insert(floor, delve_core::world::GAS_BURST);
    for (name, level) in [("256x256_quiet", quiet), ("256x256_fire_and_gas", astir)] {
        group.bench_function(name, |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    *app.world_mut().resource_mut::<Game>().dungeon_mut().level_mut() = level.clone();
                    app.world_mut().write_message(PlayerCommand::Wait);
                    let start = Instant::now();
                    app.update();
                    total += start.elapsed();
                }
                total
            })
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    bench_turn,
    bench_monsters,
    bench_company,
    bench_terrain,
    bench_level_change,
    bench_whole_level,
    report_kept_levels
);
criterion_main!(benches);

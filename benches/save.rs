//! Saving a long run: every level of the dungeon visited and remembered whole (the largest save a
//! run of that size makes), at 80x50 and 256x256. Measures taking the save from the game and
//! encoding it (what stalls play), writing it to disk atomically (temporary file, fsync, rename),
//! and reading it back; prints the file's size.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use delve::actor::{Carrying, Health, KeyRing, PLAYER_MAX_HP};
use delve::dungeon::Dungeon;
use delve::fov::{LevelMemory, Memory};
use delve::generation::rng::GenRng;
use delve::generation::{CorridorStyle, DEEPEST, GenParams};
use delve::rules::RunRecord;
use delve::save::{RunView, SavedRun, Slot, Store, format, parse_run};
use delve::turn::MessageLog;

/// A run of this size with every level made and every tile of every level remembered, a full
/// message log, on the deepest level.
fn long_run(w: u32, h: u32) -> (Dungeon, Dungeon, Memory, MessageLog) {
    let params = GenParams::new(11, w, h, CorridorStyle::Mixed);
    let start = Dungeon::new(params).unwrap();
    let mut dungeon = start.clone();
    let mut memory = Vec::new();
    for depth in 1..=DEEPEST {
        dungeon.go_to(depth).unwrap();
        let map = &dungeon.level().map;
        memory.push(LevelMemory::from_tiles(
            map.width(),
            map.tiles().iter().map(|&t| Some(t)).collect(),
        ));
    }
    let mut log = MessageLog::default();
    for turn in 0..MessageLog::KEEP as u64 {
        log.push(turn * 7, "The goblin hits you (3). You hit the goblin (5).");
    }
    (dungeon, start, Memory::from_levels(memory), log)
}

fn bench_save(c: &mut Criterion) {
    let mut group = c.benchmark_group("save");
    group.sample_size(20);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(4));
    for (w, h) in [(80u32, 50u32), (256, 256)] {
        let (dungeon, start, memory, log) = long_run(w, h);
        let (keys, record, rng) = (
            KeyRing::default(),
            RunRecord {
                deepest: DEEPEST,
                ..Default::default()
            },
            GenRng::new(3),
        );
        let view = RunView {
            dungeon: &dungeon,
            start: &start,
            at: dungeon.level().map.start(),
            keys: &keys,
            health: Health::full(PLAYER_MAX_HP),
            carrying: Carrying::default(),
            memory: &memory,
            turn: 25_000,
            rng: &rng,
            record: &record,
            log: &log,
        };
        let bytes = format::encode(&SavedRun::capture(view));
        eprintln!(
            "save of a {w}x{h} run, all {DEEPEST} levels seen whole: {} bytes",
            bytes.len()
        );
        group.bench_function(format!("capture_and_encode_{w}x{h}"), |b| {
            b.iter(|| black_box(format::encode(&SavedRun::capture(view))))
        });
        let dir = tempfile::tempdir().unwrap();
        let store = Store::Dir(dir.path().to_owned());
        group.bench_function(format!("write_{w}x{h}"), |b| {
            b.iter(|| store.write(Slot::Run, black_box(&bytes)).unwrap())
        });
        group.bench_function(format!("load_{w}x{h}"), |b| {
            b.iter(|| black_box(parse_run(&bytes).unwrap()))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_save);
criterion_main!(benches);

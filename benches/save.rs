//! Saving a long run: every level of the dungeon visited and remembered whole (the largest save a
//! run of that size makes), at 80x50 and 256x256. Measures encoding the whole run (what a first
//! save, and every save before format 2, costs), the save after a turn (`SaveCache`: only the
//! level played on encoded again: what the game does every turn), writing it to disk atomically
//! (temporary file and rename, with and without flushing to the disk), and reading it back;
//! prints the file's size.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use delve::save::{RunId, Slot, Store};
use delve_core::dungeon::Dungeon;
use delve_core::fov::{LevelMemory, Memory};
use delve_core::generation::{CorridorStyle, DEEPEST, GenParams};
use delve_core::rng::GenRng;
use delve_core::run::{Run, RunSpec};
use delve_core::save::{SaveCache, SavedRun, format, parse_run};
use delve_core::world::{MessageLog, Player, RunRecord};

/// A run of this size with every level made and every tile of every level remembered, a full
/// message log, on the deepest level.
fn long_run(w: u32, h: u32) -> Run {
    run_of(w, h, DEEPEST)
}

/// A run of this size with levels 1 to `deepest` made and every tile of them remembered, a full
/// message log, on the deepest of them.
fn run_of(w: u32, h: u32, deepest: u32) -> Run {
    let params = GenParams::new(11, w, h, CorridorStyle::Mixed);
    let mut dungeon = Dungeon::new(params).unwrap();
    let mut memory = Vec::new();
    for depth in 1..=deepest {
        dungeon.go_to(depth).unwrap();
        let map = &dungeon.level().map;
        memory.push(LevelMemory::from_tiles(
            map.width(),
            map.tiles().iter().map(|&t| Some(t)).collect(),
            &[],
        ));
    }
    let mut log = MessageLog::default();
    for turn in 0..MessageLog::KEEP as u64 {
        log.push(turn * 7, "The goblin hits you (3). You hit the goblin (5).");
    }
    let player = Player {
        memory: Memory::from_levels(memory),
        ..Player::new(dungeon.level().map.start())
    };
    let record = RunRecord {
        deepest,
        ..Default::default()
    };
    Run::from_parts(
        RunSpec::seeded(params),
        dungeon,
        player,
        25_000,
        GenRng::new(3),
        record,
        log,
    )
}

fn bench_save(c: &mut Criterion) {
    let mut group = c.benchmark_group("save");
    group.sample_size(20);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(4));
    for (w, h) in [(80u32, 50u32), (256, 256)] {
        let run = long_run(w, h);
        let bytes = format::encode(&SavedRun::capture(&run));
        eprintln!(
            "save of a {w}x{h} run, all {DEEPEST} levels seen whole: {} bytes",
            bytes.len()
        );
        group.bench_function(format!("capture_and_encode_{w}x{h}"), |b| {
            b.iter(|| black_box(format::encode(&SavedRun::capture(&run))))
        });
        // A turn later: the cache holds every level but the current one as last saved.
        let mut cache = SaveCache::default();
        cache.encode(&run, 0);
        group.bench_function(format!("save_after_a_turn_{w}x{h}"), |b| {
            b.iter(|| black_box(cache.encode(black_box(&run), 1)))
        });
        let dir = tempfile::tempdir().unwrap();
        let store = Store::Dir(dir.path().to_owned());
        let slot = Slot::Run(RunId(1));
        group.bench_function(format!("write_{w}x{h}"), |b| {
            b.iter(|| store.write(slot, black_box(&bytes)).unwrap())
        });
        group.bench_function(format!("write_unflushed_{w}x{h}"), |b| {
            b.iter(|| store.write_unflushed(slot, black_box(&bytes)).unwrap())
        });
        group.bench_function(format!("load_{w}x{h}"), |b| {
            b.iter(|| black_box(parse_run(&bytes).unwrap()))
        });
    }
    group.finish();
    // The biggest runs, once (not a benchmark: what the browser's storage, about five million
    // characters a site, can hold).
    for deepest in [1, 5, DEEPEST] {
        let run = run_of(1024, 1024, deepest);
        let mut cache = SaveCache::default();
        let bytes = cache.encode(&run, 0);
        let started = std::time::Instant::now();
        black_box(cache.encode(&run, 1));
        eprintln!(
            "save of a 1024x1024 run, {deepest} level(s) seen whole: {} bytes; a save after a turn {:.1} ms",
            bytes.len(),
            started.elapsed().as_secs_f64() * 1000.0
        );
    }
}

criterion_group!(benches, bench_save);
criterion_main!(benches);

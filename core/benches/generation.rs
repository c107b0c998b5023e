//! Generation time at every depth: a whole Delve level (rooms, corridors, doors, loops, stairs,
//! locks and keys, monsters, validation) and its rooms and corridors alone (what mapgen makes),
//! at depths 1 to 10, against the `mapgen` crate's BSP rooms with nearest-room corridors on the
//! same size in the same run, at 80x50 and 256x256; every corridor style's first level; and one
//! 1024x1024 level. `python3 benches/report.py` prints the ratios and names any missed target.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use criterion::{BenchmarkGroup, Criterion, criterion_group, criterion_main, measurement::WallTime};
use delve_core::generation::{CorridorStyle, DEEPEST, GenParams, generate, generate_once};
use mapgen::{BspRooms, MapBuilder, NearestCorridors};
use rand08::SeedableRng;
use rand08::rngs::StdRng;

/// Benchmarks `make(seed)` under `name`, with a new seed each iteration.
fn each_seed<T>(group: &mut BenchmarkGroup<'_, WallTime>, name: &str, make: impl Fn(u64) -> T) {
    let mut seed = 0u64;
    group.bench_function(name, |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            black_box(make(seed))
        })
    });
}

/// Seeds each room count is averaged over.
const COUNTED: u64 = 40;

/// Rooms on average in mapgen's map and in each of Delve's levels benchmarked at one size, by
/// the benchmark's name: `benches/report.py` compares time per room where the two make very
/// different numbers of rooms (mapgen's 240 splits do not grow with the map).
fn room_counts(width: u32, height: u32) -> BTreeMap<String, f64> {
    let mean = |rooms: &dyn Fn(u64) -> usize| (0..COUNTED).map(rooms).sum::<usize>() as f64 / COUNTED as f64;
    let mut counts = BTreeMap::new();
    counts.insert(
        "mapgen".to_string(),
        mean(&|seed| {
            let mut rng = StdRng::seed_from_u64(seed);
            let map = MapBuilder::new(width as usize, height as usize)
                .with(BspRooms::new())
                .with(NearestCorridors::new())
                .build_with_rng(&mut rng);
            map.rooms.len()
        }),
    );
    let delve = |style: CorridorStyle, depth: u32| {
        mean(&|seed| {
            let params = GenParams::new(seed, width, height, style).at_depth(depth);
            generate(&params).expect("every seed generates").level.map.rooms().len()
        })
    };
    for depth in 1..=DEEPEST {
        let n = delve(CorridorStyle::Mixed, depth);
        counts.insert(format!("level/{depth}"), n);
        counts.insert(format!("rooms_and_corridors/{depth}"), n);
    }
    for style in CorridorStyle::ALL {
        counts.insert(format!("style/{style}"), delve(style, 1));
    }
    counts
}

/// Writes the room counts beside criterion's results (`generation-rooms.json` in its folder).
fn write_room_counts(sizes: &[(u32, u32)]) {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target"));
    let folder = target.join("criterion");
    let by_size: Vec<String> = sizes
        .iter()
        .map(|&(w, h)| {
            let fields: Vec<String> = room_counts(w, h).iter().map(|(k, v)| format!("\"{k}\": {v}")).collect();
            format!("\"{w}x{h}\": {{{}}}", fields.join(", "))
        })
        .collect();
    let json = format!("{{{}}}\n", by_size.join(", "));
    if let Err(e) =
        std::fs::create_dir_all(&folder).and_then(|()| std::fs::write(folder.join("generation-rooms.json"), json))
    {
        eprintln!("generation: cannot write the room counts to {}: {e}", folder.display());
    }
}

/// Every depth's whole level and rooms and corridors, the styles' first levels and mapgen, at
/// one size.
fn bench_size(c: &mut Criterion, width: u32, height: u32, samples: usize) {
    let mut group = c.benchmark_group(format!("generate_{width}x{height}"));
    group.sample_size(samples);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(3));
    let params = |seed, style, depth| GenParams::new(seed, width, height, style).at_depth(depth);
    each_seed(&mut group, "mapgen_bsp_nearest", |seed| {
        let mut rng = StdRng::seed_from_u64(seed);
        MapBuilder::new(width as usize, height as usize)
            .with(BspRooms::new())
            .with(NearestCorridors::new())
            .build_with_rng(&mut rng)
    });
    for depth in 1..=DEEPEST {
        each_seed(&mut group, &format!("level/{depth}"), |seed| {
            generate(&params(seed, CorridorStyle::Mixed, depth)).expect("every seed generates")
        });
        each_seed(&mut group, &format!("rooms_and_corridors/{depth}"), |seed| {
            generate_once(&params(seed, CorridorStyle::Mixed, depth)).ok()
        });
    }
    for style in CorridorStyle::ALL {
        each_seed(&mut group, &format!("style/{style}"), |seed| {
            generate(&params(seed, style, 1)).expect("every seed generates")
        });
    }
    group.finish();
}

fn bench_generation(c: &mut Criterion) {
    write_room_counts(&[(80, 50), (256, 256)]);
    bench_size(c, 80, 50, 100);
    bench_size(c, 256, 256, 20);
    let mut group = c.benchmark_group("generate_1024x1024");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    each_seed(&mut group, "level/1", |seed| {
        generate(&GenParams::new(seed, 1024, 1024, CorridorStyle::Mixed)).expect("every seed generates")
    });
    group.finish();
}

criterion_group!(benches, bench_generation);
criterion_main!(benches);

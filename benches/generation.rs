//! Generation time: a whole Delve level (rooms, corridors, doors, loops, stairs, locks and keys,
//! validation) per corridor style, against the `mapgen` crate's BSP rooms with nearest-room
//! corridors on the same 80x50 map in the same run; Delve's rooms and corridors alone (what
//! mapgen makes) and a level 5 (locks, more rooms); then Delve at 256x256 and 1024x1024.
//! `python3 benches/report.py` prints the ratios.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use delve_core::generation::{CorridorStyle, GenParams, generate, generate_once};
use mapgen::{BspRooms, MapBuilder, NearestCorridors};
use rand08::SeedableRng;
use rand08::rngs::StdRng;

fn delve_level(seed: u64, width: u32, height: u32, style: CorridorStyle) {
    let level = generate(&GenParams::new(seed, width, height, style)).expect("every seed generates");
    black_box(level);
}

fn bench_80x50(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate_80x50");
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(3));
    for style in CorridorStyle::ALL {
        let mut seed = 0u64;
        group.bench_function(format!("delve_{style}"), |b| {
            b.iter(|| {
                seed = seed.wrapping_add(1);
                delve_level(seed, 80, 50, style)
            })
        });
    }
    let mut seed = 0u64;
    group.bench_function("delve_mixed_rooms_and_corridors", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            black_box(generate_once(seed, 80, 50, CorridorStyle::Mixed).ok())
        })
    });
    let mut seed = 0u64;
    group.bench_function("delve_mixed_level5", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            let level = generate(&GenParams::new(seed, 80, 50, CorridorStyle::Mixed).at_depth(5));
            black_box(level.expect("every seed generates"))
        })
    });
    let mut seed = 0u64;
    group.bench_function("mapgen_bsp_nearest", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            let mut rng = StdRng::seed_from_u64(seed);
            let map = MapBuilder::new(80, 50)
                .with(BspRooms::new())
                .with(NearestCorridors::new())
                .build_with_rng(&mut rng);
            black_box(map)
        })
    });
    group.finish();
}

fn bench_large(c: &mut Criterion) {
    for (w, h, samples) in [(256, 256, 20), (1024, 1024, 10)] {
        let mut group = c.benchmark_group(format!("generate_{w}x{h}"));
        group.sample_size(samples);
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(if w > 500 { 8 } else { 3 }));
        let styles: &[CorridorStyle] = if w > 500 {
            &[CorridorStyle::Mixed]
        } else {
            &CorridorStyle::ALL
        };
        for &style in styles {
            let mut seed = 0u64;
            group.bench_function(BenchmarkId::new("delve", style), |b| {
                b.iter(|| {
                    seed = seed.wrapping_add(1);
                    delve_level(seed, w, h, style)
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench_80x50, bench_large);
criterion_main!(benches);

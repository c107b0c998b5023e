//! Generation time per corridor style: a whole level (rooms, corridors, doors, validation).

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use delve::generation::{CorridorStyle, GenParams, generate};

fn bench_generation(c: &mut Criterion) {
    for (w, h) in [(80, 50), (256, 256)] {
        let mut group = c.benchmark_group(format!("generate_{w}x{h}"));
        if w > 100 {
            group.sample_size(20);
        }
        for style in CorridorStyle::ALL {
            let mut seed = 0u64;
            group.bench_function(BenchmarkId::from_parameter(style), |b| {
                b.iter(|| {
                    seed = seed.wrapping_add(1);
                    generate(&GenParams {
                        seed,
                        width: w,
                        height: h,
                        style,
                    })
                    .unwrap()
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench_generation);
criterion_main!(benches);

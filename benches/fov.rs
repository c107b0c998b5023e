//! Field of view and one whole turn of the running game.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use delve::fov::compute_fov;
use delve::generation::{GenParams, LevelSource, generate};
use delve::map::{TileMap, parse_ascii};
use delve::player::PlayerCommand;
use delve::player::rules::Dir8;

/// An open room: wall around the edge, floor inside, the viewer in the middle.
fn open_room(w: usize, h: usize) -> TileMap {
    let mut text = String::new();
    for y in 0..h {
        for x in 0..w {
            let edge = x == 0 || y == 0 || x == w - 1 || y == h - 1;
            text.push(if (x, y) == (w / 2, h / 2) {
                '@'
            } else if edge {
                '#'
            } else {
                '.'
            });
        }
        text.push('\n');
    }
    parse_ascii(text.as_bytes()).unwrap()
}

fn bench_fov(c: &mut Criterion) {
    let mut group = c.benchmark_group("fov");
    let room = open_room(80, 50);
    let level = generate(&GenParams {
        seed: 1,
        ..GenParams::default()
    })
    .unwrap()
    .map;
    for (name, map) in [("open_80x50", &room), ("level_80x50", &level)] {
        for radius in [8, 20] {
            group.bench_function(BenchmarkId::new(name, radius), |b| {
                let mut count = 0usize;
                b.iter(|| {
                    compute_fov(map.start(), radius, |p| map.blocks_sight(p), |_| count += 1);
                    std::hint::black_box(count)
                })
            });
        }
    }
    group.finish();
}

fn bench_turn(c: &mut Criterion) {
    let mut group = c.benchmark_group("turn");
    group.sample_size(30);
    for size in [80usize, 256] {
        let (w, h) = if size == 80 { (80, 50) } else { (256, 256) };
        let mut app = delve::app::headless_app(LevelSource::Premade(open_room(w, h)));
        let mut east = true;
        group.bench_function(BenchmarkId::new("move_fov_looks", format!("{w}x{h}")), |b| {
            b.iter(|| {
                east = !east;
                app.world_mut()
                    .write_message(PlayerCommand::Step(if east { Dir8::E } else { Dir8::W }));
                app.update();
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_fov, bench_turn);
criterion_main!(benches);

//! One whole turn of the running (headless) game: the player steps, the view and explored flags
//! are recomputed, and the looks of the tiles that entered or left the view are updated. The
//! figure must not depend on the map's size: 80x50, 256x256 and 1024x1024 open rooms.

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use delve::dungeon::Dungeon;
use delve::map::{TileMap, parse_ascii};
use delve::player::PlayerCommand;
use delve::rules::Dir8;

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

criterion_group!(benches, bench_turn);
criterion_main!(benches);

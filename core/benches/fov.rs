//! Field of view, Delve against its peers on the same scenes in the same run: adam_fov_rs
//! (Milazzo's algorithm), the symmetric-shadowcasting crate and bracket-pathfinding's symmetric and
//! recursive shadowcasting. Every implementation reads the same opacity grid and marks the same
//! kind of visibility buffer, so the figures differ only by the algorithm and its code.
//! `python3 benches/report.py` prints the ratios.

use std::hint::black_box;
use std::time::Duration;

use bracket_pathfinding::prelude::{Algorithm2D, BaseMap, FieldOfViewAlg, Point};
use criterion::{Criterion, criterion_group, criterion_main};
use delve_core::fov::compute_fov;
use delve_core::generation::{GenParams, generate};
use delve_core::geom::Pos;
use delve_core::map::TileMap;
use delve_core::rng::GenRng;

/// An opacity grid: what every implementation is asked about.
struct Scene {
    width: i32,
    height: i32,
    opaque: Vec<bool>,
    viewer: Pos,
}

impl Scene {
    fn blocks(&self, x: i32, y: i32) -> bool {
        x < 0 || y < 0 || x >= self.width || y >= self.height || self.opaque[(y * self.width + x) as usize]
    }

    fn index(&self, x: i32, y: i32) -> usize {
        (y * self.width + x) as usize
    }

    /// A room: wall around the edge, floor inside, the viewer in the middle.
    fn open(width: i32, height: i32) -> Scene {
        let opaque = (0..width * height)
            .map(|i| {
                let (x, y) = (i % width, i / width);
                x == 0 || y == 0 || x == width - 1 || y == height - 1
            })
            .collect();
        Scene {
            width,
            height,
            opaque,
            viewer: Pos::new(width / 2, height / 2),
        }
    }

    /// An open room with a quarter of its tiles random pillars (the viewer's tile kept clear).
    fn forest(width: i32, height: i32) -> Scene {
        let mut scene = Scene::open(width, height);
        let mut rng = GenRng::new(25);
        for y in 1..height - 1 {
            for x in 1..width - 1 {
                let i = scene.index(x, y);
                scene.opaque[i] = rng.below(100) < 25;
            }
        }
        let v = scene.index(scene.viewer.x, scene.viewer.y);
        scene.opaque[v] = false;
        scene
    }

    /// A generated level, the viewer at its start.
    fn level(map: &TileMap) -> Scene {
        let (width, height) = (map.width() as i32, map.height() as i32);
        let opaque = (0..width * height)
            .map(|i| map.blocks_sight(Pos::new(i % width, i / width)))
            .collect();
        Scene {
            width,
            height,
            opaque,
            viewer: map.start(),
        }
    }
}

/// bracket-pathfinding reads the map through its traits.
impl BaseMap for Scene {
    fn is_opaque(&self, idx: usize) -> bool {
        self.opaque[idx]
    }
}

impl Algorithm2D for Scene {
    fn dimensions(&self) -> Point {
        Point::new(self.width, self.height)
    }
}

fn delve_fov(scene: &Scene, radius: u32, seen: &mut [bool]) {
    compute_fov(
        scene.viewer,
        radius,
        |p| scene.blocks(p.x, p.y),
        |p| seen[scene.index(p.x, p.y)] = true,
    );
}

fn adam_fov(scene: &Scene, radius: u32, seen: &mut [bool]) {
    let v = scene.viewer;
    adam_fov_rs::compute_fov(
        [v.x, v.y],
        radius as usize,
        [scene.width as u32, scene.height as u32],
        |p| scene.blocks(p.x, p.y),
        |p| seen[scene.index(p.x, p.y)] = true,
    );
}

/// The crate has no radius: tiles beyond it count as walls, which ends the scan there, as a
/// radius does in the others.
fn symmetric_fov(scene: &Scene, radius: u32, seen: &mut [bool]) {
    let v = scene.viewer;
    let r2 = i64::from(radius) * i64::from(radius);
    symmetric_shadowcasting::compute_fov(
        (v.x as isize, v.y as isize),
        &mut |(x, y)| {
            let (dx, dy) = (x as i64 - i64::from(v.x), y as i64 - i64::from(v.y));
            dx * dx + dy * dy > r2 || scene.blocks(x as i32, y as i32)
        },
        &mut |(x, y)| {
            let (dx, dy) = (x as i64 - i64::from(v.x), y as i64 - i64::from(v.y));
            if dx * dx + dy * dy <= r2 {
                seen[scene.index(x as i32, y as i32)] = true;
            }
        },
    );
}

fn bracket_fov(scene: &Scene, radius: u32, seen: &mut [bool], alg: FieldOfViewAlg) {
    let v = scene.viewer;
    for p in alg.field_of_view(Point::new(v.x, v.y), radius as i32, scene) {
        seen[scene.index(p.x, p.y)] = true;
    }
}

type Fov = fn(&Scene, u32, &mut [bool]);

const PEERS: [(&str, Fov); 5] = [
    ("delve", delve_fov),
    ("adam_fov_rs", adam_fov),
    ("symmetric_shadowcasting", symmetric_fov),
    ("bracket_symmetric", |s, r, seen| {
        bracket_fov(s, r, seen, FieldOfViewAlg::SymmetricShadowcasting)
    }),
    ("bracket_recursive", |s, r, seen| {
        bracket_fov(s, r, seen, FieldOfViewAlg::RecursiveShadowcasting)
    }),
];

fn bench_fov(c: &mut Criterion) {
    let level = generate(&GenParams {
        seed: 1,
        ..GenParams::default()
    })
    .expect("seed 1 generates")
    .level
    .map;
    let scenes = [
        ("open_80x50", Scene::open(80, 50), vec![8, 20]),
        ("level_80x50", Scene::level(&level), vec![8, 20]),
        ("forest_80x50", Scene::forest(80, 50), vec![8, 20]),
        ("open_1024x1024", Scene::open(1024, 1024), vec![20]),
    ];
    for (name, scene, radii) in &scenes {
        for &radius in radii {
            let mut group = c.benchmark_group(format!("fov_{name}_r{radius}"));
            group.warm_up_time(Duration::from_millis(500));
            group.measurement_time(Duration::from_secs(2));
            let mut seen = vec![false; scene.opaque.len()];
            for (peer, fov) in PEERS {
                group.bench_function(peer, |b| {
                    b.iter(|| {
                        fov(scene, radius, &mut seen);
                        black_box(&mut seen);
                    })
                });
            }
            group.finish();
        }
    }
}

criterion_group!(benches, bench_fov);
criterion_main!(benches);

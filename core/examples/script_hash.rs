//! A command script and the game state it leads to: plays seed SEED (80x50, mixed corridors,
//! sight 8, as the browser's `?seed=SEED` plays it) with random moves and waits drawn from
//! SCRIPT_SEED, keeping only the keys that take a turn, for TURNS turns (or until the run ends).
//! Prints the keys (vi moves `hjklyubn`, `.` to wait) on the first line and the state hash
//! (`Run::state_hash`, 16 hex digits) on the second. The browser's end-to-end test presses the
//! keys in the page and checks that its hash is this one: the same game on both platforms.
//! `cargo run -p delve-core --example script_hash -- SEED SCRIPT_SEED TURNS`

use delve_core::fov::DEFAULT_RADIUS;
use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::geom::Dir8;
use delve_core::rng::GenRng;
use delve_core::rules::Act;
use delve_core::run::RunSpec;

/// The key that plays `act`, as the game's default bindings have it.
fn key(act: Act) -> char {
    match act {
        Act::Step(Dir8::W) => 'h',
        Act::Step(Dir8::S) => 'j',
        Act::Step(Dir8::N) => 'k',
        Act::Step(Dir8::E) => 'l',
        Act::Step(Dir8::NW) => 'y',
        Act::Step(Dir8::NE) => 'u',
        Act::Step(Dir8::SW) => 'b',
        Act::Step(Dir8::SE) => 'n',
        _ => '.',
    }
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("usage: script_hash SEED SCRIPT_SEED TURNS"))
        .collect();
    let [seed, script_seed, turns] = args[..] else {
        panic!("usage: script_hash SEED SCRIPT_SEED TURNS");
    };
    let spec = RunSpec::seeded(GenParams::new(seed, 80, 50, CorridorStyle::Mixed));
    let mut run = spec.begin().expect("a run").with_sight(DEFAULT_RADIUS);
    let mut draw = GenRng::new(script_seed);
    let mut keys = String::new();
    let mut heading = Dir8::ALL[draw.below(8) as usize];
    while run.turn() < turns && !run.is_over() {
        // Mostly on in one direction (so the walk gets somewhere), sometimes a turn or a wait.
        if draw.below(10) == 0 {
            heading = Dir8::ALL[draw.below(8) as usize];
        }
        let act = if draw.below(12) == 0 {
            Act::Wait
        } else {
            Act::Step(heading)
        };
        if run.play(act).is_ok() {
            keys.push(key(act));
        } else {
            heading = Dir8::ALL[draw.below(8) as usize];
        }
    }
    println!("{keys}");
    println!("{:016x}", run.state_hash());
}

//! One hash per corridor style over thousands of levels: run it before and after a change to the
//! generator that must not change levels (an optimisation) and compare the output.
//!
//! `cargo run --release --example fingerprint` (2,000 levels at 20x15, 2,000 at 80x50 and 60 at
//! 256x256 per style; the hash covers every tile, door state, room and the start).

use std::hash::{DefaultHasher, Hash, Hasher};

use delve_core::generation::{CorridorStyle, GenParams, generate};

fn main() {
    for style in CorridorStyle::ALL {
        let mut hasher = DefaultHasher::new();
        for (width, height, seeds) in [(20, 15, 2000), (80, 50, 2000), (256, 256, 60)] {
            for seed in 0..seeds {
                let level = generate(&GenParams::new(seed, width, height, style)).expect("every seed generates");
                level.level.map.to_ascii().hash(&mut hasher);
                level.level.map.rooms().hash(&mut hasher);
                level.attempts.hash(&mut hasher);
            }
        }
        println!("{style} {:016x}", hasher.finish());
    }
}

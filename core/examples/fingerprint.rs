//! One hash per corridor style over thousands of levels: run it before and after a change to the
//! generator that must not change levels (an optimisation) and compare the output.
//!
//! `cargo run --release --example fingerprint` (2,000 levels at 20x15, 2,000 at 80x50 and 60 at
//! 256x256 per style, seed n at depth n % 10 + 1; the hash covers the whole level: every tile,
//! door state, room, the start, keys, monsters and the relic). With `FINGERPRINT=terrain` it
//! hashes only what the terrain generator makes (tiles, rooms, the start, keys and the relic),
//! for a change that means to alter monsters or items but nothing else.

use std::hash::{DefaultHasher, Hash, Hasher};

use delve_core::generation::{CorridorStyle, DEEPEST, GenParams, generate};

fn main() {
    let terrain_only = std::env::var("FINGERPRINT").is_ok_and(|v| v == "terrain");
    for style in CorridorStyle::ALL {
        let mut hasher = DefaultHasher::new();
        for (width, height, seeds) in [(20, 15, 2000), (80, 50, 2000), (256, 256, 60)] {
            for seed in 0..seeds {
                let depth = seed as u32 % DEEPEST + 1;
                let params = GenParams::new(seed, width, height, style).at_depth(depth);
                let made = generate(&params).expect("every seed generates");
                let level = &made.level;
                if terrain_only {
                    format!("{:?} {:?} {:?}", level.map, level.keys, level.relic).hash(&mut hasher);
                } else {
                    format!("{level:?}").hash(&mut hasher);
                }
                made.attempts.hash(&mut hasher);
            }
        }
        println!("{style} {:016x}", hasher.finish());
    }
}

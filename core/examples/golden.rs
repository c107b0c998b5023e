//! Prints the golden-level vectors of core/tests/data/golden-levels.txt: seed, size, style, depth and
//! the level's FNV-1a fingerprint (ASCII dump, keys, relic, monsters). Run it only when a change to generation
//! is meant to change levels: `cargo run -p delve-core --example golden > core/tests/data/golden-levels.txt`

use delve_core::generation::{CorridorStyle, DEEPEST, GenParams, generate};

fn main() {
    println!("# seed size style depth fingerprint (FNV-1a 64 of the --ascii dump, keys, relic and monsters)");
    let sizes = [(20, 15), (80, 50), (256, 256)];
    for (k, style) in CorridorStyle::ALL.into_iter().enumerate() {
        for (j, &(width, height)) in sizes.iter().enumerate() {
            let seed = [0, 42, u64::MAX - k as u64][j];
            // Every style and size at depth 1 and at two deeper levels (all ten depths appear).
            let a = 2 + (k as u32 * 3 + j as u32) % (DEEPEST - 1);
            let b = 2 + (a - 2 + 1 + j as u32 * 2) % (DEEPEST - 1);
            for depth in [1, a, b] {
                let params = GenParams::new(seed, width, height, style).at_depth(depth);
                let level = generate(&params).expect("a level").level;
                println!("{seed} {width}x{height} {style} {depth} {:016x}", level.fingerprint());
            }
        }
    }
}

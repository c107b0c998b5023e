//! Prints the golden-level vectors of tests/data/golden-levels.txt: seed, size, style and the
//! level's FNV-1a fingerprint. Run it only when a change to generation is meant to change levels:
//! `cargo run --example golden > tests/data/golden-levels.txt`

use delve::generation::{CorridorStyle, GenParams, generate};

fn main() {
    println!("# seed size style fingerprint (FNV-1a 64 of the --ascii dump)");
    let sizes = [(20, 15), (80, 50), (256, 256)];
    for (k, style) in CorridorStyle::ALL.into_iter().enumerate() {
        for (j, &(width, height)) in sizes.iter().enumerate() {
            let seed = [0, 42, u64::MAX - k as u64][j];
            let map = generate(&GenParams {
                seed,
                width,
                height,
                style,
            })
            .expect("a level")
            .map;
            println!("{seed} {width}x{height} {style} {:016x}", map.fingerprint());
        }
    }
}

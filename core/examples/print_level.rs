//! Makes a level from a seed and prints it in the ASCII legend: Delve's dungeons without the
//! game (no engine, no window).
//!
//! `cargo run -p delve-core --example print_level -- [SEED] [DEPTH]`

use delve_core::generation::{CorridorStyle, GenParams, generate};

fn main() {
    let mut args = std::env::args().skip(1);
    let seed = args.next().and_then(|s| s.parse().ok()).unwrap_or(42);
    let depth = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let params = GenParams::new(seed, 80, 50, CorridorStyle::Mixed).at_depth(depth);
    match generate(&params) {
        Ok(made) => {
            let level = made.level;
            print!("{}", level.to_ascii());
            println!(
                "{params}, depth {depth}: {} rooms, {} keys, {} monsters",
                level.map.rooms().len(),
                level.keys.len(),
                level.monsters.len()
            );
        }
        Err(e) => {
            eprintln!("print_level: {e}");
            std::process::exit(2);
        }
    }
}

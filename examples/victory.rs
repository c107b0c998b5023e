//! The victory screen without playing a whole run, for looking at it (and screenshots of it):
//! the first level of a run, its monsters sent away and the Heartstone put on the floor beside
//! the way out. Step onto the Heartstone, back onto the `<`, and press `<`. Run with
//! `cargo run --example victory [SEED]`.

use delve_core::dungeon::Dungeon;
use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::map::Tile;
use delve_core::paths::neighbours8;

fn main() -> bevy::app::AppExit {
    let seed = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut dungeon = Dungeon::new(GenParams::new(seed, 80, 50, CorridorStyle::Mixed)).expect("a level");
    let level = dungeon.level_mut();
    let start = level.map.start();
    level.monsters.clear();
    level.relic = neighbours8(start)
        .into_iter()
        .find(|&p| level.map.get(p) == Some(Tile::Floor));
    println!("the Heartstone lies at {:?}, the way out at {start:?}", level.relic);
    delve::app::run(delve::app::Launch::run(delve_core::run::Run::new(dungeon)))
}

//! Walking many steps on one command, planned from what the player knows: auto-explore, travel
//! to a tile or the known stairs (`plan`), and whole explorations without a window (`walk`:
//! what `delve --explore` prints and the bots and benchmarks measure).

pub mod plan;
pub mod walk;

pub use plan::{Finished, Known, Taking, describe, explore, explore_taking, travel, worth_taking};
pub use walk::{Exploration, Planner, explore_level, nearest_frontier};

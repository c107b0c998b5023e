//! Delve's game without a screen: geometry, random numbers, maps, sight and paths, the world
//! (levels, monsters, the player), level generation, the rules of a turn, the run, saves, and
//! exploring. Plain Rust with no engine: the `delve` crate draws it with Bevy, and any other
//! program can use Delve's dungeons without the game.
//!
//! ```
//! use delve_core::generation::{CorridorStyle, GenParams, generate};
//!
//! // Level 1 of seed 42, 80 by 50 tiles, corridors in every style.
//! let level = generate(&GenParams::new(42, 80, 50, CorridorStyle::Mixed)).unwrap().level;
//! let ascii = level.to_ascii();
//! assert_eq!(ascii.lines().count(), 50);
//! assert!(ascii.contains('@') && ascii.contains('>'));
//! println!("{ascii}");
//! ```
//!
//! # Layers
//!
//! Each module imports only from the modules listed before it (checked by `.ci/layers.py`):
//!
//! 1. [`geom`]: positions, directions, rectangles.
//! 2. [`rng`]: the seeded, portable random stream.
//! 3. [`map`]: tiles and a level's terrain, the ASCII legend.
//! 4. [`fov`]: symmetric shadowcasting and the player's memory of what it saw.
//! 5. [`paths`]: distance maps, floods and shortest ways.
//! 6. [`world`]: levels with their keys and monsters, the kinds of monster, the player, the
//!    record of a run.
//! 7. [`generation`]: making a level from a seed, and checking it.
//! 8. [`dungeon`]: the levels of a run, made when first entered.
//! 9. [`rules`]: what an action comes to (effects), applying effects, a whole turn, the
//!    monsters' minds.
//! 10. [`run`]: one owned `Run`, begun from a `RunSpec`, played a turn at a time, hashed.
//! 11. [`save`]: a run as saved data and its bytes; the history of finished runs.
//! 12. [`explore`]: auto-explore and travel planning, whole explorations without a window.
//! 13. [`bot`]: players made of rules, for `--autoplay`, replays and the balance figures.
//! 14. [`tutorial`]: the hand-made lessons of the tutorial and what each prompt waits for.

#![warn(missing_docs)]

pub mod bot;
pub mod dungeon;
pub mod explore;
pub mod fov;
pub mod generation;
pub mod geom;
pub mod map;
pub mod paths;
pub mod review;
pub mod rng;
pub mod rules;
pub mod run;
pub mod save;
pub mod tutorial;
pub mod world;

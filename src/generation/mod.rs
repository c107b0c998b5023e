//! Level generation, plain Rust with no `App`: BSP rooms, corridor styles, doors, loops, stairs,
//! locks and keys, shaped by depth, then validation and regeneration. `generate` makes level `d`
//! of a run; `crate::dungeon` keeps the levels a run has made.

pub mod anatomy;
pub mod bsp;
pub mod builder;
pub mod corridors;
pub mod depth;
pub mod golden;
pub mod level;
pub mod locks;
pub mod loops;
pub mod rng;
pub mod stairs;
pub mod validate;

pub use corridors::CorridorStyle;
pub use depth::{DEEPEST, level_seed};
pub use level::{GenError, GenParams, Generated, MAX_ATTEMPTS, generate, generate_once};
pub use validate::{Defect, validate, validate_level};

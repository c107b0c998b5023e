//! Level generation: BSP rooms, corridor styles, doors, loops, stairs, locks and keys, monsters,
//! items, shaped by depth, then validation and regeneration. `generate` makes level `d` of a run;
//! `crate::dungeon` keeps the levels a run has made.

pub mod anatomy;
mod bsp;
mod builder;
mod bytes;
mod corridors;
mod defect;
mod depth;
pub mod golden;
mod items;
mod level;
mod locks;
mod loops;
mod modes;
mod monsters;
mod stages;
mod stairs;
mod terrain;
mod validate;

pub use corridors::CorridorStyle;
pub use defect::Defect;
pub use depth::{DEEPEST, level_seed};
pub use items::check_items;
pub use level::{GenError, GenParams, Generated, MAX_ATTEMPTS, generate, generate_once, parse_size, size_ok};
pub use modes::apply_mode;
pub use monsters::population;
pub use stages::Stage;
#[cfg(feature = "stage-timing")]
pub use stages::take_stage_times;
pub use terrain::{Prefab, prefabs};
pub use validate::{validate, validate_level};

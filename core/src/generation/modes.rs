//! What a run's mode does to the levels it makes (`apply_mode`): no potion of healing anywhere,
//! a swarm of monsters, champions everywhere. Applied to a level once made, each from a stream of
//! its own, so that a level of the standard game is exactly what it always was and a level in a
//! mode is its standard level changed only as the mode says.

use crate::world::{Challenge, ItemKind, Level, Mode};

use super::monsters::{crown_all, swarm};

/// Changes `level`, made from `seed` at `depth`, as `mode` makes its levels.
pub fn apply_mode(level: &mut Level, mode: Mode, seed: u64, depth: u32) {
    if mode.has(Challenge::NoHealing) {
        level.items.retain(|f| f.item.kind != ItemKind::Healing);
        level.loot.retain(|l| l.item.kind != ItemKind::Healing);
    }
    if mode.has(Challenge::Swarm) {
        swarm(level, seed, depth);
    }
    if mode.has(Challenge::Champions) {
        crown_all(level, seed);
    }
}

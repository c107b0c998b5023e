//! What the player asks for, as messages: a command played as a turn (`PlayerCommand`, from keys
//! or the walker) and a walk (`TravelRequest`, from keys, clicks and taps). Readers and writers
//! meet here, so neither imports the other.

use bevy::prelude::*;
use delve_core::geom::{Dir8, Pos};
use delve_core::rules::Act;

/// What the player asked for this frame (from keys, or written directly by tests).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerCommand {
    Step(Dir8),
    Wait,
    CloseDoor,
    Descend,
    Ascend,
    Cancel,
    /// Search round for secrets and hidden traps.
    Search,
    /// Tell the allies to wait here, or to follow.
    Order,
    /// Something done with the pack (pick up, drop, use, wear, take off, throw or zap).
    Item(Act),
}

/// What the player asks of the walker.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TravelRequest {
    /// Explore the level (`x`).
    Explore,
    /// Walk to this tile by the shortest known way (a click or a tap).
    To(Pos),
    /// Walk to the known stairs down (`>` away from them) or up (`<`).
    StairsDown,
    StairsUp,
    /// Rest until healed and cured (`Z`).
    Rest,
    /// Stop walking.
    Stop,
}

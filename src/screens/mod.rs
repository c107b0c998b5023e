//! Where the game is: loading its assets, playing, at the end of a run (its summary), or stopped
//! by an asset that would not load. Gameplay (turns, sight, the HUD) runs only while `Playing`;
//! what belongs to a screen is spawned with `DespawnOnExit` of it.

pub mod ended;

use bevy::prelude::*;

#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameState {
    #[default]
    Loading,
    Playing,
    /// The run is over (death or victory): its summary, and the way to the next run.
    Ended,
    LoadFailed,
}

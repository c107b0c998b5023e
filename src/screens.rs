//! Where the game is: loading its assets, playing, or stopped by an asset that would not load.
//! Gameplay (turns, sight, the HUD) runs only while `Playing`; what belongs to a screen is
//! spawned with `DespawnOnExit` of it.

use bevy::prelude::*;

#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameState {
    #[default]
    Loading,
    Playing,
    LoadFailed,
}

//! Marker components for what the run puts on screen: the player's entity (its sprite and its
//! input map; everything about the player itself lives in the run, `turn::Game`), and the
//! entities that belong to the level on screen.

use bevy::prelude::*;

/// The player's entity: its sprite and the keys it listens to.
#[derive(Component, Debug)]
pub struct Player;

/// An entity that belongs to the level being played (its tile layer, what lies on it): all of
/// them are despawned when the player changes level, and made again for the new one.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct LevelScoped;

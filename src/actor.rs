//! What stands on the map: the components that the rules, sight and drawing share (a position,
//! the player marker, what blocks a tile, the keys an actor carries), and the marker for entities
//! that belong to the level on screen.

use bevy::prelude::*;

use crate::map::Pos;

/// A grid position, for anything that stands on the map.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash, Deref, DerefMut)]
pub struct GridPos(pub Pos);

/// The player character.
#[derive(Component, Debug)]
pub struct Player;

/// Something that stands in the way: no other actor may share its tile, and a door cannot be
/// closed on it.
#[derive(Component, Debug, Default)]
pub struct Blocks;

/// Keys an actor carries: for each, the level (depth) and the locked door it opens there.
#[derive(Component, Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyRing(pub Vec<(u32, Pos)>);

impl KeyRing {
    /// The doors on level `depth` that these keys open.
    pub fn doors_on(&self, depth: u32) -> Vec<Pos> {
        self.0.iter().filter(|k| k.0 == depth).map(|k| k.1).collect()
    }
}

/// An entity that belongs to the level being played (its tile layer, what lies on it): all of
/// them are despawned when the player changes level, and made again for the new one.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct LevelScoped;

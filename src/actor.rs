//! What stands on the map: the components that the rules, sight and drawing share (a position,
//! the player marker, health, the keys and relic the player carries), how the
//! player fights, and the marker for entities that belong to the level on screen.

use bevy::prelude::*;

use crate::map::Pos;
use crate::rules::Attack;

/// The player's health at the start of a run.
pub const PLAYER_MAX_HP: i32 = 30;

/// How the player fights, having slain `slain` monsters: experience sharpens the blows (from
/// 80 % and 2–6 at the start to 87 % and 5–11 after twenty kills).
pub const fn player_attack(slain: u32) -> Attack {
    let n = if slain < 20 { slain as i32 } else { 20 };
    Attack {
        to_hit: 80 + (n as u32 * 3 / 8),
        damage: (2 + n * 3 / 20, 6 + n / 4),
    }
}

/// Hit points: `hp` of `max`. Dead at zero.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Health {
    pub hp: i32,
    pub max: i32,
}

impl Health {
    pub const fn full(max: i32) -> Self {
        Health { hp: max, max }
    }
}

/// What the player carries besides keys.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Carrying {
    /// The relic of the deepest level.
    pub relic: bool,
}

/// A grid position, for anything that stands on the map.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash, Deref, DerefMut)]
pub struct GridPos(pub Pos);

/// The player character.
#[derive(Component, Debug)]
pub struct Player;

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

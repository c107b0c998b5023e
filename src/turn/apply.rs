//! The world on screen follows the rules' world: when the player takes the stairs (applied by
//! `rules::apply`), everything scoped to the old level is despawned, to be made again from the
//! new level and the player's memory of it.

use bevy::prelude::*;

use crate::actor::LevelScoped;

/// The player arrived on another level (after the dungeon has moved to it).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LevelEntered {
    pub depth: u32,
}

/// Something a turn did that the player saw, in the order the rules applied it (from a turn
/// played or a replay): what the view animates.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Happened(pub delve_core::rules::Happening);

/// Something a monster did out of the player's sight in a turn (`Round::heard`): never shown,
/// but what the player may hear.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overheard(pub delve_core::rules::Happening);

/// What the player's turn did that its effects do not say: what it used (a potion drunk, a
/// scroll read), or why it was refused (a wall, a locked door).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Acted {
    /// The player used a thing of this kind.
    Used(delve_core::world::ItemKind),
    /// The player's act was refused: no turn passed.
    Refused(delve_core::rules::Refusal),
}

/// Despawns everything scoped to the level the player left.
pub(super) fn despawn_old_level(
    mut entered: MessageReader<LevelEntered>,
    scoped: Query<Entity, With<LevelScoped>>,
    commands: Commands,
) {
    if entered.read().count() > 0 {
        despawn_level(scoped, commands);
    }
}

/// Despawns everything drawn for the level (on a level change, and when play stops).
pub(crate) fn despawn_level(scoped: Query<Entity, With<LevelScoped>>, mut commands: Commands) {
    for entity in &scoped {
        commands.entity(entity).despawn();
    }
}

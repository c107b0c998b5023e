//! Turns: the turn counter, the message log line, and the order in which a turn is played out.

use bevy::prelude::*;

/// The order of one frame's game logic in `Update`. A player action becomes a turn in `Act`,
/// door entities are mirrored into the `TileMap` in `Sync`, sight is recomputed in `See`, and
/// what the player sees is drawn in `Show`.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TurnSet {
    Input,
    Act,
    Sync,
    See,
    Show,
}

/// Turns played so far. Changes exactly when a turn is taken.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq, Deref)]
pub struct TurnCount(pub u64);

/// The last thing the game told the player ("The door opens.").
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct MessageLine(pub String);

impl MessageLine {
    pub fn say(&mut self, text: impl Into<String>) {
        self.0 = text.into();
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<TurnCount>()
        .init_resource::<MessageLine>()
        .configure_sets(
            Update,
            (TurnSet::Input, TurnSet::Act, TurnSet::Sync, TurnSet::See, TurnSet::Show).chain(),
        );
}

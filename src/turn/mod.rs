//! Turns: the turn counter, the message line, what happened in a turn, and the order in which a
//! turn is played out. All of it runs only while the game is `Playing`.

mod apply;

use bevy::prelude::*;

use crate::rules::Effect;
use crate::screens::GameState;

pub use apply::{LevelEntered, apply_effects};

/// The order of one frame's game logic in `Update`. Commands are read in `Input`, judged by the
/// rules in `Act`, applied to the world in `Apply` (which also changes level), sight is
/// recomputed in `See`, and what the player sees is drawn in `Show`.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TurnSet {
    Input,
    Act,
    Apply,
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

/// What an actor's action came to: the effects the rules decided, for `apply_effects`.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Happened {
    pub actor: Entity,
    pub effects: Vec<Effect>,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<TurnCount>()
        .init_resource::<MessageLine>()
        .add_message::<Happened>()
        .add_message::<LevelEntered>()
        .configure_sets(
            Update,
            (
                TurnSet::Input,
                TurnSet::Act,
                TurnSet::Apply,
                TurnSet::See,
                TurnSet::Show,
            )
                .chain()
                .run_if(in_state(GameState::Playing)),
        )
        .add_systems(
            Update,
            (apply_effects, apply::despawn_old_level).chain().in_set(TurnSet::Apply),
        );
}

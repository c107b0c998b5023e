//! Keys to actions (leafwing-input-manager): the `Action` enum, its default `InputMap`, and the
//! system that turns pressed actions into `PlayerCommand`s, with key repeat for held moves.
//!
//! Bindings are data: rebinding means editing the player's `InputMap`, no code change.

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

use crate::player::command::PlayerCommand;
use delve_core::map::Tile;

use crate::action::Action;
use crate::actor::Player;
use crate::player::command::TravelRequest;
use crate::turn::{Game, TurnSet};

/// Where keys become commands and walk requests: what reacts to them this frame runs after.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct ReadInput;

/// Held-move repeat: first repeat after `DELAY`, then every `RATE`.
const REPEAT_DELAY: f32 = 0.3;
const REPEAT_RATE: f32 = 0.09;

#[derive(Default)]
struct Repeat {
    action: Option<Action>,
    next_at: f32,
}

pub fn plugin(app: &mut App) {
    app.add_plugins((
        InputManagerPlugin::<Action>::default(),
        super::presses::plugin,
        super::latency::plugin,
    ))
    .add_systems(
        Update,
        (
            read_actions.run_if(in_state(crate::state::Focus::Map)),
            read_answer.run_if(in_state(crate::state::Focus::Choose)),
        )
            .in_set(TurnSet::Input)
            .in_set(ReadInput),
    );
}

/// While a question waits (`Focus::Choose`: "Close which door?"), a direction answers it and any
/// other key lets it go; nothing else is read.
fn read_answer(actions: Single<&ActionState<Action>, With<Player>>, mut commands: MessageWriter<PlayerCommand>) {
    let pressed = actions.get_just_pressed();
    if let Some(dir) = pressed.iter().find_map(|a| a.direction()) {
        commands.write(PlayerCommand::Step(dir));
    } else if !pressed.is_empty() {
        commands.write(PlayerCommand::Cancel);
    }
}

/// Turns the actions pressed this frame into commands (and walks: `x`, `>` and `<` away from
/// the stairs).
fn read_actions(
    actions: Single<&ActionState<Action>, With<Player>>,
    game: Res<Game>,
    time: Res<Time>,
    mut repeat: Local<Repeat>,
    mut commands: MessageWriter<PlayerCommand>,
    mut walks: MessageWriter<TravelRequest>,
    session: Res<State<crate::state::Session>>,
) {
    let actions = actions.into_inner();
    if *session.get() == crate::state::Session::Lab && actions.just_pressed(&Action::LabNext) {
        return; // `n` makes the lab's next level, not a step south-east
    }
    let here = game.dungeon().level().map.tile(game.player().at);
    let now = time.elapsed_secs();
    let pressed = |a: &Action| actions.just_pressed(a);
    if pressed(&Action::Wait) {
        commands.write(PlayerCommand::Wait);
    } else if pressed(&Action::Rest) {
        walks.write(TravelRequest::Rest);
    } else if pressed(&Action::CloseDoor) {
        commands.write(PlayerCommand::CloseDoor);
    } else if pressed(&Action::Descend) {
        match here {
            Tile::StairsDown => _ = commands.write(PlayerCommand::Descend),
            _ => _ = walks.write(TravelRequest::StairsDown),
        }
    } else if pressed(&Action::Ascend) {
        match here {
            Tile::StairsUp => _ = commands.write(PlayerCommand::Ascend),
            _ => _ = walks.write(TravelRequest::StairsUp),
        }
    } else if pressed(&Action::Explore) {
        walks.write(TravelRequest::Explore);
    } else if pressed(&Action::Cancel) {
        commands.write(PlayerCommand::Cancel);
    } else if pressed(&Action::Search) {
        commands.write(PlayerCommand::Search);
    } else if pressed(&Action::PickUp) {
        commands.write(PlayerCommand::Item(delve_core::rules::Act::PickUp));
    }
    let moves = Action::ALL.into_iter().filter(|a| a.direction().is_some());
    if let Some(action) = moves.clone().find(|a| actions.just_pressed(a)) {
        *repeat = Repeat {
            action: Some(action),
            next_at: now + REPEAT_DELAY,
        };
        commands.write(PlayerCommand::Step(action.direction().expect("a move")));
    } else if let Some(action) = repeat.action {
        if !actions.pressed(&action) {
            repeat.action = None;
        } else if now >= repeat.next_at {
            repeat.next_at = now + REPEAT_RATE;
            commands.write(PlayerCommand::Step(action.direction().expect("a move")));
        }
    }
}

//! Keys to actions (leafwing-input-manager): the `Action` enum, its default `InputMap`, and the
//! system that turns pressed actions into `PlayerCommand`s, with key repeat for held moves.
//!
//! Bindings are data: rebinding means editing the player's `InputMap`, no code change.

use std::time::Duration;

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
const REPEAT_DELAY: Duration = Duration::from_millis(300);
const REPEAT_RATE: Duration = Duration::from_millis(90);

#[derive(Debug, Default)]
struct Repeat {
    action: Option<Action>,
    next_at: Duration,
}

/// The clock held moves repeat by: the wall clock, not Bevy's `Time`. The window draws only
/// when something happens, and the first frames after it has been idle are handed the time of
/// the last frame drawn, long before: `Time` then leaps (measured under Xvfb: half a second of
/// virtual time in a frame 25 ms after a key went down), which took a quick tap for a key held
/// past the repeat delay and played two or three steps. Tests set it by hand.
#[derive(Resource, Debug, Default)]
pub struct HoldClock {
    /// Set by hand (tests): the time it reads.
    manual: Option<Duration>,
    /// When the wall clock was first read.
    start: Option<bevy::platform::time::Instant>,
    /// The move held, and when it repeats next.
    repeat: Repeat,
}

impl HoldClock {
    /// A clock that stands still until `advance`d.
    pub fn manual() -> Self {
        HoldClock {
            manual: Some(Duration::ZERO),
            ..default()
        }
    }

    /// Moves a manual clock on by `by` (a wall clock is not moved).
    pub fn advance(&mut self, by: Duration) {
        if let Some(t) = &mut self.manual {
            *t += by;
        }
    }

    /// The time now, from the first reading.
    fn now(&mut self) -> Duration {
        match self.manual {
            Some(t) => t,
            None => self
                .start
                .get_or_insert_with(bevy::platform::time::Instant::now)
                .elapsed(),
        }
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<HoldClock>()
        .add_plugins((
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
    mut clock: ResMut<HoldClock>,
    mut commands: MessageWriter<PlayerCommand>,
    mut walks: MessageWriter<TravelRequest>,
    session: Res<State<crate::state::Session>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let actions = actions.into_inner();
    if *session.get() == crate::state::Session::Lab && actions.just_pressed(&Action::LabNext) {
        return; // `n` makes the lab's next level, not a step south-east
    }
    let here = game.dungeon().level().map.tile(game.player().at);
    let now = clock.now();
    let repeat = &mut clock.repeat;
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
    } else if pressed(&Action::Allies) {
        commands.write(PlayerCommand::Order);
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
    if repeat.action.is_some() {
        // The window draws only when something happens, and a key held down is nothing new:
        // ask for the frames that see the repeat come due.
        redraw.write(bevy::window::RequestRedraw);
    }
}

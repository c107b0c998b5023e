//! The player: spawned where the dungeon's current level is entered, and each command played as
//! a whole turn by the rules (`rules::play_round`: the player's action, then the monsters'). A
//! refusal is only a message and takes no turn; death or victory ends the run.

pub mod command;
pub mod input;
mod latency;
mod presses;

pub use latency::KeyToScreen;
pub use presses::{KeyQueue, PaceKeys, forget_keys};

use bevy::prelude::*;
use delve_core::dungeon::Dungeon;
use delve_core::geom::{Dir8, Pos};
use delve_core::rules::{self, Act};

use crate::actor::Player;
use crate::player::command::PlayerCommand;
use crate::state::{Focus, GameState, InPlay, Session};
use crate::turn::{Acted, Game, Happened, LevelEntered, Overheard, TurnSet};

/// Commands played as turns (from keys, the walker, or tests), and the player's entity.
pub fn plugin(app: &mut App) {
    app.add_message::<PlayerCommand>()
        .add_systems(
            OnEnter(GameState::Playing),
            spawn_player.in_set(crate::turn::Entering::World),
        )
        // A replay plays the recording's commands, never the player's.
        .add_systems(
            Update,
            play_turn
                .in_set(TurnSet::Act)
                .run_if(not(in_state(InPlay(Session::Replay)))),
        )
        .add_systems(
            Update,
            toggle_sneak
                .run_if(in_state(crate::state::Focus::Map))
                .in_set(TurnSet::Input),
        )
        .init_resource::<LastLook>()
        .add_systems(Update, summary_after_a_last_look.run_if(resource_exists::<RunEnded>))
        .add_systems(OnExit(GameState::Playing), |mut commands: Commands| {
            commands.remove_resource::<RunEnded>();
        });
}

/// How long the map stays on screen when a run ends, before its summary: a last look at what
/// happened (any key, or a click, goes on at once). Zero in headless tests.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastLook(pub std::time::Duration);

impl Default for LastLook {
    fn default() -> Self {
        LastLook(std::time::Duration::from_millis(1_800))
    }
}

/// The run ended at this time: its summary waits for the last look.
#[derive(Resource, Clone, Copy, Debug)]
struct RunEnded {
    at: std::time::Duration,
}

/// The summary, once the last look is over or a key or a click (pressed after the turn that
/// ended the run: this runs from the next frame) asks for it; frames keep coming meanwhile (the
/// window draws on events).
fn summary_after_a_last_look(
    ended: Res<RunEnded>,
    (time, look): (Res<Time>, Res<LastLook>),
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    mut next: ResMut<NextState<GameState>>,
    mut commands: Commands,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    // It runs from the frame after the run ended: a press now is a new one.
    let asked = keys.is_some_and(|k| k.get_just_pressed().next().is_some())
        || mouse.is_some_and(|m| m.get_just_pressed().next().is_some());
    if asked || time.elapsed() >= ended.at + look.0 {
        next.set(GameState::Ended);
        commands.remove_resource::<RunEnded>();
    } else {
        redraw.write(bevy::window::RequestRedraw);
    }
}

/// The player's entity, for its sprite and the keys it listens to (the player itself is the
/// run's).
pub(crate) fn spawn_player(
    mut commands: Commands,
    settings: Res<crate::settings::Settings>,
    layout: Res<crate::settings::KeyboardLayout>,
) {
    commands.spawn((
        Name::new("Player"),
        Player,
        crate::settings::input_map(&settings, &layout),
        DespawnOnExit(GameState::Playing),
    ));
}

/// `s` starts or stops sneaking (the player's, saved with the run: while it sneaks, every step,
/// by keys, travel or exploring, is a quiet one that takes two turns), and the log says which.
fn toggle_sneak(
    actions: Single<&leafwing_input_manager::prelude::ActionState<crate::action::Action>, With<Player>>,
    mut game: ResMut<Game>,
) {
    // A search bound to Shift with the sneak's key holds it too: a search is not a sneak.
    if !actions.just_pressed(&crate::action::Action::Sneak) || actions.just_pressed(&crate::action::Action::Search) {
        return;
    }
    let on = !game.player().sneaking;
    game.set_sneaking(on);
    game.0.say(if on {
        "You start sneaking: quieter steps, each taking two turns (s to walk)."
    } else {
        "You walk normally again."
    });
}

/// Why a command took no turn: nothing to say, a line to say, or a question to ask (which
/// gives the keyboard to `Focus::Choose`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NoTurn {
    Quiet,
    Say(&'static str),
    Ask(&'static str),
}

/// What a command asks the rules, given whether "close which door?" was asked (a direction
/// answers it and anything else lets it go) and whether the player sneaks: an act, or why no
/// turn is taken.
pub(crate) fn command_act(
    command: PlayerCommand,
    dungeon: &Dungeon,
    here: Pos,
    choosing: bool,
    sneaking: bool,
) -> Result<Act, NoTurn> {
    match command {
        PlayerCommand::Step(dir) if choosing => Ok(Act::Close(Dir8::from_pos(here, dir))),
        PlayerCommand::Cancel if choosing => Err(NoTurn::Say("Never mind.")),
        PlayerCommand::Cancel => Err(NoTurn::Quiet),
        PlayerCommand::Wait => Ok(Act::Wait),
        PlayerCommand::Search => Ok(Act::Search),
        PlayerCommand::Order => Ok(Act::Order),
        PlayerCommand::Descend => Ok(Act::Descend),
        PlayerCommand::Ascend => Ok(Act::Ascend),
        PlayerCommand::Step(dir) if sneaking => Ok(Act::Sneak(dir)),
        PlayerCommand::Step(dir) => Ok(Act::Step(dir)),
        PlayerCommand::Item(act) => Ok(act),
        PlayerCommand::CloseDoor => match rules::open_doors_around(&dungeon.level().map, here).as_slice() {
            [] => Err(NoTurn::Say("There is no open door next to you.")),
            [only] => Ok(Act::Close(*only)),
            _ => Err(NoTurn::Ask("Close which door? (a direction; Esc to cancel)")),
        },
    }
}

/// Where play stands, as a turn reads it: the focus (and the next), and whose run it is.
type Screens<'w> = (
    Option<Res<'w, State<Focus>>>,
    ResMut<'w, NextState<Focus>>,
    Option<Res<'w, State<Session>>>,
);

/// Plays one command as a turn (at most one per frame: each must see the world as the previous
/// one left it); the run tells the player what happened. A run that ended goes to its summary.
fn play_turn(
    mut commands: MessageReader<PlayerCommand>,
    mut game: ResMut<Game>,
    (focus, mut next_focus, session): Screens,
    mut entered: MessageWriter<LevelEntered>,
    (mut happened, mut overheard, mut acted): (MessageWriter<Happened>, MessageWriter<Overheard>, MessageWriter<Acted>),
    (mut ended, time, look, mut next): (Commands, Res<Time>, Res<LastLook>, ResMut<NextState<GameState>>),
) {
    let Some(&command) = commands.read().next() else { return };
    commands.clear();
    // Nothing is marked changed unless a turn is taken or a line is said.
    let run = &mut game.bypass_change_detection().0;
    // Whatever comes after a question answers it or lets it go.
    let choosing = focus.is_some_and(|f| *f.get() == Focus::Choose);
    if choosing {
        next_focus.set(Focus::Map);
    }
    let act = match command_act(command, run.dungeon(), run.player().at, choosing, run.player().sneaking) {
        Ok(act) => act,
        Err(NoTurn::Quiet) => return,
        Err(NoTurn::Say(text)) => {
            run.say(text);
            game.set_changed();
            return;
        }
        Err(NoTurn::Ask(text)) => {
            run.say(text);
            game.set_changed();
            next_focus.set(Focus::Choose);
            return;
        }
    };
    let used = match act {
        delve_core::rules::Act::Use(slot) => run.player().pack.get(usize::from(slot)).map(|item| item.kind),
        _ => None,
    };
    let played = run.play(act);
    let over = run.is_over();
    game.set_changed();
    if let Err(refusal) = played {
        acted.write(Acted::Refused(refusal));
    }
    if let Ok(round) = played {
        if let Some(kind) = used {
            acted.write(Acted::Used(kind));
        }
        happened.write_batch(round.happened.iter().copied().map(Happened));
        overheard.write_batch(round.heard.iter().copied().map(Overheard));
        if let Some(depth) = round.entered {
            entered.write(LevelEntered { depth });
        }
        // A death in the tutorial begins its lesson again (`screens::playing::tutorial`): no
        // summary.
        let tutorial = session.is_some_and(|s| *s.get() == Session::Tutorial);
        if over && !tutorial && look.0.is_zero() {
            next.set(GameState::Ended);
        } else if over && !tutorial {
            ended.insert_resource(RunEnded { at: time.elapsed() });
        }
    }
}

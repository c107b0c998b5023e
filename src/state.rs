//! Where the game is: loading its assets, at the title screen, playing, at the end of a run, or
//! stopped by an asset that would not load. The bottom of the shell: every screen and plugin
//! reads it, and it reads nothing of Delve's.

use bevy::prelude::*;

/// Which screen the game is on.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameState {
    /// Loading the assets.
    #[default]
    Loading,
    /// The title screen and its menus: continue, new run, settings, history.
    Title,
    /// A run on the map (what has the keyboard there: `Focus`).
    Playing,
    /// The run is over (death or victory): its summary, and the way to the next run.
    Ended,
    /// An asset would not load: the game says which and stops.
    LoadFailed,
}

/// What has the keyboard while playing: the map, or the one overlay over it. A state, so one
/// overlay at a time holds by construction (opening one leaves the map's focus, and only the
/// map's focus opens one); every overlay's entities go when its focus does
/// (`DespawnOnExit`), and every system that plays by key runs `in_state(Focus::Map)`.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(GameState = GameState::Playing)]
pub enum Focus {
    /// The map: keys move, act and open the rest.
    #[default]
    Map,
    /// The pack (`i`, or `f` for what to throw or zap).
    Pack,
    /// Aiming what is thrown or zapped.
    Aim,
    /// Looking at things (`v`).
    Look,
    /// The keys (F1 or ?).
    Help,
    /// The message log (P).
    Log,
    /// The overview map (M or Tab).
    Overview,
}

/// Which screen follows loading: the title screen, or straight into play when the command line
/// (or the page's address) named a run.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FirstScreen(pub GameState);

/// With the `dev` feature, every change of screen or focus is logged (`RUST_LOG=delve=info`).
#[cfg(feature = "dev")]
pub(crate) fn log_transitions(
    mut screens: MessageReader<StateTransitionEvent<GameState>>,
    mut focus: MessageReader<StateTransitionEvent<Focus>>,
) {
    for e in screens.read() {
        info!("screen: {:?} -> {:?}", e.exited, e.entered);
    }
    for e in focus.read() {
        info!("focus: {:?} -> {:?}", e.exited, e.entered);
    }
}

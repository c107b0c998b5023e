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
    Playing,
    /// The run is over (death or victory): its summary, and the way to the next run.
    Ended,
    LoadFailed,
}

/// Which screen follows loading: the title screen, or straight into play when the command line
/// (or the page's address) named a run.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FirstScreen(pub GameState);

//! Where the game is: loading its assets, at the title screen, playing, at the end of a run (its
//! summary), or stopped by an asset that would not load. Gameplay (turns, sight, the HUD) runs only while `Playing`;
//! what belongs to a screen is spawned with `DespawnOnExit` of it.

pub mod ended;
pub mod title;

use bevy::prelude::*;

#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameState {
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
pub struct FirstScreen(pub GameState);

/// The screens a player sees (the title's menus, the summary) and Ctrl+Q to quit from any of
/// them (playing, the run is saved first: `save::plugin`).
pub fn plugin(app: &mut App) {
    app.add_plugins((title::plugin, ended::plugin))
        .add_systems(Update, quit_on_ctrl_q);
}

fn quit_on_ctrl_q(keys: Res<ButtonInput<KeyCode>>, mut exit: MessageWriter<AppExit>) {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if cfg!(not(target_arch = "wasm32")) && ctrl && keys.just_pressed(KeyCode::KeyQ) {
        exit.write(AppExit::Success);
    }
}

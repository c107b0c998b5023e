//! The screens, one module each, each owning what it spawns (`DespawnOnExit` of its state):
//! loading (and an asset that would not load), the title and its menus, playing (`playing`: the
//! HUD, sidebar, overlays, the lab and the replay over the map), a run's summary, its offer
//! to the board (`submit`) and a death's review (`review`: could you have lived?); and the desktop window that holds them all, fitted to the screen
//! (`window`).

pub mod ended;
pub mod loading;
pub mod playing;
pub mod review;
pub mod scroll;
pub mod submit;
pub mod title;
pub mod window;

use bevy::prelude::*;

use crate::action::Action;
use crate::settings::{KeyboardLayout, Settings};
use crate::state::GameState;

/// The screens a player sees (the title's menus, the summary) and Ctrl+Q to quit from any of
/// them (playing, the run is saved first: `save::plugin`).
pub fn plugin(app: &mut App) {
    app.add_plugins((loading::plugin, title::plugin, window::plugin, scroll::plugin))
        .add_systems(
            Update,
            (
                quit_on_ctrl_q,
                ended::read_summary_keys.run_if(in_state(GameState::Ended)),
            ),
        );
}

/// Ctrl with the quit key (`q` unless rebound, following the keyboard's layout) quits; playing,
/// the run is saved first.
fn quit_on_ctrl_q(
    keys: Res<ButtonInput<KeyCode>>,
    (settings, layout): (Res<Settings>, Res<KeyboardLayout>),
    mut exit: MessageWriter<AppExit>,
) {
    // Ctrl held, or pressed and let go within this frame (a quick chord on a slow frame).
    let ctrls = [KeyCode::ControlLeft, KeyCode::ControlRight];
    let ctrl = keys.any_pressed(ctrls) || keys.any_just_released(ctrls);
    if cfg!(not(target_arch = "wasm32")) && ctrl && settings.bindings.just_pressed(Action::Quit, &keys, &layout) {
        exit.write(AppExit::Success);
    }
}

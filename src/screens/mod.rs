//! Where the game is: loading its assets, at the title screen, playing, at the end of a run (its
//! summary), or stopped by an asset that would not load. Gameplay (turns, sight, the HUD) runs only while `Playing`;
//! what belongs to a screen is spawned with `DespawnOnExit` of it.

pub mod ended;
pub mod title;

use bevy::prelude::*;

use crate::action::Action;
use crate::settings::{KeyboardLayout, Settings};
use crate::state::GameState;

/// The screens a player sees (the title's menus, the summary) and Ctrl+Q to quit from any of
/// them (playing, the run is saved first: `save::plugin`).
pub fn plugin(app: &mut App) {
    app.add_plugins(title::plugin).add_systems(
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

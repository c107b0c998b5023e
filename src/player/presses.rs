//! Every press counts: the window's key events are played to the keyboard state one change of a
//! key per frame, in the order they came, so a press and its release within one slow frame, or
//! two quick presses of the same key, are each seen as a press by the actions (leafwing reads
//! what is held, once a frame).
//!
//! Bevy folds a frame's key events into `ButtonInput<KeyCode>`: a key pressed and released
//! between two frames ends the frame not held, and a key pressed again while a tap of it was
//! still being shown is no new press. Both lost moves on slow frames (the browser under software
//! rendering, a loaded machine). Here the events wait in a queue instead, and each frame takes
//! from it in order until a key would change twice, or a second key other than a modifier would
//! go down: one press a frame, which is what a frame plays (one turn). Whatever is left waits for
//! the next frame, which is asked for at once.

use std::collections::VecDeque;

use bevy::input::ButtonState;
use bevy::input::keyboard::{KeyboardFocusLost, KeyboardInput};
use bevy::prelude::*;

/// Where the key events become the frame's keyboard state: whatever reads
/// `ButtonInput<KeyCode>` or the actions runs after it.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PaceKeys;

/// The key events not yet played, and the keys down as the game has been shown them.
#[derive(Resource, Debug, Default)]
pub struct KeyQueue {
    waiting: VecDeque<(KeyCode, ButtonState)>,
    down: Vec<KeyCode>,
}

impl KeyQueue {
    /// Key changes still waiting for a frame.
    pub fn waiting(&self) -> usize {
        self.waiting.len()
    }
}

/// Forgets every key pressed so far, waiting or down: what a screen that hands the keyboard to
/// play within a frame calls (a replay taken over by its `t`, which is also play's key for
/// orders), so that the key that did it is not played too.
pub fn forget_keys(world: &mut World) {
    if let Some(mut queue) = world.get_resource_mut::<KeyQueue>() {
        queue.waiting.clear();
        queue.down.clear();
    }
    if let Some(mut keys) = world.get_resource_mut::<ButtonInput<KeyCode>>() {
        keys.reset_all();
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<KeyQueue>()
        .add_message::<bevy::window::RequestRedraw>()
        .add_systems(OnEnter(crate::state::GameState::Playing), swallow_held_keys)
        .add_systems(
            PreUpdate,
            pace_key_events
                .in_set(PaceKeys)
                .after(bevy::input::InputSystems)
                .before(leafwing_input_manager::plugin::InputManagerSystem::Unify),
        );
}

/// Shift, Ctrl, Alt and the logo keys go down with the key they modify, in the same frame.
fn is_modifier(key: KeyCode) -> bool {
    matches!(
        key,
        KeyCode::ShiftLeft
            | KeyCode::ShiftRight
            | KeyCode::ControlLeft
            | KeyCode::ControlRight
            | KeyCode::AltLeft
            | KeyCode::AltRight
            | KeyCode::SuperLeft
            | KeyCode::SuperRight
    )
}

/// Keys held when play begins were pressed for the screen before it (the Enter that chose
/// Continue, the `n` that asked the summary for a new run, the F2 that left the lab): play does
/// not take them for presses of its own (`n` would be a first step south-east). They count as up
/// until they are let go; keys typed ahead, still waiting, are played as usual.
fn swallow_held_keys(mut queue: ResMut<KeyQueue>, mut keys: ResMut<ButtonInput<KeyCode>>) {
    queue.down.clear();
    keys.reset_all();
}

/// Replaces the state Bevy folded from this frame's events with the queue's next changes.
fn pace_key_events(
    mut events: MessageReader<KeyboardInput>,
    mut focus_lost: MessageReader<KeyboardFocusLost>,
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut queue: ResMut<KeyQueue>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    // The system's own repeats (a key held down) are not presses: held moves repeat by the
    // game's own clock.
    let new = events.read().filter(|e| !e.repeat).map(|e| (e.key_code, e.state));
    queue.waiting.extend(new);
    if !focus_lost.is_empty() {
        // The window lost the keyboard: nothing is held, and nothing typed before counts.
        focus_lost.clear();
        queue.waiting.clear();
        queue.down.clear();
    }
    if queue.waiting.is_empty() && !keys.is_changed() {
        return; // nothing new: the state shown last frame stands (Bevy cleared only its "just")
    }
    let KeyQueue { waiting, down } = &mut *queue;
    keys.reset_all();
    for &key in down.iter() {
        keys.press(key);
        keys.clear_just_pressed(key);
    }
    let mut changed: Vec<KeyCode> = Vec::new();
    let mut pressed = false;
    while let Some(&(key, state)) = waiting.front() {
        if changed.contains(&key) {
            break; // its next change is next frame's, so this one is seen
        }
        let held = down.contains(&key);
        match state {
            ButtonState::Pressed if held => {} // a second press with no release between
            ButtonState::Pressed => {
                if !is_modifier(key) {
                    if pressed {
                        break; // one press a frame
                    }
                    pressed = true;
                }
                keys.press(key);
                down.push(key);
                changed.push(key);
            }
            ButtonState::Released if !held => {}
            ButtonState::Released => {
                keys.release(key);
                down.retain(|&k| k != key);
                changed.push(key);
            }
        }
        waiting.pop_front();
    }
    if !waiting.is_empty() {
        // The window draws only on events: ask for the frame that plays the rest.
        redraw.write(bevy::window::RequestRedraw);
    }
}

//! Opening and closing an overlay by its key: the map's focus gives the keyboard to the overlay,
//! its key again (or Cancel) gives it back.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use leafwing_input_manager::prelude::ActionState;

use crate::action::Action;
use crate::actor::Player;
use crate::state::Focus;

/// What a toggle reads and sets: the player's keys, and what has the keyboard.
#[derive(SystemParam)]
pub struct FocusKeys<'w, 's> {
    actions: Single<'w, 's, &'static ActionState<Action>, With<Player>>,
    focus: Res<'w, State<Focus>>,
    next: ResMut<'w, NextState<Focus>>,
}

/// A system: `key` on the map opens `overlay`; `key` again, or Esc, closes it.
pub fn toggle_with(key: Action, overlay: Focus) -> impl FnMut(FocusKeys) {
    move |mut keys: FocusKeys| {
        let now = *keys.focus.get();
        let asked = keys.actions.just_pressed(&key);
        if now == Focus::Map && asked {
            keys.next.set(overlay);
        } else if now == overlay && (asked || keys.actions.just_pressed(&Action::Cancel)) {
            keys.next.set(Focus::Map);
        }
    }
}

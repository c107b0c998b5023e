//! Letter commands follow the keyboard's layout: each key typed teaches which letter it prints,
//! and the player's input map is made again before leafwing reads the keys.

use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use leafwing_input_manager::prelude::InputMap;

use super::{KeyboardLayout, Settings, input_map};
use crate::action::Action;

pub fn plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        learn_layout
            .after(bevy::input::InputSystems)
            .before(leafwing_input_manager::plugin::InputManagerSystem::Unify),
    );
}

/// Each letter typed tells which key prints it; when that is news, every input map is made
/// again before leafwing reads the keys, so the very press that taught it does its action.
fn learn_layout(
    mut typed: MessageReader<KeyboardInput>,
    mut layout: ResMut<KeyboardLayout>,
    settings: Res<Settings>,
    mut maps: Query<&mut InputMap<Action>>,
) {
    let mut news = false;
    for input in typed.read() {
        if let Key::Character(text) = &input.logical_key {
            let mut chars = text.chars();
            if let (Some(c), None) = (chars.next(), chars.next()) {
                news |= layout.learn(c, input.key_code);
            }
        }
    }
    if news || settings.is_changed() {
        for mut map in &mut maps {
            *map = input_map(&settings, &layout);
        }
    }
}

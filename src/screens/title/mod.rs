//! The title screen: Continue (the run saved last), Saved runs (any of them), New run (a random
//! or typed seed, the corridor style, the size), Settings (rebind any action, sight radius,
//! zoom), Run history and Quit, by keyboard or mouse. A saved run that cannot be read is listed
//! with why, and left as it is; one open in another Delve is marked and not opened twice. The
//! menus themselves are plain data (`menu`). Behind them, a lit room of the dungeon (`backdrop`).

mod act;
mod backdrop;
mod data;
mod draw;
mod input;
pub mod menu;

use bevy::prelude::*;

use crate::state::GameState;
use data::{TitleData, load_title_data};
use draw::{draw_menu, scroll_story, spawn_title};
use input::{click_menu_rows, menu_sounds, read_menu_keys};
use menu::Menu;

pub(crate) use data::TitleNotices;

pub fn plugin(app: &mut App) {
    app.init_resource::<Menu>()
        .init_resource::<TitleData>()
        .init_resource::<TitleNotices>()
        .add_systems(
            OnEnter(GameState::Title),
            (load_title_data, spawn_title, backdrop::spawn_backdrop).chain(),
        )
        .add_systems(
            Update,
            (read_menu_keys, click_menu_rows, menu_sounds, draw_menu, scroll_story)
                .chain()
                .run_if(in_state(GameState::Title)),
        );
}

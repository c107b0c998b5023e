//! The player's items on screen: the pack overlay (`menu`) and aiming what is thrown or zapped
//! (`aim`). What items do is the core's rules; this is only choosing and showing.

pub mod aim;
pub mod menu;

use bevy::prelude::*;

pub use aim::{Aim, Aiming, aiming};
pub use menu::{MenuKey, Outcome, PackMenu, Page, pack_page};

pub fn plugin(app: &mut App) {
    app.add_plugins((aim::plugin, menu::plugin));
}

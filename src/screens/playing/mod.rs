//! The playing screen: everything shown and asked for over the map while a run is played. The
//! HUD and the sidebar beside the map; the overlays that take the keyboard (`state::Focus`): the
//! pack and aiming (`items`), the boon owed at an experience level (`boons`), looking (`look`), the help and the log (`overlays`), the overview
//! map (`overview`); and the two sessions besides the player's own run (`state::Session`): the
//! generator lab (`lab`), a replay (`replay`) and the tutorial (`tutorial`); and a ghost raced
//! over the player's own run (`race`). The map itself, the turn and the player are
//! `render`, `turn` and `player`, which every session shares.
//!
//! What the parts share lies in `floor`, below them all: no part imports another (`.ci/layers.py`).
//!
//! A new overlay is a `Focus` variant, a plugin file here spawning it `OnEnter` of its focus with
//! `DespawnOnExit`, and its line below.

pub mod boons;
pub mod floor;
pub mod hints;
pub mod hud;
pub mod items;
pub mod lab;
pub mod look;
pub mod overlays;
pub mod overview;
pub mod pointer;
pub mod race;
pub mod replay;
pub mod sidebar;
pub mod tutorial;

use bevy::prelude::*;

/// The playing screen's parts that need a window, a GPU or a keyboard.
pub fn plugin(app: &mut App) {
    app.add_plugins((
        hud::plugin,
        sidebar::plugin,
        look::plugin,
        overlays::plugin,
        items::plugin,
        overview::plugin,
        lab::view::plugin,
        replay::plugin,
        pointer::plugin,
        boons::plugin,
        tutorial::bar_plugin,
    ));
}

/// The playing screen's parts that run headless (the lab's sessions and what it shows).
pub fn headless_plugin(app: &mut App) {
    app.add_plugins((lab::plugin, hints::plugin, tutorial::plugin, race::plugin));
}

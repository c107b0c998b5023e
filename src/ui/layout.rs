//! Where the interface's panels stand, shared by those that make room for each other: whether
//! the sidebar is shown, how wide it is, and whether the window is narrow (a phone held upright),
//! where the sidebar gives the map the width unless asked for.

use bevy::prelude::*;

/// The sidebar's width, in interface pixels (scaled with the interface).
pub const SIDEBAR_WIDTH: f32 = 250.0;

/// Below this width (interface pixels) the window is narrow: the sidebar would leave the map
/// less than a third of it, so it starts hidden there (F3 or the page's button shows it).
pub const NARROW: f32 = 600.0;

/// Whether a window `width` logical pixels wide, at the interface's `scale`, is narrow.
pub fn is_narrow(width: f32, scale: f32) -> bool {
    in_interface_pixels(width, scale) < NARROW
}

/// A `width` in logical pixels, in the interface's pixels at its `scale`.
fn in_interface_pixels(width: f32, scale: f32) -> f32 {
    width / scale.max(0.01)
}

/// The width of `window` in the interface's pixels; none in a headless app without one.
pub fn interface_width(window: Option<&Window>, scale: Option<&UiScale>) -> Option<f32> {
    window.map(|w| in_interface_pixels(w.resolution.width(), scale.map_or(1.0, |s| s.0)))
}

/// Whether `window` (none in a headless app: not narrow) is narrow at the interface's `scale`.
pub fn window_is_narrow(window: Option<&Window>, scale: Option<&UiScale>) -> bool {
    window.is_some_and(|w| is_narrow(w.resolution.width(), scale.map_or(1.0, |s| s.0)))
}

/// Whether the sidebar is shown (from the settings when a run starts; F3 changes it).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SidebarShown(pub bool);

impl Default for SidebarShown {
    fn default() -> Self {
        SidebarShown(true)
    }
}

/// How far from the left a panel that would stand at the left edge starts: right of the
/// sidebar while it is shown.
pub fn left_of_content(shown: bool) -> Val {
    Val::Px(if shown { SIDEBAR_WIDTH } else { 0.0 })
}

/// How much of the window's left edge the interface covers (the sidebar), in logical pixels:
/// the pointer there is over the interface, not the map, and the camera centres the player in
/// the rest.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct MapCover {
    /// The covered width from the left edge.
    pub left: f32,
}

/// Where a prompt over the map stands (looking, aiming): along the top, below the status line
/// and the replay's bar, right of the sidebar (when shown), its box centred there.
pub fn prompt_row(sidebar: bool) -> Node {
    Node {
        position_type: PositionType::Absolute,
        top: Val::Px(64.0),
        left: Val::Px(if sidebar { SIDEBAR_WIDTH } else { 0.0 } + 8.0),
        right: Val::Px(8.0),
        justify_content: JustifyContent::Center,
        ..default()
    }
}

/// Where the replay's bar stands: a strip of its own under the status line, right of the
/// sidebar (at the bottom it hid the log's last line, "You die...").
pub fn replay_bar(sidebar: bool) -> Node {
    Node {
        position_type: PositionType::Absolute,
        top: Val::Px(30.0),
        left: Val::Px(if sidebar { SIDEBAR_WIDTH } else { 0.0 } + 8.0),
        // A strip to the window's edge: on a narrow window its line wraps rather than running off.
        right: Val::Px(8.0),
        padding: UiRect::axes(Val::Px(8.0), Val::Px(3.0)),
        ..default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phone_upright_is_narrow_and_a_small_laptop_is_not() {
        assert!(is_narrow(360.0, 1.0));
        assert!(!is_narrow(1024.0, 1.0));
        // Larger text makes a window narrow sooner.
        assert!(is_narrow(800.0, 1.5));
        assert!(!is_narrow(800.0, 1.0));
    }
}

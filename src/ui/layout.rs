//! Where the interface's panels stand, shared by those that make room for each other: whether
//! the sidebar is shown, and how wide it is.

use bevy::prelude::*;

/// The sidebar's width, in interface pixels (scaled with the interface).
pub const SIDEBAR_WIDTH: f32 = 250.0;

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

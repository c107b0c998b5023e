//! The look of the interface: one palette (`palette`, every colour the shell draws with), one
//! type scale (`scale`), what is drawn over what (`layers`), the widgets screens and overlays are
//! built from (`widgets`), where panels stand (`layout`), what a screen says to a screen reader
//! (`spoken`), and the camera every screen draws through. No systems: plain bundles and data.

pub mod layers;
pub mod layout;
pub mod palette;
pub mod scale;
pub mod spoken;
pub mod widgets;

use bevy::prelude::*;

/// The 2D camera of every screen, without multisampling: Delve draws axis-aligned tiles with
/// nearest filtering, and text, where four samples a pixel smooth nothing; under the browser's
/// software WebGL (SwiftShader) they made every frame slower, and the first ones most.
pub(crate) fn plain_camera() -> impl Bundle {
    (Camera2d, Msaa::Off)
}

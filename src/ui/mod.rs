//! The look of the interface: one palette (`palette`, every colour the shell draws with), the
//! widgets screens and overlays are built from (`widgets`) and where panels stand (`layout`).
//! No systems: plain bundles and data.

pub mod layout;
pub mod palette;
pub mod widgets;

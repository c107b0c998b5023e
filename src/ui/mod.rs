//! The look of the interface: one palette (`palette`, every colour the shell draws with) and the
//! widgets screens and overlays are built from (`widgets`). No systems: plain bundles.

pub mod palette;
pub mod widgets;

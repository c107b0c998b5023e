//! The pieces screens and overlays are built from: a line of text, a swatch, a panel, and the
//! full-window layers that screens and overlays stand on.

use bevy::prelude::*;

use super::palette;

/// A line of text in `colour`.
pub(crate) fn label(text: impl Into<String>, size: f32, colour: Color) -> impl Bundle {
    (Text::new(text), TextFont::from_font_size(size), TextColor(colour))
}

/// A line of text in the interface's own colour.
pub fn text(text: impl Into<String>, size: f32) -> impl Bundle {
    label(text, size, palette::TEXT)
}

/// A coloured square of `side` pixels, as legends put beside their labels.
pub(crate) fn swatch(colour: Color, side: f32) -> impl Bundle {
    (
        Node {
            width: px(side),
            height: px(side),
            ..default()
        },
        BackgroundColor(colour),
    )
}

/// A layer over the whole window with its children centred: what a screen or an overlay stands
/// on.
pub(crate) fn full_window() -> Node {
    Node {
        position_type: PositionType::Absolute,
        width: percent(100),
        height: percent(100),
        justify_content: JustifyContent::Center,
        align_items: AlignItems::Center,
        ..default()
    }
}

/// The opaque panel an overlay stands in (help, the log, the pack): a padded column no bigger
/// than the window, its rows `row_gap` apart. What may be taller than the room goes in a
/// scrolling list inside it.
pub(crate) fn overlay_panel(row_gap: f32) -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Column,
            padding: UiRect::all(px(16)),
            row_gap: px(row_gap),
            max_width: percent(94),
            max_height: percent(94),
            ..default()
        },
        BackgroundColor(palette::OVERLAY),
    )
}

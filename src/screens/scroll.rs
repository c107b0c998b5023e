//! Lists taller than the window scroll: a `ScrollList` node keeps its `Cursor` row in view as the
//! keys move it (the settings, the history), and pages that have no cursor (help, the log) are
//! scrolled by PgUp/PgDn, Home/End, the arrows and the mouse wheel (`ScrollByKeys`). Rows
//! scrolled out of a list's view are clipped by its node; nothing else of a page moves.

use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::prelude::*;
use bevy::ui::UiSystems;
use bevy::window::RequestRedraw;

/// A node whose children scroll within it (it clips them and keeps a `ScrollPosition`).
#[derive(Component, Debug, Default)]
pub struct ScrollList;

/// The row a `ScrollList` keeps in view.
#[derive(Component, Debug, Default)]
pub struct Cursor;

/// A `ScrollList` the keys and the wheel scroll (a page with no cursor to follow).
#[derive(Component, Debug, Default)]
pub struct ScrollByKeys;

/// Logical pixels a line of the wheel or an arrow key scrolls.
pub const LINE: f32 = 24.0;

/// A scrolling list's node, scrolled `at` logical pixels down: it takes the room left in its
/// column (at most `max_height`), clips what does not fit and scrolls; its rows go in a column.
pub fn scroll_list(max_height: Val, at: f32) -> impl Bundle {
    scroll_list_of_width(Val::Auto, max_height, at)
}

/// A scrolling list `width` wide: its rows' words are laid out for that width at once (a list
/// as wide as its rows' shortest words wrapped them, and kept the height they had unwrapped,
/// so the title's menus showed eight rows whatever the window).
pub fn scroll_list_of_width(width: Val, max_height: Val, at: f32) -> impl Bundle {
    (
        ScrollList,
        Node {
            flex_direction: FlexDirection::Column,
            flex_shrink: 1.0,
            width,
            min_height: px(0),
            max_height,
            overflow: Overflow::scroll_y(),
            ..default()
        },
        ScrollPosition(Vec2::new(0.0, at)),
    )
}

pub fn plugin(app: &mut App) {
    app.add_message::<RequestRedraw>()
        .add_message::<MouseWheel>()
        .add_systems(Update, scroll_by_keys)
        .add_systems(PostUpdate, keep_the_cursor_in_view.after(UiSystems::Layout));
}

/// How far (logical pixels, down) to scroll a list whose visible part is `list_height` high so
/// that a row `row_top` below the list's top and `row_height` high is all in view: 0 if it is.
pub fn into_view(row_top: f32, row_height: f32, list_height: f32) -> f32 {
    if row_top < 0.0 {
        row_top
    } else if row_top + row_height > list_height {
        (row_top + row_height - list_height).min(row_top)
    } else {
        0.0
    }
}

/// After layout, a list whose cursor row has just moved (is new) and is (partly) out of its view
/// scrolls to show it; the next frame lays it out there. The wheel may then scroll it away.
fn keep_the_cursor_in_view(
    mut lists: Query<(Entity, &ComputedNode, &UiGlobalTransform, &mut ScrollPosition), With<ScrollList>>,
    cursors: Query<(Entity, &ComputedNode, &UiGlobalTransform), Added<Cursor>>,
    parents: Query<&ChildOf>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    for (row, node, at) in &cursors {
        let Some(owner) = parents.iter_ancestors(row).find(|&a| lists.contains(a)) else {
            continue;
        };
        let Ok((_, list, list_at, mut scroll)) = lists.get_mut(owner) else {
            continue;
        };
        let top = |n: &ComputedNode, t: &UiGlobalTransform| t.affine().translation.y - n.size.y / 2.0;
        let by = into_view(top(node, at) - top(list, list_at), node.size.y, list.size.y) * list.inverse_scale_factor;
        if by.abs() >= 0.5 {
            // From where the layout has it (it clamps a position past the end).
            let now = list.scroll_position.y * list.inverse_scale_factor;
            scroll.0.y = (now + by).max(0.0);
            redraw.write(RequestRedraw);
        }
    }
}

/// The wheel scrolls every list shown a line a notch; in a list with no cursor of its own
/// (`ScrollByKeys`), PgUp/PgDn scroll a page, the arrows a line, Home and End to either end.
fn scroll_by_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut wheel: MessageReader<MouseWheel>,
    mut lists: Query<(&ComputedNode, &mut ScrollPosition, Has<ScrollByKeys>), With<ScrollList>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let lines: f32 = wheel
        .read()
        .map(|w| match w.unit {
            MouseScrollUnit::Line => -w.y,
            MouseScrollUnit::Pixel => -w.y / LINE,
        })
        .sum();
    for (node, mut scroll, by_keys) in &mut lists {
        let page = (node.size.y * node.inverse_scale_factor - LINE).max(LINE);
        let mut by = lines * LINE;
        let keys = by_keys.then_some(&*keys);
        let pressed = |key| keys.is_some_and(|k| k.just_pressed(key));
        for (key, step) in [
            (KeyCode::PageDown, page),
            (KeyCode::PageUp, -page),
            (KeyCode::ArrowDown, LINE),
            (KeyCode::ArrowUp, -LINE),
        ] {
            if pressed(key) {
                by += step;
            }
        }
        let (home, end) = (pressed(KeyCode::Home), pressed(KeyCode::End));
        if by == 0.0 && !home && !end {
            continue;
        }
        let most = (node.content_size.y - node.size.y).max(0.0) * node.inverse_scale_factor;
        // From where the layout has it (it clamps a position past the end).
        let mut to = node.scroll_position.y * node.inverse_scale_factor + by;
        if home {
            to = 0.0;
        }
        if end {
            to = most;
        }
        scroll.0.y = to.clamp(0.0, most);
        redraw.write(RequestRedraw);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_out_of_view_is_scrolled_to_and_one_in_view_is_left() {
        // A list 100 high: rows within it stay; below it, scrolled down just enough; above, up.
        assert_eq!(into_view(10.0, 20.0, 100.0), 0.0);
        assert_eq!(into_view(80.0, 20.0, 100.0), 0.0);
        assert_eq!(into_view(90.0, 20.0, 100.0), 10.0);
        assert_eq!(into_view(250.0, 20.0, 100.0), 170.0);
        assert_eq!(into_view(-30.0, 20.0, 100.0), -30.0);
        // A row taller than the list shows its top.
        assert_eq!(into_view(50.0, 300.0, 100.0), 50.0);
    }
}

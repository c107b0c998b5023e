//! The pointer over the map, as hovering, clicking, aiming and looking all read it: where the mouse
//! or a finger is, the tile under it, a tap (a touch let go where it began), and whether the map
//! has the pointer at all (`OverMap`: what covers it, which the overview marks).

use bevy::prelude::*;
use bevy::ui::RelativeCursorPosition;
use delve_core::dungeon::Dungeon;
use delve_core::geom::Pos;

use crate::render::space::tile_under;
pub use crate::ui::layout::MapCover;

/// Something drawn over the map that takes the pointer from it: `Whole`, while it exists (the
/// overview map), or `WhenHovered`, while it shows and the pointer is over it (a map picture).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum OverMap {
    Whole,
    WhenHovered,
}

/// Where the pointer is over the map: the mouse cursor, else the latest touch; `None` when it is
/// over what `cover` covers (the sidebar) or outside the window.
pub fn pointer_position(window: &Window, touches: Option<&Touches>, cover: &MapCover) -> Option<Vec2> {
    window
        .cursor_position()
        .or_else(|| touches.and_then(|t| t.iter().last().map(|t| t.position())))
        .filter(|p| p.x >= cover.left)
}

/// The tile under a point of the primary window, through the game camera.
pub fn tile_at(dungeon: &Dungeon, window: &Window, camera: (&Transform, &Projection), at: Vec2) -> Pos {
    let scale = match camera.1 {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    let size = Vec2::new(window.width(), window.height());
    tile_under(&dungeon.level().map, at, size, camera.0.translation.truncate(), scale)
}

/// How far (logical pixels) a finger may slide and still tap: further, it swiped.
const TAP_SLOP: f32 = 12.0;

/// Where a tap ended this frame: a touch that began while the caller was reading them (`began`
/// keeps their ids), let go near where it began. A tap counts when the finger lifts, so that a
/// swipe (the page's steps), a long press (its look) or a pinch (its zoom) is no tap; and a
/// touch that began on another screen (a pack's row that closed it) taps nothing here.
pub fn tapped(touches: Option<&Touches>, began: &mut Vec<u64>) -> Option<Vec2> {
    let touches = touches?;
    began.extend(touches.iter_just_pressed().map(|t| t.id()));
    let mut tap = None;
    for t in touches.iter_just_released() {
        if let Some(i) = began.iter().position(|&id| id == t.id()) {
            began.swap_remove(i);
            if tap.is_none() && t.start_position().distance(t.position()) <= TAP_SLOP {
                tap = Some(t.position());
            }
        }
    }
    began.retain(|&id| touches.get_pressed(id).is_some());
    tap
}

/// True unless something over the map has the pointer (`OverMap`): the main map's pointer
/// (hover, click to travel) runs only then.
pub fn pointer_on_the_map(covers: Query<(&OverMap, Option<&RelativeCursorPosition>, &InheritedVisibility)>) -> bool {
    !covers.iter().any(|(over, cursor, shown)| match over {
        OverMap::Whole => true,
        OverMap::WhenHovered => shown.get() && cursor.is_some_and(RelativeCursorPosition::cursor_over),
    })
}

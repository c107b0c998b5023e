//! Where things are: a map tile's place in the world (map rows grow down, world y grows up), and
//! the tile under a point of the window. Shared by drawing, the lab's outlines
//! and the pointer.

use bevy::prelude::*;
use delve_core::geom::Pos;
use delve_core::map::TileMap;

use crate::assets::tiles;

/// Pixels per tile side in the world.
pub const TILE_PX: f32 = tiles::SIZE as f32;

/// Where the centre of map tile `p` is in the world (map y grows down, world y grows up).
pub fn world_pos(map: &TileMap, p: Pos) -> Vec2 {
    Vec2::new(p.x as f32 * TILE_PX, (map.height() as i32 - 1 - p.y) as f32 * TILE_PX)
}

/// The map tile under a point of the window: `cursor` in window pixels from the top left, for a
/// window of `window` pixels, a camera centred on `camera` (world) seeing `scale` world pixels
/// per window pixel. The inverse of `world_pos` (tile centres) through the camera; off the map
/// gives a position out of the map's bounds.
pub fn tile_under(map: &TileMap, cursor: Vec2, window: Vec2, camera: Vec2, scale: f32) -> Pos {
    let off = (cursor - window / 2.0) * scale;
    let world = camera + Vec2::new(off.x, -off.y);
    let column = (world.x / TILE_PX).round() as i32;
    let row_up = (world.y / TILE_PX).round() as i32;
    Pos::new(column, map.height() as i32 - 1 - row_up)
}

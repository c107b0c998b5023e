//! What is drawn over what: the z of each kind of thing on the map (world space), and the
//! global z-index of each layer of the interface over the map. One list, so a new thing finds
//! its place between the others rather than a number that happens to work.

/// The map's tiles, the bottom of the world.
pub const TILES: f32 = 0.0;
/// An altar under the item on it; a found trap.
pub const ALTAR: f32 = 4.0;
/// What a death leaves, over the floor and under what lies on it.
pub const REMAINS: f32 = 4.5;
/// Things lying on the floor: items, keys, the Heartstone.
pub const FLOOR_THING: f32 = 5.0;
/// Fire and gas, over what lies on the floor and under whoever stands in them.
pub const GAS: f32 = 6.0;
/// The lab's outlines of the BSP leaves.
pub const LAB_OUTLINE: f32 = 7.0;
/// Monsters, and what is written beside them.
pub const MONSTER: f32 = 8.0;
/// The dots of a walk the pointer plans.
pub const PATH: f32 = 9.0;
/// The player.
pub const PLAYER: f32 = 10.0;
/// What a turn's animations draw: a flight, a hit's flash, a door's swing (over the player).
pub const ANIMATION: f32 = 10.5;
/// The line a thrown thing or a zap would take.
pub const AIM_LINE: f32 = 11.0;
/// The mark on the map of the sidebar's row under the pointer.
pub const SIDEBAR_MARK: f32 = 11.4;
/// A cursor (aiming, looking): over everything in the world.
pub const CURSOR: f32 = 11.5;

/// The overview map, over the HUD and the sidebar.
pub const OVERVIEW: i32 = 10;
/// The replay's banner, over everything.
pub const BANNER: i32 = 20;

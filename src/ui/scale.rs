//! The type scale: every size text is set at, named by its role, so that a screen asks for
//! "body" or "small" and the whole interface changes together. The settings' text size scales
//! all of them at once (`UiScale`).

/// The game's name on the title screen.
pub const DISPLAY: f32 = 56.0;
/// A screen's or a summary's heading, and the loading line.
pub const TITLE: f32 = 20.0;
/// The rows of the title screen's menus.
pub const MENU: f32 = 22.0;
/// An overlay's title (the pack's), and the title screen's subtitle.
pub const HEADING: f32 = 18.0;
/// What is read: messages, menus, descriptions, prompts.
pub const BODY: f32 = 16.0;
/// The sidebar's player lines and banners: body text kept narrow beside the map.
pub const DENSE: f32 = 15.0;
/// Legends, hints, the gear line, the sidebar's rows.
pub const SMALL: f32 = 14.0;
/// Long text laid out as written (a run's story): small enough to fit a short window.
pub const FINE: f32 = 12.0;
/// Labels drawn on the map beside a monster (its health), in world pixels.
pub const ON_MAP: f32 = 9.0;
/// A monster's letter over its picture in the colour-blind palette, in world pixels: big
/// enough to read at the first zoom (a tile is 16).
pub const ON_MAP_LETTER: f32 = 12.0;

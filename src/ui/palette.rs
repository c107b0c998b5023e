//! Every colour Delve draws with, named by what it is for. Nothing else in the shell writes a
//! colour literal.

use bevy::prelude::*;
use delve_core::generation::CorridorStyle;
use delve_core::generation::anatomy::{Digger, Made};

/// Behind everything: the window's clear colour.
pub(crate) const BACKGROUND: Color = Color::BLACK;

/// Text, as most of the interface writes it.
pub(crate) const TEXT: Color = Color::srgb(0.85, 0.85, 0.78);
/// Text that matters less: hints, subtitles.
pub(crate) const TEXT_DIM: Color = Color::srgb(0.55, 0.55, 0.5);
/// A legend's labels.
pub(crate) const LEGEND_TEXT: Color = Color::srgb(0.75, 0.75, 0.7);
/// The title, the chosen row of a menu, a note the menu makes.
pub(crate) const GOLD: Color = Color::srgb(0.95, 0.8, 0.35);
/// A line about something that went wrong (a file set aside).
pub(crate) const WARN: Color = Color::srgb(1.0, 0.6, 0.45);
/// What the pointer is over, named on the HUD.
pub(crate) const HOVER_TEXT: Color = Color::srgb(0.95, 0.85, 0.35);
/// The dots of the way to the hovered tile.
pub(crate) const PATH_DOT: Color = Color::srgba(0.95, 0.85, 0.35, 0.55);

/// The summary of a run won.
pub(crate) const VICTORY: Color = Color::srgb(0.95, 0.85, 0.4);
/// The summary of a run lost.
pub(crate) const DEFEAT: Color = Color::srgb(0.95, 0.55, 0.5);
/// "Loading..."
pub(crate) const LOADING: Color = Color::srgb(0.8, 0.8, 0.7);
/// An asset that would not load.
pub(crate) const LOAD_FAILED: Color = Color::srgb(1.0, 0.55, 0.5);

/// Under the HUD's panels, the minimap and the hover line: opaque, so text never sits on the map.
pub(crate) const PANEL: Color = Color::srgb(0.0, 0.0, 0.0);
/// Under the lab's legend.
pub(crate) const LAB_PANEL: Color = Color::srgba(0.0, 0.0, 0.0, 0.7);
/// Under an overlay's text (help, the message log).
pub(crate) const OVERLAY: Color = Color::srgb(0.02, 0.02, 0.05);
/// Under the summary at the end of a run.
pub(crate) const SUMMARY: Color = Color::srgb(0.03, 0.03, 0.06);
/// Over the map while the overview is open.
pub(crate) const OVERVIEW: Color = Color::srgb(0.01, 0.01, 0.03);
/// Around a map picture.
pub(crate) const PICTURE_FRAME: Color = Color::srgba(0.08, 0.08, 0.14, 0.9);
/// The title screen's veil over the room behind its menu: dark enough for the menu to read at once.
pub(crate) const TITLE_VEIL: Color = Color::srgba(0.02, 0.02, 0.04, 0.86);
/// Behind the chosen row of a menu.
pub(crate) const CHOSEN_ROW: Color = Color::srgb(0.2, 0.18, 0.1);
/// Round a landmark on a map picture.
pub(crate) const MARKER_EDGE: Color = Color::BLACK;

/// The lab legend's title.
pub(crate) const LAB_TITLE: Color = Color::srgb(0.9, 0.9, 0.8);
/// The lab legend's rows.
pub(crate) const LAB_TEXT: Color = Color::srgb(0.8, 0.8, 0.75);
/// The lab legend's notes.
pub(crate) const LAB_NOTE: Color = Color::srgb(0.6, 0.6, 0.55);
/// The outlines of the BSP leaves in the lab.
pub(crate) const LEAF_OUTLINE: Color = Color::srgba(0.35, 0.9, 1.0, 0.55);

/// Health above half.
pub(crate) const HEALTH_GOOD: Color = Color::srgb(0.3, 0.8, 0.3);
/// Health above a quarter.
pub(crate) const HEALTH_LOW: Color = Color::srgb(0.9, 0.75, 0.2);
/// Health at a quarter or less.
pub(crate) const HEALTH_CRITICAL: Color = Color::srgb(0.95, 0.25, 0.2);
/// The player's health bar, filled to `share`: its colour for how much is left. In the
/// colour-blind palette, blue, orange and vermilion (Okabe and Ito's), told apart by red-green
/// blind eyes: blue against orange by hue, orange against vermilion by lightness.
pub(crate) fn health(share: f32, colour_blind: bool) -> Color {
    match (share > 0.5, share > 0.25, colour_blind) {
        (true, _, false) => HEALTH_GOOD,
        (false, true, false) => HEALTH_LOW,
        (false, false, false) => HEALTH_CRITICAL,
        (true, _, true) => Color::srgb(0.34, 0.71, 0.91),
        (false, true, true) => Color::srgb(0.9, 0.62, 0.0),
        (false, false, true) => Color::srgb(0.84, 0.37, 0.0),
    }
}
/// A monster's letter, over its picture in the colour-blind palette.
pub(crate) const MONSTER_LETTER: Color = Color::WHITE;
/// A hit's flash over the one hit (it fades).
pub(crate) const HIT_FLASH: Color = Color::srgba(1.0, 0.25, 0.2, 0.5);
/// An arrow in flight.
pub(crate) const ARROW: Color = Color::srgb(0.92, 0.88, 0.75);
/// A door's leaf as it swings.
pub(crate) const DOOR_LEAF: Color = Color::srgb(0.72, 0.5, 0.28);
/// Under the sidebar.
pub(crate) const SIDEBAR: Color = Color::srgb(0.02, 0.02, 0.04);
/// On the map, the tile of the sidebar row the pointer is over.
pub(crate) const SIDEBAR_MARK: Color = Color::srgba(0.4, 0.85, 1.0, 0.35);
/// The empty part of the player's health bar.
pub(crate) const HEALTH_EMPTY: Color = Color::srgb(0.35, 0.06, 0.06);
/// The empty part of a monster's health bar.
pub(crate) const MONSTER_HEALTH_EMPTY: Color = Color::srgb(0.35, 0.05, 0.05);
/// The empty part of a monster's health bar in the colour-blind palette: a dark grey, which no
/// colour of `health` can be mistaken for (dark red under green is the pair it avoids).
pub(crate) const MONSTER_HEALTH_EMPTY_CB: Color = Color::srgb(0.16, 0.16, 0.18);

/// A monster's health bar, filled to `share`: (filled, empty) colours, the filled one on the
/// player's scale (`health`), so the palette reads the same on every bar.
pub(crate) fn monster_health(share: f32, colour_blind: bool) -> (Color, Color) {
    let empty = if colour_blind {
        MONSTER_HEALTH_EMPTY_CB
    } else {
        MONSTER_HEALTH_EMPTY
    };
    (health(share, colour_blind), empty)
}

/// The line under an ally on the map (a light cyan, apart from every health colour).
pub(crate) const ALLY: Color = Color::srgb(0.35, 0.9, 1.0);
/// The line under a captive on the map: grey, its chains.
pub(crate) const CAPTIVE: Color = Color::srgb(0.62, 0.62, 0.66);
/// The line under a champion on the map: gold.
pub(crate) const CHAMPION: Color = Color::srgb(1.0, 0.78, 0.2);

/// A tile, key or relic in view with no light worked out (the lab): its own colours.
pub(crate) const IN_VIEW: Color = Color::WHITE;
/// A tile (or key, or the relic) remembered but not in view: dim and cool, below the darkest
/// tile in view (`lit`), so what is seen now never reads as what is remembered.
pub const REMEMBERED: Color = Color::srgb(0.2, 0.22, 0.34);

/// How bright a tile in view under a light of brightness `light` (in `light::FULL`ths) is
/// drawn: never darker than about a third (what is in view reads apart from what is
/// remembered), rising steeply through the dark and gently past full light, up to 1.23.
fn lit_brightness(light: u16) -> f32 {
    let x = f32::from(light) / f32::from(delve_core::fov::light::FULL);
    0.28 + 0.95 * (1.0 - (-1.6 * x).exp())
}

/// A tile in view under `light`: as bright as the light (`lit_brightness`, times `flicker`: 1 is
/// steady) and tinted by its colour, the tint drawn stronger than the light's own mix so that a
/// torch reads warm, fungus green, lava red and the deep's ambient light cold.
pub fn lit(light: delve_core::fov::light::Rgb, flicker: f32) -> Color {
    let top = light.brightness().max(1);
    let b = lit_brightness(top) * flicker;
    let tint = |c: u16| (1.0 - 1.5 * (1.0 - f32::from(c) / f32::from(top))).max(0.3) * b;
    Color::srgb(tint(light.r), tint(light.g), tint(light.b))
}

/// `colour` at map tile `p` with the grain of the stone: each tile a little lighter or darker
/// and warmer or colder than its neighbours (up to 6 % a channel, the same for a tile every time:
/// a hash of its place), as Brogue varies each cell's colours, so that a floor under one light
/// is not one flat colour.
pub fn grain(colour: Color, p: delve_core::geom::Pos) -> Color {
    let mut h = (p.x as u32).wrapping_mul(0x9E37_79B9) ^ (p.y as u32).wrapping_mul(0x85EB_CA6B);
    h ^= h >> 15;
    h = h.wrapping_mul(0x2C1B_3C6D);
    h ^= h >> 12;
    let jitter = |shift: u32| 1.0 + (((h >> shift) & 0xFF) as f32 / 255.0 - 0.5) * 0.12;
    let c = colour.to_srgba();
    let shade = jitter(0);
    Color::srgba(
        c.red * shade * jitter(8).sqrt(),
        c.green * shade * jitter(16).sqrt(),
        c.blue * shade * jitter(24).sqrt(),
        c.alpha,
    )
}

/// Something drawn in its own tint (an item, a key, a trap) in view under `light`: only as bright
/// as the light, never tinted by it, so a tint (and the colour-blind palette's) reads the same in
/// every light.
pub(crate) fn lit_grey(light: delve_core::fov::light::Rgb) -> Color {
    let v = lit_brightness(light.brightness()).min(1.0);
    Color::srgb(v, v, v)
}

/// A tile known only from magic mapping, never seen: dim violet, as Brogue draws what its map
/// showed, so the rooms still to walk read apart from the ones walked.
pub const MAPPED: Color = Color::srgb(0.36, 0.26, 0.58);

/// A colour from 8-bit channels (tables shared with pictures drawn on the CPU).
pub(crate) fn rgb([r, g, b]: [u8; 3]) -> Color {
    Color::srgb_u8(r, g, b)
}

/// The tint of the corridors each digger dug, in the lab.
pub fn digger(d: Digger) -> Color {
    rgb(match d {
        Digger::Style(CorridorStyle::LShaped) => [255, 150, 50],
        Digger::Style(CorridorStyle::Chunked) => [100, 220, 80],
        Digger::Style(CorridorStyle::NetHack) => [80, 140, 255],
        Digger::Style(CorridorStyle::AStar) => [250, 235, 80],
        Digger::Style(CorridorStyle::Axis) => [240, 100, 220],
        Digger::Style(CorridorStyle::Pipe) => [60, 225, 225],
        Digger::Style(CorridorStyle::DeadZone) => [225, 50, 60],
        Digger::Style(CorridorStyle::Hallways) => [150, 100, 255],
        Digger::Style(CorridorStyle::Mixed) | Digger::Loop => [235, 235, 235],
    })
}

/// The tint of what the terrain stage made, in the lab (pale, so the tiles still read).
pub fn made(m: Made) -> Color {
    rgb(match m {
        Made::Cave => [230, 180, 120],
        Made::Cross => [150, 230, 150],
        Made::Circle => [140, 200, 255],
        Made::Prefab => [255, 160, 230],
        Made::Lake => [120, 170, 255],
        Made::River => [90, 240, 240],
        Made::Meadow => [200, 255, 120],
        Made::Secret => [255, 80, 80],
    })
}

/// The look's cursor.
pub(crate) const LOOK_CURSOR: Color = Color::srgba(0.4, 0.85, 1.0, 0.35);
/// The line of fire while aiming.
pub(crate) const AIM_LINE: Color = Color::srgba(1.0, 0.85, 0.3, 0.8);
/// Where the line of fire meets a monster.
pub(crate) const AIM_HIT: Color = Color::srgba(1.0, 0.3, 0.2, 0.95);
/// The aim's cursor on a tile in sight.
pub(crate) const AIM_CURSOR: Color = Color::srgba(1.0, 0.85, 0.3, 0.3);
/// The aim's cursor on a tile out of sight (it cannot be aimed at).
pub(crate) const AIM_BLOCKED: Color = Color::srgba(0.6, 0.6, 0.6, 0.3);
/// The stone an altar's item stands on, and a sealed one's cage.
pub(crate) const ALTAR: Color = Color::srgba(0.95, 0.8, 0.35, 0.35);
pub(crate) const SEALED: Color = Color::srgb(0.35, 0.35, 0.4);

#[cfg(test)]
mod tests {
    use super::*;

    /// Red-green blind eyes tell the colour-blind bars apart: no filled colour is green, the
    /// empty part is a grey (never the dark red under green the palette exists to avoid); above
    /// half is blue against the orange below it (the blue-yellow axis those eyes keep), and a
    /// quarter or less is darker than the orange above it.
    #[test]
    fn the_colour_blind_health_bars_avoid_green_on_red() {
        let srgb = |c: Color| {
            let c = c.to_srgba();
            (c.red, c.green, c.blue)
        };
        let lightness = |c: Color| {
            let (r, g, b) = srgb(c);
            0.2126 * r + 0.7152 * g + 0.0722 * b
        };
        let shares = [1.0, 0.4, 0.1];
        let mut lights = Vec::new();
        for share in shares {
            let (filled, empty) = monster_health(share, true);
            let (r, g, b) = srgb(filled);
            assert!(!(g > r && g > b), "{share}: green {filled:?}");
            let (er, eg, eb) = srgb(empty);
            assert!(
                (er - eg).abs() < 0.05 && (eg - eb).abs() < 0.05,
                "{share}: not grey {empty:?}"
            );
            assert_eq!(filled, health(share, true), "the player's scale, on every bar");
            lights.push(lightness(filled));
        }
        let (r, _, b) = srgb(health(1.0, true));
        assert!(b > r, "above half: blue");
        for share in [0.4, 0.1] {
            let (r, _, b) = srgb(health(share, true));
            assert!(r > b, "{share}: orange to vermilion");
        }
        assert!(lights[1] > lights[2] + 0.1, "{lights:?}");
        // The usual palette keeps its green to red.
        assert_eq!(monster_health(1.0, false), (HEALTH_GOOD, MONSTER_HEALTH_EMPTY));
    }

    #[test]
    fn light_tints_and_what_is_in_view_reads_apart_from_what_is_remembered() {
        use delve_core::fov::light::{Rgb, ambient, tile_glow};
        let srgb = |c: Color| c.to_srgba();
        let remembered = srgb(REMEMBERED);
        for depth in 1..=10 {
            let dark = srgb(lit(ambient(depth), 1.0));
            assert!(
                dark.red + dark.green > remembered.red + remembered.green + 0.1,
                "level {depth}"
            );
            assert!(dark.blue >= dark.red, "the ambient light is cool");
        }
        let deep = srgb(lit(ambient(10), 1.0));
        let top = srgb(lit(ambient(1), 1.0));
        assert!(top.green > deep.green + 0.3, "deeper is darker");
        let torch = tile_glow(delve_core::map::Tile::Torch).unwrap().colour;
        let warm = srgb(lit(torch.plus(ambient(5)), 1.0));
        assert!(warm.red > warm.blue + 0.3, "a torch reads warm: {warm:?}");
        let fungus = tile_glow(delve_core::map::Tile::Fungus).unwrap().colour;
        let green = srgb(lit(fungus.plus(ambient(5)), 1.0));
        assert!(green.green > green.red + 0.3, "fungus reads green: {green:?}");
        assert!(srgb(lit(Rgb::new(400, 400, 400), 1.0)).red <= 1.25);
    }
}

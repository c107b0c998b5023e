//! How a kind is shown, as data in its row of the table (`Kind::stats`, `ItemKind::stats`):
//! the letter it is known by (as in Brogue and NetHack, with its shape it tells kinds apart
//! without colour), its tile in Delve's tileset (`assets/tiles/make_tileset.py` draws them), and
//! its colour. Every view reads it: the tiles, the colour-blind letters, the sidebar, the docs.

/// How a kind is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Look {
    /// The letter it is known by.
    pub glyph: char,
    /// Its tile in the tileset (16x16 pixels, 8 to a row).
    pub tile: u32,
    /// Its colour (sRGB): a monster's as its tile shows it, an item's tint (a potion's is its
    /// look in the run: `Lore::potion_rgb`).
    pub rgb: [u8; 3],
}

/// A look: `glyph`, `tile`, `rgb`.
pub const fn look(glyph: char, tile: u32, rgb: [u8; 3]) -> Look {
    Look { glyph, tile, rgb }
}

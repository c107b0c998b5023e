//! The game's assets (bevy_asset_loader): the `Loading` state loads the tileset (built into the
//! binary, so the game runs from any directory) and continues to the title screen or straight
//! into play (`state::FirstScreen`), or to `LoadFailed` naming what would not load. What the
//! player sees meanwhile is `screens::loading`.

use bevy::asset::UntypedAssetLoadFailedEvent;
use bevy::prelude::*;
use bevy_asset_loader::prelude::*;

use crate::state::GameState;

/// Tiles in the tileset, by index (16x16 pixels each, 8 to a row; drawn by
/// `assets/tiles/make_tileset.py` in the order of `assets/tiles/tiles.txt`, the one table of
/// their numbers, which a test holds these to).
pub mod tiles {
    pub(crate) const WALL: u32 = 0;
    pub const FLOOR: u32 = 1;
    pub const CORRIDOR: u32 = 2;
    pub const DOOR_CLOSED: u32 = 3;
    pub const DOOR_OPEN: u32 = 4;
    pub(crate) const DOOR_LOCKED: u32 = 5;
    pub(crate) const PLAYER: u32 = 6;
    pub(crate) const STAIRS_DOWN: u32 = 7;
    pub(crate) const STAIRS_UP: u32 = 8;
    pub(crate) const KEY: u32 = 9;
    /// The first six monster tiles (a kind's is in its row: `Kind::stats().look.tile`).
    #[cfg(test)]
    pub(crate) const MONSTERS: u32 = 10;
    /// The next six monster tiles.
    #[cfg(test)]
    pub(crate) const MORE_MONSTERS: u32 = 24;
    pub(crate) const RELIC: u32 = 16;
    /// A pale corridor floor, tinted by the style that dug it (the generator lab).
    pub const LAB_CORRIDOR: u32 = 17;
    /// The item tiles: one per `Class` but food (`RATION`), in `Class::ALL` order (a kind's is in its row).
    #[cfg(test)]
    pub(crate) const ITEMS: u32 = 18;
    /// Terrain: grass, shallow water, deep water, lava, chasm, bridge, ashes.
    pub(crate) const GRASS: u32 = 33;
    pub(crate) const SHALLOW_WATER: u32 = 34;
    pub(crate) const DEEP_WATER: u32 = 35;
    pub(crate) const LAVA: u32 = 36;
    pub(crate) const CHASM: u32 = 37;
    pub(crate) const BRIDGE: u32 = 38;
    pub(crate) const ASHES: u32 = 39;
    /// A ring, a staff and a charm (pale, tinted as the items are).
    #[cfg(test)]
    pub(crate) const RING: u32 = 60;
    #[cfg(test)]
    pub(crate) const STAFF: u32 = 61;
    #[cfg(test)]
    pub(crate) const CHARM: u32 = 62;
    /// Crystal (pale, tinted): wall a scroll of shattering turned to glass.
    pub(crate) const CRYSTAL: u32 = 67;
    /// A torch on a wall, and glowing fungus on a floor.
    pub(crate) const TORCH: u32 = 68;
    pub(crate) const FUNGUS: u32 = 69;
    /// The walls and floors of the first levels (moss, roots) and of the deepest (crystal veins,
    /// bone): the middle levels keep `WALL` and `FLOOR`.
    pub const MOSSY_WALL: u32 = 70;
    pub const ROOTED_FLOOR: u32 = 71;
    pub const DEEP_WALL: u32 = 72;
    pub const BONE_FLOOR: u32 = 73;
    /// What a death leaves on the floor for a while (pale, tinted by the kind that died).
    pub(crate) const REMAINS: u32 = 74;
    /// The armour the player wears, drawn over its tunic (pale, tinted by the armour).
    pub(crate) const WORN_ARMOUR: u32 = 75;
    /// A trap (pale, tinted by its kind: `TrapKind::stats().look`).
    pub(crate) const TRAP: u32 = 40;
    /// Fire, drawn over the tile that burns.
    pub(crate) const FIRE: u32 = 41;
    /// Gas (pale, tinted), drawn over the tile it hangs on.
    pub(crate) const GAS: u32 = 42;
    /// A pile of gold.
    pub(crate) const GOLD: u32 = 43;
    /// A ration (pale, tinted as the items are): food's own picture, after the six classes'.
    #[cfg(test)]
    pub(crate) const RATION: u32 = 44;
    /// Tiles drawn in the tileset (8 to a row): the worn armour is the last.
    #[cfg(test)]
    pub(crate) const COUNT: u32 = 76;
    /// Side of a tile in pixels.
    pub(crate) const SIZE: u32 = 16;
}

/// The path of the tileset under `assets/`, and in the binary (`embedded://`).
pub(crate) const TILESET_PATH: &str = "tiles/tileset.png";

#[derive(AssetCollection, Resource, Clone, Debug)]
pub struct GameAssets {
    #[asset(path = "embedded://tiles/tileset.png")]
    #[asset(image(sampler(filter = nearest)))]
    pub tileset: Handle<Image>,
    #[asset(texture_atlas_layout(tile_size_x = 16, tile_size_y = 16, columns = 8, rows = 10))]
    pub layout: Handle<TextureAtlasLayout>,
}

impl GameAssets {
    /// A sprite of tile `index` of the tileset (`tiles`).
    pub(crate) fn sprite(&self, index: u32) -> Sprite {
        Sprite::from_atlas_image(
            self.tileset.clone(),
            TextureAtlas {
                layout: self.layout.clone(),
                index: index as usize,
            },
        )
    }
}

/// Why loading failed: the files and errors, as the asset server reported them.
#[derive(Resource, Clone, Debug, Default)]
pub(crate) struct LoadFailures(pub Vec<String>);

impl LoadFailures {
    /// Every failure, joined by `separator`; a general sentence if the server named none.
    pub(crate) fn describe(&self, separator: &str) -> String {
        if self.0.is_empty() {
            "an asset failed to load".to_owned()
        } else {
            self.0.join(separator)
        }
    }
}

pub fn plugin(app: &mut App) {
    // The tileset is built into the binary: an installed `delve` runs from any directory.
    app.world_mut()
        .resource_mut::<bevy::asset::io::embedded::EmbeddedAssetRegistry>()
        .insert_asset(
            std::path::PathBuf::new(),
            std::path::Path::new(TILESET_PATH),
            include_bytes!("../assets/tiles/tileset.png").as_slice(),
        );
    let first = app
        .world()
        .get_resource::<crate::state::FirstScreen>()
        .map_or(GameState::Playing, |f| f.0);
    app.init_state::<GameState>()
        .init_resource::<LoadFailures>()
        .add_loading_state(
            LoadingState::new(GameState::Loading)
                .continue_to_state(first)
                .on_failure_continue_to_state(GameState::LoadFailed)
                .load_collection::<GameAssets>(),
        )
        .add_systems(Update, record_load_failures);
}

fn record_load_failures(mut failed: MessageReader<UntypedAssetLoadFailedEvent>, mut failures: ResMut<LoadFailures>) {
    for event in failed.read() {
        let line = format!("assets/{}: {}", event.path, event.error);
        error!("could not load {line}");
        failures.0.push(line);
    }
}

#[cfg(test)]
mod tests {
    use super::tiles;

    /// The tileset's size in tiles, read from its PNG header (width and height, big-endian, at
    /// bytes 16 to 24).
    fn tileset_size() -> (u32, u32) {
        let png = include_bytes!("../assets/tiles/tileset.png");
        let word = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
        (word(16) / tiles::SIZE, word(20) / tiles::SIZE)
    }

    #[test]
    fn the_atlas_layout_covers_every_tile_drawn() {
        let (columns, rows) = tileset_size();
        assert!(
            tiles::COUNT <= columns * rows,
            "{} tiles on a {columns}x{rows} sheet",
            tiles::COUNT
        );
        // The layout the sprites are cut by is written in an attribute: it must name the sheet's
        // grid, or a sprite past its end draws the whole sheet (it did, for the trap tile).
        let source = include_str!("assets.rs");
        let layout = format!("tile_size_x = 16, tile_size_y = 16, columns = {columns}, rows = {rows}");
        assert!(source.contains(&layout), "the atlas layout is not {layout}");
        for tile in [tiles::TRAP, tiles::FIRE, tiles::GAS, tiles::GOLD, tiles::RATION] {
            assert!(tile < tiles::COUNT);
        }
        for kind in delve_core::world::TrapKind::ALL {
            assert_eq!(kind.stats().look.tile, tiles::TRAP, "{kind:?}");
        }
    }

    /// Every tile number the game draws with is the index of its name in
    /// assets/tiles/tiles.txt, the table the tileset script draws by: the shell's, and the
    /// catalogs' rows (a monster's tile is its name's, an item's its own or its class's).
    #[test]
    fn every_tile_number_is_the_table_s() {
        let table: Vec<&str> = include_str!("../assets/tiles/tiles.txt")
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        let at = |name: &str| table.iter().position(|&n| n == name).map(|i| i as u32);
        let named = [
            (tiles::WALL, "wall"),
            (tiles::FLOOR, "room floor"),
            (tiles::CORRIDOR, "corridor floor"),
            (tiles::DOOR_CLOSED, "closed door"),
            (tiles::DOOR_OPEN, "open door"),
            (tiles::DOOR_LOCKED, "locked door"),
            (tiles::PLAYER, "player"),
            (tiles::STAIRS_DOWN, "stairs down"),
            (tiles::STAIRS_UP, "stairs up"),
            (tiles::KEY, "key"),
            (tiles::MONSTERS, "rat"),
            (tiles::MORE_MONSTERS, "kobold"),
            (tiles::RELIC, "heartstone"),
            (tiles::LAB_CORRIDOR, "lab corridor"),
            (tiles::ITEMS, "potion"),
            (tiles::GRASS, "grass"),
            (tiles::SHALLOW_WATER, "shallow water"),
            (tiles::DEEP_WATER, "deep water"),
            (tiles::LAVA, "lava"),
            (tiles::CHASM, "chasm"),
            (tiles::BRIDGE, "bridge"),
            (tiles::ASHES, "ashes"),
            (tiles::CRYSTAL, "crystal"),
            (tiles::TORCH, "torch"),
            (tiles::FUNGUS, "glowing fungus"),
            (tiles::MOSSY_WALL, "mossy wall"),
            (tiles::ROOTED_FLOOR, "rooted floor"),
            (tiles::DEEP_WALL, "deep wall"),
            (tiles::BONE_FLOOR, "bone floor"),
            (tiles::REMAINS, "remains"),
            (tiles::WORN_ARMOUR, "worn armour"),
            (tiles::RING, "ring"),
            (tiles::STAFF, "staff"),
            (tiles::CHARM, "charm"),
            (tiles::TRAP, "trap"),
            (delve_core::world::TRAP_TILE, "trap"),
            (tiles::FIRE, "fire"),
            (tiles::GAS, "gas"),
            (tiles::GOLD, "gold"),
            (tiles::RATION, "ration"),
        ];
        for (number, name) in named {
            assert_eq!(Some(number), at(name), "{name}");
        }
        assert_eq!(tiles::COUNT as usize, table.len());
        for kind in delve_core::world::Kind::ALL {
            assert_eq!(Some(kind.stats().look.tile), at(kind.name()), "{kind:?}");
        }
        for kind in delve_core::world::ItemKind::ALL {
            let class = format!("{:?}", kind.class()).to_lowercase();
            let own = at(kind.name()).or_else(|| at(&class));
            assert_eq!(Some(kind.stats().look.tile), own, "{kind:?}");
        }
    }
}

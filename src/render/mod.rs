//! Drawing the run: the level as tiles in chunks (`tiles`), the keys and the player (`sprites`), the
//! items seen (`items`), found traps, fire and gas (`terrain`), the monsters in view and the relic (`monsters`), and the camera that follows the player
//! (`camera`), the short animations of what a turn did (`animate`), the glide of a step (`glide`), and the flames' flicker (`light`). Everything drawn for a level is `LevelScoped`: changing level despawns it, and it
//! is made again from the new level and the player's memory of it.

pub mod animate;
pub mod camera;
pub mod gear;
pub mod glide;
pub mod items;
pub mod light;
pub mod monsters;
pub mod remains;
pub mod shown;
pub mod space;
pub mod sprites;
pub mod terrain;
pub mod tiles;

use bevy::prelude::*;

pub use camera::{GameCamera, ZOOMS};
pub use tiles::{CHUNK, MapChunk, MapLayer, drawn, drawn_at, tile_index, tile_index_at};

/// Everything drawn over the headless tile looks: the chunks' quads, sprites, monsters and the
/// camera.
pub fn plugin(app: &mut App) {
    app.add_plugins((
        tiles::gpu_plugin,
        sprites::plugin,
        items::plugin,
        terrain::plugin,
        monsters::plugin,
        camera::plugin,
        animate::plugin,
        light::plugin,
        glide::plugin,
        remains::plugin,
        gear::plugin,
    ));
}

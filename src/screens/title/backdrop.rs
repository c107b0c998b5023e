//! Behind the title's menu, a room of the dungeon: the lava room near the bottom of seed 4
//! (level 9), as the player would find it standing at its stairs, lit by the lava and by the
//! player's own light, the rest of the level dark. Made from the generator and the light rules
//! the game plays by, drawn large and dimmed under the menu.

use bevy::prelude::*;
use delve_core::dungeon::Dungeon;
use delve_core::fov::light::{LightMap, own_glow, view_window};
use delve_core::fov::visible_tiles;
use delve_core::generation::GenParams;
use delve_core::geom::Pos;

use crate::assets::{GameAssets, tiles};
use crate::render::space::TILE_PX;
use crate::render::tiles::tile_look;
use crate::state::GameState;

/// The room shown: a run's seed and a depth.
const SEED: u64 = 4;
const DEPTH: u32 = 9;
/// How far round the stairs the room is drawn, in tiles (what the player would see).
const SEES: u32 = 14;
/// How many times the tiles' own size the room is drawn.
const ZOOM: f32 = 2.5;

/// The backdrop's root (its tiles are its children).
#[derive(Component, Debug)]
pub(super) struct Backdrop;

/// Draws the room under the menu (nothing if the level cannot be made).
pub(super) fn spawn_backdrop(mut commands: Commands, assets: Res<GameAssets>) {
    let Ok(dungeon) = Dungeon::new(GenParams {
        seed: SEED,
        depth: DEPTH,
        ..GenParams::default()
    }) else {
        return;
    };
    let map = &dungeon.level().map;
    let start = map.start();
    let mut light = LightMap::default();
    light.light_up(map, DEPTH, std::iter::empty(), 0, view_window(start, SEES));
    light.carry(Some((start, own_glow(DEPTH))));
    let seen = visible_tiles(map, start, SEES);
    // Centred on what is seen (the stairs lie at the room's edge).
    let n = seen.len().max(1) as f32;
    let middle = seen
        .iter()
        .fold(Vec2::ZERO, |sum, p| sum + Vec2::new(p.x as f32, p.y as f32))
        / n;
    let root = commands
        .spawn((
            Name::new("Title backdrop"),
            Backdrop,
            Transform::from_scale(Vec3::splat(ZOOM)).with_translation(
                (Vec2::new(start.x as f32 - middle.x, middle.y - start.y as f32) * TILE_PX * ZOOM).extend(0.0),
            ),
            Visibility::default(),
            DespawnOnExit(GameState::Title),
        ))
        .id();
    let tile = |index: u32, color: Color, p: Pos, z: f32| {
        let mut sprite = assets.sprite(index);
        sprite.color = color;
        let at = Vec2::new((p.x - start.x) as f32, (start.y - p.y) as f32) * TILE_PX;
        (sprite, Transform::from_translation(at.extend(z)), ChildOf(root))
    };
    for p in seen {
        let look = tile_look(Some(map.tile(p)), (true, false), Some((light.at(p), 1.0)), DEPTH);
        commands.spawn(tile(look.index, look.color, p, 0.0));
    }
    commands.spawn(tile(tiles::PLAYER, Color::WHITE, start, 1.0));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_room_is_lit_by_its_lava_and_dark_beyond() {
        let dungeon = Dungeon::new(GenParams {
            seed: SEED,
            depth: DEPTH,
            ..GenParams::default()
        })
        .unwrap();
        let map = &dungeon.level().map;
        let start = map.start();
        let seen = visible_tiles(map, start, SEES);
        let lava = seen
            .iter()
            .filter(|&&p| map.tile(p) == delve_core::map::Tile::Lava)
            .count();
        assert!(lava > 10, "the lava room: {lava} lava tiles in sight");
        let mut light = LightMap::default();
        light.light_up(map, DEPTH, std::iter::empty(), 0, view_window(start, SEES));
        let lit = seen.iter().filter(|&&p| light.lit(p)).count();
        assert!(lit > 20 && lit < seen.len(), "{lit} of {} lit", seen.len());
    }
}

//! The level as tiles (bevy_ecs_tilemap): a tile entity for each map tile the player has seen,
//! whose look (texture, colour, shown or hidden) follows what the player sees and remembers, or,
//! in the generator lab, the level as it was made. Needs no GPU: headless tests run it.
//!
//! Tiles never seen are not drawn, so they get no entity until they first come into view: a
//! 1024x1024 map starts with a few hundred tile entities instead of a million. After the first
//! build, a turn touches only the tiles that were or are in view (a door can only change look
//! in view: out of sight the player's memory of it is drawn), never the whole map.

use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;
use delve_core::fov::{LevelMemory, Viewshed};
use delve_core::geom::Pos;
use delve_core::map::{DoorState, Tile, TileMap};

use crate::actor::LevelScoped;
use crate::assets::{GameAssets, tiles};
use crate::lab::{LabView, Revealed, digger_colour};
use crate::turn::{Game, TurnSet};
use crate::ui::palette;
use crate::world_space::{TILE_PX, tile_pos};

/// How a tile is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Look {
    pub index: u32,
    pub color: Color,
    pub shown: bool,
}

/// The texture of a tile.
pub const fn tile_index(tile: Tile) -> u32 {
    match tile {
        Tile::Wall => tiles::WALL,
        Tile::Floor => tiles::FLOOR,
        Tile::Corridor => tiles::CORRIDOR,
        Tile::Door(DoorState::Closed) => tiles::DOOR_CLOSED,
        Tile::Door(DoorState::Open) => tiles::DOOR_OPEN,
        Tile::Door(DoorState::Locked) => tiles::DOOR_LOCKED,
        Tile::StairsDown => tiles::STAIRS_DOWN,
        Tile::StairsUp => tiles::STAIRS_UP,
    }
}

/// The look of a spot the player remembers as `remembered` (in view, that is what is there now):
/// in view, drawn in full; remembered, dimmed; never seen, not drawn.
pub(crate) fn tile_look(remembered: Option<Tile>, visible: bool) -> Look {
    Look {
        index: remembered.map_or(tiles::WALL, tile_index),
        color: if visible { palette::IN_VIEW } else { palette::REMEMBERED },
        shown: remembered.is_some(),
    }
}

/// How the generator lab draws `p`: whatever is there, a corridor tinted by the style that dug
/// it (with no record of the level's making, untinted).
pub(crate) fn lab_look(map: &TileMap, revealed: &Revealed, p: Pos) -> Look {
    match revealed.anatomy.as_ref().and_then(|a| a.digger(map, p)) {
        Some(digger) => Look {
            index: tiles::LAB_CORRIDOR,
            color: digger_colour(digger),
            shown: true,
        },
        None => Look {
            index: tile_index(map.tile(p)),
            color: palette::IN_VIEW,
            shown: true,
        },
    }
}

/// What the drawing of a level reads: the level, the player's memory of it and view, and the
/// lab's view of it when the lab is on.
struct Sight<'a> {
    map: &'a TileMap,
    memory: Option<&'a LevelMemory>,
    viewshed: &'a Viewshed,
    revealed: Option<&'a Revealed>,
}

impl Sight<'_> {
    /// The look of `p`: in the lab, the level as made; else as the player sees and remembers it.
    fn look_at(&self, p: Pos) -> Look {
        match self.revealed {
            Some(r) => lab_look(self.map, r, p),
            None => tile_look(self.memory.and_then(|m| m.get(p)), self.viewshed.is_visible(p)),
        }
    }
}

/// The tilemap entity.
#[derive(Component, Debug)]
pub struct MapLayer;

/// Builds the map layer when a level is entered (or the lab changes), and keeps tile looks in
/// step with what the player sees.
pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            rebuild_for_lab,
            spawn_map_layer.run_if(resource_exists::<GameAssets>.and_then(not(any_with_component::<MapLayer>))),
            update_tile_looks.run_if(resource_exists_and_changed::<Game>),
        )
            .chain()
            .in_set(TurnSet::Show),
    );
}

/// The lab coming on or going off (or showing another level) draws the level again from
/// scratch: the tiles are despawned here and made again by `spawn_map_layer`.
fn rebuild_for_lab(
    mut commands: Commands,
    mut lab: LabView,
    layer: Query<Entity, With<MapLayer>>,
    tiles: Query<Entity, With<TilePos>>,
) {
    if !lab.look().1 {
        return;
    }
    for entity in layer.iter().chain(&tiles) {
        commands.entity(entity).try_despawn();
    }
}

pub(super) fn spawn_map_layer(
    mut commands: Commands,
    game: Res<Game>,
    assets: Res<GameAssets>,
    revealed: Option<Res<Revealed>>,
) {
    let map = &game.dungeon.level().map;
    let sight = Sight {
        map,
        memory: game.player.memory.level(game.dungeon.depth()),
        viewshed: game.sight(),
        revealed: revealed.as_deref(),
    };
    let size = TilemapSize {
        x: map.width(),
        y: map.height(),
    };
    let layer = commands.spawn_empty().id();
    let mut storage = TileStorage::empty(size);
    // Only the tiles shown now (in view, or remembered from an earlier visit), by the same test
    // `update_tile_looks` applies as the rest come into view.
    for i in 0..map.tiles().len() {
        let p = map.pos_of(i);
        let look = sight.look_at(p);
        if look.shown {
            let position = tile_pos(map, p);
            storage.set(&position, commands.spawn(tile_bundle(layer, position, look)).id());
        }
    }
    let tile_size = TilemapTileSize { x: TILE_PX, y: TILE_PX };
    commands.entity(layer).insert((
        Name::new("Map layer"),
        MapLayer,
        LevelScoped,
        TilemapBundle {
            grid_size: tile_size.into(),
            size,
            storage,
            texture: TilemapTexture::Single(assets.tileset.clone()),
            tile_size,
            anchor: TilemapAnchor::None,
            ..default()
        },
    ));
}

fn tile_bundle(layer: Entity, position: TilePos, look: Look) -> impl Bundle {
    (
        TileBundle {
            position,
            tilemap_id: TilemapId(layer),
            texture_index: TileTextureIndex(look.index),
            color: TileColor(look.color),
            visible: TileVisible(look.shown),
            ..default()
        },
        LevelScoped,
    )
}

/// Redraws the tiles whose look may have changed: last turn's view and this turn's view (in the
/// lab, where anything may be seen, every door too). Components are written only when the look
/// really differs; a tile seen for the first time gets its entity.
fn update_tile_looks(
    mut commands: Commands,
    game: Res<Game>,
    layer: Single<(Entity, &mut TileStorage), With<MapLayer>>,
    mut tiles: Query<(&mut TileTextureIndex, &mut TileColor, &mut TileVisible)>,
    revealed: Option<Res<Revealed>>,
) {
    let map = &game.dungeon.level().map;
    let viewshed = game.sight();
    let sight = Sight {
        map,
        memory: game.player.memory.level(game.dungeon.depth()),
        viewshed,
        revealed: revealed.as_deref(),
    };
    let (layer, mut storage) = layer.into_inner();
    let doors = sight.revealed.map_or(&[][..], |r| &r.doors);
    for &p in viewshed.previous().iter().chain(viewshed.visible()).chain(doors) {
        if !map.in_bounds(p) {
            continue; // last turn's view on a level of another size
        }
        let position = tile_pos(map, p);
        let look = sight.look_at(p);
        let Some(entity) = storage.get(&position) else {
            if look.shown {
                storage.set(&position, commands.spawn(tile_bundle(layer, position, look)).id());
            }
            continue;
        };
        let Ok((mut index, mut color, mut shown)) = tiles.get_mut(entity) else {
            continue;
        };
        index.set_if_neq(TileTextureIndex(look.index));
        if color.0 != look.color {
            color.0 = look.color;
        }
        shown.set_if_neq(TileVisible(look.shown));
    }
}

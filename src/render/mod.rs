//! Drawing the dungeon with bevy_ecs_tilemap: a tile entity for each map tile the player has
//! seen, whose look (texture, colour, shown or hidden) follows what the player sees and
//! remembers; the player's sprite on top; a camera that follows the player.
//!
//! Tiles never seen are not drawn, so they get no entity until they first come into view: a
//! 1024x1024 map starts with a few hundred tile entities instead of a million. After the first
//! build, a turn touches only the tiles that were or are in view and the doors that changed,
//! never the whole map.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_ecs_tilemap::prelude::*;

use crate::assets::{GameAssets, GameState, tiles};
use crate::fov::Viewshed;
use crate::generation::{Door, GridPos};
use crate::map::{DoorState, Pos, Tile, TileMap};
use crate::player::Player;
use crate::player::input::Action;
use crate::turn::TurnSet;
use leafwing_input_manager::prelude::ActionState;

/// Pixels per tile side in the world.
pub const TILE_PX: f32 = tiles::SIZE as f32;
/// Colour of tiles remembered but not in view.
pub const REMEMBERED: Color = Color::srgb(0.32, 0.32, 0.4);
/// Screen pixels per world pixel, from the first zoom step.
pub const ZOOMS: [f32; 4] = [1.0, 2.0, 3.0, 4.0];

/// How a tile is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Look {
    pub index: u32,
    pub color: Color,
    pub shown: bool,
}

/// The look of `tile`: in view, drawn in full; remembered, dimmed; never seen, not drawn.
pub fn tile_look(tile: Tile, visible: bool, explored: bool) -> Look {
    let index = match tile {
        Tile::Wall => tiles::WALL,
        Tile::Floor => tiles::FLOOR,
        Tile::Corridor => tiles::CORRIDOR,
        Tile::Door(DoorState::Closed) => tiles::DOOR_CLOSED,
        Tile::Door(DoorState::Open) => tiles::DOOR_OPEN,
        Tile::Door(DoorState::Locked) => tiles::DOOR_LOCKED,
    };
    let color = if visible { Color::WHITE } else { REMEMBERED };
    Look {
        index,
        color,
        shown: visible || explored,
    }
}

/// The tilemap entity.
#[derive(Component, Debug)]
pub struct MapLayer;

/// The game camera, with its zoom step.
#[derive(Component, Debug, Default)]
pub struct GameCamera {
    pub zoom: usize,
}

/// Where the centre of map tile `p` is in the world (map y grows down, world y grows up).
pub fn world_pos(map: &TileMap, p: Pos) -> Vec2 {
    Vec2::new(p.x as f32 * TILE_PX, (map.height() as i32 - 1 - p.y) as f32 * TILE_PX)
}

fn tile_pos(map: &TileMap, p: Pos) -> TilePos {
    TilePos {
        x: p.x as u32,
        y: map.height() - 1 - p.y as u32,
    }
}

/// Tile looks without the GPU side: what headless tests run.
pub fn looks_plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            spawn_map_layer.run_if(resource_exists::<GameAssets>.and_then(not(any_with_component::<MapLayer>))),
            update_tile_looks.run_if(resource_changed::<Viewshed>.or_else(any_match_filter::<Changed<Door>>)),
        )
            .chain()
            .in_set(TurnSet::Show),
    );
}

/// Everything drawn: the tilemap renderer, tile looks, the player sprite and the camera.
pub fn plugin(app: &mut App) {
    app.add_plugins((TilemapPlugin, looks_plugin))
        .add_systems(OnEnter(GameState::Playing), spawn_camera)
        .add_systems(
            Update,
            (spawn_player_sprite, place_player_sprite, zoom_camera, follow_player)
                .chain()
                .after(spawn_map_layer)
                .in_set(TurnSet::Show)
                .run_if(in_state(GameState::Playing)),
        );
}

fn spawn_map_layer(mut commands: Commands, map: Res<TileMap>, viewshed: Res<Viewshed>, assets: Res<GameAssets>) {
    let size = TilemapSize {
        x: map.width(),
        y: map.height(),
    };
    let layer = commands.spawn_empty().id();
    let mut storage = TileStorage::empty(size);
    // Only the tiles shown at the start (in view, or remembered on a loaded map), by the same
    // test `update_tile_looks` applies as the rest come into view.
    for i in 0..map.tiles().len() {
        let p = map.pos_of(i);
        let look = tile_look(map.tiles()[i], viewshed.is_visible(p), map.is_explored(p));
        if look.shown {
            let position = tile_pos(&map, p);
            storage.set(&position, commands.spawn(tile_bundle(layer, position, look)).id());
        }
    }
    let tile_size = TilemapTileSize { x: TILE_PX, y: TILE_PX };
    commands.entity(layer).insert((
        Name::new("Map layer"),
        MapLayer,
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

fn tile_bundle(layer: Entity, position: TilePos, look: Look) -> TileBundle {
    TileBundle {
        position,
        tilemap_id: TilemapId(layer),
        texture_index: TileTextureIndex(look.index),
        color: TileColor(look.color),
        visible: TileVisible(look.shown),
        ..default()
    }
}

/// Redraws the tiles whose look may have changed: last turn's view, this turn's view, and doors
/// that opened or closed. Components are written only when the look really differs; a tile
/// seen for the first time gets its entity.
fn update_tile_looks(
    mut commands: Commands,
    map: Res<TileMap>,
    viewshed: Res<Viewshed>,
    layer: Single<(Entity, &mut TileStorage), With<MapLayer>>,
    doors: Query<&GridPos, Changed<Door>>,
    mut tiles: Query<(&mut TileTextureIndex, &mut TileColor, &mut TileVisible)>,
) {
    let (layer, mut storage) = layer.into_inner();
    let candidates = viewshed
        .previous()
        .iter()
        .chain(viewshed.visible())
        .chain(doors.iter().map(|g| &g.0));
    for &p in candidates {
        let position = tile_pos(&map, p);
        let look = tile_look(map.tile(p), viewshed.is_visible(p), map.is_explored(p));
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

fn spawn_camera(mut commands: Commands) {
    commands.spawn((
        Name::new("Camera"),
        Camera2d,
        GameCamera { zoom: 1 },
        Projection::Orthographic(OrthographicProjection {
            scale: 1.0 / ZOOMS[1],
            ..OrthographicProjection::default_2d()
        }),
    ));
}

/// The player before its sprite is added.
type PlayerWithoutSprite = (With<Player>, Without<Sprite>);
/// The player, on a frame when it moved.
type PlayerMoved = (With<Player>, Changed<GridPos>);

fn spawn_player_sprite(
    mut commands: Commands,
    assets: Res<GameAssets>,
    map: Res<TileMap>,
    player: Single<(Entity, &GridPos), PlayerWithoutSprite>,
) {
    let (entity, pos) = *player;
    commands.entity(entity).insert((
        Sprite::from_atlas_image(
            assets.tileset.clone(),
            TextureAtlas {
                layout: assets.layout.clone(),
                index: tiles::PLAYER as usize,
            },
        ),
        Transform::from_translation(world_pos(&map, pos.0).extend(10.0)),
    ));
}

fn place_player_sprite(map: Res<TileMap>, mut player: Single<(&GridPos, &mut Transform), PlayerMoved>) {
    let (pos, ref mut transform) = *player;
    transform.translation = world_pos(&map, pos.0).extend(10.0);
}

fn zoom_camera(
    actions: Single<&ActionState<Action>, With<Player>>,
    mut camera: Single<(&mut GameCamera, &mut Projection)>,
) {
    let (ref mut cam, ref mut projection) = *camera;
    let zoom = if actions.just_pressed(&Action::ZoomIn) {
        (cam.zoom + 1).min(ZOOMS.len() - 1)
    } else if actions.just_pressed(&Action::ZoomOut) {
        cam.zoom.saturating_sub(1)
    } else {
        return;
    };
    cam.zoom = zoom;
    if let Projection::Orthographic(ortho) = &mut **projection {
        ortho.scale = 1.0 / ZOOMS[zoom];
    }
}

/// Glides the camera to the player; keeps asking for frames only while it is still moving.
fn follow_player(
    time: Res<Time>,
    player: Single<&Transform, (With<Player>, Without<GameCamera>)>,
    mut camera: Single<&mut Transform, With<GameCamera>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let target = player.translation.truncate();
    let here = camera.translation.truncate();
    let gap = target - here;
    // A jump (the first frame) is taken at once; a step is glided.
    if gap.length() < 0.5 || gap.length() > TILE_PX * 24.0 {
        if gap != Vec2::ZERO {
            camera.translation = target.extend(camera.translation.z);
        }
        return;
    }
    // Exponential ease: most of the way in about a tenth of a second, whatever the frame rate.
    let t = 1.0 - (-time.delta_secs().min(0.1) * 18.0).exp();
    camera.translation = (here + gap * t).extend(camera.translation.z);
    redraw.write(RequestRedraw);
}

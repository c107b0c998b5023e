//! Drawing the level with bevy_ecs_tilemap: a tile entity for each map tile the player has
//! seen, whose look (texture, colour, shown or hidden) follows what the player sees and
//! remembers; keys lying on the floor, monsters in view and the relic (`monsters`), and the
//! player's sprite on top; a camera that follows the player. Everything drawn for a level is `LevelScoped`: changing level despawns it, and it is
//! made again from the new level and the player's memory of it.
//!
//! Tiles never seen are not drawn, so they get no entity until they first come into view: a
//! 1024x1024 map starts with a few hundred tile entities instead of a million. After the first
//! build, a turn touches only the tiles that were or are in view (a door can only change look
//! in view: out of sight the player's memory of it is drawn), never the whole map.

pub mod monsters;

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_ecs_tilemap::prelude::*;

use crate::actor::{GridPos, LevelScoped, Player};
use crate::assets::{GameAssets, tiles};
use crate::dungeon::Dungeon;
use crate::fov::{LevelMemory, Memory, Viewshed};
use crate::lab::{LabView, Revealed, digger_colour};
use crate::map::{DoorState, Pos, Tile, TileMap};
use crate::player::input::Action;
use crate::screens::GameState;
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
pub fn tile_look(remembered: Option<Tile>, visible: bool) -> Look {
    Look {
        index: remembered.map_or(tiles::WALL, tile_index),
        color: if visible { Color::WHITE } else { REMEMBERED },
        shown: remembered.is_some(),
    }
}

/// How the generator lab draws `p`: whatever is there, a corridor tinted by the style that dug
/// it (with no record of the level's making, untinted).
pub fn lab_look(map: &TileMap, revealed: &Revealed, p: Pos) -> Look {
    match revealed.anatomy.as_ref().and_then(|a| a.digger(map, p)) {
        Some(digger) => Look {
            index: tiles::LAB_CORRIDOR,
            color: digger_colour(digger),
            shown: true,
        },
        None => Look {
            index: tile_index(map.tile(p)),
            color: Color::WHITE,
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

/// The game camera, with its zoom step.
#[derive(Component, Debug, Default)]
pub struct GameCamera {
    pub zoom: usize,
}

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

fn tile_pos(map: &TileMap, p: Pos) -> TilePos {
    TilePos {
        x: p.x as u32,
        y: map.height() - 1 - p.y as u32,
    }
}

/// The player's view and memory, as the drawing reads them.
type PlayerSight<'a> = (Ref<'a, Viewshed>, &'a Memory);

/// Tile looks without the GPU side: what headless tests run.
pub fn looks_plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            rebuild_for_lab,
            spawn_map_layer.run_if(resource_exists::<GameAssets>.and_then(not(any_with_component::<MapLayer>))),
            update_tile_looks.run_if(
                any_match_filter::<(With<Player>, Changed<Viewshed>)>
                    .or_else(resource_exists::<Revealed>.and_then(resource_changed::<Dungeon>)),
            ),
        )
            .chain()
            .in_set(TurnSet::Show),
    );
}

/// Everything drawn: the tilemap renderer, tile looks, keys, the player sprite and the camera.
pub fn plugin(app: &mut App) {
    app.add_plugins((TilemapPlugin, looks_plugin))
        .init_resource::<Settling>()
        .add_systems(OnEnter(GameState::Playing), (spawn_camera, start_settling))
        .add_systems(Update, draw_while_settling.run_if(in_state(GameState::Playing)))
        .add_systems(
            Update,
            (
                show_keys,
                monsters::show_monsters,
                monsters::show_relic,
                spawn_player_sprite,
                place_player_sprite,
                zoom_camera,
                follow_player,
            )
                .chain()
                .after(spawn_map_layer)
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

fn spawn_map_layer(
    mut commands: Commands,
    dungeon: Res<Dungeon>,
    player: Single<PlayerSight, With<Player>>,
    assets: Res<GameAssets>,
    revealed: Option<Res<Revealed>>,
) {
    let (viewshed, memory) = player.into_inner();
    let map = &dungeon.level().map;
    let sight = Sight {
        map,
        memory: memory.level(dungeon.depth()),
        viewshed: &viewshed,
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
    dungeon: Res<Dungeon>,
    player: Single<PlayerSight, With<Player>>,
    layer: Single<(Entity, &mut TileStorage), With<MapLayer>>,
    mut tiles: Query<(&mut TileTextureIndex, &mut TileColor, &mut TileVisible)>,
    revealed: Option<Res<Revealed>>,
) {
    let (viewshed, memory) = player.into_inner();
    let map = &dungeon.level().map;
    let sight = Sight {
        map,
        memory: memory.level(dungeon.depth()),
        viewshed: &viewshed,
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

/// Frames still to be drawn after play starts: the window redraws only on events, and a new run
/// begun without one (the browser lab panel's "New level") takes a few frames to settle (the
/// level drawn, the lab's view of it worked out, then drawn).
#[derive(Resource, Debug, Default)]
struct Settling(u8);

fn start_settling(mut settling: ResMut<Settling>) {
    settling.0 = 4;
}

fn draw_while_settling(mut settling: ResMut<Settling>, mut redraw: MessageWriter<RequestRedraw>) {
    if settling.0 > 0 {
        settling.0 -= 1;
        redraw.write(RequestRedraw);
    }
}

fn spawn_camera(mut commands: Commands, settings: Res<crate::settings::Settings>) {
    let zoom = settings.zoom.min(ZOOMS.len() - 1);
    commands.spawn((
        Name::new("Camera"),
        DespawnOnExit(GameState::Playing),
        Camera2d,
        GameCamera { zoom },
        Projection::Orthographic(OrthographicProjection {
            scale: 1.0 / ZOOMS[zoom],
            ..OrthographicProjection::default_2d()
        }),
    ));
}

/// A key lying on the floor, drawn where the player has seen it.
#[derive(Component, Debug)]
pub struct KeySprite(pub Pos);

/// Draws the keys of the current level that the player has seen (dimmed out of view), and
/// removes the sprites of keys picked up. Derived from the level's keys and the player's memory
/// each turn.
fn show_keys(
    mut commands: Commands,
    assets: Res<GameAssets>,
    dungeon: Res<Dungeon>,
    player: Single<PlayerSight, With<Player>>,
    mut sprites: Query<(Entity, &KeySprite, &mut Sprite)>,
    mut lab: LabView,
) {
    let (viewshed, memory) = player.into_inner();
    let (lab, lab_changed) = lab.look();
    if !(dungeon.is_changed() || viewshed.is_changed() || lab_changed) {
        return;
    }
    let level = dungeon.level();
    let memory = memory.level(dungeon.depth());
    // In the lab every key is shown; else those the player has seen.
    let seen = |p: Pos| lab || memory.is_some_and(|m| m.is_explored(p));
    let colour = |p: Pos| {
        if lab || viewshed.is_visible(p) {
            Color::WHITE
        } else {
            REMEMBERED
        }
    };
    for (entity, key, mut sprite) in &mut sprites {
        if level.key_at(key.0).is_some() && seen(key.0) {
            sprite.color = colour(key.0);
        } else {
            commands.entity(entity).despawn();
        }
    }
    for key in &level.keys {
        if seen(key.at) && !sprites.iter().any(|(_, s, _)| s.0 == key.at) {
            let mut sprite = Sprite::from_atlas_image(
                assets.tileset.clone(),
                TextureAtlas {
                    layout: assets.layout.clone(),
                    index: tiles::KEY as usize,
                },
            );
            sprite.color = colour(key.at);
            commands.spawn((
                Name::new("Key"),
                KeySprite(key.at),
                LevelScoped,
                sprite,
                Transform::from_translation(world_pos(&level.map, key.at).extend(5.0)),
            ));
        }
    }
}

/// The player before its sprite is added.
type PlayerWithoutSprite = (With<Player>, Without<Sprite>);
/// The player, on a frame when it moved.
type PlayerMoved = (With<Player>, Changed<GridPos>);

fn spawn_player_sprite(
    mut commands: Commands,
    assets: Res<GameAssets>,
    dungeon: Res<Dungeon>,
    player: Single<(Entity, &GridPos), PlayerWithoutSprite>,
) {
    let map = &dungeon.level().map;
    let (entity, pos) = *player;
    commands.entity(entity).insert((
        Sprite::from_atlas_image(
            assets.tileset.clone(),
            TextureAtlas {
                layout: assets.layout.clone(),
                index: tiles::PLAYER as usize,
            },
        ),
        Transform::from_translation(world_pos(map, pos.0).extend(10.0)),
    ));
}

fn place_player_sprite(dungeon: Res<Dungeon>, mut player: Single<(&GridPos, &mut Transform), PlayerMoved>) {
    let (pos, ref mut transform) = *player;
    transform.translation = world_pos(&dungeon.level().map, pos.0).extend(10.0);
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

//! The level as tiles, in chunks of 32x32 (Bevy's own `TilemapChunk`: one quad and one small
//! texture of tile data per chunk, drawn in one call), whose looks (texture, colour) follow what
//! the player sees and remembers, or, in the generator lab, the level as it was made. The looks
//! are plain data on the chunk entities: headless tests read them without a GPU, and the renderer
//! gets its quad only in the windowed game (`attach_chunk_quads`).
//!
//! A level shown whole costs a few bytes a tile, not an entity a tile: a 1024x1024 level in the
//! lab is 1,024 chunks. Chunks with nothing seen in them are not made until something in them
//! comes into view, and after the first build a turn touches only the tiles that were or are in
//! view (a door can only change look in view: out of sight the player's memory of it is drawn),
//! so only the chunks under the view are sent to the GPU again.

use bevy::asset::RenderAssetUsages;
use bevy::image::TextureFormatPixelInfo;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension};
use bevy::sprite_render::{AlphaMode2d, TileData, TilemapChunk, TilemapChunkTileData};
use delve_core::fov::light::{LightMap, Rgb};
use delve_core::fov::{LevelMemory, Viewshed};
use delve_core::geom::Pos;
use delve_core::map::{DoorState, Tile, TileMap};
use delve_core::rules::Effect;

use crate::actor::LevelScoped;
use crate::assets::{GameAssets, tiles};
use crate::render::shown::{Revealed, Shown};
use crate::render::space::{TILE_PX, world_pos};
use crate::turn::{Game, Happened, TurnSet};
use crate::ui::layers;
use crate::ui::palette;
use crate::ui::palette::digger as digger_colour;

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
        // A secret is drawn as the wall it looks like (the memory never holds one).
        Tile::SecretDoor | Tile::SecretCorridor => tiles::WALL,
        Tile::Grass => tiles::GRASS,
        Tile::ShallowWater => tiles::SHALLOW_WATER,
        Tile::DeepWater => tiles::DEEP_WATER,
        Tile::Lava => tiles::LAVA,
        Tile::Chasm => tiles::CHASM,
        Tile::Bridge => tiles::BRIDGE,
        Tile::Ashes => tiles::ASHES,
        Tile::Crystal => tiles::CRYSTAL,
        Tile::Torch => tiles::TORCH,
        Tile::Fungus => tiles::FUNGUS,
    }
}

/// The texture of a tile on level `depth`: as `tile_index` has it, but the walls and floors of
/// the first three levels are mossy and rooted, and of the last three dark, veined with crystal and
/// strewn with bone (the middle levels keep the worked stone), so that a level's depth shows at a
/// glance. A secret is drawn as the wall of its level.
pub const fn tile_index_at(tile: Tile, depth: u32) -> u32 {
    let (top, deep) = (depth <= 3, depth >= 8);
    match tile.looks() {
        Tile::Wall if top => tiles::MOSSY_WALL,
        Tile::Wall if deep => tiles::DEEP_WALL,
        Tile::Floor if top => tiles::ROOTED_FLOOR,
        Tile::Floor if deep => tiles::BONE_FLOOR,
        _ => tile_index(tile),
    }
}

/// The look of a spot on level `depth` the player remembers as `remembered` (in view, that is
/// what is there now):
/// in view, drawn in its light's colour and strength (`lit`: the light there and a flicker; none,
/// in full); remembered, dim and cool; known only from a map (`mapped`), dim violet; never seen,
/// not drawn. What glows itself (lava, a torch, fungus, crystal) is drawn in its own colours in
/// view, as bright as it is: its light is already in its picture.
pub(crate) fn tile_look(
    remembered: Option<Tile>,
    (visible, mapped): (bool, bool),
    lit: Option<(Rgb, f32)>,
    depth: u32,
) -> Look {
    let glows = remembered.is_some_and(|t| delve_core::fov::light::tile_glow(t).is_some());
    Look {
        index: tile_index_at(remembered.unwrap_or(Tile::Wall), depth),
        color: match (visible, mapped) {
            // Its own light, wavering as its flames or its flow do (`lit`'s flicker: 1 steady).
            (true, _) if glows => lit.map_or(palette::IN_VIEW, |(_, f)| Color::srgb(f, f, f)),
            (true, _) => lit.map_or(palette::IN_VIEW, |(light, flicker)| palette::lit(light, flicker)),
            (false, true) => palette::MAPPED,
            (false, false) => palette::REMEMBERED,
        },
        shown: remembered.is_some(),
    }
}

/// How the generator lab draws `p`: whatever is there, a corridor tinted by the style that dug
/// it, what the terrain stage made tinted by what made it (a cave's floor, a lake, a secret door
/// drawn as the door it is); with no record of the level's making, untinted.
pub(crate) fn lab_look(map: &TileMap, revealed: &Revealed, p: Pos) -> Look {
    let anatomy = revealed.anatomy.as_ref();
    match (anatomy.and_then(|a| a.digger(map, p)), anatomy.and_then(|a| a.made(p))) {
        (Some(digger), _) => Look {
            index: tiles::LAB_CORRIDOR,
            color: digger_colour(digger),
            shown: true,
        },
        (None, Some(made)) => Look {
            // Ground is painted flat, as corridors are, so the tint reads; liquids, bridges and
            // doors keep their pictures.
            index: match map.tile(p) {
                Tile::SecretDoor => tiles::DOOR_CLOSED,
                Tile::Floor | Tile::Grass | Tile::Ashes | Tile::Corridor | Tile::SecretCorridor => tiles::LAB_CORRIDOR,
                tile => tile_index(tile),
            },
            color: palette::made(made),
            shown: true,
        },
        (None, None) => Look {
            index: tile_index(map.tile(p)),
            color: palette::IN_VIEW,
            shown: true,
        },
    }
}

/// What the drawing of a level reads: the level, the player's memory of it, view and light,
/// the flames' flicker now, and the lab's view of it when the lab is on.
pub(super) struct Sight<'a> {
    map: &'a TileMap,
    memory: Option<&'a LevelMemory>,
    viewshed: &'a Viewshed,
    light: &'a LightMap,
    /// The level's depth (its walls' and floors' look).
    depth: u32,
    /// Seconds of the flames' flicker (`None`: steady, as with reduced motion).
    flicker: Option<f32>,
    revealed: Option<&'a Revealed>,
}

impl<'a> Sight<'a> {
    /// What the game's level looks like now (`flicker`: the flicker's clock, if flames flicker).
    pub(super) fn of(game: &'a Game, revealed: Option<&'a Revealed>, flicker: Option<f32>) -> Self {
        Sight {
            map: &game.dungeon().level().map,
            memory: game.player().memory.level(game.dungeon().depth()),
            viewshed: game.sight(),
            light: game.light(),
            depth: game.dungeon().depth(),
            flicker,
            revealed,
        }
    }

    /// The look of `p`: in the lab, the level as made; else as the player sees and remembers it.
    fn look_at(&self, p: Pos) -> Look {
        match self.revealed {
            Some(r) => lab_look(self.map, r, p),
            None => {
                let light = self.light.at(p);
                let look = tile_look(
                    self.memory.and_then(|m| m.get(p)),
                    (
                        self.viewshed.is_visible(p),
                        self.memory.is_some_and(|m| m.is_mapped_only(p)),
                    ),
                    Some((light, self.flicker.map_or(1.0, |t| self.waver(p, t)))),
                    self.depth,
                );
                Look {
                    color: palette::grain(look.color, p),
                    ..look
                }
            }
        }
    }
}

impl Sight<'_> {
    /// How much brighter than steady `p` is drawn at `t` seconds: water ripples and lava flows
    /// (a slow wave across them), what a flame lights flickers (`flicker`).
    fn waver(&self, p: Pos, t: f32) -> f32 {
        match self.map.get(p) {
            Some(tile) if flows(tile) => ripple(tile, p, t),
            _ => flicker(self.light.around(p), p, t),
        }
    }
}

/// Whether `tile` is drawn moving: water and lava.
pub(crate) const fn flows(tile: Tile) -> bool {
    matches!(tile, Tile::ShallowWater | Tile::DeepWater | Tile::Lava)
}

/// How much brighter than steady water or lava at `p` is at `t` seconds: a slow wave rolling
/// across it, stronger on lava.
fn ripple(tile: Tile, p: Pos, t: f32) -> f32 {
    let depth = if tile == Tile::Lava { 0.09 } else { 0.06 };
    let (x, y) = (p.x as f32, p.y as f32);
    1.0 + depth * (0.7 * (t * 2.1 + x * 0.9 + y * 0.5).sin() + 0.3 * (t * 3.7 - x * 0.4 + y * 1.1).sin())
}

/// How much brighter than steady a tile under the level's `light` is at `t` seconds: a warm
/// light (a torch, fire, lava: more red than blue) wavers by up to a tenth, smoothly from tile to
/// tile; a cold one is steady.
pub(crate) fn flicker(light: Rgb, p: Pos, t: f32) -> f32 {
    if !super::light::flickers(light) {
        return 1.0;
    }
    let warm = f32::from(light.r.saturating_sub(light.b)) / f32::from(light.r.max(1));
    let (x, y) = (p.x as f32, p.y as f32);
    let wave = 0.6 * (t * 7.3 + x * 1.7 + y * 2.3).sin() + 0.4 * (t * 13.1 + x * 0.9 - y * 1.3).sin();
    1.0 + 0.1 * warm * wave
}

/// Tiles along each side of a chunk.
pub const CHUNK: u32 = 32;

/// The level's drawing: which chunk entity holds each 32x32 block of the map (none until
/// something in it is shown).
#[derive(Component, Debug)]
pub struct MapLayer {
    /// Chunks across.
    columns: u32,
    chunks: Vec<Option<Entity>>,
    /// In the lab, each of the level's doors (by index) as last drawn: a door out of view is
    /// redrawn only when it opens or closes (a 1024x1024 level has thousands).
    doors_drawn: Vec<(usize, Tile)>,
}

/// One chunk of the drawing: its first column and its first row counted from the bottom of the
/// map (the renderer's rows grow up, the map's down). Its looks are its `TilemapChunkTileData`,
/// row by row from the bottom.
#[derive(Component, Clone, Copy, Debug)]
pub struct MapChunk {
    column: u32,
    row_up: u32,
}

/// Where map tile `p` of a map `height` tiles high is drawn: the chunk (by index into `MapLayer::chunks`) and the tile's
/// index in that chunk's data.
fn place(height: u32, layer: &MapLayer, p: Pos) -> (usize, usize) {
    let (x, up) = (p.x as u32, height - 1 - p.y as u32);
    let chunk = (up / CHUNK * layer.columns + x / CHUNK) as usize;
    let tile = ((up % CHUNK) * CHUNK + x % CHUNK) as usize;
    (chunk, tile)
}

/// The renderer's data for a look (a tile not shown is no tile).
fn tile_data(look: Look) -> Option<TileData> {
    look.shown.then(|| TileData {
        tileset_index: look.index as u16,
        color: look.color,
        ..default()
    })
}

/// Whether two tiles are drawn alike.
fn same(a: Option<TileData>, b: Option<TileData>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => a.tileset_index == b.tileset_index && a.color == b.color && a.visible == b.visible,
        _ => false,
    }
}

impl MapLayer {
    /// Makes chunk number `k` holding `data`, placed so that its tiles lie over their map tiles.
    fn spawn_chunk(&mut self, commands: &mut Commands, map: &TileMap, k: usize, data: Vec<Option<TileData>>) {
        let chunk = MapChunk {
            column: k as u32 % self.columns * CHUNK,
            row_up: k as u32 / self.columns * CHUNK,
        };
        // The centre of the chunk's bottom-left tile, then half a chunk on (less half a tile).
        let corner = world_pos(
            map,
            Pos::new(chunk.column as i32, map.height() as i32 - 1 - chunk.row_up as i32),
        );
        let half = (CHUNK as f32 - 1.0) * TILE_PX / 2.0;
        let entity = commands.spawn((
            Name::new("Map chunk"),
            chunk,
            TilemapChunkTileData(data),
            Transform::from_translation((corner + Vec2::splat(half)).extend(layers::TILES)),
            Visibility::default(),
            LevelScoped,
        ));
        self.chunks[k] = Some(entity.id());
    }
}

/// Builds the drawing when a level is entered (or the lab changes), and keeps tile looks in step
/// with what the player sees.
pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            rebuild_for_lab,
            redraw_when_mapped,
            spawn_map_layer.run_if(resource_exists::<GameAssets>.and_then(not(any_with_component::<MapLayer>))),
            update_tile_looks.run_if(resource_exists_and_changed::<Game>),
        )
            .chain()
            .in_set(TurnSet::Show),
    );
}

/// The lab coming on or going off (or showing another level) draws the level again from
/// scratch: the chunks are despawned here and made again by `spawn_map_layer`.
fn rebuild_for_lab(
    mut commands: Commands,
    mut lab: Shown,
    layer: Query<Entity, With<MapLayer>>,
    chunks: Query<Entity, With<MapChunk>>,
) {
    if !lab.look().1 {
        return;
    }
    for entity in layer.iter().chain(&chunks) {
        commands.entity(entity).try_despawn();
    }
}

/// A magic map fills the player's memory beyond the view: the level is drawn again whole (the
/// turn's redraw covers only the view), as `rebuild_for_lab` has it done.
fn redraw_when_mapped(
    mut commands: Commands,
    mut happened: MessageReader<Happened>,
    layer: Query<Entity, With<MapLayer>>,
    chunks: Query<Entity, With<MapChunk>>,
) {
    if !happened.read().any(|h| h.0.effect == Effect::Mapped) {
        return;
    }
    for entity in layer.iter().chain(&chunks) {
        commands.entity(entity).try_despawn();
    }
}

pub(super) fn spawn_map_layer(mut commands: Commands, game: Res<Game>, revealed: Option<Res<Revealed>>) {
    let map = &game.dungeon().level().map;
    let sight = Sight::of(&game, revealed.as_deref(), None);
    let mut layer = MapLayer {
        columns: map.width().div_ceil(CHUNK),
        chunks: Vec::new(),
        doors_drawn: sight.revealed.map_or(Vec::new(), |r| {
            let at = |p: Pos| map.index(p);
            r.doors.iter().map(|&p| (at(p), map.tile(p))).collect()
        }),
    };
    layer.chunks = vec![None; (layer.columns * map.height().div_ceil(CHUNK)) as usize];
    // Only the tiles shown now (in view, or remembered from an earlier visit), by the same test
    // `update_tile_looks` applies as the rest come into view; a chunk only if one of its tiles is.
    let mut data: Vec<Vec<Option<TileData>>> = vec![Vec::new(); layer.chunks.len()];
    for i in 0..map.tiles().len() {
        let p = map.pos_of(i);
        let Some(tile) = tile_data(sight.look_at(p)) else {
            continue;
        };
        let (chunk, at) = place(map.height(), &layer, p);
        if data[chunk].is_empty() {
            data[chunk] = vec![None; (CHUNK * CHUNK) as usize];
        }
        data[chunk][at] = Some(tile);
    }
    for (k, tiles) in data.into_iter().enumerate() {
        if !tiles.is_empty() {
            layer.spawn_chunk(&mut commands, map, k, tiles);
        }
    }
    commands.spawn((Name::new("Map layer"), layer, LevelScoped));
}

/// Redraws the tiles whose look may have changed: last turn's view and this turn's view (in the
/// lab, where anything may be seen, every door that opened or closed too). A chunk's data is
/// written only when a look in it really differs (so only those chunks go to the GPU again); a
/// chunk with a tile seen for the first time is made.
fn update_tile_looks(
    mut commands: Commands,
    game: Res<Game>,
    layer: Single<&mut MapLayer>,
    mut chunks: Query<&mut TilemapChunkTileData, With<MapChunk>>,
    revealed: Option<Res<Revealed>>,
) {
    let map = &game.dungeon().level().map;
    let viewshed = game.sight();
    let sight = Sight::of(&game, revealed.as_deref(), None);
    let mut layer = layer.into_inner();
    // Looks for chunks not made yet, gathered so that each is made once.
    let mut new_chunks: Vec<(usize, Vec<Option<TileData>>)> = Vec::new();
    let mut doors = Vec::new();
    let tiles = map.tiles();
    for (i, drawn) in &mut layer.doors_drawn {
        if let Some(&now) = tiles.get(*i)
            && now != *drawn
        {
            *drawn = now;
            doors.push(map.pos_of(*i));
        }
    }
    let spots = viewshed.previous().iter().chain(viewshed.visible()).chain(&doors);
    redraw(spots.copied(), &sight, &mut layer, &mut chunks, &mut new_chunks);
    for (k, tiles) in new_chunks {
        layer.spawn_chunk(&mut commands, map, k, tiles);
    }
}

/// Draws each of `spots` as `sight` has it, where its look differs from what is drawn: into its
/// chunk's data, or into `new_chunks` for a chunk not made yet.
pub(super) fn redraw(
    spots: impl Iterator<Item = Pos>,
    sight: &Sight,
    layer: &mut MapLayer,
    chunks: &mut Query<&mut TilemapChunkTileData, With<MapChunk>>,
    new_chunks: &mut Vec<(usize, Vec<Option<TileData>>)>,
) {
    let map = sight.map;
    for p in spots {
        if !map.in_bounds(p) {
            continue; // last turn's view on a level of another size
        }
        let tile = tile_data(sight.look_at(p));
        let (chunk, at) = place(map.height(), layer, p);
        match layer.chunks[chunk] {
            Some(entity) => {
                let Ok(mut data) = chunks.get_mut(entity) else { continue };
                if !same(data.bypass_change_detection()[at], tile) {
                    data[at] = tile;
                }
            }
            None if tile.is_some() => match new_chunks.iter_mut().find(|(k, _)| *k == chunk) {
                Some((_, tiles)) => tiles[at] = tile,
                None => {
                    let mut tiles = vec![None; (CHUNK * CHUNK) as usize];
                    tiles[at] = tile;
                    new_chunks.push((chunk, tiles));
                }
            },
            None => {}
        }
    }
}

/// What is drawn at map tile `p` now, read back from the chunks: its texture and colour (`None`:
/// nothing). For tests and tools; the game never reads its drawing.
pub fn drawn_at(world: &mut World, p: Pos) -> Option<(u32, Color)> {
    let map = &world.get_resource::<Game>()?.dungeon().level().map;
    if !map.in_bounds(p) {
        return None;
    }
    let height = map.height();
    let mut layers = world.query::<&MapLayer>();
    let layer = layers.single(world).ok()?;
    let (chunk, at) = place(height, layer, p);
    let tile = world.get::<TilemapChunkTileData>(layer.chunks[chunk]?)?.0[at]?;
    tile.visible.then_some((u32::from(tile.tileset_index), tile.color))
}

/// Every tile drawn now: where, its texture and colour, row by row. For tests and tools.
pub fn drawn(world: &mut World) -> Vec<(Pos, u32, Color)> {
    let Some((width, height)) = world
        .get_resource::<Game>()
        .map(|g| (g.dungeon().level().map.width(), g.dungeon().level().map.height()))
    else {
        return Vec::new();
    };
    let mut layers = world.query::<&MapLayer>();
    let Ok(layer) = layers.single(world) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for y in 0..height as i32 {
        for x in 0..width as i32 {
            let p = Pos::new(x, y);
            let (chunk, at) = place(height, layer, p);
            let tile = layer.chunks[chunk]
                .and_then(|e| world.get::<TilemapChunkTileData>(e))
                .and_then(|data| data.0[at]);
            if let Some(tile) = tile.filter(|t| t.visible) {
                out.push((p, u32::from(tile.tileset_index), tile.color));
            }
        }
    }
    out
}

/// The tileset as an array texture, one layer a tile, as `TilemapChunk` samples it.
#[derive(Resource, Debug)]
struct TileLayers(Handle<Image>);

/// Drawing the chunks on the GPU: the tileset as layers, and a quad for each chunk made.
pub(super) fn gpu_plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            make_tile_layers.run_if(resource_exists::<GameAssets>.and_then(not(resource_exists::<TileLayers>))),
            attach_chunk_quads.run_if(resource_exists::<TileLayers>),
        )
            .chain()
            .after(TurnSet::Show),
    );
}

/// Cuts the loaded tileset (8 tiles to a row) into a column of tiles, one layer each.
fn make_tile_layers(mut commands: Commands, assets: Res<GameAssets>, mut images: ResMut<Assets<Image>>) {
    let Some(sheet) = images.get(&assets.tileset) else {
        return; // not loaded (yet): tried again next frame
    };
    let size = tiles::SIZE;
    let (columns, rows) = (sheet.width() / size, sheet.height() / size);
    let format = sheet.texture_descriptor.format;
    let (Ok(pixel), Some(data)) = (format.pixel_size(), sheet.data.as_ref()) else {
        return;
    };
    let row_bytes = (size as usize) * pixel;
    let mut column = Vec::with_capacity(data.len());
    for t in 0..columns * rows {
        let (tx, ty) = ((t % columns) * size, (t / columns) * size);
        for y in ty..ty + size {
            let start = (y * sheet.width() + tx) as usize * pixel;
            column.extend_from_slice(&data[start..start + row_bytes]);
        }
    }
    // WebGL2 must be told a texture's kind when it is made, and wgpu takes a square texture
    // whose layers are a multiple of six for a cube map (which WebGL2 cannot sample as layers:
    // nothing was drawn). A blank layer more keeps it an array.
    let mut count = columns * rows;
    if count.is_multiple_of(6) {
        column.resize(column.len() + (size * size) as usize * pixel, 0);
        count += 1;
    }
    let mut layers = Image::new(
        Extent3d {
            width: size,
            height: size * count,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        column,
        format,
        RenderAssetUsages::RENDER_WORLD,
    );
    layers.sampler = sheet.sampler.clone();
    if let Err(e) = layers.reinterpret_stacked_2d_as_array(count) {
        error!("the tileset cannot be cut into layers: {e}");
        return;
    }
    commands.insert_resource(TileLayers(images.add(layers)));
}

/// Gives each new chunk its quad (Bevy makes the mesh and the tile-data texture as the
/// `TilemapChunk` goes in).
fn attach_chunk_quads(
    mut commands: Commands,
    layers: Res<TileLayers>,
    chunks: Query<Entity, (With<MapChunk>, Without<TilemapChunk>)>,
) {
    for entity in &chunks {
        commands.entity(entity).insert(TilemapChunk {
            chunk_size: UVec2::splat(CHUNK),
            tile_display_size: UVec2::splat(tiles::SIZE),
            tileset: layers.0.clone(),
            alpha_mode: AlphaMode2d::Blend,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_middle_and_deepest_levels_are_told_apart_at_a_glance() {
        let looks = |depth| (tile_index_at(Tile::Wall, depth), tile_index_at(Tile::Floor, depth));
        assert_eq!(looks(1), (tiles::MOSSY_WALL, tiles::ROOTED_FLOOR));
        assert_eq!(looks(3), looks(1));
        assert_eq!(looks(5), (tiles::WALL, tiles::FLOOR));
        assert_eq!(looks(10), (tiles::DEEP_WALL, tiles::BONE_FLOOR));
        // A secret is the wall of its level; the rest looks the same at every depth.
        assert_eq!(tile_index_at(Tile::SecretDoor, 9), tiles::DEEP_WALL);
        for t in [Tile::Corridor, Tile::Lava, Tile::Torch, Tile::Door(DoorState::Closed)] {
            assert_eq!(tile_index_at(t, 1), tile_index(t));
            assert_eq!(tile_index_at(t, 10), tile_index(t));
        }
    }
}

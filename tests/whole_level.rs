//! A 1024x1024 level shown whole, headless: fully explored, or in the generator lab, every tile
//! is drawn, and the drawing costs a chunk entity per 32x32 tiles, not an entity per tile (a
//! million of them took 1.32 GB).

use bevy::prelude::*;
use bevy::sprite_render::TilemapChunkTileData;
use delve::render::{CHUNK, MapChunk};
use delve::turn::Game;
use delve_core::dungeon::Dungeon;
use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::geom::Pos;
use delve_core::run::Run;

const SIDE: u32 = 1024;

fn entities(app: &mut App) -> (usize, usize) {
    let w = app.world_mut();
    let all = w.query::<Entity>().iter(w).count();
    let chunks = w.query::<&MapChunk>().iter(w).count();
    (all, chunks)
}

#[test]
fn a_fully_explored_level_is_drawn_whole_in_chunks() {
    let params = GenParams::new(3, SIDE, SIDE, CorridorStyle::Mixed);
    let mut run = Run::new(Dungeon::new(params).unwrap().peaceful());
    let map = run.dungeon().level().map.clone();
    let all: Vec<Pos> = (0..map.tiles().len()).map(|i| map.pos_of(i)).collect();
    run.player_mut().memory.level_mut(1, &map).remember(&map, &all);
    let mut app = delve::app::headless_app_with(run, |_| {});
    let drawn = delve::render::drawn(app.world_mut());
    assert_eq!(drawn.len(), map.tiles().len(), "every tile drawn");
    let (all, chunks) = entities(&mut app);
    assert_eq!(chunks as u32, (SIDE / CHUNK) * (SIDE / CHUNK));
    assert!(all < 2 * chunks, "{all} entities in all for {chunks} chunks");
    // A turn rewrites only the chunks under the view.
    let before: Vec<u32> = {
        let w = app.world_mut();
        let mut q = w.query::<(Ref<TilemapChunkTileData>, &MapChunk)>();
        q.iter(w).map(|(d, _)| d.last_changed().get()).collect()
    };
    app.world_mut()
        .write_message(delve::player::command::PlayerCommand::Wait);
    app.update();
    let w = app.world_mut();
    let mut q = w.query::<Ref<TilemapChunkTileData>>();
    let changed = q
        .iter(w)
        .zip(&before)
        .filter(|(d, b)| d.last_changed().get() != **b)
        .count();
    assert!(changed <= 4, "{changed} chunks rewritten by a turn");
}

#[test]
fn the_lab_draws_a_big_level_whole_in_chunks() {
    let params = GenParams::new(4, SIDE, SIDE, CorridorStyle::Mixed);
    let mut app = delve::app::headless_app(Dungeon::new(params).unwrap().peaceful());
    app.world_mut()
        .write_message(delve::screens::playing::lab::LabCommand::Toggle);
    app.update();
    app.update();
    let tiles = app.world().resource::<Game>().dungeon().level().map.tiles().len();
    assert_eq!(delve::render::drawn(app.world_mut()).len(), tiles);
    let (all, chunks) = entities(&mut app);
    assert_eq!(chunks as u32, (SIDE / CHUNK) * (SIDE / CHUNK));
    assert!(
        all < 2 * chunks + 6000,
        "{all} entities (the lab outlines the BSP leaves)"
    );
}

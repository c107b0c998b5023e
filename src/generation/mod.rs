//! Level generation: the pure generator (BSP rooms, corridor styles, doors, validation) and the
//! `GenerationPlugin` that runs it at startup and spawns the door entities.

pub mod bsp;
pub mod builder;
pub mod corridors;
pub mod golden;
pub mod level;
pub mod rng;
pub mod validate;

use bevy::platform::collections::HashMap;
use bevy::prelude::*;

pub use corridors::CorridorStyle;
pub use level::{GenError, GenParams, Generated, MAX_ATTEMPTS, generate, generate_once};
pub use validate::{Defect, validate};

use crate::map::{DoorState, Pos, TileMap};

/// Where the level comes from: generated from parameters, or given whole (a `--map` file).
#[derive(Resource, Clone, Debug)]
pub enum LevelSource {
    Generate(GenParams),
    Premade(TileMap),
}

impl Default for LevelSource {
    fn default() -> Self {
        LevelSource::Generate(GenParams::default())
    }
}

/// A door. Its state is the truth for the door; the `TileMap` mirrors it for movement and sight.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Door(pub DoorState);

/// A grid position, for anything that stands on the map.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash, Deref, DerefMut)]
pub struct GridPos(pub Pos);

/// Door entities by position: finding the door at a tile costs the same on any map size.
#[derive(Resource, Clone, Debug, Default, Deref)]
pub struct DoorIndex(pub HashMap<Pos, Entity>);

/// Runs in `Startup`: `build_level` inserts the `TileMap`, then `spawn_doors` spawns one `Door`
/// entity per door tile.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LevelBuilt;

pub fn plugin(app: &mut App) {
    app.init_resource::<LevelSource>()
        .add_systems(Startup, (build_level, spawn_doors).chain().in_set(LevelBuilt));
}

/// The plugin as a type, for `add_plugins(GenerationPlugin)`.
pub struct GenerationPlugin;

impl Plugin for GenerationPlugin {
    fn build(&self, app: &mut App) {
        plugin(app);
    }
}

fn build_level(mut commands: Commands, source: Res<LevelSource>) {
    let map = match &*source {
        LevelSource::Premade(map) => map.clone(),
        LevelSource::Generate(params) => match generate(params) {
            Ok(generated) => generated.map,
            Err(e) => {
                // The CLI checks sizes first, so this is a bug; say so rather than run on nothing.
                error!("level generation failed: {e}");
                return;
            }
        },
    };
    commands.insert_resource(map);
}

fn spawn_doors(mut commands: Commands, map: Option<Res<TileMap>>) {
    let Some(map) = map else { return };
    let index = map
        .doors()
        .map(|(pos, state)| (pos, commands.spawn((Name::new("Door"), Door(state), GridPos(pos))).id()));
    let index = DoorIndex(index.collect());
    commands.insert_resource(index);
}

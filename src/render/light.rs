//! Flames flicker, water ripples, lava flows: while a tile lit by fire, a torch or lava, or water
//! or lava itself, is in view, the window wakes eight times a second (not sixty: it stays near
//! idle) and those tiles are drawn a little brighter or darker, smoothly from tile to tile.
//! Reduced motion (Settings' animations off) keeps them steady and lets the window sleep until a
//! key, as it does with none of them in view.

use std::time::Duration;

use bevy::prelude::*;
use bevy::sprite_render::{TileData, TilemapChunkTileData};
use bevy::winit::{UpdateMode, WinitSettings};
use delve_core::fov::light::Rgb;
use delve_core::geom::Pos;

use crate::render::shown::Revealed;
use crate::render::tiles::{MapChunk, MapLayer, Sight, flows, redraw};
use crate::settings::Settings;
use crate::turn::{Game, TurnSet};

/// How often flames flicker.
const TICK: Duration = Duration::from_millis(125);

/// Redrawing the flame-lit tiles in view at each tick.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, flicker.run_if(resource_exists::<Game>).after(TurnSet::Show));
}

/// Whether a light wavers: more red than blue by a margin (a torch, fire, lava), from the level's
/// own lights (the player's lamp is steady).
pub(crate) fn flickers(around: Rgb) -> bool {
    around.r > around.b + 24
}

fn flicker(
    time: Res<Time>,
    mut last: Local<f32>,
    (settings, revealed): (Res<Settings>, Option<Res<Revealed>>),
    game: Res<Game>,
    layer: Option<Single<&mut MapLayer>>,
    mut chunks: Query<&mut TilemapChunkTileData, With<MapChunk>>,
    mut winit: ResMut<WinitSettings>,
) {
    let light = game.light();
    let flames: Vec<Pos> = if settings.animations && revealed.is_none() {
        let map = &game.dungeon().level().map;
        let visible = game.sight().visible().iter().copied();
        visible
            .filter(|&p| flickers(light.around(p)) || map.get(p).is_some_and(flows))
            .collect()
    } else {
        Vec::new()
    };
    let wanted = if flames.is_empty() {
        WinitSettings::desktop_app()
    } else {
        WinitSettings {
            focused_mode: UpdateMode::reactive_low_power(TICK),
            ..WinitSettings::desktop_app()
        }
    };
    if winit.focused_mode != wanted.focused_mode {
        *winit = wanted;
    }
    let t = time.elapsed_secs();
    let Some(mut layer) = layer else { return };
    if flames.is_empty() || t - *last < TICK.as_secs_f32() * 0.9 {
        return;
    }
    *last = t;
    let sight = Sight::of(&game, None, Some(t));
    // Every tile in view has its chunk already: nothing new is made here.
    let mut unmade: Vec<(usize, Vec<Option<TileData>>)> = Vec::new();
    redraw(flames.into_iter(), &sight, &mut layer, &mut chunks, &mut unmade);
}

//! Drawing what lies in and over the terrain: the gold and the traps the player has found (where
//! it has seen them, dimmed out of view; a trap tinted by its kind's row), and the fire and gas
//! in view now (gas tinted, fading as it thins). Made again from the level whenever the run
//! changes. In the colour-blind palette a trap also carries its kind's letter, as a monster does.

use bevy::prelude::*;
use delve_core::geom::Pos;

use crate::actor::LevelScoped;
use crate::assets::{GameAssets, tiles};
use crate::render::shown::Shown;
use crate::render::space::world_pos;
use crate::settings::Settings;
use crate::turn::{Game, TurnSet};
use crate::ui::layers;

use super::sprites::{Lying, letter_over};

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        show_terrain.after(super::tiles::spawn_map_layer).in_set(TurnSet::Show),
    );
}

/// A sprite of what lies in or over the terrain at a tile.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TerrainSprite {
    /// A found trap.
    Trap(Pos),
    /// A pile of gold.
    Gold(Pos),
    /// Fire burning.
    Fire(Pos),
    /// Gas hanging.
    Gas(Pos),
}

/// The letter drawn on a found trap in the colour-blind palette (its kind's `letter`).
#[derive(Component, Debug)]
pub(crate) struct TrapLetter;

/// The colour of gas this thick (a pale green, more see-through as it thins).
fn gas_colour(thick: u8) -> Color {
    Color::srgba_u8(150, 220, 110, 60 + thick.min(160))
}

/// Draws every found trap the player has seen, and the fire and gas in view, afresh each turn
/// (there are few of them: a level's traps, a fire's tiles).
fn show_terrain(
    mut commands: Commands,
    assets: Res<GameAssets>,
    game: Res<Game>,
    sprites: Query<Entity, With<TerrainSprite>>,
    mut lab: Shown,
    settings: Res<Settings>,
) {
    let (lab, lab_changed) = lab.look();
    if !(game.is_changed() || lab_changed || settings.is_changed()) {
        return;
    }
    for entity in &sprites {
        commands.entity(entity).despawn();
    }
    let level = game.dungeon().level();
    let lying = Lying::on(&game, lab);
    let in_view = |p: Pos| lab || game.sight().is_visible(p);
    let mut spawn = |what: TerrainSprite, at: Pos, tile: u32, colour: Color, z: f32, letter: Option<char>| {
        let mut sprite = assets.sprite(tile);
        sprite.color = colour;
        let mut drawn = commands.spawn((
            Name::new("Terrain"),
            what,
            LevelScoped,
            sprite,
            Transform::from_translation(world_pos(&level.map, at).extend(z)),
        ));
        if let Some(letter) = letter {
            drawn.with_child((TrapLetter, letter_over(letter)));
        }
    };
    for t in level.traps.iter().filter(|t| (lab || !t.hidden) && lying.seen(t.at)) {
        let [r, g, b] = t.kind.stats().look.rgb;
        let shade = lying.colour(t.at).to_srgba();
        let colour = Color::srgb(
            f32::from(r) / 255.0 * shade.red,
            f32::from(g) / 255.0 * shade.green,
            f32::from(b) / 255.0 * shade.blue,
        );
        let letter = settings.colour_blind.then_some(t.kind.stats().letter);
        spawn(
            TerrainSprite::Trap(t.at),
            t.at,
            tiles::TRAP,
            colour,
            layers::ALTAR,
            letter,
        );
    }
    for &p in level.gold.keys().filter(|p| lying.seen(**p)) {
        spawn(
            TerrainSprite::Gold(p),
            p,
            tiles::GOLD,
            lying.colour(p),
            layers::FLOOR_THING,
            None,
        );
    }
    for (&p, &thick) in level.gas.iter().filter(|(p, _)| in_view(**p)) {
        spawn(
            TerrainSprite::Gas(p),
            p,
            tiles::GAS,
            gas_colour(thick),
            layers::GAS,
            None,
        );
    }
    for &p in level.fire.keys().filter(|p| in_view(**p)) {
        spawn(TerrainSprite::Fire(p), p, tiles::FIRE, Color::WHITE, layers::GAS, None);
    }
}

//! What a death leaves: where a monster died (struck down, burnt, shot), a splash on the floor in
//! its kind's colour, fading over `LASTS` turns and drawn only while its tile is in view. Only the
//! drawing keeps it: the rules know nothing of it, and a level left and found again is clean.

use std::collections::HashMap;

use bevy::prelude::*;
use delve_core::geom::Pos;
use delve_core::rules::{Effect, Who};
use delve_core::world::Kind;

use crate::actor::LevelScoped;
use crate::assets::{GameAssets, tiles};
use crate::render::space::{TILE_PX, world_pos};
use crate::state::GameState;
use crate::turn::{Game, Happened, TurnSet};
use crate::ui::layers;

/// How many turns remains last.
pub const LASTS: u64 = 40;
/// How strong remains are drawn when fresh.
const FRESH: f32 = 0.8;

/// A death's remains: where, the turn it happened, its colour.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Remains {
    pub at: Pos,
    pub turn: u64,
    colour: Color,
}

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (leave_remains, fade_remains)
            .chain()
            .in_set(TurnSet::Show)
            .run_if(in_state(GameState::Playing)),
    );
}

/// The monsters on the level as the last turn left them (a kill's kind is read here: the rules
/// have taken the monster away by the time its death is told).
#[derive(Default)]
struct Known(HashMap<u32, Kind>);

/// A splash where each monster seen killed this turn died.
fn leave_remains(
    mut commands: Commands,
    mut happened: MessageReader<Happened>,
    game: Res<Game>,
    assets: Res<GameAssets>,
    mut known: Local<Known>,
) {
    if !game.is_changed() {
        return;
    }
    let level = game.dungeon().level();
    let map = &level.map;
    for Happened(h) in happened.read() {
        let victim = match h.effect {
            Effect::Attacked {
                target: Who::Monster(id),
                damage: Some(_),
            }
            | Effect::Shot {
                target: Who::Monster(id),
                damage: Some(_),
            }
            | Effect::Stabbed { target: id, .. }
            | Effect::Struck { target: id, .. } => id,
            Effect::Harmed { .. } => match h.who {
                Who::Monster(id) => id,
                Who::Player => continue,
            },
            _ => continue,
        };
        let at = match h.effect {
            Effect::Harmed { .. } => h.from,
            _ => h.at,
        };
        // Still on the level: hurt, not killed (or fallen away: no remains here either).
        if level.monster_index(victim).is_some() || !map.in_bounds(at) || map.get(at).is_some_and(|t| !t.is_walkable())
        {
            continue;
        }
        let Some(&kind) = known.0.get(&victim) else { continue };
        let [r, g, b] = kind.stats().look.rgb;
        // Darker than the living colour, as what is spilt is.
        let colour = Color::srgba_u8(r, g, b, 255).mix(&Color::srgb(0.25, 0.02, 0.02), 0.45);
        let mut sprite = assets.sprite(tiles::REMAINS);
        sprite.color = colour.with_alpha(FRESH);
        sprite.custom_size = Some(Vec2::splat(TILE_PX));
        commands.spawn((
            Name::new("Remains"),
            Remains {
                at,
                turn: game.turn(),
                colour,
            },
            sprite,
            Transform::from_translation(world_pos(map, at).extend(layers::REMAINS)),
            LevelScoped,
            DespawnOnExit(GameState::Playing),
        ));
    }
    known.0 = level.monsters.iter().map(|m| (m.id, m.kind)).collect();
}

/// Remains fade with the turns and go after `LASTS`; out of view they are not drawn.
fn fade_remains(
    mut commands: Commands,
    game: Res<Game>,
    mut remains: Query<(Entity, &Remains, &mut Sprite, &mut Visibility)>,
) {
    if !game.is_changed() {
        return;
    }
    let sight = game.sight();
    for (entity, r, mut sprite, mut shown) in &mut remains {
        let age = game.turn().saturating_sub(r.turn);
        if age >= LASTS {
            commands.entity(entity).despawn();
            continue;
        }
        sprite.color = r.colour.with_alpha(FRESH * (1.0 - age as f32 / LASTS as f32));
        shown.set_if_neq(if sight.is_visible(r.at) {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
}

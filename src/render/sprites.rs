//! Sprites over the tiles: the keys the player has seen lying on the floor (dimmed out of view),
//! and the player, standing where the run says it stands.

use bevy::prelude::*;
use delve_core::fov::{LevelMemory, Viewshed};
use delve_core::geom::Pos;

use crate::actor::{LevelScoped, Player};
use crate::assets::{GameAssets, tiles};
use crate::render::glide::{Glide, move_to};
use crate::render::shown::Shown;
use crate::render::space::world_pos;
use crate::turn::{Game, TurnSet};
use crate::ui::layers;
use crate::ui::palette;

/// Where sprites are placed: the camera follows the player's after it.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct PlaceSprites;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (show_keys, spawn_player_sprite, place_player_sprite)
            .chain()
            .after(super::tiles::spawn_map_layer)
            .in_set(PlaceSprites)
            .in_set(TurnSet::Show),
    );
}

/// A key lying on the floor, drawn where the player has seen it.
#[derive(Component, Debug)]
pub(crate) struct KeySprite(pub Pos);

/// Draws the keys of the current level that the player has seen (dimmed out of view), and
/// removes the sprites of keys picked up. Derived from the level's keys and the player's memory
/// each turn.
fn show_keys(
    mut commands: Commands,
    assets: Res<GameAssets>,
    game: Res<Game>,
    mut sprites: Query<(Entity, &KeySprite, &mut Sprite)>,
    mut lab: Shown,
) {
    let (lab, lab_changed) = lab.look();
    if !(game.is_changed() || lab_changed) {
        return;
    }
    let level = game.dungeon().level();
    let lying = Lying::on(&game, lab);
    let (seen, colour) = (|p| lying.seen(p), |p| lying.colour(p));
    for (entity, key, mut sprite) in &mut sprites {
        if level.key_at(key.0).is_some() && seen(key.0) {
            sprite.color = colour(key.0);
        } else {
            commands.entity(entity).despawn();
        }
    }
    for key in &level.keys {
        if seen(key.at) && !sprites.iter().any(|(_, s, _)| s.0 == key.at) {
            let mut sprite = assets.sprite(tiles::KEY);
            sprite.color = colour(key.at);
            commands.spawn((
                Name::new("Key"),
                KeySprite(key.at),
                LevelScoped,
                sprite,
                Transform::from_translation(world_pos(&level.map, key.at).extend(layers::FLOOR_THING)),
            ));
        }
    }
}

/// The letter drawn over a thing's picture in the colour-blind palette (a monster's, a found
/// trap's): small, white, in the tile's lower right, above the picture.
pub(super) fn letter_over(glyph: char) -> (Text2d, TextFont, TextColor, Transform) {
    (
        Text2d::new(glyph.to_string()),
        TextFont::from_font_size(crate::ui::scale::ON_MAP_LETTER),
        TextColor(palette::MONSTER_LETTER),
        Transform::from_xyz(4.0, -3.0, 1.0),
    )
}

/// How something lying on the floor is drawn: shown once seen (in the lab, always), in its own
/// colours while in view and dimmed when only remembered.
pub(super) struct Lying<'a> {
    lab: bool,
    view: &'a Viewshed,
    memory: Option<&'a LevelMemory>,
    light: &'a delve_core::fov::light::LightMap,
}

impl<'a> Lying<'a> {
    pub(super) fn on(game: &'a Game, lab: bool) -> Self {
        Lying {
            lab,
            view: game.sight(),
            memory: game.player().memory.level(game.dungeon().depth()),
            light: game.light(),
        }
    }

    pub(super) fn seen(&self, p: Pos) -> bool {
        self.lab || self.memory.is_some_and(|m| m.is_explored(p))
    }

    pub(super) fn colour(&self, p: Pos) -> Color {
        if self.lab {
            palette::IN_VIEW
        } else if self.view.is_visible(p) {
            palette::lit_grey(self.light.at(p))
        } else {
            palette::REMEMBERED
        }
    }
}

/// The player before its sprite is added.
type PlayerWithoutSprite = (With<Player>, Without<Sprite>);
fn spawn_player_sprite(
    mut commands: Commands,
    assets: Res<GameAssets>,
    game: Res<Game>,
    player: Single<Entity, PlayerWithoutSprite>,
) {
    let map = &game.dungeon().level().map;
    let entity = *player;
    commands.entity(entity).insert((
        assets.sprite(tiles::PLAYER),
        Transform::from_translation(world_pos(map, game.player().at).extend(layers::PLAYER)),
    ));
}

/// The player's sprite stands where the run's player does: a step glides there (`glide`), a
/// new level's arrival or a longer move jumps.
fn place_player_sprite(
    mut commands: Commands,
    game: Res<Game>,
    (time, settings): (Res<Time>, Res<crate::settings::Settings>),
    mut depth: Local<u32>,
    player: Single<(Entity, &mut Transform, Option<&Glide>), With<Player>>,
) {
    if game.is_changed() {
        let to = world_pos(&game.dungeon().level().map, game.player().at).extend(layers::PLAYER);
        let same_level = std::mem::replace(&mut *depth, game.dungeon().depth()) == game.dungeon().depth();
        let (entity, mut transform, glide) = player.into_inner();
        let smooth = settings.animations && same_level;
        move_to(
            &mut commands,
            (entity, &mut transform, glide),
            to,
            (time.elapsed_secs(), smooth),
        );
    }
}

//! Drawing what moves and what lies on the level beyond keys: a sprite for each monster the
//! player sees now (monsters are not remembered: out of sight, they are gone from the screen),
//! with a health bar over it once it is hurt; and the relic where the player has seen it. All of
//! it derived each turn from the level and the player's view and memory.

use bevy::prelude::*;

use delve_core::world::Monster;

use crate::actor::LevelScoped;
use crate::assets::{GameAssets, tiles};
use crate::render::glide::{Glide, move_to};
use crate::render::shown::Shown;
use crate::render::space::world_pos;
use crate::turn::{Game, TurnSet};
use crate::ui::layers;
use crate::ui::palette;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (show_monsters, show_relic)
            .after(super::tiles::spawn_map_layer)
            .in_set(TurnSet::Show),
    );
}

/// The sprite of the monster with this id on the current level.
#[derive(Component, Debug, PartialEq, Eq)]
pub struct MonsterSprite(pub u32);

/// The bar over a hurt monster: its filled part.
#[derive(Component, Debug)]
pub(crate) struct HealthBar;

/// The relic's sprite.
#[derive(Component, Debug)]
pub(crate) struct RelicSprite;

const BAR_WIDTH: f32 = 14.0;

/// What a health bar's filled part (or a bond mark, `Has<BondMark>`) is drawn with.
type BarParts = (
    &'static mut Sprite,
    &'static mut Transform,
    &'static mut Visibility,
    Has<BondMark>,
);
/// The children drawn from the monster's state: its health bar and its bond mark.
type MarksOnly = (Or<(With<HealthBar>, With<BondMark>)>, Without<MonsterSprite>);

/// The mark under a monster bound to the player: a bright line under an ally, a dashed grey one
/// (its chains) under a captive, a gold one under a champion; hidden under the rest.
#[derive(Component, Debug)]
pub(crate) struct BondMark;

/// How `m`'s bond mark is drawn: its colour, or `None` for no mark.
pub(crate) fn bond_colour(m: &Monster) -> Option<Color> {
    if m.is_ally() {
        Some(palette::ALLY)
    } else if m.is_captive() {
        Some(palette::CAPTIVE)
    } else if m.champion.is_some() {
        Some(palette::CHAMPION)
    } else {
        None
    }
}

fn set_bond(m: &Monster, mark: &mut Sprite, shown: &mut Visibility) {
    match bond_colour(m) {
        Some(colour) => {
            mark.color = colour;
            *shown = Visibility::Inherited;
        }
        None => *shown = Visibility::Hidden,
    }
}

/// The letter drawn on a monster in the colour-blind palette.
#[derive(Component, Debug)]
pub(crate) struct MonsterLetter;

/// The tile of a monster's kind (its row's look).
pub(crate) const fn monster_tile(m: &Monster) -> u32 {
    m.kind.stats().look.tile
}

/// The filled share of a monster's health bar, `None` while it is unhurt.
pub(crate) fn health_share(m: &Monster) -> Option<f32> {
    m.is_hurt()
        .then(|| (m.hp.max(0) as f32 / m.max_hp() as f32).clamp(0.0, 1.0))
}

/// Spawns, moves and despawns monster sprites to match the monsters in view.
fn show_monsters(
    mut commands: Commands,
    assets: Res<GameAssets>,
    game: Res<Game>,
    mut sprites: Query<(Entity, &MonsterSprite, &mut Transform, &Children, Option<&Glide>)>,
    mut bars: Query<BarParts, MarksOnly>,
    mut lab: Shown,
    (settings, time): (Res<crate::settings::Settings>, Res<Time>),
) {
    let (lab, lab_changed) = lab.look();
    if !(game.is_changed() || lab_changed) {
        return;
    }
    let level = game.dungeon().level();
    // The lab shows every monster; else those the player sees.
    let in_view = |m: &&Monster| lab || game.sees(m);
    for (entity, sprite, mut transform, children, glide) in &mut sprites {
        let Some(m) = level
            .monster_index(sprite.0)
            .map(|i| &level.monsters[i])
            .filter(in_view)
        else {
            commands.entity(entity).despawn();
            continue;
        };
        let at = world_pos(&level.map, m.at).extend(layers::MONSTER);
        // A step glides; the lab shows the level as it is, at once.
        let smooth = settings.animations && !lab;
        move_to(
            &mut commands,
            (entity, &mut transform, glide),
            at,
            (time.elapsed_secs(), smooth),
        );
        for &child in children {
            match bars.get_mut(child) {
                Ok((mut mark, _, mut shown, true)) => set_bond(m, &mut mark, &mut shown),
                Ok((mut bar, mut bar_at, mut shown, false)) => {
                    set_bar(m, settings.colour_blind, &mut bar, &mut bar_at, &mut shown);
                }
                Err(_) => {}
            }
        }
    }
    for m in level.monsters.iter().filter(in_view) {
        if sprites.iter().any(|(_, s, _, _, _)| s.0 == m.id) {
            continue;
        }
        let (mut bar, mut bar_at, mut shown) = (
            Sprite::from_color(Color::NONE, Vec2::new(BAR_WIDTH, 2.0)),
            Transform::from_xyz(0.0, 9.0, 1.0),
            Visibility::Hidden,
        );
        set_bar(m, settings.colour_blind, &mut bar, &mut bar_at, &mut shown);
        let (mut mark, mut mark_shown) = (
            Sprite::from_color(Color::NONE, Vec2::new(BAR_WIDTH, 1.5)),
            Visibility::Hidden,
        );
        set_bond(m, &mut mark, &mut mark_shown);
        let (_, empty) = palette::monster_health(1.0, settings.colour_blind);
        commands.spawn((
            Name::new(m.kind.name()),
            MonsterSprite(m.id),
            LevelScoped,
            assets.sprite(monster_tile(m)),
            Transform::from_translation(world_pos(&level.map, m.at).extend(layers::MONSTER)),
            children![
                (
                    Sprite::from_color(empty, Vec2::new(BAR_WIDTH, 2.0)),
                    Transform::from_xyz(0.0, 9.0, 0.5),
                    if m.is_hurt() {
                        Visibility::Inherited
                    } else {
                        Visibility::Hidden
                    },
                ),
                (HealthBar, bar, bar_at, shown),
                (BondMark, mark, Transform::from_xyz(0.0, -8.5, 0.5), mark_shown),
                (
                    MonsterLetter,
                    super::sprites::letter_over(m.kind.stats().look.glyph),
                    if settings.colour_blind {
                        Visibility::Inherited
                    } else {
                        Visibility::Hidden
                    },
                )
            ],
        ));
    }
}

fn set_bar(m: &Monster, colour_blind: bool, bar: &mut Sprite, at: &mut Transform, shown: &mut Visibility) {
    match health_share(m) {
        Some(share) => {
            let width = BAR_WIDTH * share;
            bar.color = palette::monster_health(share, colour_blind).0;
            bar.custom_size = Some(Vec2::new(width, 2.0));
            at.translation.x = (width - BAR_WIDTH) / 2.0;
            *shown = Visibility::Inherited;
        }
        None => *shown = Visibility::Hidden,
    }
}

/// Draws the relic where the player has seen it lie (dimmed out of view); gone once taken.
fn show_relic(
    mut commands: Commands,
    assets: Res<GameAssets>,
    game: Res<Game>,
    mut sprite: Query<(Entity, &mut Sprite), With<RelicSprite>>,
    mut lab: Shown,
) {
    let (lab, lab_changed) = lab.look();
    if !(game.is_changed() || lab_changed) {
        return;
    }
    let level = game.dungeon().level();
    let lying = super::sprites::Lying::on(&game, lab);
    let seen = level.relic.filter(|&p| lying.seen(p));
    let colour = |p| lying.colour(p);
    match (seen, sprite.single_mut()) {
        (Some(p), Ok((_, mut s))) => s.color = colour(p),
        (None, Ok((entity, _))) => commands.entity(entity).despawn(),
        (Some(p), Err(_)) => {
            let mut s = assets.sprite(tiles::RELIC);
            s.color = colour(p);
            commands.spawn((
                Name::new("The Heartstone"),
                RelicSprite,
                LevelScoped,
                s,
                Transform::from_translation(world_pos(&level.map, p).extend(layers::FLOOR_THING)),
            ));
        }
        (None, Err(_)) => {}
    }
}

#[cfg(test)]
mod tests {
    use delve_core::world::{Class, ItemKind, Kind};

    use super::*;

    /// The rows' tiles are the tileset's: a monster tile of its own for every kind; for every
    /// item its class's tile, but that each weapon has a picture of its own (a vault offering a
    /// mace and a sword showed one picture twice).
    #[test]
    fn every_kind_has_its_own_monster_tile() {
        let mut seen = std::collections::HashSet::new();
        for kind in Kind::ALL {
            let t = kind.stats().look.tile;
            let monster_tiles = tiles::MONSTERS..tiles::RELIC;
            let more = tiles::MORE_MONSTERS..tiles::MORE_MONSTERS + 6;
            // The kinds drawn after the ration (the will-o'-wisp on).
            let newest = tiles::RATION + 1..tiles::TORCH;
            assert!(
                monster_tiles.contains(&t) || more.contains(&t) || newest.contains(&t),
                "{kind:?}: {t}"
            );
            assert!(seen.insert(t), "{kind:?} shares tile {t}");
        }
        let mut weapons = std::collections::HashSet::new();
        for kind in ItemKind::ALL {
            let tile = kind.stats().look.tile;
            // The classes after food have tiles of their own, after the first monsters'.
            let later = [
                (Class::Ring, tiles::RING),
                (Class::Staff, tiles::STAFF),
                (Class::Charm, tiles::CHARM),
            ];
            if let Some(&(_, own)) = later.iter().find(|(c, _)| *c == kind.class()) {
                assert_eq!(tile, own, "{kind:?}");
                continue;
            }
            if kind.class() == Class::Weapon {
                assert!(weapons.insert(tile), "{kind:?} shares its picture with another weapon");
                assert!(!seen.contains(&tile) && tile < tiles::COUNT, "{kind:?}: {tile}");
                continue;
            }
            if kind.class() == Class::Food {
                assert_eq!(tile, tiles::RATION, "{kind:?}");
                continue;
            }
            let class = Class::ALL.iter().position(|&c| c == kind.class()).unwrap() as u32;
            assert_eq!(tile, tiles::ITEMS + class, "{kind:?}");
        }
    }
}

//! Drawing the items lying on the level where the player has seen them (dimmed out of view, as
//! keys are): a tile per class, potions in the colour of their look, an altar's item on its
//! stone, a sealed one greyed in its cage. Made again from the level whenever the run changes.

use bevy::prelude::*;
use delve_core::world::{Class, FloorItem, Item, Lore};

use crate::actor::LevelScoped;
use crate::assets::{GameAssets, tiles};
use crate::lab::LabView;
use crate::turn::{Game, TurnSet};
use crate::ui::palette;
use crate::world_space::world_pos;

use super::sprites::Lying;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        show_items.after(super::tiles::spawn_map_layer).in_set(TurnSet::Show),
    );
}

/// An item's sprite (and its altar's stone).
#[derive(Component, Debug)]
pub(crate) struct ItemSprite;

/// The colour of a potion's look ("crimson potion"), else the class's.
pub(crate) fn tint(item: Item, lore: &Lore) -> Color {
    match item.kind.class() {
        Class::Potion => {
            let look = lore.look(item.kind);
            match look.split(' ').next().unwrap_or("") {
                "crimson" => Color::srgb(0.9, 0.2, 0.25),
                "azure" => Color::srgb(0.3, 0.55, 1.0),
                "amber" => Color::srgb(1.0, 0.7, 0.2),
                "violet" => Color::srgb(0.7, 0.4, 1.0),
                "murky" => Color::srgb(0.45, 0.5, 0.3),
                "golden" => Color::srgb(1.0, 0.88, 0.3),
                "pink" => Color::srgb(1.0, 0.55, 0.75),
                "jade" => Color::srgb(0.3, 0.85, 0.55),
                _ => Color::srgb(0.7, 0.7, 0.75),
            }
        }
        Class::Scroll => palette::SCROLL,
        Class::Weapon | Class::Armour => palette::IRON,
        Class::Thrown => palette::THROWN,
        Class::Wand => palette::WAND,
    }
}

/// The tile of an item's class.
pub(crate) fn item_tile(item: Item) -> u32 {
    tiles::ITEMS + Class::ALL.iter().position(|&c| c == item.kind.class()).unwrap_or(0) as u32
}

/// Dims `colour` as `shade` (white in view, the remembered colour out of it) does.
fn shaded(colour: Color, shade: Color) -> Color {
    let (a, b) = (colour.to_srgba(), shade.to_srgba());
    Color::srgba(a.red * b.red, a.green * b.green, a.blue * b.blue, a.alpha)
}

fn show_items(
    mut commands: Commands,
    assets: Res<GameAssets>,
    game: Res<Game>,
    sprites: Query<Entity, With<ItemSprite>>,
    mut lab: LabView,
) {
    let (lab, lab_changed) = lab.look();
    if !(game.is_changed() || lab_changed) {
        return;
    }
    for entity in &sprites {
        commands.entity(entity).despawn();
    }
    let level = game.dungeon.level();
    let lying = Lying::on(&game, lab);
    for &FloorItem {
        at,
        item,
        altar,
        sealed,
    } in &level.items
    {
        if !lying.seen(at) {
            continue;
        }
        let shade = lying.colour(at);
        let place = world_pos(&level.map, at);
        if altar.is_some() {
            commands.spawn((
                Name::new("Altar"),
                ItemSprite,
                LevelScoped,
                Sprite::from_color(shaded(palette::ALTAR, shade), Vec2::splat(14.0)),
                Transform::from_translation(place.extend(4.0)),
            ));
        }
        let mut sprite = Sprite::from_atlas_image(
            assets.tileset.clone(),
            TextureAtlas {
                layout: assets.layout.clone(),
                index: item_tile(item) as usize,
            },
        );
        let colour = if sealed {
            palette::SEALED
        } else {
            tint(item, &game.player.lore)
        };
        sprite.color = shaded(colour, shade);
        commands.spawn((
            Name::new("Item"),
            ItemSprite,
            LevelScoped,
            sprite,
            Transform::from_translation(place.extend(5.0)),
        ));
    }
}

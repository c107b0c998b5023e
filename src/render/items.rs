//! Drawing the items lying on the level where the player has seen them (dimmed out of view, as
//! keys are): a tile per class, potions in the colour of their look, an altar's item on its
//! stone, a sealed one greyed in its cage. Made again from the level whenever the run changes.

use bevy::prelude::*;
use delve_core::world::{Class, FloorItem, Item, Lore};

use crate::actor::LevelScoped;
use crate::assets::{GameAssets, tiles};
use crate::lab::LabView;
use crate::turn::{Game, TurnSet};
use crate::ui::layers;
use crate::ui::palette;
use crate::world_space::world_pos;

use super::sprites::Lying;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        show_items.after(super::tiles::spawn_map_layer).in_set(TurnSet::Show),
    );
}

/// An item's sprite (or its altar's stone), drawn for the item lying as it says.
#[derive(Component, Debug, PartialEq, Eq)]
pub struct ItemSprite(pub FloorItem);

/// The colour of a potion's look ("crimson potion"), else the class's.
pub(crate) fn tint(item: Item, lore: &Lore) -> Color {
    match item.kind.class() {
        Class::Potion => match lore.potion_colour(item.kind).unwrap_or("") {
            "crimson" => Color::srgb(0.9, 0.2, 0.25),
            "azure" => Color::srgb(0.3, 0.55, 1.0),
            "amber" => Color::srgb(1.0, 0.7, 0.2),
            "violet" => Color::srgb(0.7, 0.4, 1.0),
            "murky" => Color::srgb(0.45, 0.5, 0.3),
            "golden" => Color::srgb(1.0, 0.88, 0.3),
            "pink" => Color::srgb(1.0, 0.55, 0.75),
            "jade" => Color::srgb(0.3, 0.85, 0.55),
            _ => Color::srgb(0.7, 0.7, 0.75),
        },
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

/// Keeps a sprite on every item the player has seen, in its colour as seen now: sprites whose
/// item is gone (or changed) go, new ones come, the rest only change colour when the view does
/// (a whole 1024x1024 level's items are not made again every turn).
fn show_items(
    mut commands: Commands,
    assets: Res<GameAssets>,
    game: Res<Game>,
    mut sprites: Query<(Entity, &ItemSprite, &mut Sprite, Has<Altar>)>,
    mut lab: LabView,
) {
    let (lab, lab_changed) = lab.look();
    if !(game.is_changed() || lab_changed) {
        return;
    }
    let level = game.dungeon.level();
    let lying = Lying::on(&game, lab);
    let lore = &game.player.lore;
    let colour_of = |f: &FloorItem, altar: bool| {
        let base = match (altar, f.sealed) {
            (true, _) => palette::ALTAR,
            (false, true) => palette::SEALED,
            (false, false) => tint(f.item, lore),
        };
        shaded(base, lying.colour(f.at))
    };
    let mut drawn = std::collections::HashSet::new();
    for (entity, ItemSprite(was), mut sprite, altar) in &mut sprites {
        let still = level.item_at(was.at).filter(|f| *f == was && lying.seen(f.at));
        match still {
            Some(f) => {
                drawn.insert((f.at, altar));
                let colour = colour_of(f, altar);
                if sprite.color != colour {
                    sprite.color = colour;
                }
            }
            None => commands.entity(entity).despawn(),
        }
    }
    for f in level.items.iter().filter(|f| lying.seen(f.at)) {
        let place = world_pos(&level.map, f.at);
        if f.altar.is_some() && !drawn.contains(&(f.at, true)) {
            commands.spawn((
                Name::new("Altar"),
                ItemSprite(*f),
                Altar,
                LevelScoped,
                Sprite::from_color(colour_of(f, true), Vec2::splat(14.0)),
                Transform::from_translation(place.extend(layers::ALTAR)),
            ));
        }
        if !drawn.contains(&(f.at, false)) {
            let mut sprite = Sprite::from_atlas_image(
                assets.tileset.clone(),
                TextureAtlas {
                    layout: assets.layout.clone(),
                    index: item_tile(f.item) as usize,
                },
            );
            sprite.color = colour_of(f, false);
            commands.spawn((
                Name::new("Item"),
                ItemSprite(*f),
                LevelScoped,
                sprite,
                Transform::from_translation(place.extend(layers::FLOOR_THING)),
            ));
        }
    }
}

/// The stone under an altar's item.
#[derive(Component, Debug)]
pub struct Altar;

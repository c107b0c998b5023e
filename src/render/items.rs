//! Drawing the items lying on the level where the player has seen them (dimmed out of view, as
//! keys are): a tile per class, potions in the colour of their look, an altar's item on its
//! stone, a sealed one greyed in its cage. Made again from the level whenever the run changes.

use bevy::prelude::*;
use delve_core::world::{FloorItem, Item, Lore};

use crate::actor::LevelScoped;
use crate::assets::GameAssets;
use crate::render::shown::Shown;
use crate::render::space::world_pos;
use crate::turn::{Game, TurnSet};
use crate::ui::layers;
use crate::ui::palette;

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

/// The colour of a potion's look in this run ("crimson potion"), else the kind's (its row's).
pub(crate) fn tint(item: Item, lore: &Lore) -> Color {
    let [r, g, b] = lore.potion_rgb(item.kind).unwrap_or(item.kind.stats().look.rgb);
    Color::srgb_u8(r, g, b)
}

/// The tile of an item's kind (its row's look).
pub(crate) const fn item_tile(item: Item) -> u32 {
    item.kind.stats().look.tile
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
    mut lab: Shown,
) {
    let (lab, lab_changed) = lab.look();
    if !(game.is_changed() || lab_changed) {
        return;
    }
    let level = game.dungeon().level();
    let lying = Lying::on(&game, lab);
    let lore = &game.player().lore;
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
            let mut sprite = assets.sprite(item_tile(f.item));
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

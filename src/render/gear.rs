//! The player's look shows what it wields and wears: the armour drawn over its tunic in the
//! armour's colour, the weapon in its hand (its own picture, small, tilted), each a sprite on the
//! player's, made again when what is wielded or worn changes.

use bevy::prelude::*;
use delve_core::world::Item;

use crate::actor::Player;
use crate::assets::{GameAssets, tiles};
use crate::render::space::TILE_PX;
use crate::turn::{Game, TurnSet};

/// A picture of the player's gear, on the player's sprite.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gear {
    /// The armour worn, over the tunic.
    Worn,
    /// The weapon wielded, in the hand.
    Wielded,
}

pub fn plugin(app: &mut App) {
    app.add_systems(Update, dress.after(super::sprites::PlaceSprites).in_set(TurnSet::Show));
}

/// The player, once its sprite is there.
type Drawn = (With<Player>, With<Sprite>);

/// What the player wields and wears, as drawn.
type Dressed = (Option<Item>, Option<Item>);

/// Draws the gear the player wields and wears, when it changed (and on a new player sprite).
fn dress(
    mut commands: Commands,
    game: Res<Game>,
    assets: Res<GameAssets>,
    player: Option<Single<Entity, Drawn>>,
    drawn: Query<(Entity, &ChildOf), With<Gear>>,
    mut dressed: Local<Option<(Entity, Dressed)>>,
) {
    let Some(player) = player else { return };
    let player = *player;
    let pack = &game.player().pack;
    let now = (pack.wielded_item(), pack.worn_item());
    if *dressed == Some((player, now)) {
        return;
    }
    *dressed = Some((player, now));
    for (entity, parent) in &drawn {
        if parent.parent() == player {
            commands.entity(entity).despawn();
        }
    }
    let (wielded, worn) = now;
    if let Some(armour) = worn {
        let [r, g, b] = armour.kind.stats().look.rgb;
        let mut sprite = assets.sprite(tiles::WORN_ARMOUR);
        sprite.color = Color::srgb_u8(r, g, b);
        commands.spawn((
            Name::new("Worn armour"),
            Gear::Worn,
            sprite,
            Transform::from_xyz(0.0, 0.0, 0.1),
            ChildOf(player),
        ));
    }
    if let Some(weapon) = wielded {
        let mut sprite = assets.sprite(super::items::item_tile(weapon));
        sprite.color = super::items::tint(weapon, &game.player().lore);
        sprite.custom_size = Some(Vec2::splat(TILE_PX * 0.6));
        commands.spawn((
            Name::new("Wielded weapon"),
            Gear::Wielded,
            sprite,
            // In the right hand (the picture's left, as the player faces out of the screen),
            // tilted as if held.
            Transform::from_xyz(-TILE_PX * 0.3, -TILE_PX * 0.05, 0.2).with_rotation(Quat::from_rotation_z(0.5)),
            ChildOf(player),
        ));
    }
}

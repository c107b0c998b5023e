//! Short animations of what a turn did, read from the effects the rules applied (`Happened`,
//! in order): a thrown thing's or a bolt's flight (a bolt in a glowing haze), an arrow's, a hit's
//! flash, a door's swing.
//! Each lasts a fraction of a turn (at most `LONGEST`); a turn's play in the order they
//! happened where one follows from another (the hit's flash waits for the flight that landed
//! it on that tile), the rest at once; the next turn cuts them short (nothing waits for them:
//! they are only drawn), and the settings can turn them off. Only what the
//! player sees is animated; a replay's turns are shown the same way.

use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::window::RequestRedraw;
use delve_core::geom::Pos;
use delve_core::map::TileMap;
use delve_core::rules::{Effect, Happening, Who};
use delve_core::world::{Class, Item};

use crate::actor::{LevelScoped, Player};
use crate::assets::{GameAssets, tiles};
use crate::render::glide::{Glide, nudge};
use crate::render::monsters::MonsterSprite;
use crate::render::space::{TILE_PX, world_pos};
use crate::settings::Settings;
use crate::state::GameState;
use crate::turn::{Game, Happened, TurnSet};
use crate::ui::{layers, palette};

/// How long a flight takes, in seconds.
const FLIGHT: f32 = 0.12;
/// How long a hit's flash takes to fade.
const FLASH: f32 = 0.15;
/// How long a door takes to swing.
const SWING: f32 = 0.12;
/// The longest any animation lasts: well under the shortest time between two turns of a held
/// key, so play never waits on one.
pub const LONGEST: f32 = 0.15;
const _: () = assert!(FLIGHT <= LONGEST && FLASH <= LONGEST && SWING <= LONGEST);

/// One animation playing: what moves, since when (`Time::elapsed_secs`), for how long.
#[derive(Component, Debug)]
pub struct Animation {
    motion: Motion,
    born: f32,
    length: f32,
}

/// How an animation moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Motion {
    /// From one tile to another (a thrown thing, a bolt, an arrow).
    Fly { from: Vec2, to: Vec2 },
    /// A flash that fades where a hit landed.
    Flash,
    /// A door's leaf turning on its hinge at the doorway's left edge, seen from above: open, it
    /// narrows from filling the doorway to the thin edge the open door's tile shows; shut, it
    /// widens back.
    Swing { opening: bool },
}

impl Animation {
    /// What it shows.
    pub fn motion(&self) -> Motion {
        self.motion
    }

    /// When it begins (`Time::elapsed_secs`) and how long it lasts.
    pub fn span(&self) -> (f32, f32) {
        (self.born, self.length)
    }
}

/// When each of a turn's happenings begins to show, after the turn's start: once every earlier
/// animation that ended on its tile is over (a hit after the flight that made it), else at
/// once. `spans`: each happening's tile and how long its animations last (0: none).
fn schedule(spans: &[(Pos, f32)]) -> Vec<f32> {
    let mut ends: Vec<(Pos, f32)> = Vec::new();
    spans
        .iter()
        .map(|&(at, length)| {
            let begin = ends
                .iter()
                .filter(|(p, _)| *p == at)
                .map(|(_, end)| *end)
                .fold(0.0, f32::max);
            if length > 0.0 {
                ends.push((at, begin + length));
            }
            begin
        })
        .collect()
}

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (start, play)
            .chain()
            .in_set(TurnSet::Show)
            .run_if(in_state(GameState::Playing)),
    );
}

/// What a blow may nudge: a sprite (a monster's, or the player's), where it is drawn, and its
/// glide if it glides.
type Struck = (
    Entity,
    &'static Transform,
    Option<&'static Glide>,
    Option<&'static MonsterSprite>,
);

/// The sprites a blow may nudge: the monsters' and the player's.
type Nudgeable = Or<(With<MonsterSprite>, With<Player>)>;

/// One animation to start: its motion, length, sprite and where it starts.
type Start = (Motion, f32, Sprite, Vec2);

/// The animations a happening shows.
fn animations(h: &Happening, map: &TileMap, game: &Game, assets: &GameAssets) -> Vec<Start> {
    let (from, at) = (world_pos(map, h.from), world_pos(map, h.at));
    let flash = || {
        (
            Motion::Flash,
            FLASH,
            Sprite::from_color(palette::HIT_FLASH, Vec2::splat(TILE_PX)),
            at,
        )
    };
    match h.effect {
        Effect::Flew { kind, .. } => {
            let item = Item {
                kind,
                count: 1,
                plus: 0,
                wait: 0,
            };
            let mut sprite = assets.sprite(super::items::item_tile(item));
            sprite.color = super::items::tint(item, &game.player().lore);
            sprite.custom_size = Some(Vec2::splat(TILE_PX * 0.75));
            let mut flights = vec![(Motion::Fly { from, to: at }, FLIGHT, sprite, from)];
            // A bolt glows on its way: a haze of its colour round it, lighting the tiles it
            // passes (a wand's or a staff's; a thrown thing does not).
            if matches!(kind.class(), Class::Wand | Class::Staff) {
                let mut haze = assets.sprite(tiles::GAS);
                let [r, g, b] = kind.stats().look.rgb;
                haze.color = Color::srgba_u8(r, g, b, 150);
                haze.custom_size = Some(Vec2::splat(TILE_PX * 1.8));
                flights.insert(0, (Motion::Fly { from, to: at }, FLIGHT, haze, from));
            }
            flights
        }
        Effect::Shot { damage, .. } => {
            let mut out = vec![(
                Motion::Fly { from, to: at },
                FLIGHT,
                Sprite::from_color(palette::ARROW, Vec2::new(TILE_PX * 0.6, 2.0)),
                from,
            )];
            if damage.is_some() {
                out.push(flash());
            }
            out
        }
        Effect::Attacked { damage: Some(_), .. } | Effect::Stabbed { .. } | Effect::Struck { .. } => vec![flash()],
        Effect::DoorOpened(p) | Effect::DoorUnlocked(p) | Effect::DoorSmashed(p) => vec![swing(map, p, true)],
        Effect::DoorClosed(p) => vec![swing(map, p, false)],
        _ => Vec::new(),
    }
}

/// Who a blow (or a shot, a stab, a bolt) that landed hit.
fn struck(h: &Happening) -> Option<Who> {
    match h.effect {
        Effect::Attacked {
            target,
            damage: Some(_),
        }
        | Effect::Shot {
            target,
            damage: Some(_),
        } => Some(target),
        Effect::Stabbed { target, .. } | Effect::Struck { target, .. } => Some(Who::Monster(target)),
        _ => None,
    }
}

/// A door's leaf at `p`, hinged on the tile's left edge.
fn swing(map: &TileMap, p: Pos, opening: bool) -> Start {
    let hinge = world_pos(map, p) - Vec2::new(TILE_PX / 2.0, 0.0);
    (
        Motion::Swing { opening },
        SWING,
        Sprite::from_color(palette::DOOR_LEAF, Vec2::new(TILE_PX, TILE_PX - 2.0)),
        hinge,
    )
}

/// How much of the doorway a swinging leaf covers, `k` of the way through: the open door's
/// tile shows a leaf about a sixth of the tile wide.
fn leaf_width(opening: bool, k: f32) -> f32 {
    const OPEN: f32 = 0.15;
    let closed_share = if opening { 1.0 - k } else { k };
    OPEN + (1.0 - OPEN) * closed_share
}

/// A new turn's happenings: the last turn's animations end at once, and those the player sees
/// begin (unless the settings turned animations off).
#[allow(clippy::too_many_arguments)]
fn start(
    mut commands: Commands,
    mut happened: MessageReader<Happened>,
    playing: Query<Entity, With<Animation>>,
    game: Res<Game>,
    settings: Res<Settings>,
    assets: Res<GameAssets>,
    time: Res<Time>,
    sprites: Query<Struck, Nudgeable>,
) {
    if happened.is_empty() {
        return;
    }
    for entity in &playing {
        commands.entity(entity).despawn();
    }
    let map = &game.dungeon().level().map;
    let sight = game.sight();
    let seen: Vec<&Happening> = happened
        .read()
        .map(|Happened(h)| h)
        .filter(|h| settings.animations && (sight.is_visible(h.at) || sight.is_visible(h.from)))
        .collect();
    // A blow that landed nudges what it hit, away from the one who struck.
    for h in &seen {
        let Some(target) = struck(h) else { continue };
        let away = world_pos(map, h.at) - world_pos(map, h.from);
        let hit = sprites.iter().find(|(_, _, _, monster)| match (target, monster) {
            (Who::Player, None) => true,
            (Who::Monster(id), Some(m)) => m.0 == id,
            _ => false,
        });
        if let Some((entity, transform, glide, _)) = hit {
            nudge(&mut commands, (entity, transform, glide), away, time.elapsed_secs());
        }
    }
    let shown: Vec<(Pos, Vec<Start>)> = seen
        .into_iter()
        .map(|h| (h.at, animations(h, map, &game, &assets)))
        .collect();
    let spans: Vec<(Pos, f32)> = shown
        .iter()
        .map(|(at, all)| (*at, all.iter().map(|a| a.1).fold(0.0, f32::max)))
        .collect();
    for ((_, all), delay) in shown.into_iter().zip(schedule(&spans)) {
        for (motion, length, sprite, place) in all {
            let mut transform = Transform::from_translation(place.extend(layers::ANIMATION));
            match motion {
                Motion::Fly { from, to } => {
                    let d = to - from;
                    transform.rotation = Quat::from_rotation_z(d.y.atan2(d.x));
                }
                Motion::Swing { opening } => transform.scale.x = leaf_width(opening, 0.0),
                Motion::Flash => {}
            }
            let mut entity = commands.spawn((
                Name::new("Animation"),
                Animation {
                    motion,
                    born: time.elapsed_secs() + delay,
                    length,
                },
                sprite,
                transform,
                if delay > 0.0 {
                    Visibility::Hidden
                } else {
                    Visibility::Inherited
                },
                LevelScoped,
                DespawnOnExit(GameState::Playing),
            ));
            if matches!(motion, Motion::Swing { .. }) {
                entity.insert(Anchor::CENTER_LEFT);
            }
        }
    }
}

/// Moves every animation on by the clock, ends those done, and asks for the next frame while
/// any plays (the window draws only when something changes).
fn play(
    mut commands: Commands,
    time: Res<Time>,
    mut playing: Query<(Entity, &Animation, &mut Transform, &mut Sprite, &mut Visibility)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let now = time.elapsed_secs();
    for (entity, animation, mut at, mut sprite, mut shown) in &mut playing {
        if now < animation.born {
            continue; // waiting for what it follows from
        }
        shown.set_if_neq(Visibility::Inherited);
        let k = ((now - animation.born) / animation.length).clamp(0.0, 1.0);
        match animation.motion {
            Motion::Fly { from, to } => at.translation = from.lerp(to, k).extend(layers::ANIMATION),
            Motion::Flash => {
                let alpha = palette::HIT_FLASH.alpha() * (1.0 - k);
                sprite.color.set_alpha(alpha);
            }
            Motion::Swing { opening } => at.scale.x = leaf_width(opening, k),
        }
        if k >= 1.0 {
            commands.entity(entity).despawn();
        }
    }
    if !playing.is_empty() {
        redraw.write(RequestRedraw);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hit_waits_for_the_flight_that_landed_it_and_the_rest_play_at_once() {
        let (goblin, door, player) = (Pos::new(5, 1), Pos::new(2, 3), Pos::new(1, 1));
        // The dart's flight to the goblin, a door swinging elsewhere, the hit on the goblin,
        // something with no animation, then the goblin's blow on the player.
        let spans = [
            (goblin, FLIGHT),
            (door, SWING),
            (goblin, FLASH),
            (goblin, 0.0),
            (player, FLASH),
        ];
        let begins = schedule(&spans);
        assert_eq!(begins, vec![0.0, 0.0, FLIGHT, FLIGHT + FLASH, 0.0]);
    }
}

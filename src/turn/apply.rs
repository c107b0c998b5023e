//! Applying what happened: the one place where effects decided by the rules change the world
//! (the dungeon's levels, actors' positions and keys), for any actor. Taking the stairs is one of
//! them: the dungeon moves to the other level (made if never visited), the actor arrives on the
//! matching stairs, and everything scoped to the old level is despawned.

use bevy::prelude::*;

use super::{Happened, MessageLine, TurnCount};
use crate::actor::{GridPos, KeyRing, LevelScoped, Player};
use crate::dungeon::Dungeon;
use crate::map::{DoorState, Tile};
use crate::rules::Effect;

/// The player arrived on another level (after the dungeon has moved to it).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelEntered {
    pub depth: u32,
}

/// Applies every `Happened` of this frame, in order. The player's actions take a turn and set
/// the message line.
pub fn apply_effects(
    mut happened: MessageReader<Happened>,
    mut dungeon: ResMut<Dungeon>,
    mut actors: Query<(&mut GridPos, Option<&mut KeyRing>, Has<Player>)>,
    mut turn: ResMut<TurnCount>,
    mut line: ResMut<MessageLine>,
    mut entered: MessageWriter<LevelEntered>,
) {
    for Happened { actor, effects } in happened.read() {
        let Ok((mut pos, mut keys, is_player)) = actors.get_mut(*actor) else {
            continue;
        };
        let mut said: Vec<String> = Vec::new();
        for effect in effects {
            let depth = dungeon.depth();
            let mut message = effect.message();
            match *effect {
                Effect::Moved { to, .. } => pos.0 = to,
                Effect::DoorOpened(at) => dungeon.level_mut().map.set(at, Tile::Door(DoorState::Open)),
                Effect::DoorClosed(at) => dungeon.level_mut().map.set(at, Tile::Door(DoorState::Closed)),
                Effect::DoorUnlocked(at) => {
                    dungeon.level_mut().map.set(at, Tile::Door(DoorState::Open));
                    if let Some(ring) = keys.as_mut() {
                        ring.0.retain(|&k| k != (depth, at));
                    }
                }
                Effect::KeyTaken(key) => {
                    dungeon.level_mut().keys.retain(|&k| k != key);
                    if let Some(ring) = keys.as_mut() {
                        ring.0.push((depth, key.opens));
                    }
                }
                Effect::Waited => {}
                Effect::LevelChanged { to } => match dungeon.go_to(to) {
                    Ok(()) => {
                        // Down arrives on the stairs up, up on the stairs down.
                        let map = &dungeon.level().map;
                        let arrival = if to > depth { map.stairs_up() } else { map.stairs_down() };
                        pos.0 = arrival.unwrap_or(map.start());
                        entered.write(LevelEntered { depth: to });
                    }
                    Err(e) => message = Some(format!("The stairs are blocked: {e}.")),
                },
            }
            said.extend(message);
        }
        if is_player {
            turn.0 += 1;
            line.say(said.join(" "));
        }
    }
}

/// Despawns everything scoped to the level the player left.
pub(super) fn despawn_old_level(
    mut entered: MessageReader<LevelEntered>,
    scoped: Query<Entity, With<LevelScoped>>,
    mut commands: Commands,
) {
    if entered.read().count() == 0 {
        return;
    }
    for entity in &scoped {
        commands.entity(entity).despawn();
    }
}

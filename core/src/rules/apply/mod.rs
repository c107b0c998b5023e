//! Applying what happened: the one place where effects decided by the rules change the game
//! (the dungeon's levels, the monsters on them, the player's position, health and pack, the
//! record of the run), for the player and monsters alike, and the line the player is told.
//! Each family of effects has its file; this one holds what they share and the dispatch.

mod combat;
mod habits;
mod hazards;
mod items;
mod magic;
mod rest;
mod time;
mod ways;

use super::{Effect, Who};
use crate::dungeon::Dungeon;
use crate::world::{Boon, FloorItem, Level, Player, RunRecord};

/// Everything a turn may change.
pub(crate) struct Stage<'a> {
    /// The levels, and the one being played.
    pub dungeon: &'a mut Dungeon,
    /// The player.
    pub player: &'a mut Player,
    /// The record of the run.
    pub record: &'a mut RunRecord,
}

/// What applying an effect came to, besides the change itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Applied {
    /// The line for the player, if it is worth one (monsters' lines are shown only when the
    /// player sees them: the caller decides).
    pub message: Option<String>,
    /// The level the player arrived on.
    pub entered: Option<u32>,
}

fn said(text: impl Into<String>) -> Applied {
    Applied {
        message: Some(text.into()),
        entered: None,
    }
}

/// "The goblin" for a monster, from its id on the current level ("Your goblin" for an ally).
fn the(level: &Level, id: u32) -> String {
    match level.monster_index(id).map(|i| level.monsters[i]) {
        Some(m) if m.is_ally() => format!("Your {}", m.kind.name()),
        Some(m) => crate::world::capitalised(&m.called()),
        None => "The something".to_owned(),
    }
}

/// Makes `effect`, done by `who`, true of the game: each family of effects by its own hand.
pub fn apply(stage: &mut Stage, who: Who, effect: &Effect) -> Applied {
    match effect {
        Effect::Moved { .. }
        | Effect::DoorOpened(..)
        | Effect::DoorClosed(..)
        | Effect::DoorSmashed(..)
        | Effect::DoorUnlocked(..)
        | Effect::KeyTaken(..)
        | Effect::RelicTaken
        | Effect::GoldTaken { .. }
        | Effect::Waited
        | Effect::LevelChanged { .. }
        | Effect::Fell
        | Effect::Teleported(..)
        | Effect::Blinked(..)
        | Effect::Escaped => ways::ways(stage, who, *effect),
        Effect::Stole(..)
        | Effect::Attacked { .. }
        | Effect::Shot { .. }
        | Effect::Stabbed { .. }
        | Effect::Shoved { .. }
        | Effect::Struck { .. } => combat::combat(stage, who, *effect),
        Effect::TrapSprung { .. }
        | Effect::Harmed { .. }
        | Effect::Alarm(..)
        | Effect::GasReleased { .. }
        | Effect::Ignited(..)
        | Effect::Smouldered
        | Effect::Caught(..)
        | Effect::GasDrifted
        | Effect::Netted(..)
        | Effect::Swept(..)
        | Effect::Found(..)
        | Effect::Searched => hazards::hazards(stage, who, *effect),
        Effect::Tunnelled(..)
        | Effect::Corroded
        | Effect::Split { .. }
        | Effect::Summoned { .. }
        | Effect::Shielded(..)
        | Effect::Waned
        | Effect::Vanished => habits::habits(stage, who, *effect),
        Effect::Revealed(..)
        | Effect::Detected
        | Effect::Uncursed
        | Effect::GearTicked
        | Effect::Reaped(..)
        | Effect::Slowed { .. }
        | Effect::Levitating(..)
        | Effect::Telepathic(..)
        | Effect::Fireproof(..)
        | Effect::Paralysed(..)
        | Effect::Shattered(..)
        | Effect::Protected
        | Effect::Called { .. }
        | Effect::Began(..) => magic::magic(stage, *effect),
        _ => rest::rest(stage, who, *effect),
    }
}

/// Lays `found` on the floor, on the stack of its kind there if there is one.
fn lay(level: &mut Level, found: FloorItem) {
    match level.items.iter_mut().find(|f| f.at == found.at) {
        Some(stack) if stack.item.kind == found.item.kind => {
            stack.item.count = stack.item.count.saturating_add(found.item.count);
        }
        _ => level.items.push(found),
    }
}

/// The player is hurt on level `depth`: the feats remember the first level it was.
fn hurt(record: &mut RunRecord, depth: u32) {
    if record.deeds.first_hurt == 0 {
        record.deeds.first_hurt = depth;
    }
}

/// Turns of poison `turns` come to for `player` (half, rounded up, with poison resistance).
fn poison_for(player: &Player, turns: u16) -> u16 {
    if player.has(Boon::PoisonResistance) {
        turns.div_ceil(2)
    } else {
        turns
    }
}

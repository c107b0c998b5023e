//! Applying time passing: states wearing off, wounds closing, food digested, poison and an empty
//! stomach hurting, and a kind that heals.

use super::hurt;
use super::{Applied, Stage, said};
use crate::rules::{Effect, Who};
use crate::world::Ending;

/// Time passing: what a turn does by itself to the player (states wearing off, wounds closing,
/// food digested, poison and an empty stomach hurting) and to a monster (a kind that heals).
pub(super) fn time(stage: &mut Stage, who: Who, effect: Effect) -> Applied {
    let depth = stage.dungeon.depth();
    let player = &mut *stage.player;
    match (effect, who) {
        (Effect::StatesWore, Who::Player) => {
            let s = &mut player.status;
            s.poison = s.poison.saturating_sub(1);
            s.confusion = s.confusion.saturating_sub(1);
            s.haste = s.haste.saturating_sub(1);
            let floated = s.levitation == 1;
            s.levitation = s.levitation.saturating_sub(1);
            s.telepathy = s.telepathy.saturating_sub(1);
            let cooled = s.fire_immunity == 1;
            s.fire_immunity = s.fire_immunity.saturating_sub(1);
            match (floated, cooled) {
                (true, _) => said("You drift back down to the ground."),
                (_, true) => said("The cool calm leaves your skin: fire burns again."),
                _ => Applied::default(),
            }
        }
        (Effect::Recovered, Who::Player) => {
            let health = &mut player.health;
            health.hp = (health.hp + 1).min(health.max);
            Applied::default()
        }
        (Effect::Digested, Who::Player) => {
            let was = player.hunger();
            player.stomach = player.stomach.saturating_sub(1);
            let now = player.hunger();
            if now == was {
                Applied::default()
            } else {
                said(now.warning())
            }
        }
        (Effect::Regenerated, Who::Monster(id)) => {
            let level = stage.dungeon.level_mut();
            if let Some(m) = level.monster_index(id).map(|i| &mut level.monsters[i]) {
                m.hp = (m.hp + 1).min(m.max_hp());
            }
            Applied::default()
        }
        (Effect::PoisonHurt | Effect::Starved, Who::Player) => {
            let health = &mut player.health;
            health.hp = (health.hp - 1).max(0);
            hurt(stage.record, depth);
            if health.hp == 0 && stage.record.ending.is_none() {
                let (by, line) = match effect {
                    Effect::PoisonHurt => ("poison", "The poison finishes you. You die..."),
                    _ => ("starvation", "You starve to death..."),
                };
                stage.record.ending = Some(Ending::Died { by: by.into() });
                return said(line);
            }
            Applied::default()
        }
        _ => Applied::default(),
    }
}

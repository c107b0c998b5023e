//! Applying the hazards family: traps and what they let loose (darts, alarms, gas, fire, nets),
//! the water, searching.

use super::combat::harmed;
use super::items::items;
use super::{Applied, Stage, said, the};
use crate::map::Tile;
use crate::rules::{Effect, Who};
use crate::world::{article, capitalised};

/// Traps and what they let loose (darts, alarms, gas, fire, nets), the water, searching.
pub(super) fn hazards(stage: &mut Stage, who: Who, effect: Effect) -> Applied {
    let player = &mut stage.player;
    let level = stage.dungeon.level_mut();
    match (effect, who) {
        (Effect::TrapSprung { at, kind }, _) => {
            if let Some(t) = level.traps.iter_mut().find(|t| t.at == at) {
                t.hidden = false;
            }
            match who {
                Who::Player => said(format!("You step on {} {}!", article(kind.name()), kind.name())),
                Who::Monster(id) => said(format!(
                    "{} steps on {} {}!",
                    the(level, id),
                    article(kind.name()),
                    kind.name()
                )),
            }
        }
        (Effect::Harmed { cause, damage }, _) => harmed(stage, who, cause, damage),
        (Effect::Alarm(at), _) => {
            crate::rules::mind::summon(level, at);
            said("An alarm bell rings out! Everything on the level comes to it.")
        }
        (Effect::GasReleased { at, amount }, _) => {
            let thick = level.gas.entry(at).or_insert(0);
            *thick = (*thick).max(amount);
            said("Poison gas hisses out!")
        }
        (Effect::Ignited(at), _) => {
            crate::rules::terrain::ignite(level, at);
            said("Flames burst out!")
        }
        (Effect::Smouldered, _) => {
            crate::rules::terrain::smoulder(level);
            Applied::default()
        }
        (Effect::Caught(at), _) => {
            crate::rules::terrain::catch(level, at);
            Applied::default()
        }
        (Effect::GasDrifted, _) => {
            crate::rules::terrain::drift(level);
            Applied::default()
        }
        (Effect::Netted(turns), Who::Monster(id)) => said(format!(
            "{}'s web catches you! You struggle free in {turns} turns.",
            super::the(level, id)
        )),
        (Effect::Netted(turns), _) => said(format!("A net drops on you! You struggle free in {turns} turns.")),
        (Effect::Swept(slot), Who::Player) => match player.pack.remove(slot as usize) {
            Some(item) => {
                if player.pack.weapon == Some(slot) {
                    player.pack.weapon = None;
                }
                said(format!(
                    "{} slips from your hands and sinks.",
                    capitalised(&player.lore.describe(item))
                ))
            }
            None => Applied::default(),
        },
        (Effect::Found(at), _) => {
            let tile = level.map.tile(at);
            if tile.is_secret() {
                level.map.set(at, tile.found());
                let deeds = &mut stage.record.deeds;
                deeds.secrets_here += 1;
                if deeds.secrets_here >= 2 && !level.map.tiles().iter().any(|t| t.is_secret()) {
                    deeds.all_secrets = true;
                }
                return said(match tile {
                    Tile::SecretDoor => "You find a secret door!",
                    _ => "You find a secret passage!",
                });
            }
            match level.traps.iter_mut().find(|t| t.at == at && t.hidden) {
                Some(t) => {
                    t.hidden = false;
                    said(format!(
                        "You find {} {}.",
                        crate::world::article(t.kind.name()),
                        t.kind.name()
                    ))
                }
                None => Applied::default(),
            }
        }
        (Effect::Searched, _) => said("You search, and find nothing."),
        // (What no arm here takes, the items' family does, as it always has.)
        (effect, _) => items(stage, effect),
    }
}

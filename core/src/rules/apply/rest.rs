//! Applying the rest: what lands, sleeps or is mapped, a boon chosen, an aggravation; time passing
//! and items go on to their own families.

use super::items::items;
use super::lay;
use super::time::time;
use super::{Applied, Stage, said};
use crate::geom::Pos;
use crate::map::Tile;
use crate::rules::{Effect, Who};
use crate::world::{Boon, Mind, VIGOUR_HP};

/// The rest: what lands, sleeps, wakes or is mapped, time passing (`time`), and items (`items`).
pub(super) fn rest(stage: &mut Stage, who: Who, effect: Effect) -> Applied {
    let depth = stage.dungeon.depth();
    let player = &mut stage.player;
    let level = stage.dungeon.level_mut();
    match (effect, who) {
        (Effect::Flew { .. }, _) => Applied::default(),
        (Effect::Landed(found), _) => {
            lay(level, found);
            Applied::default()
        }
        (Effect::Slept(id), _) => match level.monster_index(id) {
            // An ally or a captive is not a foe to put to sleep (its mind is its bond).
            Some(i) if !level.monsters[i].is_hostile() => Applied::default(),
            Some(i) => {
                level.monsters[i].mind = Mind::Asleep;
                said(format!("The {} falls asleep.", level.monsters[i].kind.name()))
            }
            None => Applied::default(),
        },
        (Effect::Reinforced { kind, at, heading }, _) => {
            // Out of sight, and so untold.
            level.add_monster(kind, at, Mind::Wandering { heading });
            Applied::default()
        }
        (Effect::Unchained(id), _) => {
            let Some(i) = level.monster_index(id) else {
                return Applied::default();
            };
            let m = &mut level.monsters[i];
            let name = m.kind.name();
            match m.mind {
                Mind::Captive { chains } if chains > 1 => {
                    m.mind = Mind::Captive { chains: chains - 1 };
                    let left = chains - 1;
                    let turns = if left == 1 { "turn" } else { "turns" };
                    said(format!("You work at the {name}'s chains ({left} {turns} more)."))
                }
                Mind::Captive { .. } => {
                    m.mind = Mind::Ally {
                        waiting: false,
                        kills: 0,
                    };
                    said(format!("You free the {name}! It will fight at your side."))
                }
                _ => Applied::default(),
            }
        }
        (Effect::Swapped(id), _) => {
            if let Some(i) = level.monster_index(id) {
                level.monsters[i].at = player.at;
            }
            Applied::default()
        }
        (Effect::Ordered(wait), _) => {
            let mut told = 0;
            for m in level.monsters.iter_mut() {
                if let Mind::Ally { kills, .. } = m.mind {
                    m.mind = Mind::Ally { waiting: wait, kills };
                    told += 1;
                }
            }
            let whom = if told == 1 { "your ally" } else { "your allies" };
            said(if wait {
                format!("You tell {whom} to wait here.")
            } else {
                format!("You tell {whom} to follow you.")
            })
        }
        (Effect::Chose(boon), Who::Player) => {
            player.growth.boons.push(boon);
            let more = match boon {
                Boon::Vigour => VIGOUR_HP,
                Boon::Juggernaut => crate::world::JUGGERNAUT_HP,
                _ => 0,
            };
            player.health.max += more;
            player.health.hp += more;
            said(format!("You choose {}. {}", boon.name(), boon.stats().about))
        }
        (Effect::Aggravated, _) => {
            crate::rules::mind::summon(level, player.at);
            said("You hear a piercing shriek echo through the level. Everything here comes for you!")
        }
        (Effect::Mapped, _) => {
            let map = &level.map;
            let known: Vec<Pos> = map
                .tiles()
                .iter()
                .enumerate()
                .map(|(i, _)| map.pos_of(i))
                .filter(|&p| {
                    map.tile(p) != Tile::Wall
                        || crate::paths::neighbours8(p)
                            .iter()
                            .any(|&q| map.get(q).is_some_and(|t| t != Tile::Wall))
                })
                .collect();
            player.memory.level_mut(depth, map).map_out(map, &known);
            said("A map of the whole level forms in your mind.")
        }
        (Effect::Starved | Effect::StatesWore | Effect::Recovered | Effect::Digested | Effect::Regenerated, _) => {
            time(stage, who, effect)
        }
        (effect, _) => items(stage, effect),
    }
}

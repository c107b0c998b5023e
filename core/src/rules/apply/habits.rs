//! Applying what the kinds' habits do besides blows: a burrower's tunnel, acid on armour, a
//! jelly splitting, a summoner's blades and their fading, a mystic's shield and its waning.

use super::{Applied, Stage, said, the};
use crate::map::Tile;
use crate::rules::{Effect, Who};
use crate::world::{CORRODED_MOST, Kind, Mind, Monster, PATIENCE, SHIELD};

/// What a habit did, made true of the game.
pub(super) fn habits(stage: &mut Stage, who: Who, effect: Effect) -> Applied {
    let player_at = stage.player.at;
    let level = stage.dungeon.level_mut();
    match effect {
        Effect::Tunnelled(at) => {
            if level.map.tile(at) == Tile::Wall {
                level.map.set(at, Tile::Corridor);
            }
            match who {
                Who::Monster(id) => said(format!("{} bores through the wall.", the(level, id))),
                Who::Player => Applied::default(),
            }
        }
        Effect::Corroded => {
            let pack = &mut stage.player.pack;
            let Some(slot) = pack.armour else {
                return Applied::default();
            };
            let Some(Some(item)) = pack.slot_mut(slot as usize) else {
                return Applied::default();
            };
            if item.wait > 0 {
                return said("Acid slides off the coat on your armour.");
            }
            if item.plus <= CORRODED_MOST {
                return said("Acid hisses on your armour, which can lose no more.");
            }
            item.plus -= 1;
            let name = item.kind.name();
            said(format!("Acid eats at your {name}!"))
        }
        Effect::Split { id, to } => {
            let Some(i) = level.monster_index(id) else {
                return Applied::default();
            };
            let m = level.monsters[i];
            if m.hp < 2 || level.monster_at(to).is_some() || to == player_at {
                return Applied::default();
            }
            let half = m.hp / 2;
            level.monsters[i].hp -= half;
            let twin = Monster {
                id: level.next_monster_id(),
                hp: half,
                at: to,
                energy: 0,
                ..m
            };
            level.monsters.push(twin);
            said(format!("{} splits in two!", the(level, id)))
        }
        Effect::Summoned { kind, at } => {
            if level.monster_at(at).is_some() || at == player_at {
                return Applied::default();
            }
            // A monster's summons hunt where it hunts; the player's (a staff of conjuration)
            // fight at its side.
            let mind = match who {
                Who::Monster(id) => Mind::Hunting {
                    target: level
                        .monster_index(id)
                        .map(|i| level.monsters[i].mind)
                        .and_then(|mind| match mind {
                            Mind::Hunting { target, .. } => Some(target),
                            _ => None,
                        })
                        .unwrap_or(player_at),
                    patience: PATIENCE,
                },
                Who::Player => Mind::Ally {
                    waiting: false,
                    kills: 0,
                },
            };
            level.add_monster(kind, at, mind);
            match who {
                Who::Monster(id) => said(format!("{} summons {}!", the(level, id), summoned_name(kind))),
                Who::Player => said(format!(
                    "{} stands beside you.",
                    crate::world::capitalised(&summoned_name(kind))
                )),
            }
        }
        Effect::Shielded(id) => {
            let Some(i) = level.monster_index(id) else {
                return Applied::default();
            };
            let m = &mut level.monsters[i];
            m.hp = (m.hp.max(m.max_hp()) + SHIELD).min(m.max_hp() + SHIELD);
            said(format!("{} is wrapped in a shimmering shield.", the(level, id)))
        }
        Effect::Waned => {
            if let Who::Monster(id) = who
                && let Some(i) = level.monster_index(id)
            {
                let m = &mut level.monsters[i];
                if m.hp > m.max_hp() {
                    m.hp -= 1;
                }
            }
            Applied::default()
        }
        Effect::Vanished => match who {
            Who::Monster(id) => {
                let line = format!("{} fades away.", the(level, id));
                level.monsters.retain(|m| m.id != id);
                said(line)
            }
            Who::Player => Applied::default(),
        },
        _ => Applied::default(),
    }
}

/// "a spectral blade" for one summoned of `kind`.
fn summoned_name(kind: Kind) -> String {
    format!("{} {}", crate::world::article(kind.name()), kind.name())
}

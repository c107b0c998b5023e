//! Applying the items family: what happens to the pack and to the player when an item is picked
//! up, dropped, worn, eaten, drunk, read, zapped or thrown.

use super::time::time;
use super::{Applied, Stage, lay, poison_for, said};
use crate::rules::{Effect, Who};
use crate::world::{Class, FloorItem, MAX_GROWN_HP, MOST_PLUS, Player, RATION, STOMACH, article, letter};

/// The player's items: what happens to the pack and to the player.
pub(super) fn items(stage: &mut Stage, effect: Effect) -> Applied {
    let mode = stage.dungeon.mode();
    let player = &mut *stage.player;
    let level = stage.dungeon.level_mut();
    let lore = player.lore;
    let slot_name = |player: &Player, s: u8| {
        player
            .pack
            .get(s as usize)
            .map_or_else(|| "nothing".to_owned(), |i| lore.name(i.kind))
    };
    match effect {
        Effect::ItemTaken { at, item } => match player.pack.add(item) {
            Some(s) => {
                level.items.retain(|f| f.at != at);
                said(format!("You pick up {} ({}).", lore.describe(item), letter(s)))
            }
            // (`resolve` found room: this is only never losing an item if it did not.)
            None => said("Your pack is full."),
        },
        Effect::AltarsSealed(vault) => {
            for f in level.items.iter_mut().filter(|f| f.altar == Some(vault)) {
                f.sealed = true;
            }
            said("The cages of the other altars slam shut.")
        }
        Effect::ItemDropped(s) => match player.pack.remove(s as usize) {
            Some(item) => {
                lay(level, FloorItem::loose(player.at, item));
                said(format!("You drop {}.", lore.describe(item)))
            }
            None => Applied::default(),
        },
        Effect::UsedUp(s) => {
            let name = slot_name(player, s);
            let Some(item) = player.pack.take_one(s as usize) else {
                return Applied::default();
            };
            match item.kind.class() {
                Class::Potion => stage.record.deeds.drunk += 1,
                Class::Scroll => stage.record.deeds.read += 1,
                _ => {}
            }
            said(match item.kind.class() {
                Class::Potion => format!("You drink the {name}."),
                Class::Scroll => format!("You read the {name}."),
                Class::Wand | Class::Staff => format!("You zap the {name}."),
                Class::Charm => format!("You invoke the {name}."),
                _ => format!("You throw the {name}."),
            })
        }
        Effect::Hurled(s) => {
            let name = slot_name(player, s);
            if player.pack.take_one(s as usize).is_none() {
                return Applied::default();
            }
            said(format!("You throw the {name}. It shatters."))
        }
        Effect::Identified(kind) => {
            let look = lore.look(kind);
            if player.lore.learn(kind) {
                let name = player.lore.name(kind);
                let then =
                    if kind == crate::world::ItemKind::Enchanting && player.pack.items().any(|(_, i)| i.kind == kind) {
                        " Read it again to choose the weapon or armour it makes better."
                    } else {
                        ""
                    };
                said(format!("The {look} is {} {name}.{then}", article(&name)))
            } else {
                Applied::default()
            }
        }
        Effect::Healed(n) => {
            let health = &mut player.health;
            health.hp = (health.hp + n).min(health.max);
            player.status.poison = 0;
            player.status.confusion = 0;
            said("You feel much better.")
        }
        Effect::Invigorated(n) => {
            let health = &mut player.health;
            health.max = (health.max + n).min(MAX_GROWN_HP);
            health.hp = health.max;
            said("You feel strong and whole.")
        }
        Effect::Hasted(t) => {
            player.status.haste = t;
            said("You feel yourself speed up.")
        }
        Effect::Poisoned(t) => {
            player.status.poison = player.status.poison.max(poison_for(player, t));
            said("You feel very sick.")
        }
        Effect::Confused(t) => {
            player.status.confusion = player.status.confusion.max(t);
            said("Your head spins.")
        }
        Effect::PoisonHurt => time(stage, Who::Player, effect),
        Effect::Teleported(to) => {
            player.at = to;
            said("The world blurs, and you are somewhere else.")
        }
        Effect::Recharged(n) => {
            player.pack.recharge(n);
            let wands = player
                .pack
                .items()
                .filter(|(_, i)| matches!(i.kind.class(), Class::Wand | Class::Staff))
                .count();
            said(match wands {
                0 => "A surge of power runs through your pack, and finds no wand or staff to fill.",
                1 => "Your wand hums with new power.",
                _ => "Your wands and staffs hum with new power.",
            })
        }
        Effect::Equipped(s) => {
            let name = slot_name(player, s);
            let Some(item) = player.pack.get(s as usize) else {
                return Applied::default();
            };
            if item.kind.class() == Class::Weapon {
                player.pack.weapon = Some(s);
                said(format!("You wield the {name} ({}).", letter(s as usize)))
            } else if item.kind.class() == Class::Ring {
                let Some(finger) = player.pack.free_finger() else {
                    return Applied::default();
                };
                player.pack.rings[finger] = Some(s);
                // A curse shows itself at once, and what it takes with it: the plus is known.
                if item.is_cursed()
                    && let Some(Some(worn)) = player.pack.slot_mut(s as usize)
                {
                    worn.wait = 0;
                }
                let hand = ["left", "right"][finger];
                let curse = if item.is_cursed() {
                    " It tightens round your finger with a malevolent chill: it is cursed!"
                } else {
                    ""
                };
                said(format!(
                    "You put the {name} ({}) on your {hand} hand.{curse}",
                    letter(s as usize)
                ))
            } else {
                player.pack.armour = Some(s);
                said(format!("You put on the {name} ({}).", letter(s as usize)))
            }
        }
        Effect::Ate(s) => {
            if player.pack.take_one(s as usize).is_none() {
                return Applied::default();
            }
            player.stomach = (player.stomach + mode.ration(RATION)).min(STOMACH);
            stage.record.deeds.eaten += 1;
            said("You eat the ration. That hit the spot.")
        }
        Effect::Enchanted(s) => {
            let Some(Some(item)) = player.pack.slot_mut(s as usize) else {
                return Applied::default();
            };
            item.plus = (item.plus + 1).min(MOST_PLUS);
            match item.kind.class() {
                // A staff's level is its charges at most: one more, and it comes at once.
                Class::Staff => item.count = item.count.saturating_add(1).min(item.most_charges()),
                // A charm waits no longer than its new level's recharge.
                Class::Charm => item.wait = item.wait.min(item.recharge_quarters()),
                _ => {}
            }
            let item = *item;
            let deeds = &mut stage.record.deeds;
            deeds.best_plus = deeds.best_plus.max(item.plus);
            said(format!(
                "Your {} glows blue for a moment: it is {} now.",
                lore.name(item.kind),
                lore.describe(item)
            ))
        }
        Effect::Unequipped(s) => {
            let name = slot_name(player, s);
            if player.pack.weapon == Some(s) {
                player.pack.weapon = None;
                said(format!("You put away the {name}."))
            } else if player.pack.rings.contains(&Some(s)) {
                for finger in &mut player.pack.rings {
                    if *finger == Some(s) {
                        *finger = None;
                    }
                }
                said(format!("You take off the {name}."))
            } else {
                player.pack.armour = None;
                said(format!("You take off the {name}."))
            }
        }
        _ => Applied::default(),
    }
}

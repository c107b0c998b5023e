//! Applying the magic of rings, staffs and charms: rings read, magic sensed, curses lifted,
//! recharging with time and with blows (a ring of reaping), and a monster slowed.

use super::{Applied, Stage, said, the};
use crate::geom::Pos;
use crate::map::Tile;
use crate::rules::Effect;
use crate::world::{
    Challenge, Class, Item, ItemKind, MOST_SLOWED, Mind, NORMAL_SPEED, PATIENCE, QUARTERS, capitalised,
};

/// The magic family: what happens to the pack, to what the player knows and to a monster.
pub(super) fn magic(stage: &mut Stage, effect: Effect) -> Applied {
    let mode = stage.dungeon.mode();
    let player = &mut *stage.player;
    match effect {
        Effect::Revealed(s) => match player.pack.slot_mut(s as usize) {
            Some(Some(item)) if item.kind.class() == Class::Ring && item.wait > 0 => {
                item.wait = 0;
                let item = *item;
                said(format!("It is {}.", player.lore.describe(item)))
            }
            _ => Applied::default(),
        },
        Effect::Detected => {
            let level = stage.dungeon.level();
            let lying: Vec<Item> = level.items.iter().map(|f| f.item).collect();
            let carried: Vec<Item> = player.pack.items().map(|(_, i)| i).collect();
            let (mut good, mut bad) = (0, 0);
            for item in carried.iter().chain(&lying) {
                if player.lore.sense(item.kind) {
                    if item.kind.stats().malevolent {
                        bad += 1;
                    } else {
                        good += 1;
                    }
                }
            }
            for item in player.pack.slots_mut().iter_mut().flatten() {
                if item.kind.class() == Class::Ring {
                    item.wait = 0;
                }
            }
            for f in &mut stage.dungeon.level_mut().items {
                if f.item.kind.class() == Class::Ring {
                    f.item.wait = 0;
                }
            }
            said(match (good, bad) {
                (0, 0) => "You sense the magic about you, and learn nothing new.".to_owned(),
                _ => format!(
                    "You sense the magic about you: {good} unknown kind{} benevolent, {bad} malevolent, and every ring's plus.",
                    if good == 1 { "" } else { "s" }
                ),
            })
        }
        Effect::Uncursed => {
            let mut lifted = 0;
            for item in player.pack.slots_mut().iter_mut().flatten() {
                if item.plus < 0 && !matches!(item.kind.class(), Class::Staff | Class::Charm) {
                    item.plus = 0;
                    if item.kind.class() == Class::Ring {
                        item.wait = 0;
                    }
                    lifted += 1;
                }
            }
            said(if lifted == 0 {
                "You feel as if someone is watching over you."
            } else {
                "A malevolent weight lifts from your pack."
            })
        }
        Effect::GearTicked => {
            let attuned = [crate::world::Boon::Attunement, crate::world::Boon::Archmage]
                .into_iter()
                .filter(|&b| player.has(b))
                .count() as i32;
            let wisdom = player.pack.ring_plus(ItemKind::Wisdom) + attuned * crate::world::ATTUNED_QUARTERS;
            let step = (i32::from(QUARTERS) + wisdom).max(1) as u16;
            let worn: Vec<usize> = player.pack.rings_worn().map(|(s, _)| s).collect();
            let lore = player.lore;
            let mut lines = Vec::new();
            for (s, slot) in player.pack.slots_mut().iter_mut().enumerate() {
                let Some(item) = slot else { continue };
                if item.recharging() {
                    if recharge(item, step) && item.kind.class() == Class::Charm {
                        lines.push(format!("Your {} is ready again.", lore.name(item.kind)));
                    }
                } else if item.kind.class() == Class::Ring && item.wait > 0 && worn.contains(&s) {
                    item.wait -= 1;
                    if item.wait == 0 {
                        lines.push(format!(
                            "You have worn your ring long enough to know it: {}.",
                            lore.describe(*item)
                        ));
                    }
                }
            }
            if lines.is_empty() {
                Applied::default()
            } else {
                said(lines.join(" "))
            }
        }
        Effect::Reaped(quarters) => {
            for item in player.pack.slots_mut().iter_mut().flatten() {
                if item.kind.class() != Class::Staff || !item.recharging() {
                    continue;
                }
                if quarters > 0 {
                    recharge(item, quarters.min(i32::from(u16::MAX)) as u16);
                } else {
                    let more = quarters.unsigned_abs().min(u32::from(u16::MAX)) as u16;
                    item.wait = item.wait.saturating_add(more).min(item.recharge_quarters());
                }
            }
            Applied::default()
        }
        Effect::Slowed { target, turns } => {
            let level = stage.dungeon.level_mut();
            let name = the(level, target);
            match level.monster_index(target) {
                Some(i) => {
                    let m = &mut level.monsters[i];
                    m.energy = (m.energy - i32::from(turns) * NORMAL_SPEED).max(-MOST_SLOWED * NORMAL_SPEED);
                    said(format!("{} slows to a crawl.", capitalised(&name)))
                }
                None => Applied::default(),
            }
        }
        Effect::Levitating(t) => {
            player.status.levitation = player.status.levitation.max(t);
            said("You float into the air!")
        }
        Effect::Telepathic(t) => {
            player.status.telepathy = player.status.telepathy.max(t);
            said("Your mind reaches out: you sense the living things of the level.")
        }
        Effect::Fireproof(t) => {
            player.status.fire_immunity = player.status.fire_immunity.max(t);
            said("A cool calm settles on your skin: fire will not burn you.")
        }
        Effect::Paralysed(_) => said("Your muscles lock: you cannot move!"),
        Effect::Shattered(at) => {
            let level = stage.dungeon.level_mut();
            let (w, h) = (level.map.width() as i32, level.map.height() as i32);
            let mut turned = 0;
            for y in at.y - SHATTER_REACH..=at.y + SHATTER_REACH {
                for x in at.x - SHATTER_REACH..=at.x + SHATTER_REACH {
                    let p = Pos::new(x, y);
                    let rim = x <= 0 || y <= 0 || x >= w - 1 || y >= h - 1;
                    if !rim && level.map.get(p) == Some(Tile::Wall) {
                        level.map.set(p, Tile::Crystal);
                        turned += 1;
                    }
                }
            }
            said(if turned == 0 {
                "The air rings like a struck glass, and nothing changes."
            } else {
                "The walls round you ring and turn to crystal!"
            })
        }
        Effect::Protected => match player.pack.armour.and_then(|s| player.pack.slot_mut(s as usize)) {
            Some(Some(armour)) => {
                armour.wait = 1;
                said("A shimmering coat spreads over your armour: acid will not eat it.")
            }
            _ => said("Your skin tingles for a moment, and nothing more: you wear no armour."),
        },
        Effect::Called { kind, at } => {
            let player_at = player.at;
            let level = stage.dungeon.level_mut();
            if level.monster_at(at).is_some() || at == player_at {
                return Applied::default();
            }
            let mind = Mind::Hunting {
                target: player_at,
                patience: PATIENCE,
            };
            level.add_monster(kind, at, mind);
            said(format!(
                "{} {} appears beside you!",
                capitalised(crate::world::article(kind.name())),
                kind.name()
            ))
        }
        Effect::Began(beginning) => {
            let stats = beginning.stats();
            for item in beginning.kit() {
                player.lore.learn(item.kind);
                let Some(s) = player.pack.add(item) else { continue };
                let s8 = s as u8;
                match item.kind.class() {
                    Class::Weapon if player.pack.weapon.is_none() => player.pack.weapon = Some(s8),
                    Class::Armour if player.pack.armour.is_none() && !mode.has(Challenge::NoArmour) => {
                        player.pack.armour = Some(s8);
                    }
                    Class::Ring => {
                        if let Some(f) = player.pack.free_finger() {
                            player.pack.rings[f] = Some(s8);
                        }
                    }
                    _ => {}
                }
            }
            player.growth.beginning = Some(beginning);
            player.growth.boons.push(stats.boon);
            player.sneaking = stats.sneaking;
            said(format!(
                "You begin as {} {}. {}",
                crate::world::article(stats.name),
                stats.name,
                stats.about
            ))
        }
        _ => Applied::default(),
    }
}

/// How far a scroll of shattering reaches, in tiles each way.
pub(crate) const SHATTER_REACH: i32 = 4;

/// `item` (a staff or charm short of charges) `quarters` nearer its next charge: a charge comes
/// when the wait is over, and the next wait begins if it is still short. Returns whether a
/// charge came.
fn recharge(item: &mut Item, quarters: u16) -> bool {
    if quarters < item.wait {
        item.wait -= quarters;
        return false;
    }
    item.count = (item.count + 1).min(item.most_charges());
    item.wait = if item.recharging() { item.recharge_quarters() } else { 0 };
    true
}

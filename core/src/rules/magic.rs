//! What the player's rings, staffs and charms come to, said as effects: a ring put on (its kind
//! learnt at once, its plus only with time) or refused off when cursed, a staff's bolt (fire,
//! lightning, slowness, tunnelling) or its conjured blades, a charm's healing, haste or escape.
//! Dice are rolled here; `apply` makes the effects true, and time recharges (`Effect::GearTicked`).

use super::flight::{flight, teleport_spot};
use super::{Effect, Refusal, Scene, free_beside};
use crate::fov::Viewshed;
use crate::geom::{Pos, line};
use crate::map::Tile;
use crate::rng::GenRng;
use crate::world::{Class, Item, ItemKind, Kind, Player};

/// The most tiles a staff's lightning runs.
pub const LIGHTNING_REACH: usize = 12;
/// Tiles of wall a staff of tunnelling bores a level.
pub const TUNNEL_PER_LEVEL: i32 = 3;
/// Turns a staff of slowness takes from a monster: `SLOW_BASE` and `SLOW_PER_LEVEL` a level.
pub const SLOW_BASE: i32 = 2;
/// (See `SLOW_BASE`.)
pub const SLOW_PER_LEVEL: i32 = 2;
/// What a charm of health heals: `CHARM_HEAL` and `CHARM_HEAL_PER_LEVEL` a level.
pub const CHARM_HEAL: i32 = 10;
/// (See `CHARM_HEAL`.)
pub const CHARM_HEAL_PER_LEVEL: i32 = 5;
/// The turns of a charm of haste: `CHARM_HASTE` and `CHARM_HASTE_PER_LEVEL` a level.
pub const CHARM_HASTE: u16 = 6;
/// (See `CHARM_HASTE`.)
pub const CHARM_HASTE_PER_LEVEL: u16 = 3;

/// Putting on the ring in `slot`: on a free finger, and its kind is known at once.
pub(crate) fn put_on(player: &Player, slot: u8, item: Item) -> Result<Vec<Effect>, Refusal> {
    player.pack.free_finger().ok_or(Refusal::NoFreeFinger)?;
    Ok(vec![Effect::Equipped(slot), Effect::Identified(item.kind)])
}

/// Taking off what is worn in `slot`: never a cursed ring.
pub(crate) fn take_off(item: Item, slot: u8) -> Result<Vec<Effect>, Refusal> {
    if item.is_cursed() {
        return Err(Refusal::Cursed);
    }
    Ok(vec![Effect::Unequipped(slot)])
}

/// Using the staff or charm in `slot` without a target: a charm's effect, or a staff of
/// conjuration's blades (other staffs need a target).
pub(crate) fn invoke(
    scene: &Scene,
    player: &Player,
    sight: &Viewshed,
    slot: u8,
    item: Item,
    rng: &mut GenRng,
) -> Result<Vec<Effect>, Refusal> {
    let level = i32::from(item.plus.max(1));
    match item.kind.class() {
        Class::Staff if item.kind != ItemKind::Conjuration => Err(Refusal::NeedsTarget),
        Class::Staff if item.count == 0 => Err(Refusal::NoCharges),
        Class::Staff => Ok(conjure(scene, player, slot, item)),
        Class::Charm if item.count == 0 => Err(Refusal::NotReady),
        Class::Charm => {
            let mut effects = vec![Effect::UsedUp(slot)];
            match item.kind {
                ItemKind::HealthCharm => effects.push(Effect::Healed(CHARM_HEAL + CHARM_HEAL_PER_LEVEL * level)),
                ItemKind::HasteCharm => {
                    effects.push(Effect::Hasted(CHARM_HASTE + CHARM_HASTE_PER_LEVEL * level as u16));
                }
                _ => effects
                    .extend(teleport_spot(scene.level, player.at, player.at, Some(sight), rng).map(Effect::Teleported)),
            }
            Ok(effects)
        }
        _ => Err(Refusal::CannotUse),
    }
}

/// A staff of conjuration's blades beside the player: one a level, and one more.
fn conjure(scene: &Scene, player: &Player, slot: u8, item: Item) -> Vec<Effect> {
    let mut effects = vec![Effect::UsedUp(slot), Effect::Identified(item.kind)];
    let blades = item.plus.max(1) as usize + 1;
    effects.extend(free_beside(scene, player.at).take(blades).map(|at| Effect::Summoned {
        kind: Kind::SpectralBlade,
        at,
    }));
    effects
}

/// A point far along the line from `from` through `at` (40 times as far): a bolt that does not
/// stop at what it was aimed at (lightning, tunnelling) follows the line to it.
fn beyond(from: Pos, at: Pos) -> Pos {
    Pos::new(from.x + (at.x - from.x) * 40, from.y + (at.y - from.y) * 40)
}

/// A staff's damage at `level`: its row's, and 2 more at each end a level over 2 (less under).
pub fn staff_damage(kind: ItemKind, level: i8) -> (i32, i32) {
    let (lo, hi) = kind.stats().damage;
    let more = 2 * (i32::from(level) - 2);
    ((lo + more).max(1), (hi + more).max(1))
}

/// Zapping the staff in `slot` at `at` (in sight, not the player's tile).
pub(crate) fn zap_staff(
    scene: &Scene,
    player: &Player,
    slot: u8,
    item: Item,
    at: Pos,
    rng: &mut GenRng,
) -> Result<Vec<Effect>, Refusal> {
    if item.count == 0 {
        return Err(Refusal::NoCharges);
    }
    // Conjuration is not aimed: zapped anywhere, its blades stand beside you.
    if item.kind == ItemKind::Conjuration {
        return Ok(conjure(scene, player, slot, item));
    }
    let kind = item.kind;
    let level = scene.level;
    let mut effects = vec![Effect::UsedUp(slot), Effect::Identified(kind)];
    let (lo, hi) = staff_damage(kind, item.plus);
    let archmage = if player.has(crate::world::Boon::Archmage) {
        crate::world::ARCHMAGE_DAMAGE
    } else {
        0
    };
    let (lo, hi) = if hi > 1 {
        (lo + archmage, hi + archmage)
    } else {
        (lo, hi)
    };
    match kind {
        ItemKind::Firebolt => {
            let way = flight(level, player.at, at);
            effects.push(Effect::Flew { kind, to: way.stop });
            // The grass it passes catches, and where it stops burns.
            effects.extend(
                way.path
                    .iter()
                    .filter(|&&p| level.map.tile(p) == Tile::Grass && p != way.stop)
                    .map(|&p| Effect::Ignited(p)),
            );
            if let Some(id) = way.hits {
                effects.push(Effect::Struck {
                    target: id,
                    damage: rng.range(lo, hi),
                });
            }
            if way.stop != player.at {
                effects.push(Effect::Ignited(way.stop));
            }
        }
        ItemKind::Lightning => {
            // Through every monster along the line, on to the wall.
            let from = player.at;
            let far = beyond(from, at);
            let mut stop = from;
            let mut struck = Vec::new();
            for p in line(from, far).into_iter().take(LIGHTNING_REACH) {
                if level.map.get(p).is_none_or(Tile::blocks_movement) {
                    break;
                }
                stop = p;
                if let Some(m) = level.monster_at(p) {
                    struck.push(m.id);
                }
            }
            effects.push(Effect::Flew { kind, to: stop });
            effects.extend(struck.into_iter().map(|id| Effect::Struck {
                target: id,
                damage: rng.range(lo, hi),
            }));
        }
        ItemKind::Slowness => {
            let way = flight(level, player.at, at);
            effects.push(Effect::Flew { kind, to: way.stop });
            if let Some(id) = way.hits {
                let turns = SLOW_BASE + SLOW_PER_LEVEL * i32::from(item.plus);
                effects.push(Effect::Slowed {
                    target: id,
                    turns: turns.clamp(1, 40) as u8,
                });
            }
        }
        _ => {
            // Tunnelling: along the line, walls bored (never the rim, never a door), as far as
            // its level reaches in wall.
            let from = player.at;
            let far = beyond(from, at);
            let mut left = TUNNEL_PER_LEVEL * i32::from(item.plus.max(1));
            let mut stop = from;
            let (w, h) = (level.map.width() as i32, level.map.height() as i32);
            for p in line(from, far) {
                let rim = p.x <= 0 || p.y <= 0 || p.x >= w - 1 || p.y >= h - 1;
                match level.map.get(p) {
                    Some(Tile::Wall) if !rim && left > 0 => {
                        left -= 1;
                        effects.push(Effect::Tunnelled(p));
                    }
                    Some(t) if !t.blocks_movement() => {}
                    _ => break,
                }
                stop = p;
                if left == 0 {
                    break;
                }
            }
            effects.insert(2, Effect::Flew { kind, to: stop });
        }
    }
    Ok(effects)
}

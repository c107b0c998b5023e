//! What the player's items come to, said as effects: picking up, dropping, drinking and reading,
//! wielding and wearing, throwing and zapping along a line of fire. Dice are rolled here (where a
//! teleport lands, a dart's hit); `apply` makes the effects true.

use std::collections::VecDeque;

use super::{Act, Effect, Refusal, Scene, Who, roll_attack};
use crate::fov::Viewshed;
use crate::geom::{Pos, line};
use crate::map::{DoorState, Tile, TileMap};
use crate::paths::{UNREACHED, distance_map, neighbours8};
use crate::rng::GenRng;
use crate::world::{Class, FloorItem, Item, ItemKind, Level, MOST_PLUS, Player, RATION, STOMACH};

/// How long the potions' states last, in turns.
pub(crate) const HASTE_TURNS: u16 = 15;
pub(crate) const POISON_TURNS: u16 = 10;
pub(crate) const CONFUSION_TURNS: u16 = 8;
/// What a potion of healing heals.
pub(crate) const HEALING: i32 = 20;
/// What a potion of vigour adds to the most hit points.
pub(crate) const VIGOUR: i32 = 5;
/// Charges a scroll of recharging gives every wand.
pub(crate) const RECHARGE: u8 = 2;

/// Taking `found` from the floor: the item, and on an altar the other altars sealed.
pub(crate) fn take(found: &FloorItem) -> Vec<Effect> {
    let mut effects = vec![Effect::ItemTaken {
        at: found.at,
        item: found.item,
    }];
    effects.extend(found.altar.map(Effect::AltarsSealed));
    effects
}

/// The way something thrown or zapped from `from` at `to` goes: the tiles it passes, where it
/// stops (before a wall or a shut door, on the first monster, or at `to`), and the monster it
/// stops on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flight {
    /// The tiles passed, up to and including `stop`.
    pub path: Vec<Pos>,
    /// Where it stops (`from` itself when the first tile is blocked).
    pub stop: Pos,
    /// The monster at `stop`, if it stopped on one.
    pub hits: Option<u32>,
}

/// The line of fire from `from` to `to` on `level`.
pub fn flight(level: &Level, from: Pos, to: Pos) -> Flight {
    let mut path = Vec::new();
    let mut stop = from;
    for p in line(from, to) {
        if level.map.get(p).is_none_or(Tile::blocks_movement) {
            break;
        }
        path.push(p);
        stop = p;
        if let Some(m) = level.monster_at(p) {
            return Flight {
                path,
                stop,
                hits: Some(m.id),
            };
        }
    }
    Flight { path, stop, hits: None }
}

/// Where `item` comes to rest from `p`: there if the floor holds it (empty, or a loose stack of
/// its kind), else the nearest such tile walking from `p` (never through a shut door).
pub(super) fn landing(level: &Level, p: Pos, item: Item) -> Option<Pos> {
    let map = &level.map;
    let fits = |q: Pos| {
        map.tile(q).holds_items()
            && level
                .item_at(q)
                .is_none_or(|f| item.kind.stacks() && f.item.kind == item.kind && f.altar.is_none())
            && level.key_at(q).is_none()
            && level.relic != Some(q)
    };
    if fits(p) {
        return Some(p);
    }
    let mut seen = vec![false; map.tiles().len()];
    seen[map.index(p)] = true;
    let mut queue = VecDeque::from([p]);
    while let Some(q) = queue.pop_front() {
        for r in neighbours8(q) {
            if !map.in_bounds(r) || seen[map.index(r)] || map.tile(r).blocks_movement() {
                continue;
            }
            seen[map.index(r)] = true;
            if fits(r) {
                return Some(r);
            }
            queue.push_back(r);
        }
    }
    None
}

/// What the player's item act `act` comes to: the effects, dice rolled on `rng`, or why not.
/// `sight` is what it sees (aiming needs its target in sight).
pub(crate) fn resolve(
    scene: &Scene,
    player: &Player,
    sight: &Viewshed,
    act: Act,
    rng: &mut GenRng,
) -> Result<Vec<Effect>, Refusal> {
    let level = scene.level;
    let here = player.at;
    let in_slot = |slot: u8| player.pack.get(slot as usize).ok_or(Refusal::NoSuchItem);
    match act {
        Act::PickUp => {
            let found = level.item_at(here).ok_or(Refusal::NothingHere)?;
            if found.sealed {
                return Err(Refusal::Sealed);
            }
            player.pack.room_for(found.item).ok_or(Refusal::PackFull)?;
            Ok(take(found))
        }
        Act::Drop(slot) => {
            let item = in_slot(slot)?;
            let free = level.map.tile(here).holds_items()
                && level
                    .item_at(here)
                    .is_none_or(|f| item.kind.stacks() && f.item.kind == item.kind && f.altar.is_none());
            if !free {
                return Err(Refusal::NoRoomToDrop);
            }
            Ok(vec![Effect::ItemDropped(slot)])
        }
        Act::Equip(slot) => {
            let item = in_slot(slot)?;
            if player.pack.is_equipped(slot as usize) {
                return Err(Refusal::AlreadyEquipped);
            }
            match item.kind.class() {
                Class::Weapon | Class::Armour => Ok(vec![Effect::Equipped(slot)]),
                _ => Err(Refusal::CannotUse),
            }
        }
        Act::Unequip(slot) => {
            in_slot(slot)?;
            if !player.pack.is_equipped(slot as usize) {
                return Err(Refusal::NotEquipped);
            }
            Ok(vec![Effect::Unequipped(slot)])
        }
        Act::Use(slot) => {
            let item = in_slot(slot)?;
            match item.kind.class() {
                Class::Weapon | Class::Armour if player.pack.is_equipped(slot as usize) => {
                    Ok(vec![Effect::Unequipped(slot)])
                }
                Class::Weapon | Class::Armour => Ok(vec![Effect::Equipped(slot)]),
                Class::Thrown | Class::Wand => Err(Refusal::NeedsTarget),
                Class::Food if player.stomach > STOMACH - RATION => Err(Refusal::NotHungry),
                Class::Food => Ok(vec![Effect::Ate(slot)]),
                // Known, enchanting needs its target (`Act::Enchant`); unknown, reading it tells
                // what it is and what it wants, and keeps it (Brogue asks what to enchant once
                // the scroll is read).
                Class::Scroll if item.kind == ItemKind::Enchanting && player.lore.knows(item.kind) => {
                    Err(Refusal::EnchantWhat)
                }
                Class::Scroll if item.kind == ItemKind::Enchanting => Ok(vec![Effect::Identified(item.kind)]),
                Class::Potion | Class::Scroll => {
                    let mut effects = vec![Effect::UsedUp(slot)];
                    effects.extend(consume(scene, player, sight, slot, item.kind, rng));
                    effects.push(Effect::Identified(item.kind));
                    Ok(effects)
                }
            }
        }
        Act::Aim { slot, at } => {
            let item = in_slot(slot)?;
            if at == here {
                return Err(Refusal::AimedAtSelf);
            }
            if !sight.is_visible(at) {
                return Err(Refusal::NotInSight);
            }
            match item.kind.class() {
                Class::Thrown => Ok(throw(scene, player, slot, item.kind, at, rng)),
                Class::Wand if item.count == 0 => Err(Refusal::NoCharges),
                Class::Wand => zap(scene, player, slot, item.kind, at, rng),
                _ => Err(Refusal::CannotAim),
            }
        }
        Act::Enchant { scroll, item: target } => {
            let read = in_slot(scroll)?;
            let thing = in_slot(target)?;
            if read.kind != ItemKind::Enchanting {
                return Err(Refusal::CannotUse);
            }
            if !matches!(thing.kind.class(), Class::Weapon | Class::Armour) || thing.plus >= MOST_PLUS {
                return Err(Refusal::CannotEnchant);
            }
            Ok(vec![
                Effect::UsedUp(scroll),
                Effect::Enchanted(target),
                Effect::Identified(ItemKind::Enchanting),
            ])
        }
        _ => Err(Refusal::CannotUse),
    }
}

/// What drinking or reading `kind` does.
fn consume(
    scene: &Scene,
    player: &Player,
    sight: &Viewshed,
    slot: u8,
    kind: ItemKind,
    rng: &mut GenRng,
) -> Vec<Effect> {
    match kind {
        ItemKind::Healing => vec![Effect::Healed(HEALING)],
        ItemKind::Vigour => vec![Effect::Invigorated(VIGOUR)],
        ItemKind::Speed => vec![Effect::Hasted(HASTE_TURNS)],
        ItemKind::Poison => vec![Effect::Poisoned(POISON_TURNS)],
        ItemKind::Confusion => vec![Effect::Confused(CONFUSION_TURNS)],
        ItemKind::MagicMapping => vec![Effect::Mapped],
        ItemKind::Teleportation => teleport_spot(scene.level, player.at, player.at, Some(sight), rng)
            .map(Effect::Teleported)
            .into_iter()
            .collect(),
        ItemKind::Identify => {
            let mut unknown: Vec<ItemKind> = player
                .pack
                .items()
                .filter(|&(s, i)| s != slot as usize && !player.lore.knows(i.kind))
                .map(|(_, i)| i.kind)
                .collect();
            unknown.dedup();
            unknown.into_iter().map(Effect::Identified).collect()
        }
        ItemKind::Recharging => vec![Effect::Recharged(RECHARGE)],
        ItemKind::Aggravation => vec![Effect::Aggravated],
        _ => Vec::new(),
    }
}

/// Where a teleport takes whoever stands at `from` (a scroll of teleportation, a teleport trap):
/// a free tile it could walk to from there (never through a door still locked, so never into a
/// locked vault; no one on it, no trap, ground that holds items), never `avoid` (where the player
/// stands, when a monster is sent); out of `sight` if one is given and there is such a tile.
pub(super) fn teleport_spot(
    level: &Level,
    from: Pos,
    avoid: Pos,
    sight: Option<&Viewshed>,
    rng: &mut GenRng,
) -> Option<Pos> {
    let map: &TileMap = &level.map;
    let dist = distance_map(map, from, |t| t.is_walkable() && t != Tile::Door(DoorState::Locked));
    let free = |i: usize| {
        let p = map.pos_of(i);
        dist[i] != UNREACHED
            && map.tiles()[i].holds_items()
            && p != from
            && p != avoid
            && level.monster_at(p).is_none()
            && level.trap_at(p).is_none()
    };
    let far: Vec<usize> = match sight {
        Some(sight) => (0..dist.len())
            .filter(|&i| free(i) && !sight.is_visible(map.pos_of(i)))
            .collect(),
        None => Vec::new(),
    };
    let spots = if far.is_empty() {
        (0..dist.len()).filter(|&i| free(i)).collect()
    } else {
        far
    };
    rng.pick(&spots).map(|i| map.pos_of(i))
}

/// Throwing one of `kind` from `slot` at `at`: it flies along the line of fire, rolls to hit
/// the first monster on it, and lands where it stops.
fn throw(scene: &Scene, player: &Player, slot: u8, kind: ItemKind, at: Pos, rng: &mut GenRng) -> Vec<Effect> {
    let way = flight(scene.level, player.at, at);
    let mut effects = vec![Effect::UsedUp(slot), Effect::Flew { kind, to: way.stop }];
    if let Some(id) = way.hits {
        let attack = player.throw_attack(kind);
        effects.push(roll_attack(attack, Who::Monster(id), 0, rng));
    }
    let item = Item::one(kind);
    if let Some(rest) = landing(scene.level, way.stop, item) {
        effects.push(Effect::Landed(FloorItem::loose(rest, item)));
    }
    effects
}

/// Zapping the wand in `slot` at `at`: its bolt flies like a thrown thing.
fn zap(
    scene: &Scene,
    player: &Player,
    slot: u8,
    kind: ItemKind,
    at: Pos,
    rng: &mut GenRng,
) -> Result<Vec<Effect>, Refusal> {
    let way = flight(scene.level, player.at, at);
    let mut effects = vec![Effect::UsedUp(slot), Effect::Flew { kind, to: way.stop }];
    match (kind, way.hits) {
        (ItemKind::Striking, Some(id)) => {
            let (lo, hi) = kind.stats().damage;
            effects.push(Effect::Struck {
                target: id,
                damage: rng.range(lo, hi),
            });
        }
        (ItemKind::Sleep, Some(id)) => effects.push(Effect::Slept(id)),
        (ItemKind::Blinking, _) => {
            // To the last tile of the way that no one stands on.
            let to = way
                .path
                .iter()
                .rev()
                .find(|&&p| scene.level.monster_at(p).is_none())
                .copied()
                .ok_or(Refusal::NoRoomToBlink)?;
            effects.push(Effect::Teleported(to));
        }
        _ => {}
    }
    Ok(effects)
}

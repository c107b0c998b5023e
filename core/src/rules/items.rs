//! What the player's items come to, said as effects: picking up, dropping, drinking and reading,
//! wielding and wearing, throwing and zapping along a line of fire. Dice are rolled here (where a
//! teleport lands, a dart's hit); `apply` makes the effects true.

use super::flight::{flight, landing, teleport_spot};
use super::{Act, Effect, Refusal, Scene, Who, magic, roll_attack};
use crate::fov::Viewshed;
use crate::geom::Pos;
use crate::rng::GenRng;
use crate::world::{Challenge, Class, FloorItem, Item, ItemKind, MOST_PLUS, Player, RATION, STOMACH};

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
/// How long the later potions' states last, in turns.
pub(crate) const LEVITATION_TURNS: u16 = 30;
pub(crate) const TELEPATHY_TURNS: u16 = 60;
pub(crate) const FIREPROOF_TURNS: u16 = 40;
/// Turns a potion of paralysis takes from whoever it breaks on.
pub(crate) const PARALYSIS_TURNS: u8 = 10;

/// Taking `found` from the floor: the item, and on an altar the other altars sealed.
pub(crate) fn take(found: &FloorItem) -> Vec<Effect> {
    let mut effects = vec![Effect::ItemTaken {
        at: found.at,
        item: found.item,
    }];
    effects.extend(found.altar.map(Effect::AltarsSealed));
    effects
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
            if item.is_cursed() && player.pack.is_equipped(slot as usize) {
                return Err(Refusal::Cursed);
            }
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
                Class::Armour if scene.mode.has(Challenge::NoArmour) => Err(Refusal::NoArmour),
                Class::Weapon | Class::Armour => Ok(vec![Effect::Equipped(slot)]),
                Class::Ring => magic::put_on(player, slot, item),
                _ => Err(Refusal::CannotUse),
            }
        }
        Act::Unequip(slot) => {
            let item = in_slot(slot)?;
            if !player.pack.is_equipped(slot as usize) {
                return Err(Refusal::NotEquipped);
            }
            magic::take_off(item, slot)
        }
        Act::Use(slot) => {
            let item = in_slot(slot)?;
            match item.kind.class() {
                Class::Weapon | Class::Armour | Class::Ring if player.pack.is_equipped(slot as usize) => {
                    magic::take_off(item, slot)
                }
                Class::Armour if scene.mode.has(Challenge::NoArmour) => Err(Refusal::NoArmour),
                Class::Weapon | Class::Armour => Ok(vec![Effect::Equipped(slot)]),
                Class::Ring => magic::put_on(player, slot, item),
                Class::Staff | Class::Charm => magic::invoke(scene, player, sight, slot, item, rng),
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
                Class::Staff => magic::zap_staff(scene, player, slot, item, at, rng),
                Class::Potion => Ok(throw_potion(scene, player, slot, item.kind, at)),
                _ => Err(Refusal::CannotAim),
            }
        }
        Act::Enchant { scroll, item: target } => {
            let read = in_slot(scroll)?;
            let thing = in_slot(target)?;
            if read.kind != ItemKind::Enchanting {
                return Err(Refusal::CannotUse);
            }
            let enchantable = matches!(
                thing.kind.class(),
                Class::Weapon | Class::Armour | Class::Ring | Class::Staff | Class::Charm
            );
            if !enchantable || thing.plus >= MOST_PLUS {
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
            unknown.sort_unstable();
            unknown.dedup();
            let mut effects: Vec<Effect> = unknown.into_iter().map(Effect::Identified).collect();
            effects.extend(
                player
                    .pack
                    .items()
                    .filter(|(_, i)| !i.plus_known())
                    .map(|(s, _)| Effect::Revealed(s as u8)),
            );
            effects
        }
        ItemKind::RemoveCurse => vec![Effect::Uncursed],
        ItemKind::DetectMagic => vec![Effect::Detected],
        ItemKind::Levitation => vec![Effect::Levitating(LEVITATION_TURNS)],
        ItemKind::Telepathy => vec![Effect::Telepathic(TELEPATHY_TURNS)],
        ItemKind::FireImmunity => vec![Effect::Fireproof(FIREPROOF_TURNS)],
        // Down through the floor, unhurt; on the deepest level nothing is below.
        ItemKind::Descent if scene.depth < scene.deepest => vec![Effect::Fell],
        ItemKind::Descent => Vec::new(),
        ItemKind::Incineration | ItemKind::Paralysis | ItemKind::Caustic => shatter(scene, kind, player.at, true),
        ItemKind::Shattering => vec![Effect::Shattered(player.at)],
        ItemKind::ProtectArmour => vec![Effect::Protected],
        ItemKind::Summoning => {
            let n = 2 + rng.below(2) as usize;
            let spots: Vec<Pos> = super::free_beside(scene, player.at).collect();
            let mut effects = Vec::new();
            for at in spots.into_iter().take(n) {
                effects.push(Effect::Called {
                    kind: crate::world::Kind::choose(scene.depth, rng),
                    at,
                });
            }
            effects
        }
        ItemKind::Recharging => vec![Effect::Recharged(RECHARGE)],
        ItemKind::Aggravation => vec![Effect::Aggravated],
        _ => Vec::new(),
    }
}

/// What a potion breaking at `at` does (`on_player`: drunk, where the player stands): flames,
/// a paralysing burst, a cloud of poison gas (and a thrown poison potion's puff of it); other
/// kinds only spill.
fn shatter(scene: &Scene, kind: ItemKind, at: Pos, on_player: bool) -> Vec<Effect> {
    match kind {
        ItemKind::Incineration => vec![Effect::Ignited(at)],
        ItemKind::Paralysis if on_player => vec![Effect::Paralysed(PARALYSIS_TURNS)],
        ItemKind::Paralysis => scene
            .level
            .monsters
            .iter()
            .filter(|m| m.at.x.abs_diff(at.x) <= 2 && m.at.y.abs_diff(at.y) <= 2)
            .map(|m| Effect::Slowed {
                target: m.id,
                turns: PARALYSIS_TURNS,
            })
            .collect(),
        ItemKind::Caustic => vec![Effect::GasReleased {
            at,
            amount: crate::world::GAS_BURST,
        }],
        ItemKind::Poison if !on_player => vec![Effect::GasReleased {
            at,
            amount: crate::world::GAS_BURST / 2,
        }],
        _ => Vec::new(),
    }
}

/// Throwing the potion in `slot` at `at`: it flies like a thrown thing and breaks where it stops;
/// a kind that does something there is known by it.
fn throw_potion(scene: &Scene, player: &Player, slot: u8, kind: ItemKind, at: Pos) -> Vec<Effect> {
    let way = flight(scene.level, player.at, at);
    let mut effects = vec![Effect::Hurled(slot), Effect::Flew { kind, to: way.stop }];
    let broke = shatter(scene, kind, way.stop, false);
    let shows = !broke.is_empty() || kind == ItemKind::Paralysis;
    effects.extend(broke);
    if shows {
        effects.push(Effect::Identified(kind));
    }
    effects
}

/// Throwing one of `kind` from `slot` at `at`: it flies along the line of fire, rolls to hit
/// the first monster on it, and lands where it stops.
fn throw(scene: &Scene, player: &Player, slot: u8, kind: ItemKind, at: Pos, rng: &mut GenRng) -> Vec<Effect> {
    let way = flight(scene.level, player.at, at);
    let mut effects = vec![Effect::UsedUp(slot), Effect::Flew { kind, to: way.stop }];
    if let Some(id) = way.hits {
        let attack = player.throw_attack(kind);
        effects.push(roll_attack(attack, Who::Monster(id), super::Guard::NONE, rng));
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

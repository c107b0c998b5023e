//! What the rules speak in: who acts (`Who`), what it tries (`Act`), what that comes to
//! (`Effect`), and why it cannot be done (`Refusal`).

use std::fmt;

use crate::geom::{Dir8, Pos};
use crate::map::Tile;
use crate::world::{Beginning, Boon, FloorItem, Item, ItemKind, Key, Kind, TrapKind};

/// Who acts, or is acted on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Who {
    /// The player.
    Player,
    /// The monster with this id on the current level.
    Monster(u32),
}

/// What an actor tries to do (the player's are what a recording keeps: see `run::Recording`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Act {
    /// Step, or bump: a closed door opens (for those who open doors), a locked one unlocks if the
    /// actor has its key, an enemy is attacked.
    Step(Dir8),
    /// Step as `Step` does, but sneaking: quieter (`noise::SNEAK`), and it takes two turns.
    Sneak(Dir8),
    /// Shoot at the player standing here (monsters with a bow: `Habit::Archer`).
    Shoot(Pos),
    /// Let a turn pass.
    Wait,
    /// Close the open door at this tile (next to the actor).
    Close(Pos),
    /// Go down the stairs the actor stands on.
    Descend,
    /// Go up the stairs the actor stands on (on the first level, out of the dungeon).
    Ascend,
    /// Pick up what lies here (the player).
    PickUp,
    /// Drop the whole stack in this pack slot here.
    Drop(u8),
    /// Drink or read what is in this slot (weapons and armour: wield or wear it).
    Use(u8),
    /// Wield or wear what is in this slot.
    Equip(u8),
    /// Stop wielding or wearing what is in this slot.
    Unequip(u8),
    /// Throw one of the things in this slot, or zap its wand, at a tile in sight.
    Aim {
        /// The pack slot.
        slot: u8,
        /// The tile aimed at.
        at: Pos,
    },
    /// Search the tiles around for secret doors and hidden traps (a turn).
    Search,
    /// Read the scroll of enchanting in slot `scroll` on the weapon or armour in slot `item`.
    Enchant {
        /// The scroll's slot.
        scroll: u8,
        /// The slot of what is enchanted.
        item: u8,
    },
    /// Tell every ally on the level to wait where it stands, or (if all are waiting) to follow
    /// (the player; a turn).
    Order,
    /// Blink to this free tile along a clear line (monsters that blink: `Habit::Blinks`).
    Blink(Pos),
}

impl Act {
    /// Whether it is about the player's pack (only the player does these).
    pub const fn is_item_act(self) -> bool {
        matches!(
            self,
            Act::PickUp
                | Act::Drop(_)
                | Act::Use(_)
                | Act::Equip(_)
                | Act::Unequip(_)
                | Act::Aim { .. }
                | Act::Enchant { .. }
        )
    }
}

/// Something that happened: what `apply` makes true of the world.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// The actor moved to `to`, a tile of kind `onto`.
    Moved {
        /// Where it moved.
        to: Pos,
        /// What it stepped onto.
        onto: Tile,
    },
    /// The actor opened the closed door here.
    DoorOpened(Pos),
    /// The actor closed the open door here.
    DoorClosed(Pos),
    /// The actor unlocked the door with its key (used up) and opened it.
    DoorUnlocked(Pos),
    /// The actor smashed the closed (or locked) door here open.
    DoorSmashed(Pos),
    /// The actor picked up this key.
    KeyTaken(Key),
    /// The player picked up the relic.
    RelicTaken,
    /// A turn passed.
    Waited,
    /// The actor took the stairs to level `to`.
    LevelChanged {
        /// The level arrived on.
        to: u32,
    },
    /// The actor attacked `target`: `damage` when it hit, `None` for a miss.
    Attacked {
        /// Who was attacked.
        target: Who,
        /// The damage of a hit, `None` for a miss.
        damage: Option<i32>,
    },
    /// The player struck the sleeping monster `target` unawares: a sneak attack never misses
    /// and does three times a blow's damage (Brogue's way).
    Stabbed {
        /// The monster stabbed.
        target: u32,
        /// The damage done.
        damage: i32,
    },
    /// The bolt of a wand of striking hit the monster `target`: it never misses.
    Struck {
        /// The monster struck.
        target: u32,
        /// The damage done.
        damage: i32,
    },
    /// The actor shot at `target`: `damage` when it hit, `None` for a miss.
    Shot {
        /// Who was shot at.
        target: Who,
        /// The damage of a hit, `None` for a miss.
        damage: Option<i32>,
    },
    /// The actor's hit stole what was in this slot of the player's pack (a thief's).
    Stole(u8),
    /// The player climbed out of the dungeon with the relic.
    Escaped,
    /// The player picked up `item` from `at`.
    ItemTaken {
        /// Where it lay.
        at: Pos,
        /// What it was.
        item: Item,
    },
    /// The other altars of this vault closed their cages.
    AltarsSealed(u8),
    /// The player dropped the stack in this slot where it stands.
    ItemDropped(u8),
    /// One thing from this slot was drunk, read, thrown, or a charge of its wand zapped.
    UsedUp(u8),
    /// The player now knows this kind by name.
    Identified(ItemKind),
    /// The player healed this much (and was cured of poison and confusion).
    Healed(i32),
    /// The player's most hit points rose by this much, and it healed fully.
    Invigorated(i32),
    /// The player is hasted for this many turns.
    Hasted(u16),
    /// The player is poisoned for this many turns.
    Poisoned(u16),
    /// The player is confused for this many turns.
    Confused(u16),
    /// Poison took a hit point.
    PoisonHurt,
    /// The player learned the whole level's map.
    Mapped,
    /// The player is somewhere else on the level at once.
    Teleported(Pos),
    /// Every wand the player carries gained this many charges.
    Recharged(u8),
    /// Every monster on the level comes for the player.
    Aggravated,
    /// The monster with this id fell asleep.
    Slept(u32),
    /// The player wields or wears what is in this slot.
    Equipped(u8),
    /// The player stopped wielding or wearing what is in this slot.
    Unequipped(u8),
    /// Something thrown or zapped flew from the player to `to`.
    Flew {
        /// What flew (a thrown thing, or the wand whose bolt it was).
        kind: ItemKind,
        /// Where its flight ended.
        to: Pos,
    },
    /// A thrown thing came to rest here.
    Landed(FloorItem),
    /// The actor stepped on the trap here and sprang it (found from now on).
    TrapSprung {
        /// Where the trap lies.
        at: Pos,
        /// What kind it is.
        kind: TrapKind,
    },
    /// The actor was hurt by something not a blow: a dart, fire, gas, a fall, lava.
    Harmed {
        /// What hurt it.
        cause: Harm,
        /// The damage done.
        damage: i32,
    },
    /// An alarm rang here: every monster on the level comes to it.
    Alarm(Pos),
    /// Poison gas burst out here, this thick.
    GasReleased {
        /// Where.
        at: Pos,
        /// How thick on that tile.
        amount: u8,
    },
    /// Fire broke out here (and round it, where there is something to burn or bare ground).
    Ignited(Pos),
    /// The player is caught in a net for this many turns (the monsters act meanwhile).
    Netted(u8),
    /// The actor fell through the floor to the level below (the damage is a `Harmed` first).
    Fell,
    /// The weapon in this slot slipped from the swimming player's hands and sank.
    Swept(u8),
    /// The player found the secret door or corridor, or the hidden trap, here.
    Found(Pos),
    /// The player searched and found nothing.
    Searched,
    /// The player picked up the pile of gold here, of this many pieces.
    GoldTaken {
        /// Where it lay.
        at: Pos,
        /// How many pieces.
        amount: u32,
    },
    /// The player's blow knocked the monster back to this tile (shield bash).
    Shoved {
        /// The monster.
        target: u32,
        /// Where it lands.
        to: Pos,
    },
    /// The player ate one of what is in this slot.
    Ate(u8),
    /// The weapon or armour in this slot is enchanted one better.
    Enchanted(u8),
    /// An empty stomach hurts the player a hit point.
    Starved,
    /// A turn wore the player's states down by one turn each: poison, confusion, haste.
    StatesWore,
    /// The player's wounds closed by a hit point, as they do every few turns (not while
    /// poisoned or weak with hunger).
    Recovered,
    /// A turn's food was digested (the log says so as hunger crosses a threshold).
    Digested,
    /// The monster healed a hit point, as its kind does (a troll always, a coward while it runs).
    Regenerated,
    /// Fire burnt down a turn, leaving ashes where it went out on what fed it (the terrain's).
    Smouldered,
    /// Fire took this tile (the terrain's).
    Caught(Pos),
    /// Gas spread to the open tiles round it and thinned out (the terrain's).
    GasDrifted,
    /// The player chose this boon (vigour's hit points come at once).
    Chose(Boon),
    /// A monster of this kind came to the level from elsewhere, out of the player's sight, and
    /// wanders: a level left long is not left empty (the time's).
    Reinforced {
        /// What came.
        kind: Kind,
        /// Where it stands.
        at: Pos,
        /// The way it wanders.
        heading: Dir8,
    },
    /// The player worked a turn at the chains of the captive with this id (the last turn frees
    /// it: an ally from now on).
    Unchained(u32),
    /// The player and its ally with this id changed places.
    Swapped(u32),
    /// The player told every ally on the level to wait (`true`) or to follow.
    Ordered(bool),
    /// The actor blinked to this tile.
    Blinked(Pos),
    /// The actor (a burrower) dug this wall into a tunnel.
    Tunnelled(Pos),
    /// Acid ate a point of the enchantment of the armour the player wears.
    Corroded,
    /// The monster with this id, struck, split: half its hit points stand up at `to`.
    Split {
        /// The one that split.
        id: u32,
        /// Where the new one stands.
        to: Pos,
    },
    /// The actor summoned a monster of this kind to this tile.
    Summoned {
        /// What came.
        kind: Kind,
        /// Where it stands.
        at: Pos,
    },
    /// The actor shielded the monster with this id (`SHIELD` points over its most).
    Shielded(u32),
    /// The actor's shield faded a point.
    Waned,
    /// The actor (a summoned thing) faded away.
    Vanished,
    /// The player knows the plus of the ring in this slot (read by a scroll of identify).
    Revealed(u8),
    /// The player sensed the nature of every unknown kind it carries or sees lying about, and
    /// read every such ring (a potion of detect magic).
    Detected,
    /// Every curse in the player's pack was lifted (a scroll of remove curse).
    Uncursed,
    /// A turn passed for what the player carries: staffs and charms nearer their next charge,
    /// the rings worn nearer being known (the time's).
    GearTicked,
    /// The player's blows brought its staffs' next charges this many quarter turns nearer
    /// (farther, below nothing): a ring of reaping.
    Reaped(i32),
    /// The monster with this id lost this many turns (a staff of slowness).
    Slowed {
        /// The monster.
        target: u32,
        /// The turns it loses.
        turns: u8,
    },
    /// The player floats for this many turns.
    Levitating(u16),
    /// The player senses every monster on the level for this many turns.
    Telepathic(u16),
    /// Fire does not burn the player for this many turns.
    Fireproof(u16),
    /// The player cannot move for this many turns (the monsters act meanwhile).
    Paralysed(u8),
    /// The walls round this tile turned to crystal.
    Shattered(Pos),
    /// The armour the player wears is coated against acid.
    Protected,
    /// A monster of this kind appeared here, hunting the player (a scroll of summon monsters).
    Called {
        /// What came.
        kind: Kind,
        /// Where it stands.
        at: Pos,
    },
    /// The player began the run as this: its kit and its first boon.
    Began(Beginning),
    /// One potion from this slot was thrown (to break where it lands: `Flew`).
    Hurled(u8),
}

/// What hurt an actor, when it was not a blow: the record's cause of a death.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Harm {
    /// A dart trap's dart.
    Dart,
    /// Fire.
    Fire,
    /// Poison gas.
    Gas,
    /// A fall through a chasm or a trapdoor.
    Fall,
    /// Lava.
    Lava,
}

impl Harm {
    /// The cause of death in the record ("killed by a dart trap").
    pub const fn cause(self) -> &'static str {
        match self {
            Harm::Dart => "a dart trap",
            Harm::Fire => "fire",
            Harm::Gas => "poison gas",
            Harm::Fall => "a fall",
            Harm::Lava => "lava",
        }
    }
}

impl Effect {
    /// Its pinned name: what a happening is called wherever it is counted or answered (the
    /// story, a sound, the page), never renamed or reused. A new effect does not compile until it
    /// has one, and `tests::every_effect_keeps_its_pinned_name` holds them where they were put.
    pub const fn key(&self) -> &'static str {
        match self {
            Effect::Moved { .. } => "moved",
            Effect::DoorOpened(..) => "door-opened",
            Effect::DoorClosed(..) => "door-closed",
            Effect::DoorUnlocked(..) => "door-unlocked",
            Effect::DoorSmashed(..) => "door-smashed",
            Effect::KeyTaken(..) => "key-taken",
            Effect::RelicTaken => "relic-taken",
            Effect::Waited => "waited",
            Effect::LevelChanged { .. } => "level-changed",
            Effect::Attacked { .. } => "attacked",
            Effect::Stabbed { .. } => "stabbed",
            Effect::Struck { .. } => "struck",
            Effect::Shot { .. } => "shot",
            Effect::Stole(..) => "stole",
            Effect::Escaped => "escaped",
            Effect::ItemTaken { .. } => "item-taken",
            Effect::AltarsSealed(..) => "altars-sealed",
            Effect::ItemDropped(..) => "item-dropped",
            Effect::UsedUp(..) => "used-up",
            Effect::Identified(..) => "identified",
            Effect::Healed(..) => "healed",
            Effect::Invigorated(..) => "invigorated",
            Effect::Hasted(..) => "hasted",
            Effect::Poisoned(..) => "poisoned",
            Effect::Confused(..) => "confused",
            Effect::PoisonHurt => "poison-hurt",
            Effect::Mapped => "mapped",
            Effect::Teleported(..) => "teleported",
            Effect::Recharged(..) => "recharged",
            Effect::Aggravated => "aggravated",
            Effect::Slept(..) => "slept",
            Effect::Equipped(..) => "equipped",
            Effect::Unequipped(..) => "unequipped",
            Effect::Flew { .. } => "flew",
            Effect::Landed(..) => "landed",
            Effect::TrapSprung { .. } => "trap-sprung",
            Effect::Harmed { .. } => "harmed",
            Effect::Alarm(..) => "alarm",
            Effect::GasReleased { .. } => "gas-released",
            Effect::Ignited(..) => "ignited",
            Effect::Netted(..) => "netted",
            Effect::Fell => "fell",
            Effect::Swept(..) => "swept",
            Effect::Found(..) => "found",
            Effect::Searched => "searched",
            Effect::GoldTaken { .. } => "gold-taken",
            Effect::Shoved { .. } => "shoved",
            Effect::Ate(..) => "ate",
            Effect::Enchanted(..) => "enchanted",
            Effect::Starved => "starved",
            Effect::StatesWore => "states-wore",
            Effect::Recovered => "recovered",
            Effect::Digested => "digested",
            Effect::Regenerated => "regenerated",
            Effect::Smouldered => "smouldered",
            Effect::Caught(..) => "caught",
            Effect::GasDrifted => "gas-drifted",
            Effect::Chose(..) => "chose",
            Effect::Reinforced { .. } => "reinforced",
            Effect::Unchained(..) => "unchained",
            Effect::Swapped(..) => "swapped",
            Effect::Ordered(..) => "ordered",
            Effect::Blinked(..) => "blinked",
            Effect::Tunnelled(..) => "tunnelled",
            Effect::Corroded => "corroded",
            Effect::Split { .. } => "split",
            Effect::Summoned { .. } => "summoned",
            Effect::Shielded(..) => "shielded",
            Effect::Waned => "waned",
            Effect::Vanished => "vanished",
            Effect::Revealed(..) => "revealed",
            Effect::Detected => "detected",
            Effect::Uncursed => "uncursed",
            Effect::GearTicked => "gear-ticked",
            Effect::Reaped(..) => "reaped",
            Effect::Slowed { .. } => "slowed",
            Effect::Levitating(..) => "levitating",
            Effect::Telepathic(..) => "telepathic",
            Effect::Fireproof(..) => "fireproof",
            Effect::Paralysed(..) => "paralysed",
            Effect::Shattered(..) => "shattered",
            Effect::Protected => "protected",
            Effect::Called { .. } => "called",
            Effect::Began(..) => "began",
            Effect::Hurled(..) => "hurled",
        }
    }

    /// The damage it did to a monster, if it is a blow or bolt that landed on one.
    pub const fn damage_dealt(&self) -> i32 {
        match *self {
            Effect::Attacked {
                target: Who::Monster(_),
                damage: Some(d),
            }
            | Effect::Shot {
                target: Who::Monster(_),
                damage: Some(d),
            } => d,
            Effect::Stabbed { damage, .. } | Effect::Struck { damage, .. } => damage,
            _ => 0,
        }
    }

    /// Whether it is a blow struck or shot at someone, hit or miss.
    pub const fn is_blow(&self) -> bool {
        matches!(
            self,
            Effect::Attacked { .. } | Effect::Shot { .. } | Effect::Stabbed { .. } | Effect::Struck { .. }
        )
    }
}

/// Why an action cannot be done. It takes no turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A wall (or the edge of the map).
    Wall,
    /// A locked door, and the actor has no key to it.
    Locked,
    /// A closed door, and the actor cannot open doors.
    Shut,
    /// A diagonal step into or out of a doorway (NetHack's rule).
    DiagonalDoorway,
    /// Another actor, not an enemy, stands there.
    Occupied,
    /// Nothing to close there.
    NoDoor,
    /// The door is already shut.
    AlreadyShut,
    /// Something stands in the doorway.
    DoorBlocked,
    /// Going down, away from stairs down.
    NotOnStairsDown,
    /// Going up, away from stairs up.
    NotOnStairsUp,
    /// Stairs that lead out of the dungeon, and no relic to take out.
    NotWithoutRelic,
    /// Stairs that lead nowhere (a map file's).
    NowhereToGo,
    /// Picking up where nothing lies.
    NothingHere,
    /// Picking up with every slot taken.
    PackFull,
    /// Taking from an altar whose cage is closed.
    Sealed,
    /// A slot with nothing in it.
    NoSuchItem,
    /// Dropping where something already lies (or off the floor).
    NoRoomToDrop,
    /// Wielding, wearing or using what cannot be.
    CannotUse,
    /// A thing to throw or a wand: it needs a target.
    NeedsTarget,
    /// Throwing or zapping what cannot be thrown or zapped.
    CannotAim,
    /// Aiming at a tile out of sight.
    NotInSight,
    /// Aiming at yourself.
    AimedAtSelf,
    /// A wand with no charges left.
    NoCharges,
    /// Taking off what is not worn.
    NotEquipped,
    /// Wielding or wearing what already is.
    AlreadyEquipped,
    /// Blinking with no free tile on the way.
    NoRoomToBlink,
    /// Shooting with no clear line of fire (or no bow).
    NoShot,
    /// Closing a door not next to the actor.
    OutOfReach,
    /// Anything after the run's end.
    Over,
    /// A step into lava (it would be death).
    Lava,
    /// Anything but choosing while a boon is owed.
    ChooseFirst,
    /// A scroll of enchanting known as such, read with nothing chosen to enchant.
    EnchantWhat,
    /// Enchanting what is not a weapon or armour, or is as enchanted as it can be.
    CannotEnchant,
    /// Eating while the food would mostly be wasted.
    NotHungry,
    /// Choosing a boon not offered (or none owed).
    NotOffered,
    /// Giving orders with no ally on the level.
    NoAllies,
    /// Both fingers wear a ring already.
    NoFreeFinger,
    /// A cursed ring will not come off.
    Cursed,
    /// The charm is still recharging.
    NotReady,
    /// A beginning is chosen before anything else, once.
    AlreadyBegun,
    /// Armour put on in a run that took the no-armour challenge.
    NoArmour,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Refusal::Wall => "There is a wall in the way.",
            Refusal::Locked => "The door is locked.",
            Refusal::Shut => "The door is shut.",
            Refusal::DiagonalDoorway => "You can't move diagonally into or out of a doorway.",
            Refusal::Occupied => "Something is in the way.",
            Refusal::NoDoor => "There is no door there.",
            Refusal::AlreadyShut => "The door is already closed.",
            Refusal::DoorBlocked => "Something is in the way.",
            Refusal::NotOnStairsDown => "You can't go down here: there are no stairs down.",
            Refusal::NotOnStairsUp => "You can't go up here: there are no stairs up.",
            Refusal::NotWithoutRelic => {
                "This is the way out. You will not leave without the Heartstone from the deepest level."
            }
            Refusal::NowhereToGo => "These stairs lead nowhere you can go.",
            Refusal::NothingHere => "There is nothing here to pick up.",
            Refusal::PackFull => "Your pack is full.",
            Refusal::Sealed => "It is sealed in its altar's cage.",
            Refusal::NoSuchItem => "You have nothing in that slot.",
            Refusal::NoRoomToDrop => "There is no room to drop it here.",
            Refusal::CannotUse => "That cannot be used that way.",
            Refusal::NeedsTarget => "That needs a target: throw or zap it.",
            Refusal::CannotAim => "You can't throw or zap that.",
            Refusal::NotInSight => "You can't see there.",
            Refusal::AimedAtSelf => "You can't aim at yourself.",
            Refusal::NoCharges => "It has no charges left.",
            Refusal::NoFreeFinger => "You wear a ring on both hands already: take one off first.",
            Refusal::Cursed => "It is cursed: it will not come off. (A scroll of remove curse lifts it.)",
            Refusal::NotReady => "The charm is still recharging.",
            Refusal::AlreadyBegun => "A run begins once, before anything else is done.",
            Refusal::NotEquipped => "You are not wielding or wearing that.",
            Refusal::AlreadyEquipped => "You are already using that.",
            Refusal::NoRoomToBlink => "There is no room to blink there.",
            Refusal::NoShot => "There is no clear shot.",
            Refusal::OutOfReach => "That is out of reach.",
            Refusal::Over => "The run is over.",
            Refusal::Lava => "That is lava: stepping in would be certain death.",
            Refusal::ChooseFirst => "You have grown: choose a boon first.",
            Refusal::EnchantWhat => "Choose a weapon or armour to enchant.",
            Refusal::CannotEnchant => "Only a weapon or armour can be enchanted, up to +9.",
            Refusal::NotHungry => "You are not hungry enough to eat: most of it would be wasted.",
            Refusal::NotOffered => "That boon is not offered.",
            Refusal::NoAllies => "You have no ally here to give orders to.",
            Refusal::NoArmour => "This run took the no-armour challenge: no armour can be worn.",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pinned names, in the order they were given: a name is never changed or reused.
    const PINNED: [&str; 85] = [
        "moved",
        "door-opened",
        "door-closed",
        "door-unlocked",
        "door-smashed",
        "key-taken",
        "relic-taken",
        "waited",
        "level-changed",
        "attacked",
        "stabbed",
        "struck",
        "shot",
        "stole",
        "escaped",
        "item-taken",
        "altars-sealed",
        "item-dropped",
        "used-up",
        "identified",
        "healed",
        "invigorated",
        "hasted",
        "poisoned",
        "confused",
        "poison-hurt",
        "mapped",
        "teleported",
        "recharged",
        "aggravated",
        "slept",
        "equipped",
        "unequipped",
        "flew",
        "landed",
        "trap-sprung",
        "harmed",
        "alarm",
        "gas-released",
        "ignited",
        "netted",
        "fell",
        "swept",
        "found",
        "searched",
        "gold-taken",
        "shoved",
        "ate",
        "enchanted",
        "starved",
        "states-wore",
        "recovered",
        "digested",
        "regenerated",
        "smouldered",
        "caught",
        "gas-drifted",
        "chose",
        "reinforced",
        "unchained",
        "swapped",
        "ordered",
        "blinked",
        "tunnelled",
        "corroded",
        "split",
        "summoned",
        "shielded",
        "waned",
        "vanished",
        "revealed",
        "detected",
        "uncursed",
        "gear-ticked",
        "reaped",
        "slowed",
        "levitating",
        "telepathic",
        "fireproof",
        "paralysed",
        "shattered",
        "protected",
        "called",
        "began",
        "hurled",
    ];

    #[test]
    fn every_effect_keeps_its_pinned_name() {
        let (p, n) = (Pos::new(1, 2), 3);
        let item = Item::one(ItemKind::Dart);
        let every = [
            Effect::Moved {
                to: p,
                onto: Tile::Floor,
            },
            Effect::DoorOpened(p),
            Effect::DoorClosed(p),
            Effect::DoorUnlocked(p),
            Effect::DoorSmashed(p),
            Effect::KeyTaken(Key { at: p, opens: p }),
            Effect::RelicTaken,
            Effect::Waited,
            Effect::LevelChanged { to: 2 },
            Effect::Attacked {
                target: Who::Player,
                damage: None,
            },
            Effect::Stabbed { target: 1, damage: 4 },
            Effect::Struck { target: 1, damage: 4 },
            Effect::Shot {
                target: Who::Monster(1),
                damage: Some(2),
            },
            Effect::Stole(n),
            Effect::Escaped,
            Effect::ItemTaken { at: p, item },
            Effect::AltarsSealed(n),
            Effect::ItemDropped(n),
            Effect::UsedUp(n),
            Effect::Identified(ItemKind::Dart),
            Effect::Healed(5),
            Effect::Invigorated(5),
            Effect::Hasted(5),
            Effect::Poisoned(5),
            Effect::Confused(5),
            Effect::PoisonHurt,
            Effect::Mapped,
            Effect::Teleported(p),
            Effect::Recharged(n),
            Effect::Aggravated,
            Effect::Slept(5),
            Effect::Equipped(n),
            Effect::Unequipped(n),
            Effect::Flew {
                kind: ItemKind::Dart,
                to: p,
            },
            Effect::Landed(FloorItem::loose(p, item)),
            Effect::TrapSprung {
                at: p,
                kind: TrapKind::Fire,
            },
            Effect::Harmed {
                cause: Harm::Fire,
                damage: 2,
            },
            Effect::Alarm(p),
            Effect::GasReleased { at: p, amount: 9 },
            Effect::Ignited(p),
            Effect::Netted(n),
            Effect::Fell,
            Effect::Swept(n),
            Effect::Found(p),
            Effect::Searched,
            Effect::GoldTaken { at: p, amount: 9 },
            Effect::Shoved { target: 1, to: p },
            Effect::Ate(n),
            Effect::Enchanted(n),
            Effect::Starved,
            Effect::StatesWore,
            Effect::Recovered,
            Effect::Digested,
            Effect::Regenerated,
            Effect::Smouldered,
            Effect::Caught(p),
            Effect::GasDrifted,
            Effect::Chose(Boon::Vigour),
            Effect::Reinforced {
                kind: Kind::Rat,
                at: p,
                heading: Dir8::N,
            },
            Effect::Unchained(3),
            Effect::Swapped(3),
            Effect::Ordered(true),
            Effect::Blinked(p),
            Effect::Tunnelled(p),
            Effect::Corroded,
            Effect::Split { id: 3, to: p },
            Effect::Summoned {
                kind: Kind::SpectralBlade,
                at: p,
            },
            Effect::Shielded(3),
            Effect::Waned,
            Effect::Vanished,
            Effect::Revealed(n),
            Effect::Detected,
            Effect::Uncursed,
            Effect::GearTicked,
            Effect::Reaped(8),
            Effect::Slowed { target: 3, turns: 4 },
            Effect::Levitating(5),
            Effect::Telepathic(5),
            Effect::Fireproof(5),
            Effect::Paralysed(5),
            Effect::Shattered(p),
            Effect::Protected,
            Effect::Called { kind: Kind::Rat, at: p },
            Effect::Began(Beginning::Rogue),
            Effect::Hurled(n),
        ];
        let keys: Vec<&str> = every.iter().map(Effect::key).collect();
        assert_eq!(keys, PINNED);
        let mut unique = keys.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), keys.len(), "each name names one effect");
        assert!(
            keys.iter()
                .all(|k| k.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'))
        );
    }
}

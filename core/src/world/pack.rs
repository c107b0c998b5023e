//! What the player carries and wears: a pack of lettered slots (a letter keeps its item until
//! the item is gone), the weapon wielded and the armour worn, and the passing states potions
//! leave (haste, poison, confusion).

use super::item::{Class, Item, ItemKind};

/// Slots in the pack: letters `a` to `p`.
pub const SLOTS: usize = 16;

/// The letter of slot `i` ('a' for 0).
pub const fn letter(slot: usize) -> char {
    (b'a' + slot as u8) as char
}

/// The pack: `SLOTS` lettered slots, and which of them are wielded and worn.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pack {
    slots: Vec<Option<Item>>,
    /// The slot of the weapon wielded.
    pub weapon: Option<u8>,
    /// The slot of the armour worn.
    pub armour: Option<u8>,
    /// The slots of the rings worn, a finger each.
    pub rings: [Option<u8>; 2],
}

impl Default for Pack {
    fn default() -> Self {
        Pack {
            slots: vec![None; SLOTS],
            weapon: None,
            armour: None,
            rings: [None; 2],
        }
    }
}

impl Pack {
    /// A pack of exactly these slots (a save's), or why it cannot be one.
    pub fn from_slots(
        slots: Vec<Option<Item>>,
        weapon: Option<u8>,
        armour: Option<u8>,
        rings: [Option<u8>; 2],
    ) -> Result<Self, String> {
        if slots.len() != SLOTS {
            return Err(format!("a pack of {} slots (it has {SLOTS})", slots.len()));
        }
        if rings[0].is_some() && rings[0] == rings[1] {
            return Err("one ring worn on both fingers".into());
        }
        let pack = Pack {
            slots,
            weapon,
            armour,
            rings,
        };
        let worn = [
            (weapon, Class::Weapon),
            (armour, Class::Armour),
            (rings[0], Class::Ring),
            (rings[1], Class::Ring),
        ];
        for (worn, class) in worn {
            if let Some(s) = worn
                && pack.get(s as usize).is_none_or(|i| i.kind.class() != class)
            {
                return Err(format!(
                    "slot {} is worn as {} but holds none",
                    letter(s as usize),
                    class.name()
                ));
            }
        }
        if let Some(item) = pack
            .slots
            .iter()
            .flatten()
            .find(|i| i.count == 0 && !i.kind.has_charges())
        {
            return Err(format!("a stack of no {}", item.kind.name()));
        }
        Ok(pack)
    }

    /// Every slot, `None` where empty.
    pub fn slots(&self) -> &[Option<Item>] {
        &self.slots
    }

    /// The item in slot `i`.
    pub fn get(&self, i: usize) -> Option<Item> {
        self.slots.get(i).copied().flatten()
    }

    /// Slot `i`, to change what is in it in place (`None`: no such slot).
    pub(crate) fn slot_mut(&mut self, i: usize) -> Option<&mut Option<Item>> {
        self.slots.get_mut(i)
    }

    /// Every slot, to change what is in them in place.
    pub(crate) fn slots_mut(&mut self) -> &mut [Option<Item>] {
        &mut self.slots
    }

    /// The items with their slots.
    pub fn items(&self) -> impl Iterator<Item = (usize, Item)> + '_ {
        self.slots
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.map(|item| (i, item)))
    }

    /// The slot `item` would go in: a stack of its kind, else the first empty slot.
    pub fn room_for(&self, item: Item) -> Option<usize> {
        let stack = item
            .kind
            .stacks()
            .then(|| self.items().find(|(_, i)| i.kind == item.kind))
            .flatten();
        stack
            .map(|(s, _)| s)
            .or_else(|| self.slots.iter().position(Option::is_none))
    }

    /// Puts `item` in the pack. Returns its slot, or `None` (and nothing changes) when full.
    pub fn add(&mut self, item: Item) -> Option<usize> {
        let s = self.room_for(item)?;
        match &mut self.slots[s] {
            Some(stack) => stack.count = stack.count.saturating_add(item.count),
            empty => *empty = Some(item),
        }
        Some(s)
    }

    /// Takes one from slot `i` (a wand, a staff, a charm: one charge; a staff or charm then
    /// waits for the next, if it was not already). Returns what was taken.
    pub fn take_one(&mut self, i: usize) -> Option<Item> {
        let item = self.get(i)?;
        if item.kind.has_charges() {
            let slot = self.slots[i].as_mut()?;
            slot.count = slot.count.saturating_sub(1);
            if slot.kind.class() != Class::Wand && slot.wait == 0 {
                slot.wait = slot.recharge_quarters();
            }
            return Some(Item::one(item.kind));
        }
        if item.count > 1 {
            self.slots[i] = Some(Item {
                count: item.count - 1,
                ..item
            });
        } else {
            self.remove(i);
        }
        Some(Item::one(item.kind))
    }

    /// Empties slot `i`, taking off what was worn from it. Returns what it held.
    pub fn remove(&mut self, i: usize) -> Option<Item> {
        let item = self.slots.get_mut(i)?.take()?;
        if self.weapon == Some(i as u8) {
            self.weapon = None;
        }
        if self.armour == Some(i as u8) {
            self.armour = None;
        }
        for finger in &mut self.rings {
            if *finger == Some(i as u8) {
                *finger = None;
            }
        }
        Some(item)
    }

    /// Gives every wand `n` more charges (at most 9), and fills every staff.
    pub fn recharge(&mut self, n: u8) {
        for item in self.slots.iter_mut().flatten() {
            match item.kind.class() {
                Class::Wand => item.count = item.count.saturating_add(n).min(9),
                Class::Staff => {
                    item.count = item.most_charges();
                    item.wait = 0;
                }
                _ => {}
            }
        }
    }

    /// The rings worn, as they are.
    pub fn rings_worn(&self) -> impl Iterator<Item = (usize, Item)> + '_ {
        self.rings
            .iter()
            .flatten()
            .filter_map(|&s| self.get(s as usize).map(|i| (s as usize, i)))
    }

    /// What the rings of `kind` worn add up to (two of a kind add their pluses, as in Brogue).
    pub fn ring_plus(&self, kind: ItemKind) -> i32 {
        self.rings_worn()
            .filter(|(_, i)| i.kind == kind)
            .map(|(_, i)| i32::from(i.plus))
            .sum()
    }

    /// A finger with no ring on it.
    pub fn free_finger(&self) -> Option<usize> {
        self.rings.iter().position(Option::is_none)
    }

    /// Whether time does anything to what it carries: a staff or charm recharging, a ring worn
    /// but not yet known.
    pub fn ticking(&self) -> bool {
        self.items().any(|(_, i)| i.recharging()) || self.rings_worn().any(|(_, i)| !i.plus_known())
    }

    /// The weapon wielded.
    pub fn wielded(&self) -> Option<ItemKind> {
        self.weapon.and_then(|s| self.get(s as usize)).map(|i| i.kind)
    }

    /// The weapon wielded, as it is (its enchantment with it).
    pub fn wielded_item(&self) -> Option<Item> {
        self.weapon.and_then(|s| self.get(s as usize))
    }

    /// The armour worn, as it is.
    pub fn worn_item(&self) -> Option<Item> {
        self.armour.and_then(|s| self.get(s as usize))
    }

    /// The armour worn.
    pub fn worn(&self) -> Option<ItemKind> {
        self.armour.and_then(|s| self.get(s as usize)).map(|i| i.kind)
    }

    /// "wielded" or "worn" for the slot held so, `None` for the rest.
    pub fn worn_as(&self, i: usize) -> Option<&'static str> {
        if self.weapon == Some(i as u8) {
            Some("wielded")
        } else if self.armour == Some(i as u8) {
            Some("worn")
        } else if self.rings.contains(&Some(i as u8)) {
            Some("on a finger")
        } else {
            None
        }
    }

    /// Whether slot `i` is wielded or worn (on a finger too).
    pub fn is_equipped(&self, i: usize) -> bool {
        self.weapon == Some(i as u8) || self.armour == Some(i as u8) || self.rings.contains(&Some(i as u8))
    }
}

/// Passing states, each the turns it has left (0: not in it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Status {
    /// You act twice for every turn of the monsters'.
    pub haste: u16,
    /// A point of damage a turn, and no healing.
    pub poison: u16,
    /// Half your steps go astray.
    pub confusion: u16,
    /// You float over chasms, water, lava and traps (and pick nothing up).
    pub levitation: u16,
    /// You sense every monster on the level.
    pub telepathy: u16,
    /// Fire does not burn you, and lava does not harm you.
    pub fire_immunity: u16,
}

impl Status {
    /// Every state's turns left, in the order the sidebar tells them.
    pub const fn all(self) -> [(&'static str, u16); 6] {
        [
            ("hasted", self.haste),
            ("poisoned", self.poison),
            ("confused", self.confusion),
            ("levitating", self.levitation),
            ("telepathic", self.telepathy),
            ("fireproof", self.fire_immunity),
        ]
    }

    /// Whether any state lasts.
    pub const fn any(self) -> bool {
        self.haste > 0
            || self.poison > 0
            || self.confusion > 0
            || self.levitation > 0
            || self.telepathy > 0
            || self.fire_immunity > 0
    }
}

/// The most turns a state lasts (a save's limit).
pub const MAX_STATUS: u16 = 100;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stacks_share_a_slot_and_letters_stay() {
        let mut pack = Pack::default();
        let dart = Item {
            kind: ItemKind::Dart,
            count: 3,
            plus: 0,
            wait: 0,
        };
        assert_eq!(pack.add(Item::one(ItemKind::Sword)), Some(0));
        assert_eq!(pack.add(dart), Some(1));
        assert_eq!(pack.add(dart), Some(1));
        assert_eq!(pack.get(1).unwrap().count, 6);
        assert_eq!(pack.add(Item::one(ItemKind::Axe)), Some(2));
        pack.weapon = Some(0);
        assert_eq!(pack.remove(0), Some(Item::one(ItemKind::Sword)));
        assert_eq!(pack.weapon, None);
        // The axe keeps its letter; the sword's is free again.
        assert_eq!(pack.get(2).unwrap().kind, ItemKind::Axe);
        assert_eq!(pack.add(Item::one(ItemKind::Mace)), Some(0));
        for _ in 0..6 {
            assert_eq!(pack.take_one(1), Some(Item::one(ItemKind::Dart)));
        }
        assert_eq!(pack.get(1), None);
        for k in 0..SLOTS {
            pack.add(Item::one(ItemKind::Sword));
            let _ = k;
        }
        assert_eq!(pack.items().count(), SLOTS);
        assert_eq!(pack.add(Item::one(ItemKind::Dagger)), None, "full");
        assert!(Pack::from_slots(vec![None; 3], None, None, [None; 2]).is_err());
        assert!(Pack::from_slots(vec![None; SLOTS], Some(2), None, [None; 2]).is_err());
    }
}

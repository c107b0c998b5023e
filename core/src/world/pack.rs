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
}

impl Default for Pack {
    fn default() -> Self {
        Pack {
            slots: vec![None; SLOTS],
            weapon: None,
            armour: None,
        }
    }
}

impl Pack {
    /// A pack of exactly these slots (a save's), or why it cannot be one.
    pub fn from_slots(slots: Vec<Option<Item>>, weapon: Option<u8>, armour: Option<u8>) -> Result<Self, String> {
        if slots.len() != SLOTS {
            return Err(format!("a pack of {} slots (it has {SLOTS})", slots.len()));
        }
        let pack = Pack { slots, weapon, armour };
        for (worn, class) in [(weapon, Class::Weapon), (armour, Class::Armour)] {
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
            .find(|i| i.count == 0 && i.kind.class() != Class::Wand)
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

    /// Takes one from slot `i` (a wand: one charge). Returns what was taken.
    pub fn take_one(&mut self, i: usize) -> Option<Item> {
        let item = self.get(i)?;
        if item.kind.class() == Class::Wand {
            let slot = self.slots[i].as_mut()?;
            slot.count = slot.count.saturating_sub(1);
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
        Some(item)
    }

    /// Gives every wand `n` more charges (at most 9).
    pub fn recharge(&mut self, n: u8) {
        for item in self.slots.iter_mut().flatten() {
            if item.kind.class() == Class::Wand {
                item.count = item.count.saturating_add(n).min(9);
            }
        }
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
        } else {
            None
        }
    }

    /// Whether slot `i` is wielded or worn.
    pub fn is_equipped(&self, i: usize) -> bool {
        self.weapon == Some(i as u8) || self.armour == Some(i as u8)
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
        assert!(Pack::from_slots(vec![None; 3], None, None).is_err());
        assert!(Pack::from_slots(vec![None; SLOTS], Some(2), None).is_err());
    }
}

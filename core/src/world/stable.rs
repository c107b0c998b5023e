//! Stable ids for the kinds a save names (`Kind`, `ItemKind`): each kind has a pinned number and
//! a pinned name, written by saves in place of its place in the enum, so a kind added anywhere in
//! the list (or the list reordered) leaves every old save meaning what it meant.
//!
//! A compact format (postcard: saves, recordings' parts) writes the number, a text format (RON:
//! the history) the name, exactly as serde's derive wrote them when the numbers were the enum's
//! order: saves made before the ids were pinned read the same. An unknown number or name is an
//! error naming the kind and the id, never another kind.

/// Gives `$ty` its pinned ids: `id()`, `from_id()`, `saved_name()` and serde's impls by them.
/// Each variant is listed once with its number; its name is the variant's own.
macro_rules! stable_ids {
    ($ty:ident, $what:literal { $($variant:ident = $id:literal),* $(,)? }) => {
        impl $ty {
            /// Its pinned id in saves: never renumbered, never reused for another kind.
            pub const fn id(self) -> u32 {
                match self {
                    $($ty::$variant => $id,)*
                }
            }

            /// The kind whose pinned id is `id`, if any.
            pub const fn from_id(id: u32) -> Option<Self> {
                match id {
                    $($id => Some($ty::$variant),)*
                    _ => None,
                }
            }

            /// Its pinned name in text saves (the history).
            pub const fn saved_name(self) -> &'static str {
                match self {
                    $($ty::$variant => stringify!($variant),)*
                }
            }

            fn from_saved_name(name: &str) -> Option<Self> {
                match name {
                    $(stringify!($variant) => Some($ty::$variant),)*
                    _ => None,
                }
            }
        }

        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_unit_variant(stringify!($ty), self.id(), self.saved_name())
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                const NAMES: &[&str] = &[$(stringify!($variant)),*];
                d.deserialize_enum(
                    stringify!($ty),
                    NAMES,
                    $crate::world::stable::KindVisitor::new($what, $ty::from_id, $ty::from_saved_name),
                )
            }
        }
    };
}

pub(crate) use stable_ids;

use serde::de::{self, EnumAccess, VariantAccess};
use std::fmt;

/// Reads a kind from its id (a compact format) or its name (a text format).
pub(crate) struct KindVisitor<T> {
    what: &'static str,
    by_id: fn(u32) -> Option<T>,
    by_name: fn(&str) -> Option<T>,
}

impl<T> KindVisitor<T> {
    pub(crate) const fn new(what: &'static str, by_id: fn(u32) -> Option<T>, by_name: fn(&str) -> Option<T>) -> Self {
        KindVisitor { what, by_id, by_name }
    }
}

impl<T> Clone for KindVisitor<T> {
    fn clone(&self) -> Self {
        KindVisitor {
            what: self.what,
            by_id: self.by_id,
            by_name: self.by_name,
        }
    }
}

impl<'de, T> de::Visitor<'de> for KindVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "a {} by its id or name", self.what)
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<T, A::Error> {
        let (kind, rest) = data.variant_seed(self)?;
        rest.unit_variant()?;
        Ok(kind)
    }

    fn visit_u64<E: de::Error>(self, id: u64) -> Result<T, E> {
        u32::try_from(id)
            .ok()
            .and_then(self.by_id)
            .ok_or_else(|| E::custom(format!("an unknown {} (id {id})", self.what)))
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<T, E> {
        (self.by_name)(name).ok_or_else(|| E::custom(format!("an unknown {} ({name:?})", self.what)))
    }
}

impl<'de, T> de::DeserializeSeed<'de> for KindVisitor<T> {
    type Value = T;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<T, D::Error> {
        d.deserialize_identifier(self)
    }
}

#[cfg(test)]
mod tests {
    use crate::world::{Boon, Feat, ItemKind, Kind};

    /// Every id and name as saves have written them since format 1. Changing a line here breaks
    /// every save and recording that holds the kind: add new kinds at new ids instead.
    const MONSTERS: [(Kind, u32, &str); 12] = [
        (Kind::Rat, 0, "Rat"),
        (Kind::Jackal, 1, "Jackal"),
        (Kind::Goblin, 2, "Goblin"),
        (Kind::Orc, 3, "Orc"),
        (Kind::Ogre, 4, "Ogre"),
        (Kind::Troll, 5, "Troll"),
        (Kind::Kobold, 6, "Kobold"),
        (Kind::Monkey, 7, "Monkey"),
        (Kind::GoblinArcher, 8, "GoblinArcher"),
        (Kind::Bloat, 9, "Bloat"),
        (Kind::VampireBat, 10, "VampireBat"),
        (Kind::Centaur, 11, "Centaur"),
    ];

    /// The same for items.
    const ITEMS: [(ItemKind, u32, &str); 24] = [
        (ItemKind::Healing, 0, "Healing"),
        (ItemKind::Vigour, 1, "Vigour"),
        (ItemKind::Speed, 2, "Speed"),
        (ItemKind::Poison, 3, "Poison"),
        (ItemKind::Confusion, 4, "Confusion"),
        (ItemKind::MagicMapping, 5, "MagicMapping"),
        (ItemKind::Teleportation, 6, "Teleportation"),
        (ItemKind::Identify, 7, "Identify"),
        (ItemKind::Recharging, 8, "Recharging"),
        (ItemKind::Aggravation, 9, "Aggravation"),
        (ItemKind::Dagger, 10, "Dagger"),
        (ItemKind::Sword, 11, "Sword"),
        (ItemKind::Axe, 12, "Axe"),
        (ItemKind::Mace, 13, "Mace"),
        (ItemKind::Leather, 14, "Leather"),
        (ItemKind::ChainMail, 15, "ChainMail"),
        (ItemKind::Plate, 16, "Plate"),
        (ItemKind::Dart, 17, "Dart"),
        (ItemKind::Javelin, 18, "Javelin"),
        (ItemKind::Striking, 19, "Striking"),
        (ItemKind::Sleep, 20, "Sleep"),
        (ItemKind::Blinking, 21, "Blinking"),
        (ItemKind::Enchanting, 22, "Enchanting"),
        (ItemKind::Ration, 23, "Ration"),
    ];

    /// Each row's kind has the row's id and name, and is written and read by them: the id in
    /// postcard (saves), the name in RON (the history).
    fn holds_pinned<T>(
        rows: &[(T, u32, &str)],
        id: fn(T) -> u32,
        name: fn(T) -> &'static str,
        by_id: fn(u32) -> Option<T>,
    ) where
        T: Copy + std::fmt::Debug + PartialEq + serde::Serialize + serde::de::DeserializeOwned,
    {
        for &(kind, pinned, text) in rows {
            assert_eq!((id(kind), name(kind)), (pinned, text), "{kind:?}");
            assert_eq!(by_id(pinned), Some(kind));
            let bytes = postcard::to_allocvec(&pinned).unwrap();
            assert_eq!(postcard::to_allocvec(&kind).unwrap(), bytes);
            assert_eq!(postcard::from_bytes::<T>(&bytes), Ok(kind));
            assert_eq!(ron::to_string(&kind).unwrap(), text);
            assert_eq!(ron::from_str::<T>(text).unwrap(), kind);
        }
    }

    #[test]
    fn every_kind_keeps_its_pinned_id_and_name() {
        assert_eq!(MONSTERS.len(), Kind::ALL.len(), "a monster kind has no pinned id here");
        holds_pinned(&MONSTERS, Kind::id, Kind::saved_name, Kind::from_id);
        assert_eq!(ITEMS.len(), ItemKind::ALL.len(), "an item kind has no pinned id here");
        holds_pinned(&ITEMS, ItemKind::id, ItemKind::saved_name, ItemKind::from_id);
        let boons: Vec<(Boon, u32, &str)> = Boon::ALL.iter().map(|&b| (b, b.id(), b.saved_name())).collect();
        assert_eq!(
            boons[11],
            (Boon::ShieldBash, 11, "ShieldBash"),
            "pinned as they were made"
        );
        holds_pinned(&boons, Boon::id, Boon::saved_name, Boon::from_id);
        let feats: Vec<(Feat, u32, &str)> = Feat::ALL.iter().map(|&f| (f, f.id(), f.saved_name())).collect();
        assert_eq!(feats[18], (Feat::Gourmand, 18, "Gourmand"), "pinned as they were made");
        holds_pinned(&feats, Feat::id, Feat::saved_name, Feat::from_id);
    }

    #[test]
    fn ids_are_dense_so_tallies_by_kind_fit_their_arrays() {
        // `RunRecord::kills` is indexed by id: every id below the count, each once.
        let mut ids: Vec<u32> = Kind::ALL.iter().map(|k| k.id()).collect();
        ids.sort_unstable();
        assert_eq!(ids, (0..Kind::ALL.len() as u32).collect::<Vec<_>>());
        let mut ids: Vec<u32> = ItemKind::ALL.iter().map(|k| k.id()).collect();
        ids.sort_unstable();
        assert_eq!(ids, (0..ItemKind::ALL.len() as u32).collect::<Vec<_>>());
    }

    #[test]
    fn an_unknown_id_or_name_is_an_error_naming_it_never_another_kind() {
        let e = postcard::from_bytes::<Kind>(&postcard::to_allocvec(&99u32).unwrap()).unwrap_err();
        assert!(matches!(e, postcard::Error::SerdeDeCustom), "{e:?}");
        assert_eq!(Kind::from_id(12), None);
        assert_eq!(ItemKind::from_id(24), None);
        assert_eq!(Boon::from_id(12), None);
        let e = ron::from_str::<ItemKind>("Cheese").unwrap_err().to_string();
        assert!(e.contains("an unknown item kind (\"Cheese\")"), "{e}");
        let e = ron::from_str::<Kind>("Dragon").unwrap_err().to_string();
        assert!(e.contains("an unknown monster kind (\"Dragon\")"), "{e}");
    }
}

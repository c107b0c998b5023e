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

/// Makes a catalog from its rows, each one line of one list: a variant with its docs, its pinned
/// id, and its row of the table. Gives the enum, its pinned ids (`stable_ids!`: `id`, `from_id`,
/// `saved_name`, serde by them), `COUNT`, `ALL` in the table's order, and `$get`, the variant's
/// row. A kind cannot be added without its id and its row, nor the lists fall out of line: there
/// is one list. (`catalog_ids_are_pinned` in this file's tests keeps each id where it was put.)
macro_rules! catalog {
    (
        $(#[$meta:meta])*
        $vis:vis enum $ty:ident: $what:literal;
        $(#[$get_meta:meta])*
        $get:ident -> $row:ty {
            $( $(#[$vmeta:meta])* $variant:ident = $id:literal => $value:expr ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis enum $ty {
            $( $(#[$vmeta])* $variant, )+
        }

        $crate::world::stable::stable_ids!($ty, $what { $($variant = $id),+ });

        impl $ty {
            /// How many there are.
            pub const COUNT: usize = [$($id),+].len();

            /// Every one, in the table's order.
            pub const ALL: [$ty; Self::COUNT] = [$($ty::$variant),+];

            $(#[$get_meta])*
            pub const fn $get(self) -> $row {
                const ROWS: [$row; $ty::COUNT] = [$($value),+];
                ROWS[self as usize]
            }
        }
    };
}

pub(crate) use catalog;

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
    use crate::world::{Beginning, Boon, Challenge, Difficulty, Feat, ItemKind, Kind, TrapKind};

    /// Every id and name as saves have written them since format 1. Changing a line here breaks
    /// every save and recording that holds the kind: add new kinds at new ids instead.
    const MONSTERS: [(Kind, u32, &str); 27] = [
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
        (Kind::Wisp, 12, "Wisp"),
        (Kind::Imp, 13, "Imp"),
        (Kind::GoblinShaman, 14, "GoblinShaman"),
        (Kind::Salamander, 15, "Salamander"),
        (Kind::Eel, 16, "Eel"),
        (Kind::PinkJelly, 17, "PinkJelly"),
        (Kind::GiantSpider, 18, "GiantSpider"),
        (Kind::RockWorm, 19, "RockWorm"),
        (Kind::FireElemental, 20, "FireElemental"),
        (Kind::GoblinConjurer, 21, "GoblinConjurer"),
        (Kind::SpectralBlade, 22, "SpectralBlade"),
        (Kind::GoblinMystic, 23, "GoblinMystic"),
        (Kind::AcidMound, 24, "AcidMound"),
        (Kind::Phantom, 25, "Phantom"),
        (Kind::Warden, 26, "Warden"),
    ];

    /// The same for items.
    const ITEMS: [(ItemKind, u32, &str); 54] = [
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
        (ItemKind::Regeneration, 24, "Regeneration"),
        (ItemKind::Stealth, 25, "Stealth"),
        (ItemKind::Awareness, 26, "Awareness"),
        (ItemKind::Wisdom, 27, "Wisdom"),
        (ItemKind::Reaping, 28, "Reaping"),
        (ItemKind::Firebolt, 29, "Firebolt"),
        (ItemKind::Lightning, 30, "Lightning"),
        (ItemKind::Slowness, 31, "Slowness"),
        (ItemKind::Tunnelling, 32, "Tunnelling"),
        (ItemKind::Conjuration, 33, "Conjuration"),
        (ItemKind::HealthCharm, 34, "HealthCharm"),
        (ItemKind::HasteCharm, 35, "HasteCharm"),
        (ItemKind::EscapeCharm, 36, "EscapeCharm"),
        (ItemKind::RemoveCurse, 37, "RemoveCurse"),
        (ItemKind::DetectMagic, 38, "DetectMagic"),
        (ItemKind::Levitation, 39, "Levitation"),
        (ItemKind::Telepathy, 40, "Telepathy"),
        (ItemKind::Descent, 41, "Descent"),
        (ItemKind::FireImmunity, 42, "FireImmunity"),
        (ItemKind::Incineration, 43, "Incineration"),
        (ItemKind::Paralysis, 44, "Paralysis"),
        (ItemKind::Caustic, 45, "Caustic"),
        (ItemKind::Summoning, 46, "Summoning"),
        (ItemKind::Shattering, 47, "Shattering"),
        (ItemKind::ProtectArmour, 48, "ProtectArmour"),
        (ItemKind::Spear, 49, "Spear"),
        (ItemKind::WarAxe, 50, "WarAxe"),
        (ItemKind::Rapier, 51, "Rapier"),
        (ItemKind::Hammer, 52, "Hammer"),
        (ItemKind::Light, 53, "Light"),
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
        assert_eq!(BOONS.len(), Boon::COUNT, "a boon has no pinned id here");
        holds_pinned(&BOONS, Boon::id, Boon::saved_name, Boon::from_id);
        assert_eq!(FEATS.len(), Feat::COUNT, "a feat has no pinned id here");
        holds_pinned(&FEATS, Feat::id, Feat::saved_name, Feat::from_id);
        assert_eq!(TRAPS.len(), TrapKind::COUNT, "a trap kind has no pinned id here");
        holds_pinned(&TRAPS, TrapKind::id, TrapKind::saved_name, TrapKind::from_id);
        assert_eq!(BEGINNINGS.len(), Beginning::COUNT, "a beginning has no pinned id here");
        holds_pinned(&BEGINNINGS, Beginning::id, Beginning::saved_name, Beginning::from_id);
        assert_eq!(
            DIFFICULTIES.len(),
            Difficulty::COUNT,
            "a difficulty has no pinned id here"
        );
        holds_pinned(
            &DIFFICULTIES,
            Difficulty::id,
            Difficulty::saved_name,
            Difficulty::from_id,
        );
        assert_eq!(CHALLENGES.len(), Challenge::COUNT, "a challenge has no pinned id here");
        holds_pinned(&CHALLENGES, Challenge::id, Challenge::saved_name, Challenge::from_id);
    }

    /// The difficulties' pinned ids.
    const DIFFICULTIES: [(Difficulty, u32, &str); 3] = [
        (Difficulty::Normal, 0, "Normal"),
        (Difficulty::Easy, 1, "Easy"),
        (Difficulty::Hard, 2, "Hard"),
    ];

    /// The challenges' pinned ids (a save keeps them as bits by these).
    const CHALLENGES: [(Challenge, u32, &str); 7] = [
        (Challenge::NoArmour, 0, "NoArmour"),
        (Challenge::NoHealing, 1, "NoHealing"),
        (Challenge::Darkness, 2, "Darkness"),
        (Challenge::ShortRations, 3, "ShortRations"),
        (Challenge::Swarm, 4, "Swarm"),
        (Challenge::Champions, 5, "Champions"),
        (Challenge::Frail, 6, "Frail"),
    ];

    /// The beginnings' pinned ids.
    const BEGINNINGS: [(Beginning, u32, &str); 4] = [
        (Beginning::Fighter, 0, "Fighter"),
        (Beginning::Rogue, 1, "Rogue"),
        (Beginning::Ranger, 2, "Ranger"),
        (Beginning::Arcanist, 3, "Arcanist"),
    ];

    /// Pinned as they were made: a boon's, a feat's or a trap's id written here is the one its
    /// saves and recordings hold.
    const BOONS: [(Boon, u32, &str); 21] = [
        (Boon::Vigour, 0, "Vigour"),
        (Boon::Might, 1, "Might"),
        (Boon::Precision, 2, "Precision"),
        (Boon::Hide, 3, "Hide"),
        (Boon::Regeneration, 4, "Regeneration"),
        (Boon::IronStomach, 5, "IronStomach"),
        (Boon::PoisonResistance, 6, "PoisonResistance"),
        (Boon::FireResistance, 7, "FireResistance"),
        (Boon::Assassin, 8, "Assassin"),
        (Boon::Thrower, 9, "Thrower"),
        (Boon::KeenEyes, 10, "KeenEyes"),
        (Boon::ShieldBash, 11, "ShieldBash"),
        (Boon::Attunement, 12, "Attunement"),
        (Boon::Archmage, 13, "Archmage"),
        (Boon::Brute, 14, "Brute"),
        (Boon::Deadeye, 15, "Deadeye"),
        (Boon::Ironskin, 16, "Ironskin"),
        (Boon::TrollBlood, 17, "TrollBlood"),
        (Boon::Shadow, 18, "Shadow"),
        (Boon::Marksman, 19, "Marksman"),
        (Boon::Juggernaut, 20, "Juggernaut"),
    ];

    const FEATS: [(Feat, u32, &str); 21] = [
        (Feat::FirstBlood, 0, "FirstBlood"),
        (Feat::Delver, 1, "Delver"),
        (Feat::Depths, 2, "Depths"),
        (Feat::HeartInHand, 3, "HeartInHand"),
        (Feat::Daylight, 4, "Daylight"),
        (Feat::Teetotaller, 5, "Teetotaller"),
        (Feat::Unlettered, 6, "Unlettered"),
        (Feat::Untouched, 7, "Untouched"),
        (Feat::Swift, 8, "Swift"),
        (Feat::Hoarder, 9, "Hoarder"),
        (Feat::Slayer, 10, "Slayer"),
        (Feat::TrollSlayer, 11, "TrollSlayer"),
        (Feat::Pacifist, 12, "Pacifist"),
        (Feat::NothingHidden, 13, "NothingHidden"),
        (Feat::Assassin, 14, "Assassin"),
        (Feat::Enchanter, 15, "Enchanter"),
        (Feat::Seasoned, 16, "Seasoned"),
        (Feat::KeyHolder, 17, "KeyHolder"),
        (Feat::Gourmand, 18, "Gourmand"),
        (Feat::Liberator, 19, "Liberator"),
        (Feat::Fellowship, 20, "Fellowship"),
    ];

    const TRAPS: [(TrapKind, u32, &str); 7] = [
        (TrapKind::Dart, 0, "Dart"),
        (TrapKind::Alarm, 1, "Alarm"),
        (TrapKind::Gas, 2, "Gas"),
        (TrapKind::Net, 3, "Net"),
        (TrapKind::Trapdoor, 4, "Trapdoor"),
        (TrapKind::Teleport, 5, "Teleport"),
        (TrapKind::Fire, 6, "Fire"),
    ];

    #[test]
    fn ids_are_dense_so_tallies_by_kind_fit_their_arrays() {
        // `RunRecord::kills` is indexed by id: every id below the count, each once.
        let mut ids: Vec<u32> = Kind::ALL.iter().map(|k| k.id()).collect();
        ids.sort_unstable();
        assert_eq!(ids, (0..Kind::ALL.len() as u32).collect::<Vec<_>>());
        let mut ids: Vec<u32> = ItemKind::ALL.iter().map(|k| k.id()).collect();
        ids.sort_unstable();
        assert_eq!(ids, (0..ItemKind::ALL.len() as u32).collect::<Vec<_>>());
        // A set of feats is one bit an id in a u32, of known kinds in a u64; a catalog's row is found
        // by its place, which the one list keeps its id's.
        const { assert!(Feat::COUNT <= 32 && ItemKind::COUNT <= 64) };
        for (i, b) in Boon::ALL.into_iter().enumerate() {
            assert_eq!(b.id() as usize, i, "{b:?}");
        }
        for (i, f) in Feat::ALL.into_iter().enumerate() {
            assert_eq!(f.id() as usize, i, "{f:?}");
        }
        for (i, t) in TrapKind::ALL.into_iter().enumerate() {
            assert_eq!(t.id() as usize, i, "{t:?}");
        }
    }

    #[test]
    fn an_unknown_id_or_name_is_an_error_naming_it_never_another_kind() {
        let e = postcard::from_bytes::<Kind>(&postcard::to_allocvec(&99u32).unwrap()).unwrap_err();
        assert!(matches!(e, postcard::Error::SerdeDeCustom), "{e:?}");
        assert_eq!(Kind::from_id(27), None);
        assert_eq!(ItemKind::from_id(54), None);
        assert_eq!(Boon::from_id(21), None);
        assert_eq!(Beginning::from_id(4), None);
        let e = ron::from_str::<ItemKind>("Cheese").unwrap_err().to_string();
        assert!(e.contains("an unknown item kind (\"Cheese\")"), "{e}");
        let e = ron::from_str::<Kind>("Dragon").unwrap_err().to_string();
        assert!(e.contains("an unknown monster kind (\"Dragon\")"), "{e}");
    }
}

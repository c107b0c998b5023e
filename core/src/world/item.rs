//! Things to find: the classes and kinds of item, what each kind is like (a table of plain data,
//! as the monsters' is), an item as carried or lying on the floor, and how unknown potions and
//! scrolls look in one run (`Lore`: colours and titles shuffled from the run seed, named once
//! used, as in Brogue and NetHack).

use super::look::{Look, look};
use crate::geom::Pos;
use crate::rng::GenRng;

/// A class of item: what can be done with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Class {
    /// Drunk once: heals, or helps or hurts in other ways.
    Potion,
    /// Read once: magic about the level or the pack.
    Scroll,
    /// Wielded: changes the damage and accuracy of your blows.
    Weapon,
    /// Worn: takes damage off every hit, at a cost to your accuracy.
    Armour,
    /// Thrown at a target in sight: darts and javelins, picked up again where they land.
    Thrown,
    /// Zapped at a target in sight, a charge at a time.
    Wand,
    /// Eaten: fills the stomach.
    Food,
}

impl Class {
    /// Every class, in `--json`'s order.
    pub const ALL: [Class; 7] = [
        Class::Potion,
        Class::Scroll,
        Class::Weapon,
        Class::Armour,
        Class::Thrown,
        Class::Wand,
        Class::Food,
    ];

    /// Its name in `--json` and in the game ("potion").
    pub const fn name(self) -> &'static str {
        match self {
            Class::Potion => "potion",
            Class::Scroll => "scroll",
            Class::Weapon => "weapon",
            Class::Armour => "armour",
            Class::Thrown => "thrown",
            Class::Wand => "wand",
            Class::Food => "food",
        }
    }

    /// Whether kinds of this class look alike until known (potions and scrolls).
    pub const fn is_hidden(self) -> bool {
        matches!(self, Class::Potion | Class::Scroll)
    }
}

super::stable::catalog! {
    /// A kind of item.
    /// Saved by its pinned id (`ItemKind::id`), never by its place in this list.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub enum ItemKind: "item kind";
    /// What the kind is like: name, class, to hit, damage, armour, found, weight; then its look
    /// (letter, tile and tint, by class: a potion's colour is the run's) and what it does.
    stats -> ItemStats {
        /// Heals 20 and cures poison and confusion.
        Healing = 0 => row("healing", Potion, 0, (0, 0), 0, (1, 1), 30)
            .shown(POTION_LOOK, "Heals 20 hit points and cures poison and confusion."),
        /// Five more hit points at most, and heals fully.
        Vigour = 1 => row("vigour", Potion, 0, (0, 0), 0, (1, 1), 8)
            .shown(POTION_LOOK, "Raises your most hit points by 5 (up to 60) and heals you fully."),
        /// You act twice for every turn of the monsters', for a while.
        Speed = 2 => row("speed", Potion, 0, (0, 0), 0, (1, 1), 10)
            .shown(POTION_LOOK, "For 15 turns you act twice for every turn of the monsters'."),
        /// Hurts a point a turn for a while, and stops healing.
        Poison = 3 => row("poison", Potion, 0, (0, 0), 0, (1, 1), 12)
            .shown(
                POTION_LOOK,
                "Poisons you: a hit point a turn for 10 turns, and no healing meanwhile (it can kill).",
            ),
        /// Your steps go astray, half of them, for a while.
        Confusion = 4 => row("confusion", Potion, 0, (0, 0), 0, (1, 1), 10)
            .shown(
                POTION_LOOK,
                "For 8 turns half your steps go a random way (into a wall: a stumble, still a turn).",
            ),
        /// Shows the whole level.
        MagicMapping = 5 => row("magic mapping", Scroll, 0, (0, 0), 0, (1, 1), 12)
            .shown(SCROLL_LOOK, "Shows you the whole level and what lies on it."),
        /// Takes you somewhere else on the level, out of sight.
        Teleportation = 6 => row("teleportation", Scroll, 0, (0, 0), 0, (1, 1), 10)
            .shown(
                SCROLL_LOOK,
                "Takes you somewhere you could walk to on the level, out of sight if it can (never into a locked vault).",
            ),
        /// Names every potion and scroll you carry.
        Identify = 7 => row("identify", Scroll, 0, (0, 0), 0, (1, 1), 14)
            .shown(SCROLL_LOOK, "Names every potion and scroll you carry."),
        /// Two more charges for every wand you carry.
        Recharging = 8 => row("recharging", Scroll, 0, (0, 0), 0, (1, 1), 6)
            .shown(SCROLL_LOOK, "Gives every wand you carry two more charges (at most 9)."),
        /// Every monster on the level comes for you.
        Aggravation = 9 => row("aggravation", Scroll, 0, (0, 0), 0, (1, 1), 8)
            .shown(SCROLL_LOOK, "Every monster on the level wakes and comes for you."),
        /// Light and sure.
        Dagger = 10 => row("dagger", Weapon, 10, (0, 1), 0, (1, 1), 10)
            .shown(DAGGER_LOOK, "A light blade: your blows land more often."),
        /// Sure and sharp.
        Sword = 11 => row("sword", Weapon, 5, (1, 3), 0, (1, 1), 8)
            .shown(WEAPON_LOOK, "A good blade: surer and sharper blows."),
        /// Heavy: hits hard, misses more.
        Axe = 12 => row("axe", Weapon, -5, (2, 5), 0, (1, 1), 6)
            .shown(AXE_LOOK, "Heavy: harder blows that miss more often."),
        /// Hits hardest, misses most.
        Mace = 13 => row("mace", Weapon, -10, (3, 7), 0, (1, 1), 4)
            .shown(MACE_LOOK, "The heaviest: the hardest blows, the most misses."),
        /// Takes a little off every hit.
        Leather = 14 => row("leather armour", Armour, 0, (0, 0), 2, (1, 1), 10)
            .shown(ARMOUR_LOOK, "Takes a little off every hit, and costs nothing."),
        /// Takes more off, spoils your aim a little.
        ChainMail = 15 => row("chain mail", Armour, -5, (0, 0), 4, (1, 1), 6)
            .shown(ARMOUR_LOOK, "Takes more off every hit, and spoils your aim a little."),
        /// Takes the most off, spoils your aim most.
        Plate = 16 => row("plate armour", Armour, -15, (0, 0), 6, (1, 1), 3)
            .shown(ARMOUR_LOOK, "Takes the most off every hit, and spoils your aim the most."),
        /// Light, thrown in a handful.
        Dart = 17 => row("dart", Thrown, 5, (2, 4), 0, (4, 8), 10)
            .shown(THROWN_LOOK, "Thrown at a target in sight; picked up again where it lands."),
        /// Heavy, thrown one at a time.
        Javelin = 18 => row("javelin", Thrown, 0, (4, 9), 0, (2, 4), 6)
            .shown(THROWN_LOOK, "Thrown hard at a target in sight; picked up again where it lands."),
        /// A bolt that always hits.
        Striking = 19 => row("striking", Wand, 100, (5, 10), 0, (3, 5), 8)
            .shown(WAND_LOOK, "Its bolt always hits the first monster in its way."),
        /// Puts a monster to sleep.
        Sleep = 20 => row("sleep", Wand, 100, (0, 0), 0, (3, 5), 6)
            .shown(WAND_LOOK, "Its bolt puts the first monster in its way to sleep."),
        /// Takes you to the tile you aim at.
        Blinking = 21 => row("blinking", Wand, 100, (0, 0), 0, (2, 4), 5)
            .shown(WAND_LOOK, "Takes you along its bolt, as far as the way is free."),
        /// Makes a weapon or armour you choose better by one.
        Enchanting = 22 => row("enchanting", Scroll, 0, (0, 0), 0, (1, 1), 16)
            .shown(
                SCROLL_LOOK,
                "Makes a weapon (5% surer, 1 more damage at least and at most) or armour (1 more off every hit) you choose better by one.",
            ),
        /// Fills the stomach.
        Ration = 23 => row("ration", Food, 0, (0, 0), 0, (1, 1), 0)
            .shown(FOOD_LOOK, "Eaten, fills the stomach by 1,800 turns (it holds 2,150)."),
    }
}

/// What a kind of item is like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ItemStats {
    /// Its true name, lower case (`--json`'s `kind`).
    pub name: &'static str,
    /// Its class.
    pub class: Class,
    /// To-hit bonus (weapons, thrown) or penalty (armour), in percent.
    pub to_hit: i32,
    /// Damage: added to your blows (weapons), of a hit (thrown, wand bolts).
    pub damage: (i32, i32),
    /// Armour: up to this much is taken off every hit.
    pub armour: i32,
    /// How many lie together when found (`lo..=hi`): a stack, or a wand's charges.
    pub found: (u8, u8),
    /// How common it is among its class's kinds.
    pub weight: u32,
    /// How it is shown (a potion's colour is the run's: `Lore::potion_rgb`).
    pub look: Look,
    /// What it does, for its description (numbers are the row's).
    pub about: &'static str,
}

#[allow(clippy::too_many_arguments)]
const fn row(
    name: &'static str,
    class: Class,
    to_hit: i32,
    damage: (i32, i32),
    armour: i32,
    found: (u8, u8),
    weight: u32,
) -> ItemStats {
    ItemStats {
        name,
        class,
        to_hit,
        damage,
        armour,
        found,
        weight,
        look: look('?', 0, [255, 255, 255]),
        about: "",
    }
}

impl ItemStats {
    /// The row with its look and words.
    const fn shown(self, look: Look, about: &'static str) -> ItemStats {
        ItemStats { look, about, ..self }
    }
}

use Class::{Armour, Food, Potion, Scroll, Thrown, Wand, Weapon};

/// How each class is shown (its letter as in NetHack, its tile, its tint): every kind of a class
/// looks alike until named, and a potion takes its colour from the run (`Lore::potion_rgb`).
const POTION_LOOK: Look = look('!', 18, [179, 179, 191]);
const SCROLL_LOOK: Look = look('?', 19, [237, 224, 184]);
const WEAPON_LOOK: Look = look(')', 20, [191, 204, 230]);
/// The dagger's, the axe's and the mace's own pictures (the sword's is the class's).
const DAGGER_LOOK: Look = look(')', 30, [191, 204, 230]);
const AXE_LOOK: Look = look(')', 31, [191, 204, 230]);
const MACE_LOOK: Look = look(')', 32, [191, 204, 230]);
const ARMOUR_LOOK: Look = look('[', 21, [191, 204, 230]);
const THROWN_LOOK: Look = look('(', 22, [217, 184, 128]);
const WAND_LOOK: Look = look('/', 23, [191, 140, 242]);
/// A ration: NetHack's `%`, drawn on the tile of its own (44).
const FOOD_LOOK: Look = look('%', 44, [204, 153, 102]);

impl ItemKind {
    /// Its class.
    pub const fn class(self) -> Class {
        self.stats().class
    }

    /// Its true name ("healing", "chain mail").
    pub const fn name(self) -> &'static str {
        self.stats().name
    }

    /// Its bit in a set of kinds (saved: `Lore::known`), by its pinned id.
    pub(crate) const fn bit(self) -> u32 {
        1 << self.id()
    }

    /// The kinds of `class`.
    pub fn of(class: Class) -> impl Iterator<Item = ItemKind> + Clone {
        ItemKind::ALL.into_iter().filter(move |k| k.class() == class)
    }

    /// What it does, for its description (numbers are the table's).
    pub const fn about(self) -> &'static str {
        self.stats().about
    }

    /// Whether several lie in one stack (and take one pack slot).
    pub const fn stacks(self) -> bool {
        matches!(
            self.class(),
            Class::Potion | Class::Scroll | Class::Thrown | Class::Food
        )
    }

    /// A kind of `class` by the kinds' weights.
    pub fn choose(class: Class, rng: &mut GenRng) -> ItemKind {
        let kinds = ItemKind::of(class).map(|k| (k, k.stats().weight));
        rng.pick_weighted(kinds).expect("every class has kinds")
    }
}

/// An item: its kind and how many (a stack's size, a wand's charges left; 1 for weapons and
/// armour).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Item {
    /// What it is.
    pub kind: ItemKind,
    /// How many in the stack, or charges left in a wand.
    pub count: u8,
    /// What enchanting made of it (weapons and armour): +1 a scroll.
    pub plus: i8,
}

impl Item {
    /// One of `kind` (a wand with one charge).
    pub const fn one(kind: ItemKind) -> Self {
        Item {
            kind,
            count: 1,
            plus: 0,
        }
    }

    /// `kind` as found: a stack or a wand's charges rolled on `rng`.
    pub fn found(kind: ItemKind, rng: &mut GenRng) -> Self {
        let (lo, hi) = kind.stats().found;
        let count = if lo == hi {
            lo
        } else {
            rng.range(i32::from(lo), i32::from(hi)) as u8
        };
        Item { kind, count, plus: 0 }
    }
}

/// An item lying on a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FloorItem {
    /// Where it lies.
    pub at: Pos,
    /// What it is.
    pub item: Item,
    /// On an altar of the vault with this number: take one of a vault's altars and the others
    /// are sealed (Brogue's item library).
    pub altar: Option<u8>,
    /// Sealed in its altar's cage: seen, never taken.
    pub sealed: bool,
}

impl FloorItem {
    /// `item` lying loose at `at`.
    pub const fn loose(at: Pos, item: Item) -> Self {
        FloorItem {
            at,
            item,
            altar: None,
            sealed: false,
        }
    }
}

/// Potion colours to shuffle, each with how it is drawn: a run uses the first five of its order.
const COLOURS: [(&str, [u8; 3]); 9] = [
    ("crimson", [230, 51, 64]),
    ("azure", [77, 140, 255]),
    ("amber", [255, 179, 51]),
    ("violet", [179, 102, 255]),
    ("murky", [115, 128, 77]),
    ("golden", [255, 224, 77]),
    ("pink", [255, 140, 191]),
    ("jade", [77, 217, 140]),
    ("smoky", [150, 150, 165]),
];
/// Syllables scroll titles are made of.
const SYLLABLES: [&str; 16] = [
    "ka", "zot", "mel", "ur", "nix", "bre", "lom", "vas", "tor", "ith", "qua", "sel", "dro", "fen", "yar", "ob",
];

/// What the player knows of the kinds of item in one run: how unknown potions and scrolls look
/// (shuffled from `seed`) and which kinds have been named.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Lore {
    /// What the looks are shuffled from (the run seed).
    pub seed: u64,
    /// The kinds named so far, one bit each (`ItemKind::bit`: by the kind's pinned id).
    pub known: u32,
}

/// Salt that keeps the looks apart from every other stream of the run seed.
const LOOKS_SALT: u64 = 0x6c6f_6f6b_735f_7273; // "looks_rs"

impl Lore {
    /// Nothing known yet, looks shuffled from `seed`.
    pub const fn new(seed: u64) -> Self {
        Lore { seed, known: 0 }
    }

    /// Whether `kind` is known by name (weapons, armour, thrown things and wands always are).
    pub const fn knows(&self, kind: ItemKind) -> bool {
        !kind.class().is_hidden() || self.known & kind.bit() != 0
    }

    /// Names `kind` from now on. Returns whether it was unknown.
    pub fn learn(&mut self, kind: ItemKind) -> bool {
        let new = !self.knows(kind);
        self.known |= kind.bit();
        new
    }

    /// The colours in this run's order (the first five are the potions', in kind order), and
    /// the stream after the shuffle (the scrolls' titles come from it).
    fn colours(&self) -> ([(&'static str, [u8; 3]); 9], GenRng) {
        let mut rng = GenRng::new(self.seed ^ LOOKS_SALT);
        let mut colours = COLOURS;
        for i in (1..colours.len()).rev() {
            colours.swap(i, rng.below(i as u32 + 1) as usize);
        }
        (colours, rng)
    }

    /// The colour of potion `kind` in this run ("crimson"); `None` for other classes.
    pub fn potion_colour(&self, kind: ItemKind) -> Option<&'static str> {
        let index = ItemKind::of(Class::Potion).position(|k| k == kind)?;
        Some(self.colours().0[index].0)
    }

    /// How potion `kind` is drawn in this run (its colour's); `None` for other classes.
    pub fn potion_rgb(&self, kind: ItemKind) -> Option<[u8; 3]> {
        let index = ItemKind::of(Class::Potion).position(|k| k == kind)?;
        Some(self.colours().0[index].1)
    }

    /// How an unknown `kind` looks: "crimson potion", "scroll titled \"KA ZOT\"".
    pub fn look(&self, kind: ItemKind) -> String {
        let (colours, mut rng) = self.colours();
        let index = ItemKind::of(kind.class()).position(|k| k == kind).unwrap_or(0);
        match kind.class() {
            Class::Potion => format!("{} potion", colours[index].0),
            Class::Scroll => {
                // Titles in kind order after the colours, each unlike those before it.
                let mut titles: Vec<String> = Vec::new();
                while titles.len() <= index {
                    let words: Vec<String> = (0..2)
                        .map(|_| {
                            (0..1 + rng.below(2))
                                .map(|_| SYLLABLES[rng.below(SYLLABLES.len() as u32) as usize])
                                .collect()
                        })
                        .collect();
                    let title = words.join(" ").to_uppercase();
                    if !titles.contains(&title) {
                        titles.push(title);
                    }
                }
                format!("scroll titled \"{}\"", titles[index])
            }
            _ => kind.name().to_owned(),
        }
    }

    /// What the player calls one `kind`: its true name once known, else its look.
    pub fn name(&self, kind: ItemKind) -> String {
        if !self.knows(kind) {
            return self.look(kind);
        }
        match kind.class() {
            Class::Potion => format!("potion of {}", kind.name()),
            Class::Scroll => format!("scroll of {}", kind.name()),
            Class::Wand => format!("wand of {}", kind.name()),
            _ => kind.name().to_owned(),
        }
    }

    /// What the player calls `item`: "3 darts", "a crimson potion", "wand of sleep (2)".
    pub fn describe(&self, item: Item) -> String {
        let name = self.name(item.kind);
        let name = match item.plus {
            0 => name,
            p if p > 0 => format!("+{p} {name}"),
            p => format!("{p} {name}"),
        };
        match item.kind.class() {
            Class::Wand => format!("a {name} ({})", item.count),
            _ if item.count > 1 => format!("{} {}", item.count, plural(&name)),
            // Armour is worn, not counted: "leather armour", "chain mail", as Brogue says it.
            Class::Armour => name,
            _ => format!("{} {name}", article(&name)),
        }
    }
}

/// `text` with its first letter a capital ("Plate armour lies caged...").
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// "an" before a vowel, else "a".
pub fn article(name: &str) -> &'static str {
    if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

/// The plural of an item's name: "potions of healing", "darts", "crimson potions".
fn plural(name: &str) -> String {
    for head in ["potion", "scroll"] {
        if let Some(rest) = name.strip_prefix(head) {
            return format!("{head}s{rest}");
        }
        if let Some(i) = name.find(&format!(" {head}")) {
            let (a, b) = name.split_at(i + 1 + head.len());
            return format!("{a}s{b}");
        }
    }
    format!("{name}s")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn armour_is_worn_not_counted_and_vowels_take_an() {
        let lore = Lore::new(1);
        assert_eq!(lore.describe(Item::one(ItemKind::Leather)), "leather armour");
        assert_eq!(lore.describe(Item::one(ItemKind::ChainMail)), "chain mail");
        assert_eq!(lore.describe(Item::one(ItemKind::Axe)), "an axe");
        assert_eq!(lore.describe(Item::one(ItemKind::Sword)), "a sword");
        assert_eq!(capitalised("an orc"), "An orc");
        assert_eq!(capitalised(""), "");
    }

    #[test]
    fn looks_differ_by_run_and_name_once_known() {
        let a = Lore::new(1);
        let looks: Vec<String> = ItemKind::ALL.iter().map(|&k| a.look(k)).collect();
        let hidden: Vec<&String> = ItemKind::ALL
            .iter()
            .zip(&looks)
            .filter(|(k, _)| k.class().is_hidden())
            .map(|(_, l)| l)
            .collect();
        let mut unique = hidden.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), hidden.len(), "two kinds look alike: {hidden:?}");
        let runs: Vec<String> = (0..20).map(|s| Lore::new(s).look(ItemKind::Healing)).collect();
        assert!(
            runs.iter().any(|l| l != &runs[0]),
            "healing looks the same in every run"
        );
        let mut lore = a;
        assert_eq!(lore.name(ItemKind::Dart), "dart");
        assert!(lore.name(ItemKind::Healing).ends_with(" potion"));
        assert!(lore.learn(ItemKind::Healing));
        assert!(!lore.learn(ItemKind::Healing));
        assert_eq!(lore.name(ItemKind::Healing), "potion of healing");
        assert_eq!(
            lore.describe(Item {
                kind: ItemKind::Healing,
                count: 2,
                plus: 0,
            }),
            "2 potions of healing"
        );
        assert_eq!(
            lore.describe(Item {
                kind: ItemKind::Dart,
                count: 5,
                plus: 0,
            }),
            "5 darts"
        );
        assert_eq!(lore.describe(Item::one(ItemKind::Axe)), "an axe");
        assert_eq!(
            lore.describe(Item {
                kind: ItemKind::Sleep,
                count: 3,
                plus: 0,
            }),
            "a wand of sleep (3)"
        );
    }

    #[test]
    fn the_table_has_every_class_and_twenty_kinds() {
        assert!(ItemKind::ALL.len() >= 20);
        for (i, k) in ItemKind::ALL.iter().enumerate() {
            assert_eq!(*k as usize, i);
        }
        for class in Class::ALL.into_iter().filter(|&c| c != Class::Food) {
            assert!(ItemKind::of(class).count() >= 2, "{class:?}");
        }
        let mut rng = GenRng::new(3);
        for _ in 0..100 {
            let item = Item::found(ItemKind::Dart, &mut rng);
            assert!((4..=8).contains(&item.count));
        }
    }
}

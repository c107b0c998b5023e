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
    /// Worn on a finger (two at most): a plus from -3 to +3 works all the time; a negative ring
    /// is cursed and will not come off.
    Ring,
    /// Zapped at a target (or used, for conjuration), a charge at a time; charges come back
    /// with time, as many as its level.
    Staff,
    /// Used at will, then recharging for a while.
    Charm,
}

impl Class {
    /// Every class, in `--json`'s order.
    pub const ALL: [Class; 10] = [
        Class::Potion,
        Class::Scroll,
        Class::Weapon,
        Class::Armour,
        Class::Thrown,
        Class::Wand,
        Class::Food,
        Class::Ring,
        Class::Staff,
        Class::Charm,
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
            Class::Ring => "ring",
            Class::Staff => "staff",
            Class::Charm => "charm",
        }
    }

    /// Whether kinds of this class look alike until known (potions, scrolls, rings and staffs).
    pub const fn is_hidden(self) -> bool {
        matches!(self, Class::Potion | Class::Scroll | Class::Ring | Class::Staff)
    }

    /// Whether what is of this class is worn or wielded (weapons, armour, rings).
    pub const fn is_worn(self) -> bool {
        matches!(self, Class::Weapon | Class::Armour | Class::Ring)
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
            )
            .bad(),
        /// Your steps go astray, half of them, for a while.
        Confusion = 4 => row("confusion", Potion, 0, (0, 0), 0, (1, 1), 10)
            .shown(
                POTION_LOOK,
                "For 8 turns half your steps go a random way (into a wall: a stumble, still a turn).",
            )
            .bad(),
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
            .shown(
                SCROLL_LOOK,
                "Names every potion, scroll, ring and staff you carry, and tells every ring's plus.",
            ),
        /// Two more charges for every wand you carry.
        Recharging = 8 => row("recharging", Scroll, 0, (0, 0), 0, (1, 1), 6)
            .shown(
                SCROLL_LOOK,
                "Gives every wand you carry two more charges (at most 9), and fills every staff.",
            ),
        /// Every monster on the level comes for you.
        Aggravation = 9 => row("aggravation", Scroll, 0, (0, 0), 0, (1, 1), 8)
            .shown(SCROLL_LOOK, "Every monster on the level wakes and comes for you.")
            .bad(),
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
            .shown(
                ARMOUR_LOOK,
                "Takes more off every hit, spoils your aim a little, and clanks: everything you do is 1 louder; a turn more to put on.",
            ),
        /// Takes the most off, spoils your aim most.
        Plate = 16 => row("plate armour", Armour, -15, (0, 0), 6, (1, 1), 3)
            .shown(
                ARMOUR_LOOK,
                "Takes the most off every hit, spoils your aim the most, and is loud: everything you do is 2 louder; 4 turns more to put on.",
            ),
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
        /// Wounds close faster (slower, cursed).
        Regeneration = 24 => row("regeneration", Ring, 0, (0, 0), 0, (1, 3), 10)
            .shown(RING_LOOK, "Your wounds close faster: a hit point every 6 turns becomes every 6x3/(3+plus) (a cursed ring: slower)."),
        /// Quieter (louder, cursed).
        Stealth = 25 => row("stealth", Ring, 0, (0, 0), 0, (1, 3), 10)
            .shown(RING_LOOK, "Everything you do is quieter by its plus in steps of noise, never silent (a cursed ring: louder by twice as much)."),
        /// Hidden things noticed sooner (later, cursed).
        Awareness = 26 => row("awareness", Ring, 0, (0, 0), 0, (1, 3), 8)
            .shown(RING_LOOK, "You notice secret doors and hidden traps beside you 1+plus times as often (a cursed ring: that many times as seldom)."),
        /// Staffs and charms recharge faster (slower, cursed).
        Wisdom = 27 => row("wisdom", Ring, 0, (0, 0), 0, (1, 3), 7)
            .shown(RING_LOOK, "Your staffs and charms recharge (4+plus)/4 times as fast (a cursed ring: slower)."),
        /// Blows landed recharge staffs (drain them, cursed).
        Reaping = 28 => row("reaping", Ring, 0, (0, 0), 0, (1, 3), 6)
            .shown(RING_LOOK, "Every blow you land brings your staffs' next charges nearer by its damage times the plus, in turns (a cursed ring: farther)."),
        /// A bolt of fire.
        Firebolt = 29 => row("firebolt", Staff, 100, (2, 7), 0, (2, 3), 10)
            .shown(STAFF_LOOK, "Its bolt burns the first monster in its way (2-7, and 2 more at each end a level over 2) and sets it and the grass it passes alight."),
        /// Lightning through every foe in a line.
        Lightning = 30 => row("lightning", Staff, 100, (2, 6), 0, (2, 3), 9)
            .shown(STAFF_LOOK, "Its lightning passes through every monster along the line to the wall (2-6 each, and 2 more at each end a level over 2)."),
        /// Saps a monster's speed.
        Slowness = 31 => row("slowness", Staff, 100, (0, 0), 0, (2, 3), 7)
            .shown(STAFF_LOOK, "Its bolt saps the first monster in its way: it loses 2 turns and 2 more a level."),
        /// Digs through walls.
        Tunnelling = 32 => row("tunnelling", Staff, 100, (0, 0), 0, (2, 3), 5)
            .shown(STAFF_LOOK, "Its bolt bores through rock along its way: 3 tiles of wall a level (never the level's edge, never a door)."),
        /// Spectral blades at your side.
        Conjuration = 33 => row("conjuration", Staff, 100, (0, 0), 0, (2, 3), 7)
            .shown(STAFF_LOOK, "Used, spectral blades stand beside you and fight for you until they fade: one a level, and one more."),
        /// Heals at will.
        HealthCharm = 34 => row("health", Charm, 0, (0, 0), 0, (1, 1), 6)
            .shown(CHARM_LOOK, "Heals 10 hit points and 5 more a level, and cures poison and confusion; then recharges (900 turns, less a level)."),
        /// Haste at will.
        HasteCharm = 35 => row("haste", Charm, 0, (0, 0), 0, (1, 1), 5)
            .shown(CHARM_LOOK, "Hastes you for 6 turns and 3 more a level; then recharges (900 turns, less a level)."),
        /// Away at will.
        EscapeCharm = 36 => row("escape", Charm, 0, (0, 0), 0, (1, 1), 4)
            .shown(CHARM_LOOK, "Takes you somewhere out of sight on the level, as a scroll of teleportation does; then recharges (1,200 turns, less a level)."),
        /// Lifts curses.
        RemoveCurse = 37 => row("remove curse", Scroll, 0, (0, 0), 0, (1, 1), 8)
            .shown(SCROLL_LOOK, "Lifts the curse of everything you carry: what was enchanted below nothing comes to +0, and a cursed ring comes off."),
        /// Tells good from bad.
        DetectMagic = 38 => row("detect magic", Potion, 0, (0, 0), 0, (1, 1), 10)
            .shown(POTION_LOOK, "You sense which unknown kinds you carry or see lying on the level are benevolent and which malevolent, and read every ring's plus."),
        /// Float over chasms, water and lava.
        Levitation = 39 => row("levitation", Potion, 0, (0, 0), 0, (1, 1), 8)
            .shown(POTION_LOOK, "For 30 turns you float: over chasms, deep water and lava, and over traps (nothing is picked up meanwhile)."),
        /// See every monster on the level.
        Telepathy = 40 => row("telepathy", Potion, 0, (0, 0), 0, (1, 1), 8)
            .shown(POTION_LOOK, "For 60 turns you sense every monster on the level, through walls."),
        /// Sink through the floor.
        Descent = 41 => row("descent", Potion, 0, (0, 0), 0, (1, 1), 7)
            .shown(POTION_LOOK, "You sink through the floor to the level below, unhurt (on the deepest level, nothing is below)."),
        /// Fire and lava do not burn.
        FireImmunity = 42 => row("fire immunity", Potion, 0, (0, 0), 0, (1, 1), 6)
            .shown(POTION_LOOK, "For 40 turns fire does not burn you, and you wade lava unhurt."),
        /// Flames, drunk or thrown.
        Incineration = 43 => row("incineration", Potion, 0, (0, 0), 0, (1, 1), 10)
            .shown(POTION_LOOK, "Bursts into flame where it breaks: drunk, on you; thrown, where it lands (and the grass round it).")
            .bad(),
        /// Stillness, drunk or thrown.
        Paralysis = 44 => row("paralysis", Potion, 0, (0, 0), 0, (1, 1), 8)
            .shown(POTION_LOOK, "Drunk, you cannot move for 10 turns while the monsters act; thrown, every monster within 2 tiles of where it breaks loses 10 turns.")
            .bad(),
        /// Poison gas, drunk or thrown.
        Caustic = 45 => row("caustic gas", Potion, 0, (0, 0), 0, (1, 1), 9)
            .shown(POTION_LOOK, "A cloud of poison gas billows out where it breaks: drunk, round you; thrown, where it lands.")
            .bad(),
        /// Monsters out of nowhere.
        Summoning = 46 => row("summon monsters", Scroll, 0, (0, 0), 0, (1, 1), 7)
            .shown(SCROLL_LOOK, "Two or three monsters of the level's depth appear beside you, hunting you.")
            .bad(),
        /// Walls to crystal.
        Shattering = 47 => row("shattering", Scroll, 0, (0, 0), 0, (1, 1), 5)
            .shown(SCROLL_LOOK, "The walls within 4 tiles of you turn to crystal: still solid, but seen through (never the level's edge)."),
        /// Armour acid cannot eat.
        ProtectArmour = 48 => row("protect armour", Scroll, 0, (0, 0), 0, (1, 1), 6)
            .shown(SCROLL_LOOK, "Coats the armour you wear: acid never eats it again."),
        /// Reaches the foe behind.
        Spear = 49 => row("spear", Weapon, -5, (0, 2), 0, (1, 1), 6)
            .shown(SPEAR_LOOK, "Its thrust goes through: every blow strikes the foe behind the one you attack, too."),
        /// Sweeps every foe round you.
        WarAxe = 50 => row("war axe", Weapon, -10, (0, 3), 0, (1, 1), 5)
            .shown(WAR_AXE_LOOK, "Its sweep strikes every foe beside you with each blow."),
        /// Lunges across a gap; parries badly.
        Rapier = 51 => row("rapier", Weapon, 5, (0, 2), 0, (1, 1), 5)
            .shown(RAPIER_LOOK, "Step toward a foe two tiles away in a line, over a free tile, and you lunge: a blow that never misses for treble damage. It parries badly: your armour takes 2 less off every hit."),
        /// Slow, crushing blows.
        Hammer = 52 => row("war hammer", Weapon, -5, (5, 11), 0, (1, 1), 4)
            .shown(HAMMER_LOOK, "Crushing and slow: each blow takes two turns."),
        /// Your own light reaches farther (nearer, cursed).
        Light = 53 => row("light", Ring, 0, (0, 0), 0, (1, 3), 8)
            .shown(RING_LOOK, "Your own light reaches as many tiles farther as its plus, and is brighter at every distance: in the dark deep you see monsters that much farther off (a cursed ring: nearer). Monsters notice you no sooner."),
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
    /// Whether it harms whoever uses it (poison, confusion, aggravation): what detection tells.
    pub malevolent: bool,
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
        malevolent: false,
    }
}

impl ItemStats {
    /// The row with its look and words.
    const fn shown(self, look: Look, about: &'static str) -> ItemStats {
        ItemStats { look, about, ..self }
    }

    /// The row of a malevolent kind.
    const fn bad(self) -> ItemStats {
        ItemStats {
            malevolent: true,
            ..self
        }
    }
}

use Class::{Armour, Charm, Food, Potion, Ring, Scroll, Staff, Thrown, Wand, Weapon};

/// How each class is shown (its letter as in NetHack, its tile, its tint): every kind of a class
/// looks alike until named, and a potion takes its colour from the run (`Lore::potion_rgb`).
const POTION_LOOK: Look = look('!', 18, [179, 179, 191]);
const SCROLL_LOOK: Look = look('?', 19, [237, 224, 184]);
const WEAPON_LOOK: Look = look(')', 20, [191, 204, 230]);
/// The dagger's, the axe's and the mace's own pictures (the sword's is the class's).
const DAGGER_LOOK: Look = look(')', 30, [191, 204, 230]);
const AXE_LOOK: Look = look(')', 31, [191, 204, 230]);
const MACE_LOOK: Look = look(')', 32, [191, 204, 230]);
/// The spear's, the war axe's, the rapier's and the war hammer's.
const SPEAR_LOOK: Look = look(')', 63, [191, 204, 230]);
const WAR_AXE_LOOK: Look = look(')', 64, [191, 204, 230]);
const RAPIER_LOOK: Look = look(')', 65, [191, 204, 230]);
const HAMMER_LOOK: Look = look(')', 66, [191, 204, 230]);
const ARMOUR_LOOK: Look = look('[', 21, [191, 204, 230]);
const THROWN_LOOK: Look = look('(', 22, [217, 184, 128]);
const WAND_LOOK: Look = look('/', 23, [191, 140, 242]);
/// A ration: NetHack's `%`, drawn on the tile of its own (44).
const FOOD_LOOK: Look = look('%', 44, [204, 153, 102]);
/// A ring (`=`, as in NetHack and Brogue), a staff (`/` in gold, a wand's letter in its own tint)
/// and a charm (`"`), each on a tile of its own.
const RING_LOOK: Look = look('=', 60, [242, 204, 102]);
const STAFF_LOOK: Look = look('/', 61, [230, 166, 77]);
const CHARM_LOOK: Look = look('"', 62, [128, 230, 217]);

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
    pub(crate) const fn bit(self) -> u64 {
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

    /// Whether it is used a charge at a time (wands, staffs, charms): none left, it stays.
    pub const fn has_charges(self) -> bool {
        matches!(self.class(), Class::Wand | Class::Staff | Class::Charm)
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

/// An item: its kind and how many (a stack's size, a wand's or staff's charges left; 1 for
/// weapons, armour and rings; a charm: 1 ready, 0 recharging), its plus, and what time does to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Item {
    /// What it is.
    pub kind: ItemKind,
    /// How many in the stack, or charges left in a wand or a staff; a charm: 1 when ready.
    pub count: u8,
    /// What enchanting made of it (weapons and armour), a ring's plus (-3 to +3 when found; below
    /// nothing, cursed), a staff's or a charm's level.
    pub plus: i8,
    /// What time does to it, by class (`Item::ticks`): a staff's or charm's wait for its next
    /// charge in quarter turns (`QUARTERS`: a ring of wisdom makes the turns count for more), a
    /// ring's turns still to be worn before its plus is known (0: known).
    pub wait: u16,
}

/// Quarter turns in a turn: a staff's or a charm's wait counts down `QUARTERS` a turn (and one
/// more a plus of a ring of wisdom).
pub const QUARTERS: u16 = 4;
/// Turns a ring is worn before its plus is known (Brogue reads a ring over time).
pub const RING_KNOWN_AFTER: u16 = 200;
/// The most a ring is found below nothing (a ring's plus is from -3 to +3 when found).
pub const MOST_RING_CURSE: i8 = 3;
/// The chance of a ring found being cursed (a negative plus), in percent.
pub const CURSED_PERCENT: u32 = 30;
/// The turns a staff of level 1 takes for a charge; a level `n` one takes `STAFF_TURNS / n`.
pub const STAFF_TURNS: u16 = 500;

impl Item {
    /// One of `kind` (a wand with one charge; a ring of +1, known; a staff or charm of level 1,
    /// charged).
    pub const fn one(kind: ItemKind) -> Self {
        let plus = match kind.class() {
            Class::Ring | Class::Staff | Class::Charm => 1,
            _ => 0,
        };
        Item {
            kind,
            count: 1,
            plus,
            wait: 0,
        }
    }

    /// `kind` as found: a stack or a wand's charges rolled on `rng`; a ring's plus (cursed one
    /// time in `CURSED_PERCENT`), unknown; a staff's level (its charges, all there).
    pub fn found(kind: ItemKind, rng: &mut GenRng) -> Self {
        let (lo, hi) = kind.stats().found;
        let count = if lo == hi {
            lo
        } else {
            rng.range(i32::from(lo), i32::from(hi)) as u8
        };
        match kind.class() {
            Class::Ring => {
                let size = count as i8;
                let plus = if rng.percent(CURSED_PERCENT) { -size } else { size };
                Item {
                    kind,
                    count: 1,
                    plus,
                    wait: RING_KNOWN_AFTER,
                }
            }
            Class::Staff | Class::Charm => Item {
                kind,
                count,
                plus: count as i8,
                wait: 0,
            },
            _ => Item {
                kind,
                count,
                plus: 0,
                wait: 0,
            },
        }
    }

    /// Whether it is cursed: a ring below nothing, which will not come off.
    pub const fn is_cursed(self) -> bool {
        matches!(self.kind.class(), Class::Ring) && self.plus < 0
    }

    /// Whether it harms: a malevolent kind, or a ring below nothing.
    pub const fn is_malevolent(self) -> bool {
        self.kind.stats().malevolent || self.is_cursed()
    }

    /// A staff's charges at most (its level), or a charm's (one).
    pub const fn most_charges(self) -> u8 {
        match self.kind.class() {
            Class::Staff if self.plus > 0 => self.plus as u8,
            Class::Staff => 0,
            Class::Charm => 1,
            _ => 0,
        }
    }

    /// Whether a ring's plus is known (worn long enough, read or detected); other things' always.
    pub const fn plus_known(self) -> bool {
        !matches!(self.kind.class(), Class::Ring) || self.wait == 0
    }

    /// The wait for its next charge, in quarter turns: a staff of level `n` `STAFF_TURNS / n`
    /// turns; a charm its kind's (`charm_turns`).
    pub const fn recharge_quarters(self) -> u16 {
        let level = if self.plus > 1 { self.plus as u16 } else { 1 };
        match self.kind.class() {
            Class::Staff => STAFF_TURNS / level * QUARTERS,
            Class::Charm => charm_turns(self.kind, level) * QUARTERS,
            _ => 0,
        }
    }

    /// Whether time does anything to it now: a staff short of charges, a charm recharging (a
    /// ring's wearing is the pack's to tell: `Pack::ticking`).
    pub const fn recharging(self) -> bool {
        match self.kind.class() {
            Class::Staff | Class::Charm => self.count < self.most_charges(),
            _ => false,
        }
    }
}

/// The turns a charm of `kind` at `level` takes to recharge: its kind's at level 1, a fifth less
/// at each level more (at least a fifth of it).
pub const fn charm_turns(kind: ItemKind, level: u16) -> u16 {
    let base: u16 = match kind {
        ItemKind::EscapeCharm => 1_200,
        _ => 900,
    };
    let less = if level > 5 { 4 } else { level - 1 };
    base - base / 5 * less
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

/// Potion colours to shuffle, each with how it is drawn: a run uses the first thirteen of its
/// order.
const COLOURS: [(&str, [u8; 3]); 15] = [
    ("crimson", [230, 51, 64]),
    ("azure", [77, 140, 255]),
    ("amber", [255, 179, 51]),
    ("violet", [179, 102, 255]),
    ("murky", [115, 128, 77]),
    ("golden", [255, 224, 77]),
    ("pink", [255, 140, 191]),
    ("jade", [77, 217, 140]),
    ("smoky", [150, 150, 165]),
    ("turquoise", [64, 224, 208]),
    ("orange", [255, 150, 40]),
    ("black", [70, 66, 80]),
    ("white", [240, 240, 245]),
    ("lavender", [200, 170, 255]),
    ("brown", [150, 100, 60]),
];
/// Syllables scroll titles are made of.
const SYLLABLES: [&str; 16] = [
    "ka", "zot", "mel", "ur", "nix", "bre", "lom", "vas", "tor", "ith", "qua", "sel", "dro", "fen", "yar", "ob",
];
/// A look's word and the colour it is drawn in.
type Shade = (&'static str, [u8; 3]);

/// What unknown rings are set with, each drawn in its colour.
const GEMS: [Shade; 8] = [
    ("garnet", [200, 40, 60]),
    ("sapphire", [60, 90, 230]),
    ("topaz", [240, 190, 60]),
    ("emerald", [40, 200, 110]),
    ("amethyst", [170, 90, 220]),
    ("opal", [225, 225, 240]),
    ("onyx", [90, 90, 100]),
    ("ruby", [240, 60, 90]),
];
/// What unknown staffs are cut from, each drawn in its colour.
const WOODS: [Shade; 8] = [
    ("oak", [170, 120, 60]),
    ("ebony", [90, 70, 70]),
    ("willow", [190, 200, 120]),
    ("yew", [200, 110, 70]),
    ("birch", [230, 220, 200]),
    ("ash", [180, 170, 150]),
    ("cedar", [200, 90, 60]),
    ("thorn", [130, 150, 90]),
];

/// What the player knows of the kinds of item in one run: how unknown potions, scrolls, rings
/// and staffs look (shuffled from `seed`), which kinds have been named, and which have been
/// sensed good or bad.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Lore {
    /// What the looks are shuffled from (the run seed).
    pub seed: u64,
    /// The kinds named so far, one bit each (`ItemKind::bit`: by the kind's pinned id).
    pub known: u64,
    /// The kinds sensed (detect magic): whether each is benevolent or malevolent is known even
    /// unnamed. One bit each, as `known`.
    pub felt: u64,
}

/// Salt that keeps the looks apart from every other stream of the run seed.
const LOOKS_SALT: u64 = 0x6c6f_6f6b_735f_7273; // "looks_rs"
/// Salt of the rings' and staffs' looks (their own stream: the potions' and scrolls' stay).
const GEMS_SALT: u64 = 0x6c6f_6f6b_735f_676d; // "looks_gm"

impl Lore {
    /// Nothing known yet, looks shuffled from `seed`.
    pub const fn new(seed: u64) -> Self {
        Lore {
            seed,
            known: 0,
            felt: 0,
        }
    }

    /// Whether `kind` is known by name (weapons, armour, thrown things, wands, charms and food
    /// always are).
    pub const fn knows(&self, kind: ItemKind) -> bool {
        !kind.class().is_hidden() || self.known & kind.bit() != 0
    }

    /// Whether `kind`'s nature (benevolent or malevolent) is known: named or sensed.
    pub const fn senses(&self, kind: ItemKind) -> bool {
        self.knows(kind) || self.felt & kind.bit() != 0
    }

    /// Names `kind` from now on. Returns whether it was unknown.
    pub fn learn(&mut self, kind: ItemKind) -> bool {
        let new = !self.knows(kind);
        self.known |= kind.bit();
        new
    }

    /// Senses `kind`'s nature from now on. Returns whether it was not known.
    pub fn sense(&mut self, kind: ItemKind) -> bool {
        let new = !self.senses(kind);
        self.felt |= kind.bit();
        new
    }

    /// The colours in this run's order (the first are the potions', in kind order), and the
    /// stream after the shuffle (the scrolls' titles come from it).
    fn colours(&self) -> ([Shade; 15], GenRng) {
        let mut rng = GenRng::new(self.seed ^ LOOKS_SALT);
        let mut colours = COLOURS;
        shuffle(&mut colours, &mut rng);
        (colours, rng)
    }

    /// The gems and woods in this run's order (the rings' and the staffs', in kind order).
    fn gems(&self) -> ([Shade; 8], [Shade; 8]) {
        let mut rng = GenRng::new(self.seed ^ GEMS_SALT);
        let (mut gems, mut woods) = (GEMS, WOODS);
        shuffle(&mut gems, &mut rng);
        shuffle(&mut woods, &mut rng);
        (gems, woods)
    }

    /// The colour of potion `kind` in this run ("crimson"); `None` for other classes.
    pub fn potion_colour(&self, kind: ItemKind) -> Option<&'static str> {
        let index = ItemKind::of(Class::Potion).position(|k| k == kind)?;
        Some(self.colours().0[index].0)
    }

    /// How `kind` is drawn in this run when its class takes its tint from the run (a potion's
    /// colour, a ring's gem, a staff's wood); `None` for other classes.
    pub fn potion_rgb(&self, kind: ItemKind) -> Option<[u8; 3]> {
        let index = ItemKind::of(kind.class()).position(|k| k == kind)?;
        match kind.class() {
            Class::Potion => Some(self.colours().0[index].1),
            Class::Ring => Some(self.gems().0[index].1),
            Class::Staff => Some(self.gems().1[index].1),
            _ => None,
        }
    }

    /// How an unknown `kind` looks: "crimson potion", "scroll titled \"KA ZOT\"", "garnet ring",
    /// "oak staff".
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
            Class::Ring => format!("{} ring", self.gems().0[index].0),
            Class::Staff => format!("{} staff", self.gems().1[index].0),
            _ => kind.name().to_owned(),
        }
    }

    /// What the player calls one `kind`: its true name once known, else its look (and, sensed,
    /// whether it is good or bad).
    pub fn name(&self, kind: ItemKind) -> String {
        if !self.knows(kind) {
            let look = self.look(kind);
            return match (self.senses(kind), kind.stats().malevolent) {
                (false, _) => look,
                (true, true) => format!("{look} (malevolent)"),
                (true, false) => format!("{look} (benevolent)"),
            };
        }
        match kind.class() {
            Class::Potion => format!("potion of {}", kind.name()),
            Class::Scroll => format!("scroll of {}", kind.name()),
            Class::Wand => format!("wand of {}", kind.name()),
            Class::Ring => format!("ring of {}", kind.name()),
            Class::Staff => format!("staff of {}", kind.name()),
            Class::Charm => format!("charm of {}", kind.name()),
            _ => kind.name().to_owned(),
        }
    }

    /// What the player calls `item`: "3 darts", "a crimson potion", "wand of sleep (2)", "a +2
    /// ring of stealth", "a staff of firebolt [2/3]", "a charm of health (ready)".
    pub fn describe(&self, item: Item) -> String {
        let name = self.name(item.kind);
        let shown_plus = match item.kind.class() {
            // A staff's and a charm's level is told as charges and in its words, not as a plus.
            Class::Staff | Class::Charm => 0,
            _ if !item.plus_known() => 0,
            _ => item.plus,
        };
        let name = match shown_plus {
            0 => name,
            p if p > 0 => format!("+{p} {name}"),
            p => format!("{p} {name}"),
        };
        match item.kind.class() {
            Class::Wand => format!("a {name} ({})", item.count),
            Class::Staff if self.knows(item.kind) => {
                format!("{} {name} [{}/{}]", article(&name), item.count, item.most_charges())
            }
            // Unknown, a staff's charges are not told (its count is charges, not a stack).
            Class::Staff => format!("{} {name}", article(&name)),
            Class::Charm if item.count > 0 => format!("a {name} (level {}, ready)", item.plus),
            Class::Charm => format!(
                "a {name} (level {}, ready in {})",
                item.plus,
                item.wait.div_ceil(QUARTERS)
            ),
            _ if item.count > 1 => format!("{} {}", item.count, plural(&name)),
            // Armour is worn, not counted: "leather armour", "chain mail", as Brogue says it.
            Class::Armour => name,
            _ => format!("{} {name}", article(&name)),
        }
    }
}

/// Shuffles `items` on `rng` (Fisher-Yates, from the end).
fn shuffle<T>(items: &mut [T], rng: &mut GenRng) {
    for i in (1..items.len()).rev() {
        items.swap(i, rng.below(i as u32 + 1) as usize);
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
        let staff = Item {
            kind: ItemKind::Firebolt,
            count: 3,
            plus: 3,
            wait: 0,
        };
        let unknown = lore.describe(staff);
        assert!(
            unknown.starts_with("a") && unknown.ends_with(" staff"),
            "one staff, not three: {unknown}"
        );
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
                wait: 0,
            }),
            "2 potions of healing"
        );
        assert_eq!(
            lore.describe(Item {
                kind: ItemKind::Dart,
                count: 5,
                plus: 0,
                wait: 0,
            }),
            "5 darts"
        );
        assert_eq!(lore.describe(Item::one(ItemKind::Axe)), "an axe");
        assert_eq!(
            lore.describe(Item {
                kind: ItemKind::Sleep,
                count: 3,
                plus: 0,
                wait: 0,
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

//! The player as plain data: where it stands, its health, the keys, relic and pack it carries,
//! the states it is in, what it knows of items and remembers of every level; and how it fights.

use crate::fov::Memory;
use crate::geom::Pos;

use super::growth::{
    BRUTE_DAMAGE, Boon, DEADEYE_TO_HIT, Growth, IRONSKIN, MARKSMAN, MIGHT_DAMAGE, PRECISION_TO_HIT, THROWER,
};
use super::item::{Item, ItemKind, Lore};
use super::pack::{Pack, Status};

/// The player's health at the start of a run.
pub const PLAYER_MAX_HP: i32 = 30;

/// How an actor fights: its chance to hit (percent) and the damage of a hit (`lo..=hi`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attack {
    /// Chance to hit, in percent.
    pub to_hit: u32,
    /// Damage of a hit, `lo..=hi`.
    pub damage: (i32, i32),
}

/// How the player fights bare-handed before any boon: 80 % to hit, 2–6 damage. What it grows
/// by is its own choice (`Boon`: might, precision), not the kills themselves.
pub const PLAYER_ATTACK: Attack = Attack {
    to_hit: 80,
    damage: (2, 6),
};

/// The stomach: how many turns of food it holds at most, and at the start of a run.
pub const STOMACH: u32 = 2_150;
/// The stomach at the start of a run (and of a run saved before food was counted).
pub const STOMACH_START: u32 = 1_800;
/// What eating a ration gives.
pub const RATION: u32 = 1_800;

/// How hungry the player is, by what is left in its stomach.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Hunger {
    /// More than `Hunger::HUNGRY` turns of food left.
    Fed,
    /// `HUNGRY` or fewer: a warning, nothing worse.
    Hungry,
    /// `WEAK` or fewer: no healing.
    Weak,
    /// `FAINT` or fewer: no healing, and a last warning.
    Faint,
    /// Nothing left: a hit point a turn until you eat or die.
    Starving,
}

impl Hunger {
    /// Turns of food left when hunger is first felt (Brogue's and Shattered PD's thresholds).
    pub const HUNGRY: u32 = 300;
    /// Turns left when weak: healing stops.
    pub const WEAK: u32 = 150;
    /// Turns left when faint.
    pub const FAINT: u32 = 50;

    /// The hunger of a stomach holding `food`.
    pub const fn of(food: u32) -> Hunger {
        if food == 0 {
            Hunger::Starving
        } else if food <= Hunger::FAINT {
            Hunger::Faint
        } else if food <= Hunger::WEAK {
            Hunger::Weak
        } else if food <= Hunger::HUNGRY {
            Hunger::Hungry
        } else {
            Hunger::Fed
        }
    }

    /// Its word on the status line and the sidebar (`None` when fed).
    pub const fn word(self) -> Option<&'static str> {
        match self {
            Hunger::Fed => None,
            Hunger::Hungry => Some("hungry"),
            Hunger::Weak => Some("weak"),
            Hunger::Faint => Some("faint"),
            Hunger::Starving => Some("starving"),
        }
    }

    /// What the log says when it comes to this.
    pub const fn warning(self) -> &'static str {
        match self {
            Hunger::Fed => "You are no longer hungry.",
            Hunger::Hungry => "You are hungry.",
            Hunger::Weak => "You feel weak with hunger: you no longer heal. Eat something!",
            Hunger::Faint => "You are faint with hunger! Eat, or starve.",
            Hunger::Starving => "You are starving to death!",
        }
    }
}

/// Hit points: `hp` of `max`. Dead at zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Health {
    /// Hit points left.
    pub hp: i32,
    /// The most hit points it can have.
    pub max: i32,
}

impl Health {
    /// Unhurt, with `max` hit points.
    pub const fn full(max: i32) -> Self {
        Health { hp: max, max }
    }

    /// Whether `hp` hit points would be low: a third of the most or fewer (what the player is
    /// warned of once, "badly hurt", and hinted at).
    pub const fn low_at(&self, hp: i32) -> bool {
        hp * 3 <= self.max
    }

    /// Whether its hit points are low now (`low_at`).
    pub const fn is_low(&self) -> bool {
        self.low_at(self.hp)
    }
}

/// What the player carries besides keys.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Carrying {
    /// The relic of the deepest level.
    pub relic: bool,
}

/// Keys an actor carries: for each, the level (depth) and the locked door it opens there.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyRing(pub Vec<(u32, Pos)>);

impl KeyRing {
    /// The doors on level `depth` that these keys open.
    pub fn doors_on(&self, depth: u32) -> Vec<Pos> {
        self.0.iter().filter(|k| k.0 == depth).map(|k| k.1).collect()
    }
}

/// The player: the one shape of it that the rules, the save, the state hash, the walker and the
/// screen all read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Where it stands on the current level.
    pub at: Pos,
    /// The keys it carries.
    pub keys: KeyRing,
    /// Its health.
    pub health: Health,
    /// What it carries besides keys.
    pub carrying: Carrying,
    /// What it remembers of every level it has seen.
    pub memory: Memory,
    /// Its pack, and what it wields and wears.
    pub pack: Pack,
    /// The states potions left it in.
    pub status: Status,
    /// What it knows of the kinds of item.
    pub lore: Lore,
    /// Whether it sneaks: its steps are quiet ones that take two turns (`Act::Sneak`), until it
    /// walks again. Set by `Command::Sneaking` (`Run::set_sneaking`), saved, and shown.
    pub sneaking: bool,
    /// The gold it has picked up.
    pub gold: u32,
    /// Its experience and the boons it chose.
    pub growth: Growth,
    /// Turns of food in its stomach (`STOMACH` at most).
    pub stomach: u32,
}

impl Player {
    /// A player starting a run at `at`: full health, empty hands, nothing seen yet.
    pub fn new(at: Pos) -> Self {
        Player {
            at,
            keys: KeyRing::default(),
            health: Health::full(PLAYER_MAX_HP),
            carrying: Carrying::default(),
            memory: Memory::default(),
            pack: Pack::default(),
            status: Status::default(),
            lore: Lore::default(),
            sneaking: false,
            gold: 0,
            growth: Growth::default(),
            stomach: STOMACH_START,
        }
    }

    /// Whether it chose `boon`.
    pub fn has(&self, boon: Boon) -> bool {
        self.growth.has(boon)
    }

    /// How hungry it is.
    pub const fn hunger(&self) -> Hunger {
        Hunger::of(self.stomach)
    }

    /// How it fights: its boons, then the weapon wielded (its accuracy and damage added, and its
    /// enchantment) and the armour worn (its cost to accuracy).
    pub fn attack(&self) -> Attack {
        self.attack_with(self.pack.wielded_item())
    }

    /// How it would fight wielding `weapon` (`None`: bare-handed), in the armour it wears.
    pub fn attack_with(&self, weapon: Option<Item>) -> Attack {
        let mut attack = self.bare();
        let mut to_hit = attack.to_hit as i32;
        if let Some(w) = weapon {
            let s = w.kind.stats();
            let plus = i32::from(w.plus);
            to_hit += s.to_hit + ENCHANT_TO_HIT * plus;
            attack.damage = (attack.damage.0 + s.damage.0 + plus, attack.damage.1 + s.damage.1 + plus);
        }
        if let Some(a) = self.pack.worn() {
            to_hit += a.stats().to_hit;
        }
        attack.to_hit = to_hit.clamp(5, 100) as u32;
        attack
    }

    /// Bare-handed, by its boons alone (armour's cost not taken).
    fn bare(&self) -> Attack {
        let might = self.growth.times(Boon::Might) as i32;
        let precision = self.growth.times(Boon::Precision) as i32;
        let brute = if self.has(Boon::Brute) { BRUTE_DAMAGE } else { (0, 0) };
        let deadeye = if self.has(Boon::Deadeye) { DEADEYE_TO_HIT } else { 0 };
        Attack {
            to_hit: (PLAYER_ATTACK.to_hit as i32 + precision * PRECISION_TO_HIT + deadeye) as u32,
            damage: (
                PLAYER_ATTACK.damage.0 + might * MIGHT_DAMAGE.0 + brute.0,
                PLAYER_ATTACK.damage.1 + might * MIGHT_DAMAGE.1 + brute.1,
            ),
        }
    }

    /// How a thrown `kind` flies from its hand: its precision and armour set the aim (not the
    /// weapon wielded), the thing its own accuracy and damage (and a thrower's boon).
    pub fn throw_attack(&self, kind: ItemKind) -> Attack {
        let mut aim = self.bare().to_hit as i32 + kind.stats().to_hit;
        if let Some(a) = self.pack.worn() {
            aim += a.stats().to_hit;
        }
        let mut damage = kind.stats().damage;
        if self.has(Boon::Thrower) {
            aim += THROWER.1;
            damage = (damage.0 + THROWER.0, damage.1 + THROWER.0);
        }
        if self.has(Boon::Marksman) {
            aim += MARKSMAN.1;
            damage = (damage.0 + MARKSMAN.0, damage.1 + MARKSMAN.0);
        }
        Attack {
            to_hit: aim.clamp(5, 100) as u32,
            damage,
        }
    }

    /// Up to how much its armour (and its hide) takes off a hit.
    pub fn armour(&self) -> i32 {
        let hide = self.growth.times(Boon::Hide) as i32 + if self.has(Boon::Ironskin) { IRONSKIN } else { 0 };
        let worn = hide
            + self
                .pack
                .worn_item()
                .map_or(0, |a| a.kind.stats().armour + i32::from(a.plus));
        // A rapier parries badly.
        if self.pack.wielded() == Some(ItemKind::Rapier) {
            (worn - RAPIER_PARRY).max(0)
        } else {
            worn
        }
    }
}

/// What a rapier takes off the armour's cover: it parries badly.
pub const RAPIER_PARRY: i32 = 2;

/// What a weapon's enchantment adds to its accuracy, a plus at a time (and a point of damage).
pub const ENCHANT_TO_HIT: i32 = 5;

/// The most enchantment a thing can take.
pub const MOST_PLUS: i8 = 9;

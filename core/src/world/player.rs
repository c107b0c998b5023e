//! The player as plain data: where it stands, its health, the keys, relic and pack it carries,
//! the states it is in, what it knows of items and remembers of every level; and how it fights.

use serde::{Deserialize, Serialize};

use crate::fov::Memory;
use crate::geom::Pos;

use super::item::{ItemKind, Lore};
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

/// How the player fights, having slain `slain` monsters: experience sharpens the blows (from
/// 80 % and 2–6 at the start to 87 % and 5–11 after twenty kills).
pub const fn player_attack(slain: u32) -> Attack {
    let n = if slain < 20 { slain as i32 } else { 20 };
    Attack {
        to_hit: 80 + (n as u32 * 3 / 8),
        damage: (2 + n * 3 / 20, 6 + n / 4),
    }
}

/// Hit points: `hp` of `max`. Dead at zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
}

/// What the player carries besides keys.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
        }
    }

    /// How it fights, having slain `slain` monsters: experience, then the weapon wielded (its
    /// accuracy and damage added) and the armour worn (its cost to accuracy).
    pub fn attack(&self, slain: u32) -> Attack {
        self.attack_with(slain, self.pack.wielded())
    }

    /// How it would fight wielding `weapon` (`None`: bare-handed), in the armour it wears.
    pub fn attack_with(&self, slain: u32, weapon: Option<ItemKind>) -> Attack {
        let mut attack = player_attack(slain);
        let mut to_hit = attack.to_hit as i32;
        if let Some(w) = weapon {
            let s = w.stats();
            to_hit += s.to_hit;
            attack.damage = (attack.damage.0 + s.damage.0, attack.damage.1 + s.damage.1);
        }
        if let Some(a) = self.pack.worn() {
            to_hit += a.stats().to_hit;
        }
        attack.to_hit = to_hit.clamp(5, 100) as u32;
        attack
    }

    /// How a thrown `kind` flies from its hand: experience and armour set the aim (not the
    /// weapon wielded), the thing its own accuracy and damage.
    pub fn throw_attack(&self, slain: u32, kind: ItemKind) -> Attack {
        let bare = self.attack_with(slain, None);
        Attack {
            to_hit: (bare.to_hit as i32 + kind.stats().to_hit).clamp(5, 100) as u32,
            damage: kind.stats().damage,
        }
    }

    /// Up to how much its armour takes off a hit.
    pub fn armour(&self) -> i32 {
        self.pack.worn().map_or(0, |a| a.stats().armour)
    }
}

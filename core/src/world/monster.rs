//! A monster: what one is, kept in its level like the keys (so monsters on levels you are not
//! on wait where they are), and what it is about (`Mind`). Where they are put is
//! `generation::monsters`; how they choose what to do, `rules::mind`.

use crate::geom::Dir8;
use crate::geom::Pos;

use super::{Attack, Kind, Stats};

/// One monster on a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Monster {
    /// Unique on its level, never reused: how the rules name it.
    pub id: u32,
    /// What kind it is.
    pub kind: Kind,
    /// Where it stands.
    pub at: Pos,
    /// Hit points left (dead at zero).
    pub hp: i32,
    /// Speed saved up: it acts once for every `NORMAL_SPEED` of it.
    pub energy: i32,
    /// What it is about.
    pub mind: Mind,
    /// Its name, if it is a champion: stronger than its kind (`CHAMPION_HP_PERCENT`,
    /// `CHAMPION_DAMAGE`, `CHAMPION_TO_HIT`), named and marked.
    pub champion: Option<Champion>,
}

/// A champion's name, by its number in `CHAMPION_NAMES` (saved so).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Champion(pub u8);

/// The champions' names.
pub const CHAMPION_NAMES: [&str; 16] = [
    "Grak", "Ushna", "Morvath", "Sliss", "Kethra", "Drub", "Vosk", "Ilgra", "Throm", "Nazzt", "Bellik", "Orrun",
    "Fesh", "Ygra", "Quold", "Harsk",
];

/// A champion's hit points, in percent of its kind's.
pub const CHAMPION_HP_PERCENT: i32 = 160;
/// Damage a champion's blow adds, at both ends.
pub const CHAMPION_DAMAGE: i32 = 2;
/// What a champion adds to its kind's chance to hit, in percent.
pub const CHAMPION_TO_HIT: u32 = 10;

impl Champion {
    /// Its name ("Grak").
    pub const fn name(self) -> &'static str {
        CHAMPION_NAMES[self.0 as usize % CHAMPION_NAMES.len()]
    }
}

impl Monster {
    /// Monster `id` of `kind` at `at`, unhurt, with no energy saved, no champion, of `mind`.
    pub const fn new(id: u32, kind: Kind, at: Pos, mind: Mind) -> Self {
        Monster {
            id,
            kind,
            at,
            hp: kind.stats().max_hp,
            energy: 0,
            mind,
            champion: None,
        }
    }

    /// What its kind is like.
    pub const fn stats(&self) -> Stats {
        self.kind.stats()
    }

    /// Whether it has lost any hit points.
    pub const fn is_hurt(&self) -> bool {
        self.hp < self.max_hp()
    }

    /// Whether it is on the player's side (freed from its chains).
    pub const fn is_ally(&self) -> bool {
        matches!(self.mind, Mind::Ally { .. })
    }

    /// Whether a player at `player_at` fails to see it where it stands though the tile is in
    /// sight: one standing in darkness (by `light`, the player's own light with the level's), an
    /// unseen kind, a swimmer under deep water, each but from the next tile. An ally is never
    /// hidden from the player.
    pub fn hidden_from(&self, map: &crate::map::TileMap, light: &crate::fov::light::LightMap, player_at: Pos) -> bool {
        let next_to = (self.at.x - player_at.x).abs() <= 1 && (self.at.y - player_at.y).abs() <= 1;
        !next_to
            && !self.is_ally()
            && (!light.lit(self.at)
                || match self.kind.stats().habit {
                    super::Habit::Unseen => true,
                    super::Habit::Submerges => map.tile(self.at) == crate::map::Tile::DeepWater,
                    _ => false,
                })
    }

    /// Whether it is in chains, waiting to be freed.
    pub const fn is_captive(&self) -> bool {
        matches!(self.mind, Mind::Captive { .. })
    }

    /// Whether it fights the player and the player's allies (neither an ally nor a captive).
    pub const fn is_hostile(&self) -> bool {
        !self.is_ally() && !self.is_captive()
    }

    /// How much an ally has grown with its kills (0 for anyone else): a grade every
    /// `ALLY_KILLS_PER_GRADE` kills, up to `ALLY_MOST_GRADE`.
    pub const fn grade(&self) -> i32 {
        match self.mind {
            Mind::Ally { kills, .. } => {
                let g = kills / ALLY_KILLS_PER_GRADE;
                if g > ALLY_MOST_GRADE {
                    ALLY_MOST_GRADE as i32
                } else {
                    g as i32
                }
            }
            _ => 0,
        }
    }

    /// Its hit points when unhurt: its kind's, and an ally's growth (a fifth of them, at
    /// least 2, a grade).
    pub const fn max_hp(&self) -> i32 {
        let base = self.kind.stats().max_hp;
        let base = if self.champion.is_some() {
            base * CHAMPION_HP_PERCENT / 100
        } else {
            base
        };
        let step = if base / 5 > 2 { base / 5 } else { 2 };
        base + step * self.grade()
    }

    /// How it fights: its kind's blow, and an ally's growth (3 % to hit and a point of damage at
    /// the top a grade, a point at the bottom every second grade).
    pub const fn attack(&self) -> Attack {
        let s = self.kind.stats();
        let g = self.grade();
        let (hit, more) = if self.champion.is_some() {
            (CHAMPION_TO_HIT, CHAMPION_DAMAGE)
        } else {
            (0, 0)
        };
        Attack {
            to_hit: s.to_hit + 3 * g as u32 + hit,
            damage: (s.damage.0 + g / 2 + more, s.damage.1 + g + more),
        }
    }

    /// What it is called: "Grak the orc" for a champion, else "the orc" (`None` for "the").
    pub fn called(&self) -> String {
        match self.champion {
            Some(c) => format!("{} the {}", c.name(), self.kind.name()),
            None => format!("the {}", self.kind.name()),
        }
    }
}

/// An ally grows a grade every this many kills.
pub const ALLY_KILLS_PER_GRADE: u16 = 2;
/// The most grades an ally grows.
pub const ALLY_MOST_GRADE: u16 = 5;
/// Turns of work freeing a captive from its chains takes (Brogue's shackles take a few turns).
pub const CHAINS: u8 = 4;
/// An ally heals a hit point every this many turns.
pub const ALLY_HEALS_EVERY: u64 = 4;

/// What a monster is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mind {
    /// Notices you only from half its sight.
    Asleep,
    /// Ambling about, mostly keeping its heading.
    Wandering {
        /// The way it is walking.
        heading: Dir8,
    },
    /// After you: `target` is where it last saw you; `patience` the turns it will go on looking
    /// once it has lost sight of you.
    Hunting {
        /// Where it last saw you.
        target: Pos,
        /// Turns it will go on looking after losing sight of you.
        patience: u32,
    },
    /// Running from you: a coward until it has healed, a thief for good.
    Fleeing,
    /// In chains: it does nothing, and nobody fights it, until the player frees it (`chains`
    /// turns of work left, `Act::Step` into it).
    Captive {
        /// Turns of work left.
        chains: u8,
    },
    /// On the player's side: it follows the player (or waits where told), fights the monsters it
    /// sees, and grows with its kills.
    Ally {
        /// Told to wait where it stands (else it follows).
        waiting: bool,
        /// Monsters it has killed.
        kills: u16,
    },
}

/// How many turns a hunter keeps looking for you after losing sight of you.
pub const PATIENCE: u32 = 20;

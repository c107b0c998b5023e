//! The kinds of monster: what each is like (health, attack, speed, sight, whether it opens
//! doors) and how deep it lives. A table of plain data, read by placement, the monsters' minds,
//! combat and drawing.

use crate::rng::GenRng;

/// Energy an actor of normal speed gains each turn; it acts once for every `NORMAL_SPEED` held.
pub const NORMAL_SPEED: i32 = 100;

/// One row of the table.
#[allow(clippy::too_many_arguments)]
const fn row(
    name: &'static str,
    max_hp: i32,
    damage: (i32, i32),
    to_hit: u32,
    speed: i32,
    sight: u32,
    opens_doors: bool,
    depths: (u32, u32),
    weight: u32,
) -> Stats {
    Stats {
        name,
        max_hp,
        damage,
        to_hit,
        speed,
        sight,
        opens_doors,
        depths,
        weight,
    }
}

/// Every kind, in `Kind` order: name, hit points, damage, to hit %, speed, sight, opens doors,
/// levels, weight there.
const TABLE: [Stats; 6] = [
    row("rat", 4, (1, 2), 60, 100, 6, false, (1, 4), 4),
    row("jackal", 5, (1, 3), 65, 200, 8, false, (1, 6), 3),
    row("goblin", 10, (2, 4), 70, 100, 8, true, (2, 10), 4),
    row("orc", 16, (2, 6), 75, 100, 7, true, (4, 10), 4),
    row("ogre", 32, (5, 10), 70, 50, 6, false, (5, 10), 2),
    row("troll", 40, (4, 9), 75, 100, 8, true, (8, 10), 2),
];

/// A kind of monster.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum Kind {
    /// Weak and quick to die; the first level's pest.
    Rat,
    /// Fast: it moves twice a turn.
    Jackal,
    /// Opens doors.
    Goblin,
    /// Sturdier, and opens doors.
    Orc,
    /// Slow, and hits hard.
    Ogre,
    /// The strongest; it opens doors.
    Troll,
}

/// What a kind of monster is like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stats {
    /// What players call it.
    pub name: &'static str,
    /// Hit points when unhurt.
    pub max_hp: i32,
    /// Damage of a hit, `lo..=hi`.
    pub damage: (i32, i32),
    /// Chance to hit, in percent.
    pub to_hit: u32,
    /// Energy gained per turn: 200 acts twice a turn, 50 every other turn.
    pub speed: i32,
    /// How far it notices you, awake (asleep: half as far).
    pub sight: u32,
    /// Whether it can open closed doors.
    pub opens_doors: bool,
    /// The levels it is found on, and how common it is there.
    pub depths: (u32, u32),
    /// How common it is where it lives, against the others there.
    pub weight: u32,
}

impl Kind {
    /// Every kind, in table order.
    pub const ALL: [Kind; 6] = [
        Kind::Rat,
        Kind::Jackal,
        Kind::Goblin,
        Kind::Orc,
        Kind::Ogre,
        Kind::Troll,
    ];

    /// What the kind is like.
    pub const fn stats(self) -> Stats {
        TABLE[self as usize]
    }

    /// What players call it ("goblin").
    pub const fn name(self) -> &'static str {
        self.stats().name
    }

    /// A kind for level `depth`, by the weights of the kinds found there.
    pub fn choose(depth: u32, rng: &mut GenRng) -> Kind {
        let here = |k: &Kind| {
            let (lo, hi) = k.stats().depths;
            (lo..=hi).contains(&depth)
        };
        let kinds = Kind::ALL.into_iter().filter(here).map(|k| (k, k.stats().weight));
        rng.pick_weighted(kinds).unwrap_or(Kind::Rat)
    }
}

/// The farthest any kind notices you: the radius one line-of-sight pass from the player must
/// cover for every monster's noticing to be read from it.
pub const MAX_SIGHT: u32 = {
    let mut most = 0;
    let mut i = 0;
    while i < Kind::ALL.len() {
        let s = Kind::ALL[i].stats().sight;
        if s > most {
            most = s;
        }
        i += 1;
    }
    most
};

// No monster notices you from farther than you see by default: if it sees you, you see it.
const _: () = assert!(MAX_SIGHT <= crate::fov::DEFAULT_RADIUS);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_has_kinds_and_the_first_is_gentle() {
        let mut rng = GenRng::new(7);
        for depth in 1..=crate::world::DEEPEST {
            for _ in 0..200 {
                let k = Kind::choose(depth, &mut rng);
                let (lo, hi) = k.stats().depths;
                assert!((lo..=hi).contains(&depth), "{k:?} on level {depth}");
                if depth == 1 {
                    assert!(matches!(k, Kind::Rat | Kind::Jackal), "{k:?} on level 1");
                }
            }
        }
    }
}

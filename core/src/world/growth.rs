//! How the player grows: experience from the foes it slays (each worth what the score counts
//! it), experience levels at set thresholds, and at each level one boon chosen from three the
//! run's seed offers (a table of plain data, as the monsters' and items' are). What a boon does
//! is read by the rules (`Player::has`, `Player::times`), never re-derived.

use crate::rng::GenRng;

/// The highest experience level.
pub const MAX_GRADE: u32 = 12;

/// Hit points every experience level adds by itself (the boon chosen adds its own).
pub const HP_PER_GRADE: i32 = 2;

super::stable::catalog! {
    /// A boon: what the player may choose to grow by at an experience level.
    /// Saved and recorded by its pinned id (`Boon::id`), never by its place in this list.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub enum Boon: "boon";
    /// What the boon is: its name, how many times it may be taken, what it does.
    stats -> BoonStats {
        /// More hit points.
        Vigour = 0 => BoonStats {
            name: "vigour",
            most: 3,
            about: "8 more hit points at most, and healed by 8.",
        },
        /// Harder blows.
        Might = 1 => BoonStats {
            name: "might",
            most: 3,
            about: "Your blows do 1 more damage at least and 2 more at most.",
        },
        /// Surer blows and throws.
        Precision = 2 => BoonStats {
            name: "precision",
            most: 3,
            about: "Your blows and throws hit 7% more often.",
        },
        /// A tougher hide: armour of its own.
        Hide = 3 => BoonStats {
            name: "thick hide",
            most: 2,
            about: "Takes 1 more off every hit, as armour does (on top of what you wear).",
        },
        /// Healing twice as fast.
        Regeneration = 4 => BoonStats {
            name: "regeneration",
            most: 1,
            about: "You heal a hit point every 3 turns, not every 6 (it makes you no hungrier).",
        },
        /// Hunger a third slower.
        IronStomach = 5 => BoonStats {
            name: "iron stomach",
            most: 1,
            about: "You grow hungry a third slower: one turn in 3 costs no food.",
        },
        /// Poison lasts half as long.
        PoisonResistance = 6 => BoonStats {
            name: "poison resistance",
            most: 1,
            about: "Poison from a potion or a bloat lasts half as long, and poison gas hurts half as much.",
        },
        /// Fire burns half as hard.
        FireResistance = 7 => BoonStats {
            name: "fire resistance",
            most: 1,
            about: "Fire burns you for half its damage (lava still kills).",
        },
        /// A stab on a sleeper does five times the damage, not three.
        Assassin = 8 => BoonStats {
            name: "assassin",
            most: 1,
            about: "A stab on a sleeping foe does five times the damage of a blow, not three.",
        },
        /// Better throws.
        Thrower = 9 => BoonStats {
            name: "thrower",
            most: 1,
            about: "What you throw hits 10% more often and does 2 more damage.",
        },
        /// Finds hidden things farther off and more often.
        KeenEyes = 10 => BoonStats {
            name: "keen eyes",
            most: 1,
            about: "Searching reaches 2 tiles round you, not 1, and you notice hidden things beside you twice as often.",
        },
        /// Wearing armour, a blow that hits knocks the foe a tile back now and then.
        ShieldBash = 11 => BoonStats {
            name: "shield bash",
            most: 1,
            about: "Wearing armour, one blow in 4 that hits also knocks the foe a tile back (when the tile behind it is free ground): it must close in again.",
        },
    }
}

/// What a boon is: its name, how many times it may be taken, what it does (numbers are the
/// rules' own constants, below).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoonStats {
    /// Its name ("might").
    pub name: &'static str,
    /// How many times a run may take it.
    pub most: u8,
    /// What it does, for the choice screen and the docs.
    pub about: &'static str,
}

/// Hit points a Vigour boon adds (and heals).
pub const VIGOUR_HP: i32 = 8;
/// Damage a Might boon adds to the least and the most of a blow.
pub const MIGHT_DAMAGE: (i32, i32) = (1, 2);
/// Percent to hit a Precision boon adds.
pub const PRECISION_TO_HIT: i32 = 7;
/// Healing every this many turns with Regeneration (6 without).
pub const REGENERATION_EVERY: u64 = 3;
/// With an iron stomach, hunger skips one turn in this many.
pub const IRON_STOMACH_SKIPS: u64 = 3;
/// Damage and to-hit a Thrower boon adds to what is thrown.
pub const THROWER: (i32, i32) = (2, 10);
/// How far searching and noticing reach with keen eyes (1 without).
pub const KEEN_REACH: i32 = 2;
/// One blow that hits in this many knocks the foe back with Shield bash (worn armour needed).
pub const BASH_ONE_IN: u32 = 4;

impl Boon {
    /// Its name ("might").
    pub const fn name(self) -> &'static str {
        self.stats().name
    }
}

/// Experience needed to reach experience level `grade` (1 needs none): 15, 54, 117, 204, ...
/// (each level a little further than the last, as DCSS's and Brogue's are; the first soon, a
/// jackal's worth, so a boon comes before the first pack does its worst).
pub const fn experience_for(grade: u32) -> u32 {
    if grade <= 1 {
        return 0;
    }
    let n = grade - 1;
    // 12n² + 3n: 15, 54, 117, 204, 315, 450, 609, 792, 999, 1230, 1485 (rules 8's 10n² + 5n
    // grew an explorer too fast for the deep levels; the first stays a jackal's worth).
    12 * n * n + 3 * n
}

/// The experience level `xp` experience has reached.
pub fn grade_of(xp: u32) -> u32 {
    (1..=MAX_GRADE).rev().find(|&g| experience_for(g) <= xp).unwrap_or(1)
}

/// How the player has grown: its experience and the boons it chose, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Growth {
    /// Experience: the worth of every foe slain.
    pub xp: u32,
    /// The boons chosen, one an experience level above the first, in the order chosen.
    pub boons: Vec<Boon>,
}

/// A salt for the boons offered (so they are the seed's own stream, apart from the play's).
const OFFER_SALT: u64 = 0x626f_6f6e_5f6f_6666; // "boon_off"

impl Growth {
    /// The experience level reached.
    pub fn grade(&self) -> u32 {
        grade_of(self.xp)
    }

    /// How many boons are owed and not yet chosen.
    pub fn owed(&self) -> u32 {
        (self.grade() - 1).saturating_sub(self.boons.len() as u32)
    }

    /// How many times `boon` was taken.
    pub fn times(&self, boon: Boon) -> u32 {
        self.boons.iter().filter(|&&b| b == boon).count() as u32
    }

    /// Whether `boon` was taken.
    pub fn has(&self, boon: Boon) -> bool {
        self.boons.contains(&boon)
    }

    /// The three boons offered for the next choice in a run of `seed`, if one is owed: drawn
    /// from the seed and how many were chosen before, among those not taken their most times, so
    /// the same seed offers the same to the same choices.
    pub fn offer(&self, seed: u64) -> Option<Vec<Boon>> {
        if self.owed() == 0 {
            return None;
        }
        Some(offer_after(&self.boons, seed))
    }

    /// The experience level `grade` in words, with what the next needs ("level 3 (70/135)").
    pub fn describe(&self) -> String {
        let grade = self.grade();
        if grade >= MAX_GRADE {
            format!("level {grade} ({} xp)", self.xp)
        } else {
            format!("level {grade} ({}/{})", self.xp, experience_for(grade + 1))
        }
    }
}

/// The three boons offered after `taken` were chosen: none taken to its most, and none of the
/// three offered just before where enough others are left, so one level's offer is never the
/// last one's again (the same few came level after level).
fn offer_after(taken: &[Boon], seed: u64) -> Vec<Boon> {
    let n = taken.len() as u64;
    let mut rng = GenRng::new(seed ^ OFFER_SALT ^ n.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let times = |boon: Boon| taken.iter().filter(|&&b| b == boon).count() as u32;
    let open: Vec<Boon> = Boon::ALL
        .into_iter()
        .filter(|&b| times(b) < u32::from(b.stats().most))
        .collect();
    let last = match taken.split_last() {
        Some((_, before)) => offer_after(before, seed),
        None => Vec::new(),
    };
    let fresh: Vec<Boon> = open.iter().copied().filter(|b| !last.contains(b)).collect();
    let mut open = if fresh.len() >= 3 { fresh } else { open };
    let mut offer = Vec::with_capacity(3);
    while offer.len() < 3 && !open.is_empty() {
        let i = rng.below(open.len() as u32) as usize;
        offer.push(open.remove(i));
    }
    offer
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_offer_is_the_last_one_again_nor_holds_a_boon_taken_to_its_most() {
        for seed in 0..200 {
            let mut taken = Vec::new();
            let mut last: Vec<Boon> = Vec::new();
            for _ in 0..12 {
                let offer = offer_after(&taken, seed);
                if offer.is_empty() {
                    break;
                }
                let open = Boon::ALL
                    .into_iter()
                    .filter(|&b| taken.iter().filter(|&&t| t == b).count() < usize::from(b.stats().most))
                    .count();
                for b in &offer {
                    let times = taken.iter().filter(|&t| t == b).count();
                    assert!(
                        times < usize::from(b.stats().most),
                        "seed {seed}: {b:?} offered at its most"
                    );
                    if open >= last.len() + 3 {
                        assert!(!last.contains(b), "seed {seed}: {b:?} offered twice running");
                    }
                }
                taken.push(offer[(seed as usize + taken.len()) % offer.len()]);
                last = offer;
            }
        }
    }

    #[test]
    fn levels_come_further_apart() {
        assert_eq!(grade_of(0), 1);
        assert_eq!(grade_of(14), 1);
        assert_eq!(grade_of(15), 2);
        assert_eq!(grade_of(54), 3);
        assert_eq!(grade_of(u32::MAX), MAX_GRADE);
        let gaps: Vec<u32> = (2..=MAX_GRADE)
            .map(|g| experience_for(g) - experience_for(g - 1))
            .collect();
        assert!(gaps.windows(2).all(|w| w[0] < w[1]), "{gaps:?}");
    }

    #[test]
    fn the_seed_offers_three_distinct_boons_and_the_same_each_time() {
        let g = Growth { xp: 15, boons: vec![] };
        let a = g.offer(7).unwrap();
        assert_eq!(a.len(), 3);
        assert_eq!(a, g.offer(7).unwrap(), "the same seed offers the same");
        let mut sorted = a.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 3, "three distinct: {a:?}");
        let differ = (0..20).any(|s| g.offer(s) != g.offer(s + 100));
        assert!(differ, "seeds offer different boons");
        assert_eq!(Growth { xp: 14, boons: vec![] }.offer(7), None, "nothing owed");
    }

    #[test]
    fn a_boon_taken_its_most_times_is_offered_no_more() {
        let mut g = Growth {
            xp: u32::MAX,
            boons: Vec::new(),
        };
        for seed in 0..200 {
            g.boons.clear();
            // Take whatever comes first until every boon's most is reached or levels run out.
            while let Some(offer) = g.offer(seed) {
                for &b in &offer {
                    assert!(g.times(b) < u32::from(b.stats().most), "{b:?} offered past its most");
                }
                g.boons.push(offer[0]);
            }
            assert_eq!(g.boons.len() as u32, MAX_GRADE - 1);
        }
    }
}

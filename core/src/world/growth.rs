//! How the player grows: experience from the foes it slays (each worth what the score counts
//! it), experience levels at set thresholds, and at each level one boon chosen from three the
//! run's seed offers (a table of plain data, as the monsters' and items' are). What a boon does
//! is read by the rules (`Player::has`, `Player::times`), never re-derived.

use super::item::{Item, ItemKind};
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
            needs: None,
        },
        /// Harder blows.
        Might = 1 => BoonStats {
            name: "might",
            most: 3,
            about: "Your blows do 1 more damage at least and 2 more at most.",
            needs: None,
        },
        /// Surer blows and throws.
        Precision = 2 => BoonStats {
            name: "precision",
            most: 3,
            about: "Your blows and throws hit 7% more often.",
            needs: None,
        },
        /// A tougher hide: armour of its own.
        Hide = 3 => BoonStats {
            name: "thick hide",
            most: 2,
            about: "Takes 1 more off every hit, as armour does (on top of what you wear).",
            needs: None,
        },
        /// Healing twice as fast.
        Regeneration = 4 => BoonStats {
            name: "regeneration",
            most: 1,
            about: "You heal a hit point every 3 turns, not every 6 (it makes you no hungrier).",
            needs: None,
        },
        /// Hunger a third slower.
        IronStomach = 5 => BoonStats {
            name: "iron stomach",
            most: 1,
            about: "You grow hungry a third slower: one turn in 3 costs no food.",
            needs: None,
        },
        /// Poison lasts half as long.
        PoisonResistance = 6 => BoonStats {
            name: "poison resistance",
            most: 1,
            about: "Poison from a potion or a bloat lasts half as long, and poison gas hurts half as much.",
            needs: None,
        },
        /// Fire burns half as hard.
        FireResistance = 7 => BoonStats {
            name: "fire resistance",
            most: 1,
            about: "Fire burns you for half its damage (lava still kills).",
            needs: None,
        },
        /// A stab on a sleeper does five times the damage, not three.
        Assassin = 8 => BoonStats {
            name: "assassin",
            most: 1,
            about: "A stab on a sleeping foe does five times the damage of a blow, not three.",
            needs: None,
        },
        /// Better throws.
        Thrower = 9 => BoonStats {
            name: "thrower",
            most: 1,
            about: "What you throw hits 10% more often and does 2 more damage.",
            needs: None,
        },
        /// Finds hidden things farther off and more often.
        KeenEyes = 10 => BoonStats {
            name: "keen eyes",
            most: 1,
            about: "Searching reaches 2 tiles round you, not 1, and you notice hidden things beside you twice as often.",
            needs: None,
        },
        /// Wearing armour, a blow that hits knocks the foe a tile back now and then.
        ShieldBash = 11 => BoonStats {
            name: "shield bash",
            most: 1,
            about: "Wearing armour, one blow in 4 that hits also knocks the foe a tile back (when the tile behind it is free ground): it must close in again.",
            needs: None,
        },
        /// Staffs and charms recharge faster.
        Attunement = 12 => BoonStats {
            name: "attunement",
            most: 1,
            about: "Your staffs and charms recharge a quarter faster, as a ring of wisdom +1 makes them.",
            needs: None,
        },
        /// The arcane path's second step: stronger bolts, faster still.
        Archmage = 13 => BoonStats {
            name: "archmage",
            most: 1,
            about: "Your staffs' bolts do 2 more damage at each end, and they and your charms recharge a quarter faster again.",
            needs: Some((Boon::Attunement, 1)),
        },
        /// Might's second step.
        Brute = 14 => BoonStats {
            name: "brute strength",
            most: 1,
            about: "Your blows do 2 more damage at least and 3 more at most.",
            needs: Some((Boon::Might, 2)),
        },
        /// Precision's second step.
        Deadeye = 15 => BoonStats {
            name: "deadeye",
            most: 1,
            about: "Your blows and throws hit 10% more often.",
            needs: Some((Boon::Precision, 2)),
        },
        /// Thick hide's second step.
        Ironskin = 16 => BoonStats {
            name: "iron skin",
            most: 1,
            about: "Takes 2 more off every hit, as armour does.",
            needs: Some((Boon::Hide, 2)),
        },
        /// Regeneration's second step.
        TrollBlood = 17 => BoonStats {
            name: "troll blood",
            most: 1,
            about: "You heal a hit point every 2 turns.",
            needs: Some((Boon::Regeneration, 1)),
        },
        /// The assassin's second step.
        Shadow = 18 => BoonStats {
            name: "shadow",
            most: 1,
            about: "Your sneaking steps make no sound, and a stab on a sleeping foe does seven times a blow's damage.",
            needs: Some((Boon::Assassin, 1)),
        },
        /// The thrower's second step.
        Marksman = 19 => BoonStats {
            name: "marksman",
            most: 1,
            about: "What you throw hits 10% more often again and does 3 more damage.",
            needs: Some((Boon::Thrower, 1)),
        },
        /// Vigour's second step.
        Juggernaut = 20 => BoonStats {
            name: "juggernaut",
            most: 1,
            about: "15 more hit points at most, and healed by 15.",
            needs: Some((Boon::Vigour, 2)),
        },
    }
}

super::stable::catalog! {
    /// A beginning: who the player is when the run starts, chosen on New run: a kit (known to
    /// it) and a first boon. Saved and recorded by its pinned id.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub enum Beginning: "beginning";
    /// What the beginning gives.
    stats -> BeginningStats {
        /// Blade and mail.
        Fighter = 0 => BeginningStats {
            name: "fighter",
            about: "A spear (its thrust strikes the foe behind too), leather armour and the shield bash: a fighter closes in and trades blows.",
            kit: &[(ItemKind::Spear, 1, 0), (ItemKind::Leather, 1, 0)],
            boon: Boon::ShieldBash,
            sneaking: false,
        },
        /// Daggers in the dark.
        Rogue = 1 => BeginningStats {
            name: "rogue",
            about: "A dagger, a ring of stealth +1 on a finger and three darts, and the assassin's stab: a rogue starts sneaking, and strikes the sleeping.",
            kit: &[(ItemKind::Dagger, 1, 0), (ItemKind::Stealth, 1, 1), (ItemKind::Dart, 3, 0)],
            boon: Boon::Assassin,
            sneaking: true,
        },
        /// Death from afar.
        Ranger = 2 => BeginningStats {
            name: "ranger",
            about: "Six javelins, ten darts and leather armour, and the thrower's aim: a ranger fights before the foe is near.",
            kit: &[(ItemKind::Javelin, 6, 0), (ItemKind::Dart, 10, 0), (ItemKind::Leather, 1, 0)],
            boon: Boon::Thrower,
            sneaking: false,
        },
        /// Fire and wisdom.
        Arcanist = 3 => BeginningStats {
            name: "arcanist",
            about: "A staff of firebolt (level 2) and a charm of health, and attunement: an arcanist's staff and charm recharge faster.",
            kit: &[(ItemKind::Firebolt, 2, 2), (ItemKind::HealthCharm, 1, 1)],
            boon: Boon::Attunement,
            sneaking: false,
        },
    }
}

/// What a beginning gives: its name, its words, its kit (kind, how many, plus or level), its
/// first boon, and whether the player starts sneaking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BeginningStats {
    /// Its name ("rogue").
    pub name: &'static str,
    /// What it is, for New run and the docs.
    pub about: &'static str,
    /// The kit: each kind, how many (a staff's charges), and its plus (a staff's level).
    pub kit: &'static [(ItemKind, u8, i8)],
    /// The boon it starts with.
    pub boon: Boon,
    /// Whether it starts sneaking.
    pub sneaking: bool,
}

impl Beginning {
    /// Its name ("rogue").
    pub const fn name(self) -> &'static str {
        self.stats().name
    }

    /// The kit's items, as they are put in the pack.
    pub fn kit(self) -> impl Iterator<Item = Item> {
        self.stats().kit.iter().map(|&(kind, count, plus)| Item {
            kind,
            count,
            plus,
            wait: 0,
        })
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
    /// The boon that opens it, and how many times it must have been taken first (a path's
    /// second step, as Shattered Pixel Dungeon's talents open in tiers).
    pub needs: Option<(Boon, u8)>,
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
/// Damage Brute strength adds to the least and the most of a blow.
pub const BRUTE_DAMAGE: (i32, i32) = (2, 3);
/// Percent to hit Deadeye adds to blows and throws.
pub const DEADEYE_TO_HIT: i32 = 10;
/// Armour Iron skin adds.
pub const IRONSKIN: i32 = 2;
/// Healing every this many turns with Troll blood.
pub const TROLL_BLOOD_EVERY: u64 = 2;
/// How many times a blow's damage a stab does with Shadow.
pub const SHADOW_STAB: i32 = 7;
/// Damage and to-hit Marksman adds to what is thrown.
pub const MARKSMAN: (i32, i32) = (3, 10);
/// Hit points Juggernaut adds (and heals).
pub const JUGGERNAUT_HP: i32 = 15;
/// Quarter turns a turn Attunement and Archmage each add to a staff's or charm's recharging.
pub const ATTUNED_QUARTERS: i32 = 1;
/// Damage Archmage adds to both ends of a staff's bolt.
pub const ARCHMAGE_DAMAGE: i32 = 2;

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
    /// The boons chosen, one an experience level above the first, in the order chosen (the
    /// beginning's first, if there is one).
    pub boons: Vec<Boon>,
    /// The beginning chosen on New run (`None`: a run begun bare, as every run was before
    /// beginnings).
    pub beginning: Option<Beginning>,
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
        let gift = u32::from(self.beginning.is_some());
        (self.grade() - 1).saturating_sub((self.boons.len() as u32).saturating_sub(gift))
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
        .filter(|&b| b.stats().needs.is_none_or(|(first, n)| times(first) >= u32::from(n)))
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
        let g = Growth {
            xp: 15,
            boons: vec![],
            beginning: None,
        };
        let a = g.offer(7).unwrap();
        assert_eq!(a.len(), 3);
        assert_eq!(a, g.offer(7).unwrap(), "the same seed offers the same");
        let mut sorted = a.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 3, "three distinct: {a:?}");
        let differ = (0..20).any(|s| g.offer(s) != g.offer(s + 100));
        assert!(differ, "seeds offer different boons");
        assert_eq!(
            Growth {
                xp: 14,
                boons: vec![],
                beginning: None
            }
            .offer(7),
            None,
            "nothing owed"
        );
    }

    #[test]
    fn a_boon_taken_its_most_times_is_offered_no_more() {
        let mut g = Growth {
            xp: u32::MAX,
            boons: Vec::new(),
            beginning: None,
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

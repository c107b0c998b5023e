//! The score of a run: one function of what the run did (how deep it went, the gold it carries,
//! the foes it slew by their worth, the Heartstone, a win and how fast), read by the summary,
//! the history, the story, the share line, `--verify` and the board. A pure function of the run's
//! state, so two Delves replaying one recording print one score.

use super::kind::{Kind, Stats};
use super::record::{Ending, RunRecord};

/// Points for each level reached (the deepest counts).
pub const PER_LEVEL: u64 = 100;
/// Points for carrying the Heartstone (at the end, or now).
pub const HEARTSTONE: u64 = 1_000;
/// Points for a win: out of the dungeon with the Heartstone.
pub const WIN: u64 = 2_000;
/// A win's speed bonus: a point for every `SPEED_TURNS_PER_POINT` turns under `SPEED_PAR`.
pub const SPEED_PAR: u64 = 20_000;
/// See `SPEED_PAR`.
pub const SPEED_TURNS_PER_POINT: u64 = 10;

impl Stats {
    /// What slaying one is worth to the score: 5, and a share of how dangerous it is (its hit
    /// points times its mean damage times its speed), from 5 for a bloat to 104 for a troll.
    pub const fn worth(&self) -> u64 {
        5 + (self.max_hp as u64 * (self.damage.0 + self.damage.1) as u64 * self.speed as u64) / 400
    }
}

/// What a run has done, as the score reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally<'a> {
    /// The record: the deepest level, the kills by kind, how it ended.
    pub record: &'a RunRecord,
    /// The gold carried.
    pub gold: u32,
    /// Whether the Heartstone is carried.
    pub heartstone: bool,
    /// Turns played.
    pub turns: u64,
}

/// The score of a run that has done `tally`:
/// `100 x deepest level + gold + the worth of every foe slain + 1,000 with the Heartstone`,
/// and for a win `2,000 + (20,000 - turns) / 10` more (no less than nothing).
pub fn score(tally: Tally<'_>) -> u64 {
    let Tally {
        record,
        gold,
        heartstone,
        turns,
    } = tally;
    let slain: u64 = Kind::ALL
        .iter()
        .zip(record.kills)
        .map(|(k, n)| k.stats().worth() * u64::from(n))
        .sum();
    let mut total = PER_LEVEL * u64::from(record.deepest) + u64::from(gold) + slain;
    if heartstone {
        total += HEARTSTONE;
    }
    if record.ending == Some(Ending::Won) {
        total += WIN + SPEED_PAR.saturating_sub(turns) / SPEED_TURNS_PER_POINT;
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(deepest: u32, kills: &[(Kind, u32)], ending: Option<Ending>) -> RunRecord {
        let mut r = RunRecord {
            deepest,
            ending,
            ..RunRecord::default()
        };
        for &(k, n) in kills {
            r.kills[k as usize] = n;
            r.slain += n;
        }
        r
    }

    #[test]
    fn worth_grows_with_danger() {
        assert_eq!(Kind::Rat.stats().worth(), 8);
        assert_eq!(Kind::Bloat.stats().worth(), 5);
        assert_eq!(Kind::Troll.stats().worth(), 140);
        assert!(Kind::Ogre.stats().worth() > Kind::Orc.stats().worth());
        assert!(Kind::Jackal.stats().worth() > Kind::Rat.stats().worth(), "fast counts");
    }

    #[test]
    fn the_score_counts_depth_gold_foes_the_heartstone_and_a_fast_win() {
        let fresh = record(1, &[], None);
        let tally = |record, gold, heartstone, turns| Tally {
            record,
            gold,
            heartstone,
            turns,
        };
        assert_eq!(score(tally(&fresh, 0, false, 0)), 100);
        let fought = record(3, &[(Kind::Rat, 2), (Kind::Orc, 1)], None);
        assert_eq!(
            score(tally(&fought, 40, false, 900)),
            300 + 40 + 16 + Kind::Orc.stats().worth()
        );
        let died = record(10, &[], Some(Ending::Died { by: "a troll".into() }));
        assert_eq!(
            score(tally(&died, 0, true, 5_000)),
            1_000 + 1_000,
            "the Heartstone, no win"
        );
        let won = record(10, &[], Some(Ending::Won));
        assert_eq!(score(tally(&won, 0, true, 5_000)), 1_000 + 1_000 + 2_000 + 1_500);
        assert_eq!(
            score(tally(&won, 0, true, 30_000)),
            4_000,
            "a slow win has no speed bonus, and loses nothing"
        );
        assert!(
            score(tally(&won, 0, true, 4_000)) > score(tally(&won, 0, true, 4_010)),
            "faster is more"
        );
    }
}

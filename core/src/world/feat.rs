//! Feats: things a run can do that a player may be proud of (win without drinking a potion,
//! reach level 5 unhurt, find every secret on a level...), a table of plain data, each judged
//! from the run's record and what it counted on the way (`Deeds`). A run earns each once; the
//! machine keeps every feat ever earned beside the history (`save::FeatBook`).

use super::growth::grade_of;
use super::kind::Kind;
use super::record::{Ending, RunRecord};

super::stable::catalog! {
    /// A feat.
    /// Saved by its pinned id (`Feat::id`), never by its place in this list.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub enum Feat: "feat";
    /// Its name and what earns it.
    words -> (&'static str, &'static str) {
        /// Slay a foe.
        FirstBlood = 0 => ("First blood", "Slay a foe."),
        /// Reach level 5.
        Delver = 1 => ("Delver", "Reach level 5."),
        /// Reach level 10.
        Depths = 2 => ("The depths", "Reach level 10."),
        /// Take the Heartstone.
        HeartInHand = 3 => ("Heart in hand", "Take the Heartstone."),
        /// Win.
        Daylight = 4 => ("Daylight", "Escape with the Heartstone."),
        /// Win without drinking a potion.
        Teetotaller = 5 => ("Teetotaller", "Win without drinking a potion."),
        /// Win without reading a scroll.
        Unlettered = 6 => ("Unlettered", "Win without reading a scroll."),
        /// Reach level 5 without being hurt.
        Untouched = 7 => ("Untouched", "Reach level 5 without being hurt."),
        /// Win in fewer than `SWIFT_TURNS` turns.
        Swift = 8 => ("Swift", "Win in fewer than 8,000 turns."),
        /// Carry 500 gold.
        Hoarder = 9 => ("Hoarder", "Carry 500 gold."),
        /// Slay 50 foes in a run.
        Slayer = 10 => ("Slayer", "Slay 50 foes in one run."),
        /// Slay a troll.
        TrollSlayer = 11 => ("Troll slayer", "Slay a troll."),
        /// Reach level 4 having slain nothing.
        Pacifist = 12 => ("Pacifist", "Reach level 4 having slain nothing."),
        /// Find every secret on a level that has two or more.
        NothingHidden = 13 => ("Nothing hidden", "Find every secret on a level with two or more."),
        /// Stab five sleepers in a run.
        Assassin = 14 => ("Assassin", "Stab five sleeping foes in one run."),
        /// Enchant something to +3.
        Enchanter = 15 => ("Enchanter", "Enchant a weapon or armour to +3."),
        /// Reach experience level 8.
        Seasoned = 16 => ("Seasoned", "Reach experience level 8."),
        /// Open a locked door with its key.
        KeyHolder = 17 => ("Key holder", "Open a locked door with its key."),
        /// Eat five rations in a run.
        Gourmand = 18 => ("Gourmand", "Eat five rations in one run."),
        /// Free a captive: have an ally.
        Liberator = 19 => ("Liberator", "Free a captive from its chains."),
        /// Win with an ally beside you.
        Fellowship = 20 => ("Fellowship", "Escape with the Heartstone and an ally at your side."),
    }
}

/// A win faster than this many turns is swift.
pub const SWIFT_TURNS: u64 = 8_000;

/// What a run is, as the feats judge it.
#[derive(Clone, Copy, Debug)]
pub struct Judged<'a> {
    /// Its record.
    pub record: &'a RunRecord,
    /// The gold carried.
    pub gold: u32,
    /// Whether the Heartstone is carried.
    pub heartstone: bool,
    /// Turns played.
    pub turns: u64,
    /// Experience.
    pub xp: u32,
    /// Allies on the player's level (a freed captive is the only way to one).
    pub allies: usize,
}

impl Feat {
    /// Its name ("Teetotaller").
    pub const fn name(self) -> &'static str {
        self.words().0
    }

    /// Its bit in a set of feats (`RunRecord::feats`), by its pinned id.
    pub const fn bit(self) -> u32 {
        1 << self.id()
    }

    /// Whether a run that is `run` has earned it.
    pub fn earned(self, run: &Judged) -> bool {
        let r = run.record;
        let d = &r.deeds;
        let won = r.ending == Some(Ending::Won);
        match self {
            Feat::FirstBlood => r.slain > 0,
            Feat::Delver => r.deepest >= 5,
            Feat::Depths => r.deepest >= 10,
            Feat::HeartInHand => run.heartstone || won,
            Feat::Daylight => won,
            Feat::Teetotaller => won && d.drunk == 0,
            Feat::Unlettered => won && d.read == 0,
            Feat::Untouched => r.deepest >= 5 && d.first_hurt == 0,
            Feat::Swift => won && run.turns < SWIFT_TURNS,
            Feat::Hoarder => run.gold >= 500,
            Feat::Slayer => r.slain >= 50,
            Feat::TrollSlayer => r.kills[Kind::Troll as usize] > 0,
            Feat::Pacifist => r.deepest >= 4 && r.slain == 0,
            Feat::NothingHidden => d.all_secrets,
            Feat::Assassin => d.stabs >= 5,
            Feat::Enchanter => d.best_plus >= 3,
            Feat::Seasoned => grade_of(run.xp) >= 8,
            Feat::KeyHolder => d.unlocked > 0,
            Feat::Gourmand => d.eaten >= 5,
            Feat::Liberator => run.allies > 0,
            Feat::Fellowship => won && run.allies > 0,
        }
    }

    /// The feats whose bits are set in `bits`, in table order.
    pub fn in_set(bits: u32) -> impl Iterator<Item = Feat> {
        Feat::ALL.into_iter().filter(move |f| bits & f.bit() != 0)
    }

    /// The feats `run` has earned that `bits` does not hold yet.
    pub fn new_in(run: &Judged, bits: u32) -> Vec<Feat> {
        Feat::ALL
            .into_iter()
            .filter(|f| bits & f.bit() == 0 && f.earned(run))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judged(record: &RunRecord) -> Judged<'_> {
        Judged {
            record,
            gold: 0,
            heartstone: false,
            turns: 1_000,
            xp: 0,
            allies: 0,
        }
    }

    #[test]
    fn there_are_at_least_fifteen_feats_each_with_its_own_id_and_words() {
        assert!(Feat::ALL.len() >= 15);
        for (i, f) in Feat::ALL.iter().enumerate() {
            assert_eq!(*f as usize, i);
            assert_eq!(Feat::from_id(f.id()), Some(*f));
            assert!(f.words().1.ends_with('.'));
        }
    }

    #[test]
    fn a_win_without_potions_is_a_teetotaller_s_and_one_with_is_not() {
        let mut r = RunRecord {
            deepest: 10,
            ending: Some(Ending::Won),
            ..RunRecord::default()
        };
        let won = Feat::new_in(&judged(&r), 0);
        assert!(won.contains(&Feat::Teetotaller) && won.contains(&Feat::Daylight));
        assert!(won.contains(&Feat::Swift), "won in 1,000 turns");
        r.deeds.drunk = 1;
        r.deeds.first_hurt = 2;
        let won = Feat::new_in(&judged(&r), 0);
        assert!(!won.contains(&Feat::Teetotaller) && !won.contains(&Feat::Untouched));
        assert!(
            Feat::new_in(&judged(&r), Feat::Daylight.bit())
                .iter()
                .all(|&f| f != Feat::Daylight)
        );
    }

    #[test]
    fn untouched_needs_level_five_and_no_wound() {
        let mut r = RunRecord {
            deepest: 4,
            ..RunRecord::default()
        };
        assert!(!Feat::Untouched.earned(&judged(&r)));
        r.deepest = 5;
        assert!(Feat::Untouched.earned(&judged(&r)));
        assert!(Feat::Pacifist.earned(&judged(&r)), "nothing slain on the way");
        r.deeds.first_hurt = 5;
        assert!(!Feat::Untouched.earned(&judged(&r)));
    }

    #[test]
    fn an_ally_is_a_liberator_s_and_a_win_beside_one_a_fellowship() {
        let mut r = RunRecord::default();
        let with = |r: &RunRecord, allies| Feat::new_in(&Judged { allies, ..judged(r) }, 0);
        assert!(!with(&r, 0).contains(&Feat::Liberator));
        assert!(with(&r, 1).contains(&Feat::Liberator));
        assert!(!with(&r, 1).contains(&Feat::Fellowship));
        r.ending = Some(Ending::Won);
        assert!(with(&r, 2).contains(&Feat::Fellowship));
        assert!(!with(&r, 0).contains(&Feat::Fellowship));
    }
}

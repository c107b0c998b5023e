//! How a run is played: its difficulty (easy, normal, hard) and the challenges it took on, which
//! combine. Chosen when the run begins and part of how it began: saved, recorded, replayed the
//! same, named by the history, the high scores and the board. Each is one row of data (its name,
//! its words, its pinned id); the rules and the making of levels read them through `Mode`.

use super::stable::catalog;

catalog! {
    /// How hard the monsters hit. Saved and recorded by its pinned id.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub enum Difficulty: "difficulty";
    /// Its name and words.
    row -> ModeRow {
        /// The game as it is balanced.
        #[default]
        Normal = 0 => ModeRow {
            name: "normal",
            about: "The game as it is balanced: the boards' main list.",
        },
        /// For learning.
        Easy = 1 => ModeRow {
            name: "easy",
            about: "For learning: monsters' blows and arrows hurt you half as much (at least 1), and the score is halved.",
        },
        /// For the practised.
        Hard = 2 => ModeRow {
            name: "hard",
            about: "Monsters' blows and arrows hurt you half as much again, and the score is half as much again.",
        },
    }
}

catalog! {
    /// A challenge a run may take on; any of them combine. Saved and recorded by its pinned id.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub enum Challenge: "challenge";
    /// Its name (one word, as `--challenge` takes it) and words.
    row -> ModeRow {
        /// No armour may be worn.
        NoArmour = 0 => ModeRow {
            name: "no-armour",
            about: "No armour can be worn (a beginning's armour stays in the pack).",
        },
        /// No potion of healing lies anywhere.
        NoHealing = 1 => ModeRow {
            name: "no-healing",
            about: "No potion of healing lies anywhere in the dungeon, nor in what monsters carry.",
        },
        /// Every level as dark as the deepest.
        Darkness = 2 => ModeRow {
            name: "darkness",
            about: "Every level is as dark as the deepest, and your own light as short as it is there.",
        },
        /// Rations feed half as long.
        ShortRations = 3 => ModeRow {
            name: "short-rations",
            about: "A ration fills the stomach by half as much.",
        },
        /// Half as many monsters again.
        Swarm = 4 => ModeRow {
            name: "swarm",
            about: "Every level is made with half as many monsters again (at least one more).",
        },
        /// Every monster a champion.
        Champions = 5 => ModeRow {
            name: "champions",
            about: "Every monster that fights hand to hand is a champion: named, stronger, harder to kill.",
        },
        /// Half the hit points.
        Frail = 6 => ModeRow {
            name: "frail",
            about: "You begin with half the hit points at most: 15 of 30.",
        },
    }
}

/// A difficulty's or a challenge's name and words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModeRow {
    /// Its name, lower case, as the command line and the page's address take it.
    pub name: &'static str,
    /// What it does, for New run and the docs.
    pub about: &'static str,
}

impl Difficulty {
    /// Its name ("easy").
    pub const fn name(self) -> &'static str {
        self.row().name
    }

    /// The difficulty named `name`, or why not (the names there are).
    pub fn parse(name: &str) -> Result<Difficulty, String> {
        named(&Difficulty::ALL, Difficulty::name, "difficulty", name)
    }
}

impl Challenge {
    /// Its name ("no-armour").
    pub const fn name(self) -> &'static str {
        self.row().name
    }

    /// The challenge named `name`, or why not (the names there are).
    pub fn parse(name: &str) -> Result<Challenge, String> {
        named(&Challenge::ALL, Challenge::name, "challenge", name)
    }

    const fn bit(self) -> u32 {
        1 << self.id()
    }
}

/// The one of `all` whose name is `asked`, or a sentence naming `asked` and the names there are
/// ("no challenge is called \"bees\" (there are no-armour, …)").
fn named<T: Copy>(all: &[T], name: fn(T) -> &'static str, what: &str, asked: &str) -> Result<T, String> {
    all.iter().copied().find(|&t| name(t) == asked).ok_or_else(|| {
        let names: Vec<&str> = all.iter().map(|&t| name(t)).collect();
        format!("no {what} is called \"{asked}\" (there are {})", names.join(", "))
    })
}

/// How a run is played: a difficulty and any set of challenges. The default is the standard
/// game, normal with none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Mode {
    /// How hard the monsters hit.
    pub difficulty: Difficulty,
    /// The challenges taken on, a bit each by pinned id.
    challenges: u32,
}

impl Mode {
    /// The standard game: normal, no challenge.
    pub const STANDARD: Mode = Mode {
        difficulty: Difficulty::Normal,
        challenges: 0,
    };

    /// `difficulty` with no challenge.
    pub const fn of(difficulty: Difficulty) -> Mode {
        Mode {
            difficulty,
            challenges: 0,
        }
    }

    /// The same mode with `challenge` taken on too.
    #[must_use]
    pub const fn with(self, challenge: Challenge) -> Mode {
        Mode {
            challenges: self.challenges | challenge.bit(),
            ..self
        }
    }

    /// The same mode without `challenge`.
    #[must_use]
    pub const fn without(self, challenge: Challenge) -> Mode {
        Mode {
            challenges: self.challenges & !challenge.bit(),
            ..self
        }
    }

    /// Whether `challenge` was taken on.
    pub const fn has(self, challenge: Challenge) -> bool {
        self.challenges & challenge.bit() != 0
    }

    /// The challenges taken on, in the table's order.
    pub fn challenges(self) -> impl Iterator<Item = Challenge> {
        Challenge::ALL.into_iter().filter(move |&c| self.has(c))
    }

    /// Whether it is the standard game (normal, no challenge): what the main boards rank.
    pub const fn is_standard(self) -> bool {
        matches!(self.difficulty, Difficulty::Normal) && self.challenges == 0
    }

    /// Its challenges as saved: a bit each by pinned id.
    pub const fn challenge_bits(self) -> u32 {
        self.challenges
    }

    /// The mode a save or recording keeps (`difficulty`'s pinned id, `challenge_bits`), or what
    /// in it names nothing.
    pub fn from_saved(difficulty: u32, challenges: u32) -> Result<Mode, String> {
        let difficulty =
            Difficulty::from_id(difficulty).ok_or_else(|| format!("no difficulty has the id {difficulty}"))?;
        let known = Challenge::ALL.iter().fold(0, |bits, c| bits | c.bit());
        if challenges & !known != 0 {
            return Err(format!("challenges {challenges:#x} name one that does not exist"));
        }
        Ok(Mode { difficulty, challenges })
    }

    /// A mode from its names, as the command line and the page's address give them: a
    /// difficulty (`None`: normal) and challenges separated by commas (`None` or empty: none).
    /// A name that is no difficulty or challenge, or a challenge named twice, is refused by name.
    pub fn parse(difficulty: Option<&str>, challenges: Option<&str>) -> Result<Mode, String> {
        let mut mode = Mode::of(difficulty.map_or(Ok(Difficulty::Normal), Difficulty::parse)?);
        for name in challenges
            .unwrap_or("")
            .split(',')
            .map(str::trim)
            .filter(|n| !n.is_empty())
        {
            let challenge = Challenge::parse(name)?;
            if mode.has(challenge) {
                return Err(format!("the challenge \"{name}\" is named twice"));
            }
            mode = mode.with(challenge);
        }
        Ok(mode)
    }

    /// Its name as the history, the boards and `--verify` give it: "normal", "hard", "easy,
    /// darkness+swarm" (the difficulty, then the challenges in the table's order).
    pub fn name(self) -> String {
        let challenges: Vec<&str> = self.challenges().map(Challenge::name).collect();
        if challenges.is_empty() {
            self.difficulty.name().to_owned()
        } else {
            format!("{}, {}", self.difficulty.name(), challenges.join("+"))
        }
    }

    /// The mode `name` names, written as `name` writes it ("hard", "easy, darkness+swarm"), or
    /// why not (a name there is not, a challenge twice or out of the table's order: one mode has
    /// one name).
    pub fn from_name(name: &str) -> Result<Mode, String> {
        let (difficulty, challenges) = match name.split_once(", ") {
            Some((d, c)) => (d, Some(c)),
            None => (name, None),
        };
        let mode = Mode::parse(Some(difficulty), challenges.map(|c| c.replace('+', ",")).as_deref())?;
        if mode.name() != name {
            return Err(format!("\"{name}\" is not written as a mode is (\"{}\")", mode.name()));
        }
        Ok(mode)
    }

    /// The damage a monster's blow or arrow of `damage` does to the player in this mode.
    pub const fn blow_on_player(self, damage: i32) -> i32 {
        if damage <= 0 {
            return damage;
        }
        match self.difficulty {
            Difficulty::Normal => damage,
            Difficulty::Easy => (damage + 1) / 2,
            Difficulty::Hard => damage + damage / 2,
        }
    }

    /// A run's score of `score` points in this mode.
    pub const fn score(self, score: u64) -> u64 {
        match self.difficulty {
            Difficulty::Normal => score,
            Difficulty::Easy => score / 2,
            Difficulty::Hard => score + score / 2,
        }
    }

    /// The depth whose light level `depth` has in this mode (the deepest's, in darkness).
    pub const fn light_depth(self, depth: u32) -> u32 {
        if self.has(Challenge::Darkness) {
            super::DEEPEST
        } else {
            depth
        }
    }

    /// What a ration of `food` turns fills in this mode.
    pub const fn ration(self, food: u32) -> u32 {
        if self.has(Challenge::ShortRations) {
            food / 2
        } else {
            food
        }
    }

    /// The most hit points a player of `most` begins with in this mode.
    pub const fn hit_points(self, gain: i32) -> i32 {
        if self.has(Challenge::Frail) { gain / 2 } else { gain }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_bad_ones_are_refused_by_name() {
        assert_eq!(Mode::parse(None, None), Ok(Mode::STANDARD));
        let mode = Mode::parse(Some("hard"), Some("swarm, darkness")).unwrap();
        assert_eq!(mode.name(), "hard, darkness+swarm");
        assert!(mode.has(Challenge::Swarm) && !mode.has(Challenge::Frail) && !mode.is_standard());
        assert_eq!(Mode::parse(Some("hard"), Some("darkness,swarm")), Ok(mode));
        let e = Mode::parse(Some("nightmare"), None).unwrap_err();
        assert!(e.contains("\"nightmare\"") && e.contains("easy, hard"), "{e}");
        let e = Mode::parse(None, Some("swarm,bees")).unwrap_err();
        assert!(e.contains("\"bees\"") && e.contains("no-armour"), "{e}");
        assert!(Mode::parse(None, Some("swarm,swarm")).unwrap_err().contains("twice"));
        assert_eq!(Mode::from_saved(mode.difficulty.id(), mode.challenge_bits()), Ok(mode));
        assert!(Mode::from_saved(9, 0).is_err());
        assert!(Mode::from_saved(0, 1 << 30).is_err());
        assert!(Challenge::ALL.len() >= 6, "the issue asks for six at least");
        // A mode's name reads back as the mode, and only as it is written.
        for m in [
            Mode::STANDARD,
            mode,
            Mode::of(Difficulty::Easy),
            Mode::STANDARD.with(Challenge::NoArmour),
        ] {
            assert_eq!(Mode::from_name(&m.name()), Ok(m));
        }
        assert!(
            Mode::from_name("hard, swarm+darkness")
                .unwrap_err()
                .contains("not written as a mode is")
        );
        assert!(Mode::from_name("hard,").is_err() && Mode::from_name("").is_err());
        assert!(Mode::from_name("hard, bees").unwrap_err().contains("\"bees\""));
    }

    #[test]
    fn the_difficulties_scale_blows_and_scores() {
        let (easy, hard) = (Mode::of(Difficulty::Easy), Mode::of(Difficulty::Hard));
        assert_eq!(
            (
                easy.blow_on_player(5),
                Mode::STANDARD.blow_on_player(5),
                hard.blow_on_player(5)
            ),
            (3, 5, 7)
        );
        assert_eq!(easy.blow_on_player(1), 1, "a blow still hurts");
        assert_eq!((easy.score(1000), hard.score(1000)), (500, 1500));
    }
}

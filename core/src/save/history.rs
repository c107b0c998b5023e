//! The run history: one line for every finished run (its seed, how deep it went, how long it
//! lasted, how it ended, what it carried), newest last, kept as RON text beside the save.

use serde::{Deserialize, Serialize};

use crate::dungeon::{Dungeon, Origin};
use crate::world::{Ending, Feat, Player, RunRecord};

/// How many finished runs are kept (the oldest are dropped).
pub const KEEP: usize = 200;
/// How many of the newest finished runs keep their recording and story beside the history (a
/// recording is about a kilobyte a thousand turns, a story a few kilobytes).
pub const RECORDINGS_KEEP: usize = 50;

/// A finished run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PastRun {
    /// The run as a player reads it: "seed 42 (80x50, mixed)" or "custom map (30x12)".
    pub run: String,
    /// The seed, for a generated run.
    pub seed: Option<u64>,
    /// The deepest level reached.
    pub deepest: u32,
    /// Turns played.
    pub turns: u64,
    /// Monsters slain.
    pub slain: u32,
    /// How it ended: "won", "killed by a goblin on level 3".
    pub ending: String,
    /// When it ended, in seconds since 1970.
    pub ended_at: u64,
    /// What the player carried at the end, by the names it knew them by ("a sword (wielded)",
    /// "3 darts"); empty in a history written before items.
    #[serde(default)]
    pub carried: Vec<String>,
    /// The name its recording and story are kept under beside the history (`None`: not kept,
    /// or no longer: only the newest `RECORDINGS_KEEP` keep theirs).
    #[serde(default)]
    pub id: Option<String>,
    /// The date of the daily dungeon it was, if it was one.
    #[serde(default)]
    pub daily: Option<String>,
    /// Its score (`Run::score`); `None` in a history written before scores.
    #[serde(default)]
    pub score: Option<u64>,
    /// The gold it carried at the end.
    #[serde(default)]
    pub gold: u32,
    /// The feats it earned, in table order; empty in a history written before feats.
    #[serde(default)]
    pub feats: Vec<Feat>,
    /// The level it began on (`--depth`); 0 in a history written before this was kept (read as
    /// the first).
    #[serde(default)]
    pub start: u32,
    /// How it was played, when not the standard game ("easy", "hard, darkness+swarm"): ranked
    /// apart from the standard game's runs. `None` in the standard game, and in a history
    /// written before modes.
    #[serde(default)]
    pub mode: Option<String>,
}

/// How a won run's ending reads.
pub const WON: &str = "escaped with the Heartstone";

impl PastRun {
    /// The record of a run that just ended.
    pub fn of(dungeon: &Dungeon, record: &RunRecord, turns: u64, ended_at: u64) -> Self {
        let ending = match &record.ending {
            Some(Ending::Won) => WON.to_owned(),
            Some(Ending::Died { by }) => format!("killed by {by} on depth {}", dungeon.depth()),
            None => "abandoned".to_owned(),
        };
        PastRun {
            run: dungeon.describe(),
            seed: match dungeon.origin() {
                Origin::Run(p) => Some(p.seed),
                Origin::Map => None,
            },
            deepest: record.deepest,
            turns,
            slain: record.slain,
            ending,
            ended_at,
            carried: Vec::new(),
            id: None,
            daily: None,
            score: None,
            gold: 0,
            feats: Vec::new(),
            start: 1,
            mode: (!dungeon.mode().is_standard()).then(|| dungeon.mode().name()),
        }
    }

    /// Whether it began as every run does, generated from the top: a deep start or a map of
    /// one's own is ranked apart (a deep start scored its levels without playing them).
    pub fn from_the_top(&self) -> bool {
        self.seed.is_some() && self.start <= 1
    }

    /// How a run that did not begin from the top is marked: "from depth 10", "on a map".
    pub fn start_mark(&self) -> Option<String> {
        match (self.seed, self.start) {
            (None, _) => Some("on a map of its own".to_owned()),
            (Some(_), start) if start > 1 => Some(format!("from depth {start}")),
            _ => None,
        }
    }

    /// The record of `run`, which just ended at `ended_at`: how it went, what it carried, its
    /// gold and its score.
    pub fn of_run(run: &crate::run::Run, ended_at: u64) -> Self {
        let mut past = PastRun::of(run.dungeon(), run.record(), run.turn(), ended_at).carrying(run.player());
        past.score = Some(run.score());
        past.gold = run.player().gold;
        past.feats = run.feats().collect();
        past.start = match run.spec() {
            crate::run::RunSpec::Seeded { params, .. } => params.depth,
            crate::run::RunSpec::Level(_) => 1,
        };
        past
    }

    /// The same record, saying what `player` carried at the end.
    pub fn carrying(mut self, player: &Player) -> Self {
        let pack = &player.pack;
        self.carried = pack
            .items()
            .map(|(s, item)| {
                let worn = pack.worn_as(s).map_or_else(String::new, |w| format!(" ({w})"));
                format!("{}{worn}", player.lore.describe(item))
            })
            .collect();
        self
    }

    /// One line of the history screen.
    pub fn line(&self) -> String {
        let daily = self.daily.as_ref().map_or_else(String::new, |d| format!("daily {d}, "));
        let daily = match self.start_mark() {
            Some(mark) if self.seed.is_some() => format!("{daily}{mark}, "),
            _ => daily,
        };
        let score = self.score.map_or_else(String::new, |s| format!("score {s}, "));
        let mut line = format!(
            "{}  {daily}{}: {score}depth {}, {} turns, {} slain, {}",
            crate::run::Date::from_unix(self.ended_at),
            self.run,
            self.deepest,
            self.turns,
            self.slain,
            self.ending
        );
        if !self.feats.is_empty() {
            let names: Vec<&str> = self.feats.iter().map(|f| f.name()).collect();
            line.push_str(&format!("; feats: {}", names.join(", ")));
        }
        match self.carried.len() {
            0 => {}
            1 => line.push_str(&format!("; carried {}", self.carried[0])),
            n => line.push_str(&format!("; carried {} and {} more", self.carried[0], n - 1)),
        }
        line
    }
}

/// The best of `runs`: the highest score (a run from before scores has none, and comes after
/// any that has one), then a win, the deepest level, the most slain, the fewest turns. `None`
/// for no runs.
pub fn best(runs: &[PastRun]) -> Option<usize> {
    (0..runs.len()).max_by_key(|&i| {
        let r = &runs[i];
        (r.score, r.ending == WON, r.deepest, r.slain, std::cmp::Reverse(r.turns))
    })
}

/// Every feat ever earned on this machine (or in this browser): when each was first earned, by
/// which run, and how many runs have earned it. Kept in a file of its own beside the history, so
/// a feat is never lost with a run, nor when the history drops its oldest runs.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FeatBook {
    /// The feats earned, in the order first earned.
    pub earned: Vec<Earned>,
}

/// A feat in the book.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Earned {
    /// The feat.
    pub feat: Feat,
    /// When it was first earned, in seconds since 1970.
    pub first: u64,
    /// The run that first earned it, as the history names it ("seed 42 (80x50, mixed)").
    pub run: String,
    /// How many finished runs have earned it (0: only a run still going has).
    pub times: u32,
    /// How the run that first earned it was played, when not the standard game ("easy"): a feat
    /// earned on easy is marked so. `None` in a book written before modes.
    #[serde(default)]
    pub mode: Option<String>,
}

impl FeatBook {
    /// Writes in the feats `past` earned (a finished run); returns those earned for the first
    /// time.
    pub fn add(&mut self, past: &PastRun) -> Vec<Feat> {
        let mut new = Vec::new();
        for &feat in &past.feats {
            match self.earned.iter_mut().find(|e| e.feat == feat) {
                Some(e) => e.times = e.times.saturating_add(1),
                None => {
                    self.earned.push(Earned {
                        feat,
                        first: past.ended_at,
                        run: past.run.clone(),
                        times: 1,
                        mode: past.mode.clone(),
                    });
                    new.push(feat);
                }
            }
        }
        new
    }

    /// Writes in `feat`, earned at `at` (seconds since 1970) by the run the history will call
    /// `run`, played in `mode` (`None`: the standard game), if the book has it not yet: counted
    /// by no run until that run ends (`add` counts it then). Whether it was new to the book.
    pub fn earn(&mut self, feat: Feat, at: u64, run: &str, mode: Option<String>) -> bool {
        if self.get(feat).is_some() {
            return false;
        }
        self.earned.push(Earned {
            feat,
            first: at,
            run: run.to_owned(),
            times: 0,
            mode,
        });
        true
    }

    /// The book's entry for `feat`, if it was ever earned.
    pub fn get(&self, feat: Feat) -> Option<&Earned> {
        self.earned.iter().find(|e| e.feat == feat)
    }

    /// The book as RON text (what its file holds).
    pub fn to_text(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).expect("a book always serialises")
    }

    /// The book back from its RON text, or why not.
    pub fn from_text(bytes: &[u8]) -> Result<Self, String> {
        let text = std::str::from_utf8(bytes).map_err(|e| format!("not text: {e}"))?;
        let book: FeatBook = ron::from_str(text).map_err(|e| e.to_string())?;
        if book.earned.len() > Feat::ALL.len() {
            return Err(format!("{} feats, more than there are", book.earned.len()));
        }
        Ok(book)
    }
}

/// Every finished run kept, oldest first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct History {
    /// The runs, oldest first.
    pub runs: Vec<PastRun>,
}

impl History {
    /// Adds a finished run, dropping the oldest past `KEEP`; returns the names of the recordings
    /// and stories no longer kept (runs older than the newest `RECORDINGS_KEEP`), for their
    /// files to be removed.
    pub fn push(&mut self, run: PastRun) -> Vec<String> {
        self.runs.push(run);
        let mut dropped = Vec::new();
        if self.runs.len() > KEEP {
            dropped.extend(self.runs.drain(..self.runs.len() - KEEP).filter_map(|r| r.id));
        }
        let older = self.runs.len().saturating_sub(RECORDINGS_KEEP);
        dropped.extend(self.runs[..older].iter_mut().filter_map(|r| r.id.take()));
        dropped
    }

    /// The history as RON text (what the history file holds).
    pub fn to_text(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).expect("a history always serialises")
    }

    /// The history back from its RON text, or why not.
    pub fn from_text(bytes: &[u8]) -> Result<Self, String> {
        let text = std::str::from_utf8(bytes).map_err(|e| format!("not text: {e}"))?;
        ron::from_str(text).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn past(ending: &str, deepest: u32, slain: u32, turns: u64) -> PastRun {
        PastRun {
            run: "seed 1 (80x50, mixed)".into(),
            seed: Some(1),
            deepest,
            turns,
            slain,
            ending: ending.into(),
            ended_at: 1_795_478_400 + 3_600,
            carried: Vec::new(),
            id: None,
            daily: None,
            score: None,
            gold: 0,
            feats: Vec::new(),
            start: 1,
            mode: None,
        }
    }

    #[test]
    fn a_run_in_a_mode_says_so_and_so_do_the_feats_it_earns() {
        use crate::generation::{CorridorStyle, GenParams};
        use crate::world::{Difficulty, Mode};
        let easy = Mode::of(Difficulty::Easy);
        let dungeon = Dungeon::new(GenParams::new(3, 80, 50, CorridorStyle::Mixed))
            .unwrap()
            .with_mode(easy);
        let record = RunRecord::default();
        let mut past = PastRun::of(&dungeon, &record, 10, 0);
        assert_eq!(past.mode.as_deref(), Some("easy"));
        assert!(past.run.ends_with("[easy]"), "{}", past.run);
        past.feats = vec![Feat::Swift];
        let mut book = FeatBook::default();
        book.add(&past);
        assert_eq!(book.get(Feat::Swift).and_then(|e| e.mode.as_deref()), Some("easy"));
        let standard = PastRun::of(
            &Dungeon::new(GenParams::new(3, 80, 50, CorridorStyle::Mixed)).unwrap(),
            &record,
            10,
            0,
        );
        assert_eq!(standard.mode, None);
        // A history and a book from before modes read as the standard game.
        let text = History {
            runs: vec![standard.clone()],
        }
        .to_text()
        .replace("    mode: None,\n", "");
        assert_eq!(History::from_text(text.as_bytes()).unwrap().runs, [standard]);
    }

    #[test]
    fn the_best_run_is_the_highest_score_and_a_line_shows_it() {
        let scored = |ending: &str, deepest, score| PastRun {
            score: Some(score),
            ..past(ending, deepest, 0, 100)
        };
        let runs = [
            past(WON, 10, 30, 5_000),
            scored("killed by an orc on level 6", 6, 900),
            scored("killed by a troll on level 9", 9, 1_400),
        ];
        assert_eq!(best(&runs), Some(2), "scored runs before any from before scores");
        assert!(runs[2].line().contains(": score 1400, depth 9"), "{}", runs[2].line());
        assert!(!runs[0].line().contains("score"), "{}", runs[0].line());
        // A deep start says so, and so does a map; a history from before starts were kept reads
        // its runs as begun at the top.
        let deep = PastRun {
            start: 10,
            ..runs[1].clone()
        };
        assert!(deep.line().contains("from depth 10, seed 1"), "{}", deep.line());
        assert!(!deep.from_the_top() && runs[1].from_the_top());
        let map = PastRun {
            seed: None,
            ..runs[1].clone()
        };
        assert!(!map.from_the_top());
        let text = History { runs: runs.to_vec() }.to_text();
        assert_eq!(History::from_text(text.as_bytes()).unwrap().runs, runs);
        let old = "(runs: [(run: \"seed 1 (80x50, mixed)\", seed: Some(1), deepest: 2, turns: 9, slain: 0, ending: \"abandoned\", ended_at: 0)])";
        assert_eq!(
            History::from_text(old.as_bytes()).unwrap().runs[0].score,
            None,
            "an old history reads"
        );
    }

    #[test]
    fn the_book_keeps_each_feat_s_first_earning_and_counts_the_rest() {
        let mut book = FeatBook::default();
        let mut first = past(WON, 10, 30, 5_000);
        first.feats = vec![Feat::FirstBlood, Feat::Daylight];
        assert_eq!(book.add(&first), vec![Feat::FirstBlood, Feat::Daylight]);
        let mut second = past("killed by a rat on level 1", 1, 1, 40);
        second.ended_at += 100;
        second.feats = vec![Feat::FirstBlood];
        assert_eq!(book.add(&second), vec![], "nothing new");
        let e = book.get(Feat::FirstBlood).unwrap();
        assert_eq!((e.first, e.times), (first.ended_at, 2));
        assert_eq!(book.get(Feat::Swift), None);
        // Earned in a run still going: kept at once, counted when that run ends, once.
        assert!(book.earn(Feat::Swift, 7, "seed 9 (80x50, mixed)", None));
        assert!(
            !book.earn(Feat::Swift, 8, "seed 10 (80x50, mixed)", None),
            "the first earning is kept"
        );
        assert_eq!(book.get(Feat::Swift).map(|e| (e.first, e.times)), Some((7, 0)));
        let mut third = first.clone();
        third.feats = vec![Feat::Swift];
        assert_eq!(book.add(&third), vec![]);
        assert_eq!(book.get(Feat::Swift).map(|e| (e.first, e.times)), Some((7, 1)));
        assert_eq!(FeatBook::from_text(book.to_text().as_bytes()).unwrap(), book);
        assert!(FeatBook::from_text(b"(earned: [(feat: Dragon, first: 0, run: \"\", times: 1)])").is_err());
        assert!(
            first.line().contains("; feats: First blood, Daylight"),
            "{}",
            first.line()
        );
    }

    #[test]
    fn a_line_shows_its_date_and_the_best_run_is_the_one_that_got_furthest() {
        let line = past("killed by a rat on level 1", 1, 0, 40).line();
        assert!(line.starts_with("2026-11-24  seed 1 (80x50, mixed): depth 1"), "{line}");
        let runs = [
            past("killed by a rat on level 1", 1, 3, 40),
            past("killed by an orc on level 6", 6, 20, 900),
            past(WON, 10, 30, 5_000),
            past(WON, 10, 30, 4_000),
            past("killed by a troll on level 9", 9, 40, 3_000),
        ];
        assert_eq!(best(&runs), Some(3), "a win, then the faster one");
        assert_eq!(best(&runs[..2]), Some(1), "then the deepest");
        assert_eq!(best(&[]), None);
    }
}

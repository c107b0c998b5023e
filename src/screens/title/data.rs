//! What the title screen finds when it opens: the saved runs, the history, and lines about
//! files that could not be read.

use bevy::prelude::*;
use delve_core::save::{FeatBook, History};
use delve_core::world::Feat;

use super::menu::{Daily, HighScore, Menu};
use crate::save::{RunId, SAVED_RUNS_KEEP, SaveSlot, SaveStore, SavedEntry, Slot, Store, load_or_set_aside};

/// What the title screen found when it opened: the saved runs, the history, and lines about
/// files that could not be read.
#[derive(Resource, Default)]
pub(crate) struct TitleData {
    /// Every saved run, the most recently saved first.
    pub saved: Vec<SavedEntry>,
    /// The saved runs as the menus name them.
    pub labels: Vec<String>,
    pub history: History,
    /// The finished runs as the history page lists them, newest first: each line, and whether
    /// its recording and story are kept.
    pub past: Vec<(String, bool)>,
    /// The high scores as their page lists them: the best runs of all, then today's daily's.
    pub scores: Vec<HighScore>,
    /// The feats page's lines, one a feat, and how many were earned.
    pub feats: Vec<String>,
    pub feats_earned: usize,
    pub notices: Vec<String>,
    /// Nothing played or saved here yet, and the tutorial never begun: the title points to it.
    pub newcomer: bool,
}

/// The feats page's lines: every feat, earned or not, with what earns it, and for one earned
/// when it first was and how many runs have earned it.
pub(crate) fn feat_lines(book: &FeatBook) -> Vec<String> {
    Feat::ALL
        .iter()
        .map(|&feat| {
            let (name, what) = feat.words();
            match book.get(feat) {
                Some(e) => format!(
                    "[x] {name}: {what}  First {}, {}{}; {}",
                    delve_core::run::Date::from_unix(e.first),
                    e.run,
                    // Named by its mode even where the run's name does not say it (a book kept
                    // before the name did).
                    e.mode
                        .as_ref()
                        .filter(|m| !e.run.contains(&format!("[{m}]")))
                        .map_or_else(String::new, |m| format!(" [{m}]")),
                    match e.times {
                        0 => "in a run not yet ended".to_owned(),
                        1 => "1 time".to_owned(),
                        n => format!("{n} times"),
                    }
                ),
                None => format!("[ ] {name}: {what}"),
            }
        })
        .collect()
}

/// How many runs the high scores page lists: the best of all, and of today's daily.
const SCORES_SHOWN: usize = 20;
const DAILY_SHOWN: usize = 10;

/// The high scores of `runs` (a history, oldest first): the best `SCORES_SHOWN` of all by score
/// (a tie: the earlier run first), then the best `DAILY_SHOWN` of the daily of `today`, then,
/// apart, the best `DAILY_SHOWN` of the runs that began deep or on a map of their own (marked
/// so: a start on depth 10 scores its levels without playing them). Runs played in a mode (a
/// difficulty or challenges: their name says which) are listed after the daily's, among their
/// own kind. Runs from before scores are not ranked.
pub(crate) fn high_scores(runs: &[delve_core::save::PastRun], today: &str) -> Vec<HighScore> {
    let mut scored: Vec<usize> = (0..runs.len()).filter(|&k| runs[k].score.is_some()).collect();
    scored.sort_by_key(|&k| std::cmp::Reverse(runs[k].score));
    // The standard game from the top is ranked; a run in a mode (easy, hard, challenges) is
    // ranked among its own kind, and a deep start or a map of its own apart.
    let (moded, scored): (Vec<usize>, Vec<usize>) = scored.into_iter().partition(|&k| runs[k].mode.is_some());
    let (ranked, apart): (Vec<usize>, Vec<usize>) = scored.into_iter().partition(|&k| runs[k].from_the_top());
    let entry = |(place, &k): (usize, &usize), what: &str| {
        let r = &runs[k];
        HighScore {
            line: format!(
                "{what}{:>2}. {:>6}  {}, {}",
                place + 1,
                r.score.unwrap_or(0),
                r.run,
                r.ending
            ),
            past: runs.len() - 1 - k,
            kept: r.id.is_some(),
        }
    };
    let mut out: Vec<HighScore> = ranked
        .iter()
        .take(SCORES_SHOWN)
        .enumerate()
        .map(|e| entry(e, ""))
        .collect();
    let daily: Vec<usize> = ranked
        .iter()
        .copied()
        .filter(|&k| runs[k].daily.as_deref() == Some(today))
        .take(DAILY_SHOWN)
        .collect();
    out.extend(daily.iter().enumerate().map(|e| entry(e, "today's daily ")));
    out.extend(
        moded
            .iter()
            .take(DAILY_SHOWN)
            .enumerate()
            .map(|e| entry(e, "in a mode ")),
    );
    for (place, &k) in apart.iter().take(DAILY_SHOWN).enumerate() {
        let mut line = entry((place, &k), "begun apart ");
        if let Some(mark) = runs[k].start_mark() {
            line.line.push_str(&format!(" ({mark})"));
        }
        out.push(line);
    }
    out
}

impl TitleData {
    /// The name finished run `i` (newest first) keeps its recording and story under.
    pub(super) fn past_id(&self, i: usize) -> Option<RunId> {
        let runs = &self.history.runs;
        runs.get(runs.len().checked_sub(i + 1)?)?.id.as_deref()?.parse().ok()
    }
}

impl TitleData {
    /// Today's daily (`today`) on this machine: a saved run of it to continue, else whether one
    /// has ended (the history has it), else not begun.
    pub(super) fn daily(&self, today: &str) -> Daily {
        match crate::save::daily_among(&self.saved, &self.history, today) {
            (Some(i), _) => Daily::Saved(i),
            (None, true) => Daily::Played,
            (None, false) => Daily::Fresh,
        }
    }

    /// The run Continue plays: the most recently saved one that can be played here.
    pub(super) fn resume(&self) -> Option<usize> {
        self.saved.iter().position(|e| e.found.is_ok() && !e.taken)
    }

    /// The oldest saved run that can be retired, when as many runs are saved as are kept.
    pub(super) fn full(&self) -> Option<usize> {
        if self.saved.len() < SAVED_RUNS_KEEP {
            return None;
        }
        self.saved.iter().rposition(|e| e.found.is_ok() && !e.taken)
    }
}

/// Lines to show on the title screen the next time it opens (a settings file set aside at
/// start-up).
#[derive(Resource, Clone, Debug, Default)]
pub(crate) struct TitleNotices(pub Vec<String>);

pub(super) fn load_title_data(
    mut commands: Commands,
    store: Res<SaveStore>,
    mut notices: ResMut<TitleNotices>,
    slot: Option<Res<SaveSlot>>,
) {
    // A run left for the title (saved after its last turn) is no longer held.
    let (saved, list_notice) = crate::save::saved_runs(&store.0, slot.map(|s| s.id));
    commands.remove_resource::<SaveSlot>();
    let (history, history_notice) = load_or_set_aside(&store.0, Slot::History, "run history", History::from_text);
    let mut lines = std::mem::take(&mut notices.0);
    if store.0 == Store::Nowhere {
        lines.push("Runs are not saved: Delve found no place to keep them (use --save-dir DIR).".into());
    }
    lines.extend(list_notice);
    lines.extend(history_notice);
    let history = history.unwrap_or_default();
    let (book, book_notice) = load_or_set_aside(&store.0, Slot::Feats, "book of feats", FeatBook::from_text);
    lines.extend(book_notice);
    let book = book.unwrap_or_default();
    let newcomer = store.0 != Store::Nowhere
        && saved.is_empty()
        && history.runs.is_empty()
        && !crate::screens::playing::hints::tutorial_begun(&store.0);
    if newcomer {
        lines.push(
            "New to Delve? \"Learn to play\", at the foot of this menu, teaches it in five short lessons.".into(),
        );
    }
    commands.insert_resource(TitleData {
        newcomer,
        labels: saved.iter().map(SavedEntry::label).collect(),
        saved,
        past: {
            // Newest first; the best run so far says so.
            let best = delve_core::save::best(&history.runs);
            let line = |(i, r): (usize, &delve_core::save::PastRun)| {
                let mark = if Some(i) == best { "best: " } else { "" };
                (format!("{mark}{}", r.line()), r.id.is_some())
            };
            history.runs.iter().enumerate().rev().map(line).collect()
        },
        scores: high_scores(&history.runs, &crate::save::today().to_string()),
        feats: feat_lines(&book),
        feats_earned: book.earned.len(),
        history,
        notices: lines,
    });
    commands.insert_resource(Menu::default());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The high scores rank the scored runs of the history, then today's daily's; runs from
    /// before scores are not ranked.
    #[test]
    fn the_high_scores_rank_by_score_then_list_the_days_daily() {
        let run = |score: Option<u64>, daily: Option<&str>, id: Option<&str>| delve_core::save::PastRun {
            run: "seed 1 (80x50, mixed)".into(),
            seed: Some(1),
            deepest: 2,
            turns: 90,
            slain: 1,
            ending: "killed by a rat on level 2".into(),
            ended_at: 0,
            carried: Vec::new(),
            id: id.map(str::to_owned),
            daily: daily.map(str::to_owned),
            score,
            gold: 0,
            feats: Vec::new(),
            start: 1,
            mode: None,
        };
        // Oldest first: from before scores, a daily of another day, today's daily, the best, and
        // a start on depth 10 that scored more than any.
        let deep = delve_core::save::PastRun {
            start: 10,
            ..run(Some(1_037), None, None)
        };
        let history = [
            run(None, None, None),
            run(Some(300), Some("2026-11-23"), None),
            run(Some(250), Some("2026-11-24"), Some("0000000000000007")),
            run(Some(900), None, Some("0000000000000008")),
            deep,
            // On easy: ranked among the runs in a mode, however it scored.
            delve_core::save::PastRun {
                run: "seed 1 (80x50, mixed) [easy]".into(),
                mode: Some("easy".into()),
                ..run(Some(2_000), None, None)
            },
        ];
        let scores = high_scores(&history, "2026-11-24");
        let places: Vec<(usize, bool)> = scores.iter().map(|h| (h.past, h.kept)).collect();
        // Newest first, the best run is place 0 in the history's list.
        assert_eq!(
            places,
            [(2, true), (4, false), (3, true), (3, true), (0, false), (1, false)],
            "{scores:?}"
        );
        assert_eq!(
            scores[0].line,
            " 1.    900  seed 1 (80x50, mixed), killed by a rat on level 2"
        );
        assert!(
            scores[3].line.starts_with("today's daily  1.    250"),
            "{}",
            scores[3].line
        );
        assert_eq!(
            scores[4].line, "in a mode  1.   2000  seed 1 (80x50, mixed) [easy], killed by a rat on level 2",
            "a run on easy is ranked among the runs in a mode"
        );
        assert_eq!(
            scores[5].line, "begun apart  1.   1037  seed 1 (80x50, mixed), killed by a rat on level 2 (from depth 10)",
            "a deep start is ranked apart, and marked"
        );
    }
}

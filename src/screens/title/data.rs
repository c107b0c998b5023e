//! What the title screen finds when it opens: the saved runs, the history, and lines about
//! files that could not be read.

use bevy::prelude::*;
use delve_core::save::History;

use super::menu::Menu;
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
    pub notices: Vec<String>,
}

impl TitleData {
    /// The name finished run `i` (newest first) keeps its recording and story under.
    pub(super) fn past_id(&self, i: usize) -> Option<RunId> {
        let runs = &self.history.runs;
        runs.get(runs.len().checked_sub(i + 1)?)?.id.as_deref()?.parse().ok()
    }
}

impl TitleData {
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
    commands.insert_resource(TitleData {
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
        history,
        notices: lines,
    });
    commands.insert_resource(Menu::default());
}

//! The saved runs as the title and `--saves` list them (`saved_runs`), and reading a settings or
//! history file that may have to be set aside (`load_or_set_aside`).

use bevy::prelude::*;
use delve_core::run::Run;
use delve_core::save::{History, SaveError, decode};

use super::{RunId, Slot, Store};

/// A run with a save, as the title lists it.
#[derive(Debug)]
pub struct SavedEntry {
    pub id: RunId,
    /// The run, or why its save cannot be played.
    pub found: Result<Box<Run>, String>,
    /// When it was saved (seconds since 1970; 0 when not known).
    pub saved_at: u64,
    /// The Delve release that saved it ("" when it cannot be read).
    pub game: String,
    /// Another Delve plays it now.
    pub taken: bool,
}

impl SavedEntry {
    /// The run as a list names it.
    pub fn label(&self) -> String {
        match &self.found {
            Ok(run) => format!(
                "{}, depth {}, turn {}{}",
                // Today's daily (or another day's) by its day, not a seed no one knows it by.
                run.daily()
                    .map_or_else(|| run.dungeon().describe(), |day| format!("the daily of {day}")),
                run.dungeon().depth(),
                run.turn(),
                if self.taken { " (open in another window)" } else { "" }
            ),
            Err(problem) => format!("{}: cannot be played ({problem})", self.id),
        }
    }
}

/// Today's daily (`today`) as `store` has it: a saved run of it, or whether one ended today.
pub fn todays_daily(store: &Store, today: &str) -> (Option<RunId>, bool) {
    let (saved, _) = saved_runs(store, None);
    let history = load(store, Slot::History, "run history", History::from_text)
        .ok()
        .and_then(|(history, _)| history)
        .unwrap_or_default();
    let (saved_at, played) = daily_among(&saved, &history, today);
    (saved_at.map(|i| saved[i].id), played)
}

/// Today's daily (`today`) among `saved` runs and a `history`: the place of a saved run of it,
/// and whether one has ended (what the title's daily row and `--daily` both read).
pub fn daily_among(saved: &[SavedEntry], history: &History, today: &str) -> (Option<usize>, bool) {
    let at = saved
        .iter()
        .position(|e| e.found.as_ref().is_ok_and(|run| run.daily() == Some(today)));
    let played = history.runs.iter().any(|r| r.daily.as_deref() == Some(today));
    (at, played)
}

/// Every saved run in `store`, the most recently saved first (saves that cannot be read last;
/// they are never moved or removed), and a line if the saves could not be listed. Run `held` is
/// this Delve's own (not taken by another).
pub fn saved_runs(store: &Store, held: Option<RunId>) -> (Vec<SavedEntry>, Option<String>) {
    let (ids, problem) = match store.runs() {
        Ok(ids) => (ids, None),
        Err(e) => (Vec::new(), Some(format!("The saved runs could not be listed: {e}."))),
    };
    let mut entries: Vec<SavedEntry> = ids
        .into_iter()
        .map(|id| {
            let read = store.read(Slot::Run(id)).and_then(|bytes| {
                let bytes = bytes.ok_or_else(|| "it is gone".to_owned())?;
                let saved = decode(&bytes).map_err(|e| e.to_string())?;
                let (saved_at, game) = (saved.saved_at, saved.game.clone());
                let run = saved.restore().map_err(|e| SaveError::Inconsistent(e).to_string())?;
                Ok((Box::new(run), saved_at, game))
            });
            let (found, saved_at, game) = match read {
                Ok((run, at, game)) => (Ok(run), at, game),
                Err(e) => (Err(e), 0, String::new()),
            };
            SavedEntry {
                id,
                taken: found.is_ok() && held != Some(id) && store.is_taken(id),
                found,
                saved_at,
                game,
            }
        })
        .collect();
    entries.sort_by_key(|e| (e.found.is_err(), std::cmp::Reverse((e.saved_at, e.id))));
    (entries, problem)
}

/// What is in a settings or history slot, or nothing; a file that does not parse is moved aside
/// (one that cannot be read now is left as it is: a transient error is no damage), and the one
/// line that tells the player so is returned with it.
pub fn load_or_set_aside<T>(
    store: &Store,
    slot: Slot,
    what: &str,
    parse: impl FnOnce(&[u8]) -> Result<T, String>,
) -> (Option<T>, Option<String>) {
    load(store, slot, what, parse).unwrap_or_else(|line| (None, Some(line)))
}

/// `load_or_set_aside`, telling apart a slot that cannot be read now (`Err`, the line saying
/// so): what must not be written over.
pub(super) fn load<T>(
    store: &Store,
    slot: Slot,
    what: &str,
    parse: impl FnOnce(&[u8]) -> Result<T, String>,
) -> Result<(Option<T>, Option<String>), String> {
    let bytes = match store.read(slot) {
        Ok(None) => return Ok((None, None)),
        Ok(Some(bytes)) => bytes,
        Err(e) => {
            let line = format!("The {what} could not be read ({e}); it was left as it is.");
            warn!("{line}");
            return Err(line);
        }
    };
    Ok(match parse(&bytes) {
        Ok(found) => (Some(found), None),
        Err(problem) => {
            let line = match store.set_aside(slot) {
                Ok(kept) => format!("The {what} could not be read ({problem}); it was kept as {kept}."),
                Err(e) => format!("The {what} could not be read ({problem}), nor moved aside ({e})."),
            };
            warn!("{line}");
            (None, Some(line))
        }
    })
}

/// Writes what changed from `before` to `after` over the settings as kept now in `store`, so
/// another Delve's changes meanwhile are kept too: the settings as they now stand, and whether
/// they could be written (the title's settings page, and the window's size on quitting).
pub(crate) fn keep_settings(
    store: &Store,
    before: &crate::settings::Settings,
    after: &crate::settings::Settings,
) -> (crate::settings::Settings, Result<(), String>) {
    let (kept, _) = load_or_set_aside(
        store,
        Slot::Settings,
        "settings file",
        crate::settings::Settings::from_text,
    );
    let merged = kept.unwrap_or_default().merged(before, after);
    let written = store.write(Slot::Settings, merged.to_text().as_bytes());
    (merged, written)
}

//! A run that ends, or is abandoned, leaves the saves for the history, with its recording and
//! story kept beside it under its name, and its feats written into the book of feats.

use bevy::prelude::*;
use delve_core::run::Run;
use delve_core::save::{FeatBook, History, PastRun, encode_recording, story};
use delve_core::world::Feat;

use super::listing::load;
use super::slot::SaveSlot;
use super::{RunId, Slot, Store, unix_now};

/// Removes the save of `run` and adds it to the history (ended, or abandoned if it goes on),
/// with its recording and its story kept beside it under the run's name.
pub fn retire(store: &Store, slot: &SaveSlot, run: &Run) {
    if let Err(e) = store.remove(Slot::Run(slot.id)) {
        error!("{e}");
    }
    let mut past = PastRun::of_run(run, unix_now());
    past.daily = run.daily().map(str::to_owned);
    add_to_history(store, past, slot.id, run);
}

/// Adds `past`, the record of `run`, to the history kept in `store`, with its recording and story
/// beside it under `id`: the history is read just before it is written, under its lock
/// (`Store::hold_history`), so that another Delve's runs added meanwhile are kept. The
/// recordings and stories of runs now too old to keep theirs are removed. A history that
/// cannot be read is left as it is, and nothing is written beside it.
fn add_to_history(store: &Store, mut past: PastRun, id: RunId, run: &Run) {
    // Held from the read to the write: another Delve ending a run meanwhile waits its turn.
    let _held = store.hold_history();
    // A history that cannot be read now is not written over (a transient error is no damage).
    let history = match load(store, Slot::History, "run history", History::from_text) {
        Ok((history, _)) => history,
        Err(line) => {
            error!("{line} This run was not added to it.");
            return;
        }
    };
    let kept = encode_recording(run).is_some_and(|bytes| {
        let written = store
            .write(Slot::Recording(id), &bytes)
            .and_then(|()| store.write(Slot::Story(id), story(run).as_bytes()));
        written
            .map_err(|e| error!("the run's recording could not be kept: {e}"))
            .is_ok()
    });
    if kept {
        past.id = Some(id.to_string());
    }
    // The book of feats, under the same lock.
    if !past.feats.is_empty() {
        change_book(store, |book| {
            book.add(&past);
            true
        });
    }
    let mut history = history.unwrap_or_default();
    let dropped = history.push(past);
    if let Err(e) = store.write(Slot::History, history.to_text().as_bytes()) {
        error!("the run history could not be written: {e}");
        return;
    }
    for id in dropped.iter().filter_map(|id| id.parse::<RunId>().ok()) {
        for slot in [Slot::Recording(id), Slot::Story(id)] {
            if let Err(e) = store.remove(slot) {
                error!("{e}");
            }
        }
    }
}

/// The book of feats in `store` changed by `change` (which says whether it changed anything) and
/// written back if it did: the book as it now stands, or `None` when it cannot be read (said),
/// and then it is not written over. The caller holds the history's lock.
fn change_book(store: &Store, change: impl FnOnce(&mut FeatBook) -> bool) -> Option<FeatBook> {
    match load(store, Slot::Feats, "book of feats", FeatBook::from_text) {
        Ok((book, _)) => {
            let mut book = book.unwrap_or_default();
            if change(&mut book)
                && let Err(e) = store.write(Slot::Feats, book.to_text().as_bytes())
            {
                error!("the book of feats could not be written: {e}");
            }
            Some(book)
        }
        Err(line) => {
            error!("{line} This run's feats were not added to it.");
            None
        }
    }
}

/// Writes into the book of feats every feat `run` has earned that the book has not, the moment
/// it is earned: a run saved and quit, or never ended, keeps its feats too (they were written
/// only when a run ended). `known` is what the book held when last read (it only grows), so the
/// book is read only when there is something new. A book that cannot be read is not written
/// over, and said once.
pub(super) fn keep_feats(store: &Store, run: &Run, known: &mut Vec<Feat>) {
    let new: Vec<Feat> = run.feats().filter(|f| !known.contains(f)).collect();
    if new.is_empty() {
        return;
    }
    let _held = store.hold_history();
    let (now, name) = (unix_now(), run.dungeon().describe());
    let mode = (!run.mode().is_standard()).then(|| run.mode().name());
    let book = change_book(store, |book| {
        let mut changed = false;
        for &feat in &new {
            changed |= book.earn(feat, now, &name, mode.clone());
        }
        changed
    });
    if let Some(book) = book {
        *known = book.earned.iter().map(|e| e.feat).collect();
    }
    // Never asked again for these, written or not (a failure is said once).
    for feat in new {
        if !known.contains(&feat) {
            known.push(feat);
        }
    }
}

//! The save of the run being played (`SaveSlot`): its name, this Delve's hold on it, the cache
//! that encodes only what changed, and writing it after a turn (`write_run`), saying what went
//! wrong and when it works again.

use bevy::prelude::*;
use delve_core::run::Run;
use delve_core::save::SaveCache;

use super::{RunId, RunLock, Slot, Store, Taken, unix_now};

/// The save of the run being played: its name, this Delve's hold on it, and how saving it goes.
#[derive(Resource, Debug)]
pub struct SaveSlot {
    /// The run's name (its save's).
    pub id: RunId,
    pub(super) lock: RunLock,
    pub(super) cache: SaveCache,
    /// The turn last saved, and last flushed to the disk (`None`: not yet).
    pub(super) last: Option<u64>,
    pub(super) last_durable: Option<u64>,
    /// Why the last save failed, until one succeeds (the HUD marks it).
    pub failing: Option<String>,
    /// The hold was lost (another tab took the run): it is saved no more.
    pub(super) lost: bool,
    /// How long the last save took, encoding and writing, in microseconds (the browser's page
    /// shows it: `data-save-us`).
    pub last_cost_us: Option<u64>,
}

impl SaveSlot {
    /// A new run's save in `store` (no other Delve can hold a name just made; a lock that cannot
    /// be made is said as a failing save).
    pub fn fresh(store: &Store) -> SaveSlot {
        let id = RunId::fresh();
        let (lock, failing) = match store.lock_run(id) {
            Ok(lock) => (lock, None),
            Err(taken) => (RunLock::none(), Some(taken.describe())),
        };
        SaveSlot {
            failing,
            ..SaveSlot::held(id, lock)
        }
    }

    /// Saved run `id` in `store`, held for this Delve, or why not (another plays it).
    pub fn open(store: &Store, id: RunId) -> Result<SaveSlot, Taken> {
        Ok(SaveSlot::held(id, store.lock_run(id)?))
    }

    fn held(id: RunId, lock: RunLock) -> SaveSlot {
        SaveSlot {
            id,
            lock,
            cache: SaveCache::default(),
            last: None,
            last_durable: None,
            failing: None,
            lost: false,
            last_cost_us: None,
        }
    }

    /// The turn last saved.
    pub fn saved_turn(&self) -> Option<u64> {
        self.last
    }
}

/// Writes `run` into its slot (flushed to the disk if `durable`). What went wrong, and a save
/// that works again after failing, is said to the player through `say`; `true` when saved.
pub(super) fn write_run(run: &Run, slot: &mut SaveSlot, store: &Store, durable: bool, say: &mut Vec<String>) -> bool {
    if slot.lost {
        return false;
    }
    if !slot.lock.renew() {
        slot.lost = true;
        let why = "this run was opened in another tab or window, which saves it now".to_owned();
        say.push(format!("This run is no longer saved here: {why}."));
        slot.failing = Some(why);
        return false;
    }
    let started = bevy::platform::time::Instant::now();
    let bytes = slot.cache.encode(run, unix_now());
    let written = store.write_with(Slot::Run(slot.id), &bytes, durable);
    slot.last_cost_us = Some(started.elapsed().as_micros() as u64);
    match written {
        Ok(()) => {
            if slot.failing.take().is_some() {
                say.push("The run is saved again.".into());
            }
            slot.last = Some(run.turn());
            if durable {
                slot.last_durable = Some(run.turn());
            }
            true
        }
        Err(e) => {
            if slot.failing.as_deref() != Some(e.as_str()) {
                error!("the run could not be saved: {e}");
                say.push(format!("The run could not be saved: {e}. Trying again every turn."));
            }
            slot.failing = Some(e);
            false
        }
    }
}

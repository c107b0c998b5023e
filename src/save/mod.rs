//! Saving runs so that none is ever lost. Every run has its own save (`SaveSlot`), held by one
//! Delve at a time (`lock`); it is written after every turn the player takes (at a 256x256 level
//! that costs 1.9 ms: only the level played on is encoded again; on bigger levels every few
//! turns), flushed to the disk on every change of level, every `DURABLE_EVERY` turns and on
//! quitting (Ctrl+Q, closing
//! the window, SIGINT, SIGTERM, SIGHUP: `signals`). A save that fails is said in the log, marked
//! on the HUD and tried again every turn. A run that ends is removed from the saves and added to
//! the history. What a save is and its bytes are the core's (`delve_core::save`); where it lives
//! is `store`; this plugin reads the run, calls them and tells the player what happened.

pub mod lock;
#[cfg(not(target_arch = "wasm32"))]
pub mod signals;
pub mod store;

use bevy::prelude::*;
use delve_core::dungeon::Origin;
use delve_core::run::Run;
use delve_core::save::{FORMAT, History, PastRun, SaveCache, SaveError, decode, encode_recording, story};

use crate::lab::{Lab, Stashed};
use crate::state::GameState;
use crate::turn::{Game, LevelEntered, Replaying, TurnSet};

pub use lock::{RunLock, Taken};
pub use store::{RunId, Slot, Store};

/// Turns between two saves flushed to the disk (a change of level and quitting flush too). The
/// saves between survive the game being killed; a power cut may take back at most these.
pub const DURABLE_EVERY: u64 = 50;
/// Tiles of the level played on per turn between two saves: a level of up to this many tiles
/// (256x256 and less) is saved after every turn, a bigger one every `tiles / this` turns (8 at
/// 1024x1024, whose save after a turn costs 17 ms), so that saving costs play at most about two
/// milliseconds a turn. A game killed outright loses at most those turns.
pub const TILES_SAVED_PER_TURN: usize = 1 << 17;
/// How many runs may be saved at once: starting one more from the title asks to move the oldest
/// to the history as abandoned (other starts never remove a save).
pub const SAVED_RUNS_KEEP: usize = 30;

/// Where this game keeps its runs, settings and history.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct SaveStore(pub Store);

impl Default for SaveStore {
    fn default() -> Self {
        SaveStore(Store::Nowhere)
    }
}

/// The save of the run being played: its name, this Delve's hold on it, and how saving it goes.
#[derive(Resource, Debug)]
pub struct SaveSlot {
    /// The run's name (its save's).
    pub id: RunId,
    lock: RunLock,
    cache: SaveCache,
    /// The turn last saved, and last flushed to the disk (`None`: not yet).
    last: Option<u64>,
    last_durable: Option<u64>,
    /// Why the last save failed, until one succeeds (the HUD marks it).
    pub failing: Option<String>,
    /// The hold was lost (another tab took the run): it is saved no more.
    lost: bool,
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
                "{}, level {}, turn {}{}",
                run.dungeon.describe(),
                run.dungeon.depth(),
                run.turn,
                if self.taken { " (open in another window)" } else { "" }
            ),
            Err(problem) => format!("{}: cannot be played ({problem})", self.id),
        }
    }
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
fn load<T>(
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

/// A saved run, saved by Delve release `game`, as one JSON object (the schema is in
/// docs/cli.md): what `--save-info` prints, and each element of `--saves` (with its `id`).
pub(crate) fn info_value(run: &Run, game: &str) -> serde_json::Value {
    let map = &run.dungeon.level().map;
    let (seed, corridors, size) = match run.dungeon.origin() {
        Origin::Run(p) => (
            serde_json::json!(p.seed),
            serde_json::json!(p.style.name()),
            (p.width, p.height),
        ),
        Origin::Map => (
            serde_json::Value::Null,
            serde_json::Value::Null,
            (map.width(), map.height()),
        ),
    };
    serde_json::json!({
        "seed": seed,
        "depth": run.dungeon.depth(),
        "turn": run.turn,
        "version": FORMAT,
        "game": game,
        "width": size.0,
        "height": size.1,
        "corridors": corridors,
        "hp": run.player.health.hp,
        "max_hp": run.player.health.max,
        "deepest": run.record.deepest,
        "slain": run.record.slain,
    })
}

/// The run being played in `world` as a save keeps it (`None`: no run, or it is over): what
/// tests and benchmarks save. While the lab shows a level of its own, the run set aside.
pub fn capture(world: &World) -> Option<delve_core::save::SavedRun> {
    let run = kept(world.get_resource::<Game>()?, world.get_resource::<Stashed>());
    (!run.is_over()).then(|| delve_core::save::SavedRun::capture(run))
}

/// The run the save keeps: the one played, or the one the lab set aside while it shows a level
/// of its own.
fn kept<'a>(game: &'a Game, stashed: Option<&'a Stashed>) -> &'a Run {
    stashed.map_or(&game.0, |s| &s.0)
}

/// Writes `run` into its slot (flushed to the disk if `durable`). What went wrong, and a save
/// that works again after failing, is said to the player through `say`; `true` when saved.
fn write_run(run: &Run, slot: &mut SaveSlot, store: &Store, durable: bool, say: &mut Vec<String>) -> bool {
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
            slot.last = Some(run.turn);
            if durable {
                slot.last_durable = Some(run.turn);
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

pub fn plugin(app: &mut App) {
    app.init_resource::<SaveStore>()
        .add_systems(OnEnter(GameState::Playing), give_run_a_slot)
        .add_systems(
            Update,
            autosave
                .after(TurnSet::Show)
                // A replay has no slot, and none is saved (nor the frame it is left in).
                .run_if(
                    in_state(GameState::Playing)
                        .and_then(resource_exists::<SaveSlot>)
                        .and_then(not(resource_exists::<Replaying>)),
                ),
        )
        // After the window's own exit systems, which write `AppExit` when it is closed.
        .add_systems(
            Last,
            save_on_exit.after(bevy::window::ExitSystems).run_if(
                resource_exists::<Game>
                    .and_then(resource_exists::<SaveSlot>)
                    .and_then(not(resource_exists::<Replaying>)),
            ),
        )
        .add_systems(OnEnter(GameState::Ended), forget_finished_run)
        .add_systems(Update, keep_hold.run_if(resource_exists::<SaveSlot>));
    #[cfg(not(target_arch = "wasm32"))]
    app.add_systems(First, signals::quit_on_signal);
}

/// A run put in play without a save of its own yet (from the command line, or a test) gets one.
/// A continued run came with its slot; one the lab shows keeps the slot of the run set aside.
fn give_run_a_slot(
    mut commands: Commands,
    slot: Option<Res<SaveSlot>>,
    store: Res<SaveStore>,
    replaying: Option<Res<Replaying>>,
) {
    if slot.is_none() && replaying.is_none() {
        commands.insert_resource(SaveSlot::fresh(&store.0));
    }
}

/// Saves after every turn the player took (every few on a level bigger than 256x256:
/// `turns_between_saves`), and on a change of level, flushed to the disk. A level the lab shows
/// is no run of the player's: only the run it set aside is saved.
fn autosave(
    mut game: ResMut<Game>,
    stashed: Option<Res<Stashed>>,
    lab: Option<Res<Lab>>,
    mut entered: MessageReader<LevelEntered>,
    store: Res<SaveStore>,
    mut slot: ResMut<SaveSlot>,
) {
    let changed_level = entered.read().count() > 0;
    let run = kept(&game, stashed.as_deref());
    let only_the_lab = lab.is_some_and(|l| l.on) && stashed.is_none();
    if store.0 == Store::Nowhere || run.is_over() || only_the_lab || slot.last == Some(run.turn) && !changed_level {
        return;
    }
    let every = turns_between_saves(run.dungeon.level().map.tiles().len());
    if !changed_level && slot.last.is_some_and(|t| run.turn < t + every) {
        return;
    }
    let durable = changed_level || slot.last_durable.is_none_or(|t| run.turn >= t + DURABLE_EVERY);
    let mut said = Vec::new();
    write_run(run, &mut slot, &store.0, durable, &mut said);
    for line in said {
        game.say(line);
    }
}

/// Renews this Delve's hold on its run every few seconds of frames, between saves too (a run
/// left open on the title or the summary stays held). A hold found lost is handled at the next
/// save.
fn keep_hold(time: Res<Time>, slot: Res<SaveSlot>, mut since: Local<f32>) {
    *since += time.delta_secs();
    if *since >= 2.0 {
        *since = 0.0;
        slot.lock.renew();
    }
}

/// Turns from one save to the next on a level of `tiles` tiles (`TILES_SAVED_PER_TURN`).
pub fn turns_between_saves(tiles: usize) -> u64 {
    tiles.div_ceil(TILES_SAVED_PER_TURN).max(1) as u64
}

/// Quitting (Ctrl+Q, the window closing, a signal) saves the run first, flushed to the disk. A
/// run that ended in the same frame is not left to be continued: it goes to the history.
fn save_on_exit(
    game: Res<Game>,
    stashed: Option<Res<Stashed>>,
    lab: Option<Res<Lab>>,
    mut exits: MessageReader<AppExit>,
    store: Res<SaveStore>,
    mut slot: ResMut<SaveSlot>,
) {
    if exits.read().count() == 0 {
        return;
    }
    let run = kept(&game, stashed.as_deref());
    if run.is_over() {
        retire(&store.0, &slot, run);
        return;
    }
    if lab.is_some_and(|l| l.on) && stashed.is_none() {
        return;
    }
    let mut said = Vec::new();
    if write_run(run, &mut slot, &store.0, true, &mut said) {
        info!(
            "saved the run at turn {} in {}",
            run.turn,
            store.0.describe(Slot::Run(slot.id))
        );
    }
}

/// A run that ended (death or victory) is removed from the saves and added to the history. A
/// level the lab made is no run of the player's: its end keeps both as they were.
fn forget_finished_run(
    mut commands: Commands,
    store: Res<SaveStore>,
    game: Res<Game>,
    stashed: Option<Res<Stashed>>,
    slot: Option<Res<SaveSlot>>,
) {
    if stashed.is_some() {
        return;
    }
    if let Some(slot) = slot {
        retire(&store.0, &slot, &game);
        commands.remove_resource::<SaveSlot>();
    }
}

/// Removes the save of `run` and adds it to the history (ended, or abandoned if it goes on),
/// with its recording and its story kept beside it under the run's name.
pub fn retire(store: &Store, slot: &SaveSlot, run: &Run) {
    if let Err(e) = store.remove(Slot::Run(slot.id)) {
        error!("{e}");
    }
    let mut past = PastRun::of(&run.dungeon, &run.record, run.turn, unix_now()).carrying(&run.player);
    past.daily = run.recording().and_then(|r| r.daily()).map(str::to_owned);
    add_to_history(store, past, slot.id, run);
}

/// Adds `past`, the record of `run`, to the history kept in `store`, with its recording and story
/// beside it under `id`: the history is read just before it is written, so that another Delve's
/// runs added meanwhile are kept. The recordings and stories of runs now too old to keep theirs
/// are removed. A history that cannot be read is left as it is, and nothing is written beside it.
fn add_to_history(store: &Store, mut past: PastRun, id: RunId, run: &Run) {
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

/// Today's date in UTC, as the daily dungeon reads it.
pub fn today() -> delve_core::run::Date {
    delve_core::run::Date::from_unix(unix_now())
}

/// Seconds since 1970 (0 if the clock says otherwise).
pub(crate) fn unix_now() -> u64 {
    unix_millis() / 1000
}

/// Milliseconds since 1970 (0 if the clock says otherwise).
pub(crate) fn unix_millis() -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::Date::now() as u64
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64)
    }
}

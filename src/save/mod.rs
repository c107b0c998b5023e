//! Saving the run so that it is never lost: when the player quits (Ctrl+Q or closing the window),
//! on every change of level and every `AUTOSAVE_EVERY` turns (in the browser after every turn:
//! a page can be closed at any moment). A run that ends is removed from the save and added to
//! the history. What a save is (`model`), its bytes (`format`) and where it lives (`store`) are
//! plain Rust; this plugin only reads the game, calls them and reports what happened.

pub mod format;
pub mod history;
pub mod model;
pub mod store;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::actor::{Carrying, GridPos, Health, KeyRing, Player};
use crate::dungeon::{Dungeon, Origin};
use crate::fov::Memory;
use crate::rules::RunRecord;
use crate::screens::GameState;
use crate::screens::ended::RunStart;
use crate::turn::{LevelEntered, MessageLine, MessageLog, RunRng, TurnCount, TurnSet};

pub use format::{FORMAT, SaveError};
pub use history::{History, PastRun};
pub use model::{Run, RunView, SavedRun};
pub use store::{Slot, Store};

/// Turns between two saves on the desktop (a level change saves too).
pub const AUTOSAVE_EVERY: u64 = 200;

/// Where this game keeps its run, settings and history.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct SaveStore(pub Store);

impl Default for SaveStore {
    fn default() -> Self {
        SaveStore(Store::Nowhere)
    }
}

/// A saved run to go on with when `Playing` is next entered (Continue).
#[derive(Resource, Clone, Debug)]
pub struct Resume(pub Box<Run>);

/// The turn of the last save of this run (`None`: not saved yet, so the first turn looked at
/// saves it: a new run replaces the old save as soon as it starts).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LastSave(pub Option<u64>);

/// What is in a slot: its contents, nothing, or a problem (the slot untouched).
pub fn inspect<T>(
    store: &Store,
    slot: Slot,
    parse: impl FnOnce(&[u8]) -> Result<T, String>,
) -> Result<Option<T>, String> {
    match store.read(slot)? {
        None => Ok(None),
        Some(bytes) => parse(&bytes).map(Some),
    }
}

/// What is in a slot, or nothing; a slot that cannot be used is moved aside, and the one line
/// that tells the player so is returned with it.
pub fn load_or_set_aside<T>(
    store: &Store,
    slot: Slot,
    what: &str,
    parse: impl FnOnce(&[u8]) -> Result<T, String>,
) -> (Option<T>, Option<String>) {
    match inspect(store, slot, parse) {
        Ok(found) => (found, None),
        Err(problem) => {
            let line = match store.set_aside(slot) {
                Ok(kept) => format!("The {what} could not be read ({problem}); it was kept as {kept}."),
                Err(e) => format!("The {what} could not be read ({problem}), nor moved aside ({e})."),
            };
            warn!("{line}");
            (None, Some(line))
        }
    }
}

/// A save's bytes as a run ready to play, or why not.
pub fn parse_run(bytes: &[u8]) -> Result<Run, String> {
    let saved = format::decode(bytes).map_err(|e| e.to_string())?;
    saved.restore().map_err(|e| SaveError::Inconsistent(e).to_string())
}

/// `--save-info`: the saved run as one JSON object and a newline (the schema is in the README).
pub fn info_json(bytes: &[u8]) -> Result<String, String> {
    let saved = format::decode(bytes).map_err(|e| e.to_string())?;
    let game = saved.game.clone();
    let run = saved.restore().map_err(|e| SaveError::Inconsistent(e).to_string())?;
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
    let value = serde_json::json!({
        "seed": seed,
        "depth": run.dungeon.depth(),
        "turn": run.turn,
        "version": FORMAT,
        "game": game,
        "width": size.0,
        "height": size.1,
        "corridors": corridors,
        "hp": run.health.hp,
        "max_hp": run.health.max,
        "deepest": run.record.deepest,
        "slain": run.record.slain,
    });
    Ok(format!("{value}\n"))
}

/// The player's components a save keeps.
type PlayerParts = (
    &'static GridPos,
    &'static KeyRing,
    &'static Health,
    &'static Carrying,
    &'static Memory,
);

/// The game's state a save is taken from.
#[derive(SystemParam)]
pub struct RunState<'w, 's> {
    dungeon: Res<'w, Dungeon>,
    start: Option<Res<'w, RunStart>>,
    player: Option<Single<'w, 's, PlayerParts, With<Player>>>,
    turn: Res<'w, TurnCount>,
    rng: Res<'w, RunRng>,
    record: Res<'w, RunRecord>,
    log: Res<'w, MessageLog>,
}

impl RunState<'_, '_> {
    /// The run as a save keeps it; `None` when there is nothing to keep (no player, no run
    /// start, or the run is over).
    pub fn capture(&self) -> Option<SavedRun> {
        if self.record.ending.is_some() {
            return None;
        }
        let (at, keys, health, carrying, memory) = *self.player.as_deref()?;
        Some(SavedRun::capture(RunView {
            dungeon: &self.dungeon,
            start: &self.start.as_deref()?.0,
            at: at.0,
            keys,
            health: *health,
            carrying: *carrying,
            memory,
            turn: self.turn.0,
            rng: &self.rng.0,
            record: &self.record,
            log: &self.log,
        }))
    }

    pub fn turn(&self) -> u64 {
        self.turn.0
    }
}

/// The run being played in `world` as a save keeps it (`None`: no run, or it is over): what
/// tests and benchmarks save.
pub fn capture(world: &mut World) -> Option<SavedRun> {
    let mut state = bevy::ecs::system::SystemState::<RunState>::new(world);
    state.get(world).ok()?.capture()
}

/// Writes the run; a failure is told on the message line (the old save stays as it was).
fn write_run(run: &SavedRun, store: &Store, line: &mut MessageLine) -> bool {
    match store.write(Slot::Run, &format::encode(run)) {
        Ok(()) => true,
        Err(e) => {
            let text = format!("The run could not be saved: {e}.");
            error!("{text}");
            line.say(text);
            false
        }
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<SaveStore>()
        .init_resource::<LastSave>()
        .add_systems(
            OnEnter(GameState::Playing),
            resume_run
                .after(crate::turn::start_run)
                .after(crate::player::spawn_player),
        )
        .add_systems(
            Update,
            autosave.after(TurnSet::Show).run_if(in_state(GameState::Playing)),
        )
        // After the window's own exit systems, which write `AppExit` when it is closed.
        .add_systems(
            Last,
            save_on_exit
                .after(bevy::window::ExitSystems)
                .run_if(in_state(GameState::Playing)),
        )
        .add_systems(OnEnter(GameState::Ended), forget_finished_run);
}

/// Continue: the saved run replaces the new run's turn count, random stream, record, log and
/// player (the dungeon and the run's start were put in place before `Playing` was entered).
fn resume_run(world: &mut World) {
    world.insert_resource(LastSave(None));
    let Some(Resume(run)) = world.remove_resource::<Resume>() else {
        return;
    };
    let run = *run;
    let turn = run.turn;
    let mut player = world.query_filtered::<Entity, With<Player>>();
    if let Ok(entity) = player.single(world) {
        world
            .entity_mut(entity)
            .insert((GridPos(run.at), run.keys, run.health, run.carrying, run.memory));
    }
    world.insert_resource(TurnCount(turn));
    world.insert_resource(RunRng(run.rng));
    world.insert_resource(run.record);
    world.insert_resource(run.log);
    world.insert_resource(LastSave(Some(turn)));
    world.insert_resource(MessageLine(format!("Welcome back. (turn {turn})")));
}

/// Saves after a change of level and every `AUTOSAVE_EVERY` turns (in the browser, after every
/// turn).
fn autosave(
    run: RunState,
    mut entered: MessageReader<LevelEntered>,
    store: Res<SaveStore>,
    mut last: ResMut<LastSave>,
    mut line: ResMut<MessageLine>,
) {
    let changed_level = entered.read().count() > 0;
    let turn = run.turn();
    let due = match last.0 {
        None => true,
        Some(_) if cfg!(target_arch = "wasm32") => last.0 != Some(turn),
        Some(saved) => turn >= saved + AUTOSAVE_EVERY,
    };
    if !(changed_level || due) || store.0 == Store::Nowhere {
        return;
    }
    let Some(saved) = run.capture() else { return };
    write_run(&saved, &store.0, &mut line);
    last.0 = Some(turn);
}

/// Quitting (Ctrl+Q, or the window closing) saves the run first.
fn save_on_exit(
    run: RunState,
    mut exits: MessageReader<AppExit>,
    store: Res<SaveStore>,
    mut line: ResMut<MessageLine>,
) {
    if exits.read().count() == 0 {
        return;
    }
    if let Some(saved) = run.capture() {
        let turn = run.turn();
        if write_run(&saved, &store.0, &mut line) {
            info!("saved the run at turn {turn} in {}", store.0.describe(Slot::Run));
        }
    }
}

/// A run that ended (death or victory) is removed from the save and added to the history.
fn forget_finished_run(store: Res<SaveStore>, dungeon: Res<Dungeon>, record: Res<RunRecord>, turns: Res<TurnCount>) {
    if let Err(e) = store.0.remove(Slot::Run) {
        error!("{e}");
    }
    let (history, _) = load_or_set_aside(&store.0, Slot::History, "run history", History::from_text);
    let mut history = history.unwrap_or_default();
    history.push(PastRun::of(&dungeon, &record, turns.0, unix_now()));
    if let Err(e) = store.0.write(Slot::History, history.to_text().as_bytes()) {
        error!("the run history could not be written: {e}");
    }
}

/// Seconds since 1970 (0 if the clock says otherwise).
pub fn unix_now() -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        (js_sys::Date::now() / 1000.0) as u64
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs())
    }
}

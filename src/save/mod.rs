//! Saving the run so that it is never lost: when the player quits (Ctrl+Q or closing the window),
//! on every change of level and every `AUTOSAVE_EVERY` turns (in the browser after every turn:
//! a page can be closed at any moment). A run that ends is removed from the save and added to
//! the history. What a save is and its bytes are the core's (`delve_core::save`); where it
//! lives is `store`; this plugin only reads the run, calls them and tells the player what
//! happened.

pub mod store;

use bevy::prelude::*;
use delve_core::dungeon::Origin;
use delve_core::run::Run;
use delve_core::save::{FORMAT, History, PastRun, SaveError, SavedRun, decode, encode};

use crate::lab::Stashed;
use crate::state::GameState;
use crate::turn::{Game, LevelEntered, TurnSet};

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

/// The turn of the last save of this run (`None`: not saved yet, so the first turn looked at
/// saves it: a new run replaces the old save as soon as it starts).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct LastSave(pub Option<u64>);

/// What is in a slot: its contents, nothing, or a problem (the slot untouched).
pub(crate) fn inspect<T>(
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

/// `--save-info`: the saved run as one JSON object and a newline (the schema is in
/// docs/cli.md).
pub(crate) fn info_json(bytes: &[u8]) -> Result<String, String> {
    let saved = decode(bytes).map_err(|e| e.to_string())?;
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
        "hp": run.player.health.hp,
        "max_hp": run.player.health.max,
        "deepest": run.record.deepest,
        "slain": run.record.slain,
    });
    Ok(format!("{value}\n"))
}

/// The run being played in `world` as a save keeps it (`None`: no run, or it is over): what
/// tests and benchmarks save. While the lab shows a level of its own, the run set aside.
pub fn capture(world: &World) -> Option<SavedRun> {
    let run = kept(world.get_resource::<Game>()?, world.get_resource::<Stashed>());
    (!run.is_over()).then(|| SavedRun::capture(run))
}

/// The run the save keeps: the one played, or the one the lab set aside while it shows a level
/// of its own.
fn kept<'a>(game: &'a Game, stashed: Option<&'a Stashed>) -> &'a Run {
    stashed.map_or(&game.0, |s| &s.0)
}

/// Writes the run the save keeps (`kept`). A failure is told to the player (the old save stays
/// as it was); `false` then.
fn write_run(game: &mut ResMut<Game>, stashed: Option<&Stashed>, store: &Store) -> bool {
    let run = kept(game, stashed);
    let Err(e) = store.write(Slot::Run, &encode(&SavedRun::capture(run))) else {
        return true;
    };
    let text = format!("The run could not be saved: {e}.");
    error!("{text}");
    game.say(text);
    false
}

pub fn plugin(app: &mut App) {
    app.init_resource::<SaveStore>()
        .init_resource::<LastSave>()
        .add_systems(OnEnter(GameState::Playing), note_last_save)
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

/// A run put in play: a new one is saved on its first frame (it replaces the old save at once);
/// a continued one was saved at the turn it stands on.
fn note_last_save(game: Res<Game>, mut last: ResMut<LastSave>) {
    last.0 = (game.turn > 0).then_some(game.turn);
}

/// Saves after a change of level and every `AUTOSAVE_EVERY` turns (in the browser, after every
/// turn).
fn autosave(
    mut game: ResMut<Game>,
    stashed: Option<Res<Stashed>>,
    mut entered: MessageReader<LevelEntered>,
    store: Res<SaveStore>,
    mut last: ResMut<LastSave>,
) {
    let changed_level = entered.read().count() > 0;
    let turn = game.turn;
    let due = match last.0 {
        None => true,
        Some(_) if cfg!(target_arch = "wasm32") => last.0 != Some(turn),
        Some(saved) => turn >= saved + AUTOSAVE_EVERY,
    };
    if !(changed_level || due) || store.0 == Store::Nowhere || game.is_over() {
        return;
    }
    // A failure is said to the player: the run changes (its log) only then.
    write_run(&mut game, stashed.as_deref(), &store.0);
    last.0 = Some(turn);
}

/// Quitting (Ctrl+Q, or the window closing) saves the run first.
fn save_on_exit(
    mut game: ResMut<Game>,
    stashed: Option<Res<Stashed>>,
    mut exits: MessageReader<AppExit>,
    store: Res<SaveStore>,
) {
    let (over, turn) = {
        let run = kept(&game, stashed.as_deref());
        (run.is_over(), run.turn)
    };
    if exits.read().count() == 0 || over {
        return;
    }
    if write_run(&mut game, stashed.as_deref(), &store.0) {
        info!("saved the run at turn {turn} in {}", store.0.describe(Slot::Run));
    }
}

/// A run that ended (death or victory) is removed from the save and added to the history. A
/// level the lab made is no run of the player's: its end keeps both as they were.
fn forget_finished_run(store: Res<SaveStore>, game: Res<Game>, stashed: Option<Res<Stashed>>) {
    if stashed.is_some() {
        return;
    }
    if let Err(e) = store.0.remove(Slot::Run) {
        error!("{e}");
    }
    let (history, _) = load_or_set_aside(&store.0, Slot::History, "run history", History::from_text);
    let mut history = history.unwrap_or_default();
    history.push(PastRun::of(&game.dungeon, &game.record, game.turn, unix_now()));
    if let Err(e) = store.0.write(Slot::History, history.to_text().as_bytes()) {
        error!("the run history could not be written: {e}");
    }
}

/// Seconds since 1970 (0 if the clock says otherwise).
pub(crate) fn unix_now() -> u64 {
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

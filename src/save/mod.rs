//! Saving runs so that none is ever lost. Every run has its own save (`SaveSlot`), held by one
//! Delve at a time (`lock`); it is written after every turn the player takes (at a 256x256 level
//! that costs 1.9 ms: only the level played on is encoded again; on bigger levels every few
//! turns), flushed to the disk on every change of level, every `DURABLE_EVERY` turns and on
//! quitting (Ctrl+Q, closing
//! the window, SIGINT, SIGTERM, SIGHUP: `signals`). A save that fails is said in the log, marked
//! on the HUD and tried again every turn. A run that ends is removed from the saves and added to
//! the history. What a save is and its bytes are the core's (`delve_core::save`); where it lives
//! is `store`; this plugin reads the run, calls them and tells the player what happened. The
//! run's save and its writing are `slot`, the lists of saved runs `listing`, `--save-info`'s
//! object `info`, a finished run's way into the history `history`.

mod history;
mod info;
mod listing;
pub mod lock;
#[cfg(not(target_arch = "wasm32"))]
pub mod signals;
mod slot;
pub mod store;

use bevy::prelude::*;

use crate::state::{InPlay, Session};
use crate::turn::SetAside;
use crate::turn::{Game, LevelEntered, TurnSet};

pub use lock::{RunLock, Taken};
pub use store::{RunId, Slot, Store};

pub use history::retire;
pub(crate) use info::{add_tail, info_value};
pub(crate) use listing::keep_settings;
pub use listing::{SavedEntry, daily_among, load_or_set_aside, saved_runs, todays_daily};
pub use slot::SaveSlot;
use slot::write_run;

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

/// The player's run in `world` as a save keeps it (`None`: no run, a replay, or the run is
/// over): what tests and benchmarks save. In the lab, the run set aside.
pub fn capture(world: &World) -> Option<delve_core::save::SavedRun> {
    let run = match world.get_resource::<State<Session>>().map(|s| *s.get()) {
        Some(Session::Replay) => return None,
        Some(Session::Lab) => world.get_resource::<SetAside>()?.run(),
        _ => &world.get_resource::<Game>()?.0,
    };
    (!run.is_over()).then(|| delve_core::save::SavedRun::capture(run))
}

/// Saving happens in the player's own session only (`Session::Play`): a level the lab shows
/// or a replay has no slot written, so neither can be saved over a run, by construction.
pub fn plugin(app: &mut App) {
    let playing = in_state(InPlay(Session::Play));
    app.init_resource::<SaveStore>()
        .add_systems(OnEnter(InPlay(Session::Play)), give_run_a_slot)
        .add_systems(
            OnEnter(InPlay(Session::Lab)),
            save_set_aside.after(crate::turn::set_run_aside),
        )
        .add_systems(
            Update,
            (autosave, keep_feats)
                .after(TurnSet::Show)
                .run_if(playing.clone().and_then(resource_exists::<SaveSlot>)),
        )
        // After the window's own exit systems, which write `AppExit` when it is closed.
        .add_systems(
            Last,
            save_on_exit.after(bevy::window::ExitSystems).run_if(
                playing
                    .and_then(resource_exists::<Game>)
                    .and_then(resource_exists::<SaveSlot>),
            ),
        )
        .add_systems(OnExit(InPlay(Session::Play)), forget_finished_run)
        .add_systems(Update, keep_hold.run_if(resource_exists::<SaveSlot>));
    #[cfg(not(target_arch = "wasm32"))]
    app.add_systems(First, signals::quit_on_signal);
}

/// The player's run put in play without a save of its own yet (from the command line, a page's
/// link, or a test) gets one. A continued run came with its slot, and a run back from the lab
/// keeps its. In the browser, whose storage is small, a run begun from a link counts against
/// `SAVED_RUNS_KEEP` as one begun on the title does: the oldest goes to the history first, and
/// the run's log says so.
fn give_run_a_slot(
    mut commands: Commands,
    slot: Option<Res<SaveSlot>>,
    store: Res<SaveStore>,
    game: Option<ResMut<crate::turn::Game>>,
) {
    if slot.is_none() {
        if store.0 == Store::Browser
            && let Some(line) = make_room(&store.0)
            && let Some(mut game) = game
        {
            game.say(line);
        }
        commands.insert_resource(SaveSlot::fresh(&store.0));
    }
}

/// Makes room for one more saved run: when `SAVED_RUNS_KEEP` runs are saved, the oldest that no
/// other Delve plays goes to the history as abandoned (its recording and story kept), and the
/// line that tells the player so is returned.
pub fn make_room(store: &Store) -> Option<String> {
    // Counted by name first: each save is read and decoded only when one must go.
    if store.runs().map_or(true, |ids| ids.len() < SAVED_RUNS_KEEP) {
        return None;
    }
    let (saved, _) = saved_runs(store, None);
    let oldest = saved.iter().rev().find(|e| e.found.is_ok() && !e.taken)?;
    let run = oldest.found.as_ref().ok()?;
    let slot = SaveSlot::open(store, oldest.id).ok()?;
    retire(store, &slot, run);
    Some(format!(
        "{SAVED_RUNS_KEEP} runs were saved, the most kept: the oldest, {}, went to the history to make room.",
        oldest.label()
    ))
}

/// Saves after every turn the player took (every few on a level bigger than 256x256:
/// `turns_between_saves`), and on a change of level, flushed to the disk.
fn autosave(
    mut game: ResMut<Game>,
    mut entered: MessageReader<LevelEntered>,
    store: Res<SaveStore>,
    mut slot: ResMut<SaveSlot>,
) {
    let changed_level = entered.read().count() > 0;
    let run = &game.0;
    if store.0 == Store::Nowhere || run.is_over() || slot.last == Some(run.turn()) && !changed_level {
        return;
    }
    let every = turns_between_saves(run.dungeon().level().map.tiles().len());
    if !changed_level && slot.last.is_some_and(|t| run.turn() < t + every) {
        return;
    }
    let durable = changed_level || slot.last_durable.is_none_or(|t| run.turn() >= t + DURABLE_EVERY);
    let mut said = Vec::new();
    write_run(run, &mut slot, &store.0, durable, &mut said);
    for line in said {
        game.say(line);
    }
}

/// Feats go into the book the moment they are earned (`history::keep_feats`).
fn keep_feats(game: Res<Game>, store: Res<SaveStore>, mut known: Local<Vec<delve_core::world::Feat>>) {
    if game.is_changed() && store.0 != Store::Nowhere {
        history::keep_feats(&store.0, &game.0, &mut known);
    }
}

/// Entering the lab, the run it sets aside is saved as it stands, flushed to the disk (on a big
/// level the last turns may not have been written yet): nothing is saved in the lab, and
/// quitting there loses nothing.
fn save_set_aside(set_aside: Option<Res<SetAside>>, store: Res<SaveStore>, slot: Option<ResMut<SaveSlot>>) {
    let (Some(run), Some(mut slot)) = (set_aside, slot) else {
        return;
    };
    let run = run.run();
    if store.0 == Store::Nowhere || run.is_over() || slot.last_durable == Some(run.turn()) {
        return;
    }
    // A failure is said when the run comes back and is saved again.
    write_run(run, &mut slot, &store.0, true, &mut Vec::new());
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
fn save_on_exit(game: Res<Game>, mut exits: MessageReader<AppExit>, store: Res<SaveStore>, mut slot: ResMut<SaveSlot>) {
    if exits.read().count() == 0 {
        return;
    }
    let run = &game.0;
    if run.is_over() {
        retire(&store.0, &slot, run);
        return;
    }
    let mut said = Vec::new();
    if write_run(run, &mut slot, &store.0, true, &mut said) {
        info!(
            "saved the run at turn {} in {}",
            run.turn(),
            store.0.describe(Slot::Run(slot.id))
        );
    }
}

/// The player's run that ended (death or victory) is removed from the saves and added to the
/// history, as play leaves it for the summary.
fn forget_finished_run(
    mut commands: Commands,
    store: Res<SaveStore>,
    game: Option<Res<Game>>,
    slot: Option<Res<SaveSlot>>,
) {
    if let (Some(game), Some(slot)) = (game, slot)
        && game.is_over()
    {
        retire(&store.0, &slot, &game);
        commands.remove_resource::<SaveSlot>();
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

//! The page's own run played live to its board (the page's "Play live on the board", off unless
//! ticked): the game keeps what the run in play has recorded where web/board.js can ask for it
//! (`live_begin`, then `live_piece` about once a second), and the script sends it to the board
//! (`POST /api/live`, `POST /api/live/ID`). A run keeps its live run through the lab; its end
//! (death, win, or leaving it for the title) is where it stood then.

use std::sync::Mutex;

use base64::Engine;
use bevy::prelude::*;
use delve_core::run::{Checkpoint, Recording};
use serde_json::json;

use crate::live::checkpoint_json;
use crate::state::{GameState, InPlay, Session};
use crate::turn::{Game, TurnSet};

/// The run in play as the page's script reads it.
struct Kept {
    /// Which run it is: a new one each time a run is put in play.
    key: u64,
    /// Its recording file when it was put in play, and the commands that held.
    file: Vec<u8>,
    begun: usize,
    /// What it has recorded since, and where it stands.
    recording: Recording,
    standing: Checkpoint,
    /// It ended, or was left: `standing` is its end.
    ended: bool,
}

static KEPT: Mutex<Option<Kept>> = Mutex::new(None);

fn kept() -> std::sync::MutexGuard<'static, Option<Kept>> {
    KEPT.lock().unwrap_or_else(|e| e.into_inner())
}

pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(InPlay(Session::Play)), keep_new_run)
        .add_systems(OnEnter(GameState::Title), left)
        .add_systems(OnEnter(GameState::Ended), left)
        .add_systems(
            Update,
            keep_up.after(TurnSet::Act).run_if(in_state(InPlay(Session::Play))),
        );
}

/// A run put in play is kept anew, unless it is the one kept (back from the lab).
fn keep_new_run(game: Res<Game>) {
    let mut kept = kept();
    if kept.as_ref().is_some_and(|k| !k.ended) || game.is_over() {
        return;
    }
    let (Some(file), Some(recording)) = (delve_core::save::encode_recording(&game), game.recording()) else {
        return;
    };
    let key = kept.as_ref().map_or(1, |k| k.key + 1);
    *kept = Some(Kept {
        key,
        file,
        begun: recording.len(),
        recording: recording.clone(),
        standing: game.standing(),
        ended: false,
    });
}

/// What the run recorded this frame.
fn keep_up(game: Res<Game>) {
    if !game.is_changed() {
        return;
    }
    let mut kept = kept();
    let Some(k) = kept.as_mut().filter(|k| !k.ended) else {
        return;
    };
    if let Some(recording) = game.recording().filter(|r| r.len() != k.recording.len()) {
        k.recording = recording.clone();
        k.standing = game.standing();
    }
    k.ended = game.is_over();
}

/// The run was left (for the title) or ended: where it stands is its end.
fn left(game: Option<Res<Game>>) {
    let mut kept = kept();
    let Some(k) = kept.as_mut().filter(|k| !k.ended) else {
        return;
    };
    if let Some(game) = game.filter(|g| g.recording().is_some_and(|r| r.len() >= k.recording.len())) {
        if let Some(recording) = game.recording() {
            k.recording = recording.clone();
        }
        k.standing = game.standing();
    }
    k.ended = true;
}

/// The run in play, to begin live: `{"key", "recording" (its file, base64), "commands"}`, or ""
/// when none is (or it has ended).
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn live_begin() -> String {
    let kept = kept();
    let Some(k) = kept.as_ref().filter(|k| !k.ended) else {
        return String::new();
    };
    json!({
        "key": k.key,
        "recording": base64::engine::general_purpose::STANDARD.encode(&k.file),
        "commands": k.begun,
    })
    .to_string()
}

/// What run `key` recorded after its first `from` commands, as the board's `POST /api/live/ID`
/// takes it (`{"key", "from", "commands", "checkpoints", "end"}`, the end only once it ended);
/// `{"gone": true}` when another run is in play now.
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn live_piece(key: f64, from: u32) -> String {
    let kept = kept();
    let Some(k) = kept.as_ref().filter(|k| k.key as f64 == key) else {
        return json!({ "gone": true }).to_string();
    };
    let (bytes, checkpoints) = k.recording.since(from as usize);
    json!({
        "key": k.key,
        "from": from,
        "commands": base64::engine::general_purpose::STANDARD.encode(bytes),
        "checkpoints": checkpoints.iter().map(checkpoint_json).collect::<Vec<_>>(),
        "end": k.ended.then(|| checkpoint_json(&k.standing)),
    })
    .to_string()
}

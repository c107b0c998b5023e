//! Runs played live through a board (docs/board.md, "Live runs"): a run played here sent to the
//! board as it is played (`send`, `delve --live URL`), and a run played elsewhere followed
//! (`delve --watch URL`, the page's `?watch=ID`): its events come into a `Feed` (from a reader
//! thread on the desktop, from the page's `EventSource` in the browser), and each piece of
//! commands is added to the replay being shown (`ReplayControl::extend`), which re-plays them
//! and checks the state hash at every checkpoint, as any replay does.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use base64::Engine;
use bevy::prelude::*;
use delve_core::run::Checkpoint;
use serde_json::Value;

use crate::screens::playing::replay::ReplayControl;
use crate::state::{InPlay, Session};
use crate::turn::{Game, TurnSet};

#[cfg(not(target_arch = "wasm32"))]
pub mod send;
#[cfg(not(target_arch = "wasm32"))]
pub mod watch;

/// What a live run's stream says after its beginning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LiveEvent {
    /// More commands: their bytes (as a recording holds them), the checkpoints kept over them,
    /// and where the run stopped if it did with them.
    Piece {
        /// Commands before them.
        from: usize,
        bytes: Vec<u8>,
        checkpoints: Vec<Checkpoint>,
        end: Option<Checkpoint>,
    },
    /// The run ended: how ("died", "won", "stopped", "astray", "idle") and the board's words.
    End { how: String, why: String },
    /// The stream was lost, and why (the run may go on, unseen here).
    Lost(String),
    /// The run had this many commands when the stream began (they come first: the replay then
    /// goes to where the run stood).
    Joined(usize),
}

/// A checkpoint as the board's JSON writes it (`{"commands", "turn", "hash"}`).
pub fn checkpoint_of(v: &Value) -> Option<Checkpoint> {
    Some(Checkpoint {
        commands: u32::try_from(v.get("commands")?.as_u64()?).ok()?,
        turn: v.get("turn")?.as_u64()?,
        hash: u64::from_str_radix(v.get("hash")?.as_str()?, 16).ok()?,
    })
}

/// A checkpoint as the board's JSON reads it.
pub fn checkpoint_json(c: &Checkpoint) -> Value {
    serde_json::json!({"commands": c.commands, "turn": c.turn, "hash": format!("{:016x}", c.hash)})
}

impl LiveEvent {
    /// The event named `name` whose data is `data` (`None`: one a spectator does without, such
    /// as `begin`, read before), or why it cannot be read.
    pub fn parse(name: &str, data: &str) -> Result<Option<LiveEvent>, String> {
        let v: Value = serde_json::from_str(data).map_err(|e| format!("the board's {name} event is not JSON: {e}"))?;
        let bad = || format!("the board's {name} event is not one this Delve reads: {data:.200}");
        match name {
            "piece" => {
                let from = v["from"].as_u64().ok_or_else(bad)? as usize;
                let bytes = base64::engine::general_purpose::STANDARD
                    .decode(v["commands"].as_str().ok_or_else(bad)?)
                    .map_err(|_| bad())?;
                let checkpoints = v["checkpoints"]
                    .as_array()
                    .ok_or_else(bad)?
                    .iter()
                    .map(checkpoint_of)
                    .collect::<Option<Vec<_>>>()
                    .ok_or_else(bad)?;
                let end = match &v["end"] {
                    Value::Null => None,
                    e => Some(checkpoint_of(e).ok_or_else(bad)?),
                };
                Ok(Some(LiveEvent::Piece {
                    from,
                    bytes,
                    checkpoints,
                    end,
                }))
            }
            "end" => Ok(Some(LiveEvent::End {
                how: v["how"].as_str().ok_or_else(bad)?.to_owned(),
                why: v["why"].as_str().ok_or_else(bad)?.to_owned(),
            })),
            "joined" => Ok(Some(
                LiveEvent::Joined(v["commands"].as_u64().ok_or_else(bad)? as usize),
            )),
            "lost" => Ok(Some(LiveEvent::Lost(
                v["error"].as_str().unwrap_or("the board's stream failed").to_owned(),
            ))),
            _ => Ok(None),
        }
    }
}

/// The events of the live run being followed, as they come, waiting to be played.
#[derive(Resource, Clone, Debug, Default)]
pub struct Feed(pub Arc<Mutex<VecDeque<LiveEvent>>>);

impl Feed {
    /// Adds an event at the back.
    pub fn push(&self, event: LiveEvent) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).push_back(event);
    }

    /// Takes every event waiting.
    fn take(&self) -> Vec<LiveEvent> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).drain(..).collect()
    }
}

/// The page's feed (`web::live_event` fills it from web/board.js's stream): one per page.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub fn page_feed() -> &'static Feed {
    static FEED: std::sync::OnceLock<Feed> = std::sync::OnceLock::new();
    FEED.get_or_init(Feed::default)
}

/// The recording file a live run's `begin` event carries (its data's `"recording"`, base64).
pub fn begin_file(data: &str) -> Result<Vec<u8>, String> {
    let v: Value = serde_json::from_str(data).map_err(|e| format!("the board's begin event is not JSON: {e}"))?;
    let text = v["recording"]
        .as_str()
        .ok_or("the board's begin event carries no recording")?;
    base64::engine::general_purpose::STANDARD
        .decode(text)
        .map_err(|e| format!("the board's begin event's recording is not base64: {e}"))
}

pub fn plugin(app: &mut App) {
    app.add_systems(OnExit(InPlay(Session::Replay)), stop_following)
        .add_systems(
            Update,
            follow
                .in_set(TurnSet::Input)
                .run_if(in_state(InPlay(Session::Replay)).and_then(resource_exists::<Feed>)),
        );
    #[cfg(not(target_arch = "wasm32"))]
    app.add_plugins(send::plugin);
}

/// Leaving the live replay stops following (what comes after is not played over another replay).
fn stop_following(mut commands: Commands) {
    commands.remove_resource::<Feed>();
}

/// Adds what came of the live run followed to the replay shown.
fn follow(
    feed: Res<Feed>,
    control: Option<ResMut<ReplayControl>>,
    mut game: ResMut<Game>,
    mut entered: MessageWriter<crate::turn::LevelEntered>,
) {
    let Some(mut control) = control else { return };
    for event in feed.take() {
        match event {
            LiveEvent::Piece {
                from,
                bytes,
                checkpoints,
                end,
            } => {
                let recorded = control.recorded();
                if from != recorded {
                    control.lose_live(format!("the board sent commands from {from}, but {recorded} had come"));
                } else if let Err(why) = control.extend(&bytes, &checkpoints, end) {
                    game.say(format!("The live run's commands cannot be played: {why}."));
                    control.lose_live(why);
                }
            }
            LiveEvent::End { how, why } => control.end_live(&how, why),
            LiveEvent::Lost(why) => control.lose_live(why),
            LiveEvent::Joined(commands) => control.joined_at(commands),
        }
    }
    control.catch_up(&mut game, &mut entered);
}

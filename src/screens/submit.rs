//! "Submit to the board" on a run's summary, on the desktop: when a board is set (`--board URL`,
//! or the settings' `board`), the summary offers it under its keys; the recording goes to the
//! board on a thread of its own (the window never waits on the network), and the board's answer
//! takes the line's place: the rank, or why not (and the key to try again). The recording stays
//! in the save directory whatever the board says. In the browser the page does this
//! (web/board.js).

use std::sync::Mutex;
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use bevy::prelude::*;

use super::ended::{Edge, say_on_line, spawn_line};
use crate::action::Action;
use crate::board::{BoardTarget, Ranked, Unsent};
use crate::save::{SaveStore, Store};
use crate::settings::bindings::shown;
use crate::settings::{KeyboardLayout, Settings};
use crate::state::{GameState, Session};
use crate::turn::Game;
use crate::ui::palette;
use crate::ui::spoken::Spoken;

/// The summary's line about the board.
#[derive(Component)]
struct BoardLine;

/// A submission on its way: the board's answer arrives here.
#[derive(Resource)]
struct InFlight(Mutex<Receiver<Result<Ranked, Unsent>>>);

/// The run was ranked: it is not offered again.
#[derive(Resource)]
struct Done;

pub fn plugin(app: &mut App) {
    app.init_resource::<BoardTarget>()
        .add_systems(OnEnter(GameState::Ended), offer)
        .add_systems(OnExit(GameState::Ended), forget)
        .add_systems(
            Update,
            (
                submit_on_key.run_if(
                    resource_exists::<ButtonInput<KeyCode>>
                        .and_then(resource_exists::<Settings>)
                        .and_then(resource_exists::<KeyboardLayout>),
                ),
                take_answer,
            )
                .run_if(in_state(GameState::Ended)),
        );
}

/// Whether this summary offers the board: a board set, a run of the player's own (not a
/// replay), on the desktop.
fn offered(target: &BoardTarget, session: &Session) -> bool {
    cfg!(not(target_arch = "wasm32")) && target.url.is_some() && *session != Session::Replay
}

fn key(settings: Option<&Settings>) -> String {
    settings
        .map_or_else(Settings::default, Clone::clone)
        .bindings
        .of(Action::SubmitRun)
        .first()
        .map_or_else(|| "(unbound)".to_owned(), |b| shown(*b))
}

fn offer(
    mut commands: Commands,
    target: Res<BoardTarget>,
    session: Res<State<Session>>,
    settings: Option<Res<Settings>>,
    store: Option<Res<SaveStore>>,
) {
    if !offered(&target, session.get()) {
        return;
    }
    let store = store.map_or(Store::Nowhere, |s| s.0.clone());
    let url = target.url.as_deref().unwrap_or_default();
    let offer = format!(
        "{}  submit this run to the board at {url} as {}",
        key(settings.as_deref()),
        target.name_in(&store)
    );
    spawn_line(&mut commands, "Board line", Edge::Foot, BoardLine, offer);
}

fn forget(mut commands: Commands) {
    commands.remove_resource::<InFlight>();
    commands.remove_resource::<Done>();
}

#[allow(clippy::too_many_arguments)]
fn submit_on_key(
    mut commands: Commands,
    keys: Res<ButtonInput<KeyCode>>,
    (settings, layout): (Res<Settings>, Res<KeyboardLayout>),
    (target, session, store): (Res<BoardTarget>, Res<State<Session>>, Option<Res<SaveStore>>),
    game: Res<Game>,
    (in_flight, ranked): (Option<Res<InFlight>>, Option<Res<Done>>),
    mut line: Query<(&mut Text, &mut Spoken), With<BoardLine>>,
) {
    if !offered(&target, session.get())
        || in_flight.is_some()
        || ranked.is_some()
        || !settings.bindings.just_pressed(Action::SubmitRun, &keys, &layout)
    {
        return;
    }
    let Some(recording) = delve_core::save::encode_recording(&game) else {
        return;
    };
    let store = store.map_or(Store::Nowhere, |s| s.0.clone());
    let (url, name) = (target.url.clone().unwrap_or_default(), target.name_in(&store));
    // The board the player has set: the one an old name's secret was used with.
    let usual = settings.board.clone();
    for (mut text, mut spoken) in &mut line {
        say_on_line(
            &mut text,
            &mut spoken,
            &format!("Sending the run to {url}; the board replays it…"),
        );
    }
    let (send, answer) = channel();
    std::thread::spawn(move || {
        let sent = crate::board::identity_for(&store, &name, &url, usual.as_deref())
            .map_err(|why| Unsent { why, again: false })
            .and_then(|identity| crate::board::submit(&url, &identity, &recording));
        let _ = send.send(sent);
    });
    commands.insert_resource(InFlight(Mutex::new(answer)));
}

fn take_answer(
    mut commands: Commands,
    in_flight: Option<Res<InFlight>>,
    target: Res<BoardTarget>,
    settings: Option<Res<Settings>>,
    mut line: Query<(&mut Text, &mut TextColor, &mut Spoken), With<BoardLine>>,
) {
    let Some(in_flight) = in_flight else { return };
    let answer = match in_flight.0.lock().map(|rx| rx.try_recv()) {
        Ok(Err(TryRecvError::Empty)) => return,
        Ok(Ok(answer)) => answer,
        Ok(Err(TryRecvError::Disconnected)) | Err(_) => Err(Unsent {
            why: "the submission stopped before the board answered".into(),
            again: true,
        }),
    };
    commands.remove_resource::<InFlight>();
    let url = target.url.as_deref().unwrap_or_default();
    let (said, colour) = match answer {
        Ok(ranked) => {
            commands.insert_resource(Done);
            // A run that raced a ghost is ranked on the raced list ("raced:seed:42").
            let (key, query) = match ranked.board.strip_prefix("raced:") {
                Some(key) => (key, "?raced=1"),
                None => (ranked.board.as_str(), ""),
            };
            let page = match key.split_once(':') {
                Some(("day", day)) => format!("{url}/board/day/{day}{query}"),
                Some(("seed", seed)) => format!("{url}/board/seed/{seed}{query}"),
                _ => format!("{url}/board"),
            };
            (
                format!("Ranked {} with {} points: {page}", ranked.rank, ranked.score),
                palette::VICTORY,
            )
        }
        Err(Unsent { why, again: true }) => (
            format!(
                "Not submitted: {why}. {} tries again; the recording is kept.",
                key(settings.as_deref())
            ),
            palette::WARN,
        ),
        Err(Unsent { why, again: false }) => {
            // The board refused the run itself: sending it again would say the same.
            commands.insert_resource(Done);
            (format!("Not ranked: {why}."), palette::WARN)
        }
    };
    info!("{said}");
    for (mut text, mut text_colour, mut spoken) in &mut line {
        say_on_line(&mut text, &mut spoken, &said);
        text_colour.0 = colour;
    }
}

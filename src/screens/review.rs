//! "Could you have lived?" on a death's summary: its key (`v`) reviews the last turns of the
//! run (`delve_core::review`: each item usable then, a retreat to the stairs, sneaking, each
//! played on by the bot). A line that lives is shown at once as a replay from its branch point,
//! its words over the banner, and `t` there takes the run over from the branch point (a branch
//! of the run's own recording); when none lives, the summary says so honestly. The review runs
//! in the frame after the key, once "Reviewing…" is on the screen.

use bevy::prelude::*;
use delve_core::review::{Limits, review};
use delve_core::run::Replay;
use delve_core::run::seek::Seeker;
use delve_core::world::Ending;

use super::ended::{Edge, say_on_line, spawn_line};
use crate::action::Action;
use crate::settings::bindings::shown;
use crate::settings::{KeyboardLayout, Settings};
use crate::state::{GameState, Session};
use crate::turn::Game;
use crate::ui::spoken::Spoken;

/// The summary's line about the review.
#[derive(Component)]
struct ReviewLine;

/// The review was asked for: it runs next frame (the line says so first).
#[derive(Resource)]
struct Asked;

/// The review has been done for this summary.
#[derive(Resource)]
struct Reviewed;

pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(GameState::Ended), offer)
        .add_systems(OnExit(GameState::Ended), forget)
        .add_systems(
            Update,
            (
                run_review,
                ask_on_key.run_if(
                    resource_exists::<ButtonInput<KeyCode>>
                        .and_then(resource_exists::<Settings>)
                        .and_then(resource_exists::<KeyboardLayout>),
                ),
            )
                .chain()
                .run_if(in_state(GameState::Ended)),
        );
}

/// Whether this summary offers a review: a death of the player's own run, recorded whole (a
/// recording file can be made of it: what a run taken over from the review names as its parent).
fn offered(game: &Game, session: &Session) -> bool {
    *session == Session::Play
        && matches!(game.record().ending, Some(Ending::Died { .. }))
        && delve_core::save::RecordingFile::of(game).is_some()
}

/// The review's key, as bound.
pub fn key(settings: Option<&Settings>) -> String {
    settings
        .map_or_else(Settings::default, Clone::clone)
        .bindings
        .of(Action::ReviewDeath)
        .first()
        .map_or_else(|| "(unbound)".to_owned(), |b| shown(*b))
}

fn offer(mut commands: Commands, game: Res<Game>, session: Res<State<Session>>, settings: Option<Res<Settings>>) {
    if !offered(&game, session.get()) {
        return;
    }
    let offer = format!(
        "{}  could you have lived? (the last turns reviewed)",
        key(settings.as_deref())
    );
    spawn_line(&mut commands, "Review line", Edge::Top, ReviewLine, offer);
}

fn forget(mut commands: Commands) {
    commands.remove_resource::<Asked>();
    commands.remove_resource::<Reviewed>();
}

fn say(line: &mut Query<(&mut Text, &mut Spoken), With<ReviewLine>>, words: &str) {
    for (mut text, mut spoken) in line {
        say_on_line(&mut text, &mut spoken, words);
    }
}

fn ask_on_key(
    mut commands: Commands,
    keys: Res<ButtonInput<KeyCode>>,
    (settings, layout): (Res<Settings>, Res<KeyboardLayout>),
    (asked, reviewed): (Option<Res<Asked>>, Option<Res<Reviewed>>),
    mut line: Query<(&mut Text, &mut Spoken), With<ReviewLine>>,
) {
    // Offered (`offer` spawned the line) or not: the line says.
    if line.is_empty()
        || asked.is_some()
        || reviewed.is_some()
        || !settings.bindings.just_pressed(Action::ReviewDeath, &keys, &layout)
    {
        return;
    }
    say(&mut line, "Reviewing the last turns: each item, a retreat, sneaking…");
    commands.insert_resource(Asked);
}

/// Reviews the death, and shows the line that lives (a replay from its branch point) or says
/// that none was found.
fn run_review(
    mut commands: Commands,
    asked: Option<Res<Asked>>,
    game: Res<Game>,
    mut line: Query<(&mut Text, &mut Spoken), With<ReviewLine>>,
) {
    if asked.is_none() {
        return;
    }
    commands.remove_resource::<Asked>();
    commands.insert_resource(Reviewed);
    let Some(recording) = game.recording() else { return };
    let spec = game.spec().clone();
    let Ok((start, replay)) = Replay::begin(&spec, recording, None) else {
        say(&mut line, "The run's first level could not be made again: no review.");
        return;
    };
    let mut seeker = Seeker::new(&start, &replay);
    let Some(found) = review(&mut seeker, &game, Limits::default()) else {
        return;
    };
    let summary = found.summary();
    info!("review: {summary} ({} lines tried)", found.tried);
    let Some(line_found) = found.line else {
        say(&mut line, &summary);
        return;
    };
    // The run's recording as the history keeps it: what a take-over names as its parent.
    let Some(parent) = delve_core::save::encode_recording(&game).map(|bytes| delve_core::save::digest(&bytes)) else {
        return;
    };
    let Ok((start, replay)) = Replay::begin(&spec, &line_found.recording, Some(line_found.end)) else {
        say(&mut line, &summary);
        return;
    };
    let caption = format!("{summary}  t takes the run over on turn {}.", line_found.turn);
    let (run, control) =
        crate::screens::playing::replay::ReplayControl::of_line(&start, replay, parent, line_found.commands, caption);
    commands.insert_resource(control);
    crate::turn::begin_run(&mut commands, run, Session::Replay);
}

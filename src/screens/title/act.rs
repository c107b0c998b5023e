//! What the title's menus asked for, done: a run begun, continued or replayed, the settings
//! kept, the oldest saved run retired, quitting.

use bevy::prelude::*;
use delve_core::run::RunSpec;

use super::data::TitleData;
use super::menu::{self, Menu, Outcome};
use crate::save::{SaveSlot, SaveStore, Slot};
use crate::settings::Settings;
use crate::state::Session;
use crate::turn::begin_run;

/// What the menus need to act on an outcome, borrowed.
pub(super) type ActingMut<'a, 'w, 's> = (
    &'a mut Commands<'w, 's>,
    &'a mut MessageWriter<'w, AppExit>,
    &'a SaveStore,
);

/// Does what the menus asked for; `settings` as they were before the key, and now.
pub(super) fn act(
    outcome: Outcome,
    menu: &mut Menu,
    data: &mut TitleData,
    (before, settings): (&Settings, &mut Settings),
    acting: ActingMut,
) {
    let (commands, exit, store) = acting;
    match outcome {
        Outcome::Nothing => {}
        Outcome::Quit => _ = exit.write(AppExit::Success),
        Outcome::SettingsChanged => {
            // What changed is written over the settings as they are kept now: another Delve's
            // changes meanwhile are kept too (and shown here from now on).
            let (kept, written) = crate::save::keep_settings(&store.0, before, settings);
            *settings = kept;
            // The next run sees as far as the settings now say (over a `--radius` given at start).
            commands.insert_resource(crate::turn::FovRadius(settings.radius));
            if let Err(e) = written {
                menu.note = Some(format!("The settings could not be kept: {e}"));
            }
        }
        Outcome::Resume(i) => {
            let Some(entry) = data.saved.get(i) else { return };
            let run = match &entry.found {
                Ok(run) => run,
                Err(why) => {
                    menu.note = Some(format!("That save cannot be played: {why}. It is kept as it is."));
                    return;
                }
            };
            match SaveSlot::open(&store.0, entry.id) {
                Ok(slot) => {
                    let mut run = (**run).clone();
                    run.say(format!("Welcome back. (turn {})", run.turn()));
                    commands.insert_resource(slot);
                    begin_run(commands, run, Session::Play);
                }
                Err(taken) => menu.note = Some(format!("Not opened: {}.", taken.describe())),
            }
        }
        Outcome::Daily | Outcome::Practice => {
            let today = crate::save::today();
            let Ok(mut run) = RunSpec::seeded(delve_core::run::daily_params(today)).begin() else {
                menu.note = Some("The daily dungeon could not be made.".into());
                return;
            };
            if outcome == Outcome::Daily {
                run.mark_daily(&today.to_string());
                run.say(format!(
                    "The daily dungeon of {today}: the same for everyone who plays it today."
                ));
            } else {
                run.say(format!(
                    "A practice run of the daily dungeon of {today}: you have played the daily today, so this run is not on its scores."
                ));
            }
            commands.insert_resource(SaveSlot::fresh(&store.0));
            begin_run(commands, run, Session::Play);
        }
        Outcome::Tutorial => {
            // Begun once: the title offers it first no more (it stays on the menu).
            if let Err(e) = crate::screens::playing::hints::note_tutorial_begun(&store.0) {
                warn!("that the tutorial was begun could not be kept: {e}");
            }
            if let Err(e) = crate::screens::playing::tutorial::begin(commands, &settings.bindings) {
                menu.note = Some(format!("The tutorial could not begin: {e}."));
            }
        }
        Outcome::Race(i) => {
            let bytes = data
                .past_id(i)
                .and_then(|id| store.0.read(Slot::Recording(id)).ok().flatten());
            match bytes.map(|b| crate::screens::playing::race::race_fresh(&b, "your past run")) {
                Some(Ok((run, racing))) => {
                    commands.insert_resource(racing);
                    commands.insert_resource(SaveSlot::fresh(&store.0));
                    begin_run(commands, run, Session::Play);
                }
                Some(Err(e)) => menu.note = Some(format!("That run's ghost cannot be raced: {e}.")),
                None => menu.note = Some("That run's recording could not be read.".into()),
            }
        }
        Outcome::Replay(i) => {
            let bytes = data
                .past_id(i)
                .and_then(|id| store.0.read(Slot::Recording(id)).ok().flatten());
            match bytes.map(|b| crate::screens::playing::replay::replay_of(&b)) {
                Some(Ok((run, replay, parent))) => {
                    crate::screens::playing::replay::watch(commands, run, replay, parent)
                }
                Some(Err(e)) => menu.note = Some(format!("That run cannot be replayed: {e}.")),
                None => menu.note = Some("That run's recording could not be read.".into()),
            }
        }
        Outcome::Start {
            retire_oldest,
            beginning,
            mode,
            ..
        } => {
            let params = menu::start_params(outcome, rand::random).expect("a start");
            let mut run = match RunSpec::seeded(params).in_mode(mode).begin() {
                Ok(run) => run,
                Err(e) => {
                    menu.note = Some(format!("That level could not be made: {e}"));
                    return;
                }
            };
            if retire_oldest && let Some(oldest) = data.full() {
                let entry = data.saved.remove(oldest);
                data.labels.remove(oldest);
                if let (Ok(old), Ok(slot)) = (&entry.found, SaveSlot::open(&store.0, entry.id)) {
                    crate::save::retire(&store.0, &slot, old);
                }
            }
            if let Some(beginning) = beginning {
                // A fresh run: nothing done yet, so this is never refused.
                let _ = run.begin_as(beginning);
            }
            commands.insert_resource(SaveSlot::fresh(&store.0));
            begin_run(commands, run, Session::Play);
        }
    }
}

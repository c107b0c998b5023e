//! Sound: what the player hears of each turn, chosen here from what the rules say happened (and
//! what the player tried), by the rules' own noise walk (`sound`), and played by the window's
//! output (`out`: the browser's Web Audio, the desktop's ALSA loaded at run time, or silence).
//! Choosing needs no device, so headless tests hear what a player would (`Soundtrack`); only
//! the game's window plays it. Every sound is made in code (`synth`).

mod out;
pub mod sound;
pub mod synth;

use std::collections::VecDeque;

use bevy::prelude::*;
use delve_core::rules::noise::Earshot;
use delve_core::rules::{Effect, Who};
use delve_core::world::{Hunger, Mind};
use leafwing_input_manager::prelude::ActionState;

pub use out::plugin as output_plugin;
pub use sound::{Cue, Sound};

use crate::action::Action;
use crate::actor::Player as PlayerEntity;
use crate::save::SaveStore;
use crate::settings::Settings;
use crate::state::GameState;
use crate::turn::{Acted, Game, Happened, LevelEntered, Overheard, TurnSet};

/// How many of the last sounds are kept to be read (tests, the log).
const KEPT: usize = 64;

/// What is to be heard: the sounds asked for and not yet played, the last ones asked for, and
/// the ambience (a depth's, or none).
#[derive(Resource, Debug, Default)]
pub struct Soundtrack {
    pending: Vec<Cue>,
    last: VecDeque<Cue>,
    ambience: Option<u32>,
}

impl Soundtrack {
    /// The last sounds asked for, oldest first.
    pub fn last(&self) -> impl Iterator<Item = &Cue> {
        self.last.iter()
    }

    /// The depth whose ambience plays, if any.
    pub fn ambience(&self) -> Option<u32> {
        self.ambience
    }

    /// Asks for `cue`.
    pub fn play(&mut self, cue: Cue) {
        // Nothing takes them where nothing plays (headless): the newest are kept.
        if self.pending.len() == KEPT {
            self.pending.remove(0);
        }
        self.pending.push(cue);
        if self.last.len() == KEPT {
            self.last.pop_front();
        }
        self.last.push_back(cue);
        debug!(target: "delve::sound", "{} at {:.2}{}", cue.sound.key(), cue.gain, if cue.muffled { ", muffled" } else { "" });
    }

    /// The sounds asked for since the last call.
    pub(crate) fn take(&mut self) -> Vec<Cue> {
        std::mem::take(&mut self.pending)
    }
}

/// The player's ears between turns: the noise walk's scratch, the hostile monsters in view at
/// the last turn (danger is what was not), and how hungry the player was.
#[derive(Resource, Debug, Default)]
struct Ears {
    earshot: Earshot,
    in_view: Vec<u32>,
    hunger: Option<Hunger>,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Soundtrack>()
        .init_resource::<Ears>()
        .add_systems(
            Update,
            (hear_turn, sense_danger, hear_hunger).chain().in_set(TurnSet::See),
        )
        .add_systems(Update, set_ambience)
        // Read where the map has the keys, as every key of play is (`action::Where::reads`).
        .add_systems(Update, toggle_mute.run_if(in_state(crate::state::Focus::Map)))
        .add_systems(OnExit(GameState::Playing), |mut ears: ResMut<Ears>| {
            ears.in_view.clear();
            ears.hunger = None;
        });
}

/// The sounds of the turn just played: each happening's, heard by the noise walk; what the player
/// used; a refused move's.
fn hear_turn(
    game: Res<Game>,
    mut ears: ResMut<Ears>,
    mut soundtrack: ResMut<Soundtrack>,
    (mut happened, mut overheard, mut acted): (MessageReader<Happened>, MessageReader<Overheard>, MessageReader<Acted>),
) {
    for act in acted.read() {
        let sound = match *act {
            Acted::Used(kind) => sound::sound_of_use(kind),
            Acted::Refused(refusal) => sound::sound_of_refusal(refusal),
        };
        if let Some(sound) = sound {
            soundtrack.play(Cue::plain(sound));
        }
    }
    let seen: Vec<_> = happened.read().map(|h| (h.0, true)).collect();
    let unseen: Vec<_> = overheard.read().map(|h| (h.0, false)).collect();
    if seen.is_empty() && unseen.is_empty() {
        return;
    }
    let run = &game.0;
    // One walk out from the player a turn, only when someone else made a sound.
    let listening = seen.iter().chain(&unseen).any(|(h, _)| h.who != Who::Player);
    if listening {
        ears.earshot
            .walk(&run.dungeon().level().map, run.player().at, sound::LISTEN);
    }
    // One of each sound a turn (the loudest): a turn's two blows are one sound to the ear.
    let mut cues: Vec<Cue> = Vec::new();
    for (h, seen) in seen.into_iter().chain(unseen) {
        // A change of level leaves the earshot on the new level: what came before it is the
        // player's own (the stairs) or not heard.
        if let Some(sound) = sound::sound_of(&h, run)
            && let Some(cue) = sound::cue(&h, sound, run, &ears.earshot, seen)
        {
            match cues.iter_mut().find(|c| c.sound == cue.sound) {
                Some(same) if cue.gain > same.gain => *same = cue,
                Some(_) => {}
                None => cues.push(cue),
            }
        }
    }
    for cue in cues {
        soundtrack.play(cue);
    }
}

/// A cue when a hostile monster comes into view that was not in view the turn before.
fn sense_danger(
    game: Res<Game>,
    mut ears: ResMut<Ears>,
    mut soundtrack: ResMut<Soundtrack>,
    mut entered: MessageReader<LevelEntered>,
) {
    if entered.read().count() > 0 {
        ears.in_view.clear();
    }
    if !game.is_changed() {
        return;
    }
    let run = &game.0;
    let now: Vec<u32> = run
        .dungeon()
        .level()
        .monsters
        .iter()
        .filter(|m| !matches!(m.mind, Mind::Ally { .. } | Mind::Captive { .. }) && run.sees(m))
        .map(|m| m.id)
        .collect();
    if !run.is_over() && now.iter().any(|id| !ears.in_view.contains(id)) {
        soundtrack.play(Cue::plain(Sound::Danger));
    }
    ears.in_view = now;
}

/// A growl as hunger grows worse (`Digested` crossing a threshold).
fn hear_hunger(
    game: Res<Game>,
    mut ears: ResMut<Ears>,
    mut soundtrack: ResMut<Soundtrack>,
    mut happened: MessageReader<Happened>,
) {
    if !happened.read().any(|h| h.0.effect == Effect::Digested) {
        return;
    }
    let now = game.player().hunger();
    if let Some(before) = ears.hunger
        && now > before
    {
        soundtrack.play(Cue::plain(Sound::Hunger));
    }
    ears.hunger = Some(now);
}

/// The ambience follows the depth played; none off the map.
fn set_ambience(game: Option<Res<Game>>, state: Res<State<GameState>>, mut soundtrack: ResMut<Soundtrack>) {
    let wanted = match (state.get(), game) {
        (GameState::Playing, Some(game)) => Some(game.dungeon().depth()),
        _ => None,
    };
    if soundtrack.ambience != wanted {
        soundtrack.ambience = wanted;
    }
}

/// The mute key turns sound off, or on again; the settings file keeps it at once.
fn toggle_mute(
    actions: Option<Single<&ActionState<Action>, With<PlayerEntity>>>,
    mut settings: ResMut<Settings>,
    mut game: Option<ResMut<Game>>,
    store: Option<Res<SaveStore>>,
) {
    if !actions.is_some_and(|a| a.just_pressed(&Action::Mute)) {
        return;
    }
    let before = settings.clone();
    settings.muted = !settings.muted;
    if let Some(store) = store {
        let (_, written) = crate::save::keep_settings(&store.0, &before, &settings);
        if let Err(e) = written {
            warn!("the settings could not be written ({e})");
        }
    }
    if let Some(game) = game.as_mut() {
        game.say(if settings.muted { "Sound off." } else { "Sound on." });
    }
}

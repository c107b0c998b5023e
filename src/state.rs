//! Where the game is: loading its assets, at the title screen, playing, at the end of a run, or
//! stopped by an asset that would not load. The bottom of the shell: every screen and plugin
//! reads it, and it reads nothing of Delve's.

use bevy::prelude::*;

/// Which screen the game is on.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameState {
    /// Loading the assets.
    #[default]
    Loading,
    /// The title screen and its menus: continue, new run, settings, history.
    Title,
    /// A run on the map (what has the keyboard there: `Focus`).
    Playing,
    /// The run is over (death or victory): its summary, and the way to the next run.
    Ended,
    /// An asset would not load: the game says which and stops.
    LoadFailed,
}

/// What has the keyboard while playing: the map, or the one overlay over it. A state, so one
/// overlay at a time holds by construction (opening one leaves the map's focus, and only the
/// map's focus opens one); every overlay's entities go when its focus does
/// (`DespawnOnExit`), and every system that plays by key runs `in_state(Focus::Map)`.
impl GameState {
    /// Every screen (`tests::every_state_is_listed` holds the lists whole).
    pub const ALL: [GameState; 5] = [
        GameState::Loading,
        GameState::Title,
        GameState::Playing,
        GameState::Ended,
        GameState::LoadFailed,
    ];
}

#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(GameState = GameState::Playing)]
pub enum Focus {
    /// The map: keys move, act and open the rest.
    #[default]
    Map,
    /// The pack (`i`, or `f` for what to throw or zap).
    Pack,
    /// Aiming what is thrown or zapped.
    Aim,
    /// Looking at things (`v`).
    Look,
    /// The keys (F1 or ?).
    Help,
    /// The message log (P).
    Log,
    /// The overview map (M or Tab).
    Overview,
    /// A question a direction answers ("Close which door?"): a direction answers it, any other
    /// key lets it go.
    Choose,
    /// A boon to choose at an experience level (the boon screen): nothing else is played until
    /// one is chosen.
    Boon,
}

impl Focus {
    /// Every focus.
    pub const ALL: [Focus; 9] = [
        Focus::Map,
        Focus::Pack,
        Focus::Aim,
        Focus::Look,
        Focus::Help,
        Focus::Log,
        Focus::Overview,
        Focus::Choose,
        Focus::Boon,
    ];
}

/// Whose run `turn::Game` holds: the player's own, a level the generator lab shows (the
/// player's run set aside meanwhile), or a recording being watched. Set together with the run
/// (`turn::begin_run`), so it is always the run's; what systems gate on is `InPlay`.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Session {
    /// The player's own run: played by its keys, and the one run ever saved.
    #[default]
    Play,
    /// The generator lab: the level shown whole as it was made. The player's run is set aside
    /// (`lab::SetAside`) and comes back as it was when the lab is left; turns taken in the lab
    /// play a copy, or a specimen the lab made, and are never saved.
    Lab,
    /// A recording played back: the player's commands are not played and nothing is saved.
    Replay,
    /// The tutorial's lessons (`screens::playing::tutorial`): played by the player's keys, but
    /// never saved, put in the history or the high scores, nor earning feats.
    Tutorial,
}

impl Session {
    /// Every session.
    pub const ALL: [Session; 4] = [Session::Play, Session::Lab, Session::Replay, Session::Tutorial];
}

/// Each state's place in its `ALL`: a new variant does not compile until it is numbered here,
/// next to the list it belongs in.
#[cfg(test)]
const fn places(screen: GameState, focus: Focus, session: Session) -> [usize; 3] {
    let screen = match screen {
        GameState::Loading => 0,
        GameState::Title => 1,
        GameState::Playing => 2,
        GameState::Ended => 3,
        GameState::LoadFailed => 4,
    };
    let focus = match focus {
        Focus::Map => 0,
        Focus::Pack => 1,
        Focus::Aim => 2,
        Focus::Look => 3,
        Focus::Help => 4,
        Focus::Log => 5,
        Focus::Overview => 6,
        Focus::Choose => 7,
        Focus::Boon => 8,
    };
    let session = match session {
        Session::Play => 0,
        Session::Lab => 1,
        Session::Replay => 2,
        Session::Tutorial => 3,
    };
    [screen, focus, session]
}

/// The session while a run is on the map (`GameState::Playing`), and only then: what play-time
/// systems run in (`in_state(InPlay(Session::Play))`), and what a session's entering and leaving
/// hang on (`OnEnter(InPlay(Session::Lab))`). Computed from the screen and the session, so a
/// session change and a new run in play are one transition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InPlay(pub Session);

impl ComputedStates for InPlay {
    type SourceStates = (GameState, Session);

    fn compute((screen, session): (GameState, Session)) -> Option<Self> {
        (screen == GameState::Playing).then_some(InPlay(session))
    }
}

/// Which screen follows loading: the title screen, or straight into play when the command line
/// (or the page's address) named a run.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FirstScreen(pub GameState);

/// With the `dev` feature, every change of screen or focus is logged (`RUST_LOG=delve=info`).
#[cfg(feature = "dev")]
pub(crate) fn log_transitions(
    mut screens: MessageReader<StateTransitionEvent<GameState>>,
    mut focus: MessageReader<StateTransitionEvent<Focus>>,
    mut sessions: MessageReader<StateTransitionEvent<InPlay>>,
) {
    for e in sessions.read() {
        info!("session: {:?} -> {:?}", e.exited, e.entered);
    }
    for e in screens.read() {
        info!("screen: {:?} -> {:?}", e.exited, e.entered);
    }
    for e in focus.read() {
        info!("focus: {:?} -> {:?}", e.exited, e.entered);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_state_is_listed() {
        for (i, s) in GameState::ALL.into_iter().enumerate() {
            assert_eq!(places(s, Focus::Map, Session::Play)[0], i);
        }
        for (i, f) in Focus::ALL.into_iter().enumerate() {
            assert_eq!(places(GameState::Playing, f, Session::Play)[1], i);
        }
        for (i, s) in Session::ALL.into_iter().enumerate() {
            assert_eq!(places(GameState::Playing, Focus::Map, s)[2], i);
        }
    }
}

//! Everything a player can ask for by key (`Action`, leafwing-input-manager's actionlike): what
//! each does and, for moves, the direction. Which keys do it is the settings' (`Bindings`).

use bevy::prelude::*;
use delve_core::geom::Dir8;

use crate::state::{Focus, GameState, Session};
use leafwing_input_manager::prelude::*;

/// Everything a player can ask for.
#[derive(Actionlike, PartialEq, Eq, Clone, Copy, Hash, Debug, Reflect, PartialOrd, Ord)]
pub enum Action {
    MoveN,
    MoveNE,
    MoveE,
    MoveSE,
    MoveS,
    MoveSW,
    MoveW,
    MoveNW,
    Wait,
    /// Rest until healed and cured, or until something comes into view (Brogue's `Z`).
    Rest,
    CloseDoor,
    Descend,
    Ascend,
    Explore,
    Overview,
    Minimap,
    Cancel,
    Help,
    MessageLog,
    ZoomIn,
    ZoomOut,
    Lab,
    LabNext,
    /// The pack: what is carried, and what to do with it.
    Inventory,
    /// Pick up what lies here.
    PickUp,
    /// Throw or zap: choose what, then aim.
    Throw,
    /// While aiming: the next monster in sight.
    NextTarget,
    /// While aiming: throw or zap at the target.
    Fire,
    /// At the end of a run: a new run on a new seed.
    NewRun,
    /// At the end of a run: the same seed again.
    SameRun,
    /// At the end of a run: the title screen.
    TitleScreen,
    /// Save and quit, from any screen: Ctrl with this action's key.
    Quit,
    /// Sneak or walk: while sneaking, a step is quieter and takes two turns.
    Sneak,
    /// Look: examine any tile in sight with a cursor (or the mouse).
    Look,
    /// Hide or show the sidebar.
    Sidebar,
    /// Search the tiles around for secret doors and hidden traps (a turn).
    Search,
    /// At the end of a run: submit it to the board (when one is set: `--board`, or the settings).
    SubmitRun,
    /// Tell your allies to wait here, or to follow you (DCSS's `t`, for "tell").
    Allies,
    /// Sound off, or on again.
    Mute,
    /// At the end of a run that died: "could you have lived?", the last turns reviewed.
    ReviewDeath,
}

impl Action {
    pub const ALL: [Action; 40] = [
        Action::MoveN,
        Action::MoveNE,
        Action::MoveE,
        Action::MoveSE,
        Action::MoveS,
        Action::MoveSW,
        Action::MoveW,
        Action::MoveNW,
        Action::Wait,
        Action::Rest,
        Action::CloseDoor,
        Action::Descend,
        Action::Ascend,
        Action::Explore,
        Action::Overview,
        Action::Minimap,
        Action::Cancel,
        Action::Help,
        Action::MessageLog,
        Action::ZoomIn,
        Action::ZoomOut,
        Action::Lab,
        Action::LabNext,
        Action::Inventory,
        Action::PickUp,
        Action::Throw,
        Action::NextTarget,
        Action::Fire,
        Action::NewRun,
        Action::SameRun,
        Action::TitleScreen,
        Action::Quit,
        Action::Sneak,
        Action::Look,
        Action::Sidebar,
        Action::Search,
        Action::SubmitRun,
        Action::Allies,
        Action::Mute,
        Action::ReviewDeath,
    ];

    /// The direction of a move action.
    pub const fn direction(self) -> Option<Dir8> {
        Some(match self {
            Action::MoveN => Dir8::N,
            Action::MoveNE => Dir8::NE,
            Action::MoveE => Dir8::E,
            Action::MoveSE => Dir8::SE,
            Action::MoveS => Dir8::S,
            Action::MoveSW => Dir8::SW,
            Action::MoveW => Dir8::W,
            Action::MoveNW => Dir8::NW,
            _ => return None,
        })
    }

    /// Whether the action is read on the summary at the end of a run (not in play, so its keys
    /// may also be play's).
    pub const fn at_the_end(self) -> bool {
        matches!(
            self,
            Action::NewRun | Action::SameRun | Action::TitleScreen | Action::SubmitRun | Action::ReviewDeath
        )
    }

    /// Whether the map's turn keys read it (`player::input::read_actions`): what the lab's
    /// next-level key comes before, there.
    pub const fn plays_a_turn(self) -> bool {
        self.direction().is_some()
            || matches!(
                self,
                Action::Wait
                    | Action::Rest
                    | Action::CloseDoor
                    | Action::Descend
                    | Action::Ascend
                    | Action::Explore
                    | Action::Cancel
                    | Action::PickUp
                    | Action::Search
                    | Action::Allies
            )
    }

    /// What the action does in a few words, for the settings page ("explore", "cancel").
    pub(crate) fn describe_short(self) -> &'static str {
        let long = self.describe();
        long.split(" (").next().unwrap_or(long)
    }

    /// What the action does, for the help overlay.
    pub(crate) const fn describe(self) -> &'static str {
        match self {
            Action::MoveN => "move north",
            Action::MoveNE => "move north-east",
            Action::MoveE => "move east",
            Action::MoveSE => "move south-east",
            Action::MoveS => "move south",
            Action::MoveSW => "move south-west",
            Action::MoveW => "move west",
            Action::MoveNW => "move north-west",
            Action::Wait => "wait a turn",
            Action::Rest => "rest until healed and cured (any key, or a monster seen, stops)",
            Action::CloseDoor => "close a door",
            Action::Descend => "go down the stairs (away from them: travel to them)",
            Action::Ascend => "go up the stairs (away from them: travel to them)",
            Action::Explore => "explore (any key stops)",
            Action::Overview => "overview map of the level",
            Action::Minimap => "hide or show the minimap",
            Action::Cancel => "cancel",
            Action::Help => "show or hide this help",
            Action::MessageLog => "show or hide the message log",
            Action::ZoomIn => "zoom in",
            Action::ZoomOut => "zoom out",
            Action::Lab => "generator lab: how the level was made",
            Action::LabNext => "in the lab: the next level",
            Action::Inventory => "your pack: use, wear, drop or throw what you carry",
            Action::PickUp => "pick up what lies here (walking over it picks it up too)",
            Action::Throw => "throw or zap something at a target in sight",
            Action::NextTarget => "while aiming: the next monster in sight",
            Action::Fire => "while aiming: throw or zap at the target (or click it); while looking: travel there",
            Action::NewRun => "at the end of a run: a new run, new seed",
            Action::SameRun => "at the end of a run: the same seed again",
            Action::TitleScreen => "at the end of a run: the title screen",
            Action::SubmitRun => "at the end of a run: submit it to the board",
            Action::ReviewDeath => "at the end of a run that died: could you have lived? (the last turns reviewed)",
            Action::Quit => "save and quit (with Ctrl held)",
            Action::Sneak => "sneak or walk (sneaking: quieter steps, each taking two turns)",
            Action::Look => "look at what is in sight (move the cursor, Tab for monsters, Esc to stop)",
            Action::Sidebar => "hide or show the sidebar",
            Action::Search => "search for secret doors and hidden traps round you (a turn)",
            Action::Allies => "tell your allies to wait here, or to follow you (a turn)",
            Action::Mute => "sound off, or on again",
        }
    }
}

/// Where keys are read, as the states say it: the screen, and while playing its focus and
/// session (`Where::ALL`: every combination the states allow).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Where {
    /// The screen.
    pub screen: GameState,
    /// The focus, while playing.
    pub focus: Option<Focus>,
    /// Playing, the lab or a replay.
    pub session: Session,
}

impl Where {
    /// Every place the states allow.
    pub fn all() -> impl Iterator<Item = Where> {
        GameState::ALL.into_iter().flat_map(|screen| {
            let focuses: Vec<Option<Focus>> = match screen {
                GameState::Playing => Focus::ALL.into_iter().map(Some).collect(),
                _ => vec![None],
            };
            focuses.into_iter().flat_map(move |focus| {
                Session::ALL
                    .into_iter()
                    .map(move |session| Where { screen, focus, session })
            })
        })
    }

    /// Whether `action`'s keys are read here (Quit's only with Ctrl held: a chord, read
    /// everywhere, that shares its key with anything). The match is on the states themselves: a
    /// new screen or focus does not compile until it says which keys it reads, and two actions
    /// may share a key exactly when no place reads both (`apart`), so keys cannot collide.
    pub const fn reads(self, action: Action) -> bool {
        use Action::*;
        let zoom = matches!(action, ZoomIn | ZoomOut);
        match (self.screen, self.focus) {
            // The title reads its menus' own keys; loading reads none.
            (GameState::Loading | GameState::Title | GameState::LoadFailed, _) => false,
            // The summary: its choices, and Esc back to the title.
            (GameState::Ended, _) => {
                matches!(
                    action,
                    NewRun | SameRun | TitleScreen | SubmitRun | ReviewDeath | Cancel
                )
            }
            (GameState::Playing, None) => false,
            // On the map: everything played, the overlays it opens, the zoom and the sidebar; in
            // the lab its next-level key comes before the map's turn keys (`n` is a move
            // elsewhere), not before the rest of the map's.
            (GameState::Playing, Some(Focus::Map)) => {
                let map = !matches!(
                    action,
                    LabNext | NextTarget | Fire | NewRun | SameRun | TitleScreen | SubmitRun | ReviewDeath | Quit
                );
                match self.session {
                    Session::Lab => matches!(action, LabNext) || (map && !action.plays_a_turn()),
                    Session::Play | Session::Replay | Session::Tutorial => map,
                }
            }
            // Aiming and looking steer a cursor, cycle the targets, fire (or travel there) and
            // zoom; looking's own key stops it.
            (GameState::Playing, Some(Focus::Aim)) => {
                action.direction().is_some() || zoom || matches!(action, Cancel | NextTarget | Fire)
            }
            (GameState::Playing, Some(Focus::Look)) => {
                action.direction().is_some() || zoom || matches!(action, Cancel | NextTarget | Fire | Look)
            }
            // The overlays: Esc, the key that opened them (which closes them) and the zoom; the
            // pack's letters and the boons' choices are their own keys, not actions.
            (GameState::Playing, Some(Focus::Pack)) => zoom || matches!(action, Cancel | Inventory | Throw),
            (GameState::Playing, Some(Focus::Help)) => zoom || matches!(action, Cancel | Help),
            (GameState::Playing, Some(Focus::Log)) => zoom || matches!(action, Cancel | MessageLog),
            (GameState::Playing, Some(Focus::Overview)) => zoom || matches!(action, Cancel | Overview | Minimap),
            (GameState::Playing, Some(Focus::Boon)) => false,
            // A question ("Close which door?"): a direction answers it, any other key lets it go.
            (GameState::Playing, Some(Focus::Choose)) => action.direction().is_some(),
        }
    }

    /// Whether `a` and `b` may share a key: no place reads both.
    pub fn apart(a: Action, b: Action) -> bool {
        !Where::all().any(|w| w.reads(a) && w.reads(b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_is_read_somewhere_and_keys_collide_only_where_both_are_read() {
        for action in Action::ALL.into_iter().filter(|&a| a != Action::Quit) {
            assert!(Where::all().any(|w| w.reads(action)), "{action:?} is read nowhere");
        }
        // `n` is a move on the map and the next level in the lab; Tab the overview and the next
        // target; `f` throws and fires; the summary's keys are play's too; Ctrl+q is no `q`.
        assert!(Where::apart(Action::LabNext, Action::MoveSE));
        assert!(Where::apart(Action::NextTarget, Action::Overview));
        assert!(Where::apart(Action::Fire, Action::Throw));
        assert!(Where::apart(Action::NewRun, Action::MoveSE));
        assert!(Where::all().all(|w| !w.reads(Action::Quit)));
        // Never: two of the map's, a summary choice and Esc (the summary reads both), firing and
        // zooming (aiming reads both), the lab's next level and the overview, looking and
        // travelling to what is looked at.
        assert!(!Where::apart(Action::Explore, Action::Wait));
        assert!(!Where::apart(Action::NewRun, Action::Cancel));
        assert!(!Where::apart(Action::Fire, Action::ZoomIn));
        assert!(!Where::apart(Action::LabNext, Action::Overview));
        assert!(!Where::apart(Action::Look, Action::Fire));
        // Sharing is symmetric.
        for a in Action::ALL {
            for b in Action::ALL {
                assert_eq!(Where::apart(a, b), Where::apart(b, a), "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn every_state_is_a_place_keys_may_be_read() {
        let all: Vec<Where> = Where::all().collect();
        // Four screens but playing, each in three sessions; playing in each focus and session.
        assert_eq!(
            all.len(),
            (GameState::ALL.len() - 1 + Focus::ALL.len()) * Session::ALL.len()
        );
    }
}

//! Everything a player can ask for by key (`Action`, leafwing-input-manager's actionlike): what
//! each does and, for moves, the direction. Which keys do it is the settings' (`Bindings`).

use bevy::prelude::*;
use delve_core::geom::Dir8;
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
}

impl Action {
    pub const ALL: [Action; 37] = [
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
            Action::NewRun | Action::SameRun | Action::TitleScreen | Action::SubmitRun
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
            Action::Quit => "save and quit (with Ctrl held)",
            Action::Sneak => "sneak or walk (sneaking: quieter steps, each taking two turns)",
            Action::Look => "look at what is in sight (move the cursor, Tab for monsters, Esc to stop)",
            Action::Sidebar => "hide or show the sidebar",
            Action::Search => "search for secret doors and hidden traps round you (a turn)",
        }
    }
}

/// A place keys are read in: the map while playing, aiming, the generator lab, the summary at a
/// run's end, and with Ctrl held (quitting). Two actions may share a key exactly when no place
/// reads both (`Place::reads`): keys cannot collide by construction of this one table, not by a
/// rule written for each pair, and a new action says where it is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Playing on the map, its overlays open or not.
    Map,
    /// Aiming something thrown or zapped.
    Aim,
    /// The generator lab (the map's keys too, but those its next-level key comes before).
    Lab,
    /// The summary at a run's end.
    End,
    /// With Ctrl held, anywhere.
    Ctrl,
}

impl Place {
    pub const ALL: [Place; 5] = [Place::Map, Place::Aim, Place::Lab, Place::End, Place::Ctrl];

    /// Whether `action`'s keys are read here.
    pub const fn reads(self, action: Action) -> bool {
        use Action::*;
        match self {
            // Everything played on the map, with its overlays, the zoom and the sidebar.
            Place::Map => !matches!(
                action,
                LabNext | NextTarget | Fire | NewRun | SameRun | TitleScreen | SubmitRun | Quit
            ),
            // The aim steers with the moves, cancels, cycles, fires, and the camera still zooms.
            Place::Aim => {
                action.direction().is_some() || matches!(action, Cancel | NextTarget | Fire | ZoomIn | ZoomOut)
            }
            // In the lab its next-level key comes before the map's turn keys (`n` is a move
            // elsewhere), not before the rest of the map's.
            Place::Lab => matches!(action, LabNext) || (Place::Map.reads(action) && !action.plays_a_turn()),
            // The summary: its three choices, and Esc to quit.
            Place::End => matches!(action, NewRun | SameRun | TitleScreen | SubmitRun | Cancel),
            Place::Ctrl => matches!(action, Quit),
        }
    }

    /// Whether `a` and `b` may share a key: no place reads both.
    pub fn apart(a: Action, b: Action) -> bool {
        !Place::ALL.iter().any(|p| p.reads(a) && p.reads(b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_is_read_somewhere_and_keys_collide_only_where_both_are_read() {
        for action in Action::ALL {
            assert!(Place::ALL.iter().any(|p| p.reads(action)), "{action:?} is read nowhere");
        }
        // `n` is a move on the map and the next level in the lab; Tab the overview and the next
        // target; `f` throws and fires; the summary's keys are play's too; Ctrl+q is no `q`.
        assert!(Place::apart(Action::LabNext, Action::MoveSE));
        assert!(Place::apart(Action::NextTarget, Action::Overview));
        assert!(Place::apart(Action::Fire, Action::Throw));
        assert!(Place::apart(Action::NewRun, Action::MoveSE));
        assert!(Place::ALL.iter().all(|p| !p.reads(Action::Quit) || *p == Place::Ctrl));
        // Never: two of the map's, a summary choice and Esc (the summary reads both), firing and
        // zooming (aiming reads both), the lab's next level and the overview.
        assert!(!Place::apart(Action::Explore, Action::Wait));
        assert!(!Place::apart(Action::NewRun, Action::Cancel));
        assert!(!Place::apart(Action::Fire, Action::ZoomIn));
        assert!(!Place::apart(Action::LabNext, Action::Overview));
        // Sharing is symmetric.
        for a in Action::ALL {
            for b in Action::ALL {
                assert_eq!(Place::apart(a, b), Place::apart(b, a), "{a:?} {b:?}");
            }
        }
    }
}

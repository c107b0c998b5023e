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
}

impl Action {
    pub const ALL: [Action; 35] = [
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
        matches!(self, Action::NewRun | Action::SameRun | Action::TitleScreen)
    }

    /// Whether the action is read only while aiming (so its keys may also be play's).
    pub const fn while_aiming(self) -> bool {
        matches!(self, Action::NextTarget | Action::Fire)
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
            Action::Fire => "while aiming: throw or zap at the target (or click it)",
            Action::NewRun => "at the end of a run: a new run, new seed",
            Action::SameRun => "at the end of a run: the same seed again",
            Action::TitleScreen => "at the end of a run: the title screen",
            Action::Quit => "save and quit (with Ctrl held)",
            Action::Sneak => "sneak or walk (sneaking: quieter steps, each taking two turns)",
            Action::Look => "look at what is in sight (move the cursor, Tab for monsters, Esc to stop)",
            Action::Sidebar => "hide or show the sidebar",
        }
    }
}

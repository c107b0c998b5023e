//! The run being played, as a resource (`Game`, the core's one owned `Run`), the order in which
//! a frame plays a turn out, and how far the player sees. Everything here runs only while the
//! game is `Playing`; a run is put in place before `Playing` is entered (`begin_run`), whether it
//! is new or continued.

mod apply;

use bevy::prelude::*;
use delve_core::fov::DEFAULT_RADIUS;
use delve_core::run::Run;

use crate::state::{GameState, InPlay, Session};

pub use apply::{Acted, Happened, Overheard};
pub(crate) use apply::{LevelEntered, despawn_level};

/// The order of one frame's game logic in `Update`. Commands are read in `Input` and a whole turn
/// is played in `Act` (the player's action, then the monsters', then what the player sees);
/// `Apply` makes the world on screen follow (a level change despawns the old level's entities),
/// `See` is for what reads the new sight, and what the player sees is drawn in `Show`.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum TurnSet {
    Input,
    Act,
    Apply,
    See,
    Show,
}

/// The order play is entered in (`OnEnter(GameState::Playing)`), in one place: the run looks
/// around (`Run`), the world that shows it is set up (`World`: the player's entity, the camera,
/// the walker at rest), then what tells the player about it (`View`: the HUD, the sidebar, the
/// minimap, the pointer's line, the page's marks). A plugin's entering system goes in its phase.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Entering {
    Run,
    World,
    View,
}

/// The run being played: the one source of truth for the dungeon, the player, the turn, the
/// random stream, the record and the message log. Changed (for change detection) exactly when
/// a turn is taken or the player is told something.
#[derive(Resource, Clone, Debug, Deref, DerefMut)]
pub struct Game(pub Run);

/// The player's run, set aside while the lab is on: what leaving the lab comes back to. Present
/// exactly from entering the lab to leaving it (or to the title screen, after a specimen's end).
/// Written only here (`set_aside`, `forget_aside`, `set_run_aside`): its field is private.
#[derive(Resource, Clone, Debug)]
pub struct SetAside(Run);

impl SetAside {
    /// The run set aside.
    pub fn run(&self) -> &Run {
        &self.0
    }
}

/// Sets `run` aside (the player's, as the lab comes on over it).
pub(crate) fn set_aside(commands: &mut Commands, run: Run) {
    commands.insert_resource(SetAside(run));
}

/// Nothing is set aside any more (the lab left, a new run begun, the title reached).
pub(crate) fn forget_aside(commands: &mut Commands) {
    commands.remove_resource::<SetAside>();
}

/// Entering the lab, the player's run is set aside (unless it already is: a specimen shown in
/// place of another, or one the page asked for, which set it aside first). Exclusive, so the save
/// that follows it on entering (`save`) finds it.
pub(crate) fn set_run_aside(world: &mut World) {
    if world.contains_resource::<SetAside>() {
        return;
    }
    if let Some(game) = world.get_resource::<Game>() {
        let run = game.0.clone();
        world.insert_resource(SetAside(run));
    }
}

/// How far the player sees (`--radius`, or the settings').
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq, Deref)]
pub(crate) struct FovRadius(pub u32);

impl Default for FovRadius {
    fn default() -> Self {
        FovRadius(DEFAULT_RADIUS)
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<FovRadius>()
        .add_message::<LevelEntered>()
        .add_message::<Happened>()
        .add_message::<Overheard>()
        .add_message::<Acted>()
        .configure_sets(
            Update,
            (
                TurnSet::Input,
                TurnSet::Act,
                TurnSet::Apply,
                TurnSet::See,
                TurnSet::Show,
            )
                .chain()
                .run_if(in_state(GameState::Playing)),
        )
        .configure_sets(
            OnEnter(GameState::Playing),
            (Entering::Run, Entering::World, Entering::View).chain(),
        )
        // A replay's sight is the recording's, not the settings': it has looked already.
        .add_systems(
            OnEnter(GameState::Playing),
            look_around
                .run_if(not(in_state(InPlay(Session::Replay))))
                .in_set(Entering::Run),
        )
        .add_systems(OnExit(GameState::Playing), despawn_level)
        .add_systems(Update, apply::despawn_old_level.in_set(TurnSet::Apply));
}

/// Plays `run` as `session` from the next frame on: the one way a run, new or continued, is put
/// in play (the title screen, the summary's next run, the lab, a replay, the browser). The run
/// and its session change together, in one transition.
pub(crate) fn begin_run(commands: &mut Commands, run: Run, session: Session) {
    commands.insert_resource(Game(run));
    commands.set_state(GameState::Playing);
    commands.set_state(session);
}

/// Entering play, the player looks around as far as it sees.
fn look_around(mut game: ResMut<Game>, radius: Res<FovRadius>) {
    game.set_sight_radius(radius.0);
}

/// The state hash (`Run::state_hash`) of the game in `world`, or `None` when no run is there.
pub fn game_state_hash(world: &World) -> Option<u64> {
    Some(world.get_resource::<Game>()?.state_hash())
}

//! Turns: the turn counter, the run's random stream, the message line and log, the record of the
//! run, and the order in which a turn is played out. All of it runs only while the game is
//! `Playing`; entering `Playing` starts a run afresh.

mod apply;

use std::collections::VecDeque;

use bevy::prelude::*;

use crate::dungeon::{Dungeon, Origin};
use crate::generation::rng::GenRng;
use crate::rules::RunRecord;
use crate::screens::GameState;

pub use apply::{LevelEntered, despawn_level};

/// The order of one frame's game logic in `Update`. Commands are read in `Input` and a whole turn
/// is played in `Act` (the player's action, then the monsters'); `Apply` makes the world on screen
/// follow (a level change despawns the old level's entities), sight is recomputed in `See`, and
/// what the player sees is drawn in `Show`.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TurnSet {
    Input,
    Act,
    Apply,
    See,
    Show,
}

/// Turns played so far. Changes exactly when a turn is taken.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq, Deref)]
pub struct TurnCount(pub u64);

/// The run's random stream for everything decided in play (hits, damage, where monsters
/// wander), seeded from the run seed: the same seed and commands give the same game.
#[derive(Resource, Clone, Debug)]
pub struct RunRng(pub GenRng);

/// Salt that keeps the play stream apart from the levels' streams.
const PLAY_SALT: u64 = 0x706c_6179_5f72_6e67; // "play_rng"

impl RunRng {
    /// The stream for a run in `dungeon` (a map file's runs share one seed).
    pub fn for_run(dungeon: &Dungeon) -> Self {
        let seed = match dungeon.origin() {
            Origin::Run(p) => p.seed,
            Origin::Map => 0,
        };
        RunRng(GenRng::new(seed ^ PLAY_SALT))
    }
}

/// What the last turn told the player ("The door opens. The goblin hits you (3).").
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct MessageLine(pub String);

impl MessageLine {
    pub fn say(&mut self, text: impl Into<String>) {
        self.0 = text.into();
    }
}

/// Every line the game told the player, newest last, with the turn it was told on (the oldest
/// are dropped past `MessageLog::KEEP`).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct MessageLog {
    lines: VecDeque<(u64, String)>,
}

impl MessageLog {
    pub const KEEP: usize = 500;

    pub fn push(&mut self, turn: u64, text: impl Into<String>) {
        let text = text.into();
        if text.is_empty() {
            return;
        }
        if self.lines.len() == Self::KEEP {
            self.lines.pop_front();
        }
        self.lines.push_back((turn, text));
    }

    /// The lines, oldest first.
    pub fn lines(&self) -> impl DoubleEndedIterator<Item = &(u64, String)> + ExactSizeIterator {
        self.lines.iter()
    }

    /// The newest `n` lines, oldest first.
    pub fn recent(&self, n: usize) -> impl Iterator<Item = &(u64, String)> {
        self.lines.iter().skip(self.lines.len().saturating_sub(n))
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<TurnCount>()
        .init_resource::<MessageLine>()
        .init_resource::<MessageLog>()
        .init_resource::<RunRecord>()
        .add_message::<LevelEntered>()
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
        .add_systems(OnEnter(GameState::Playing), start_run)
        .add_systems(OnExit(GameState::Playing), despawn_level)
        .add_systems(Update, apply::despawn_old_level.in_set(TurnSet::Apply));
}

/// A run starts: no turns yet, nothing said, its own random stream.
pub(crate) fn start_run(mut commands: Commands, dungeon: Res<Dungeon>) {
    commands.insert_resource(TurnCount(0));
    commands.insert_resource(MessageLine::default());
    commands.insert_resource(MessageLog::default());
    commands.insert_resource(RunRecord {
        deepest: dungeon.depth(),
        ..default()
    });
    commands.insert_resource(RunRng::for_run(&dungeon));
}

/// The state hash (`rules::hash::state_hash`) of the game in `world`, or `None` when no run is
/// being played (no player).
pub fn game_state_hash(world: &mut World) -> Option<u64> {
    use crate::actor::{Carrying, GridPos, Health, KeyRing, Player};
    use crate::rules::hash::{PlayerView, state_hash};
    let mut q = world.query_filtered::<(&GridPos, &KeyRing, &Health, &Carrying), With<Player>>();
    let (at, keys, health, carrying) = q.single(world).ok()?;
    let player = PlayerView {
        at: at.0,
        keys,
        health: *health,
        carrying: *carrying,
    };
    Some(state_hash(
        world.get_resource::<Dungeon>()?,
        player,
        world.get_resource::<RunRecord>()?,
        world.get_resource::<TurnCount>()?.0,
        &world.get_resource::<RunRng>()?.0,
    ))
}

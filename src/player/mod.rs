//! The player: spawned where the dungeon's current level is entered, and each command judged by
//! the rules (`crate::rules`) for the player's entity. What the rules decide is applied by
//! `turn::apply_effects`; a refusal is only a message and takes no turn.

pub mod input;

use bevy::prelude::*;

use crate::actor::{Blocks, GridPos, KeyRing, Player};
use crate::dungeon::Dungeon;
use crate::fov::{FovRadius, Memory, Viewshed};
use crate::rules::{self, Act, Actor, Dir8, Scene};
use crate::screens::GameState;
use crate::turn::{Happened, MessageLine, TurnSet};

/// What the player asked for this frame (from keys, or written directly by tests).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerCommand {
    Step(Dir8),
    Wait,
    CloseDoor,
    Descend,
    Ascend,
    Cancel,
}

/// True while "close which door?" waits for a direction.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChoosingDoor(pub bool);

/// The rules without keyboard input: what headless tests use.
pub fn rules_plugin(app: &mut App) {
    app.add_message::<PlayerCommand>()
        .init_resource::<ChoosingDoor>()
        .add_systems(OnEnter(GameState::Playing), spawn_player)
        .add_systems(Update, play_turn.in_set(TurnSet::Act));
}

/// The rules plus keyboard input.
pub fn plugin(app: &mut App) {
    app.add_plugins((rules_plugin, input::plugin));
}

fn spawn_player(mut commands: Commands, dungeon: Res<Dungeon>, radius: Res<FovRadius>) {
    commands.spawn((
        Name::new("Player"),
        Player,
        Blocks,
        GridPos(dungeon.level().map.start()),
        KeyRing::default(),
        Viewshed::new(radius.0),
        Memory::default(),
        input::Action::default_input_map(),
        DespawnOnExit(GameState::Playing),
    ));
}

/// What a command asks the rules, given the "close which door?" prompt (which a direction
/// answers and anything else ends): an act, or a line to show without taking a turn.
pub fn command_act(
    command: PlayerCommand,
    dungeon: &Dungeon,
    here: crate::map::Pos,
    choosing: &mut bool,
) -> Result<Act, &'static str> {
    let was_choosing = std::mem::take(choosing);
    match command {
        PlayerCommand::Step(dir) if was_choosing => Ok(Act::Close(Dir8::from_pos(here, dir))),
        PlayerCommand::Cancel if was_choosing => Err("Never mind."),
        PlayerCommand::Cancel => Err(""),
        PlayerCommand::Wait => Ok(Act::Wait),
        PlayerCommand::Descend => Ok(Act::Descend),
        PlayerCommand::Ascend => Ok(Act::Ascend),
        PlayerCommand::Step(dir) => Ok(Act::Step(dir)),
        PlayerCommand::CloseDoor => match rules::open_doors_around(&dungeon.level().map, here).as_slice() {
            [] => Err("There is no open door next to you."),
            [only] => Ok(Act::Close(*only)),
            _ => {
                *choosing = true;
                Err("Close which door? (a direction; Esc to cancel)")
            }
        },
    }
}

/// Judges one command (at most one per frame: each is a whole turn and must see the world as
/// the previous one left it).
fn play_turn(
    mut commands: MessageReader<PlayerCommand>,
    dungeon: Res<Dungeon>,
    player: Single<(Entity, &GridPos, &KeyRing), With<Player>>,
    blockers: Query<&GridPos, (With<Blocks>, Without<Player>)>,
    mut choosing: ResMut<ChoosingDoor>,
    mut line: ResMut<MessageLine>,
    mut happened: MessageWriter<Happened>,
) {
    let Some(&command) = commands.read().next() else { return };
    commands.clear();
    let (entity, pos, ring) = *player;
    let act = match command_act(command, &dungeon, pos.0, &mut choosing.0) {
        Ok(act) => act,
        Err(text) => {
            line.say(text);
            return;
        }
    };
    let occupied: Vec<_> = blockers.iter().map(|p| p.0).collect();
    let keys = ring.doors_on(dungeon.depth());
    let scene = Scene {
        level: dungeon.level(),
        depth: dungeon.depth(),
        deepest: dungeon.deepest(),
        occupied: &occupied,
    };
    let actor = Actor {
        at: pos.0,
        keys: &keys,
        takes_keys: true,
    };
    match rules::resolve(&scene, &actor, act) {
        Ok(effects) => {
            happened.write(Happened { actor: entity, effects });
        }
        Err(refusal) => line.say(refusal.to_string()),
    }
}

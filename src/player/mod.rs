//! The player: spawning at the level's start, and playing out each command as one turn under
//! the rules in `rules` (walls block, bump to open, close doors, no diagonal doorways).

pub mod input;
pub mod rules;

use bevy::prelude::*;

use crate::generation::{Door, DoorIndex, GridPos, LevelBuilt};
use crate::map::{DoorState, Pos, Tile, TileMap};
use crate::turn::{MessageLine, TurnCount, TurnSet};

use rules::{Close, Dir8, Step};

/// The player character.
#[derive(Component, Debug)]
pub struct Player;

/// Something that stands in the way: a door cannot be closed on it.
#[derive(Component, Debug, Default)]
pub struct Blocks;

/// What the player asked for this frame (from keys, or written directly by tests).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerCommand {
    Step(Dir8),
    Wait,
    CloseDoor,
    Cancel,
}

/// True while "close which door?" waits for a direction.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChoosingDoor(pub bool);

/// The rules without keyboard input: what headless tests use.
pub fn rules_plugin(app: &mut App) {
    app.add_message::<PlayerCommand>()
        .init_resource::<ChoosingDoor>()
        .add_systems(Startup, spawn_player.after(LevelBuilt))
        .add_systems(
            Update,
            (play_turn.in_set(TurnSet::Act), sync_door_tiles.in_set(TurnSet::Sync)),
        );
}

/// The rules plus keyboard input.
pub fn plugin(app: &mut App) {
    app.add_plugins((rules_plugin, input::plugin));
}

fn spawn_player(mut commands: Commands, map: Option<Res<TileMap>>) {
    let Some(map) = map else { return };
    commands.spawn((
        Name::new("Player"),
        Player,
        Blocks,
        GridPos(map.start()),
        input::Action::default_input_map(),
    ));
}

/// What a command comes to: the message, and the change it makes if it takes a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub message: &'static str,
    pub moved_to: Option<Pos>,
    pub door: Option<(Pos, DoorState)>,
    pub took_turn: bool,
}

impl Outcome {
    const fn say(message: &'static str) -> Self {
        Outcome {
            message,
            moved_to: None,
            door: None,
            took_turn: false,
        }
    }

    const fn turn(message: &'static str) -> Self {
        Outcome {
            took_turn: true,
            ..Outcome::say(message)
        }
    }
}

fn close_at(map: &TileMap, at: Pos, occupied: bool) -> Outcome {
    match rules::close(map, at, occupied) {
        Close::Closed(at) => Outcome {
            door: Some((at, DoorState::Closed)),
            ..Outcome::turn("You close the door.")
        },
        Close::Occupied => Outcome::say("Something is in the way."),
        Close::AlreadyShut => Outcome::say("The door is already closed."),
        Close::NoDoor => Outcome::say("There is no door there."),
    }
}

/// Decides what `command` does for a player at `here`. `choosing` is the "close which door?"
/// prompt, which a direction answers and anything else ends.
pub fn decide(
    command: PlayerCommand,
    map: &TileMap,
    here: Pos,
    occupied: impl Fn(Pos) -> bool,
    choosing: &mut bool,
) -> Outcome {
    let was_choosing = std::mem::take(choosing);
    match command {
        PlayerCommand::Step(dir) if was_choosing => {
            let at = Dir8::from_pos(here, dir);
            close_at(map, at, occupied(at))
        }
        PlayerCommand::Cancel if was_choosing => Outcome::say("Never mind."),
        PlayerCommand::Cancel => Outcome::say(""),
        PlayerCommand::Wait => Outcome::turn(""),
        PlayerCommand::CloseDoor => match rules::open_doors_around(map, here).as_slice() {
            [] => Outcome::say("There is no open door next to you."),
            [only] => close_at(map, *only, occupied(*only)),
            _ => {
                *choosing = true;
                Outcome::say("Close which door? (a direction; Esc to cancel)")
            }
        },
        PlayerCommand::Step(dir) => match rules::step(map, here, dir) {
            Step::Moved(to) => {
                let message = if matches!(map.tile(to), Tile::Door(_)) {
                    "You stand in the doorway."
                } else {
                    ""
                };
                Outcome {
                    moved_to: Some(to),
                    ..Outcome::turn(message)
                }
            }
            Step::Opened(at) => Outcome {
                door: Some((at, DoorState::Open)),
                ..Outcome::turn("The door opens.")
            },
            Step::Locked => Outcome::say("The door is locked."),
            Step::Wall => Outcome::say("There is a wall in the way."),
            Step::DiagonalDoorway => Outcome::say("You can't move diagonally into or out of a doorway."),
        },
    }
}

/// Plays out one command (at most one per frame: each is a whole turn and must see the doors as
/// the previous one left them, which `sync_door_tiles` does after this).
#[allow(clippy::too_many_arguments)]
fn play_turn(
    mut commands: MessageReader<PlayerCommand>,
    map: Res<TileMap>,
    index: Res<DoorIndex>,
    mut player: Single<&mut GridPos, With<Player>>,
    mut doors: Query<&mut Door>,
    blockers: Query<&GridPos, (With<Blocks>, Without<Player>)>,
    mut choosing: ResMut<ChoosingDoor>,
    mut turn: ResMut<TurnCount>,
    mut line: ResMut<MessageLine>,
) {
    let Some(&command) = commands.read().next() else { return };
    commands.clear();
    let occupied = |at: Pos| blockers.iter().any(|p| p.0 == at);
    let outcome = decide(command, &map, player.0, occupied, &mut choosing.0);
    line.say(outcome.message);
    if let Some(to) = outcome.moved_to {
        player.0 = to;
    }
    if let Some((at, state)) = outcome.door
        && let Some(mut door) = index.get(&at).and_then(|&e| doors.get_mut(e).ok())
    {
        door.0 = state;
    }
    if outcome.took_turn {
        turn.0 += 1;
    }
}

/// Mirrors door entities into the `TileMap`, so that movement and sight read one grid.
pub fn sync_door_tiles(doors: Query<(&Door, &GridPos), Changed<Door>>, mut map: ResMut<TileMap>) {
    for (door, pos) in &doors {
        let tile = Tile::Door(door.0);
        if map.get(pos.0).is_some_and(|t| t != tile) {
            map.set(pos.0, tile);
        }
    }
}

//! The player: spawned where the dungeon's current level is entered, and each command played as
//! a whole turn by the rules (`rules::play_round`: the player's action, then the monsters'). A
//! refusal is only a message and takes no turn; death or victory ends the run.

pub mod input;

use bevy::prelude::*;

use crate::actor::{Carrying, GridPos, Health, KeyRing, PLAYER_MAX_HP, Player};
use crate::dungeon::Dungeon;
use crate::fov::{FovRadius, Memory, Viewshed};
use crate::rules::{self, Act, Dir8, PlayerMut, RunRecord, Senses, Stage};
use crate::screens::GameState;
use crate::turn::{LevelEntered, MessageLine, MessageLog, RunRng, TurnCount, TurnSet};

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

pub(crate) fn spawn_player(
    mut commands: Commands,
    dungeon: Res<Dungeon>,
    radius: Res<FovRadius>,
    settings: Res<crate::settings::Settings>,
    layout: Res<crate::settings::KeyboardLayout>,
) {
    commands.spawn((
        Name::new("Player"),
        Player,
        GridPos(dungeon.level().map.start()),
        KeyRing::default(),
        Health::full(PLAYER_MAX_HP),
        Carrying::default(),
        Viewshed::new(radius.0),
        Memory::default(),
        crate::settings::input_map(&settings, &layout),
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

/// The player's components the rules change.
type PlayerParts<'a> = (
    &'a mut GridPos,
    &'a mut KeyRing,
    &'a mut Health,
    &'a mut Carrying,
    &'a Viewshed,
);

/// Plays one command as a turn (at most one per frame: each must see the world as the previous
/// one left it), then tells the player what happened; a run that ended goes to its summary.
#[allow(clippy::too_many_arguments)] // a turn touches the whole game: each is one resource
fn play_turn(
    mut commands: MessageReader<PlayerCommand>,
    mut dungeon: ResMut<Dungeon>,
    player: Single<PlayerParts, With<Player>>,
    mut choosing: ResMut<ChoosingDoor>,
    (mut line, mut log): (ResMut<MessageLine>, ResMut<MessageLog>),
    (mut rng, mut turn, mut record): (ResMut<RunRng>, ResMut<TurnCount>, ResMut<RunRecord>),
    mut senses: Local<Senses>,
    mut entered: MessageWriter<LevelEntered>,
    mut next: ResMut<NextState<GameState>>,
) {
    let Some(&command) = commands.read().next() else { return };
    commands.clear();
    let (mut pos, mut ring, mut health, mut carrying, viewshed) = player.into_inner();
    let act = match command_act(command, &dungeon, pos.0, &mut choosing.0) {
        Ok(act) => act,
        Err(text) => {
            line.say(text);
            log.push(turn.0, text);
            return;
        }
    };
    // Copies, written back only when the turn is taken (so a refusal changes nothing, not even
    // change detection).
    let (mut at, mut keys, mut hp, mut pack, mut turns) = (pos.0, ring.clone(), *health, *carrying, turn.0);
    let played = {
        let mut stage = Stage {
            dungeon: dungeon.bypass_change_detection(),
            player: PlayerMut {
                at: &mut at,
                keys: &mut keys,
                health: &mut hp,
                carrying: &mut pack,
            },
            record: record.bypass_change_detection(),
        };
        rules::play_round(&mut stage, act, &mut rng.0, &mut turns, &mut senses, viewshed.radius())
    };
    match played {
        Ok(round) => {
            dungeon.set_changed();
            record.set_changed();
            pos.set_if_neq(GridPos(at));
            ring.set_if_neq(keys);
            health.set_if_neq(hp);
            carrying.set_if_neq(pack);
            turn.0 = turns;
            let text = round.messages.join(" ");
            line.say(text);
            for message in round.messages {
                log.push(turns, message);
            }
            if let Some(depth) = round.entered {
                entered.write(LevelEntered { depth });
            }
            if record.ending.is_some() {
                next.set(GameState::Ended);
            }
        }
        Err(refusal) => {
            let text = refusal.to_string();
            log.push(turn.0, text.clone());
            line.say(text);
        }
    }
}

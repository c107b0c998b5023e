//! The end of a run: a summary (how it ended, the seed, the depth reached, turns, monsters slain)
//! and the keys for the next run: a new seed, the same seed again, or quit.

use bevy::prelude::*;

use super::GameState;
use crate::dungeon::{Dungeon, Origin};
use crate::generation::GenParams;
use crate::rules::{Ending, RunRecord};
use crate::turn::TurnCount;

/// The dungeon the run started in, as it was made: what "the same seed again" restarts, and
/// what a new seed keeps (size, style, starting depth).
#[derive(Resource, Clone, Debug)]
pub struct RunStart(pub Dungeon);

/// Starts a new run in `dungeon`: it becomes the run's start (what "same seed again" replays),
/// and entering `Playing` again plays it from scratch (the lab's next level, the browser lab
/// panel's "New level").
pub fn start_new_run(commands: &mut Commands, state: &mut NextState<GameState>, dungeon: Dungeon) {
    commands.insert_resource(RunStart(dungeon.clone()));
    commands.insert_resource(dungeon);
    state.set(GameState::Playing);
}

/// What the player asks for at the end of a run.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum NextRun {
    /// A new run with this seed (same size, style and starting depth).
    NewSeed(u64),
    /// The same run again, from the start.
    SameSeed,
}

#[derive(Component)]
struct SummaryText;

pub fn plugin(app: &mut App) {
    app.add_message::<NextRun>()
        .add_systems(OnEnter(GameState::Ended), show_summary)
        .add_systems(Update, start_next_run.run_if(in_state(GameState::Ended)));
}

/// The summary as the screen shows it.
pub fn summary(record: &RunRecord, dungeon: &Dungeon, turns: u64) -> String {
    let headline = match &record.ending {
        Some(Ending::Won) => "You escaped the dungeon with the Heartstone!".to_owned(),
        Some(Ending::Died { by }) => format!("You were killed by {by} on level {}.", dungeon.depth()),
        None => "The run was abandoned.".to_owned(),
    };
    let slain = match record.slain {
        1 => "1 monster".to_owned(),
        n => format!("{n} monsters"),
    };
    format!(
        "{headline}\n\n{}\nDeepest level reached: {} of {}\nTurns: {turns}\nSlain: {slain}\n\n\
         N  new run, new seed     R  same seed again     T  title screen     Esc  quit",
        dungeon.describe(),
        record.deepest,
        dungeon.deepest(),
    )
}

fn show_summary(mut commands: Commands, record: Res<RunRecord>, dungeon: Res<Dungeon>, turns: Res<TurnCount>) {
    let colour = match record.ending {
        Some(Ending::Won) => Color::srgb(0.95, 0.85, 0.4),
        _ => Color::srgb(0.95, 0.55, 0.5),
    };
    commands.spawn((DespawnOnExit(GameState::Ended), Camera2d));
    commands.spawn((
        Name::new("Summary"),
        DespawnOnExit(GameState::Ended),
        Node {
            width: percent(100),
            height: percent(100),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        children![(
            Node {
                padding: UiRect::all(px(24)),
                ..default()
            },
            BackgroundColor(Color::srgba(0.03, 0.03, 0.06, 0.95)),
            children![(
                SummaryText,
                Text::new(summary(&record, &dungeon, turns.0)),
                TextFont::from_font_size(20.0),
                TextColor(colour),
            )],
        )],
    ));
}

/// Keys on the summary screen become `NextRun` (tests write it directly).
pub fn read_summary_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut next_run: MessageWriter<NextRun>,
    mut exit: MessageWriter<AppExit>,
    mut title: ResMut<NextState<GameState>>,
) {
    if keys.just_pressed(KeyCode::KeyN) {
        next_run.write(NextRun::NewSeed(rand::random()));
    } else if keys.just_pressed(KeyCode::KeyR) {
        next_run.write(NextRun::SameSeed);
    } else if keys.just_pressed(KeyCode::KeyT) {
        title.set(GameState::Title);
    } else if keys.just_pressed(KeyCode::Escape) && cfg!(not(target_arch = "wasm32")) {
        exit.write(AppExit::Success);
    }
}

/// The dungeon of the next run: the start again, or a new seed with the same size, style and
/// starting depth (a map file is always played again as it is).
pub fn next_dungeon(start: &Dungeon, next: NextRun) -> Result<Dungeon, String> {
    match (next, start.origin()) {
        (NextRun::NewSeed(seed), Origin::Run(p)) => Dungeon::new(GenParams {
            seed,
            depth: start.depth(),
            ..*p
        })
        .map_err(|e| e.to_string()),
        _ => Ok(start.clone()),
    }
}

fn start_next_run(
    mut asked: MessageReader<NextRun>,
    start: Res<RunStart>,
    mut commands: Commands,
    mut next: ResMut<NextState<GameState>>,
    mut text: Query<&mut Text, With<SummaryText>>,
) {
    let Some(&ask) = asked.read().last() else { return };
    match next_dungeon(&start.0, ask) {
        Ok(dungeon) => {
            if let NextRun::NewSeed(_) = ask {
                commands.insert_resource(RunStart(dungeon.clone()));
            }
            commands.insert_resource(dungeon);
            next.set(GameState::Playing);
        }
        Err(e) => {
            for mut t in &mut text {
                t.0.push_str(&format!("\n\nCould not make the next level: {e}"));
            }
        }
    }
}

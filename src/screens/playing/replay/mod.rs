//! Watching a recording in the window (`--replay FILE`, a finished run's Replay on the title, a
//! recording shared in the page's address): the run begun again and its commands played back by
//! the core's `Replay`, a few turns a second. Space pauses, `]` and `[` change the speed, `.`
//! steps a turn, `1` to `9` and `0` jump to the first arrival on that level, Esc leaves. The
//! player's own commands are not played and nothing is saved while a replay is shown
//! (`Session::Replay`); a banner says it is a replay and where it stands.

use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use delve_core::run::{Desync, Replay, Run};

use crate::state::{GameState, InPlay, Session};
use crate::turn::{Game, Happened, LevelEntered, Overheard, TurnSet};
use crate::ui::layers;
use crate::ui::palette;
use crate::ui::scale;
use crate::ui::widgets::label;

/// Replay speeds, in commands a second.
pub const SPEEDS: [f32; 8] = [1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 256.0];
/// The speed a replay starts at (8 a second).
const START_SPEED: usize = 3;
/// How long a frame may play while jumping to a level: the frame stays short on any level size
/// (its commands are timed in batches of `JUMP_BATCH`), the banner shows how far the jump has
/// come and Esc stops it; the jump goes on in the next frame.
const JUMP_TIME_PER_FRAME: std::time::Duration = std::time::Duration::from_millis(12);
/// Commands played between two looks at the clock while jumping (one at 1024x1024 takes about
/// 0.2 ms, at 80x50 about 3 µs).
const JUMP_BATCH: usize = 8;
/// Batches a jump plays in a frame however slow the clock says the frame is (a loaded machine,
/// or a test's app, still jumps a known number of commands a frame: 96).
const JUMP_LEAST_BATCHES: u32 = 12;

/// The replay being shown, and how it is being watched.
#[derive(Resource, Clone, Debug)]
pub struct ReplayControl {
    replay: Replay,
    /// The run and replay as they began, to jump back to an earlier level.
    start: Box<(Run, Replay)>,
    paused: bool,
    speed: usize,
    /// Commands owed to the clock (fractions of one carried to the next frame).
    owed: f32,
    /// Play on fast until the run first arrives on this level.
    jump: Option<u32>,
    /// Where it went astray, if it did (the replay stops there).
    astray: Option<Desync>,
    /// What the last command played this frame came to, for the view to animate.
    shown: Option<delve_core::rules::Round>,
}

impl ReplayControl {
    /// Watching `replay` played over `run` (as `Replay::begin` made them).
    pub fn new(run: &Run, replay: Replay) -> Self {
        ReplayControl {
            start: Box::new((run.clone(), replay.clone())),
            replay,
            paused: false,
            speed: START_SPEED,
            owed: 0.0,
            jump: None,
            astray: None,
            shown: None,
        }
    }

    /// Whether the recording has been played to its end (or went astray).
    pub fn is_done(&self) -> bool {
        self.replay.is_done() || self.astray.is_some()
    }

    /// Whether a checkpoint did not match.
    pub fn went_astray(&self) -> bool {
        self.astray.is_some()
    }

    /// The banner's line.
    fn banner(&self, run: &Run) -> String {
        let state = if let Some(d) = &self.astray {
            format!("WENT ASTRAY at turn {}", d.turn)
        } else if self.replay.is_done() {
            "the end of the recording".to_owned()
        } else if let Some(depth) = self.jump {
            let done = 100 * self.replay.played() / self.replay.len().max(1);
            format!("jumping to level {depth} ({done}% played; Esc stops)")
        } else if self.paused {
            "paused".to_owned()
        } else {
            format!("{}x", SPEEDS[self.speed])
        };
        format!(
            "REPLAY  turn {}  command {}/{}  {state}   Space pause  [ ] speed  . step  1-0 level  Esc leave",
            run.turn(),
            self.replay.played(),
            self.replay.len()
        )
    }
}

/// Marks the replay banner's text.
#[derive(Component)]
struct ReplayBanner;

pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(InPlay(Session::Replay)), spawn_banner)
        .add_systems(OnExit(InPlay(Session::Replay)), stop_watching)
        .add_systems(
            Update,
            (
                read_replay_keys.in_set(TurnSet::Input),
                (play_replay, tell_replayed).chain().in_set(TurnSet::Act),
                show_banner.in_set(TurnSet::Show),
            )
                .run_if(in_state(InPlay(Session::Replay)).and_then(resource_exists::<ReplayControl>)),
        );
}

/// A recording's or a save's bytes as a run to replay and its replay, or why they cannot be
/// replayed.
pub(crate) fn replay_of(bytes: &[u8]) -> Result<(Run, Replay), String> {
    let (spec, recording, end) = delve_core::save::replayable(bytes)?;
    Replay::begin(&spec, &recording, Some(end)).map_err(|e| format!("its first level cannot be made ({e})"))
}

/// Shows `run` replaying `replay` from the next frame on (the title's Replay, the page's shared
/// recording).
pub(crate) fn watch(commands: &mut Commands, run: Run, replay: Replay) {
    commands.insert_resource(ReplayControl::new(&run, replay));
    crate::turn::begin_run(commands, run, Session::Replay);
}

/// Leaving the replay ends it.
fn stop_watching(mut commands: Commands) {
    commands.remove_resource::<ReplayControl>();
}

fn spawn_banner(mut commands: Commands, sidebar: Option<Res<crate::ui::layout::SidebarShown>>) {
    commands.spawn((
        Name::new("Replay banner"),
        DespawnOnExit(InPlay(Session::Replay)),
        crate::ui::layout::replay_bar(sidebar.is_some_and(|s| s.0)),
        BackgroundColor(palette::CHOSEN_ROW),
        GlobalZIndex(layers::BANNER),
        children![(label("REPLAY", scale::DENSE, palette::GOLD), ReplayBanner)],
    ));
}

fn show_banner(control: Res<ReplayControl>, game: Res<Game>, mut banner: Query<&mut Text, With<ReplayBanner>>) {
    if !control.is_changed() && !game.is_changed() {
        return;
    }
    for mut text in &mut banner {
        text.0 = control.banner(&game);
    }
}

/// The replay's keys (read as typed, so that `+` is `+` on every layout).
fn read_replay_keys(
    mut typed: MessageReader<KeyboardInput>,
    mut control: ResMut<ReplayControl>,
    mut game: ResMut<Game>,
    mut entered: MessageWriter<LevelEntered>,
    mut next: ResMut<NextState<GameState>>,
) {
    for input in typed.read() {
        if !input.state.is_pressed() {
            continue;
        }
        if input.key_code == KeyCode::Escape {
            next.set(GameState::Title);
            return;
        }
        let Key::Character(text) = &input.logical_key else {
            if input.key_code == KeyCode::Space {
                control.paused = !control.paused;
            }
            continue;
        };
        match text.as_str() {
            " " => control.paused = !control.paused,
            // Not + and -: those zoom the view, which a replay leaves to the player.
            "]" => control.speed = (control.speed + 1).min(SPEEDS.len() - 1),
            "[" => control.speed = control.speed.saturating_sub(1),
            "." => {
                control.paused = true;
                step_turn(&mut control, &mut game, &mut entered);
            }
            digit if digit.len() == 1 && digit.as_bytes()[0].is_ascii_digit() => {
                let depth = match digit.as_bytes()[0] - b'0' {
                    0 => 10,
                    d => u32::from(d),
                };
                if depth <= game.dungeon().depth() {
                    // Back to the start, and on to the first arrival there.
                    let (run, replay) = (*control.start).clone();
                    game.0 = run;
                    control.replay = replay;
                    control.astray = None;
                    entered.write(LevelEntered {
                        depth: game.dungeon().depth(),
                    });
                }
                control.jump = (depth != game.dungeon().depth()).then_some(depth);
            }
            _ => {}
        }
    }
}

/// The last turn replayed this frame is shown as a turn played is (`Happened`); a jump shows
/// none of the turns it passes.
fn tell_replayed(
    mut control: ResMut<ReplayControl>,
    mut happened: MessageWriter<Happened>,
    mut overheard: MessageWriter<Overheard>,
) {
    let Some(round) = control.bypass_change_detection().shown.take() else {
        return;
    };
    if control.jump.is_none() {
        happened.write_batch(round.happened.into_iter().map(Happened));
        overheard.write_batch(round.heard.into_iter().map(Overheard));
    }
}

/// Plays one command over the run; false when none is left (or it went astray). A change of
/// level is told, for the view to follow.
fn play_one(control: &mut ReplayControl, game: &mut Game, entered: &mut MessageWriter<LevelEntered>) -> bool {
    if control.astray.is_some() {
        return false;
    }
    let depth = game.dungeon().depth();
    match control.replay.step(&mut game.0) {
        Ok(played) => {
            if let Some(round) = control.replay.take_round() {
                control.shown = Some(round);
            }
            if game.dungeon().depth() != depth {
                entered.write(LevelEntered {
                    depth: game.dungeon().depth(),
                });
            }
            played
        }
        Err(desync) => {
            game.say(format!("The replay went astray: {desync}."));
            control.astray = Some(desync);
            false
        }
    }
}

/// Plays commands until a turn has passed (a refused command takes none).
fn step_turn(control: &mut ReplayControl, game: &mut Game, entered: &mut MessageWriter<LevelEntered>) {
    let turn = game.turn();
    while game.turn() == turn && play_one(control, game, entered) {}
}

/// Plays the commands the clock owes (or, jumping, for `JUMP_TIME_PER_FRAME` until the level is
/// reached), and asks for the next frame while there is more to play.
fn play_replay(
    time: Res<Time>,
    mut control: ResMut<ReplayControl>,
    mut game: ResMut<Game>,
    mut entered: MessageWriter<LevelEntered>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if control.is_done() {
        control.jump = None;
        return;
    }
    if let Some(depth) = control.jump {
        let (began, mut batches) = (bevy::platform::time::Instant::now(), 0);
        'frame: while batches < JUMP_LEAST_BATCHES || began.elapsed() < JUMP_TIME_PER_FRAME {
            batches += 1;
            for _ in 0..JUMP_BATCH {
                if game.dungeon().depth() == depth || !play_one(&mut control, &mut game, &mut entered) {
                    control.jump = None;
                    break 'frame;
                }
            }
        }
        redraw.write(RequestRedraw);
        return;
    }
    if control.paused {
        return;
    }
    let owed = control.owed + time.delta_secs().min(0.25) * SPEEDS[control.speed];
    let whole = owed.floor();
    control.owed = owed - whole;
    for _ in 0..whole as usize {
        let depth = game.dungeon().depth();
        if !play_one(&mut control, &mut game, &mut entered) || game.dungeon().depth() != depth {
            // One level change a frame: the view follows it before the next.
            break;
        }
    }
    redraw.write(RequestRedraw);
}

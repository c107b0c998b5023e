//! Watching a recording in the window (`--replay FILE`, a finished run's Replay on the title, a
//! recording shared in the page's address): the run begun again and its commands played back by
//! the core's `Replay`, a few turns a second. Space pauses, `]` and `[` change the speed, `.`
//! and `,` step a turn forth and back, PageDown and PageUp a hundred turns, `1` to `9` and `0`
//! jump to the first arrival on that level, and the bar under the banner is dragged (or tapped)
//! to any turn: seeking starts from keyframes (`run::seek`) kept as the replay plays and by a
//! scout that plays ahead a few milliseconds a frame. `t` takes the run over: from that turn it
//! is the player's own, a branch whose recording names the replay's (`Run::take_over`). Esc
//! leaves. The player's own commands are not played and nothing is saved while a replay is
//! shown (`Session::Replay`); a banner says it is a replay and where it stands.

use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy::ui::RelativeCursorPosition;
use bevy::window::RequestRedraw;
use delve_core::run::seek::{Seeker, Target};
use delve_core::run::{Desync, Digest, Replay, Run};

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
/// How long the scout may play ahead in a frame, keeping keyframes: a 17,000-turn recording is
/// scouted in about a second natively, after which a seek anywhere plays at most a stride.
const SCOUT_TIME_PER_FRAME: std::time::Duration = std::time::Duration::from_millis(3);
/// Turns PageUp and PageDown seek by.
const PAGE_TURNS: u64 = 100;

/// The replay being shown, and how it is being watched.
#[derive(Resource, Clone, Debug)]
pub struct ReplayControl {
    replay: Replay,
    /// Keyframes to seek from (the first is the run and replay as they began).
    seeker: Box<Seeker>,
    /// Plays ahead of the replay a few milliseconds a frame, keeping keyframes, until the end
    /// (`None`: done, or gone astray, which the replay will meet and say).
    scout: Option<Box<(Run, Replay)>>,
    /// The recording's digest: what a run taken over from it names as its parent.
    parent: Digest,
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
    /// The bar is being dragged (a press on it, not yet let go).
    dragging: bool,
    /// A line shown before the banner's (a death's review: what the line does).
    caption: Option<String>,
    /// The commands that are the parent's: past them the replay is a line no file holds (a
    /// review's), and a take-over goes back to them first.
    own_until: Option<usize>,
    /// The live run this replay follows, if it does (`crate::live`): more commands come as it
    /// is played.
    live: Option<Box<Following>>,
}

/// A live run being followed: what the banner calls it, and how its stream stands.
#[derive(Clone, Debug)]
struct Following {
    /// "live run 7 at http://board.example".
    name: String,
    /// How and why it ended, once the board said so.
    ended: Option<(String, String)>,
    /// Why its stream was lost, if it was.
    lost: Option<String>,
    /// The commands the run had when this spectator joined: once they have come, the replay
    /// goes to them (where the run stood), and follows it from there.
    join_at: Option<usize>,
}

impl ReplayControl {
    /// Watching `replay` played over `run` (as `Replay::begin` made them), of the recording
    /// whose digest is `parent`.
    pub fn new(run: &Run, replay: Replay, parent: Digest) -> Self {
        ReplayControl {
            seeker: Box::new(Seeker::new(run, &replay)),
            scout: Some(Box::new((run.clone(), replay.clone()))),
            replay,
            parent,
            paused: false,
            speed: START_SPEED,
            owed: 0.0,
            jump: None,
            astray: None,
            shown: None,
            dragging: false,
            caption: None,
            own_until: None,
            live: None,
        }
    }

    /// Following live run `name` (as far as `replay` holds it, over `run` as `Replay::begin`
    /// made them) from where it stands now: the commands to come are added as they come
    /// (`extend`). The run to show comes back.
    pub fn live(run: &Run, replay: Replay, parent: Digest, name: String) -> (Run, Self) {
        let mut control = ReplayControl::new(run, replay, parent);
        let (run, replay) = control.sought(Target::Command(control.replay.len()));
        control.replay = replay;
        control.live = Some(Box::new(Following {
            name,
            ended: None,
            lost: None,
            join_at: None,
        }));
        (run, control)
    }

    /// Commands the recording holds (those come so far, for a live run).
    pub fn recorded(&self) -> usize {
        self.replay.len()
    }

    /// Adds a live run's next commands (`Replay::extend`) to the replay and its keyframes.
    pub fn extend(
        &mut self,
        more: &[u8],
        checkpoints: &[delve_core::run::Checkpoint],
        end: Option<delve_core::run::Checkpoint>,
    ) -> Result<(), String> {
        self.replay.extend(more, checkpoints, end)?;
        self.seeker.extend(more, checkpoints, end)?;
        if let Some(scout) = self.scout.as_mut() {
            scout.1.extend(more, checkpoints, end)?;
        }
        Ok(())
    }

    /// The live run had `commands` when this spectator joined: the replay goes there once they
    /// have come (`catch_up`).
    pub fn joined_at(&mut self, commands: usize) {
        if let Some(live) = self.live.as_mut() {
            live.join_at = Some(commands);
        }
    }

    /// Goes to where the live run stood when this spectator joined, once its commands have
    /// come, and plays on from there.
    pub(crate) fn catch_up(&mut self, game: &mut Game, entered: &mut MessageWriter<LevelEntered>) {
        let recorded = self.recorded();
        let Some(at) = self.live.as_mut().and_then(|l| l.join_at.filter(|&at| at <= recorded)) else {
            return;
        };
        if let Some(live) = self.live.as_mut() {
            live.join_at = None;
        }
        if at > self.replay.played() {
            self.seek(Target::Command(at), game, entered);
        }
        self.paused = false;
    }

    /// The live run followed ended, as the board says.
    pub fn end_live(&mut self, how: &str, why: String) {
        if let Some(live) = self.live.as_mut() {
            live.ended = Some((how.to_owned(), why));
        }
    }

    /// The live run's stream was lost: what came is all there is.
    pub fn lose_live(&mut self, why: String) {
        if let Some(live) = self.live.as_mut().filter(|l| l.ended.is_none()) {
            live.lost = Some(why);
        }
    }

    /// How and why the live run followed ended, once the board said it had.
    pub fn live_ended(&self) -> Option<(&str, &str)> {
        let live = self.live.as_ref()?;
        live.ended.as_ref().map(|(how, why)| (how.as_str(), why.as_str()))
    }

    /// Whether more of a live run may come (it is followed, and neither ended nor lost).
    pub fn awaits_more(&self) -> bool {
        self.live
            .as_ref()
            .is_some_and(|l| l.ended.is_none() && l.lost.is_none())
    }

    /// A death review's line (`review::Line`) replayed over `start` (the run begun again),
    /// playing from its branch point, with `caption` over the banner; a take-over goes back to
    /// the branch point, whose commands are the run's (`parent`). The run to show comes back.
    pub fn of_line(start: &Run, replay: Replay, parent: Digest, branch: usize, caption: String) -> (Run, Self) {
        let mut control = ReplayControl::new(start, replay, parent);
        control.caption = Some(caption);
        control.own_until = Some(branch);
        let (run, replay) = control.sought(Target::Command(branch));
        control.replay = replay;
        // Slower than a replay begins: a line is short, and each turn of it matters.
        control.speed = START_SPEED - 1;
        (run, control)
    }

    /// Watching `replay` over `run` (as `Replay::begin` made them) from `turn` on, paused there;
    /// or, `take` the run over there, the run as a branch of `parent` and no replay (a page's
    /// `&turn=N&take-over`). The run to put in play comes back with it.
    pub fn from_turn(run: Run, replay: Replay, parent: Digest, turn: u64, take: bool) -> (Run, Option<Self>) {
        let mut control = ReplayControl::new(&run, replay, parent);
        let (mut run, replay) = control.sought(Target::Turn(turn));
        control.replay = replay;
        control.paused = true;
        if take && !run.is_over() && control.astray.is_none() {
            run.take_over(parent);
            run.say(taken_over_line(run.turn()));
            return (run, None);
        }
        (run, Some(control))
    }

    /// The turn the recording ends on (as far as it says, or as far as it has been played: a
    /// live run's, so far).
    pub fn last_turn(&self) -> u64 {
        self.replay.last_turn().unwrap_or(0).max(self.seeker.furthest_turn())
    }

    /// Whether it is paused.
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Commands played so far.
    pub fn played(&self) -> usize {
        self.replay.played()
    }

    /// Moves the replay to `target` (from the keyframes), paused there; a desync on the way
    /// stops it where it went astray, as playing would.
    pub(crate) fn seek(&mut self, target: Target, game: &mut Game, entered: &mut MessageWriter<LevelEntered>) {
        let (run, replay) = self.sought(target);
        if self
            .astray
            .is_some_and(|d| replay.played() < self.replay.played() && run.turn() < d.turn)
        {
            // Back before where it went astray: playable again up to there.
            self.astray = None;
        }
        game.0 = run;
        self.replay = replay;
        self.jump = None;
        self.paused = true;
        self.shown = None;
        entered.write(LevelEntered {
            depth: game.dungeon().depth(),
        });
    }

    /// The run and replay at `target` from the keyframes; where the replay went astray on the
    /// way, if it did (noted, as playing would).
    fn sought(&mut self, target: Target) -> (Run, Replay) {
        match self.seeker.seek(target) {
            Ok(found) => found,
            Err((run, replay, desync)) => {
                self.astray = Some(desync);
                (run, replay)
            }
        }
    }

    /// Plays the scout ahead for at most `budget`, keeping keyframes.
    fn scout_ahead(&mut self, budget: std::time::Duration) {
        let Some(scout) = self.scout.as_mut() else { return };
        let began = bevy::platform::time::Instant::now();
        let (run, replay) = &mut **scout;
        loop {
            for _ in 0..JUMP_BATCH {
                match replay.step(run) {
                    Ok(true) => self.seeker.note(run, replay),
                    Ok(false) | Err(_) => {
                        self.scout = None;
                        return;
                    }
                }
            }
            if began.elapsed() >= budget {
                return;
            }
        }
    }

    /// Whether the recording has been played to its end (or went astray); a live run's end is
    /// once the board has said it ended.
    pub fn is_done(&self) -> bool {
        (self.replay.is_done() && !self.awaits_more()) || self.astray.is_some()
    }

    /// Whether a checkpoint did not match.
    pub fn went_astray(&self) -> bool {
        self.astray.is_some()
    }

    /// The banner's line.
    fn banner(&self, run: &Run) -> String {
        let state = if let Some(d) = &self.astray {
            format!("WENT ASTRAY at turn {}", d.turn)
        } else if let Some(live) = self.live.as_ref().filter(|_| self.replay.is_done()) {
            match (&live.ended, &live.lost) {
                (Some((_, why)), _) => format!("the live run ended: {why}"),
                (None, Some(why)) => format!("the live stream was lost: {why}"),
                (None, None) => "waiting for the player".to_owned(),
            }
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
        let caption = match (&self.caption, &self.live) {
            (Some(c), _) => format!("{c}\n"),
            (None, Some(live)) => format!("LIVE: {}\n", live.name),
            (None, None) => String::new(),
        };
        let take = if self.live.is_some() { "" } else { "  t take over" };
        format!(
            "{caption}REPLAY  turn {} of {}  command {}/{}  {state}   Space pause  [ ] speed  , . step  PgUp PgDn 100  1-0 level{take}  Esc leave",
            run.turn(),
            self.last_turn(),
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
                (read_replay_keys, drag_seek_bar).in_set(TurnSet::Input),
                (play_replay, tell_replayed).chain().in_set(TurnSet::Act),
                show_banner.in_set(TurnSet::Show),
            )
                .run_if(in_state(InPlay(Session::Replay)).and_then(resource_exists::<ReplayControl>)),
        );
}

/// A recording's or a save's bytes as a run to replay, its replay and the bytes' digest (what a
/// run taken over from it names as its parent), or why they cannot be replayed.
pub(crate) fn replay_of(bytes: &[u8]) -> Result<(Run, Replay, Digest), String> {
    let (spec, recording, end) = delve_core::save::replayable(bytes)?;
    let (run, replay) =
        Replay::begin(&spec, &recording, Some(end)).map_err(|e| format!("its first level cannot be made ({e})"))?;
    Ok((run, replay, delve_core::save::digest(bytes)))
}

/// Shows `run` replaying `replay` (of the recording whose digest is `parent`) from the next
/// frame on (the title's Replay, the page's shared recording).
pub(crate) fn watch(commands: &mut Commands, run: Run, replay: Replay, parent: Digest) {
    commands.insert_resource(ReplayControl::new(&run, replay, parent));
    crate::turn::begin_run(commands, run, Session::Replay);
}

/// Leaving the replay ends it.
fn stop_watching(mut commands: Commands) {
    commands.remove_resource::<ReplayControl>();
}

/// Marks the bar that shows (and seeks) where the replay stands in the recording.
#[derive(Component)]
struct SeekBar;

/// Marks the part of the bar played so far.
#[derive(Component)]
struct SeekFill;

fn spawn_banner(mut commands: Commands, sidebar: Option<Res<crate::ui::layout::SidebarShown>>) {
    commands.spawn((
        Name::new("Replay banner"),
        DespawnOnExit(InPlay(Session::Replay)),
        Node {
            flex_direction: FlexDirection::Column,
            row_gap: Val::Px(4.0),
            ..crate::ui::layout::replay_bar(sidebar.is_some_and(|s| s.0))
        },
        BackgroundColor(palette::CHOSEN_ROW),
        GlobalZIndex(layers::BANNER),
        children![
            (label("REPLAY", scale::DENSE, palette::GOLD), ReplayBanner),
            (
                Name::new("Seek bar"),
                SeekBar,
                Node {
                    width: Val::Percent(100.0),
                    height: Val::Px(12.0),
                    ..default()
                },
                BackgroundColor(palette::PANEL),
                RelativeCursorPosition::default(),
                children![(
                    SeekFill,
                    Node {
                        width: Val::Percent(0.0),
                        height: Val::Percent(100.0),
                        ..default()
                    },
                    BackgroundColor(palette::GOLD),
                )],
            )
        ],
    ));
}

fn show_banner(
    control: Res<ReplayControl>,
    game: Res<Game>,
    mut banner: Query<&mut Text, With<ReplayBanner>>,
    mut fill: Query<&mut Node, With<SeekFill>>,
) {
    if !control.is_changed() && !game.is_changed() {
        return;
    }
    for mut text in &mut banner {
        text.0 = control.banner(&game);
    }
    let share = game.turn() as f32 / control.last_turn().max(1) as f32;
    for mut node in &mut fill {
        node.width = Val::Percent(100.0 * share.clamp(0.0, 1.0));
    }
}

/// A press on the seek bar, and a drag from it, seeks to the turn under the pointer.
fn drag_seek_bar(
    (buttons, touches): (Option<Res<ButtonInput<MouseButton>>>, Option<Res<Touches>>),
    bar: Query<&RelativeCursorPosition, With<SeekBar>>,
    mut control: ResMut<ReplayControl>,
    mut game: ResMut<Game>,
    mut entered: MessageWriter<LevelEntered>,
) {
    let pressed = buttons.as_ref().is_some_and(|b| b.just_pressed(MouseButton::Left))
        || touches.as_ref().is_some_and(|t| t.any_just_pressed());
    let held = buttons.as_ref().is_some_and(|b| b.pressed(MouseButton::Left))
        || touches.as_ref().is_some_and(|t| t.iter().next().is_some());
    let Ok(cursor) = bar.single() else { return };
    if pressed && cursor.cursor_over() {
        control.dragging = true;
    }
    if !control.dragging {
        return;
    }
    // `normalized` runs from -0.5 at the bar's left edge to 0.5 at its right.
    if let Some(at) = cursor.normalized {
        let share = (at.x + 0.5).clamp(0.0, 1.0);
        let turn = (share * control.last_turn() as f32).round() as u64;
        if turn != game.turn() {
            control.seek(Target::Turn(turn), &mut game, &mut entered);
        }
    }
    // A click (pressed and let go within a frame) seeks once; a drag until it is let go.
    if !held {
        control.dragging = false;
    }
}

/// The replay's keys (read as typed, so that `+` is `+` on every layout).
fn read_replay_keys(
    mut typed: MessageReader<KeyboardInput>,
    mut control: ResMut<ReplayControl>,
    mut game: ResMut<Game>,
    mut entered: MessageWriter<LevelEntered>,
    mut next: ResMut<NextState<GameState>>,
    mut commands: Commands,
) {
    for input in typed.read() {
        if !input.state.is_pressed() {
            continue;
        }
        match input.key_code {
            KeyCode::Escape => {
                next.set(GameState::Title);
                return;
            }
            KeyCode::PageUp => {
                let turn = game.turn().saturating_sub(PAGE_TURNS);
                control.seek(Target::Turn(turn), &mut game, &mut entered);
                continue;
            }
            KeyCode::PageDown => {
                let turn = game.turn() + PAGE_TURNS;
                control.seek(Target::Turn(turn), &mut game, &mut entered);
                continue;
            }
            _ => {}
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
            "," => {
                let turn = game.turn();
                control.seek(Target::Before(turn), &mut game, &mut entered);
            }
            "t" | "T" => {
                take_over(&mut commands, &mut control, &mut game);
                return;
            }
            digit if digit.len() == 1 && digit.as_bytes()[0].is_ascii_digit() => {
                let depth = match digit.as_bytes()[0] - b'0' {
                    0 => 10,
                    d => u32::from(d),
                };
                if depth <= game.dungeon().depth() {
                    // Back to the start, and on to the first arrival there.
                    let paused = control.paused;
                    control.seek(Target::Command(0), &mut game, &mut entered);
                    control.paused = paused;
                }
                control.jump = (depth != game.dungeon().depth()).then_some(depth);
            }
            _ => {}
        }
    }
}

/// What the log says when a run is taken over on `turn`.
fn taken_over_line(turn: u64) -> String {
    format!(
        "You take the run over on turn {turn}: from here it is yours, a branch of the replay (it is ranked on no board's main list)."
    )
}

/// Takes the replayed run over: from this turn it is the player's own run (`Session::Play`,
/// saved in a slot of its own), a branch whose recording names the replay's recording and the
/// turn. A run over, or a replay gone astray, cannot be taken over (said in the log).
pub(crate) fn take_over(commands: &mut Commands, control: &mut ReplayControl, game: &mut Game) {
    if let Some(own) = control.own_until.filter(|&own| control.replay.played() > own) {
        // Past the branch point the line is the review's, not the run's: back to it.
        if let Ok((run, replay)) = control.seeker.seek(Target::Command(own)) {
            game.0 = run;
            control.replay = replay;
        }
    }
    if control.live.is_some() {
        game.say("A live run is not taken over: its recording is not whole until its player ends it (watch its replay from the board then).");
        return;
    }
    if game.is_over() {
        game.say("The run is over here: step back (,) or drag the bar to a turn before its end to take it over.");
        return;
    }
    if control.went_astray() {
        game.say("The replay went astray: a run that does not replay cannot be taken over.");
        return;
    }
    let mut run = game.0.clone();
    run.take_over(control.parent);
    run.say(taken_over_line(run.turn()));
    commands.insert_resource(Game(run));
    commands.set_state(Session::Play);
    // The `t` that took it over is play's key for orders: not played as one.
    commands.queue(crate::player::forget_keys);
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
            let ReplayControl { seeker, replay, .. } = control;
            seeker.note(game, replay);
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
    if control.scout.is_some() {
        control.scout_ahead(SCOUT_TIME_PER_FRAME);
        redraw.write(RequestRedraw);
    }
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

//! Seeking in a replay: any turn of a recording reached quickly, back or forth, from keyframes
//! (the run and its replay as they stood) kept while it is played. A keyframe is kept every
//! `every` commands; when more than `MOST_KEYFRAMES` are held, every other one is let go and the
//! stride doubles, so a recording of any length holds a bounded number of runs in memory and a
//! seek plays at most one stride of commands past the keyframe before it (`Seeker::seek`).

use super::{Desync, Replay, Run};

/// The stride a seeker starts with, in commands: a seek plays at most this many past a
/// keyframe (a millisecond natively at the default size) until the recording is long.
pub const FIRST_STRIDE: usize = 128;

/// The most keyframes a seeker holds (each a whole run: a few hundred kilobytes at the default
/// size): past it, every other one is let go and the stride doubles. A 20,000-command recording
/// keeps its stride at 512 commands.
pub const MOST_KEYFRAMES: usize = 64;

/// Where to seek to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The state after this many commands (the recording's length at most).
    Command(usize),
    /// The first state on this turn or later (the end of the recording if it never reaches it).
    Turn(u64),
    /// The last state before this turn (the start if none is).
    Before(u64),
}

/// The keyframes of one replay, and what seeking costs.
#[derive(Clone, Debug)]
pub struct Seeker {
    /// The run and replay after a number of commands, oldest first; the first is the start.
    keyframes: Vec<(Run, Replay)>,
    /// Commands between two keyframes.
    every: usize,
    /// The turn after each command played so far (`turns[0]`: the start's), to find the
    /// command a turn is reached on without playing (a step back is one seek, not two).
    turns: Vec<u64>,
}

impl Seeker {
    /// A seeker for `replay` over `run`, both as `Replay::begin` made them.
    pub fn new(run: &Run, replay: &Replay) -> Self {
        Seeker {
            keyframes: vec![(run.clone(), replay.clone())],
            every: FIRST_STRIDE,
            turns: vec![run.turn()],
        }
    }

    /// Keeps the run and replay as they stand now if a keyframe falls here (a command a
    /// multiple of the stride past the last one kept). Called after every command played, by
    /// whoever plays the replay; seeking calls it on the commands it plays.
    pub fn note(&mut self, run: &Run, replay: &Replay) {
        if replay.played() == self.turns.len() {
            self.turns.push(run.turn());
        }
        let last = self.keyframes.last().map_or(0, |(_, r)| r.played());
        if replay.played() >= last + self.every && replay.played().is_multiple_of(self.every) {
            self.keyframes.push((run.clone(), replay.clone()));
            if self.keyframes.len() > MOST_KEYFRAMES {
                self.every *= 2;
                let every = self.every;
                self.keyframes.retain(|(_, r)| r.played().is_multiple_of(every));
            }
        }
    }

    /// Adds commands to the recording every keyframe replays (`Replay::extend`), as a run
    /// watched live goes on: a seek reaches them as any other.
    pub fn extend(
        &mut self,
        more: &[u8],
        checkpoints: &[super::Checkpoint],
        end: Option<super::Checkpoint>,
    ) -> Result<(), String> {
        for (_, replay) in &mut self.keyframes {
            replay.extend(more, checkpoints, end)?;
        }
        Ok(())
    }

    /// The latest turn any command played so far came to.
    pub fn furthest_turn(&self) -> u64 {
        self.turns.last().copied().unwrap_or(0)
    }

    /// Commands between two keyframes now.
    pub fn stride(&self) -> usize {
        self.every
    }

    /// Keyframes held.
    pub fn keyframes(&self) -> usize {
        self.keyframes.len()
    }

    /// The run and replay at `target`: from the last keyframe before it, played on (keeping the
    /// keyframes it passes). `Err`: the replay went astray on the way (the run and replay where
    /// it did, and why).
    #[allow(clippy::result_large_err)]
    pub fn seek(&mut self, target: Target) -> Result<(Run, Replay), (Run, Replay, Desync)> {
        let n = match target {
            Target::Command(n) => n,
            Target::Turn(t) => match self.first_on(t) {
                Some(n) => n,
                None => return self.play_to(|run, _| run.turn() >= t),
            },
            Target::Before(t) => {
                if self.first_on(t).is_none() {
                    // Not played that far yet: play on until it is.
                    let (run, replay) = self.play_to(|run, _| run.turn() >= t)?;
                    if run.turn() < t {
                        return Ok((run, replay));
                    }
                }
                self.first_on(t).expect("played that far").saturating_sub(1)
            }
        };
        self.play_to(|_, replay| replay.played() >= n)
    }

    /// The first command after which the run is on turn `t` or later, if the replay has been
    /// played that far.
    fn first_on(&self, t: u64) -> Option<usize> {
        Some(self.turns.partition_point(|&turn| turn < t)).filter(|&n| n < self.turns.len())
    }

    /// The first state `arrived` holds for (or the recording's end), from the last keyframe
    /// it does not hold for. `arrived` must hold from some state on (turns and commands only
    /// grow).
    #[allow(clippy::result_large_err)]
    fn play_to(&mut self, arrived: impl Fn(&Run, &Replay) -> bool) -> Result<(Run, Replay), (Run, Replay, Desync)> {
        let from = self
            .keyframes
            .iter()
            .rposition(|(run, replay)| !arrived(run, replay))
            .unwrap_or(0);
        let (mut run, mut replay) = self.keyframes[from].clone();
        while !arrived(&run, &replay) {
            match replay.step(&mut run) {
                Ok(true) => self.note(&run, &replay),
                Ok(false) => break,
                Err(desync) => return Err((run, replay, desync)),
            }
        }
        Ok((run, replay))
    }
}

//! Checking a recording or a save by replaying it without a window: every command played again
//! from how the run began, every checkpoint's state hash compared, and the state it ends on
//! compared with the one the file holds (`delve --verify`).

use super::recording::{decode_recording, is_recording};
use super::{decode, model::SavedRun};
use crate::dungeon::Origin;
use crate::run::{Checkpoint, Desync, MAX_WORK, RULES, Recording, Replay, Run, RunSpec};
use crate::world::Ending;

/// How a replayed run stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The player died.
    Died,
    /// The player escaped with the Heartstone.
    Won,
    /// The run goes on.
    Playing,
}

impl Outcome {
    /// How `run` stands.
    pub fn of(run: &Run) -> Self {
        match run.record().ending {
            Some(Ending::Died { .. }) => Outcome::Died,
            Some(Ending::Won) => Outcome::Won,
            None => Outcome::Playing,
        }
    }

    /// The word `--verify` prints: "died", "won" or "playing".
    pub const fn word(self) -> &'static str {
        match self {
            Outcome::Died => "died",
            Outcome::Won => "won",
            Outcome::Playing => "playing",
        }
    }
}

/// What replaying a file came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The run's seed (`None`: a map file's run).
    pub seed: Option<u64>,
    /// The turn the replay reached (where it went astray, if it did).
    pub turns: u64,
    /// The level it was on then.
    pub depth: u32,
    /// How the run stood then.
    pub outcome: Outcome,
    /// The state hash then.
    pub hash: u64,
    /// The first checkpoint that did not match, if one did not.
    pub desync: Option<Desync>,
    /// The run's score then (`Run::score`).
    pub score: u64,
    /// The gold the player carried then.
    pub gold: u32,
    /// The beginning the run began as (`None`: begun bare).
    pub beginning: Option<crate::world::Beginning>,
    /// How the run was played: its difficulty and challenges.
    pub mode: crate::world::Mode,
    /// The runs it owes to: the replay it was taken over from, the ghost it raced.
    pub lineage: crate::run::Lineage,
}

impl Verdict {
    /// Whether every checkpoint matched.
    pub fn ok(&self) -> bool {
        self.desync.is_none()
    }

    fn of(run: &Run, desync: Option<Desync>) -> Self {
        Verdict {
            seed: match run.dungeon().origin() {
                Origin::Run(p) => Some(p.seed),
                Origin::Map => None,
            },
            turns: run.turn(),
            depth: run.dungeon().depth(),
            outcome: Outcome::of(run),
            hash: run.state_hash(),
            desync,
            score: run.score(),
            gold: run.player().gold,
            beginning: run.player().growth.beginning,
            mode: run.mode(),
            lineage: run.lineage(),
        }
    }
}

/// What a recording's or a save's bytes replay: how the run began, its recording, and the
/// state it was in when written; or why they cannot be replayed (unreadable, damaged, other
/// rules, a save made before recordings, more work than any run asks: `run::MAX_WORK`).
pub fn replayable(bytes: &[u8]) -> Result<(RunSpec, Recording, Checkpoint), String> {
    let (spec, recording, end) = readable(bytes)?;
    let work = recording.work(&spec);
    if work > MAX_WORK {
        return Err(format!(
            "replaying it would take {work} units of work, more than any run asks ({MAX_WORK}): {} commands on {} tiles a level",
            recording.len(),
            spec.area()
        ));
    }
    Ok((spec, recording, end))
}

/// `replayable`, before the work is weighed.
fn readable(bytes: &[u8]) -> Result<(RunSpec, Recording, Checkpoint), String> {
    if is_recording(bytes) {
        let file = decode_recording(bytes).map_err(|e| e.to_string())?;
        return Ok((file.spec, file.recording, file.end));
    }
    let saved: SavedRun = decode(bytes).map_err(|e| match e {
        // Neither mark: say what was looked for, not only a save.
        super::SaveError::NotASave => {
            "it is neither a Delve recording nor a Delve save (it starts with neither's mark)".to_owned()
        }
        e => e.to_string(),
    })?;
    if let Some(rules) = saved.recording.as_ref().map(|r| r.rules).filter(|&r| r != RULES) {
        return Err(format!(
            "it was made under rules {rules} (by Delve {}), and this Delve plays rules {RULES}: it cannot be replayed here",
            saved.game
        ));
    }
    let run = saved.restore().map_err(|e| format!("it does not fit together ({e})"))?;
    let Some(recording) = run.recording().cloned() else {
        return Err("it was saved before runs were recorded, so it holds no commands to replay".into());
    };
    let end = Checkpoint {
        commands: recording.len() as u32,
        turn: run.turn(),
        hash: run.state_hash(),
    };
    Ok((run.spec().clone(), recording, end))
}

/// Replays a recording's or a save's bytes: the verdict, with the run as replayed; `Err` names
/// why the file cannot be replayed at all (`replayable`).
pub fn verify(bytes: &[u8]) -> Result<(Verdict, Run), String> {
    verify_while(bytes, || true).map_err(|stop| match stop {
        Stopped::Unreplayable(why) => why,
        Stopped::Asked { .. } => unreachable!("never asked to stop"),
    })
}

/// How often `verify_while` asks whether to go on, in commands.
pub const ASK_EVERY: usize = 256;

/// Why `verify_while` gave no verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// The file cannot be replayed at all (`replayable`'s reason).
    Unreplayable(String),
    /// It was told to stop, after this many commands.
    Asked {
        /// Commands replayed when it stopped.
        played: usize,
    },
}

/// `verify`, asking `keep_going` every `ASK_EVERY` commands whether to go on: a caller with a
/// clock (a server) bounds a replay's time as well as its work. The game knows no clock.
pub fn verify_while(bytes: &[u8], mut keep_going: impl FnMut() -> bool) -> Result<(Verdict, Run), Stopped> {
    let (spec, recording, end) = replayable(bytes).map_err(Stopped::Unreplayable)?;
    let (mut run, mut replay) = Replay::begin(&spec, &recording, Some(end))
        .map_err(|e| Stopped::Unreplayable(format!("its first level cannot be made ({e})")))?;
    let desync = loop {
        if replay.played() % ASK_EVERY == 0 && replay.played() > 0 && !keep_going() {
            return Err(Stopped::Asked {
                played: replay.played(),
            });
        }
        match replay.step(&mut run) {
            Ok(true) => {}
            Ok(false) => break None,
            Err(desync) => break Some(desync),
        }
    };
    Ok((Verdict::of(&run, desync), run))
}

/// What checking a branch against its parent came to (`verify_branch`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BranchCheck {
    /// The file was taken over from no replay: it has no parent to check.
    NoParent,
    /// The parent is the one named, and the branch begins as it: the same run begun the same
    /// way, the same commands up to the turn it was taken over on, and the same state hash
    /// there.
    Matches,
    /// It does not: why.
    Differs(String),
}

/// Checks the recording (or save) `bytes`, a branch taken over from a replay, against
/// `parent`'s bytes: the digest it names is `parent`'s, they began alike, and its first part
/// (the commands up to the take-over) is `parent`'s, to the same state hash (the same run begun
/// alike with the same commands comes to the same state: the parent is replayed to the
/// take-over once, for its turn; the branch's own checkpoints are `verify`'s). `Err`: either
/// cannot be read.
pub fn verify_branch(bytes: &[u8], parent: &[u8]) -> Result<BranchCheck, String> {
    let (spec, recording, _) = replayable(bytes)?;
    let Some(branch) = recording.lineage().branch else {
        return Ok(BranchCheck::NoParent);
    };
    let named = super::digest(parent);
    if named != branch.parent {
        return Ok(BranchCheck::Differs(format!(
            "it names the parent {}, and the parent given is {named}",
            branch.parent
        )));
    }
    let (parent_spec, parent_recording, _) = replayable(parent).map_err(|e| format!("the parent: {e}"))?;
    if parent_spec != spec || parent_recording.daily() != recording.daily() {
        return Ok(BranchCheck::Differs("it did not begin as its parent did".into()));
    }
    let k = branch.commands as usize;
    let first = |r: &Recording| r.commands().take(k).collect::<Vec<_>>();
    if parent_recording.len() < k || first(&parent_recording) != first(&recording) {
        return Ok(BranchCheck::Differs(format!(
            "its first {k} commands are not its parent's"
        )));
    }
    // The same run begun alike with the same commands comes to the same state: the parent's
    // replay to the take-over says the turn it was on.
    let (mut run, mut replay) =
        Replay::begin(&spec, &parent_recording, None).map_err(|e| format!("its first level cannot be made ({e})"))?;
    while replay.played() < k {
        replay.step(&mut run).map_err(|d| format!("the parent: {d}"))?;
    }
    Ok(if run.turn() != branch.turn {
        BranchCheck::Differs(format!(
            "it says it was taken over on turn {}, and its parent was on turn {} then",
            branch.turn,
            run.turn()
        ))
    } else {
        BranchCheck::Matches
    })
}

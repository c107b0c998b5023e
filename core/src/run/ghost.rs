//! A ghost to race: another run's recording played through once, kept as where its player stood
//! after each turn (its level and tile) and the turn it first reached each level (its splits).
//! A ghost is drawn, never played: it touches no rules of the run that races it.

use crate::geom::Pos;

use super::{Recording, Replay, RunSpec};

/// Where a ghost's player stood from a turn on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stand {
    /// The turn it got there.
    pub turn: u64,
    /// The level it was on.
    pub depth: u32,
    /// The tile it stood on.
    pub at: Pos,
}

/// A recording as a ghost: where it stood, turn by turn, and its splits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ghost {
    /// Each change of place, in turn order (the first: where it began).
    stands: Vec<Stand>,
    /// The turn it first reached each level, by depth (index 0: the first level).
    splits: Vec<Option<u64>>,
    /// The turn its recording ends on.
    last_turn: u64,
}

impl Ghost {
    /// `recording`'s ghost, played over `spec`'s run; or why it cannot be (its first level
    /// cannot be made, or it goes astray: a ghost is only a run that replays).
    pub fn of(spec: &RunSpec, recording: &Recording) -> Result<Ghost, String> {
        let (mut run, mut replay) =
            Replay::begin(spec, recording, None).map_err(|e| format!("its first level cannot be made ({e})"))?;
        let stand = |run: &super::Run| Stand {
            turn: run.turn(),
            depth: run.dungeon().depth(),
            at: run.player().at,
        };
        let mut stands = vec![stand(&run)];
        let mut splits = vec![None; run.dungeon().deepest() as usize];
        let mut split = |depth: u32, turn: u64| {
            if let Some(slot) = splits.get_mut(depth as usize - 1)
                && slot.is_none()
            {
                *slot = Some(turn);
            }
        };
        split(run.dungeon().depth(), run.turn());
        while replay.step(&mut run).map_err(|d| format!("it does not replay: {d}"))? {
            let now = stand(&run);
            let last = stands.last().expect("the start");
            if (now.depth, now.at) != (last.depth, last.at) {
                split(now.depth, now.turn);
                stands.push(now);
            }
        }
        Ok(Ghost {
            stands,
            splits,
            last_turn: run.turn(),
        })
    }

    /// Where it stood on `turn` (after that turn's commands): its level and tile; on a turn past
    /// its end, where it ended.
    pub fn at(&self, turn: u64) -> (u32, Pos) {
        let i = self.stands.partition_point(|s| s.turn <= turn).max(1) - 1;
        let s = self.stands[i];
        (s.depth, s.at)
    }

    /// The turn it first reached each level, by depth (index 0: the first level; `None`: never).
    pub fn splits(&self) -> &[Option<u64>] {
        &self.splits
    }

    /// The turn its recording ends on.
    pub fn last_turn(&self) -> u64 {
        self.last_turn
    }

    /// Each change of place, in turn order.
    pub fn stands(&self) -> &[Stand] {
        &self.stands
    }
}

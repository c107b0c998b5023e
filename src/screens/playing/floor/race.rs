//! The ghost a run races (`Racing`): what the race part draws on the map and the sidebar shows
//! as splits. Another run's recording, played through once (`delve_core::run::ghost::Ghost`),
//! and the turn this run first reached each level.

use bevy::prelude::*;
use delve_core::run::Digest;
use delve_core::run::ghost::Ghost;

/// The ghost being raced, while a raced run is played.
#[derive(Resource, Clone, Debug)]
pub struct Racing {
    /// The ghost: where it stood on each turn, and its splits.
    pub ghost: Ghost,
    /// Its recording's digest (what the run's recording names).
    pub digest: Digest,
    /// Whose ghost it is, as the sidebar says it ("the board's best", a file's name).
    pub name: String,
    /// The turn this run first reached each level, by depth (index 0: the first level).
    pub mine: Vec<Option<u64>>,
}

impl Racing {
    /// Racing `ghost` (of the recording whose digest is `digest`), called `name`.
    pub fn new(ghost: Ghost, digest: Digest, name: impl Into<String>) -> Self {
        let levels = ghost.splits().len();
        Racing {
            ghost,
            digest,
            name: name.into(),
            mine: vec![None; levels],
        }
    }

    /// Notes that this run is on `depth` on `turn` (the first time counts).
    pub fn reached(&mut self, depth: u32, turn: u64) {
        if let Some(slot) = self.mine.get_mut(depth as usize - 1)
            && slot.is_none()
        {
            *slot = Some(turn);
        }
    }

    /// The splits as the sidebar shows them: a line for the ghost, then each level either run
    /// reached: "D2  you 130  ghost 150  (20 ahead)".
    pub fn lines(&self, turn: u64) -> String {
        let (depth, _) = self.ghost.at(turn);
        let mut lines = vec![format!("Racing {}: on depth {depth}", self.name)];
        let ghost = self.ghost.splits();
        for (i, (mine, theirs)) in self.mine.iter().zip(ghost).enumerate().skip(1) {
            let shown = |t: &Option<u64>| t.map_or_else(|| "-".to_owned(), |t| t.to_string());
            if mine.is_none() && theirs.is_none_or(|t| t > turn) {
                continue;
            }
            let gap = match (mine, theirs) {
                (Some(m), Some(t)) if m < t => format!("  ({} ahead)", t - m),
                (Some(m), Some(t)) if m > t => format!("  ({} behind)", m - t),
                (Some(_), Some(_)) => "  (even)".to_owned(),
                _ => String::new(),
            };
            // The ghost's split shows once this run's turn has come to it.
            let theirs = theirs.filter(|&t| t <= turn || mine.is_some());
            lines.push(format!(
                "D{}  you {}  ghost {}{gap}",
                i + 1,
                shown(mine),
                shown(&theirs)
            ));
        }
        lines.join("\n")
    }
}

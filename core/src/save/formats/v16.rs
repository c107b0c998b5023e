//! Format 16: what a run owes to other runs. The run part is format 15's, then its lineage: the
//! replay it was taken over from (that recording's digest, the turn and the commands played) and
//! the recording whose ghost it raced; a level's part is format 15's. A recording file of format
//! 3 ends with the same lineage.

use serde::{Deserialize, Serialize};

use super::v15;

pub(crate) use super::v15::Level;

/// The run part: format 15's, then the lineage.
#[derive(Serialize, Deserialize)]
pub(crate) struct Run {
    pub run: v15::Run,
    /// The runs it owes to.
    pub lineage: Lineage,
}

/// A run's lineage as saved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Lineage {
    /// The replay it was taken over from, if it was.
    pub branch: Option<Branch>,
    /// The digest of the recording whose ghost it raced, if it raced one.
    pub ghost: Option<[u8; 32]>,
}

/// Where a run taken over from a replay branched off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Branch {
    /// The digest (SHA-256) of the parent's recording file.
    pub parent: [u8; 32],
    /// The turn it was taken over on.
    pub turn: u64,
    /// The parent's commands played then.
    pub commands: u32,
}

/// A run saved before lineages owes nothing to another.
impl From<v15::Run> for Run {
    fn from(run: v15::Run) -> Self {
        Run {
            run,
            lineage: Lineage::default(),
        }
    }
}

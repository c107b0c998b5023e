//! Monsters: what one is (`Monster`, kept in its level like the keys, so monsters on levels you
//! are not on wait where they are), the kinds there are (`kind`), where they are put when a level
//! is made (`populate`), and how they choose what to do (`mind`). Plain Rust, no `App`; the turn
//! (`rules::round`) runs their minds and applies what they do through the same rules as yours.

pub mod kind;
pub mod mind;
pub mod populate;

use crate::map::Pos;
use crate::rules::Dir8;

pub use kind::{Kind, MAX_SIGHT, NORMAL_SPEED, Stats};
pub use populate::populate;

/// One monster on a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Monster {
    /// Unique on its level, never reused: how the rules name it.
    pub id: u32,
    pub kind: Kind,
    pub at: Pos,
    pub hp: i32,
    /// Speed saved up: it acts once for every `NORMAL_SPEED` of it.
    pub energy: i32,
    pub mind: Mind,
}

impl Monster {
    pub const fn stats(&self) -> Stats {
        self.kind.stats()
    }

    pub const fn is_hurt(&self) -> bool {
        self.hp < self.kind.stats().max_hp
    }
}

/// What a monster is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Mind {
    /// Notices you only from half its sight.
    Asleep,
    /// Ambling about, mostly keeping its heading.
    Wandering { heading: Dir8 },
    /// After you: `target` is where it last saw you; `patience` the turns it will go on looking
    /// once it has lost sight of you.
    Hunting { target: Pos, patience: u32 },
}

/// How many turns a hunter keeps looking for you after losing sight of you.
pub const PATIENCE: u32 = 20;

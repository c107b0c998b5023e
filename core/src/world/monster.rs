//! A monster: what one is, kept in its level like the keys (so monsters on levels you are not
//! on wait where they are), and what it is about (`Mind`). Where they are put is
//! `generation::monsters`; how they choose what to do, `rules::mind`.

use crate::geom::Dir8;
use crate::geom::Pos;

use super::{Kind, Stats};

/// One monster on a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Monster {
    /// Unique on its level, never reused: how the rules name it.
    pub id: u32,
    /// What kind it is.
    pub kind: Kind,
    /// Where it stands.
    pub at: Pos,
    /// Hit points left (dead at zero).
    pub hp: i32,
    /// Speed saved up: it acts once for every `NORMAL_SPEED` of it.
    pub energy: i32,
    /// What it is about.
    pub mind: Mind,
}

impl Monster {
    /// What its kind is like.
    pub const fn stats(&self) -> Stats {
        self.kind.stats()
    }

    /// Whether it has lost any hit points.
    pub const fn is_hurt(&self) -> bool {
        self.hp < self.kind.stats().max_hp
    }
}

/// What a monster is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mind {
    /// Notices you only from half its sight.
    Asleep,
    /// Ambling about, mostly keeping its heading.
    Wandering {
        /// The way it is walking.
        heading: Dir8,
    },
    /// After you: `target` is where it last saw you; `patience` the turns it will go on looking
    /// once it has lost sight of you.
    Hunting {
        /// Where it last saw you.
        target: Pos,
        /// Turns it will go on looking after losing sight of you.
        patience: u32,
    },
    /// Running from you: a coward until it has healed, a thief for good.
    Fleeing,
}

/// How many turns a hunter keeps looking for you after losing sight of you.
pub const PATIENCE: u32 = 20;

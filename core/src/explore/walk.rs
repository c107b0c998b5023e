//! A whole exploration without a window: the player explores the level it is on, one real turn
//! at a time by the rules (`rules::play_round`), seeing by the same field of view, until there is
//! nothing reachable left to see. What `delve --explore` prints, and what the explore tests and
//! benchmarks measure.

use crate::fov::LevelMemory;
use crate::geom::{Dir8, Pos};
use crate::paths::Search;
use crate::rules::Act;
use crate::run::Run;

use super::plan::{Finished, Known, explore};

/// How an exploration ended.
#[derive(Clone, Debug)]
pub struct Exploration {
    /// Turns taken.
    pub turns: u64,
    /// What the player remembers of the level at the end.
    pub memory: LevelMemory,
    /// Where the player stands at the end.
    pub at: Pos,
    /// Why it stopped: `None` when it was cut short (a step refused because the remembered
    /// level was wrong, the end of the run, or `max_turns`).
    pub finished: Option<Finished>,
}

impl Exploration {
    /// The remembered level in the ASCII legend, one string per row, unseen tiles as spaces.
    pub fn seen_rows(&self, width: u32) -> Vec<String> {
        self.memory
            .tiles()
            .chunks(width as usize)
            .map(|row| row.iter().map(|t| t.map_or(' ', |t| t.glyph())).collect())
            .collect()
    }
}

/// How a walker chooses its next walk (`plan::explore`, or another explorer to compare with):
/// given what is known, where it stands and the locked doors it holds keys to.
pub trait Planner: FnMut(&Known, Pos, &[Pos], &mut Search) -> Result<Vec<Pos>, Finished> {}
impl<F: FnMut(&Known, Pos, &[Pos], &mut Search) -> Result<Vec<Pos>, Finished>> Planner for F {}

/// The plain explorer Delve's is measured against: walk to the nearest remembered tile next to
/// something unseen, and choose again only on arriving there (or when it stops bordering the
/// unseen). Keys and the Heartstone are not its business.
pub fn nearest_frontier() -> impl Planner {
    let mut target: Option<Pos> = None;
    move |known: &Known, at: Pos, held: &[Pos], search: &mut Search| {
        if let Some(t) = target.filter(|&t| t != at && known.borders_unknown(t))
            && let Some(walk) = super::plan::travel(known, at, t, &[], search).filter(|w| !w.is_empty())
        {
            return Ok(walk);
        }
        let walk = search.nearest(
            (known.level.map.width(), known.level.map.height()),
            at,
            |p| known.tile(p),
            |_, t| super::plan::explorable(t),
            |p| p != at && known.borders_unknown(p),
        );
        match walk.filter(|w| !w.is_empty()) {
            Some(walk) => {
                target = walk.last().copied();
                Ok(walk)
            }
            None => explore(known, at, held, search),
        }
    }
}

/// Explores the current level of `run` from where the player stands, one real turn at a time
/// (`Run::play`), until `plan` finds nothing left. Monsters, if the level has any, act as in a
/// game: use a peaceful dungeon to explore alone. Stops after `max_turns` whatever happens.
pub fn explore_level(run: &mut Run, mut plan: impl Planner, max_turns: u64) -> Exploration {
    let depth = run.dungeon().depth();
    let first_turn = run.turn();
    let mut search = Search::default();
    run.look();
    let finished = loop {
        let held = run.player().keys.doors_on(depth);
        let Some(memory) = run.player().memory.level(depth) else {
            break None;
        };
        let known = Known {
            level: run.dungeon().level(),
            memory,
        };
        let walk = match plan(&known, run.player().at, &held, &mut search) {
            Ok(walk) => walk,
            Err(finished) => break Some(finished),
        };
        let dir = Dir8::between(run.player().at, walk[0]).expect("a walk goes one step at a time");
        let played = run.play(Act::Step(dir));
        if played.is_err() || run.is_over() || run.dungeon().depth() != depth || run.turn() - first_turn >= max_turns {
            break None;
        }
    };
    let memory = run
        .player()
        .memory
        .level(depth)
        .cloned()
        .expect("the level was remembered from the start");
    Exploration {
        turns: run.turn() - first_turn,
        memory,
        at: run.player().at,
        finished,
    }
}

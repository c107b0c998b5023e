//! The dungeon of a run: every level made so far, kept as the player left it, and which one the
//! player is on. A level is made the first time it is entered, from the run seed and its depth
//! alone (`generation::level_seed`), so level 5 of seed 42 is the same however it is reached.

use crate::world::DEEPEST;

use crate::generation::{GenError, GenParams, apply_mode, generate, level_seed};
use crate::map::TileMap;
use crate::world::{Level, Mode};

/// Where the levels come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A generated run: its seed, size and corridor style (`depth` unused).
    Run(GenParams),
    /// A level read from a map file: a dungeon of one level.
    Map,
}

/// What a save keeps of a dungeon (`Dungeon::parts`).
pub(crate) struct DungeonParts<'a> {
    /// Where the levels come from.
    pub origin: &'a Origin,
    /// Every level slot by depth.
    pub levels: &'a [Option<Level>],
    /// The level the player is on.
    pub depth: u32,
    /// Levels are made without monsters.
    pub peaceful: bool,
    /// How the run is played.
    pub mode: Mode,
}

/// Every level of the run made so far, by depth, and the player's depth. The one source of
/// truth for terrain (door states included) and for the keys lying on each level.
#[derive(Clone, Debug)]
pub struct Dungeon {
    origin: Origin,
    /// `levels[d - 1]` is level `d`, once made.
    levels: Vec<Option<Level>>,
    depth: u32,
    /// Levels are made without monsters (tests and tools about terrain).
    peaceful: bool,
    /// How the run is played (its difficulty and challenges): what the rules read, and what
    /// each level is made with (`generation::apply_mode`).
    mode: Mode,
    /// How often the current level changed, or a kept level was dropped, since this dungeon
    /// was made: what tells a save which levels may have changed since it last encoded them
    /// (never saved).
    changes: u64,
}

impl Dungeon {
    /// A run on `run`'s seed, size and style, starting on level `run.depth` (made now; the
    /// others when first entered).
    pub fn new(run: GenParams) -> Result<Self, GenError> {
        let level = generate(&run)?.level;
        let mut levels = vec![None; DEEPEST as usize];
        levels[run.depth as usize - 1] = Some(level);
        Ok(Dungeon {
            origin: Origin::Run(GenParams { depth: 1, ..run }),
            levels,
            depth: run.depth,
            peaceful: false,
            mode: Mode::STANDARD,
            changes: 0,
        })
    }

    /// The same dungeon with no monsters, now or on levels made later: for tests and tools
    /// about the terrain.
    pub fn peaceful(mut self) -> Self {
        self.peaceful = true;
        for level in self.levels.iter_mut().flatten() {
            level.monsters.clear();
        }
        self
    }

    /// The same new dungeon played in `mode`: the levels made so far made again as the mode
    /// makes them (a swarm, champions, no potion of healing), and every level made later.
    pub fn with_mode(mut self, mode: Mode) -> Self {
        self.mode = mode;
        if let Origin::Run(params) = self.origin {
            for (i, level) in self.levels.iter_mut().enumerate() {
                if let Some(level) = level {
                    let depth = i as u32 + 1;
                    apply_mode(level, mode, level_seed(params.seed, depth), depth);
                }
            }
        }
        self
    }

    /// A dungeon restored from a save, played in `mode` (its levels kept as they were saved).
    pub(crate) fn restored_in(mut self, mode: Mode) -> Self {
        self.mode = mode;
        self
    }

    /// How the run is played: its difficulty and challenges.
    pub const fn mode(&self) -> Mode {
        self.mode
    }

    /// A dungeon of one level: a map read from a file (no keys; its locked doors stay locked).
    pub fn premade(map: TileMap) -> Self {
        Dungeon::single(Level::bare(map))
    }

    /// A dungeon of exactly this one level (keys and all).
    pub fn single(level: Level) -> Self {
        Dungeon {
            origin: Origin::Map,
            levels: vec![Some(level)],
            depth: 1,
            peaceful: false,
            mode: Mode::STANDARD,
            changes: 0,
        }
    }

    /// A dungeon from what a save kept: its origin, every level slot (`None`: not made yet), the
    /// player's depth. `Err` says what does not fit (the current level missing, a level count a
    /// run cannot have).
    pub fn from_parts(origin: Origin, levels: Vec<Option<Level>>, depth: u32, peaceful: bool) -> Result<Self, String> {
        let expected = match origin {
            Origin::Run(_) => DEEPEST as usize,
            Origin::Map => 1,
        };
        if levels.len() != expected {
            return Err(format!("{} levels where a run has {expected}", levels.len()));
        }
        if !(1..=levels.len() as u32).contains(&depth) || levels[depth as usize - 1].is_none() {
            return Err(format!("the player is on level {depth}, which was never made"));
        }
        Ok(Dungeon {
            origin,
            levels,
            depth,
            peaceful,
            mode: Mode::STANDARD,
            changes: 0,
        })
    }

    /// Everything a dungeon is, by name, as a save takes it: where its levels come from, every
    /// level slot, the depth and whether it is peaceful. Its count of changes is worked out again
    /// (a save's cache reads it). A field added to `Dungeon` does not compile until named here.
    pub(crate) fn parts(&self) -> DungeonParts<'_> {
        let Dungeon {
            origin,
            levels,
            depth,
            peaceful,
            mode,
            changes: _,
        } = self;
        DungeonParts {
            origin,
            levels,
            depth: *depth,
            peaceful: *peaceful,
            mode: *mode,
        }
    }

    /// Every level slot by depth (`None`: not made yet): what a save keeps.
    pub fn slots(&self) -> &[Option<Level>] {
        &self.levels
    }

    /// True when levels are made without monsters.
    pub(crate) const fn is_peaceful(&self) -> bool {
        self.peaceful
    }

    /// Where the levels come from.
    pub fn origin(&self) -> &Origin {
        &self.origin
    }

    /// The level the player is on (1 is the first).
    pub const fn depth(&self) -> u32 {
        self.depth
    }

    /// How deep this dungeon goes: `DEEPEST` for a run, 1 for a map file.
    pub fn deepest(&self) -> u32 {
        self.levels.len() as u32
    }

    /// The level the player is on.
    pub fn level(&self) -> &Level {
        self.levels[self.depth as usize - 1]
            .as_ref()
            .expect("the current level is always made")
    }

    /// The level the player is on, to change.
    pub fn level_mut(&mut self) -> &mut Level {
        self.levels[self.depth as usize - 1]
            .as_mut()
            .expect("the current level is always made")
    }

    /// Level `depth`, if it has been made.
    pub fn kept(&self, depth: u32) -> Option<&Level> {
        self.levels.get(depth.checked_sub(1)? as usize)?.as_ref()
    }

    /// Makes level `depth` the current one, generating it if it was never visited. On an error
    /// nothing changes.
    pub fn go_to(&mut self, depth: u32) -> Result<(), GenError> {
        if !(1..=self.deepest()).contains(&depth) {
            return Err(GenError::BadDepth(depth));
        }
        let slot = depth as usize - 1;
        if self.levels[slot].is_none() {
            let Origin::Run(run) = self.origin else {
                return Err(GenError::BadDepth(depth));
            };
            let mut level = generate(&run.at_depth(depth))?.level;
            apply_mode(&mut level, self.mode, level_seed(run.seed, depth), depth);
            if self.peaceful {
                level.monsters.clear();
            }
            self.levels[slot] = Some(level);
        }
        if depth != self.depth {
            self.depth = depth;
            self.changes += 1;
        }
        Ok(())
    }

    /// Drops kept level `depth` (not the current one), so that entering it makes it again: what
    /// the level-change benchmark measures.
    pub fn forget(&mut self, depth: u32) {
        if depth != self.depth
            && let Some(slot) = self.levels.get_mut(depth.wrapping_sub(1) as usize)
        {
            *slot = None;
            self.changes += 1;
        }
    }

    /// How often the current level changed (or a kept level was dropped) since this dungeon was
    /// made or restored. Only the current level changes between two of these: a save may keep
    /// the others as it last encoded them.
    pub const fn changes(&self) -> u64 {
        self.changes
    }

    /// How many levels are kept.
    pub fn kept_count(&self) -> usize {
        self.levels.iter().flatten().count()
    }

    /// Heap bytes of every kept level.
    pub fn heap_bytes(&self) -> usize {
        self.levels.iter().flatten().map(Level::heap_bytes).sum::<usize>()
            + self.levels.capacity() * std::mem::size_of::<Option<Level>>()
    }

    /// The run as a player reads it: "seed 42 (80x50, mixed)" or "custom map (30x12)"; a run in
    /// a mode says it after ("seed 42 (80x50, mixed) [hard, darkness+swarm]"), so the HUD, the
    /// summary, the story, the history, the high scores and the book of feats all name it.
    pub fn describe(&self) -> String {
        match &self.origin {
            Origin::Run(p) if !self.mode.is_standard() => format!("{p} [{}]", self.mode.name()),
            Origin::Run(p) => p.to_string(),
            Origin::Map => {
                let map = &self.level().map;
                format!("custom map ({}x{})", map.width(), map.height())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_made_once_and_kept() {
        let run = GenParams::new(42, 40, 30, crate::generation::CorridorStyle::Mixed);
        let mut d = Dungeon::new(run).unwrap();
        assert_eq!((d.depth(), d.kept_count()), (1, 1));
        d.go_to(3).unwrap();
        assert_eq!((d.depth(), d.kept_count()), (3, 2));
        assert_eq!(d.level(), &generate(&run.at_depth(3)).unwrap().level);
        let door = d.level().map.doors().next().unwrap().0;
        d.level_mut()
            .map
            .set(door, crate::map::Tile::Door(crate::map::DoorState::Open));
        d.go_to(1).unwrap();
        d.go_to(3).unwrap();
        assert_eq!(
            d.level().map.tile(door),
            crate::map::Tile::Door(crate::map::DoorState::Open)
        );
        assert_eq!(d.go_to(DEEPEST + 1), Err(GenError::BadDepth(DEEPEST + 1)));
        assert_eq!(d.depth(), 3, "a failed move changes nothing");
    }
}

//! Field of view and memory: what a seer sees (symmetric shadowcasting from `shadowcast`, kept
//! in a `Viewshed`), and what the player remembers of every level it has seen (its `Memory`: the
//! tile last seen at each spot, per level). How brightly each tile is lit is `light`'s.

pub mod light;
mod shadowcast;

use crate::geom::Pos;
use crate::map::{Tile, TileMap};

pub use shadowcast::compute_fov;

/// Default sight radius in tiles.
pub const DEFAULT_RADIUS: u32 = 8;

/// What its entity sees now, and saw the turn before (so that only tiles whose look changed need
/// redrawing). Its buffers are sized to the map once; a turn touches only the tiles in view.
#[derive(Clone, Debug, Default)]
pub struct Viewshed {
    radius: u32,
    visible: Vec<Pos>,
    previous: Vec<Pos>,
    mask: Vec<bool>,
    width: u32,
}

impl Viewshed {
    /// A viewshed that sees `radius` tiles far (computed on the next turn).
    pub fn new(radius: u32) -> Self {
        Viewshed {
            radius,
            ..Viewshed::default()
        }
    }

    /// How far it sees.
    pub const fn radius(&self) -> u32 {
        self.radius
    }

    /// Sees `radius` tiles far from the next recompute on.
    pub(crate) fn set_radius(&mut self, radius: u32) {
        self.radius = radius;
    }

    /// The tiles in view, each once.
    pub fn visible(&self) -> &[Pos] {
        &self.visible
    }

    /// The tiles that were in view before the last recompute.
    pub fn previous(&self) -> &[Pos] {
        &self.previous
    }

    /// Whether `p` is in view.
    pub fn is_visible(&self, p: Pos) -> bool {
        p.x >= 0 && p.y >= 0 && (p.x as u32) < self.width && {
            let i = p.y as usize * self.width as usize + p.x as usize;
            self.mask.get(i).copied().unwrap_or(false)
        }
    }

    /// Recomputes the view from `origin` on `map`.
    pub(crate) fn recompute(&mut self, map: &TileMap, origin: Pos) {
        let n = map.tiles().len();
        if self.mask.len() != n || self.width != map.width() {
            *self = Viewshed {
                radius: self.radius,
                mask: vec![false; n],
                width: map.width(),
                ..Viewshed::default()
            };
        }
        let width = self.width as usize;
        for &p in &self.visible {
            self.mask[p.y as usize * width + p.x as usize] = false;
        }
        // Last turn's view becomes `previous`; the new one is collected into the old buffer.
        std::mem::swap(&mut self.visible, &mut self.previous);
        self.visible.clear();
        let (visible, mask) = (&mut self.visible, &mut self.mask);
        compute_fov(
            origin,
            self.radius,
            |p| map.blocks_sight(p),
            |p| {
                if map.in_bounds(p) {
                    let i = p.y as usize * width + p.x as usize;
                    if !mask[i] {
                        mask[i] = true;
                        visible.push(p);
                    }
                }
            },
        );
    }
}

/// A monster where the player last saw it: its id on the level, the spot, and its kind's pinned
/// id (this layer knows no kinds: `world::Kind::from_id` reads it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sighting {
    /// The monster's id on its level.
    pub id: u32,
    /// Where it was last seen.
    pub at: Pos,
    /// Its kind's pinned id.
    pub kind: u32,
}

/// What the player remembers of one level: the tile last seen at each spot (`None`: never seen),
/// which of those it knows only from a map (magic mapping), never having seen them (still to be
/// explored, and drawn apart), and where it last saw each monster now out of view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelMemory {
    width: u32,
    tiles: Vec<Option<Tile>>,
    /// Empty while nothing was mapped; else a flag for each spot: known from a map, never seen.
    mapped: Vec<bool>,
    /// The monsters last seen, each once, where they were last seen.
    sightings: Vec<Sighting>,
}

impl LevelMemory {
    fn new(width: u32, height: u32) -> Self {
        LevelMemory {
            width,
            tiles: vec![None; width as usize * height as usize],
            mapped: Vec::new(),
            sightings: Vec::new(),
        }
    }

    /// A memory from what a save kept: `width` tiles to a row, and the spots known only from a
    /// map (by index). `None` if `tiles` is not whole rows, or a mapped spot is off them or was
    /// never remembered.
    pub fn from_tiles(width: u32, tiles: Vec<Option<Tile>>, mapped: &[u32]) -> Option<Self> {
        if width == 0 || !tiles.len().is_multiple_of(width as usize) {
            return None;
        }
        let mut memory = LevelMemory {
            width,
            tiles,
            mapped: Vec::new(),
            sightings: Vec::new(),
        };
        if !mapped.is_empty() {
            memory.mapped = vec![false; memory.tiles.len()];
            for &i in mapped {
                let i = i as usize;
                memory.tiles.get(i).copied().flatten()?;
                memory.mapped[i] = true;
            }
        }
        Some(memory)
    }

    /// Tiles to a row.
    pub const fn width(&self) -> u32 {
        self.width
    }

    fn index(&self, p: Pos) -> Option<usize> {
        if p.x < 0 || p.y < 0 || p.x as u32 >= self.width {
            return None;
        }
        let i = p.y as usize * self.width as usize + p.x as usize;
        (i < self.tiles.len()).then_some(i)
    }

    /// The tile last seen at `p`.
    pub fn get(&self, p: Pos) -> Option<Tile> {
        self.index(p).and_then(|i| self.tiles[i])
    }

    /// True once `p` has been seen, or mapped.
    pub fn is_explored(&self, p: Pos) -> bool {
        self.get(p).is_some()
    }

    /// True if `p` is known only from a map, never seen.
    pub fn is_mapped_only(&self, p: Pos) -> bool {
        self.index(p)
            .is_some_and(|i| self.mapped.get(i).copied().unwrap_or(false))
    }

    /// Every spot, row by row: the tile last seen there.
    pub fn tiles(&self) -> &[Option<Tile>] {
        &self.tiles
    }

    /// The spots known only from a map, by index, in order: what a save keeps.
    pub fn mapped_only(&self) -> Vec<u32> {
        self.mapped
            .iter()
            .enumerate()
            .filter(|(_, m)| **m)
            .map(|(i, _)| i as u32)
            .collect()
    }

    /// How many tiles have been seen (or mapped).
    pub fn explored_count(&self) -> usize {
        self.tiles.iter().filter(|t| t.is_some()).count()
    }

    /// Remembers what is at each visible tile now: seen, no longer only mapped.
    pub fn remember(&mut self, map: &TileMap, visible: &[Pos]) {
        for &p in visible {
            let i = map.index(p);
            self.tiles[i] = Some(map.tiles()[i].looks());
            if let Some(m) = self.mapped.get_mut(i) {
                *m = false;
            }
        }
    }

    /// The monsters last seen, where they were seen (those in view now among them).
    pub fn sightings(&self) -> &[Sighting] {
        &self.sightings
    }

    /// With `sightings` as a save kept them: `None` if one is off the level or two name the
    /// same monster.
    pub fn with_sightings(mut self, sightings: Vec<Sighting>) -> Option<Self> {
        let off = sightings.iter().any(|s| self.index(s.at).is_none());
        let twice = sightings
            .iter()
            .enumerate()
            .any(|(i, s)| sightings[..i].iter().any(|t| t.id == s.id));
        if off || twice {
            return None;
        }
        self.sightings = sightings;
        Some(self)
    }

    /// Notes what is seen now: a sighting whose spot is in view (`in_view`) or whose monster is
    /// seen again goes, and each monster in view is seen where it stands.
    pub fn note_sightings(&mut self, in_view: impl Fn(Pos) -> bool, seen: &[Sighting]) {
        self.sightings
            .retain(|s| !in_view(s.at) && !seen.iter().any(|n| n.id == s.id));
        self.sightings.extend_from_slice(seen);
    }

    /// Learns the tiles at `spots` from a map: each as it is now; a spot never seen is marked
    /// known only from the map.
    pub fn map_out(&mut self, map: &TileMap, spots: &[Pos]) {
        for &p in spots {
            let i = map.index(p);
            if self.tiles[i].is_none() {
                if self.mapped.is_empty() {
                    self.mapped = vec![false; self.tiles.len()];
                }
                self.mapped[i] = true;
            }
            self.tiles[i] = Some(map.tiles()[i].looks());
        }
    }
}

/// The player's memory of every level it has been on, by depth. Explored tiles never become
/// unexplored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Memory {
    levels: Vec<Option<LevelMemory>>,
}

impl Memory {
    /// A memory from what a save kept, by depth.
    pub fn from_levels(levels: Vec<Option<LevelMemory>>) -> Self {
        Memory { levels }
    }

    /// What is remembered of each level, by depth (`None`: never seen): what a save keeps.
    pub fn levels(&self) -> &[Option<LevelMemory>] {
        &self.levels
    }

    /// What is remembered of level `depth`, if it was ever seen.
    pub fn level(&self, depth: u32) -> Option<&LevelMemory> {
        self.levels.get(depth.checked_sub(1)? as usize)?.as_ref()
    }

    /// The memory of level `depth` (of the map's size), made empty on first use.
    pub fn level_mut(&mut self, depth: u32, map: &TileMap) -> &mut LevelMemory {
        let i = depth.max(1) as usize - 1;
        if self.levels.len() <= i {
            self.levels.resize(i + 1, None);
        }
        self.levels[i].get_or_insert_with(|| LevelMemory::new(map.width(), map.height()))
    }

    /// Heap bytes held, for memory reports.
    pub fn heap_bytes(&self) -> usize {
        self.levels.capacity() * std::mem::size_of::<Option<LevelMemory>>()
            + self
                .levels
                .iter()
                .flatten()
                .map(|l| {
                    l.tiles.capacity() + l.mapped.capacity() + l.sightings.capacity() * std::mem::size_of::<Sighting>()
                })
                .sum::<usize>()
    }
}

/// The tiles visible from `origin` on `map` (each once, in no particular order).
pub fn visible_tiles(map: &TileMap, origin: Pos, radius: u32) -> Vec<Pos> {
    let mut seen = vec![false; map.tiles().len()];
    let mut out = Vec::new();
    compute_fov(
        origin,
        radius,
        |p| map.blocks_sight(p),
        |p| {
            if map.in_bounds(p) && !std::mem::replace(&mut seen[map.index(p)], true) {
                out.push(p);
            }
        },
    );
    out
}

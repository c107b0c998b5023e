//! Field of view and memory: what a seer sees (symmetric shadowcasting from `shadowcast`, kept
//! in a `Viewshed`), and what the player remembers of every level it has seen (its `Memory`: the
//! tile last seen at each spot, per level).

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

/// What the player remembers of one level: the tile last seen at each spot (`None`: never seen).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelMemory {
    width: u32,
    tiles: Vec<Option<Tile>>,
}

impl LevelMemory {
    fn new(width: u32, height: u32) -> Self {
        LevelMemory {
            width,
            tiles: vec![None; width as usize * height as usize],
        }
    }

    /// A memory from what a save kept: `width` tiles to a row. `None` if `tiles` is not whole
    /// rows.
    pub fn from_tiles(width: u32, tiles: Vec<Option<Tile>>) -> Option<Self> {
        (width > 0 && tiles.len().is_multiple_of(width as usize)).then_some(LevelMemory { width, tiles })
    }

    /// Tiles to a row.
    pub const fn width(&self) -> u32 {
        self.width
    }

    /// The tile last seen at `p`.
    pub fn get(&self, p: Pos) -> Option<Tile> {
        if p.x < 0 || p.y < 0 || p.x as u32 >= self.width {
            return None;
        }
        let i = p.y as usize * self.width as usize + p.x as usize;
        self.tiles.get(i).copied().flatten()
    }

    /// True once `p` has been seen.
    pub fn is_explored(&self, p: Pos) -> bool {
        self.get(p).is_some()
    }

    /// Every spot, row by row: the tile last seen there.
    pub fn tiles(&self) -> &[Option<Tile>] {
        &self.tiles
    }

    /// How many tiles have been seen.
    pub fn explored_count(&self) -> usize {
        self.tiles.iter().filter(|t| t.is_some()).count()
    }

    /// Remembers what is at each visible tile now.
    pub fn remember(&mut self, map: &TileMap, visible: &[Pos]) {
        for &p in visible {
            let i = map.index(p);
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
            + self.levels.iter().flatten().map(|l| l.tiles.capacity()).sum::<usize>()
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

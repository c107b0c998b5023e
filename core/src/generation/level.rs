//! Building a whole level from a run seed and a depth: BSP rooms and corridors shaped by depth,
//! loops, stairs, locks and keys, then validation, retrying from a derived seed until a level
//! passes.

use std::fmt;

use crate::world::Level;

use crate::map::{MAX_SIDE, MIN_SIZE, TileMap, count_walkable};

use crate::geom::Rect;
use crate::paths::distances_inside;

use super::builder::Builder;
use super::corridors::{self, CorridorStyle};
use super::defect::Defect;
use super::depth::{DEEPEST, Shape, level_seed};
use super::locks::{check_keys, check_solvable};
use super::stages::{Clock, Stage};
use super::terrain::Making;
use super::validate::{check_border, check_layout, check_stairs_and_keys};
use super::{bsp, locks, loops, stairs, terrain};
use crate::rng::{GenRng, derive_seed};

/// How many seeds are tried before generation gives up. Generation always terminates.
pub const MAX_ATTEMPTS: u32 = 32;

/// What to generate: level `depth` of the run `seed`. The same parameters give the same level,
/// byte for byte, everywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GenParams {
    /// The run's seed; the level's own seed is `depth::level_seed(seed, depth)`.
    pub seed: u64,
    /// Tiles to a row.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// How corridors are dug.
    pub style: CorridorStyle,
    /// 1 (the first level) to `DEEPEST`.
    pub depth: u32,
}

impl Default for GenParams {
    fn default() -> Self {
        Self {
            seed: 0,
            width: 80,
            height: 50,
            style: CorridorStyle::Mixed,
            depth: 1,
        }
    }
}

/// The run as a player reads it: "seed 42 (80x50, mixed)". The HUD, the command line's stderr
/// line and the browser page all say it this way.
impl fmt::Display for GenParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seed {} ({}x{}, {})", self.seed, self.width, self.height, self.style)
    }
}

impl GenParams {
    /// The first level of run `seed` at `width`x`height` in `style`.
    pub const fn new(seed: u64, width: u32, height: u32, style: CorridorStyle) -> Self {
        GenParams {
            seed,
            width,
            height,
            style,
            depth: 1,
        }
    }

    /// The same run at another depth.
    pub const fn at_depth(self, depth: u32) -> Self {
        GenParams { depth, ..self }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
/// Why a level cannot be made.
pub enum GenError {
    /// The size is outside `MIN_SIZE ..= MAX_SIDE` (checked before anything is allocated).
    BadSize {
        /// The width asked for.
        width: u32,
        /// The height asked for.
        height: u32,
    },
    /// The depth is outside `1 ..= DEEPEST`.
    BadDepth(u32),
    /// No seed passed validation within `MAX_ATTEMPTS`; the last defect found.
    Exhausted(Defect),
}

impl fmt::Display for GenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenError::BadSize { width, height } => write!(
                f,
                "size {width}x{height} is out of range: from {}x{} to {MAX_SIDE}x{MAX_SIDE}",
                MIN_SIZE.0, MIN_SIZE.1
            ),
            GenError::BadDepth(d) => write!(f, "depth {d} is out of range: from 1 to {DEEPEST}"),
            GenError::Exhausted(d) => write!(f, "no valid level after {MAX_ATTEMPTS} attempts (last: {d})"),
        }
    }
}

impl std::error::Error for GenError {}

/// A generated level and how it was reached.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The level made.
    pub level: Level,
    /// 1 when the first seed passed validation.
    pub attempts: u32,
    /// How many walls were opened into loops.
    pub loops: usize,
}

/// Reads `WIDTHxHEIGHT` ("80x50") as two whole numbers, without checking the range: the one
/// parser of sizes for the command line, the page's URL and the golden vectors.
pub fn parse_size(s: &str) -> Option<(u32, u32)> {
    let (w, h) = s.split_once('x')?;
    Some((w.parse().ok()?, h.parse().ok()?))
}

/// Whether a level of `width` by `height` can be made.
pub fn size_ok(width: u32, height: u32) -> bool {
    (MIN_SIZE.0..=MAX_SIDE).contains(&width) && (MIN_SIZE.1..=MAX_SIDE).contains(&height)
}

/// Generates a valid level, retrying from derived seeds when validation fails.
pub fn generate(params: &GenParams) -> Result<Generated, GenError> {
    if !size_ok(params.width, params.height) {
        return Err(GenError::BadSize {
            width: params.width,
            height: params.height,
        });
    }
    if !(1..=DEEPEST).contains(&params.depth) {
        return Err(GenError::BadDepth(params.depth));
    }
    let seed = level_seed(params.seed, params.depth);
    let mut last = None;
    for attempt in 0..MAX_ATTEMPTS {
        match build(derive_seed(seed, attempt), params, &mut Making::off()) {
            Ok((level, loops)) => {
                return Ok(Generated {
                    level,
                    attempts: attempt + 1,
                    loops,
                });
            }
            Err(d) => last = Some(d),
        }
    }
    Err(GenError::Exhausted(last.expect("at least one attempt was made")))
}

/// The stream of a level's seed its lights are laid from (far from any attempt's number).
const LIGHTS_STREAM: u32 = 0x4c49_4748;

/// One attempt at the level `params` names from exactly this (level) seed: rooms and corridors,
/// loops, stairs, locks and keys, then every check. Returns the level and how many loops it got;
/// `made` records what the terrain stage made of each tile, if it is on (the lab's tint).
fn build(seed: u64, params: &GenParams, made: &mut Making) -> Result<(Level, usize), Defect> {
    let mut clock = Clock::start();
    let shape = Shape::at(params.depth);
    let mut rng = GenRng::new(seed);
    let mut map = dig(&mut rng, params.width, params.height, params.style, &shape)?;
    // The walks below go by index: the border must be solid (the layout check would refuse the
    // level anyway).
    check_border(&map)?;
    clock.lap(Stage::Dig);
    terrain::reshape(&mut map, params.depth, &mut rng, made);
    clock.lap(Stage::Terrain);
    // The stairs up first (they depend only on the run), then one walk from the arrival serves
    // the loops (as a bound on walks round) and the stairs down (far from the arrival).
    let spots = stairs::spots(&map);
    stairs::place_up(&mut map, &spots, params.seed, params.depth)?;
    clock.lap(Stage::Stairs);
    let dist = distances_inside(&map, map.start());
    clock.lap(Stage::Walks);
    let most = (map.rooms().len() * shape.loops_per_ten_rooms as usize).div_ceil(10);
    let opened = loops::add_loops(&mut map, most, &dist, &mut rng);
    clock.lap(Stage::Loops);
    stairs::place_down(&mut map, &spots, params.seed, params.depth, DEEPEST, &dist, &opened)?;
    clock.lap(Stage::Stairs);
    terrain::flood(&mut map, params.depth, DEEPEST, &mut rng, made);
    terrain::hide_secrets(&mut map, params.depth, &mut rng, made);
    clock.lap(Stage::Terrain);
    let loops = opened.len();
    let (keys, cuts) = locks::place_locks(&mut map, params.depth, &mut rng);
    clock.lap(Stage::Locks);
    let mut level = Level {
        keys,
        ..Level::bare(map)
    };
    // Every check of `validate_level`. Reachability: without locks the builder's union-find has
    // shown every tile joined, and loops and stairs only add ways; with them, the keys are
    // played out on the chokepoints the locks were chosen from (the walk over the tiles only if
    // a lock is not one). The sweep tests hold every level to the walk itself.
    check_layout(&level.map)?;
    check_stairs_and_keys(&level, params.depth, DEEPEST)?;
    if !level.keys.is_empty() {
        match cuts.as_ref().and_then(|c| check_keys(&level.map, &level.keys, c)) {
            Some(verdict) => verdict?,
            None => check_solvable(&level.map, &level.keys)?,
        }
    }
    clock.lap(Stage::Checks);
    // The walk from the arrival over the level as played (every door passable, the border
    // solid: the level passed its checks), for the relic, the items and the vaults.
    let walk = distances_inside(&level.map, level.map.start());
    clock.lap(Stage::Walks);
    // Every walkable tile reached: no reshaped room, lake or secret cut the level apart.
    let reached = walk.iter().filter(|&&d| d != crate::paths::UNREACHED).count();
    if reached != count_walkable(level.map.tiles()) {
        let i = (0..walk.len())
            .find(|&i| walk[i] == crate::paths::UNREACHED && level.map.tiles()[i].is_walkable())
            .expect("a walkable tile was not reached");
        return Err(Defect::Disconnected(level.map.pos_of(i)));
    }
    super::monsters::populate(&mut level, seed, params.depth, DEEPEST, &walk);
    clock.lap(Stage::Monsters);
    super::items::furnish(&mut level, params.seed, seed, params.depth, walk, cuts.as_ref())?;
    clock.lap(Stage::Items);
    terrain::lay_traps(&mut level, params.depth, DEEPEST, &mut rng);
    // The lights last, from a stream of their own: nothing else moves for them.
    terrain::light(
        &mut level,
        params.depth,
        &mut GenRng::new(derive_seed(seed, LIGHTS_STREAM)),
    );
    clock.lap(Stage::Terrain);
    Ok((level, loops))
}

/// Rooms and corridors only: BSP leaves, one room each, corridors dug in `style`, dead ends
/// pruned, every walkable tile joined (by the builder's union-find).
fn dig(rng: &mut GenRng, width: u32, height: u32, style: CorridorStyle, shape: &Shape) -> Result<TileMap, Defect> {
    dig_traced(rng, width, height, style, shape, false).map(|(map, _)| map)
}

/// How a level's rooms and corridors were dug: the BSP leaves, and for each tile the lab code
/// of the style that dug it as corridor (`CorridorStyle::code`, 0 for none).
pub(crate) struct Trace {
    pub leaves: Vec<Rect>,
    pub dug_by: Vec<u8>,
}

/// `dig`, also returning its `Trace` when `trace` is set (the same level either way).
pub(crate) fn dig_traced(
    rng: &mut GenRng,
    width: u32,
    height: u32,
    style: CorridorStyle,
    shape: &Shape,
    trace: bool,
) -> Result<(TileMap, Option<Trace>), Defect> {
    let (w, h) = (width as i32, height as i32);
    let layout = bsp::layout(Rect::new(0, 0, w, h), shape, rng);
    let mut builder = Builder::new(w, h, layout.rooms);
    if trace {
        builder.record_digging();
    }
    corridors::dig_all(&mut builder, &layout.links, style, shape.winding, rng);
    if let Some(at) = builder.first_unreachable() {
        return Err(Defect::Disconnected(at));
    }
    let trace = builder.take_record().map(|dug_by| Trace {
        leaves: layout.leaves,
        dug_by,
    });
    Ok((builder.finish(), trace))
}

/// The level seed the `attempts`-th attempt at `params` was built from.
pub(crate) fn attempt_seed(params: &GenParams, attempts: u32) -> u64 {
    derive_seed(level_seed(params.seed, params.depth), attempts - 1)
}

/// What the terrain stage made of each tile of level `params` (`terrain::Made` codes, 0 for
/// nothing), built again from its successful attempt with the record on.
pub(crate) fn making_of(params: &GenParams, attempts: u32) -> Result<Vec<u8>, Defect> {
    let mut made = Making::on(params.width, params.height);
    build(attempt_seed(params, attempts), params, &mut made)?;
    Ok(made.into_codes())
}

/// The rooms and corridors of level `params` as its successful attempt dug them, traced.
pub(crate) fn retrace(params: &GenParams, attempts: u32) -> Result<(TileMap, Trace), Defect> {
    let mut rng = GenRng::new(attempt_seed(params, attempts));
    let (map, trace) = dig_traced(
        &mut rng,
        params.width,
        params.height,
        params.style,
        &Shape::at(params.depth),
        true,
    )?;
    Ok((map, trace.expect("tracing was asked for")))
}

/// The rooms and corridors of the level `params` names, dug from exactly its seed (no level seed
/// derived, no retries), without loops, stairs, locks or monsters: what the corridor styles' own
/// tests check, and what the benchmarks hold against mapgen. The size must already be in range.
pub fn generate_once(params: &GenParams) -> Result<TileMap, Defect> {
    let mut rng = GenRng::new(params.seed);
    let map = dig(
        &mut rng,
        params.width,
        params.height,
        params.style,
        &Shape::at(params.depth),
    )?;
    check_layout(&map)?;
    Ok(map)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_sizes_out_of_range() {
        for (w, h) in [(19, 15), (20, 14), (1025, 50), (80, 1025), (0, 0)] {
            let p = GenParams {
                width: w,
                height: h,
                ..GenParams::default()
            };
            assert_eq!(generate(&p).unwrap_err(), GenError::BadSize { width: w, height: h });
        }
        for depth in [0, DEEPEST + 1] {
            let p = GenParams::default().at_depth(depth);
            assert_eq!(generate(&p).unwrap_err(), GenError::BadDepth(depth));
        }
    }

    #[test]
    fn same_seed_same_level_different_seed_different_level() {
        let p = GenParams {
            seed: 99,
            ..GenParams::default()
        };
        let a = generate(&p).unwrap().level;
        assert_eq!(a, generate(&p).unwrap().level);
        let b = generate(&GenParams { seed: 100, ..p }).unwrap().level;
        assert_ne!(a.to_ascii(), b.to_ascii());
        let deeper = generate(&p.at_depth(2)).unwrap().level;
        assert_ne!(a.to_ascii(), deeper.to_ascii());
    }

    #[test]
    fn distances_inside_equal_the_distance_map() {
        for seed in 0..40 {
            let depth = seed as u32 % 10 + 1;
            let level = generate(&GenParams::new(seed, 80, 50, Default::default()).at_depth(depth))
                .unwrap()
                .level;
            let map = &level.map;
            assert_eq!(
                distances_inside(map, map.start()),
                crate::paths::distance_map(map, map.start(), crate::map::Tile::is_walkable),
                "seed {seed}"
            );
        }
    }
}

//! Building a whole level from a seed: BSP rooms, corridors, doors, then validation, retrying
//! from a derived seed until a level passes.

use std::fmt;

use crate::map::{MAX_SIDE, MIN_SIZE, Rect, TileMap};

use super::bsp;
use super::builder::Builder;
use super::corridors::{self, CorridorStyle};
use super::rng::{GenRng, derive_seed};
use super::validate::{Defect, check_layout};

/// How many seeds are tried before generation gives up. Generation always terminates.
pub const MAX_ATTEMPTS: u32 = 32;

/// What to generate. The same parameters give the same level, byte for byte, everywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GenParams {
    pub seed: u64,
    pub width: u32,
    pub height: u32,
    pub style: CorridorStyle,
}

impl Default for GenParams {
    fn default() -> Self {
        Self {
            seed: 0,
            width: 80,
            height: 50,
            style: CorridorStyle::Mixed,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenError {
    /// The size is outside `MIN_SIZE ..= MAX_SIDE` (checked before anything is allocated).
    BadSize { width: u32, height: u32 },
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
            GenError::Exhausted(d) => write!(f, "no valid level after {MAX_ATTEMPTS} attempts (last: {d})"),
        }
    }
}

impl std::error::Error for GenError {}

/// A generated level and how it was reached.
#[derive(Clone, Debug)]
pub struct Generated {
    pub map: TileMap,
    /// 1 when the first seed passed validation.
    pub attempts: u32,
}

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
    let mut last = None;
    for attempt in 0..MAX_ATTEMPTS {
        match generate_once(
            derive_seed(params.seed, attempt),
            params.width,
            params.height,
            params.style,
        ) {
            Ok(map) => {
                return Ok(Generated {
                    map,
                    attempts: attempt + 1,
                });
            }
            Err(d) => last = Some(d),
        }
    }
    Err(GenError::Exhausted(last.expect("at least one attempt was made")))
}

/// One attempt from exactly this seed, without retrying: the level, or what is wrong with it.
/// The size must already be in range.
pub fn generate_once(seed: u64, width: u32, height: u32, style: CorridorStyle) -> Result<TileMap, Defect> {
    let mut rng = GenRng::new(seed);
    let (w, h) = (width as i32, height as i32);
    let layout = bsp::layout(Rect::new(0, 0, w, h), &mut rng);
    let mut builder = Builder::new(w, h, layout.rooms);
    corridors::dig_all(&mut builder, &layout.links, style, &mut rng);
    if let Some(at) = builder.first_unreachable() {
        return Err(Defect::Disconnected(at));
    }
    let map = builder.finish();
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
    }

    #[test]
    fn same_seed_same_level_different_seed_different_level() {
        let p = GenParams {
            seed: 99,
            ..GenParams::default()
        };
        let a = generate(&p).unwrap().map;
        assert_eq!(a, generate(&p).unwrap().map);
        let b = generate(&GenParams { seed: 100, ..p }).unwrap().map;
        assert_ne!(a.to_ascii(), b.to_ascii());
    }
}

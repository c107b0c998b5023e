//! How a level was made, for the generator lab: the BSP leaves its rooms sit in, and which
//! corridor style dug each corridor tile. Recovered by digging the level's successful attempt
//! again with the builder recording (generation itself records nothing, and costs nothing more).

use crate::geom::{Pos, Rect};

use crate::map::{Tile, TileMap};

use super::CorridorStyle;
use super::level::{GenError, GenParams, generate, making_of, retrace};
pub use super::terrain::Made;

/// What dug a corridor tile, as the lab tints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Digger {
    /// A corridor style (a style that could not join two rooms is helped by A*, shown as A*).
    Style(CorridorStyle),
    /// A wall opened into a loop after the corridors were dug.
    Loop,
}

impl Digger {
    /// Every digger, in the order the lab's legend lists them.
    pub const ALL: [Digger; 9] = [
        Digger::Style(CorridorStyle::LShaped),
        Digger::Style(CorridorStyle::Chunked),
        Digger::Style(CorridorStyle::NetHack),
        Digger::Style(CorridorStyle::AStar),
        Digger::Style(CorridorStyle::Axis),
        Digger::Style(CorridorStyle::Pipe),
        Digger::Style(CorridorStyle::DeadZone),
        Digger::Style(CorridorStyle::Hallways),
        Digger::Loop,
    ];

    /// The digger's name, as the lab's legend says it.
    pub const fn name(self) -> &'static str {
        match self {
            Digger::Style(style) => style.name(),
            Digger::Loop => "loop",
        }
    }
}

/// How one level was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Anatomy {
    width: u32,
    /// The BSP leaves, one room in each, tiling the whole level.
    pub leaves: Vec<Rect>,
    /// Per tile: the lab code of the style that dug it (`CorridorStyle::code`), 0 for none.
    dug_by: Vec<u8>,
    /// Per tile: what the terrain stage made of it (`Made`'s code), 0 for nothing.
    made_by: Vec<u8>,
}

impl Anatomy {
    /// Recovers how level `params` was made (generating it first, to learn which attempt passed).
    pub fn of(params: &GenParams) -> Result<Anatomy, GenError> {
        let generated = generate(params)?;
        let (_, trace) = retrace(params, generated.attempts).map_err(GenError::Exhausted)?;
        let made_by = making_of(params, generated.attempts).map_err(GenError::Exhausted)?;
        Ok(Anatomy {
            width: params.width,
            leaves: trace.leaves,
            dug_by: trace.dug_by,
            made_by,
        })
    }

    /// What the terrain stage made of the tile at `p` (a cave's floor, a lake, a secret...):
    /// `None` for a tile it left as dug, or one out of the level.
    pub fn made(&self, p: Pos) -> Option<Made> {
        let w = self.width as i32;
        if p.x < 0 || p.y < 0 || p.x >= w {
            return None;
        }
        Made::from_code(*self.made_by.get(p.y as usize * self.width as usize + p.x as usize)?)
    }

    /// The tiles of each thing the terrain stage made, in `Made::ALL`'s order.
    pub fn made_census(&self) -> [usize; Made::ALL.len()] {
        let mut counts = [0; Made::ALL.len()];
        for made in self.made_by.iter().filter_map(|&c| Made::from_code(c)) {
            counts[made as usize - 1] += 1;
        }
        counts
    }

    /// What dug the corridor at `p` on `map` (the level this anatomy is of): `None` for a tile
    /// that is not corridor.
    pub fn digger(&self, map: &TileMap, p: Pos) -> Option<Digger> {
        if map.get(p)? != Tile::Corridor {
            return None;
        }
        let i = p.y as usize * self.width as usize + p.x as usize;
        Some(match CorridorStyle::from_code(self.dug_by[i]) {
            Some(style) => Digger::Style(style),
            None => Digger::Loop,
        })
    }

    /// Corridor tiles of `map` by digger, in `Digger::ALL`'s order.
    pub fn census(&self, map: &TileMap) -> [usize; Digger::ALL.len()] {
        let mut counts = [0; Digger::ALL.len()];
        for i in 0..map.tiles().len() {
            if let Some(d) = self.digger(map, map.pos_of(i)) {
                counts[Digger::ALL
                    .iter()
                    .position(|&x| x == d)
                    .expect("every digger is listed")] += 1;
            }
        }
        counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generation::GenParams;
    use crate::generation::level::retrace;
    use crate::world::DEEPEST;

    #[test]
    fn codes_round_trip() {
        for style in CorridorStyle::ALL {
            assert_eq!(CorridorStyle::from_code(style.code()), Some(style));
        }
        assert_eq!(CorridorStyle::from_code(0), None);
    }

    /// The traced dig is the level's own: the same rooms, and every corridor tile of the finished
    /// level was dug by the level's style (or A* helping it), or opened as a loop.
    #[test]
    fn anatomy_matches_the_level_and_its_style() {
        for style in CorridorStyle::ALL {
            for seed in 0..12 {
                let depth = 1 + (seed as u32 % DEEPEST);
                let params = GenParams {
                    seed,
                    width: 80,
                    height: 50,
                    style,
                    depth,
                };
                let level = generate(&params).unwrap();
                let (dug, _) = retrace(&params, level.attempts).unwrap();
                assert_eq!(dug.rooms(), level.level.map.rooms(), "{params}");
                let anatomy = Anatomy::of(&params).unwrap();
                let map = &level.level.map;
                let census = anatomy.census(map);
                let corridors = map.tiles().iter().filter(|&&t| t == Tile::Corridor).count();
                assert_eq!(census.iter().sum::<usize>(), corridors, "{params}");
                for (d, n) in Digger::ALL.iter().zip(census) {
                    let allowed = match (style, d) {
                        (_, Digger::Loop) | (_, Digger::Style(CorridorStyle::AStar)) => true,
                        (CorridorStyle::Mixed, _) => true,
                        (s, Digger::Style(t)) => s == *t,
                    };
                    assert!(allowed || n == 0, "{params}: {n} tiles dug by {}", d.name());
                }
                if style != CorridorStyle::Mixed && style != CorridorStyle::AStar {
                    assert!(census[Digger::ALL.iter().position(|&d| d == Digger::Style(style)).unwrap()] > 0);
                }
                // The leaves tile the level, and each room lies inside its own leaf.
                let area: i32 = anatomy.leaves.iter().map(|l| l.w * l.h).sum();
                assert_eq!(area, 80 * 50, "{params}");
                for (room, leaf) in map.rooms().iter().zip(&anatomy.leaves) {
                    assert!(
                        leaf.x <= room.x
                            && leaf.y <= room.y
                            && room.right() <= leaf.right()
                            && room.bottom() <= leaf.bottom(),
                        "{params}: {room:?} outside {leaf:?}"
                    );
                }
            }
        }
    }

    /// The record of what the terrain made agrees with the level: every secret, liquid and
    /// bridge is marked by what made it, nothing else is marked secret, and over a few levels of
    /// each depth every kind of making shows.
    #[test]
    fn the_terrain_record_is_the_levels_own() {
        let mut seen = [0; Made::ALL.len()];
        for seed in 0..4 {
            for depth in 1..=DEEPEST {
                let params = GenParams::new(seed, 80, 50, CorridorStyle::Mixed).at_depth(depth);
                let level = generate(&params).unwrap().level;
                let anatomy = Anatomy::of(&params).unwrap();
                let map = &level.map;
                for i in 0..map.tiles().len() {
                    let (p, t) = (map.pos_of(i), map.tiles()[i]);
                    let made = anatomy.made(p);
                    assert_eq!(
                        t.is_secret(),
                        made == Some(Made::Secret),
                        "{params} {p:?} {t:?} {made:?}"
                    );
                    if matches!(t, Tile::DeepWater | Tile::Lava | Tile::Chasm | Tile::Bridge) {
                        let by_water = matches!(made, Some(Made::Lake | Made::River | Made::Prefab));
                        assert!(by_water, "{params} {p:?} {t:?} made by {made:?}");
                    }
                    if made.is_some() && !t.is_secret() {
                        assert_ne!(t, Tile::Wall, "{params} {p:?}: a wall is marked {made:?}");
                    }
                }
                for (n, k) in seen.iter_mut().zip(anatomy.made_census()) {
                    *n += k;
                }
            }
        }
        for (m, n) in Made::ALL.iter().zip(seen) {
            assert!(n > 0, "no {} in 40 levels", m.name());
        }
    }

    #[test]
    fn mixed_levels_show_several_styles_and_loops() {
        let mut seen = std::collections::HashSet::new();
        for seed in 0..10 {
            let params = GenParams {
                seed,
                depth: 5,
                ..GenParams::default()
            };
            let level = generate(&params).unwrap().level;
            let census = Anatomy::of(&params).unwrap().census(&level.map);
            for (d, n) in Digger::ALL.iter().zip(census) {
                if n > 0 {
                    seen.insert(*d);
                }
            }
        }
        assert!(seen.len() >= 6, "{seen:?}");
        assert!(seen.contains(&Digger::Loop), "{seen:?}");
    }
}

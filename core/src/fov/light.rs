//! Light: how brightly, and in what colour, each tile of a level is lit. A level's own glows
//! (torches, lava, fire, glowing fungus, crystal) shine over its depth's ambient light, which
//! dims as the dungeon goes down, and the player carries a light of its own whose reach shrinks
//! with depth. Each glow reaches the tiles it has a line of sight to, falling off with the square
//! of the distance. Integers only, so the same level is lit the same everywhere: the rules read
//! the light (what stands in darkness is not seen unless it is next to you; a player in darkness
//! is harder to notice) and the screens draw it.

use crate::geom::{Pos, Rect};
use crate::map::{Tile, TileMap};

use super::compute_fov;

/// Full light in one channel (the light of a torch's own tile). Light adds up past it.
pub const FULL: u16 = 256;

/// Below this brightness a tile is in darkness: what stands there is not seen but from the next
/// tile, and a player standing there is noticed only from half as far.
pub const DARK: u16 = 56;

/// A light's colour and strength: each channel in `FULL`ths.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rgb {
    /// Red.
    pub r: u16,
    /// Green.
    pub g: u16,
    /// Blue.
    pub b: u16,
}

impl Rgb {
    /// A colour from its channels.
    pub const fn new(r: u16, g: u16, b: u16) -> Rgb {
        Rgb { r, g, b }
    }

    /// How bright it is: its brightest channel (a red glow lights as much as a white one of the
    /// same strength).
    pub const fn brightness(self) -> u16 {
        let rg = if self.r > self.g { self.r } else { self.g };
        if rg > self.b { rg } else { self.b }
    }

    /// Both lights together (at most `u16::MAX` a channel).
    pub const fn plus(self, o: Rgb) -> Rgb {
        Rgb {
            r: self.r.saturating_add(o.r),
            g: self.g.saturating_add(o.g),
            b: self.b.saturating_add(o.b),
        }
    }

    /// This light times `num / den`.
    const fn scaled(self, num: u32, den: u32) -> Rgb {
        Rgb {
            r: (self.r as u32 * num / den) as u16,
            g: (self.g as u32 * num / den) as u16,
            b: (self.b as u32 * num / den) as u16,
        }
    }
}

/// A light source: its colour at full strength (on its own tile) and how many tiles it reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glow {
    /// The light on its own tile.
    pub colour: Rgb,
    /// The farthest tile it lights (by dx² + dy² ≤ radius²).
    pub radius: u32,
}

/// The light fire gives where it burns.
pub const FIRE: Glow = Glow {
    colour: Rgb::new(256, 150, 50),
    radius: 4,
};

/// The light a tile gives: a torch lights its room warmly, lava glows red, fungus green, crystal
/// a cold blue; the rest gives none.
pub const fn tile_glow(tile: Tile) -> Option<Glow> {
    Some(match tile {
        Tile::Torch => Glow {
            colour: Rgb::new(300, 210, 120),
            radius: 7,
        },
        Tile::Lava => Glow {
            colour: Rgb::new(240, 90, 30),
            radius: 3,
        },
        Tile::Fungus => Glow {
            colour: Rgb::new(60, 200, 110),
            radius: 3,
        },
        Tile::Crystal => Glow {
            colour: Rgb::new(90, 150, 220),
            radius: 2,
        },
        _ => return None,
    })
}

/// The light everywhere on level `depth` (1 the first), cool and dimmer each level down: the
/// first four levels are lit throughout, from the fifth on what no glow reaches is dark.
pub const fn ambient(depth: u32) -> Rgb {
    const BY_DEPTH: [u16; 10] = [150, 125, 100, 80, 52, 44, 36, 30, 24, 18];
    let i = if depth == 0 { 0 } else { depth as usize - 1 };
    let level = if i < BY_DEPTH.len() {
        BY_DEPTH[i]
    } else {
        BY_DEPTH[BY_DEPTH.len() - 1]
    };
    Rgb::new(level * 9 / 10, level * 19 / 20, level)
}

/// The player's own light on level `depth`: warm, reaching 7 tiles on the first levels and 4 on
/// the deepest.
pub const fn own_glow(depth: u32) -> Glow {
    let d = if depth == 0 { 0 } else { depth - 1 };
    Glow {
        colour: Rgb::new(230, 210, 170),
        radius: 7u32.saturating_sub(d / 3),
    }
}

/// The farthest a ring of light carries the player's own light.
pub const MOST_OWN_REACH: u32 = 12;

/// The player's own light on level `depth` wearing rings of light whose pluses add to `plus`:
/// `own_glow`, reaching `plus` tiles farther (a cursed ring's minus: nearer), at least 1 tile and
/// at most `MOST_OWN_REACH`. The light falls off over its whole reach, so a farther light is also
/// a brighter one at every distance.
pub const fn carried_glow(depth: u32, plus: i32) -> Glow {
    let own = own_glow(depth);
    let reach = own.radius as i32 + plus;
    let radius = if reach < 1 {
        1
    } else if reach > MOST_OWN_REACH as i32 {
        MOST_OWN_REACH
    } else {
        reach as u32
    };
    Glow { radius, ..own }
}

/// The farthest any glow reaches (a torch's radius): what lies farther from a window cannot light it.
pub const GLOW_REACH: u32 = 7;

/// A level's light over a window of it (the player's view, or the whole level): its glows over
/// its ambient light (kept until the tiles, the fires or the window change), and the light the
/// player carries, added where it is asked for. Worked out from the level, never saved; a few
/// bytes a tile of the window, however large the level.
#[derive(Clone, Debug, Default)]
pub struct LightMap {
    window: Rect,
    cells: Vec<Rgb>,
    ambient: Rgb,
    /// What the cells were worked out from: the map's stamp, the fires' fingerprint, the depth,
    /// the window.
    key: Option<(u64, u64, u32, Rect)>,
    /// The player's light: where it stands and its glow.
    own: Option<(Pos, Glow)>,
}

impl LightMap {
    /// Lights `window` of `map` (clipped to the map) on level `depth`: the glows of the tiles
    /// that can reach it and each of `extra` (fires, glowing monsters) over the depth's ambient
    /// light. `extra_key` must differ whenever `extra` does; nothing is worked out again while
    /// the map, `extra_key`, the depth and the window are as last time. Returns whether it was.
    pub fn light_up(
        &mut self,
        map: &TileMap,
        depth: u32,
        extra: impl Iterator<Item = (Pos, Glow)>,
        extra_key: u64,
        window: Rect,
    ) -> bool {
        let window = clip(window, map);
        let key = Some((map.stamp(), extra_key, depth, window));
        if self.key == key {
            return false;
        }
        self.key = key;
        self.window = window;
        self.ambient = ambient(depth);
        self.cells.clear();
        self.cells.resize((window.w * window.h) as usize, self.ambient);
        // Only a glow within its reach of the window can light it.
        let near = clip(window.grow(GLOW_REACH as i32), map);
        let glows = near.tiles().filter_map(|p| tile_glow(map.tile(p)).map(|g| (p, g)));
        let within = |p: &Pos| near.contains(*p);
        for (at, glow) in glows.chain(extra.filter(|(p, _)| within(p))) {
            shine(map, at, glow, |p, light| {
                if let Some(i) = self.index(p) {
                    self.cells[i] = self.cells[i].plus(light);
                }
            });
        }
        true
    }

    /// The window's index of `p`, if it lies in it.
    fn index(&self, p: Pos) -> Option<usize> {
        let w = self.window;
        w.contains(p).then(|| ((p.y - w.y) * w.w + (p.x - w.x)) as usize)
    }

    /// The player's light is at `at` from now on (`None`: it carries none).
    pub fn carry(&mut self, own: Option<(Pos, Glow)>) {
        self.own = own;
    }

    /// The light at `p` from the level alone (its glows and its ambient light), not the player's
    /// own: what says whether the player stands in darkness. Outside the window lit last, only
    /// the ambient light is known.
    pub fn around(&self, p: Pos) -> Rgb {
        self.index(p).map_or(self.ambient, |i| self.cells[i])
    }

    /// The light at `p`, the player's own light with the level's (the player's light reaches a
    /// tile in the player's view within its radius: the caller knows the view).
    pub fn at(&self, p: Pos) -> Rgb {
        let own = self.own.map_or(Rgb::default(), |(from, glow)| falloff(from, p, glow));
        self.around(p).plus(own)
    }

    /// Whether `p` is lit enough for what stands there to be seen.
    pub fn lit(&self, p: Pos) -> bool {
        self.at(p).brightness() >= DARK
    }

    /// Whether `p` is in darkness but for the player's own light.
    pub fn dark_around(&self, p: Pos) -> bool {
        self.around(p).brightness() < DARK
    }

    /// The level's ambient light.
    pub const fn ambient(&self) -> Rgb {
        self.ambient
    }
}

/// The window round `at` that a view `radius` tiles far needs lit.
pub fn view_window(at: Pos, radius: u32) -> Rect {
    let r = radius as i32;
    Rect::new(at.x - r, at.y - r, 2 * r + 1, 2 * r + 1)
}

/// The whole of `map`, as a window.
pub fn whole(map: &TileMap) -> Rect {
    Rect::new(0, 0, map.width() as i32, map.height() as i32)
}

/// `r` cut to the map (empty if it lies off it).
fn clip(r: Rect, map: &TileMap) -> Rect {
    let (x0, y0) = (r.x.max(0), r.y.max(0));
    let x1 = r.right().min(map.width() as i32);
    let y1 = r.bottom().min(map.height() as i32);
    Rect::new(x0, y0, (x1 - x0).max(0), (y1 - y0).max(0))
}

/// How much of `glow` at `from` reaches `p` (sight aside): full on its own tile, less by the
/// square of the distance, nothing past its radius.
fn falloff(from: Pos, p: Pos, glow: Glow) -> Rgb {
    let (dx, dy) = (i64::from(p.x - from.x), i64::from(p.y - from.y));
    let d2 = (dx * dx + dy * dy) as u64;
    let r = u64::from(glow.radius);
    if d2 > r * r {
        return Rgb::default();
    }
    let reach = (r + 1) * (r + 1);
    glow.colour.scaled((reach - d2) as u32, reach as u32)
}

/// Calls `lit` with each tile `glow` at `at` reaches and the light it gives there: the
/// tiles in its line of sight (walls too, which it lights but not beyond).
fn shine(map: &TileMap, at: Pos, glow: Glow, mut lit: impl FnMut(Pos, Rgb)) {
    let mut done = smallset::Seen::default();
    compute_fov(
        at,
        glow.radius,
        |p| map.blocks_sight(p) && p != at,
        |p| {
            if map.in_bounds(p) && done.first(p, at) {
                lit(p, falloff(at, p, glow));
            }
        },
    );
}

/// A small set of the tiles a glow lit, so that a diagonal (which shadowcasting may reveal
/// twice) is lit once.
mod smallset {
    use crate::geom::Pos;

    /// Marks within 16 tiles of the glow's tile (no glow reaches farther), one bit each.
    pub(super) struct Seen([u32; 33]);

    impl Default for Seen {
        fn default() -> Seen {
            Seen([0; 33])
        }
    }

    impl Seen {
        /// Whether `p` is newly seen from `at` (and marks it).
        pub(super) fn first(&mut self, p: Pos, at: Pos) -> bool {
            let (x, y) = (p.x - at.x + 16, p.y - at.y + 16);
            if !(0..32).contains(&x) || !(0..33).contains(&y) {
                return true;
            }
            let bit = 1u32 << x;
            let row = &mut self.0[y as usize];
            let fresh = *row & bit == 0;
            *row |= bit;
            fresh
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::parse_ascii;

    fn map(rows: &str) -> TileMap {
        parse_ascii(rows.as_bytes()).expect("a map")
    }

    #[test]
    fn a_torch_lights_its_room_and_not_past_the_wall() {
        let m = map("###########\n#....T#...#\n#.@....#..#\n#......#..#\n###########\n");
        let mut light = LightMap::default();
        assert!(light.light_up(&m, 10, std::iter::empty(), 0, whole(&m)));
        let torch = Pos::new(5, 1);
        let near = light.around(Pos::new(5, 2)).brightness();
        let far = light.around(Pos::new(1, 3)).brightness();
        assert!(near > far && far > ambient(10).brightness(), "{near} {far}");
        // Behind the wall the torch is on, only the ambient light.
        assert_eq!(light.around(Pos::new(8, 1)), ambient(10));
        assert!(light.around(torch).brightness() >= FULL);
        // Unchanged map: nothing worked out again.
        assert!(!light.light_up(&m, 10, std::iter::empty(), 0, whole(&m)));
        // A window lights the same as the whole.
        let mut part = LightMap::default();
        part.light_up(&m, 10, std::iter::empty(), 0, view_window(Pos::new(2, 2), 3));
        assert_eq!(part.around(Pos::new(5, 2)), light.around(Pos::new(5, 2)));
    }

    /// The light of a long hall on level 10 (dark): the player's place at its west end, (1, 1).
    fn dark_hall() -> LightMap {
        let m = map(&format!(
            "{}\n#@{}#\n{}\n",
            "#".repeat(22),
            ".".repeat(19),
            "#".repeat(22)
        ));
        let mut light = LightMap::default();
        light.light_up(&m, 10, std::iter::empty(), 0, whole(&m));
        light
    }

    #[test]
    fn the_player_s_light_falls_off_and_stops_at_its_radius() {
        let mut light = dark_hall();
        let glow = own_glow(10);
        light.carry(Some((Pos::new(1, 1), glow)));
        assert!(light.lit(Pos::new(2, 1)));
        assert!(light.lit(Pos::new(1 + glow.radius as i32 - 1, 1)));
        assert!(!light.lit(Pos::new(1 + glow.radius as i32 + 1, 1)));
        assert!(
            light.dark_around(Pos::new(1, 1)),
            "the player's own light is not the level's"
        );
    }

    #[test]
    fn a_ring_of_light_carries_the_player_s_light_farther() {
        let mut light = dark_hall();
        let bare = own_glow(10);
        assert_eq!(carried_glow(10, 0), bare);
        let ringed = carried_glow(10, 3);
        assert_eq!(ringed.radius, bare.radius + 3);
        let beyond = Pos::new(1 + bare.radius as i32 + 1, 1);
        light.carry(Some((Pos::new(1, 1), bare)));
        assert!(!light.lit(beyond));
        let near = light.at(Pos::new(3, 1)).brightness();
        light.carry(Some((Pos::new(1, 1), ringed)));
        assert!(light.lit(beyond));
        assert!(
            light.at(Pos::new(3, 1)).brightness() > near,
            "brighter at every distance"
        );
        // A cursed ring shortens it, never to nothing; no ring carries it past its most.
        assert_eq!(carried_glow(10, -2).radius, bare.radius - 2);
        assert_eq!(carried_glow(10, -9).radius, 1);
        assert_eq!(carried_glow(1, 9).radius, MOST_OWN_REACH);
    }

    #[test]
    fn deeper_is_darker() {
        for d in 1..10 {
            assert!(ambient(d + 1).brightness() <= ambient(d).brightness());
            assert!(own_glow(d + 1).radius <= own_glow(d).radius);
        }
        assert!(ambient(1).brightness() >= DARK && ambient(10).brightness() < DARK);
    }
}

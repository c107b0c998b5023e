//! Corridor styles: each joins the two rooms of a BSP `Link` its own way (one module per style).
//!
//! Whatever the style, digging goes through `Builder::carve`, so the door rules hold for all of
//! them; a style whose shape cannot be dug falls back to an A* corridor between the same doors.

pub mod astar;
pub mod axis;
pub mod chunked;
pub mod deadzone;
pub mod hallways;
pub mod lshaped;
pub mod nethack;
pub mod pipe;

use std::fmt;
use std::str::FromStr;

use crate::geom::{Dir, Pos};

use super::bsp::{Link, Split};
use super::builder::Builder;
use crate::rng::GenRng;

/// How corridors are dug. `Mixed` (the default) picks a style per link.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CorridorStyle {
    /// L-shaped tunnels, one bend (seed 004).
    LShaped,
    /// Chunked corridors on a coarse grid (seed 000).
    Chunked,
    /// NetHack's `dig_corridor`: wandering towards the target.
    NetHack,
    /// Shortest ways by A*, preferring existing corridors.
    AStar,
    /// Straight along one axis, then the other.
    Axis,
    /// Wide pipes.
    Pipe,
    /// Around dead zones that corridors may not cross (seed 003).
    DeadZone,
    /// Dead-end hallways extended until they meet (seed 001).
    Hallways,
    #[default]
    /// Every style, one picked for each join.
    Mixed,
}

impl CorridorStyle {
    /// Every style, `Mixed` last.
    pub const ALL: [CorridorStyle; 9] = [
        CorridorStyle::LShaped,
        CorridorStyle::Chunked,
        CorridorStyle::NetHack,
        CorridorStyle::AStar,
        CorridorStyle::Axis,
        CorridorStyle::Pipe,
        CorridorStyle::DeadZone,
        CorridorStyle::Hallways,
        CorridorStyle::Mixed,
    ];

    /// The name used on the command line and in URLs.
    /// The generator lab's code for corridors dug in this style (`Builder::digging`): 1 and up,
    /// 0 being "not dug by a style" (loops opened later).
    pub const fn code(self) -> u8 {
        self as u8 + 1
    }

    /// The style with lab code `code`.
    pub(crate) fn from_code(code: u8) -> Option<CorridorStyle> {
        CorridorStyle::ALL.get(usize::from(code).checked_sub(1)?).copied()
    }

    /// The name `--corridors` takes and prints.
    pub const fn name(self) -> &'static str {
        match self {
            CorridorStyle::LShaped => "lshaped",
            CorridorStyle::Chunked => "chunked",
            CorridorStyle::NetHack => "nethack",
            CorridorStyle::AStar => "astar",
            CorridorStyle::Axis => "axis",
            CorridorStyle::Pipe => "pipe",
            CorridorStyle::DeadZone => "deadzone",
            CorridorStyle::Hallways => "hallways",
            CorridorStyle::Mixed => "mixed",
        }
    }
}

impl fmt::Display for CorridorStyle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown style name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownStyle(pub String);

impl fmt::Display for UnknownStyle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = CorridorStyle::ALL.iter().map(|s| s.name()).collect();
        write!(f, "unknown corridor style {:?} (one of: {})", self.0, names.join(", "))
    }
}

impl std::error::Error for UnknownStyle {}

impl FromStr for CorridorStyle {
    type Err = UnknownStyle;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        CorridorStyle::ALL
            .into_iter()
            .find(|st| st.name() == s)
            .ok_or_else(|| UnknownStyle(s.to_owned()))
    }
}

/// What `Mixed` picks from, weighted towards the styles seed 003 prefers (NetHack zigzags and
/// dead-zone A*).
const MIXED: [(CorridorStyle, u32); 8] = [
    (CorridorStyle::NetHack, 3),
    (CorridorStyle::DeadZone, 3),
    (CorridorStyle::LShaped, 2),
    (CorridorStyle::Chunked, 2),
    (CorridorStyle::Hallways, 2),
    (CorridorStyle::AStar, 1),
    (CorridorStyle::Axis, 1),
    (CorridorStyle::Pipe, 1),
];

/// `MIXED`'s weights with `winding` added to each winding style (random walks, hallways, dead
/// zones): deeper levels dig more of their corridors in them.
fn pick_mixed(winding: u32, rng: &mut GenRng) -> CorridorStyle {
    let weight = |style: CorridorStyle, w: u32| match style {
        CorridorStyle::Chunked | CorridorStyle::Hallways | CorridorStyle::DeadZone => w + winding,
        _ => w,
    };
    let total: u32 = MIXED.iter().map(|&(s, w)| weight(s, w)).sum();
    let mut roll = rng.below(total);
    for (style, w) in MIXED {
        let w = weight(style, w);
        if roll < w {
            return style;
        }
        roll -= w;
    }
    unreachable!("roll is below the total weight")
}

/// Joins every link in `style` (`winding` weights `mixed` towards the winding styles), then
/// leaves no dead end. Returns false if some link could not be joined (the level is then
/// regenerated).
pub(crate) fn dig_all(b: &mut Builder, links: &[Link], style: CorridorStyle, winding: u32, rng: &mut GenRng) -> bool {
    if style == CorridorStyle::Hallways {
        b.digging = CorridorStyle::Hallways.code();
        hallways::dig_all(b, links, rng);
    } else {
        for &link in links {
            let chosen = if style == CorridorStyle::Mixed {
                pick_mixed(winding, rng)
            } else {
                style
            };
            b.digging = chosen.code();
            connect(b, link, chosen, rng);
        }
    }
    // A link a style left unjoined gets a plain A* corridor between new doors.
    b.digging = CorridorStyle::AStar.code();
    for &link in links {
        if !b.rooms_connected(link.a, link.b) {
            join_doors(b, link, rng, |_, _, _, _| None);
        }
    }
    b.prune_dead_ends();
    links.iter().all(|l| b.rooms_connected(l.a, l.b))
}

fn connect(b: &mut Builder, link: Link, style: CorridorStyle, rng: &mut GenRng) {
    match style {
        CorridorStyle::LShaped => lshaped::connect(b, link, rng),
        CorridorStyle::Chunked => chunked::connect(b, link, rng),
        CorridorStyle::NetHack => join_doors(b, link, rng, nethack::shape),
        CorridorStyle::AStar => join_doors(b, link, rng, |_, _, _, _| None),
        CorridorStyle::Axis => join_doors(b, link, rng, axis::shape),
        CorridorStyle::Pipe => join_doors(b, link, rng, pipe::shape),
        CorridorStyle::DeadZone => deadzone::connect(b, link, rng),
        CorridorStyle::Hallways => hallways::connect(b, link, rng),
        CorridorStyle::Mixed => unreachable!("mixed picks a concrete style per link"),
    }
}

/// The walls of `a` and `b` that face the split between them.
pub(crate) fn facing(link: Link) -> (Dir, Dir) {
    match link.split {
        Split::Vertical => (Dir::East, Dir::West),
        Split::Horizontal => (Dir::South, Dir::North),
    }
}

/// A path of straight runs: from `from`, along each `(horizontal?, target)` leg in turn.
pub(crate) fn legs(from: Pos, legs: &[(bool, i32)]) -> Vec<Pos> {
    // One allocation: the legs' lengths are known up front.
    let mut len = 1;
    let mut end = from;
    for &(horizontal, target) in legs {
        let cur = if horizontal { &mut end.x } else { &mut end.y };
        len += cur.abs_diff(target) as usize;
        *cur = target;
    }
    let mut path = Vec::with_capacity(len);
    path.push(from);
    let mut p = from;
    for &(horizontal, target) in legs {
        loop {
            let cur = if horizontal { p.x } else { p.y };
            if cur == target {
                break;
            }
            let s = (target - cur).signum();
            p = if horizontal { p.offset(s, 0) } else { p.offset(0, s) };
            path.push(p);
        }
    }
    path
}

/// Cuts a door in each room's facing wall and joins the two doorways: along `shape`'s path when
/// it returns one that can be dug, else along the shortest (A*) path.
pub(crate) fn join_doors(
    b: &mut Builder,
    link: Link,
    rng: &mut GenRng,
    shape: impl FnOnce(&Builder, Link, (Pos, Pos), &mut GenRng) -> Option<Vec<Pos>>,
) {
    let (fa, fb) = facing(link);
    let (Some((_, oa)), Some((_, ob))) = (b.door_toward(link.a, fa, rng), b.door_toward(link.b, fb, rng)) else {
        return;
    };
    if let Some(path) = shape(b, link, (oa, ob), rng)
        && b.carve(&path, rng)
    {
        return;
    }
    if !b.route(oa, ob).is_some_and(|path| b.carve(&path, rng)) {
        b.loose_ends.extend([oa, ob]);
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::CorridorStyle;
    use crate::generation::level::{GenParams, generate_once};
    use crate::geom::Pos;
    use crate::map::Tile;

    /// One attempt per seed, no retries: every level of this style passes validation as dug.
    pub(crate) fn assert_style_levels(style: CorridorStyle) {
        for (w, h) in [(20, 15), (80, 50)] {
            for seed in 0..150 {
                if let Err(d) = generate_once(&GenParams::new(seed, w, h, style)) {
                    panic!("{style} seed {seed} at {w}x{h}: {d}");
                }
            }
        }
    }

    #[derive(Debug, Default)]
    pub(crate) struct CorridorStats {
        pub tiles: usize,
        pub bends: usize,
    }

    impl CorridorStats {
        pub(crate) fn bends_per_tile(&self) -> f64 {
            self.bends as f64 / self.tiles.max(1) as f64
        }
    }

    /// Corridor tiles and bends (corridor tiles with exactly two walkable neighbours at a right
    /// angle) over a batch of 80x50 levels.
    pub(crate) fn corridor_stats(style: CorridorStyle) -> CorridorStats {
        let mut stats = CorridorStats::default();
        for seed in 0..40 {
            let map = generate_once(&GenParams::new(seed, 80, 50, style)).expect("valid level");
            for (i, t) in map.tiles().iter().enumerate() {
                if *t != Tile::Corridor {
                    continue;
                }
                stats.tiles += 1;
                let p = map.pos_of(i);
                let open = |dx, dy| map.is_walkable(Pos::new(p.x + dx, p.y + dy));
                let (n, s, e, w) = (open(0, -1), open(0, 1), open(1, 0), open(-1, 0));
                if [n, s, e, w].iter().filter(|&&o| o).count() == 2 && (n || s) && (e || w) {
                    stats.bends += 1;
                }
            }
        }
        stats
    }
}

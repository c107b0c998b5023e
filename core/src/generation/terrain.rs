//! What a level is made of beyond rectangles, corridors and doors: rooms reshaped (caves grown by
//! cellular automata, crosses, circles, hand-drawn prefabs from `core/data/prefabs.txt`), lakes
//! of deep water, lava or chasm placed only where they cut nothing apart (Brogue's rule: a lake
//! stays only if everything still reaches everything, or a bridge is built), grass, secret doors
//! and corridors that never hide the only way, and traps that can always be walked round. Deeper
//! levels get more of all of it (seed 001).

use crate::geom::{Pos, Rect};
use crate::map::{DoorState, Tile, TileMap};

use crate::rng::GenRng;
use crate::world::{Level, Trap, TrapKind};

/// What the terrain stage made of a tile, as the generator lab tints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Made {
    /// A room grown as a cave by cellular automata.
    Cave = 1,
    /// A room cut to a cross.
    Cross = 2,
    /// A room cut to a circle.
    Circle = 3,
    /// A hand-drawn prefab room.
    Prefab = 4,
    /// A lake (deep water, lava or chasm, with its rim).
    Lake = 5,
    /// A river across a room, with its bridge.
    River = 6,
    /// A meadow of grass.
    Meadow = 7,
    /// A secret door or corridor.
    Secret = 8,
}

impl Made {
    /// Everything the terrain stage makes, in the order the lab's legend lists it.
    pub const ALL: [Made; 8] = [
        Made::Cave,
        Made::Cross,
        Made::Circle,
        Made::Prefab,
        Made::Lake,
        Made::River,
        Made::Meadow,
        Made::Secret,
    ];

    /// What the lab's legend calls it.
    pub const fn name(self) -> &'static str {
        match self {
            Made::Cave => "cave",
            Made::Cross => "cross room",
            Made::Circle => "round room",
            Made::Prefab => "prefab",
            Made::Lake => "lake",
            Made::River => "river",
            Made::Meadow => "meadow",
            Made::Secret => "secret",
        }
    }

    /// The kind a record's code names (0, or any other unknown code: nothing).
    pub fn from_code(code: u8) -> Option<Made> {
        Made::ALL.into_iter().find(|&m| m as u8 == code)
    }
}

impl Shape {
    const fn made(self) -> Made {
        match self {
            Shape::Cave => Made::Cave,
            Shape::Cross => Made::Cross,
            Shape::Circle => Made::Circle,
            Shape::Prefab(_) => Made::Prefab,
        }
    }
}

/// The record of what the terrain stage made of each tile (codes of `Made`, 0 for nothing),
/// kept only when the lab asks for it: off, marking costs a branch.
pub(crate) struct Making {
    width: i32,
    by: Vec<u8>,
}

impl Making {
    /// No record kept (the game's own generation).
    pub(crate) const fn off() -> Making {
        Making {
            width: 0,
            by: Vec::new(),
        }
    }

    /// A record of a `width` by `height` level.
    pub(crate) fn on(width: u32, height: u32) -> Making {
        Making {
            width: width as i32,
            by: vec![0; width as usize * height as usize],
        }
    }

    fn is_on(&self) -> bool {
        !self.by.is_empty()
    }

    fn mark(&mut self, p: Pos, made: Made) {
        if self.is_on() {
            self.by[(p.y * self.width + p.x) as usize] = made as u8;
        }
    }

    /// Marks every tile of `area` that differs from `before` (its tiles, in `area.tiles()` order).
    fn mark_changed(&mut self, map: &TileMap, area: Rect, before: &[Tile], made: Made) {
        for (p, &t) in area.tiles().zip(before) {
            if map.tile(p) != t {
                self.mark(p, made);
            }
        }
    }

    /// The record, per tile.
    pub(crate) fn into_codes(self) -> Vec<u8> {
        self.by
    }
}

/// The hand-drawn rooms, in the ASCII legend.
const PREFABS: &str = include_str!("../../data/prefabs.txt");

/// A hand-drawn room: its name and rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prefab {
    /// What it is called (the lab's legend).
    pub name: String,
    /// Its rows in the ASCII legend.
    pub rows: Vec<Vec<Tile>>,
}

/// Every prefab of `core/data/prefabs.txt`, or what is wrong with the file.
pub fn prefabs() -> Result<Vec<Prefab>, String> {
    let mut out: Vec<Prefab> = Vec::new();
    for (n, line) in PREFABS.lines().enumerate() {
        if line.starts_with("# ") || line.is_empty() {
            continue; // a comment (a drawing's rows have no spaces), or between drawings
        }
        if let Some(name) = line.strip_prefix("= ") {
            out.push(Prefab {
                name: name.to_owned(),
                rows: Vec::new(),
            });
            continue;
        }
        let prefab = out
            .last_mut()
            .ok_or(format!("line {}: a drawing with no name", n + 1))?;
        let row = line
            .bytes()
            .map(|b| tile_of(b).ok_or(format!("line {}: {:?} is not in the legend", n + 1, char::from(b))))
            .collect::<Result<Vec<_>, _>>()?;
        if prefab.rows.first().is_some_and(|r| r.len() != row.len()) {
            return Err(format!("line {}: {} is ragged", n + 1, prefab.name));
        }
        prefab.rows.push(row);
    }
    match out.iter().find(|p| p.rows.is_empty()) {
        Some(p) => Err(format!("{} has no rows", p.name)),
        None => Ok(out),
    }
}

/// The tile a prefab's glyph stands for.
fn tile_of(b: u8) -> Option<Tile> {
    Some(match b {
        b'#' => Tile::Wall,
        b'.' => Tile::Floor,
        b'"' => Tile::Grass,
        b'-' => Tile::ShallowWater,
        b'~' => Tile::DeepWater,
        _ => return None,
    })
}

/// How a room is reshaped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    Cave,
    Cross,
    Circle,
    Prefab(usize),
}

/// Whether the tile at `p` (inside `room`) belongs to a room of `shape` (`cave`: the grown cave).
fn inside_shape(shape: Shape, room: Rect, p: Pos, cave: &[bool]) -> bool {
    let (x, y) = (p.x - room.x, p.y - room.y);
    match shape {
        Shape::Cave => cave[(y * room.w + x) as usize],
        Shape::Cross => {
            let (tw, th) = ((room.w / 3).max(2), (room.h / 3).max(2));
            let across = y >= (room.h - th) / 2 && y < (room.h - th) / 2 + th;
            let down = x >= (room.w - tw) / 2 && x < (room.w - tw) / 2 + tw;
            across || down
        }
        Shape::Circle => {
            // Inside the ellipse that fills the room (centres of tiles, a little slack).
            let (cx, cy) = (f64::from(room.w - 1) / 2.0, f64::from(room.h - 1) / 2.0);
            let (dx, dy) = ((f64::from(x) - cx) / (cx + 0.6), (f64::from(y) - cy) / (cy + 0.6));
            dx * dx + dy * dy <= 1.0
        }
        Shape::Prefab(_) => true,
    }
}

/// A cave grown in a `w` by `h` box: random fill, four rounds of the 4-5 rule, the middle kept
/// open, and only the part joined to the middle kept.
fn grow_cave(w: i32, h: i32, rng: &mut GenRng) -> Vec<bool> {
    // On a grid one tile larger all round, its rim wall, so no step needs a bounds check.
    let (pw, ph) = ((w + 2) as usize, (h + 2) as usize);
    let at = |x: i32, y: i32| (y as usize + 1) * pw + x as usize + 1;
    let mid = |x: i32, y: i32| (x - w / 2).abs() <= 1 && (y - h / 2).abs() <= 1;
    let mut open = vec![false; pw * ph];
    for y in 0..h {
        for x in 0..w {
            open[at(x, y)] = rng.below(100) < 58;
        }
    }
    let mut next = open.clone();
    for _ in 0..4 {
        for y in 0..h {
            for x in 0..w {
                let i = at(x, y);
                let around = [
                    i - pw - 1,
                    i - pw,
                    i - pw + 1,
                    i - 1,
                    i + 1,
                    i + pw - 1,
                    i + pw,
                    i + pw + 1,
                ];
                let walls = around.iter().filter(|&&j| !open[j]).count();
                next[i] = walls < 5 || mid(x, y);
            }
        }
        std::mem::swap(&mut open, &mut next);
    }
    // Keep what joins the middle.
    let mut kept = vec![false; (w * h) as usize];
    let mut stack = vec![(w / 2, h / 2)];
    kept[((h / 2) * w + w / 2) as usize] = true;
    while let Some((x, y)) = stack.pop() {
        for (qx, qy) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] {
            if (0..w).contains(&qx) && (0..h).contains(&qy) {
                let i = (qy * w + qx) as usize;
                if open[at(qx, qy)] && !kept[i] {
                    kept[i] = true;
                    stack.push((qx, qy));
                }
            }
        }
    }
    kept
}

/// The share of rooms (in hundredths) reshaped at `depth`: a tenth at the top, most at the
/// bottom.
const fn reshaped_percent(depth: u32) -> u32 {
    10 + 6 * depth
}

/// Reshapes some of the rooms of a freshly dug `map` (never the arrival's): the tiles of a
/// room outside its shape become wall, and each opening in the room's wall gets a straight way
/// in to the shape's middle. Returns how many rooms were reshaped.
pub(crate) fn reshape(map: &mut TileMap, depth: u32, rng: &mut GenRng, made: &mut Making) -> usize {
    static PARSED: std::sync::OnceLock<Vec<Prefab>> = std::sync::OnceLock::new();
    let prefabs = PARSED.get_or_init(|| prefabs().expect("the prefabs parse (a test holds them to it)"));
    let rooms = map.rooms().to_vec();
    let start = map.start();
    let mut reshaped = 0;
    for room in rooms {
        if room.contains(start) || rng.below(100) >= reshaped_percent(depth) {
            continue;
        }
        let fitting: Vec<usize> = (0..prefabs.len())
            .filter(|&k| {
                let p = &prefabs[k];
                room.w >= p.rows[0].len() as i32 + 2 && room.h >= p.rows.len() as i32 + 2
            })
            .collect();
        let mut choices = Vec::new();
        if room.w >= 6 && room.h >= 5 {
            choices.extend([Shape::Cave, Shape::Cave, Shape::Cross, Shape::Circle]);
        }
        choices.extend(fitting.iter().map(|&k| Shape::Prefab(k)));
        let Some(shape) = rng.pick(&choices) else { continue };
        let cave = if shape == Shape::Cave {
            grow_cave(room.w, room.h, rng)
        } else {
            Vec::new()
        };
        for p in room.tiles() {
            if !inside_shape(shape, room, p, &cave) {
                map.set(p, Tile::Wall);
            }
        }
        if let Shape::Prefab(k) = shape {
            let rows = &prefabs[k].rows;
            let (ox, oy) = (
                room.x + (room.w - rows[0].len() as i32) / 2,
                room.y + (room.h - rows.len() as i32) / 2,
            );
            for (dy, row) in rows.iter().enumerate() {
                for (dx, &t) in row.iter().enumerate() {
                    map.set(Pos::new(ox + dx as i32, oy + dy as i32), t);
                }
            }
        }
        // Each opening in the wall round the room: a way in from it, carved toward the middle
        // until it meets the shape (every open tile of a shape is joined to its middle).
        let centre = room.center();
        let openings: Vec<Pos> = room
            .grow(1)
            .tiles()
            .filter(|&p| !room.contains(p) && map.get(p).is_some_and(Tile::is_walkable))
            .collect();
        for o in openings {
            let side = o.x < room.x || o.x >= room.right(); // in through the west or east wall
            let mut p = Pos::new(
                o.x.clamp(room.x, room.right() - 1),
                o.y.clamp(room.y, room.bottom() - 1),
            );
            while map.tile(p) == Tile::Wall {
                map.set(p, Tile::Floor);
                p = match (side && p.x != centre.x) || p.y == centre.y {
                    true => Pos::new(p.x + (centre.x - p.x).signum(), p.y),
                    false => Pos::new(p.x, p.y + (centre.y - p.y).signum()),
                };
            }
        }
        for p in room.tiles().filter(|&p| map.tile(p) != Tile::Wall) {
            made.mark(p, shape.made());
        }
        reshaped += 1;
    }
    reshaped
}

/// Whether every walkable tile of `window` grown by one is joined to every other within it: if
/// so, whatever was changed inside `window` cut no way apart (any way through the window can go
/// round inside it).
fn joined_within(map: &TileMap, window: Rect) -> bool {
    let area = window.grow(1);
    let inside = |p: Pos| area.contains(p) && map.in_bounds(p);
    let open = |p: Pos| inside(p) && map.tile(p).is_walkable();
    let slot = |p: Pos| ((p.y - area.y) * area.w + p.x - area.x) as usize;
    let Some(first) = area.tiles().find(|&p| open(p)) else {
        return true;
    };
    let mut seen = vec![false; (area.w * area.h) as usize];
    seen[slot(first)] = true;
    let mut reached = 1;
    let mut stack = vec![first];
    while let Some(p) = stack.pop() {
        for q in p.neighbours4() {
            if open(q) && !std::mem::replace(&mut seen[slot(q)], true) {
                reached += 1;
                stack.push(q);
            }
        }
    }
    area.tiles().filter(|&p| open(p)).count() == reached
}

/// The liquids a lake at `depth` may be of (chasms never on the deepest level: nothing below).
fn liquids(depth: u32, deepest: u32) -> Vec<Tile> {
    let mut out = vec![Tile::DeepWater, Tile::DeepWater];
    if depth >= 2 && depth < deepest {
        out.push(Tile::Chasm);
    }
    if depth >= 4 {
        out.push(Tile::Lava);
    }
    out
}

/// The share of rooms (in hundredths) with a meadow of grass.
const MEADOW_PERCENT: u32 = 15;

/// Lakes, rivers with their bridges, and grass, in the rooms of `map` at `depth`. A lake sits
/// inside a room with a ring of floor round it, and stays only if nothing was cut apart; a river
/// of deep water or chasm crosses a room from wall to wall with a bridge over it. Lava never
/// crosses a way: it is only ever a lake. Returns how many lakes, rivers and meadows were laid.
pub(crate) fn flood(map: &mut TileMap, depth: u32, deepest: u32, rng: &mut GenRng, made: &mut Making) -> usize {
    let rooms = map.rooms().to_vec();
    let kinds = liquids(depth, deepest);
    let mut laid = 0;
    for room in rooms {
        let roll = rng.below(100);
        let lake_odds = 20 + 4 * depth;
        // The room as it was, for the lab's record (only when one is kept).
        let before: Vec<Tile> = match made.is_on() {
            true => room.tiles().map(|p| map.tile(p)).collect(),
            false => Vec::new(),
        };
        if roll < lake_odds && room.w >= 5 && room.h >= 5 {
            let liquid = rng.pick(&kinds).expect("there is always water");
            let river = liquid != Tile::Lava && rng.coin();
            if river && lay_river(map, room, liquid, rng) || !river && lay_lake(map, room, liquid, rng) {
                made.mark_changed(map, room, &before, if river { Made::River } else { Made::Lake });
                laid += 1;
            }
        } else if roll >= 100 - MEADOW_PERCENT && room.w >= 5 && room.h >= 4 {
            // A meadow: a patch of the room's floor (a cave grown in a part of it).
            let (w, h) = (rng.range(3, room.w), rng.range(3, room.h));
            let window = Rect::new(
                room.x + rng.range(0, room.w - w),
                room.y + rng.range(0, room.h - h),
                w,
                h,
            );
            let blob = grow_cave(window.w, window.h, rng);
            for p in window.tiles() {
                if blob[((p.y - window.y) * window.w + p.x - window.x) as usize] && map.tile(p) == Tile::Floor {
                    map.set(p, Tile::Grass);
                }
            }
            made.mark_changed(map, room, &before, Made::Meadow);
            laid += 1;
        }
    }
    laid
}

/// A lake of `liquid` in `room`, inside a ring of its floor (deep water with a wreath of shallow
/// water): kept only if the room's ways stay joined. Returns whether it was kept.
fn lay_lake(map: &mut TileMap, room: Rect, liquid: Tile, rng: &mut GenRng) -> bool {
    let inner = Rect::new(room.x + 1, room.y + 1, room.w - 2, room.h - 2);
    let (w, h) = (
        rng.range(3.min(inner.w), inner.w.min(10)),
        rng.range(3.min(inner.h), inner.h.min(7)),
    );
    let window = Rect::new(
        inner.x + rng.range(0, inner.w - w),
        inner.y + rng.range(0, inner.h - h),
        w,
        h,
    );
    let blob = grow_cave(w, h, rng);
    let before: Vec<(Pos, Tile)> = window.grow(1).tiles().map(|p| (p, map.tile(p))).collect();
    for p in window.tiles() {
        if blob[((p.y - window.y) * w + p.x - window.x) as usize] && map.tile(p) == Tile::Floor {
            map.set(p, liquid);
        }
    }
    if liquid == Tile::DeepWater {
        for p in window.grow(1).tiles() {
            let wet = p.neighbours4().iter().any(|&q| map.get(q) == Some(Tile::DeepWater));
            if wet && map.tile(p) == Tile::Floor && room.contains(p) {
                map.set(p, Tile::ShallowWater);
            }
        }
    }
    if joined_within(map, window) {
        return true;
    }
    for (p, t) in before {
        map.set(p, t);
    }
    false
}

/// A river of `liquid` (deep water or chasm) across `room` from wall to wall, two or three tiles
/// wide, with a bridge over it: kept only if the room's ways stay joined (the bridge joins its
/// banks) and no doorway opens onto it.
fn lay_river(map: &mut TileMap, room: Rect, liquid: Tile, rng: &mut GenRng) -> bool {
    let across = rng.coin(); // a river running across (west to east), or down
    let (long, short) = if across { (room.w, room.h) } else { (room.h, room.w) };
    let width = rng.range(2, 3);
    if short < width + 4 {
        return false;
    }
    let at = rng.range(2, short - width - 2);
    let bridge = rng.range(1, long - 2);
    let tile_at = |i: i32, j: i32| {
        if across {
            Pos::new(room.x + i, room.y + at + j)
        } else {
            Pos::new(room.x + at + j, room.y + i)
        }
    };
    let band: Vec<Pos> = (0..long)
        .flat_map(|i| (0..width).map(move |j| (i, j)))
        .map(|(i, j)| tile_at(i, j))
        .collect();
    // The ends of the band touch the room's walls: no doorway may open there.
    let ends = band.iter().flat_map(|p| p.neighbours4()).filter(|q| !room.contains(*q));
    if ends
        .clone()
        .any(|q| map.get(q).is_some_and(|t| t.is_door() || t.is_walkable()))
    {
        return false;
    }
    if band.iter().any(|&p| map.tile(p) != Tile::Floor) {
        return false;
    }
    for (k, &p) in band.iter().enumerate() {
        let i = k as i32 / width;
        map.set(p, if i == bridge { Tile::Bridge } else { liquid });
    }
    if joined_within(map, room) {
        return true;
    }
    for &p in &band {
        map.set(p, Tile::Floor);
    }
    false
}

/// How many secrets a level at `depth` hides: none or one at the top, up to four at the bottom.
fn secrets_wanted(depth: u32, rng: &mut GenRng) -> u32 {
    (depth + rng.below(3)) / 3
}

/// Hides secret doors and short secret corridors in `map`: each where the level stays joined
/// without it (so a secret never hides the only way anywhere, to the stairs, a key or a lock).
/// Returns how many were hidden.
pub(crate) fn hide_secrets(map: &mut TileMap, depth: u32, rng: &mut GenRng, made: &mut Making) -> usize {
    let wanted = secrets_wanted(depth, rng);
    if wanted == 0 {
        return 0;
    }
    let (tiles, w) = (map.tiles(), map.width() as usize);
    let straight = |i: usize| {
        let open = |j: usize| tiles[j].is_walkable();
        (open(i - 1) && open(i + 1) && !open(i - w) && !open(i + w))
            || (open(i - w) && open(i + w) && !open(i - 1) && !open(i + 1))
    };
    let mut candidates: Vec<usize> = (0..tiles.len())
        .filter(|&i| match tiles[i] {
            Tile::Door(DoorState::Closed | DoorState::Open) => true,
            Tile::Corridor => straight(i) && ![i - 1, i + 1, i - w, i + w].iter().any(|&j| tiles[j].is_door()),
            _ => false,
        })
        .collect();
    // Only where no way needs the tile: its two sides joined without it, on the level as it is
    // (each secret hidden is wall to the next one's check).
    let mut walk = SideWalk::new(map.tiles().len());
    let mut hidden = 0;
    let mut tries = 0;
    while hidden < wanted as usize && tries < 4 * wanted && !candidates.is_empty() {
        tries += 1;
        let i = candidates.swap_remove(rng.below(candidates.len() as u32) as usize);
        if !walk.sides_joined(map, i) {
            continue;
        }
        let p = map.pos_of(i);
        let secret = if map.tile(p).is_door() {
            Tile::SecretDoor
        } else {
            Tile::SecretCorridor
        };
        map.set(p, secret);
        made.mark(p, Made::Secret);
        hidden += 1;
    }
    hidden
}

/// The most tiles `SideWalk::sides_joined` walks before it gives up (the secret is then not
/// hidden: the answer is never wrong, only sometimes cautious).
const SIDE_WALK: usize = 400;

/// A bounded walk from one side of a tile to the other, reusing its marks from walk to walk.
struct SideWalk {
    seen: Vec<u32>,
    stamp: u32,
    queue: std::collections::VecDeque<usize>,
}

impl SideWalk {
    fn new(tiles: usize) -> SideWalk {
        SideWalk {
            seen: vec![0; tiles],
            stamp: 0,
            queue: std::collections::VecDeque::with_capacity(SIDE_WALK),
        }
    }

    /// Whether the two open sides of tile `i` (a doorway or a straight corridor: exactly two,
    /// opposite) are joined without it, within `SIDE_WALK` tiles: then no way anywhere needs it,
    /// since any way through it can go round. The border must be solid.
    fn sides_joined(&mut self, map: &TileMap, i: usize) -> bool {
        let tiles = map.tiles();
        let w = map.width() as usize;
        let sides: Vec<usize> = [i - 1, i + 1, i - w, i + w]
            .into_iter()
            .filter(|&j| tiles[j].is_walkable())
            .collect();
        let [from, to] = sides[..] else { return false };
        self.stamp += 1;
        self.seen[i] = self.stamp;
        self.seen[from] = self.stamp;
        self.queue.clear();
        self.queue.push_back(from);
        let mut walked = 0;
        while let Some(q) = self.queue.pop_front() {
            if q == to {
                return true;
            }
            walked += 1;
            if walked > SIDE_WALK {
                return false;
            }
            for r in [q - 1, q + 1, q - w, q + w] {
                if self.seen[r] != self.stamp && tiles[r].is_walkable() {
                    self.seen[r] = self.stamp;
                    self.queue.push_back(r);
                }
            }
        }
        false
    }
}

/// How many traps a level of `rooms` rooms at `depth` gets.
fn traps_wanted(rooms: usize, depth: u32) -> usize {
    (rooms * (2 + depth as usize)).div_ceil(40)
}

/// Lays traps on `level` at `depth` (of `deepest`): on room floor with nothing on it, never
/// next to a door, the stairs or another trap, and only where the floor round the tile stays
/// joined without it (every trap can be walked round, so none lies on a tile a player must
/// cross). Deeper, more of them, and more of them hidden.
pub(crate) fn lay_traps(level: &mut Level, depth: u32, deepest: u32, rng: &mut GenRng) {
    let wanted = traps_wanted(level.map.rooms().len(), depth);
    let kinds: Vec<(TrapKind, u32)> = TrapKind::ALL
        .into_iter()
        .filter(|k| depth >= k.stats().from_depth && (*k != TrapKind::Trapdoor || depth < deepest))
        .map(|k| (k, k.stats().weight))
        .collect();
    let map = &level.map;
    let spots: Vec<Pos> = map
        .rooms()
        .iter()
        .flat_map(|r| r.tiles())
        .filter(|&p| map.tile(p) == Tile::Floor)
        .collect();
    let mut tries = 0;
    while level.traps.len() < wanted && tries < wanted * 6 && !spots.is_empty() {
        tries += 1;
        let p = spots[rng.below(spots.len() as u32) as usize];
        let map = &level.map;
        // Two traps stay out of each other's way round (`walked_round` looks two tiles out).
        let near = |q: Pos| (q.x - p.x).abs() <= 2 && (q.y - p.y).abs() <= 2;
        let crowded = crate::paths::neighbours8(p).iter().any(|&q| {
            map.get(q)
                .is_some_and(|t| t.is_door() || matches!(t, Tile::StairsDown | Tile::StairsUp))
        }) || level.traps.iter().any(|t| near(t.at))
            || p == map.start()
            || level.key_at(p).is_some()
            || level.item_at(p).is_some()
            || level.gold.contains_key(&p)
            || level.monster_at(p).is_some()
            || level.relic == Some(p);
        if crowded || !walked_round(map, p) {
            continue;
        }
        let Some(kind) = rng.pick_weighted(kinds.iter().copied()) else {
            return;
        };
        let hidden = rng.below(100) < 40 + 5 * depth;
        level.traps.push(Trap { at: p, kind, hidden });
    }
}

/// Whether the walkable neighbours of `p` (eight-way) stay joined among themselves, four-way,
/// without `p`, within the five by five square round it and never through a doorway.
fn walked_round(map: &TileMap, p: Pos) -> bool {
    let area = Rect::new(p.x - 2, p.y - 2, 5, 5);
    // Not through a doorway: the way round stays on this side of every door (a locked one too).
    let open = |q: Pos| q != p && area.contains(q) && map.get(q).is_some_and(|t| t.is_walkable() && !t.is_door());
    let slot = |q: Pos| ((q.y - area.y) * 5 + q.x - area.x) as usize;
    let ring: Vec<Pos> = crate::paths::neighbours8(p).into_iter().filter(|&q| open(q)).collect();
    let Some(&first) = ring.first() else { return false };
    let mut seen = [false; 25];
    seen[slot(first)] = true;
    let mut stack = vec![first];
    while let Some(q) = stack.pop() {
        for r in q.neighbours4() {
            if open(r) && !std::mem::replace(&mut seen[slot(r)], true) {
                stack.push(r);
            }
        }
    }
    ring.iter().all(|&q| seen[slot(q)])
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::map::count_walkable;
    use crate::paths::{UNREACHED, distances_inside};

    /// Whether every walkable tile of `map` is reached from its arrival.
    fn joined(map: &TileMap) -> bool {
        let d = distances_inside(map, map.start());
        d.iter().filter(|&&x| x != UNREACHED).count() == count_walkable(map.tiles())
    }

    #[test]
    fn secrets_never_cut_a_level_apart_and_a_ring_is_walked_round() {
        let mut hidden = 0;
        for seed in 0..300 {
            let params = crate::generation::GenParams::new(seed, 80, 50, Default::default()).at_depth(10);
            let mut map = crate::generation::generate(&params).unwrap().level.map;
            // Found again, and hidden anew in as many as will go.
            let secrets: Vec<Pos> = (0..map.tiles().len())
                .map(|i| map.pos_of(i))
                .filter(|&p| map.tile(p).is_secret())
                .collect();
            for &p in &secrets {
                map.set(p, map.tile(p).found());
            }
            let mut rng = GenRng::new(seed);
            for _ in 0..3 {
                hidden += hide_secrets(&mut map, 12, &mut rng, &mut Making::off());
                assert!(joined(&map), "seed {seed}");
            }
        }
        assert!(hidden > 1000, "{hidden} secrets hidden");
        // A ring of corridor: its tiles' sides join round it; the one a pocket hangs from does
        // not (its pocket has no other way).
        let ring = crate::map::parse_ascii(b"#######\n#,,,,,#\n#,###,#\n#,#@#,#\n#,#.#,#\n#,,,,,#\n#######\n").unwrap();
        let mut walk = SideWalk::new(ring.tiles().len());
        assert!(walk.sides_joined(&ring, ring.index(Pos::new(3, 1))));
        assert!(walk.sides_joined(&ring, ring.index(Pos::new(1, 3))));
        assert!(
            !walk.sides_joined(&ring, ring.index(Pos::new(3, 5))),
            "a T: three sides"
        );
        assert!(
            !walk.sides_joined(&ring, ring.index(Pos::new(3, 4))),
            "the pocket's neck"
        );
    }

    #[test]
    fn every_prefab_parses_is_rectangular_and_joins_its_ring() {
        let all = prefabs().unwrap();
        assert!(all.len() >= 4, "{} prefabs", all.len());
        for p in &all {
            let (w, h) = (p.rows[0].len() as i32, p.rows.len() as i32);
            // Stamped in a room with a ring of floor, every walkable tile joins the ring.
            let mut text = String::new();
            for y in -1..=h {
                for x in -1..=w {
                    let t = if (0..w).contains(&x) && (0..h).contains(&y) {
                        p.rows[y as usize][x as usize]
                    } else {
                        Tile::Floor
                    };
                    text.push(if (x, y) == (-1, -1) { '@' } else { t.glyph() });
                }
                text.push('\n');
            }
            let framed: String = format!("{}\n", "#".repeat(w as usize + 4))
                + &text.lines().map(|l| format!("#{l}#\n")).collect::<String>()
                + &format!("{}\n", "#".repeat(w as usize + 4));
            let map = crate::map::parse_ascii(framed.as_bytes()).unwrap();
            assert!(joined(&map), "{} leaves a pocket:\n{framed}", p.name);
        }
    }

    #[test]
    fn a_cave_is_one_piece_round_its_middle() {
        let mut rng = GenRng::new(7);
        for _ in 0..50 {
            let (w, h) = (rng.range(6, 20), rng.range(5, 14));
            let cave = grow_cave(w, h, &mut rng);
            assert!(cave[((h / 2) * w + w / 2) as usize]);
            assert!(cave.iter().filter(|&&c| c).count() >= 9);
        }
    }

    #[test]
    fn a_trap_goes_only_where_it_can_be_walked_round() {
        let neck = crate::map::parse_ascii(b"#######\n#@....#\n###.###\n#.....#\n#######\n").unwrap();
        assert!(!walked_round(&neck, Pos::new(3, 2)), "the only way between the halves");
        assert!(
            !walked_round(&neck, Pos::new(3, 3)),
            "below the neck: its sides join only through it"
        );
        assert!(!walked_round(&neck, Pos::new(3, 1)), "above the neck: likewise");
        let room = crate::map::parse_ascii(b"#######\n#@....#\n#.....#\n#.....#\n#######\n").unwrap();
        assert!(walked_round(&room, Pos::new(3, 2)), "the floor round it joins");
        assert!(walked_round(&room, Pos::new(1, 3)), "in a corner too");
    }
}

//! Rooms reshaped: caves grown by cellular automata, crosses, circles and the hand-drawn prefabs
//! of `core/data/prefabs.txt`, each kept only if it cuts no way apart.

use crate::geom::{Pos, Rect};
use crate::map::{Tile, TileMap};
use crate::rng::GenRng;

use super::{Made, Making};

/// The hand-drawn rooms, in the ASCII legend.
pub(super) const PREFABS: &str = include_str!("../../../data/prefabs.txt");

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
pub(super) fn tile_of(b: u8) -> Option<Tile> {
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
pub(super) enum Shape {
    Cave,
    Cross,
    Circle,
    Prefab(usize),
}

/// Whether the tile at `p` (inside `room`) belongs to a room of `shape` (`cave`: the grown cave).
pub(super) fn inside_shape(shape: Shape, room: Rect, p: Pos, cave: &[bool]) -> bool {
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
pub(super) fn grow_cave(w: i32, h: i32, rng: &mut GenRng) -> Vec<bool> {
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
pub(super) const fn reshaped_percent(depth: u32) -> u32 {
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

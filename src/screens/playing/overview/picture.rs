//! The remembered level as a picture, one RGBA pixel per tile, and the landmarks drawn over it
//! (you, the stairs, keys, the Heartstone): what the overview map and the minimap show. Plain
//! Rust over the player's memory: painted whole when a level is entered, then only where the
//! view was or is, as the tile drawing does.

use delve_core::fov::LevelMemory;
use delve_core::geom::Pos;
use delve_core::map::{DoorState, Tile, TileMap};
use delve_core::world::Level;

/// The colour of a remembered tile (never seen: clear).
pub const fn colour(tile: Option<Tile>) -> [u8; 4] {
    match tile {
        None => [0, 0, 0, 0],
        Some(Tile::Wall) => [78, 78, 96, 255],
        Some(Tile::Floor) => [150, 142, 124, 255],
        Some(Tile::Corridor) => [118, 110, 96, 255],
        // A darker brown than a key's gold: the two were told apart by name alone.
        Some(Tile::Door(DoorState::Open | DoorState::Closed)) => [128, 82, 40, 255],
        Some(Tile::Door(DoorState::Locked)) => [214, 64, 64, 255],
        Some(Tile::StairsDown) => [80, 200, 232, 255],
        Some(Tile::StairsUp) => [124, 224, 124, 255],
        Some(Tile::SecretDoor | Tile::SecretCorridor) => [78, 78, 96, 255],
        Some(Tile::Grass) => [70, 130, 56, 255],
        Some(Tile::ShallowWater) => [90, 140, 190, 255],
        Some(Tile::DeepWater) => [36, 64, 160, 255],
        Some(Tile::Lava) => [236, 100, 30, 255],
        Some(Tile::Chasm) => [14, 10, 22, 255],
        Some(Tile::Bridge) => [146, 96, 46, 255],
        Some(Tile::Ashes) => [96, 90, 84, 255],
        Some(Tile::Crystal) => [150, 210, 230, 255],
        Some(Tile::Torch) => [230, 170, 70, 255],
        Some(Tile::Fungus) => [90, 200, 120, 255],
    }
}

/// The tiles the overview's legend names beside the landmarks.
pub(crate) const LEGEND_TILES: [(Tile, &str); 6] = [
    (Tile::Door(DoorState::Closed), "door"),
    (Tile::Door(DoorState::Locked), "locked door"),
    (Tile::DeepWater, "deep water"),
    (Tile::Lava, "lava"),
    (Tile::Chasm, "chasm"),
    (Tile::Grass, "grass"),
];

/// The colour of `p` as `memory` has it: a spot known only from magic mapping is tinted dim
/// violet, as the map draws it, so the rooms still to walk read apart here too.
pub(crate) fn remembered(memory: &LevelMemory, p: Pos) -> [u8; 4] {
    let [r, g, b, a] = colour(memory.get(p));
    if memory.is_mapped_only(p) {
        let tint = |c: u8, k: f32| (f32::from(c) * k).round() as u8;
        [tint(r, 0.55), tint(g, 0.45), tint(b, 0.85), a]
    } else {
        [r, g, b, a]
    }
}

/// One level's picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Picture {
    pub width: u32,
    pub height: u32,
    /// Row by row from the top, four bytes a pixel.
    pub rgba: Vec<u8>,
}

impl Picture {
    /// The whole of `memory` (of a level `width` x `height`; no memory yet: all clear).
    pub(crate) fn paint(width: u32, height: u32, memory: Option<&LevelMemory>) -> Picture {
        let mut rgba = Vec::with_capacity(width as usize * height as usize * 4);
        match memory {
            Some(m) => (0..m.tiles().len()).for_each(|i| {
                let p = Pos::new((i % width as usize) as i32, (i / width as usize) as i32);
                rgba.extend_from_slice(&remembered(m, p));
            }),
            None => rgba.resize(width as usize * height as usize * 4, 0),
        }
        Picture { width, height, rgba }
    }

    /// Repaints the pixels at `spots` from `memory` (spots off the picture are skipped), and
    /// returns the smallest region holding every pixel repainted (`None`: none was).
    pub(crate) fn repaint(&mut self, memory: &LevelMemory, spots: impl IntoIterator<Item = Pos>) -> Option<Region> {
        let mut region: Option<Region> = None;
        for p in spots {
            if p.x < 0 || p.y < 0 || p.x as u32 >= self.width || p.y as u32 >= self.height {
                continue;
            }
            let i = (p.y as usize * self.width as usize + p.x as usize) * 4;
            self.rgba[i..i + 4].copy_from_slice(&remembered(memory, p));
            let spot = Region::at(p.x as u32, p.y as u32);
            region = Some(region.map_or(spot, |r| r.union(spot)));
        }
        region
    }

    /// The pixels of `region`, row by row: what the GPU is sent when only that region changed.
    pub(crate) fn pixels_of(&self, region: Region) -> Vec<u8> {
        let row = region.width as usize * 4;
        let mut out = Vec::with_capacity(row * region.height as usize);
        for y in region.y..region.y + region.height {
            let start = (y as usize * self.width as usize + region.x as usize) * 4;
            out.extend_from_slice(&self.rgba[start..start + row]);
        }
        out
    }

    /// Writes `pixels` (as `pixels_of` gives them) into `rgba`, the image of a picture of this
    /// size: the image kept in step with the picture without being copied whole.
    pub(crate) fn put_pixels(&self, rgba: &mut [u8], region: Region, pixels: &[u8]) {
        let row = region.width as usize * 4;
        for (k, y) in (region.y..region.y + region.height).enumerate() {
            let start = (y as usize * self.width as usize + region.x as usize) * 4;
            rgba[start..start + row].copy_from_slice(&pixels[k * row..(k + 1) * row]);
        }
    }

    /// The colour of the pixel at `p`.
    #[cfg(test)]
    fn pixel(&self, p: Pos) -> [u8; 4] {
        let i = (p.y as usize * self.width as usize + p.x as usize) * 4;
        self.rgba[i..i + 4].try_into().expect("four bytes")
    }
}

/// A rectangle of a picture's pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Region {
    pub x: u32,
    pub y: u32,
    pub width: u32,
    pub height: u32,
}

impl Region {
    /// The one pixel at (`x`, `y`).
    pub(crate) const fn at(x: u32, y: u32) -> Region {
        Region {
            x,
            y,
            width: 1,
            height: 1,
        }
    }

    /// The smallest region holding both.
    pub(crate) fn union(self, other: Region) -> Region {
        let (x, y) = (self.x.min(other.x), self.y.min(other.y));
        let right = (self.x + self.width).max(other.x + other.width);
        let bottom = (self.y + self.height).max(other.y + other.height);
        Region {
            x,
            y,
            width: right - x,
            height: bottom - y,
        }
    }
}

/// What a marker on the map stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Landmark {
    You,
    StairsDown,
    StairsUp,
    Key,
    Heartstone,
    /// Something lying where the player saw it (after magic mapping too: it maps what lies).
    Item,
    /// A trap the player knows of.
    Trap,
    /// A monster where the player last saw it (or sees it now).
    Monster,
}

impl Landmark {
    pub const ALL: [Landmark; 8] = [
        Landmark::You,
        Landmark::StairsDown,
        Landmark::StairsUp,
        Landmark::Key,
        Landmark::Heartstone,
        Landmark::Item,
        Landmark::Trap,
        Landmark::Monster,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Landmark::You => "you",
            Landmark::StairsDown => "stairs down",
            Landmark::StairsUp => "stairs up",
            Landmark::Key => "key",
            Landmark::Heartstone => "the Heartstone",
            Landmark::Item => "item",
            Landmark::Trap => "trap",
            Landmark::Monster => "monster last seen",
        }
    }

    pub const fn colour(self) -> [u8; 3] {
        match self {
            Landmark::You => [255, 255, 255],
            Landmark::StairsDown => [64, 220, 255],
            Landmark::StairsUp => [120, 255, 120],
            Landmark::Key => [255, 190, 40],
            Landmark::Heartstone => [255, 80, 230],
            Landmark::Item => [200, 160, 255],
            Landmark::Trap => [180, 0, 160],
            Landmark::Monster => [255, 16, 16],
        }
    }
}

/// Where a level's stairs are: found once when the level is entered (stairs never move).
pub(crate) fn stairs_of(map: &TileMap) -> Vec<(Pos, Landmark)> {
    map.tiles()
        .iter()
        .enumerate()
        .filter_map(|(i, t)| match t {
            Tile::StairsDown => Some((map.pos_of(i), Landmark::StairsDown)),
            Tile::StairsUp => Some((map.pos_of(i), Landmark::StairsUp)),
            _ => None,
        })
        .collect()
}

/// The landmarks a player standing at `you` with `memory` of `level` knows of: itself, the
/// stairs it has seen (`stairs` from `stairs_of`), the keys it has seen still lying there, the
/// Heartstone once seen, the items lying where it saw them, the traps it has found (the
/// overview and the minimap showed none, even after magic mapping) and the monsters where it
/// last saw them. You come last, drawn over the rest.
pub(crate) fn landmarks(
    level: &Level,
    memory: Option<&LevelMemory>,
    stairs: &[(Pos, Landmark)],
    you: Pos,
) -> Vec<(Pos, Landmark)> {
    let seen = |p: Pos| memory.is_some_and(|m| m.is_explored(p));
    let mut out: Vec<(Pos, Landmark)> = stairs.iter().copied().filter(|&(p, _)| seen(p)).collect();
    out.extend(level.keys.iter().filter(|k| seen(k.at)).map(|k| (k.at, Landmark::Key)));
    out.extend(level.relic.filter(|&r| seen(r)).map(|r| (r, Landmark::Heartstone)));
    out.extend(
        level
            .items
            .iter()
            .filter(|f| seen(f.at))
            .map(|f| (f.at, Landmark::Item)),
    );
    out.extend(
        level
            .traps
            .iter()
            .filter(|t| !t.hidden && seen(t.at))
            .map(|t| (t.at, Landmark::Trap)),
    );
    out.extend(
        memory
            .into_iter()
            .flat_map(|m| m.sightings())
            .map(|s| (s.at, Landmark::Monster)),
    );
    out.push((you, Landmark::You));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every colour the overview's legend names is told apart from every other: a key is not a
    /// door (they were both orange), and locked doors are in the legend.
    #[test]
    fn the_legend_names_doors_and_its_colours_differ() {
        let mut named: Vec<(&str, [u8; 3])> = Landmark::ALL.iter().map(|m| (m.name(), m.colour())).collect();
        for (tile, name) in LEGEND_TILES {
            let [r, g, b, _] = colour(Some(tile));
            named.push((name, [r, g, b]));
        }
        assert!(named.iter().any(|(n, _)| *n == "locked door"));
        for (i, (a, ca)) in named.iter().enumerate() {
            for (b, cb) in &named[i + 1..] {
                let distance: i32 = ca
                    .iter()
                    .zip(cb)
                    .map(|(x, y)| (i32::from(*x) - i32::from(*y)).abs())
                    .sum();
                assert!(distance >= 90, "{a} and {b} look alike: {ca:?} {cb:?}");
            }
        }
    }
    use delve_core::fov::{Memory, visible_tiles};
    use delve_core::generation::{GenParams, generate};

    #[test]
    fn painting_follows_memory_and_repainting_equals_painting_again() {
        let level = generate(&GenParams::default()).unwrap().level;
        let map = &level.map;
        let mut memory = Memory::default();
        let (w, h) = (map.width(), map.height());
        let blank = Picture::paint(w, h, memory.level(1));
        assert!(blank.rgba.iter().all(|&b| b == 0));
        let mut picture = blank.clone();
        let view = visible_tiles(map, map.start(), 8);
        memory.level_mut(1, map).remember(map, &view);
        let region = picture
            .repaint(memory.level(1).unwrap(), view.iter().copied().chain([Pos::new(-1, 3)]))
            .expect("the view is on the picture");
        assert_eq!(picture, Picture::paint(w, h, memory.level(1)));
        // The region is the view's bounding box, and sending only it brings an image of the
        // picture before up to date.
        let xs = view.iter().map(|p| p.x as u32);
        let ys = view.iter().map(|p| p.y as u32);
        let (x, y) = (xs.clone().min().unwrap(), ys.clone().min().unwrap());
        assert_eq!(
            region,
            Region {
                x,
                y,
                width: xs.max().unwrap() - x + 1,
                height: ys.max().unwrap() - y + 1,
            }
        );
        assert!(
            ((region.width * region.height) as usize) < map.tiles().len() / 4,
            "a corner of the level"
        );
        let mut image = blank.rgba.clone();
        picture.put_pixels(&mut image, region, &picture.pixels_of(region));
        assert_eq!(image, picture.rgba);
        assert_eq!(picture.pixel(map.start()), colour(Some(map.tile(map.start()))));
        let unseen = (0..map.tiles().len())
            .map(|i| map.pos_of(i))
            .find(|&p| !view.contains(&p))
            .unwrap();
        assert_eq!(picture.pixel(unseen), [0, 0, 0, 0]);
    }

    #[test]
    fn what_the_map_alone_showed_is_painted_apart_until_seen() {
        let level = generate(&GenParams::default()).unwrap().level;
        let map = &level.map;
        let mut memory = Memory::default();
        let all: Vec<Pos> = (0..map.tiles().len()).map(|i| map.pos_of(i)).collect();
        memory.level_mut(1, map).map_out(map, &all);
        let start = map.start();
        let mapped = Picture::paint(map.width(), map.height(), memory.level(1));
        assert_ne!(mapped.pixel(start), colour(Some(map.tile(start))), "tinted");
        let view = visible_tiles(map, start, 8);
        memory.level_mut(1, map).remember(map, &view);
        let mut picture = mapped.clone();
        picture.repaint(memory.level(1).unwrap(), view.iter().copied());
        assert_eq!(
            picture.pixel(start),
            colour(Some(map.tile(start))),
            "seen: its own colour"
        );
        assert_eq!(
            picture,
            Picture::paint(map.width(), map.height(), memory.level(1)),
            "repainting is painting again"
        );
    }

    #[test]
    fn landmarks_are_only_what_was_seen() {
        let level = generate(&GenParams::default().at_depth(3)).unwrap().level;
        let map = &level.map;
        let stairs = stairs_of(map);
        assert_eq!(stairs.len(), 2, "a middle level has stairs down and up");
        let mut memory = Memory::default();
        assert_eq!(
            landmarks(&level, memory.level(3), &stairs, map.start()),
            vec![(map.start(), Landmark::You)]
        );
        let all: Vec<Pos> = (0..map.tiles().len()).map(|i| map.pos_of(i)).collect();
        memory.level_mut(3, map).remember(map, &all);
        let marks = landmarks(&level, memory.level(3), &stairs, map.start());
        for (p, kind) in &stairs {
            assert!(marks.contains(&(*p, *kind)));
        }
        for key in &level.keys {
            assert!(marks.contains(&(key.at, Landmark::Key)));
        }
        for found in &level.items {
            assert!(marks.contains(&(found.at, Landmark::Item)), "what lies is marked");
        }
        let known = level.traps.iter().filter(|t| !t.hidden).count();
        for t in &level.traps {
            assert_eq!(marks.contains(&(t.at, Landmark::Trap)), !t.hidden, "only found traps");
        }
        assert!(!level.items.is_empty() && !level.traps.is_empty(), "a level with both");
        assert_eq!(marks.last(), Some(&(map.start(), Landmark::You)));
        assert_eq!(
            marks.len(),
            stairs.len() + level.keys.len() + level.items.len() + known + 1
        );
        // A monster seen is marked where it was last seen, and only then.
        let rat = level.monsters.first().expect("a monster on a third level");
        let seen = [delve_core::fov::Sighting {
            id: rat.id,
            at: rat.at,
            kind: rat.kind.id(),
        }];
        memory.level_mut(3, map).note_sightings(|_| false, &seen);
        let marks = landmarks(&level, memory.level(3), &stairs, map.start());
        assert!(marks.contains(&(rat.at, Landmark::Monster)), "{marks:?}");
        assert_eq!(marks.iter().filter(|(_, m)| *m == Landmark::Monster).count(), 1);
    }
}

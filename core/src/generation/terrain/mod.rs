//! What a level is made of beyond rectangles, corridors and doors: rooms reshaped (caves grown by
//! cellular automata, crosses, circles, hand-drawn prefabs from `core/data/prefabs.txt`), lakes
//! of deep water, lava or chasm placed only where they cut nothing apart (Brogue's rule: a lake
//! stays only if everything still reaches everything, or a bridge is built), grass, secret doors
//! and corridors that never hide the only way, traps that can always be walked round, and the
//! lights (torches, glowing fungus). Deeper levels get more of all of it but torches (seed 001).

use crate::geom::{Pos, Rect};
use crate::map::{Tile, TileMap};

mod lights;
mod liquids;
mod secrets;
mod shapes;
mod traps;

pub(crate) use lights::light;
pub(crate) use liquids::flood;
pub(crate) use secrets::hide_secrets;
pub(crate) use shapes::reshape;
pub use shapes::{Prefab, prefabs};
pub(crate) use traps::lay_traps;

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

/// Whether every walkable tile of `window` grown by one is joined to every other within it: if
/// so, whatever was changed inside `window` cut no way apart (any way through the window can go
/// round inside it).
pub(super) fn joined_within(map: &TileMap, window: Rect) -> bool {
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

#[cfg(test)]
mod tests {
    use super::secrets::SideWalk;
    use super::shapes::grow_cave;
    use super::traps::walked_round;
    use super::*;
    use crate::rng::GenRng;

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

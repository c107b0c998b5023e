//! Secret doors and corridors, never hiding the only way.

use crate::map::{DoorState, Tile, TileMap};
use crate::rng::GenRng;

use super::{Made, Making};

/// How many secrets a level at `depth` hides: none or one at the top, up to four at the bottom.
pub(super) fn secrets_wanted(depth: u32, rng: &mut GenRng) -> u32 {
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
pub(super) const SIDE_WALK: usize = 400;

/// A bounded walk from one side of a tile to the other, reusing its marks from walk to walk.
pub(super) struct SideWalk {
    seen: Vec<u32>,
    stamp: u32,
    queue: std::collections::VecDeque<usize>,
}

impl SideWalk {
    pub(super) fn new(tiles: usize) -> SideWalk {
        SideWalk {
            seen: vec![0; tiles],
            stamp: 0,
            queue: std::collections::VecDeque::with_capacity(SIDE_WALK),
        }
    }

    /// Whether the two open sides of tile `i` (a doorway or a straight corridor: exactly two,
    /// opposite) are joined without it, within `SIDE_WALK` tiles: then no way anywhere needs it,
    /// since any way through it can go round. The border must be solid.
    pub(super) fn sides_joined(&mut self, map: &TileMap, i: usize) -> bool {
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

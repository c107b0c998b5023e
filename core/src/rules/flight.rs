//! Where things go on a level: the line of fire a thrown thing, a bolt or a staff's spell flies
//! along, where a thrown thing or a dead monster's loot comes to rest, and where a teleport lands.
//! What items and magic do (`items`, `magic`) and the terrain's traps all read these.

use std::collections::VecDeque;

use crate::fov::Viewshed;
use crate::geom::{Pos, line};
use crate::map::{DoorState, Tile, TileMap};
use crate::paths::{UNREACHED, distance_map, neighbours8};
use crate::rng::GenRng;
use crate::world::{Item, Level};

/// The way something thrown or zapped from `from` at `to` goes: the tiles it passes, where it
/// stops (before a wall or a shut door, on the first monster, or at `to`), and the monster it
/// stops on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flight {
    /// The tiles passed, up to and including `stop`.
    pub path: Vec<Pos>,
    /// Where it stops (`from` itself when the first tile is blocked).
    pub stop: Pos,
    /// The monster at `stop`, if it stopped on one.
    pub hits: Option<u32>,
}

/// The line of fire from `from` to `to` on `level`.
pub fn flight(level: &Level, from: Pos, to: Pos) -> Flight {
    let mut path = Vec::new();
    let mut stop = from;
    for p in line(from, to) {
        if level.map.get(p).is_none_or(Tile::blocks_movement) {
            break;
        }
        path.push(p);
        stop = p;
        if let Some(m) = level.monster_at(p) {
            return Flight {
                path,
                stop,
                hits: Some(m.id),
            };
        }
    }
    Flight { path, stop, hits: None }
}

/// Where `item` comes to rest from `p`: there if the floor holds it (empty, or a loose stack of
/// its kind), else the nearest such tile walking from `p` (never through a shut door).
pub(crate) fn landing(level: &Level, p: Pos, item: Item) -> Option<Pos> {
    let map = &level.map;
    let fits = |q: Pos| {
        map.tile(q).holds_items()
            && level
                .item_at(q)
                .is_none_or(|f| item.kind.stacks() && f.item.kind == item.kind && f.altar.is_none())
            && level.key_at(q).is_none()
            && level.relic != Some(q)
    };
    if fits(p) {
        return Some(p);
    }
    let mut seen = vec![false; map.tiles().len()];
    seen[map.index(p)] = true;
    let mut queue = VecDeque::from([p]);
    while let Some(q) = queue.pop_front() {
        for r in neighbours8(q) {
            if !map.in_bounds(r) || seen[map.index(r)] || map.tile(r).blocks_movement() {
                continue;
            }
            seen[map.index(r)] = true;
            if fits(r) {
                return Some(r);
            }
            queue.push_back(r);
        }
    }
    None
}

/// Where a teleport takes whoever stands at `from` (a scroll of teleportation, a teleport trap):
/// a free tile it could walk to from there (never through a door still locked, so never into a
/// locked vault; no one on it, no trap, ground that holds items), never `avoid` (where the player
/// stands, when a monster is sent); out of `sight` if one is given and there is such a tile.
pub(crate) fn teleport_spot(
    level: &Level,
    from: Pos,
    avoid: Pos,
    sight: Option<&Viewshed>,
    rng: &mut GenRng,
) -> Option<Pos> {
    let map: &TileMap = &level.map;
    let dist = distance_map(map, from, |t| t.is_walkable() && t != Tile::Door(DoorState::Locked));
    let free = |i: usize| {
        let p = map.pos_of(i);
        dist[i] != UNREACHED
            && map.tiles()[i].holds_items()
            && p != from
            && p != avoid
            && level.monster_at(p).is_none()
            && level.trap_at(p).is_none()
    };
    let far: Vec<usize> = match sight {
        Some(sight) => (0..dist.len())
            .filter(|&i| free(i) && !sight.is_visible(map.pos_of(i)))
            .collect(),
        None => Vec::new(),
    };
    let spots = if far.is_empty() {
        (0..dist.len()).filter(|&i| free(i)).collect()
    } else {
        far
    };
    rng.pick(&spots).map(|i| map.pos_of(i))
}

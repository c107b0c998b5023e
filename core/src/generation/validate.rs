//! Checking a finished level (seed 001: verify the map, and scrap it if it is wrong).

use crate::geom::Pos;

use crate::map::{DoorState, Tile, TileMap, count_walkable, open_border_tile};

use crate::world::Level;

use super::defect::Defect;
use super::locks::check_solvable;

/// Checks every invariant of a generated level: solid border, start on room floor, rooms whole and
/// apart, doors framed and apart, and every walkable tile reachable from the start (4-way, doors
/// counted as walkable).
pub fn validate(map: &TileMap) -> Result<(), Defect> {
    check_layout(map)?;
    check_connected(map)
}

/// Every check of `validate` but reachability: solid border, start on room floor, rooms whole
/// and apart, doors framed and apart. (The generator answers reachability from its own
/// union-find, which it keeps as it digs; `validate` floods the finished map.)
pub(crate) fn check_layout(map: &TileMap) -> Result<(), Defect> {
    let tiles = map.tiles();
    let w = map.width() as usize;
    let at = |i: usize| map.pos_of(i);
    check_border(map)?;
    let start = map.start();
    if !matches!(map.tile(start), Tile::Floor | Tile::StairsUp) {
        return Err(Defect::StartNotOnFloor(start));
    }
    check_rooms(map)?;
    // The border is solid, so every door is inside it and has four neighbours. Doors are a
    // percent of the tiles: each block of 16 becomes a bit mask of its doors with one
    // branch-free pass (a fixed-size array, so it compiles to a vector compare), and only the
    // set bits are visited. A branch per tile was half of the function's time.
    const BLOCK: usize = 16;
    let check = |i: usize| {
        let wall = |j: usize| tiles[j] == Tile::Wall;
        let open = |j: usize| tiles[j].is_walkable();
        let framed = (wall(i - w) && wall(i + w) && open(i - 1) && open(i + 1))
            || (wall(i - 1) && wall(i + 1) && open(i - w) && open(i + w));
        if !framed {
            return Err(Defect::DoorNotFramed(at(i)));
        }
        match [i + 1, i + w].into_iter().find(|&j| tiles[j].is_door()) {
            Some(j) => Err(Defect::DoorsTouch(at(i), at(j))),
            None => Ok(()),
        }
    };
    let mut blocks = tiles.chunks_exact(BLOCK);
    for (b, block) in blocks.by_ref().enumerate() {
        let block: &[Tile; BLOCK] = block.try_into().expect("chunks_exact gives whole blocks");
        let mut doors = block
            .iter()
            .enumerate()
            .fold(0u16, |bits, (k, t)| bits | u16::from(t.is_door()) << k);
        while doors != 0 {
            check(b * BLOCK + doors.trailing_zeros() as usize)?;
            doors &= doors - 1; // the lowest set bit, visited
        }
    }
    let rest = tiles.len() - blocks.remainder().len();
    for i in (rest..tiles.len()).filter(|&i| tiles[i].is_door()) {
        check(i)?;
    }
    Ok(())
}

/// The border is solid: every tile on the map's edge is wall. Once it holds, every walkable
/// tile has four neighbours on the map, which the generator's walks by index rely on.
pub(crate) fn check_border(map: &TileMap) -> Result<(), Defect> {
    match open_border_tile(map) {
        Some(i) => Err(Defect::OpenBorder(map.pos_of(i))),
        None => Ok(()),
    }
}

fn check_rooms(map: &TileMap) -> Result<(), Defect> {
    let rooms = map.rooms();
    if rooms.is_empty() {
        return Ok(());
    }
    if !rooms.iter().any(|r| r.contains(map.start())) {
        return Err(Defect::StartOutsideRooms(map.start()));
    }
    let (tiles, w) = (map.tiles(), map.width() as usize);
    for (r, room) in rooms.iter().enumerate() {
        if !map.in_bounds(Pos::new(room.x, room.y)) || !map.in_bounds(Pos::new(room.right() - 1, room.bottom() - 1)) {
            return Err(Defect::RoomNotFloor {
                room: r,
                at: Pos::new(room.x, room.y),
            });
        }
        for y in room.y..room.bottom() {
            let row = y as usize * w;
            let span = row + room.x as usize..row + room.right() as usize;
            let row = &tiles[span];
            // Branch-free test of the whole row first (vectorised); search only a bad row.
            if row.iter().fold(false, |bad, &t| bad | !t.is_room_ground())
                && let Some(dx) = row.iter().position(|&t| !t.is_room_ground())
            {
                return Err(Defect::RoomNotFloor {
                    room: r,
                    at: Pos::new(room.x + dx as i32, y),
                });
            }
        }
    }
    // Walls (one tile round the floor) may neither overlap nor touch: sweep the rooms in order of
    // their left edge, comparing each only with rooms that start before it ends.
    let mut order: Vec<usize> = (0..rooms.len()).collect();
    order.sort_unstable_by_key(|&r| rooms[r].x);
    for (k, &a) in order.iter().enumerate() {
        let reach = rooms[a].grow(2);
        for &b in &order[k + 1..] {
            if rooms[b].x > reach.right() {
                break;
            }
            if reach.intersects(&rooms[b].grow(1)) {
                return Err(Defect::RoomsTouch {
                    a: a.min(b),
                    b: a.max(b),
                });
            }
        }
    }
    Ok(())
}

/// Every check of `validate`, and those of a level in a dungeon of `deepest` levels at `depth`:
/// stairs up under the arrival (on the first level, the way out), stairs down exactly above the
/// deepest, each key on free room floor with its own locked door (and each locked door with one
/// key), and, playing the locks out from the arrival, every key collected and every walkable tile
/// (the stairs down among them) reached: no key behind its own door or a door whose key lies
/// behind it.
pub fn validate_level(level: &Level, depth: u32, deepest: u32) -> Result<(), Defect> {
    check_layout(&level.map)?;
    check_stairs_and_keys(level, depth, deepest)?;
    check_solvable(&level.map, &level.keys)
}

/// The stairs and keys checks of `validate_level`, without the layout or the flood.
pub(crate) fn check_stairs_and_keys(level: &Level, depth: u32, deepest: u32) -> Result<(), Defect> {
    let map = &level.map;
    match map.stairs_up() {
        Some(up) if up != map.start() => return Err(Defect::Stairs("the arrival is not on the stairs up")),
        None => return Err(Defect::Stairs("no stairs up")),
        _ => {}
    }
    match (depth < deepest, map.stairs_down()) {
        (true, None) => return Err(Defect::Stairs("no stairs down above the deepest level")),
        (false, Some(_)) => return Err(Defect::Stairs("stairs down on the deepest level")),
        _ => {}
    }
    if let (Some(up), Some(down)) = (map.stairs_up(), map.stairs_down())
        && map.room_at(up) == map.room_at(down)
    {
        return Err(Defect::Stairs("both stairs in one room"));
    }
    for (i, k) in level.keys.iter().enumerate() {
        let on_floor = map.tile(k.at) == Tile::Floor && map.room_at(k.at).is_some() && k.at != map.start();
        let shared = level.keys[..i].iter().any(|o| o.at == k.at || o.opens == k.opens);
        if !on_floor || shared || map.tile(k.opens) != Tile::Door(DoorState::Locked) {
            return Err(Defect::BadKey(k.at));
        }
    }
    // Every locked door has its key: as many locked doors as keys (each key's door was checked
    // above to be locked, and no two keys share one) means none is left without. Counted a block
    // at a time (a vector compare), and searched only when the count is off.
    let locked = Tile::Door(DoorState::Locked);
    let count: usize = map
        .tiles()
        .chunks(255)
        .map(|block| usize::from(block.iter().fold(0u8, |n, &t| n + u8::from(t == locked))))
        .sum();
    if count != level.keys.len()
        && let Some((at, _)) = map
            .doors()
            .find(|&(p, s)| s == DoorState::Locked && !level.keys.iter().any(|k| k.opens == p))
    {
        return Err(Defect::LockWithoutKey(at));
    }
    Ok(())
}

/// Flood fill from the start. Called only once the border is known to be solid, so every
/// walkable tile has four in-bounds neighbours and the fill needs no bounds checks.
fn check_connected(map: &TileMap) -> Result<(), Defect> {
    let tiles = map.tiles();
    let w = map.width() as usize;
    let walkable = count_walkable(tiles);
    let mut seen = vec![false; tiles.len()];
    let mut stack: Vec<usize> = Vec::with_capacity(256);
    let start = map.index(map.start());
    seen[start] = true;
    stack.push(start);
    let mut reached = 1;
    while let Some(i) = stack.pop() {
        for j in [i - 1, i + 1, i - w, i + w] {
            if !seen[j] && tiles[j].is_walkable() {
                seen[j] = true;
                reached += 1;
                stack.push(j);
            }
        }
    }
    if reached == walkable {
        return Ok(());
    }
    let i = (0..seen.len())
        .find(|&i| !seen[i] && map.tiles()[i].is_walkable())
        .unwrap_or(0);
    Err(Defect::Unreachable {
        at: map.pos_of(i),
        reached,
        walkable,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Rect;
    use crate::map::parse_ascii;

    fn map(s: &str) -> TileMap {
        parse_ascii(s.as_bytes()).unwrap()
    }

    #[test]
    fn accepts_a_sound_level() {
        let good = map("#########\n#...#####\n#.@.+,,,#\n#...#####\n#########\n");
        assert_eq!(validate(&good), Ok(()));
    }

    #[test]
    fn finds_each_defect() {
        assert_eq!(
            validate(&map("#.###\n#@..#\n#####\n")),
            Err(Defect::OpenBorder(Pos::new(1, 0)))
        );
        assert_eq!(
            validate(&map("#####\n#@#.#\n#####\n")),
            Err(Defect::Unreachable {
                at: Pos::new(3, 1),
                reached: 1,
                walkable: 2
            })
        );
        assert_eq!(
            validate(&map("######\n#@.+##\n######\n")),
            Err(Defect::DoorNotFramed(Pos::new(3, 1)))
        );
        assert_eq!(
            validate(&map("#######\n#@..###\n###+###\n###+###\n###,,,#\n#######\n")),
            Err(Defect::DoorsTouch(Pos::new(3, 2), Pos::new(3, 3)))
        );
    }

    #[test]
    fn rooms_must_be_floor_and_apart() {
        use crate::generation::{GenParams, generate};
        let good = generate(&GenParams::default()).unwrap().level.map;
        let (w, h) = (good.width(), good.height());
        let mut rooms = good.rooms().to_vec();
        let first = rooms[0];
        rooms.push(Rect::new(first.x, first.y, 1, 1));
        let touching = TileMap::from_parts(w, h, good.tiles().to_vec(), rooms, good.start());
        assert!(matches!(validate(&touching), Err(Defect::RoomsTouch { .. })));
        let mut tiles = good.tiles().to_vec();
        let corner = Pos::new(first.right() - 1, first.bottom() - 1);
        tiles[good.index(corner)] = Tile::Corridor;
        let holed = TileMap::from_parts(w, h, tiles, good.rooms().to_vec(), good.start());
        assert_eq!(validate(&holed), Err(Defect::RoomNotFloor { room: 0, at: corner }));
    }
}

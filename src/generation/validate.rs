//! Checking a finished level (seed 001: verify the map, and scrap it if it is wrong).

use std::collections::VecDeque;
use std::fmt;

use crate::map::{Dir, Pos, Tile, TileMap};

/// The first thing found wrong with a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Defect {
    OpenBorder(Pos),
    StartNotOnFloor(Pos),
    StartOutsideRooms(Pos),
    RoomNotFloor { room: usize, at: Pos },
    RoomsTouch { a: usize, b: usize },
    DoorNotFramed(Pos),
    DoorsTouch(Pos, Pos),
    Unreachable { at: Pos, reached: usize, walkable: usize },
}

impl fmt::Display for Defect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Defect::OpenBorder(p) => write!(f, "border tile {p:?} is not solid"),
            Defect::StartNotOnFloor(p) => write!(f, "the start {p:?} is not on room floor"),
            Defect::StartOutsideRooms(p) => write!(f, "the start {p:?} is in no room"),
            Defect::RoomNotFloor { room, at } => write!(f, "room {room} has a non-floor tile at {at:?}"),
            Defect::RoomsTouch { a, b } => write!(f, "rooms {a} and {b} overlap or touch"),
            Defect::DoorNotFramed(p) => {
                write!(f, "door {p:?} lacks wall on two opposite sides and floor on the others")
            }
            Defect::DoorsTouch(a, b) => write!(f, "doors {a:?} and {b:?} touch"),
            Defect::Unreachable { at, reached, walkable } => {
                write!(
                    f,
                    "{at:?} cannot be reached from the start ({reached} of {walkable} walkable tiles reached)"
                )
            }
        }
    }
}

impl std::error::Error for Defect {}

/// True when `p` holds a door framed by wall on two opposite sides and walkable tiles on the
/// other two.
pub fn door_is_framed(map: &TileMap, p: Pos) -> bool {
    let wall = |d: Dir| map.tile(p.step(d)) == Tile::Wall;
    let open = |d: Dir| map.tile(p.step(d)).is_walkable();
    (wall(Dir::North) && wall(Dir::South) && open(Dir::East) && open(Dir::West))
        || (wall(Dir::East) && wall(Dir::West) && open(Dir::North) && open(Dir::South))
}

/// Checks every invariant of a generated level: solid border, start on room floor, rooms whole and
/// apart, doors framed and apart, and every walkable tile reachable from the start (4-way, doors
/// counted as walkable).
pub fn validate(map: &TileMap) -> Result<(), Defect> {
    let (w, h) = (map.width() as i32, map.height() as i32);
    for x in 0..w {
        for p in [Pos::new(x, 0), Pos::new(x, h - 1)] {
            if map.tile(p) != Tile::Wall {
                return Err(Defect::OpenBorder(p));
            }
        }
    }
    for y in 0..h {
        for p in [Pos::new(0, y), Pos::new(w - 1, y)] {
            if map.tile(p) != Tile::Wall {
                return Err(Defect::OpenBorder(p));
            }
        }
    }
    let start = map.start();
    if map.tile(start) != Tile::Floor {
        return Err(Defect::StartNotOnFloor(start));
    }
    check_rooms(map)?;
    for (p, _) in map.doors() {
        if !door_is_framed(map, p) {
            return Err(Defect::DoorNotFramed(p));
        }
        for q in [p.step(Dir::East), p.step(Dir::South)] {
            if matches!(map.tile(q), Tile::Door(_)) {
                return Err(Defect::DoorsTouch(p, q));
            }
        }
    }
    check_connected(map)
}

fn check_rooms(map: &TileMap) -> Result<(), Defect> {
    let rooms = map.rooms();
    if rooms.is_empty() {
        return Ok(());
    }
    if !rooms.iter().any(|r| r.contains(map.start())) {
        return Err(Defect::StartOutsideRooms(map.start()));
    }
    // Paint each room with its wall ring; a tile painted twice means the rooms overlap, and a
    // painted tile just outside another room's ring means they touch.
    let mut owner = vec![u32::MAX; map.tiles().len()];
    for (r, room) in rooms.iter().enumerate() {
        for p in room.tiles() {
            if map.tile(p) != Tile::Floor {
                return Err(Defect::RoomNotFloor { room: r, at: p });
            }
        }
        for p in room.grow(1).tiles() {
            if !map.in_bounds(p) {
                continue;
            }
            let i = map.index(p);
            if owner[i] != u32::MAX {
                return Err(Defect::RoomsTouch {
                    a: owner[i] as usize,
                    b: r,
                });
            }
            owner[i] = r as u32;
        }
    }
    for (r, room) in rooms.iter().enumerate() {
        let halo = room.grow(2);
        for p in halo.tiles().filter(|&p| !room.grow(1).contains(p)) {
            if map.in_bounds(p) {
                let o = owner[map.index(p)];
                if o != u32::MAX && o as usize != r {
                    return Err(Defect::RoomsTouch { a: r, b: o as usize });
                }
            }
        }
    }
    Ok(())
}

fn check_connected(map: &TileMap) -> Result<(), Defect> {
    let walkable = map.tiles().iter().filter(|t| t.is_walkable()).count();
    let mut seen = vec![false; map.tiles().len()];
    let mut queue = VecDeque::new();
    let start = map.start();
    seen[map.index(start)] = true;
    queue.push_back(start);
    let mut reached = 1;
    while let Some(p) = queue.pop_front() {
        for q in p.neighbours4() {
            if map.is_walkable(q) {
                let i = map.index(q);
                if !seen[i] {
                    seen[i] = true;
                    reached += 1;
                    queue.push_back(q);
                }
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
}

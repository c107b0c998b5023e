//! The generator's promises as an independent checker, shared by the quick generation tests
//! (tests/generation.rs) and the long sweep (tests/sweep.rs). Written without
//! `generation::validate`, so a bug there cannot hide a bug in the generator.

use delve::map::{Pos, Tile, TileMap};

/// Everything a generated level must satisfy. Returns the first broken rule.
pub fn check(map: &TileMap) -> Result<(), String> {
    let (w, h) = (map.width() as i32, map.height() as i32);
    let at = |x: i32, y: i32| map.tile(Pos::new(x, y));
    for y in 0..h {
        for x in 0..w {
            let border = x == 0 || y == 0 || x == w - 1 || y == h - 1;
            if border && at(x, y) != Tile::Wall {
                return Err(format!("border open at ({x}, {y})"));
            }
            let open_sides = [(1, 0), (-1, 0), (0, 1), (0, -1)]
                .iter()
                .filter(|(dx, dy)| at(x + dx, y + dy).is_walkable())
                .count();
            if at(x, y) == Tile::Corridor && open_sides < 2 {
                return Err(format!("dead end at ({x}, {y})"));
            }
            if let Tile::Door(_) = at(x, y) {
                let solid = |dx: i32, dy: i32| at(x + dx, y + dy) == Tile::Wall;
                let open = |dx: i32, dy: i32| at(x + dx, y + dy).is_walkable();
                let ns_wall = solid(0, -1) && solid(0, 1) && open(-1, 0) && open(1, 0);
                let ew_wall = solid(-1, 0) && solid(1, 0) && open(0, -1) && open(0, 1);
                if !(ns_wall || ew_wall) {
                    return Err(format!("door at ({x}, {y}) is not framed"));
                }
                for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    if matches!(at(x + dx, y + dy), Tile::Door(_)) {
                        return Err(format!("door at ({x}, {y}) touches another"));
                    }
                }
            }
        }
    }
    let rooms = map.rooms();
    if rooms.is_empty() {
        return Err("no rooms".into());
    }
    if map.start() != rooms[0].center() || at(map.start().x, map.start().y) != Tile::Floor {
        return Err(format!(
            "start {:?} is not on the floor at the centre of the first room",
            map.start()
        ));
    }
    for (i, a) in rooms.iter().enumerate() {
        if a.tiles().any(|p| map.tile(p) != Tile::Floor) {
            return Err(format!("room {i} is not all floor"));
        }
        // The ring around the floor is wall or door, never open floor: rooms are closed.
        if a.grow(1)
            .tiles()
            .filter(|p| !a.contains(*p))
            .any(|p| !matches!(map.tile(p), Tile::Wall | Tile::Door(_)))
        {
            return Err(format!("room {i} has a hole in its wall"));
        }
        for (j, b) in rooms.iter().enumerate().skip(i + 1) {
            // Walls (one tile around the floor) may neither overlap nor touch.
            if a.grow(2).intersects(&b.grow(1)) {
                return Err(format!("rooms {i} and {j} overlap or touch"));
            }
        }
    }
    // Flood fill from the start, 4-way, doors counted walkable.
    let mut seen = vec![false; (w * h) as usize];
    let mut stack = vec![map.start()];
    seen[map.index(map.start())] = true;
    while let Some(p) = stack.pop() {
        for q in p.neighbours4() {
            if map.get(q).is_some_and(Tile::is_walkable) && !seen[map.index(q)] {
                seen[map.index(q)] = true;
                stack.push(q);
            }
        }
    }
    for (i, t) in map.tiles().iter().enumerate() {
        if t.is_walkable() && !seen[i] {
            return Err(format!("{:?} is unreachable", map.pos_of(i)));
        }
    }
    Ok(())
}

//! The generator's promises as an independent checker, shared by the quick generation tests
//! (tests/generation.rs) and the long sweep (tests/sweep.rs). Written without
//! `generation::validate` or its solver, so a bug there cannot hide a bug in the generator.

#![allow(dead_code)]

use delve_core::generation::DEEPEST;
use delve_core::geom::Pos;
use delve_core::map::{DoorState, Tile, TileMap};
use delve_core::world::Level;

/// Everything level `depth` of a run must satisfy: the map's rules (`check`), its stairs, and its
/// keys, played out by a fixpoint flood. Returns the first broken rule.
pub fn check_level(level: &Level, depth: u32) -> Result<(), String> {
    let map = &level.map;
    check(map, depth)?;
    let count = |t: Tile| map.tiles().iter().filter(|&&x| x == t).count();
    let (downs, ups) = (count(Tile::StairsDown), count(Tile::StairsUp));
    if downs != usize::from(depth < DEEPEST) || ups != 1 {
        return Err(format!("depth {depth} has {downs} stairs down and {ups} up"));
    }
    let room_of = |p: Pos| map.rooms().iter().position(|r| r.contains(p));
    for i in 0..map.tiles().len() {
        let p = map.pos_of(i);
        if matches!(map.tile(p), Tile::StairsDown | Tile::StairsUp) && room_of(p).is_none() {
            return Err(format!("stairs at {p:?} are not in a room"));
        }
    }
    if depth > 1 && map.tile(map.start()) != Tile::StairsUp {
        return Err("below the first level the player does not arrive on the stairs up".into());
    }
    let locked: Vec<Pos> = map.doors().filter(|d| d.1 == DoorState::Locked).map(|d| d.0).collect();
    if locked.len() != level.keys.len() {
        return Err(format!("{} locked doors but {} keys", locked.len(), level.keys.len()));
    }
    for k in &level.keys {
        if map.tile(k.at) != Tile::Floor || room_of(k.at).is_none() || !locked.contains(&k.opens) {
            return Err(format!("key {k:?} is not on room floor or opens no locked door"));
        }
    }
    // Traps lie on walkable ground, one to a tile, and a walk that avoids them (and every liquid
    // and gap, which are not walkable, and every secret, not yet found) must still get everywhere.
    let trapped: std::collections::HashSet<Pos> = level.traps.iter().map(|t| t.at).collect();
    if trapped.len() != level.traps.len() {
        return Err("two traps on one tile".into());
    }
    if let Some(t) = level.traps.iter().find(|t| !map.tile(t.at).is_walkable()) {
        return Err(format!("a trap at {:?} lies on {}", t.at, map.tile(t.at).name()));
    }
    // Flood with the locks shut, pick up the keys reached, open their doors, flood again, until
    // nothing changes; then everything must have been reached.
    let mut open: Vec<Pos> = Vec::new();
    loop {
        let reached = flood(map, map.start(), |p| {
            !trapped.contains(&p)
                && map
                    .get(p)
                    .is_some_and(|t| t.is_walkable() && (t != Tile::Door(DoorState::Locked) || open.contains(&p)))
        });
        let keys: Vec<Pos> = level
            .keys
            .iter()
            .filter(|k| reached[map.index(k.at)])
            .map(|k| k.opens)
            .collect();
        if keys.len() == open.len() {
            if let Some(i) = (0..reached.len())
                .find(|&i| map.tiles()[i].is_walkable() && !reached[i] && !trapped.contains(&map.pos_of(i)))
            {
                return Err(format!("{:?} cannot be reached even with the keys", map.pos_of(i)));
            }
            return Ok(());
        }
        open = keys;
    }
}

/// The items of a level as made: each alone on room or corridor floor, off the arrival, keys,
/// relic and monsters; altars only where the arrival cannot walk without a key, two or more of
/// them in each vault (a choice); on the first level, something that heals where the arrival can
/// walk without a key. Returns the first broken rule.
pub fn check_items(level: &Level, depth: u32) -> Result<(), String> {
    let map = &level.map;
    let free_walk = flood(map, map.start(), |p| {
        map.get(p)
            .is_some_and(|t| t.is_walkable() && t != Tile::Door(DoorState::Locked))
    });
    let mut seen = std::collections::HashSet::new();
    for f in &level.items {
        let p = f.at;
        if !map.get(p).is_some_and(Tile::holds_items) {
            return Err(format!("an item at {p:?} is not on floor"));
        }
        if !seen.insert(p) {
            return Err(format!("two items at {p:?}"));
        }
        if p == map.start() || level.keys.iter().any(|k| k.at == p) || level.relic == Some(p) {
            return Err(format!("an item at {p:?} lies on the arrival, a key or the relic"));
        }
        if level.monsters.iter().any(|m| m.at == p) {
            return Err(format!("an item at {p:?} lies under a monster"));
        }
        if f.altar.is_some() && free_walk[map.index(p)] {
            return Err(format!("an altar at {p:?} can be reached without a key"));
        }
        if f.sealed {
            return Err(format!("an altar at {p:?} is sealed before anything was taken"));
        }
    }
    let mut vaults: Vec<u8> = level.items.iter().filter_map(|f| f.altar).collect();
    vaults.sort_unstable();
    for v in vaults.iter().copied() {
        let n = vaults.iter().filter(|&&w| w == v).count();
        if n < 2 {
            return Err(format!("vault {v} offers {n} item, no choice"));
        }
    }
    // Every side vault (behind a locked door, no way on to the stairs down) holds a choice.
    for k in &level.keys {
        let behind = flood(map, k.opens, |p| {
            map.get(p)
                .is_some_and(|t| t.is_walkable() && t != Tile::Door(DoorState::Locked))
                && !free_walk[map.index(p)]
        });
        let region: Vec<Pos> = (0..behind.len())
            .filter(|&i| behind[i] && !free_walk[i])
            .map(|i| map.pos_of(i))
            .collect();
        let to_stairs = region.iter().any(|&p| map.tile(p) == Tile::StairsDown);
        let room = region
            .iter()
            .filter(|&&p| {
                map.tile(p) == Tile::Floor
                    && level.keys.iter().all(|k| k.at != p)
                    && level.monsters.iter().all(|m| m.at != p)
            })
            .count();
        let altars = level
            .items
            .iter()
            .filter(|f| f.altar.is_some() && region.contains(&f.at))
            .count();
        if !to_stairs && altars < room.min(2) {
            return Err(format!("the vault behind {:?} holds {altars} altars", k.opens));
        }
    }
    let heals = level
        .items
        .iter()
        .any(|f| f.item.kind == delve_core::world::ItemKind::Healing && free_walk[map.index(f.at)]);
    if depth == 1 && !heals {
        return Err("nothing that heals on the first level without a key".into());
    }
    Ok(())
}

fn flood(map: &TileMap, from: Pos, pass: impl Fn(Pos) -> bool) -> Vec<bool> {
    let mut seen = vec![false; map.tiles().len()];
    let mut stack = vec![from];
    seen[map.index(from)] = true;
    while let Some(p) = stack.pop() {
        for q in p.neighbours4() {
            if pass(q) && !seen[map.index(q)] {
                seen[map.index(q)] = true;
                stack.push(q);
            }
        }
    }
    seen
}

/// Everything the map of level `depth` must satisfy (terrain only). Returns the first broken
/// rule.
pub fn check(map: &TileMap, depth: u32) -> Result<(), String> {
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
                // A secret corridor goes on where it looks like wall.
                .filter(|(dx, dy)| at(x + dx, y + dy).is_walkable() || at(x + dx, y + dy).is_secret())
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
    if depth == 1 && (map.start() != rooms[0].center() || at(map.start().x, map.start().y) != Tile::StairsUp) {
        return Err(format!(
            "start {:?} is not on the way out (stairs up) at the centre of the first room",
            map.start()
        ));
    }
    for (i, a) in rooms.iter().enumerate() {
        // A room's rectangle holds ground (floor, stairs, grass, liquids, bridges) and the walls
        // of its shape (a cave, a cross, a circle, a prefab's), never corridor or a doorway.
        if a.tiles().any(|p| {
            matches!(
                map.tile(p),
                Tile::Corridor | Tile::Door(_) | Tile::SecretDoor | Tile::SecretCorridor
            )
        }) {
            return Err(format!("room {i} holds corridor or a doorway"));
        }
        if !a.tiles().any(|p| map.tile(p).is_walkable()) {
            return Err(format!("room {i} has no ground to walk on"));
        }
        // The ring around the floor is wall (a torch on it is wall) or door, never open floor:
        // rooms are closed.
        if a.grow(1)
            .tiles()
            .filter(|p| !a.contains(*p))
            .any(|p| !matches!(map.tile(p), Tile::Wall | Tile::Torch | Tile::Door(_) | Tile::SecretDoor))
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

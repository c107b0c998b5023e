//! The generator's promises, checked over many seeds, sizes and every corridor style, by a
//! checker written independently of `generation::validate`.

use delve::generation::{CorridorStyle, GenParams, generate};
use delve::map::{Pos, Tile, TileMap, parse_ascii};

const SIZES: [(u32, u32); 3] = [(20, 15), (80, 50), (123, 71)];

/// Everything a generated level must satisfy. Returns the first broken rule.
fn check(map: &TileMap) -> Result<(), String> {
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

#[test]
fn every_style_every_size_a_thousand_seeds() {
    let mut retried = 0;
    let mut total = 0;
    for style in CorridorStyle::ALL {
        for (width, height) in SIZES {
            for seed in 0..1000 {
                let params = GenParams {
                    seed,
                    width,
                    height,
                    style,
                };
                let generated = generate(&params).unwrap_or_else(|e| panic!("{params:?}: {e}"));
                if let Err(e) = check(&generated.map) {
                    panic!("{params:?}: {e}\n{}", generated.map.to_ascii());
                }
                total += 1;
                retried += usize::from(generated.attempts > 1);
            }
        }
    }
    // Correct by construction: regeneration is a safety net, not the way levels come out right.
    assert!(
        retried * 1000 < total,
        "{retried} of {total} levels needed a second seed"
    );
}

#[test]
fn same_seed_same_level() {
    for style in CorridorStyle::ALL {
        for seed in [0, 1, 42, u64::MAX] {
            let p = GenParams {
                seed,
                width: 80,
                height: 50,
                style,
            };
            let (a, b) = (generate(&p).unwrap().map, generate(&p).unwrap().map);
            assert_eq!(a.to_ascii(), b.to_ascii(), "{p:?}");
        }
    }
}

#[test]
fn styles_differ() {
    let levels: Vec<String> = CorridorStyle::ALL
        .iter()
        .map(|&style| {
            generate(&GenParams {
                seed: 7,
                width: 80,
                height: 50,
                style,
            })
            .unwrap()
            .map
            .to_ascii()
        })
        .collect();
    for (i, a) in levels.iter().enumerate() {
        for b in &levels[i + 1..] {
            assert_ne!(a, b, "two styles dug the same level");
        }
    }
}

#[test]
fn every_level_has_doors_some_open_some_closed() {
    let (mut open, mut closed) = (0, 0);
    for seed in 0..50 {
        let map = generate(&GenParams {
            seed,
            ..GenParams::default()
        })
        .unwrap()
        .map;
        for (_, state) in map.doors() {
            match state {
                delve::map::DoorState::Open => open += 1,
                delve::map::DoorState::Closed => closed += 1,
                delve::map::DoorState::Locked => panic!("locked doors come later"),
            }
        }
    }
    assert!(open > 0 && closed > open, "{open} open, {closed} closed");
}

#[test]
fn ascii_dump_round_trips() {
    for style in CorridorStyle::ALL {
        for (width, height) in SIZES {
            let map = generate(&GenParams {
                seed: 3,
                width,
                height,
                style,
            })
            .unwrap()
            .map;
            let text = map.to_ascii();
            let lines: Vec<&str> = text.lines().collect();
            assert_eq!(lines.len(), height as usize);
            assert!(lines.iter().all(|l| l.len() == width as usize));
            assert_eq!(text.matches('@').count(), 1);
            let back = parse_ascii(text.as_bytes()).unwrap();
            assert_eq!(back.tiles(), map.tiles());
            assert_eq!(back.start(), map.start());
            assert_eq!(back.to_ascii(), text);
        }
    }
}

#[test]
fn largest_level_generates() {
    let map = generate(&GenParams {
        seed: 5,
        width: 1024,
        height: 1024,
        style: CorridorStyle::Mixed,
    })
    .unwrap()
    .map;
    check(&map).unwrap();
    assert!(map.rooms().len() > 1000);
}

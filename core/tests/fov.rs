//! Field of view: the textbook cases of Albert Ford's symmetric shadowcasting, reproduced exactly
//! (tests/data/fov-cases.txt, a copy of the team's shared case file), and symmetry on thousands of
//! random maps, and the same view as the symmetric-shadowcasting crate (Ford's reference
//! algorithm ported to Rust) on thousands more.

use delve_core::fov::{compute_fov, visible_tiles};
use delve_core::geom::Pos;
use delve_core::map::{Tile, TileMap, parse_ascii};
use delve_core::rng::GenRng;

/// Unlimited, for the textbook cases.
const FAR: u32 = 1000;

fn grid(rows: &str) -> (TileMap, Vec<Pos>) {
    // '&' is a second viewer standing on floor; the map legend has '.' there.
    let mut marks = Vec::new();
    let text: String = rows
        .split('/')
        .enumerate()
        .map(|(y, row)| {
            for (x, c) in row.chars().enumerate() {
                if c == '&' {
                    marks.push(Pos::new(x as i32, y as i32));
                }
            }
            row.replace('&', ".") + "\n"
        })
        .collect();
    (parse_ascii(text.as_bytes()).unwrap(), marks)
}

fn sees(map: &TileMap, from: Pos, to: Pos) -> bool {
    visible_tiles(map, from, FAR).contains(&to)
}

#[test]
fn textbook_cases() {
    let cases = include_str!("data/fov-cases.txt");
    let mut checked = 0;
    for line in cases.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let parts: Vec<&str> = line.split(" | ").collect();
        let (name, rows, expected) = (parts[0], parts[1], parts[2]);
        let (map, marks) = grid(rows);
        if expected.contains("must not see") {
            let other = marks[0];
            assert!(!sees(&map, map.start(), other), "{name}: @ sees &");
            assert!(!sees(&map, other, map.start()), "{name}: & sees @");
            checked += 1;
            continue;
        }
        let visible = visible_tiles(&map, map.start(), FAR);
        let got: Vec<String> = (0..map.height() as i32)
            .map(|y| {
                (0..map.width() as i32)
                    .map(|x| if visible.contains(&Pos::new(x, y)) { '1' } else { '0' })
                    .collect()
            })
            .collect();
        assert_eq!(got.join("/"), expected, "{name}");
        checked += 1;
    }
    assert_eq!(checked, 4, "every case in the file was checked");
}

fn random_map(rng: &mut GenRng, w: u32, h: u32, wall_pct: u32) -> TileMap {
    let mut text = String::new();
    for _ in 0..h {
        for _ in 0..w {
            text.push(if rng.percent(wall_pct) { '#' } else { '.' });
        }
        text.push('\n');
    }
    // Put the start somewhere; it is irrelevant to symmetry.
    text.replace_range(0..1, "@");
    parse_ascii(text.as_bytes()).unwrap()
}

#[test]
fn symmetric_on_random_maps() {
    let mut rng = GenRng::new(2024);
    let mut pairs = 0u64;
    for round in 0..2000 {
        let (w, h) = (12 + rng.below(9), 10 + rng.below(7));
        let wall_pct = 15 + rng.below(30);
        let map = random_map(&mut rng, w, h, wall_pct);
        let radius = if round % 2 == 0 { FAR } else { 3 + rng.below(6) };
        let floors: Vec<Pos> = (0..map.tiles().len())
            .filter(|&i| map.tiles()[i] == Tile::Floor)
            .map(|i| map.pos_of(i))
            .collect();
        let n = map.tiles().len();
        let mut seen = vec![false; n * n];
        for &a in &floors {
            compute_fov(
                a,
                radius,
                |p| map.blocks_sight(p),
                |p| {
                    if map.in_bounds(p) {
                        seen[map.index(a) * n + map.index(p)] = true;
                    }
                },
            );
        }
        for &a in &floors {
            for &b in &floors {
                let (ab, ba) = (
                    seen[map.index(a) * n + map.index(b)],
                    seen[map.index(b) * n + map.index(a)],
                );
                assert_eq!(
                    ab,
                    ba,
                    "round {round}: {a:?} sees {b:?} is {ab}, but the reverse is {ba}\n{}",
                    map.to_ascii()
                );
                pairs += 1;
            }
        }
    }
    assert!(pairs > 1_000_000);
}

#[test]
fn radius_is_a_disc_and_walls_are_seen_but_hide() {
    let map = parse_ascii(b".........\n.........\n....@....\n.........\n....#....\n.........\n.........\n").unwrap();
    let v = visible_tiles(&map, map.start(), 2);
    assert!(v.contains(&Pos::new(4, 0)) && v.contains(&Pos::new(6, 2)));
    assert!(!v.contains(&Pos::new(6, 0)), "dx² + dy² = 8 > 4");
    assert!(v.contains(&Pos::new(4, 4)), "the wall itself is seen");
    let v = visible_tiles(&map, map.start(), 10);
    assert!(
        !v.contains(&Pos::new(4, 5)),
        "the tile straight behind the pillar is hidden"
    );
}

/// What the symmetric-shadowcasting crate (a port of Ford's reference code, with exact rational
/// slopes) sees from `origin`; tiles beyond `radius` count as walls, which ends its scan there.
fn reference_view(map: &TileMap, origin: Pos, radius: u32) -> Vec<Pos> {
    let r2 = i64::from(radius) * i64::from(radius);
    let within = |x: isize, y: isize| {
        let (dx, dy) = (x as i64 - i64::from(origin.x), y as i64 - i64::from(origin.y));
        dx * dx + dy * dy <= r2
    };
    let mut seen = vec![false; map.tiles().len()];
    symmetric_shadowcasting::compute_fov(
        (origin.x as isize, origin.y as isize),
        &mut |(x, y)| !within(x, y) || map.blocks_sight(Pos::new(x as i32, y as i32)),
        &mut |(x, y)| {
            let p = Pos::new(x as i32, y as i32);
            if within(x, y) && map.in_bounds(p) {
                seen[map.index(p)] = true;
            }
        },
    );
    (0..seen.len()).filter(|&i| seen[i]).map(|i| map.pos_of(i)).collect()
}

#[test]
fn same_tiles_as_fords_reference_on_random_maps() {
    let mut rng = GenRng::new(77);
    let mut compared = 0usize;
    for round in 0..3000 {
        let (w, h) = (8 + rng.below(40), 6 + rng.below(30));
        let wall_pct = rng.below(45);
        let map = random_map(&mut rng, w, h, wall_pct);
        let radius = if round % 3 == 0 { FAR } else { 1 + rng.below(20) };
        for _ in 0..4 {
            let origin = Pos::new(rng.below(w) as i32, rng.below(h) as i32);
            if map.blocks_sight(origin) {
                continue;
            }
            let mut ours = visible_tiles(&map, origin, radius);
            ours.sort_by_key(|&p| map.index(p));
            let reference = reference_view(&map, origin, radius);
            assert_eq!(
                ours,
                reference,
                "round {round}: from {origin:?} radius {radius}\n{}",
                map.to_ascii()
            );
            compared += reference.len();
        }
    }
    assert!(compared > 100_000, "only {compared} visible tiles compared");
}

//! Field of view: the textbook cases of Albert Ford's symmetric shadowcasting, reproduced exactly
//! (tests/data/fov-cases.txt, a copy of the team's shared case file), and symmetry on thousands of
//! random maps.

use delve::fov::{compute_fov, visible_tiles};
use delve::generation::rng::GenRng;
use delve::map::{Pos, Tile, TileMap, parse_ascii};

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

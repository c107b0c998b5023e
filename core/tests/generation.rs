//! The generator's promises, checked over many seeds, sizes and every corridor style, by a
//! checker written independently of `generation::validate`.

mod common;

use common::{check, check_level};
use delve_core::generation::{CorridorStyle, DEEPEST, GenParams, generate};
use delve_core::map::{Tile, parse_ascii};

const SIZES: [(u32, u32); 3] = [(20, 15), (80, 50), (123, 71)];

#[test]
fn every_style_every_size_a_thousand_seeds() {
    let mut retried = 0;
    let mut total = 0;
    for style in CorridorStyle::ALL {
        for (width, height) in SIZES {
            for seed in 0..1000 {
                // Every depth too: seed n is made at depth n % 10 + 1.
                let params = GenParams::new(seed, width, height, style).at_depth(1 + seed as u32 % DEEPEST);
                let generated = generate(&params).unwrap_or_else(|e| panic!("{params:?}: {e}"));
                if let Err(e) = check_level(&generated.level, params.depth) {
                    panic!("{params:?}: {e}\n{}", generated.level.map.to_ascii());
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
            let p = GenParams::new(seed, 80, 50, style);
            let (a, b) = (generate(&p).unwrap().level.map, generate(&p).unwrap().level.map);
            assert_eq!(a.to_ascii(), b.to_ascii(), "{p:?}");
        }
    }
}

#[test]
fn styles_differ() {
    let levels: Vec<String> = CorridorStyle::ALL
        .iter()
        .map(|&style| {
            generate(&GenParams::new(7, 80, 50, style))
                .unwrap()
                .level
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
        .level
        .map;
        for (_, state) in map.doors() {
            match state {
                delve_core::map::DoorState::Open => open += 1,
                delve_core::map::DoorState::Closed => closed += 1,
                delve_core::map::DoorState::Locked => panic!("locked doors come later"),
            }
        }
    }
    assert!(open > 0 && closed > open, "{open} open, {closed} closed");
}

#[test]
fn ascii_dump_round_trips() {
    for style in CorridorStyle::ALL {
        for (width, height) in SIZES {
            let map = generate(&GenParams::new(3, width, height, style)).unwrap().level.map;
            let text = map.to_ascii();
            let lines: Vec<&str> = text.lines().collect();
            assert_eq!(lines.len(), height as usize);
            assert!(lines.iter().all(|l| l.len() == width as usize));
            assert_eq!(text.matches('@').count(), 1);
            let back = parse_ascii(text.as_bytes()).unwrap();
            // The '@' stands on the first level's stairs up (the way out), which it hides.
            assert_eq!(map.tile(map.start()), Tile::StairsUp);
            let mut shown = map.clone();
            shown.set(map.start(), Tile::Floor);
            assert_eq!(back.tiles(), shown.tiles());
            assert_eq!(back.start(), map.start());
            assert_eq!(back.to_ascii(), text);
        }
    }
}

#[test]
fn largest_level_generates() {
    let map = generate(&GenParams::new(5, 1024, 1024, CorridorStyle::Mixed))
        .unwrap()
        .level
        .map;
    check(&map, 1).unwrap();
    assert!(map.rooms().len() > 1000);
}

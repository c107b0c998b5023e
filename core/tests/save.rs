//! The save format's promises: the golden saves of every format load to the state they were made
//! with; a save encoded turn after turn by the cache is the save of the whole run; a save that
//! decodes but breaks what the game assumes is refused by name; crafted counts are refused
//! before anything is allocated for them.

use delve_core::explore::{self as plan, Known};
use delve_core::fov::DEFAULT_RADIUS;
use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::geom::{Dir8, Pos};
use delve_core::map::Tile;
use delve_core::paths::Search;
use delve_core::rules::Act;
use delve_core::run::{RULES, Run, RunSpec};
use delve_core::save::{FORMAT, MAGIC, SaveCache, SaveError, SavedRun, decode, encode};
use delve_core::world::{Ending, MOST_SLOWED, NORMAL_SPEED, Pack};

/// The state of the format 3 golden save, as `cargo run -p delve-core --example golden_save`
/// printed it when it was made: seed 2026, turn 518, on level 2. (Formats 1 and 2 were made of the
/// same walk before items, when the state hash did not cover them: 0xa911_e541_b2b0_0b49.)
const GOLDEN_HASH: u64 = 0x9117_2903_ba5e_ddd3;

/// The state of the format 4 golden save (the same walk, with twelve kinds of monster, packs and
/// sleepers that hear): seed 2026, turn 514, on level 2. The format 5 one (with its recording)
/// is the same walk to the same state.
const GOLDEN_V4_HASH: u64 = 0xa433_9c3d_2841_772a;

/// The state of the format 5 golden save: the format 4 walk with its kills by kind, which the
/// state hash takes in from rules 7 (format 4 did not keep them), each kind killed by its pinned
/// id (so a kind added to the table changes no hash).
const GOLDEN_V5_HASH: u64 = 0x5d27_2e4f_dc17_2ad4;

/// The state of the format 6 golden save: the format 5 walk, then the player sneaking.
const GOLDEN_V6_HASH: u64 = 0x1697_57bd_c71b_8480;

fn data(name: &str) -> Vec<u8> {
    std::fs::read(format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))).expect("a golden save")
}

#[test]
fn every_golden_save_loads_to_the_state_it_was_made_with() {
    let run = decode(&data("golden-v3.sav")).unwrap().restore().unwrap();
    assert_eq!(run.state_hash(), GOLDEN_HASH);
    assert_eq!((run.turn(), run.dungeon().depth()), (518, 2));
    assert!(
        run.player().pack.items().count() > 0,
        "the golden walk picked things up"
    );
    // Format 3 holds no loot, and migrates to format 4 without a change.
    let again = decode(&encode(&decode(&data("golden-v3.sav")).unwrap())).unwrap();
    assert_eq!(again.restore().unwrap().state_hash(), GOLDEN_HASH);
    let v4 = decode(&data("golden-v4.sav")).unwrap().restore().unwrap();
    assert_eq!(v4.state_hash(), GOLDEN_V4_HASH);
    assert_eq!((v4.turn(), v4.dungeon().depth()), (514, 2));
    assert!(v4.recording().is_none(), "format 4 held no recording");
    // Format 5 is the same walk with its recording (and kills by kind): the same state, and
    // the kills.
    let saved5 = decode(&data("golden-v5.sav")).unwrap();
    let recorded = saved5.recording.as_ref().expect("format 5 holds the run's recording");
    assert_eq!(recorded.rules, 1);
    let v5 = saved5.restore().unwrap();
    assert_eq!(v5.state_hash(), GOLDEN_V5_HASH);
    assert_eq!(v5.turn(), 514);
    assert_eq!(v5.record().kills.iter().sum::<u32>(), v5.record().slain);
    // Recorded under rules 1: a Delve of other rules continues the run unrecorded, never
    // recording on over commands its rules would play otherwise.
    assert_eq!(v5.recording().is_some(), RULES == 1);
    assert!(RULES > 1 || v5.recording().is_some_and(|r| r.len() >= 514));
    assert!(
        !v5.player().sneaking,
        "format 5 did not keep sneaking: a run continues walking"
    );
    // Format 6 is the same walk, ending with the player sneaking (kept from format 6 on).
    let mut v6 = decode(&data("golden-v6.sav")).unwrap().restore().unwrap();
    assert_eq!(v6.state_hash(), GOLDEN_V6_HASH);
    assert!(v6.player().sneaking);
    v6.set_sneaking(false);
    assert_eq!(v6.state_hash(), GOLDEN_V5_HASH, "walking, it is the format 5 run");
    // The saves from before items hold the same walk: they load to the format 3 run with no
    // items anywhere (none lay on their levels, none was carried).
    let mut bare = decode(&data("golden-v3.sav")).unwrap();
    bare.player.gear.slots.iter_mut().for_each(|s| *s = None);
    (bare.player.gear.weapon, bare.player.gear.armour) = (None, None);
    bare.levels.iter_mut().flatten().for_each(|l| l.items.clear());
    let bare = bare.restore().unwrap();
    for name in ["golden-v1.sav", "golden-v2.sav"] {
        let old = decode(&data(name)).unwrap().restore().unwrap();
        assert_eq!((old.turn(), old.dungeon().depth()), (518, 2), "{name}");
        assert_eq!(old.player().pack, Pack::default(), "{name}");
        assert_eq!(
            old.player().lore,
            bare.player().lore,
            "{name}: the looks of the run's items"
        );
        assert_eq!(old.state_hash(), bare.state_hash(), "{name}");
    }
}

#[test]
fn a_change_to_what_is_saved_without_a_new_format_is_caught() {
    // The save of this format's golden run, encoded again, is the file byte for byte: a field
    // added, removed or reordered in anything saved changes it.
    let golden = data(&format!("golden-v{FORMAT}.sav"));
    assert_eq!(encode(&decode(&golden).unwrap()), golden);
    // Formats 1 and 2 migrate to the same run.
    assert_eq!(
        encode(&decode(&data("golden-v1.sav")).unwrap()),
        encode(&decode(&data("golden-v2.sav")).unwrap())
    );
}

/// Walks to the remembered `tile`; false when it is not remembered or cannot be reached.
fn walk_to(run: &mut Run, tile: Tile, each_turn: &mut impl FnMut(&Run)) -> bool {
    let depth = run.dungeon().depth();
    let known = Known {
        level: run.dungeon().level(),
        memory: run.player().memory.level(depth).expect("remembered"),
    };
    let Some(to) = known.find(tile) else { return false };
    let held = run.player().keys.doors_on(depth);
    let Some(walk) = plan::travel(&known, run.player().at, to, &held, &mut Search::default()) else {
        return false;
    };
    for step in walk {
        let dir = Dir8::between(run.player().at, step).expect("one step");
        if run.play(Act::Step(dir)).is_err() {
            return false;
        }
        each_turn(run);
    }
    true
}

/// Explores until `tile` is remembered, then stands on it.
fn reach(run: &mut Run, tile: Tile, each_turn: &mut impl FnMut(&Run)) {
    for _ in 0..400 {
        if walk_to(run, tile, each_turn) {
            return;
        }
        // A locked door bars the rest, and the key is held: open it (walking into it).
        let depth = run.dungeon().depth();
        let held = run.player().keys.doors_on(depth);
        let known = Known {
            level: run.dungeon().level(),
            memory: run.player().memory.level(depth).expect("remembered"),
        };
        if let Err(plan::Finished::Barred { door, have_key: true }) =
            plan::explore(&known, run.player().at, &held, &mut Search::default())
            && let Some(walk) = plan::travel(&known, run.player().at, door, &held, &mut Search::default())
        {
            for step in walk {
                let dir = Dir8::between(run.player().at, step).expect("one step");
                if run.play(Act::Step(dir)).is_err() {
                    break;
                }
                each_turn(run);
            }
        }
        plan::explore_level(run, plan::explore, 1);
        each_turn(run);
    }
    panic!(
        "{tile:?} not reached on level {} at turn {}",
        run.dungeon().depth(),
        run.turn()
    );
}

#[test]
fn the_cache_saves_what_a_whole_save_would() {
    let spec = RunSpec::Seeded {
        params: GenParams::new(11, 80, 50, CorridorStyle::Mixed),
        peaceful: true,
        mode: delve_core::world::Mode::STANDARD,
    };
    let mut run = spec.begin().unwrap().with_sight(DEFAULT_RADIUS);
    let mut cache = SaveCache::default();
    let mut saves = 0;
    let mut turns = 0u64;
    // Saved after every turn on the way down; on the way back up only on arriving at level 1,
    // so that one save sees two level changes at once (what the cache cannot follow: it encodes
    // every level again).
    let going_up = std::cell::Cell::new(false);
    let mut check = |run: &Run| {
        turns += 1;
        if going_up.get() && run.dungeon().depth() != 1 {
            return;
        }
        let mut whole = SavedRun::capture(run);
        whole.saved_at = turns;
        assert_eq!(cache.encode(run, turns), encode(&whole), "turn {}", run.turn());
        saves += 1;
    };
    for _ in 0..2 {
        reach(&mut run, Tile::StairsDown, &mut check);
        run.play(Act::Descend).unwrap();
        check(&run);
    }
    going_up.set(true);
    for _ in 0..2 {
        reach(&mut run, Tile::StairsUp, &mut check);
        run.play(Act::Ascend).unwrap();
        check(&run);
    }
    assert_eq!(run.dungeon().depth(), 1);
    reach(&mut run, Tile::StairsDown, &mut check);
    assert!(saves > 50, "{saves} saves");
}

fn golden() -> SavedRun {
    decode(&data(&format!("golden-v{FORMAT}.sav"))).unwrap()
}

/// `restore`'s verdict on the golden run changed by `change`.
fn refused(change: impl FnOnce(&mut SavedRun)) -> String {
    let mut saved = golden();
    change(&mut saved);
    match saved.restore() {
        Ok(_) => panic!("a broken save was accepted"),
        Err(why) => why,
    }
}

#[test]
fn a_save_that_breaks_what_the_game_assumes_is_refused_by_name() {
    assert!(golden().restore().is_ok());
    // Levels of different sizes (the overview map and the renderer assume one size).
    let why = refused(|s| {
        let small = s.levels[0].as_mut().unwrap();
        (small.width, small.height) = (40, 25);
        small.tiles.truncate(40 * 25);
    });
    assert!(why.contains("depth 1 is 40x25"), "{why}");
    // Energy, counters, identities and places.
    let why = refused(|s| s.levels[1].as_mut().unwrap().monsters[0].energy = 21_000_000);
    assert!(why.contains("energy"), "{why}");
    // A slowed monster owes turns, at most `MOST_SLOWED` of them.
    let why = refused(|s| s.levels[1].as_mut().unwrap().monsters[0].energy = -MOST_SLOWED * NORMAL_SPEED - 1);
    assert!(why.contains("energy"), "{why}");
    let why = refused(|s| {
        let monsters = &mut s.levels[1].as_mut().unwrap().monsters;
        monsters[1].id = monsters[0].id;
    });
    assert!(why.contains("both number"), "{why}");
    let why = refused(|s| {
        let monsters = &mut s.levels[1].as_mut().unwrap().monsters;
        monsters[1].at = monsters[0].at;
    });
    assert!(why.contains("two monsters stand"), "{why}");
    let why = refused(|s| {
        let at = s.player.at;
        s.levels[1].as_mut().unwrap().monsters[0].at = at;
    });
    assert!(why.contains("both stand"), "{why}");
    let why = refused(|s| s.levels[1].as_mut().unwrap().monsters[0].at = Pos::new(0, 0));
    assert!(why.contains("in a wall"), "{why}");
    let why = refused(|s| s.player.at = Pos::new(0, 0));
    assert!(why.contains("in a wall"), "{why}");
    let why = refused(|s| s.levels[1].as_mut().unwrap().monsters[0].hp = 10_000);
    assert!(why.contains("hit points"), "{why}");
    let why = refused(|s| s.record.slain = 10_000);
    assert!(why.contains("slain"), "{why}");
    let why = refused(|s| s.turn = u64::MAX);
    assert!(why.contains("turns"), "{why}");
    let why = refused(|s| s.record.ending = Some(Ending::Won));
    assert!(why.contains("over"), "{why}");
    let why = refused(|s| s.record.deepest = 3);
    assert!(why.contains("deepest"), "{why}");
    let why = refused(|s| s.player.health.max = 1_000);
    assert!(why.contains("hit points"), "{why}");
    let why = refused(|s| s.levels[1].as_mut().unwrap().monsters[0].energy = NORMAL_SPEED);
    assert!(why.contains("energy"), "{why}");
}

/// A format 2 save's header followed by `body`.
fn with_header(body: &[u8]) -> Vec<u8> {
    let mut bytes = MAGIC.to_vec();
    bytes.extend_from_slice(&FORMAT.to_le_bytes());
    bytes.extend_from_slice(body);
    bytes
}

#[test]
fn crafted_counts_are_refused_before_anything_is_allocated() {
    // A run part of no bytes, then 2^62 level slots claimed.
    let huge = [0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x3f];
    assert!(matches!(decode(&with_header(&huge)), Err(SaveError::Damaged(_))));
    // Eleven level slots (a run has ten), all empty.
    let mut eleven = vec![0, 11];
    eleven.extend([0; 11]);
    assert!(matches!(decode(&with_header(&eleven)), Err(SaveError::Damaged(_))));
    // A run part inflating to a long run of zero bytes: a count of zero everywhere, then far
    // more bytes than a run has; refused, nothing kept.
    let zeros = miniz_oxide::deflate::compress_to_vec_zlib(&vec![0u8; 1 << 20], 1);
    let body = postcard::to_allocvec(&(&zeros[..], 0u8)).unwrap();
    assert!(matches!(decode(&with_header(&body)), Err(SaveError::Damaged(_))));
}

#[test]
fn a_run_on_any_map_a_map_file_holds_is_saved_and_continued() {
    // Smaller than any generated level (20x15): once saved, then refused as it was read back.
    for text in ["@.\n", "#####\n#@.+#\n#####\n", "@\n"] {
        let map = delve_core::map::parse_ascii(text.as_bytes()).unwrap();
        let level = delve_core::world::Level::bare(map);
        let mut run = RunSpec::Level(Box::new(level))
            .begin()
            .unwrap()
            .with_sight(DEFAULT_RADIUS);
        run.play(Act::Wait).unwrap();
        let back = decode(&encode(&SavedRun::capture(&run)))
            .unwrap_or_else(|e| panic!("{text:?}: {e}"))
            .restore()
            .unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(back.state_hash(), run.state_hash(), "{text:?}");
        let mut back = back;
        back.play(Act::Wait).unwrap();
        assert_eq!(back.turn(), 2);
    }
}

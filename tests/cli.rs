//! The `delve` binary as a user runs it: `--ascii` output, `--map`, and every kind of bad input
//! answered with one line on stderr and exit code 2.

use std::path::PathBuf;
use std::process::{Command, Output};

fn delve(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_delve"))
        .args(args)
        .output()
        .expect("run delve")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// A fresh file under the target's temporary directory.
fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn ascii_prints_exactly_the_level() {
    let out = delve(&["--ascii", "--seed", "42", "--size", "33x21", "--corridors", "nethack"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 21);
    assert!(lines.iter().all(|l| l.chars().count() == 33));
    // Rooms, corridors, doors, stairs, the arrival and torches on room walls (no terrain this
    // shallow and small but the lights).
    assert!(text.chars().all(|c| "#.,+'*<>@T\n".contains(c)));
    assert_eq!(text.matches('@').count(), 1);
    assert!(
        stderr(&out).contains("seed 42"),
        "the seed is printed: {}",
        stderr(&out)
    );
}

#[test]
fn same_seed_same_output_and_default_size() {
    let a = delve(&["--ascii", "--seed", "7"]);
    let b = delve(&["--ascii", "--seed", "7"]);
    assert_eq!(stdout(&a), stdout(&b));
    assert_eq!(stdout(&a).lines().count(), 50);
    assert_eq!(stdout(&a).lines().next().unwrap().len(), 80);
}

#[test]
fn random_seed_is_printed_and_reproduces() {
    let out = delve(&["--ascii", "--size", "40x30"]);
    let err = stderr(&out);
    let seed = err
        .split("seed ")
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
        .expect("seed printed");
    let again = delve(&["--ascii", "--size", "40x30", "--seed", seed]);
    assert_eq!(stdout(&out), stdout(&again));
}

#[test]
fn map_file_round_trips() {
    let level = stdout(&delve(&["--ascii", "--seed", "11", "--corridors", "hallways"]));
    let path = temp_file("round_trip.txt", level.as_bytes());
    let out = delve(&["--ascii", "--map", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), level);
}

#[test]
fn map_file_with_crlf_and_locked_doors_loads() {
    let path = temp_file("crlf.txt", b"#####\r\n#@.*,\r\n#####\r\n");
    let out = delve(&["--ascii", "--map", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "#####\n#@.*,\n#####\n");
}

/// Runs delve, expects exit code 2, nothing on stdout and one stderr line containing `needle`.
fn assert_usage_error(args: &[&str], needle: &str) {
    let out = delve(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?} printed to stdout");
    assert_eq!(err.lines().count(), 1, "{args:?}: one line, got {err:?}");
    assert!(err.contains(needle), "{args:?}: {err:?} should mention {needle:?}");
}

#[test]
fn bad_arguments_are_named() {
    assert_usage_error(&["--ascii", "--seed", "abc"], "--seed");
    assert_usage_error(&["--ascii", "--seed", "-1"], "--seed");
    assert_usage_error(&["--ascii", "--seed", "18446744073709551616"], "whole number");
    assert_usage_error(&["--ascii", "--size", "80"], "--size");
    assert_usage_error(&["--ascii", "--size", "19x15"], "out of range");
    assert_usage_error(&["--ascii", "--size", "1025x50"], "out of range");
    assert_usage_error(&["--ascii", "--size", "99999999999x9"], "--size");
    assert_usage_error(&["--ascii", "--corridors", "spiral"], "spiral");
    assert_usage_error(&["--ascii", "--frobnicate"], "--frobnicate");
    assert_usage_error(&["--ascii", "--map", "x.txt", "--seed", "3"], "--seed");
    assert_usage_error(
        &["--autoplay", "--beginning", "bard"],
        "no beginning is called \"bard\"",
    );
    assert_usage_error(&["--ascii", "--beginning", "rogue"], "--beginning");
}

/// The object `--autoplay` printed for 300 turns of seed 7 with `args`, recorded to a file
/// named `name` whose `--verify` printed the same object (exit 0).
fn autoplayed_and_verified(name: &str, args: &[&str]) -> serde_json::Map<String, serde_json::Value> {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-autoplayed");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{name}.delverec"));
    let file_arg = file.to_str().unwrap();
    let mut all = vec!["--autoplay", "--seed", "7", "--turns", "300", "--record", file_arg];
    all.extend_from_slice(args);
    let out = delve(&all);
    assert!(out.status.success(), "{}", stderr(&out));
    let played = verdict(&out);
    let out = delve(&["--verify", file_arg]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(verdict(&out), played);
    played
}

#[test]
fn autoplay_begins_as_the_beginning_named_and_verify_says_so() {
    let played = autoplayed_and_verified("rogue", &["--beginning", "rogue"]);
    assert_eq!(played["beginning"], "rogue");
    let out = delve(&["--autoplay", "--seed", "7", "--turns", "50"]);
    assert_eq!(verdict(&out)["beginning"], serde_json::Value::Null);
}

#[test]
fn autoplay_plays_the_mode_named_and_verify_prints_it_and_bad_names_are_refused() {
    let played = autoplayed_and_verified("hard", &["--mode", "hard", "--challenge", "swarm,darkness"]);
    assert_eq!(played["mode"], "hard, darkness+swarm");
    assert_eq!(
        verdict(&delve(&["--autoplay", "--seed", "7", "--turns", "50"]))["mode"],
        "normal"
    );
    for (args, needle) in [
        (
            &["--autoplay", "--mode", "nightmare"][..],
            "no difficulty is called \"nightmare\"",
        ),
        (
            &["--autoplay", "--challenge", "swarm,bees"][..],
            "no challenge is called \"bees\"",
        ),
        (&["--autoplay", "--challenge", "swarm,swarm"][..], "named twice"),
        (&["--daily", "--mode", "easy"][..], "cannot be used with"),
    ] {
        let out = delve(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(needle), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn bad_map_files_are_named_with_line_and_column() {
    let cases: [(&str, &[u8], &str); 6] = [
        ("missing.txt", b"", "cannot read"),
        ("empty.txt", b"", "empty"),
        (
            "glyph.txt",
            b"#####\n#@.x#\n#####\n",
            "line 2, column 4: unknown glyph 'x'",
        ),
        ("ragged.txt", b"#####\n#@.#\n#####\n", "line 2"),
        ("nostart.txt", b"###\n#.#\n###\n", "no '@'"),
        ("twostarts.txt", b"####\n#@@#\n####\n", "line 2, column 3"),
    ];
    for (name, contents, needle) in cases {
        let path = if name == "missing.txt" {
            PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("no/such/map.txt")
        } else {
            temp_file(name, contents)
        };
        assert_usage_error(&["--ascii", "--map", path.to_str().unwrap()], needle);
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    assert_usage_error(&["--ascii", "--map", dir.to_str().unwrap()], "cannot read");
}

#[test]
fn oversized_map_file_is_refused() {
    let row = "#".repeat(1100) + "\n";
    let path = temp_file("wide.txt", row.as_bytes());
    assert_usage_error(&["--ascii", "--map", path.to_str().unwrap()], "1024");
    let tall = "#@#\n".to_owned() + &"###\n".repeat(1100);
    let path = temp_file("tall.txt", tall.as_bytes());
    assert_usage_error(&["--ascii", "--map", path.to_str().unwrap()], "1024");
}

#[test]
fn help_exits_zero() {
    let out = delve(&["--help"]);
    assert!(out.status.success());
    assert!(stdout(&out).contains("--corridors"));
}

#[test]
fn fov_prints_only_what_the_player_sees() {
    let full = stdout(&delve(&["--ascii", "--seed", "9"]));
    let out = delve(&["--ascii", "--fov", "--seed", "9", "--radius", "5"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let seen = stdout(&out);
    assert_eq!(seen.lines().count(), 50);
    assert!(seen.lines().all(|l| l.chars().count() == 80));
    assert_eq!(seen.matches('@').count(), 1);
    // Every shown glyph is the level's own glyph at that place; the rest are spaces.
    let mut shown = 0;
    for (a, b) in seen.chars().zip(full.chars()) {
        assert!(a == ' ' || a == b, "{a:?} where the level has {b:?}");
        shown += usize::from(a != ' ' && a != '\n');
    }
    assert!(shown > 10 && shown < 80 * 50 / 4, "{shown} tiles in view");
    let far = stdout(&delve(&["--ascii", "--fov", "--seed", "9", "--radius", "30"]));
    assert!(far.chars().filter(|&c| c != ' ' && c != '\n').count() >= shown);
}

#[test]
fn fov_and_radius_arguments_are_checked() {
    assert_usage_error(&["--fov", "--seed", "1"], "--ascii");
    assert_usage_error(&["--ascii", "--fov", "--radius", "0"], "--radius");
    assert_usage_error(&["--ascii", "--fov", "--radius", "101"], "--radius");
    assert_usage_error(&["--ascii", "--radius", "ten"], "--radius");
}

#[test]
fn without_a_display_it_says_so_and_exits_2() {
    // A run named on the command line, and the title screen (no arguments).
    for (args, display) in [
        (&["--seed", "1"][..], None),
        (&["--seed", "1"], Some(":4242")),
        (&[], None),
    ] {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_delve"));
        cmd.args(args).env_remove("WAYLAND_DISPLAY");
        match display {
            Some(d) => cmd.env("DISPLAY", d),
            None => cmd.env_remove("DISPLAY"),
        };
        let out = cmd.output().unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{err}");
        let last = err.lines().last().unwrap_or_default();
        assert!(last.contains("no display") && last.contains("--ascii"), "{err}");
    }
}

#[test]
fn depth_prints_that_level_of_the_run() {
    let one = stdout(&delve(&["--ascii", "--seed", "42"]));
    let explicit = stdout(&delve(&["--ascii", "--seed", "42", "--depth", "1"]));
    assert_eq!(one, explicit, "depth 1 is the default");
    assert!(
        one.contains('>') && !one.contains('<'),
        "the first level's stairs up (the way out) are under the '@'"
    );
    let three = delve(&["--ascii", "--seed", "42", "--depth", "3"]);
    assert!(three.status.success(), "{}", stderr(&three));
    let three = stdout(&three);
    assert_ne!(one, three);
    assert!(three.contains('>') && three.contains('@'), "{three}");
    assert!(!three.contains('<'), "the '@' covers the stairs up where you arrive");
    let deepest = stdout(&delve(&["--ascii", "--seed", "42", "--depth", "10"]));
    assert!(!deepest.contains('>'), "the deepest level has no stairs down");
    // The same level however it is asked for, and a deeper level parses back as a map file.
    assert_eq!(three, stdout(&delve(&["--ascii", "--seed", "42", "--depth", "3"])));
    let path = temp_file("depth3.txt", three.as_bytes());
    assert_eq!(stdout(&delve(&["--ascii", "--map", path.to_str().unwrap()])), three);
}

#[test]
fn json_prints_the_level_in_the_documented_schema() {
    let out = delve(&[
        "--json",
        "--seed",
        "42",
        "--depth",
        "3",
        "--size",
        "60x40",
        "--corridors",
        "nethack",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1, "one object on one line");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "seed",
            "depth",
            "width",
            "height",
            "corridors",
            "rows",
            "start",
            "stairs_down",
            "stairs_up",
            "keys",
            "monsters",
            "items",
            "legend",
            "traps",
            "secrets",
            "gold",
            "light"
        ]
    );
    // The light: the depth's ambient, the brightness below which a tile is dark, and a digit a
    // tile (in steps of half the dark's brightness: 0 and 1 dark), torches bright.
    let light = &v["light"];
    assert_eq!(
        light["dark_below"].as_u64(),
        Some(u64::from(delve_core::fov::light::DARK))
    );
    let ambient = delve_core::fov::light::ambient(3);
    assert_eq!(light["ambient"], serde_json::json!([ambient.r, ambient.g, ambient.b]));
    let light_rows: Vec<&str> = strings(&light["rows"]);
    let rows: Vec<&str> = strings(&v["rows"]);
    assert_eq!(light_rows.len(), 40);
    assert!(
        light_rows
            .iter()
            .all(|r| r.len() == 60 && r.chars().all(|c| c.is_ascii_digit()))
    );
    for (row, lit) in rows.iter().zip(&light_rows) {
        for (tile, digit) in row.chars().zip(lit.chars()) {
            assert!(digit >= '2', "level 3 is lit throughout");
            if tile == 'T' {
                assert_eq!(digit, '9', "a torch burns bright");
            }
        }
    }
    assert_eq!((v["seed"].as_u64(), v["depth"].as_u64()), (Some(42), Some(3)));
    // The legend names each glyph the rows use, and no other, in the legend's order.
    let used: std::collections::BTreeSet<char> = v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r.as_str().unwrap().chars().collect::<Vec<_>>())
        .collect();
    let legend = v["legend"].as_object().unwrap();
    let glyphs: Vec<char> = legend.keys().map(|k| k.chars().next().unwrap()).collect();
    let mut sorted = glyphs.clone();
    sorted.sort_by_key(|g| "#.,'+*><\"-~%:=`&Tf".find(*g).unwrap());
    assert_eq!(glyphs, sorted, "in the legend's order");
    assert_eq!(
        glyphs.iter().copied().collect::<std::collections::BTreeSet<char>>(),
        used
    );
    assert_eq!(
        legend["#"],
        serde_json::json!({"name": "wall", "walkable": false, "see_through": false})
    );
    assert_eq!(
        legend["."],
        serde_json::json!({"name": "room floor", "walkable": true, "see_through": true})
    );
    assert_eq!(legend["<"]["name"], "stairs up");
    for (glyph, entry) in legend {
        let keys: Vec<&str> = entry.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys, ["name", "walkable", "see_through"], "{glyph}");
    }
    // Traps by the names tools read; secrets where the rows show the wall they look like.
    let rows_at = |at: &serde_json::Value| {
        let (x, y) = (at[0].as_u64().unwrap() as usize, at[1].as_u64().unwrap() as usize);
        v["rows"][y].as_str().unwrap().as_bytes()[x] as char
    };
    assert!(!v["traps"].as_array().unwrap().is_empty() && !v["secrets"].as_array().unwrap().is_empty());
    for trap in v["traps"].as_array().unwrap() {
        let keys: Vec<&str> = trap.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys, ["at", "kind", "hidden"]);
        assert!(
            ["dart", "alarm", "gas", "net", "trapdoor", "teleport", "fire"].contains(&trap["kind"].as_str().unwrap())
        );
        assert!(legend[&rows_at(&trap["at"]).to_string()]["walkable"].as_bool().unwrap());
    }
    for secret in v["secrets"].as_array().unwrap() {
        assert!(["door", "corridor"].contains(&secret["kind"].as_str().unwrap()));
        assert_eq!(rows_at(&secret["at"]), '#', "a secret shows as wall");
    }
    // Gold: piles on room floor, of a level-3 size.
    let piles = v["gold"].as_array().unwrap();
    assert!(!piles.is_empty());
    for pile in piles {
        assert_eq!(rows_at(&pile["at"]), '.', "{pile}");
        assert!((17..=84).contains(&pile["amount"].as_u64().unwrap()), "{pile}");
    }
    assert_eq!((v["width"].as_u64(), v["height"].as_u64()), (Some(60), Some(40)));
    assert_eq!(v["corridors"], "nethack");
    let rows: Vec<&str> = strings(&v["rows"]);
    assert_eq!(rows.len(), 40);
    assert!(rows.iter().all(|r| r.len() == 60 && !r.contains('@')));
    let at = |p: &serde_json::Value| {
        let xy = p.as_array().unwrap();
        let (x, y) = (xy[0].as_u64().unwrap() as usize, xy[1].as_u64().unwrap() as usize);
        rows[y].as_bytes()[x] as char
    };
    assert_eq!(
        at(&v["start"]),
        '<',
        "below the first level you arrive on the stairs up"
    );
    assert_eq!(v["start"], v["stairs_up"]);
    assert_eq!(at(&v["stairs_down"]), '>');
    for key in v["keys"].as_array().unwrap() {
        assert_eq!(at(&key["at"]), '.', "a key lies on room floor");
        assert_eq!(at(&key["opens"]), '*', "and opens a locked door");
    }
    let locked = rows.iter().map(|r| r.matches('*').count()).sum::<usize>();
    assert_eq!(locked, v["keys"].as_array().unwrap().len());
    let monsters = v["monsters"].as_array().unwrap();
    assert!(!monsters.is_empty(), "a third level has monsters");
    let mut places = std::collections::HashSet::new();
    let mut asleep = 0;
    let mut captives = 0;
    for m in monsters {
        // (An eel in deep water.)
        let ground = if m["kind"] == "eel" { '~' } else { '.' };
        assert_eq!(at(&m["at"]), ground, "a monster stands on room floor: {m}");
        assert!(places.insert(m["at"].to_string()), "two monsters on one tile: {m}");
        let kind = m["kind"].as_str().unwrap();
        assert!(delve_core::world::Kind::ALL.iter().any(|k| k.name() == kind), "{kind}");
        let fields: Vec<&str> = m.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(fields, ["at", "kind", "asleep", "captive", "champion"], "{m}");
        assert!(m["champion"].is_null() || m["champion"].is_string(), "{m}");
        asleep += usize::from(m["asleep"].as_bool().expect("asleep is true or false"));
        captives += usize::from(m["captive"].as_bool().expect("captive is true or false"));
        assert!(
            v["keys"].as_array().unwrap().iter().all(|k| k["at"] != m["at"]),
            "not on a key"
        );
    }
    assert!(asleep <= monsters.len());
    assert!(captives <= 1, "a level holds at most one captive");
    // Items: on room or corridor floor, one a tile, off keys and monsters, class and kind by
    // their true names.
    let items = v["items"].as_array().unwrap();
    assert!(items.len() >= 2, "a level holds items: {items:?}");
    for f in items {
        assert!(matches!(at(&f["at"]), '.' | ','), "an item lies on floor: {f}");
        assert!(places.insert(f["at"].to_string()), "an item shares its tile: {f}");
        assert!(
            v["keys"].as_array().unwrap().iter().all(|k| k["at"] != f["at"]),
            "on a key: {f}"
        );
        let (class, kind) = (f["class"].as_str().unwrap(), f["kind"].as_str().unwrap());
        let known = delve_core::world::ItemKind::ALL
            .iter()
            .find(|k| k.name() == kind)
            .unwrap_or_else(|| panic!("{kind} is no kind"));
        assert_eq!(known.class().name(), class, "{f}");
        assert_eq!(
            f.as_object().unwrap().keys().collect::<Vec<_>>(),
            ["at", "class", "kind"]
        );
    }
    // The rows are the --ascii dump with the stairs where the '@' was, and each secret (`S`, `s`
    // in the dump) as the wall it looks like.
    let ascii = stdout(&delve(&[
        "--ascii",
        "--seed",
        "42",
        "--depth",
        "3",
        "--size",
        "60x40",
        "--corridors",
        "nethack",
    ]));
    assert!(ascii.contains(['S', 's']), "the dump shows the secret");
    assert_eq!(ascii.replace('@', "<").replace(['S', 's'], "#"), rows.join("\n") + "\n");
    // Depth 1 starts on its stairs up (the way out), the deepest has no stairs down.
    let first: serde_json::Value = serde_json::from_str(&stdout(&delve(&["--json", "--seed", "42"]))).unwrap();
    assert!(first["stairs_up"] == first["start"] && first["stairs_down"].is_array() && first["depth"] == 1);
    let last: serde_json::Value =
        serde_json::from_str(&stdout(&delve(&["--json", "--seed", "42", "--depth", "10"]))).unwrap();
    assert!(last["stairs_down"].is_null() && last["stairs_up"].is_array());
}

#[test]
fn explore_prints_the_exploration_in_the_documented_schema() {
    let args = ["--explore", "--seed", "42", "--depth", "2", "--size", "60x40"];
    let out = delve(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1, "one object on one line");
    assert!(text.ends_with('\n'));
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ["turns", "seen", "at"]);
    let seen: Vec<&str> = strings(&v["seen"]);
    assert_eq!(seen.len(), 40, "height rows");
    assert!(seen.iter().all(|r| r.chars().count() == 60), "of width characters");
    // What was seen is the level as it is (every seen tile the same glyph as --json's rows,
    // but doors the explorer opened, which it remembers open), unseen tiles spaces, no `@`.
    let level: serde_json::Value = serde_json::from_str(&stdout(&delve(&[
        "--json", "--seed", "42", "--depth", "2", "--size", "60x40",
    ])))
    .unwrap();
    let rows: Vec<&str> = strings(&level["rows"]);
    let mut unseen = 0;
    for (y, (s, r)) in seen.iter().zip(&rows).enumerate() {
        for (x, (a, b)) in s.chars().zip(r.chars()).enumerate() {
            match (a, b) {
                (' ', _) => unseen += 1,
                ('\'', '+') => {} // opened on the way
                _ => assert_eq!(a, b, "({x}, {y})"),
            }
            assert_ne!(a, '@');
        }
    }
    assert!(unseen > 0, "rock behind walls is never seen");
    let turns = v["turns"].as_u64().unwrap();
    assert!(turns > 50, "every step is a turn ({turns})");
    let at = v["at"].as_array().unwrap();
    let (x, y) = (at[0].as_u64().unwrap() as usize, at[1].as_u64().unwrap() as usize);
    assert!(
        matches!(seen[y].as_bytes()[x], b'.' | b',' | b'\'' | b'<' | b'>'),
        "the explorer stopped on a tile it can stand on"
    );
    // The same arguments, the same exploration.
    assert_eq!(stdout(&delve(&args)), text);
}

#[test]
fn bad_depth_and_json_combinations_are_named() {
    assert_usage_error(&["--ascii", "--depth", "0"], "--depth");
    assert_usage_error(&["--ascii", "--depth", "11"], "--depth");
    assert_usage_error(&["--ascii", "--depth", "deep"], "--depth");
    assert_usage_error(&["--json", "--map", "x.txt"], "--map");
    assert_usage_error(&["--json", "--ascii"], "--ascii");
    assert_usage_error(&["--ascii", "--map", "x.txt", "--depth", "2"], "--depth");
    // The lab opens a window: with a printing option it is a usage error, named.
    for printing in ["--ascii", "--json", "--explore"] {
        assert_usage_error(&["--reveal", printing], "--reveal");
    }
}

#[test]
fn map_files_may_hold_stairs_but_one_of_each() {
    let path = temp_file("stairs.txt", b"#######\n#@.<.>#\n#######\n");
    let out = delve(&["--ascii", "--map", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "#######\n#@.<.>#\n#######\n");
    let two = temp_file("two_stairs.txt", b"#######\n#@>.>.#\n#######\n");
    assert_usage_error(
        &["--ascii", "--map", two.to_str().unwrap()],
        "line 2, column 5: second '>'",
    );
}

/// A save directory holding a run of seed 42 played for a few turns (the library writes it, as
/// the game does).
fn save_dir_with_a_run(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("saves").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    add_run(&dir, 42, 3, 1_000);
    dir
}

/// Saves in `dir` a run of `seed` played for `turns` turns, saved at `saved_at`, named by its
/// seed (the library writes it, as the game does).
fn add_run(dir: &std::path::Path, seed: u64, turns: u32, saved_at: u64) {
    use delve::save::{RunId, Slot, Store, capture};
    use delve_core::save::format;
    let dungeon = delve_core::dungeon::Dungeon::new(delve_core::generation::GenParams::new(
        seed,
        80,
        50,
        delve_core::generation::CorridorStyle::NetHack,
    ))
    .unwrap();
    let mut app = delve::app::headless_app(dungeon);
    for _ in 0..turns {
        app.world_mut()
            .write_message(delve::player::command::PlayerCommand::Wait);
        app.update();
    }
    let mut saved = capture(app.world()).unwrap();
    saved.saved_at = saved_at;
    let bytes = format::encode(&saved);
    Store::Dir(dir.to_owned())
        .write(Slot::Run(RunId(seed)), &bytes)
        .unwrap();
}

#[test]
fn save_info_prints_the_saved_run_as_json() {
    let dir = save_dir_with_a_run("info");
    let out = delve(&["--save-dir", dir.to_str().unwrap(), "--save-info"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1, "one line: {text}");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["seed"], 42);
    assert_eq!(v["depth"], 1);
    assert_eq!(v["turn"], 3);
    assert_eq!(v["version"], delve_core::save::FORMAT);
    assert_eq!(v["corridors"], "nethack");
    assert_eq!((v["width"].as_u64(), v["height"].as_u64()), (Some(80), Some(50)));
    // Fields in their contract's order: the score and gold came last.
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    let order = [
        "seed",
        "depth",
        "turn",
        "version",
        "game",
        "width",
        "height",
        "corridors",
        "hp",
        "max_hp",
        "deepest",
        "slain",
        "score",
        "gold",
    ];
    assert_eq!(keys, order, "{text}");
    assert_eq!(
        (v["score"].as_u64(), v["gold"].as_u64()),
        (Some(100), Some(0)),
        "level 1, no gold yet"
    );
}

#[test]
fn save_info_without_a_save_exits_1_and_with_a_bad_one_exits_2_leaving_it() {
    let empty = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("saves").join("none");
    let _ = std::fs::remove_dir_all(&empty);
    let out = delve(&["--save-dir", empty.to_str().unwrap(), "--save-info"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("no saved run"), "{}", stderr(&out));
    assert!(stdout(&out).is_empty());

    let dir = save_dir_with_a_run("bad");
    let path = dir.join("runs/000000000000002a.sav");
    let mut bytes = std::fs::read(&path).unwrap();
    bytes.truncate(bytes.len() / 2);
    std::fs::write(&path, &bytes).unwrap();
    let out = delve(&["--save-dir", dir.to_str().unwrap(), "--save-info"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("000000000000002a.sav") && err.contains("damaged"), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), bytes, "the file is left as it was");
    assert_eq!(
        std::fs::read_dir(dir.join("runs")).unwrap().count(),
        1,
        "nothing set aside"
    );

    std::fs::write(&path, b"").unwrap();
    let out = delve(&["--save-dir", dir.to_str().unwrap(), "--save-info"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("empty"), "{}", stderr(&out));

    assert_usage_error(&["--save-info", "--seed", "3"], "--seed");
}

#[test]
fn saves_lists_every_saved_run_newest_first_and_names_the_bad_ones() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("saves").join("list");
    let _ = std::fs::remove_dir_all(&dir);
    let out = delve(&["--save-dir", dir.to_str().unwrap(), "--saves"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "[]\n", "no save: an empty list");
    add_run(&dir, 7, 2, 100);
    add_run(&dir, 9, 5, 300);
    add_run(&dir, 8, 1, 200);
    std::fs::write(dir.join("runs/00000000000000ff.sav"), b"DELVE\0SVbroken").unwrap();
    let out = delve(&["--save-dir", dir.to_str().unwrap(), "--saves"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1, "one line: {text}");
    let list: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    let seeds: Vec<_> = list.iter().map(|v| v["seed"].as_u64().unwrap()).collect();
    assert_eq!(seeds, [9, 8, 7], "the most recently saved first");
    assert_eq!(list[0]["id"], "0000000000000009");
    assert_eq!(list[0]["turn"], 5);
    let keys: Vec<&str> = list[0].as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys[11..],
        ["slain", "id", "score", "gold"],
        "id where it was, then what came after"
    );
    assert!(stderr(&out).contains("00000000000000ff.sav"), "{}", stderr(&out));
    // Listing takes no run's lock, and leaves no lock file behind.
    let locks = std::fs::read_dir(dir.join("runs"))
        .unwrap()
        .filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().ends_with(".lock"))
        .count();
    assert_eq!(locks, 0, "a listing made lock files");
    // Files under other names (a sync tool's copy, a backup) are not runs: named on stderr.
    for name in ["0000000000000009 (1).sav", "backup.sav"] {
        std::fs::write(dir.join("runs").join(name), b"?").unwrap();
    }
    let out = delve(&["--save-dir", dir.to_str().unwrap(), "--saves"]);
    assert_eq!(stdout(&out), text, "the same runs listed");
    for name in ["0000000000000009 (1).sav", "backup.sav"] {
        assert!(
            stderr(&out).contains(&format!("{name} is not a run's save")),
            "{}",
            stderr(&out)
        );
    }
    // --save-info is the first of them: the run Continue plays.
    let out = delve(&["--save-dir", dir.to_str().unwrap(), "--save-info"]);
    let info: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let mut first = list[0].clone();
    first.as_object_mut().unwrap().remove("id");
    assert_eq!(info, first);
    assert_usage_error(&["--saves", "--seed", "3"], "--seed");
}

/// The keys of the object `--verify` and `--autoplay` print, in order.
const VERDICT_KEYS: [&str; 14] = [
    "seed",
    "turns",
    "depth",
    "outcome",
    "hash",
    "ok",
    "score",
    "gold",
    "beginning",
    "mode",
    "parent",
    "parent_turn",
    "ghost",
    "parent_matches",
];

fn verdict(out: &Output) -> serde_json::Map<String, serde_json::Value> {
    let text = stdout(out);
    assert_eq!(text.lines().count(), 1, "one line: {text}");
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let object = value.as_object().unwrap().clone();
    let keys: Vec<&str> = object.keys().map(String::as_str).collect();
    assert_eq!(keys, VERDICT_KEYS, "{text}");
    object
}

#[test]
fn autoplay_records_and_verify_replays_to_the_same_hash() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-recordings");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("seed42.delverec");
    let file_arg = file.to_str().unwrap();
    let out = delve(&["--autoplay", "--seed", "42", "--turns", "600", "--record", file_arg]);
    assert!(out.status.success(), "{}", stderr(&out));
    let played = verdict(&out);
    assert_eq!(played["seed"], 42);
    assert_eq!(played["turns"], 600);
    assert_eq!(played["outcome"], "playing");
    assert_eq!(played["ok"], true);
    let depth = played["depth"].as_u64().unwrap();
    assert!(played["score"].as_u64().unwrap() >= 100 * depth, "{played:?}");
    let hash = played["hash"].as_str().unwrap();
    assert!(
        hash.len() == 16 && hash.chars().all(|c| c.is_ascii_hexdigit()),
        "{hash}"
    );
    let out = delve(&["--verify", file_arg]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(verdict(&out), played);
    // A command changed inside the recording is caught at the next checkpoint: exit 3, the turn
    // named. (The change is made through the core, as a tool editing recordings would.)
    let bytes = std::fs::read(&file).unwrap();
    let mut recording = delve_core::save::decode_recording(&bytes).unwrap();
    let mut commands: Vec<_> = recording.recording.commands().collect();
    let at = commands.len() / 2;
    commands[at] = match commands[at] {
        delve_core::run::Command::Act(delve_core::rules::Act::Wait) => {
            delve_core::run::Command::Act(delve_core::rules::Act::Step(delve_core::geom::Dir8::N))
        }
        _ => delve_core::run::Command::Act(delve_core::rules::Act::Wait),
    };
    let checkpoints = recording.recording.checkpoints().to_vec();
    recording.recording = delve_core::run::Recording::from_parts(commands, checkpoints.clone(), None).unwrap();
    let changed = temp_file("changed.delverec", &recording.to_bytes());
    let out = delve(&["--verify", changed.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let next = checkpoints.iter().find(|c| c.commands as usize > at).unwrap();
    assert_eq!(verdict(&out)["ok"], false);
    // At the next checkpoint, or sooner, at the first move it makes impossible (into a wall).
    assert!(
        stderr(&out).contains(&format!("by turn {}", next.turn))
            || stderr(&out).contains("is one no player could have given"),
        "{}",
        stderr(&out)
    );
    // Cut short, empty, or not a recording at all: exit 2, named, never a panic.
    for (name, contents) in [
        ("cut.delverec", &bytes[..bytes.len() / 2]),
        ("empty.delverec", &b""[..]),
        ("text.delverec", &b"hello, world"[..]),
    ] {
        let path = temp_file(name, contents);
        let out = delve(&["--verify", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{name}: {}", stderr(&out));
        assert!(stdout(&out).is_empty());
        assert!(
            stderr(&out).contains(name) && stderr(&out).lines().count() == 1,
            "{}",
            stderr(&out)
        );
    }
    // Text is no save and no recording: said so, not only "not a save".
    let text = temp_file("plain.txt", b"hello, world, this is not a run");
    let out = delve(&["--verify", text.to_str().unwrap()]);
    assert!(
        stderr(&out).contains("neither a Delve recording nor a Delve save"),
        "{}",
        stderr(&out)
    );
    assert_usage_error(&["--verify", "/no/such/recording"], "cannot read");
    // Made under other rules: refused by name (exit 2), never reported as a desync.
    let mut other = delve_core::save::decode_recording(&bytes).unwrap();
    other.rules = delve_core::run::RULES + 1;
    let path = temp_file("other-rules.delverec", &other.to_bytes());
    let out = delve(&["--verify", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let why = stderr(&out);
    assert!(
        why.contains(&format!("under rules {}", delve_core::run::RULES + 1))
            && why.contains(&format!("this Delve plays rules {}", delve_core::run::RULES)),
        "{why}"
    );
}

#[test]
fn the_daily_dungeon_is_the_days_seed() {
    let out = delve(&["--daily", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let today = delve::save::today();
    let value: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(value["seed"], delve_core::run::daily_seed(today));
    assert_eq!(
        (value["width"].as_u64(), value["height"].as_u64()),
        (Some(80), Some(50))
    );
    assert!(stderr(&out).contains(&format!("the daily dungeon of {today}")));
    assert_usage_error(&["--daily", "--seed", "3"], "--seed");
    // With the challenge of the day: the day's daily, played in that mode.
    let out = delve(&["--daily", "--challenge-of-the-day", "--autoplay", "--turns", "20"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let mode = delve_core::run::daily_challenge_mode(today);
    assert_eq!(verdict(&out)["mode"], mode.name());
    assert_eq!(verdict(&out)["seed"], delve_core::run::daily_seed(today));
    assert_usage_error(&["--challenge-of-the-day", "--seed", "3"], "--daily");
    assert_usage_error(&["--turns", "5"], "--autoplay");
    assert_usage_error(&["--autoplay", "--turns", "0"], "--turns");
}

/// A recording of `seed`'s bot run of `turns` turns, as `--record` writes it.
fn recorded(seed: &str, turns: &str, name: &str) -> (PathBuf, Vec<u8>) {
    let path = temp_file(name, b"");
    let out = delve(&[
        "--autoplay",
        "--seed",
        seed,
        "--turns",
        turns,
        "--record",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let bytes = std::fs::read(&path).unwrap();
    (path, bytes)
}

#[test]
fn verify_refuses_a_move_no_player_could_make_and_bytes_after_the_end() {
    use delve_core::run::{Checkpoint, Command, Recording};
    let (_, bytes) = recorded("17", "200", "impossible-base.delverec");
    // One command more: a door closed from far off (here, a tile no door is next to).
    let mut file = delve_core::save::decode_recording(&bytes).unwrap();
    let mut commands: Vec<Command> = file.recording.commands().collect();
    commands.push(Command::Act(delve_core::rules::Act::Close(delve_core::geom::Pos::new(
        500, 500,
    ))));
    let number = commands.len();
    file.recording = Recording::from_parts(commands, file.recording.checkpoints().to_vec(), None).unwrap();
    file.end = Checkpoint {
        commands: number as u32,
        ..file.end
    };
    let path = temp_file("impossible.delverec", &file.to_bytes());
    let out = delve(&["--verify", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert_eq!(verdict(&out)["ok"], false);
    let said = stderr(&out);
    assert!(
        said.contains(&format!("command {number} (Act(Close")) && said.contains(&format!("on turn {}", file.end.turn)),
        "{said}"
    );
    // The same recording twice in one file: refused (exit 2), not verified by its first half.
    let twice = temp_file("twice.delverec", &[bytes.clone(), bytes].concat());
    let out = delve(&["--verify", twice.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("after its end"), "{}", stderr(&out));
}

#[test]
#[allow(
    unsafe_code,
    reason = "the child's file size limit is set between fork and exec through libc"
)]
fn a_recording_that_cannot_be_written_whole_leaves_the_one_there() {
    use std::os::unix::process::CommandExt;
    let (path, before) = recorded("5", "400", "full-disk.delverec");
    // The next recording to the same file, with room for 64 bytes only (as a full disk): the
    // write fails, and the recording there is as it was, nothing left beside it.
    let mut command = Command::new(env!("CARGO_BIN_EXE_delve"));
    command.args([
        "--autoplay",
        "--seed",
        "6",
        "--turns",
        "400",
        "--record",
        path.to_str().unwrap(),
    ]);
    // SAFETY: between fork and exec only `setrlimit` is called (async-signal-safe). SIGXFSZ is
    // left as a shell leaves it (it kills by default): Delve ignores it itself, so that the write
    // fails and is said rather than the process killed mid-save.
    unsafe {
        command.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: 64,
                rlim_max: 64,
            };
            libc::setrlimit(libc::RLIMIT_FSIZE, &limit);
            Ok(())
        });
    }
    let out = command.output().unwrap();
    {
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(out.status.signal(), None, "killed by a signal: {:?}", out.status);
    }
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("cannot write the recording"), "{}", stderr(&out));
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "the recording there is kept whole"
    );
    let beside: Vec<String> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("full-disk") && n.ends_with(".tmp"))
        .collect();
    assert!(beside.is_empty(), "{beside:?}");
}

/// A JSON array of strings (`--json`'s rows) as `&str`s.
fn strings(v: &serde_json::Value) -> Vec<&str> {
    v.as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect()
}

#[test]
fn verify_names_a_branchs_parent_and_checks_it_against_the_parent_given() {
    // A bot's run, and a branch of it: its replay taken over on turn 200 and played on.
    let parent_run = {
        let spec = delve_core::run::RunSpec::seeded(delve_core::generation::GenParams::new(
            11,
            80,
            50,
            delve_core::generation::CorridorStyle::Mixed,
        ));
        let mut run = spec.begin().unwrap().with_sight(delve_core::fov::DEFAULT_RADIUS);
        delve_core::bot::Bot::player().play_until(&mut run, 500);
        run
    };
    let parent_bytes = delve_core::save::encode_recording(&parent_run).unwrap();
    let file = delve_core::save::decode_recording(&parent_bytes).unwrap();
    let (mut branch, mut replay) = delve_core::run::Replay::begin(&file.spec, &file.recording, None).unwrap();
    while branch.turn() < 200 {
        replay.step(&mut branch).unwrap();
    }
    let turn = branch.turn();
    branch.take_over(delve_core::save::digest(&parent_bytes));
    for _ in 0..30 {
        branch.play(delve_core::rules::Act::Wait).unwrap();
    }
    let parent = temp_file("parent.delverec", &parent_bytes);
    let child = temp_file("branch.delverec", &delve_core::save::encode_recording(&branch).unwrap());
    let (parent, child) = (parent.to_str().unwrap(), child.to_str().unwrap());

    // Its object ends with the parent and the turn; unchecked without --parent.
    let out = delve(&["--verify", child]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = verdict(&out);
    let digest = delve_core::save::digest(&parent_bytes).hex();
    assert_eq!(v["parent"], digest.as_str());
    assert_eq!(v["parent_turn"], turn);
    assert_eq!(v["ghost"], serde_json::Value::Null);
    assert_eq!(v["parent_matches"], serde_json::Value::Null);
    // Checked against its parent: it matches.
    let out = delve(&["--verify", child, "--parent", parent]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(verdict(&out)["parent_matches"], true);
    // Against another recording: exit 3, saying what differs.
    let out = delve(&["--verify", child, "--parent", child]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert_eq!(verdict(&out)["parent_matches"], false);
    assert!(stderr(&out).contains("not a branch of its parent"), "{}", stderr(&out));
    // A run of its own names no parent: null, and --parent with it is a usage error.
    let out = delve(&["--verify", parent]);
    assert_eq!(verdict(&out)["parent"], serde_json::Value::Null);
    let out = delve(&["--verify", parent, "--parent", child]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("taken over from no replay"), "{}", stderr(&out));
    // --parent without --verify, or naming no file: exit 2, named.
    let out = delve(&["--parent", parent]);
    assert_eq!(out.status.code(), Some(2));
    let out = delve(&["--verify", child, "--parent", "/no/such/file"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("/no/such/file"), "{}", stderr(&out));
}

#[test]
fn race_names_a_recording_it_cannot_race() {
    let garbage = temp_file("not-a-recording.delverec", b"this is not a recording");
    for (source, says) in [
        ("/no/such/recording.delverec", "/no/such/recording.delverec"),
        (garbage.to_str().unwrap(), "cannot be raced"),
        // Loopback's discard port: nothing answers there.
        ("http://127.0.0.1:9/api/runs/1/recording", "cannot be reached"),
    ] {
        let out = delve(&["--race", source]);
        assert_eq!(out.status.code(), Some(2), "{source}: {}", stderr(&out));
        assert!(stderr(&out).contains(says), "{source}: {}", stderr(&out));
    }
    // With the options of a run of another's making: a usage error.
    let out = delve(&["--race", "x.delverec", "--seed", "3"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn watch_and_live_name_what_they_cannot_follow_or_reach() {
    for (url, says) in [
        ("not-an-address", "names no live run"),
        ("http://127.0.0.1:9/api/live/x", "names no live run"),
        ("http://127.0.0.1:9/", "names no live run"),
        // Loopback's discard port: nothing answers there.
        ("http://127.0.0.1:9/api/live/1", "cannot be reached"),
        ("http://127.0.0.1:9/?watch=1", "cannot be reached"),
    ] {
        let out = delve(&["--watch", url]);
        assert_eq!(out.status.code(), Some(2), "{url}: {}", stderr(&out));
        assert!(stderr(&out).contains(says), "{url}: {}", stderr(&out));
    }
    // With a run of its own to play: a usage error.
    let out = delve(&["--watch", "http://127.0.0.1:9/api/live/1", "--seed", "3"]);
    assert_eq!(out.status.code(), Some(2));
    // Live to what is no board's address.
    let out = delve(&["--live", "ftp://board.example", "--seed", "3"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let out = delve(&["--live", "http://127.0.0.1:9", "--verify", "x.delverec"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

//! The docs' tables of monsters, items and traps are the kinds' rows: each is written out from
//! the table in the core (`Kind::stats`, `ItemKind::stats`, `TrapKind::stats`) and must stand in docs/playing.md as it
//! is, so a kind changed or added without its docs fails here (the message gives the table to
//! paste). Every kind has a letter of its own.

use delve_core::world::{Beginning, Boon, Challenge, Class, Difficulty, Doors, Feat, ItemKind, Kind, TrapKind};

fn playing_md() -> String {
    std::fs::read_to_string(format!("{}/../docs/playing.md", env!("CARGO_MANIFEST_DIR"))).expect("docs/playing.md")
}

fn range(lo: i32, hi: i32) -> String {
    if hi == 0 { "—".into() } else { format!("{lo}–{hi}") }
}

/// The monsters' table, in the order a run meets them (by the first level each is found on).
fn monster_table() -> String {
    let mut kinds = Kind::ALL.to_vec();
    // (A kind found on no level, only summoned, comes last.)
    kinds.sort_by_key(|k| (k.stats().weight == 0, k.stats().depths.0));
    let mut out = String::from(
        "| kind | letter | hit points | damage | to hit | speed | notices you from | doors | levels | worth | what it does |\n\
         | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n",
    );
    for kind in kinds {
        let s = kind.stats();
        let speed = match s.speed {
            200 => "fast: two moves a turn",
            100 => "normal",
            50 => "slow: a move every other turn",
            _ => panic!("{kind:?}: a speed the table has no words for"),
        };
        let doors = match s.doors {
            Doors::Stopped => "stopped",
            Doors::Opens => "opens",
            Doors::Smashes => "smashes them, locked ones too",
        };
        let to_hit = if s.to_hit == 0 {
            "—".into()
        } else {
            format!("{} %", s.to_hit)
        };
        let levels = if s.weight == 0 {
            "summoned".to_owned()
        } else {
            format!("{}–{}", s.depths.0, s.depths.1)
        };
        out.push_str(&format!(
            "| {} | {} | {} | {} | {to_hit} | {speed} | {} | {doors} | {levels} | {} | {} {} |\n",
            s.name,
            s.look.glyph,
            s.max_hp,
            range(s.damage.0, s.damage.1),
            s.sight,
            s.worth(),
            s.about,
            s.habit.sentence(),
        ));
    }
    out
}

/// The items' table, in kind order.
fn item_table() -> String {
    let mut out = String::from(
        "| class | kind | found as | to hit | damage | armour | what it does |\n\
         | --- | --- | --- | --- | --- | --- | --- |\n",
    );
    for kind in ItemKind::ALL {
        let s = kind.stats();
        let found = match (s.class, s.found) {
            (Class::Ring, (lo, hi)) => format!("±{lo}–{hi}"),
            (Class::Staff | Class::Charm, (lo, hi)) if lo == hi => format!("level {lo}"),
            (Class::Staff | Class::Charm, (lo, hi)) => format!("level {lo}–{hi}"),
            (Class::Wand, (lo, hi)) => format!("{lo}–{hi} charges"),
            (_, (1, 1)) => "1".to_owned(),
            (_, (lo, hi)) => format!("{lo}–{hi}"),
        };
        let to_hit = match s.to_hit {
            0 => "—".to_owned(),
            100 => "always".to_owned(),
            t => format!("{t:+} %"),
        };
        out.push_str(&format!(
            "| {} | {} | {found} | {to_hit} | {} | {} | {} |\n",
            s.class.name(),
            s.name,
            range(s.damage.0, s.damage.1),
            range(0, s.armour),
            s.about,
        ));
    }
    out
}

/// The beginnings' table, in table order.
fn beginning_table() -> String {
    let mut out = String::from(
        "| beginning | first boon | what it is |\n\
         | --- | --- | --- |\n",
    );
    for b in Beginning::ALL {
        let s = b.stats();
        out.push_str(&format!("| {} | {} | {} |\n", s.name, s.boon.name(), s.about));
    }
    out
}

/// The difficulties' and the challenges' tables, in table order.
fn mode_tables() -> String {
    let mut out = String::from("| difficulty | what it does |\n| --- | --- |\n");
    for d in Difficulty::ALL {
        out.push_str(&format!("| {} | {} |\n", d.row().name, d.row().about));
    }
    out.push_str("\n| challenge | what it does |\n| --- | --- |\n");
    for c in Challenge::ALL {
        out.push_str(&format!("| {} | {} |\n", c.row().name, c.row().about));
    }
    out
}

/// The boons' table, in table order.
fn boon_table() -> String {
    let mut out = String::from(
        "| boon | taken at most | what it does |\n\
         | --- | --- | --- |\n",
    );
    for boon in Boon::ALL {
        let s = boon.stats();
        let about = match s.needs {
            Some((first, 1)) => format!("{} (After {}.)", s.about, first.name()),
            Some((first, n)) => format!("{} (After {} taken {n} times.)", s.about, first.name()),
            None => s.about.to_owned(),
        };
        out.push_str(&format!("| {} | {} | {about} |\n", s.name, s.most));
    }
    out
}

/// The feats' table, in table order.
fn feat_table() -> String {
    let mut out = String::from(
        "| feat | earned by |\n\
         | --- | --- |\n",
    );
    for feat in Feat::ALL {
        let (name, what) = feat.words();
        out.push_str(&format!("| {name} | {what} |\n"));
    }
    out
}

/// The traps' table, by the first level each is laid on (then kind order).
fn trap_table() -> String {
    let mut kinds = TrapKind::ALL.to_vec();
    kinds.sort_by_key(|k| k.stats().from_depth);
    let mut out = String::from(
        "| trap | letter | from level | what it does |\n\
         | --- | --- | --- | --- |\n",
    );
    for kind in kinds {
        let s = kind.stats();
        out.push_str(&format!(
            "| {} | {} | {} | {} |\n",
            kind.key(),
            s.letter,
            s.from_depth,
            s.words
        ));
    }
    out
}

#[test]
fn the_docs_tables_are_the_kinds_rows() {
    let docs = playing_md();
    for (what, table) in [
        ("monsters", monster_table()),
        ("items", item_table()),
        ("traps", trap_table()),
        ("boons", boon_table()),
        ("beginnings", beginning_table()),
        ("feats", feat_table()),
        ("modes", mode_tables()),
    ] {
        assert!(
            docs.contains(&table),
            "docs/playing.md's table of {what} is not the rows'; it should read:\n\n{table}"
        );
    }
}

#[test]
fn every_kind_has_a_letter_and_a_tile_of_its_own() {
    let letters: std::collections::HashSet<char> = Kind::ALL.iter().map(|k| k.stats().look.glyph).collect();
    assert_eq!(letters.len(), Kind::ALL.len(), "a letter each");
    let tiles: std::collections::HashSet<u32> = Kind::ALL.iter().map(|k| k.stats().look.tile).collect();
    assert_eq!(tiles.len(), Kind::ALL.len(), "a tile each");
    for kind in ItemKind::ALL {
        assert!(!kind.stats().about.is_empty(), "{kind:?} is described");
    }
    for kind in Kind::ALL {
        assert!(!kind.stats().about.is_empty(), "{kind:?} is described");
    }
}

//! The story of a run (after DCSS's morgue file and Brogue's summary): a short text kept beside
//! the history when a run ends, with the seed and the Delve that played it, how deep it went and
//! how long it lasted, what it killed by kind, what it carried, its last messages, and the level
//! where it ended as the player remembered it, drawn in the ASCII legend.

use std::fmt::Write;

use super::history::PastRun;
use crate::run::{RULES, Run};
use crate::world::Kind;

/// How many of the last messages the story keeps.
pub const LAST_MESSAGES: usize = 12;

/// The allies on the player's level (at its side at the end of a run), and what each did: "goblin
/// (8 of 12 hit points, 3 kills)". The story and the summary tell them.
pub fn allies(run: &Run) -> Vec<String> {
    run.dungeon()
        .level()
        .monsters
        .iter()
        .filter_map(|m| match m.mind {
            crate::world::Mind::Ally { kills, .. } => Some(format!(
                "{} ({} of {} hit points, {kills} {})",
                m.kind.name(),
                m.hp,
                m.max_hp(),
                if kills == 1 { "kill" } else { "kills" }
            )),
            _ => None,
        })
        .collect()
}

/// The story of `run` (ended or not), told as plain text.
pub fn story(run: &Run) -> String {
    let past = PastRun::of_run(run, 0);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "The story of a run of Delve {} (rules {RULES})",
        env!("CARGO_PKG_VERSION")
    );
    let _ = writeln!(out);
    let _ = writeln!(out, "Run:     {}", past.run);
    if let Some(date) = run.daily() {
        let _ = writeln!(out, "Daily:   the daily dungeon of {date}");
    }
    let ending = match run.record().ending {
        Some(_) => past.ending.clone(),
        None => format!("still going, on depth {}", run.dungeon().depth()),
    };
    let _ = writeln!(out, "Ending:  {ending}");
    let _ = writeln!(out, "Score:   {}", run.score());
    let _ = writeln!(out, "Gold:    {}", run.player().gold);
    let _ = writeln!(out, "Turns:   {}", run.turn());
    let _ = writeln!(out, "Deepest: level {}", run.record().deepest);
    let _ = writeln!(
        out,
        "HP:      {} of {}",
        run.player().health.hp.max(0),
        run.player().health.max
    );
    let growth = &run.player().growth;
    let _ = writeln!(out, "Level:   {}", growth.describe());
    if !growth.boons.is_empty() {
        let names: Vec<&str> = growth.boons.iter().map(|b| b.name()).collect();
        let _ = writeln!(out, "Boons:   {}", names.join(", "));
    }
    let allies = allies(run);
    if !allies.is_empty() {
        let _ = writeln!(out, "Allies:  {}", allies.join(", "));
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "Feats:");
    if past.feats.is_empty() {
        let _ = writeln!(out, "  none");
    }
    for feat in &past.feats {
        let (name, what) = feat.words();
        let _ = writeln!(out, "  {name}: {what}");
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "Slain: {}", run.record().slain);
    for kind in Kind::ALL {
        let n = run.record().kills[kind.id() as usize];
        if n > 0 {
            let _ = writeln!(out, "  {n:>4} {}", kind.name());
        }
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "Carried:");
    if past.carried.is_empty() {
        let _ = writeln!(out, "  nothing");
    }
    for thing in &past.carried {
        let _ = writeln!(out, "  {thing}");
    }
    if run.player().carrying.relic {
        let _ = writeln!(out, "  the Heartstone");
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "Last messages:");
    for (turn, line) in run.log().recent(LAST_MESSAGES) {
        let _ = writeln!(out, "  [turn {turn:>5}] {line}");
    }
    let _ = writeln!(out);
    let depth = run.dungeon().depth();
    let _ = writeln!(
        out,
        "Level {depth}, as remembered (the ASCII legend; @ is where the run ended, blank is unseen):"
    );
    out.push_str(&remembered_level(run));
    out
}

/// A line to share when a run ends, with no spoiler of its levels: the daily's date (or the
/// run's seed), how it ended, the depth, the score, the turns and the kills.
/// "Delve daily 2026-11-24: killed by a goblin on level 4, score 912, 1234 turns, 12 slain."
pub fn share_line(run: &Run) -> String {
    let what = match run.daily() {
        Some(date) => format!("Delve daily {date}"),
        None => format!("Delve, {}", run.dungeon().describe()),
    };
    let ending = match &run.record().ending {
        Some(crate::world::Ending::Won) => format!("escaped with the Heartstone from level {}", run.record().deepest),
        Some(crate::world::Ending::Died { by }) => format!("killed by {by} on depth {}", run.dungeon().depth()),
        None => format!("still going on depth {}", run.dungeon().depth()),
    };
    format!(
        "{what}: {ending}, score {}, {} turns, {} slain.",
        run.score(),
        run.turn(),
        run.record().slain
    )
}

/// The level the player is on as it remembers it: every remembered tile in the ASCII legend,
/// unseen tiles blank, `@` where the player stands; cut to the rows and columns that hold
/// anything, rows trimmed of trailing blanks.
fn remembered_level(run: &Run) -> String {
    let depth = run.dungeon().depth();
    let map = &run.dungeon().level().map;
    let memory = run.player().memory.level(depth);
    let glyph = |p: crate::geom::Pos| {
        if p == run.player().at {
            '@'
        } else {
            memory.and_then(|m| m.get(p)).map_or(' ', |t| t.glyph())
        }
    };
    let rows: Vec<String> = (0..map.height() as i32)
        .map(|y| {
            let row: String = (0..map.width() as i32)
                .map(|x| glyph(crate::geom::Pos::new(x, y)))
                .collect();
            row.trim_end().to_owned()
        })
        .collect();
    let first = rows.iter().position(|r| !r.is_empty()).unwrap_or(0);
    let last = rows.iter().rposition(|r| !r.is_empty()).unwrap_or(0);
    let rows = &rows[first..=last];
    let indent = rows
        .iter()
        .filter(|r| !r.is_empty())
        .map(|r| r.len() - r.trim_start().len())
        .min()
        .unwrap_or(0);
    let mut out = String::new();
    for row in rows {
        out.push_str(row.get(indent..).unwrap_or(""));
        out.push('\n');
    }
    out
}

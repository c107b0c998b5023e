//! The run history (the finished runs, newest first) and a finished run's story, from which it
//! is replayed, or raced: a new run of its dungeon with its ghost.

use super::{Context, Menu, Outcome, PAST_SHOWN, Page, Row};

pub(super) fn rows(ctx: &Context) -> Vec<Row> {
    (0..ctx.past.len().min(PAST_SHOWN)).map(Row::Past).collect()
}

/// A story's choices (and Back).
pub(super) fn story_rows() -> Vec<Row> {
    vec![Row::Replay, Row::Race]
}

pub(super) fn label(row: Row, ctx: &Context) -> String {
    match row {
        Row::Past(i) => {
            let (line, kept) = ctx.past.get(i).cloned().unwrap_or_default();
            let mut line = shortened(&line, 96);
            if kept {
                line.push_str("  [story, replay]");
            }
            line
        }
        Row::Replay => "Replay this run".into(),
        Row::Race => "Race its ghost: a new run of its dungeon, the ghost walking where it walked".into(),
        _ => String::new(),
    }
}

/// `line` in at most `most` characters, cut between words with "..." where it is longer (it was
/// cut mid-word: "killed by a go").
fn shortened(line: &str, most: usize) -> String {
    if line.chars().count() <= most {
        return line.to_owned();
    }
    let head: String = line.chars().take(most.saturating_sub(4)).collect();
    let cut = head.trim_end_matches(|c: char| !c.is_whitespace()).trim_end();
    let cut = if cut.is_empty() { head.as_str() } else { cut };
    format!("{} ...", cut.trim_end_matches([',', ';', ':']))
}

pub(super) fn enter(menu: &mut Menu, row: Row, ctx: &Context) -> Outcome {
    match row {
        Row::Past(i) => match ctx.past.get(i) {
            Some((_, true)) => menu.open_story(i, Page::History),
            _ => menu.note = Some("This run's recording and story are no longer kept.".into()),
        },
        Row::Replay => {
            if let Page::Story(i) = menu.page {
                return Outcome::Replay(i);
            }
        }
        Row::Race => {
            if let Page::Story(i) = menu.page {
                return Outcome::Race(i);
            }
        }
        _ => {}
    }
    Outcome::Nothing
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_long_line_is_cut_between_words() {
        let line = "2026-11-28  daily 2026-11-28, seed 1 (80x50, mixed): score 310, level 3, 812 turns, 9 slain, killed by a goblin on level 3";
        let short = super::shortened(line, 96);
        assert!(short.chars().count() <= 96, "{short}");
        assert!(short.ends_with(" ..."), "{short}");
        let kept = short.trim_end_matches(" ...");
        assert!(
            line.starts_with(kept) && line[kept.len()..].starts_with(' '),
            "cut mid-word: {short}"
        );
        assert_eq!(super::shortened("short", 96), "short");
    }
}

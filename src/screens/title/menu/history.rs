//! The run history (the finished runs, newest first) and a finished run's story, from which it
//! is replayed.

use super::{Context, Menu, Outcome, PAST_SHOWN, Page, Row};

pub(super) fn rows(ctx: &Context) -> Vec<Row> {
    (0..ctx.past.len().min(PAST_SHOWN)).map(Row::Past).collect()
}

/// A story's one choice (and Back).
pub(super) fn story_rows() -> Vec<Row> {
    vec![Row::Replay]
}

pub(super) fn label(row: Row, ctx: &Context) -> String {
    match row {
        Row::Past(i) => {
            let (line, kept) = ctx.past.get(i).cloned().unwrap_or_default();
            let mut line: String = line.chars().take(96).collect();
            if kept {
                line.push_str("  [story, replay]");
            }
            line
        }
        Row::Replay => "Replay this run".into(),
        _ => String::new(),
    }
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
        _ => {}
    }
    Outcome::Nothing
}

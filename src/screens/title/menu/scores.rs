//! The high scores page: the best runs of all and of today's daily, each opening its story.

use super::{Context, Menu, Outcome, Page, Row};

/// A line of the high scores page.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct HighScore {
    /// What the page shows: the place, the score and the run's history line.
    pub line: String,
    /// The run's place in `TitleData::past` (newest first): its story and replay.
    pub past: usize,
    /// Whether its recording and story are kept.
    pub kept: bool,
}

pub(super) fn rows(ctx: &Context) -> Vec<Row> {
    (0..ctx.scores.len()).map(Row::Score).collect()
}

pub(super) fn label(row: Row, ctx: &Context) -> String {
    let Row::Score(k) = row else {
        return String::new();
    };
    let Some(high) = ctx.scores.get(k) else {
        return String::new();
    };
    let mut line: String = high.line.chars().take(96).collect();
    if high.kept {
        line.push_str("  [story]");
    }
    line
}

pub(super) fn enter(menu: &mut Menu, row: Row, ctx: &Context) -> Outcome {
    if let Row::Score(k) = row {
        match ctx.scores.get(k) {
            Some(high) if high.kept => menu.open_story(high.past, Page::Scores),
            _ => menu.note = Some("This run's recording and story are no longer kept.".into()),
        }
    }
    Outcome::Nothing
}

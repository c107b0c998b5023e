//! The saved runs page (any saved run to go on with), and the page that asks before a new run
//! moves the oldest saved run to the history.

use super::{Context, Menu, Outcome, Row, new_run};

pub(super) fn rows(ctx: &Context) -> Vec<Row> {
    (0..ctx.saved.len()).map(Row::Saved).collect()
}

/// The retiring page's one choice (and Back).
pub(super) fn retire_rows() -> Vec<Row> {
    vec![Row::RetireAndStart]
}

pub(super) fn label(row: Row, ctx: &Context) -> String {
    match row {
        Row::Saved(i) => ctx.saved.get(i).cloned().unwrap_or_default(),
        Row::RetireAndStart => format!(
            "Move the oldest, {}, to the history as abandoned, and start",
            ctx.full.unwrap_or("")
        ),
        _ => String::new(),
    }
}

pub(super) fn enter(menu: &Menu, row: Row) -> Outcome {
    match row {
        Row::Saved(i) => Outcome::Resume(i),
        Row::RetireAndStart => new_run::start(menu, true),
        _ => Outcome::Nothing,
    }
}

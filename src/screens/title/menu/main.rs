//! The title's main page: Continue, the saved runs, a new run, the daily, the settings, the
//! history, the high scores, the feats, the tutorial and Quit.

use super::{Context, Daily, Menu, Outcome, Page, Row};

/// Its rows: Continue and the saved runs only when there are some, Quit only where it can.
pub(super) fn rows(ctx: &Context) -> Vec<Row> {
    let mut rows = Vec::new();
    if ctx.resume.is_some() {
        rows.push(Row::Continue);
    }
    if !ctx.saved.is_empty() {
        rows.push(Row::SavedRuns);
    }
    rows.extend([
        Row::NewRun,
        Row::Daily,
        Row::Settings,
        Row::History,
        Row::Scores,
        Row::Feats,
        // Always on the menu; the first time, the title's notice points to it too.
        Row::Tutorial,
    ]);
    if ctx.can_quit {
        rows.push(Row::Quit);
    }
    rows
}

pub(super) fn label(row: Row, ctx: &Context) -> String {
    match row {
        Row::Continue => format!(
            "Continue: {}",
            ctx.resume.and_then(|i| ctx.saved.get(i)).map_or("", String::as_str)
        ),
        Row::SavedRuns => format!("Saved runs ({})", ctx.saved.len()),
        Row::NewRun => "New run".into(),
        Row::Daily => match ctx.daily {
            Daily::Fresh => format!("Daily dungeon: {}", ctx.today),
            Daily::Saved(_) => format!("Continue today's daily: {}", ctx.today),
            Daily::Played => format!("Daily dungeon: {} (played: a practice run)", ctx.today),
        },
        Row::Tutorial if ctx.newcomer => "Learn to play: the tutorial (start here)".into(),
        Row::Tutorial => "Learn to play (the tutorial)".into(),
        Row::Scores => "High scores".into(),
        Row::Feats => "Feats".into(),
        Row::Settings => "Settings".into(),
        Row::History => "Run history".into(),
        Row::Quit => "Quit".into(),
        _ => String::new(),
    }
}

pub(super) fn enter(menu: &mut Menu, row: Row, ctx: &Context) -> Outcome {
    match row {
        Row::Continue => return ctx.resume.map_or(Outcome::Nothing, Outcome::Resume),
        Row::SavedRuns => menu.open(Page::SavedRuns),
        Row::NewRun => menu.open(Page::NewRun),
        Row::Settings => menu.open(Page::Settings),
        Row::History => menu.open(Page::History),
        Row::Scores => menu.open(Page::Scores),
        Row::Feats => menu.open(Page::Feats),
        // One daily a day: the one begun goes on, and one played is practised, off its scores.
        Row::Daily if let Daily::Saved(i) = ctx.daily => return Outcome::Resume(i),
        Row::Daily if ctx.full.is_some() => {
            menu.note = Some(format!(
                "{} runs are saved, the most kept: finish one, or start a New run (which offers to retire the oldest), first.",
                ctx.saved.len()
            ));
        }
        Row::Daily if ctx.daily == Daily::Played => return Outcome::Practice,
        Row::Daily => return Outcome::Daily,
        Row::Quit => return Outcome::Quit,
        Row::Tutorial => return Outcome::Tutorial,
        _ => {}
    }
    Outcome::Nothing
}

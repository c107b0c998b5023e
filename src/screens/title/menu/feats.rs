//! The feats page: every feat, and which were earned on this machine.

use super::{Context, Row};

pub(super) fn rows(ctx: &Context) -> Vec<Row> {
    (0..ctx.feats.len()).map(Row::Feat).collect()
}

pub(super) fn label(row: Row, ctx: &Context) -> String {
    match row {
        Row::Feat(k) => ctx.feats.get(k).cloned().unwrap_or_default(),
        _ => String::new(),
    }
}

//! What a screen or an overlay says to a screen reader, as data: its lines in reading order and
//! which of them the cursor is on. Each puts one `Spoken` on its root entity, built from the
//! same words it draws (a menu's rows, a panel's lines); the browser's page mirrors these
//! (`web::speech`), never the drawn text, so the cursor is known, not guessed from a mark.

use bevy::prelude::*;

/// A screen's words for a screen reader.
#[derive(Component, Clone, Debug, Default, PartialEq, Eq)]
pub struct Spoken {
    /// Every line, top to bottom.
    pub lines: Vec<String>,
    /// The line the cursor is on, if the screen has one.
    pub cursor: Option<usize>,
}

impl Spoken {
    /// `lines`, without a cursor. A line of several (`"a\nb"`) is read as its lines; blank
    /// lines are left out.
    pub fn new<S: Into<String>>(lines: impl IntoIterator<Item = S>) -> Self {
        let mut spoken = Spoken::default();
        for line in lines {
            spoken.push(line);
        }
        spoken
    }

    /// A line more (each of its own lines, blank ones left out).
    pub fn push(&mut self, line: impl Into<String>) {
        let line = line.into();
        self.lines.extend(
            line.lines()
                .map(|l| {
                    l.split('\t')
                        .map(str::trim)
                        .filter(|c| !c.is_empty())
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .filter(|l| !l.is_empty()),
        );
    }

    /// A line more, where the cursor is.
    pub fn push_cursor(&mut self, line: impl Into<String>) {
        self.push(line);
        self.cursor = self.lines.len().checked_sub(1);
    }

    /// The lines as the page shows them: the cursor's marked "> ".
    pub fn marked(&self) -> Vec<String> {
        self.lines
            .iter()
            .enumerate()
            .map(|(i, l)| {
                if Some(i) == self.cursor {
                    format!("> {l}")
                } else {
                    l.clone()
                }
            })
            .collect()
    }

    /// The cursor's line, marked, if there is one.
    pub fn at_cursor(&self) -> Option<String> {
        self.cursor.and_then(|i| self.lines.get(i)).map(|l| format!("> {l}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_split_columns_joined_and_the_cursor_marked() {
        let mut s = Spoken::new(["DELVE", "", "two\nlines"]);
        s.push_cursor("sight radius\t< 8 >");
        s.push("Back");
        assert_eq!(s.marked(), ["DELVE", "two", "lines", "> sight radius < 8 >", "Back"]);
        assert_eq!(s.at_cursor().as_deref(), Some("> sight radius < 8 >"));
    }
}

//! The record of a run (monsters slain, the deepest level reached, how it ended) and the log of
//! what the player was told.

use std::collections::VecDeque;

use super::Kind;

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// Killed by `by` ("a goblin").
    Died {
        /// The killer, with its article.
        by: String,
    },
    /// Out of the dungeon with the relic.
    Won,
}

/// What a run counted on its way that the feats read (saved with the run from format 9).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Deeds {
    /// Potions drunk.
    pub drunk: u32,
    /// Scrolls read.
    pub read: u32,
    /// Rations eaten.
    pub eaten: u32,
    /// Sleepers stabbed.
    pub stabs: u32,
    /// Locked doors opened with their keys.
    pub unlocked: u32,
    /// The level the player was first hurt on (0: never).
    pub first_hurt: u32,
    /// Secrets found on the level the player is on (since it came).
    pub secrets_here: u32,
    /// A level's every secret found, two or more.
    pub all_secrets: bool,
    /// The most enchantment on anything the player held.
    pub best_plus: i8,
}

/// The run so far, for the summary at its end.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct RunRecord {
    /// Monsters killed.
    pub slain: u32,
    /// The deepest level reached.
    pub deepest: u32,
    /// How the run ended (`None`: it goes on).
    pub ending: Option<Ending>,
    /// Monsters killed, by kind (`Kind::id`).
    pub kills: [u32; Kind::ALL.len()],
    /// What the run counted for its feats.
    pub deeds: Deeds,
    /// The feats the run has earned, a bit each (`Feat::bit`).
    pub feats: u32,
}

/// Every line the game told the player, newest last, with the turn it was told on (the oldest
/// are dropped past `MessageLog::KEEP`). A line said again right after itself is folded into
/// it, counted: walking through four doors says "The door opens (x4)." once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MessageLog {
    lines: VecDeque<(u64, String)>,
}

impl MessageLog {
    /// How many lines are kept.
    pub const KEEP: usize = 500;

    /// Tells the player `text` on `turn` (an empty line is not kept; the same line again folds
    /// into the last, which takes this turn).
    pub fn push(&mut self, turn: u64, text: impl Into<String>) {
        let text = text.into();
        if text.is_empty() {
            return;
        }
        if let Some(last) = self.lines.back_mut()
            && let Some(times) = repeats(&last.1, &text)
        {
            *last = (turn, counted(&text, times + 1));
            return;
        }
        if self.lines.len() == Self::KEEP {
            self.lines.pop_front();
        }
        self.lines.push_back((turn, text));
    }

    /// The lines, oldest first.
    pub fn lines(&self) -> impl DoubleEndedIterator<Item = &(u64, String)> + ExactSizeIterator {
        self.lines.iter()
    }

    /// The newest `n` lines, oldest first.
    pub fn recent(&self, n: usize) -> impl Iterator<Item = &(u64, String)> {
        self.lines.iter().skip(self.lines.len().saturating_sub(n))
    }

    /// The newest line, if any.
    pub fn last(&self) -> Option<&(u64, String)> {
        self.lines.back()
    }
}

/// `text` said `n` times: the count inside its sentence, before its full stop ("The door opens
/// (x4).", not "The door opens. (x4)").
fn counted(text: &str, n: u32) -> String {
    match text.char_indices().last() {
        Some((i, end @ ('.' | '!' | '?'))) => format!("{} (x{n}){end}", &text[..i]),
        _ => format!("{text} (x{n})"),
    }
}

/// How many times `line` says `text`: once if it is `text`, n times if it is `text` counted
/// (`counted`; or as a save from before counted it, "text (xn)").
fn repeats(line: &str, text: &str) -> Option<u32> {
    if line == text {
        return Some(1);
    }
    let (body, end) = match text.char_indices().last() {
        Some((i, '.' | '!' | '?')) => (&text[..i], &text[i..]),
        _ => (text, ""),
    };
    let count = line
        .strip_prefix(body)
        .and_then(|rest| rest.strip_prefix(" (x"))
        .and_then(|rest| rest.strip_suffix(end))
        .and_then(|rest| rest.strip_suffix(')'))
        .or_else(|| line.strip_prefix(text)?.strip_prefix(" (x")?.strip_suffix(')'))?;
    count.parse().ok().filter(|&n| n > 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_said_again_folds_into_the_last() {
        let mut log = MessageLog::default();
        for turn in 1..=4 {
            log.push(turn, "The door opens.");
        }
        log.push(5, "You see a rat.");
        log.push(6, "The door opens.");
        log.push(7, "");
        let lines: Vec<_> = log.lines().cloned().collect();
        assert_eq!(
            lines,
            [
                (4, "The door opens (x4).".to_owned()),
                (5, "You see a rat.".to_owned()),
                (6, "The door opens.".to_owned()),
            ]
        );
        // A line that merely starts like another is its own.
        log.push(8, "The door opens (x2). is not a count");
        assert_eq!(log.lines().len(), 4);
        assert_eq!(repeats("The door opens. (x0)", "The door opens."), None);
        assert_eq!(repeats("The door opens (x0).", "The door opens."), None);
        // A log saved before the count went inside the sentence still folds.
        assert_eq!(repeats("The door opens. (x3)", "The door opens."), Some(3));
        assert_eq!(counted("Flames burst out!", 2), "Flames burst out (x2)!");
        assert_eq!(counted("no stop", 2), "no stop (x2)");
    }

    #[test]
    fn the_oldest_lines_go_past_the_keep() {
        let mut log = MessageLog::default();
        for turn in 0..MessageLog::KEEP as u64 + 10 {
            log.push(turn, format!("line {turn}"));
        }
        assert_eq!(log.lines().len(), MessageLog::KEEP);
        assert_eq!(log.lines().next().unwrap().1, "line 10");
        assert_eq!(log.recent(2).map(|l| l.0).collect::<Vec<_>>(), [508, 509]);
    }
}

//! "Could you have lived?": after a death, the last turns searched for a line that survives.
//! From states a few turns before the end (found by seeking the run's replay: `run::seek`), each
//! thing the player could have done instead (each item usable then, a retreat along the ways it
//! knew to a staircase, and down or up it, sneaking away) is played, then played on by the bot
//! for `Limits::horizon` turns. The first line that is still alive then is the answer, with the
//! whole run it made (a recording to replay from the branch point, or take over there); if none
//! is, the review says so. Nothing here touches the rules: every line is played by them, so a
//! line shown is one the player could have played, command for command.

use crate::bot::Bot;
use crate::explore::{self as plan, Known};
use crate::geom::{Dir8, Pos};
use crate::map::Tile;
use crate::paths::Search;
use crate::rules::Act;
use crate::run::seek::{Seeker, Target};
use crate::run::{Checkpoint, Recording, Run};
use crate::world::{Class, Ending};

/// How far a review looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The branch points: this many turns before the death, nearest first.
    pub before: &'static [u64],
    /// Turns a line is played on after its first step; alive then, it survives.
    pub horizon: u64,
    /// Steps a retreat walks at most before the bot plays on.
    pub retreat_steps: usize,
}

impl Default for Limits {
    /// Six branch points over the last 20 turns, each line played 100 turns on.
    fn default() -> Self {
        Limits {
            before: &[1, 3, 6, 10, 15, 20],
            horizon: 100,
            retreat_steps: 30,
        }
    }
}

/// What the player could have done instead, at a branch point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Drink, read or use what was in this pack slot.
    Use(u8),
    /// Throw, or zap, what was in this slot at the nearest foe.
    Aim(u8, Pos),
    /// Walk the known way to the stairs down and go down them.
    Down,
    /// Walk the known way to the stairs up and go up them (out of the dungeon on the first
    /// level is not among the choices: that ends the run).
    Up,
    /// Sneak from then on.
    Sneak,
}

/// A line that survives.
#[derive(Clone, Debug)]
pub struct Line {
    /// The turn it branches off on.
    pub turn: u64,
    /// The commands of the run played before it branches off.
    pub commands: usize,
    /// What was done instead.
    pub choice: Choice,
    /// The choice in words, as the player knew things then ("drink the murky potion").
    pub words: String,
    /// The whole run the line made: the run's commands to the branch point, then the line's.
    pub recording: Recording,
    /// The turn the line was played to, alive.
    pub alive_on: u64,
    /// The state the line ended in (to replay it to, checked).
    pub end: Checkpoint,
}

/// What a review found.
#[derive(Clone, Debug)]
pub struct Review {
    /// The first line found that survives, if one was.
    pub line: Option<Line>,
    /// Lines tried.
    pub tried: usize,
    /// The branch points looked at (turns).
    pub points: Vec<u64>,
}

impl Review {
    /// Its verdict in a sentence.
    pub fn summary(&self) -> String {
        match &self.line {
            Some(line) => format!(
                "You could have lived: on turn {}, {} (still alive on turn {}, played on by the bot).",
                line.turn, line.words, line.alive_on
            ),
            None => format!(
                "No way out was found: {} other choices over the last {} turns (each item, a retreat to the stairs, sneaking), each played on by the bot, all died within {} turns.",
                self.tried,
                self.points
                    .first()
                    .zip(self.points.last())
                    .map_or(0, |(a, b)| a.abs_diff(*b) + 1),
                Limits::default().horizon
            ),
        }
    }
}

/// Reviews the death the replay `seeker` ends on (`end`: the run as it ended). A run that did
/// not end in death has nothing to review: `None`.
pub fn review(seeker: &mut Seeker, end: &Run, limits: Limits) -> Option<Review> {
    let Some(Ending::Died { .. }) = end.record().ending else {
        return None;
    };
    let death = end.turn();
    let mut review = Review {
        line: None,
        tried: 0,
        points: Vec::new(),
    };
    let mut seen = Vec::new();
    for &back in limits.before {
        let Ok((at, replay)) = seeker.seek(Target::Before(death.saturating_sub(back).max(1))) else {
            break;
        };
        // Two points that seek to one state are one.
        if seen.contains(&replay.played()) || at.is_over() {
            continue;
        }
        seen.push(replay.played());
        review.points.push(at.turn());
        for choice in choices(&at) {
            review.tried += 1;
            if let Some(line) = try_line(&at, replay.played(), choice, limits) {
                review.line = Some(line);
                return Some(review);
            }
        }
    }
    Some(review)
}

/// What the player could have done instead at `run`: each item usable then (and thrown or
/// zapped, with a foe in sight), a retreat to each staircase it knew, sneaking.
pub fn choices(run: &Run) -> Vec<Choice> {
    let player = run.player();
    let foe = nearest_foe(run);
    let mut out = Vec::new();
    for (slot, item) in player.pack.items() {
        let slot = slot as u8;
        if player.pack.is_equipped(usize::from(slot)) {
            continue;
        }
        match item.kind.class() {
            Class::Potion | Class::Scroll | Class::Food | Class::Charm => out.push(Choice::Use(slot)),
            Class::Thrown | Class::Wand | Class::Staff => {
                if let Some(at) = foe {
                    out.push(Choice::Aim(slot, at));
                }
            }
            // Better armour or a better weapon is a choice the bot makes as it plays on.
            Class::Weapon | Class::Armour | Class::Ring => {}
        }
    }
    let depth = run.dungeon().depth();
    let known = |tile| {
        Known {
            level: run.dungeon().level(),
            memory: player.memory.level(depth)?,
        }
        .find(tile)
    };
    if known(Tile::StairsDown).is_some() {
        out.push(Choice::Down);
    }
    if depth > 1 && known(Tile::StairsUp).is_some() {
        out.push(Choice::Up);
    }
    if !player.sneaking {
        out.push(Choice::Sneak);
    }
    out
}

/// The nearest hostile monster the player sees, if any.
fn nearest_foe(run: &Run) -> Option<Pos> {
    let at = run.player().at;
    run.dungeon()
        .level()
        .monsters
        .iter()
        .filter(|m| m.is_hostile() && run.sees(m))
        .min_by_key(|m| (at.x - m.at.x).abs().max((at.y - m.at.y).abs()))
        .map(|m| m.at)
}

/// `choice` played from `from` (after `commands` commands), then the bot for the horizon:
/// the line, if the player is alive at its end.
fn try_line(from: &Run, commands: usize, choice: Choice, limits: Limits) -> Option<Line> {
    let mut run = from.clone();
    let words = words(&run, choice);
    let played = match choice {
        Choice::Use(slot) => run.play(Act::Use(slot)).is_ok(),
        Choice::Aim(slot, at) => run.play(Act::Aim { slot, at }).is_ok(),
        Choice::Sneak => {
            run.set_sneaking(true);
            true
        }
        Choice::Down => retreat(&mut run, Tile::StairsDown, Act::Descend, limits.retreat_steps),
        Choice::Up => retreat(&mut run, Tile::StairsUp, Act::Ascend, limits.retreat_steps),
    };
    if !played {
        return None;
    }
    let until = from.turn() + limits.horizon;
    Bot::player().play_until(&mut run, until);
    let alive = !matches!(run.record().ending, Some(Ending::Died { .. }));
    let recording = run.recording().cloned().unwrap_or_default();
    alive.then(|| Line {
        turn: from.turn(),
        commands,
        choice,
        words,
        end: Checkpoint {
            commands: recording.len() as u32,
            turn: run.turn(),
            hash: run.state_hash(),
        },
        recording,
        alive_on: run.turn(),
    })
}

/// Walks the known way to `tile` (at most `steps` steps) and takes it (`act`); false when the
/// way is not known, or a step or the stairs are refused, or the run ends on the way.
fn retreat(run: &mut Run, tile: Tile, act: Act, steps: usize) -> bool {
    let depth = run.dungeon().depth();
    let Some(memory) = run.player().memory.level(depth) else {
        return false;
    };
    let known = Known {
        level: run.dungeon().level(),
        memory,
    };
    let Some(to) = known.find(tile) else { return false };
    let held = run.player().keys.doors_on(depth);
    let Some(walk) = plan::travel(&known, run.player().at, to, &held, &mut Search::default()) else {
        return false;
    };
    if walk.len() > steps {
        return false;
    }
    for step in walk {
        let Some(dir) = Dir8::between(run.player().at, step) else {
            return false;
        };
        if run.play(Act::Step(dir)).is_err() || run.is_over() || run.player().at != step {
            return false;
        }
    }
    run.play(act).is_ok()
}

/// `choice` in words, as the player knew things in `run`: "drink a crimson potion", "throw one
/// of 6 darts at the goblin".
fn words(run: &Run, choice: Choice) -> String {
    let player = run.player();
    let item = |slot: u8| {
        player.pack.get(usize::from(slot)).map_or_else(
            || "it".to_owned(),
            |i| {
                let named = player.lore.describe(i);
                if i.count > 1 { format!("one of {named}") } else { named }
            },
        )
    };
    let class = |slot: u8| player.pack.get(usize::from(slot)).map(|i| i.kind.class());
    match choice {
        Choice::Use(slot) => {
            let verb = match class(slot) {
                Some(Class::Potion) => "drink",
                Some(Class::Scroll) => "read",
                Some(Class::Food) => "eat",
                _ => "use",
            };
            format!("{verb} {}", item(slot))
        }
        Choice::Aim(slot, at) => {
            let verb = if class(slot) == Some(Class::Thrown) {
                "throw"
            } else {
                "zap"
            };
            let foe = run
                .dungeon()
                .level()
                .monsters
                .iter()
                .find(|m| m.at == at)
                .map_or("nearest foe", |m| m.kind.name());
            format!("{verb} {} at the {foe}", item(slot))
        }
        Choice::Down => "run for the stairs down and take them".to_owned(),
        Choice::Up => "run back to the stairs up and take them".to_owned(),
        Choice::Sneak => "sneak from then on".to_owned(),
    }
}

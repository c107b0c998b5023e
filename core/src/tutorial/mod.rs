//! The tutorial: a few short levels made by hand, each teaching by doing. A lesson is a data file
//! (`core/data/tutorial/*.ron`): its map in the ASCII legend, letters of its own for what lies on it
//! (a key, a monster, an item, a trap, a mark the prompts name), and prompts, each waiting until
//! the player has done what it asks (`Goal::met`, read from the state a turn leaves). A lesson is
//! played by the same rules as any run: a run of one level (`RunSpec::Level`), recorded as every
//! run is. Its stairs down lead to the next lesson, which the shell begins when the player takes
//! them (`Tutorial::descend`). The prompts name keys by what they do (`{descend}`): the shell
//! writes in the keys as bound, and the buttons on a phone.

mod lesson;

pub use lesson::{Deed, Goal, Lesson, LessonError, Prompt};

use crate::map::Tile;
use crate::run::{Run, RunSpec};

/// The lessons' files, in the order they are played.
const FILES: [(&str, &str); 5] = [
    ("1-moving.ron", include_str!("../../data/tutorial/1-moving.ron")),
    ("2-exploring.ron", include_str!("../../data/tutorial/2-exploring.ron")),
    ("3-fighting.ron", include_str!("../../data/tutorial/3-fighting.ron")),
    ("4-using.ron", include_str!("../../data/tutorial/4-using.ron")),
    ("5-secrets.ron", include_str!("../../data/tutorial/5-secrets.ron")),
];

/// Every lesson, in order; `Err` names the file and what is wrong with it (never, for the files
/// built in: a test reads them all).
pub fn lessons() -> Result<Vec<Lesson>, LessonError> {
    FILES
        .iter()
        .map(|(name, text)| Lesson::parse(text).map_err(|e| e.in_file(name)))
        .collect()
}

/// What taking the stairs did in the tutorial (`Tutorial::descend`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Descent {
    /// Not now: the lesson has more to teach first, or the player is not on the stairs down.
    NotYet,
    /// The next lesson begins (its number, from 0).
    Next(usize),
    /// That was the last lesson: the tutorial is done.
    Done,
}

/// Where a player is in the tutorial: the lesson, its prompt, and how many commands the run had
/// played when that prompt was shown (a deed counts only after it).
#[derive(Clone, Debug)]
pub struct Tutorial {
    lessons: Vec<Lesson>,
    lesson: usize,
    prompt: usize,
    since: usize,
}

impl Tutorial {
    /// The tutorial from its first lesson.
    pub fn new() -> Result<Self, LessonError> {
        Ok(Tutorial {
            lessons: lessons()?,
            lesson: 0,
            prompt: 0,
            since: 0,
        })
    }

    /// How many lessons there are.
    pub fn len(&self) -> usize {
        self.lessons.len()
    }

    /// Whether there are none (never, for the lessons built in).
    pub fn is_empty(&self) -> bool {
        self.lessons.is_empty()
    }

    /// The lesson being played (its number, from 0).
    pub const fn number(&self) -> usize {
        self.lesson
    }

    /// The lesson being played.
    pub fn lesson(&self) -> &Lesson {
        &self.lessons[self.lesson]
    }

    /// The prompt shown now: what the player is asked to do.
    pub fn prompt(&self) -> &Prompt {
        let prompts = &self.lesson().prompts;
        &prompts[self.prompt.min(prompts.len() - 1)]
    }

    /// Which prompt of the lesson is shown (from 0).
    pub const fn prompt_number(&self) -> usize {
        self.prompt
    }

    /// The lesson's run, begun: its one level as the file lays it out, nothing done yet. (Begun
    /// again when the player dies in it.)
    pub fn begin(&mut self) -> Run {
        self.prompt = 0;
        self.since = 0;
        let level = self.lesson().level.clone();
        RunSpec::Level(Box::new(level))
            .begin()
            .expect("a single level always begins")
    }

    /// Moves past every prompt that `run` has now done, in order; true if any was. The last
    /// prompt (the stairs) waits for `descend`.
    pub fn update(&mut self, run: &Run) -> bool {
        let mut moved = false;
        let last = self.lesson().prompts.len() - 1;
        while self.prompt < last && self.prompt().until.met(run, self.since) {
            self.prompt += 1;
            self.since = run.recording().map_or(0, crate::run::Recording::len);
            moved = true;
        }
        moved
    }

    /// The player asks to go down the stairs: on the stairs down, with the lesson's stairs
    /// prompt shown, the next lesson is due (the shell begins it with `begin`) or the tutorial
    /// is done.
    pub fn descend(&mut self, run: &Run) -> Descent {
        let on_stairs = run.dungeon().level().map.get(run.player().at) == Some(Tile::StairsDown);
        if !on_stairs || self.prompt().until != Goal::Stairs {
            return Descent::NotYet;
        }
        if self.lesson + 1 == self.lessons.len() {
            return Descent::Done;
        }
        self.lesson += 1;
        Descent::Next(self.lesson)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_lesson_reads_and_ends_on_the_stairs() {
        let lessons = lessons().unwrap();
        assert_eq!(lessons.len(), FILES.len());
        for lesson in &lessons {
            assert_eq!(
                lesson.prompts.last().map(|p| p.until),
                Some(Goal::Stairs),
                "{}",
                lesson.title
            );
            assert!(
                lesson.prompts[..lesson.prompts.len() - 1]
                    .iter()
                    .all(|p| p.until != Goal::Stairs),
                "{}: the stairs end a lesson",
                lesson.title
            );
        }
    }
}

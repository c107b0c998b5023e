//! A lesson's file read into its level and prompts, and what each prompt waits for.
//!
//! The file is RON: a `title`, the `map` in the ASCII legend with letters of the lesson's own,
//! `marks` saying what each such letter is (it stands on room floor unless it is a door, a secret
//! door or the stairs), and `prompts`, each a line to `say` and the goal it waits `until`. A goal
//! names its place by a mark's letter; reading the file turns letters into places and monsters'
//! ids, so a goal is checked without the file.

use std::collections::BTreeMap;
use std::fmt;

use serde::Deserialize;

use crate::geom::Pos;
use crate::map::{DoorState, Tile, parse_ascii};
use crate::rules::Act;
use crate::run::{Command, Run};
use crate::world::{FloorItem, Item, ItemKind, Key, Kind, Level, Mind, Monster, Trap, TrapKind};

/// What is wrong with a lesson's file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonError {
    /// The file's name, once known.
    pub file: Option<String>,
    /// What is wrong.
    pub what: String,
}

impl LessonError {
    fn new(what: impl Into<String>) -> Self {
        LessonError {
            file: None,
            what: what.into(),
        }
    }

    /// The same error, naming the file it is in.
    #[must_use]
    pub fn in_file(self, name: &str) -> Self {
        LessonError {
            file: Some(name.to_owned()),
            ..self
        }
    }
}

impl fmt::Display for LessonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.file {
            Some(file) => write!(f, "tutorial lesson {file}: {}", self.what),
            None => write!(f, "tutorial lesson: {}", self.what),
        }
    }
}

impl std::error::Error for LessonError {}

/// Something done that a prompt may wait for, read from the commands played since it was shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum Deed {
    /// Threw something, or zapped a wand.
    Throw,
    /// Searched for what is hidden.
    Search,
    /// Began sneaking (or sneaked a step).
    Sneak,
    /// Told the allies to wait or to follow.
    Order,
}

/// What a prompt waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The player stands here.
    Reach(Pos),
    /// The door here is open (or gone).
    Opened(Pos),
    /// The secret door here has been found.
    Found(Pos),
    /// What lay here (an item, a key, gold) has been picked up.
    Took(Pos),
    /// No item of this kind is left, in the pack or on the floor: drunk, read or used up.
    Used(ItemKind),
    /// The monster with this id is dead.
    Slain(u32),
    /// The monster with this id is an ally.
    Freed(u32),
    /// The player has seen this tile.
    Seen(Pos),
    /// A boon has been chosen and none is owed.
    Boon,
    /// The player did this since the prompt was shown.
    Did(Deed),
    /// The player takes the stairs down (`Tutorial::descend`): the lesson's end.
    Stairs,
}

impl Goal {
    /// Whether `run` has done it; a deed counts among the commands after the first `since`.
    pub fn met(self, run: &Run, since: usize) -> bool {
        let level = run.dungeon().level();
        let player = run.player();
        match self {
            Goal::Reach(p) => player.at == p,
            Goal::Opened(p) => !matches!(
                level.map.get(p),
                Some(Tile::Door(DoorState::Closed | DoorState::Locked) | Tile::SecretDoor)
            ),
            Goal::Found(p) => level.map.get(p) != Some(Tile::SecretDoor),
            Goal::Took(p) => level.item_at(p).is_none() && level.key_at(p).is_none() && !level.gold.contains_key(&p),
            Goal::Used(kind) => {
                !player.pack.items().any(|(_, i)| i.kind == kind) && !level.items.iter().any(|i| i.item.kind == kind)
            }
            Goal::Slain(id) => level.monster_index(id).is_none(),
            Goal::Freed(id) => level.monster_index(id).is_some_and(|i| level.monsters[i].is_ally()),
            Goal::Seen(p) => player
                .memory
                .level(run.dungeon().depth())
                .is_some_and(|m| m.is_explored(p)),
            Goal::Boon => !player.growth.boons.is_empty() && player.growth.owed() == 0,
            Goal::Did(deed) => run
                .recording()
                .is_some_and(|r| r.commands().skip(since).any(|c| deed.is(c))),
            Goal::Stairs => false,
        }
    }
}

impl Deed {
    fn is(self, command: Command) -> bool {
        matches!(
            (self, command),
            (Deed::Throw, Command::Act(Act::Aim { .. }))
                | (Deed::Search, Command::Act(Act::Search))
                | (Deed::Sneak, Command::Sneaking(true) | Command::Act(Act::Sneak(_)))
                | (Deed::Order, Command::Act(Act::Order))
        )
    }
}

/// One prompt: what it says (keys named by what they do, in braces: `{descend}`) and what it
/// waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prompt {
    /// The words, with `{action}` where a key goes.
    pub say: String,
    /// What it waits for.
    pub until: Goal,
}

impl Prompt {
    /// The names in braces in its words, in order (`"descend"` for `{descend}`).
    pub fn keys(&self) -> Vec<&str> {
        let mut names = Vec::new();
        let mut rest = self.say.as_str();
        while let Some(open) = rest.find('{') {
            let after = &rest[open + 1..];
            let Some(close) = after.find('}') else { break };
            names.push(&after[..close]);
            rest = &after[close + 1..];
        }
        names
    }
}

/// One lesson: its title, its level as laid out, and its prompts in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// What it teaches, in a few words.
    pub title: String,
    /// Its level, as the file lays it out.
    pub level: Level,
    /// Its prompts, the last waiting for the stairs.
    pub prompts: Vec<Prompt>,
}

/// What a mark's letter stands for.
#[derive(Deserialize)]
enum Mark {
    /// A place the prompts name (room floor).
    Spot,
    /// A closed door.
    Door,
    /// A locked door (its key is a `Key` mark naming this letter).
    Locked,
    /// A secret door.
    Secret,
    /// The stairs down.
    Stairs,
    /// A key lying here, for the locked door marked with this letter.
    Key(char),
    /// A monster of this kind, asleep, awake (hunting the player) or in chains.
    Monster(Kind, Manner),
    /// This many of an item of this kind.
    Item(ItemKind, u8),
    /// A trap of this kind, in plain view.
    Trap(TrapKind),
    /// A pile of gold.
    Gold(u32),
}

/// How a monster of a lesson begins.
#[derive(Clone, Copy, Deserialize)]
enum Manner {
    /// Asleep.
    Asleep,
    /// Awake and coming for the player.
    Awake,
    /// In chains with this many turns of work to free it.
    Captive(u8),
}

/// A goal as the file writes it: places by their marks' letters.
#[derive(Deserialize)]
enum GoalFile {
    Reach(char),
    Opened(char),
    Found(char),
    Took(char),
    Used(char),
    Slain(char),
    Freed(char),
    Seen(char),
    Boon,
    Did(Deed),
    Stairs,
}

#[derive(Deserialize)]
struct PromptFile {
    say: String,
    until: GoalFile,
}

#[derive(Deserialize)]
struct LessonFile {
    title: String,
    map: String,
    marks: Vec<(char, Mark)>,
    prompts: Vec<PromptFile>,
}

/// The legend's glyph a mark stands on.
const fn ground(mark: &Mark) -> u8 {
    match mark {
        Mark::Door => b'+',
        Mark::Locked => b'*',
        Mark::Secret => b'S',
        Mark::Stairs => b'>',
        _ => b'.',
    }
}

impl Lesson {
    /// A lesson from its file's text, or what is wrong with it (a mark without a place or used
    /// twice, a key for no locked door, a goal naming a letter that is not the right kind of
    /// mark, a map the legend does not read).
    pub fn parse(text: &str) -> Result<Self, LessonError> {
        let file: LessonFile = ron::from_str(text).map_err(|e| LessonError::new(e.to_string()))?;
        let marks: BTreeMap<char, Mark> = file.marks.into_iter().collect();
        // The map with every mark replaced by what it stands on; where each mark is.
        let mut places: BTreeMap<char, Pos> = BTreeMap::new();
        let mut plain = String::new();
        let body = file.map.trim_matches('\n');
        for (y, line) in body.lines().enumerate() {
            for (x, c) in line.chars().enumerate() {
                match marks.get(&c) {
                    Some(mark) => {
                        if places.insert(c, Pos::new(x as i32, y as i32)).is_some() {
                            return Err(LessonError::new(format!("mark '{c}' is on the map twice")));
                        }
                        plain.push(char::from(ground(mark)));
                    }
                    None => plain.push(c),
                }
            }
            plain.push('\n');
        }
        let map = parse_ascii(plain.as_bytes()).map_err(|e| LessonError::new(format!("its map: {e}")))?;
        let mut level = Level::bare(map);
        let place = |c: char| {
            places
                .get(&c)
                .copied()
                .ok_or_else(|| LessonError::new(format!("mark '{c}' is not on the map")))
        };
        let mut ids: BTreeMap<char, u32> = BTreeMap::new();
        for (&c, mark) in &marks {
            let at = place(c)?;
            match mark {
                Mark::Spot | Mark::Door | Mark::Locked | Mark::Secret | Mark::Stairs => {}
                Mark::Key(door) => {
                    let opens = place(*door)?;
                    if !matches!(marks.get(door), Some(Mark::Locked)) {
                        return Err(LessonError::new(format!(
                            "key '{c}' opens '{door}', which is not a locked door"
                        )));
                    }
                    level.keys.push(Key { at, opens });
                }
                Mark::Monster(kind, manner) => {
                    let start = level.map.start();
                    let mind = match manner {
                        Manner::Asleep => Mind::Asleep,
                        Manner::Awake => Mind::Hunting {
                            target: start,
                            patience: 20,
                        },
                        Manner::Captive(chains) => Mind::Captive { chains: *chains },
                    };
                    let id = level.next_monster_id();
                    ids.insert(c, id);
                    level.monsters.push(Monster::new(id, *kind, at, mind));
                }
                Mark::Item(kind, count) => level.items.push(FloorItem::loose(
                    at,
                    Item {
                        count: (*count).max(1),
                        ..Item::one(*kind)
                    },
                )),
                Mark::Trap(kind) => level.traps.push(Trap {
                    at,
                    kind: *kind,
                    hidden: false,
                }),
                Mark::Gold(n) => {
                    level.gold.insert(at, *n);
                }
            }
        }
        let kind_of = |c: char, want: &str, ok: fn(&Mark) -> bool| match marks.get(&c) {
            Some(m) if ok(m) => place(c),
            _ => Err(LessonError::new(format!("a goal names '{c}', which is not {want}"))),
        };
        let mut prompts = Vec::new();
        for p in file.prompts {
            let until = match p.until {
                GoalFile::Reach(c) => Goal::Reach(place(c)?),
                GoalFile::Seen(c) => Goal::Seen(place(c)?),
                GoalFile::Opened(c) => Goal::Opened(kind_of(c, "a door", |m| matches!(m, Mark::Door | Mark::Locked))?),
                GoalFile::Found(c) => Goal::Found(kind_of(c, "a secret door", |m| matches!(m, Mark::Secret))?),
                GoalFile::Took(c) => Goal::Took(kind_of(c, "something to pick up", |m| {
                    matches!(m, Mark::Key(_) | Mark::Item(..) | Mark::Gold(_))
                })?),
                GoalFile::Used(c) => match marks.get(&c) {
                    Some(Mark::Item(kind, _)) => Goal::Used(*kind),
                    _ => return Err(LessonError::new(format!("a goal names '{c}', which is not an item"))),
                },
                GoalFile::Slain(c) | GoalFile::Freed(c) => {
                    let Some(&id) = ids.get(&c) else {
                        return Err(LessonError::new(format!("a goal names '{c}', which is not a monster")));
                    };
                    if matches!(p.until, GoalFile::Slain(_)) {
                        Goal::Slain(id)
                    } else {
                        Goal::Freed(id)
                    }
                }
                GoalFile::Boon => Goal::Boon,
                GoalFile::Did(deed) => Goal::Did(deed),
                GoalFile::Stairs => Goal::Stairs,
            };
            prompts.push(Prompt { say: p.say, until });
        }
        if prompts.is_empty() {
            return Err(LessonError::new("it has no prompts"));
        }
        Ok(Lesson {
            title: file.title,
            level,
            prompts,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = r#"(
        title: "A test",
        map: "
#######
#@.a.>#
#######
",
        marks: [('a', Monster(Jackal, Asleep))],
        prompts: [
            (say: "Kill it with {attack}.", until: Slain('a')),
            (say: "Go down.", until: Stairs),
        ],
    )"#;

    #[test]
    fn a_file_reads_into_its_level_and_goals() {
        let lesson = Lesson::parse(SMALL).unwrap();
        assert_eq!(lesson.title, "A test");
        assert_eq!(lesson.level.monsters.len(), 1);
        assert_eq!(lesson.level.monsters[0].at, Pos::new(3, 1));
        assert_eq!(lesson.level.map.get(Pos::new(3, 1)), Some(Tile::Floor));
        assert_eq!(lesson.prompts[0].until, Goal::Slain(0));
        assert_eq!(lesson.prompts[0].keys(), vec!["attack"]);
    }

    #[test]
    fn a_bad_file_says_what_is_wrong() {
        let wrong = |from: &str, to: &str| Lesson::parse(&SMALL.replace(from, to)).unwrap_err().what;
        assert!(wrong("Slain('a')", "Slain('z')").contains("'z', which is not a monster"));
        assert!(wrong("Slain('a')", "Opened('a')").contains("not a door"));
        assert!(wrong("#@.a.>#", "#@.a.>#a").contains("twice") || wrong("#@.a.>#", "#@.a.>#a").contains("map"));
        assert!(wrong("Jackal", "Dragon").contains("Dragon"));
        assert!(wrong("#@.a.>#", "#..a.>#").contains("no '@'"));
    }
}

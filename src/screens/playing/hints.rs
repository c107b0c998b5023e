//! First-time hints: the first time on this machine that something a newcomer should understand
//! happens in a run (hunger, a trap, a boon owed, a locked door, an unknown potion, low health, a
//! captive, a cursed ring), one line in the message log says what it means and which key helps,
//! naming the keys as bound. Each is given once: the hints given are kept in `hints.ron` beside
//! the book of feats (`delve.hints` in the browser), read when a run is played. Never in a replay
//! or the lab, nor where nothing can be kept (they would come again every session), and none at
//! all when Settings turns them off. A hint is a line told, not a rule:
//! the log is outside the state hash, so a recording is the same with or without them.

use bevy::prelude::*;
use delve_core::map::{DoorState, Tile};
use delve_core::run::Run;
use delve_core::world::{Class, Hunger};
use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::save::{SaveStore, Slot, Store};
use crate::settings::Settings;
use crate::settings::bindings::Bindings;
use crate::state::{InPlay, Session};
use crate::turn::{Game, TurnSet};

/// A moment worth a hint the first time it comes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hint {
    /// The stomach is no longer full: hungry.
    Hunger,
    /// A trap in view (found by searching, by chance, or sprung).
    Trap,
    /// An experience level owes a boon.
    Boon,
    /// A locked door in view.
    LockedDoor,
    /// A potion carried whose kind is unknown.
    UnknownPotion,
    /// A third of the hit points or fewer.
    LowHealth,
    /// A captive in chains in view.
    Captive,
    /// A cursed ring on a finger.
    Cursed,
}

impl Hint {
    /// Every hint, in the order they are given when several come at once.
    pub const ALL: [Hint; 8] = [
        Hint::LowHealth,
        Hint::Boon,
        Hint::Hunger,
        Hint::Cursed,
        Hint::Trap,
        Hint::LockedDoor,
        Hint::Captive,
        Hint::UnknownPotion,
    ];

    /// Its name in the file of hints given (never changed once given out).
    pub const fn key(self) -> &'static str {
        match self {
            Hint::Hunger => "hunger",
            Hint::Trap => "trap",
            Hint::Boon => "boon",
            Hint::LockedDoor => "locked-door",
            Hint::UnknownPotion => "unknown-potion",
            Hint::LowHealth => "low-health",
            Hint::Captive => "captive",
            Hint::Cursed => "cursed",
        }
    }

    /// Whether `run` is at this hint's moment now.
    pub fn due(self, run: &Run) -> bool {
        let player = run.player();
        let level = run.dungeon().level();
        match self {
            Hint::Hunger => player.hunger() != Hunger::Fed,
            Hint::LowHealth => !run.is_over() && player.health.hp > 0 && player.health.is_low(),
            Hint::Boon => player.growth.owed() > 0,
            Hint::Trap => level.traps.iter().any(|t| !t.hidden && run.sight().is_visible(t.at)),
            Hint::LockedDoor => run
                .sight()
                .visible()
                .iter()
                .any(|&p| level.map.get(p) == Some(Tile::Door(DoorState::Locked))),
            Hint::UnknownPotion => player
                .pack
                .items()
                .any(|(_, i)| i.kind.class() == Class::Potion && !player.lore.knows(i.kind)),
            Hint::Captive => level.monsters.iter().any(|m| m.is_captive() && run.sees(m)),
            Hint::Cursed => player.pack.rings_worn().any(|(_, r)| r.is_cursed()),
        }
    }

    /// The line that says what it means and which key helps, the keys as `bindings` has them.
    pub fn line(self, bindings: &Bindings) -> String {
        let key = |action| bindings.key(action);
        let text = match self {
            Hint::Hunger => format!(
                "you are hungry. Eat before you weaken: {}, a ration's letter, then e.",
                key(Action::Inventory)
            ),
            Hint::Trap => format!(
                "a trap (^): step round it. {} searches round you for hidden traps and doors.",
                key(Action::Search)
            ),
            Hint::Boon => "choose a boon (1-3, or the arrows and Enter): it shapes the rest of the run.".into(),
            Hint::LockedDoor => "a locked door: find its key on this level, then walk into the door.".into(),
            Hint::UnknownPotion => format!(
                "an unknown potion: drink one to learn it ({}, its letter, u). A few harm.",
                key(Action::Inventory)
            ),
            Hint::LowHealth => format!(
                "your hit points are low: back away, then {} rests you back to health.",
                key(Action::Rest)
            ),
            Hint::Captive => format!(
                "a captive: walk into it to free it as an ally. {} tells allies to wait or follow.",
                key(Action::Allies)
            ),
            Hint::Cursed => "a cursed ring stays on until a scroll of remove curse lifts the curse.".into(),
        };
        format!("Hint: {text}")
    }
}

/// The hints this machine has been given (by key), as kept in `Slot::Hints`.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HintBook {
    /// The keys of the hints given, in the order given (unknown keys, a later Delve's, kept).
    pub given: Vec<String>,
}

impl HintBook {
    /// Whether `hint` has been given.
    pub fn has(&self, hint: Hint) -> bool {
        self.given.iter().any(|k| k == hint.key())
    }

    /// The book's RON text.
    pub fn to_text(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).expect("a book of hints always serialises")
    }

    /// The book from its RON text, or why not.
    pub fn from_text(bytes: &[u8]) -> Result<Self, String> {
        let text = std::str::from_utf8(bytes).map_err(|e| format!("not text: {e}"))?;
        let book: HintBook = ron::from_str(text).map_err(|e| e.to_string())?;
        if book.given.len() > 1000 {
            return Err(format!("{} hints, far more than there are", book.given.len()));
        }
        Ok(book)
    }
}

/// Where hints stand in this session: the book as read when play began (`None` before), the turn
/// last looked at, and whether writing the book failed (said once).
#[derive(Resource, Debug, Default)]
struct Hints {
    book: Option<HintBook>,
    turn: Option<u64>,
    unwritten: bool,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Hints>()
        .add_systems(OnEnter(InPlay(Session::Play)), forget)
        .add_systems(
            Update,
            give_hints.in_set(TurnSet::See).run_if(in_state(InPlay(Session::Play))),
        );
}

/// A new session reads the book again (another Delve may have given hints meanwhile) and looks
/// at its first turn.
fn forget(mut hints: ResMut<Hints>) {
    hints.book = None;
    hints.turn = None;
}

/// After each turn (and when play begins), every hint due and not yet given is told, and the
/// book written.
fn give_hints(mut game: ResMut<Game>, settings: Res<Settings>, store: Res<SaveStore>, mut hints: ResMut<Hints>) {
    let turn = game.0.turn();
    // Looked at once a turn: every hint is due by the state a turn leaves.
    // Nowhere to keep them (headless tests, no data directory), hints would come again every
    // session: none are told.
    if !settings.hints || hints.turn == Some(turn) || store.0 == Store::Nowhere {
        return;
    }
    hints.turn = Some(turn);
    let book = hints.book.get_or_insert_with(|| read(&store.0));
    let due: Vec<Hint> = Hint::ALL
        .into_iter()
        .filter(|&h| !book.has(h) && h.due(&game.0))
        .collect();
    if due.is_empty() {
        return;
    }
    for hint in due {
        book.given.push(hint.key().to_owned());
        game.0.say(hint.line(&settings.bindings));
    }
    let text = book.to_text();
    if let Err(e) = store.0.write(Slot::Hints, text.as_bytes())
        && !hints.unwritten
    {
        hints.unwritten = true;
        error!("the hints given could not be kept: {e}");
    }
}

/// The key the book keeps once the tutorial has been begun on this machine (the title then no
/// longer offers it first).
const TUTORIAL: &str = "tutorial";

/// Whether the tutorial has been begun on this machine.
pub fn tutorial_begun(store: &Store) -> bool {
    read(store).given.iter().any(|k| k == TUTORIAL)
}

/// Notes in the book that the tutorial has been begun; `Err` says why it could not be kept.
pub fn note_tutorial_begun(store: &Store) -> Result<(), String> {
    let mut book = read(store);
    if book.given.iter().any(|k| k == TUTORIAL) {
        return Ok(());
    }
    book.given.push(TUTORIAL.to_owned());
    store.write(Slot::Hints, book.to_text().as_bytes())
}

/// The book kept in `store`; an empty one if there is none or it cannot be read (said; a file
/// that cannot be parsed is set aside, as every kept file is).
fn read(store: &Store) -> HintBook {
    let (book, _) = crate::save::load_or_set_aside(store, Slot::Hints, "book of hints", HintBook::from_text);
    book.unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_the_book_reads_back() {
        let mut keys: Vec<&str> = Hint::ALL.iter().map(|h| h.key()).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), Hint::ALL.len());
        let book = HintBook {
            given: vec!["trap".into(), "a later Delve's".into()],
        };
        let back = HintBook::from_text(book.to_text().as_bytes()).unwrap();
        assert_eq!(back, book);
        assert!(back.has(Hint::Trap) && !back.has(Hint::Hunger));
        assert!(HintBook::from_text(b"(given: 3)").is_err());
    }

    #[test]
    fn every_line_names_its_keys_as_bound() {
        let bindings = Bindings::default();
        for hint in Hint::ALL {
            let line = hint.line(&bindings);
            assert!(line.starts_with("Hint: ") && line.ends_with('.'), "{line}");
            // Short enough for two lines of the message log at 1024x600.
            assert!(line.chars().count() <= 100, "{} chars: {line}", line.chars().count());
        }
        assert!(Hint::Hunger.line(&bindings).contains(&bindings.key(Action::Inventory)));
        assert!(Hint::LowHealth.line(&bindings).contains(&bindings.key(Action::Rest)));
        assert!(Hint::Trap.line(&bindings).contains(&bindings.key(Action::Search)));
    }
}

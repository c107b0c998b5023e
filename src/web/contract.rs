//! The one contract between the game and its page (web/index.html, web/touch.js, web/loader.js
//! and the browser tests): the marks the game writes on `<body>` (`Mark`), the names of the
//! screens (`Screen`), and what the page's buttons press (`Press`): an action, by its page name
//! (`data-action="pack"`), which the game turns into a key through the player's own bindings
//! (`keys_mark`), so that an action rebound in Settings keeps its button.
//!
//! Plain Rust, built on every target: the desktop's tests check the page against it
//! (tests/page.rs), and the browser build writes the marks from it.

use bevy::prelude::KeyCode;

use crate::action::Action;
use crate::settings::bindings::{Binding, Bindings, Layout};
use crate::state::{Focus, GameState};

/// The prefix of the start-up times the game and the loader mark on `<body>`
/// (`data-t-main`, `data-t-startup`, `data-t-loaded`, `data-t-playing`; the loader's
/// `data-t-drawn` and the rest), in milliseconds of `Date.now()`.
pub const TIME_PREFIX: &str = "data-t-";

/// An attribute of the page's `<body>` that the game writes (or, `Request`, reads).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// How the page stands: "loading", "title", "playing", "ascii", "golden", "failed".
    Delve,
    /// Which screen has the keys (`Screen::name`).
    Screen,
    /// What each button presses on this screen (`keys_mark`).
    Keys,
    /// The level's depth.
    Depth,
    /// The run's turn.
    Turn,
    /// Where the player stands, "x,y".
    Pos,
    /// The monsters in sight, "goblin@12,7 rat@3,4".
    Monsters,
    /// The boons offered while one is owed, "might,vigour,thrower".
    Boon,
    /// The state hash, 16 hex digits (on a page that asks for it, and at a replay's end).
    Hash,
    /// Set by a page that wants `Hash` kept up to date.
    WantHash,
    /// How a replay stands: "playing", "done", "astray".
    Replay,
    /// What the last save cost, in microseconds.
    SaveUs,
    /// The size the game lays itself out in, "360x550@2".
    View,
    /// The query that reproduces the run played.
    Run,
    /// Whether the generator lab is on: "on", "off".
    Lab,
    /// A new level the lab panel asks for (a query); the game takes it and removes the mark.
    Request,
    /// Where the ghost raced stands on this turn, "depth:x,y".
    Ghost,
    /// How the run on the summary ended, "died" or "won" ("" off the summary): the page offers
    /// "Could I have lived?" after a death only.
    Outcome,
}

impl Mark {
    /// Every mark.
    pub const ALL: [Mark; 18] = [
        Mark::Delve,
        Mark::Screen,
        Mark::Keys,
        Mark::Depth,
        Mark::Turn,
        Mark::Pos,
        Mark::Monsters,
        Mark::Boon,
        Mark::Hash,
        Mark::WantHash,
        Mark::Replay,
        Mark::SaveUs,
        Mark::View,
        Mark::Run,
        Mark::Lab,
        Mark::Request,
        Mark::Ghost,
        Mark::Outcome,
    ];

    /// The attribute's name on `<body>`.
    pub const fn attribute(self) -> &'static str {
        match self {
            Mark::Delve => "data-delve",
            Mark::Screen => "data-screen",
            Mark::Keys => "data-keys",
            Mark::Depth => "data-depth",
            Mark::Turn => "data-turn",
            Mark::Pos => "data-pos",
            Mark::Monsters => "data-monsters",
            Mark::Boon => "data-boon",
            Mark::Hash => "data-hash",
            Mark::WantHash => "data-want-hash",
            Mark::Replay => "data-replay",
            Mark::SaveUs => "data-save-us",
            Mark::View => "data-view",
            Mark::Run => "data-run",
            Mark::Lab => "data-lab",
            Mark::Request => "data-request",
            Mark::Ghost => "data-ghost",
            Mark::Outcome => "data-outcome",
        }
    }
}

/// Which screen has the keys, as the page names it in `<body data-screen>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Loading,
    Title,
    /// Playing, on the map.
    Map,
    Pack,
    Aim,
    Look,
    Help,
    Log,
    Overview,
    Choose,
    Boon,
    Ended,
    Failed,
}

impl Screen {
    /// Every screen.
    pub const ALL: [Screen; 13] = [
        Screen::Loading,
        Screen::Title,
        Screen::Map,
        Screen::Pack,
        Screen::Aim,
        Screen::Look,
        Screen::Help,
        Screen::Log,
        Screen::Overview,
        Screen::Choose,
        Screen::Boon,
        Screen::Ended,
        Screen::Failed,
    ];

    /// Its name on the page.
    pub const fn name(self) -> &'static str {
        match self {
            Screen::Loading => "loading",
            Screen::Title => "title",
            Screen::Map => "map",
            Screen::Pack => "pack",
            Screen::Aim => "aim",
            Screen::Look => "look",
            Screen::Help => "help",
            Screen::Log => "log",
            Screen::Overview => "overview",
            Screen::Choose => "choose",
            Screen::Boon => "boon",
            Screen::Ended => "ended",
            Screen::Failed => "failed",
        }
    }

    /// The screen of a state and, while playing, its focus. Every state and focus is named
    /// here: a new one does not compile until it has a screen.
    pub const fn of(state: GameState, focus: Option<Focus>) -> Screen {
        match state {
            GameState::Loading => Screen::Loading,
            GameState::Title => Screen::Title,
            GameState::Ended => Screen::Ended,
            GameState::LoadFailed => Screen::Failed,
            GameState::Playing => match focus {
                None | Some(Focus::Map) => Screen::Map,
                Some(Focus::Pack) => Screen::Pack,
                Some(Focus::Aim) => Screen::Aim,
                Some(Focus::Look) => Screen::Look,
                Some(Focus::Help) => Screen::Help,
                Some(Focus::Log) => Screen::Log,
                Some(Focus::Overview) => Screen::Overview,
                Some(Focus::Choose) => Screen::Choose,
                Some(Focus::Boon) => Screen::Boon,
            },
        }
    }

    /// Whether the screen's arrows move a cursor by the move actions (aiming, looking, a
    /// direction asked for) rather than by the menus' fixed arrow keys.
    const fn steers_by_moves(self) -> bool {
        matches!(self, Screen::Aim | Screen::Look | Screen::Choose)
    }

    /// Whether the screen is over the map in play, where going back is the Cancel action.
    const fn over_the_map(self) -> bool {
        matches!(
            self,
            Screen::Pack
                | Screen::Aim
                | Screen::Look
                | Screen::Help
                | Screen::Log
                | Screen::Overview
                | Screen::Choose
                | Screen::Boon
        )
    }
}

/// What a button of the page presses: an action, or a menu's key (which, on a screen that reads
/// actions for it, is that action: Back over the map is Cancel, OK while looking is Fire).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Press {
    Act(Action),
    Up,
    Down,
    Left,
    Right,
    Ok,
    Back,
}

impl Press {
    /// The menu presses.
    pub const MENU: [Press; 6] = [
        Press::Up,
        Press::Down,
        Press::Left,
        Press::Right,
        Press::Ok,
        Press::Back,
    ];

    /// Every press: the actions, then the menu's.
    pub fn all() -> impl Iterator<Item = Press> {
        Action::ALL.into_iter().map(Press::Act).chain(Press::MENU)
    }

    /// Its name on the page (`data-action`).
    pub const fn name(self) -> &'static str {
        match self {
            Press::Act(action) => action_name(action),
            Press::Up => "up",
            Press::Down => "down",
            Press::Left => "left",
            Press::Right => "right",
            Press::Ok => "ok",
            Press::Back => "back",
        }
    }

    /// The press a page name names.
    pub fn named(name: &str) -> Option<Press> {
        Press::all().find(|p| p.name() == name)
    }

    /// The key that does it on `screen`, with the player's bindings on their layout: an
    /// action's first key that the layout places; a menu's fixed key, or the action the screen
    /// reads for it. None for an action with no key.
    pub fn key(self, screen: Screen, bindings: &Bindings, layout: &Layout) -> Option<KeyPress> {
        let by = |action: Action| Press::Act(action).key(screen, bindings, layout);
        let fixed = |code: KeyCode| KeyPress::of(Binding::key(code), layout);
        match self {
            Press::Act(action) => bindings.of(action).iter().find_map(|b| KeyPress::of(*b, layout)),
            Press::Up if screen.steers_by_moves() => by(Action::MoveN),
            Press::Down if screen.steers_by_moves() => by(Action::MoveS),
            Press::Left if screen.steers_by_moves() => by(Action::MoveW),
            Press::Right if screen.steers_by_moves() => by(Action::MoveE),
            Press::Ok if matches!(screen, Screen::Aim | Screen::Look) => by(Action::Fire),
            Press::Back if screen.over_the_map() || screen == Screen::Ended => by(Action::Cancel),
            Press::Up => fixed(KeyCode::ArrowUp),
            Press::Down => fixed(KeyCode::ArrowDown),
            Press::Left => fixed(KeyCode::ArrowLeft),
            Press::Right => fixed(KeyCode::ArrowRight),
            Press::Ok => fixed(KeyCode::Enter),
            Press::Back => fixed(KeyCode::Escape),
        }
    }
}

/// An action's name on the page: every action has one (the match is whole).
pub const fn action_name(action: Action) -> &'static str {
    match action {
        Action::MoveN => "move-n",
        Action::MoveNE => "move-ne",
        Action::MoveE => "move-e",
        Action::MoveSE => "move-se",
        Action::MoveS => "move-s",
        Action::MoveSW => "move-sw",
        Action::MoveW => "move-w",
        Action::MoveNW => "move-nw",
        Action::Wait => "wait",
        Action::Rest => "rest",
        Action::CloseDoor => "close-door",
        Action::Descend => "descend",
        Action::Ascend => "ascend",
        Action::Explore => "explore",
        Action::Overview => "overview",
        Action::Minimap => "minimap",
        Action::Cancel => "cancel",
        Action::Help => "help",
        Action::MessageLog => "log",
        Action::ZoomIn => "zoom-in",
        Action::ZoomOut => "zoom-out",
        Action::Lab => "lab",
        Action::LabNext => "lab-next",
        Action::Inventory => "pack",
        Action::PickUp => "pick-up",
        Action::Throw => "throw",
        Action::NextTarget => "next-target",
        Action::Fire => "fire",
        Action::NewRun => "new-run",
        Action::SameRun => "same-run",
        Action::TitleScreen => "title",
        Action::Quit => "quit",
        Action::Sneak => "sneak",
        Action::Look => "look",
        Action::Sidebar => "sidebar",
        Action::Search => "search",
        Action::SubmitRun => "submit",
        Action::Allies => "allies",
        Action::Mute => "mute",
        Action::ReviewDeath => "review",
    }
}

/// A key as the page's keyboard events carry it: `key` (what it prints, or its name), `code`
/// (where it is: the DOM's names, which are Bevy's) and Shift.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyPress {
    pub key: String,
    pub code: String,
    pub shift: bool,
}

impl KeyPress {
    /// The key a binding is on, if `layout` places it.
    fn of(binding: Binding, layout: &Layout) -> Option<KeyPress> {
        let (code, shift) = binding.resolve(layout)?;
        let key = match binding {
            Binding::Letter { letter, shift } if shift => letter.to_ascii_uppercase().to_string(),
            Binding::Letter { letter, .. } => letter.to_string(),
            Binding::Key { code, shift } => dom_key(code, shift, layout),
        };
        Some(KeyPress {
            key,
            code: format!("{code:?}"),
            shift,
        })
    }
}

/// What a key prints, or its DOM name: a letter as the layout has learned it (else QWERTY's), a
/// digit or sign as a US keyboard prints it, a named key's name.
fn dom_key(code: KeyCode, shift: bool, layout: &Layout) -> String {
    use KeyCode::*;
    if let Some(letter) = layout.letter_of(code) {
        return if shift { letter.to_ascii_uppercase() } else { letter }.to_string();
    }
    let signs: Option<(char, char)> = match code {
        Digit0 => Some(('0', ')')),
        Digit1 => Some(('1', '!')),
        Digit2 => Some(('2', '@')),
        Digit3 => Some(('3', '#')),
        Digit4 => Some(('4', '$')),
        Digit5 => Some(('5', '%')),
        Digit6 => Some(('6', '^')),
        Digit7 => Some(('7', '&')),
        Digit8 => Some(('8', '*')),
        Digit9 => Some(('9', '(')),
        Period => Some(('.', '>')),
        Comma => Some((',', '<')),
        Slash => Some(('/', '?')),
        Semicolon => Some((';', ':')),
        Quote => Some(('\'', '"')),
        BracketLeft => Some(('[', '{')),
        BracketRight => Some((']', '}')),
        Backslash => Some(('\\', '|')),
        Minus => Some(('-', '_')),
        Equal => Some(('=', '+')),
        Backquote => Some(('`', '~')),
        Space => Some((' ', ' ')),
        Numpad0 => Some(('0', '0')),
        Numpad1 => Some(('1', '1')),
        Numpad2 => Some(('2', '2')),
        Numpad3 => Some(('3', '3')),
        Numpad4 => Some(('4', '4')),
        Numpad5 => Some(('5', '5')),
        Numpad6 => Some(('6', '6')),
        Numpad7 => Some(('7', '7')),
        Numpad8 => Some(('8', '8')),
        Numpad9 => Some(('9', '9')),
        NumpadAdd => Some(('+', '+')),
        NumpadSubtract => Some(('-', '-')),
        NumpadMultiply => Some(('*', '*')),
        NumpadDivide => Some(('/', '/')),
        NumpadDecimal => Some(('.', '.')),
        _ => None,
    };
    match (signs, code) {
        (Some((plain, shifted)), _) => if shift { shifted } else { plain }.to_string(),
        (None, NumpadEnter) => "Enter".to_owned(),
        // Named keys: the DOM's name is Bevy's ("ArrowUp", "Escape", "F1", "PageDown").
        (None, code) => format!("{code:?}"),
    }
}

/// `<body data-keys>` on `screen`: a JSON object from each press's page name to the key that
/// does it, `[key, code, shift]` (a press with no key is left out). The page's buttons press
/// these (web/touch.js).
pub fn keys_mark(screen: Screen, bindings: &Bindings, layout: &Layout) -> String {
    let keys: serde_json::Map<String, serde_json::Value> = Press::all()
        .filter_map(|p| {
            let k = p.key(screen, bindings, layout)?;
            Some((p.name().to_owned(), serde_json::json!([k.key, k.code, k.shift])))
        })
        .collect();
    serde_json::Value::Object(keys).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_press_has_one_name_and_every_name_one_press() {
        let names: Vec<&str> = Press::all().map(Press::name).collect();
        for (i, name) in names.iter().enumerate() {
            assert!(!names[..i].contains(name), "{name} names two presses");
            assert_eq!(Press::named(name).map(Press::name), Some(*name));
        }
        assert_eq!(Press::named("nothing"), None);
    }

    #[test]
    fn a_rebound_action_is_pressed_by_its_new_key() {
        let layout = Layout::default();
        let mut bindings = Bindings::default();
        let pack = Press::Act(Action::Inventory);
        assert_eq!(
            pack.key(Screen::Map, &bindings, &layout).map(|k| k.code),
            Some("KeyI".to_owned())
        );
        bindings
            .rebind(Action::Inventory, Binding::letter('o'), &layout)
            .expect("o is free");
        let key = pack.key(Screen::Map, &bindings, &layout).expect("bound");
        assert_eq!((key.key.as_str(), key.code.as_str(), key.shift), ("o", "KeyO", false));
        // Stairs down is Shift with `.`: `>`.
        let down = Press::Act(Action::Descend)
            .key(Screen::Map, &bindings, &layout)
            .expect("bound");
        assert_eq!(
            (down.key.as_str(), down.code.as_str(), down.shift),
            (">", "Period", true)
        );
    }

    #[test]
    fn menu_keys_follow_the_actions_where_a_screen_reads_actions() {
        let layout = Layout::default();
        let mut bindings = Bindings::default();
        bindings
            .rebind(Action::Cancel, Binding::key(KeyCode::Backspace), &layout)
            .expect("free");
        let back = |screen| Press::Back.key(screen, &bindings, &layout).map(|k| k.code);
        assert_eq!(back(Screen::Pack), Some("Backspace".to_owned()), "over the map: Cancel");
        assert_eq!(back(Screen::Title), Some("Escape".to_owned()), "the title's menus: Esc");
        let up = |screen| Press::Up.key(screen, &bindings, &layout).map(|k| k.code);
        assert_eq!(up(Screen::Look), Some("ArrowUp".to_owned()), "MoveN's first key");
        assert_eq!(up(Screen::Title), Some("ArrowUp".to_owned()));
        let mark = keys_mark(Screen::Map, &bindings, &layout);
        let parsed: serde_json::Value = serde_json::from_str(&mark).expect("JSON");
        assert_eq!(parsed["pack"], serde_json::json!(["i", "KeyI", false]));
        assert_eq!(parsed["cancel"], serde_json::json!(["Backspace", "Backspace", false]));
    }

    /// The quoted values that follow `before` in `text` (`data-action="` … `"`).
    fn values_after<'a>(text: &'a str, before: &str, end: char) -> Vec<&'a str> {
        text.split(before)
            .skip(1)
            .filter_map(|rest| rest.split(end).next())
            .collect()
    }

    #[test]
    fn the_page_names_only_presses_and_screens_the_game_knows() {
        let page = include_str!("../../web/index.html");
        let touch = include_str!("../../web/touch.js");
        let mut named = values_after(page, "data-action=\"", '"');
        named.extend(values_after(touch, "pressAction(\"", '"'));
        assert!(
            named.len() >= 36,
            "the bar, the d-pad and the long press: {}",
            named.len()
        );
        for name in &named {
            assert!(
                Press::named(name).is_some(),
                "the page presses \"{name}\", which the game does not know"
            );
        }
        for ways in values_after(touch, "const ways = [", ']') {
            for way in ways.split(',').map(|w| w.trim().trim_matches('"')) {
                assert!(Press::named(way).is_some(), "a swipe presses \"{way}\"");
            }
        }
        assert!(
            !page.contains("data-key=") && !touch.contains("dataset.code"),
            "a button names an action, not a key"
        );
        let screens: Vec<&str> = Screen::ALL.iter().map(|s| s.name()).collect();
        for only in values_after(page, "data-only=\"", '"') {
            for screen in only.split(' ') {
                assert!(
                    screens.contains(&screen),
                    "a button is shown on \"{screen}\", no screen of the game"
                );
            }
        }
        for screen in values_after(touch, "screen === \"", '"') {
            assert!(
                screens.contains(&screen),
                "touch.js asks for \"{screen}\", no screen of the game"
            );
        }
    }

    #[test]
    fn every_state_and_focus_has_a_screen_with_its_own_name() {
        let names: Vec<&str> = Screen::ALL.iter().map(|s| s.name()).collect();
        for (i, name) in names.iter().enumerate() {
            assert!(!names[..i].contains(name), "{name} names two screens");
        }
        assert_eq!(Screen::of(GameState::Playing, Some(Focus::Pack)).name(), "pack");
        assert_eq!(Screen::of(GameState::Playing, None).name(), "map");
        let marks: Vec<&str> = Mark::ALL.iter().map(|m| m.attribute()).collect();
        for (i, mark) in marks.iter().enumerate() {
            assert!(mark.starts_with("data-") && !marks[..i].contains(mark), "{mark}");
        }
    }
}

//! Key bindings as the player sets them: for each action, the keys that do it. Moves are bound to
//! keys by where they are on the keyboard (`hjkl` are a square of keys on any layout); letter
//! commands (`x` explore, `c` close) to the letter printed on the key, whichever key that is on
//! the player's layout (`Layout`, learned from what the keys type). Plain Rust: the leafwing
//! `InputMap` is made from these (`input_map`).

use std::collections::{BTreeMap, HashMap};
use std::fmt;

use bevy::prelude::KeyCode;
use leafwing_input_manager::prelude::{ButtonlikeChord, InputMap, ModifierKey};
use serde::{Deserialize, Serialize};

use crate::action::Action;

/// One way to do an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Binding {
    /// The key at this place on the keyboard (with Shift held, if `shift`).
    Key { code: KeyCode, shift: bool },
    /// The key that prints this lowercase letter on the player's layout.
    Letter { letter: char, shift: bool },
}

/// Keys a binding may name, with the names settings files use (Bevy's `KeyCode` names).
const KEYS: [KeyCode; 91] = {
    use KeyCode::*;
    [
        KeyA,
        KeyB,
        KeyC,
        KeyD,
        KeyE,
        KeyF,
        KeyG,
        KeyH,
        KeyI,
        KeyJ,
        KeyK,
        KeyL,
        KeyM,
        KeyN,
        KeyO,
        KeyP,
        KeyQ,
        KeyR,
        KeyS,
        KeyT,
        KeyU,
        KeyV,
        KeyW,
        KeyX,
        KeyY,
        KeyZ,
        Digit0,
        Digit1,
        Digit2,
        Digit3,
        Digit4,
        Digit5,
        Digit6,
        Digit7,
        Digit8,
        Digit9,
        F1,
        F2,
        F3,
        F4,
        F5,
        F6,
        F7,
        F8,
        F9,
        F10,
        F11,
        F12,
        ArrowUp,
        ArrowDown,
        ArrowLeft,
        ArrowRight,
        Numpad0,
        Numpad1,
        Numpad2,
        Numpad3,
        Numpad4,
        Numpad5,
        Numpad6,
        Numpad7,
        Numpad8,
        Numpad9,
        NumpadAdd,
        NumpadSubtract,
        NumpadMultiply,
        NumpadDivide,
        NumpadDecimal,
        NumpadEnter,
        Space,
        Tab,
        Enter,
        Escape,
        Backspace,
        Delete,
        Insert,
        Home,
        End,
        PageUp,
        PageDown,
        Period,
        Comma,
        Slash,
        Semicolon,
        Quote,
        BracketLeft,
        BracketRight,
        Backslash,
        Minus,
        Equal,
        Backquote,
        IntlBackslash,
    ]
};

/// The name of a key in settings files and on screen ("ArrowUp", "Period").
pub(crate) fn key_name(code: KeyCode) -> String {
    format!("{code:?}")
}

/// The key of a name from `key_name`.
pub(crate) fn key_of_name(name: &str) -> Option<KeyCode> {
    KEYS.into_iter().find(|&k| key_name(k) == name)
}

/// True for keys a binding may name.
pub(crate) fn bindable(code: KeyCode) -> bool {
    KEYS.contains(&code)
}

/// The letter key a QWERTY keyboard prints `letter` on: where a letter is looked for until the
/// keyboard shows otherwise.
pub(crate) fn qwerty_key(letter: char) -> Option<KeyCode> {
    let i = (letter as u32).checked_sub('a' as u32)?;
    (i < 26).then(|| KEYS[i as usize])
}

impl fmt::Display for Binding {
    /// As settings files and the help write it: "ArrowUp", "x", "Shift+Period", "Shift+m".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (shift, name) = match *self {
            Binding::Key { code, shift } => (shift, key_name(code)),
            Binding::Letter { letter, shift } => (shift, letter.to_string()),
        };
        write!(f, "{}{name}", if shift { "Shift+" } else { "" })
    }
}

impl std::str::FromStr for Binding {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let (shift, name) = match text.strip_prefix("Shift+") {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let mut chars = name.chars();
        if let (Some(letter @ 'a'..='z'), None) = (chars.next(), chars.next()) {
            return Ok(Binding::Letter { letter, shift });
        }
        key_of_name(name)
            .map(|code| Binding::Key { code, shift })
            .ok_or_else(|| format!("unknown key \"{text}\""))
    }
}

impl TryFrom<String> for Binding {
    type Error = String;
    fn try_from(text: String) -> Result<Self, String> {
        text.parse()
    }
}

impl From<Binding> for String {
    fn from(b: Binding) -> String {
        b.to_string()
    }
}

impl Binding {
    pub const fn key(code: KeyCode) -> Self {
        Binding::Key { code, shift: false }
    }

    pub const fn letter(letter: char) -> Self {
        Binding::Letter { letter, shift: false }
    }

    /// The key (and Shift) this binding is on, given the player's layout.
    pub(crate) fn resolve(self, layout: &Layout) -> Option<(KeyCode, bool)> {
        match self {
            Binding::Key { code, shift } => Some((code, shift)),
            Binding::Letter { letter, shift } => layout.key_for(letter).map(|k| (k, shift)),
        }
    }
}

/// Which key prints which letter on the player's keyboard: QWERTY until a key typed says
/// otherwise (an AZERTY `a` is where QWERTY has `q`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Layout {
    learned: HashMap<char, KeyCode>,
}

impl Layout {
    /// The key that prints `letter`: as learned, else QWERTY's (unless that key was seen to
    /// print something else).
    pub(crate) fn key_for(&self, letter: char) -> Option<KeyCode> {
        if let Some(&k) = self.learned.get(&letter) {
            return Some(k);
        }
        let guess = qwerty_key(letter)?;
        (!self.learned.values().any(|&k| k == guess)).then_some(guess)
    }

    /// The letter `code` prints: as learned, else QWERTY's (unless that letter was seen on
    /// another key). None for a key that prints no letter.
    pub(crate) fn letter_of(&self, code: KeyCode) -> Option<char> {
        if let Some((&letter, _)) = self.learned.iter().find(|&(_, &k)| k == code) {
            return Some(letter);
        }
        let letter = ('a'..='z').find(|&l| qwerty_key(l) == Some(code))?;
        (!self.learned.contains_key(&letter)).then_some(letter)
    }

    /// `code` was seen to print `letter` (lowercased). True if that is news.
    pub(crate) fn learn(&mut self, letter: char, code: KeyCode) -> bool {
        let letter = letter.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() || self.learned.get(&letter) == Some(&code) {
            return false;
        }
        self.learned.retain(|_, k| *k != code);
        self.learned.insert(letter, code);
        true
    }
}

/// Every action's bindings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Bindings(pub BTreeMap<String, Vec<Binding>>);

/// Read leniently: a key name this Delve does not know is dropped alone (its action keeps the
/// keys it knows, or its defaults: `completed`), never the whole file.
impl<'de> Deserialize<'de> for Bindings {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let named = BTreeMap::<String, Vec<String>>::deserialize(d)?;
        Ok(Bindings(
            named
                .into_iter()
                .map(|(action, keys)| {
                    (
                        action,
                        keys.into_iter().filter_map(|k| Binding::try_from(k).ok()).collect(),
                    )
                })
                .collect(),
        ))
    }
}

impl Default for Bindings {
    /// Arrows, numpad and vi-keys (`hjklyubn`, by place) to move; letters for commands; `>`
    /// and `<` (Shift with `.` and `,`) for the stairs; Tab for the overview, F1 help, F2 lab.
    fn default() -> Self {
        use KeyCode::*;
        let k = Binding::key;
        let l = Binding::letter;
        let shift = |code| Binding::Key { code, shift: true };
        let table: [(Action, Vec<Binding>); 40] = [
            (Action::MoveN, vec![k(ArrowUp), k(Numpad8), k(KeyK)]),
            (Action::MoveNE, vec![k(Numpad9), k(KeyU), k(PageUp)]),
            (Action::MoveE, vec![k(ArrowRight), k(Numpad6), k(KeyL)]),
            (Action::MoveSE, vec![k(Numpad3), k(KeyN), k(PageDown)]),
            (Action::MoveS, vec![k(ArrowDown), k(Numpad2), k(KeyJ)]),
            (Action::MoveSW, vec![k(Numpad1), k(KeyB), k(End)]),
            (Action::MoveW, vec![k(ArrowLeft), k(Numpad4), k(KeyH)]),
            (Action::MoveNW, vec![k(Numpad7), k(KeyY), k(Home)]),
            (Action::Wait, vec![k(Numpad5), k(Period), k(Space)]),
            (
                Action::Rest,
                vec![Binding::Letter {
                    letter: 'z',
                    shift: true,
                }],
            ),
            (Action::CloseDoor, vec![l('c')]),
            (Action::Descend, vec![shift(Period)]),
            (Action::Ascend, vec![shift(Comma)]),
            (Action::Explore, vec![l('x')]),
            (Action::Overview, vec![l('m'), k(Tab)]),
            (
                Action::Minimap,
                vec![Binding::Letter {
                    letter: 'm',
                    shift: true,
                }],
            ),
            (Action::Cancel, vec![k(Escape)]),
            (Action::Help, vec![k(F1), shift(Slash)]),
            (Action::MessageLog, vec![l('p')]),
            (Action::ZoomIn, vec![k(Equal), k(NumpadAdd)]),
            (Action::ZoomOut, vec![k(Minus), k(NumpadSubtract)]),
            (Action::Lab, vec![k(F2)]),
            (Action::LabNext, vec![l('n')]),
            (Action::Inventory, vec![l('i')]),
            (Action::PickUp, vec![l('g')]),
            (Action::Throw, vec![l('f')]),
            (Action::NextTarget, vec![k(Tab)]),
            (Action::Fire, vec![l('f'), k(Enter), k(NumpadEnter)]),
            (Action::NewRun, vec![l('n')]),
            (Action::SameRun, vec![l('r')]),
            (Action::TitleScreen, vec![l('t')]),
            (Action::SubmitRun, vec![l('b')]),
            (Action::ReviewDeath, vec![l('v')]),
            (Action::Quit, vec![l('q')]),
            (Action::Sneak, vec![l('s')]),
            (Action::Look, vec![l('v')]),
            (Action::Sidebar, vec![k(F3)]),
            // `s` sneaks (Brogue's search key): `e`, for examining the walls round you, searches.
            (Action::Search, vec![l('e')]),
            // DCSS's `t`: tell your allies (off the map, `t` is the summary's title key).
            (Action::Allies, vec![l('t')]),
            (Action::Mute, vec![k(F4)]),
        ];
        Bindings(table.into_iter().map(|(a, b)| (action_name(a), b)).collect())
    }
}

/// The name of an action in settings files ("MoveN", "Explore").
pub(crate) fn action_name(action: Action) -> String {
    format!("{action:?}")
}

impl Bindings {
    /// The bindings of `action`.
    pub fn of(&self, action: Action) -> &[Binding] {
        self.0.get(&action_name(action)).map_or(&[], Vec::as_slice)
    }

    /// Bindings read from a file, made whole: an action the file leaves out, or leaves with no
    /// key, keeps its defaults; a name that is no action is dropped.
    pub(crate) fn completed(self) -> Self {
        let mut all = Bindings::default();
        for action in Action::ALL {
            if let Some(b) = self.0.get(&action_name(action)).filter(|b| !b.is_empty()) {
                all.0.insert(action_name(action), b.clone());
            }
        }
        all
    }

    /// The action other than `action` already on the key `binding` is on, if any.
    pub(crate) fn clash(&self, action: Action, binding: Binding, layout: &Layout) -> Option<Action> {
        let key = binding.resolve(layout)?;
        Action::ALL.into_iter().find(|&other| {
            other != action
                && !crate::action::Where::apart(action, other)
                && self.of(other).iter().any(|b| b.resolve(layout) == Some(key))
        })
    }

    /// Puts `binding` first among `action`'s keys, in place of its first key; refused, naming
    /// the action, when another action has that key.
    pub fn rebind(&mut self, action: Action, binding: Binding, layout: &Layout) -> Result<(), Action> {
        if let Some(other) = self.clash(action, binding, layout) {
            return Err(other);
        }
        let keys = self.0.entry(action_name(action)).or_default();
        keys.retain(|&b| b != binding);
        if keys.is_empty() {
            keys.push(binding);
        } else {
            keys[0] = binding;
        }
        Ok(())
    }

    /// The keys of `action` as the help and settings show them: "ArrowUp, Numpad8, KeyK".
    pub(crate) fn describe(&self, action: Action) -> String {
        let keys = self.of(action);
        if keys.is_empty() {
            return "(unbound)".into();
        }
        let held = if action == Action::Quit { "Ctrl+" } else { "" };
        keys.iter()
            .map(|b| format!("{held}{}", shown(*b)))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The first key of `action` as a player reads it ("p", "Esc"), for prompts.
    pub(crate) fn key(&self, action: Action) -> String {
        self.of(action)
            .first()
            .map_or_else(|| "(unbound)".to_owned(), |b| shown(*b))
    }

    /// Whether a key of `action` was pressed this frame (Shift held as the binding says): how
    /// the screens without a player read their keys.
    pub(crate) fn just_pressed(
        &self,
        action: Action,
        keys: &bevy::input::ButtonInput<KeyCode>,
        layout: &Layout,
    ) -> bool {
        let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
        self.of(action)
            .iter()
            .filter_map(|b| b.resolve(layout))
            .any(|(code, with_shift)| with_shift == shift && keys.just_pressed(code))
    }

    /// The leafwing map for these bindings on `layout`.
    pub(crate) fn input_map(&self, layout: &Layout) -> InputMap<Action> {
        let mut map = InputMap::default();
        // The player's keys in play: the summary's and quitting are read from the bindings.
        let in_play = Action::ALL
            .into_iter()
            .filter(|a| !a.at_the_end() && *a != Action::Quit);
        for action in in_play {
            for binding in self.of(action) {
                match binding.resolve(layout) {
                    Some((code, false)) => _ = map.insert(action, code),
                    Some((code, true)) => _ = map.insert(action, ButtonlikeChord::modified(ModifierKey::Shift, code)),
                    None => {}
                }
            }
        }
        map
    }
}

/// A binding as a player reads it, by what is printed on its key: "x", "M" (Shift+m), ">"
/// (Shift+Period), "k" (the key `KeyK`), "=", "Num 5", "Up". Never an engine name.
pub fn shown(binding: Binding) -> String {
    let (shift, name) = match binding {
        Binding::Letter { letter, shift: false } => return letter.to_string(),
        Binding::Letter { letter, shift: true } => return letter.to_ascii_uppercase().to_string(),
        Binding::Key { code, shift } => (shift, code),
    };
    // What Shift types on the keys every layout agrees on.
    let shifted = match name {
        KeyCode::Period => Some(">"),
        KeyCode::Comma => Some("<"),
        KeyCode::Slash => Some("?"),
        _ => None,
    };
    match (shift, shifted) {
        (true, Some(text)) => text.into(),
        (true, None) => format!("Shift+{}", printed(name)),
        (false, _) => printed(name),
    }
}

/// What is printed on the key `code` (QWERTY for letters and signs: `Letter` bindings follow the
/// player's layout, place bindings are a place on the keyboard).
fn printed(code: KeyCode) -> String {
    use KeyCode::*;
    let name = key_name(code);
    if let Some(letter) = name.strip_prefix("Key") {
        return letter.to_lowercase();
    }
    if let Some(digit) = name.strip_prefix("Digit") {
        return digit.into();
    }
    if let Some(digit) = name.strip_prefix("Numpad").filter(|d| d.len() == 1) {
        return format!("Num {digit}");
    }
    let text = match code {
        ArrowUp => "Up",
        ArrowDown => "Down",
        ArrowLeft => "Left",
        ArrowRight => "Right",
        NumpadAdd => "Num +",
        NumpadSubtract => "Num -",
        NumpadMultiply => "Num *",
        NumpadDivide => "Num /",
        NumpadDecimal => "Num .",
        NumpadEnter => "Num Enter",
        Escape => "Esc",
        Delete => "Del",
        Insert => "Ins",
        PageUp => "PgUp",
        PageDown => "PgDn",
        Period => ".",
        Comma => ",",
        Slash => "/",
        Semicolon => ";",
        Quote => "'",
        BracketLeft => "[",
        BracketRight => "]",
        Backslash | IntlBackslash => "\\",
        Minus => "-",
        Equal => "=",
        Backquote => "`",
        _ => return name,
    };
    text.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bindings_read_back_as_written() {
        for text in ["x", "Shift+m", "ArrowUp", "Shift+Period", "F2", "Numpad5"] {
            assert_eq!(text.parse::<Binding>().unwrap().to_string(), text);
        }
        assert!("Shift+Nope".parse::<Binding>().is_err());
        assert!("X".parse::<Binding>().is_err(), "letters are lowercase");
        let defaults = Bindings::default();
        assert_eq!(defaults.clone().completed(), defaults);
        for action in Action::ALL {
            assert!(!defaults.of(action).is_empty(), "{action:?} has keys");
        }
    }

    #[test]
    fn letters_follow_the_layout_moves_stay_in_place() {
        let bindings = Bindings::default();
        let mut azerty = Layout::default();
        // On AZERTY the key QWERTY calls Semicolon prints `m`, and QWERTY's M key prints `,`.
        assert!(azerty.learn('m', KeyCode::Semicolon));
        assert!(!azerty.learn('M', KeyCode::Semicolon), "nothing new");
        let map = bindings.input_map(&azerty);
        let overview = map.get_buttonlike(&Action::Overview).unwrap();
        assert!(overview.iter().any(|b| format!("{b:?}").contains("Semicolon")));
        assert!(!overview.iter().any(|b| format!("{b:?}").contains("KeyM")));
        // vi-keys are by place: `k` stays on KeyK whatever it prints.
        assert!(azerty.learn('a', KeyCode::KeyQ));
        let north = bindings.input_map(&azerty);
        assert!(
            north
                .get_buttonlike(&Action::MoveN)
                .unwrap()
                .iter()
                .any(|b| format!("{b:?}").contains("KeyK"))
        );
        // A key seen printing another letter no longer stands for its QWERTY letter.
        let mut layout = Layout::default();
        assert_eq!(layout.key_for('x'), Some(KeyCode::KeyX));
        layout.learn('q', KeyCode::KeyX);
        assert_eq!(layout.key_for('x'), None);
        layout.learn('x', KeyCode::KeyB);
        assert_eq!(layout.key_for('x'), Some(KeyCode::KeyB));
    }

    #[test]
    fn a_clash_is_refused_and_named() {
        let layout = Layout::default();
        let mut bindings = Bindings::default();
        assert_eq!(
            bindings.rebind(Action::Explore, Binding::letter('c'), &layout),
            Err(Action::CloseDoor)
        );
        assert_eq!(bindings.of(Action::Explore), [Binding::letter('x')], "nothing changed");
        // A letter and the key it is on are the same key.
        assert_eq!(
            bindings.rebind(Action::Wait, Binding::key(KeyCode::KeyX), &layout),
            Err(Action::Explore)
        );
        bindings.rebind(Action::Explore, Binding::letter('z'), &layout).unwrap();
        assert_eq!(bindings.of(Action::Explore), [Binding::letter('z')]);
        bindings
            .rebind(Action::MoveN, Binding::key(KeyCode::KeyW), &layout)
            .unwrap();
        assert_eq!(bindings.of(Action::MoveN)[0], Binding::key(KeyCode::KeyW));
        assert!(
            bindings.of(Action::MoveN).contains(&Binding::key(KeyCode::Numpad8)),
            "others kept"
        );
        // The lab's `n` shares its key with a move: not a clash.
        assert_eq!(bindings.clash(Action::LabNext, Binding::letter('n'), &layout), None);
    }
}

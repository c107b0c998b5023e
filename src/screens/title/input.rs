//! The title screen's keys and clicks: a key press as a menu key (or a binding being waited for),
//! a click on a row, and the key handed to the menus, whose outcome `act` carries out.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use super::act::{ActingMut, act};
use super::data::TitleData;
use super::draw::MenuRow;
use super::menu::{Context, Menu, MenuKey, Page};
use crate::audio::{Cue, Sound, Soundtrack};
use crate::save::SaveStore;
use crate::settings::bindings::bindable;
use crate::settings::{Binding, KeyboardLayout, Settings};

/// The menu key a key press is, `capturing` telling whether a binding is being waited for.
fn menu_key(input: &KeyboardInput, shift: bool, capturing: Option<crate::action::Action>) -> Option<MenuKey> {
    if let Some(action) = capturing {
        if input.key_code == KeyCode::Escape {
            return Some(MenuKey::Back);
        }
        if !bindable(input.key_code) {
            return None;
        }
        let letter = match &input.logical_key {
            Key::Character(text) => {
                let mut chars = text.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) if c.is_ascii_alphabetic() => Some(c.to_ascii_lowercase()),
                    _ => None,
                }
            }
            _ => None,
        };
        let binding = match letter {
            // Moves stay where they are on the keyboard; commands follow the letter.
            Some(letter) if action.direction().is_none() => Binding::Letter { letter, shift },
            _ => Binding::Key {
                code: input.key_code,
                shift,
            },
        };
        return Some(MenuKey::Bind(binding));
    }
    Some(match input.key_code {
        KeyCode::ArrowUp | KeyCode::Numpad8 => MenuKey::Up,
        KeyCode::ArrowDown | KeyCode::Numpad2 | KeyCode::Tab => MenuKey::Down,
        KeyCode::PageUp => MenuKey::PageUp,
        KeyCode::PageDown => MenuKey::PageDown,
        KeyCode::Home => MenuKey::First,
        KeyCode::End => MenuKey::Last,
        KeyCode::ArrowLeft | KeyCode::Numpad4 => MenuKey::Left,
        KeyCode::ArrowRight | KeyCode::Numpad6 => MenuKey::Right,
        KeyCode::Enter | KeyCode::NumpadEnter | KeyCode::Space => MenuKey::Enter,
        KeyCode::Escape => MenuKey::Back,
        KeyCode::Backspace | KeyCode::Delete => MenuKey::Erase,
        _ => match &input.logical_key {
            Key::Character(text) if text.len() == 1 && text.chars().all(|c| c.is_ascii_digit()) => {
                MenuKey::Digit(text.chars().next().expect("one digit"))
            }
            _ => return None,
        },
    })
}

/// What the menus need to act on an outcome.
type Acting<'w, 's> = (Commands<'w, 's>, MessageWriter<'w, AppExit>, Res<'w, SaveStore>);

pub(super) fn read_menu_keys(
    mut typed: MessageReader<KeyboardInput>,
    keys: Res<ButtonInput<KeyCode>>,
    mut menu: ResMut<Menu>,
    mut data: ResMut<TitleData>,
    mut settings: ResMut<Settings>,
    layout: Res<KeyboardLayout>,
    (mut commands, mut exit, store): Acting,
) {
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    for input in typed.read() {
        // A Ctrl chord is no menu key (Ctrl with the quit key quits).
        if input.state != ButtonState::Pressed || ctrl {
            continue;
        }
        let Some(key) = menu_key(input, shift, menu.capturing) else {
            continue;
        };
        let acting = (&mut commands, &mut exit, &*store);
        handle(key, &mut menu, &mut data, &mut settings, &layout, acting);
    }
}

/// A key pressed on the menus, and what it asked for done.
fn handle(
    key: MenuKey,
    menu: &mut Menu,
    data: &mut TitleData,
    settings: &mut Settings,
    layout: &KeyboardLayout,
    acting: ActingMut,
) {
    let labels = data.labels.clone();
    let past = data.past.clone();
    let scores = data.scores.clone();
    let feats = data.feats.clone();
    let today = crate::save::today().to_string();
    let full_label = data.full().map(|i| labels[i].clone());
    let before = settings.clone();
    let mut ctx = Context {
        saved: &labels,
        resume: data.resume(),
        full: full_label.as_deref(),
        settings,
        layout,
        can_quit: cfg!(not(target_arch = "wasm32")),
        past: &past,
        scores: &scores,
        today: &today,
        daily: data.daily(&today),
        feats: &feats,
        newcomer: data.newcomer,
    };
    let outcome = menu.press(key, &mut ctx);
    act(outcome, menu, data, (&before, settings), acting);
}

/// A click on a row chooses it and presses Enter.
pub(super) fn click_menu_rows(
    rows: Query<(&Interaction, &MenuRow), Changed<Interaction>>,
    mut menu: ResMut<Menu>,
    mut data: ResMut<TitleData>,
    mut settings: ResMut<Settings>,
    layout: Res<KeyboardLayout>,
    (mut commands, mut exit, store): Acting,
) {
    for (interaction, row) in &rows {
        if *interaction != Interaction::Pressed || menu.capturing.is_some() {
            continue;
        }
        menu.selected = row.0;
        let acting = (&mut commands, &mut exit, &*store);
        handle(MenuKey::Enter, &mut menu, &mut data, &mut settings, &layout, acting);
    }
}

/// The menus' sounds: a tick as the cursor moves, a click as a page opens or a setting changes.
pub(super) fn menu_sounds(
    menu: Res<Menu>,
    settings: Res<Settings>,
    mut last: Local<Option<(Page, usize)>>,
    mut soundtrack: ResMut<Soundtrack>,
) {
    let now = (menu.page, menu.selected);
    let sound = match *last {
        Some((page, _)) if page != now.0 => Some(Sound::MenuChoose),
        _ if settings.is_changed() && last.is_some() => Some(Sound::MenuChoose),
        Some((_, selected)) if selected != now.1 => Some(Sound::MenuMove),
        _ => None,
    };
    *last = Some(now);
    if let Some(sound) = sound {
        soundtrack.play(Cue::plain(sound));
    }
}

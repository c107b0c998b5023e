//! The title screen: Continue (the run saved last), Saved runs (any of them), New run (a random
//! or typed seed, the corridor style, the size), Settings (rebind any action, sight radius,
//! zoom), Run history and Quit, by keyboard or mouse. A saved run that cannot be read is listed
//! with why, and left as it is; one open in another Delve is marked and not opened twice. The
//! menus themselves are plain data (`menu`).

pub mod menu;

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy::window::RequestRedraw;

use delve_core::run::RunSpec;
use delve_core::save::History;

use crate::save::{RunId, SAVED_RUNS_KEEP, SaveSlot, SaveStore, SavedEntry, Slot, Store, load_or_set_aside};
use crate::settings::bindings::bindable;
use crate::settings::{Binding, KeyboardLayout, Settings};
use crate::state::{GameState, Session};
use crate::turn::begin_run;
use crate::ui::palette;
use crate::ui::scale;
use menu::{Context, Menu, MenuKey, Outcome, Page};

/// What the title screen found when it opened: the saved runs, the history, and lines about
/// files that could not be read.
#[derive(Resource, Default)]
pub(crate) struct TitleData {
    /// Every saved run, the most recently saved first.
    pub saved: Vec<SavedEntry>,
    /// The saved runs as the menus name them.
    pub labels: Vec<String>,
    pub history: History,
    /// The finished runs as the history page lists them, newest first: each line, and whether
    /// its recording and story are kept.
    pub past: Vec<(String, bool)>,
    pub notices: Vec<String>,
}

impl TitleData {
    /// The name finished run `i` (newest first) keeps its recording and story under.
    fn past_id(&self, i: usize) -> Option<RunId> {
        let runs = &self.history.runs;
        runs.get(runs.len().checked_sub(i + 1)?)?.id.as_deref()?.parse().ok()
    }
}

impl TitleData {
    /// The run Continue plays: the most recently saved one that can be played here.
    fn resume(&self) -> Option<usize> {
        self.saved.iter().position(|e| e.found.is_ok() && !e.taken)
    }

    /// The oldest saved run that can be retired, when as many runs are saved as are kept.
    fn full(&self) -> Option<usize> {
        if self.saved.len() < SAVED_RUNS_KEEP {
            return None;
        }
        self.saved.iter().rposition(|e| e.found.is_ok() && !e.taken)
    }
}

/// Lines to show on the title screen the next time it opens (a settings file set aside at
/// start-up).
#[derive(Resource, Clone, Debug, Default)]
pub(crate) struct TitleNotices(pub Vec<String>);

#[derive(Component)]
struct MenuBody;

/// A row of the menu, by its place on the page.
#[derive(Component)]
struct MenuRow(usize);

pub fn plugin(app: &mut App) {
    app.init_resource::<Menu>()
        .init_resource::<TitleData>()
        .init_resource::<TitleNotices>()
        .add_systems(OnEnter(GameState::Title), (load_title_data, spawn_title).chain())
        .add_systems(
            Update,
            (read_menu_keys, click_menu_rows, draw_menu, scroll_story)
                .chain()
                .run_if(in_state(GameState::Title)),
        );
}

/// The story shown on the history page, scrolled by PgUp/PgDn and the mouse wheel.
#[derive(Component)]
struct StoryScroll;

/// Pixels a PgUp/PgDn scrolls the story by (a line of the wheel: a fifth of that).
const STORY_PAGE: f32 = 200.0;

fn scroll_story(
    keys: Res<ButtonInput<KeyCode>>,
    mut wheel: MessageReader<bevy::input::mouse::MouseWheel>,
    mut story: Query<&mut ScrollPosition, With<StoryScroll>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let mut by = 0.0;
    if keys.just_pressed(KeyCode::PageDown) {
        by += STORY_PAGE;
    }
    if keys.just_pressed(KeyCode::PageUp) {
        by -= STORY_PAGE;
    }
    for w in wheel.read() {
        let lines = match w.unit {
            bevy::input::mouse::MouseScrollUnit::Line => w.y,
            bevy::input::mouse::MouseScrollUnit::Pixel => w.y / 20.0,
        };
        by -= lines * STORY_PAGE / 5.0;
    }
    if by == 0.0 {
        return;
    }
    for mut at in &mut story {
        // The layout keeps it within the text.
        at.0.y = (at.0.y + by).max(0.0);
        redraw.write(RequestRedraw);
    }
}

fn load_title_data(
    mut commands: Commands,
    store: Res<SaveStore>,
    mut notices: ResMut<TitleNotices>,
    slot: Option<Res<SaveSlot>>,
) {
    // A run left for the title (saved after its last turn) is no longer held.
    let (saved, list_notice) = crate::save::saved_runs(&store.0, slot.map(|s| s.id));
    commands.remove_resource::<SaveSlot>();
    let (history, history_notice) = load_or_set_aside(&store.0, Slot::History, "run history", History::from_text);
    let mut lines = std::mem::take(&mut notices.0);
    if store.0 == Store::Nowhere {
        lines.push("Runs are not saved: Delve found no place to keep them (use --save-dir DIR).".into());
    }
    lines.extend(list_notice);
    lines.extend(history_notice);
    let history = history.unwrap_or_default();
    commands.insert_resource(TitleData {
        labels: saved.iter().map(SavedEntry::label).collect(),
        saved,
        past: history.runs.iter().rev().map(|r| (r.line(), r.id.is_some())).collect(),
        history,
        notices: lines,
    });
    commands.insert_resource(Menu::default());
}

fn spawn_title(mut commands: Commands, mut redraw: MessageWriter<RequestRedraw>) {
    commands.spawn((DespawnOnExit(GameState::Title), crate::ui::plain_camera()));
    commands.spawn((
        Name::new("Title"),
        DespawnOnExit(GameState::Title),
        Node {
            width: percent(100),
            height: percent(100),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            padding: UiRect::all(px(24)),
            row_gap: px(4),
            overflow: Overflow::clip(),
            ..default()
        },
        BackgroundColor(palette::TITLE_SCREEN),
        MenuBody,
    ));
    redraw.write(RequestRedraw);
}

use crate::ui::widgets::label;
use palette::{GOLD, TEXT, TEXT_DIM as DIM, WARN};

/// Redraws the page whenever what it shows changes.
fn draw_menu(
    mut commands: Commands,
    menu: Res<Menu>,
    (data, settings, layout): (Res<TitleData>, Res<Settings>, Res<KeyboardLayout>),
    body: Single<Entity, With<MenuBody>>,
    mut drawn: Local<bool>,
    mut redraw: MessageWriter<RequestRedraw>,
    store: Res<SaveStore>,
) {
    if *drawn && !menu.is_changed() && !data.is_changed() && !settings.is_changed() {
        return;
    }
    *drawn = true;
    let mut settings_copy = settings.clone();
    let today = crate::save::today().to_string();
    let full = data.full().map(|i| data.labels[i].as_str());
    let ctx = Context {
        saved: &data.labels,
        resume: data.resume(),
        full,
        settings: &mut settings_copy,
        layout: &layout,
        can_quit: cfg!(not(target_arch = "wasm32")),
        past: &data.past,
        today: &today,
    };
    let rows = menu.rows(&ctx);
    let selected = menu.selected.min(rows.len() - 1);
    let mut body = commands.entity(*body);
    body.despawn_children();
    body.with_children(|page| {
        page.spawn(label("DELVE", scale::DISPLAY, GOLD));
        let subtitle = match menu.page {
            Page::Main => "a turn-based roguelike: find the Heartstone on level 10 and carry it out",
            Page::NewRun => "New run",
            Page::Settings => "Settings: Enter on an action, then press its new key",
            Page::History => "Run history, newest first",
            Page::SavedRuns => "Saved runs, the last played first",
            Page::Retire => "New run",
            Page::Story(_) => "The story of a run",
        };
        page.spawn(label(subtitle, scale::HEADING, DIM));
        for line in &data.notices {
            page.spawn(label(line.clone(), scale::DENSE, WARN));
        }
        if menu.page == Page::History {
            let runs = &data.history.runs;
            if runs.is_empty() {
                page.spawn(label("No run has ended yet.", scale::BODY, TEXT));
            }
            if runs.len() > menu::PAST_SHOWN {
                page.spawn(label(
                    format!(
                        "(the newest {}; {} older runs are kept too)",
                        menu::PAST_SHOWN,
                        runs.len() - menu::PAST_SHOWN
                    ),
                    15.0,
                    DIM,
                ));
            }
        }
        if let Page::Story(i) = menu.page {
            let story = data
                .past_id(i)
                .and_then(|id| store.0.read(Slot::Story(id)).ok().flatten())
                .map_or_else(
                    || "This run's story could not be read.".to_owned(),
                    |bytes| String::from_utf8_lossy(&bytes).into_owned(),
                );
            page.spawn((
                Node {
                    max_height: percent(62),
                    overflow: Overflow::scroll_y(),
                    padding: UiRect::all(px(8)),
                    ..default()
                },
                BackgroundColor(palette::CHOSEN_ROW.with_alpha(0.35)),
                StoryScroll,
                ScrollPosition::default(),
                children![(
                    Text::new(story),
                    // Bevy's own font is monospaced: the level drawn in the story lines up.
                    TextFont::from_font_size(scale::FINE),
                    TextColor(TEXT)
                )],
            ));
        }
        let small = matches!(menu.page, Page::Settings | Page::History);
        for (i, &row) in rows.iter().enumerate() {
            let chosen = i == selected;
            page.spawn((
                Button,
                MenuRow(i),
                Node {
                    padding: UiRect::axes(px(12), px(if small { 1 } else { 4 })),
                    min_width: px(if small { 720 } else { 420 }),
                    ..default()
                },
                BackgroundColor(if chosen { palette::CHOSEN_ROW } else { Color::NONE }),
                children![label(
                    format!("{}{}", if chosen { "> " } else { "  " }, menu.label(row, &ctx)),
                    if small { 15.0 } else { 22.0 },
                    if chosen { GOLD } else { TEXT },
                )],
            ));
        }
        if let Some(note) = &menu.note {
            page.spawn(label(note.clone(), scale::BODY, GOLD));
        }
        let hint = match menu.page {
            Page::NewRun => {
                "Up/Down choose   Left/Right change   digits type a seed   Enter start   Esc back".to_owned()
            }
            Page::Settings => "Up/Down choose   Enter rebind   Left/Right change   Esc back".to_owned(),
            Page::Story(_) => "PgUp/PgDn or the wheel scroll the story   Enter select   Esc back".to_owned(),
            // No quitting a page: the browser's tab does that.
            _ if cfg!(target_arch = "wasm32") => "Up/Down choose   Enter select   Esc back".to_owned(),
            // The quit key as it is bound ("Ctrl+q" unless rebound).
            _ => format!(
                "Up/Down choose   Enter select   Esc back   {} quit",
                settings.bindings.describe(crate::action::Action::Quit)
            ),
        };
        page.spawn(label(hint, scale::SMALL, DIM));
    });
    redraw.write(RequestRedraw);
}

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

fn read_menu_keys(
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

/// What the menus need to act on an outcome, borrowed.
type ActingMut<'a, 'w, 's> = (
    &'a mut Commands<'w, 's>,
    &'a mut MessageWriter<'w, AppExit>,
    &'a SaveStore,
);

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
        today: &today,
    };
    let outcome = menu.press(key, &mut ctx);
    act(outcome, menu, data, (&before, settings), acting);
}

/// A click on a row chooses it and presses Enter.
fn click_menu_rows(
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

/// Does what the menus asked for; `settings` as they were before the key, and now.
fn act(
    outcome: Outcome,
    menu: &mut Menu,
    data: &mut TitleData,
    (before, settings): (&Settings, &mut Settings),
    acting: ActingMut,
) {
    let (commands, exit, store) = acting;
    match outcome {
        Outcome::Nothing => {}
        Outcome::Quit => _ = exit.write(AppExit::Success),
        Outcome::SettingsChanged => {
            // What changed is written over the settings as they are kept now: another Delve's
            // changes meanwhile are kept too (and shown here from now on).
            let (kept, _) = load_or_set_aside(&store.0, Slot::Settings, "settings file", Settings::from_text);
            *settings = kept.unwrap_or_default().merged(before, settings);
            // The next run sees as far as the settings now say (over a `--radius` given at start).
            commands.insert_resource(crate::turn::FovRadius(settings.radius));
            if let Err(e) = store.0.write(Slot::Settings, settings.to_text().as_bytes()) {
                menu.note = Some(format!("The settings could not be kept: {e}"));
            }
        }
        Outcome::Resume(i) => {
            let Some(entry) = data.saved.get(i) else { return };
            let run = match &entry.found {
                Ok(run) => run,
                Err(why) => {
                    menu.note = Some(format!("That save cannot be played: {why}. It is kept as it is."));
                    return;
                }
            };
            match SaveSlot::open(&store.0, entry.id) {
                Ok(slot) => {
                    let mut run = (**run).clone();
                    run.say(format!("Welcome back. (turn {})", run.turn()));
                    commands.insert_resource(slot);
                    begin_run(commands, run, Session::Play);
                }
                Err(taken) => menu.note = Some(format!("Not opened: {}.", taken.describe())),
            }
        }
        Outcome::Daily => {
            let today = crate::save::today();
            let Ok(mut run) = RunSpec::seeded(delve_core::run::daily_params(today)).begin() else {
                menu.note = Some("The daily dungeon could not be made.".into());
                return;
            };
            run.mark_daily(&today.to_string());
            run.say(format!(
                "The daily dungeon of {today}: the same for everyone who plays it today."
            ));
            commands.insert_resource(SaveSlot::fresh(&store.0));
            begin_run(commands, run, Session::Play);
        }
        Outcome::Replay(i) => {
            let bytes = data
                .past_id(i)
                .and_then(|id| store.0.read(Slot::Recording(id)).ok().flatten());
            match bytes.map(|b| crate::screens::playing::replay::replay_of(&b)) {
                Some(Ok((run, replay))) => crate::screens::playing::replay::watch(commands, run, replay),
                Some(Err(e)) => menu.note = Some(format!("That run cannot be replayed: {e}.")),
                None => menu.note = Some("That run's recording could not be read.".into()),
            }
        }
        Outcome::Start { retire_oldest, .. } => {
            let params = menu::start_params(outcome, rand::random).expect("a start");
            let run = match RunSpec::seeded(params).begin() {
                Ok(run) => run,
                Err(e) => {
                    menu.note = Some(format!("That level could not be made: {e}"));
                    return;
                }
            };
            if retire_oldest && let Some(oldest) = data.full() {
                let entry = data.saved.remove(oldest);
                data.labels.remove(oldest);
                if let (Ok(old), Ok(slot)) = (&entry.found, SaveSlot::open(&store.0, entry.id)) {
                    crate::save::retire(&store.0, &slot, old);
                }
            }
            commands.insert_resource(SaveSlot::fresh(&store.0));
            begin_run(commands, run, Session::Play);
        }
    }
}

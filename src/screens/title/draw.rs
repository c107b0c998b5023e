//! The title screen on screen: its page, redrawn whenever what it shows changes, and the story
//! scrolled on the history page.

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use super::data::TitleData;
use super::menu::{self, Context, Menu, Page};
use crate::save::{SaveStore, Slot};
use crate::screens::scroll::{Cursor, ScrollList, scroll_list_of_width};
use crate::settings::{KeyboardLayout, Settings};
use crate::state::GameState;
use crate::ui::palette;
use crate::ui::scale;
use crate::ui::spoken::Spoken;
use crate::ui::widgets::label;
use palette::{GOLD, TEXT, TEXT_DIM as DIM, WARN};

#[derive(Component)]
pub(super) struct MenuBody;

/// A row of the menu, by its place on the page.
#[derive(Component)]
pub(super) struct MenuRow(pub(super) usize);

/// The story shown on the history page, scrolled by PgUp/PgDn and the mouse wheel.
#[derive(Component)]
pub(super) struct StoryScroll;

/// The width of the menus' rows (or the window's, less a margin): a daily's 20-digit seed on
/// Continue in one line at the usual sizes.
const MENU_WIDTH: f32 = 760.0;

/// Pixels a PgUp/PgDn scrolls the story by (a line of the wheel: a fifth of that).
const STORY_PAGE: f32 = 200.0;

pub(super) fn scroll_story(
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

pub(super) fn spawn_title(mut commands: Commands, mut redraw: MessageWriter<RequestRedraw>) {
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
        BackgroundColor(palette::TITLE_VEIL),
        MenuBody,
    ));
    redraw.write(RequestRedraw);
}

/// Redraws the page whenever what it shows changes.
#[allow(clippy::type_complexity)]
pub(super) fn draw_menu(
    mut commands: Commands,
    menu: Res<Menu>,
    (data, settings, layout): (Res<TitleData>, Res<Settings>, Res<KeyboardLayout>),
    body: Single<Entity, With<MenuBody>>,
    (mut drawn, mut page_drawn, mut drawn_width): (Local<bool>, Local<Option<Page>>, Local<f32>),
    mut redraw: MessageWriter<RequestRedraw>,
    (store, lists, window, ui_scale): (
        Res<SaveStore>,
        Query<&ScrollPosition, With<ScrollList>>,
        Option<Single<&Window, With<bevy::window::PrimaryWindow>>>,
        Option<Res<UiScale>>,
    ),
) {
    // In a window narrower than a menu's usual width (a phone), the rows take the width there is
    // (in the interface's pixels), and are drawn again when it changes.
    let width = crate::ui::layout::interface_width(window.as_deref().copied(), ui_scale.as_deref());
    let fit = |most: f32| width.map_or(most, |w| (w * 0.96 - 48.0).clamp(0.0, most));
    // Settings, the history and the scores: two columns 720 wide, or the window's width. Given as
    // the row's own width: a width of 720 cut down by a largest width laid the row's words out
    // for 720 (one line high) and drew them wrapped in the narrower row, over the next row.
    let table_width = fit(720.0);
    let same_width = *drawn_width == table_width;
    if *drawn && same_width && !menu.is_changed() && !data.is_changed() && !settings.is_changed() {
        return;
    }
    *drawn_width = table_width;
    *drawn = true;
    // The same page drawn again keeps its rows where they were scrolled; another starts at its
    // top (the cursor is then kept in view: `scroll`).
    let scrolled = lists
        .iter()
        .next()
        .filter(|_| *page_drawn == Some(menu.page))
        .map_or(0.0, |at| at.0.y);
    *page_drawn = Some(menu.page);
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
        scores: &data.scores,
        today: &today,
        daily: data.daily(&today),
        feats: &data.feats,
        newcomer: data.newcomer,
    };
    let rows = menu.rows(&ctx);
    let selected = menu.selected.min(rows.len() - 1);
    let small = matches!(menu.page, Page::Settings | Page::History | Page::Scores | Page::Feats);
    let sizes = RowSizes {
        small,
        menu_width: fit(MENU_WIDTH),
        table_width,
    };
    // What a screen reader is told: the same words, the cursor's row known.
    let mut spoken = Spoken::new(["DELVE"]);
    let mut body = commands.entity(*body);
    body.despawn_children();
    body.with_children(|page| {
        page.spawn(label("DELVE", scale::DISPLAY, GOLD));
        let subtitle = subtitle(menu.page);
        page.spawn(label(subtitle, scale::HEADING, DIM));
        spoken.push(subtitle);
        for line in &data.notices {
            page.spawn(label(line.clone(), scale::DENSE, WARN));
            spoken.push(line.clone());
        }
        for (line, size, colour) in head_lines(menu.page, &data) {
            page.spawn(label(line.clone(), size, colour));
            spoken.push(line);
        }
        if let Page::Story(i) = menu.page {
            let story = data
                .past_id(i)
                .and_then(|id| store.0.read(Slot::Story(id)).ok().flatten())
                .map_or_else(
                    || "This run's story could not be read.".to_owned(),
                    |bytes| String::from_utf8_lossy(&bytes).into_owned(),
                );
            spoken.push(story.clone());
            page.spawn(story_box(story));
        }
        // The rows take the room left between the heading and the hints, and scroll within it.
        let list_width = if small { sizes.table_width } else { sizes.menu_width };
        page.spawn(scroll_list_of_width(px(list_width), Val::Auto, scrolled))
            .with_children(|list| {
                for (i, &row) in rows.iter().enumerate() {
                    let text = menu.label(row, &ctx);
                    if i == selected {
                        spoken.push_cursor(text.clone());
                    } else {
                        spoken.push(text.clone());
                    }
                    spawn_row(list, i, &text, i == selected, &sizes);
                }
            });
        if let Some(note) = &menu.note {
            page.spawn(label(note.clone(), scale::BODY, GOLD));
            spoken.push(note.clone());
        }
        let hint = hint(menu.page, &settings);
        spoken.push(hint.clone());
        page.spawn(label(hint, scale::SMALL, DIM));
    });
    body.insert(spoken);
    redraw.write(RequestRedraw);
}

/// A page's line under the title.
const fn subtitle(page: Page) -> &'static str {
    match page {
        Page::Main => "a turn-based roguelike: find the Heartstone at depth 10 and carry it out",
        Page::NewRun | Page::Retire => "New run",
        Page::Settings => "Settings: Enter on an action, then press its new key",
        Page::History => "Run history, newest first",
        Page::SavedRuns => "Saved runs, the last played first",
        Page::Story(_) => "The story of a run",
        Page::Scores => "High scores: the best runs here, then today's daily (Enter: story and replay)",
        Page::Feats => "Feats: every one there is, and when each was first earned here",
    }
}

/// What a page says above its rows, besides its title and the notices: that a list is empty or
/// cut short, how many feats are earned.
fn head_lines(page: Page, data: &TitleData) -> Vec<(String, f32, Color)> {
    let mut lines = Vec::new();
    match page {
        Page::History => {
            let runs = &data.history.runs;
            if runs.is_empty() {
                lines.push(("No run has ended yet.".to_owned(), scale::BODY, TEXT));
            }
            if runs.len() > menu::PAST_SHOWN {
                let more = format!(
                    "(the newest {}; {} older runs are kept too)",
                    menu::PAST_SHOWN,
                    runs.len() - menu::PAST_SHOWN
                );
                lines.push((more, scale::DENSE, DIM));
            }
        }
        Page::Scores if data.scores.is_empty() => {
            lines.push(("No run with a score has ended yet.".to_owned(), scale::BODY, TEXT));
        }
        Page::Feats => {
            let earned = format!("{} of {} earned", data.feats_earned, delve_core::world::Feat::ALL.len());
            lines.push((earned, scale::BODY, TEXT));
        }
        _ => {}
    }
    lines
}

/// The story of a past run in a box of its own, scrolled by PgUp/PgDn and the wheel.
fn story_box(story: String) -> impl Bundle {
    (
        Node {
            // As wide as the page, its lines wrapped inside it: a box as wide as its text,
            // centred, cut the first letter of every line off at 130% text.
            width: percent(96),
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
    )
}

/// How wide a page's rows are drawn.
struct RowSizes {
    /// Settings, the history, the scores and the feats: two columns in a table's width, in a
    /// smaller size.
    small: bool,
    /// A menu's width.
    menu_width: f32,
    /// A table's width (its row's own: a width of 720 cut down by a largest width laid the row's
    /// words out for 720, one line high, and drew them wrapped in the narrower row, over the next).
    table_width: f32,
}

/// Row `i` of a page, `text` in one column or two ("what\tvalue": a setting and its keys or
/// value), the cursor's if `chosen`.
fn spawn_row(list: &mut ChildSpawnerCommands, i: usize, text: &str, chosen: bool, sizes: &RowSizes) {
    let small = sizes.small;
    let (size, colour) = (
        if small { scale::DENSE } else { scale::MENU },
        if chosen { GOLD } else { TEXT },
    );
    let mut row_node = list.spawn((
        Button,
        MenuRow(i),
        Node {
            padding: UiRect::axes(px(12), px(if small { 1 } else { 4 })),
            // The list's width (two columns in a table), never past the window.
            width: if small {
                px(sizes.table_width)
            } else {
                px(sizes.menu_width)
            },
            max_width: vw(96),
            flex_shrink: 0.0,
            column_gap: px(16),
            ..default()
        },
        BackgroundColor(if chosen { palette::CHOSEN_ROW } else { Color::NONE }),
    ));
    // What a row is wraps within its column, never running into the value's.
    let (what, value) = text.split_once('\t').unwrap_or((text, ""));
    row_node.with_children(|cells| {
        // The cursor's mark in a column of its own: a wrapped line stays indented.
        cells.spawn(label(if chosen { ">" } else { " " }, size, colour));
        let first = Node {
            flex_grow: 1.0,
            flex_basis: px(0),
            min_width: px(0),
            ..default()
        };
        cells.spawn((label(what, size, colour), first));
        if !value.is_empty() {
            let second = Node {
                width: percent(42),
                flex_shrink: 0.0,
                ..default()
            };
            cells.spawn((label(value, size, colour), second));
        }
    });
    if chosen {
        row_node.insert(Cursor);
    }
}

/// The keys a page is used with, as the player's bindings have them.
fn hint(page: Page, settings: &Settings) -> String {
    match page {
        Page::NewRun => "Up/Down choose   Left/Right change   digits type a seed   Enter start   Esc back".to_owned(),
        Page::Settings => "Up/Down choose   PgUp/PgDn a page   Enter rebind   Left/Right change   Esc back".to_owned(),
        Page::Story(_) => "PgUp/PgDn or the wheel scroll the story   Enter select   Esc back".to_owned(),
        // No quitting a page: the browser's tab does that.
        _ if cfg!(target_arch = "wasm32") => "Up/Down choose   Enter select   Esc back".to_owned(),
        // The quit key as it is bound ("Ctrl+q" unless rebound).
        _ => format!(
            "Up/Down choose   Enter select   Esc back   {} quit",
            settings.bindings.describe(crate::action::Action::Quit)
        ),
    }
}

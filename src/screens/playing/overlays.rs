//! The overlays over play: help (F1 or ?: every action and the keys bound to it, so it stays
//! right when keys are rebound) and the message log (P: the last lines with their turns). Each is
//! a `Focus`: while it is open it has the keyboard, and keys that would play a turn do nothing.

use crate::screens::playing::floor::focus::toggle_with;
use bevy::prelude::*;
use delve_core::world::MessageLog;

use crate::action::Action;
use crate::screens::scroll::{ScrollByKeys, scroll_list};
use crate::settings::{Bindings, Settings};
use crate::state::Focus;
use crate::turn::{Game, TurnSet};
use crate::ui::palette;
use crate::ui::scale;
use crate::ui::spoken::Spoken;
use crate::ui::widgets::{full_window, label, overlay_panel, text};

/// Lines of the log the overlay shows.
pub(crate) const LOG_PAGE: usize = 40;

#[derive(Component)]
struct HelpOverlay;

#[derive(Component)]
struct LogOverlay;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            toggle_with(Action::Help, Focus::Help),
            toggle_with(Action::MessageLog, Focus::Log),
        )
            .in_set(TurnSet::Show),
    )
    .add_systems(OnEnter(Focus::Help), show_help)
    .add_systems(OnEnter(Focus::Log), show_log);
}

/// What the help says under the keys, a paragraph a line (the panel wraps them); who opens
/// doors is said from the monsters' rows.
fn help_notes() -> [String; 3] {
    [
        format!(
            "Bump a closed door to open it, a locked one with its key, a monster to attack it: a sleeping one is stabbed (a sure blow, three times as hard). No diagonal steps through doorways. Walk onto a key to pick it up; take the stairs standing on them. {}",
            delve_core::world::Kind::doors_sentence()
        ),
        HELP_WORDS[0].to_owned(),
        HELP_WORDS[1].to_owned(),
    ]
}

/// The help's paragraphs after the first.
const HELP_WORDS: [&str; 2] = [
    "Walk over things to pick them up (your pack: by letter). Potions and scrolls look different in every run until you use one. Aim with the move keys, Tab or the mouse. A vault's altars offer a choice: take one and the others are sealed.",
    "Find the Heartstone at depth 10 and carry it out, up the stairs of depth 1.",
];

/// What the help says of the terrain and the traps: a sentence each (the words look uses).
pub(crate) fn terrain_notes() -> impl Iterator<Item = String> {
    let terrain = delve_core::map::Tile::ALL.into_iter().filter_map(|t| t.sentence());
    let traps = delve_core::world::TrapKind::ALL
        .into_iter()
        .map(|k| format!("{}: {}", delve_core::world::capitalised(k.name()), k.stats().words));
    std::iter::once(
        "Secret doors and hidden traps look like wall and floor until found: search, or walk past them. Found traps are drawn, and exploring and travel walk round them."
            .to_owned(),
    )
    .chain(terrain.map(str::to_owned))
    .chain(traps)
}

/// The help's heading: how to close it, and where keys are rebound.
fn help_title(bindings: &Bindings) -> String {
    format!(
        "Keys ({} or {} closes; rebind them under Settings on the title screen)",
        bindings.key(Action::Cancel),
        bindings.key(Action::Help)
    )
}

/// One row per action: what it does, and the keys bound to it as printed on them.
pub(crate) fn help_rows(bindings: &Bindings) -> Vec<(&'static str, String)> {
    Action::ALL
        .into_iter()
        .map(|a| (a.describe(), bindings.describe(a)))
        .collect()
}

/// The log's heading: how to close it.
fn log_title(bindings: &Bindings) -> String {
    format!(
        "Messages ({} or {} closes)",
        bindings.key(Action::MessageLog),
        bindings.key(Action::Cancel)
    )
}

/// The log's lines: the last `LOG_PAGE`, each with its turn.
fn log_lines(log: &MessageLog) -> String {
    if log.lines().len() == 0 {
        return "Nothing yet.".into();
    }
    let lines: Vec<String> = log
        .recent(LOG_PAGE)
        .map(|(turn, line)| format!("{turn:>6}  {line}"))
        .collect();
    lines.join("\n")
}

/// A scroll position past the end of any page: the layout shows the page's end.
const BOTTOM: f32 = 1.0e7;

/// How an overlay's pages scroll, as its last line says.
pub(crate) const SCROLL_HINT: &str = "PgUp/PgDn, the arrows, Home/End or the wheel scroll";

/// The overlay `focus`: an opaque panel no bigger than the window holding a heading, a page
/// that scrolls when it is taller than the room left (`fill` builds it; it starts at
/// `scrolled`), and how to scroll; all gone when the focus goes.
fn overlay(
    commands: &mut Commands,
    focus: Focus,
    (name, marker): (&'static str, impl Component),
    (title, said): (String, Vec<String>),
    scrolled: f32,
    fill: impl FnOnce(&mut ChildSpawnerCommands),
) {
    let spoken = Spoken::new(
        std::iter::once(title.clone())
            .chain(said)
            .chain([SCROLL_HINT.to_owned()]),
    );
    commands
        .spawn((Name::new(name), marker, DespawnOnExit(focus), full_window(), spoken))
        .with_children(|layer| {
            layer.spawn(overlay_panel(8.0)).with_children(|panel| {
                panel.spawn(label(title, scale::HEADING, palette::GOLD));
                panel
                    .spawn((scroll_list(Val::Auto, scrolled), ScrollByKeys))
                    .with_children(fill);
                panel.spawn(label(SCROLL_HINT, scale::SMALL, palette::TEXT_DIM));
            });
        });
}

fn show_log(mut commands: Commands, game: Res<Game>, settings: Res<Settings>) {
    let lines = log_lines(game.log());
    // The newest lines are at the bottom: it opens there (the layout stops at the last line).
    overlay(
        &mut commands,
        Focus::Log,
        ("Message log", LogOverlay),
        (log_title(&settings.bindings), vec![lines.clone()]),
        BOTTOM,
        |page| {
            page.spawn(text(lines, scale::DENSE));
        },
    );
}

fn show_help(mut commands: Commands, settings: Res<Settings>) {
    let rows = help_rows(&settings.bindings);
    let notes: Vec<String> = help_notes().into_iter().chain(terrain_notes()).collect();
    let said = rows
        .iter()
        .map(|(what, keys)| format!("{what}: {keys}"))
        .chain(notes.iter().cloned())
        .collect();
    overlay(
        &mut commands,
        Focus::Help,
        ("Help", HelpOverlay),
        (help_title(&settings.bindings), said),
        0.0,
        |page| {
            for (what, keys) in rows {
                // What it does takes what is left of the row and wraps there; the keys keep a
                // column of their own, never run into.
                page.spawn(Node {
                    column_gap: px(16),
                    flex_shrink: 0.0,
                    ..default()
                })
                .with_children(|row| {
                    row.spawn((
                        text(what, scale::BODY),
                        Node {
                            flex_grow: 1.0,
                            flex_basis: px(0),
                            min_width: px(0),
                            ..default()
                        },
                    ));
                    row.spawn((
                        label(keys, scale::BODY, palette::GOLD),
                        Node {
                            width: percent(36),
                            flex_shrink: 0.0,
                            ..default()
                        },
                    ));
                });
            }
            for note in notes {
                page.spawn((
                    text(note, scale::BODY),
                    Node {
                        margin: UiRect::top(px(10)),
                        flex_shrink: 0.0,
                        ..default()
                    },
                ));
            }
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_lists_every_action_with_its_keys_as_printed() {
        let bindings = Bindings::default();
        let rows = help_rows(&bindings);
        let keys = |rows: &[(&str, String)], what: &str| {
            let named = |w: &str| w == what || w.starts_with(&format!("{what} "));
            rows.iter().find(|(w, _)| named(w)).map(|(_, k)| k.clone()).unwrap()
        };
        for action in Action::ALL {
            assert!(
                rows.iter().any(|(w, _)| *w == action.describe()),
                "{action:?} missing from help"
            );
        }
        assert_eq!(keys(&rows, "move north"), "Up, Num 8, k");
        assert_eq!(keys(&rows, "explore"), "x");
        assert_eq!(keys(&rows, "zoom in"), "=, Num +");
        // Rebinding is data: the help follows the bindings it is given.
        let mut rebound = bindings.clone();
        rebound
            .rebind(Action::Wait, crate::settings::Binding::letter('z'), &Default::default())
            .unwrap();
        assert_eq!(keys(&help_rows(&rebound), "wait a turn"), "z, ., Space");
        // The stairs are bound to chords, shown as the characters they type.
        assert_eq!(keys(&rows, "go down the stairs"), ">");
        assert_eq!(keys(&rows, "go up the stairs"), "<");
        // No engine name anywhere: every key as printed on it.
        for (_, k) in &rows {
            for engine in ["Key", "Digit", "Numpad", "Period", "Equal", "Slash", "Arrow"] {
                assert!(!k.contains(engine), "{k}");
            }
        }
        assert_eq!(
            help_title(&bindings),
            "Keys (Esc or F1 closes; rebind them under Settings on the title screen)"
        );
    }
}

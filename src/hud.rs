//! The HUD: the run, depth, keys held and turn count, the player's health as a bar and number,
//! the last few lines of the message log (all of it on a key), and a help overlay that lists the
//! keys bound in the player's `InputMap` (so it stays right when keys are rebound).

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

use crate::actor::{Carrying, Health, KeyRing, Player};
use crate::dungeon::Dungeon;
use crate::player::input::Action;
use crate::screens::GameState;
use crate::settings::{Bindings, Settings};
use crate::turn::{MessageLog, TurnCount, TurnSet};

#[derive(Component)]
struct StatusText;

#[derive(Component)]
struct MessageText;

#[derive(Component)]
struct HelpOverlay;

#[derive(Component)]
struct LogOverlay;

#[derive(Component)]
struct HealthText;

#[derive(Component)]
struct HealthFill;

/// Lines of the log shown under the map.
pub const RECENT_LINES: usize = 4;
/// Lines of the log shown by the log overlay.
pub const LOG_PAGE: usize = 40;

pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(GameState::Playing), spawn_hud).add_systems(
        Update,
        (update_status, update_health, update_message, toggle_help, toggle_log).in_set(TurnSet::Show),
    );
}

/// A coloured square of `side` pixels, as legends put beside their labels.
pub fn swatch(colour: Color, side: f32) -> impl Bundle {
    (
        Node {
            width: px(side),
            height: px(side),
            ..default()
        },
        BackgroundColor(colour),
    )
}

/// A line of text in `colour`.
pub fn label(text: impl Into<String>, size: f32, colour: Color) -> impl Bundle {
    (Text::new(text), TextFont::from_font_size(size), TextColor(colour))
}

fn text_bundle(text: impl Into<String>, size: f32) -> impl Bundle {
    (
        Text::new(text),
        TextFont::from_font_size(size),
        TextColor(Color::srgb(0.85, 0.85, 0.78)),
    )
}

fn spawn_hud(mut commands: Commands) {
    let panel = BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.6));
    commands.spawn((
        Name::new("Status"),
        DespawnOnExit(GameState::Playing),
        Node {
            position_type: PositionType::Absolute,
            top: px(0),
            left: px(0),
            // In a narrow window it wraps rather than running under the health bar.
            max_width: percent(68),
            padding: UiRect::axes(px(8), px(4)),
            ..default()
        },
        panel,
        children![(StatusText, text_bundle("", 16.0))],
    ));
    commands.spawn((
        Name::new("Health"),
        DespawnOnExit(GameState::Playing),
        Node {
            position_type: PositionType::Absolute,
            top: px(0),
            right: px(0),
            padding: UiRect::axes(px(8), px(4)),
            column_gap: px(8),
            align_items: AlignItems::Center,
            ..default()
        },
        panel,
        children![
            (HealthText, text_bundle("", 16.0)),
            (
                Node {
                    width: px(120),
                    height: px(10),
                    ..default()
                },
                BackgroundColor(Color::srgb(0.35, 0.06, 0.06)),
                children![(
                    HealthFill,
                    Node {
                        width: percent(100),
                        height: percent(100),
                        ..default()
                    },
                    BackgroundColor(Color::srgb(0.3, 0.8, 0.3)),
                )],
            )
        ],
    ));
    commands.spawn((
        Name::new("Messages"),
        DespawnOnExit(GameState::Playing),
        Node {
            position_type: PositionType::Absolute,
            bottom: px(0),
            left: px(0),
            padding: UiRect::axes(px(8), px(4)),
            ..default()
        },
        panel,
        children![(
            MessageText,
            text_bundle("Welcome to Delve. Press F1 or ? for help.", 16.0)
        )],
    ));
}

/// One line per action: what it does and the keys bound to it.
pub fn help_text(bindings: &Bindings) -> String {
    let mut out = String::from("Keys (Esc or F1 closes; rebind them under Settings on the title screen)\n\n");
    for action in Action::ALL {
        out.push_str(&format!("{:<54}{}\n", action.describe(), bindings.describe(action)));
    }
    out.push_str(
        "\nBump a closed door to open it, a locked one with its key, a monster to attack it. No\ndiagonal steps through doorways. Walk onto a key to pick it up; take the stairs standing\non them. Goblins, orcs and trolls open doors; rats, jackals and ogres cannot.\n\nFind the Heartstone on level 10 and carry it out, up the stairs of level 1.",
    );
    out
}

/// The status line: "Delve  |  seed 42 (80x50, mixed)  |  depth 3 of 10  |  keys 1  |  turn 120"
/// (and "  |  the Heartstone" once carried).
pub fn status_line(dungeon: &Dungeon, keys: &KeyRing, turn: u64) -> String {
    format!(
        "Delve  |  {}  |  depth {} of {}  |  keys {}  |  turn {turn}",
        dungeon.describe(),
        dungeon.depth(),
        dungeon.deepest(),
        keys.doors_on(dungeon.depth()).len(),
    )
}

fn update_status(
    turn: Res<TurnCount>,
    dungeon: Res<Dungeon>,
    player: Single<(Ref<KeyRing>, Ref<Carrying>), With<Player>>,
    mut text: Single<&mut Text, With<StatusText>>,
    mut done: Local<bool>,
) {
    let (keys, carrying) = player.into_inner();
    if !turn.is_changed() && !keys.is_changed() && !carrying.is_changed() && !dungeon.is_changed() && *done {
        return;
    }
    *done = true;
    text.0 = status_line(&dungeon, &keys, turn.0);
    if carrying.relic {
        text.0.push_str("  |  the Heartstone");
    }
}

/// "HP 23/30", and the bar filled to match.
fn update_health(
    health: Single<Ref<Health>, With<Player>>,
    mut text: Single<&mut Text, With<HealthText>>,
    mut fill: Single<(&mut Node, &mut BackgroundColor), With<HealthFill>>,
) {
    let health = health.into_inner();
    if !health.is_changed() && !text.0.is_empty() {
        return;
    }
    text.0 = format!("HP {}/{}", health.hp, health.max);
    let share = health.hp.max(0) as f32 / health.max.max(1) as f32;
    let (node, colour) = &mut *fill;
    node.width = percent(share * 100.0);
    colour.0 = if share > 0.5 {
        Color::srgb(0.3, 0.8, 0.3)
    } else if share > 0.25 {
        Color::srgb(0.9, 0.75, 0.2)
    } else {
        Color::srgb(0.95, 0.25, 0.2)
    };
}

/// The last lines of the log, oldest first.
pub fn recent_lines(log: &MessageLog, n: usize) -> String {
    log.recent(n)
        .map(|(_, line)| line.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

fn update_message(log: Res<MessageLog>, mut text: Single<&mut Text, With<MessageText>>) {
    // The welcome line stays until the game has something to say.
    if log.is_changed() && log.lines().len() > 0 {
        text.0 = recent_lines(&log, RECENT_LINES);
    }
}

/// The log overlay's text: the last `LOG_PAGE` lines, each with its turn.
pub fn log_text(log: &MessageLog) -> String {
    let mut out = String::from("Messages (P or Esc closes)\n\n");
    if log.lines().len() == 0 {
        out.push_str("Nothing yet.");
    }
    for (turn, line) in log.recent(LOG_PAGE) {
        out.push_str(&format!("{turn:>6}  {line}\n"));
    }
    out
}

fn toggle_log(
    mut commands: Commands,
    actions: Single<&ActionState<Action>, With<Player>>,
    log: Res<MessageLog>,
    overlay: Option<Single<Entity, With<LogOverlay>>>,
) {
    let close = actions.just_pressed(&Action::MessageLog) || actions.just_pressed(&Action::Cancel);
    match overlay {
        Some(entity) if close => commands.entity(*entity).despawn(),
        None if actions.just_pressed(&Action::MessageLog) => {
            commands.spawn((
                Name::new("Message log"),
                LogOverlay,
                DespawnOnExit(GameState::Playing),
                overlay_node(),
                children![(
                    Node {
                        padding: UiRect::all(px(16)),
                        max_width: percent(90),
                        ..default()
                    },
                    BackgroundColor(Color::srgba(0.02, 0.02, 0.05, 0.92)),
                    children![text_bundle(log_text(&log), 15.0)],
                )],
            ));
        }
        _ => {}
    }
}

fn overlay_node() -> Node {
    Node {
        position_type: PositionType::Absolute,
        width: percent(100),
        height: percent(100),
        justify_content: JustifyContent::Center,
        align_items: AlignItems::Center,
        ..default()
    }
}

fn toggle_help(
    mut commands: Commands,
    actions: Single<&ActionState<Action>, With<Player>>,
    settings: Res<Settings>,
    overlay: Option<Single<Entity, With<HelpOverlay>>>,
) {
    let close = actions.just_pressed(&Action::Help) || actions.just_pressed(&Action::Cancel);
    match overlay {
        Some(entity) if close => commands.entity(*entity).despawn(),
        None if actions.just_pressed(&Action::Help) => {
            commands.spawn((
                Name::new("Help"),
                HelpOverlay,
                DespawnOnExit(GameState::Playing),
                overlay_node(),
                children![(
                    Node {
                        padding: UiRect::all(px(16)),
                        ..default()
                    },
                    BackgroundColor(Color::srgba(0.02, 0.02, 0.05, 0.92)),
                    children![text_bundle(help_text(&settings.bindings), 16.0)],
                )],
            ));
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_lists_every_action_with_its_keys() {
        let bindings = Bindings::default();
        let text = help_text(&bindings);
        for action in Action::ALL {
            assert!(text.contains(action.describe()), "{action:?} missing from help");
        }
        let north = text.lines().find(|l| l.starts_with("move north ")).unwrap();
        assert!(north.ends_with("ArrowUp, Numpad8, KeyK"), "{north}");
        let explore = text.lines().find(|l| l.starts_with("explore")).unwrap();
        assert!(explore.ends_with(" x"), "{explore}");
        // Rebinding is data: the help follows the bindings it is given.
        let mut rebound = bindings.clone();
        rebound
            .rebind(Action::Wait, crate::settings::Binding::letter('z'), &Default::default())
            .unwrap();
        let wait = help_text(&rebound)
            .lines()
            .find(|l| l.starts_with("wait a turn"))
            .unwrap()
            .to_owned();
        assert!(
            wait.ends_with("z, Period, Space") && !wait.contains("Numpad5"),
            "{wait}"
        );
        // The stairs are bound to chords, shown as the characters they type.
        let down = text.lines().find(|l| l.starts_with("go down the stairs")).unwrap();
        assert!(down.trim_end().ends_with('>'), "{down}");
        let up = text.lines().find(|l| l.starts_with("go up the stairs")).unwrap();
        assert!(up.trim_end().ends_with('<'), "{up}");
    }
}

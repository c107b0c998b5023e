//! The HUD: the run, depth, keys held and turn count, the message line, and a help overlay that
//! lists the keys bound in the player's `InputMap` (so it stays right when keys are rebound).

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

use crate::actor::{KeyRing, Player};
use crate::dungeon::Dungeon;
use crate::player::input::Action;
use crate::screens::GameState;
use crate::turn::{MessageLine, TurnCount, TurnSet};

#[derive(Component)]
struct StatusText;

#[derive(Component)]
struct MessageText;

#[derive(Component)]
struct HelpOverlay;

pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(GameState::Playing), spawn_hud).add_systems(
        Update,
        (update_status, update_message, toggle_help).in_set(TurnSet::Show),
    );
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
            padding: UiRect::axes(px(8), px(4)),
            ..default()
        },
        panel,
        children![(StatusText, text_bundle("", 16.0))],
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

/// A key binding as a player reads it ("K", "ArrowUp", "Numpad8", ">").
pub fn key_name(binding: &dyn Buttonlike) -> String {
    let raw = format!("{binding:?}");
    // A chord prints as `ButtonlikeChord([ModifierKey(Shift), KeyCode(Period)])`.
    if let Some(inner) = raw.strip_prefix("ButtonlikeChord([").and_then(|r| r.strip_suffix("])")) {
        let parts: Vec<String> = inner.split(", ").map(single_key_name).collect();
        return match parts.join("+").as_str() {
            "Shift+Period" => ">".to_owned(),
            "Shift+Comma" => "<".to_owned(),
            other => other.to_owned(),
        };
    }
    single_key_name(&raw)
}

fn single_key_name(raw: &str) -> String {
    let raw = raw
        .trim_start_matches("KeyCode::")
        .trim_start_matches("KeyCode(")
        .trim_start_matches("ModifierKey(")
        .trim_end_matches(')');
    match raw.strip_prefix("Key") {
        Some(letter) if letter.len() == 1 => letter.to_owned(),
        _ => raw.to_owned(),
    }
}

/// One line per action: what it does and the keys bound to it.
pub fn help_text(map: &InputMap<Action>) -> String {
    let mut out = String::from("Keys (Esc or F1 closes)\n\n");
    for action in Action::ALL {
        let keys: Vec<String> = map
            .get_buttonlike(&action)
            .map(|b| b.iter().map(|k| key_name(k.as_ref())).collect())
            .unwrap_or_default();
        let keys = if keys.is_empty() {
            "(unbound)".to_owned()
        } else {
            keys.join(", ")
        };
        out.push_str(&format!("{:<24}{keys}\n", action.describe()));
    }
    out.push_str(
        "\nBump a closed door to open it, a locked one with its key. No diagonal steps through\ndoorways. Walk onto a key to pick it up; take the stairs standing on them.",
    );
    out
}

/// The status line: "Delve  |  seed 42 (80x50, mixed)  |  depth 3 of 10  |  keys 1  |  turn 120".
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
    keys: Single<Ref<KeyRing>, With<Player>>,
    mut text: Single<&mut Text, With<StatusText>>,
    mut done: Local<bool>,
) {
    if !turn.is_changed() && !keys.is_changed() && !dungeon.is_changed() && *done {
        return;
    }
    *done = true;
    text.0 = status_line(&dungeon, &keys, turn.0);
}

fn update_message(line: Res<MessageLine>, mut text: Single<&mut Text, With<MessageText>>) {
    // The welcome line stays until the game has something to say; after that each turn's
    // message replaces the last, and a quiet turn clears it.
    if line.is_changed() && !line.is_added() {
        text.0.clone_from(&line.0);
    }
}

fn toggle_help(
    mut commands: Commands,
    player: Single<(&ActionState<Action>, &InputMap<Action>), With<Player>>,
    overlay: Option<Single<Entity, With<HelpOverlay>>>,
) {
    let (actions, map) = *player;
    let close = actions.just_pressed(&Action::Help) || actions.just_pressed(&Action::Cancel);
    match overlay {
        Some(entity) if close => commands.entity(*entity).despawn(),
        None if actions.just_pressed(&Action::Help) => {
            commands.spawn((
                Name::new("Help"),
                HelpOverlay,
                DespawnOnExit(GameState::Playing),
                Node {
                    position_type: PositionType::Absolute,
                    width: percent(100),
                    height: percent(100),
                    justify_content: JustifyContent::Center,
                    align_items: AlignItems::Center,
                    ..default()
                },
                children![(
                    Node {
                        padding: UiRect::all(px(16)),
                        ..default()
                    },
                    BackgroundColor(Color::srgba(0.02, 0.02, 0.05, 0.92)),
                    children![text_bundle(help_text(map), 16.0)],
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
        let text = help_text(&Action::default_input_map());
        for action in Action::ALL {
            assert!(text.contains(action.describe()), "{action:?} missing from help");
        }
        let north = text.lines().find(|l| l.starts_with("move north ")).unwrap();
        assert!(
            north.contains("ArrowUp") && north.contains("Numpad8") && north.contains('K'),
            "{north}"
        );
        // Rebinding is data: the help follows the map it is given.
        let mut map = Action::default_input_map();
        map.clear_action(&Action::Wait);
        map.insert(Action::Wait, KeyCode::KeyZ);
        let wait = help_text(&map)
            .lines()
            .find(|l| l.starts_with("wait a turn"))
            .unwrap()
            .to_owned();
        assert!(wait.ends_with('Z') && !wait.contains("Space"), "{wait}");
        // The stairs are bound to chords, shown as the characters they type.
        let text = help_text(&Action::default_input_map());
        let down = text.lines().find(|l| l.starts_with("go down the stairs")).unwrap();
        assert!(down.trim_end().ends_with('>'), "{down}");
        let up = text.lines().find(|l| l.starts_with("go up the stairs")).unwrap();
        assert!(up.trim_end().ends_with('<'), "{up}");
    }
}

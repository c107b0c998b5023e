//! The overlays over play: help (F1 or ?: every action and the keys bound to it, so it stays
//! right when keys are rebound) and the message log (P: the last lines with their turns). Each is
//! a `Focus`: while it is open it has the keyboard, and keys that would play a turn do nothing.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use delve_core::world::MessageLog;
use leafwing_input_manager::prelude::*;

use crate::action::Action;
use crate::actor::Player;
use crate::settings::{Bindings, Settings};
use crate::state::Focus;
use crate::turn::{Game, TurnSet};
use crate::ui::palette;
use crate::ui::scale;
use crate::ui::widgets::{full_window, panel, text};

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

/// What a toggle reads and sets: the player's keys, and what has the keyboard.
#[derive(SystemParam)]
pub(crate) struct FocusKeys<'w, 's> {
    actions: Single<'w, 's, &'static ActionState<Action>, With<Player>>,
    focus: Res<'w, State<Focus>>,
    next: ResMut<'w, NextState<Focus>>,
}

/// A system: `key` on the map opens `overlay`; `key` again, or Esc, closes it.
pub(crate) fn toggle_with(key: Action, overlay: Focus) -> impl FnMut(FocusKeys) {
    move |mut keys: FocusKeys| {
        let now = *keys.focus.get();
        let asked = keys.actions.just_pressed(&key);
        if now == Focus::Map && asked {
            keys.next.set(overlay);
        } else if now == overlay && (asked || keys.actions.just_pressed(&Action::Cancel)) {
            keys.next.set(Focus::Map);
        }
    }
}

/// One line per action: what it does and the keys bound to it.
pub(crate) fn help_text(bindings: &Bindings) -> String {
    let mut out = String::from("Keys (Esc or F1 closes; rebind them under Settings on the title screen)\n\n");
    for action in Action::ALL {
        out.push_str(&format!("{:<54}{}\n", action.describe(), bindings.describe(action)));
    }
    out.push_str(
        "\nBump a closed door to open it, a locked one with its key, a monster to attack it. No\ndiagonal steps through doorways. Walk onto a key to pick it up; take the stairs standing\non them. Goblins, orcs and trolls open doors; rats, jackals and ogres cannot.\n\nWalk over things to pick them up (i: your pack, by letter). Potions and scrolls look different\nin every run until you use one. Aim with the move keys, Tab or the mouse. A vault's altars\noffer a choice: take one and the others are sealed.\n\nFind the Heartstone on level 10 and carry it out, up the stairs of level 1.",
    );
    out
}

/// The log overlay's text: the last `LOG_PAGE` lines, each with its turn.
pub(crate) fn log_text(log: &MessageLog) -> String {
    let mut out = String::from("Messages (P or Esc closes)\n\n");
    if log.lines().len() == 0 {
        out.push_str("Nothing yet.");
    }
    for (turn, line) in log.recent(LOG_PAGE) {
        out.push_str(&format!("{turn:>6}  {line}\n"));
    }
    out
}

/// The overlay `focus` showing `page`, gone when the focus goes.
fn overlay(
    commands: &mut Commands,
    focus: Focus,
    (name, marker, size): (&'static str, impl Component, f32),
    page: String,
) {
    commands.spawn((
        Name::new(name),
        marker,
        DespawnOnExit(focus),
        full_window(),
        children![(panel(16.0, palette::OVERLAY), children![text(page, size)])],
    ));
}

fn show_log(mut commands: Commands, game: Res<Game>) {
    let page = ("Message log", LogOverlay, scale::DENSE);
    overlay(&mut commands, Focus::Log, page, log_text(game.log()));
}

fn show_help(mut commands: Commands, settings: Res<Settings>) {
    let page = ("Help", HelpOverlay, scale::BODY);
    overlay(&mut commands, Focus::Help, page, help_text(&settings.bindings));
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

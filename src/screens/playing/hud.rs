//! The HUD: the run, depth, keys held and turn count (marked while the run cannot be saved),
//! the player's health as a bar and number, and the last few lines of the message log (all of
//! it, and help, are `overlays`). While the sidebar is shown it holds the health, depth, keys
//! and gear: the HUD's top line shortens to the run and turn, and everything moves right of it.

use bevy::prelude::*;
use delve_core::dungeon::Dungeon;
use delve_core::world::{KeyRing, MessageLog};

use crate::state::GameState;
use crate::turn::{Game, TurnSet};
use crate::ui::palette;
use crate::ui::scale;
use crate::ui::widgets::text;

#[derive(Component)]
struct StatusText;

/// The status line's panel.
#[derive(Component)]
struct StatusPanel;

/// The log lines' panel.
#[derive(Component)]
struct MessagePanel;

/// The panels the sidebar stands in for while shown (health, gear).
#[derive(Component)]
struct BesideSidebar;

#[derive(Component)]
struct MessageText;

/// "NOT SAVED" while saving the run fails.
#[derive(Component)]
struct SaveMark;

#[derive(Component)]
struct HealthText;

#[derive(Component)]
struct HealthFill;

/// What the player wields and wears, and the states it is in.
#[derive(Component)]
struct GearText;

/// Lines of the log shown under the map.
pub(crate) const RECENT_LINES: usize = 4;

pub fn plugin(app: &mut App) {
    app.init_resource::<crate::ui::layout::SidebarShown>()
        .init_resource::<LogShown>()
        .add_systems(
            OnEnter(GameState::Playing),
            spawn_hud.in_set(crate::turn::Entering::View),
        )
        .add_systems(
            Update,
            (
                update_status,
                update_health,
                update_gear,
                update_message,
                fit_log,
                update_save_mark,
                fit_to_sidebar,
            )
                .in_set(TurnSet::Show),
        );
}

/// The most of the window's height the log under the map takes, in percent: the player, at the
/// map's middle, is never under it.
pub const LOG_MOST: f32 = 30.0;

/// Room kept at the bottom right for the minimap, beside the log lines.
const MINIMAP_ROOM: f32 = 256.0;

fn spawn_hud(mut commands: Commands) {
    let panel = BackgroundColor(palette::PANEL);
    commands.spawn((
        Name::new("Status"),
        StatusPanel,
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
        children![
            (StatusText, text("", scale::BODY)),
            (SaveMark, crate::ui::widgets::label("", scale::BODY, palette::WARN)),
        ],
    ));
    commands.spawn((
        Name::new("Health"),
        BesideSidebar,
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
            (HealthText, text("", scale::BODY)),
            (
                Node {
                    width: px(120),
                    height: px(10),
                    ..default()
                },
                BackgroundColor(palette::HEALTH_EMPTY),
                children![(
                    HealthFill,
                    Node {
                        width: percent(100),
                        height: percent(100),
                        ..default()
                    },
                    BackgroundColor(palette::HEALTH_GOOD),
                )],
            )
        ],
    ));
    commands.spawn((
        Name::new("Gear"),
        BesideSidebar,
        DespawnOnExit(GameState::Playing),
        Node {
            position_type: PositionType::Absolute,
            top: px(26),
            right: px(0),
            padding: UiRect::axes(px(8), px(2)),
            ..default()
        },
        panel,
        children![(GearText, text("", scale::SMALL))],
    ));
    commands.spawn((
        Name::new("Messages"),
        MessagePanel,
        DespawnOnExit(GameState::Playing),
        Node {
            position_type: PositionType::Absolute,
            bottom: px(0),
            left: px(0),
            right: px(MINIMAP_ROOM),
            padding: UiRect::axes(px(8), px(4)),
            // Lines wrapped in a narrow log (large text, a small window) grew up over the map and
            // the player at its middle: the log keeps to the bottom of the window, its newest
            // lines shown (the rest are in the message log, `p`).
            max_height: percent(LOG_MOST),
            overflow: Overflow::clip(),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::FlexEnd,
            ..default()
        },
        panel,
        children![(
            MessageText,
            text("Welcome to Delve. Press F1 or ? for help.", scale::BODY)
        )],
    ));
}

/// The status line: "Delve  |  seed 42 (80x50, mixed)  |  depth 3 of 10  |  keys 1  |  gold 40
/// |  turn 120".
pub fn status_line(dungeon: &Dungeon, keys: &KeyRing, gold: u32, turn: u64) -> String {
    format!(
        "Delve  |  {}  |  depth {} of {}  |  keys {}  |  gold {gold}  |  turn {turn}",
        dungeon.describe(),
        dungeon.depth(),
        dungeon.deepest(),
        keys.doors_on(dungeon.depth()).len(),
    )
}

/// The status line beside the sidebar (which says the depth and keys): "Delve  |  seed 42
/// (80x50, mixed)  |  turn 120".
pub fn short_status_line(dungeon: &Dungeon, turn: u64) -> String {
    format!("Delve  |  {}  |  turn {turn}", dungeon.describe())
}

#[allow(clippy::type_complexity)]
fn update_status(
    game: Res<Game>,
    sidebar: Res<crate::ui::layout::SidebarShown>,
    mut text: Single<&mut Text, With<StatusText>>,
    (window, ui_scale): (
        Option<Single<&Window, With<bevy::window::PrimaryWindow>>>,
        Option<Res<UiScale>>,
    ),
    (mut done, session): (Local<Option<bool>>, Option<Res<State<crate::state::Session>>>),
) {
    // A lesson of the tutorial is a map of its own: the line says it is the tutorial.
    let tutorial = session.is_some_and(|s| *s.get() == crate::state::Session::Tutorial);
    let named = |line: String| {
        if tutorial {
            line.replacen(&game.dungeon().describe(), "the tutorial", 1)
        } else {
            line
        }
    };
    let narrow = crate::ui::layout::window_is_narrow(window.as_deref().copied(), ui_scale.as_deref());
    if !game.is_changed() && !sidebar.is_changed() && *done == Some(narrow) {
        return;
    }
    *done = Some(narrow);
    if sidebar.0 {
        // Between the sidebar and the window's edge it wraps at its bars (a 20-digit seed and the
        // turn ran off the edge at 130% text).
        text.0 = wrap_at_bars(&named(short_status_line(game.dungeon(), game.turn())));
        return;
    }
    let player = game.player();
    let mut line = named(status_line(game.dungeon(), &player.keys, player.gold, game.turn()));
    if narrow {
        // A phone's page names the seed above the canvas: the line starts at the depth.
        line = line.split_off(line.find("depth").unwrap_or(0));
    }
    line.push_str(&format!("  |  xl {}", player.growth.grade()));
    if let Some(hunger) = player.hunger().word() {
        line.push_str(&format!("  |  {hunger}"));
    }
    if game.player().carrying.relic {
        line.push_str("  |  the Heartstone");
    }
    // A narrow window wraps the line: at its bars, never inside "turn 269".
    text.0 = if narrow { wrap_at_bars(&line) } else { line };
}

/// `line` with the spaces inside each of its parts made no-break spaces, and each bar kept with
/// the part before it, so that a line too long for its panel wraps only after a bar.
fn wrap_at_bars(line: &str) -> String {
    line.split("  |  ")
        .map(|part| part.replace(' ', "\u{a0}"))
        .collect::<Vec<_>>()
        .join("\u{a0}\u{a0}|  ")
}

/// With the sidebar shown, the status line and the log start right of it, and the HUD's health
/// and gear panels hide (the sidebar shows both).
#[allow(clippy::type_complexity)]
fn fit_to_sidebar(
    sidebar: Res<crate::ui::layout::SidebarShown>,
    mut status: Single<&mut Node, (With<StatusPanel>, Without<MessagePanel>)>,
    mut messages: Single<&mut Node, (With<MessagePanel>, Without<StatusPanel>)>,
    mut beside: Query<&mut Visibility, With<BesideSidebar>>,
    (window, ui_scale): (
        Option<Single<&Window, With<bevy::window::PrimaryWindow>>>,
        Option<Res<UiScale>>,
    ),
    mut done: Local<Option<bool>>,
) {
    // A narrow window (a phone upright) has no minimap in its corner: the log takes the width.
    let narrow = crate::ui::layout::window_is_narrow(window.as_deref().copied(), ui_scale.as_deref());
    if !sidebar.is_changed() && *done == Some(narrow) {
        return;
    }
    *done = Some(narrow);
    let left = crate::ui::layout::left_of_content(sidebar.0);
    status.left = left;
    // Beside the sidebar, the line has the rest of the window's width and wraps in it.
    status.right = if sidebar.0 { px(0) } else { Val::Auto };
    status.max_width = match (sidebar.0, narrow) {
        (true, _) => Val::Auto,
        (false, true) => percent(50),
        (false, false) => percent(68),
    };
    messages.left = left;
    messages.right = px(if narrow { 0.0 } else { MINIMAP_ROOM });
    for mut v in &mut beside {
        *v = if sidebar.0 {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        };
    }
}

/// The mark shown while the run's save fails (the log says why), gone once a save succeeds.
fn update_save_mark(slot: Option<Res<crate::save::SaveSlot>>, mut text: Single<&mut Text, With<SaveMark>>) {
    let mark = match slot.as_deref().and_then(|s| s.failing.as_ref()) {
        Some(_) => "  |  NOT SAVED",
        None => "",
    };
    if text.0 != mark {
        text.0 = mark.into();
    }
}

/// "HP 23/30", and the bar filled to match.
fn update_health(
    game: Res<Game>,
    mut text: Single<&mut Text, With<HealthText>>,
    mut fill: Single<(&mut Node, &mut BackgroundColor), With<HealthFill>>,
    settings: Res<crate::settings::Settings>,
) {
    if !game.is_changed() && !text.0.is_empty() {
        return;
    }
    let health = game.player().health;
    text.0 = format!("HP {}/{}", health.hp, health.max);
    let share = health.hp.max(0) as f32 / health.max.max(1) as f32;
    let (node, colour) = &mut *fill;
    node.width = percent(share * 100.0);
    colour.0 = palette::health(share, settings.colour_blind);
}

fn update_gear(game: Res<Game>, mut text: Single<&mut Text, With<GearText>>) {
    if game.is_changed() || text.0.is_empty() {
        let line = crate::screens::playing::floor::words::gear_line(game.player());
        if text.0 != line {
            text.0 = line;
        }
    }
}

/// The last lines of the log, oldest first.
/// The newest `n` lines of `log` told on turn `since` or later, oldest first.
pub(crate) fn recent_lines(log: &MessageLog, n: usize, since: u64) -> String {
    log.recent(n)
        .filter(|(turn, _)| *turn >= since)
        .map(|(_, line)| line.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The lines the log under the map would show, and how many of the oldest it leaves out to fit
/// its panel (`fit_log`).
#[derive(Resource, Debug, Default)]
struct LogShown {
    lines: Vec<String>,
    dropped: usize,
}

/// The log under the map: the newest lines, none from before the player came to this depth ("There
/// are stairs down here" stayed under the map after taking them); the message log (`p`) has them
/// all. A run continued shows its last lines as they were.
fn update_message(
    game: Res<Game>,
    mut text: Single<&mut Text, With<MessageText>>,
    mut arrived: Local<Option<(u32, u64)>>,
    mut shown: ResMut<LogShown>,
) {
    // The welcome line stays until the game has something to say.
    if game.is_changed() && game.log().lines().len() > 0 {
        let depth = game.dungeon().depth();
        // Arriving is told on the turn the player came (with a fall or a feat that turn).
        let since = match *arrived {
            Some((d, since)) if d == depth => since,
            Some(_) => game.log().last().map_or(0, |&(turn, _)| turn),
            None => 0,
        };
        *arrived = Some((depth, since));
        let lines = recent_lines(game.log(), RECENT_LINES, since);
        if text.0 != lines {
            text.0.clone_from(&lines);
            *shown = LogShown {
                lines: lines.lines().map(str::to_owned).collect(),
                dropped: 0,
            };
        }
    }
}

/// Lines wrapped in a narrow log (large text, a small window) made it taller than its panel,
/// which cut the oldest in half ("(x5)." alone at the top): the oldest lines are left out, one a
/// frame (by last frame's layout), until the rest fit whole.
fn fit_log(
    panel: Single<&ComputedNode, (With<MessagePanel>, Without<MessageText>)>,
    mut text: Single<(&ComputedNode, &mut Text), With<MessageText>>,
    mut shown: ResMut<LogShown>,
) {
    // Lines written this frame are laid out after it: measure them next frame.
    if shown.is_changed() && shown.dropped == 0 {
        return;
    }
    let room = panel.size.y - panel.padding.min_inset.y - panel.padding.max_inset.y;
    let (laid_out, text) = &mut *text;
    if laid_out.size.y <= room + 0.5 || shown.dropped + 1 >= shown.lines.len() {
        return;
    }
    // Only what `update_message` last wrote: not the welcome line, not mid-change.
    if text.0 != shown.lines[shown.dropped..].join("\n") {
        return;
    }
    shown.dropped += 1;
    text.0 = shown.lines[shown.dropped..].join("\n");
}

#[cfg(test)]
mod tests {
    use super::{recent_lines, wrap_at_bars};

    #[test]
    fn the_log_under_the_map_keeps_no_line_from_before_the_player_arrived() {
        let mut log = delve_core::world::MessageLog::default();
        log.push(9, "There are stairs down here (> to descend).");
        log.push(10, "You arrive on depth 2.");
        assert_eq!(recent_lines(&log, 4, 10), "You arrive on depth 2.");
        assert_eq!(
            recent_lines(&log, 4, 0),
            "There are stairs down here (> to descend).\nYou arrive on depth 2."
        );
    }

    #[test]
    fn a_narrow_status_line_breaks_only_after_its_bars() {
        let line = wrap_at_bars("depth 1 of 10  |  keys 0  |  turn 269");
        // The only breakable spaces are the two after each bar.
        let parts: Vec<&str> = line.split(' ').filter(|p| !p.is_empty()).collect();
        assert_eq!(
            parts,
            [
                "depth\u{a0}1\u{a0}of\u{a0}10\u{a0}\u{a0}|",
                "keys\u{a0}0\u{a0}\u{a0}|",
                "turn\u{a0}269"
            ]
        );
        // It reads as it did.
        assert_eq!(line.replace('\u{a0}', " "), "depth 1 of 10  |  keys 0  |  turn 269");
    }
}

//! The boon screen: when an experience level owes a boon (`Run::offer`), it opens over the map
//! with the three offered and takes the keyboard (`Focus::Boon`) until one is chosen — by its
//! number or letter, the arrows and Enter, or a click. Nothing else is played meanwhile (the
//! core refuses it). In a replay the recorded choice is shown for a moment, the chosen boon
//! marked, while the replay plays on. What a key does is `press`, plain logic the tests call.

use crate::ui::spoken::Spoken;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use delve_core::run::Run;
use delve_core::world::{Boon, Growth, capitalised};

use crate::state::{Focus, InPlay, Session};
use crate::turn::{Game, TurnSet};
use crate::ui::palette;
use crate::ui::scale;
use crate::ui::widgets::{full_window, label, overlay_panel};

/// How long a replay shows a recorded choice, in seconds.
const REPLAY_SHOWS: f32 = 2.5;

pub fn plugin(app: &mut App) {
    app.init_resource::<Highlight>()
        .init_resource::<Recorded>()
        .add_systems(OnEnter(Focus::Boon), (reset_highlight, show_boons).chain())
        .add_systems(
            Update,
            ((choose_by_key, choose_by_click), redraw_highlight)
                .chain()
                .run_if(in_state(Focus::Boon))
                .in_set(TurnSet::Input),
        )
        .add_systems(
            Update,
            open_when_owed
                .run_if(in_state(Focus::Map))
                .run_if(not(in_state(InPlay(Session::Replay))))
                .in_set(TurnSet::Show),
        )
        .add_systems(
            Update,
            show_recorded_choice
                .run_if(in_state(InPlay(Session::Replay)))
                .in_set(TurnSet::Show),
        );
}

/// The row the arrows have chosen (0 to 2).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Highlight(usize);

/// In a replay: the boons chosen so far (to see a new one), and how long the last is shown.
#[derive(Resource, Clone, Debug, Default)]
struct Recorded {
    chosen: usize,
    left: f32,
}

/// A row of the boon screen.
#[derive(Component, Clone, Copy, Debug)]
struct BoonRow(usize);

#[derive(Component)]
struct BoonPanel;

/// What a key on the boon screen does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pressed {
    /// Choose the boon of this row.
    Choose(usize),
    /// Move the highlight to this row.
    Highlight(usize),
    /// Nothing.
    Ignore,
}

/// What typing `c` (or Up, Down, Enter, as `'↑'`, `'↓'`, `'\n'`) does with `rows` rows, row
/// `highlight` highlighted: `1`–`3` or `a`–`c` choose, the arrows move, Enter chooses the
/// highlighted.
pub fn press(c: char, rows: usize, highlight: usize) -> Pressed {
    let row = match c {
        '1'..='9' => Some(c as usize - '1' as usize),
        'a'..='i' => Some(c as usize - 'a' as usize),
        '\n' => Some(highlight),
        '↑' => return Pressed::Highlight(highlight.checked_sub(1).unwrap_or(rows.saturating_sub(1))),
        '↓' => return Pressed::Highlight((highlight + 1) % rows.max(1)),
        _ => None,
    };
    match row {
        Some(r) if r < rows => Pressed::Choose(r),
        _ => Pressed::Ignore,
    }
}

/// The player's growth before the last boon chosen, what was offered then and that boon: what
/// a replay shows.
fn offer_before_last(run: &Run) -> Option<(Growth, Vec<Boon>, Boon)> {
    let growth = &run.player().growth;
    let (&chosen, before) = growth.boons.split_last()?;
    let then = Growth {
        xp: growth.xp,
        boons: before.to_vec(),
        beginning: growth.beginning,
    };
    // A beginning's boon was given, not chosen from an offer.
    if growth.beginning.is_some() && before.is_empty() {
        return None;
    }
    let offer = then.offer(run.player().lore.seed)?;
    Some((then, offer, chosen))
}

/// A boon owed: the screen opens.
fn open_when_owed(game: Res<Game>, mut focus: ResMut<NextState<Focus>>) {
    if game.is_changed() && !game.is_over() && game.offer().is_some() {
        focus.set(Focus::Boon);
    }
}

fn reset_highlight(mut highlight: ResMut<Highlight>) {
    highlight.0 = 0;
}

/// The panel: the level reached and the boons offered, each with what it does; `chosen` marks
/// a replay's recorded choice, else `highlight` the row Enter would choose.
/// `growth` is the player's as the choice stands (before a replay's recorded choice).
fn panel(commands: &mut Commands, growth: &Growth, offer: &[Boon], chosen: Option<Boon>, highlight: usize) -> Entity {
    let title = match chosen {
        None => format!(
            "Experience level {}: choose a boon (1-{}, the arrows and Enter, or a click)",
            growth.grade(),
            offer.len()
        ),
        Some(_) => format!("Experience level {}: the recorded choice", growth.grade()),
    };
    // What a screen reader is told: the same words, the highlighted row as the cursor's.
    let mut spoken = Spoken::new([title.clone()]);
    let mut root = commands.spawn((Name::new("Boons"), BoonPanel, full_window(), GlobalZIndex(5)));
    root.with_children(|layer| {
        layer.spawn(overlay_panel(6.0)).with_children(|panel| {
            panel.spawn(label(title, scale::HEADING, palette::GOLD));
            for (i, &boon) in offer.iter().enumerate() {
                let s = boon.stats();
                let times = if s.most > 1 {
                    format!(" (taken {} of {})", growth.times(boon), s.most)
                } else {
                    String::new()
                };
                let marked = chosen.map_or(i == highlight, |c| c == boon);
                let words = if chosen.is_some() && !marked {
                    palette::TEXT_DIM
                } else {
                    palette::TEXT
                };
                let mark = if chosen == Some(boon) { "  (chosen)" } else { "" };
                let said = format!("{} - {}{times}{mark}: {}", i + 1, capitalised(s.name), s.about);
                if marked {
                    spoken.push_cursor(said);
                } else {
                    spoken.push(said);
                }
                panel.spawn((
                    Button,
                    BoonRow(i),
                    Node {
                        flex_direction: FlexDirection::Column,
                        padding: UiRect::axes(px(8), px(4)),
                        max_width: px(560),
                        ..default()
                    },
                    BackgroundColor(if marked { palette::CHOSEN_ROW } else { Color::NONE }),
                    children![
                        label(
                            format!("{} - {}{times}{mark}", i + 1, capitalised(s.name)),
                            scale::BODY,
                            palette::GOLD
                        ),
                        label(s.about, scale::BODY, words),
                    ],
                ));
            }
        });
    });
    root.insert(spoken);
    root.id()
}

fn show_boons(mut commands: Commands, game: Res<Game>, highlight: Res<Highlight>) {
    let Some(offer) = game.offer() else { return };
    let panel = panel(&mut commands, &game.player().growth, &offer, None, highlight.0);
    commands.entity(panel).insert(DespawnOnExit(Focus::Boon));
}

/// The arrows move the highlight: the panel is drawn again.
fn redraw_highlight(
    mut commands: Commands,
    game: Res<Game>,
    highlight: Res<Highlight>,
    open: Query<Entity, With<BoonPanel>>,
) {
    if !highlight.is_changed() || highlight.is_added() {
        return;
    }
    let Some(offer) = game.offer() else { return };
    for e in &open {
        commands.entity(e).despawn();
    }
    let panel = panel(&mut commands, &game.player().growth, &offer, None, highlight.0);
    commands.entity(panel).insert(DespawnOnExit(Focus::Boon));
}

/// Chooses the boon of `row`: the run records it, and the map has the keyboard again (or the
/// screen opens again for the next level's boon, if two were owed).
fn choose(game: &mut Game, row: usize, focus: &mut NextState<Focus>) {
    let Some(offer) = game.offer() else {
        focus.set(Focus::Map);
        return;
    };
    if let Some(&boon) = offer.get(row)
        && game.choose(boon).is_ok()
    {
        focus.set(Focus::Map);
    }
}

fn choose_by_key(
    mut typed: MessageReader<KeyboardInput>,
    mut game: ResMut<Game>,
    mut highlight: ResMut<Highlight>,
    mut focus: ResMut<NextState<Focus>>,
) {
    let Some(rows) = game.offer().map(|o| o.len()) else {
        focus.set(Focus::Map);
        return;
    };
    for input in typed.read().filter(|k| k.state.is_pressed()) {
        let c = match (&input.logical_key, input.key_code) {
            (_, KeyCode::ArrowUp) => '↑',
            (_, KeyCode::ArrowDown) => '↓',
            (_, KeyCode::Enter | KeyCode::NumpadEnter) => '\n',
            (Key::Character(s), _) if s.chars().count() == 1 => s.chars().next().unwrap_or(' ').to_ascii_lowercase(),
            _ => continue,
        };
        match press(c, rows, highlight.0) {
            Pressed::Choose(row) => {
                choose(&mut game, row, &mut focus);
                return;
            }
            Pressed::Highlight(row) => highlight.0 = row,
            Pressed::Ignore => {}
        }
    }
}

fn choose_by_click(
    rows: Query<(&Interaction, &BoonRow), Changed<Interaction>>,
    mut game: ResMut<Game>,
    mut focus: ResMut<NextState<Focus>>,
) {
    for (interaction, row) in &rows {
        if *interaction == Interaction::Pressed {
            choose(&mut game, row.0, &mut focus);
            return;
        }
    }
}

/// In a replay, a boon just chosen by the recording is shown, marked among the three offered,
/// for `REPLAY_SHOWS` seconds while the replay goes on.
fn show_recorded_choice(
    mut commands: Commands,
    game: Res<Game>,
    time: Res<Time>,
    mut recorded: ResMut<Recorded>,
    open: Query<Entity, With<BoonPanel>>,
) {
    let chosen = game.player().growth.boons.len();
    if chosen > recorded.chosen
        && let Some((then, offer, boon)) = offer_before_last(&game)
    {
        for e in &open {
            commands.entity(e).despawn();
        }
        let panel = panel(&mut commands, &then, &offer, Some(boon), 0);
        commands.entity(panel).insert(DespawnOnExit(InPlay(Session::Replay)));
        recorded.left = REPLAY_SHOWS;
    } else if recorded.left > 0.0 {
        recorded.left -= time.delta_secs();
        if recorded.left <= 0.0 {
            for e in &open {
                commands.entity(e).despawn();
            }
        }
    }
    recorded.chosen = chosen;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_letters_arrows_and_enter_choose() {
        assert_eq!(press('1', 3, 0), Pressed::Choose(0));
        assert_eq!(press('c', 3, 0), Pressed::Choose(2));
        assert_eq!(press('4', 3, 0), Pressed::Ignore);
        assert_eq!(press('z', 3, 0), Pressed::Ignore);
        assert_eq!(press('↓', 3, 2), Pressed::Highlight(0));
        assert_eq!(press('↑', 3, 0), Pressed::Highlight(2));
        assert_eq!(press('\n', 3, 1), Pressed::Choose(1));
    }

    #[test]
    fn a_replay_shows_the_offer_the_recorded_choice_was_made_from() {
        let mut run = delve_core::run::RunSpec::seeded(delve_core::generation::GenParams::new(
            4,
            80,
            50,
            delve_core::generation::CorridorStyle::Mixed,
        ))
        .begin()
        .unwrap();
        run.player_mut().growth.xp = delve_core::world::experience_for(2);
        let offer = run.offer().unwrap();
        run.choose(offer[2]).unwrap();
        let (then, shown, chosen) = offer_before_last(&run).unwrap();
        assert_eq!((shown, chosen), (offer.clone(), offer[2]));
        assert!(then.boons.is_empty(), "the growth as the choice was made");
    }
}

//! The end of a run: a summary (how it ended, its score, the seed, the depth reached, turns,
//! monsters slain, gold) and the keys for the next run: a new seed, the same seed again, or quit.

use bevy::prelude::*;

use delve_core::run::Run;
use delve_core::world::Ending;

use crate::action::Action;
use crate::settings::bindings::shown;
use crate::settings::{Bindings, KeyboardLayout, Settings};
use crate::state::{GameState, Session};
use crate::turn::{Game, begin_run};
use crate::ui::palette;
use crate::ui::scale;
use crate::ui::spoken::Spoken;

/// What the player asks for at the end of a run.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum NextRun {
    /// A new run with this seed (same size, style and starting depth).
    NewSeed(u64),
    /// The same run again, from the start.
    SameSeed,
}

#[derive(Component)]
struct SummaryText;

/// Where a line of the summary stands: at its top (the review's) or its foot (the board's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    Top,
    Foot,
}

/// A line of the summary, centred at `edge`, called `name`: its text (marked with `marker`)
/// says `words`, and a screen reader says them too. It goes with the summary.
pub fn spawn_line(commands: &mut Commands, name: &'static str, edge: Edge, marker: impl Bundle, words: String) {
    let (top, bottom) = match edge {
        Edge::Top => (px(16), Val::Auto),
        Edge::Foot => (Val::Auto, px(16)),
    };
    commands.spawn((
        Name::new(name),
        DespawnOnExit(GameState::Ended),
        Node {
            position_type: PositionType::Absolute,
            top,
            bottom,
            width: percent(100),
            padding: UiRect::horizontal(px(16)),
            justify_content: JustifyContent::Center,
            ..default()
        },
        children![(
            marker,
            Spoken::new([words.clone()]),
            Text::new(words),
            TextFont::from_font_size(scale::BODY),
            TextColor(palette::TEXT),
        )],
    ));
}

/// Says `words` on a summary line (`spawn_line`): its text and its spoken words together.
pub fn say_on_line(text: &mut Text, spoken: &mut Spoken, words: &str) {
    words.clone_into(&mut text.0);
    *spoken = Spoken::new([words.to_owned()]);
}

pub fn plugin(app: &mut App) {
    app.add_message::<NextRun>()
        .add_systems(OnEnter(GameState::Ended), show_summary)
        .add_systems(Update, start_next_run.run_if(in_state(GameState::Ended)));
}

/// The summary as the screen shows it, of `run`.
pub fn summary(run: &Run) -> String {
    let (record, dungeon, turns) = (run.record(), run.dungeon(), run.turn());
    let headline = match &record.ending {
        Some(Ending::Won) => "You escaped the dungeon with the Heartstone!".to_owned(),
        Some(Ending::Died { by }) => format!("You were killed by {by} on depth {}.", dungeon.depth()),
        None => "The run was abandoned.".to_owned(),
    };
    let slain = match record.slain {
        1 => "1 monster".to_owned(),
        n => format!("{n} monsters"),
    };
    let feats: Vec<&str> = run.feats().map(|f| f.name()).collect();
    let feats = if feats.is_empty() {
        "none".to_owned()
    } else {
        feats.join(", ")
    };
    // A deep start or a map of one's own is ranked apart from runs begun at the top: said by
    // the score.
    let allies = delve_core::save::allies(run);
    let allies = if allies.is_empty() {
        String::new()
    } else {
        format!("\nAllies at your side: {}", allies.join(", "))
    };
    let apart = delve_core::save::PastRun::of_run(run, 0)
        .start_mark()
        .map_or_else(String::new, |mark| format!(" (begun {mark}: ranked apart)"));
    format!(
        "{headline}\n\nScore: {}{apart}\n\n{}\nDeepest depth reached: {} of {}     Turns: {turns}\nSlain: {slain}     Gold: {}     Experience {}\nFeats: {feats}{allies}",
        run.score(),
        dungeon.describe(),
        record.deepest,
        dungeon.deepest(),
        run.player().gold,
        run.player().growth.describe(),
    )
}

fn show_summary(mut commands: Commands, game: Res<Game>, settings: Option<Res<Settings>>) {
    let keys = settings.map_or_else(|| summary_keys(&Bindings::default()), |s| summary_keys(&s.bindings));
    let colour = match game.record().ending {
        Some(Ending::Won) => palette::VICTORY,
        _ => palette::DEFEAT,
    };
    let text = format!(
        "{}\n\nTo share: {}\n\n{keys}",
        summary(&game.0),
        delve_core::save::share_line(&game)
    );
    commands.spawn((DespawnOnExit(GameState::Ended), crate::ui::plain_camera()));
    commands.spawn((
        Name::new("Summary"),
        DespawnOnExit(GameState::Ended),
        Node {
            width: percent(100),
            height: percent(100),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        children![(
            Node {
                padding: UiRect::all(px(24)),
                // A long line of feats wraps within the window.
                max_width: percent(94),
                ..default()
            },
            BackgroundColor(palette::SUMMARY),
            children![(
                SummaryText,
                Spoken::new([text.clone()]),
                Text::new(text),
                TextFont::from_font_size(scale::TITLE),
                TextColor(colour),
            )],
        )],
    ));
}

/// The summary's keys, as bound: "n  new run, new seed     r  same seed again ...".
pub fn summary_keys(bindings: &Bindings) -> String {
    let key = |action| {
        bindings
            .of(action)
            .first()
            .map_or_else(|| "(unbound)".to_owned(), |b| shown(*b))
    };
    // Esc goes back, as it does everywhere; quitting is Ctrl+q's, as everywhere.
    let hints = [
        (Action::NewRun, "new run, new seed"),
        (Action::SameRun, "same seed again"),
        (Action::TitleScreen, "title screen"),
        (Action::Cancel, "back to the title"),
    ];
    // A hint's spaces do not break: a narrow summary wraps between hints, never inside one ("t
    // title / screen").
    hints
        .map(|(action, what)| format!("{}  {what}", key(action)).replace(' ', "\u{a0}"))
        .join("     ")
}

/// Keys on the summary screen, as bound, become `NextRun` (tests write it directly).
pub(crate) fn read_summary_keys(
    keys: Res<ButtonInput<KeyCode>>,
    (settings, layout): (Res<Settings>, Res<KeyboardLayout>),
    mut next_run: MessageWriter<NextRun>,
    mut title: ResMut<NextState<GameState>>,
    notices: Option<ResMut<crate::screens::title::TitleNotices>>,
) {
    let pressed = |action| settings.bindings.just_pressed(action, &keys, &layout);
    if pressed(Action::NewRun) {
        next_run.write(NextRun::NewSeed(rand::random()));
    } else if pressed(Action::SameRun) {
        next_run.write(NextRun::SameSeed);
    } else if pressed(Action::TitleScreen) {
        title.set(GameState::Title);
    } else if pressed(Action::Cancel) {
        // Esc left the program once: it goes back, and the title says where the run went.
        if let Some(mut notices) = notices {
            notices
                .0
                .push("The run you finished is in the Run history, with its story and its replay.".to_owned());
        }
        title.set(GameState::Title);
    }
}

/// The next run after `run`: the same start again, or a new seed with the same size, style and
/// starting depth (a map file is always played again as it is).
pub fn next_run(run: &Run, next: NextRun) -> Result<Run, String> {
    let spec = match next {
        NextRun::NewSeed(seed) => run.spec().with_seed(seed),
        NextRun::SameSeed => run.spec().clone(),
    };
    spec.begin().map_err(|e| e.to_string())
}

fn start_next_run(
    mut asked: MessageReader<NextRun>,
    game: Res<Game>,
    mut commands: Commands,
    session: Res<State<Session>>,
    mut text: Query<(&mut Text, &mut Spoken), With<SummaryText>>,
) {
    let Some(&ask) = asked.read().last() else { return };
    match next_run(&game, ask) {
        // In the session the last was: after a specimen, the next is the lab's too.
        Ok(run) => begin_run(&mut commands, run, *session.get()),
        Err(e) => {
            let line = format!("Could not make the next level: {e}");
            for (mut t, mut spoken) in &mut text {
                t.0.push_str(&format!("\n\n{line}"));
                spoken.push(line.clone());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use delve_core::generation::{CorridorStyle, GenParams};
    use delve_core::run::RunSpec;

    #[test]
    fn the_summarys_keys_wrap_between_hints_only() {
        let line = super::summary_keys(&crate::settings::Bindings::default());
        let hints: Vec<&str> = line.split(' ').filter(|h| !h.is_empty()).collect();
        assert_eq!(hints.len(), 4, "{line:?}");
        assert!(hints.iter().any(|h| h.ends_with("title\u{a0}screen")), "{hints:?}");
    }

    #[test]
    fn a_deep_start_is_marked_on_the_summary_and_a_run_from_the_top_is_not() {
        let params = GenParams::new(3, 80, 50, CorridorStyle::Mixed);
        let deep = RunSpec::seeded(params.at_depth(10)).begin().unwrap();
        let text = super::summary(&deep);
        assert!(text.contains(" (begun from depth 10: ranked apart)\n"), "{text}");
        let top = RunSpec::seeded(params).begin().unwrap();
        assert!(!super::summary(&top).contains("ranked apart"));
    }
}

//! The tutorial ("Learn to play" on the title): the core's hand-made lessons (`delve_core::tutorial`)
//! played one after the other in `Session::Tutorial`, each by the same rules as any run. A bar
//! over the map says the lesson and its prompt, the keys named as bound (and, in the browser, the
//! buttons a phone has); the prompt waits until the player has done what it asks, then the next
//! one is said. The stairs down of a lesson, taken when its last prompt asks for them, begin the
//! next lesson; a death begins the lesson again. Esc, twice, leaves for the title at any point.
//! Nothing of the tutorial is saved, put in the history, the high scores or the feats, or sent to
//! a board: the session is not the player's own run (`Session::Play`), which is what those follow.

use bevy::prelude::*;
use delve_core::rules::Refusal;
use delve_core::run::Run;
use delve_core::tutorial::{Descent, Prompt, Tutorial};
use leafwing_input_manager::prelude::ActionState;

use crate::action::Action;
use crate::actor::Player;
use crate::settings::Settings;
use crate::settings::bindings::Bindings;
use crate::state::{Focus, GameState, InPlay, Session};
use crate::turn::{Acted, Game, TurnSet, begin_run};
use crate::ui::layers;
use crate::ui::palette;
use crate::ui::scale;
use crate::ui::widgets::label;

/// Where the player is in the tutorial.
#[derive(Resource, Debug)]
pub struct Lessons {
    tutorial: Tutorial,
    /// Esc was pressed once: a second leaves.
    leaving: bool,
    /// The last lesson's stairs were taken: the tutorial is done.
    done: bool,
    /// A lesson's run was begun this frame: until the frame ends, `Game` still holds the last
    /// one, which the new lesson's prompts must not be read against.
    begun: bool,
}

impl Lessons {
    /// The core's tutorial, where the player is in it.
    pub fn tutorial(&self) -> &Tutorial {
        &self.tutorial
    }

    /// Whether the tutorial has been played to its end.
    pub const fn is_done(&self) -> bool {
        self.done
    }
}

/// Marks the bar's text.
#[derive(Component)]
struct LessonBar;

/// Marks the bar itself.
#[derive(Component)]
struct LessonStrip;

/// Where the bar stands from the window's top: under the status line, or under its two lines
/// in a narrow window.
const TOP: f32 = 30.0;
const NARROW_TOP: f32 = 58.0;

/// The tutorial's logic: its prompts, its stairs, a death, leaving (headless too).
pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        ((take_stairs, follow).chain().in_set(TurnSet::See), leave).run_if(in_state(InPlay(Session::Tutorial))),
    );
}

/// The bar over the map that says the lesson and its prompt.
pub fn bar_plugin(app: &mut App) {
    app.add_systems(OnEnter(InPlay(Session::Tutorial)), spawn_bar)
        .add_systems(
            Update,
            show_bar.after(TurnSet::See).run_if(in_state(InPlay(Session::Tutorial))),
        );
}

/// Begins the tutorial at its first lesson, or says why it cannot (its files would not read:
/// never, for those built in).
pub fn begin(commands: &mut Commands, bindings: &Bindings) -> Result<(), String> {
    let mut tutorial = Tutorial::new().map_err(|e| e.to_string())?;
    let run = lesson_run(&mut tutorial, bindings, None);
    commands.insert_resource(Lessons {
        tutorial,
        leaving: false,
        done: false,
        begun: false,
    });
    begin_run(commands, run, Session::Tutorial);
    Ok(())
}

/// The lesson's run, begun, its title and first prompt said (after `first`, if any).
fn lesson_run(tutorial: &mut Tutorial, bindings: &Bindings, first: Option<&str>) -> Run {
    let mut run = tutorial.begin();
    if let Some(line) = first {
        run.say(line);
    }
    run.say(format!(
        "Lesson {} of {}: {}.",
        tutorial.number() + 1,
        tutorial.len(),
        tutorial.lesson().title
    ));
    run.say(words(tutorial.prompt(), bindings));
    run
}

/// A prompt's words with its keys as `bindings` has them (and, in the browser, the buttons).
pub fn words(prompt: &Prompt, bindings: &Bindings) -> String {
    let mut text = prompt.say.clone();
    for name in prompt.keys() {
        let named = key_words(name, bindings, cfg!(target_arch = "wasm32"));
        text = text.replace(&format!("{{{name}}}"), &named);
    }
    text
}

/// The action a prompt names in braces, and the button that does it on a phone (the page's
/// action bar, web/index.html).
pub fn named_action(name: &str) -> Option<(Action, &'static str)> {
    Some(match name {
        "descend" => (Action::Descend, "Stairs"),
        "explore" => (Action::Explore, "Explore"),
        "sneak" => (Action::Sneak, "Sneak"),
        "pickup" => (Action::PickUp, "Pick up"),
        "pack" => (Action::Inventory, "Pack"),
        "throw" => (Action::Throw, "Throw"),
        "fire" => (Action::Fire, "Fire"),
        "search" => (Action::Search, "Search"),
        "allies" => (Action::Allies, "Allies"),
        "rest" => (Action::Rest, "Rest"),
        _ => return None,
    })
}

/// What `{name}` is written as: the key bound (and the button, with `buttons`); `move` is the
/// four steps' keys. An unknown name stays as it is (the tests keep every name known).
fn key_words(name: &str, bindings: &Bindings, buttons: bool) -> String {
    if name == "move" {
        let keys = [Action::MoveN, Action::MoveW, Action::MoveS, Action::MoveE].map(|a| bindings.key(a));
        let swipe = if buttons { ", or a swipe on the map" } else { "" };
        return format!("{} (and the diagonals{swipe})", keys.join(", "));
    }
    match named_action(name) {
        Some((action, button)) if buttons => format!("{} (the {button} button)", bindings.key(action)),
        Some((action, _)) => bindings.key(action),
        None => format!("{{{name}}}"),
    }
}

fn spawn_bar(mut commands: Commands, sidebar: Option<Res<crate::ui::layout::SidebarShown>>) {
    commands.spawn((
        Name::new("Tutorial bar"),
        LessonStrip,
        DespawnOnExit(InPlay(Session::Tutorial)),
        crate::ui::layout::replay_bar(sidebar.is_some_and(|s| s.0)),
        BackgroundColor(palette::CHOSEN_ROW),
        GlobalZIndex(layers::BANNER),
        children![(label("", scale::DENSE, palette::GOLD), LessonBar)],
    ));
}

/// The bar's words: the lesson, what to do now (or that it is done), and how to leave.
pub fn bar_text(lessons: &Lessons, bindings: &Bindings) -> String {
    let t = &lessons.tutorial;
    let head = format!("LESSON {} of {}: {}", t.number() + 1, t.len(), t.lesson().title);
    if lessons.leaving {
        return format!("{head}\nLeave the tutorial? Esc again leaves; any other key plays on.");
    }
    if lessons.done {
        return format!(
            "{head}\nThe tutorial is done: you know enough to begin. Esc goes to the title, where New run starts a real run."
        );
    }
    let leave = if cfg!(target_arch = "wasm32") {
        "Esc, or Menu then Esc, leaves"
    } else {
        "Esc leaves"
    };
    format!("{head}   ({leave})\n{}", words(t.prompt(), bindings))
}

/// The bar's words, and its place: under the status line, which a narrow window (a phone held
/// upright) wraps onto a second line.
fn show_bar(
    lessons: Option<Res<Lessons>>,
    settings: Res<Settings>,
    mut bar: Query<&mut Text, With<LessonBar>>,
    mut strip: Query<&mut Node, With<LessonStrip>>,
    added: Query<(), Added<LessonBar>>,
    window: Option<Single<&Window, With<bevy::window::PrimaryWindow>>>,
    ui_scale: Option<Res<UiScale>>,
) {
    let narrow = crate::ui::layout::window_is_narrow(window.as_deref().copied(), ui_scale.as_deref());
    let top = Val::Px(if narrow { NARROW_TOP } else { TOP });
    for mut node in &mut strip {
        if node.top != top {
            node.top = top;
        }
    }
    let Some(lessons) = lessons else { return };
    if !lessons.is_changed() && added.is_empty() {
        return;
    }
    let text = bar_text(&lessons, &settings.bindings);
    for mut shown in &mut bar {
        shown.0.clone_from(&text);
    }
}

/// After each turn: a death begins the lesson again; every prompt done moves on to the next,
/// which is said.
fn follow(mut commands: Commands, mut game: ResMut<Game>, lessons: Option<ResMut<Lessons>>, settings: Res<Settings>) {
    let Some(mut lessons) = lessons else { return };
    if lessons.done {
        return;
    }
    if lessons.begun {
        lessons.begun = false;
        return;
    }
    if game.0.is_over() {
        let run = lesson_run(
            &mut lessons.tutorial,
            &settings.bindings,
            Some("You were killed: the lesson begins again."),
        );
        begin_run(&mut commands, run, Session::Tutorial);
        return;
    }
    if !game.is_changed() {
        return;
    }
    if lessons.bypass_change_detection().tutorial.update(&game.0) {
        lessons.set_changed();
        let line = words(lessons.tutorial.prompt(), &settings.bindings);
        game.0.say(line);
    }
}

/// The stairs down, refused by the rules (a lesson is a level of its own): when the lesson asks
/// for them, the next lesson begins, or the tutorial is done; before, the prompt is said again.
fn take_stairs(
    mut acted: MessageReader<Acted>,
    mut commands: Commands,
    mut game: ResMut<Game>,
    lessons: Option<ResMut<Lessons>>,
    settings: Res<Settings>,
) {
    let Some(mut lessons) = lessons else { return };
    let stairs = acted.read().any(|a| matches!(a, Acted::Refused(Refusal::NowhereToGo)));
    if !stairs || lessons.done {
        return;
    }
    match lessons.tutorial.descend(&game.0) {
        Descent::Next(_) => {
            let run = lesson_run(&mut lessons.tutorial, &settings.bindings, None);
            lessons.begun = true;
            begin_run(&mut commands, run, Session::Tutorial);
        }
        Descent::Done => {
            lessons.done = true;
            game.0
                .say("The tutorial is done! Esc goes to the title: New run begins a real run.");
        }
        Descent::NotYet => {
            let line = format!("Not yet: {}", words(lessons.tutorial.prompt(), &settings.bindings));
            game.0.say(line);
        }
    }
}

/// Esc on the map asks to leave; Esc again leaves for the title, any other key plays on.
fn leave(
    actions: Option<Single<&ActionState<Action>, With<Player>>>,
    keys: Res<ButtonInput<KeyCode>>,
    focus: Option<Res<State<Focus>>>,
    lessons: Option<ResMut<Lessons>>,
    mut next: ResMut<NextState<GameState>>,
) {
    let (Some(actions), Some(mut lessons)) = (actions, lessons) else {
        return;
    };
    if focus.is_some_and(|f| *f.get() != Focus::Map) {
        return;
    }
    if actions.just_pressed(&Action::Cancel) {
        if lessons.leaving || lessons.done {
            next.set(GameState::Title);
        } else {
            lessons.leaving = true;
        }
    } else if lessons.leaving && keys.get_just_pressed().next().is_some() {
        lessons.leaving = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_prompt_names_keys_the_shell_knows_and_fits_the_bar() {
        let bindings = Bindings::default();
        for lesson in delve_core::tutorial::lessons().unwrap() {
            for prompt in &lesson.prompts {
                for name in prompt.keys() {
                    assert!(
                        name == "move" || named_action(name).is_some(),
                        "{}: {{{name}}} is no action",
                        lesson.title
                    );
                }
                for buttons in [false, true] {
                    let mut text = prompt.say.clone();
                    for name in prompt.keys() {
                        text = text.replace(&format!("{{{name}}}"), &key_words(name, &bindings, buttons));
                    }
                    assert!(!text.contains('{'), "{text}");
                    // Two lines of the bar at 1024x600.
                    assert!(text.chars().count() <= 200, "{} chars: {text}", text.chars().count());
                }
            }
        }
        let descend = delve_core::tutorial::lessons().unwrap()[0]
            .prompts
            .last()
            .unwrap()
            .clone();
        assert!(words(&descend, &bindings).contains('>'), "the stairs' key as bound");
    }
}

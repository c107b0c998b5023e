//! "Could you have lived?" on a death's summary: offered under its key (`v`) for a death of the
//! player's own (a run of a seed where a player who only waits is killed); pressed, the review of the last turns runs, and the line that lives is shown as
//! a replay from its branch point with its words over the banner; `t` there takes the run over
//! from the branch point, the same state, a branch of the run's recording.

mod support;

use bevy::prelude::*;
use delve::player::command::PlayerCommand;
use delve::screens::playing::replay::ReplayControl;
use delve::state::{GameState, Session};
use delve::turn::Game;
use delve_core::review::{Limits, review};
use delve_core::rules::Act;
use delve_core::run::seek::{Seeker, Target};
use delve_core::run::{Replay, RunSpec};
use support::{act, game, keyboard_app, press, shows, state, texts, turns};

/// The first seed from 251 on whose run a player who only waits is killed within 500 turns,
/// and could have lived (the core's review finds a line): the seed.
fn a_death_with_a_way_out() -> u64 {
    (251..400)
        .find(|&seed| {
            let spec = RunSpec::seeded(delve_board::standard(seed));
            let mut run = spec.begin().unwrap().with_sight(8);
            while !run.is_over() && run.turn() < 500 {
                run.play(Act::Wait).unwrap();
            }
            if !run.is_over() {
                return false;
            }
            let (start, replay) = Replay::begin(&spec, run.recording().unwrap(), None).unwrap();
            review(&mut Seeker::new(&start, &replay), &run, Limits::default()).is_some_and(|r| r.line.is_some())
        })
        .expect("a seed")
}

#[test]
fn a_death_is_reviewed_and_the_line_that_lives_is_shown_and_taken_over() {
    let seed = a_death_with_a_way_out();
    let spec = RunSpec::seeded(delve_board::standard(seed));
    let mut app = keyboard_app("#####\n#@..#\n#####\n", |app| {
        app.insert_resource(Game(spec.begin().unwrap().with_sight(8)))
            .add_plugins(delve::screens::playing::replay::plugin);
    });
    for _ in 0..600 {
        if state(&app) == GameState::Ended {
            break;
        }
        act(&mut app, PlayerCommand::Wait);
    }
    app.update();
    assert_eq!(state(&app), GameState::Ended);
    assert!(shows(&mut app, "v  could you have lived?"), "{:?}", texts(&mut app));
    let died = game(&app).clone();
    // What the review must find, worked out by the core on its own.
    let (start, replay) = Replay::begin(&spec, died.recording().unwrap(), None).unwrap();
    let mut seeker = Seeker::new(&start, &replay);
    let expected = review(&mut seeker, &died, Limits::default()).unwrap();
    let line = expected.line.clone().expect("a way out: the potion");
    let (at_branch, _) = seeker.seek(Target::Command(line.commands)).unwrap();

    press(&mut app, KeyCode::KeyV, "v");
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(state(&app), GameState::Playing);
    assert_eq!(*app.world().resource::<State<Session>>().get(), Session::Replay);
    assert!(app.world().contains_resource::<ReplayControl>());
    assert!(
        shows(&mut app, "You could have lived: on turn"),
        "{:?}",
        texts(&mut app)
    );
    assert!(shows(&mut app, &line.words), "{:?}", texts(&mut app));
    // It plays on from the branch point: the line, not the death.
    assert!(turns(&app) >= line.turn);
    for _ in 0..20 {
        app.update();
    }
    // `t` takes the run over at the branch point, whatever the line has played since.
    press(&mut app, KeyCode::KeyT, "t");
    app.update();
    assert_eq!(*app.world().resource::<State<Session>>().get(), Session::Play);
    assert_eq!(turns(&app), line.turn);
    assert_eq!(game(&app).state_hash(), at_branch.state_hash());
    let branch = game(&app).lineage().branch.expect("a branch");
    let parent = delve_core::save::digest(&delve_core::save::encode_recording(&died).unwrap());
    assert_eq!((branch.parent, branch.turn), (parent, line.turn));
    assert!(!game(&app).is_over());
}

//! "Could you have lived?": a constructed death with a way out (a rat gnaws a player who only
//! waits, a potion of healing in the pack) is reviewed to a line that lives, which replays from
//! the branch point as the run's own commands; a hopeless one (three ogres round a player with
//! nothing) is said to have none; a run that did not end in death has nothing to review.

use delve_core::bot::Bot;
use delve_core::fov::DEFAULT_RADIUS;
use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::geom::Pos;
use delve_core::map::parse_ascii;
use delve_core::review::{Choice, Limits, review};
use delve_core::rules::Act;
use delve_core::run::seek::Seeker;
use delve_core::run::{Replay, Run, RunSpec};
use delve_core::world::{Ending, FloorItem, Item, ItemKind, Kind, Level, Mind, Monster};

const ROOM: &str = "\
############
#@.........#
#..........#
#..........#
############
";

/// A run on ROOM with `monsters` hunting the player and `items` under its feet, played by
/// picking them up and then waiting until it dies; its replay's seeker, and the run as it ended.
fn waited_to_death(monsters: &[(Kind, Pos)], items: &[ItemKind]) -> (Seeker, Run) {
    let mut level = Level::bare(parse_ascii(ROOM.as_bytes()).unwrap());
    let at = Pos::new(1, 1);
    for (i, &(kind, pos)) in monsters.iter().enumerate() {
        let mind = Mind::Hunting {
            target: at,
            patience: 1000,
        };
        level.monsters.push(Monster::new(i as u32 + 1, kind, pos, mind));
    }
    for &kind in items {
        level.items.push(FloorItem::loose(at, Item::one(kind)));
    }
    let spec = RunSpec::Level(Box::new(level));
    let mut run = spec.begin().unwrap().with_sight(DEFAULT_RADIUS);
    for _ in items {
        run.play(Act::PickUp).unwrap();
    }
    while !run.is_over() {
        run.play(Act::Wait).unwrap();
    }
    assert!(matches!(run.record().ending, Some(Ending::Died { .. })));
    let (start, replay) = Replay::begin(&spec, run.recording().unwrap(), None).unwrap();
    (Seeker::new(&start, &replay), run)
}

#[test]
fn a_death_with_a_potion_unused_is_reviewed_to_the_line_that_drinks_it() {
    let (mut seeker, end) = waited_to_death(&[(Kind::Rat, Pos::new(2, 1))], &[ItemKind::Healing]);
    let found = review(&mut seeker, &end, Limits::default()).expect("a death");
    let line = found.line.as_ref().expect("a way out");
    assert_eq!(line.choice, Choice::Use(0), "{}", found.summary());
    assert!(line.turn < end.turn() && line.alive_on >= line.turn + Limits::default().horizon);
    assert!(
        found.summary().starts_with("You could have lived: on turn"),
        "{}",
        found.summary()
    );
    assert!(line.words.starts_with("drink "), "{}", line.words);
    // The line is the run's own commands to the branch point, then the line's: it replays,
    // and alive at its end.
    let spec = end.spec().clone();
    let theirs: Vec<_> = end.recording().unwrap().commands().take(line.commands).collect();
    let ours: Vec<_> = line.recording.commands().take(line.commands).collect();
    assert_eq!(theirs, ours);
    let (mut run, mut replay) = Replay::begin(&spec, &line.recording, Some(line.end)).unwrap();
    replay.finish(&mut run).unwrap();
    assert!(!run.is_over());
    assert_eq!(run.turn(), line.alive_on);
}

#[test]
fn a_hopeless_death_is_said_to_have_no_way_out() {
    let ogres = [
        (Kind::Ogre, Pos::new(2, 1)),
        (Kind::Ogre, Pos::new(2, 2)),
        (Kind::Ogre, Pos::new(1, 2)),
    ];
    let (mut seeker, end) = waited_to_death(&ogres, &[]);
    let found = review(&mut seeker, &end, Limits::default()).expect("a death");
    assert!(found.line.is_none(), "{}", found.summary());
    assert!(found.tried > 0);
    assert!(
        found.summary().starts_with("No way out was found"),
        "{}",
        found.summary()
    );
}

#[test]
fn a_run_not_ended_in_death_has_nothing_to_review() {
    let spec = RunSpec::seeded(GenParams::new(3, 80, 50, CorridorStyle::Mixed));
    let mut run = spec.begin().unwrap().with_sight(DEFAULT_RADIUS);
    Bot::player().play_until(&mut run, 200);
    let (start, replay) = Replay::begin(&spec, run.recording().unwrap(), None).unwrap();
    let mut seeker = Seeker::new(&start, &replay);
    assert!(review(&mut seeker, &run, Limits::default()).is_none());
}

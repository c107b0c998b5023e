//! The tutorial played through by its prompts, headless: each prompt waits (a turn that does not
//! do what it asks leaves it shown), then moves on when it is done; each lesson's stairs begin the
//! next, the last ends it; every lesson's recording replays to the same state. A player of rules
//! does what each prompt asks, by the goal the prompt waits for.

use std::collections::{BTreeMap, VecDeque};

use delve_core::geom::{Dir8, Pos};
use delve_core::map::Tile;
use delve_core::rules::{Act, Refusal};
use delve_core::run::{Replay, Run};
use delve_core::tutorial::{Deed, Descent, Goal, Tutorial};
use delve_core::world::{Class, ItemKind};

/// The first step of a shortest way from the player to `to` (or next to it, with `beside`), over
/// what is walkable (doors by their faces only, never a trap nor a monster but at `to`).
fn step_towards(run: &Run, to: Pos, beside: bool) -> Option<Dir8> {
    let level = run.dungeon().level();
    let map = &level.map;
    let from = run.player().at;
    let door = |p: Pos| map.get(p).is_some_and(Tile::is_door);
    let arrived = |p: Pos| {
        if beside {
            (p.x - to.x).abs().max((p.y - to.y).abs()) == 1
        } else {
            p == to
        }
    };
    let mut came: BTreeMap<Pos, Pos> = BTreeMap::new();
    let mut queue = VecDeque::from([from]);
    came.insert(from, from);
    while let Some(p) = queue.pop_front() {
        if arrived(p) && p != from {
            let mut at = p;
            while came[&at] != from {
                at = came[&at];
            }
            return Dir8::between(from, at);
        }
        for dir in Dir8::ALL {
            let q = Dir8::from_pos(p, dir);
            let diagonal = q.x != p.x && q.y != p.y;
            let open = map.get(q).is_some_and(Tile::is_walkable)
                && !(diagonal && (door(p) || door(q)))
                && (q == to || (level.trap_at(q).is_none() && level.monster_at(q).is_none()));
            if open && !came.contains_key(&q) {
                came.insert(q, p);
                queue.push_back(q);
            }
        }
    }
    None
}

/// Steps (sneaking if the player sneaks) one step towards `to`.
fn walk(run: &mut Run, to: Pos, beside: bool) {
    let dir = step_towards(run, to, beside).unwrap_or_else(|| panic!("no way from {:?} to {to:?}", run.player().at));
    let act = if run.player().sneaking {
        Act::Sneak(dir)
    } else {
        Act::Step(dir)
    };
    run.play(act).unwrap_or_else(|r| panic!("{act:?} refused: {r:?}"));
}

/// The pack slot holding an item of `kind`.
fn slot_of(run: &Run, kind: ItemKind) -> Option<u8> {
    run.player()
        .pack
        .items()
        .find(|(_, i)| i.kind == kind)
        .map(|(s, _)| s as u8)
}

/// One act towards `goal`; `true` when the stairs were taken (the lesson is over).
fn towards(run: &mut Run, tutorial: &mut Tutorial, goal: Goal) -> Option<Descent> {
    let level = run.dungeon().level().clone();
    let here = run.player().at;
    match goal {
        Goal::Reach(p) | Goal::Seen(p) | Goal::Opened(p) => walk(run, p, false),
        Goal::Took(p) if here == p => {
            run.play(Act::PickUp).unwrap();
        }
        Goal::Took(p) => walk(run, p, false),
        Goal::Found(p) if (here.x - p.x).abs().max((here.y - p.y).abs()) == 1 => {
            run.play(Act::Search).unwrap();
        }
        Goal::Found(p) => walk(run, p, true),
        Goal::Used(kind) => {
            let slot = slot_of(run, kind).expect("the item to use is carried");
            run.play(Act::Use(slot)).unwrap();
        }
        Goal::Slain(id) | Goal::Freed(id) => {
            let at = level.monsters[level.monster_index(id).unwrap()].at;
            walk(run, at, false);
        }
        Goal::Boon => {
            let boon = run.offer().expect("a boon is owed")[0];
            run.choose(boon).unwrap();
        }
        Goal::Did(Deed::Sneak) => run.set_sneaking(true),
        Goal::Did(Deed::Order) => {
            run.play(Act::Order).unwrap();
        }
        Goal::Did(Deed::Search) => {
            run.play(Act::Search).unwrap();
        }
        Goal::Did(Deed::Throw) => {
            let target = level
                .monsters
                .iter()
                .find(|m| !m.is_ally() && run.sees(m))
                .map(|m| m.at);
            let darts = run
                .player()
                .pack
                .items()
                .find(|(_, i)| i.kind.class() == Class::Thrown)
                .map(|(s, _)| s as u8);
            match (target, darts) {
                (Some(at), Some(slot)) => {
                    run.play(Act::Aim { slot, at }).unwrap();
                }
                // Nothing in sight yet: on towards the nearest monster.
                _ => {
                    let at = level.monsters.iter().find(|m| !m.is_ally()).expect("a target").at;
                    walk(run, at, true);
                }
            }
        }
        Goal::Stairs => {
            let (w, h) = (level.map.width() as i32, level.map.height() as i32);
            let stairs = (0..h)
                .flat_map(|y| (0..w).map(move |x| Pos::new(x, y)))
                .find(|&p| level.map.get(p) == Some(Tile::StairsDown))
                .expect("the lesson's stairs");
            if here != stairs {
                walk(run, stairs, false);
                return None;
            }
            // A lesson is a level of its own: the rules refuse to go down, the tutorial goes on.
            assert_eq!(run.play(Act::Descend).err(), Some(Refusal::NowhereToGo));
            return Some(tutorial.descend(run));
        }
    }
    None
}

#[test]
fn the_tutorial_is_played_through_by_its_prompts() {
    let mut tutorial = Tutorial::new().unwrap();
    let lessons = tutorial.len();
    assert!(lessons >= 5, "a few lessons: {lessons}");
    let mut taught = Vec::new();
    for number in 0..lessons {
        assert_eq!(tutorial.number(), number);
        let mut run = tutorial.begin();
        run.set_sight_radius(9);
        let spec = run.spec().clone();
        let mut seen_prompt = usize::MAX;
        let mut outcome = None;
        for _ in 0..600 {
            assert!(
                !run.is_over(),
                "lesson {number} killed the player on prompt {}",
                tutorial.prompt_number()
            );
            let prompt = tutorial.prompt_number();
            let goal = tutorial.prompt().until;
            if prompt != seen_prompt {
                seen_prompt = prompt;
                taught.push(goal);
                // The prompt waits: a turn that does not do it leaves it shown.
                if !matches!(goal, Goal::Boon | Goal::Slain(_)) {
                    run.play(Act::Wait).unwrap();
                    tutorial.update(&run);
                    assert_eq!(tutorial.prompt_number(), prompt, "lesson {number}: {goal:?} waits");
                }
                if goal == Goal::Stairs {
                    // The stairs are not taken before the last prompt (nor off them).
                    assert_eq!(tutorial.clone().descend(&run), Descent::NotYet);
                }
            }
            outcome = towards(&mut run, &mut tutorial, goal);
            if outcome.is_some() {
                break;
            }
            tutorial.update(&run);
        }
        let expected = if number + 1 == lessons {
            Descent::Done
        } else {
            Descent::Next(number + 1)
        };
        assert_eq!(outcome, Some(expected), "lesson {number} ends on its stairs");
        // Recorded as any run: the lesson replays from its own level to the same state.
        let recording = run.recording().unwrap().clone();
        let (mut again, mut replay) = Replay::begin(&spec, &recording, None).unwrap();
        replay.finish(&mut again).unwrap();
        assert_eq!(again.state_hash(), run.state_hash(), "lesson {number} replays");
    }
    // What the issue asks the lessons to teach, each waited for at least once.
    for want in [
        "Opened", "Took", "Seen", "Slain", "Boon", "Sneak", "Used", "Throw", "Found", "Freed", "Stairs",
    ] {
        assert!(
            taught.iter().any(|g| format!("{g:?}").contains(want)),
            "no prompt waits for {want}: {taught:?}"
        );
    }
}

#[test]
fn a_lesson_begins_again_as_it_was() {
    let mut tutorial = Tutorial::new().unwrap();
    let first = tutorial.begin();
    let mut run = first.clone();
    run.play(Act::Wait).unwrap();
    let again = tutorial.begin();
    assert_eq!(again.state_hash(), first.state_hash());
    assert_eq!(tutorial.prompt_number(), 0);
}

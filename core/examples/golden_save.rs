//! Writes a golden save: a run of seed 2026 (80x50, mixed corridors) explored with the `x` key's
//! planner, down the stairs and a few turns into level 2, saved in the format this Delve writes.
//! Saves checked into core/tests/data/ are made with it once per save format and never again:
//! every later version must load them to the state they were made with (core/tests/save.rs).
//! `cargo run -p delve-core --example golden_save -- core/tests/data/golden-vN.sav [RECORDING]`
//! also writes the run's recording to RECORDING (`golden-rN.delverec`, N the rules' version):
//! every later Delve with the same rules must replay it to the same hashes. A third path, WON,
//! gets the recording of a whole run won on a checkpoint's turn (the bot of `delve --autoplay`
//! on the first seed from 5184 whose run is: such a run did not verify under rules 6), from
//! rules 7 on `golden-rN-won-on-a-checkpoint.delverec`.

use delve_core::explore::{self as plan, Known};
use delve_core::fov::DEFAULT_RADIUS;
use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::geom::Dir8;
use delve_core::map::Tile;
use delve_core::paths::Search;
use delve_core::rules::Act;
use delve_core::run::{Run, RunSpec};
use delve_core::save::{FORMAT, SavedRun, encode, encode_recording};

/// Walks to `tile` if it is remembered on the level; false when it is not.
fn walk_to(run: &mut Run, tile: Tile) -> bool {
    let depth = run.dungeon().depth();
    let mut search = Search::default();
    let known = Known {
        level: run.dungeon().level(),
        memory: run.player().memory.level(depth).expect("remembered"),
    };
    let Some(to) = known.find(tile) else { return false };
    let held = run.player().keys.doors_on(depth);
    let Some(walk) = plan::travel(&known, run.player().at, to, &held, &mut search) else {
        return false;
    };
    for step in walk {
        let dir = Dir8::between(run.player().at, step).expect("one step");
        if run.play(Act::Step(dir)).is_err() || run.is_over() {
            return false;
        }
    }
    true
}

trait Here {
    fn map_tile(&self) -> Tile;
}

impl Here for Run {
    fn map_tile(&self) -> Tile {
        self.dungeon().level().map.tile(self.player().at)
    }
}

fn main() {
    let path = std::env::args().nth(1).expect("usage: golden_save PATH");
    let spec = RunSpec::seeded(GenParams::new(2026, 80, 50, CorridorStyle::Mixed));
    let mut run = spec.begin().expect("a run").with_sight(DEFAULT_RADIUS);
    // From format 13 the walk begins as an arcanist: a staff and a charm in the pack, a kind
    // known past the first 32 ids, and the beginning itself saved and recorded.
    if FORMAT >= 13 {
        run.begin_as(delve_core::world::Beginning::Arcanist)
            .expect("a fresh run");
    }
    for _ in 0..2000 {
        // From rules 6 a level of experience owes a boon: the first offered is taken.
        if let Some(offer) = run.offer() {
            run.choose(offer[0]).expect("offered");
            continue;
        }
        if walk_to(&mut run, Tile::StairsDown) {
            break;
        }
        // Whatever stands next to the player is fought first.
        let near = run
            .dungeon()
            .level()
            .monsters
            .iter()
            .find_map(|m| Dir8::between(run.player().at, m.at));
        if let Some(dir) = near {
            run.play(Act::Step(dir)).expect("an attack");
            assert!(!run.is_over(), "the run goes on");
            continue;
        }
        let e = plan::explore_level(&mut run, plan::explore, 1);
        assert!(!run.is_over(), "the run goes on");
        if e.finished.is_some() {
            // Nothing more to see: wait a turn for whatever stands in the way.
            run.play(Act::Wait).expect("a wait");
        }
    }
    assert_eq!(run.map_tile(), Tile::StairsDown, "on the stairs");
    run.play(Act::Descend).expect("down");
    if let Some(offer) = run.offer() {
        run.choose(offer[0]).expect("offered");
    }
    plan::explore_level(&mut run, plan::explore, 25);
    assert!(!run.is_over(), "the run goes on");
    // From format 6 the player's sneaking is saved: the golden run ends sneaking.
    run.set_sneaking(true);
    if let Some(recording) = std::env::args().nth(2) {
        std::fs::write(recording, encode_recording(&run).expect("recorded")).expect("written");
    }
    // From format 16 a run's lineage is saved: the golden save is taken over here from a
    // replay (of a recording whose digest is 0x16 repeated) and races a ghost (0x61 repeated).
    if FORMAT >= 16 {
        run.take_over(delve_core::run::Digest([0x16; 32]));
        run.race(delve_core::run::Digest([0x61; 32]));
    }
    std::fs::write(&path, encode(&SavedRun::capture(&run))).expect("written");
    if let Some(won) = std::env::args().nth(3) {
        // The first seed from 5184 on whose bot run is won on a checkpoint's turn.
        let (seed, run) = (5184..)
            .find_map(|seed| {
                let spec = RunSpec::seeded(GenParams::new(seed, 80, 50, CorridorStyle::Mixed));
                let mut run = spec.begin().expect("a run").with_sight(DEFAULT_RADIUS);
                delve_core::bot::Bot::player().play_until(&mut run, u64::MAX);
                let won = run.record().ending == Some(delve_core::world::Ending::Won);
                (won && run.turn().is_multiple_of(delve_core::run::CHECKPOINT_EVERY)).then_some((seed, run))
            })
            .expect("a seed");
        std::fs::write(won, encode_recording(&run).expect("recorded")).expect("written");
        println!(
            "seed {seed} won on turn {}, state hash {:016x}",
            run.turn(),
            run.state_hash()
        );
    }
    println!(
        "format {FORMAT}: turn {}, depth {}, hp {}, state hash {:016x}",
        run.turn(),
        run.dungeon().depth(),
        run.player().health.hp,
        run.state_hash()
    );
}

//! Where making a level spends its time, stage by stage. Measured only when `delve-core` is
//! built with the `stage-timing` feature (then `generate` adds each stage's time to a tally kept
//! on the calling thread, and `take_stage_times` reads it); without it the clock is an empty
//! value and measuring costs nothing. `cargo run --release -p delve-core --features stage-timing
//! --example stages` prints the tally at every depth.

/// The stages of making a level, in the order `generate` runs them. Time spent on an attempt
/// that fails validation counts too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// BSP rooms, corridors in their styles, doors, dead ends pruned, the border checked.
    Dig,
    /// The spots stairs may take, the stairs up and the stairs down.
    Stairs,
    /// The two walks from the arrival over every tile: before the loops, and over the finished
    /// level.
    Walks,
    /// Opening walls where the walk round is long.
    Loops,
    /// Chokepoints found, doors locked, keys laid.
    Locks,
    /// The level's checks: layout, stairs and keys, the keys played out.
    Checks,
    /// Monsters placed, out of sight of the arrival.
    Monsters,
    /// Items placed, vaults furnished, the relic laid.
    Items,
    /// Rooms reshaped, lakes, rivers and grass laid, secrets hidden, traps laid, lights set.
    Terrain,
}

impl Stage {
    /// Every stage, in order.
    pub const ALL: [Stage; 9] = [
        Stage::Dig,
        Stage::Stairs,
        Stage::Walks,
        Stage::Loops,
        Stage::Locks,
        Stage::Checks,
        Stage::Monsters,
        Stage::Items,
        Stage::Terrain,
    ];

    /// The stage's name in a table.
    pub const fn name(self) -> &'static str {
        match self {
            Stage::Dig => "dig",
            Stage::Stairs => "stairs",
            Stage::Walks => "walks",
            Stage::Loops => "loops",
            Stage::Locks => "locks",
            Stage::Checks => "checks",
            Stage::Monsters => "monsters",
            Stage::Items => "items",
            Stage::Terrain => "terrain",
        }
    }
}

#[cfg(feature = "stage-timing")]
mod tally {
    use std::cell::Cell;
    use std::time::{Duration, Instant};

    use super::Stage;

    thread_local! {
        static SPENT: Cell<[Duration; Stage::ALL.len()]> =
            const { Cell::new([Duration::ZERO; Stage::ALL.len()]) };
    }

    /// The time since the last lap, added to a stage's tally.
    pub(crate) struct Clock(Instant);

    impl Clock {
        pub(crate) fn start() -> Clock {
            Clock(Instant::now())
        }

        pub(crate) fn lap(&mut self, stage: Stage) {
            let now = Instant::now();
            SPENT.with(|spent| {
                let mut all = spent.get();
                all[stage as usize] += now - self.0;
                spent.set(all);
            });
            self.0 = now;
        }
    }

    /// The time each stage took on this thread since the last call (or since the thread began),
    /// in `Stage::ALL` order; the tally starts again from nothing.
    pub fn take_stage_times() -> [(Stage, Duration); Stage::ALL.len()] {
        let spent = SPENT.with(|spent| spent.replace([Duration::ZERO; Stage::ALL.len()]));
        Stage::ALL.map(|stage| (stage, spent[stage as usize]))
    }
}

#[cfg(not(feature = "stage-timing"))]
mod tally {
    use super::Stage;

    /// Without the `stage-timing` feature: nothing kept, nothing measured.
    pub(crate) struct Clock;

    impl Clock {
        #[inline(always)]
        pub(crate) fn start() -> Clock {
            Clock
        }

        #[inline(always)]
        pub(crate) fn lap(&mut self, _stage: Stage) {}
    }
}

pub(crate) use tally::Clock;
#[cfg(feature = "stage-timing")]
pub use tally::take_stage_times;

#[cfg(all(test, feature = "stage-timing"))]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;
    use crate::generation::{GenParams, generate};

    #[test]
    fn the_tally_counts_the_stages_a_level_went_through_and_starts_again_when_read() {
        take_stage_times();
        let start = Instant::now();
        // A fifth level: every stage runs on most seeds (locks on three in four).
        for seed in 0..8 {
            generate(&GenParams::new(seed, 80, 50, Default::default()).at_depth(5)).unwrap();
        }
        let elapsed = start.elapsed();
        let times = take_stage_times();
        assert_eq!(times.map(|(s, _)| s), Stage::ALL);
        for (stage, spent) in times {
            assert!(spent > Duration::ZERO, "{} was not measured", stage.name());
        }
        let total: Duration = times.iter().map(|&(_, d)| d).sum();
        assert!(
            total <= elapsed,
            "the stages ({total:?}) within the levels' time ({elapsed:?})"
        );
        assert!(take_stage_times().iter().all(|&(_, d)| d == Duration::ZERO));
    }
}

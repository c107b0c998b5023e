//! What a turn costs the rules: runs of 80x50 levels at the top, middle and bottom of the dungeon
//! (eight seeds each) played by the bot of `--autoplay`, 400 turns or to the run's end, only the
//! rules' part of each turn timed (`Run::play`, not the bot's choosing); prints the median µs a
//! turn at each depth. Run on two commits to compare them (issue 59's
//! budget: a turn with light at most 1.3x one without):
//! `cargo run --release -p delve-core --example turn_cost`.

use std::time::Instant;

use delve_core::bot::{Bot, choose};
use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::rules::Act;
use delve_core::run::RunSpec;

fn main() {
    for depth in [1, 5, 9] {
        let mut per_turn = Vec::new();
        for round in 0..3 {
            for seed in 0..8 {
                let params = GenParams::new(seed, 80, 50, CorridorStyle::Mixed).at_depth(depth);
                let mut run = RunSpec::seeded(params).begin().expect("a run").with_sight(8);
                let mut bot = Bot::player();
                let (mut spent, mut turns) = (0.0f64, 0u32);
                while turns < 400 && !run.is_over() {
                    if let Some(offer) = run.offer() {
                        let _ = run.choose(choose(&offer));
                        continue;
                    }
                    let act = bot.act(&run);
                    let start = Instant::now();
                    if run.play(act).is_err() {
                        let _ = run.play(Act::Wait);
                    }
                    spent += start.elapsed().as_secs_f64();
                    turns += 1;
                }
                if round > 0 && turns > 0 {
                    per_turn.push(spent * 1e6 / f64::from(turns));
                }
            }
        }
        per_turn.sort_by(f64::total_cmp);
        println!(
            "depth {depth}: {:.1} µs a turn (median of {})",
            per_turn[per_turn.len() / 2],
            per_turn.len()
        );
    }
}

//! The bot's care for what hurts where it stands (no engine): it steps out of fire to the tile
//! that burns least, and confused beside lava or a chasm it does not step at all.

mod fixtures;

use delve_core::bot::Bot;
use delve_core::geom::{Dir8, Pos};
use delve_core::rules::Act;
use fixtures::run_on;

#[test]
fn a_bot_in_fire_steps_out_to_ground_that_does_not_burn() {
    // Grass burning round the player, bare floor to the east.
    let map = "\
#######
#\"\"\"..#
#\"@...#
#\"\"\"..#
#######
";
    let mut run = run_on(map);
    let me = run.player().at;
    for p in [me, Pos::new(1, 1), Pos::new(1, 2), Pos::new(2, 1)] {
        run.dungeon_mut().level_mut().fire.insert(p, 3);
    }
    for bot in [Bot::player(), Bot::new(false, false, false)] {
        let mut bot = bot;
        assert_eq!(bot.act(&run), Act::Step(Dir8::E), "onto the floor, away from the grass");
    }
}

#[test]
fn a_confused_bot_beside_lava_waits() {
    let map = "\
######
#@%..#
#....#
######
";
    let mut run = run_on(map);
    run.player_mut().status.confusion = 3;
    let mut bot = Bot::player();
    assert_eq!(bot.act(&run), Act::Wait);
}

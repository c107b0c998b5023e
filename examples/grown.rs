//! The growing screens without playing up to them, for looking at them (and screenshots of
//! them): the first level of a run, the player one kill short of experience level 2 with a rat
//! beside it (east, one hit point left), a wielded sword, two known scrolls of enchanting and a
//! ration, and a stomach three turns short of hunger. Step east to kill the rat: the boon screen
//! opens; `i`, the scroll, `u` and the sword's letter enchant it; a few turns and the log says
//! you are hungry; `i`, the ration, `e` eats it. Run with `cargo run --example grown [SEED]`;
//! `cargo run --example grown SEED doomed` wakes a troll in the room too, which ends the run
//! (for the summary's feats, the history and the high scores); a third argument, a directory,
//! keeps the run's history and feats there as `delve --save-dir DIR` does.

use delve_core::dungeon::Dungeon;
use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::geom::Pos;
use delve_core::map::Tile;
use delve_core::world::{Hunger, Item, ItemKind, Kind, Mind, Monster, experience_for};

fn main() -> bevy::app::AppExit {
    let seed = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut dungeon = Dungeon::new(GenParams::new(seed, 80, 50, CorridorStyle::Mixed)).expect("a level");
    let level = dungeon.level_mut();
    let start = level.map.start();
    level.monsters.clear();
    let east = Pos::new(start.x + 1, start.y);
    if level.map.get(east) == Some(Tile::Floor) {
        level.monsters.push(Monster {
            id: 1,
            kind: Kind::Rat,
            at: east,
            hp: 1,
            energy: 0,
            mind: Mind::Asleep,
            champion: None,
        });
    }
    if std::env::args().nth(2).as_deref() == Some("doomed") {
        let free = (2..8)
            .map(|d| Pos::new(start.x, start.y + d))
            .find(|&p| level.map.get(p) == Some(Tile::Floor));
        if let Some(at) = free {
            level.monsters.push(Monster {
                id: 2,
                kind: Kind::Troll,
                at,
                hp: Kind::Troll.stats().max_hp,
                energy: 0,
                mind: Mind::Hunting {
                    target: start,
                    patience: delve_core::world::PATIENCE,
                },
                champion: None,
            });
        }
    }
    let mut run = delve_core::run::Run::new(dungeon);
    let player = run.player_mut();
    player.growth.xp = experience_for(2) - 1;
    player.stomach = Hunger::HUNGRY + 3;
    let sword = player.pack.add(Item::one(ItemKind::Sword)).expect("room") as u8;
    player.pack.weapon = Some(sword);
    player.pack.add(Item {
        kind: ItemKind::Enchanting,
        count: 2,
        plus: 0,
        wait: 0,
    });
    player.pack.add(Item::one(ItemKind::Ration));
    player.lore.learn(ItemKind::Enchanting);
    println!("a rat at {east:?} (east of the start, {start:?}), if that is floor");
    let launch = delve::app::Launch::run(run);
    let launch = match std::env::args().nth(3) {
        Some(dir) => launch.with_store(delve::save::Store::Dir(dir.into())),
        None => launch,
    };
    delve::app::run(launch)
}

//! The Heartstone's lair without playing down to it, for looking at the warden's fight (and
//! screenshots of it): the deepest level of a run, the player grown to experience level 9 (eight
//! boons) with a +3 sword, chain mail, three potions of healing (known), a wand of striking, a
//! handful of darts and a ring of light +3 to put on, standing a few steps from the sleeping warden
//! beside the Heartstone. Step up and fight it, or take the stone from under its nose. Run with
//! `cargo run --example lair [SEED]`.

use delve_core::dungeon::Dungeon;
use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::map::Tile;
use delve_core::rules::mind::{chebyshev, clear_shot};
use delve_core::world::{Boon, Item, ItemKind, Kind, experience_for};

fn main() -> bevy::app::AppExit {
    let seed = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut dungeon = Dungeon::new(GenParams::new(seed, 80, 50, CorridorStyle::Mixed)).expect("a level");
    let deepest = dungeon.deepest();
    dungeon.go_to(deepest).expect("the deepest level");
    let level = dungeon.level();
    let warden = level
        .monsters
        .iter()
        .find(|m| m.kind == Kind::Warden)
        .expect("the warden")
        .at;
    // Room floor two to five steps off (the farthest), in a clear line to it.
    let map = &level.map;
    let stand = (0..map.width() as i32)
        .flat_map(|x| (0..map.height() as i32).map(move |y| delve_core::geom::Pos::new(x, y)))
        .filter(|&p| map.get(p) == Some(Tile::Floor) && level.monster_at(p).is_none())
        .filter(|&p| (2..=5).contains(&chebyshev(p, warden)) && clear_shot(level, p, warden))
        .min_by_key(|&p| (std::cmp::Reverse(chebyshev(p, warden)), p.y, p.x))
        .expect("room floor near the warden");
    println!("the warden at {warden:?}; you at {stand:?}");
    let mut run = delve_core::run::Run::new(dungeon);
    let player = run.player_mut();
    player.at = stand;
    // Grown as a run would have grown it: eight boons for eight levels.
    player.growth.xp = experience_for(9);
    player.growth.boons = vec![
        Boon::Might,
        Boon::Might,
        Boon::Precision,
        Boon::Precision,
        Boon::Hide,
        Boon::Regeneration,
        Boon::FireResistance,
        Boon::Vigour,
    ];
    player.health.max = 46;
    player.health.hp = 46;
    let sword = player
        .pack
        .add(Item {
            kind: ItemKind::Sword,
            count: 1,
            plus: 3,
            wait: 0,
        })
        .expect("room") as u8;
    player.pack.weapon = Some(sword);
    let mail = player.pack.add(Item::one(ItemKind::ChainMail)).expect("room") as u8;
    player.pack.armour = Some(mail);
    player.pack.add(Item {
        kind: ItemKind::Healing,
        count: 3,
        plus: 0,
        wait: 0,
    });
    player.pack.add(Item {
        kind: ItemKind::Striking,
        count: 4,
        plus: 0,
        wait: 0,
    });
    player.pack.add(Item {
        kind: ItemKind::Dart,
        count: 8,
        plus: 0,
        wait: 0,
    });
    // A ring of light +3, known and carried, not worn: put it on (`w`) to see the dark lair
    // lit three tiles farther round you.
    player.pack.add(Item {
        kind: ItemKind::Light,
        count: 1,
        plus: 3,
        wait: 0,
    });
    player.lore.learn(ItemKind::Healing);
    player.lore.learn(ItemKind::Striking);
    player.lore.learn(ItemKind::Light);
    run.look();
    delve::app::run(delve::app::Launch::run(run))
}

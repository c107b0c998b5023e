//! The new things at hand without finding them first, for trying them (and screenshots): a level
//! whose vault offers rings, staffs or charms on its altars, the player standing inside the vault
//! beside them, carrying two unknown rings (one cursed), an unknown staff, a charm of health,
//! potions of incineration (known) and of paralysis (unknown), a scroll of shattering and one of
//! remove curse (unknown). Run with `cargo run --example armoury [SEED]`: without a seed, the
//! first from 1 whose levels 2 to 6 have such a vault.

use delve_core::dungeon::Dungeon;
use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::map::Tile;
use delve_core::world::{Class, Item, ItemKind, RING_KNOWN_AFTER};

/// Whether `kind` is of the classes this example is for.
fn new_kind(kind: ItemKind) -> bool {
    matches!(kind.class(), Class::Ring | Class::Staff | Class::Charm)
}

fn main() -> bevy::app::AppExit {
    let asked: Option<u64> = std::env::args().nth(1).and_then(|s| s.parse().ok());
    let seeds: Box<dyn Iterator<Item = u64>> = match asked {
        Some(s) => Box::new(std::iter::once(s)),
        None => Box::new(1..),
    };
    let (mut dungeon, altar) = seeds
        .take(500)
        .find_map(|seed| {
            let mut dungeon = Dungeon::new(GenParams::new(seed, 80, 50, CorridorStyle::Mixed)).ok()?;
            for depth in 2..=6 {
                dungeon.go_to(depth).ok()?;
                let level = dungeon.level();
                let prizes: Vec<_> = level
                    .items
                    .iter()
                    .filter(|f| f.altar.is_some() && new_kind(f.item.kind))
                    .collect();
                if prizes.len() >= 2 {
                    let at = prizes[0].at;
                    println!("seed {seed}, depth {depth}: the vault's altars at {at:?}");
                    return Some((dungeon, at));
                }
            }
            None
        })
        .expect("a vault of rings, staffs or charms");
    let level = dungeon.level();
    let map = &level.map;
    let stand = delve_core::paths::neighbours8(altar)
        .into_iter()
        .find(|&p| map.get(p) == Some(Tile::Floor) && level.item_at(p).is_none() && level.monster_at(p).is_none())
        .expect("floor beside the altar");
    let _ = &mut dungeon;
    let mut run = delve_core::run::Run::new(dungeon);
    let player = run.player_mut();
    player.at = stand;
    let unknown_ring = |kind, plus| Item {
        kind,
        count: 1,
        plus,
        wait: RING_KNOWN_AFTER,
    };
    for item in [
        unknown_ring(ItemKind::Regeneration, -2),
        unknown_ring(ItemKind::Stealth, 2),
        Item {
            kind: ItemKind::Firebolt,
            count: 2,
            plus: 2,
            wait: 0,
        },
        Item::one(ItemKind::HealthCharm),
        Item {
            kind: ItemKind::Incineration,
            count: 2,
            plus: 0,
            wait: 0,
        },
        Item::one(ItemKind::Paralysis),
        Item::one(ItemKind::Shattering),
        Item::one(ItemKind::RemoveCurse),
    ] {
        player.pack.add(item).expect("room");
    }
    player.lore.learn(ItemKind::Incineration);
    run.look();
    delve::app::run(delve::app::Launch::run(run))
}

//! Soak play: a headless game takes thousands of random actions (moves in all eight directions,
//! waits, closing doors, cancelling, the stairs) on twenty runs, every style, starting at every
//! depth, and after every single one the rules still hold: the player stands on walkable,
//! unblocked ground; what it remembers of the level only grows; the view equals a fresh FOV
//! computation; every key is either on the floor or held, and every held key's door is locked.

use bevy::prelude::*;
use delve::actor::{GridPos, KeyRing, Player};
use delve::dungeon::Dungeon;
use delve::fov::{DEFAULT_RADIUS, Memory, Viewshed, visible_tiles};
use delve::generation::rng::GenRng;
use delve::generation::{CorridorStyle, DEEPEST, GenParams};
use delve::map::{DoorState, Pos, Tile};
use delve::player::PlayerCommand;
use delve::rules::Dir8;
use delve::turn::TurnCount;

fn command(rng: &mut GenRng) -> PlayerCommand {
    match rng.below(22) {
        0..=13 => PlayerCommand::Step(Dir8::ALL[rng.below(8) as usize]),
        14 | 15 => PlayerCommand::CloseDoor,
        16 => PlayerCommand::Cancel,
        17 => PlayerCommand::Descend,
        18 => PlayerCommand::Ascend,
        _ => PlayerCommand::Wait,
    }
}

fn soak(params: GenParams, actions: usize) {
    let dungeon = Dungeon::new(params).unwrap();
    let mut app = delve::app::headless_app(dungeon);
    let mut rng = GenRng::new(params.seed ^ 0x5eed);
    let mut remembered: Vec<Option<Tile>> = Vec::new();
    let mut turns = 0;
    for i in 0..actions {
        // Now and then stand on the stairs, so that level changes happen in the soak too.
        if rng.below(40) == 0 {
            let dungeon = app.world().resource::<Dungeon>();
            let map = &dungeon.level().map;
            if let Some(stairs) = [map.stairs_down(), map.stairs_up()][rng.below(2) as usize] {
                let world = app.world_mut();
                let mut q = world.query_filtered::<&mut GridPos, With<Player>>();
                q.single_mut(world).unwrap().0 = stairs;
            }
        }
        let depth_before = app.world().resource::<Dungeon>().depth();
        app.world_mut().write_message(command(&mut rng));
        app.update();
        let world = app.world_mut();
        let (here, view, memory, ring) = world
            .query_filtered::<(&GridPos, &Viewshed, &Memory, &KeyRing), With<Player>>()
            .single(world)
            .map(|(p, v, m, k)| (p.0, v.clone(), m.clone(), k.clone()))
            .unwrap();
        let world = app.world();
        let dungeon = world.resource::<Dungeon>();
        let map = &dungeon.level().map;
        let tile = map.tile(here);
        assert!(
            tile.is_walkable() && !tile.blocks_movement(),
            "{params:?} action {i}: player on {tile:?} at {here:?}"
        );
        let now = memory.level(dungeon.depth()).expect("the level is remembered").tiles();
        if dungeon.depth() == depth_before && !remembered.is_empty() {
            assert!(
                remembered
                    .iter()
                    .zip(now)
                    .all(|(was, is)| was.is_none() || is.is_some()),
                "{params:?} action {i}: memory shrank"
            );
        }
        remembered = now.to_vec();
        let mut seen: Vec<Pos> = view.visible().to_vec();
        let mut fresh = visible_tiles(map, here, DEFAULT_RADIUS);
        seen.sort();
        fresh.sort();
        assert_eq!(seen, fresh, "{params:?} action {i}: the view is stale");
        for &(depth, door) in &ring.0 {
            let level = dungeon.kept(depth).unwrap();
            assert_eq!(level.map.tile(door), Tile::Door(DoorState::Locked), "a held key's door");
            assert!(level.keys.iter().all(|k| k.opens != door), "a key both held and lying");
        }
        let turn = world.resource::<TurnCount>().0;
        assert!(turn == turns || turn == turns + 1, "one action is at most one turn");
        turns = turn;
    }
    assert!(
        turns > actions as u64 / 4,
        "{params:?}: only {turns} turns in {actions} actions"
    );
}

#[test]
fn ten_thousand_random_actions_on_twenty_runs_keep_every_rule() {
    // 20 runs × 500 actions, every corridor style, a few sizes, every depth: 10,000 actions.
    for seed in 1..=20u64 {
        let style = CorridorStyle::ALL[seed as usize % CorridorStyle::ALL.len()];
        let (width, height) = [(40, 30), (20, 15), (80, 50)][seed as usize % 3];
        let depth = 1 + seed as u32 % DEEPEST;
        soak(GenParams::new(seed, width, height, style).at_depth(depth), 500);
    }
}

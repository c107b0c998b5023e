//! Soak play: a headless game takes thousands of random actions (moves in all eight directions,
//! waits, closing doors, cancelling) on twenty seeds, every style, and after every single one the
//! rules still hold: the player stands on walkable, unblocked ground; explored flags only grow;
//! the view equals a fresh FOV computation; every door entity agrees with the tile under it.

use bevy::prelude::*;
use delve::fov::{DEFAULT_RADIUS, Viewshed, visible_tiles};
use delve::generation::rng::GenRng;
use delve::generation::{CorridorStyle, Door, GenParams, GridPos, LevelSource};
use delve::map::{Pos, Tile, TileMap};
use delve::player::rules::Dir8;
use delve::player::{Player, PlayerCommand};
use delve::turn::TurnCount;

fn command(rng: &mut GenRng) -> PlayerCommand {
    match rng.below(20) {
        0..=13 => PlayerCommand::Step(Dir8::ALL[rng.below(8) as usize]),
        14 | 15 => PlayerCommand::CloseDoor,
        16 => PlayerCommand::Cancel,
        _ => PlayerCommand::Wait,
    }
}

fn soak(params: GenParams, actions: usize) {
    let mut app = delve::app::headless_app(LevelSource::Generate(params));
    let mut rng = GenRng::new(params.seed ^ 0x5eed);
    let mut explored: Vec<bool> = app.world().resource::<TileMap>().explored().to_vec();
    let mut turns = 0;
    for i in 0..actions {
        app.world_mut().write_message(command(&mut rng));
        app.update();
        let here = app
            .world_mut()
            .query_filtered::<&GridPos, With<Player>>()
            .single(app.world())
            .unwrap()
            .0;
        let world = app.world();
        let map = world.resource::<TileMap>();
        let tile = map.tile(here);
        assert!(
            tile.is_walkable() && !tile.blocks_movement(),
            "{params:?} action {i}: player on {tile:?} at {here:?}"
        );
        let now = map.explored();
        assert!(
            explored.iter().zip(now).all(|(&was, &is)| !was || is),
            "{params:?} action {i}: explored shrank"
        );
        explored.clear();
        explored.extend_from_slice(now);
        let mut seen: Vec<Pos> = world.resource::<Viewshed>().visible().to_vec();
        let mut fresh = visible_tiles(map, here, DEFAULT_RADIUS);
        seen.sort();
        fresh.sort();
        assert_eq!(seen, fresh, "{params:?} action {i}: the view is stale");
        let turn = world.resource::<TurnCount>().0;
        assert!(turn == turns || turn == turns + 1, "one action is at most one turn");
        turns = turn;
        let world = app.world_mut();
        let doors: Vec<(Pos, Door)> = world
            .query::<(&GridPos, &Door)>()
            .iter(world)
            .map(|(p, d)| (p.0, *d))
            .collect();
        let map = world.resource::<TileMap>();
        for (pos, door) in doors {
            assert_eq!(
                map.tile(pos),
                Tile::Door(door.0),
                "{params:?} action {i}: door at {pos:?} disagrees"
            );
        }
    }
    assert!(
        turns > actions as u64 / 4,
        "{params:?}: only {turns} turns in {actions} actions"
    );
}

#[test]
fn ten_thousand_random_actions_on_twenty_seeds_keep_every_rule() {
    // 20 seeds × 500 actions, every corridor style, a few sizes: 10,000 actions in all.
    for seed in 1..=20u64 {
        let style = CorridorStyle::ALL[seed as usize % CorridorStyle::ALL.len()];
        let (width, height) = [(40, 30), (20, 15), (80, 50)][seed as usize % 3];
        soak(
            GenParams {
                seed,
                width,
                height,
                style,
            },
            500,
        );
    }
}

//! Soak play: a headless game takes thousands of random actions (moves in all eight directions,
//! waits, closing doors, cancelling, the stairs) on twenty runs with their monsters, every style,
//! starting at every depth, and after every single one the rules still hold: no two actors on a
//! tile, none in a wall or a closed door; health within bounds; what the player remembers of the
//! level only grows; the view equals a fresh FOV computation; every key is either on the floor or
//! held, and every held key's door is locked. A death ends the run and the same seed starts
//! again. Every run's first level also holds one monster of every kind near the start, hunting
//! the player, so every habit is soaked. Then the whole script is played again in a new app:
//! the state hash after every action is the same.

use std::collections::HashSet;

use bevy::prelude::*;
mod support;

use delve::player::command::PlayerCommand;
use delve::screens::ended::NextRun;
use delve::state::GameState;
use delve::turn::Game;
use delve::turn::game_state_hash;
use delve_core::dungeon::Dungeon;
use delve_core::fov::{DEFAULT_RADIUS, visible_tiles};
use delve_core::generation::{CorridorStyle, DEEPEST, GenParams};
use delve_core::geom::Dir8;
use delve_core::geom::Pos;
use delve_core::map::{DoorState, Tile};
use delve_core::rng::GenRng;
use delve_core::world::Ground;
use support::state;

/// One thing the soak does.
#[derive(Clone, Copy, Debug)]
enum Move {
    Command(PlayerCommand),
    /// Put the player on these stairs (so that level changes happen in the soak too).
    Teleport(Pos),
    /// After a death: the same seed again.
    Restart,
}

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

fn perform(app: &mut App, m: Move) {
    match m {
        Move::Command(c) => {
            app.world_mut().write_message(c);
        }
        Move::Teleport(to) => {
            let mut game = app.world_mut().resource_mut::<Game>();
            game.player_mut().at = to;
            game.look();
        }
        Move::Restart => {
            app.world_mut().write_message(NextRun::SameSeed);
        }
    }
    app.update();
    if !matches!(app.world().resource::<NextState<GameState>>(), NextState::Unchanged) {
        app.update(); // a state change lands on the next frame
    }
}

/// Plays `actions` random actions; returns the script and the state hash after each.
/// The run's dungeon, with one monster of every kind added on free floor nearest the start,
/// hunting the player.
fn soak_dungeon(params: GenParams) -> Dungeon {
    use delve_core::world::{Kind, Mind, Monster, PATIENCE};
    let mut dungeon = Dungeon::new(params).unwrap();
    let level = dungeon.level_mut();
    let start = level.map.start();
    let mut free: Vec<Pos> = (0..level.map.tiles().len())
        .map(|i| level.map.pos_of(i))
        .filter(|&p| {
            level.map.tile(p) == Tile::Floor && p != start && level.monster_at(p).is_none() && level.key_at(p).is_none()
        })
        .collect();
    free.sort_by_key(|p| ((p.x - start.x).pow(2) + (p.y - start.y).pow(2), p.y, p.x));
    let first_id = level.monsters.iter().map(|m| m.id + 1).max().unwrap_or(0);
    for (i, (kind, at)) in Kind::ALL.into_iter().zip(free.into_iter().skip(4)).enumerate() {
        level.monsters.push(Monster {
            id: first_id + i as u32,
            kind,
            at,
            hp: kind.stats().max_hp,
            energy: 0,
            mind: Mind::Hunting {
                target: start,
                patience: PATIENCE,
            },
            champion: None,
        });
    }
    dungeon
}

fn soak(params: GenParams, actions: usize) -> (Vec<Move>, Vec<Option<u64>>, u32) {
    let mut app = delve::app::headless_app(soak_dungeon(params));
    let mut rng = GenRng::new(params.seed ^ 0x5eed);
    let mut remembered: Vec<Option<Tile>> = Vec::new();
    let (mut script, mut hashes, mut deaths) = (Vec::new(), Vec::new(), 0);
    let mut turns = 0;
    for i in 0..actions {
        let depth_before = app.world().resource::<Game>().dungeon().depth();
        let m = if state(&app) == GameState::Ended {
            deaths += 1;
            remembered.clear();
            turns = 0;
            Move::Restart
        } else if rng.below(40) == 0 {
            let map = &app.world().resource::<Game>().dungeon().level().map;
            match [map.stairs_down(), map.stairs_up()][rng.below(2) as usize] {
                Some(stairs)
                    if app
                        .world()
                        .resource::<Game>()
                        .dungeon()
                        .level()
                        .monster_at(stairs)
                        .is_none() =>
                {
                    Move::Teleport(stairs)
                }
                _ => Move::Command(command(&mut rng)),
            }
        } else {
            Move::Command(command(&mut rng))
        };
        script.push(m);
        perform(&mut app, m);
        hashes.push(game_state_hash(app.world()));
        if state(&app) != GameState::Playing {
            continue;
        }
        let world = app.world();
        let game = world.resource::<Game>();
        let (here, view, memory, ring, health) = (
            game.player().at,
            game.sight(),
            &game.player().memory,
            &game.player().keys,
            game.player().health,
        );
        let dungeon = &world.resource::<Game>().dungeon();
        let level = dungeon.level();
        let map = &level.map;
        assert!(
            (1..=health.max).contains(&health.hp),
            "{params:?} action {i}: health {health:?}"
        );
        let mut places = HashSet::from([here]);
        let mut fliers = HashSet::new();
        for m in &level.monsters {
            assert!(places.insert(m.at), "{params:?} action {i}: two actors at {:?}", m.at);
            // (Hit points over the most are a shield.)
            assert!((1..=m.max_hp() + delve_core::world::SHIELD).contains(&m.hp), "{m:?}");
            if m.kind.stats().habit == delve_core::world::Habit::Flies {
                fliers.insert(m.at);
            }
            // A swimmer in deep water, a thing of fire in lava.
            let ground = m.kind.stats().ground();
            if (ground == Ground::Swims && map.tile(m.at) == Tile::DeepWater)
                || (ground == Ground::Wades && map.tile(m.at) == Tile::Lava)
            {
                fliers.insert(m.at);
            }
        }
        for &p in &places {
            // Monsters stand on walkable ground; the player may also swim, fliers fly over
            // chasms, lava and deep water, eels swim and fire elementals wade lava.
            let tile = map.tile(p);
            let swimming = p == here && tile == Tile::DeepWater;
            let flying = fliers.contains(&p) && matches!(tile, Tile::DeepWater | Tile::Lava | Tile::Chasm);
            assert!(
                (tile.is_walkable() || swimming || flying) && !tile.blocks_movement(),
                "{params:?} action {i}: an actor on {tile:?} at {p:?}"
            );
        }
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
        let turn = world.resource::<Game>().turn();
        // A net holds the player: its turns pass with the step that sprang it.
        let log = world.resource::<Game>().log();
        let netted = log
            .lines()
            .rev()
            .take_while(|l| l.0 > turns)
            .any(|l| l.1.starts_with("A net drops on you"));
        let most = if netted {
            1 + u64::from(delve_core::rules::NET_TURNS)
        } else {
            1
        };
        assert!(
            (turns..=turns + most).contains(&turn) || matches!(m, Move::Restart),
            "one action is at most one turn"
        );
        turns = turn;
    }
    (script, hashes, deaths)
}

/// Plays `script` in a new app: the state hash after each move.
fn replay(params: GenParams, script: &[Move]) -> Vec<Option<u64>> {
    let mut app = delve::app::headless_app(soak_dungeon(params));
    script
        .iter()
        .map(|&m| {
            perform(&mut app, m);
            game_state_hash(app.world())
        })
        .collect()
}

#[test]
fn ten_thousand_random_actions_on_twenty_runs_keep_every_rule() {
    // 20 runs × 500 actions, every corridor style, a few sizes, every depth: 10,000 actions.
    let (mut deaths, mut turned) = (0, 0);
    for seed in 1..=20u64 {
        let style = CorridorStyle::ALL[seed as usize % CorridorStyle::ALL.len()];
        let (width, height) = [(40, 30), (20, 15), (80, 50)][seed as usize % 3];
        let depth = 1 + seed as u32 % DEEPEST;
        let params = GenParams::new(seed, width, height, style).at_depth(depth);
        let (script, hashes, died) = soak(params, 500);
        deaths += died;
        turned += hashes.windows(2).filter(|w| w[0] != w[1]).count();
        assert_eq!(
            replay(params, &script),
            hashes,
            "{params:?}: the same commands, another game"
        );
    }
    assert!(turned > 2_500, "only {turned} actions changed the game");
    assert!(
        deaths > 0,
        "random play on deep levels dies now and then: the new-run flow is soaked too"
    );
}

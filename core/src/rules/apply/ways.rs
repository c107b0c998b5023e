//! Applying the ways family: steps, doors, keys, the relic and gold, stairs, falls and the way out,
//! and a monster stepping aside where the player arrives.

use super::items::items;
use super::{Applied, Stage, said, the};
use crate::geom::Pos;
use crate::map::{DoorState, Tile};
use crate::rules::{Effect, Who};
use crate::world::{Ending, Level, Loot, Mind, Monster, PATIENCE, RELIC, capitalised};

/// Moving and taking: steps, doors, keys, the relic and gold, stairs, falls, the way out.
pub(super) fn ways(stage: &mut Stage, who: Who, effect: Effect) -> Applied {
    let depth = stage.dungeon.depth();
    let player = &mut stage.player;
    let level = stage.dungeon.level_mut();
    match (effect, who) {
        (Effect::Moved { to, onto }, Who::Player) => {
            player.at = to;
            // Stairs are worth a line (they say which key takes them); a doorway is not: walking
            // or travelling through ten doors would push everything else off the log.
            match onto {
                Tile::StairsDown => said("There are stairs down here (> to descend)."),
                Tile::StairsUp if depth == 1 => said("The way out of the dungeon is up these stairs (<)."),
                Tile::StairsUp => said("There are stairs up here (< to climb)."),
                // A caged altar holds what the vault's choice left behind: say so, not nothing.
                _ => match level.item_at(to).filter(|f| f.sealed) {
                    Some(f) => said(format!(
                        "{} lies caged on its altar: this vault's choice is made.",
                        capitalised(&player.lore.describe(f.item))
                    )),
                    None => Applied::default(),
                },
            }
        }
        (Effect::Moved { to, .. }, Who::Monster(id)) => {
            if let Some(i) = level.monster_index(id) {
                level.monsters[i].at = to;
            }
            Applied::default()
        }
        (Effect::DoorOpened(at), _) => {
            level.map.set(at, Tile::Door(DoorState::Open));
            match who {
                Who::Player => said("The door opens."),
                Who::Monster(id) => said(format!("{} opens a door.", the(level, id))),
            }
        }
        (Effect::DoorClosed(at), _) => {
            level.map.set(at, Tile::Door(DoorState::Closed));
            match who {
                Who::Player => said("You close the door."),
                Who::Monster(id) => said(format!("{} closes a door.", the(level, id))),
            }
        }
        (Effect::DoorSmashed(at), _) => {
            level.map.set(at, Tile::Door(DoorState::Open));
            match who {
                Who::Player => said("You smash the door open."),
                Who::Monster(id) => said(format!("{} smashes a door open!", the(level, id))),
            }
        }
        (Effect::DoorUnlocked(at), _) => {
            level.map.set(at, Tile::Door(DoorState::Open));
            if who == Who::Player {
                player.keys.0.retain(|&k| k != (depth, at));
                stage.record.deeds.unlocked += 1;
            }
            said("You unlock the door with your key and open it. The key stays in the lock.")
        }
        (Effect::KeyTaken(key), Who::Player) => {
            level.keys.retain(|&k| k != key);
            player.keys.0.push((depth, key.opens));
            said("You pick up a key. It opens a locked door on this level.")
        }
        (Effect::RelicTaken, Who::Player) => {
            level.relic = None;
            player.carrying.relic = true;
            // Its guardian wakes to the theft, wherever it is on the level.
            let mut woke = false;
            for m in level
                .monsters
                .iter_mut()
                .filter(|m| m.kind == crate::world::Kind::Warden && m.is_hostile())
            {
                woke |= m.mind == crate::world::Mind::Asleep;
                m.mind = crate::world::Mind::Hunting {
                    target: player.at,
                    patience: crate::world::PATIENCE,
                };
            }
            let roar = if woke { " The warden wakes with a roar!" } else { "" };
            said(format!(
                "You take {RELIC}! Now bring it out: up the stairs of every level, and out of the first.{roar}"
            ))
        }
        (Effect::GoldTaken { at, amount }, Who::Player) => {
            level.gold.remove(&at);
            player.gold = player.gold.saturating_add(amount);
            said(format!("You pick up {amount} gold."))
        }
        (Effect::KeyTaken(_) | Effect::RelicTaken | Effect::GoldTaken { .. }, Who::Monster(_))
        | (Effect::Waited, _) => Applied::default(),
        (Effect::LevelChanged { to }, _) => {
            // Who hunts you from the next tile takes the stairs with you (Brogue's and DCSS's
            // monsters follow you up and down): the stairs are no door shut in a chaser's face.
            let followers = leave_with(level, player.at);
            match stage.dungeon.go_to(to) {
                Ok(()) => {
                    // Down arrives on the stairs up, up on the stairs down.
                    let level = stage.dungeon.level_mut();
                    let map = &level.map;
                    let arrival = if to > depth { map.stairs_up() } else { map.stairs_down() };
                    let arrival = arrival.unwrap_or(map.start());
                    player.at = arrival;
                    step_aside(level, arrival);
                    stage.record.deepest = stage.record.deepest.max(to);
                    stage.record.deeds.secrets_here = 0;
                    let mut line = format!("You arrive on depth {to}.");
                    if level.relic.is_some() {
                        line.push_str(&format!(" Somewhere on this level lies {RELIC}."));
                    }
                    let way = if to > depth { "down" } else { "up" };
                    for (name, ally) in arrive_with(level, arrival, followers) {
                        if ally {
                            line.push_str(&format!(" Your {name} comes {way} the stairs with you."));
                        } else {
                            line.push_str(&format!(" The {name} follows you {way} the stairs!"));
                        }
                    }
                    Applied {
                        message: Some(line),
                        entered: Some(to),
                    }
                }
                Err(e) => {
                    // Nowhere to go: the followers stay where they stood.
                    let level = stage.dungeon.level_mut();
                    for (monster, loot) in followers {
                        level.monsters.push(monster);
                        level.loot.extend(loot);
                    }
                    said(format!("The stairs are blocked: {e}."))
                }
            }
        }
        (Effect::Fell, Who::Player) if stage.record.ending.is_none() => fell(stage, depth),
        (Effect::Fell, Who::Player) => Applied::default(),
        (Effect::Fell, Who::Monster(id)) => match level.monster_index(id) {
            Some(i) => {
                let gone = level.monsters.remove(i);
                level.loot.retain(|l| l.holder != id);
                said(format!("The {} falls to the level below.", gone.kind.name()))
            }
            None => Applied::default(),
        },
        (Effect::Blinked(to), Who::Monster(id)) => {
            if let Some(i) = level.monster_index(id) {
                level.monsters[i].at = to;
            }
            said(format!("{} blinks!", the(level, id)))
        }
        (Effect::Blinked(_), Who::Player) => Applied::default(),
        (Effect::Teleported(to), Who::Monster(id)) => {
            if let Some(i) = level.monster_index(id) {
                level.monsters[i].at = to;
            }
            said(format!("{} vanishes!", the(level, id)))
        }
        (Effect::Escaped, _) => {
            stage.record.ending = Some(Ending::Won);
            said(format!(
                "You climb out of the dungeon into the daylight with {RELIC}. You win!"
            ))
        }
        // (What no arm here takes, the items' family does, as it always has.)
        (effect, _) => items(stage, effect),
    }
}

/// Takes off `level` the monsters that follow a player leaving from `at` by the stairs: those
/// hunting it from the next tile, and its allies there that follow it, each with what it carries.
fn leave_with(level: &mut Level, at: Pos) -> Vec<(Monster, Option<Loot>)> {
    let follows = |m: &Monster| {
        matches!(m.mind, Mind::Hunting { .. } | Mind::Ally { waiting: false, .. })
            && (m.at.x - at.x).abs() <= 1
            && (m.at.y - at.y).abs() <= 1
    };
    let (going, staying): (Vec<Monster>, Vec<Monster>) = std::mem::take(&mut level.monsters)
        .into_iter()
        .partition(|m| follows(m));
    level.monsters = staying;
    going
        .into_iter()
        .map(|m| {
            let loot = level
                .loot
                .iter()
                .position(|l| l.holder == m.id)
                .map(|k| level.loot.remove(k));
            (m, loot)
        })
        .collect()
}

/// Puts `followers` on `level` round the player's `arrival`, each on the nearest free ground
/// with an id new to this level, hunting the player; returns the names of those that found room
/// (one that finds none stays behind, lost).
fn arrive_with(level: &mut Level, arrival: Pos, followers: Vec<(Monster, Option<Loot>)>) -> Vec<(&'static str, bool)> {
    let mut names = Vec::new();
    for (mut monster, loot) in followers {
        let Some(at) = landing_near(level, arrival, Some(arrival)) else {
            continue;
        };
        let id = level.next_monster_id();
        monster.id = id;
        monster.at = at;
        if !monster.is_ally() {
            monster.mind = Mind::Hunting {
                target: arrival,
                patience: PATIENCE,
            };
        }
        if let Some(mut loot) = loot {
            loot.holder = id;
            level.loot.push(loot);
        }
        names.push((monster.kind.name(), monster.is_ally()));
        level.monsters.push(monster);
    }
    names
}

/// The player falls from level `depth` to the one below, landing as near the spot above as
/// there is free ground (Brogue's way: a fall is a way down that is not the stairs).
fn fell(stage: &mut Stage, depth: u32) -> Applied {
    let to = depth + 1;
    let above = stage.player.at;
    if let Err(e) = stage.dungeon.go_to(to) {
        return said(format!("You do not fall: {e}."));
    }
    let level = stage.dungeon.level_mut();
    let landing = landing_near(level, above, None).unwrap_or(level.map.start());
    stage.player.at = landing;
    step_aside(level, landing);
    stage.record.deepest = stage.record.deepest.max(to);
    stage.record.deeds.secrets_here = 0;
    Applied {
        message: Some(format!("You fall through to depth {to}!")),
        entered: Some(to),
    }
}

/// The free ground nearest `p` on `level` (by rings round it, row by row in each): walkable
/// ground that holds items, no trap, no monster, not deep water or the like, and not `taken`
/// (where the player stands).
fn landing_near(level: &Level, p: Pos, taken: Option<Pos>) -> Option<Pos> {
    let map = &level.map;
    let free = |q: Pos| {
        Some(q) != taken
            && map.get(q).is_some_and(Tile::holds_items)
            && level.trap_at(q).is_none()
            && level.monster_at(q).is_none()
    };
    let reach = map.width().max(map.height()) as i32;
    (0..=reach).find_map(|r| {
        (p.y - r..=p.y + r)
            .flat_map(|y| (p.x - r..=p.x + r).map(move |x| Pos::new(x, y)))
            .filter(|q| (q.x - p.x).abs() == r || (q.y - p.y).abs() == r)
            .find(|&q| free(q))
    })
}

/// A monster standing where the player arrives moves to the nearest free floor it could walk
/// to from there (by walkable tiles: never through a wall or a closed door, so never into a
/// sealed vault).
fn step_aside(level: &mut Level, arrival: Pos) {
    let Some(i) = level.monsters.iter().position(|m| m.at == arrival) else {
        return;
    };
    let map = &level.map;
    let width = map.width() as usize;
    let index = |p: Pos| p.y as usize * width + p.x as usize;
    let mut seen = vec![false; map.tiles().len()];
    seen[index(arrival)] = true;
    let mut queue = std::collections::VecDeque::from([arrival]);
    while let Some(p) = queue.pop_front() {
        for q in crate::paths::neighbours8(p) {
            if !map.in_bounds(q) || seen[index(q)] || !map.tile(q).is_walkable() {
                continue;
            }
            // As anyone walks: never diagonally into or out of a doorway.
            if crate::rules::diagonal_doorway(map, p, q) {
                continue;
            }
            seen[index(q)] = true;
            if map.tile(q).holds_items() && level.trap_at(q).is_none() && level.monster_at(q).is_none() {
                level.monsters[i].at = q;
                return;
            }
            queue.push_back(q);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::{Kind, Mind, Monster};

    fn goblin(id: u32, at: Pos) -> Monster {
        Monster {
            id,
            kind: Kind::Goblin,
            at,
            hp: Kind::Goblin.stats().max_hp,
            energy: 0,
            mind: Mind::Asleep,
            champion: None,
        }
    }

    #[test]
    fn a_monster_on_the_arrival_steps_aside_by_walking_never_through_a_wall() {
        // The vault at (1, 1) is two tiles from the stairs, through a wall; the free floor the
        // goblin can walk to, (5, 1), is as far.
        let map = crate::map::parse_ascii(b"#######\n#.#<..#\n###.###\n###@###\n#######\n").unwrap();
        let mut level = Level::bare(map);
        let arrival = Pos::new(3, 1);
        level.monsters = vec![goblin(1, arrival), goblin(2, Pos::new(4, 1)), goblin(3, Pos::new(3, 2))];
        step_aside(&mut level, arrival);
        assert_eq!(level.monsters[0].at, Pos::new(5, 1));
        // With nowhere to walk to, it would have been put in the vault; now it goes down the
        // way to the start instead.
        let map = crate::map::parse_ascii(b"#######\n#.#<###\n###.###\n###@###\n#######\n").unwrap();
        let mut level = Level::bare(map);
        level.monsters = vec![goblin(1, arrival)];
        step_aside(&mut level, arrival);
        assert_eq!(level.monsters[0].at, Pos::new(3, 2));
    }
}

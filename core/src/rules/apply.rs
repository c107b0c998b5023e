//! Applying what happened: the one place where effects decided by the rules change the game
//! (the dungeon's levels, the monsters on them, the player's position, health and pack, the
//! record of the run), for the player and monsters alike, and the line the player is told.

use super::{Effect, Harm, Who};
use crate::dungeon::Dungeon;
use crate::geom::Pos;
use crate::map::{DoorState, Tile};
use crate::world::{
    Boon, Class, Ending, FloorItem, HP_PER_GRADE, Habit, Level, Loot, MAX_GROWN_HP, MAX_STATUS, MOST_PLUS, Mind,
    PATIENCE, Player, RATION, RELIC, RunRecord, STOMACH, VIGOUR_HP, article, capitalised, letter,
};

/// Turns of poison a bloat's gas leaves on whoever stands next to it when it bursts.
pub const BURST_POISON: u16 = 6;

/// Everything a turn may change.
pub(crate) struct Stage<'a> {
    /// The levels, and the one being played.
    pub dungeon: &'a mut Dungeon,
    /// The player.
    pub player: &'a mut Player,
    /// The record of the run.
    pub record: &'a mut RunRecord,
}

/// What applying an effect came to, besides the change itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Applied {
    /// The line for the player, if it is worth one (monsters' lines are shown only when the
    /// player sees them: the caller decides).
    pub message: Option<String>,
    /// The level the player arrived on.
    pub entered: Option<u32>,
}

fn said(text: impl Into<String>) -> Applied {
    Applied {
        message: Some(text.into()),
        entered: None,
    }
}

/// "The goblin" for a monster, from its id on the current level.
fn the(level: &Level, id: u32) -> String {
    let name = level
        .monster_index(id)
        .map_or("something", |i| level.monsters[i].kind.name());
    format!("The {name}")
}

/// Makes `effect`, done by `who`, true of the game: each family of effects by its own hand.
pub fn apply(stage: &mut Stage, who: Who, effect: &Effect) -> Applied {
    match effect {
        Effect::Moved { .. }
        | Effect::DoorOpened(..)
        | Effect::DoorClosed(..)
        | Effect::DoorSmashed(..)
        | Effect::DoorUnlocked(..)
        | Effect::KeyTaken(..)
        | Effect::RelicTaken
        | Effect::GoldTaken { .. }
        | Effect::Waited
        | Effect::LevelChanged { .. }
        | Effect::Fell
        | Effect::Teleported(..)
        | Effect::Escaped => ways(stage, who, *effect),
        Effect::Stole(..)
        | Effect::Attacked { .. }
        | Effect::Shot { .. }
        | Effect::Stabbed { .. }
        | Effect::Shoved { .. }
        | Effect::Struck { .. } => combat(stage, who, *effect),
        Effect::TrapSprung { .. }
        | Effect::Harmed { .. }
        | Effect::Alarm(..)
        | Effect::GasReleased { .. }
        | Effect::Ignited(..)
        | Effect::Smouldered
        | Effect::Caught(..)
        | Effect::GasDrifted
        | Effect::Netted(..)
        | Effect::Swept(..)
        | Effect::Found(..)
        | Effect::Searched => hazards(stage, who, *effect),
        _ => rest(stage, who, *effect),
    }
}

/// Moving and taking: steps, doors, keys, the relic and gold, stairs, falls, the way out.
fn ways(stage: &mut Stage, who: Who, effect: Effect) -> Applied {
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
            said(format!(
                "You take {RELIC}! Now bring it out: up the stairs of every level, and out of the first."
            ))
        }
        (Effect::GoldTaken { at, amount }, Who::Player) => {
            level.gold.remove(&at);
            player.gold = player.gold.saturating_add(amount);
            said(format!("You pick up {amount} gold."))
        }
        (Effect::KeyTaken(_) | Effect::RelicTaken | Effect::GoldTaken { .. }, Who::Monster(_))
        | (Effect::Waited, _) => Applied::default(),
        (Effect::LevelChanged { to }, _) => match stage.dungeon.go_to(to) {
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
                let mut line = format!("You arrive on level {to}.");
                if level.relic.is_some() {
                    line.push_str(&format!(" Somewhere on this level lies {RELIC}."));
                }
                Applied {
                    message: Some(line),
                    entered: Some(to),
                }
            }
            Err(e) => said(format!("The stairs are blocked: {e}.")),
        },
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

/// Blows, shots, stabs and bolts, a shove, a theft.
fn combat(stage: &mut Stage, who: Who, effect: Effect) -> Applied {
    let player = &mut stage.player;
    let level = stage.dungeon.level_mut();
    match (effect, who) {
        (Effect::Stole(slot), Who::Monster(id)) => {
            let (Some(i), Some(item)) = (level.monster_index(id), player.pack.get(slot as usize)) else {
                return Applied::default();
            };
            if level.loot_of(id).is_some() {
                // Its hands are full (resolve never asks this of it): nothing is taken.
                return Applied::default();
            }
            player.pack.remove(slot as usize);
            level.loot.push(Loot { holder: id, item });
            level.monsters[i].mind = Mind::Fleeing;
            let what = player.lore.describe(item);
            said(format!("{} snatches {what} from your pack and runs!", the(level, id)))
        }
        (Effect::Stole(_), Who::Player) => Applied::default(),
        (Effect::Attacked { target, damage }, _) => attacked(stage, who, target, damage, Blow::Melee),
        (Effect::Shot { target, damage }, _) => attacked(stage, who, target, damage, Blow::Shot),
        (Effect::Stabbed { target, damage }, _) => {
            stage.record.deeds.stabs += 1;
            attacked(stage, who, Who::Monster(target), Some(damage), Blow::Stab)
        }
        (Effect::Shoved { target, to }, _) => match level.monster_index(target) {
            Some(i) => {
                level.monsters[i].at = to;
                said(format!("{} is knocked back.", the(level, target)))
            }
            None => Applied::default(),
        },
        (Effect::Struck { target, damage }, _) => attacked(stage, who, Who::Monster(target), Some(damage), Blow::Bolt),
        // (What no arm here takes, the items' family does, as it always has.)
        (effect, _) => items(stage, effect),
    }
}

/// Traps and what they let loose (darts, alarms, gas, fire, nets), the water, searching.
fn hazards(stage: &mut Stage, who: Who, effect: Effect) -> Applied {
    let player = &mut stage.player;
    let level = stage.dungeon.level_mut();
    match (effect, who) {
        (Effect::TrapSprung { at, kind }, _) => {
            if let Some(t) = level.traps.iter_mut().find(|t| t.at == at) {
                t.hidden = false;
            }
            match who {
                Who::Player => said(format!("You step on a {}!", kind.name())),
                Who::Monster(id) => said(format!("{} steps on a {}!", the(level, id), kind.name())),
            }
        }
        (Effect::Harmed { cause, damage }, _) => harmed(stage, who, cause, damage),
        (Effect::Alarm(at), _) => {
            for m in &mut level.monsters {
                m.mind = Mind::Hunting {
                    target: at,
                    patience: PATIENCE,
                };
            }
            said("An alarm bell rings out! Everything on the level comes to it.")
        }
        (Effect::GasReleased { at, amount }, _) => {
            let thick = level.gas.entry(at).or_insert(0);
            *thick = (*thick).max(amount);
            said("Poison gas hisses out!")
        }
        (Effect::Ignited(at), _) => {
            super::terrain::ignite(level, at);
            said("Flames burst out!")
        }
        (Effect::Smouldered, _) => {
            super::terrain::smoulder(level);
            Applied::default()
        }
        (Effect::Caught(at), _) => {
            super::terrain::catch(level, at);
            Applied::default()
        }
        (Effect::GasDrifted, _) => {
            super::terrain::drift(level);
            Applied::default()
        }
        (Effect::Netted(turns), _) => said(format!("A net drops on you! You struggle free in {turns} turns.")),
        (Effect::Swept(slot), Who::Player) => match player.pack.remove(slot as usize) {
            Some(item) => {
                if player.pack.weapon == Some(slot) {
                    player.pack.weapon = None;
                }
                said(format!(
                    "{} slips from your hands and sinks.",
                    capitalised(&player.lore.describe(item))
                ))
            }
            None => Applied::default(),
        },
        (Effect::Found(at), _) => {
            let tile = level.map.tile(at);
            if tile.is_secret() {
                level.map.set(at, tile.found());
                let deeds = &mut stage.record.deeds;
                deeds.secrets_here += 1;
                if deeds.secrets_here >= 2 && !level.map.tiles().iter().any(|t| t.is_secret()) {
                    deeds.all_secrets = true;
                }
                return said(match tile {
                    Tile::SecretDoor => "You find a secret door!",
                    _ => "You find a secret passage!",
                });
            }
            match level.traps.iter_mut().find(|t| t.at == at && t.hidden) {
                Some(t) => {
                    t.hidden = false;
                    said(format!("You find a {}.", t.kind.name()))
                }
                None => Applied::default(),
            }
        }
        (Effect::Searched, _) => said("You search, and find nothing."),
        // (What no arm here takes, the items' family does, as it always has.)
        (effect, _) => items(stage, effect),
    }
}

/// The rest: what lands, sleeps, wakes or is mapped, time passing (`time`), and items (`items`).
fn rest(stage: &mut Stage, who: Who, effect: Effect) -> Applied {
    let depth = stage.dungeon.depth();
    let player = &mut stage.player;
    let level = stage.dungeon.level_mut();
    match (effect, who) {
        (Effect::Flew { .. }, _) => Applied::default(),
        (Effect::Landed(found), _) => {
            lay(level, found);
            Applied::default()
        }
        (Effect::Slept(id), _) => match level.monster_index(id) {
            Some(i) => {
                level.monsters[i].mind = Mind::Asleep;
                said(format!("The {} falls asleep.", level.monsters[i].kind.name()))
            }
            None => Applied::default(),
        },
        (Effect::Chose(boon), Who::Player) => {
            player.growth.boons.push(boon);
            if boon == Boon::Vigour {
                player.health.max += VIGOUR_HP;
                player.health.hp += VIGOUR_HP;
            }
            said(format!("You choose {}. {}", boon.name(), boon.stats().about))
        }
        (Effect::Aggravated, _) => {
            for m in &mut level.monsters {
                m.mind = Mind::Hunting {
                    target: player.at,
                    patience: PATIENCE,
                };
            }
            said("You hear a piercing shriek echo through the level. Everything here comes for you!")
        }
        (Effect::Mapped, _) => {
            let map = &level.map;
            let known: Vec<Pos> = map
                .tiles()
                .iter()
                .enumerate()
                .map(|(i, _)| map.pos_of(i))
                .filter(|&p| {
                    map.tile(p) != Tile::Wall
                        || crate::paths::neighbours8(p)
                            .iter()
                            .any(|&q| map.get(q).is_some_and(|t| t != Tile::Wall))
                })
                .collect();
            player.memory.level_mut(depth, map).remember(map, &known);
            said("A map of the whole level forms in your mind.")
        }
        (Effect::Starved | Effect::StatesWore | Effect::Recovered | Effect::Digested | Effect::Regenerated, _) => {
            time(stage, who, effect)
        }
        (effect, _) => items(stage, effect),
    }
}

/// Time passing: what a turn does by itself to the player (states wearing off, wounds closing,
/// food digested, poison and an empty stomach hurting) and to a monster (a kind that heals).
fn time(stage: &mut Stage, who: Who, effect: Effect) -> Applied {
    let depth = stage.dungeon.depth();
    let player = &mut *stage.player;
    match (effect, who) {
        (Effect::StatesWore, Who::Player) => {
            let s = &mut player.status;
            s.poison = s.poison.saturating_sub(1);
            s.confusion = s.confusion.saturating_sub(1);
            s.haste = s.haste.saturating_sub(1);
            Applied::default()
        }
        (Effect::Recovered, Who::Player) => {
            let health = &mut player.health;
            health.hp = (health.hp + 1).min(health.max);
            Applied::default()
        }
        (Effect::Digested, Who::Player) => {
            let was = player.hunger();
            player.stomach = player.stomach.saturating_sub(1);
            let now = player.hunger();
            if now == was {
                Applied::default()
            } else {
                said(now.warning())
            }
        }
        (Effect::Regenerated, Who::Monster(id)) => {
            let level = stage.dungeon.level_mut();
            if let Some(m) = level.monster_index(id).map(|i| &mut level.monsters[i]) {
                m.hp = (m.hp + 1).min(m.kind.stats().max_hp);
            }
            Applied::default()
        }
        (Effect::PoisonHurt | Effect::Starved, Who::Player) => {
            let health = &mut player.health;
            health.hp = (health.hp - 1).max(0);
            hurt(stage.record, depth);
            if health.hp == 0 && stage.record.ending.is_none() {
                let (by, line) = match effect {
                    Effect::PoisonHurt => ("poison", "The poison finishes you. You die..."),
                    _ => ("starvation", "You starve to death..."),
                };
                stage.record.ending = Some(Ending::Died { by: by.into() });
                return said(line);
            }
            Applied::default()
        }
        _ => Applied::default(),
    }
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
    let landing = landing_near(level, above).unwrap_or(level.map.start());
    stage.player.at = landing;
    step_aside(level, landing);
    stage.record.deepest = stage.record.deepest.max(to);
    stage.record.deeds.secrets_here = 0;
    Applied {
        message: Some(format!("You fall through to level {to}!")),
        entered: Some(to),
    }
}

/// The free ground nearest `p` on `level` (by rings round it, row by row in each): walkable
/// ground that holds items, no trap, no monster, not deep water or the like.
fn landing_near(level: &Level, p: Pos) -> Option<Pos> {
    let map = &level.map;
    let free = |q: Pos| {
        map.get(q).is_some_and(Tile::holds_items) && level.trap_at(q).is_none() && level.monster_at(q).is_none()
    };
    let reach = map.width().max(map.height()) as i32;
    (0..=reach).find_map(|r| {
        (p.y - r..=p.y + r)
            .flat_map(|y| (p.x - r..=p.x + r).map(move |x| Pos::new(x, y)))
            .filter(|q| (q.x - p.x).abs() == r || (q.y - p.y).abs() == r)
            .find(|&q| free(q))
    })
}

/// Something not a blow hurts `who`: a dart, fire, gas, a fall, lava. A monster killed so is not
/// the player's kill (it teaches nothing) but drops what it carried.
fn harmed(stage: &mut Stage, who: Who, cause: Harm, damage: i32) -> Applied {
    match who {
        Who::Player => {
            // A resistance halves fire's burn or the gas's poison (rounded up).
            let resists = match cause {
                Harm::Fire => stage.player.has(Boon::FireResistance),
                Harm::Gas => stage.player.has(Boon::PoisonResistance),
                _ => false,
            };
            let damage = if resists { (damage + 1) / 2 } else { damage };
            hurt(stage.record, stage.dungeon.depth());
            let health = &mut stage.player.health;
            health.hp = (health.hp - damage).max(0);
            if health.hp == 0 && stage.record.ending.is_none() {
                stage.record.ending = Some(Ending::Died {
                    by: cause.cause().to_owned(),
                });
                return said(match cause {
                    Harm::Lava => "You stumble into the lava and burn away. You die...".to_owned(),
                    _ => format!("{} ({damage}). You die...", harm_line(cause)),
                });
            }
            said(format!("{} ({damage}).", harm_line(cause)))
        }
        Who::Monster(id) => {
            let level = stage.dungeon.level_mut();
            let Some(i) = level.monster_index(id) else {
                return Applied::default();
            };
            let name = level.monsters[i].kind.name();
            level.monsters[i].hp -= damage;
            if level.monsters[i].hp > 0 {
                return said(format!("The {name} is hurt by {} ({damage}).", cause.cause()));
            }
            let dead = level.monsters.remove(i);
            if let Some(k) = level.loot.iter().position(|l| l.holder == id) {
                let loot = level.loot.swap_remove(k);
                if let Some(at) = super::items::landing(level, dead.at, loot.item) {
                    lay(level, FloorItem::loose(at, loot.item));
                }
            }
            said(format!("The {name} is killed by {}.", cause.cause()))
        }
    }
}

/// The player is hurt on level `depth`: the feats remember the first level it was.
fn hurt(record: &mut RunRecord, depth: u32) {
    if record.deeds.first_hurt == 0 {
        record.deeds.first_hurt = depth;
    }
}

/// Turns of poison `turns` come to for `player` (half, rounded up, with poison resistance).
fn poison_for(player: &Player, turns: u16) -> u16 {
    if player.has(Boon::PoisonResistance) {
        turns.div_ceil(2)
    } else {
        turns
    }
}

/// The player's line for a harm.
const fn harm_line(cause: Harm) -> &'static str {
    match cause {
        Harm::Dart => "A dart hits you",
        Harm::Fire => "You burn",
        Harm::Gas => "You choke on the poison gas",
        Harm::Fall => "You fall, and land hard",
        Harm::Lava => "The lava burns you",
    }
}

/// Lays `found` on the floor, on the stack of its kind there if there is one.
fn lay(level: &mut Level, found: FloorItem) {
    match level.items.iter_mut().find(|f| f.at == found.at) {
        Some(stack) if stack.item.kind == found.item.kind => {
            stack.item.count = stack.item.count.saturating_add(found.item.count);
        }
        _ => level.items.push(found),
    }
}

/// The player's items: what happens to the pack and to the player.
fn items(stage: &mut Stage, effect: Effect) -> Applied {
    let player = &mut *stage.player;
    let level = stage.dungeon.level_mut();
    let lore = player.lore;
    let slot_name = |player: &Player, s: u8| {
        player
            .pack
            .get(s as usize)
            .map_or_else(|| "nothing".to_owned(), |i| lore.name(i.kind))
    };
    match effect {
        Effect::ItemTaken { at, item } => match player.pack.add(item) {
            Some(s) => {
                level.items.retain(|f| f.at != at);
                said(format!("You pick up {} ({}).", lore.describe(item), letter(s)))
            }
            // (`resolve` found room: this is only never losing an item if it did not.)
            None => said("Your pack is full."),
        },
        Effect::AltarsSealed(vault) => {
            for f in level.items.iter_mut().filter(|f| f.altar == Some(vault)) {
                f.sealed = true;
            }
            said("The cages of the other altars slam shut.")
        }
        Effect::ItemDropped(s) => match player.pack.remove(s as usize) {
            Some(item) => {
                lay(level, FloorItem::loose(player.at, item));
                said(format!("You drop {}.", lore.describe(item)))
            }
            None => Applied::default(),
        },
        Effect::UsedUp(s) => {
            let name = slot_name(player, s);
            let Some(item) = player.pack.take_one(s as usize) else {
                return Applied::default();
            };
            match item.kind.class() {
                Class::Potion => stage.record.deeds.drunk += 1,
                Class::Scroll => stage.record.deeds.read += 1,
                _ => {}
            }
            said(match item.kind.class() {
                Class::Potion => format!("You drink the {name}."),
                Class::Scroll => format!("You read the {name}."),
                Class::Wand => format!("You zap the {name}."),
                _ => format!("You throw the {name}."),
            })
        }
        Effect::Identified(kind) => {
            let look = lore.look(kind);
            if player.lore.learn(kind) {
                let name = player.lore.name(kind);
                let then =
                    if kind == crate::world::ItemKind::Enchanting && player.pack.items().any(|(_, i)| i.kind == kind) {
                        " Read it again to choose the weapon or armour it makes better."
                    } else {
                        ""
                    };
                said(format!("The {look} is {} {name}.{then}", article(&name)))
            } else {
                Applied::default()
            }
        }
        Effect::Healed(n) => {
            let health = &mut player.health;
            health.hp = (health.hp + n).min(health.max);
            player.status.poison = 0;
            player.status.confusion = 0;
            said("You feel much better.")
        }
        Effect::Invigorated(n) => {
            let health = &mut player.health;
            health.max = (health.max + n).min(MAX_GROWN_HP);
            health.hp = health.max;
            said("You feel strong and whole.")
        }
        Effect::Hasted(t) => {
            player.status.haste = t;
            said("You feel yourself speed up.")
        }
        Effect::Poisoned(t) => {
            player.status.poison = player.status.poison.max(poison_for(player, t));
            said("You feel very sick.")
        }
        Effect::Confused(t) => {
            player.status.confusion = player.status.confusion.max(t);
            said("Your head spins.")
        }
        Effect::PoisonHurt => time(stage, Who::Player, effect),
        Effect::Teleported(to) => {
            player.at = to;
            said("The world blurs, and you are somewhere else.")
        }
        Effect::Recharged(n) => {
            player.pack.recharge(n);
            said("Your wands hum with new power.")
        }
        Effect::Equipped(s) => {
            let name = slot_name(player, s);
            let Some(item) = player.pack.get(s as usize) else {
                return Applied::default();
            };
            if item.kind.class() == Class::Weapon {
                player.pack.weapon = Some(s);
                said(format!("You wield the {name} ({}).", letter(s as usize)))
            } else {
                player.pack.armour = Some(s);
                said(format!("You put on the {name} ({}).", letter(s as usize)))
            }
        }
        Effect::Ate(s) => {
            if player.pack.take_one(s as usize).is_none() {
                return Applied::default();
            }
            player.stomach = (player.stomach + RATION).min(STOMACH);
            stage.record.deeds.eaten += 1;
            said("You eat the ration. That hit the spot.")
        }
        Effect::Enchanted(s) => {
            let Some(Some(item)) = player.pack.slot_mut(s as usize) else {
                return Applied::default();
            };
            item.plus = (item.plus + 1).min(MOST_PLUS);
            let item = *item;
            let deeds = &mut stage.record.deeds;
            deeds.best_plus = deeds.best_plus.max(item.plus);
            said(format!(
                "Your {} glows blue for a moment: it is {} now.",
                lore.name(item.kind),
                lore.describe(item)
            ))
        }
        Effect::Unequipped(s) => {
            let name = slot_name(player, s);
            if player.pack.weapon == Some(s) {
                player.pack.weapon = None;
                said(format!("You put away the {name}."))
            } else {
                player.pack.armour = None;
                said(format!("You take off the {name}."))
            }
        }
        _ => Applied::default(),
    }
}

/// An attack (`shot`: from afar) by `who` on `target` lands or misses.
/// How a blow came: what the log says of it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Blow {
    /// Hand to hand.
    Melee,
    /// Thrown or shot from afar.
    Shot,
    /// A sneak attack on a sleeper.
    Stab,
    /// A wand's bolt.
    Bolt,
}

fn attacked(stage: &mut Stage, who: Who, target: Who, damage: Option<i32>, blow: Blow) -> Applied {
    let level = stage.dungeon.level_mut();
    match (who, target) {
        (Who::Monster(id), Who::Player) => {
            let attacker = the(level, id);
            let (misses, hits) = if blow == Blow::Shot {
                ("shoots at you and misses", "shoots you")
            } else {
                ("misses you", "hits you")
            };
            let Some(d) = damage else {
                return said(format!("{attacker} {misses}."));
            };
            hurt(stage.record, stage.dungeon.depth());
            let health = &mut stage.player.health;
            health.hp = (health.hp - d).max(0);
            if health.hp == 0 && stage.record.ending.is_none() {
                let name = attacker.trim_start_matches("The ").to_owned();
                let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
                    "an"
                } else {
                    "a"
                };
                stage.record.ending = Some(Ending::Died {
                    by: format!("{article} {name}"),
                });
                return said(format!("{attacker} {hits} ({d}). You die..."));
            }
            // Crossing below a third of the most: warned once, as DCSS warns of low hit points.
            let low = |hp: i32| hp * 3 <= health.max;
            if low(health.hp) && !low(health.hp + d) {
                return said(format!(
                    "{attacker} {hits} ({d}). You are badly hurt: {}/{} hit points!",
                    health.hp, health.max
                ));
            }
            said(format!("{attacker} {hits} ({d})."))
        }
        (_, Who::Monster(id)) => {
            let Some(i) = level.monster_index(id) else {
                return Applied::default();
            };
            let name = level.monsters[i].kind.name();
            let Some(d) = damage else {
                return said(format!("You miss the {name}."));
            };
            let monster = &mut level.monsters[i];
            monster.hp -= d;
            if monster.hp <= 0 {
                // What the kill teaches: its worth in experience; a new experience level adds
                // `HP_PER_GRADE` hit points (healed by as many) and owes a boon to choose.
                let dead = level.monsters.remove(i);
                stage.record.slain += 1;
                stage.record.kills[dead.kind.id() as usize] += 1;
                let growth = &mut stage.player.growth;
                let before = growth.grade();
                growth.xp = growth.xp.saturating_add(dead.kind.stats().worth() as u32);
                let after = growth.grade();
                let grown = if after > before {
                    let gain = HP_PER_GRADE * (after - before) as i32;
                    let health = &mut stage.player.health;
                    health.max += gain;
                    health.hp += gain;
                    format!(
                        " You reach experience level {after} ({} hit points at most): choose a boon!",
                        health.max
                    )
                } else {
                    String::new()
                };
                let mut line = match blow {
                    Blow::Stab => format!("You stab the sleeping {name} ({d}) and kill it."),
                    Blow::Bolt => format!("The bolt strikes the {name} ({d}) and kills it."),
                    Blow::Melee | Blow::Shot => format!("You kill the {name}."),
                };
                if let Some(k) = level.loot.iter().position(|l| l.holder == id) {
                    // What it carried falls where it died (or as near as there is room).
                    let loot = level.loot.swap_remove(k);
                    if let Some(at) = super::items::landing(level, dead.at, loot.item) {
                        lay(level, FloorItem::loose(at, loot.item));
                        line.push_str(" It drops what it stole.");
                    }
                }
                if dead.kind.stats().habit == Habit::Bloat {
                    let player = &mut *stage.player;
                    if super::mind::adjacent(player.at, dead.at) {
                        let burst = poison_for(player, BURST_POISON);
                        player.status.poison = player.status.poison.clamp(burst, MAX_STATUS);
                        line = format!("The {name} bursts, and its caustic gas chokes you!");
                    } else {
                        line = format!("The {name} bursts in a puff of caustic gas.");
                    }
                }
                line.push_str(&grown);
                said(line)
            } else {
                // Hurt, it knows where you are (a coward hurt to a third of its health runs).
                let stats = monster.kind.stats();
                let was_fleeing = monster.mind == Mind::Fleeing;
                let turns_tail = stats.habit == Habit::Coward && monster.hp * 3 <= stats.max_hp;
                monster.mind = if was_fleeing || turns_tail {
                    Mind::Fleeing
                } else {
                    Mind::Hunting {
                        target: stage.player.at,
                        patience: PATIENCE,
                    }
                };
                let runs = if turns_tail && !was_fleeing {
                    " It turns to flee!"
                } else {
                    ""
                };
                let hit = match blow {
                    Blow::Stab => format!("You stab the sleeping {name} ({d})."),
                    Blow::Bolt => format!("The bolt strikes the {name} ({d})."),
                    Blow::Melee | Blow::Shot => format!("You hit the {name} ({d})."),
                };
                said(format!("{hit}{runs}"))
            }
        }
        (Who::Player, Who::Player) => Applied::default(),
    }
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
            if super::diagonal_doorway(map, p, q) {
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
    use crate::world::{Kind, Monster};

    fn goblin(id: u32, at: Pos) -> Monster {
        Monster {
            id,
            kind: Kind::Goblin,
            at,
            hp: Kind::Goblin.stats().max_hp,
            energy: 0,
            mind: Mind::Asleep,
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

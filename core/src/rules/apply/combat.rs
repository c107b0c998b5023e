//! Applying the combat family: blows, shots, stabs, bolts, a shove, a theft, and what hurts that is
//! not a blow.

use super::items::items;

use super::{Applied, Stage, hurt, lay, poison_for, said, the};
use crate::rules::{Effect, Harm, Who};
use crate::world::{Boon, Ending, FloorItem, HP_PER_GRADE, Habit, Loot, MAX_STATUS, Mind, PATIENCE};

/// Turns of poison a bloat's gas leaves on whoever stands next to it when it bursts.
const BURST_POISON: u16 = 6;

/// Blows, shots, stabs and bolts, a shove, a theft.
pub(super) fn combat(stage: &mut Stage, who: Who, effect: Effect) -> Applied {
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

/// Something not a blow hurts `who`: a dart, fire, gas, a fall, lava. A monster killed so is not
/// the player's kill (it teaches nothing) but drops what it carried.
pub(super) fn harmed(stage: &mut Stage, who: Who, cause: Harm, damage: i32) -> Applied {
    match who {
        Who::Player => {
            // A resistance halves fire's burn or the gas's poison (rounded up).
            let resists = match cause {
                Harm::Fire => stage.player.has(Boon::FireResistance),
                Harm::Gas => stage.player.has(Boon::PoisonResistance),
                _ => false,
            };
            let damage = if resists { (damage + 1) / 2 } else { damage };
            // Fireproof, fire and lava do no harm.
            if matches!(cause, Harm::Fire | Harm::Lava) && stage.player.status.fire_immunity > 0 {
                return said("The flames lick at you harmlessly.");
            }
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
                if let Some(at) = crate::rules::flight::landing(level, dead.at, loot.item) {
                    lay(level, FloorItem::loose(at, loot.item));
                }
            }
            said(format!("The {name} is killed by {}.", cause.cause()))
        }
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

/// An attack by `who` on `target` lands (`damage`) or misses (`None`), told as `blow` came.
fn attacked(stage: &mut Stage, who: Who, target: Who, damage: Option<i32>, blow: Blow) -> Applied {
    let level = stage.dungeon.level_mut();
    match (who, target) {
        (Who::Monster(id), Who::Player) => {
            let attacker = the(level, id);
            let champion = level.monster_index(id).and_then(|i| level.monsters[i].champion);
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
                // "a goblin", "an orc"; a champion by its name ("Grak the orc").
                let name = attacker.trim_start_matches("The ").to_owned();
                let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
                    "an"
                } else {
                    "a"
                };
                let by = if champion.is_some() {
                    attacker.clone()
                } else {
                    format!("{article} {name}")
                };
                stage.record.ending = Some(Ending::Died { by });
                return said(format!("{attacker} {hits} ({d}). You die..."));
            }
            // Crossing below a third of the most: warned once, as DCSS warns of low hit points.
            if health.is_low() && !health.low_at(health.hp + d) {
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
            // Who struck: the player, an ally (`Some(true)`) or a foe of the player's (`Some(false)`).
            let striker = match who {
                Who::Player => None,
                Who::Monster(s) => Some(level.monster_index(s).is_some_and(|k| level.monsters[k].is_ally())),
            };
            let target = level.monsters[i];
            let name = if target.is_ally() {
                format!("your {}", target.kind.name())
            } else {
                target.called()
            };
            let doer = match who {
                Who::Player => "You".to_owned(),
                Who::Monster(s) => match level.monster_index(s).map(|k| level.monsters[k]) {
                    Some(m) if m.is_ally() => format!("Your {}", m.kind.name()),
                    Some(m) => crate::world::capitalised(&m.called()),
                    None => "Something".to_owned(),
                },
            };
            let Some(d) = damage else {
                let misses = if striker.is_none() { "miss" } else { "misses" };
                return said(format!("{doer} {misses} {name}."));
            };
            let monster = &mut level.monsters[i];
            monster.hp -= d;
            if monster.hp <= 0 {
                let dead = level.monsters.remove(i);
                if dead.is_ally() {
                    return said(format!(
                        "{doer} {} {name}!",
                        if striker.is_none() { "kill" } else { "kills" }
                    ));
                }
                // The player's side's kill: what it teaches (its worth in experience; a new
                // experience level adds `HP_PER_GRADE` hit points, healed by as many, and owes a
                // boon to choose), what it carried, a bloat's burst. An ally's kill is the
                // player's too, and the ally grows with it.
                let mut line = match (blow, striker) {
                    (Blow::Stab, _) => format!("You stab the sleeping {} ({d}) and kill it.", dead.kind.name()),
                    (Blow::Bolt, _) => format!("The bolt strikes the {} ({d}) and kills it.", dead.kind.name()),
                    (_, None) => format!("You kill {name}."),
                    (_, Some(_)) => format!("{doer} kills {name}."),
                };
                if let Who::Monster(s) = who
                    && let Some(k) = level.monster_index(s)
                    && let Mind::Ally { waiting, kills } = level.monsters[k].mind
                {
                    let ally = &mut level.monsters[k];
                    let before = ally.max_hp();
                    ally.mind = Mind::Ally {
                        waiting,
                        kills: kills.saturating_add(1),
                    };
                    if ally.max_hp() > before {
                        // Grown a grade: its new hit points come at once.
                        ally.hp += ally.max_hp() - before;
                        line.push_str(&format!(" {doer} grows stronger."));
                    }
                }
                said(slain(stage, dead, line))
            } else {
                // Hurt, it knows where its foe is (a coward hurt to a third of its health runs);
                // an ally hurt by a stray blow of the player's stays an ally.
                if target.is_ally() {
                    return said(format!(
                        "{doer} {} {name} ({d}).",
                        if striker.is_none() { "hit" } else { "hits" }
                    ));
                }
                let foe_at = match who {
                    Who::Monster(s) => level.monster_index(s).map_or(stage.player.at, |k| level.monsters[k].at),
                    Who::Player => stage.player.at,
                };
                let stats = target.kind.stats();
                let monster = &mut level.monsters[i];
                let was_fleeing = monster.mind == Mind::Fleeing;
                let turns_tail = stats.habit == Habit::Coward && monster.hp * 3 <= stats.max_hp;
                monster.mind = if was_fleeing || turns_tail {
                    Mind::Fleeing
                } else {
                    Mind::Hunting {
                        target: foe_at,
                        patience: PATIENCE,
                    }
                };
                let phase_was = crate::world::Phase::of(target.hp, target.max_hp());
                let phase = crate::world::Phase::of(monster.hp, target.max_hp());
                let runs = if turns_tail && !was_fleeing {
                    " It turns to flee!"
                } else if matches!(stats.habit, Habit::Guards(_)) && phase != phase_was {
                    match phase {
                        crate::world::Phase::Hurt => " It howls, and spectral blades answer!",
                        crate::world::Phase::Desperate => " It roars, and fire wells in its throat!",
                        crate::world::Phase::Whole => "",
                    }
                } else {
                    ""
                };
                let tname = target.kind.name();
                let hit = match (blow, striker) {
                    (Blow::Stab, _) => format!("You stab the sleeping {tname} ({d})."),
                    (Blow::Bolt, _) => format!("The bolt strikes the {tname} ({d})."),
                    (_, None) => format!("You hit {name} ({d})."),
                    (_, Some(_)) => format!("{doer} hits {name} ({d})."),
                };
                said(format!("{hit}{runs}"))
            }
        }
        (Who::Player, Who::Player) => Applied::default(),
    }
}

/// What the death of `dead` at the hands of the player's side comes to: the record's count, its
/// worth in experience to the player (a new experience level adds `HP_PER_GRADE` hit points,
/// healed by as many, and owes a boon to choose), what it carried falling where it died, a
/// bloat's burst. Returns the line `kill` told of it, with what it came to.
fn slain(stage: &mut Stage, dead: crate::world::Monster, kill: String) -> String {
    stage.record.slain += 1;
    stage.record.kills[dead.kind.id() as usize] += 1;
    let growth = &mut stage.player.growth;
    let before = growth.grade();
    // A champion teaches twice what its kind does.
    let worth = dead.kind.stats().worth() as u32 * if dead.champion.is_some() { 2 } else { 1 };
    growth.xp = growth.xp.saturating_add(worth);
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
    let level = stage.dungeon.level_mut();
    let mut line = kill;
    if let Some(k) = level.loot.iter().position(|l| l.holder == dead.id) {
        // What it carried falls where it died (or as near as there is room).
        let loot = level.loot.swap_remove(k);
        if let Some(at) = crate::rules::flight::landing(level, dead.at, loot.item) {
            lay(level, FloorItem::loose(at, loot.item));
            line.push_str(" It drops what it stole.");
        }
    }
    if dead.kind.stats().habit == Habit::Bloat {
        // A puff of its gas hangs where it burst: drawn, seen by look, and thinning as it drifts
        // (as thick as hurts, on its own tile only).
        let thick = level.gas.entry(dead.at).or_insert(0);
        *thick = (*thick).max(crate::rules::terrain::GAS_HURTS);
        let player = &mut *stage.player;
        let name = dead.kind.name();
        line = if crate::rules::mind::adjacent(player.at, dead.at) {
            let burst = poison_for(player, BURST_POISON);
            player.status.poison = player.status.poison.clamp(burst, MAX_STATUS);
            format!("The {name} bursts, and its caustic gas chokes you!")
        } else {
            format!("The {name} bursts in a puff of caustic gas.")
        };
    }
    line.push_str(&grown);
    line
}

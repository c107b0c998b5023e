//! How a monster chooses what to do. Asleep or wandering until it notices or hears you; then
//! hunting: stepping down the shortest way to you, or to where it last saw (or heard) you,
//! until it gives up; and each kind's habit on top (`Habit`): archers shoot and keep their
//! distance, cowards and thieves flee, bloats hover, bats flit.
//!
//! Noticing is sight, and sight is symmetric: a monster notices you exactly when it stands in
//! your line of sight (`Senses`, one shadowcast from you a turn, not one per monster) and you
//! are within its sight radius (only the next tile while it sleeps: its eyes are shut). Hearing is
//! the noise rule (`noise`).

use super::noise::hearing_range;
use super::senses::{Gait, Senses, enterable};
use super::{Act, diagonal_doorway};
use crate::geom::Dir8;
use crate::geom::Pos;
use crate::paths::StepField;
use crate::rng::GenRng;
use crate::world::{BLINK_FROM, BLINK_ONE_IN, CAST_ONE_IN, Habit, Level, SUMMONS_MOST};

use crate::world::{Mind, Monster, PATIENCE};

mod afar;

pub use afar::clear_shot;
use afar::{SUMMONS_RANGE, blink_beside, cast_or_keep_away, fellow_to_shield, keep_away, shoot_or_keep_away};
pub(crate) use afar::{blink_spot, guard_may, summoned};

/// How far a sleeper notices you by sight: its eyes are shut, so only from the next tile
/// (straight, not diagonal: the radius is Euclidean). Hearing (`noise`) wakes it from farther.
pub const ASLEEP_SIGHT: u32 = 1;

/// How far `m` notices you from now.
pub const fn sight_radius(m: &Monster) -> u32 {
    match m.mind {
        Mind::Asleep => ASLEEP_SIGHT,
        _ => m.kind.stats().sight,
    }
}

/// Whether `a` and `b` are next to each other (or the same tile).
pub(crate) const fn adjacent(a: Pos, b: Pos) -> bool {
    (a.x - b.x).abs() <= 1 && (a.y - b.y).abs() <= 1
}

/// Steps between `a` and `b` with diagonal steps allowed (the reach of a shot).
pub const fn chebyshev(a: Pos, b: Pos) -> u32 {
    let (dx, dy) = ((a.x - b.x).unsigned_abs(), (a.y - b.y).unsigned_abs());
    if dx > dy { dx } else { dy }
}

/// What `m` makes of a noise from `from` (read from `senses`, walked by the last `listen` with
/// `loudness`): heard, it wakes or turns toward it, hunting where the noise came from (a
/// fleeing monster keeps running). Returns whether it heard it.
pub(crate) fn hear(m: &mut Monster, from: Pos, loudness: u32, level: &Level, senses: &Senses) -> bool {
    if loudness == 0 || matches!(m.mind, Mind::Fleeing) || !m.is_hostile() {
        return false;
    }
    let heard = senses
        .heard(&level.map, m.at)
        .is_some_and(|d| d <= hearing_range(m.mind, loudness));
    if heard {
        m.mind = Mind::Hunting {
            target: from,
            patience: PATIENCE,
        };
    }
    heard
}

/// How far (in steps) a summons is followed all the way: an alarm bell or a shriek is heard over
/// the whole level, and a monster within this walk of it comes to it (Brogue's alarm calls as
/// far as the level is wide and high).
pub const SUMMONS_REACH: u32 = 160;

/// Every monster on `level` hears a summons to `to` (an alarm bell, a shriek) and hunts there.
/// One that can walk there keeps at it for as long as the walk takes and `PATIENCE` more, so it
/// arrives (a hunter gave up after `PATIENCE` turns, halfway across a level); one that cannot
/// gives up as any hunter does.
pub(crate) fn summon(level: &mut Level, to: Pos) {
    let mut fields: Vec<(Gait, StepField)> = Vec::new();
    for m in level.monsters.iter_mut().filter(|m| m.is_hostile()) {
        let gait = Gait::of(m.kind);
        let i = match fields.iter().position(|f| f.0 == gait) {
            Some(i) => i,
            None => {
                let mut field = StepField::default();
                field.compute(&level.map, to, SUMMONS_REACH, |t| enterable(t, gait));
                fields.push((gait, field));
                fields.len() - 1
            }
        };
        let walk = fields[i].1.get(m.at).unwrap_or(0);
        m.mind = Mind::Hunting {
            target: to,
            patience: PATIENCE + walk,
        };
    }
}

/// Squared distance, the metric of sight radii.
pub const fn distance_sq(a: Pos, b: Pos) -> i64 {
    let (dx, dy) = ((a.x - b.x) as i64, (a.y - b.y) as i64);
    dx * dx + dy * dy
}

/// Whether `m` notices the player at `player_at`: it stands in the player's line of sight and
/// the player is within its sight radius, half of it while the player stands in darkness (its
/// own light aside: `LightMap::dark_around`).
pub(crate) fn notices(m: &Monster, player_at: Pos, senses: &Senses) -> bool {
    let sight = sight_radius(m);
    let r = i64::from(if senses.light().dark_around(player_at) {
        sight.div_ceil(2)
    } else {
        sight
    });
    senses.in_line(m.at) && distance_sq(m.at, player_at) <= r * r
}

/// Whether `m` may take a step in `dir` now: onto a tile it can enter, not diagonally through a
/// doorway, and not onto another monster (onto the player is an attack, and allowed). Where
/// monsters stand is read from `senses` (`Senses::crowd_in`).
fn can_step(m: &Monster, dir: Dir8, level: &Level, senses: &Senses) -> bool {
    let to = Dir8::from_pos(m.at, dir);
    let map = &level.map;
    let Some(tile) = map.get(to) else { return false };
    enterable(tile, Gait::of(m.kind))
        && (tile != crate::map::Tile::Wall || (matches!(m.mind, Mind::Hunting { .. }) && !map.on_rim(to)))
        && !diagonal_doorway(map, m.at, to)
        && !senses.crowded(map, to)
        && !fears(m, level, to)
}

/// Whether `m` keeps off `p` for fear of what is there: fire always, thick gas always, and a
/// trap unless it is hunting (a monster at home knows its level's traps; one on the chase does
/// not look where it steps: lure it over one).
fn fears(m: &Monster, level: &Level, p: Pos) -> bool {
    (level.fire.contains_key(&p) && m.kind.stats().habit != Habit::Burns)
        || level.gas.get(&p).is_some_and(|&n| n >= super::terrain::GAS_HURTS)
        || (level.trap_at(p).is_some() && !matches!(m.mind, Mind::Hunting { .. }))
}

/// `can_step` for each of the eight directions, in `Dir8::ALL` order (indexed by `dir as usize`).
fn open_ways(m: &Monster, level: &Level, senses: &Senses) -> [bool; 8] {
    Dir8::ALL.map(|d| can_step(m, d, level, senses))
}

/// What `m` makes of the moment: if it notices you, it hunts you (from wherever you are now).
/// Returns whether it has only just noticed you. Every monster perceives every turn, whether or
/// not it has the speed to act.
pub(crate) fn perceive(m: &mut Monster, player_at: Pos, senses: &Senses) -> bool {
    if matches!(m.mind, Mind::Fleeing) || !m.is_hostile() || !notices(m, player_at, senses) {
        return false;
    }
    let was_hunting = matches!(m.mind, Mind::Hunting { .. });
    m.mind = Mind::Hunting {
        target: player_at,
        patience: PATIENCE,
    };
    !was_hunting
}

/// What `m` makes of the player's allies when it does not notice the player: one it notices (it
/// stands in the ally's line of sight, within its own sight radius) it hunts, the nearest first.
pub(crate) fn perceive_allies(m: &mut Monster, player_at: Pos, level: &Level, senses: &Senses) {
    if matches!(m.mind, Mind::Fleeing) || !m.is_hostile() || notices(m, player_at, senses) {
        return;
    }
    let r = i64::from(sight_radius(m));
    let at = m.at;
    if let Some((_, target)) = senses
        .allies_seeing(&level.map, at)
        .filter(|&(_, ally_at)| distance_sq(at, ally_at) <= r * r)
        .min_by_key(|&(id, ally_at)| (distance_sq(at, ally_at), id))
    {
        m.mind = Mind::Hunting {
            target,
            patience: PATIENCE,
        };
    }
}

/// Whether the player or one of its allies stands at `p` (what a foe's step there attacks).
fn ours_at(level: &Level, player_at: Pos, p: Pos) -> bool {
    p == player_at || level.monster_at(p).is_some_and(Monster::is_ally)
}

/// Chooses `m`'s act, and updates its mind: a hunter that has lost you looks where it last saw
/// you until its patience runs out; a coward that has healed comes back.
pub(crate) fn decide(
    m: &mut Monster,
    level: &Level,
    player_at: Pos,
    senses: &mut Senses,
    rng: &mut GenRng,
) -> Option<Act> {
    let habit = m.kind.stats().habit;
    let flits = matches!(habit, Habit::Erratic | Habit::Flies);
    if flits && m.is_hostile() && !matches!(m.mind, Mind::Asleep) && rng.coin() {
        return flit(m, level, player_at, senses, rng);
    }
    let sees_you = notices(m, player_at, senses);
    match m.mind {
        Mind::Asleep | Mind::Captive { .. } => None,
        // An ally's choice is `ally::decide`'s (the round asks it).
        Mind::Ally { .. } => None,
        Mind::Wandering { heading } => wander(m, heading, level, senses, rng),
        Mind::Fleeing if habit == Habit::Coward && m.hp >= m.max_hp() => {
            // Whole again: back to the fight, where it last knew you to be.
            m.mind = Mind::Hunting {
                target: player_at,
                patience: PATIENCE,
            };
            hunt(m, player_at, player_at, level, senses)
        }
        Mind::Fleeing => flee(m, player_at, level, senses),
        Mind::Hunting { target, patience } => {
            if !sees_you && (m.at == target || patience == 0) {
                // Lost you: back to wandering.
                let heading = Dir8::ALL[rng.below(8) as usize];
                m.mind = Mind::Wandering { heading };
                return wander(m, heading, level, senses, rng);
            }
            if !sees_you {
                m.mind = Mind::Hunting {
                    target,
                    patience: patience - 1,
                };
            }
            if habit != Habit::Bloat
                && !adjacent(m.at, player_at)
                && let Some(dir) = ally_beside(m, level)
            {
                return Some(Act::Step(dir)); // an ally in its way: it fights what is in front of it
            }
            match habit {
                Habit::Bloat if adjacent(m.at, player_at) => Some(Act::Wait), // it hovers, waiting to be popped
                Habit::Archer(range) if sees_you => shoot_or_keep_away(m, range, player_at, level, senses, rng),
                Habit::Confuses(range) | Habit::Breathes(range) | Habit::Webs(range) if sees_you => {
                    cast_or_keep_away(m, range, player_at, level, senses, rng)
                }
                Habit::Summons if sees_you => {
                    if summoned(level) < SUMMONS_MOST {
                        cast_or_keep_away(m, SUMMONS_RANGE, player_at, level, senses, rng)
                    } else {
                        keep_away(m, player_at, level, senses)
                    }
                }
                Habit::Guards(range) if sees_you => afar::guard(m, range, (target, player_at), level, senses, rng),
                Habit::Shields(range) if sees_you => match fellow_to_shield(m, range, level) {
                    Some(at) if rng.below(CAST_ONE_IN) == 0 => Some(Act::Shoot(at)),
                    _ => keep_away(m, player_at, level, senses),
                },
                Habit::Blinks
                    if sees_you && chebyshev(m.at, player_at) >= BLINK_FROM && rng.below(BLINK_ONE_IN) == 0 =>
                {
                    blink_beside(m, player_at, level).or_else(|| hunt(m, target, player_at, level, senses))
                }
                Habit::Archer(range)
                    if target != player_at
                        && ours_at(level, player_at, target)
                        && chebyshev(m.at, target) <= range
                        && clear_shot(level, m.at, target) =>
                {
                    Some(Act::Shoot(target))
                }
                _ => hunt(m, target, player_at, level, senses),
            }
        }
    }
}

/// The way to an ally of the player's next to `m` (not across a doorway's corner), if one is.
fn ally_beside(m: &Monster, level: &Level) -> Option<Dir8> {
    level
        .monsters
        .iter()
        .filter(|o| o.is_ally() && adjacent(o.at, m.at) && o.at != m.at)
        .filter(|o| !diagonal_doorway(&level.map, m.at, o.at))
        .min_by_key(|o| o.id)
        .and_then(|o| Dir8::between(m.at, o.at))
}

/// A step to the neighbour farthest (by the way there) from the player, if one is farther than
/// here.
pub(super) fn step_away(m: &Monster, player_at: Pos, level: &Level, senses: &mut Senses) -> Option<Act> {
    let open = open_ways(m, level, senses);
    let field = senses.field(&level.map, player_at, Gait::of(m.kind), 0);
    let here = field.get(m.at).unwrap_or(0);
    let mut best: Option<(u32, Dir8)> = None;
    for (i, dir) in Dir8::ALL.into_iter().enumerate() {
        if !open[i] {
            continue;
        }
        let to = Dir8::from_pos(m.at, dir);
        let Some(d) = field.get(to) else { continue };
        if d > here && best.is_none_or(|(b, _)| d > b) {
            best = Some((d, dir));
        }
    }
    best.map(|(_, dir)| Act::Step(dir))
}

/// Running from you: a step away if there is one; cornered next to you, it fights; else it
/// waits (healing, if it is a coward).
fn flee(m: &Monster, player_at: Pos, level: &Level, senses: &mut Senses) -> Option<Act> {
    if let Some(away) = step_away(m, player_at, level, senses) {
        return Some(away);
    }
    let dir = Dir8::between(m.at, player_at)?;
    Some(if diagonal_doorway(&level.map, m.at, player_at) {
        Act::Wait
    } else {
        Act::Step(dir)
    })
}

/// A bat's flit: a step any way it can go (onto you is a bite).
fn flit(m: &Monster, level: &Level, player_at: Pos, senses: &Senses, rng: &mut GenRng) -> Option<Act> {
    let ways: Vec<Dir8> = Dir8::ALL
        .into_iter()
        .filter(|&d| {
            let to = Dir8::from_pos(m.at, d);
            can_step(m, d, level, senses) || (to == player_at && !diagonal_doorway(&level.map, m.at, to))
        })
        .collect();
    rng.pick(&ways).map(Act::Step)
}

/// A step down the shortest way to `target`: to the neighbour fewest steps from it (straight
/// steps first among equals), if any is closer than here; the player's tile (or an ally's) is an
/// attack.
pub(super) fn hunt(m: &Monster, target: Pos, player_at: Pos, level: &Level, senses: &mut Senses) -> Option<Act> {
    step_toward(m, target, player_at, level, senses, |p| ours_at(level, player_at, p))
}

/// A step down the shortest way to `target`, as `hunt`, where a step onto a tile `foe` says is
/// an attack (the rest of the crowd, and the player if it is not a foe, is in the way).
pub(crate) fn step_toward(
    m: &Monster,
    target: Pos,
    player_at: Pos,
    level: &Level,
    senses: &mut Senses,
    foe: impl Fn(Pos) -> bool,
) -> Option<Act> {
    let open = open_ways(m, level, senses);
    // A summoned hunter's patience is its walk there and more: its way is searched as far.
    let reach = match m.mind {
        Mind::Hunting { patience, .. } => patience,
        _ => 0,
    };
    let field = senses.field(&level.map, target, Gait::of(m.kind), reach);
    let here = field.get(m.at);
    let mut best: Option<(u32, Dir8)> = None;
    for to in crate::paths::neighbours8(m.at) {
        let Some(dir) = Dir8::between(m.at, to) else { continue };
        let attack = foe(to);
        if (!open[dir as usize] || to == player_at) && !attack {
            continue;
        }
        if attack && diagonal_doorway(&level.map, m.at, to) {
            continue;
        }
        let Some(d) = field.get(to) else { continue };
        if here.is_none_or(|h| d < h) && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, dir));
        }
    }
    if let Some((_, dir)) = best {
        return Some(Act::Step(dir));
    }
    if here.is_some() {
        return Some(Act::Wait); // the way is blocked by others: wait for it to clear
    }
    // Beyond the field's reach: straight at it, as the crow flies.
    let far = |p: Pos| chebyshev(p, target);
    Dir8::ALL
        .into_iter()
        .zip(open)
        .filter(|&(d, open)| open && far(Dir8::from_pos(m.at, d)) < far(m.at))
        .map(|(d, _)| d)
        .min_by_key(|&d| far(Dir8::from_pos(m.at, d)))
        .map(Act::Step)
}

/// How far a wanderer looks for its group's leader.
pub const GROUP_REACH: u32 = 5;
/// How close one of a group keeps to its leader while wandering.
pub const GROUP_CLOSE: u32 = 2;

/// The leader of `m`'s group while it wanders: the nearest wanderer of its band (`Kind::band`)
/// with a lower id within `GROUP_REACH`, if any (a pack, a war band walk the level together).
fn leader<'l>(m: &Monster, level: &'l Level) -> Option<&'l Monster> {
    let band = m.kind.band();
    level
        .monsters
        .iter()
        .filter(|o| o.id < m.id && o.is_hostile() && o.kind.band() == band)
        .filter(|o| matches!(o.mind, Mind::Wandering { .. }) && chebyshev(o.at, m.at) <= GROUP_REACH)
        .min_by_key(|o| (chebyshev(o.at, m.at), o.id))
}

/// Keeps its heading mostly (or its group's); turns now and then, and when the way is blocked.
fn wander(m: &mut Monster, heading: Dir8, level: &Level, senses: &Senses, rng: &mut GenRng) -> Option<Act> {
    let mut heading = heading;
    if rng.below(10) == 0 {
        heading = Dir8::ALL[rng.below(8) as usize];
    }
    // One of a group keeps with its leader: closing in when it has strayed, else going its way.
    if let Some(lead) = leader(m, level) {
        if chebyshev(m.at, lead.at) > GROUP_CLOSE {
            let far = |d: Dir8| chebyshev(Dir8::from_pos(m.at, d), lead.at);
            if let Some(dir) = Dir8::ALL
                .into_iter()
                .filter(|&d| can_step(m, d, level, senses) && far(d) < chebyshev(m.at, lead.at))
                .min_by_key(|&d| far(d))
            {
                m.mind = Mind::Wandering { heading: dir };
                return Some(Act::Step(dir));
            }
        } else if let Mind::Wandering { heading: theirs } = lead.mind {
            heading = theirs;
        }
    }
    if !can_step(m, heading, level, senses) {
        let ways: Vec<Dir8> = Dir8::ALL
            .into_iter()
            .filter(|&d| can_step(m, d, level, senses))
            .collect();
        heading = rng.pick(&ways)?;
    }
    m.mind = Mind::Wandering { heading };
    Some(Act::Step(heading))
}

//! How a monster chooses what to do. Asleep or wandering until it notices you; then hunting:
//! stepping down the shortest way to you, or to where it last saw you, until it gives up.
//!
//! Noticing is sight, and sight is symmetric: a monster notices you exactly when it stands in
//! your line of sight (`Senses`, one shadowcast from you a turn, not one per monster) and you
//! are within its sight radius (half of it while it sleeps).

use super::Act;
use super::senses::{Senses, enterable};
use crate::geom::Dir8;
use crate::geom::Pos;
use crate::rng::GenRng;
use crate::world::Level;

use crate::world::{Mind, Monster, PATIENCE};

/// How far `m` notices you from now.
pub const fn sight_radius(m: &Monster) -> u32 {
    let sight = m.kind.stats().sight;
    match m.mind {
        Mind::Asleep => sight / 2,
        _ => sight,
    }
}

/// Squared distance, the metric of sight radii.
pub const fn distance_sq(a: Pos, b: Pos) -> i64 {
    let (dx, dy) = ((a.x - b.x) as i64, (a.y - b.y) as i64);
    dx * dx + dy * dy
}

/// Whether `m` notices the player at `player_at`: it stands in the player's line of sight and
/// the player is within its sight radius.
pub(crate) fn notices(m: &Monster, player_at: Pos, senses: &Senses) -> bool {
    let r = i64::from(sight_radius(m));
    senses.in_line(m.at) && distance_sq(m.at, player_at) <= r * r
}

/// Whether `m` may take a step in `dir` now: onto a tile it can enter, not diagonally through a
/// doorway, and not onto another monster (onto the player is an attack, and allowed).
fn can_step(m: &Monster, dir: Dir8, level: &Level) -> bool {
    let to = Dir8::from_pos(m.at, dir);
    let map = &level.map;
    let Some(tile) = map.get(to) else { return false };
    enterable(tile, m.kind.stats().opens_doors)
        && !(dir.is_diagonal() && (tile.is_door() || map.tile(m.at).is_door()))
        && level.monster_at(to).is_none()
}

/// What `m` makes of the moment: if it notices you, it hunts you (from wherever you are now).
/// Returns whether it has only just noticed you. Every monster perceives every turn, whether or
/// not it has the speed to act.
pub(crate) fn perceive(m: &mut Monster, player_at: Pos, senses: &Senses) -> bool {
    if !notices(m, player_at, senses) {
        return false;
    }
    let was_hunting = matches!(m.mind, Mind::Hunting { .. });
    m.mind = Mind::Hunting {
        target: player_at,
        patience: PATIENCE,
    };
    !was_hunting
}

/// Chooses `m`'s act, and updates its mind: a hunter that has lost you looks where it last saw
/// you until its patience runs out.
pub(crate) fn decide(
    m: &mut Monster,
    level: &Level,
    player_at: Pos,
    senses: &mut Senses,
    rng: &mut GenRng,
) -> Option<Act> {
    let sees_you = notices(m, player_at, senses);
    match m.mind {
        Mind::Asleep => None,
        Mind::Wandering { heading } => wander(m, heading, level, rng),
        Mind::Hunting { target, patience } => {
            if !sees_you && (m.at == target || patience == 0) {
                // Lost you: back to wandering.
                let heading = Dir8::ALL[rng.below(8) as usize];
                m.mind = Mind::Wandering { heading };
                wander(m, heading, level, rng)
            } else {
                if !sees_you {
                    m.mind = Mind::Hunting {
                        target,
                        patience: patience - 1,
                    };
                }
                hunt(m, target, player_at, level, senses)
            }
        }
    }
}

/// A step down the shortest way to `target`: to the neighbour fewest steps from it (straight
/// steps first among equals), if any is closer than here; the player's tile is an attack.
fn hunt(m: &Monster, target: Pos, player_at: Pos, level: &Level, senses: &mut Senses) -> Option<Act> {
    let opens = m.kind.stats().opens_doors;
    let field = senses.field(&level.map, target, opens);
    let here = field.get(m.at);
    let mut best: Option<(u32, Dir8)> = None;
    for to in crate::paths::neighbours8(m.at) {
        let Some(dir) = Dir8::between(m.at, to) else { continue };
        if !can_step(m, dir, level) && to != player_at {
            continue;
        }
        if to == player_at && dir.is_diagonal() && (level.map.tile(to).is_door() || level.map.tile(m.at).is_door()) {
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
    let chebyshev = |p: Pos| (p.x - target.x).abs().max((p.y - target.y).abs());
    Dir8::ALL
        .into_iter()
        .filter(|&d| can_step(m, d, level) && chebyshev(Dir8::from_pos(m.at, d)) < chebyshev(m.at))
        .min_by_key(|&d| chebyshev(Dir8::from_pos(m.at, d)))
        .map(Act::Step)
}

/// Keeps its heading mostly; turns now and then, and when the way is blocked.
fn wander(m: &mut Monster, heading: Dir8, level: &Level, rng: &mut GenRng) -> Option<Act> {
    let mut heading = heading;
    if rng.below(10) == 0 {
        heading = Dir8::ALL[rng.below(8) as usize];
    }
    if !can_step(m, heading, level) {
        let ways: Vec<Dir8> = Dir8::ALL.into_iter().filter(|&d| can_step(m, d, level)).collect();
        heading = rng.pick(&ways)?;
    }
    m.mind = Mind::Wandering { heading };
    Some(Act::Step(heading))
}

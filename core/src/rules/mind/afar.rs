//! How a monster fights from afar, or keeps away to: an archer's shots, a caster's spells (the
//! confuser, the breather, the web-thrower, the summoner, the shielder), the blinker's blink, the
//! guardian's choice by its phase, and the line of fire they all need.

use super::{adjacent, chebyshev, distance_sq, hunt, step_away};
use crate::geom::Pos;
use crate::rng::GenRng;
use crate::rules::Act;
use crate::rules::senses::Senses;
use crate::world::{CAST_ONE_IN, Habit, Level, Mind, Monster, Phase, SUMMONS_MOST};

/// An archer that sees you: next to you, half the time it steps back (if it can) and else
/// fights; it shoots if the line of fire to you is clear and within `range`, and otherwise
/// closes in.
pub(super) fn shoot_or_keep_away(
    m: &Monster,
    range: u32,
    player_at: Pos,
    level: &Level,
    senses: &mut Senses,
    rng: &mut GenRng,
) -> Option<Act> {
    if adjacent(m.at, player_at) {
        if rng.coin()
            && let Some(away) = step_away(m, player_at, level, senses)
        {
            return Some(away);
        }
        return hunt(m, player_at, player_at, level, senses);
    }
    if chebyshev(m.at, player_at) <= range && clear_shot(level, m.at, player_at) {
        return Some(Act::Shoot(player_at));
    }
    hunt(m, player_at, player_at, level, senses)
}

/// A caster that sees you (a confuser, a breather): one turn in `CAST_ONE_IN` it casts at you
/// along a clear line within `range`; else it keeps its distance (a step back when you are two
/// tiles off or nearer, fighting when cornered next to you), and closes in from beyond its range.
pub(super) fn cast_or_keep_away(
    m: &Monster,
    range: u32,
    player_at: Pos,
    level: &Level,
    senses: &mut Senses,
    rng: &mut GenRng,
) -> Option<Act> {
    let far = chebyshev(m.at, player_at);
    if far > range {
        return hunt(m, player_at, player_at, level, senses);
    }
    if far > 1 && clear_shot(level, m.at, player_at) && rng.below(CAST_ONE_IN) == 0 {
        return Some(Act::Shoot(player_at));
    }
    keep_away(m, player_at, level, senses)
}

/// How far a summoner summons from: as far as it sees.
pub(super) const SUMMONS_RANGE: u32 = 8;

/// A caster keeping its distance: a step back when you are two tiles off or nearer, fighting
/// when cornered next to you, closing in from beyond its sight, and else waiting.
pub(super) fn keep_away(m: &Monster, player_at: Pos, level: &Level, senses: &mut Senses) -> Option<Act> {
    let far = chebyshev(m.at, player_at);
    if far > m.kind.stats().sight {
        return hunt(m, player_at, player_at, level, senses);
    }
    if far <= 2
        && let Some(away) = step_away(m, player_at, level, senses)
    {
        return Some(away);
    }
    if far == 1 {
        return hunt(m, player_at, player_at, level, senses);
    }
    Some(Act::Wait)
}

/// Where a fellow of `m`'s stands that it would shield: one in a fight (hunting), unshielded,
/// not `m` itself, within `range` along a clear line; the nearest (then the first) of them.
pub(super) fn fellow_to_shield(m: &Monster, range: u32, level: &Level) -> Option<Pos> {
    level
        .monsters
        .iter()
        .filter(|o| o.id != m.id && o.is_hostile() && o.hp <= o.max_hp())
        .filter(|o| matches!(o.mind, Mind::Hunting { .. }) && o.kind.stats().habit != Habit::Fades)
        .filter(|o| chebyshev(o.at, m.at) <= range && clear_shot(level, m.at, o.at))
        .min_by_key(|o| (chebyshev(o.at, m.at), o.id))
        .map(|o| o.at)
}

/// Whether a blinker at `from` may blink to `to`: open ground (not a door), along a clear line.
/// Who stands there is the caller's to ask.
pub(crate) fn blink_spot(level: &Level, from: Pos, to: Pos) -> bool {
    level
        .map
        .get(to)
        .is_some_and(|t| t.is_walkable() && !t.is_door() && t.holds_items())
        && clear_shot(level, from, to)
}

/// A blink to the free tile next to the player nearest `m`, along a clear line from it.
pub(super) fn blink_beside(m: &Monster, player_at: Pos, level: &Level) -> Option<Act> {
    crate::paths::neighbours8(player_at)
        .into_iter()
        .filter(|&p| level.monster_at(p).is_none() && blink_spot(level, m.at, p))
        .min_by_key(|&p| (distance_sq(p, m.at), p.y, p.x))
        .map(Act::Blink)
}

/// Whether a shot from `from` flies to `to` with nothing (no wall, shut door or monster) in
/// between: it stops at `to`, on nobody or on the one standing there. (Under rules 8 a monster
/// at `to` counted as in the way, so no archer ever shot an ally.)
pub fn clear_shot(level: &Level, from: Pos, to: Pos) -> bool {
    let flight = crate::rules::flight(level, from, to);
    flight.stop == to
        && flight
            .hits
            .is_none_or(|id| level.monster_at(to).is_some_and(|m| m.id == id))
}

/// The guardian that sees you, by its phase (`Phase`): whole, it closes in and fights; hurt, one
/// turn in `CAST_ONE_IN` it summons (while blades are few); desperate, it breathes fire where its
/// breath reaches as well. `target` is where it hunts, `player_at` where you stand.
pub(super) fn guard(
    m: &Monster,
    range: u32,
    (target, player_at): (Pos, Pos),
    level: &Level,
    senses: &mut Senses,
    rng: &mut GenRng,
) -> Option<Act> {
    let (breath, summons) = guard_may(m, range, player_at, level);
    if (breath || summons) && rng.below(CAST_ONE_IN) == 0 {
        Some(Act::Shoot(player_at)) // it breathes fire where it reaches, else summons
    } else {
        hunt(m, target, player_at, level, senses)
    }
}

/// What the guardian `m` may do at `to` by its phase: breathe fire (desperate, `to` within `range`
/// along a clear line and not next to it), and summon (hurt, fewer than `SUMMONS_MOST` summoned on
/// the level). One answer for its choice and the rules' judgement of it.
pub(crate) fn guard_may(m: &Monster, range: u32, to: Pos, level: &Level) -> (bool, bool) {
    let phase = Phase::of(m.hp, m.max_hp());
    let far = chebyshev(m.at, to);
    let breath = phase == Phase::Desperate && far > 1 && far <= range && clear_shot(level, m.at, to);
    (breath, phase >= Phase::Hurt && summoned(level) < SUMMONS_MOST)
}

/// How many summoned things (kinds that fade: spectral blades) stand on `level`.
pub(crate) fn summoned(level: &Level) -> usize {
    level
        .monsters
        .iter()
        .filter(|o| o.kind.stats().habit == Habit::Fades)
        .count()
}

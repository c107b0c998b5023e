//! How an ally chooses what to do. It fights the monsters it sees (by its own line of sight, as
//! every monster sees: `Senses::see_ally`), the nearest first: a follower only those near the
//! player (it does not run off after a far one), a waiting one only those that come to it. With
//! no foe in sight a follower keeps close to the player, and a waiting one stays where it was
//! told. It never strikes the player; the player walking into it changes places with it.

use super::mind::{adjacent, chebyshev, clear_shot, distance_sq, step_toward};
use super::senses::Senses;
use super::{Act, diagonal_doorway};
use crate::geom::{Dir8, Pos};
use crate::world::{Habit, Level, Mind, Monster};

/// A following ally fights foes up to this many steps from the player, and no farther.
pub const LEASH: u32 = 7;
/// A following ally with nothing to fight keeps within this many steps of the player.
pub const CLOSE: u32 = 2;

/// Chooses the ally `m`'s act (it looks about first).
pub(crate) fn decide(m: &Monster, level: &Level, player_at: Pos, senses: &mut Senses) -> Option<Act> {
    let Mind::Ally { waiting, .. } = m.mind else {
        return None;
    };
    let stats = m.kind.stats();
    senses.see_ally(&level.map, m.id, m.at, crate::world::MAX_SIGHT);
    let r = i64::from(stats.sight);
    let foe = level
        .monsters
        .iter()
        .filter(|o| o.is_hostile() && distance_sq(o.at, m.at) <= r * r)
        .filter(|o| senses.ally_sees(&level.map, m.id, o.at))
        .filter(|o| {
            if waiting {
                chebyshev(o.at, m.at) <= 1 || matches!(stats.habit, Habit::Archer(_))
            } else {
                chebyshev(o.at, player_at) <= LEASH
            }
        })
        .min_by_key(|o| (chebyshev(o.at, m.at), o.id));
    if let Some(foe) = foe {
        if adjacent(m.at, foe.at) && !diagonal_doorway(&level.map, m.at, foe.at) {
            return Dir8::between(m.at, foe.at).map(Act::Step);
        }
        if let Habit::Archer(range) = stats.habit
            && chebyshev(m.at, foe.at) <= range
            && clear_shot(level, m.at, foe.at)
        {
            return Some(Act::Shoot(foe.at));
        }
        if !waiting {
            let hostile = |p: Pos| level.monster_at(p).is_some_and(Monster::is_hostile);
            if let Some(act) = step_toward(m, foe.at, player_at, level, senses, hostile) {
                return Some(act);
            }
        }
        return Some(Act::Wait);
    }
    if waiting || chebyshev(m.at, player_at) <= CLOSE {
        return Some(Act::Wait);
    }
    let hostile = |p: Pos| level.monster_at(p).is_some_and(Monster::is_hostile);
    step_toward(m, player_at, player_at, level, senses, hostile).or(Some(Act::Wait))
}

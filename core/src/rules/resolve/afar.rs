//! Judging what a monster's habit does besides a step or a blow: a shot, a spell or a breath
//! (`Act::Shoot` by the kind's habit: an archer's arrow, confusion, fire, a web, a summons, a
//! shield, the guardian's by its phase), and what a blow that hits brings with it (a burner's
//! fire, an acid mound's acid, a jelly's split).

use crate::geom::Pos;
use crate::map::Tile;
use crate::rng::GenRng;
use crate::world::{Habit, Pack};

use super::{Actor, Scene, diagonal_doorway, roll_damage};
use crate::rules::{Effect, Refusal, Who, mind};

/// What a shot (a spell, a breath) at `at` by `actor` comes to, by its habit, or why not.
pub(super) fn shot(scene: &Scene, actor: &Actor, at: Pos, rng: &mut GenRng) -> Result<Vec<Effect>, Refusal> {
    let in_reach = |range: u32| mind::chebyshev(actor.at, at) <= range && mind::clear_shot(scene.level, actor.at, at);
    match (actor.habit, scene.occupant(at)) {
        (Habit::Archer(range), Some(target)) if scene.enemies(actor.who, target) && in_reach(range) => {
            let damage = roll_damage(actor.attack, target, scene.guard(), rng);
            Ok(vec![Effect::Shot { target, damage }])
        }
        // A spell of confusion takes only the player (monsters have no head to spin).
        (Habit::Confuses(range), Some(Who::Player)) if scene.enemies(actor.who, Who::Player) && in_reach(range) => {
            Ok(vec![Effect::Confused(crate::world::CONFUSE_TURNS)])
        }
        (Habit::Breathes(range), Some(target)) if scene.enemies(actor.who, target) && in_reach(range) => {
            Ok(vec![Effect::Ignited(at)])
        }
        // A web catches only the player (an ally tears through it).
        (Habit::Webs(range), Some(Who::Player)) if scene.enemies(actor.who, Who::Player) && in_reach(range) => {
            Ok(vec![Effect::Netted(crate::world::WEB_TURNS)])
        }
        // The guardian by its phase: hurt, it summons (while blades are few); desperate, it
        // breathes fire where its breath reaches, and summons from farther.
        (Habit::Guards(range), Some(target)) if scene.enemies(actor.who, target) => {
            let Some(guard) = scene.monster(actor_id(actor)) else {
                return Err(Refusal::NoShot);
            };
            let (breath, summon) = mind::guard_may(guard, range, at, scene.level);
            if breath {
                return Ok(vec![Effect::Ignited(at)]);
            }
            let summoned = if summon { summons(scene, actor, rng) } else { Vec::new() };
            if summoned.is_empty() {
                Err(Refusal::NoShot)
            } else {
                Ok(summoned)
            }
        }
        (Habit::Summons, Some(target)) if scene.enemies(actor.who, target) => {
            let summoned = summons(scene, actor, rng);
            if summoned.is_empty() {
                Err(Refusal::NoShot)
            } else {
                Ok(summoned)
            }
        }
        (Habit::Shields(range), Some(Who::Monster(id)))
            if id != actor_id(actor)
                && in_reach(range)
                && !scene.enemies(actor.who, Who::Monster(id))
                && scene.monster(id).is_some_and(|m| m.is_hostile() && m.hp <= m.max_hp()) =>
        {
            Ok(vec![Effect::Shielded(id)])
        }
        _ => Err(Refusal::NoShot),
    }
}

/// The id of a monster actor (the player's is none: `u32::MAX`).
const fn actor_id(actor: &Actor) -> u32 {
    match actor.who {
        Who::Monster(id) => id,
        Who::Player => u32::MAX,
    }
}

/// A summoner's summons: two spectral blades on free floor beside it, up to `SUMMONS_MOST` of
/// them on the level.
fn summons(scene: &Scene, actor: &Actor, rng: &mut GenRng) -> Vec<Effect> {
    let kind = crate::world::Kind::SpectralBlade;
    let there = mind::summoned(scene.level);
    let mut free: Vec<Pos> = free_beside(scene, actor.at)
        .filter(|&p| !scene.level.map.tile(p).is_door())
        .collect();
    let mut out = Vec::new();
    while out.len() < 2 && there + out.len() < crate::world::SUMMONS_MOST && !free.is_empty() {
        let at = free.swap_remove(rng.below(free.len() as u32) as usize);
        out.push(Effect::Summoned { kind, at });
    }
    out
}

/// What a blow that hit `target` brings besides its damage, by the habits of the striker and
/// the struck: a burner's sets the ground alight, an acid one eats at the player's armour, and
/// a splitter struck and not slain splits onto a free tile beside it.
pub(super) fn after_a_hit(scene: &Scene, actor: &Actor, target: Who, blow: &Effect, rng: &mut GenRng) -> Vec<Effect> {
    let mut effects = Vec::new();
    let target_at = match target {
        Who::Player => scene.player_at,
        Who::Monster(id) => match scene.monster(id) {
            Some(m) => m.at,
            None => return effects,
        },
    };
    match actor.habit {
        Habit::Burns => effects.push(Effect::Ignited(target_at)),
        Habit::Corrodes
            if target == Who::Player
                && scene.player_pack.and_then(Pack::worn).is_some()
                && rng.below(crate::world::CORRODE_ONE_IN) == 0 =>
        {
            effects.push(Effect::Corroded);
        }
        _ => {}
    }
    if let (Who::Monster(id), Effect::Attacked { damage: Some(d), .. }) = (target, *blow)
        && let Some(m) = scene.monster(id)
        && m.kind.stats().habit == Habit::Splits
        && m.hp - d >= 2
    {
        let free: Vec<Pos> = free_beside(scene, m.at).collect();
        if let Some(to) = rng.pick(&free) {
            effects.push(Effect::Split { id, to });
        }
    }
    effects
}

/// The tiles beside `from` something may stand up on (a split, a summons): walkable, nobody there,
/// not across a doorway's corner; in `neighbours8`'s order.
pub(crate) fn free_beside<'s>(scene: &'s Scene, from: Pos) -> impl Iterator<Item = Pos> + 's {
    crate::paths::neighbours8(from).into_iter().filter(move |&p| {
        scene.occupant(p).is_none()
            && scene.level.map.get(p).is_some_and(Tile::is_walkable)
            && !diagonal_doorway(&scene.level.map, from, p)
    })
}

//! A whole turn: the player's action, then (if it took a turn) slow healing, the noise it made
//! reaching who can hear it, and every monster on the level acting by its speed, each through
//! `resolve` and `apply` like the player. What the player sees of it comes back as lines for
//! the message log, and as the effects applied, in order, with who did them and where
//! (`Happening`): what the view animates.

use super::apply::{Stage, apply};
use super::mind::{self, distance_sq};
use super::senses::Senses;
use super::{Act, Actor, Effect, Refusal, Scene, Who, items, noise, resolve, terrain};
use crate::fov::Viewshed;
use crate::geom::{Dir8, Pos};
use crate::map::Tile;
use crate::rng::GenRng;
use crate::world::{
    ALLY_HEALS_EVERY, Boon, Doors, FADES_ONE_IN, Habit, Hunger, IRON_STOMACH_SKIPS, ItemKind, Kind, MAX_SIGHT, Mind,
    Monster, NORMAL_SPEED, QUARTERS, REGENERATES_EVERY, REGENERATION_EVERY,
};

/// The player heals one hit point every this many turns (`REGENERATION_EVERY` with the boon).
pub(crate) const HEAL_EVERY: u64 = 6;
/// How many times a blow's damage an assassin's stab does.
pub const ASSASSIN_STAB: i32 = 5;

/// What a turn came to, for the player.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    /// Lines for the message log, in order.
    pub messages: Vec<String>,
    /// The level the player arrived on, if the turn took the stairs.
    pub entered: Option<u32>,
    /// Every effect applied that the player saw (or felt), in the order applied.
    pub happened: Vec<Happening>,
    /// What monsters did out of the player's sight, in the order applied: never told, but what
    /// a view lets the player hear (the noise rule's walk decides how well).
    pub heard: Vec<Happening>,
    /// Turns the player has still to struggle in a monster's web this round (the monsters act
    /// meanwhile).
    held: u32,
    /// Whether a web caught the player this round: one a round, so the player acts between webs.
    webbed: bool,
}

/// One effect applied in a round, as the view needs it: who did it, from where, and the tile
/// it came to (where a step, a flight or a teleport ended, the door, the one hit or put to
/// sleep, what was picked up; else where the actor stood).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Happening {
    /// Who did it.
    pub who: Who,
    /// Where it stood when it did.
    pub from: Pos,
    /// The tile it came to.
    pub at: Pos,
    /// What happened.
    pub effect: Effect,
}

impl Happening {
    /// `who`, standing at `from` in `stage`, about to apply `effect` (before it is applied: a
    /// monster killed is still where it stood).
    fn of(stage: &Stage, who: Who, from: Pos, effect: Effect) -> Happening {
        let monster_at = |id: u32| {
            let level = stage.dungeon.level();
            level.monsters.iter().find(|m| m.id == id).map_or(from, |m| m.at)
        };
        let at = match effect {
            Effect::Moved { to, .. } | Effect::Flew { to, .. } | Effect::Teleported(to) | Effect::Blinked(to) => to,
            Effect::DoorOpened(p) | Effect::DoorClosed(p) | Effect::DoorUnlocked(p) | Effect::DoorSmashed(p) => p,
            Effect::Attacked { target, .. } | Effect::Shot { target, .. } => match target {
                Who::Player => stage.player.at,
                Who::Monster(id) => monster_at(id),
            },
            Effect::Slept(id)
            | Effect::Stabbed { target: id, .. }
            | Effect::Struck { target: id, .. }
            | Effect::Unchained(id)
            | Effect::Swapped(id) => monster_at(id),
            Effect::ItemTaken { at, .. } => at,
            Effect::Landed(f) => f.at,
            _ => from,
        };
        Happening { who, from, at, effect }
    }
}

/// The player as the rules see it in `stage`.
fn player_actor<'k>(stage: &'k Stage, keys: &'k [Pos]) -> Actor<'k> {
    Actor {
        who: Who::Player,
        at: stage.player.at,
        keys,
        takes_things: true,
        doors: Doors::Opens,
        habit: Habit::Brute,
        attack: stage.player.attack(),
        has_relic: stage.player.carrying.relic,
        pack: Some(&stage.player.pack),
        stab: if stage.player.has(Boon::Shadow) {
            crate::world::SHADOW_STAB
        } else if stage.player.has(Boon::Assassin) {
            ASSASSIN_STAB
        } else {
            super::resolve::SNEAK_ATTACK
        },
        bash: stage.player.has(Boon::ShieldBash) && stage.player.pack.worn().is_some(),
        // Levitating, the player floats; fireproof, it wades lava.
        ground: if stage.player.status.levitation > 0 {
            crate::world::Ground::Flies
        } else if stage.player.status.fire_immunity > 0 {
            crate::world::Ground::Wades
        } else {
            crate::world::Ground::Walks
        },
    }
}

/// Plays one turn: `act` by the player (refused: no turn passes, and nothing else happens), then
/// healing, the states potions left, the noise it made and the monsters (who, while the player
/// is hasted, act every other turn). A sneaking step takes two turns. `sight` is what the player sees (monsters' doings beyond it are not told,
/// and things are aimed only at what is in it); `turn` counts turns taken.
pub fn play_round(
    stage: &mut Stage,
    act: Act,
    rng: &mut GenRng,
    turn: &mut u64,
    senses: &mut Senses,
    sight: &Viewshed,
) -> Result<Round, Refusal> {
    let radius = sight.radius();
    let depth = stage.dungeon.depth();
    let keys = stage.player.keys.doors_on(depth);
    let scene = Scene {
        level: stage.dungeon.level(),
        depth,
        deepest: stage.dungeon.deepest(),
        player_at: stage.player.at,
        player_armour: stage.player.armour(),
        player_pack: Some(&stage.player.pack),
        mode: stage.dungeon.mode(),
    };
    let effects = match act {
        _ if act.is_item_act() => items::resolve(&scene, stage.player, sight, act, rng)?,
        Act::Step(dir) | Act::Sneak(dir) if stage.player.status.confusion > 0 => {
            // Confused, half the steps go astray; one into a wall is a stumble, and still a turn.
            let dir = if rng.coin() {
                Dir8::ALL[rng.below(8) as usize]
            } else {
                dir
            };
            let actor = player_actor(stage, &keys);
            let to = crate::geom::Dir8::from_pos(actor.at, dir);
            match scene.level.map.get(to) {
                // A stumble is not a choice: lava takes the confused.
                Some(crate::map::Tile::Lava) if scene.occupant(to).is_none() => {
                    super::resolve::arrive(&scene, &actor, to, crate::map::Tile::Lava, rng)
                }
                _ => resolve(&scene, &actor, Act::Step(dir), rng).unwrap_or_else(|_| vec![Effect::Waited]),
            }
        }
        Act::Search => terrain::search(scene.level, stage.player.at, reach(stage.player), Some(sight), rng),
        Act::Shoot(_) => return Err(Refusal::NoShot), // the player throws (`Act::Aim`)
        _ => resolve(&scene, &player_actor(stage, &keys), act, rng)?,
    };
    let mut effects = effects;
    // A ring of reaping turns the blows landed into its staffs' charges (or drains them).
    let reaping = stage.player.pack.ring_plus(ItemKind::Reaping);
    if reaping != 0 {
        let dealt: i32 = effects.iter().map(Effect::damage_dealt).sum();
        if dealt > 0 {
            effects.push(Effect::Reaped(dealt * reaping * i32::from(QUARTERS)));
        }
    }
    let mut round = Round::default();
    for effect in &effects {
        round
            .happened
            .push(Happening::of(stage, Who::Player, stage.player.at, *effect));
        let applied = apply(stage, Who::Player, effect);
        round.messages.extend(applied.message);
        round.entered = round.entered.or(applied.entered);
    }
    // Noise is made where the player is now (on the new level, after the stairs: none there).
    let loudness = if round.entered.is_some() {
        0
    } else {
        noise::hushed(
            noise::clanking(
                noise::shadowed(noise::loudness(act, &effects), act, stage.player.has(Boon::Shadow)),
                stage.player.pack.worn(),
            ),
            stage.player.pack.ring_plus(ItemKind::Stealth),
        )
    };
    // A sneaking step (or a door eased open) takes two turns; a blow is a blow however it came.
    // Caught in a net, the player struggles while the turns pass.
    let blows = effects.iter().any(Effect::is_blow);
    let hammer = blows && stage.player.pack.wielded() == Some(ItemKind::Hammer);
    let slow = (matches!(act, Act::Sneak(_)) && !blows) || hammer;
    // Heavy armour takes a while to put on.
    let donning: u32 = effects
        .iter()
        .filter_map(|e| match *e {
            Effect::Equipped(s) => stage.player.pack.get(s as usize),
            _ => None,
        })
        .map(|i| u32::from(noise::armour_weight(i.kind).1))
        .sum();
    let netted: u8 = effects
        .iter()
        .map(|e| match *e {
            Effect::Netted(n) | Effect::Paralysed(n) => n,
            _ => 0,
        })
        .sum();
    let mut turns = if slow { 2 } else { 1 } + u32::from(netted) + donning;
    // A web thrown meanwhile holds the player for its turns more.
    while turns > 0 || round.held > 0 {
        if turns > 0 {
            turns -= 1;
        } else {
            round.held -= 1;
        }
        pass_turn(stage, rng, turn, senses, radius, loudness, &mut round);
    }
    Ok(round)
}

/// A turn passes after the player's act: healing or poison, the states running down, and (but
/// every other turn while hasted) the monsters acting, after the noise of `loudness`.
fn pass_turn(
    stage: &mut Stage,
    rng: &mut GenRng,
    turn: &mut u64,
    senses: &mut Senses,
    radius: u32,
    loudness: u32,
    round: &mut Round,
) {
    *turn += 1;
    if stage.record.ending.is_some() {
        return;
    }
    let status = stage.player.status;
    let poisoned = status.poison > 0;
    // Hasted, the monsters skip every other turn: those the haste wears down to an odd count.
    let skip_monsters = status.haste > 0 && (status.haste - 1) % 2 == 1;
    if status.any() {
        befall(stage, Effect::StatesWore, round);
        // Come down over a chasm, the player falls; over lava, it burns (unless fireproof).
        if status.levitation == 1 {
            let tile = stage.dungeon.level().map.tile(stage.player.at);
            let landing = match tile {
                Tile::Chasm if stage.dungeon.depth() < stage.dungeon.deepest() => terrain::fall(rng),
                Tile::Lava if stage.player.status.fire_immunity == 0 => vec![Effect::Harmed {
                    cause: super::Harm::Lava,
                    damage: super::resolve::LAVA_DAMAGE,
                }],
                _ => Vec::new(),
            };
            for effect in landing {
                befall(stage, effect, round);
                if stage.record.ending.is_some() {
                    return;
                }
            }
        }
    }
    if stage.player.pack.ticking() {
        befall(stage, Effect::GearTicked, round);
    }
    if poisoned {
        befall(stage, Effect::PoisonHurt, round);
        if stage.record.ending.is_some() {
            return;
        }
    } else if stage.player.hunger() < Hunger::Weak {
        // Weak with hunger, the player no longer heals.
        let every = heal_every(stage.player);
        let health = stage.player.health;
        if (*turn).is_multiple_of(every) && health.hp < health.max {
            befall(stage, Effect::Recovered, round);
        }
    }
    // A dungeon without monsters (`--explore`'s, the tests' walks) is a tool, not a run to
    // hurry: no hunger there, or a big level's exploring would starve before it ends.
    if !stage.dungeon.is_peaceful() {
        hunger(stage, *turn, round);
        if stage.record.ending.is_some() {
            return;
        }
    }
    terrain_acts(stage, rng, (senses, radius), round);
    if stage.record.ending.is_some() {
        return;
    }
    if !skip_monsters {
        monsters_act(stage, rng, senses, radius, (loudness, *turn), round);
    }
    if !stage.dungeon.is_peaceful() && stage.record.ending.is_none() {
        reinforce(stage, rng, senses, (radius, *turn), round);
    }
}

/// How many turns the player takes to heal a hit point: `HEAL_EVERY`, `REGENERATION_EVERY` with
/// the boon, and a ring of regeneration's plus `p` makes it `every * 3 / (3 + p)` (at least 1; a
/// cursed ring's `every * (3 - p) / 3`).
pub fn heal_every(player: &crate::world::Player) -> u64 {
    let every = if player.has(Boon::TrollBlood) {
        crate::world::TROLL_BLOOD_EVERY
    } else if player.has(Boon::Regeneration) {
        REGENERATION_EVERY
    } else {
        HEAL_EVERY
    };
    let ring = i64::from(player.pack.ring_plus(ItemKind::Regeneration));
    let every = every as i64;
    let every = if ring >= 0 {
        every * 3 / (3 + ring)
    } else {
        every * (3 - ring) / 3
    };
    every.max(1) as u64
}

/// Turns between two chances of a newcomer to the level (Brogue spawns a wandering horde now and
/// then): a level cleared and left long is not left empty.
pub const REINFORCE_EVERY: u64 = 125;
/// The chance of a newcomer each time, in percent.
pub const REINFORCE_PERCENT: u32 = 50;
/// The least distance (in steps as the crow flies) from the player a newcomer arrives at.
pub const REINFORCE_FAR: u32 = 12;

/// Every `REINFORCE_EVERY` turns, while the level holds fewer monsters than it was made with on
/// average (`generation::population`), half the time a monster of its depth comes, wandering, on
/// room floor the player has no line of sight to and at least `REINFORCE_FAR` away.
fn reinforce(stage: &mut Stage, rng: &mut GenRng, senses: &mut Senses, (radius, turn): (u32, u64), round: &mut Round) {
    if !turn.is_multiple_of(REINFORCE_EVERY) {
        return;
    }
    let depth = stage.dungeon.depth();
    let level = stage.dungeon.level();
    let map = &level.map;
    if level.monsters.len() >= crate::generation::population(depth, map.width() * map.height()) {
        return;
    }
    if !rng.percent(REINFORCE_PERCENT) {
        return;
    }
    let player_at = stage.player.at;
    senses.look(map, player_at, radius.max(MAX_SIGHT));
    let kind = Kind::choose(depth, rng);
    let heading = Dir8::ALL[rng.below(8) as usize];
    let fits = |p: Pos| {
        map.get(p) == Some(Tile::Floor)
            && !senses.in_line(p)
            && mind::chebyshev(p, player_at) >= REINFORCE_FAR
            && level.monster_at(p).is_none()
            && level.trap_at(p).is_none()
            && level.key_at(p).is_none()
            && level.relic != Some(p)
    };
    let (w, h) = (map.width(), map.height());
    let Some(at) = (0..40)
        .map(|_| Pos::new(rng.below(w) as i32, rng.below(h) as i32))
        .find(|&p| fits(p))
    else {
        return;
    };
    let effect = Effect::Reinforced { kind, at, heading };
    let id = level.next_monster_id();
    round.messages.extend(apply(stage, Who::Monster(id), &effect).message);
    round.happened.push(Happening::of(stage, Who::Monster(id), at, effect));
}

/// The player's stomach empties by a turn's food (an iron stomach skips one turn in three); the
/// log warns as it crosses each threshold, and an empty stomach hurts a hit point a turn.
fn hunger(stage: &mut Stage, turn: u64, round: &mut Round) {
    if stage.player.has(Boon::IronStomach) && turn.is_multiple_of(IRON_STOMACH_SKIPS) {
        return;
    }
    befall(stage, Effect::Digested, round);
    if stage.player.hunger() == Hunger::Starving {
        befall(stage, Effect::Starved, round);
    }
}

/// `effect`, which the turn does to the player where it stands (poison, an empty stomach),
/// applied and told.
fn befall(stage: &mut Stage, effect: Effect, round: &mut Round) {
    let at = stage.player.at;
    round.happened.push(Happening::of(stage, Who::Player, at, effect));
    round.messages.extend(apply(stage, Who::Player, &effect).message);
}

/// How far the player's search reaches (keen eyes: farther).
fn reach(player: &crate::world::Player) -> i32 {
    if player.has(Boon::KeenEyes) {
        crate::world::KEEN_REACH
    } else {
        1
    }
}

/// The terrain's part of a turn: fire and gas spread and hurt whoever stands in them, and the
/// player notices what is hidden next to it, now and then.
fn terrain_acts(stage: &mut Stage, rng: &mut GenRng, (senses, radius): (&mut Senses, u32), round: &mut Round) {
    let mut felt = Vec::new();
    if stage.dungeon.level().is_astir() {
        // The terrain's own effects name no doer; each is done by the one writer, as the player's
        // turn's.
        for effect in terrain::stirs(stage.dungeon.level(), rng) {
            apply(stage, Who::Player, &effect);
        }
        felt = terrain::harms(stage.dungeon.level(), stage.player.at, rng);
    }
    let at = stage.player.at;
    felt.extend(
        terrain::notice(
            stage.dungeon.level(),
            at,
            (
                stage.player.has(Boon::KeenEyes),
                stage.player.pack.ring_plus(ItemKind::Awareness),
            ),
            rng,
        )
        .into_iter()
        .map(|e| (Who::Player, e)),
    );
    // What happens to monsters is told only of those the player sees (the sight is looked at
    // only then).
    if felt.iter().any(|(who, _)| *who != Who::Player) {
        senses.look(&stage.dungeon.level().map, at, radius.max(MAX_SIGHT));
    }
    for (who, effect) in felt {
        if stage.record.ending.is_some() {
            return;
        }
        let from = match who {
            Who::Player => stage.player.at,
            Who::Monster(id) => {
                let level = stage.dungeon.level();
                level.monster_index(id).map_or(at, |i| level.monsters[i].at)
            }
        };
        let seen = who == Who::Player || (senses.in_line(from) && distance_sq(from, at) <= i64::from(radius).pow(2));
        if seen {
            round.happened.push(Happening::of(stage, who, from, effect));
        } else {
            round.heard.push(Happening::of(stage, who, from, effect));
        }
        let applied = apply(stage, who, &effect);
        if seen {
            round.messages.extend(applied.message);
        }
    }
}

/// Every monster on the current level acts, in order, as often as its speed allows this turn,
/// after hearing the player's noise (`loudness`) and healing by its kind on turn `turn`.
pub(crate) fn monsters_act(
    stage: &mut Stage,
    rng: &mut GenRng,
    senses: &mut Senses,
    radius: u32,
    (loudness, turn): (u32, u64),
    round: &mut Round,
) {
    let messages = &mut round.messages;
    let happened = &mut round.happened;
    let player_at = stage.player.at;
    let reach = radius.max(MAX_SIGHT);
    senses.look(&stage.dungeon.level().map, player_at, reach);
    senses.light_up(stage.dungeon, stage.player, radius);
    let depth = stage.dungeon.depth();
    if loudness > 0 {
        senses.listen(&stage.dungeon.level().map, player_at, loudness);
    } else {
        senses.hush();
    }
    senses.crowd_in(stage.dungeon.level());
    senses.see_allies(stage.dungeon.level());
    let seen = |senses: &Senses, p: Pos| senses.in_line(p) && distance_sq(p, player_at) <= i64::from(radius).pow(2);
    let deepest = stage.dungeon.deepest();
    // By id: a monster may leave the level on its turn (a trapdoor) or die (a dart trap).
    let ids: Vec<u32> = stage.dungeon.level().monsters.iter().map(|m| m.id).collect();
    for id in ids {
        let Some(i) = stage.dungeon.level().monster_index(id) else {
            continue;
        };
        if heals(&stage.dungeon.level().monsters[i], turn) {
            let (at, effect) = (stage.dungeon.level().monsters[i].at, Effect::Regenerated);
            happened.push(Happening::of(stage, Who::Monster(id), at, effect));
            messages.extend(apply(stage, Who::Monster(id), &effect).message);
        }
        let m = stage.dungeon.level().monsters[i];
        if m.hp > m.max_hp() {
            apply(stage, Who::Monster(id), &Effect::Waned); // a shield fades a point a turn
        }
        if m.kind.stats().habit == Habit::Fades && rng.below(FADES_ONE_IN) == 0 {
            let happening = Happening::of(stage, Who::Monster(id), m.at, Effect::Vanished);
            let applied = apply(stage, Who::Monster(id), &Effect::Vanished);
            if seen(senses, m.at) {
                messages.extend(applied.message);
                happened.push(happening);
            } else {
                round.heard.push(happening);
            }
            senses.crowd_in(stage.dungeon.level());
            continue;
        }
        let mut m = stage.dungeon.level().monsters[i];
        m.energy += m.kind.stats().speed;
        let notice = |m: &Monster| match m.champion {
            Some(_) => format!("{}, a champion, notices you!", m.called()),
            None => format!("The {} notices you!", m.kind.name()),
        };
        let was_asleep = m.mind == Mind::Asleep;
        let shown = |senses: &Senses, m: &Monster, level: &crate::world::Level| {
            seen(senses, m.at) && !m.hidden_from(&level.map, senses.light(), player_at)
        };
        if mind::hear(&mut m, player_at, loudness, stage.dungeon.level(), senses)
            && was_asleep
            && shown(senses, &m, stage.dungeon.level())
        {
            messages.push(format!("The {} wakes up.", m.kind.name()));
        }
        if mind::perceive(&mut m, player_at, senses) && shown(senses, &m, stage.dungeon.level()) {
            messages.push(notice(&m));
        }
        mind::perceive_allies(&mut m, player_at, stage.dungeon.level(), senses);
        stage.dungeon.level_mut().monsters[i] = m;
        while stage.record.ending.is_none() {
            let level = stage.dungeon.level();
            let Some(i) = level
                .monster_index(id)
                .filter(|&i| level.monsters[i].energy >= NORMAL_SPEED)
            else {
                break;
            };
            let mut m = level.monsters[i];
            m.energy -= NORMAL_SPEED;
            if mind::perceive(&mut m, player_at, senses) && shown(senses, &m, stage.dungeon.level()) {
                messages.push(notice(&m));
            }
            let act = if m.is_ally() {
                super::ally::decide(&m, level, player_at, senses)
            } else {
                mind::decide(&mut m, level, player_at, senses, rng)
            };
            stage.dungeon.level_mut().monsters[i] = m;
            let Some(act) = act else { continue };
            let scene = Scene {
                level: stage.dungeon.level(),
                depth,
                deepest,
                player_at,
                player_armour: stage.player.armour(),
                player_pack: Some(&stage.player.pack),
                mode: stage.dungeon.mode(),
            };
            let actor = Actor {
                who: Who::Monster(m.id),
                at: m.at,
                keys: &[],
                takes_things: false,
                doors: m.kind.stats().doors,
                habit: m.kind.stats().habit,
                attack: m.attack(),
                has_relic: false,
                pack: None,
                stab: super::resolve::SNEAK_ATTACK,
                bash: false,
                ground: m.kind.stats().ground(),
            };
            let Ok(effects) = resolve(&scene, &actor, act, rng) else {
                continue; // blocked (a friend moved in the way): the move is lost
            };
            for effect in &effects {
                if matches!(effect, Effect::Netted(_)) && round.webbed {
                    continue; // a web on one caught this round is lost: the player acts between webs
                }
                let was_seen = seen(senses, m.at);
                let Some(i) = stage.dungeon.level().monster_index(id) else {
                    break;
                };
                let from = stage.dungeon.level().monsters[i].at;
                let happening = Happening::of(stage, Who::Monster(m.id), from, *effect);
                let applied = apply(stage, Who::Monster(m.id), effect);
                match *effect {
                    Effect::Moved { to, .. } => senses.crowd_moved(&stage.dungeon.level().map, m.at, to),
                    Effect::Netted(n) => {
                        round.held += u32::from(n);
                        round.webbed = true;
                    }
                    Effect::Summoned { .. } | Effect::Split { .. } => senses.crowd_in(stage.dungeon.level()),
                    _ => {}
                }
                let doors_changed = matches!(
                    effect,
                    Effect::DoorOpened(_) | Effect::DoorClosed(_) | Effect::DoorSmashed(_) | Effect::Tunnelled(_)
                );
                if doors_changed {
                    // Sight through the door changed: look again.
                    senses.look(&stage.dungeon.level().map, player_at, reach);
                }
                let at = stage
                    .dungeon
                    .level()
                    .monster_index(id)
                    .map_or(from, |i| stage.dungeon.level().monsters[i].at);
                let to_player = matches!(
                    effect,
                    Effect::Attacked {
                        target: Who::Player,
                        ..
                    } | Effect::Shot {
                        target: Who::Player,
                        ..
                    } | Effect::Stole(_)
                        | Effect::Confused(_)
                );
                if to_player || was_seen || seen(senses, at) {
                    messages.extend(applied.message);
                    happened.push(happening);
                } else {
                    round.heard.push(happening);
                }
            }
        }
    }
}

/// Whether `m` heals on `turn`, as its kind does (a troll always, a coward while it runs), being
/// hurt.
fn heals(m: &Monster, turn: u64) -> bool {
    let by_kind = match m.kind.stats().habit {
        Habit::Regenerates => turn.is_multiple_of(REGENERATES_EVERY),
        Habit::Coward => m.mind == Mind::Fleeing && turn.is_multiple_of(COWARD_HEALS_EVERY),
        _ => false,
    };
    let as_ally = m.is_ally() && turn.is_multiple_of(ALLY_HEALS_EVERY);
    (by_kind || as_ally) && m.hp < m.max_hp()
}

/// A coward heals a hit point every this many turns while it runs.
pub(crate) const COWARD_HEALS_EVERY: u64 = 2;

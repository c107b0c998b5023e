//! Judging an act: `resolve` turns what an actor tries, in its scene, into the effects it has
//! (dice rolled) or a refusal; steps, bumps, doors, thefts and the attack roll live here.

use crate::geom::{Dir8, Pos};
use crate::map::{DoorState, Tile, TileMap};
use crate::rng::GenRng;
use crate::world::{Attack, Doors, Ground, Habit, Level, Mind, Mode, Monster, Pack};

use super::{Act, Effect, Harm, Refusal, Who, items, mind, terrain};

mod afar;
pub(crate) use afar::free_beside;

/// What the acting actor is and carries.
#[derive(Clone, Copy, Debug)]
pub struct Actor<'a> {
    /// Who it is.
    pub who: Who,
    /// Where it stands.
    pub at: Pos,
    /// Locked doors on this level the actor holds keys to.
    pub keys: &'a [Pos],
    /// Whether it picks up what it walks onto: keys and the relic (the player does).
    pub takes_things: bool,
    /// What a closed door means to it.
    pub doors: Doors,
    /// What it does besides walking and hitting (the player's is `Habit::Brute`).
    pub habit: Habit,
    /// How it fights.
    pub attack: Attack,
    /// Whether it carries the relic (and may leave the dungeon).
    pub has_relic: bool,
    /// Its pack (the player's), which what it walks onto goes into while there is room.
    pub pack: Option<&'a Pack>,
    /// How many times a blow's damage its stab on a sleeper does (`SNEAK_ATTACK`; more for an
    /// assassin).
    pub stab: i32,
    /// Whether a blow of its that hits may knock the foe back (the player's shield bash).
    pub bash: bool,
    /// What ground it goes over (a flier over chasms, lava and deep water, and over traps
    /// without springing them; the player walks).
    pub ground: Ground,
}

/// The world an action is judged in: the level (with its monsters), where it lies, and where
/// the player stands.
#[derive(Clone, Copy, Debug)]
pub struct Scene<'a> {
    /// The level acted on (with its monsters).
    pub level: &'a Level,
    /// Its depth.
    pub depth: u32,
    /// How deep the dungeon goes.
    pub deepest: u32,
    /// Where the player stands.
    pub player_at: Pos,
    /// Up to how much the player's armour takes off a hit.
    pub player_armour: i32,
    /// The player's pack (what a thief may take).
    pub player_pack: Option<&'a Pack>,
    /// How the run is played (how hard a blow on the player lands; armour refused).
    pub mode: Mode,
}

/// What stands between a blow and the player: its armour and the run's difficulty
/// (`Mode::blow_on_player`). A blow on a monster meets `Guard::NONE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Guard {
    /// Up to how much armour takes off a hit.
    pub armour: i32,
    /// The run's mode.
    pub mode: Mode,
}

impl Guard {
    /// Nothing: a blow lands as rolled.
    pub(crate) const NONE: Guard = Guard {
        armour: 0,
        mode: Mode::STANDARD,
    };
}

impl Scene<'_> {
    /// What stands between a blow and the player.
    pub(crate) const fn guard(&self) -> Guard {
        Guard {
            armour: self.player_armour,
            mode: self.mode,
        }
    }

    /// Who stands at `p`.
    pub(crate) fn occupant(&self, p: Pos) -> Option<Who> {
        if p == self.player_at {
            return Some(Who::Player);
        }
        self.level.monster_at(p).map(|m| Who::Monster(m.id))
    }

    /// Whether the monster `id` is asleep (a blow on it is a sneak attack).
    fn asleep(&self, id: u32) -> bool {
        self.monster(id).is_some_and(|m| m.mind == Mind::Asleep)
    }

    /// The monster `id`, if it is on the level.
    fn monster(&self, id: u32) -> Option<&Monster> {
        self.level.monster_index(id).map(|i| &self.level.monsters[i])
    }

    /// The side `who` fights on.
    fn side(&self, who: Who) -> Side {
        match who {
            Who::Player => Side::Ours,
            Who::Monster(id) => match self.monster(id) {
                Some(m) if m.is_ally() => Side::Ours,
                Some(m) if m.is_captive() => Side::Neither,
                _ => Side::Theirs,
            },
        }
    }

    /// Whether `a` and `b` fight each other: the player and its allies fight the other monsters;
    /// nobody fights a captive, and monsters do not fight among themselves.
    pub(crate) fn enemies(&self, a: Who, b: Who) -> bool {
        matches!(
            (self.side(a), self.side(b)),
            (Side::Ours, Side::Theirs) | (Side::Theirs, Side::Ours)
        )
    }
}

/// Which side someone fights on.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    /// The player's, and its allies'.
    Ours,
    /// The monsters'.
    Theirs,
    /// Nobody's: a captive in chains.
    Neither,
}

/// How many times a blow's damage a sneak attack on a sleeping monster does (Brogue triples it).
pub const SNEAK_ATTACK: i32 = 3;

/// What `act` by `actor` comes to in `scene`: the effects, in order (attacks rolled on `rng`),
/// or why not.
pub fn resolve(scene: &Scene, actor: &Actor, act: Act, rng: &mut GenRng) -> Result<Vec<Effect>, Refusal> {
    let map = &scene.level.map;
    match act {
        Act::Wait => Ok(vec![Effect::Waited]),
        Act::Step(dir) | Act::Sneak(dir) => step(scene, actor, dir, rng),
        Act::Shoot(at) => afar::shot(scene, actor, at, rng),
        Act::Blink(to) => {
            let free = scene.occupant(to).is_none() && mind::blink_spot(scene.level, actor.at, to);
            if actor.habit == Habit::Blinks && free && to != actor.at {
                Ok(vec![Effect::Blinked(to)])
            } else {
                Err(Refusal::NoRoomToBlink)
            }
        }
        Act::PickUp
        | Act::Drop(_)
        | Act::Use(_)
        | Act::Equip(_)
        | Act::Unequip(_)
        | Act::Aim { .. }
        | Act::Enchant { .. } => {
            Err(Refusal::CannotUse) // the player's pack: `items::resolve`
        }
        Act::Search => Ok(terrain::search(scene.level, actor.at, 1, None, rng)),
        Act::Order => match scene
            .level
            .monsters
            .iter()
            .filter(|m| m.is_ally())
            .map(|m| m.mind)
            .collect::<Vec<_>>()
        {
            allies if allies.is_empty() => Err(Refusal::NoAllies),
            // Any following are told to wait; if all wait, they are told to follow.
            allies => Ok(vec![Effect::Ordered(
                allies.iter().any(|m| matches!(m, Mind::Ally { waiting: false, .. })),
            )]),
        },
        Act::Close(at) if mind::chebyshev(actor.at, at) != 1 => Err(Refusal::OutOfReach),
        Act::Close(at) => match map.tile(at) {
            Tile::Door(DoorState::Open) if scene.occupant(at).is_some() || actor.at == at => Err(Refusal::DoorBlocked),
            Tile::Door(DoorState::Open) => Ok(vec![Effect::DoorClosed(at)]),
            Tile::Door(_) => Err(Refusal::AlreadyShut),
            _ => Err(Refusal::NoDoor),
        },
        Act::Descend => match map.tile(actor.at) {
            Tile::StairsDown if scene.depth < scene.deepest => Ok(vec![Effect::LevelChanged { to: scene.depth + 1 }]),
            Tile::StairsDown => Err(Refusal::NowhereToGo),
            _ => Err(Refusal::NotOnStairsDown),
        },
        Act::Ascend => match map.tile(actor.at) {
            Tile::StairsUp if scene.depth > 1 => Ok(vec![Effect::LevelChanged { to: scene.depth - 1 }]),
            Tile::StairsUp if scene.deepest == 1 => Err(Refusal::NowhereToGo),
            Tile::StairsUp if actor.has_relic => Ok(vec![Effect::Escaped]),
            Tile::StairsUp => Err(Refusal::NotWithoutRelic),
            _ => Err(Refusal::NotOnStairsUp),
        },
    }
}

/// An attack on `target`, rolled: to hit, then damage, then (on the player) what its armour
/// takes off, never the whole hit, and the run's difficulty (`guard`).
pub(crate) fn roll_attack(attack: Attack, target: Who, guard: Guard, rng: &mut GenRng) -> Effect {
    let damage = roll_damage(attack, target, guard, rng);
    Effect::Attacked { target, damage }
}

/// The damage of an attack on `target`, rolled as `roll_attack` does (`None` for a miss).
fn roll_damage(attack: Attack, target: Who, guard: Guard, rng: &mut GenRng) -> Option<i32> {
    rng.percent(attack.to_hit).then(|| {
        let d = rng.range(attack.damage.0, attack.damage.1);
        if target != Who::Player {
            return d;
        }
        let d = if guard.armour > 0 {
            (d - rng.range(0, guard.armour)).max(1)
        } else {
            d
        };
        guard.mode.blow_on_player(d)
    })
}

/// The player's weapon wielded, if it is the player's blow.
fn wielded(actor: &Actor) -> Option<crate::world::ItemKind> {
    (actor.who == Who::Player).then(|| actor.pack.and_then(crate::world::Pack::wielded))?
}

/// What the player's weapon strikes besides the foe at `to` (the foe struck first): a spear the
/// foe behind it, a war axe every other foe beside the player.
fn weapon_reach(scene: &Scene, actor: &Actor, to: Pos, rng: &mut GenRng) -> Vec<Effect> {
    let foe = |p: Pos| {
        scene
            .occupant(p)
            .filter(|&o| matches!(o, Who::Monster(_)) && scene.enemies(actor.who, o))
    };
    match wielded(actor) {
        Some(crate::world::ItemKind::Spear) => {
            let behind = Pos::new(2 * to.x - actor.at.x, 2 * to.y - actor.at.y);
            let clear = !diagonal_doorway(&scene.level.map, to, behind);
            foe(behind)
                .filter(|_| clear)
                .map(|o| roll_attack(actor.attack, o, Guard::NONE, rng))
                .into_iter()
                .collect()
        }
        Some(crate::world::ItemKind::WarAxe) => crate::paths::neighbours8(actor.at)
            .into_iter()
            .filter(|&p| p != to && !diagonal_doorway(&scene.level.map, actor.at, p))
            .filter_map(foe)
            .collect::<Vec<_>>()
            .into_iter()
            .map(|o| roll_attack(actor.attack, o, Guard::NONE, rng))
            .collect(),
        _ => Vec::new(),
    }
}

/// A rapier's lunge: the player stepping onto free ground `to` toward a foe just beyond it, in
/// the line of the step, strikes it as it lands, never missing, for `LUNGE_TIMES` the damage.
fn lunge(scene: &Scene, actor: &Actor, dir: Dir8, to: Pos, tile: Tile, rng: &mut GenRng) -> Option<Vec<Effect>> {
    if wielded(actor) != Some(crate::world::ItemKind::Rapier)
        || !tile.holds_items()
        || scene.occupant(to).is_some()
        || diagonal_doorway(&scene.level.map, actor.at, to)
    {
        return None;
    }
    let beyond = Dir8::from_pos(to, dir);
    let target = scene
        .occupant(beyond)
        .filter(|&o| matches!(o, Who::Monster(_)) && scene.enemies(actor.who, o))?;
    if diagonal_doorway(&scene.level.map, to, beyond) {
        return None;
    }
    let (lo, hi) = actor.attack.damage;
    let mut effects = arrive(scene, actor, to, tile, rng);
    effects.push(Effect::Attacked {
        target,
        damage: Some(LUNGE_TIMES * rng.range(lo, hi)),
    });
    Some(effects)
}

/// How many times a blow's damage a rapier's lunge does.
pub const LUNGE_TIMES: i32 = 3;

fn step(scene: &Scene, actor: &Actor, dir: Dir8, rng: &mut GenRng) -> Result<Vec<Effect>, Refusal> {
    let map = &scene.level.map;
    let to = Dir8::from_pos(actor.at, dir);
    let Some(tile) = map.get(to) else {
        return Err(Refusal::Wall);
    };
    if diagonal_doorway(map, actor.at, to) {
        return Err(Refusal::DiagonalDoorway);
    }
    if let Some(lunge) = lunge(scene, actor, dir, to, tile, rng) {
        return Ok(lunge);
    }
    let (flies, walker) = (actor.ground == Ground::Flies, actor.who == Who::Player);
    if actor.ground == Ground::Swims && tile != Tile::DeepWater && scene.occupant(to).is_none() {
        return Err(Refusal::Wall); // a swimmer keeps to the deep (and strikes from it)
    }
    match tile {
        // A burrower on the hunt tunnels through rock, never through the level's rim.
        Tile::Wall if actor.ground == Ground::Burrows && !map.on_rim(to) && scene.occupant(to).is_none() => Ok(vec![
            Effect::Tunnelled(to),
            Effect::Moved {
                to,
                onto: Tile::Corridor,
            },
        ]),
        Tile::Wall | Tile::SecretDoor | Tile::SecretCorridor | Tile::Crystal | Tile::Torch => Err(Refusal::Wall),
        Tile::Door(DoorState::Closed) => match actor.doors {
            Doors::Opens => Ok(vec![Effect::DoorOpened(to)]),
            Doors::Smashes => Ok(vec![Effect::DoorSmashed(to)]),
            Doors::Stopped => Err(Refusal::Shut),
        },
        Tile::Door(DoorState::Locked) if actor.keys.contains(&to) => Ok(vec![Effect::DoorUnlocked(to)]),
        Tile::Door(DoorState::Locked) if actor.doors == Doors::Smashes => Ok(vec![Effect::DoorSmashed(to)]),
        Tile::Door(DoorState::Locked) => Err(Refusal::Locked),
        // Only the player goes where harm is (monsters keep out: `senses::enterable`), and never
        // into lava of its own will; fliers go over it all.
        // (A flier over it may still be struck from the shore.)
        Tile::Lava if !flies && actor.ground != Ground::Wades && scene.occupant(to).is_none() => Err(Refusal::Lava),
        Tile::DeepWater if !walker && !flies && actor.ground != Ground::Swims => Err(Refusal::Wall),
        Tile::Chasm if !walker && !flies => Err(Refusal::Wall),
        // A chasm on the deepest level (a map file's) has no level below to fall to.
        Tile::Chasm if scene.depth >= scene.deepest && !flies && scene.occupant(to).is_none() => {
            Err(Refusal::NowhereToGo)
        }
        Tile::Door(DoorState::Open)
        | Tile::Floor
        | Tile::Corridor
        | Tile::StairsDown
        | Tile::StairsUp
        | Tile::Grass
        | Tile::ShallowWater
        | Tile::DeepWater
        | Tile::Chasm
        | Tile::Bridge
        | Tile::Lava
        | Tile::Ashes
        | Tile::Fungus => {
            match scene.occupant(to) {
                Some(Who::Monster(id)) if actor.who == Who::Player && scene.side(Who::Monster(id)) == Side::Neither => {
                    // A bump at a captive works at its chains.
                    return Ok(vec![Effect::Unchained(id)]);
                }
                Some(Who::Monster(id))
                    if actor.who == Who::Player
                        && scene.side(Who::Monster(id)) == Side::Ours
                        && matches!(tile, Tile::Lava | Tile::Chasm) =>
                {
                    return Err(Refusal::Occupied); // a flying ally over the abyss: no place to swap
                }
                Some(Who::Monster(id)) if actor.who == Who::Player && scene.side(Who::Monster(id)) == Side::Ours => {
                    // An ally in the way changes places with the player.
                    let mut effects = vec![Effect::Swapped(id)];
                    effects.extend(arrive(scene, actor, to, tile, rng));
                    return Ok(effects);
                }
                Some(Who::Monster(id)) if actor.who == Who::Player && scene.asleep(id) => {
                    let (lo, hi) = actor.attack.damage;
                    return Ok(vec![Effect::Stabbed {
                        target: id,
                        damage: actor.stab * rng.range(lo, hi),
                    }]);
                }
                Some(other) if scene.enemies(actor.who, other) => {
                    let blow = roll_attack(actor.attack, other, scene.guard(), rng);
                    let hit = matches!(blow, Effect::Attacked { damage: Some(_), .. });
                    if let (true, true, Who::Monster(id)) = (hit, actor.bash, other)
                        && rng.below(crate::world::BASH_ONE_IN) == 0
                    {
                        // Knocked back a tile, if the tile behind is free ground (else it holds).
                        let behind = Pos::new(2 * to.x - actor.at.x, 2 * to.y - actor.at.y);
                        let free = scene
                            .level
                            .map
                            .get(behind)
                            .is_some_and(|t| t.is_walkable() && !t.is_door() && t.holds_items())
                            && scene.occupant(behind).is_none();
                        if free {
                            return Ok(vec![blow, Effect::Shoved { target: id, to: behind }]);
                        }
                    }
                    // A thief carries one thing: with its hands full it only hits (it is
                    // fleeing with what it took, and fights only where it is cornered).
                    let empty_handed = match actor.who {
                        Who::Monster(id) => scene.level.loot_of(id).is_none(),
                        Who::Player => true,
                    };
                    if actor.habit == Habit::Thief
                        && other == Who::Player
                        && hit
                        && empty_handed
                        && let Some(slot) = scene.player_pack.and_then(|p| something_to_steal(p, rng))
                    {
                        return Ok(vec![Effect::Stole(slot)]);
                    }
                    let mut effects = vec![blow];
                    if hit {
                        effects.extend(afar::after_a_hit(scene, actor, other, &blow, rng));
                    }
                    effects.extend(weapon_reach(scene, actor, to, rng));
                    return Ok(effects);
                }
                Some(_) => return Err(Refusal::Occupied),
                None => {}
            }
            Ok(arrive(scene, actor, to, tile, rng))
        }
    }
}

/// What stepping onto the free tile `to` (of kind `tile`) comes to: the step, then what lies
/// there (a key, the relic, an item, for those who take things), a trap sprung, a fall into a
/// chasm, or the weapon lost while swimming.
pub(crate) fn arrive(scene: &Scene, actor: &Actor, to: Pos, tile: Tile, rng: &mut GenRng) -> Vec<Effect> {
    let mut effects = vec![Effect::Moved { to, onto: tile }];
    match actor.ground {
        Ground::Flies | Ground::Swims => return effects, // over (or in) whatever lies below
        Ground::Wades if tile == Tile::Lava => return effects,
        _ => {}
    }
    match tile {
        Tile::Lava => {
            effects.push(Effect::Harmed {
                cause: Harm::Lava,
                damage: LAVA_DAMAGE,
            });
            return effects;
        }
        Tile::Chasm => {
            effects.extend(terrain::fall(rng));
            return effects;
        }
        Tile::DeepWater => {
            // Swimming: one stroke in three, the weapon in hand slips away and sinks.
            if let Some(slot) = actor.pack.and_then(|p| p.weapon)
                && rng.below(3) == 0
            {
                effects.push(Effect::Swept(slot));
            }
            return effects;
        }
        _ => {}
    }
    if actor.takes_things {
        if let Some(&key) = scene.level.key_at(to) {
            effects.push(Effect::KeyTaken(key));
        }
        if scene.level.relic == Some(to) {
            effects.push(Effect::RelicTaken);
        }
        if actor.who == Who::Player
            && let Some(&amount) = scene.level.gold.get(&to)
        {
            effects.push(Effect::GoldTaken { at: to, amount });
        }
        if let Some(pack) = actor.pack
            && let Some(found) = scene.level.item_at(to)
            && !found.sealed
            && pack.room_for(found.item).is_some()
        {
            effects.extend(items::take(found));
        }
    }
    if let Some(trap) = scene.level.trap_at(to) {
        effects.extend(terrain::spring(scene, actor.who, *trap, rng));
    }
    effects
}

/// Lava's damage: more than anyone has.
pub const LAVA_DAMAGE: i32 = 999;

/// A slot a thief may take from `pack`: anything not wielded or worn, chosen at random.
fn something_to_steal(pack: &Pack, rng: &mut GenRng) -> Option<u8> {
    let loose: Vec<u8> = pack
        .items()
        .map(|(s, _)| s as u8)
        .filter(|&s| pack.weapon != Some(s) && pack.armour != Some(s))
        .collect();
    rng.pick(&loose)
}

/// Whether the step from `from` to the next tile `to` is diagonal into or out of a doorway
/// (NetHack's rule, for everyone who walks: never allowed).
pub(crate) fn diagonal_doorway(map: &TileMap, from: Pos, to: Pos) -> bool {
    let door = |p: Pos| map.get(p).is_some_and(|t| t.is_door());
    from.x != to.x && from.y != to.y && (door(from) || door(to))
}

/// The open doors next to `p` (8-way), for "close the only adjacent open door".
pub fn open_doors_around(map: &TileMap, p: Pos) -> Vec<Pos> {
    Dir8::ALL
        .iter()
        .map(|&d| Dir8::from_pos(p, d))
        .filter(|&q| map.get(q) == Some(Tile::Door(DoorState::Open)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::parse_ascii;
    use crate::world::Key;

    fn level(s: &str) -> Level {
        Level::bare(parse_ascii(s.as_bytes()).unwrap())
    }

    /// Far from everything the tests look at.
    const NOWHERE: Pos = Pos::new(-9, -9);

    fn scene(level: &Level) -> Scene<'_> {
        Scene {
            level,
            depth: 2,
            deepest: 10,
            player_at: NOWHERE,
            player_armour: 0,
            player_pack: None,
            mode: Mode::STANDARD,
        }
    }

    fn walker(at: Pos) -> Actor<'static> {
        Actor {
            who: Who::Player,
            at,
            keys: &[],
            takes_things: true,
            doors: Doors::Opens,
            habit: Habit::Brute,
            attack: Attack {
                to_hit: 100,
                damage: (3, 3),
            },
            has_relic: false,
            pack: None,
            stab: SNEAK_ATTACK,
            bash: false,
            ground: Ground::Walks,
        }
    }

    fn resolve(scene: &Scene, actor: &Actor, act: Act) -> Result<Vec<Effect>, Refusal> {
        super::resolve(scene, actor, act, &mut GenRng::new(1))
    }

    fn step_from(scene: &Scene, at: Pos, dir: Dir8) -> Result<Vec<Effect>, Refusal> {
        resolve(scene, &walker(at), Act::Step(dir))
    }

    fn monster(id: u32, at: Pos) -> crate::world::Monster {
        let kind = crate::world::Kind::Goblin;
        crate::world::Monster {
            id,
            kind,
            at,
            hp: kind.stats().max_hp,
            energy: 0,
            mind: crate::world::Mind::Asleep,
            champion: None,
        }
    }

    /// A thief that hits steals from the pack, but carries one thing: with its hands full a hit
    /// is only a hit (rules 6 let a monkey steal twice, and the save of its level was refused
    /// once it died holding one of them).
    #[test]
    fn a_thief_carries_one_thing() {
        let mut l = level("#####\n#.@.#\n#####\n");
        let mut pack = crate::world::Pack::default();
        pack.add(crate::world::Item::one(crate::world::ItemKind::Ration));
        let thief = Actor {
            who: Who::Monster(3),
            habit: Habit::Thief,
            ..walker(Pos::new(1, 1))
        };
        let mut s = scene(&l);
        s.player_at = Pos::new(2, 1);
        s.player_pack = Some(&pack);
        assert_eq!(resolve(&s, &thief, Act::Step(Dir8::E)), Ok(vec![Effect::Stole(0)]));
        l.loot.push(crate::world::Loot {
            holder: 3,
            item: crate::world::Item::one(crate::world::ItemKind::Ration),
        });
        let mut s = scene(&l);
        s.player_at = Pos::new(2, 1);
        s.player_pack = Some(&pack);
        let hit = resolve(&s, &thief, Act::Step(Dir8::E)).unwrap();
        assert!(
            matches!(hit.as_slice(), [Effect::Attacked { damage: Some(_), .. }]),
            "{hit:?}"
        );
    }

    #[test]
    fn steps() {
        let l = level("#####\n#@.+#\n#.'*#\n#####\n");
        let s = scene(&l);
        let at = Pos::new(1, 1);
        let moved = |x, y, onto| {
            Ok(vec![Effect::Moved {
                to: Pos::new(x, y),
                onto,
            }])
        };
        assert_eq!(step_from(&s, at, Dir8::E), moved(2, 1, Tile::Floor));
        assert_eq!(step_from(&s, at, Dir8::N), Err(Refusal::Wall));
        assert_eq!(step_from(&s, at, Dir8::NW), Err(Refusal::Wall));
        assert_eq!(
            step_from(&s, Pos::new(2, 1), Dir8::E),
            Ok(vec![Effect::DoorOpened(Pos::new(3, 1))])
        );
        assert_eq!(step_from(&s, Pos::new(2, 1), Dir8::SE), Err(Refusal::DiagonalDoorway));
        assert_eq!(step_from(&s, at, Dir8::SE), Err(Refusal::DiagonalDoorway));
        assert_eq!(step_from(&s, Pos::new(2, 2), Dir8::NW), Err(Refusal::DiagonalDoorway));
        assert_eq!(step_from(&s, Pos::new(2, 2), Dir8::E), Err(Refusal::Locked));
        assert_eq!(
            step_from(&s, Pos::new(1, 2), Dir8::E),
            moved(2, 2, Tile::Door(DoorState::Open))
        );
        // Stepping into a sleeping enemy stabs it: sure, and three times the blow.
        let mut l = l.clone();
        l.monsters.push(monster(7, Pos::new(2, 1)));
        assert_eq!(
            step_from(&scene(&l), at, Dir8::E),
            Ok(vec![Effect::Stabbed { target: 7, damage: 9 }])
        );
        let unsure = Actor {
            attack: Attack {
                to_hit: 0,
                damage: (3, 3),
            },
            ..walker(at)
        };
        assert_eq!(
            resolve(&scene(&l), &unsure, Act::Sneak(Dir8::E)),
            Ok(vec![Effect::Stabbed { target: 7, damage: 9 }]),
            "a sleeper is never missed"
        );
        // Into an enemy awake attacks it; into a friend is refused.
        l.monsters[0].mind = crate::world::Mind::Wandering { heading: Dir8::W };
        let crowded = scene(&l);
        assert_eq!(
            step_from(&crowded, at, Dir8::E),
            Ok(vec![Effect::Attacked {
                target: Who::Monster(7),
                damage: Some(3)
            }])
        );
        let goblin = Actor {
            who: Who::Monster(8),
            ..walker(at)
        };
        assert_eq!(resolve(&crowded, &goblin, Act::Step(Dir8::E)), Err(Refusal::Occupied));
        let near_player = Scene {
            player_at: Pos::new(1, 2),
            ..crowded
        };
        assert_eq!(
            resolve(&near_player, &goblin, Act::Step(Dir8::S)),
            Ok(vec![Effect::Attacked {
                target: Who::Player,
                damage: Some(3)
            }])
        );
    }

    #[test]
    fn doors_open_only_for_those_who_open_doors() {
        let l = level("#####\n#@+.#\n#####\n");
        let s = scene(&l);
        let rat = Actor {
            who: Who::Monster(1),
            doors: Doors::Stopped,
            ..walker(Pos::new(1, 1))
        };
        assert_eq!(resolve(&s, &rat, Act::Step(Dir8::E)), Err(Refusal::Shut));
        let goblin = Actor {
            doors: Doors::Opens,
            ..rat
        };
        assert_eq!(
            resolve(&s, &goblin, Act::Step(Dir8::E)),
            Ok(vec![Effect::DoorOpened(Pos::new(2, 1))])
        );
        let ogre = Actor {
            doors: Doors::Smashes,
            ..rat
        };
        assert_eq!(
            resolve(&s, &ogre, Act::Step(Dir8::E)),
            Ok(vec![Effect::DoorSmashed(Pos::new(2, 1))])
        );
        // A locked door stops all but a smasher.
        let locked = level("#####\n#@*.#\n#####\n");
        let s = scene(&locked);
        assert_eq!(resolve(&s, &goblin, Act::Step(Dir8::E)), Err(Refusal::Locked));
        assert_eq!(
            resolve(&s, &ogre, Act::Step(Dir8::E)),
            Ok(vec![Effect::DoorSmashed(Pos::new(2, 1))])
        );
    }

    #[test]
    fn attacks_hit_and_miss_by_the_dice() {
        let mut rng = GenRng::new(5);
        let attack = Attack {
            to_hit: 70,
            damage: (2, 5),
        };
        let (mut hits, mut total) = (0, 0);
        for _ in 0..2000 {
            match roll_attack(attack, Who::Player, Guard::NONE, &mut rng) {
                Effect::Attacked { damage: Some(d), .. } => {
                    assert!((2..=5).contains(&d));
                    hits += 1;
                    total += d;
                }
                Effect::Attacked { damage: None, .. } => {}
                other => panic!("{other:?}"),
            }
        }
        assert!((1300..1500).contains(&hits), "{hits} hits in 2000 at 70%");
        assert!((3.3..3.7).contains(&(f64::from(total) / f64::from(hits))));
    }

    #[test]
    fn off_the_map_is_wall() {
        let l = level("@.\n..\n");
        assert_eq!(step_from(&scene(&l), Pos::new(0, 0), Dir8::W), Err(Refusal::Wall));
        assert_eq!(step_from(&scene(&l), Pos::new(0, 0), Dir8::N), Err(Refusal::Wall));
    }

    #[test]
    fn keys_are_picked_up_and_open_their_own_door_only() {
        let mut l = level("#######\n#@.*.*#\n#######\n");
        let far = Pos::new(5, 1);
        l.keys.push(Key {
            at: Pos::new(2, 1),
            opens: far,
        });
        let s = scene(&l);
        assert_eq!(
            step_from(&s, Pos::new(1, 1), Dir8::E),
            Ok(vec![
                Effect::Moved {
                    to: Pos::new(2, 1),
                    onto: Tile::Floor
                },
                Effect::KeyTaken(l.keys[0])
            ])
        );
        let holding = [far];
        let with_key = Actor {
            keys: &holding,
            ..walker(Pos::new(2, 1))
        };
        assert_eq!(
            resolve(&s, &with_key, Act::Step(Dir8::E)),
            Err(Refusal::Locked),
            "wrong door"
        );
        let at_far = Actor {
            at: Pos::new(4, 1),
            ..with_key
        };
        assert_eq!(
            resolve(&s, &at_far, Act::Step(Dir8::E)),
            Ok(vec![Effect::DoorUnlocked(far)])
        );
        // An actor that does not take things walks over them.
        let monster = Actor {
            takes_things: false,
            ..walker(Pos::new(1, 1))
        };
        assert_eq!(resolve(&s, &monster, Act::Step(Dir8::E)).unwrap().len(), 1);
    }

    #[test]
    fn stairs_work_only_on_stairs() {
        let l = level("#######\n#<@.>.#\n#######\n");
        let s = scene(&l);
        let on = |x| walker(Pos::new(x, 1));
        assert_eq!(resolve(&s, &on(2), Act::Descend), Err(Refusal::NotOnStairsDown));
        assert_eq!(resolve(&s, &on(2), Act::Ascend), Err(Refusal::NotOnStairsUp));
        assert_eq!(
            resolve(&s, &on(4), Act::Descend),
            Ok(vec![Effect::LevelChanged { to: 3 }])
        );
        assert_eq!(
            resolve(&s, &on(1), Act::Ascend),
            Ok(vec![Effect::LevelChanged { to: 1 }])
        );
        assert_eq!(resolve(&s, &on(1), Act::Descend), Err(Refusal::NotOnStairsDown));
        let only = Scene {
            depth: 1,
            deepest: 1,
            ..s
        };
        assert_eq!(resolve(&only, &on(4), Act::Descend), Err(Refusal::NowhereToGo));
        assert_eq!(resolve(&only, &on(1), Act::Ascend), Err(Refusal::NowhereToGo));
        // The first level's stairs up are the way out, for whoever carries the relic.
        let first = Scene { depth: 1, ..s };
        assert_eq!(resolve(&first, &on(1), Act::Ascend), Err(Refusal::NotWithoutRelic));
        let carrier = Actor {
            has_relic: true,
            ..on(1)
        };
        assert_eq!(resolve(&first, &carrier, Act::Ascend), Ok(vec![Effect::Escaped]));
    }

    #[test]
    fn the_relic_is_taken_by_walking_onto_it() {
        let mut l = level("#####\n#@..#\n#####\n");
        l.relic = Some(Pos::new(2, 1));
        let s = scene(&l);
        assert_eq!(
            step_from(&s, Pos::new(1, 1), Dir8::E),
            Ok(vec![
                Effect::Moved {
                    to: Pos::new(2, 1),
                    onto: Tile::Floor
                },
                Effect::RelicTaken
            ])
        );
    }

    #[test]
    fn closing() {
        let l = level("#####\n#'@+#\n#...#\n#####\n");
        let s = scene(&l);
        let me = walker(Pos::new(2, 1));
        assert_eq!(
            resolve(&s, &me, Act::Close(Pos::new(1, 1))),
            Ok(vec![Effect::DoorClosed(Pos::new(1, 1))])
        );
        let crowded = Scene {
            player_at: Pos::new(1, 1),
            ..s
        };
        assert_eq!(
            resolve(&crowded, &me, Act::Close(Pos::new(1, 1))),
            Err(Refusal::DoorBlocked)
        );
        assert_eq!(resolve(&s, &me, Act::Close(Pos::new(3, 1))), Err(Refusal::AlreadyShut));
        assert_eq!(resolve(&s, &me, Act::Close(Pos::new(2, 2))), Err(Refusal::NoDoor));
        // Only a door next to the actor: one farther off, or its own tile, is out of reach.
        let far = walker(Pos::new(3, 2));
        assert_eq!(resolve(&s, &far, Act::Close(Pos::new(1, 1))), Err(Refusal::OutOfReach));
        assert_eq!(resolve(&s, &me, Act::Close(Pos::new(2, 1))), Err(Refusal::OutOfReach));
        assert_eq!(open_doors_around(&l.map, Pos::new(2, 1)), vec![Pos::new(1, 1)]);
    }
}

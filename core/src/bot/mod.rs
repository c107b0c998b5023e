//! Bots: players made of rules, for demos, for replays that must be long and many, and for the
//! balance figures. A bot reads the run as a player would (what it sees and remembers, or the
//! whole map when it is told to know it), and says its next `Act`; `Run::play` plays it like any
//! other. What a bot does, in order: use what it carries when that helps (heal when low, get
//! away or put an attacker to sleep, better gear, throw and zap at what comes, try what is
//! unknown when nothing is near), fight what stands next to it, close in on what shoots at it,
//! rest when careful and hurt, else go on: to the Heartstone once seen, to the stairs, exploring
//! as the `x` key does, unlocking what bars the rest.

use crate::explore::{self as plan, Finished, Known};
use crate::geom::{Dir8, Pos};
use crate::map::{DoorState, Tile};
use crate::paths::{Search, StepField};
use crate::rules::mind::distance_sq;
use crate::rules::{Act, flight};
use crate::run::Run;
use crate::world::{Boon, Class, Hunger, Item, ItemKind, Mind, Monster};

/// Turns a bot goes on trying to reach and free one captive before it gives it up (one it
/// cannot get next to, across a doorway's corner, say).
pub const FREEING_TURNS: u64 = 300;

/// Turns on one level after which an exploring bot takes the known way to its goal.
pub const LOST_TURNS: u64 = 1_000;
/// Below this much food in its stomach, with no ration carried, an exploring bot explores the
/// whole level (for food) before it takes the stairs.
pub const FORAGE_BELOW: u32 = 1_200;

/// A bot: how it plays, and its scratch between turns.
#[derive(Clone, Debug, Default)]
pub struct Bot {
    /// Rests when hurt with no monster near, and to full before the stairs.
    pub careful: bool,
    /// Knows only what it has seen (explores); else walks the map it knows whole.
    pub blind: bool,
    /// Uses what it picks up.
    pub use_items: bool,
    field: StepField,
    /// The way to the ration it goes for (apart from `field`, the way to its goal).
    food_field: StepField,
    /// The level it is on and the turn it came there.
    arrived: (u32, u64),
    /// The captive it is on its way to free (its depth and id) and the turn it set out; one it
    /// has not freed within `FREEING_TURNS` it gives up (`given_up`).
    freeing: Option<(u32, u32, u64)>,
    given_up: Vec<(u32, u32)>,
    search: Search,
}

impl Bot {
    /// A bot that plays as a newcomer who knows the game would: careful, exploring, using what
    /// it finds (`delve --autoplay`).
    pub fn player() -> Self {
        Bot::new(true, true, true)
    }

    /// A bot that plays so.
    pub fn new(careful: bool, blind: bool, use_items: bool) -> Self {
        Bot {
            careful,
            blind,
            use_items,
            ..Bot::default()
        }
    }

    /// Plays one action in `run` (waiting instead when the rules refuse it, as at a shut door
    /// its step opens); first, a boon owed is chosen (`choose`).
    pub fn play(&mut self, run: &mut Run) {
        if let Some(offer) = run.offer() {
            let _ = run.choose(choose(&offer));
            return;
        }
        let act = self.act(run);
        if run.play(act).is_err() {
            let _ = run.play(Act::Wait);
        }
    }

    /// Plays until the run is over or `turns` turns have passed.
    pub fn play_until(&mut self, run: &mut Run, turns: u64) {
        while !run.is_over() && run.turn() < turns {
            self.play(run);
        }
    }

    /// What it does next in `run`.
    pub fn act(&mut self, run: &Run) -> Act {
        let (dungeon, player) = (&run.dungeon(), &run.player());
        if self.arrived.0 != dungeon.depth() {
            self.arrived = (dungeon.depth(), run.turn());
        }
        // An exploring bot that has walked a level for `LOST_TURNS` turns goes the known way
        // instead (its exploring can walk to and fro between two goals on the most intricate
        // levels, and the food would not last).
        let blind = self.blind && run.turn() - self.arrived.1 < LOST_TURNS;
        let (at, keys, health, carrying, memory) =
            (player.at, &player.keys, player.health, player.carrying, &player.memory);
        let level = dungeon.level();
        let map = &level.map;
        // Out of the fire first (a salamander's breath, a burning trap), as any player would; and
        // confused beside lava or a chasm, no step at all (half of them go astray).
        if let Some(act) = out_of_harm(run) {
            return act;
        }
        let held = keys.doors_on(dungeon.depth());
        // Where to: the relic, else up (carrying it) or down.
        let goal = match (level.relic, carrying.relic) {
            (Some(r), _) => r,
            (None, true) => map.stairs_up().unwrap_or(map.start()),
            (None, false) => map.stairs_down().unwrap_or(map.start()),
        };
        let pass = |t: Tile| t.is_walkable() && t != Tile::Door(DoorState::Locked);
        self.field.compute(map, goal, 10_000, |t| pass(t) || t.is_door());
        // A key first, when the way runs through a lock the bot has no key to.
        let mut walk = at;
        let mut barred = false;
        while let Some(d) = self.field.get(walk).filter(|&d| d > 0) {
            let next = crate::paths::neighbours8(walk).into_iter().find(|&q| {
                self.field.get(q) == Some(d - 1)
                    && !(map.tile(q).is_door() && q.x != walk.x && q.y != walk.y)
                    && !(map.tile(walk).is_door() && q.x != walk.x && q.y != walk.y)
            });
            let Some(next) = next else { break };
            if map.tile(next) == Tile::Door(DoorState::Locked) && !held.contains(&next) {
                barred = true;
                break;
            }
            walk = next;
        }
        if barred {
            // The nearest key that can be walked to now (a key may lie behind another lock).
            let mut keys_by_distance: Vec<Pos> = level.keys.iter().map(|k| k.at).collect();
            keys_by_distance.sort_by_key(|&k| distance_sq(k, at));
            // Without locked doors first; else through them (the key may lie behind a door
            // the bot holds the key to, which the step unlocks).
            let reached = keys_by_distance.iter().any(|&key| {
                self.field.compute(map, key, 10_000, pass);
                self.field.get(at).is_some()
            });
            if !reached {
                for &key in &keys_by_distance {
                    self.field.compute(map, key, 10_000, |t| pass(t) || t.is_door());
                    if self.field.get(at).is_some() {
                        break;
                    }
                }
            }
        }
        let foes = || level.monsters.iter().filter(|m| m.is_hostile());
        let near_monster = foes().any(|m| distance_sq(m.at, at) <= 64);
        // A monster it can strike: next to it, and not diagonally through a doorway.
        let reach = |m: &&Monster| {
            let diagonal = m.at.x != at.x && m.at.y != at.y;
            distance_sq(m.at, at) <= 2 && !(diagonal && (map.tile(m.at).is_door() || map.tile(at).is_door()))
        };
        let adjacent = foes().find(reach);
        // A captive it knows of (sees, or knows the map): a bot that uses what it finds frees it
        // (the step into it works at its chains), unless it has given that one up.
        let depth = dungeon.depth();
        let captive = level
            .monsters
            .iter()
            .filter(|m| m.is_captive() && self.use_items && !self.given_up.contains(&(depth, m.id)))
            .filter(|m| !self.blind || run.sees(m) || reach(m))
            .min_by_key(|m| distance_sq(m.at, at));
        let captive = match (captive, self.freeing) {
            (Some(m), Some((d, id, since))) if (d, id) == (depth, m.id) => {
                if run.turn() - since > FREEING_TURNS {
                    self.given_up.push((depth, m.id));
                    self.freeing = None;
                    None
                } else {
                    Some(m)
                }
            }
            (Some(m), _) => {
                self.freeing = Some((depth, m.id, run.turn()));
                Some(m)
            }
            (None, _) => None,
        };
        // Something shooting at it from afar: close in and fight it, as a player would.
        let shooter = foes().find(|m| {
            m.kind.stats().habit.keeps_its_distance() && matches!(m.mind, Mind::Hunting { .. }) && run.sees(m)
        });
        let chosen = if self.use_items { item_act(run) } else { None };
        let fed = if adjacent.is_none() { self.food_act(run) } else { None };
        if let Some(act) = chosen.or(fed) {
            act
        } else if let Some(m) = adjacent.or(captive.filter(reach)) {
            Act::Step(Dir8::between(at, m.at).unwrap())
        } else if let Some(m) = captive
            && let Some(dir) = self.toward(map, at, m.at)
        {
            Act::Step(dir)
        } else if let Some(m) = shooter
            && let Some(dir) = step_towards(map, at, m.at)
        {
            Act::Step(dir)
        } else if self.careful && !near_monster && health.hp < health.max * 7 / 10 {
            Act::Wait
        } else if blind {
            let known = Known {
                level,
                memory: memory.level(dungeon.depth()).expect("the player has looked around"),
            };
            // Short of food (no ration carried, the stomach below `FORAGE_BELOW`), it explores
            // the level for some before it takes the stairs, as a player would.
            let forage = player.stomach < FORAGE_BELOW && !player.pack.items().any(|(_, i)| i.kind == ItemKind::Ration);
            blind_act(
                &known,
                at,
                &held,
                (carrying.relic, forage),
                self.careful && health.hp < health.max,
                &mut self.search,
            )
        } else if at == goal && goal == map.stairs_down().unwrap_or(Pos::new(-1, -1)) {
            if self.careful && health.hp < health.max {
                Act::Wait
            } else {
                Act::Descend
            }
        } else if at == goal && carrying.relic {
            Act::Ascend
        } else {
            let here = self.field.get(at).unwrap_or(u32::MAX);
            let best = Dir8::ALL
                .into_iter()
                .filter(|&d| {
                    let to = Dir8::from_pos(at, d);
                    !(d.is_diagonal() && (map.tile(to).is_door() || map.tile(at).is_door()))
                        && (map.tile(to) != Tile::Door(DoorState::Locked) || held.contains(&to))
                })
                .filter_map(|d| self.field.get(Dir8::from_pos(at, d)).map(|v| (v, d)))
                .filter(|&(v, _)| v < here)
                .min_by_key(|&(v, _)| v);
            best.map_or(Act::Wait, |(_, d)| Act::Step(d))
        }
    }
}

impl Bot {
    /// The step from `at` on the way to the tile next to `to` (a monster's), on foot and dry,
    /// through no lock.
    fn toward(&mut self, map: &crate::map::TileMap, at: Pos, to: Pos) -> Option<Dir8> {
        self.food_field.compute(map, to, 10_000, |t| {
            t.is_walkable()
                && !matches!(
                    t,
                    Tile::Door(DoorState::Locked) | Tile::Chasm | Tile::DeepWater | Tile::Lava
                )
        });
        downhill(map, &self.food_field, at, |q| q != to)
    }

    /// What every bot does for food: eat when hungry, pick up a ration it stands on, and walk to
    /// the nearest ration it knows of (all on the level, for a bot that knows the map) while it
    /// carries fewer than two.
    fn food_act(&mut self, run: &Run) -> Option<Act> {
        let player = run.player();
        let level = run.dungeon().level();
        let at = player.at;
        let ration = player.pack.items().find(|(_, i)| i.kind == ItemKind::Ration);
        if player.hunger() >= Hunger::Hungry
            && let Some((s, _)) = ration
        {
            return Some(Act::Use(s as u8));
        }
        let lying = |f: &&crate::world::FloorItem| f.item.kind == ItemKind::Ration && f.altar.is_none();
        if level.item_at(at).filter(lying).is_some() && player.pack.room_for(Item::one(ItemKind::Ration)).is_some() {
            return Some(Act::PickUp);
        }
        // Two in the pack are enough to go on with (rations stack: one slot holds them all).
        if ration.is_some_and(|(_, i)| i.count >= 2) {
            return None;
        }
        let memory = player.memory.level(run.dungeon().depth());
        let known = |p: Pos| !self.blind || memory.is_some_and(|m| m.is_explored(p));
        let nearest = level
            .items
            .iter()
            .filter(lying)
            .filter(|f| known(f.at))
            .min_by_key(|f| distance_sq(f.at, at))?
            .at;
        let map = &level.map;
        // On foot and dry: never through a chasm (a fall), deep water (a weapon swept away) or
        // lava, nor a lock.
        self.food_field.compute(map, nearest, 10_000, |t| {
            t.is_walkable()
                && !matches!(
                    t,
                    Tile::Door(DoorState::Locked) | Tile::Chasm | Tile::DeepWater | Tile::Lava
                )
        });
        downhill(map, &self.food_field, at, |q| level.trap_at(q).is_none_or(|t| t.hidden)).map(Act::Step)
    }
}

/// What a bot does about harm where it stands: standing in fire, a step to the neighbour that
/// burns least (not burning, then not catching: not grass, nor a door; never lava, a chasm or deep
/// water, nor a monster's tile); confused with lava or a chasm next to it, a wait (a confused
/// step goes astray half the time, and one into lava is death). `None`: nothing to do about it.
fn out_of_harm(run: &Run) -> Option<Act> {
    let level = run.dungeon().level();
    let map = &level.map;
    let at = run.player().at;
    let deadly = |p: Pos| matches!(map.get(p), Some(Tile::Lava | Tile::Chasm));
    if level.fire.contains_key(&at) {
        let rank = |p: Pos| {
            let t = map.tile(p);
            let near_fire = crate::paths::neighbours8(p)
                .iter()
                .filter(|q| level.fire.contains_key(q))
                .count();
            (t.is_flammable(), near_fire)
        };
        return Dir8::ALL
            .into_iter()
            .map(|d| (d, Dir8::from_pos(at, d)))
            .filter(|&(d, p)| {
                map.get(p)
                    .is_some_and(|t| t.is_walkable() && !matches!(t, Tile::DeepWater))
                    && !deadly(p)
                    && !level.fire.contains_key(&p)
                    && level.monster_at(p).is_none()
                    && !(d.is_diagonal() && (map.tile(p).is_door() || map.tile(at).is_door()))
            })
            .min_by_key(|&(_, p)| rank(p))
            .map(|(d, _)| Act::Step(d));
    }
    let confused = run.player().status.confusion > 0;
    (confused && crate::paths::neighbours8(at).into_iter().any(deadly)).then_some(Act::Wait)
}

/// The boon a bot takes of those offered: harder blows, then more hit points, surer blows, a
/// hide, healing; the rest after.
pub fn choose(offer: &[Boon]) -> Boon {
    // A path's second step first: it is the stronger boon of its kind.
    const LIKED: [Boon; 21] = [
        Boon::Brute,
        Boon::Juggernaut,
        Boon::Ironskin,
        Boon::Deadeye,
        Boon::TrollBlood,
        Boon::Archmage,
        Boon::Marksman,
        Boon::Shadow,
        Boon::Might,
        Boon::Vigour,
        Boon::Precision,
        Boon::Hide,
        Boon::Regeneration,
        Boon::ShieldBash,
        Boon::IronStomach,
        Boon::PoisonResistance,
        Boon::Thrower,
        Boon::FireResistance,
        Boon::Assassin,
        Boon::Attunement,
        Boon::KeenEyes,
    ];
    LIKED.into_iter().find(|b| offer.contains(b)).unwrap_or(offer[0])
}

/// The expected damage of a blow with `weapon` (to hit times the mean damage), for a bot at
/// the start of a run.
fn blow(weapon: ItemKind) -> i32 {
    let s = weapon.stats();
    let worth = (80 + s.to_hit) * (8 + s.damage.0 + s.damage.1);
    // What the weapon does besides: a sweep or a thrust is worth more in a crowd, a lunge opens a
    // fight; a hammer's blow takes two turns.
    match weapon {
        ItemKind::WarAxe | ItemKind::Spear => worth * 5 / 4,
        ItemKind::Rapier => worth * 9 / 8,
        ItemKind::Hammer => worth * 5 / 8,
        _ => worth,
    }
}

/// What a bot that uses its items does now, if anything: from the most urgent (healing) to the
/// idlest (trying an unknown potion with nothing near).
fn item_act(run: &Run) -> Option<Act> {
    let player = &run.player();
    let level = run.dungeon().level();
    let at = player.at;
    let seen: Vec<&Monster> = level
        .monsters
        .iter()
        .filter(|m| m.is_hostile() && run.sees(m))
        .collect();
    let near = seen.iter().any(|m| distance_sq(m.at, at) <= 25);
    let pack = &player.pack;
    let find = |f: &dyn Fn(ItemKind, u8) -> bool| pack.items().find(|&(_, i)| f(i.kind, i.count)).map(|(s, _)| s as u8);
    let known = |k: ItemKind| player.lore.knows(k);
    // An unknown potion worth drinking: not one sensed malevolent.
    let drinkable =
        |k: ItemKind| k.class() == Class::Potion && !known(k) && !(player.lore.senses(k) && k.stats().malevolent);
    let health = player.health;
    // Low: heal; else, in a fight, get away or put the attacker to sleep.
    if health.hp * 10 < health.max * 4 {
        if let Some(s) = find(&|k, _| k == ItemKind::Healing && known(k)) {
            return Some(Act::Use(s));
        }
        if let Some(s) = find(&|k, n| k == ItemKind::HealthCharm && n > 0) {
            return Some(Act::Use(s));
        }
        if near {
            if let Some(s) = find(&|k, n| k == ItemKind::EscapeCharm && n > 0) {
                return Some(Act::Use(s));
            }
            if let Some(s) = find(&|k, _| k == ItemKind::Teleportation && known(k)) {
                return Some(Act::Use(s));
            }
            if let Some(m) = seen.iter().min_by_key(|m| distance_sq(m.at, at))
                && let Some(s) = find(&|k, n| k == ItemKind::Sleep && n > 0)
                && flight(level, at, m.at).hits == Some(m.id)
            {
                return Some(Act::Aim { slot: s, at: m.at });
            }
            // Desperate: an unknown potion might heal.
            if let Some(s) = find(&|k, _| drinkable(k)) {
                return Some(Act::Use(s));
            }
        }
    }
    // Better gear, first.
    let best_weapon = pack
        .items()
        .filter(|(_, i)| i.kind.class() == Class::Weapon)
        .max_by_key(|(_, i)| blow(i.kind));
    if let Some((s, w)) = best_weapon
        && pack.wielded().is_none_or(|k| blow(w.kind) > blow(k))
    {
        return Some(Act::Equip(s as u8));
    }
    let best_armour = pack
        .items()
        .filter(|(_, i)| i.kind.class() == Class::Armour)
        .max_by_key(|(_, i)| i.kind.stats().armour);
    if let Some((s, a)) = best_armour
        && pack.worn().is_none_or(|k| a.kind.stats().armour > k.stats().armour)
    {
        return Some(Act::Equip(s as u8));
    }
    // Rings: any not known to be bad goes on a free finger (most are good: a gamble worth
    // taking); one known to be no good comes off (if the curse lets it); a curse is lifted
    // when the scroll is known.
    if let Some((s, _)) = pack
        .rings_worn()
        .find(|(_, r)| r.plus_known() && r.plus <= 0 && !r.is_cursed())
    {
        return Some(Act::Unequip(s as u8));
    }
    if pack.rings_worn().any(|(_, r)| r.is_cursed())
        && let Some(s) = find(&|k, _| k == ItemKind::RemoveCurse && known(k))
    {
        return Some(Act::Use(s));
    }
    if pack.free_finger().is_some()
        && let Some((s, _)) = pack
            .items()
            .find(|&(s, i)| i.kind.class() == Class::Ring && !pack.is_equipped(s) && (!i.plus_known() || i.plus > 0))
    {
        return Some(Act::Equip(s as u8));
    }
    // Armour coated against acid when the scroll is known.
    if pack.armour.is_some()
        && pack.worn_item().is_some_and(|a| a.wait == 0)
        && let Some(s) = find(&|k, _| k == ItemKind::ProtectArmour && known(k))
    {
        return Some(Act::Use(s));
    }
    // A scroll of enchanting known: on the weapon wielded, else the armour worn.
    if let Some(s) = find(&|k, _| k == ItemKind::Enchanting && known(k))
        && let Some(target) = pack.weapon.or(pack.armour)
    {
        return Some(Act::Enchant {
            scroll: s,
            item: target,
        });
    }
    // Something coming: throw or zap at it while it is not yet next to you; the strong ones
    // with the wand of striking.
    if let Some(m) = seen
        .iter()
        .filter(|m| matches!(m.mind, Mind::Hunting { .. }))
        .filter(|m| (3..=49).contains(&distance_sq(m.at, at)))
        .min_by_key(|m| distance_sq(m.at, at))
        && flight(level, at, m.at).hits == Some(m.id)
    {
        let strong = m.kind.stats().max_hp >= 16;
        if strong && let Some(s) = find(&|k, n| k == ItemKind::Striking && n > 0) {
            return Some(Act::Aim { slot: s, at: m.at });
        }
        // A staff with a charge: bolts and blades at anything coming, slowness at the strong
        // (an unknown staff is tried so, and learnt).
        // (Fire only from 3 tiles away: it spreads.)
        let far = distance_sq(m.at, at) >= 9;
        let fits = |k: ItemKind| match k {
            ItemKind::Slowness => strong,
            ItemKind::Firebolt => far,
            _ => true,
        };
        if let Some(s) = find(&|k, n| k.class() == Class::Staff && n > 0 && (!known(k) && far || known(k) && fits(k))) {
            return Some(Act::Aim { slot: s, at: m.at });
        }
        if strong && let Some(s) = find(&|k, n| k == ItemKind::HasteCharm && n > 0) {
            return Some(Act::Use(s));
        }
        // A known malevolent potion is a weapon: fire and gas from 3 tiles away, paralysis at
        // the strong.
        let throws = |k: ItemKind| match k {
            ItemKind::Incineration | ItemKind::Caustic => far,
            ItemKind::Paralysis => strong && far,
            _ => false,
        };
        if let Some(s) = find(&|k, _| k.class() == Class::Potion && known(k) && throws(k)) {
            return Some(Act::Aim { slot: s, at: m.at });
        }
        if let Some(s) = find(&|k, _| k.class() == Class::Thrown) {
            return Some(Act::Aim { slot: s, at: m.at });
        }
    }
    // With nothing near: try what is unknown, and pick up what lies here.
    if !near {
        if let Some(s) = find(&|k, _| k.class() == Class::Scroll && !known(k)) {
            return Some(Act::Use(s));
        }
        if health.hp == health.max
            && let Some(s) = find(&|k, _| drinkable(k))
        {
            return Some(Act::Use(s));
        }
        if level.item_at(at).is_some_and(|f| !f.sealed) && pack.items().count() < crate::world::SLOTS {
            return Some(Act::PickUp);
        }
    }
    None
}

/// The first step of the shortest way from `at` to `to` (doors passable, never diagonally
/// through a doorway).
fn step_towards(map: &crate::map::TileMap, at: Pos, to: Pos) -> Option<Dir8> {
    let mut field = StepField::default();
    field.compute(map, to, 40, |t| t.is_walkable() && t != Tile::Door(DoorState::Locked));
    downhill(map, &field, at, |_| true)
}

/// The step from `at` down `field` (to its lowest neighbour, never diagonally into or out of a
/// doorway), onto a tile `may` allows; `None` when `at` is off the field or nothing is lower.
fn downhill(map: &crate::map::TileMap, field: &StepField, at: Pos, may: impl Fn(Pos) -> bool) -> Option<Dir8> {
    let here = field.get(at)?;
    Dir8::ALL
        .into_iter()
        .filter(|&d| {
            let q = Dir8::from_pos(at, d);
            !(d.is_diagonal() && (map.tile(q).is_door() || map.tile(at).is_door())) && may(q)
        })
        .filter_map(|d| field.get(Dir8::from_pos(at, d)).map(|v| (v, d)))
        .filter(|&(v, _)| v < here)
        .min_by_key(|&(v, _)| v)
        .map(|(_, d)| d)
}

/// What a player who knows only what it has seen does: take the Heartstone once seen, head for
/// the stairs (down, or up with the Heartstone) once known, else explore as `x` does; unlock a
/// door that bars the rest when holding its key.
fn blind_act(
    known: &Known,
    at: Pos,
    held: &[Pos],
    (relic, forage): (bool, bool),
    rest: bool,
    search: &mut Search,
) -> Act {
    let step = |walk: Vec<Pos>| {
        walk.first()
            .and_then(|&n| Dir8::between(at, n))
            .map_or(Act::Wait, Act::Step)
    };
    if forage && let Ok(walk) = plan::explore(known, at, held, search) {
        return step(walk);
    }
    let relic_seen = known.level.relic.filter(|&r| known.relic_at(r));
    let target = match (relic, relic_seen) {
        (true, _) => known.find(Tile::StairsUp),
        (false, Some(r)) => Some(r),
        (false, None) => known.find(Tile::StairsDown),
    };
    if let Some(t) = target {
        if t == at && relic {
            return Act::Ascend;
        }
        if t == at {
            return if rest { Act::Wait } else { Act::Descend };
        }
        if let Some(walk) = plan::travel(known, at, t, held, search).filter(|w| !w.is_empty()) {
            return step(walk);
        }
    }
    match plan::explore(known, at, held, search) {
        Ok(walk) => step(walk),
        Err(Finished::Barred { door, have_key: true }) => {
            plan::travel(known, at, door, held, search).map_or(Act::Wait, step)
        }
        Err(_) => Act::Wait,
    }
}

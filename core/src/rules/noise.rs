//! The noise rule: how loud what the player does is, in steps a monster can be away by walking
//! and still hear it. Hearing wakes a monster (or sets a wanderer, or a hunter that has lost
//! you, after the noise); seeing stays the symmetric rule of `mind`. A sleeper hears half as
//! far as one awake. Noise walks like a monster does, round corners and never through walls;
//! a shut door muffles it (passing one costs `THROUGH_SHUT_DOOR` steps, an open one one).

use super::{Act, Effect};
use crate::geom::Pos;
use crate::map::{DoorState, Tile, TileMap};
use crate::world::Mind;

use super::marks::Marks;

/// A fight: a blow, a shot or a burst, given or taken.
pub const FIGHT: u32 = 10;
/// A door opened, closed, unlocked or smashed.
pub const DOOR: u32 = 6;
/// A door opened (or unlocked) by a sneaking step: eased open.
pub const SNEAK_DOOR: u32 = 2;
/// A zapped wand's bolt.
pub const ZAP: u32 = 6;
/// A step.
pub const WALK: u32 = 4;
/// A thrown thing.
pub const THROW: u32 = 4;
/// Drinking, reading, putting on, picking up or dropping.
pub const HANDLING: u32 = 2;
/// A sneaking step: half as fast, and only what stands next to you hears it awake.
pub const SNEAK: u32 = 1;
/// Wading or swimming: a splash, sneaking or not.
pub const SPLASH: u32 = 6;
/// A trap going off: a dart's snap, a net's fall, a burst of gas or flame, a fall.
pub const TRAP: u32 = 8;
/// A word to your allies.
pub const ORDER: u32 = 4;
/// Working at a captive's chains: they clank.
pub const CHAINS: u32 = 6;
/// Resting a turn, or searching: silent.
pub const REST: u32 = 0;
/// What passing a closed or locked door costs a noise, in steps (an open doorway costs one).
pub const THROUGH_SHUT_DOOR: u32 = 4;

/// How loud the player's `act` was, by what it came to: the loudest of its effects. Every act
/// and every effect is named here (no default arm), so a new one cannot be silent by omission:
/// it does not compile until its noise is chosen.
pub fn loudness(act: Act, effects: &[Effect]) -> u32 {
    let sneaking = matches!(act, Act::Sneak(_));
    let base = match act {
        Act::Sneak(_) => SNEAK,
        Act::Step(_) | Act::Descend | Act::Ascend => WALK,
        Act::Wait | Act::Search => REST,
        Act::Aim { .. } => THROW,
        Act::Order => ORDER,
        Act::Blink(_) => HANDLING,
        Act::Shoot(_)
        | Act::Close(_)
        | Act::PickUp
        | Act::Drop(_)
        | Act::Use(_)
        | Act::Equip(_)
        | Act::Unequip(_)
        | Act::Enchant { .. } => HANDLING,
    };
    effects
        .iter()
        .fold(base, |loudest, e| loudest.max(effect_noise(e, sneaking)))
}

/// What an armour adds to every noise (its clank) and the turns more it takes to put on: chain
/// mail 1 and 1, plate 2 and 4; lighter armour nothing.
pub const fn armour_weight(kind: crate::world::ItemKind) -> (u32, u8) {
    match kind {
        crate::world::ItemKind::ChainMail => (1, 1),
        crate::world::ItemKind::Plate => (2, 4),
        _ => (0, 0),
    }
}

/// `loudness` of `act` for a player who has the Shadow boon (`shadow`): a sneaking step that
/// struck no blow is silent.
pub fn shadowed(loudness: u32, act: Act, shadow: bool) -> u32 {
    if shadow && matches!(act, Act::Sneak(_)) && loudness <= SNEAK_DOOR {
        0
    } else {
        loudness
    }
}

/// `loudness` in the armour `worn`: louder by its clank, if it made any noise at all.
pub fn clanking(loudness: u32, worn: Option<crate::world::ItemKind>) -> u32 {
    match worn {
        Some(kind) if loudness > 0 => loudness + armour_weight(kind).0,
        _ => loudness,
    }
}

/// `loudness` as a ring of stealth of plus `stealth` leaves it: quieter by the plus (never
/// silent if it was not), or louder by twice the plus below nothing (never loud if it was silent).
pub fn hushed(loudness: u32, stealth: i32) -> u32 {
    if loudness == 0 || stealth == 0 {
        loudness
    } else if stealth > 0 {
        loudness.saturating_sub(stealth as u32).max(1)
    } else {
        loudness + 2 * stealth.unsigned_abs()
    }
}

/// The noise one effect of the player's act makes (`sneaking`: the act was a sneaking step).
fn effect_noise(effect: &Effect, sneaking: bool) -> u32 {
    match effect {
        Effect::Attacked { .. } | Effect::Shot { .. } | Effect::Stabbed { .. } | Effect::Struck { .. } => FIGHT,
        Effect::DoorOpened(_) | Effect::DoorUnlocked(_) if sneaking => SNEAK_DOOR,
        Effect::DoorOpened(_) | Effect::DoorClosed(_) | Effect::DoorUnlocked(_) | Effect::DoorSmashed(_) => DOOR,
        Effect::Flew { kind, .. } if matches!(kind.class(), crate::world::Class::Wand | crate::world::Class::Staff) => {
            ZAP
        }
        Effect::Moved {
            onto: crate::map::Tile::ShallowWater | crate::map::Tile::DeepWater,
            ..
        } => SPLASH,
        Effect::Moved { .. } if sneaking => SNEAK,
        Effect::TrapSprung { .. } | Effect::Ignited(_) | Effect::GasReleased { .. } | Effect::Fell => TRAP,
        Effect::Unchained(_) => CHAINS,
        // An alarm is heard by the whole level: its own effect calls everyone.
        Effect::Alarm(_) => TRAP,
        Effect::Moved { .. } => WALK,
        // Thrown things are as loud as the throw (the act's base); the rest make no noise of
        // their own beyond the act that caused them.
        Effect::Flew { .. }
        | Effect::Landed(_)
        | Effect::KeyTaken(_)
        | Effect::RelicTaken
        | Effect::Waited
        | Effect::LevelChanged { .. }
        | Effect::Stole(_)
        | Effect::Escaped
        | Effect::ItemTaken { .. }
        | Effect::AltarsSealed(_)
        | Effect::ItemDropped(_)
        | Effect::UsedUp(_)
        | Effect::Identified(_)
        | Effect::Healed(_)
        | Effect::Invigorated(_)
        | Effect::Hasted(_)
        | Effect::Poisoned(_)
        | Effect::Confused(_)
        | Effect::PoisonHurt
        | Effect::StatesWore
        | Effect::Recovered
        | Effect::Digested
        | Effect::Regenerated
        | Effect::Smouldered
        | Effect::Caught(_)
        | Effect::GasDrifted
        | Effect::Chose(_)
        | Effect::Reinforced { .. }
        | Effect::Swapped(_)
        | Effect::Ordered(_)
        | Effect::Blinked(_)
        | Effect::Tunnelled(_)
        | Effect::Corroded
        | Effect::Split { .. }
        | Effect::Summoned { .. }
        | Effect::Shielded(_)
        | Effect::Waned
        | Effect::Vanished
        | Effect::Revealed(_)
        | Effect::Detected
        | Effect::Uncursed
        | Effect::GearTicked
        | Effect::Reaped(_)
        | Effect::Slowed { .. }
        | Effect::Levitating(_)
        | Effect::Telepathic(_)
        | Effect::Fireproof(_)
        | Effect::Paralysed(_)
        | Effect::Shattered(_)
        | Effect::Protected
        | Effect::Called { .. }
        | Effect::Began(_)
        | Effect::Hurled(_)
        | Effect::Mapped
        | Effect::Teleported(_)
        | Effect::Recharged(_)
        | Effect::Aggravated
        | Effect::Slept(_)
        | Effect::Equipped(_)
        | Effect::Unequipped(_)
        | Effect::Harmed { .. }
        | Effect::Netted(_)
        | Effect::Swept(_)
        | Effect::Found(_)
        | Effect::Searched
        | Effect::GoldTaken { .. }
        | Effect::Shoved { .. }
        | Effect::Ate(_)
        | Effect::Enchanted(_)
        | Effect::Starved => 0,
    }
}

/// How loud `effect` is in itself, in steps it carries (`sneaking`: a sneaking step's): the
/// noise rule's measure, read by the rules for the player's acts and by a view for what it lets
/// the player hear of anyone's.
pub fn effect_loudness(effect: &Effect, sneaking: bool) -> u32 {
    effect_noise(effect, sneaking)
}

/// What a noise pays to pass onto `tile`, in steps: one, `THROUGH_SHUT_DOOR` through a shut
/// door, `None` where rock (a torch's, crystal) stops it.
pub const fn passing(tile: Tile) -> Option<u32> {
    match tile {
        Tile::Wall | Tile::Torch | Tile::Crystal => None,
        Tile::Door(DoorState::Closed | DoorState::Locked) => Some(THROUGH_SHUT_DOOR),
        _ => Some(1),
    }
}

/// How a noise reached a tile: the steps it walked (`passing` each), and how many shut doors
/// it came through on the way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Heard {
    /// The steps walked.
    pub steps: u32,
    /// The shut doors passed.
    pub doors: u32,
}

/// One noise's walk out from where it was made, as far as it carries: what the monsters hear of
/// the player (`Senses::listen`), and what the player hears of the level (a view's sounds, the
/// walk being the same both ways). Scratch kept between walks (`Marks`: a new walk does not
/// clear the level).
#[derive(Clone, Debug, Default)]
pub struct Earshot {
    steps: Vec<u32>,
    doors: Vec<u32>,
    reached: Marks,
    queue: std::collections::BinaryHeap<std::cmp::Reverse<(u32, usize)>>,
}

impl Earshot {
    /// Walks a noise out from `from` as far as `reach` steps on `map`: a step costs one, passing
    /// a shut door `THROUGH_SHUT_DOOR`, walls stop it. What it reaches is read with `heard`.
    pub fn walk(&mut self, map: &TileMap, from: Pos, reach: u32) {
        let n = map.tiles().len();
        self.reached.clear(n);
        self.steps.resize(n, 0);
        self.doors.resize(n, 0);
        if !map.in_bounds(from) {
            return;
        }
        let start = map.index(from);
        self.reach(start, 0, 0);
        self.queue.clear();
        self.queue.push(std::cmp::Reverse((0, start)));
        while let Some(std::cmp::Reverse((d, i))) = self.queue.pop() {
            if d > self.steps[i] {
                continue; // reached more quietly before
            }
            for q in crate::paths::neighbours8(map.pos_of(i)) {
                let Some(cost) = map.get(q).and_then(passing) else {
                    continue;
                };
                let (j, dq) = (map.index(q), d + cost);
                if dq > reach || (self.reached.contains(j) && self.steps[j] <= dq) {
                    continue;
                }
                self.reach(j, dq, self.doors[i] + u32::from(cost > 1));
                self.queue.push(std::cmp::Reverse((dq, j)));
            }
        }
    }

    /// How the last walk reached `p`, if it did.
    pub fn heard(&self, map: &TileMap, p: Pos) -> Option<Heard> {
        if !map.in_bounds(p) || !self.reached.sized_for(map.tiles().len()) {
            return None;
        }
        let i = map.index(p);
        self.reached.contains(i).then(|| Heard {
            steps: self.steps[i],
            doors: self.doors[i],
        })
    }

    /// Forgets the last walk: nothing is heard until the next one.
    pub fn hush(&mut self) {
        let n = self.steps.len();
        self.reached.clear(n);
    }

    fn reach(&mut self, i: usize, steps: u32, doors: u32) {
        self.reached.insert(i);
        self.steps[i] = steps;
        self.doors[i] = doors;
    }
}

/// How far (walking) a monster minded `mind` hears a noise of `loudness`.
pub const fn hearing_range(mind: Mind, loudness: u32) -> u32 {
    match mind {
        Mind::Asleep => loudness / 2,
        _ => loudness,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Dir8, Pos};

    #[test]
    fn the_loudest_thing_done_is_the_noise() {
        let door = [Effect::DoorOpened(Pos::new(1, 1))];
        assert_eq!(loudness(Act::Step(Dir8::E), &door), DOOR);
        assert_eq!(loudness(Act::Sneak(Dir8::E), &door), SNEAK_DOOR, "eased open");
        assert_eq!(loudness(Act::Wait, &[Effect::Waited]), REST);
        let blow = [Effect::Attacked {
            target: super::super::Who::Monster(1),
            damage: None,
        }];
        assert_eq!(
            loudness(Act::Sneak(Dir8::E), &blow),
            FIGHT,
            "a sneak attack is still a fight"
        );
        assert_eq!(hearing_range(Mind::Asleep, FIGHT), FIGHT / 2);
    }

    #[test]
    fn a_shut_door_muffles_a_noise_and_a_wall_stops_it() {
        // The listener at 1,1; a room beyond a door at 4,1; rock between them elsewhere.
        let map = crate::map::parse_ascii(
            b"#########\n\
             #...#...#\n\
             #@..+...#\n\
             #...#...#\n\
             #########\n",
        )
        .unwrap();
        let mut ear = Earshot::default();
        ear.walk(&map, Pos::new(1, 2), 20);
        assert_eq!(ear.heard(&map, Pos::new(3, 2)), Some(Heard { steps: 2, doors: 0 }));
        let beyond = ear.heard(&map, Pos::new(5, 2)).unwrap();
        assert_eq!(
            beyond,
            Heard {
                steps: 3 + THROUGH_SHUT_DOOR,
                doors: 1
            },
            "through the door"
        );
        assert_eq!(ear.heard(&map, Pos::new(4, 0)), None, "rock is never reached");
        ear.walk(&map, Pos::new(1, 2), 3);
        assert_eq!(ear.heard(&map, Pos::new(5, 2)), None, "out of reach");
        ear.hush();
        assert_eq!(ear.heard(&map, Pos::new(1, 2)), None, "hushed");
        let open = crate::map::parse_ascii(
            b"#########\n\
             #...#...#\n\
             #@..'...#\n\
             #...#...#\n\
             #########\n",
        )
        .unwrap();
        ear.walk(&open, Pos::new(1, 2), 20);
        assert_eq!(
            ear.heard(&open, Pos::new(5, 2)),
            Some(Heard { steps: 4, doors: 0 }),
            "an open door"
        );
    }
}

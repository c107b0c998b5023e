//! Where exploring and travelling go next, worked out from what the player knows: the tiles it
//! remembers, the keys and the Heartstone it has seen lying there. Plain functions over the grid,
//! no `App`: the travel plugin and `delve --explore` both call them, one step at a time.
//!
//! Exploring walks toward the nearest remembered tile next to something never seen (DCSS's
//! rule; a spot known only from magic mapping counts as never seen), or to a key or the Heartstone seen lying on the floor (and, as the `x` key explores,
//! to potions, scrolls, wands and things to throw: `explore_taking`), over remembered floor, corridor,
//! stairs and doors (a closed door is opened by walking into it; a locked one is never unlocked).
//! It re-plans after every step, so whatever a step reveals counts at once. Exploring and
//! travelling keep off deep water, lava and chasms, and walk round the traps the player knows.

use std::collections::HashSet;

use crate::fov::LevelMemory;
use crate::geom::Pos;
use crate::map::{DoorState, Tile};
use crate::paths::Search;
use crate::world::{Class, FloorItem, Level, Pack};

/// What the player knows of the level it is on.
#[derive(Clone, Copy, Debug)]
pub struct Known<'a> {
    /// The level as it is (read only where the player has seen it: keys and the Heartstone lying
    /// on remembered tiles).
    pub level: &'a Level,
    /// The tile the player last saw at each spot.
    pub memory: &'a LevelMemory,
}

impl Known<'_> {
    fn size(&self) -> (u32, u32) {
        (self.level.map.width(), self.level.map.height())
    }

    /// The remembered tile at `p`.
    pub fn tile(&self, p: Pos) -> Option<Tile> {
        if self.level.map.in_bounds(p) {
            self.memory.get(p)
        } else {
            None
        }
    }

    /// Whether something never seen touches `p` (one of its eight neighbours on the map): not
    /// remembered, or known only from a map (magic mapping shows the level; the player has still
    /// to walk it, as Brogue's explore does).
    pub(crate) fn borders_unknown(&self, p: Pos) -> bool {
        crate::paths::neighbours8(p)
            .into_iter()
            .any(|q| self.level.map.in_bounds(q) && (self.memory.get(q).is_none() || self.memory.is_mapped_only(q)))
    }

    /// A key lying at `p`, if the player has seen that spot.
    pub fn key_at(&self, p: Pos) -> bool {
        self.memory.is_explored(p) && self.level.key_at(p).is_some()
    }

    /// Whether the Heartstone lies at `p` where the player has seen it.
    pub fn relic_at(&self, p: Pos) -> bool {
        self.level.relic == Some(p) && self.memory.is_explored(p)
    }

    /// Whether the player knows of a trap at `p`: found, and the spot seen.
    pub fn trap_at(&self, p: Pos) -> bool {
        self.level.trap_at(p).is_some_and(|t| !t.hidden) && self.memory.is_explored(p)
    }

    /// The first remembered tile of this kind (row by row), e.g. the stairs down.
    pub fn find(&self, tile: Tile) -> Option<Pos> {
        let i = self.memory.tiles().iter().position(|&t| t == Some(tile))?;
        Some(self.level.map.pos_of(i))
    }
}

/// Why exploring stopped with nothing left to walk to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finished {
    /// Everything reachable without unlocking a door has been seen. `stairs_down`: the steps
    /// to the known stairs down, if any (`None` also when there are none on this level).
    Explored {
        /// Steps to the known stairs down, if there are any.
        stairs_down: Option<u32>,
    },
    /// A locked door stands between the player and what is left unseen; `have_key` when the
    /// player holds the key to it.
    Barred {
        /// The nearest locked door.
        door: Pos,
        /// Whether the player holds its key.
        have_key: bool,
    },
}

impl Finished {
    /// What the player is told, as DCSS tells it.
    pub fn message(&self) -> String {
        match *self {
            Finished::Explored { stairs_down: Some(0) } => "Explored. You stand on the stairs down.".to_owned(),
            Finished::Explored { stairs_down: Some(1) } => "Explored. The stairs down are 1 step away.".to_owned(),
            Finished::Explored { stairs_down: Some(n) } => format!("Explored. The stairs down are {n} steps away."),
            Finished::Explored { stairs_down: None } => "Explored.".to_owned(),
            Finished::Barred { have_key: false, .. } => "Partly explored: a locked door bars the rest.".to_owned(),
            Finished::Barred { have_key: true, .. } => {
                "Partly explored: a locked door bars the rest. You hold its key.".to_owned()
            }
        }
    }
}

/// Whether exploring may walk onto a remembered tile: walkable (never into deep water, lava or
/// a chasm, which the level's ways never need) and not a locked door.
pub(crate) const fn explorable(tile: Tile) -> bool {
    tile.is_walkable() && !matches!(tile, Tile::Door(DoorState::Locked))
}

/// The walk to the next place worth exploring from `at`, or why there is none. `held`: the
/// locked doors on this level the player holds keys to (only for the message).
pub fn explore(known: &Known, at: Pos, held: &[Pos], search: &mut Search) -> Result<Vec<Pos>, Finished> {
    explore_taking(known, at, held, None, search)
}

/// What exploring picks up on its way (the `x` key's; `delve --explore` and the bots take
/// nothing).
#[derive(Clone, Copy, Debug)]
pub struct Taking<'a> {
    /// The pack things go into: only what it has room for is walked to.
    pub pack: &'a Pack,
    /// Whether weapons and armour are taken too (a setting: by default the player chooses
    /// those, as DCSS's autopickup leaves them).
    pub gear: bool,
    /// Spots not to go to for what lies there: where the player put things down (a dropped
    /// sword is not picked up again the moment the player walks off).
    pub put_down: &'a [Pos],
}

/// Whether exploring goes to pick up `found`, seen lying there, with room for it in the pack:
/// what DCSS picks up by default (potions, scrolls, wands, and things to throw: your own darts
/// after a fight), weapons and armour only when `taking.gear` says so, never what the player
/// put down there, nor anything on a vault's altar (taking it is the vault's choice).
pub fn worth_taking(known: &Known, taking: &Taking, found: &FloorItem) -> bool {
    let class = found.item.kind.class();
    known.memory.is_explored(found.at)
        && found.altar.is_none()
        && !found.sealed
        && !taking.put_down.contains(&found.at)
        && (matches!(
            class,
            Class::Potion | Class::Scroll | Class::Wand | Class::Thrown | Class::Food
        ) || (taking.gear && matches!(class, Class::Weapon | Class::Armour)))
        && taking.pack.room_for(found.item).is_some()
}

/// As `explore`, going also for what is worth taking (`worth_taking`), and for the gold seen, on
/// the way: how the `x` key explores. `None`: the map alone, as `delve --explore` and the bots
/// do.
pub fn explore_taking(
    known: &Known,
    at: Pos,
    held: &[Pos],
    taking: Option<&Taking>,
    search: &mut Search,
) -> Result<Vec<Pos>, Finished> {
    // Where the things worth taking lie, found once (the walk asks of every tile it reaches).
    // Gold seen is always worth the walk (it takes no room).
    let take: HashSet<Pos> = taking.map_or_else(HashSet::new, |taking| {
        let items = known.level.items.iter();
        let gold = known
            .level
            .gold
            .keys()
            .copied()
            .filter(|&p| known.memory.is_explored(p));
        items
            .filter(|f| worth_taking(known, taking, f))
            .map(|f| f.at)
            .chain(gold)
            .collect()
    });
    let goal =
        |p: Pos| p != at && (known.borders_unknown(p) || known.key_at(p) || known.relic_at(p) || take.contains(&p));
    let walk = search.nearest(
        known.size(),
        at,
        |p| known.tile(p),
        |p, t| explorable(t) && !known.trap_at(p),
        goal,
    );
    if let Some(walk) = walk.filter(|w| !w.is_empty()) {
        return Ok(walk);
    }
    // Nothing reachable is left: is a locked door keeping the rest from view?
    let barred = known
        .memory
        .tiles()
        .iter()
        .enumerate()
        .filter(|(_, t)| **t == Some(Tile::Door(DoorState::Locked)))
        .map(|(i, _)| known.level.map.pos_of(i))
        .find(|&d| known.borders_unknown(d));
    if let Some(door) = barred {
        return Err(Finished::Barred {
            door,
            have_key: held.contains(&door),
        });
    }
    let stairs_down = known.find(Tile::StairsDown).and_then(|s| {
        let walk = search.nearest(
            known.size(),
            at,
            |p| known.tile(p),
            |p, t| explorable(t) && !known.trap_at(p),
            |p| p == s,
        )?;
        Some(walk.len() as u32)
    });
    Err(Finished::Explored { stairs_down })
}

/// The shortest walk over remembered tiles from `at` to `to` (ending on it), through closed
/// doors and through locked doors whose keys are `held`; a locked door may also be the end of
/// the walk (walking into it tries it). `None` when `to` is unknown or out of reach.
pub fn travel(known: &Known, at: Pos, to: Pos, held: &[Pos], search: &mut Search) -> Option<Vec<Pos>> {
    known.tile(to)?;
    // Round known traps and off deep water, lava and chasms; a known trap or deep water may be
    // where it goes (asked for by name), never lava or a chasm.
    let enter = |p: Pos, t: Tile| match t {
        Tile::Door(DoorState::Locked) => p == to || held.contains(&p),
        _ if p == to => t.is_walkable() || t == Tile::DeepWater,
        _ => t.is_walkable() && !known.trap_at(p),
    };
    search.nearest(known.size(), at, |p| known.tile(p), enter, |p| p == to)
}

/// What the player knows is at `p`, in a few words for the HUD ("a locked door", "a key", "the
/// stairs down"), monsters excepted (the caller knows which it sees). `None`: never seen.
pub fn describe(known: &Known, p: Pos, held: &[Pos]) -> Option<String> {
    let tile = known.tile(p)?;
    if known.relic_at(p) {
        return Some("the Heartstone".to_owned());
    }
    if known.key_at(p) {
        return Some("a key".to_owned());
    }
    Some(
        match tile {
            Tile::Wall => "a wall",
            Tile::Floor => "room floor",
            Tile::Corridor => "a corridor",
            Tile::Door(DoorState::Open) => "an open door",
            Tile::Door(DoorState::Closed) => "a closed door",
            Tile::Door(DoorState::Locked) if held.contains(&p) => "a locked door (you hold its key)",
            Tile::Door(DoorState::Locked) => "a locked door",
            Tile::StairsDown => "the stairs down",
            Tile::StairsUp => "the stairs up",
            Tile::Grass => "tall grass",
            Tile::ShallowWater => "shallow water",
            Tile::DeepWater => "deep water",
            Tile::Lava => "lava",
            Tile::Chasm => "a chasm",
            Tile::Bridge => "a bridge",
            Tile::SecretDoor | Tile::SecretCorridor => "a wall",
            Tile::Ashes => "ashes",
            Tile::Crystal => "crystal",
            Tile::Torch => "a torch",
            Tile::Fungus => "glowing fungus",
        }
        .to_owned(),
    )
}

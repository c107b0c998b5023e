//! A level: its terrain, the keys, relic and items lying on it, and the monsters on it. Plain
//! data, kept by the dungeon while the player is elsewhere, and changed only through the rules
//! of a turn.

use std::collections::BTreeMap;

use super::{FloorItem, Item, Mind, Monster, Trap};
use crate::geom::Pos;
use crate::map::{TileMap, fnv1a};

/// A key lying on the floor, cut for the locked door at `opens` on the same level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    /// Where it lies.
    pub at: Pos,
    /// The locked door it opens.
    pub opens: Pos,
}

/// Something a monster carries off (a thief's take), dropped where it dies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Loot {
    /// The id of the monster that carries it.
    pub holder: u32,
    /// What it carries.
    pub item: Item,
}

/// One level of the dungeon.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// The terrain.
    pub map: TileMap,
    /// Keys still lying on the floor (one per locked door when the level is made).
    pub keys: Vec<Key>,
    /// The monsters on it, in the order they act.
    pub monsters: Vec<Monster>,
    /// Where the relic lies, on the deepest level until it is taken.
    pub relic: Option<Pos>,
    /// The items lying on it, never two on a tile.
    pub items: Vec<FloorItem>,
    /// What its monsters have carried off, one thing to a monster at most.
    pub loot: Vec<Loot>,
    /// The traps laid on it, hidden or found, never two on a tile.
    pub traps: Vec<Trap>,
    /// Where fire burns, and for how many more turns.
    pub fire: BTreeMap<Pos, u8>,
    /// Where poison gas hangs, and how thick (it spreads and thins each turn).
    pub gas: BTreeMap<Pos, u8>,
    /// The gold lying on it: piles, and how many pieces each (picked up by walking over them).
    pub gold: BTreeMap<Pos, u32>,
}

impl Level {
    /// A level with no keys (a map file).
    pub fn bare(map: TileMap) -> Self {
        Level {
            map,
            keys: Vec::new(),
            monsters: Vec::new(),
            relic: None,
            items: Vec::new(),
            loot: Vec::new(),
            traps: Vec::new(),
            fire: BTreeMap::new(),
            gas: BTreeMap::new(),
            gold: BTreeMap::new(),
        }
    }

    /// The id a monster coming to this level takes: one past the highest here (a follower off
    /// the stairs, a newcomer).
    pub fn next_monster_id(&self) -> u32 {
        self.monsters.iter().map(|m| m.id + 1).max().unwrap_or(0)
    }

    /// A monster of `kind` coming to `at`, unhurt and about `mind` (a newcomer, a summons, a
    /// blade conjured): it takes the next id.
    pub(crate) fn add_monster(&mut self, kind: super::Kind, at: Pos, mind: super::Mind) {
        let id = self.next_monster_id();
        self.monsters.push(super::Monster::new(id, kind, at, mind));
    }

    /// The trap at `p`, if any.
    pub fn trap_at(&self, p: Pos) -> Option<&Trap> {
        self.traps.iter().find(|t| t.at == p)
    }

    /// Whether fire or gas is anywhere on the level: terrain that acts each turn.
    pub fn is_astir(&self) -> bool {
        !self.fire.is_empty() || !self.gas.is_empty()
    }

    /// The monster standing at `p`, if any.
    pub fn monster_at(&self, p: Pos) -> Option<&Monster> {
        self.monsters.iter().find(|m| m.at == p)
    }

    /// Where monster `id` is in `monsters`, if it is alive.
    pub fn monster_index(&self, id: u32) -> Option<usize> {
        self.monsters.iter().position(|m| m.id == id)
    }

    /// The key lying at `p`, if any.
    pub fn key_at(&self, p: Pos) -> Option<&Key> {
        self.keys.iter().find(|k| k.at == p)
    }

    /// The item lying at `p`, if any.
    pub fn item_at(&self, p: Pos) -> Option<&FloorItem> {
        self.items.iter().find(|i| i.at == p)
    }

    /// What monster `id` carries, if anything.
    pub fn loot_of(&self, id: u32) -> Option<&Loot> {
        self.loot.iter().find(|l| l.holder == id)
    }

    /// Heap bytes the level holds, for memory reports.
    pub fn heap_bytes(&self) -> usize {
        self.map.heap_bytes()
            + self.keys.capacity() * std::mem::size_of::<Key>()
            + self.monsters.capacity() * std::mem::size_of::<Monster>()
            + self.items.capacity() * std::mem::size_of::<FloorItem>()
            + self.loot.capacity() * std::mem::size_of::<Loot>()
            + self.traps.capacity() * std::mem::size_of::<Trap>()
            + (self.fire.len() + self.gas.len()) * (std::mem::size_of::<(Pos, u8)>() + 16)
    }

    /// The level in the ASCII legend with `@` where the player arrives (see `TileMap::to_ascii`).
    pub fn to_ascii(&self) -> String {
        self.map.to_ascii()
    }

    /// A stable 64-bit FNV-1a hash of the ASCII dump followed by every key (where it lies, what
    /// it opens), the relic, every monster (kind, place, health, energy, mind) and every trap
    /// (place, kind, hidden): the level's fingerprint for golden tests.
    pub fn fingerprint(&self) -> u64 {
        let mut bytes = self.map.to_ascii().into_bytes();
        for k in &self.keys {
            for v in [k.at.x, k.at.y, k.opens.x, k.opens.y] {
                bytes.extend_from_slice(&v.to_le_bytes());
            }
        }
        if let Some(r) = self.relic {
            bytes.push(b'R');
            bytes.extend_from_slice(&r.x.to_le_bytes());
            bytes.extend_from_slice(&r.y.to_le_bytes());
        }
        for m in &self.monsters {
            let mind = match m.mind {
                Mind::Asleep => 0,
                Mind::Wandering { heading } => 1 + heading as i32,
                Mind::Hunting { .. } => 9,
                Mind::Fleeing => 10,
                Mind::Captive { chains } => 11 + i32::from(chains),
                Mind::Ally { .. } => 100,
            };
            for v in [m.id as i32, m.kind as i32, m.at.x, m.at.y, m.hp, m.energy, mind] {
                bytes.extend_from_slice(&v.to_le_bytes());
            }
        }
        for t in &self.traps {
            bytes.push(b'^');
            for v in [t.at.x, t.at.y, t.kind.id() as i32, i32::from(t.hidden)] {
                bytes.extend_from_slice(&v.to_le_bytes());
            }
        }
        for (p, &n) in &self.gold {
            bytes.push(b'$');
            for v in [p.x, p.y, n as i32] {
                bytes.extend_from_slice(&v.to_le_bytes());
            }
        }
        fnv1a(&bytes)
    }
}

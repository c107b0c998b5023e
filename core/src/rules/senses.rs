//! What the monsters sense of the player in a turn: one line-of-sight pass from the player (sight
//! is symmetric, so it serves every monster), how far the player's noise carries (one walk out
//! from the player, `listen`), the ways to the hunters' targets, and the level's light (`light_up`).
//! Scratch kept between turns, never game state: all of it is worked out from the state.

use crate::dungeon::Dungeon;
use crate::fov::compute_fov;
use crate::fov::light::{FIRE, Glow, LightMap, carried_glow, view_window};
use crate::geom::Pos;
use crate::map::TileMap;
use crate::paths::StepField;

use crate::map::{DoorState, Tile};
use crate::world::{Doors, Ground, ItemKind, Player};

use super::marks::Marks;

/// How far (in steps) a hunter's way to its target is searched; a hunter farther off heads
/// straight for it.
pub(crate) const HUNT_REACH: u32 = 2 * crate::world::MAX_SIGHT + crate::world::PATIENCE;

/// Scratch for the monsters' turn, kept between turns (never game state): the player's line of
/// sight, and the ways to hunters' targets.
#[derive(Clone, Debug, Default)]
pub(crate) struct Senses {
    /// The tiles in the player's line of sight at the last `look`.
    in_sight: Marks,
    width: u32,
    fields: Vec<(Pos, Gait, StepField)>,
    fields_used: usize,
    /// How far the last noise walked (`listen`).
    earshot: super::noise::Earshot,
    /// Where monsters stand this turn: a lookup for each step a monster weighs, instead of a
    /// search of the level's list.
    crowd: Marks,
    /// Each ally's line of sight at the last `see_allies` (or its own `see_ally`): its id, where
    /// it stood, the tiles in it. Sight is symmetric: a monster sees an ally where the ally's
    /// line of sight holds it (and it is within the monster's sight radius).
    allies: Vec<(u32, Pos, Marks)>,
    allies_used: usize,
    /// The level's light, and the player's (`light_up`).
    light: LightMap,
}

impl Senses {
    /// Lights the level `player` is on in `dungeon` as far round it as `reach`: its glows, fires
    /// and glowing monsters over the ambient light of its depth (the deepest's, in darkness:
    /// `Mode::light_depth`), and the light the player carries (`light::carried_glow`, its rings
    /// of light). Worked out again only when the glows, the tiles or the player's place change.
    pub fn light_up(&mut self, dungeon: &Dungeon, player: &Player, reach: u32) {
        let (level, player_at) = (dungeon.level(), player.at);
        let depth = dungeon.mode().light_depth(dungeon.depth());
        let own = carried_glow(depth, player.pack.ring_plus(ItemKind::Light));
        // What moves or burns out: fires, and monsters that glow (a will-o'-wisp, a fire
        // elemental). Their fingerprint (where each is: how long a fire still burns does not
        // change its light) says when to work the light out again.
        let glowing = level.monsters.iter().filter_map(|m| m.kind.glow().map(|g| (m.at, g)));
        let burning = level.fire.keys().map(|&p| (p, FIRE));
        let moving: Vec<(Pos, Glow)> = burning.chain(glowing).collect();
        let print = moving.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, (p, g)| {
            let at = u64::from(p.x as u32) << 32 | u64::from(p.y as u32);
            (h ^ at ^ u64::from(g.radius) << 60).wrapping_mul(0x0000_0100_0000_01b3)
        });
        let window = view_window(player_at, reach);
        let print = print ^ level.fire.len() as u64;
        self.light
            .light_up(&level.map, depth, moving.into_iter(), print, window);
        self.light.carry(Some((player_at, own)));
    }

    /// The light as last worked out (`light_up`).
    pub const fn light(&self) -> &LightMap {
        &self.light
    }

    /// Marks every tile in line of sight of `from` within `reach` (one shadowcast), and drops
    /// the ways found before (the level may have changed).
    pub fn look(&mut self, map: &TileMap, from: Pos, reach: u32) {
        self.in_sight.clear(map.tiles().len());
        self.width = map.width();
        let in_sight = &mut self.in_sight;
        compute_fov(
            from,
            reach,
            |p| map.blocks_sight(p),
            |p| {
                if map.in_bounds(p) {
                    in_sight.insert(map.index(p));
                }
            },
        );
        self.fields_used = 0;
    }

    /// Whether `p` was in line of sight (within the reach) at the last `look`.
    pub(crate) fn in_line(&self, p: Pos) -> bool {
        p.x >= 0
            && p.y >= 0
            && (p.x as u32) < self.width
            && self
                .in_sight
                .contains(p.y as usize * self.width as usize + p.x as usize)
    }

    /// The ways to `target` for a walker of `gait`, searched `reach` steps out (`HUNT_REACH` at
    /// least), found once a turn (again only for a longer reach).
    pub fn field(&mut self, map: &TileMap, target: Pos, gait: Gait, reach: u32) -> &StepField {
        let reach = reach.max(HUNT_REACH);
        let used = &self.fields[..self.fields_used];
        let i = match used.iter().position(|f| f.0 == target && f.1 == gait) {
            Some(i) if self.fields[i].2.limit() >= reach => return &self.fields[i].2,
            Some(i) => i,
            None => {
                if self.fields_used == self.fields.len() {
                    self.fields.push((target, gait, StepField::default()));
                }
                self.fields_used += 1;
                self.fields_used - 1
            }
        };
        let slot = &mut self.fields[i];
        slot.0 = target;
        slot.1 = gait;
        slot.2.compute(map, target, reach, |t| enterable(t, gait));
        &slot.2
    }

    /// Walks a noise of `loudness` out from `from` (`noise::Earshot`). What it reaches is read
    /// with `heard`.
    pub fn listen(&mut self, map: &TileMap, from: Pos, loudness: u32) {
        self.earshot.walk(map, from, loudness);
    }

    /// How far the last noise had walked when it reached `p`, if it did.
    pub(crate) fn heard(&self, map: &TileMap, p: Pos) -> Option<u32> {
        self.earshot.heard(map, p).map(|h| h.steps)
    }

    /// Marks where every monster on `level` stands, for `crowded`.
    pub(crate) fn crowd_in(&mut self, level: &crate::world::Level) {
        let map = &level.map;
        self.crowd.clear(map.tiles().len());
        for m in &level.monsters {
            if map.in_bounds(m.at) {
                self.crowd.insert(map.index(m.at));
            }
        }
    }

    /// A monster moved from `from` to `to` (after `crowd_in`).
    pub(crate) fn crowd_moved(&mut self, map: &TileMap, from: Pos, to: Pos) {
        if !self.crowd.sized_for(map.tiles().len()) {
            return;
        }
        if map.in_bounds(from) {
            self.crowd.remove(map.index(from));
        }
        if map.in_bounds(to) {
            self.crowd.insert(map.index(to));
        }
    }

    /// Whether a monster stands at `p`, as marked since the last `crowd_in`.
    pub(crate) fn crowded(&self, map: &TileMap, p: Pos) -> bool {
        map.in_bounds(p) && self.crowd.contains(map.index(p))
    }

    /// Looks from every ally on `level` as far as any kind sees (what each sees of it is read
    /// within its own radius; no pass at all on a level without allies).
    pub(crate) fn see_allies(&mut self, level: &crate::world::Level) {
        self.allies_used = 0;
        for m in level.monsters.iter().filter(|m| m.is_ally()) {
            self.see_ally(&level.map, m.id, m.at, crate::world::MAX_SIGHT);
        }
    }

    /// Looks again from the ally `id`, now at `at` (before it chooses what to do).
    pub(crate) fn see_ally(&mut self, map: &TileMap, id: u32, at: Pos, reach: u32) {
        let used = &self.allies[..self.allies_used];
        let i = match used.iter().position(|a| a.0 == id) {
            Some(i) => i,
            None => {
                if self.allies_used == self.allies.len() {
                    self.allies.push((id, at, Marks::default()));
                }
                self.allies_used += 1;
                self.allies_used - 1
            }
        };
        let (slot_id, slot_at, marks) = &mut self.allies[i];
        *slot_id = id;
        *slot_at = at;
        marks.clear(map.tiles().len());
        compute_fov(
            at,
            reach,
            |p| map.blocks_sight(p),
            |p| {
                if map.in_bounds(p) {
                    marks.insert(map.index(p));
                }
            },
        );
    }

    /// Whether the ally `id` had `p` in its line of sight when it last looked.
    pub(crate) fn ally_sees(&self, map: &TileMap, id: u32, p: Pos) -> bool {
        map.in_bounds(p)
            && self.allies[..self.allies_used]
                .iter()
                .any(|(a, _, marks)| *a == id && marks.contains(map.index(p)))
    }

    /// The allies (id, where each stood) whose line of sight held `p` when they last looked.
    pub(crate) fn allies_seeing<'a>(&'a self, map: &'a TileMap, p: Pos) -> impl Iterator<Item = (u32, Pos)> + 'a {
        let i = map.in_bounds(p).then(|| map.index(p));
        self.allies[..self.allies_used]
            .iter()
            .filter(move |(_, _, marks)| i.is_some_and(|i| marks.contains(i)))
            .map(|&(id, at, _)| (id, at))
    }

    /// Forgets the last noise: nothing is heard until the next `listen`.
    pub(crate) fn hush(&mut self) {
        self.earshot.hush();
    }
}

/// How a monster gets about: what a closed door means to it, and what ground it goes over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Gait {
    /// What a closed door means to it.
    pub doors: Doors,
    /// What ground it goes over.
    pub ground: Ground,
}

impl Gait {
    /// The gait of a monster of `kind`.
    pub(crate) fn of(kind: crate::world::Kind) -> Gait {
        let s = kind.stats();
        Gait {
            doors: s.doors,
            ground: s.ground(),
        }
    }
}

/// Whether a monster of `gait` may step onto `tile`, or bump it open.
pub(crate) const fn enterable(tile: Tile, gait: Gait) -> bool {
    match (tile, gait.ground) {
        // A swimmer keeps to deep water.
        (Tile::DeepWater, Ground::Swims | Ground::Flies) => true,
        (_, Ground::Swims) => false,
        (Tile::Wall, Ground::Burrows) => true,
        (Tile::Lava, Ground::Wades | Ground::Flies) => true,
        (Tile::Chasm, Ground::Flies) => true,
        // Rock, a torch on it, crystal: solid to all but a burrower in plain rock.
        (Tile::Wall | Tile::SecretDoor | Tile::SecretCorridor | Tile::Crystal | Tile::Torch, _) => false,
        // Only fliers cross water, lava and chasms: the rest keep out of them.
        (Tile::DeepWater | Tile::Lava | Tile::Chasm, _) => false,
        (Tile::Door(DoorState::Locked), _) => matches!(gait.doors, Doors::Smashes),
        (Tile::Door(DoorState::Closed), _) => !matches!(gait.doors, Doors::Stopped),
        _ => true,
    }
}

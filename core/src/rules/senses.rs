//! What the monsters sense of the player in a turn: one line-of-sight pass from the player (sight
//! is symmetric, so it serves every monster), and the ways to the hunters' targets. Scratch kept
//! between turns, never game state.

use crate::fov::compute_fov;
use crate::geom::Pos;
use crate::map::TileMap;
use crate::paths::StepField;

use crate::map::{DoorState, Tile};

/// How far (in steps) a hunter's way to its target is searched; a hunter farther off heads
/// straight for it.
pub(crate) const HUNT_REACH: u32 = 2 * crate::world::MAX_SIGHT + crate::world::PATIENCE;

/// Scratch for the monsters' turn, kept between turns (never game state): the player's line of
/// sight, and the ways to hunters' targets.
#[derive(Clone, Debug, Default)]
pub(crate) struct Senses {
    stamp: Vec<u32>,
    current: u32,
    width: u32,
    fields: Vec<(Pos, bool, StepField)>,
    fields_used: usize,
}

impl Senses {
    /// Marks every tile in line of sight of `from` within `reach` (one shadowcast), and drops
    /// the ways found before (the level may have changed).
    pub fn look(&mut self, map: &TileMap, from: Pos, reach: u32) {
        let n = map.tiles().len();
        if self.stamp.len() != n || self.width != map.width() {
            self.stamp = vec![0; n];
            self.current = 0;
            self.width = map.width();
        }
        self.current = self.current.wrapping_add(1);
        if self.current == 0 {
            self.stamp.fill(0);
            self.current = 1;
        }
        let (stamp, current, width) = (&mut self.stamp, self.current, self.width as usize);
        compute_fov(
            from,
            reach,
            |p| map.blocks_sight(p),
            |p| {
                if map.in_bounds(p) {
                    stamp[p.y as usize * width + p.x as usize] = current;
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
            && self.stamp.get(p.y as usize * self.width as usize + p.x as usize) == Some(&self.current)
    }

    /// The ways to `target` for a walker that does (or does not) open doors, found once a turn.
    pub fn field(&mut self, map: &TileMap, target: Pos, opens_doors: bool) -> &StepField {
        let used = &self.fields[..self.fields_used];
        if let Some(i) = used.iter().position(|f| f.0 == target && f.1 == opens_doors) {
            return &self.fields[i].2;
        }
        if self.fields_used == self.fields.len() {
            self.fields.push((target, opens_doors, StepField::default()));
        }
        let slot = &mut self.fields[self.fields_used];
        self.fields_used += 1;
        slot.0 = target;
        slot.1 = opens_doors;
        slot.2.compute(map, target, HUNT_REACH, |t| enterable(t, opens_doors));
        &slot.2
    }
}

/// Whether a monster that does (or does not) open doors may step onto `tile`, or bump it open.
pub(crate) const fn enterable(tile: Tile, opens_doors: bool) -> bool {
    match tile {
        Tile::Wall | Tile::Door(DoorState::Locked) => false,
        Tile::Door(DoorState::Closed) => opens_doors,
        _ => true,
    }
}

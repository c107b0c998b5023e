//! The door rules every corridor style digs by: doors only where a path crosses a room wall
//! straight on, framed by wall, never beside another door.

use super::*;

impl Builder {
    /// Whether `p` may become (or already is) a door leading out of its room towards `out`:
    /// a wall tile with the room's floor behind it, diggable ground in front of it, and no door
    /// beside it along the wall (`planned` counts as doors too).
    pub(crate) fn can_door(&self, p: Pos, out: Dir, planned: &[Pos]) -> bool {
        // Ring tiles lie inside the border, so their neighbours are found by index.
        if !self.interior(p) {
            return false;
        }
        let i = self.idx(p);
        let room = self.owner[i];
        if room == 0 || room == BORDER {
            return false;
        }
        match self.tiles[i] {
            Tile::Door(_) => {}
            Tile::Wall => {
                let along = self.offset(out.right());
                for q in [i.wrapping_add_signed(along), i.wrapping_add_signed(-along)] {
                    if self.tiles[q].is_door() || planned.iter().any(|&d| self.idx(d) == q) {
                        return false;
                    }
                }
            }
            _ => return false,
        }
        let step = self.offset(out);
        let (inside, outside) = (i.wrapping_add_signed(-step), i.wrapping_add_signed(step));
        self.tiles[inside] == Tile::Floor && self.owner[inside] == room && self.dig_cost(outside).is_some()
    }

    pub(super) fn make_door(&mut self, p: Pos, rng: &mut GenRng) {
        if self.cell(p) == Cell::Ring {
            let state = if rng.percent(OPEN_DOOR_PCT) {
                DoorState::Open
            } else {
                DoorState::Closed
            };
            self.set_walkable(p, Tile::Door(state));
        }
    }

    /// Checks that `path` may be dug: it stays inside the border and crosses walls only straight
    /// through doorways. Returns the wall tiles that would become doors.
    #[cfg(test)]
    pub(crate) fn check_path(&self, path: &[Pos]) -> Option<Vec<Pos>> {
        let mut doors = Vec::new();
        self.doorways_into(path, &mut doors).map(|()| doors)
    }

    /// `check_path`, appending the doorways to a list the caller owns.
    pub(super) fn doorways_into(&self, path: &[Pos], doors: &mut Vec<Pos>) -> Option<()> {
        for (i, &p) in path.iter().enumerate() {
            if !self.interior(p) {
                return None;
            }
            if i > 0 && path[i - 1].manhattan(p) != 1 {
                return None;
            }
            // Rock and corridor (a toll) are dug or walked freely, as are existing doorways;
            // new ones must be crossed straight on.
            if self.toll[self.idx(p)] == 0 && self.cell(p) == Cell::Ring {
                let (Some(&prev), Some(&next)) = (i.checked_sub(1).and_then(|j| path.get(j)), path.get(i + 1)) else {
                    return None;
                };
                // The crossing must go straight through: the room's floor on one side, the
                // outside on the other.
                let room = self.owner(p);
                let is_inside = |q: Pos| self.cell(q) == Cell::Floor && self.owner(q) == room;
                let (inside, out) = if is_inside(prev) { (prev, next) } else { (next, prev) };
                let dir = Dir::ALL.into_iter().find(|&d| p.step(d) == out)?;
                if inside != p.step(dir.opposite()) || !self.can_door(p, dir, doors) {
                    return None;
                }
                doors.push(p);
            }
        }
        Some(())
    }

    /// Digs `path` if `check_path` allows it. Returns whether it was dug.
    pub(crate) fn carve(&mut self, path: &[Pos], rng: &mut GenRng) -> bool {
        // The doorway list is scratch kept between calls: most paths cross no wall at all.
        let mut doors = std::mem::take(&mut self.crossings);
        doors.clear();
        let ok = self.doorways_into(path, &mut doors).is_some();
        if ok {
            for &p in path {
                if self.is_rock(self.idx(p)) {
                    self.set_walkable(p, Tile::Corridor);
                }
            }
            for &d in &doors {
                self.make_door(d, rng);
            }
        }
        self.crossings = doors;
        ok
    }

    /// A doorway out of `room` through the wall facing `dir`: a new door where one may go, else an
    /// existing door on that wall. The tile in front of it is dug. Returns (door, outside).
    pub(crate) fn door_toward(&mut self, room: usize, dir: Dir, rng: &mut GenRng) -> Option<(Pos, Pos)> {
        let r = self.rooms[room];
        let (start, along, len) = match dir {
            Dir::North => (Pos::new(r.x, r.y - 1), Dir::East, r.w),
            Dir::South => (Pos::new(r.x, r.bottom()), Dir::East, r.w),
            Dir::West => (Pos::new(r.x - 1, r.y), Dir::South, r.h),
            Dir::East => (Pos::new(r.right(), r.y), Dir::South, r.h),
        };
        // One pass along the wall: where a doorway may be, and whether it would be a new door.
        // The tiles of one side of a ring, between its corners, all belong to this room and
        // have its floor behind them, so `can_door` comes down to: a wall with no door either
        // side along it (a new door) or a door already, and a toll in front (checked against
        // `can_door` itself in debug builds).
        let mut spots = std::mem::take(&mut self.doorways);
        spots.clear();
        spots.reserve(len as usize); // room for the whole wall: one allocation, not a doubling series
        let (out, side) = (self.offset(dir), self.offset(along));
        let mut i = self.idx(start);
        for k in 0..len {
            let ahead = self.toll[i.wrapping_add_signed(out)] != 0;
            let spot = match self.tiles[i] {
                Tile::Wall => {
                    let door_at = |j: usize| self.tiles[j].is_door();
                    let apart = !door_at(i.wrapping_add_signed(side)) && !door_at(i.wrapping_add_signed(-side));
                    (ahead && apart).then_some(true)
                }
                Tile::Door(_) => ahead.then_some(false),
                _ => None,
            };
            let p = start.offset(along.delta().0 * k, along.delta().1 * k);
            debug_assert_eq!(spot.is_some(), self.can_door(p, dir, &[]), "door rule at {p:?}");
            if let Some(new) = spot {
                spots.push((p, new));
            }
            i = i.wrapping_add_signed(side);
        }
        // A uniform pick among the new doorways, else among the existing doors.
        let fresh = spots.iter().filter(|&&(_, new)| new).count();
        let door = if fresh > 0 {
            let nth = rng.below(fresh as u32) as usize;
            spots.iter().filter(|&&(_, new)| new).nth(nth).map(|&(p, _)| p)
        } else {
            rng.pick(&spots).map(|(p, _)| p)
        };
        self.doorways = spots;
        let door = door?;
        self.make_door(door, rng);
        let outside = door.step(dir);
        self.dig(outside);
        Some((door, outside))
    }
}

//! The rules of moving and of doors, as plain functions over the `TileMap`: what an action does,
//! decided without an `App`.

use crate::map::{Dir, DoorState, Pos, Tile, TileMap};

/// One of the eight directions a player can step in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir8 {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Dir8 {
    pub const ALL: [Dir8; 8] = [
        Dir8::N,
        Dir8::NE,
        Dir8::E,
        Dir8::SE,
        Dir8::S,
        Dir8::SW,
        Dir8::W,
        Dir8::NW,
    ];

    pub const fn delta(self) -> (i32, i32) {
        match self {
            Dir8::N => (0, -1),
            Dir8::NE => (1, -1),
            Dir8::E => (1, 0),
            Dir8::SE => (1, 1),
            Dir8::S => (0, 1),
            Dir8::SW => (-1, 1),
            Dir8::W => (-1, 0),
            Dir8::NW => (-1, -1),
        }
    }

    pub const fn is_diagonal(self) -> bool {
        let (dx, dy) = self.delta();
        dx != 0 && dy != 0
    }

    pub const fn from_pos(from: Pos, dir: Dir8) -> Pos {
        let (dx, dy) = dir.delta();
        from.offset(dx, dy)
    }
}

impl From<Dir> for Dir8 {
    fn from(d: Dir) -> Self {
        match d {
            Dir::North => Dir8::N,
            Dir::East => Dir8::E,
            Dir::South => Dir8::S,
            Dir::West => Dir8::W,
        }
    }
}

/// What an attempted step does. Only `Moved` and `Opened` take a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Moved(Pos),
    Opened(Pos),
    Wall,
    Locked,
    /// A diagonal step into or out of a doorway (NetHack's rule).
    DiagonalDoorway,
}

/// What stepping from `from` in `dir` does on `map`.
pub fn step(map: &TileMap, from: Pos, dir: Dir8) -> Step {
    let to = Dir8::from_pos(from, dir);
    let Some(tile) = map.get(to) else { return Step::Wall };
    if dir.is_diagonal() && (tile.is_door() || map.tile(from).is_door()) {
        return Step::DiagonalDoorway;
    }
    match tile {
        Tile::Wall => Step::Wall,
        Tile::Door(DoorState::Closed) => Step::Opened(to),
        Tile::Door(DoorState::Locked) => Step::Locked,
        Tile::Door(DoorState::Open) | Tile::Floor | Tile::Corridor => Step::Moved(to),
    }
}

/// What trying to close the door at `at` does. Only `Closed` takes a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Close {
    Closed(Pos),
    NoDoor,
    AlreadyShut,
    Occupied,
}

/// Closing the door at `at`; `occupied` says whether something stands there.
pub fn close(map: &TileMap, at: Pos, occupied: bool) -> Close {
    match map.tile(at) {
        Tile::Door(DoorState::Open) if occupied => Close::Occupied,
        Tile::Door(DoorState::Open) => Close::Closed(at),
        Tile::Door(_) => Close::AlreadyShut,
        _ => Close::NoDoor,
    }
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

    fn map(s: &str) -> TileMap {
        parse_ascii(s.as_bytes()).unwrap()
    }

    #[test]
    fn steps() {
        let m = map("#####\n#@.+#\n#.'*#\n#####\n");
        let at = Pos::new(1, 1);
        assert_eq!(step(&m, at, Dir8::E), Step::Moved(Pos::new(2, 1)));
        assert_eq!(step(&m, at, Dir8::N), Step::Wall);
        assert_eq!(step(&m, at, Dir8::NW), Step::Wall);
        assert_eq!(step(&m, Pos::new(2, 1), Dir8::E), Step::Opened(Pos::new(3, 1)));
        assert_eq!(
            step(&m, Pos::new(2, 1), Dir8::SE),
            Step::DiagonalDoorway,
            "into a locked doorway diagonally"
        );
        assert_eq!(step(&m, at, Dir8::SE), Step::DiagonalDoorway);
        assert_eq!(
            step(&m, Pos::new(2, 2), Dir8::NW),
            Step::DiagonalDoorway,
            "out of a doorway diagonally"
        );
        assert_eq!(step(&m, Pos::new(2, 2), Dir8::E), Step::Locked);
        assert_eq!(step(&m, Pos::new(1, 2), Dir8::E), Step::Moved(Pos::new(2, 2)));
    }

    #[test]
    fn off_the_map_is_wall() {
        let m = map("@.\n..\n");
        assert_eq!(step(&m, Pos::new(0, 0), Dir8::W), Step::Wall);
        assert_eq!(step(&m, Pos::new(0, 0), Dir8::N), Step::Wall);
    }

    #[test]
    fn closing() {
        let m = map("#####\n#@'+#\n#####\n");
        assert_eq!(close(&m, Pos::new(2, 1), false), Close::Closed(Pos::new(2, 1)));
        assert_eq!(close(&m, Pos::new(2, 1), true), Close::Occupied);
        assert_eq!(close(&m, Pos::new(3, 1), false), Close::AlreadyShut);
        assert_eq!(close(&m, Pos::new(1, 1), false), Close::NoDoor);
        assert_eq!(open_doors_around(&m, Pos::new(1, 1)), vec![Pos::new(2, 1)]);
    }
}

//! Geometry of the grid: positions, the four and eight directions, rectangles, and `Grid`, a
//! value per tile that owns the row-major index arithmetic. The bottom layer: it imports nothing
//! of Delve's.

/// A tile position. Signed so that neighbours of edge tiles can be named and bounds-checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct Pos {
    /// Column, growing to the east.
    pub x: i32,
    /// Row, growing to the south.
    pub y: i32,
}

impl Pos {
    /// The position at column `x`, row `y`.
    pub const fn new(x: i32, y: i32) -> Self {
        Self { x, y }
    }

    /// The position one step away in `dir`.
    pub const fn step(self, dir: Dir) -> Self {
        let (dx, dy) = dir.delta();
        Self::new(self.x + dx, self.y + dy)
    }

    /// The position `dx` columns and `dy` rows away.
    pub(crate) const fn offset(self, dx: i32, dy: i32) -> Self {
        Self::new(self.x + dx, self.y + dy)
    }

    /// The four orthogonal neighbours, in `Dir::ALL` order.
    pub fn neighbours4(self) -> [Pos; 4] {
        Dir::ALL.map(|d| self.step(d))
    }

    /// Steps between the two on a 4-way grid.
    pub const fn manhattan(self, other: Pos) -> u32 {
        self.x.abs_diff(other.x) + self.y.abs_diff(other.y)
    }
}

/// One of the four orthogonal directions (y grows downwards, as on screen and in the ASCII dump).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Up the screen (y falls).
    North,
    /// Right (x grows).
    East,
    /// Down the screen (y grows).
    South,
    /// Left (x falls).
    West,
}

impl Dir {
    /// The four, clockwise from north.
    pub const ALL: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];

    /// The step `(dx, dy)` one tile this way.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Dir::North => (0, -1),
            Dir::East => (1, 0),
            Dir::South => (0, 1),
            Dir::West => (-1, 0),
        }
    }

    /// Turned 90° clockwise.
    pub const fn right(self) -> Dir {
        match self {
            Dir::North => Dir::East,
            Dir::East => Dir::South,
            Dir::South => Dir::West,
            Dir::West => Dir::North,
        }
    }

    /// Turned 90° counter-clockwise.
    pub const fn left(self) -> Dir {
        self.right().right().right()
    }

    /// Turned half round.
    pub(crate) const fn opposite(self) -> Dir {
        self.right().right()
    }

    /// East or west.
    pub(crate) const fn is_horizontal(self) -> bool {
        matches!(self, Dir::East | Dir::West)
    }
}

/// An axis-aligned rectangle of tiles: `x..x + w` by `y..y + h`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rect {
    /// Left column.
    pub x: i32,
    /// Top row.
    pub y: i32,
    /// Width in tiles.
    pub w: i32,
    /// Height in tiles.
    pub h: i32,
}

impl Rect {
    /// The rectangle of `w` by `h` tiles whose top left tile is `(x, y)`.
    pub const fn new(x: i32, y: i32, w: i32, h: i32) -> Self {
        Self { x, y, w, h }
    }

    /// The first column past the right edge.
    pub const fn right(&self) -> i32 {
        self.x + self.w
    }

    /// The first row below the bottom edge.
    pub const fn bottom(&self) -> i32 {
        self.y + self.h
    }

    /// The centre tile (rounded towards the top left).
    pub const fn center(&self) -> Pos {
        Pos::new(self.x + (self.w - 1) / 2, self.y + (self.h - 1) / 2)
    }

    /// Whether tile `p` is inside.
    pub const fn contains(&self, p: Pos) -> bool {
        p.x >= self.x && p.x < self.right() && p.y >= self.y && p.y < self.bottom()
    }

    /// This rectangle grown by `n` tiles on every side.
    pub const fn grow(&self, n: i32) -> Rect {
        Rect::new(self.x - n, self.y - n, self.w + 2 * n, self.h + 2 * n)
    }

    /// True when the two rectangles share at least one tile.
    pub const fn intersects(&self, o: &Rect) -> bool {
        self.x < o.right() && o.x < self.right() && self.y < o.bottom() && o.y < self.bottom()
    }

    /// Every tile of the rectangle, row by row.
    pub fn tiles(&self) -> impl Iterator<Item = Pos> + '_ {
        (self.y..self.bottom()).flat_map(move |y| (self.x..self.right()).map(move |x| Pos::new(x, y)))
    }
}

/// One of the eight directions an actor can step in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Dir8 {
    /// North.
    N,
    /// North-east.
    NE,
    /// East.
    E,
    /// South-east.
    SE,
    /// South.
    S,
    /// South-west.
    SW,
    /// West.
    W,
    /// North-west.
    NW,
}

impl Dir8 {
    /// The eight, clockwise from north.
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

    /// The step `(dx, dy)` one tile this way.
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

    /// One of the four diagonals.
    pub const fn is_diagonal(self) -> bool {
        let (dx, dy) = self.delta();
        dx != 0 && dy != 0
    }

    /// The neighbour of `from` in direction `dir`.
    pub const fn from_pos(from: Pos, dir: Dir8) -> Pos {
        let (dx, dy) = dir.delta();
        from.offset(dx, dy)
    }

    /// The step from `from` onto `to`, if `to` is one of its eight neighbours.
    pub fn between(from: Pos, to: Pos) -> Option<Dir8> {
        Dir8::ALL.into_iter().find(|&d| Dir8::from_pos(from, d) == to)
    }
}

/// The tiles a straight line from `from` to `to` passes, `from` left out and `to` last
/// (Bresenham's line: one tile per step along the longer axis). What a thrown thing or a bolt
/// flies along; empty when `from == to`.
pub fn line(from: Pos, to: Pos) -> Vec<Pos> {
    let (dx, dy) = ((to.x - from.x).abs(), -(to.y - from.y).abs());
    let (sx, sy) = ((to.x - from.x).signum(), (to.y - from.y).signum());
    let (mut x, mut y, mut err) = (from.x, from.y, dx + dy);
    let mut tiles = Vec::with_capacity(dx.max(-dy) as usize);
    while (x, y) != (to.x, to.y) {
        let e2 = 2 * err;
        if e2 >= dy {
            err += dy;
            x += sx;
        }
        if e2 <= dx {
            err += dx;
            y += sy;
        }
        tiles.push(Pos::new(x, y));
    }
    tiles
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

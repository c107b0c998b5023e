//! A level's terrain: tiles (door states and stairs included), rooms and where the player
//! arrives, read from and written as the ASCII legend.

mod ascii;

use std::sync::atomic::{AtomicU64, Ordering};

use crate::geom::{Pos, Rect};

pub use ascii::{MapError, MapErrorKind, parse_ascii};

/// Smallest level the generator builds (and `--size` accepts).
pub const MIN_SIZE: (u32, u32) = (20, 15);
/// Largest level in either dimension, generated or loaded.
pub const MAX_SIDE: u32 = 1024;

/// Whether a map may be `side` tiles along one side: from 1 to `MAX_SIDE` (what a map file may
/// hold; generated levels are at least `generation::MIN_SIZE`).
pub const fn side_ok(side: u32) -> bool {
    side >= 1 && side <= MAX_SIDE
}

/// The state of a door. It lives in the door's tile, the one place every rule and view reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DoorState {
    /// Open: nothing stops at it, movement or sight.
    Open,
    /// Closed: opened by bumping it (for those who open doors).
    Closed,
    /// Locked: opened only with its key.
    Locked,
}

impl DoorState {
    /// Closed and locked doors stop movement and sight; an open door stops neither.
    pub const fn blocks(self) -> bool {
        !matches!(self, DoorState::Open)
    }
}

/// What a map tile is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tile {
    /// Solid: room walls and the rock between rooms.
    Wall,
    /// Room floor.
    Floor,
    /// Dug corridor floor.
    Corridor,
    /// A doorway with a door in it.
    Door(DoorState),
    /// Stairs down to the next level, on room floor.
    StairsDown,
    /// Stairs up to the level above, on room floor.
    StairsUp,
    /// Tall grass and bushes: walked through, but nothing is seen through them; fire spreads
    /// through them.
    Grass,
    /// Shallow water: walked through as floor (and loud to wade), puts out fire.
    ShallowWater,
    /// Deep water: the player swims (and may lose the weapon in its hands); monsters stay out.
    DeepWater,
    /// Lava: death to whatever enters it.
    Lava,
    /// A chasm: whoever steps in falls to the level below.
    Chasm,
    /// A bridge over a chasm or deep water: walked as floor. It burns.
    Bridge,
    /// A secret door: looks like wall until found, then it is a closed door.
    SecretDoor,
    /// A secret corridor: looks like wall until found, then it is corridor.
    SecretCorridor,
    /// What fire leaves of grass, a door or a bridge: bare, burnt ground.
    Ashes,
    /// Wall turned to crystal (a scroll of shattering): solid, but seen through.
    Crystal,
    /// A torch in a bracket on a room's wall: solid as the wall, and it lights the room.
    Torch,
    /// Glowing fungus on a cave's floor: walked as floor, and it lights the ground round it.
    Fungus,
}

/// How many of `tiles` are walkable. Counted in blocks of 255 with a byte counter, which the
/// compiler turns into vector compares: ten times faster than `filter().count()`, whose `usize`
/// counter it leaves scalar (measured on 80x50 levels: 0.09 µs against 1.3 µs).
pub(crate) fn count_walkable(tiles: &[Tile]) -> usize {
    tiles
        .chunks(255)
        .map(|block| usize::from(block.iter().fold(0u8, |n, t| n + u8::from(t.is_walkable()))))
        .sum()
}

/// The first tile on the edge of `map` that is not wall (by index), if any. With none, the
/// border is solid and every walkable tile has its four neighbours on the map: what walks by
/// index rely on.
pub(crate) fn open_border_tile(map: &TileMap) -> Option<usize> {
    let tiles = map.tiles();
    let (w, h) = (map.width() as usize, map.height() as usize);
    (0..w)
        .flat_map(|x| [x, (h - 1) * w + x])
        .chain((0..h).flat_map(|y| [y * w, y * w + w - 1]))
        .find(|&i| tiles[i] != Tile::Wall)
}

impl Tile {
    /// Every tile there is.
    pub const ALL: [Tile; 20] = [
        Tile::Wall,
        Tile::Floor,
        Tile::Corridor,
        Tile::Door(DoorState::Open),
        Tile::Door(DoorState::Closed),
        Tile::Door(DoorState::Locked),
        Tile::StairsDown,
        Tile::StairsUp,
        Tile::Grass,
        Tile::ShallowWater,
        Tile::DeepWater,
        Tile::Lava,
        Tile::Chasm,
        Tile::Bridge,
        Tile::SecretDoor,
        Tile::SecretCorridor,
        Tile::Ashes,
        Tile::Crystal,
        Tile::Torch,
        Tile::Fungus,
    ];

    /// Walkable terrain, what a walk that avoids harm may cross: floors, corridors, doorways (a
    /// closed door can be opened), grass, shallow water, bridges and ashes. Not walls, secrets
    /// (until found), deep water, lava or chasms: the level's ways never need those.
    pub const fn is_walkable(self) -> bool {
        !matches!(
            self,
            Tile::Wall
                | Tile::SecretDoor
                | Tile::SecretCorridor
                | Tile::DeepWater
                | Tile::Lava
                | Tile::Chasm
                | Tile::Crystal
                | Tile::Torch
        )
    }

    /// A secret, which looks like wall until found.
    pub const fn is_secret(self) -> bool {
        matches!(self, Tile::SecretDoor | Tile::SecretCorridor)
    }

    /// What a found secret becomes: a closed door, or corridor.
    pub const fn found(self) -> Tile {
        match self {
            Tile::SecretDoor => Tile::Door(DoorState::Closed),
            Tile::SecretCorridor => Tile::Corridor,
            t => t,
        }
    }

    /// What the tile looks like to whoever has not found it: a secret looks like wall.
    pub const fn looks(self) -> Tile {
        if self.is_secret() { Tile::Wall } else { self }
    }

    /// What fire may burn: grass, doors (not locked ones) and bridges.
    pub const fn is_flammable(self) -> bool {
        matches!(
            self,
            Tile::Grass | Tile::Bridge | Tile::Door(DoorState::Open) | Tile::Door(DoorState::Closed)
        )
    }

    /// Whether an item may lie on it: ground (room floor, corridor, grass, shallow water, a
    /// bridge, ashes, fungus), not doorways, stairs or what an item would sink or burn or fall into.
    pub const fn holds_items(self) -> bool {
        matches!(
            self,
            Tile::Floor | Tile::Corridor | Tile::Grass | Tile::ShallowWater | Tile::Bridge | Tile::Ashes | Tile::Fungus
        )
    }

    /// Water of either depth (fire neither burns on it nor crosses it).
    pub const fn is_water(self) -> bool {
        matches!(self, Tile::ShallowWater | Tile::DeepWater)
    }

    /// A doorway, whatever the state of its door.
    pub const fn is_door(self) -> bool {
        matches!(self, Tile::Door(_))
    }

    /// True when nothing can step onto this tile right now.
    pub const fn blocks_movement(self) -> bool {
        match self {
            Tile::Wall | Tile::SecretDoor | Tile::SecretCorridor | Tile::Crystal | Tile::Torch => true,
            Tile::Door(s) => s.blocks(),
            Tile::Floor
            | Tile::Corridor
            | Tile::StairsDown
            | Tile::StairsUp
            | Tile::Grass
            | Tile::ShallowWater
            | Tile::DeepWater
            | Tile::Lava
            | Tile::Chasm
            | Tile::Bridge
            | Tile::Ashes
            | Tile::Fungus => false,
        }
    }

    /// True when light does not pass through this tile (the tile itself can still be seen):
    /// walls, secrets, shut doors and grass; not crystal.
    pub const fn blocks_sight(self) -> bool {
        (self.blocks_movement() && !matches!(self, Tile::Crystal)) || matches!(self, Tile::Grass)
    }

    /// Its name in the legend tools read (`--json`'s `"legend"`): "wall", "room floor",
    /// "corridor", "open door", "closed door", "locked door", "stairs down", "stairs up".
    pub const fn name(self) -> &'static str {
        match self {
            Tile::Wall => "wall",
            Tile::Floor => "room floor",
            Tile::Corridor => "corridor",
            Tile::Door(DoorState::Open) => "open door",
            Tile::Door(DoorState::Closed) => "closed door",
            Tile::Door(DoorState::Locked) => "locked door",
            Tile::StairsDown => "stairs down",
            Tile::StairsUp => "stairs up",
            Tile::Grass => "grass",
            Tile::ShallowWater => "shallow water",
            Tile::DeepWater => "deep water",
            Tile::Lava => "lava",
            Tile::Chasm => "chasm",
            Tile::Bridge => "bridge",
            Tile::SecretDoor => "secret door",
            Tile::SecretCorridor => "secret corridor",
            Tile::Ashes => "ashes",
            Tile::Crystal => "crystal",
            Tile::Torch => "torch",
            Tile::Fungus => "glowing fungus",
        }
    }

    /// What it does, in one sentence, for the terrain that does something (look, the help,
    /// docs/playing.md); `None` for plain floor, walls, doors and stairs.
    pub const fn sentence(self) -> Option<&'static str> {
        Some(match self {
            Tile::Grass => "Tall grass: nothing is seen through it, and fire runs through it.",
            Tile::ShallowWater => "Shallow water: wading is loud, and fire stops at it.",
            Tile::DeepWater => {
                "Deep water: you can swim, but each stroke may sweep away the weapon in your hands; monsters stay out."
            }
            Tile::Lava => "Lava: certain death; you will not step in of your own will.",
            Tile::Chasm => "A chasm: step in to fall to the level below, with some damage.",
            Tile::Bridge => "A bridge: it crosses what lies below.",
            Tile::Ashes => "Ashes: what fire left.",
            Tile::Crystal => "Crystal: wall turned glass by a scroll of shattering; solid, but seen through.",
            Tile::Torch => "A torch on the wall: it lights the room, and whoever stands in its light is seen.",
            Tile::Fungus => "Glowing fungus: walked as floor; it lights the ground round it.",
            _ => return None,
        })
    }

    /// Whether a player may step onto it without harm and without anything but a bump: walkable
    /// and not a locked door (its key is needed). A closed door opens at a bump.
    pub const fn is_free_to_enter(self) -> bool {
        self.is_walkable() && !matches!(self, Tile::Door(DoorState::Locked))
    }

    /// The glyph of the ASCII legend.
    pub const fn glyph(self) -> char {
        match self {
            Tile::Wall => '#',
            Tile::Floor => '.',
            Tile::Corridor => ',',
            Tile::Door(DoorState::Closed) => '+',
            Tile::Door(DoorState::Open) => '\'',
            Tile::Door(DoorState::Locked) => '*',
            Tile::StairsDown => '>',
            Tile::StairsUp => '<',
            Tile::Grass => '"',
            Tile::ShallowWater => '-',
            Tile::DeepWater => '~',
            Tile::Lava => '%',
            Tile::Chasm => ':',
            Tile::Bridge => '=',
            Tile::SecretDoor => 'S',
            Tile::SecretCorridor => 's',
            Tile::Ashes => '`',
            Tile::Crystal => '&',
            Tile::Torch => 'T',
            Tile::Fungus => 'f',
        }
    }

    /// What may lie inside a room's rectangle: room floor, stairs, and what the room's shape and
    /// terrain put there (walls of a cave or a round room, grass, liquids, bridges, ashes); never
    /// corridor or a doorway.
    pub(crate) const fn is_room_ground(self) -> bool {
        !matches!(
            self,
            Tile::Corridor | Tile::Door(_) | Tile::SecretDoor | Tile::SecretCorridor
        )
    }
}

/// Where stamps come from: one counter for the whole program.
static NEXT_STAMP: AtomicU64 = AtomicU64::new(1);

/// Which state of its tiles a map is in: drawn afresh from one counter for the whole program
/// whenever a map is made or a tile is set, so two maps with the same stamp hold the same tiles
/// (a clone keeps its original's until either changes). What is worked out from a level's tiles
/// can be kept against it: the state hash keeps each level's part. Not part of the map's value:
/// never compared, never shown, never saved.
#[derive(Clone, Copy)]
struct Stamp(u64);

impl Stamp {
    fn fresh() -> Stamp {
        Stamp(NEXT_STAMP.fetch_add(1, Ordering::Relaxed))
    }
}

impl PartialEq for Stamp {
    fn eq(&self, _: &Stamp) -> bool {
        true
    }
}

impl Eq for Stamp {}

/// A level's terrain: tiles (door states and stairs included), rooms, and where the player
/// arrives from above.
///
/// The single source of truth for terrain: a door's state is its tile, so movement, sight and
/// drawing read one grid. What the player remembers of it is the player's own (`fov::Memory`).
#[derive(Clone, PartialEq, Eq)]
pub struct TileMap {
    width: u32,
    height: u32,
    tiles: Vec<Tile>,
    rooms: Vec<Rect>,
    start: Pos,
    /// Where the stairs are: an index of the tiles, kept up to date by `set`.
    stairs_down: Option<Pos>,
    stairs_up: Option<Pos>,
    stamp: Stamp,
}

impl std::fmt::Debug for TileMap {
    /// Every field but the stamp (not part of the map's value).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TileMap")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("tiles", &self.tiles)
            .field("rooms", &self.rooms)
            .field("start", &self.start)
            .field("stairs_down", &self.stairs_down)
            .field("stairs_up", &self.stairs_up)
            .finish()
    }
}

impl TileMap {
    pub(crate) fn from_parts(width: u32, height: u32, tiles: Vec<Tile>, rooms: Vec<Rect>, start: Pos) -> Self {
        debug_assert_eq!(tiles.len(), width as usize * height as usize);
        let mut map = Self {
            width,
            height,
            tiles,
            rooms,
            start,
            stairs_down: None,
            stairs_up: None,
            stamp: Stamp::fresh(),
        };
        // Most maps made this way have no stairs yet (the generator digs, then places them): a
        // branch-free pass (vector compares) asks first, and only a map with stairs is searched.
        let any_stairs = map
            .tiles
            .iter()
            .fold(false, |any, &t| any | matches!(t, Tile::StairsDown | Tile::StairsUp));
        if any_stairs {
            for (i, t) in map.tiles.iter().enumerate() {
                match t {
                    Tile::StairsDown => map.stairs_down = Some(map.pos_of(i)),
                    Tile::StairsUp => map.stairs_up = Some(map.pos_of(i)),
                    _ => {}
                }
            }
        }
        map
    }

    /// The stairs down, if the level has them (the deepest level has none).
    pub const fn stairs_down(&self) -> Option<Pos> {
        self.stairs_down
    }

    /// The stairs up, if the level has them (the first level has none).
    pub const fn stairs_up(&self) -> Option<Pos> {
        self.stairs_up
    }

    /// Moves the arrival point (the generator puts it on the stairs up below depth 1).
    pub(crate) fn set_start(&mut self, p: Pos) {
        self.start = p;
    }

    /// Tiles to a row.
    pub const fn width(&self) -> u32 {
        self.width
    }

    /// Rows.
    pub const fn height(&self) -> u32 {
        self.height
    }

    /// The rooms, in BSP leaf order (empty for a map loaded from a file).
    pub fn rooms(&self) -> &[Rect] {
        &self.rooms
    }

    /// Where the player arrives from above: the centre of the first room on a generated first
    /// level, the stairs up below it, the `@` of a map file.
    pub const fn start(&self) -> Pos {
        self.start
    }

    /// Whether `p` is on the map.
    pub fn in_bounds(&self, p: Pos) -> bool {
        p.x >= 0 && p.y >= 0 && (p.x as u32) < self.width && (p.y as u32) < self.height
    }

    /// Whether `p` is on the map's outermost ring (its rim of rock, never dug).
    pub fn on_rim(&self, p: Pos) -> bool {
        self.in_bounds(p) && (p.x == 0 || p.y == 0 || p.x == self.width() as i32 - 1 || p.y == self.height() as i32 - 1)
    }

    /// Row-major index of an in-bounds position.
    #[inline]
    pub fn index(&self, p: Pos) -> usize {
        debug_assert!(self.in_bounds(p));
        p.y as usize * self.width as usize + p.x as usize
    }

    /// The position of row-major index `index`.
    pub fn pos_of(&self, index: usize) -> Pos {
        let w = self.width as usize;
        Pos::new((index % w) as i32, (index / w) as i32)
    }

    /// The tile at `p`, or `None` outside the map.
    #[inline]
    pub fn get(&self, p: Pos) -> Option<Tile> {
        self.in_bounds(p).then(|| self.tiles[self.index(p)])
    }

    /// The tile at `p`; outside the map counts as wall.
    #[inline]
    pub fn tile(&self, p: Pos) -> Tile {
        self.get(p).unwrap_or(Tile::Wall)
    }

    /// Every tile, row by row.
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    /// Puts `tile` at `p` (on the map), keeping the stairs index true.
    pub fn set(&mut self, p: Pos, tile: Tile) {
        let i = self.index(p);
        for (stairs, slot) in [
            (Tile::StairsDown, &mut self.stairs_down),
            (Tile::StairsUp, &mut self.stairs_up),
        ] {
            if tile == stairs {
                *slot = Some(p);
            } else if self.tiles[i] == stairs {
                *slot = None;
            }
        }
        self.tiles[i] = tile;
        self.stamp = Stamp::fresh();
    }

    /// Which state of its tiles the map is in: equal stamps, equal tiles (see `Stamp`).
    pub(crate) const fn stamp(&self) -> u64 {
        self.stamp.0
    }

    /// Whether `p` can ever be walked on (off the map: no).
    pub fn is_walkable(&self, p: Pos) -> bool {
        self.tile(p).is_walkable()
    }

    /// Whether nothing can step onto `p` now (off the map: blocked).
    pub fn blocks_movement(&self, p: Pos) -> bool {
        self.tile(p).blocks_movement()
    }

    /// Whether light stops at `p` (off the map: it does).
    pub fn blocks_sight(&self, p: Pos) -> bool {
        self.tile(p).blocks_sight()
    }

    /// Every door tile and its state, row by row.
    pub fn doors(&self) -> impl Iterator<Item = (Pos, DoorState)> + '_ {
        self.tiles.iter().enumerate().filter_map(|(i, t)| match t {
            Tile::Door(s) => Some((self.pos_of(i), *s)),
            _ => None,
        })
    }

    /// The room whose floor holds `p`, if any.
    pub(crate) fn room_at(&self, p: Pos) -> Option<usize> {
        self.rooms.iter().position(|r| r.contains(p))
    }

    /// Heap bytes this map holds (tiles and rooms), for memory reports.
    pub fn heap_bytes(&self) -> usize {
        self.tiles.capacity() * std::mem::size_of::<Tile>() + self.rooms.capacity() * std::mem::size_of::<Rect>()
    }

    /// The level in the ASCII legend: `height` lines of `width` glyphs, `@` at the start.
    pub fn to_ascii(&self) -> String {
        let mut out = String::with_capacity((self.width as usize + 1) * self.height as usize);
        for (i, t) in self.tiles.iter().enumerate() {
            let p = self.pos_of(i);
            out.push(if p == self.start { '@' } else { t.glyph() });
            if p.x as u32 == self.width - 1 {
                out.push('\n');
            }
        }
        out
    }

    /// The level's rows in the ASCII legend as a player would draw them, without the `@` (what
    /// `--json` prints): a secret shows as the wall it looks like.
    pub fn rows(&self) -> Vec<String> {
        self.tiles
            .chunks(self.width as usize)
            .map(|row| row.iter().map(|t| t.looks().glyph()).collect())
            .collect()
    }
}

/// 64-bit FNV-1a: the stable hash of fingerprints and state hashes.
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    fnv1a_on(FNV_OFFSET, bytes)
}

/// FNV-1a's starting state.
pub(crate) const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a of `bytes` from the state `h`: hashing a stream a piece at a time, as the state hash
/// does, gives the hash of the whole.
pub(crate) fn fnv1a_on(h: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(h, |h, &b| fnv1a_byte(h, b))
}

/// One byte into FNV-1a's state `h`.
#[inline]
pub(crate) const fn fnv1a_byte(h: u64, b: u8) -> u64 {
    (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tile_and_a_remembered_tile_are_one_byte() {
        // Kept levels and the player's memory of them cost a byte per tile.
        assert_eq!(std::mem::size_of::<Tile>(), 1);
        assert_eq!(std::mem::size_of::<Option<Tile>>(), 1);
    }

    #[test]
    fn stairs_are_indexed_as_tiles_change() {
        let mut map = parse_ascii(b"#####\n#@.>#\n#####\n").unwrap();
        assert_eq!(map.stairs_down(), Some(Pos::new(3, 1)));
        assert_eq!(map.stairs_up(), None);
        map.set(Pos::new(2, 1), Tile::StairsUp);
        map.set(Pos::new(3, 1), Tile::Floor);
        assert_eq!((map.stairs_down(), map.stairs_up()), (None, Some(Pos::new(2, 1))));
    }

    #[test]
    fn count_walkable_counts_across_its_blocks() {
        // Long walkable runs cross the 255-tile blocks (a byte counter must not wrap), and
        // every kind of tile appears.
        let kinds = Tile::ALL;
        let mut tiles = vec![Tile::Floor; 700];
        tiles.extend((0..1000u32).map(|i| kinds[(i * i % 11 % 8) as usize]));
        tiles.extend(vec![Tile::Wall; 300]);
        for len in [0, 1, 254, 255, 256, 511, 700, 1300, tiles.len()] {
            let naive = tiles[..len].iter().filter(|t| t.is_walkable()).count();
            assert_eq!(count_walkable(&tiles[..len]), naive, "first {len} tiles");
        }
    }
}

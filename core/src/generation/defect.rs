//! What can be wrong with a level: the first broken promise that validation (and the builder's
//! own checks) find, so that the level is scrapped and made again (seed 001).

use std::fmt;

use crate::geom::Pos;

/// The first thing found wrong with a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Defect {
    /// A border tile that is not wall.
    OpenBorder(Pos),
    /// The start is not on floor.
    StartNotOnFloor(Pos),
    /// The start is outside every room.
    StartOutsideRooms(Pos),
    /// A room with a tile that is not floor.
    RoomNotFloor {
        /// Which room.
        room: usize,
        /// The tile.
        at: Pos,
    },
    /// Two rooms that overlap or touch.
    RoomsTouch {
        /// One room.
        a: usize,
        /// The other.
        b: usize,
    },
    /// A door not framed by wall on two opposite sides.
    DoorNotFramed(Pos),
    /// Two doors side by side.
    DoorsTouch(Pos, Pos),
    /// A walkable tile the start cannot reach.
    Unreachable {
        /// The first tile out of reach.
        at: Pos,
        /// Tiles reached.
        reached: usize,
        /// Walkable tiles.
        walkable: usize,
    },
    /// Found by the generator's own union-find: `at` is not joined to the first room.
    Disconnected(Pos),
    /// No room floor was left where stairs could go.
    NoRoomForStairs,
    /// The stairs are not as the depth requires (`what` says which).
    Stairs(&'static str),
    /// A key lies somewhere other than free room floor, or opens no locked door.
    BadKey(Pos),
    /// A locked door has no key, or more than one.
    LockWithoutKey(Pos),
    /// An item lies off free floor (on the arrival, a key, the relic, a monster or another
    /// item), or an altar's item outside its vault.
    BadItem(Pos),
    /// A side vault with no choice on its altars.
    EmptyVault(Pos),
    /// Playing the locks out from the arrival leaves `at` (and maybe more) out of reach.
    Unsolvable {
        /// The first tile out of reach.
        at: Pos,
        /// Keys the player could take.
        keys_taken: usize,
        /// Keys on the level.
        keys: usize,
    },
}

impl fmt::Display for Defect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Defect::OpenBorder(p) => write!(f, "border tile {p:?} is not solid"),
            Defect::StartNotOnFloor(p) => write!(f, "the start {p:?} is not on room floor"),
            Defect::StartOutsideRooms(p) => write!(f, "the start {p:?} is in no room"),
            Defect::RoomNotFloor { room, at } => write!(f, "room {room} has a non-floor tile at {at:?}"),
            Defect::RoomsTouch { a, b } => write!(f, "rooms {a} and {b} overlap or touch"),
            Defect::DoorNotFramed(p) => {
                write!(f, "door {p:?} lacks wall on two opposite sides and floor on the others")
            }
            Defect::DoorsTouch(a, b) => write!(f, "doors {a:?} and {b:?} touch"),
            Defect::Disconnected(p) => write!(f, "{p:?} is not connected to the first room"),
            Defect::NoRoomForStairs => write!(f, "no room floor left for the stairs"),
            Defect::Stairs(what) => write!(f, "stairs: {what}"),
            Defect::BadKey(p) => write!(f, "the key at {p:?} is not on free room floor or opens no locked door"),
            Defect::LockWithoutKey(p) => write!(f, "the locked door {p:?} does not have exactly one key"),
            Defect::BadItem(p) => write!(f, "the item at {p:?} is not on free floor, or not in its vault"),
            Defect::EmptyVault(p) => write!(f, "the vault at {p:?} holds no choice of items"),
            Defect::Unsolvable { at, keys_taken, keys } => write!(
                f,
                "{at:?} cannot be reached from the arrival even with the keys ({keys_taken} of {keys} keys reachable)"
            ),
            Defect::Unreachable { at, reached, walkable } => {
                write!(
                    f,
                    "{at:?} cannot be reached from the start ({reached} of {walkable} walkable tiles reached)"
                )
            }
        }
    }
}

impl std::error::Error for Defect {}

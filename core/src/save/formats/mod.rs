//! The save formats, frozen: one module per format (`v1` … `v16`), each holding the plain structs
//! its bytes are, and nothing of the live world (no `crate::world`, `map`, `dungeon`, `run`…:
//! `.ci/layers.py` checks it). A format introduces the types it first wrote and borrows the rest
//! from the format before, so a type changes shape only as a new type in a new format. Each
//! format's parts become the next format's by one `From` per hop (`up`, the ladder); only the
//! newest format meets the world (`save::current`).
//!
//! A save's bytes: the header (`format::MAGIC`, the version), then from format 2 the run in parts
//! (`Parts`): the run part, then each level slot's part, each postcard in a zlib stream of its
//! own. Format 1 is one zlib stream of the whole run (`v1::Save`).

pub(crate) mod v1;
pub(crate) mod v10;
pub(crate) mod v11;
pub(crate) mod v12;
pub(crate) mod v13;
pub(crate) mod v14;
pub(crate) mod v15;
pub(crate) mod v16;
pub(crate) mod v2;
pub(crate) mod v3;
pub(crate) mod v4;
pub(crate) mod v5;
pub(crate) mod v6;
pub(crate) mod v7;
pub(crate) mod v8;
pub(crate) mod v9;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::bounded::at_most;

/// The most tiles a level (or its memory) holds in any format: a side of at most 1,024.
pub(crate) const TILES: usize = 1024 * 1024;
/// The most rooms, keys, monsters or items a level may list, and keys a player may hold.
pub(crate) const MANY: usize = 1 << 16;
/// The most level slots a run holds (ten levels).
pub(crate) const LEVELS: usize = 10;
/// The most lines of the message log a save keeps.
pub(crate) const LOG: usize = 500;
/// The most pack slots a save lists.
pub(crate) const SLOTS: usize = 16;

pub(crate) fn tiles<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Vec<T>, D::Error> {
    at_most::<D, T, TILES>(d)
}

pub(crate) fn many<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Vec<T>, D::Error> {
    at_most::<D, T, MANY>(d)
}

pub(crate) fn levels<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Vec<T>, D::Error> {
    at_most::<D, T, LEVELS>(d)
}

pub(crate) fn log<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Vec<T>, D::Error> {
    at_most::<D, T, LOG>(d)
}

pub(crate) fn slots<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Vec<T>, D::Error> {
    at_most::<D, T, SLOTS>(d)
}

/// Bytes written as one block (a length, then the bytes copied: serde would write a `Vec<u8>`
/// byte by byte, which postcard reads the same but slower), at most `MAX` of them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Block<const MAX: usize>(pub Vec<u8>);

impl<const MAX: usize> Serialize for Block<MAX> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(&self.0)
    }
}

impl<'de, const MAX: usize> Deserialize<'de> for Block<MAX> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Bytes<const MAX: usize>;
        impl<const MAX: usize> serde::de::Visitor<'_> for Bytes<MAX> {
            type Value = Block<MAX>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                write!(f, "a block of at most {MAX} bytes")
            }
            fn visit_bytes<E: serde::de::Error>(self, v: &[u8]) -> Result<Block<MAX>, E> {
                self.visit_byte_buf(v.to_vec())
            }
            fn visit_byte_buf<E: serde::de::Error>(self, v: Vec<u8>) -> Result<Block<MAX>, E> {
                if v.len() > MAX {
                    return Err(E::invalid_length(v.len(), &self));
                }
                Ok(Block(v))
            }
        }
        d.deserialize_byte_buf(Bytes::<MAX>)
    }
}

/// The parts of a save of format 2 on: the run part and each level slot's (`None`: not made),
/// each the zlib stream of a postcard part, borrowed from the file.
#[derive(Serialize, Deserialize)]
pub(crate) struct Parts<'a> {
    #[serde(borrow)]
    pub run: Part<'a>,
    #[serde(borrow, deserialize_with = "levels")]
    pub levels: Vec<Option<Part<'a>>>,
}

/// One part's bytes, written as one block.
#[derive(Clone, Copy)]
pub(crate) struct Part<'a>(pub &'a [u8]);

impl Serialize for Part<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(self.0)
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for Part<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        <&'de [u8]>::deserialize(d).map(Part)
    }
}

/// A whole save of one format: its run part and its level slots.
pub(crate) struct Save<R, L> {
    /// The run part.
    pub run: R,
    /// Every level slot (`None`: not made yet).
    pub levels: Vec<Option<L>>,
}

impl<R, L> Save<R, L> {
    /// The save one format up: its run part and each level's, by their own hops.
    pub(crate) fn up<R2: From<R>, L2: From<L>>(self) -> Save<R2, L2> {
        Save {
            run: self.run.into(),
            levels: self.levels.into_iter().map(|l| l.map(L2::from)).collect(),
        }
    }
}

/// The newest format's save.
pub(crate) type Newest = Save<v16::Run, v16::Level>;

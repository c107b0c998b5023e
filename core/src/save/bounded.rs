//! Sequences read from a save with a most they may hold: a crafted count is refused before
//! anything is allocated for it, and a long run of one-byte elements (a `None` is one byte in
//! postcard, but may be a hundred in memory) stops at the bound.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{Deserialize, Deserializer, Error, SeqAccess, Visitor};

/// The most memory reserved ahead for a sequence, whatever its count claims (serde's own
/// caution): the rest grows as elements really arrive.
const RESERVE_BYTES: usize = 1 << 20;

struct AtMost<T, const MAX: usize>(PhantomData<T>);

impl<'de, T: Deserialize<'de>, const MAX: usize> Visitor<'de> for AtMost<T, MAX> {
    type Value = Vec<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at most {MAX} elements")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let claimed = seq.size_hint().unwrap_or(0);
        if claimed > MAX {
            return Err(A::Error::invalid_length(claimed, &self));
        }
        let mut items = Vec::with_capacity(claimed.min(RESERVE_BYTES / size_of::<T>().max(1)));
        while let Some(item) = seq.next_element()? {
            if items.len() == MAX {
                return Err(A::Error::invalid_length(MAX + 1, &self));
            }
            items.push(item);
        }
        Ok(items)
    }
}

/// A sequence of at most `MAX` elements (`#[serde(deserialize_with = "at_most::<_, _, MAX>")]`).
pub(crate) fn at_most<'de, D: Deserializer<'de>, T: Deserialize<'de>, const MAX: usize>(
    d: D,
) -> Result<Vec<T>, D::Error> {
    d.deserialize_seq(AtMost::<T, MAX>(PhantomData))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize, Debug)]
    struct Three {
        #[serde(deserialize_with = "at_most::<_, _, 3>")]
        items: Vec<Option<u64>>,
    }

    #[test]
    fn a_sequence_past_its_bound_is_refused() {
        let ok: Three = postcard::from_bytes(&[3, 0, 0, 1, 7]).unwrap();
        assert_eq!(ok.items, [None, None, Some(7)]);
        assert!(postcard::from_bytes::<Three>(&[4, 0, 0, 0, 0]).is_err());
        // A count of 2^63 is refused before anything is reserved for it.
        let huge = [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f];
        assert!(postcard::from_bytes::<Three>(&huge).is_err());
    }
}

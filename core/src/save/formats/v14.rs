//! Format 14: format 13's parts, byte for byte. What changed is what they may hold: levels made
//! from a seed since hold torches and glowing fungus (tile bytes 18 and 19, which a Delve of
//! format 13 does not know), so a save with them says so by its version and is refused by name by
//! an older Delve, not read halfway.

pub(crate) use super::v13::{Level, Run};

//! A save's bytes: an 8-byte mark and the format version (u32, little-endian), then, from format
//! 2, the run in parts: the run itself (the player, the log, the random stream...) and each level
//! made (its terrain, what lies and stands on it, what the player remembers of it), each part
//! postcard bytes in a zlib stream of its own, the parts framed by postcard; from format 11 a
//! CRC-32 of everything before it ends the file. A part's Adler-32 check catches most damage, and
//! the CRC-32 what Adler-32 cannot (a flipped bit in a back-reference can copy in bytes whose sums
//! match the ones it replaced: a level with four tiles changed passed as whole); the mark and
//! version say what a file is before anything is read from it. Because levels are parts, a save after a turn encodes the level played on and
//! keeps the others as they were (`SaveCache`).
//!
//! What each format holds, and how an older one becomes the newest, is `formats` (a module per
//! format, frozen); how the newest meets the world is `current`. Here: the framing, the
//! compression, and reading a file of any format up the ladder.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::current;
use super::formats::{Newest, Part, Parts, Save, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v14, v15};
use super::model::{SavedRun, save_level, save_memory};
use crate::run::Run;

/// The first bytes of every save.
pub const MAGIC: [u8; 8] = *b"DELVE\0SV";
/// The save format this Delve writes. Bump it whenever anything saved changes shape, or levels
/// made from a seed would differ: a new module in `formats` with its hop, a rung in `decode`'s
/// ladder, `current` mapped to it, and a golden save in core/tests/data (every older one must
/// go on loading).
pub const FORMAT: u32 = 16;
/// The oldest format this Delve reads (and migrates).
pub const OLDEST: u32 = 1;
/// Bytes of the header: the mark and the version.
pub const HEADER: usize = MAGIC.len() + 4;
/// The first format that ends with a CRC-32 of the bytes before it.
const CRC_FROM: u32 = 11;
/// Bytes of the CRC-32 at the end of a file of format `CRC_FROM` on.
const CRC: usize = 4;

/// The CRC-32 (IEEE 802.3, as zip and PNG use) of `bytes`.
pub(crate) fn crc32(bytes: &[u8]) -> u32 {
    const TABLE: [u32; 256] = {
        let mut table = [0u32; 256];
        let mut i = 0;
        while i < 256 {
            let mut c = i as u32;
            let mut k = 0;
            while k < 8 {
                c = if c & 1 != 0 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 };
                k += 1;
            }
            table[i] = c;
            i += 1;
        }
        table
    };
    !bytes
        .iter()
        .fold(!0u32, |c, &b| TABLE[((c ^ u32::from(b)) & 0xff) as usize] ^ (c >> 8))
}

/// The body of a save of `version` (after its header), its CRC-32 checked and taken off from
/// format `CRC_FROM` on.
fn checked_body(bytes: &[u8], version: u32) -> Result<&[u8], SaveError> {
    if version < CRC_FROM {
        return Ok(&bytes[HEADER..]);
    }
    let Some(end) = bytes.len().checked_sub(CRC).filter(|&end| end >= HEADER) else {
        return Err(SaveError::Damaged("it is cut short (no checksum at its end)".into()));
    };
    let stored = u32::from_le_bytes(bytes[end..].try_into().expect("four bytes"));
    if crc32(&bytes[..end]) != stored {
        return Err(SaveError::Damaged(
            "its checksum (CRC-32) does not match its contents".into(),
        ));
    }
    Ok(&bytes[HEADER..end])
}
/// The most a level's part may inflate to: the largest level (1024x1024) takes a byte a tile and
/// at most two for its memory; 4 MiB more leaves room for thousands of rooms and monsters.
const LEVEL_PART_MAX: usize = 3 * (crate::map::MAX_SIDE as usize).pow(2) + (4 << 20);
/// The most the run's part may inflate to: a map file's first level (no memory) and the log.
const RUN_PART_MAX: usize = LEVEL_PART_MAX;
/// The most a format 1 save (everything in one stream) may inflate to: every part together.
const V1_MAX: usize = RUN_PART_MAX + crate::world::DEEPEST as usize * LEVEL_PART_MAX;
/// Compression effort: level 1 is fast and already shrinks a level's rows of wall and floor
/// twentyfold (figures in docs/reliability.md).
const LEVEL: u8 = 1;

/// Why bytes are not a save this Delve can read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    /// No bytes at all.
    Empty,
    /// Too short to hold the header.
    Truncated,
    /// It does not start with Delve's mark.
    NotASave,
    /// Written in another save format.
    Version(u32),
    /// The stream is damaged or cut short, or its contents do not decode.
    Damaged(String),
    /// It decodes, but does not fit together as a run.
    Inconsistent(String),
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Empty => write!(f, "the file is empty"),
            SaveError::Truncated => write!(f, "the file is cut short (it ends inside its header)"),
            SaveError::NotASave => write!(f, "it is not a Delve save (it does not start with Delve's mark)"),
            SaveError::Version(v) => write!(
                f,
                "it was saved by another version of Delve (save format {v}; this one reads format {FORMAT})"
            ),
            SaveError::Damaged(why) => write!(f, "it is damaged ({why})"),
            SaveError::Inconsistent(why) => write!(f, "it does not fit together ({why})"),
        }
    }
}

impl std::error::Error for SaveError {}

fn deflate<T: Serialize>(part: &T) -> Vec<u8> {
    let bytes = postcard::to_allocvec(part).expect("a save's part always serialises");
    miniz_oxide::deflate::compress_to_vec_zlib(&bytes, LEVEL)
}

/// The bytes of a save: the header and the parts.
fn frame(run: &[u8], levels: &[Option<Vec<u8>>]) -> Vec<u8> {
    let parts = Parts {
        run: Part(run),
        levels: levels.iter().map(|l| l.as_deref().map(Part)).collect(),
    };
    let body = postcard::to_allocvec(&parts).expect("parts always serialise");
    let mut bytes = Vec::with_capacity(HEADER + body.len() + CRC);
    bytes.extend_from_slice(&MAGIC);
    bytes.extend_from_slice(&FORMAT.to_le_bytes());
    bytes.extend_from_slice(&body);
    let crc = crc32(&bytes);
    bytes.extend_from_slice(&crc.to_le_bytes());
    bytes
}

/// The save of `run`.
pub fn encode(run: &SavedRun) -> Vec<u8> {
    let Save { run, levels } = current::to_format(run.clone());
    let levels: Vec<_> = levels.iter().map(|l| l.as_ref().map(deflate)).collect();
    frame(&deflate(&run), &levels)
}

/// A save's parts as postcard bytes (inflated): the run's, then each level slot's (`None`: a
/// level not made). For tools and tests that look inside a save or make one by hand.
#[allow(clippy::type_complexity)]
pub fn parts_of(bytes: &[u8]) -> Result<(Vec<u8>, Vec<Option<Vec<u8>>>), SaveError> {
    match format_of(bytes)? {
        FORMAT => {}
        version => return Err(SaveError::Version(version)),
    }
    inflated_parts(checked_body(bytes, FORMAT)?)
}

/// The parts of a save's body, inflated.
#[allow(clippy::type_complexity)]
fn inflated_parts(body: &[u8]) -> Result<(Vec<u8>, Vec<Option<Vec<u8>>>), SaveError> {
    let parts: Parts = unpack("the list of its parts", body)?;
    let run = inflate("the run", parts.run.0, RUN_PART_MAX)?;
    let levels = parts
        .levels
        .into_iter()
        .enumerate()
        .map(|(i, part)| {
            part.map(|p| inflate(&format!("level {}", i + 1), p.0, LEVEL_PART_MAX))
                .transpose()
        })
        .collect::<Result<_, _>>()?;
    Ok((run, levels))
}

/// A save made of parts as `parts_of` gives them (whatever they hold: `decode` judges them).
pub fn from_parts(run: &[u8], levels: &[Option<Vec<u8>>]) -> Vec<u8> {
    let deflate = |bytes: &[u8]| miniz_oxide::deflate::compress_to_vec_zlib(bytes, LEVEL);
    let levels: Vec<_> = levels.iter().map(|l| l.as_deref().map(deflate)).collect();
    frame(&deflate(run), &levels)
}

/// Saves of one run, turn after turn: each level's part is kept as last encoded and encoded
/// again only if it may have changed since — the level the player is on, and the one left since
/// the last save (`Dungeon::changes` says how many level changes there were). The bytes are
/// those `encode` makes of `SavedRun::capture`, at a fraction of the cost on a run of many big
/// levels.
#[derive(Clone, Debug, Default)]
pub struct SaveCache {
    levels: Vec<Option<Vec<u8>>>,
    /// The depth, turn and dungeon changes of the last save (`None`: nothing kept).
    last: Option<(u32, u64, u64)>,
}

impl SaveCache {
    /// The save of `run`, saved at `saved_at` (seconds since 1970). Use one cache for one run:
    /// a cache shown another run (or the same run earlier) starts afresh.
    pub fn encode(&mut self, run: &Run, saved_at: u64) -> Vec<u8> {
        let dungeon = &run.dungeon();
        let (depth, changes) = (dungeon.depth(), dungeon.changes());
        let slots = dungeon.slots();
        let stale = |d: u32| match self.last {
            None => true,
            Some((last_depth, turn, last_changes)) => {
                run.turn() < turn
                    || changes < last_changes
                    || changes > last_changes + 1
                    || d == depth
                    || d == last_depth
                    || self.levels.len() != slots.len()
            }
        };
        let stale: Vec<bool> = (1..=slots.len() as u32).map(stale).collect();
        self.levels.resize(slots.len(), None);
        for (i, slot) in slots.iter().enumerate() {
            match slot {
                None => self.levels[i] = None,
                Some(level) if stale[i] || self.levels[i].is_none() => {
                    let memory = run.player().memory.level(i as u32 + 1).map(save_memory);
                    self.levels[i] = Some(deflate(&current::level_part(save_level(level), memory)));
                }
                Some(_) => {}
            }
        }
        self.last = Some((depth, run.turn(), changes));
        let mut saved = SavedRun::capture_without_levels(run);
        saved.saved_at = saved_at;
        frame(&deflate(&current::to_format(saved).run), &self.levels)
    }
}

/// What is wrong with a file's header (the mark and the format version).
pub(super) enum BadHeader {
    /// No bytes at all.
    Empty,
    /// It ends inside the header.
    Truncated,
    /// It does not start with the mark.
    OtherMark,
}

/// The format version in the header of a file that starts with `magic`, or what is wrong with
/// the header (a file cut inside its mark is another kind of file unless what there is matches).
pub(super) fn read_header(bytes: &[u8], magic: &[u8; 8]) -> Result<u32, BadHeader> {
    if bytes.is_empty() {
        return Err(BadHeader::Empty);
    }
    let mark = &bytes[..bytes.len().min(magic.len())];
    if mark != &magic[..mark.len()] {
        return Err(BadHeader::OtherMark);
    }
    let version = bytes.get(magic.len()..magic.len() + 4).ok_or(BadHeader::Truncated)?;
    Ok(u32::from_le_bytes(version.try_into().expect("four bytes")))
}

/// The header's verdict: the format version, once the mark is right.
pub(crate) fn format_of(bytes: &[u8]) -> Result<u32, SaveError> {
    read_header(bytes, &MAGIC).map_err(|bad| match bad {
        BadHeader::Empty => SaveError::Empty,
        BadHeader::Truncated => SaveError::Truncated,
        BadHeader::OtherMark => SaveError::NotASave,
    })
}

/// The run in a save's bytes, decoded but not yet checked (`SavedRun::restore` checks it). A
/// save of an older format is read as that format and brought up the ladder, hop by hop.
// Never inlined: every format's reader is behind it, and inlined at each of its callers it was
// in the browser's module twice (the game's load and the title's list of saves).
#[inline(never)]
pub fn decode(bytes: &[u8]) -> Result<SavedRun, SaveError> {
    let version = format_of(bytes)?;
    if !(OLDEST..=FORMAT).contains(&version) {
        return Err(SaveError::Version(version));
    }
    let body = checked_body(bytes, version)?;
    let newest = match version {
        1 => from_v1(unpack("the run", &inflate("the run", body, V1_MAX)?)?),
        2 => from_v2(read(body)?),
        3 => from_v3(read(body)?),
        4 => from_v4(read(body)?),
        5 => from_v5(read(body)?),
        6 => from_v6(read(body)?),
        7 => from_v7(read(body)?),
        8 => from_v8(read(body)?),
        9 => from_v9(read(body)?),
        10 => from_v10(read(body)?),
        11 => from_v11(read(body)?),
        12 => from_v12(read(body)?),
        // Format 14 is format 13's bytes (levels with torches and fungus): read alike.
        13 | 14 => from_v14(read(body)?),
        15 => from_v15(read(body)?),
        FORMAT => read(body)?,
        version => return Err(SaveError::Version(version)),
    };
    current::from_format(newest).map_err(SaveError::Damaged)
}

/// The ladder: a save of each format brought one format up, until it is the newest.
fn from_v1(s: v1::Save) -> Newest {
    from_v2(s.into())
}

fn from_v2(s: Save<v2::Run, v2::Level>) -> Newest {
    from_v3(s.up())
}

fn from_v3(s: Save<v3::Run, v3::Level>) -> Newest {
    from_v4(s.up())
}

/// Format 4: format 3's run part, a level part with loot.
fn from_v4(s: Save<v3::Run, v4::Level>) -> Newest {
    from_v5(s.up())
}

fn from_v5(s: Save<v5::Run, v4::Level>) -> Newest {
    from_v6(s.up())
}

fn from_v6(s: Save<v6::Run, v4::Level>) -> Newest {
    from_v7(s.up())
}

/// Format 7: format 6's run part, a level part with traps, fire and gas.
fn from_v7(s: Save<v6::Run, v7::Level>) -> Newest {
    from_v8(s.up())
}

fn from_v8(s: Save<v8::Run, v8::Level>) -> Newest {
    from_v9(s.up())
}

/// Format 9: format 10's run part, a level part without mapped spots.
fn from_v9(s: Save<v9::Run, v9::Level>) -> Newest {
    from_v10(s.up())
}

/// Format 10: format 11's run part, a level part without allies or captives.
fn from_v10(s: Save<v9::Run, v10::Level>) -> Newest {
    from_v11(s.up())
}

/// Format 11: format 12's run part, a level part without champions.
fn from_v11(s: Save<v9::Run, v11::Level>) -> Newest {
    from_v12(s.up())
}

/// Format 12: a run part and a level part without rings, staffs and charms.
fn from_v12(s: Save<v9::Run, v12::Level>) -> Newest {
    from_v14(s.up::<v14::Run, v14::Level>())
}

/// Formats 13 and 14: a run part without its mode (the standard game).
fn from_v14(s: Save<v14::Run, v14::Level>) -> Newest {
    from_v15(s.up())
}

/// Format 15: a run part without its lineage (a run of its own).
fn from_v15(s: Save<v15::Run, v15::Level>) -> Newest {
    s.up()
}

/// A save of the format whose parts are `R` and `L`, from its body.
fn read<R, L>(body: &[u8]) -> Result<Save<R, L>, SaveError>
where
    R: serde::de::DeserializeOwned,
    L: serde::de::DeserializeOwned,
{
    let (run, levels) = inflated_parts(body)?;
    let run = unpack("the run", &run)?;
    let levels = levels
        .iter()
        .enumerate()
        .map(|(i, part)| {
            part.as_deref()
                .map(|bytes| unpack(&format!("level {}", i + 1), bytes))
                .transpose()
        })
        .collect::<Result<_, _>>()?;
    Ok(Save { run, levels })
}

fn inflate(what: &str, bytes: &[u8], max: usize) -> Result<Vec<u8>, SaveError> {
    inflate_whole(bytes, max).map_err(|why| SaveError::Damaged(format!("{what}: {why}")))
}

/// One zlib stream inflated: all of `bytes` (anything after the stream's end is refused, not
/// ignored: a file with more after it is not the file that was written), at most `max` bytes
/// out; or what is wrong with it.
pub(super) fn inflate_whole(bytes: &[u8], max: usize) -> Result<Vec<u8>, String> {
    use miniz_oxide::inflate::TINFLStatus;
    use miniz_oxide::inflate::core::{DecompressorOxide, decompress, inflate_flags};
    let flags = inflate_flags::TINFL_FLAG_PARSE_ZLIB_HEADER | inflate_flags::TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF;
    let mut out = vec![0; bytes.len().saturating_mul(4).clamp(64, max.max(64))];
    let mut state = Box::<DecompressorOxide>::default();
    let (mut read, mut written) = (0, 0);
    loop {
        let (status, consumed, made) = decompress(&mut state, &bytes[read..], &mut out, written, flags);
        read += consumed;
        written += made;
        match status {
            TINFLStatus::Done if read == bytes.len() => {
                out.truncate(written);
                return Ok(out);
            }
            TINFLStatus::Done => {
                return Err(format!("{} bytes after its end", bytes.len() - read));
            }
            TINFLStatus::HasMoreOutput if out.len() < max => {
                let grown = out.len().saturating_mul(2).min(max);
                out.resize(grown, 0);
            }
            other => return Err(inflate_problem(other)),
        }
    }
}

/// `T` in postcard bytes: all of them, nothing left over.
fn unpack<'a, T: Deserialize<'a>>(what: &str, bytes: &'a [u8]) -> Result<T, SaveError> {
    match postcard::take_from_bytes::<T>(bytes) {
        Ok((value, [])) => Ok(value),
        Ok((_, rest)) => Err(SaveError::Damaged(format!("{} bytes after {what}", rest.len()))),
        Err(e) => Err(SaveError::Damaged(format!("{what} does not decode: {e}"))),
    }
}

fn inflate_problem(status: miniz_oxide::inflate::TINFLStatus) -> String {
    use miniz_oxide::inflate::TINFLStatus as S;
    match status {
        S::FailedCannotMakeProgress => "the data ends early".into(),
        S::Adler32Mismatch => "its checksum does not match its contents".into(),
        S::HasMoreOutput => "it inflates to more than a save can be".into(),
        other => format!("its compressed data is invalid ({other:?})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_crc_is_the_standard_one_and_any_changed_byte_is_refused() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
        // Sums that Adler-32 cannot tell apart (a byte up one here and down one there, as a
        // flipped back-reference made them), inside a frame: the CRC-32 tells them apart.
        let a = frame(b"\x00\x01\x01\x01", &[]);
        let b = frame(b"\x01\x00\x00\x02", &[]);
        assert_ne!(a[a.len() - CRC..], b[b.len() - CRC..]);
        for i in HEADER..a.len() {
            let mut bad = a.clone();
            bad[i] ^= 0x10;
            assert!(
                matches!(checked_body(&bad, FORMAT), Err(SaveError::Damaged(_))),
                "byte {i}"
            );
        }
        assert!(
            checked_body(&a[..HEADER + 2], FORMAT).is_err(),
            "no room for a checksum"
        );
    }

    #[test]
    fn the_header_is_read_before_anything_else() {
        assert_eq!(format_of(b""), Err(SaveError::Empty));
        assert_eq!(format_of(b"DELVE"), Err(SaveError::Truncated));
        assert_eq!(format_of(b"PNG\x89 and more bytes"), Err(SaveError::NotASave));
        let mut future = MAGIC.to_vec();
        future.extend_from_slice(&(FORMAT + 1).to_le_bytes());
        assert_eq!(decode(&future), Err(SaveError::Version(FORMAT + 1)));
        for version in [OLDEST, FORMAT] {
            let mut nothing_after = MAGIC.to_vec();
            nothing_after.extend_from_slice(&version.to_le_bytes());
            assert!(matches!(decode(&nothing_after), Err(SaveError::Damaged(_))));
        }
    }
}

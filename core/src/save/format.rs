//! A save's bytes: an 8-byte mark, the format version (u32, little-endian), then the run as
//! postcard bytes in a zlib stream. The stream's Adler-32 check catches a damaged or cut file;
//! the mark and version say what a file is before anything is read from it.

use std::fmt;

use super::model::SavedRun;

/// The first bytes of every save.
pub const MAGIC: [u8; 8] = *b"DELVE\0SV";
/// The save format this Delve writes and reads. Bump it whenever `SavedRun` (or anything in it)
/// changes shape, or levels made from a seed would differ.
pub const FORMAT: u32 = 1;
/// Bytes of the header: the mark and the version.
pub const HEADER: usize = MAGIC.len() + 4;
/// The most a save may inflate to (a 1024x1024 run, every level visited and remembered, is far
/// below it): a damaged stream cannot make the game allocate without bound.
const MAX_INFLATED: usize = 512 << 20;
/// Compression effort: level 1 is fast and already shrinks a level's rows of wall and floor
/// twentyfold (figures in the README).
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

/// The save of `run`.
pub fn encode(run: &SavedRun) -> Vec<u8> {
    let payload = postcard::to_allocvec(run).expect("a run always serialises");
    let mut bytes = Vec::with_capacity(HEADER + payload.len() / 8);
    bytes.extend_from_slice(&MAGIC);
    bytes.extend_from_slice(&FORMAT.to_le_bytes());
    bytes.extend_from_slice(&miniz_oxide::deflate::compress_to_vec_zlib(&payload, LEVEL));
    bytes
}

/// The header's verdict: the format version, once the mark is right.
pub(crate) fn format_of(bytes: &[u8]) -> Result<u32, SaveError> {
    if bytes.is_empty() {
        return Err(SaveError::Empty);
    }
    let mark = &bytes[..bytes.len().min(MAGIC.len())];
    if mark != &MAGIC[..mark.len()] {
        return Err(SaveError::NotASave);
    }
    if bytes.len() < HEADER {
        return Err(SaveError::Truncated);
    }
    let version = u32::from_le_bytes(bytes[MAGIC.len()..HEADER].try_into().expect("four bytes"));
    Ok(version)
}

/// The run in a save's bytes, decoded but not yet checked (`SavedRun::restore` checks it).
pub fn decode(bytes: &[u8]) -> Result<SavedRun, SaveError> {
    let version = format_of(bytes)?;
    if version != FORMAT {
        return Err(SaveError::Version(version));
    }
    let payload = miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(&bytes[HEADER..], MAX_INFLATED)
        .map_err(|e| SaveError::Damaged(inflate_problem(e.status)))?;
    decode_payload(&payload)
}

/// The run in postcard bytes (the inflated stream): all of them, nothing left over.
pub fn decode_payload(payload: &[u8]) -> Result<SavedRun, SaveError> {
    match postcard::take_from_bytes::<SavedRun>(payload) {
        Ok((run, [])) => Ok(run),
        Ok((_, rest)) => Err(SaveError::Damaged(format!("{} bytes after the run", rest.len()))),
        Err(e) => Err(SaveError::Damaged(format!("its contents do not decode: {e}"))),
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
    fn the_header_is_read_before_anything_else() {
        assert_eq!(format_of(b""), Err(SaveError::Empty));
        assert_eq!(format_of(b"DELVE"), Err(SaveError::Truncated));
        assert_eq!(format_of(b"PNG\x89 and more bytes"), Err(SaveError::NotASave));
        let mut future = MAGIC.to_vec();
        future.extend_from_slice(&(FORMAT + 1).to_le_bytes());
        assert_eq!(decode(&future), Err(SaveError::Version(FORMAT + 1)));
        let mut empty_stream = MAGIC.to_vec();
        empty_stream.extend_from_slice(&FORMAT.to_le_bytes());
        assert!(matches!(decode(&empty_stream), Err(SaveError::Damaged(_))));
    }
}

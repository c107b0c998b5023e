//! A recording's bytes (a `.delverec` file): an 8-byte mark, `DELVE\0RC`, and the file format
//! (u32, little-endian), then one zlib stream of postcard: the Delve that made it, the rules it
//! was played by (`run::RULES`, with the commands), how the run began (as a save keeps it), its commands and
//! checkpoints, and the state it was in when written (the last checkpoint). A recording is a
//! few kilobytes for thousands of turns: it holds the commands, never the levels (but a map
//! file's, which no seed makes again).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::current::{terrain, terrain_of};
use super::format::{BadHeader, read_header};
use super::formats::{v1, v2, v5, v15, v16};
use super::model::{SavedRecording, save_level, spec_of};
use crate::dungeon::Origin;
use crate::run::{Checkpoint, Digest, RULES, Recording, Run, RunSpec};

/// The first bytes of every recording.
pub const RECORDING_MAGIC: [u8; 8] = *b"DELVE\0RC";
/// The newest recording file format: format 2 with the run's lineage at the end (the replay it
/// was taken over from, the ghost it raced). Format 2 is format 1 with the run's mode at the
/// end. This Delve writes the oldest format that holds the run: format 1, unchanged, for the
/// standard game's run of its own (so a Delve of the same rules from before modes replays it),
/// format 2 for a run in a mode, format 3 for a run owing to another; it reads all three.
pub const RECORDING_FORMAT: u32 = 3;
/// Bytes of the header: the mark and the version.
const HEADER: usize = RECORDING_MAGIC.len() + 4;
/// The most a recording may inflate to: `run::MAX_COMMANDS` commands of at most 8 bytes, and a
/// map file's level of the largest size.
const MAX_BYTES: usize = 8 * crate::run::MAX_COMMANDS + 3 * (crate::map::MAX_SIDE as usize).pow(2);

/// The body of a recording file (format 1), in the save formats' frozen types.
#[derive(Serialize, Deserialize)]
struct Body {
    game: String,
    origin: v1::Origin,
    peaceful: bool,
    start_depth: u32,
    start: Option<v2::Terrain>,
    recording: v5::Recording,
    end: v5::Checkpoint,
}

/// The body of a recording file of format 2: format 1's, then the mode.
#[derive(Serialize, Deserialize)]
struct BodyWithMode {
    body: Body,
    mode: v15::Mode,
}

/// The body of a recording file of format 3: format 2's, then the lineage.
#[derive(Serialize, Deserialize)]
struct BodyWithLineage {
    body: BodyWithMode,
    lineage: v16::Lineage,
}

/// The digest of a recording's (or a save's) bytes: their SHA-256, as a board names the run it
/// keeps. A branch names its parent by it, a raced run its ghost.
pub fn digest(bytes: &[u8]) -> Digest {
    use sha2::Digest as _;
    Digest(sha2::Sha256::digest(bytes).into())
}

/// A recording read back: what it replays, and what made it.
#[derive(Clone, Debug)]
pub struct RecordingFile {
    /// The Delve release that made it.
    pub game: String,
    /// The rules it was played by (`run::RULES`, or it is not read).
    pub rules: u32,
    /// How the run began.
    pub spec: RunSpec,
    /// Its commands and checkpoints.
    pub recording: Recording,
    /// The state the run was in when the recording was written.
    pub end: Checkpoint,
}

/// Why bytes are not a recording this Delve can replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordingError {
    /// No bytes at all.
    Empty,
    /// Too short to hold the header.
    Truncated,
    /// It does not start with a recording's mark.
    NotARecording,
    /// Written in another recording format.
    Version(u32),
    /// Played by other rules than this Delve's.
    Rules {
        /// The rules it was played by.
        rules: u32,
        /// The Delve that made it.
        game: String,
    },
    /// The stream is damaged or cut short, or does not decode.
    Damaged(String),
    /// It decodes, but does not fit together.
    Inconsistent(String),
}

impl fmt::Display for RecordingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordingError::Empty => write!(f, "the file is empty"),
            RecordingError::Truncated => write!(f, "the file is cut short (it ends inside its header)"),
            RecordingError::NotARecording => {
                write!(
                    f,
                    "it is not a Delve recording (it does not start with a recording's mark)"
                )
            }
            RecordingError::Version(v) => write!(
                f,
                "it was written by another version of Delve (recording format {v}; this one reads formats 1 to {RECORDING_FORMAT})"
            ),
            RecordingError::Rules { rules, game } => write!(
                f,
                "it was made under rules {rules} (by Delve {game}), and this Delve plays rules {RULES}: it cannot be replayed here"
            ),
            RecordingError::Damaged(why) => write!(f, "it is damaged ({why})"),
            RecordingError::Inconsistent(why) => write!(f, "it does not fit together ({why})"),
        }
    }
}

impl std::error::Error for RecordingError {}

/// Whether `bytes` start as a recording (rather than a save).
pub fn is_recording(bytes: &[u8]) -> bool {
    bytes.starts_with(&RECORDING_MAGIC)
}

impl RecordingFile {
    /// `run`'s recording, ending on the state it is in now; `None` when the run has not been
    /// recorded from its start (it continues a save made before recordings), or is a single
    /// level with more on it than a recording keeps (items, traps, gold: a tutorial's lesson,
    /// whose recording is played back from the lesson itself with `Replay::begin`, never a file).
    pub fn of(run: &Run) -> Option<Self> {
        // A single level's recording keeps its terrain, keys and monsters: one with more on it
        // (the tutorial's lessons: items, traps, gold) would replay without them, astray.
        if let RunSpec::Level(level) = run.spec()
            && !(level.items.is_empty()
                && level.traps.is_empty()
                && level.gold.is_empty()
                && level.loot.is_empty()
                && level.fire.is_empty()
                && level.gas.is_empty())
        {
            return None;
        }
        let recording = run.recording()?.clone();
        let end = run.standing();
        Some(RecordingFile {
            game: env!("CARGO_PKG_VERSION").to_owned(),
            rules: RULES,
            spec: run.spec().clone(),
            recording,
            end,
        })
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let (start, start_depth, origin, peaceful) = match &self.spec {
            RunSpec::Level(level) => (Some(terrain(save_level(level))), 1, Origin::Map, false),
            RunSpec::Seeded { params, peaceful, .. } => (None, params.depth, Origin::Run(*params), *peaceful),
        };
        let mode = self.spec.mode();
        let body = Body {
            game: self.game.clone(),
            origin: origin.into(),
            peaceful,
            start_depth,
            start,
            recording: SavedRecording {
                rules: self.rules,
                ..SavedRecording::of(&self.recording)
            }
            .into(),
            end: self.end.into(),
        };
        let lineage = self.recording.lineage();
        let mode = v15::Mode {
            difficulty: mode.difficulty.id(),
            challenges: mode.challenge_bits(),
        };
        let (format, plain) = if !lineage.is_own() {
            let body = BodyWithLineage {
                body: BodyWithMode { body, mode },
                lineage: lineage.into(),
            };
            (3, postcard::to_allocvec(&body))
        } else if mode == v15::Mode::default() {
            (1, postcard::to_allocvec(&body))
        } else {
            (2, postcard::to_allocvec(&BodyWithMode { body, mode }))
        };
        let plain = plain.expect("a recording always serialises");
        let mut bytes = RECORDING_MAGIC.to_vec();
        bytes.extend_from_slice(&u32::to_le_bytes(format));
        bytes.extend_from_slice(&miniz_oxide::deflate::compress_to_vec_zlib(&plain, 6));
        bytes
    }
}

/// `plain` decoded whole as a `T`, or why not.
fn whole<T: serde::de::DeserializeOwned>(plain: &[u8]) -> Result<T, RecordingError> {
    match postcard::take_from_bytes(plain) {
        Ok((body, [])) => Ok(body),
        Ok((_, rest)) => Err(RecordingError::Damaged(format!("{} bytes after its end", rest.len()))),
        Err(e) => Err(RecordingError::Damaged(format!("it does not decode: {e}"))),
    }
}

/// `run`'s recording as a file's bytes (`RecordingFile::of`, then `to_bytes`).
pub fn encode_recording(run: &Run) -> Option<Vec<u8>> {
    RecordingFile::of(run).map(|file| file.to_bytes())
}

/// A recording's bytes read back, or why they are not one this Delve can replay.
pub fn decode_recording(bytes: &[u8]) -> Result<RecordingFile, RecordingError> {
    let version = read_header(bytes, &RECORDING_MAGIC).map_err(|bad| match bad {
        BadHeader::Empty => RecordingError::Empty,
        BadHeader::Truncated => RecordingError::Truncated,
        BadHeader::OtherMark => RecordingError::NotARecording,
    })?;
    if !(1..=RECORDING_FORMAT).contains(&version) {
        return Err(RecordingError::Version(version));
    }
    let plain = super::format::inflate_whole(&bytes[HEADER..], MAX_BYTES).map_err(RecordingError::Damaged)?;
    let (body, mode, lineage) = match version {
        1 => (whole::<Body>(&plain)?, v15::Mode::default(), v16::Lineage::default()),
        2 => {
            let BodyWithMode { body, mode } = whole(&plain)?;
            (body, mode, v16::Lineage::default())
        }
        _ => {
            let BodyWithLineage {
                body: BodyWithMode { body, mode },
                lineage,
            } = whole(&plain)?;
            (body, mode, lineage)
        }
    };
    let rules = body.recording.rules;
    if rules != RULES {
        return Err(RecordingError::Rules { rules, game: body.game });
    }
    let start = body
        .start
        .map(terrain_of)
        .transpose()
        .map_err(RecordingError::Damaged)?;
    let mode = crate::world::Mode::from_saved(mode.difficulty, mode.challenges).map_err(RecordingError::Damaged)?;
    let spec = spec_of(&body.origin.into(), (body.peaceful, mode), body.start_depth, start)
        .map_err(RecordingError::Inconsistent)?;
    let recording = SavedRecording {
        lineage: lineage.into(),
        ..SavedRecording::from(body.recording)
    }
    .restore()
    .map_err(RecordingError::Inconsistent)?
    .expect("the rules were checked");
    let end: Checkpoint = body.end.into();
    let last = recording.checkpoints().last();
    if end.commands as usize != recording.len() || last.is_some_and(|c| c.turn > end.turn) {
        return Err(RecordingError::Inconsistent(format!(
            "it ends after {} commands on turn {}, but holds {} commands",
            end.commands,
            end.turn,
            recording.len()
        )));
    }
    Ok(RecordingFile {
        game: body.game,
        rules,
        spec,
        recording,
        end,
    })
}

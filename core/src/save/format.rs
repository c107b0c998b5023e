//! A save's bytes: an 8-byte mark and the format version (u32, little-endian), then, from format
//! 2, the run in parts: the run itself (the player, the log, the random stream...) and each level
//! made (its terrain, what lies and stands on it, what the player remembers of it: `terrain`),
//! each part postcard bytes in a zlib stream of its own, the parts framed by postcard. A part's Adler-32
//! check catches a damaged or cut file; the mark and version say what a file is before anything
//! is read from it. Because levels are parts, a save after a turn encodes the level played on and
//! keeps the others as they were (`SaveCache`).
//!
//! Format 9 adds how the player grew and eats: its experience, the boons it chose, its stomach,
//! what the run counted for its feats and the feats earned, and each weapon's or armour's
//! enchantment (in the run part for the pack, in a level's part for what lies or is carried
//! there). A run of an older format goes on with a full stomach and no experience, and says so.
//!
//! Format 8 adds gold: the player's to the run part, the piles to each level's part.
//!
//! Format 7 adds terrain that acts and what hides in it: new tiles (grass, water, lava, chasms,
//! bridges, secrets, ashes: `terrain`), and to each level's part its traps, its fire and its
//! gas. A level of an older format has none of them (the levels it has yet to make will).
//!
//! Format 6 adds whether the player sneaks to the run part. Each format's parts are a struct of
//! their own (`parts`), migrated `From` the one before.
//!
//! Format 5 adds the run's recording (every command, with checkpoints) and the kills by kind
//! to the run part; a format 2–4 save loads as a run without a recording.
//!
//! Format 3 adds the player's pack, states and knowledge of items to the run part, and the items
//! lying on a level to its part. Formats 2 (no items) and 1 (one zlib stream of the whole run)
//! are still read, and migrated: the run goes on with an empty pack and no items on the levels
//! already made (levels made later have theirs); what format 1 lacks (the time it was saved) is
//! unknown.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::model::{self, SavedLevel, SavedMemory, SavedPlayer, SavedRun, save_level, save_memory};
use super::terrain::{Remembered, Terrain};
use crate::dungeon::Origin;
use crate::rng::RngState;
use crate::run::Run;
use crate::world::{Lore, RunRecord};

/// The first bytes of every save.
pub const MAGIC: [u8; 8] = *b"DELVE\0SV";
/// The save format this Delve writes. Bump it whenever anything saved changes shape, or levels
/// made from a seed would differ, and read the old one in `decode` (the golden saves in
/// core/tests/data must go on loading).
pub const FORMAT: u32 = 9;
/// The oldest format this Delve reads (and migrates).
pub const OLDEST: u32 = 1;
/// Bytes of the header: the mark and the version.
pub const HEADER: usize = MAGIC.len() + 4;
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

/// The parts of a format 2 save, as they lie in the file.
#[derive(Serialize, Deserialize)]
struct Parts<'a> {
    /// The run's part (`RunPart`), deflated.
    #[serde(borrow)]
    run: Blob<'a>,
    /// Each level slot's part (`LevelPart`), deflated.
    #[serde(borrow, deserialize_with = "model::levels")]
    levels: Vec<Option<Blob<'a>>>,
}

/// Bytes written as one block (a length, then the bytes copied), not byte by byte as serde
/// writes a slice: the same bytes in the file, ten times faster at a 256x256 run's 400 KB.
#[derive(Clone, Copy)]
struct Blob<'a>(&'a [u8]);

impl Serialize for Blob<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(self.0)
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for Blob<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        <&'a [u8]>::deserialize(d).map(Blob)
    }
}

/// Each save format's parts, one struct per format as its bytes lie (postcard writes a struct as
/// its fields one after another, so a format that adds fields at the end reads the older bytes
/// as a struct of its own), and `From` the previous format to the next: a save is read as its
/// own format and migrated step by step to this one's. A new format adds a struct here with its
/// `From`, and a golden save in core/tests/data.
mod parts {
    use serde::{Deserialize, Serialize};

    use super::super::model::{self, SavedGear, SavedRecording};
    use super::super::terrain::{Remembered, Terrain};
    use crate::dungeon::Origin;
    use crate::geom::Pos;
    use crate::rng::RngState;
    use crate::world::{Boon, Carrying, Deeds, FloorItem, Health, Loot, RunRecord, STOMACH_START, Trap};

    /// Everything of a run but its levels, in format 2.
    #[derive(Serialize, Deserialize)]
    pub(super) struct Run2 {
        pub game: String,
        pub saved_at: u64,
        pub origin: Origin,
        pub peaceful: bool,
        pub start_depth: u32,
        pub start: Option<Terrain>,
        pub depth: u32,
        pub at: Pos,
        #[serde(deserialize_with = "model::many")]
        pub keys: Vec<(u32, Pos)>,
        pub health: Health,
        pub carrying: Carrying,
        pub turn: u64,
        pub rng: RngState,
        pub record: RunRecord,
        #[serde(deserialize_with = "model::log")]
        pub log: Vec<(u64, String)>,
    }

    /// Formats 3 and 4: format 2's, then the player's gear.
    #[derive(Serialize, Deserialize)]
    pub(super) struct Run3 {
        pub game: String,
        pub saved_at: u64,
        pub origin: Origin,
        pub peaceful: bool,
        pub start_depth: u32,
        pub start: Option<Terrain>,
        pub depth: u32,
        pub at: Pos,
        #[serde(deserialize_with = "model::many")]
        pub keys: Vec<(u32, Pos)>,
        pub health: Health,
        pub carrying: Carrying,
        pub turn: u64,
        pub rng: RngState,
        pub record: RunRecord,
        #[serde(deserialize_with = "model::log")]
        pub log: Vec<(u64, String)>,
        pub gear: SavedGear,
    }

    /// Format 5: format 3's, then the kills by kind and the recording.
    #[derive(Serialize, Deserialize)]
    pub(super) struct Run5 {
        pub game: String,
        pub saved_at: u64,
        pub origin: Origin,
        pub peaceful: bool,
        pub start_depth: u32,
        pub start: Option<Terrain>,
        pub depth: u32,
        pub at: Pos,
        #[serde(deserialize_with = "model::many")]
        pub keys: Vec<(u32, Pos)>,
        pub health: Health,
        pub carrying: Carrying,
        pub turn: u64,
        pub rng: RngState,
        pub record: RunRecord,
        #[serde(deserialize_with = "model::log")]
        pub log: Vec<(u64, String)>,
        pub gear: SavedGear,
        #[serde(deserialize_with = "model::many")]
        pub kills: Vec<u32>,
        pub recording: Option<SavedRecording>,
    }

    /// Format 6: format 5's, then whether the player sneaks.
    #[derive(Serialize, Deserialize)]
    pub(super) struct Run6 {
        pub game: String,
        pub saved_at: u64,
        pub origin: Origin,
        pub peaceful: bool,
        pub start_depth: u32,
        pub start: Option<Terrain>,
        pub depth: u32,
        pub at: Pos,
        #[serde(deserialize_with = "model::many")]
        pub keys: Vec<(u32, Pos)>,
        pub health: Health,
        pub carrying: Carrying,
        pub turn: u64,
        pub rng: RngState,
        pub record: RunRecord,
        #[serde(deserialize_with = "model::log")]
        pub log: Vec<(u64, String)>,
        pub gear: SavedGear,
        #[serde(deserialize_with = "model::many")]
        pub kills: Vec<u32>,
        pub recording: Option<SavedRecording>,
        pub sneaking: bool,
    }

    /// Format 8: format 6's, then the gold the player carries.
    #[derive(Serialize, Deserialize)]
    pub(super) struct Run8 {
        pub run: Run6,
        pub gold: u32,
    }

    /// Format 9: format 8's, then how the player grew and eats.
    #[derive(Serialize, Deserialize)]
    pub(super) struct Run9 {
        pub run: Run8,
        pub grown: Grown,
    }

    /// What format 9 adds to the run part.
    #[derive(Serialize, Deserialize)]
    pub(super) struct Grown {
        pub xp: u32,
        #[serde(deserialize_with = "model::many")]
        pub boons: Vec<Boon>,
        pub stomach: u32,
        pub deeds: Deeds,
        pub feats: u32,
        /// The enchantment of each pack slot that has one.
        #[serde(deserialize_with = "model::many")]
        pub pluses: Vec<(u8, i8)>,
    }

    /// A run saved before growth and food: no experience, a stomach as a run starts with.
    impl From<Run8> for Run9 {
        fn from(run: Run8) -> Self {
            Run9 {
                run,
                grown: Grown {
                    xp: 0,
                    boons: Vec::new(),
                    stomach: STOMACH_START,
                    deeds: Deeds::default(),
                    feats: 0,
                    pluses: Vec::new(),
                },
            }
        }
    }

    /// Format 9: format 8's, then the enchantment of what lies on it and what its monsters
    /// carry (by their index in `items` and `loot`), where there is any.
    #[derive(Serialize, Deserialize)]
    pub(super) struct Level9 {
        pub level: Level8,
        #[serde(deserialize_with = "model::many")]
        pub pluses: Vec<(u32, i8)>,
        #[serde(deserialize_with = "model::many")]
        pub loot_pluses: Vec<(u32, i8)>,
    }

    /// A level saved before enchanting has nothing enchanted.
    impl From<Level8> for Level9 {
        fn from(level: Level8) -> Self {
            Level9 {
                level,
                pluses: Vec::new(),
                loot_pluses: Vec::new(),
            }
        }
    }

    /// A run saved before gold carries none.
    impl From<Run6> for Run8 {
        fn from(run: Run6) -> Self {
            Run8 { run, gold: 0 }
        }
    }

    /// A format 2 run had no gear: an empty pack, and (`migrated`) items yet to be learnt.
    impl From<Run2> for Run3 {
        fn from(r: Run2) -> Self {
            let Run2 {
                game,
                saved_at,
                origin,
                peaceful,
                start_depth,
                start,
                depth,
                at,
                keys,
                health,
                carrying,
                turn,
                rng,
                record,
                log,
            } = r;
            Run3 {
                game,
                saved_at,
                origin,
                peaceful,
                start_depth,
                start,
                depth,
                at,
                keys,
                health,
                carrying,
                turn,
                rng,
                record,
                log,
                gear: SavedGear::default(),
            }
        }
    }

    /// A run before format 5 was not recorded, and its kills were not counted by kind.
    impl From<Run3> for Run5 {
        fn from(r: Run3) -> Self {
            let Run3 {
                game,
                saved_at,
                origin,
                peaceful,
                start_depth,
                start,
                depth,
                at,
                keys,
                health,
                carrying,
                turn,
                rng,
                record,
                log,
                gear,
            } = r;
            Run5 {
                game,
                saved_at,
                origin,
                peaceful,
                start_depth,
                start,
                depth,
                at,
                keys,
                health,
                carrying,
                turn,
                rng,
                record,
                log,
                gear,
                kills: Vec::new(),
                recording: None,
            }
        }
    }

    /// Sneaking was the window's before format 6, never saved: a run continues walking.
    impl From<Run5> for Run6 {
        fn from(r: Run5) -> Self {
            let Run5 {
                game,
                saved_at,
                origin,
                peaceful,
                start_depth,
                start,
                depth,
                at,
                keys,
                health,
                carrying,
                turn,
                rng,
                record,
                log,
                gear,
                kills,
                recording,
            } = r;
            Run6 {
                game,
                saved_at,
                origin,
                peaceful,
                start_depth,
                start,
                depth,
                at,
                keys,
                health,
                carrying,
                turn,
                rng,
                record,
                log,
                gear,
                kills,
                recording,
                sneaking: false,
            }
        }
    }

    /// A level and what the player remembers of it (format 2).
    #[derive(Serialize, Deserialize)]
    pub(super) struct Level2 {
        pub level: Terrain,
        pub memory: Option<Remembered>,
    }

    /// Format 3: format 2's, then the items lying on it.
    #[derive(Serialize, Deserialize)]
    pub(super) struct Level3 {
        pub level: Terrain,
        pub memory: Option<Remembered>,
        #[serde(deserialize_with = "model::many")]
        pub items: Vec<FloorItem>,
    }

    /// Formats 4 to 6: format 3's, then what its monsters carry off.
    #[derive(Serialize, Deserialize)]
    pub(super) struct Level4 {
        pub level: Terrain,
        pub memory: Option<Remembered>,
        #[serde(deserialize_with = "model::many")]
        pub items: Vec<FloorItem>,
        #[serde(deserialize_with = "model::many")]
        pub loot: Vec<Loot>,
    }

    /// Format 7: format 4's, then its traps, where fire burns and where gas hangs.
    #[derive(Serialize, Deserialize)]
    pub(super) struct Level7 {
        pub level: Terrain,
        pub memory: Option<Remembered>,
        #[serde(deserialize_with = "model::many")]
        pub items: Vec<FloorItem>,
        #[serde(deserialize_with = "model::many")]
        pub loot: Vec<Loot>,
        #[serde(deserialize_with = "model::many")]
        pub traps: Vec<Trap>,
        #[serde(deserialize_with = "model::tiles")]
        pub fire: Vec<(Pos, u8)>,
        #[serde(deserialize_with = "model::tiles")]
        pub gas: Vec<(Pos, u8)>,
    }

    /// Format 8: format 7's, then the gold lying on it.
    #[derive(Serialize, Deserialize)]
    pub(super) struct Level8 {
        pub level: Level7,
        #[serde(deserialize_with = "model::tiles")]
        pub gold: Vec<(Pos, u32)>,
    }

    /// A level saved before gold has none lying on it.
    impl From<Level7> for Level8 {
        fn from(level: Level7) -> Self {
            Level8 {
                level,
                gold: Vec::new(),
            }
        }
    }

    /// A level saved before traps and terrain that acts has none.
    impl From<Level4> for Level7 {
        fn from(
            Level4 {
                level,
                memory,
                items,
                loot,
            }: Level4,
        ) -> Self {
            Level7 {
                level,
                memory,
                items,
                loot,
                traps: Vec::new(),
                fire: Vec::new(),
                gas: Vec::new(),
            }
        }
    }

    /// A level saved before items had none.
    impl From<Level2> for Level3 {
        fn from(Level2 { level, memory }: Level2) -> Self {
            Level3 {
                level,
                memory,
                items: Vec::new(),
            }
        }
    }

    /// A level saved before loot: its monsters carry nothing.
    impl From<Level3> for Level4 {
        fn from(Level3 { level, memory, items }: Level3) -> Self {
            Level4 {
                level,
                memory,
                items,
                loot: Vec::new(),
            }
        }
    }
}

use parts::{Grown, Level2, Level3, Level4, Level7, Level8, Level9, Run2, Run3, Run5, Run6, Run8, Run9};

/// A format 1 save's run, in its order: migrated into a `SavedRun`.
#[derive(Deserialize)]
struct V1 {
    game: String,
    origin: Origin,
    peaceful: bool,
    start_depth: u32,
    start: Option<SavedLevel>,
    depth: u32,
    #[serde(deserialize_with = "model::levels")]
    levels: Vec<Option<SavedLevel>>,
    player: SavedPlayer,
    turn: u64,
    rng: RngState,
    record: RunRecord,
    #[serde(deserialize_with = "model::log")]
    log: Vec<(u64, String)>,
}

fn deflate<T: Serialize>(part: &T) -> Vec<u8> {
    let bytes = postcard::to_allocvec(part).expect("a save's part always serialises");
    miniz_oxide::deflate::compress_to_vec_zlib(&bytes, LEVEL)
}

fn pack_level(mut level: SavedLevel, memory: Option<SavedMemory>) -> Vec<u8> {
    let items = std::mem::take(&mut level.items);
    let loot = std::mem::take(&mut level.loot);
    let traps = std::mem::take(&mut level.traps);
    let fire = std::mem::take(&mut level.fire);
    let gas = std::mem::take(&mut level.gas);
    let gold = std::mem::take(&mut level.gold);
    let pluses = pluses_of(items.iter().map(|f| f.item));
    let loot_pluses = pluses_of(loot.iter().map(|l| l.item));
    deflate(&Level9 {
        level: Level8 {
            level: Level7 {
                level: level.into(),
                memory: memory.map(Remembered::from),
                items,
                loot,
                traps,
                fire,
                gas,
            },
            gold,
        },
        pluses,
        loot_pluses,
    })
}

/// The enchantment of each of `items` that has one, by its place among them.
fn pluses_of<I: TryFrom<usize>>(items: impl Iterator<Item = crate::world::Item>) -> Vec<(I, i8)> {
    items
        .enumerate()
        .filter(|(_, i)| i.plus != 0)
        .filter_map(|(n, i)| I::try_from(n).ok().map(|n| (n, i.plus)))
        .collect()
}

/// Gives the items `pluses` names (by place) their enchantment, or says what is not there.
fn enchant<I: Copy + Into<u64>>(
    what: &str,
    mut items: Vec<&mut crate::world::Item>,
    pluses: &[(I, i8)],
) -> Result<(), SaveError> {
    for &(n, plus) in pluses {
        let n: u64 = n.into();
        let item = usize::try_from(n)
            .ok()
            .and_then(|n| items.get_mut(n))
            .ok_or_else(|| SaveError::Damaged(format!("an enchantment for {what} {n}, which is not there")))?;
        item.plus = plus;
    }
    Ok(())
}

/// The run's part of `saved` (its levels and memory left out), taken apart, not copied.
fn run_part(saved: SavedRun) -> Run9 {
    let gold = saved.player.gold;
    let grown = Grown {
        xp: saved.player.growth.xp,
        boons: saved.player.growth.boons.clone(),
        stomach: saved.player.stomach,
        deeds: saved.record.deeds,
        feats: saved.record.feats,
        pluses: saved
            .player
            .gear
            .slots
            .iter()
            .enumerate()
            .filter_map(|(s, i)| i.filter(|i| i.plus != 0).map(|i| (s as u8, i.plus)))
            .collect(),
    };
    let run = Run6 {
        game: saved.game,
        saved_at: saved.saved_at,
        origin: saved.origin,
        peaceful: saved.peaceful,
        start_depth: saved.start_depth,
        start: saved.start.map(Terrain::from),
        depth: saved.depth,
        at: saved.player.at,
        keys: saved.player.keys,
        health: saved.player.health,
        carrying: saved.player.carrying,
        turn: saved.turn,
        rng: saved.rng,
        kills: saved.record.kills.to_vec(),
        record: saved.record,
        log: saved.log,
        gear: saved.player.gear,
        recording: saved.recording,
        sneaking: saved.player.sneaking,
    };
    Run9 {
        run: Run8 { run, gold },
        grown,
    }
}

/// The bytes of a save: the header and the parts.
fn frame(run: &[u8], levels: &[Option<Vec<u8>>]) -> Vec<u8> {
    let parts = Parts {
        run: Blob(run),
        levels: levels.iter().map(|l| l.as_deref().map(Blob)).collect(),
    };
    let body = postcard::to_allocvec(&parts).expect("parts always serialise");
    let mut bytes = Vec::with_capacity(HEADER + body.len());
    bytes.extend_from_slice(&MAGIC);
    bytes.extend_from_slice(&FORMAT.to_le_bytes());
    bytes.extend_from_slice(&body);
    bytes
}

/// The save of `run`.
pub fn encode(run: &SavedRun) -> Vec<u8> {
    let mut run = run.clone();
    let mut memory = std::mem::take(&mut run.player.memory).into_iter();
    let levels: Vec<_> = std::mem::take(&mut run.levels)
        .into_iter()
        .map(|level| {
            let memory = memory.next().flatten();
            level.map(|level| pack_level(level, memory))
        })
        .collect();
    frame(&deflate(&run_part(run)), &levels)
}

/// A save's parts as postcard bytes (inflated): the run's, then each level slot's (`None`: a
/// level not made). For tools and tests that look inside a save or make one by hand.
#[allow(clippy::type_complexity)]
pub fn parts_of(bytes: &[u8]) -> Result<(Vec<u8>, Vec<Option<Vec<u8>>>), SaveError> {
    match format_of(bytes)? {
        FORMAT => {}
        version => return Err(SaveError::Version(version)),
    }
    let parts: Parts = unpack("the list of its parts", &bytes[HEADER..])?;
    let run = inflate("the run", parts.run.0, RUN_PART_MAX)?;
    let levels = parts
        .levels
        .into_iter()
        .map(|part| part.map(|p| inflate("a level", p.0, LEVEL_PART_MAX)).transpose())
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
                    self.levels[i] = Some(pack_level(save_level(level), memory));
                }
                Some(_) => {}
            }
        }
        self.last = Some((depth, run.turn(), changes));
        let mut saved = SavedRun::capture_without_levels(run);
        saved.saved_at = saved_at;
        frame(&deflate(&run_part(saved)), &self.levels)
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
/// format 1 save is migrated.
pub fn decode(bytes: &[u8]) -> Result<SavedRun, SaveError> {
    let version = format_of(bytes)?;
    let saved = match version {
        2..=FORMAT => {
            decode_parts(&bytes[HEADER..], version).map(|saved| if version == 2 { migrated(saved) } else { saved })
        }
        1 => decode_v1(&bytes[HEADER..]).map(migrated),
        version => Err(SaveError::Version(version)),
    };
    saved.map(|mut saved| {
        // Said once: the next save is of this format, and keeps the lines in the log only.
        if version < 8 {
            let line = "This run was saved before gold was counted: it goes on with none.";
            saved.log.push((saved.turn, line.to_owned()));
        }
        if version < 9 {
            let line = "This run was saved before hunger and experience were counted: it goes on with a full stomach and no experience yet.";
            saved.log.push((saved.turn, line.to_owned()));
        }
        saved
    })
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

/// A run saved before items: its player knows nothing yet of the looks of its run's items.
fn migrated(mut saved: SavedRun) -> SavedRun {
    let seed = match &saved.origin {
        Origin::Run(params) => params.seed,
        Origin::Map => 0,
    };
    saved.player.gear.lore = Lore::new(seed);
    saved
}

/// A save in parts, of format `version`: 9, 8 (no growth, food or enchantment), 7 (no gold), 6 (no traps, fire or gas), 5 (not
/// sneaking), 4 (no recording), 3 (no loot either) or 2 (no gear, items or loot), each read as
/// its own format's parts and migrated.
fn decode_parts(body: &[u8], version: u32) -> Result<SavedRun, SaveError> {
    let parts: Parts = unpack("the list of its parts", body)?;
    let run_bytes = inflate("the run", parts.run.0, RUN_PART_MAX)?;
    let run: Run9 = match version {
        9.. => unpack("the run", &run_bytes)?,
        8 => unpack::<Run8>("the run", &run_bytes)?.into(),
        6 | 7 => Run8::from(unpack::<Run6>("the run", &run_bytes)?).into(),
        5 => Run8::from(Run6::from(unpack::<Run5>("the run", &run_bytes)?)).into(),
        3 | 4 => Run8::from(Run6::from(Run5::from(unpack::<Run3>("the run", &run_bytes)?))).into(),
        _ => Run8::from(Run6::from(Run5::from(Run3::from(unpack::<Run2>(
            "the run", &run_bytes,
        )?))))
        .into(),
    };
    let Run9 {
        run: Run8 { run, gold },
        grown,
    } = run;
    let Run6 {
        game,
        saved_at,
        origin,
        peaceful,
        start_depth,
        start,
        depth,
        at,
        keys,
        health,
        carrying,
        turn,
        rng,
        mut record,
        log,
        mut gear,
        kills,
        recording,
        sneaking,
    } = run;
    record.deeds = grown.deeds;
    record.feats = grown.feats;
    for &(slot, plus) in &grown.pluses {
        match gear.slots.get_mut(slot as usize) {
            Some(Some(item)) => item.plus = plus,
            _ => {
                return Err(SaveError::Damaged(format!(
                    "an enchantment for pack slot {slot}, which holds nothing"
                )));
            }
        }
    }
    if kills.len() > record.kills.len() {
        return Err(SaveError::Damaged(format!("kills of {} kinds of monster", kills.len())));
    }
    record.kills[..kills.len()].copy_from_slice(&kills);
    let mut levels = Vec::with_capacity(parts.levels.len());
    let mut memory = Vec::with_capacity(parts.levels.len());
    for (i, part) in parts.levels.into_iter().enumerate() {
        let Some(part) = part else {
            levels.push(None);
            memory.push(None);
            continue;
        };
        let what = format!("level {}", i + 1);
        let bytes = inflate(&what, part.0, LEVEL_PART_MAX)?;
        let Level9 {
            level: Level8 { level: part, gold },
            pluses,
            loot_pluses,
        } = match version {
            9.. => unpack(&what, &bytes)?,
            8 => unpack::<Level8>(&what, &bytes)?.into(),
            7 => Level8::from(unpack::<Level7>(&what, &bytes)?).into(),
            4..=6 => Level8::from(Level7::from(unpack::<Level4>(&what, &bytes)?)).into(),
            3 => Level8::from(Level7::from(Level4::from(unpack::<Level3>(&what, &bytes)?))).into(),
            _ => Level8::from(Level7::from(Level4::from(Level3::from(unpack::<Level2>(
                &what, &bytes,
            )?))))
            .into(),
        };
        let mut level: SavedLevel = part.level.into();
        level.items = part.items;
        level.loot = part.loot;
        enchant(
            &format!("item on {what}"),
            level.items.iter_mut().map(|f| &mut f.item).collect(),
            &pluses,
        )?;
        enchant(
            &format!("monster's loot on {what}"),
            level.loot.iter_mut().map(|l| &mut l.item).collect(),
            &loot_pluses,
        )?;
        level.traps = part.traps;
        level.fire = part.fire;
        level.gas = part.gas;
        level.gold = gold;
        levels.push(Some(level));
        memory.push(part.memory.map(SavedMemory::from));
    }
    while memory.last().is_some_and(Option::is_none) {
        memory.pop();
    }
    Ok(SavedRun {
        game,
        saved_at,
        origin,
        peaceful,
        start_depth,
        start: start.map(SavedLevel::from),
        depth,
        levels,
        player: SavedPlayer {
            at,
            keys,
            health,
            carrying,
            memory,
            gear,
            sneaking,
            gold,
            growth: crate::world::Growth {
                xp: grown.xp,
                boons: grown.boons,
            },
            stomach: grown.stomach,
        },
        turn,
        rng,
        record,
        log,
        recording,
    })
}

fn decode_v1(body: &[u8]) -> Result<SavedRun, SaveError> {
    let old: V1 = unpack("the run", &inflate("the run", body, V1_MAX)?)?;
    Ok(SavedRun {
        game: old.game,
        saved_at: 0,
        origin: old.origin,
        peaceful: old.peaceful,
        start_depth: old.start_depth,
        start: old.start,
        depth: old.depth,
        levels: old.levels,
        player: old.player,
        turn: old.turn,
        rng: old.rng,
        record: old.record,
        log: old.log,
        recording: None,
    })
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
        for version in [OLDEST, FORMAT] {
            let mut nothing_after = MAGIC.to_vec();
            nothing_after.extend_from_slice(&version.to_le_bytes());
            assert!(matches!(decode(&nothing_after), Err(SaveError::Damaged(_))));
        }
    }
}

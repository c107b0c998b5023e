//! Judging a submitted recording: it must be the standard game (or today's daily), played to its
//! end under these rules with the standard sight, and replay to the hash it claims, within a
//! time limit, off the request threads, a few at once, each address within a budget of judging
//! time. The score is the board's own, and so is the game's identity: what was played, whatever
//! file it came in.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use delve_core::fov::DEFAULT_RADIUS;
use delve_core::generation::GenParams;
use delve_core::run::{Command, Date, RULES, Recording, RunSpec, daily_challenge_mode, daily_params};
use delve_core::save::{Outcome, Stopped, replayable, verify_while};
use delve_core::world::Mode;
use sha2::{Digest, Sha256};
use tokio::sync::Semaphore;

use crate::limits::{Budget, Rate};

/// The largest recording the board takes: far more than any run asks (a bot's 20,000-turn run
/// is about 30 KB).
pub const MAX_RECORDING: usize = 1 << 20;

/// The most work (`Recording::work`) a recording may ask of this board's judges: 400,000
/// turns at the standard size and sight, twenty times the longest bot run and more than any
/// player's, and about two seconds of replay at the slow end of what Delve is measured on
/// (docs/performance.md). A recording that asks more (a few million settings flipped to and fro,
/// which no turn passes) is refused before a judge is taken; the game itself allows up to
/// `run::MAX_WORK`.
pub const BOARD_MAX_WORK: u64 = 1_000_000_000;

/// What the board found a recording to be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    /// The run's seed.
    pub seed: u64,
    /// The daily's date, for today's daily.
    pub day: Option<String>,
    /// The score, worked out by the replay.
    pub score: u64,
    /// The level it ended on.
    pub depth: u32,
    /// "died" or "won".
    pub outcome: &'static str,
    /// Turns played.
    pub turns: u64,
    /// The state hash the replay came to, 16 hex digits.
    pub hash: String,
    /// The game it is (`game`): one game is ranked once, whatever file it comes in.
    pub game: String,
    /// How it was played: the standard game, or a mode ranked on its list of its own.
    pub mode: Mode,
    /// It raced another run's ghost: ranked apart, on the raced lists (`store::raced`).
    pub raced: bool,
}

/// The identity of the game a recording plays: SHA-256, in hex, of the rules, how the run began
/// (seed, size, corridors, first level, monsters or none), the daily's date, every act and
/// boon chosen in order, and the state hash it came to. A file's own bytes are left out (its
/// compression, the Delve that wrote it, its checkpoints), and so are its settings (sight,
/// sneaking): a change of one that changes what is played changes the state it comes to, and
/// one that changes nothing (a sneak begun and ended between two acts) makes no other game.
/// So a leader's run made into another file, with a setting flipped there and back, is the
/// same game and is ranked once.
pub fn game(spec: &RunSpec, recording: &Recording, hash: u64) -> String {
    let mut h = Sha256::new();
    h.update(b"delve game 1\0");
    h.update(RULES.to_le_bytes());
    match spec {
        RunSpec::Seeded { params, peaceful, .. } => {
            h.update([1]);
            h.update(params.seed.to_le_bytes());
            h.update(params.width.to_le_bytes());
            h.update(params.height.to_le_bytes());
            h.update(params.style.to_string().as_bytes());
            h.update([0, u8::from(*peaceful)]);
            h.update(params.depth.to_le_bytes());
        }
        RunSpec::Level(level) => {
            h.update([2]);
            h.update(level.fingerprint().to_le_bytes());
        }
    }
    match recording.daily() {
        Some(date) => {
            h.update([1]);
            h.update(date.as_bytes());
            h.update([0]);
        }
        None => h.update([0]),
    }
    for command in recording.commands() {
        match command {
            // A beginning is part of the game played, as the acts are.
            Command::Act(_) | Command::Choose(_) | Command::Begin(_) => {
                h.update(postcard::to_allocvec(&command).unwrap_or_default());
            }
            Command::Sight(_) | Command::Sneaking(_) => {}
        }
    }
    h.update([0xff]);
    h.update(hash.to_le_bytes());
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// The game of a stored recording that replayed to `hash` (16 hex digits), if this board can
/// read it (one of its own rules).
pub fn game_of(bytes: &[u8], hash: &str) -> Option<String> {
    let (spec, recording, _) = replayable(bytes).ok()?;
    Some(game(&spec, &recording, u64::from_str_radix(hash, 16).ok()?))
}

/// Why a recording is not ranked: a sentence for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The recording itself is refused (422), with the reason.
    Run(String),
    /// The board cannot judge it now (503): too many waiting.
    Busy,
    /// The address has spent its judging time (429): the seconds to wait.
    Spent(u64),
}

/// The standard game a seed's board ranks: 80x50, corridors of every style, from level 1,
/// with monsters (what `delve --seed N` and the browser's `?seed=N` play).
pub fn standard(seed: u64) -> GenParams {
    GenParams {
        seed,
        ..GenParams::default()
    }
}

/// Judges `bytes` on `today`, replaying for at most `limit`.
pub fn judge(bytes: &[u8], today: Date, limit: Duration) -> Result<Judged, String> {
    if bytes.len() > MAX_RECORDING {
        return Err(format!(
            "the recording is {} bytes, more than the board takes ({MAX_RECORDING})",
            bytes.len()
        ));
    }
    let (spec, recording, _) = replayable(bytes).map_err(|why| format!("the file cannot be replayed: {why}"))?;
    let work = recording.work(&spec);
    if work > BOARD_MAX_WORK {
        return Err(format!(
            "replaying it would take {work} units of work, more than a run on this board ever asks ({BOARD_MAX_WORK}, about 400,000 turns): {} commands",
            recording.len()
        ));
    }
    // A branch begins as another run, played by another hand: it is ranked on no list.
    let lineage = recording.lineage();
    if let Some(branch) = lineage.branch {
        return Err(format!(
            "it is a branch: taken over on turn {} from the replay of another run (recording {}), and the board ranks no branch on its lists",
            branch.turn, branch.parent
        ));
    }
    // Each mode is ranked on its own list (`store::seed_board`).
    let (params, mode) = match spec {
        RunSpec::Seeded {
            params,
            peaceful: false,
            mode,
        } => (params, mode),
        RunSpec::Seeded { peaceful: true, .. } => return Err("it is a dungeon without monsters".into()),
        RunSpec::Level(_) => return Err("it is a map file's run: the board ranks seeded runs".into()),
    };
    let day = match recording.daily() {
        Some(date) => {
            let Some(date) = Date::parse(date) else {
                return Err(format!("it names a daily of no real date ({date:?})"));
            };
            if date != today {
                return Err(format!("it is the daily of {date}, not today's daily ({today})"));
            }
            if params != daily_params(today) {
                return Err(format!("it says it is the daily of {today} but is another dungeon"));
            }
            // A daily is the standard game, or carries the challenge of the day.
            let of_the_day = daily_challenge_mode(today);
            if !mode.is_standard() && mode != of_the_day {
                return Err(format!(
                    "it is the daily of {today} played as \"{}\": a daily is ranked in the standard game or with the challenge of the day (\"{}\")",
                    mode.name(),
                    of_the_day.name()
                ));
            }
            Some(today.to_string())
        }
        None if params != standard(params.seed) => {
            return Err(format!(
                "it was played on {params} from level {}: the board ranks the standard game (80x50, mixed corridors, from level 1)",
                params.depth
            ));
        }
        None => None,
    };
    let sight = recording
        .commands()
        .filter_map(|c| match c {
            Command::Sight(r) => Some(r),
            _ => None,
        })
        .max();
    if let Some(sight) = sight.filter(|&r| r > DEFAULT_RADIUS) {
        return Err(format!(
            "it was played seeing {sight} tiles: the board ranks runs that see at most {DEFAULT_RADIUS}"
        ));
    }
    let deadline = Instant::now() + limit;
    let (verdict, _) = verify_while(bytes, || Instant::now() < deadline).map_err(|stop| match stop {
        Stopped::Unreplayable(why) => format!("the file cannot be replayed: {why}"),
        Stopped::Asked { played } => format!(
            "it took more than {} s to replay (stopped after {played} commands)",
            limit.as_secs_f32()
        ),
    })?;
    if let Some(desync) = verdict.desync {
        return Err(format!("it does not replay as recorded: {desync}"));
    }
    let outcome = match verdict.outcome {
        Outcome::Playing => {
            return Err("the run is not over: the board ranks runs that ended (died or won)".into());
        }
        o => o.word(),
    };
    Ok(Judged {
        seed: params.seed,
        day,
        score: verdict.score,
        depth: verdict.depth,
        outcome,
        turns: verdict.turns,
        hash: format!("{:016x}", verdict.hash),
        game: game(&spec, &recording, verdict.hash),
        mode,
        raced: lineage.ghost.is_some(),
    })
}

/// Judges on a few threads of their own, so that replays never hold up the request threads;
/// each client's judging time taken from its budget.
#[derive(Clone, Debug)]
pub struct Judges {
    permits: Arc<Semaphore>,
    /// How long a submission may wait for a judge before the board says it is busy.
    wait: Duration,
    /// How long one replay may take.
    limit: Duration,
    /// The seconds of judging each client may take.
    budget: Arc<Budget>,
}

/// What a replay is taken to cost before it is made: its work (`Recording::work`) at this many
/// units a second, the slow end of what the machines Delve is measured on replay
/// (docs/performance.md). What it really took is charged once it is done.
const UNITS_PER_SECOND: f64 = 500e6;

impl Judges {
    /// `at_once` judges, each replay limited to `limit`, each client's judging to `budget`
    /// seconds.
    pub fn new(at_once: usize, limit: Duration, budget: Rate) -> Self {
        Judges {
            permits: Arc::new(Semaphore::new(at_once.max(1))),
            wait: Duration::from_secs(10),
            limit,
            budget: Arc::new(Budget::new(budget)),
        }
    }

    /// Judges `bytes` on `today` for `client` when a judge is free and the client has judging
    /// time left; the time the replay took is taken from the client's budget.
    pub async fn judge(&self, bytes: Vec<u8>, today: Date, client: IpAddr) -> Result<Judged, Refused> {
        // (Reading a recording takes a while for a large one: off the request threads too.)
        let (limit, shared) = (self.limit, Arc::new(bytes));
        let read = shared.clone();
        let estimate = tokio::task::spawn_blocking(move || {
            replayable(&read).map_or(0.0, |(spec, recording, _)| {
                (recording.work(&spec) as f64 / UNITS_PER_SECOND).min(limit.as_secs_f64())
            })
        })
        .await
        .unwrap_or(0.0);
        self.budget
            .spend(client, estimate, Instant::now())
            .map_err(|refusal| Refused::Spent(refusal.wait))?;
        let permit = tokio::time::timeout(self.wait, self.permits.clone().acquire_owned())
            .await
            .map_err(|_| Refused::Busy)?
            .map_err(|_| Refused::Busy)?;
        let (judged, took) = tokio::task::spawn_blocking(move || {
            let clock = Instant::now();
            let judged = judge(&shared, today, limit);
            drop(permit);
            (judged, clock.elapsed())
        })
        .await
        .map_err(|e| Refused::Run(format!("the board failed while replaying it ({e})")))?;
        self.budget.charge(client, took.as_secs_f64() - estimate);
        judged.map_err(Refused::Run)
    }
}

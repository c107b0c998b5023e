//! Judging a submitted recording: it must be the standard game (or today's daily), played to its
//! end under these rules with the standard sight, and replay to the hash it claims, within a
//! time limit, off the request threads, a few at once. The score is the board's own.

use std::sync::Arc;
use std::time::{Duration, Instant};

use delve_core::fov::DEFAULT_RADIUS;
use delve_core::generation::GenParams;
use delve_core::run::{Command, Date, RunSpec, daily_params};
use delve_core::save::{Outcome, Stopped, replayable, verify_while};
use tokio::sync::Semaphore;

/// The largest recording the board takes: far more than any run asks (a bot's 20,000-turn run
/// is about 30 KB).
pub const MAX_RECORDING: usize = 1 << 20;

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
}

/// Why a recording is not ranked: a sentence for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The recording itself is refused (422), with the reason.
    Run(String),
    /// The board cannot judge it now (503): too many waiting.
    Busy,
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
    let params = match spec {
        RunSpec::Seeded {
            params,
            peaceful: false,
        } => params,
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
    })
}

/// Judges on a few threads of their own, so that replays never hold up the request threads.
#[derive(Clone, Debug)]
pub struct Judges {
    permits: Arc<Semaphore>,
    /// How long a submission may wait for a judge before the board says it is busy.
    wait: Duration,
    /// How long one replay may take.
    limit: Duration,
}

impl Judges {
    /// `at_once` judges, each replay limited to `limit`.
    pub fn new(at_once: usize, limit: Duration) -> Self {
        Judges {
            permits: Arc::new(Semaphore::new(at_once.max(1))),
            wait: Duration::from_secs(10),
            limit,
        }
    }

    /// Judges `bytes` on `today` when a judge is free.
    pub async fn judge(&self, bytes: Vec<u8>, today: Date) -> Result<Judged, Refused> {
        let permit = tokio::time::timeout(self.wait, self.permits.clone().acquire_owned())
            .await
            .map_err(|_| Refused::Busy)?
            .map_err(|_| Refused::Busy)?;
        let limit = self.limit;
        let judged = tokio::task::spawn_blocking(move || {
            let judged = judge(&bytes, today, limit);
            drop(permit);
            judged
        })
        .await
        .map_err(|e| Refused::Run(format!("the board failed while replaying it ({e})")))?;
        judged.map_err(Refused::Run)
    }
}

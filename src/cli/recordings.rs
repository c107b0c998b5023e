//! The command line's recordings: `--verify FILE` replays a recording or a save without a
//! window, `--autoplay` lets a bot play a run without one (`--record FILE` keeps its recording),
//! and `--replay FILE` reads a recording for the window to play back. Each prints one JSON
//! object (the schema is in docs/cli.md).

use std::path::Path;
use std::process::ExitCode;

use delve_core::bot::Bot;
use delve_core::run::{Replay, Run};
use delve_core::save::{BranchCheck, Verdict, encode_recording, verify, verify_branch};

use super::USAGE;

/// Exit code of `--verify` when a checkpoint does not match.
pub(crate) const DESYNC: u8 = 3;
/// The most bytes a recording or save given on the command line may have (a save of the largest
/// run is far below).
const MAX_FILE_BYTES: u64 = 64 << 20;

/// The bytes of `path`, at most `MAX_FILE_BYTES`, or why not (naming the file).
pub(crate) fn read_file(path: &Path, what: &str) -> Result<Vec<u8>, String> {
    let shown = path.display();
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read {what} {shown}: {e}"))?;
    if !meta.is_file() {
        return Err(format!("cannot read {what} {shown}: it is not a file"));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(format!("{what} {shown} is too large ({} bytes)", meta.len()));
    }
    std::fs::read(path).map_err(|e| format!("cannot read {what} {shown}: {e}"))
}

/// The object `--verify` and `--autoplay` print: the seed, the turn reached, the level, how
/// the run stands, its state hash (16 hex digits), whether every checkpoint matched, its score,
/// the gold carried, the beginning (its name, or null for a run begun bare), the mode
/// ("normal", or "hard, darkness+swarm"), the parent a branch was taken over from (its
/// recording's digest, 64 hex digits) and the turn it was taken over on, the ghost it raced
/// (a digest), and whether its first part matched the parent given with `--parent` (null when
/// none was given); null for a run of its own.
pub(crate) fn verdict_json(verdict: &Verdict, parent_matches: Option<bool>) -> String {
    let branch = verdict.lineage.branch;
    let value = serde_json::json!({
        "seed": verdict.seed,
        "turns": verdict.turns,
        "depth": verdict.depth,
        "outcome": verdict.outcome.word(),
        "hash": format!("{:016x}", verdict.hash),
        "ok": verdict.ok(),
        "score": verdict.score,
        "gold": verdict.gold,
        "beginning": verdict.beginning.map(delve_core::world::Beginning::name),
        "mode": verdict.mode.name(),
        "parent": branch.map(|b| b.parent.hex()),
        "parent_turn": branch.map(|b| b.turn),
        "ghost": verdict.lineage.ghost.map(|g| g.hex()),
        "parent_matches": parent_matches,
    });
    format!("{value}\n")
}

/// `--verify FILE [--parent PARENT]`: replays it and prints the verdict; exit 0 when every
/// checkpoint matched and every command was one a player could give then (and, given a parent,
/// the branch's first part is the parent's), 3 (naming the turn, or the command and its turn,
/// or what differs from the parent, on stderr) when not, 2 when a file cannot be read or
/// replayed, or a parent is given for a run taken over from none.
pub(crate) fn verify_file(path: &Path, parent: Option<&Path>) -> ExitCode {
    let bytes = match read_file(path, "the file") {
        Ok(bytes) => bytes,
        Err(e) => {
            eprintln!("delve: {e}");
            return ExitCode::from(USAGE);
        }
    };
    let (verdict, _) = match verify(&bytes) {
        Ok(done) => done,
        Err(e) => {
            eprintln!("delve: {} cannot be replayed: {e}", path.display());
            return ExitCode::from(USAGE);
        }
    };
    let check = match parent.map(|p| {
        read_file(p, "the parent").and_then(|parent| {
            verify_branch(&bytes, &parent)
                .map_err(|e| format!("{} cannot be checked against {}: {e}", path.display(), p.display()))
        })
    }) {
        None => None,
        Some(Err(e)) => {
            eprintln!("delve: {e}");
            return ExitCode::from(USAGE);
        }
        Some(Ok(BranchCheck::NoParent)) => {
            eprintln!(
                "delve: --parent: {} was taken over from no replay, so it has no parent to check",
                path.display()
            );
            return ExitCode::from(USAGE);
        }
        Some(Ok(check)) => Some(check),
    };
    let parent_matches = check.as_ref().map(|c| *c == BranchCheck::Matches);
    print!("{}", verdict_json(&verdict, parent_matches));
    if let Some(desync) = verdict.desync {
        eprintln!("delve: {}: {desync}", path.display());
        return ExitCode::from(DESYNC);
    }
    if let Some(BranchCheck::Differs(why)) = check {
        eprintln!("delve: {} is not a branch of its parent: {why}", path.display());
        return ExitCode::from(DESYNC);
    }
    ExitCode::SUCCESS
}

/// `--autoplay`: the bot plays `run` without a window until it ends or `turns` turns have
/// passed; its recording is written to `record` (if given, whole or not at all: `write_whole`)
/// and replayed to check it, and the verdict printed. Exit 0, or 1 when the recording cannot be
/// written or is longer than a replay may be (3 if it does not replay, which would be a bug).
pub(crate) fn autoplay(mut run: Run, radius: u32, turns: u64, record: Option<&Path>) -> ExitCode {
    run.set_sight_radius(radius);
    Bot::player().play_until(&mut run, turns);
    let bytes = encode_recording(&run).expect("a run begun here is recorded");
    if let Some(path) = record
        && let Err(e) = write_whole(path, &bytes)
    {
        eprintln!("delve: cannot write the recording {}: {e}", path.display());
        return ExitCode::FAILURE;
    }
    // A run longer than any replay may be (`run::MAX_WORK`: a long bot run on the largest
    // level with the farthest sight) was written, but is not replayed: said, exit 1.
    let (verdict, _) = match verify(&bytes) {
        Ok(done) => done,
        Err(e) => {
            eprintln!("delve: the run's recording cannot be replayed to check it: {e}");
            return ExitCode::FAILURE;
        }
    };
    print!("{}", verdict_json(&verdict, None));
    if verdict.ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(DESYNC)
    }
}

/// Writes `bytes` to `path` whole or not at all: a temporary file beside it, flushed, renamed
/// over it (a full disk leaves the file that was there as it was, never an empty one).
fn write_whole(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidInput, "it names no file"))?;
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    crate::save::store::write_atomic(dir, &name.to_string_lossy(), bytes, true)
}

/// `--race FILE|URL`: the recording's bytes (a file's, or what the URL answers) and what the
/// sidebar calls its ghost; or why not (naming the file or the address).
pub(crate) fn load_ghost(source: &str) -> Result<(Vec<u8>, String), String> {
    if !(source.starts_with("http://") || source.starts_with("https://")) {
        let path = Path::new(source);
        let name = path
            .file_name()
            .map_or_else(|| source.to_owned(), |n| n.to_string_lossy().into_owned());
        return Ok((read_file(path, "the recording")?, name));
    }
    fetch(source).map(|bytes| (bytes, "the board's run".to_owned()))
}

/// What `source`, an http(s) address, answers: a recording's bytes (at most `MAX_FILE_BYTES`).
#[cfg(not(target_arch = "wasm32"))]
fn fetch(source: &str) -> Result<Vec<u8>, String> {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(std::time::Duration::from_secs(30)))
        .build()
        .into();
    let mut response = agent
        .get(source)
        .call()
        .map_err(|e| format!("{source} cannot be reached ({e})"))?;
    let status = response.status().as_u16();
    if status != 200 {
        return Err(format!("{source} answered {status}, not a recording"));
    }
    response
        .body_mut()
        .with_config()
        .limit(MAX_FILE_BYTES)
        .read_to_vec()
        .map_err(|e| format!("{source}'s answer cannot be read ({e})"))
}

/// The browser fetches a board's run in its page (web/board.js), not here.
#[cfg(target_arch = "wasm32")]
fn fetch(source: &str) -> Result<Vec<u8>, String> {
    Err(format!("{source}: the page fetches a board's runs itself"))
}

/// `--replay FILE` (a recording or a save): its run, begun again, with its replay to play in
/// the window and the file's digest; or why not (naming the file).
pub(crate) fn load_replay(path: &Path) -> Result<(Run, Replay, delve_core::run::Digest), String> {
    let bytes = read_file(path, "the recording")?;
    crate::screens::playing::replay::replay_of(&bytes)
        .map_err(|e| format!("{} cannot be replayed: {e}", path.display()))
}

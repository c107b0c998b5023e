//! `--submit FILE --board URL --name NAME`: a finished run's recording sent to a board, which
//! replays it and ranks it; the board's reply printed as it came (one JSON object: id, score,
//! rank, board), and where to see it on stderr.

use std::path::Path;
use std::process::ExitCode;

use super::USAGE;
use super::recordings::read_file;
use crate::board::{identity_for, submit};
use crate::save::Store;

/// Submits the recording at `path` to `board` as `name` (its secret kept in `store`).
pub(crate) fn submit_file(store: &Store, path: &Path, board: &str, name: &str) -> ExitCode {
    let bytes = match read_file(path, "the recording") {
        Ok(bytes) => bytes,
        Err(e) => {
            eprintln!("delve: {e}");
            return ExitCode::from(USAGE);
        }
    };
    // The board the player has set, if any: the one an old name's secret was used with.
    let usual = store
        .read(crate::save::Slot::Settings)
        .ok()
        .flatten()
        .and_then(|bytes| crate::settings::Settings::from_text(&bytes).ok())
        .and_then(|settings| settings.board);
    let identity = match identity_for(store, name, board, usual.as_deref()) {
        Ok(identity) => identity,
        Err(e) => {
            eprintln!("delve: {e}");
            return ExitCode::FAILURE;
        }
    };
    match submit(board, &identity, &bytes) {
        Ok(ranked) => {
            println!("{}", ranked.reply);
            let page = match ranked.board.split_once(':') {
                Some(("day", day)) => format!("{board}/board/day/{day}"),
                Some(("seed", seed)) => format!("{board}/board/seed/{seed}"),
                _ => format!("{board}/board"),
            };
            eprintln!(
                "delve: ranked {} with {} points as {}: {page}",
                ranked.rank, ranked.score, identity.name
            );
            ExitCode::SUCCESS
        }
        Err(unsent) => {
            eprintln!("delve: {}", unsent.why);
            ExitCode::FAILURE
        }
    }
}

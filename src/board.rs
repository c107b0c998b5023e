//! Playing to a board (`delve-board`, docs/board.md) from the desktop: the names this player
//! submits under, each with the secret that holds it on every board (kept in the save
//! directory's `board.ron`, made when a name is first used), and a submission over HTTP(S).
//! The browser page submits by itself (web/loader.js), with its names in local storage.

use bevy::prelude::Resource;
use serde::{Deserialize, Serialize};

use crate::save::{Slot, Store};

/// Where the summary offers a finished run: a board's address (none: no offer), and the name
/// (none: the last one used here, else the login's).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardTarget {
    /// The board's address.
    pub url: Option<String>,
    /// The name to submit under.
    pub name: Option<String>,
}

impl BoardTarget {
    /// The name to submit under: the one given, the last one used in `store`, the login's, or
    /// "Player".
    pub fn name_in(&self, store: &Store) -> String {
        self.name
            .clone()
            .or_else(|| {
                identities(store)
                    .ok()
                    .and_then(|all| all.last().map(|i| i.name.clone()))
            })
            .or_else(|| std::env::var("USER").ok().filter(|u| !u.is_empty() && u != "root"))
            .unwrap_or_else(|| "Player".to_owned())
    }
}

/// A name and the secret that holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Identity {
    /// The name as shown on boards.
    pub name: String,
    /// The secret the board keeps a digest of (32 hex digits, made here).
    pub secret: String,
}

/// What a board said to a run it ranked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ranked {
    /// The run's id on the board.
    pub id: i64,
    /// Its score, as the board's replay worked it out.
    pub score: u64,
    /// Its place on its board (1: the best).
    pub rank: u64,
    /// Which board: `day:YYYY-MM-DD` or `seed:N`.
    pub board: String,
    /// The board's reply as it came (one JSON object).
    pub reply: String,
}

/// The names kept in `store`, oldest first.
fn identities(store: &Store) -> Result<Vec<Identity>, String> {
    match store.read(Slot::Board)? {
        None => Ok(Vec::new()),
        Some(bytes) => {
            let text = String::from_utf8(bytes).map_err(|_| "board.ron is not text".to_owned())?;
            ron::from_str(&text).map_err(|e| format!("board.ron cannot be read ({e}); it was left as it is"))
        }
    }
}

/// The identity `name` is submitted under: the kept one (names compared as the board does,
/// whatever their case), or a new one with a fresh secret, kept before it is used.
pub fn identity_for(store: &Store, name: &str) -> Result<Identity, String> {
    let mut all = identities(store)?;
    if let Some(at) = all.iter().position(|i| i.name.to_lowercase() == name.to_lowercase()) {
        let found = all.remove(at);
        // The last used is the last kept: what the summary offers next time.
        if at != all.len() {
            all.push(found.clone());
            keep(store, &all)?;
        }
        return Ok(found);
    }
    let identity = Identity {
        name: name.to_owned(),
        secret: format!("{:032x}", rand::random::<u128>()),
    };
    all.push(identity.clone());
    keep(store, &all)?;
    Ok(identity)
}

/// Writes the names kept.
fn keep(store: &Store, all: &[Identity]) -> Result<(), String> {
    let text = ron::ser::to_string_pretty(all, ron::ser::PrettyConfig::default())
        .map_err(|e| format!("cannot write board.ron: {e}"))?;
    store.write(Slot::Board, text.as_bytes())
}

/// Why a run was not ranked: the sentence, and whether sending it again may do (the board could
/// not be reached or was busy) or not (it refused the run itself).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsent {
    /// What happened, for the player.
    pub why: String,
    /// Sending it again later may rank it.
    pub again: bool,
}

impl Unsent {
    fn new(why: String, again: bool) -> Self {
        Unsent { why, again }
    }
}

/// Whether `url` can be a board's address (`http://…` or `https://…`).
pub fn check_url(url: &str) -> Result<(), String> {
    crate::settings::check_board_url(url)
}

/// Submits `recording` to the board at `url` as `identity`: what it ranked, or why not (the
/// board's own sentence when it refused).
#[cfg(not(target_arch = "wasm32"))]
pub fn submit(url: &str, identity: &Identity, recording: &[u8]) -> Result<Ranked, Unsent> {
    use base64::Engine;
    check_url(url).map_err(|why| Unsent::new(why, false))?;
    let body = serde_json::json!({
        "name": identity.name,
        "secret": identity.secret,
        "recording": base64::engine::general_purpose::STANDARD.encode(recording),
    });
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(std::time::Duration::from_secs(60)))
        .build()
        .into();
    let endpoint = format!("{}/api/runs", url.trim_end_matches('/'));
    let mut response = agent
        .post(&endpoint)
        .header("content-type", "application/json")
        .send(body.to_string().as_bytes())
        .map_err(|e| {
            Unsent::new(
                format!("the board at {url} cannot be reached ({e}); the recording is kept: try again later"),
                true,
            )
        })?;
    let status = response.status().as_u16();
    let reply = response
        .body_mut()
        .with_config()
        .limit(1 << 20)
        .read_to_string()
        .map_err(|e| Unsent::new(format!("the board's reply cannot be read ({e})"), true))?;
    let value: serde_json::Value = serde_json::from_str(&reply).unwrap_or_default();
    if status != 201 {
        let why = value["error"].as_str().unwrap_or("no reason given");
        // Too many at once, or the board's database or judges busy: later may do.
        let again = matches!(status, 429 | 503) || status >= 500;
        return Err(Unsent::new(
            format!("the board refused the run ({status}): {why}"),
            again,
        ));
    }
    match (value["id"].as_i64(), value["score"].as_u64(), value["rank"].as_u64()) {
        (Some(id), Some(score), Some(rank)) => Ok(Ranked {
            id,
            score,
            rank,
            board: value["board"].as_str().unwrap_or_default().to_owned(),
            reply: value.to_string(),
        }),
        _ => Err(Unsent::new(
            format!("the board's reply is not one it should give: {reply}"),
            false,
        )),
    }
}

/// In the browser the page submits by itself (web/board.js): the command line is not there.
#[cfg(target_arch = "wasm32")]
pub fn submit(_url: &str, _identity: &Identity, _recording: &[u8]) -> Result<Ranked, Unsent> {
    Err(Unsent::new(
        "in the browser the page submits runs by itself (web/board.js)".into(),
        false,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_keeps_its_secret() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::Dir(dir.path().to_path_buf());
        let ann = identity_for(&store, "Ann").unwrap();
        assert_eq!(ann.secret.len(), 32);
        assert_eq!(identity_for(&store, "ann").unwrap(), ann, "one name whatever its case");
        let bob = identity_for(&store, "Bob").unwrap();
        assert_ne!(bob.secret, ann.secret);
        assert_eq!(identity_for(&store, "Ann").unwrap(), ann, "kept across reads");
        let target = BoardTarget::default();
        assert_eq!(target.name_in(&store), "Ann", "the last used is offered next");
    }

    #[test]
    fn addresses() {
        assert!(check_url("http://127.0.0.1:8787").is_ok());
        assert!(check_url("https://board.example/").is_ok());
        for bad in ["ftp://x", "board.example", "http://", "http://a b"] {
            assert!(check_url(bad).is_err(), "{bad}");
        }
    }
}

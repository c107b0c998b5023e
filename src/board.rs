//! Playing to a board (`delve-board`, docs/board.md) from the desktop: the names this player
//! submits under, each with a secret of its own (kept in the save directory's `board.ron`,
//! made when a name is first used) from which each board is sent a secret made for it alone
//! (`secret_for`), so that no board learns what holds the name on another; and a submission over
//! HTTP(S). The browser page submits by itself (web/board.js), with its names in local storage.

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

/// A name and the secret that holds it on one board: what a submission sends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identity {
    /// The name as shown on boards.
    pub name: String,
    /// The secret this board keeps a digest of.
    pub secret: String,
}

/// A name as `board.ron` keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Kept {
    /// The name as shown on boards.
    name: String,
    /// The name's own secret (32 hex digits, made here), never sent as it is since secrets
    /// were made per board: each board is sent `secret_for(secret, its origin)`.
    secret: String,
    /// Whether `secret` was made before secrets were made per board, and so was sent as it is
    /// (a `board.ron` of before: every name in it, as its entries have no `legacy`). Such a
    /// secret keeps being sent to the one board it was used with (`sent_to`), so that the name
    /// it holds there stays the player's; every other board gets one made for it.
    #[serde(default = "written_before_per_board_secrets")]
    legacy: bool,
    /// The board (its origin) an old secret is sent to as it is: the board the player had set
    /// when the file was first read after secrets were made per board, or else the first one
    /// it was sent to since.
    #[serde(default)]
    sent_to: Option<String>,
}

/// What `legacy` is for an entry written without it: one of before per-board secrets.
const fn written_before_per_board_secrets() -> bool {
    true
}

/// Decodes `%XX` escapes and `+` (a space) in a query component; a stray `%` stays as it is.
pub fn decode_component(s: &str) -> String {
    let hex = |b: Option<&u8>| b.and_then(|&b| (b as char).to_digit(16)).map(|d| d as u8);
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => match (hex(bytes.get(i + 1)), hex(bytes.get(i + 2))) {
                (Some(hi), Some(lo)) => {
                    out.push(hi * 16 + lo);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A board's origin as secrets are made for it: the scheme and host in lower case, with the
/// port when it is not the scheme's own (`https://Board.example:443/x` is
/// `https://board.example`).
pub fn origin(url: &str) -> String {
    let (scheme, rest) = url.split_once("://").unwrap_or(("http", url));
    let scheme = scheme.to_ascii_lowercase();
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    // (Any user name and password before the host are no part of which board it is.)
    let host_port = authority
        .rsplit_once('@')
        .map_or(authority, |(_, h)| h)
        .to_ascii_lowercase();
    let default_port = if scheme == "https" { ":443" } else { ":80" };
    let host_port = host_port.strip_suffix(default_port).unwrap_or(&host_port);
    format!("{scheme}://{host_port}")
}

/// The secret a name with its own secret `secret` sends to the board at `origin`: HMAC-SHA256
/// keyed by the name's secret over the origin, in hex (64 digits). A board that keeps it (or is
/// not a board at all) can post as that name nowhere else.
pub fn secret_for(secret: &str, origin: &str) -> String {
    use hmac::{Hmac, Mac};
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(b"delve board secret\0");
    mac.update(origin.as_bytes());
    mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect()
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
fn identities(store: &Store) -> Result<Vec<Kept>, String> {
    match store.read(Slot::Board)? {
        None => Ok(Vec::new()),
        Some(bytes) => {
            let text = String::from_utf8(bytes).map_err(|_| "board.ron is not text".to_owned())?;
            ron::from_str(&text).map_err(|e| format!("board.ron cannot be read ({e}); it was left as it is"))
        }
    }
}

/// The identity `name` is submitted under to the board at `board`: the kept name (compared
/// as the board does, whatever its case) or a new one with a fresh secret, kept before it is
/// used, with the secret made for that board. An old name's secret (`Kept::legacy`) is bound
/// to `usual` (the board the player has set), or else to this board, the first it goes to.
pub fn identity_for(store: &Store, name: &str, board: &str, usual: Option<&str>) -> Result<Identity, String> {
    let mut all = identities(store)?;
    let here = origin(board);
    let at = all.iter().position(|i| i.name.to_lowercase() == name.to_lowercase());
    let mut kept = match at {
        Some(at) => all.remove(at),
        None => Kept {
            name: name.to_owned(),
            secret: format!("{:032x}", rand::random::<u128>()),
            legacy: false,
            sent_to: None,
        },
    };
    // Written again when it is new, was not the last used, or an old secret is bound now.
    let mut changed = at != Some(all.len());
    if kept.legacy && kept.sent_to.is_none() {
        kept.sent_to = Some(usual.map_or_else(|| here.clone(), origin));
        changed = true;
    }
    let secret = if kept.legacy && kept.sent_to.as_deref() == Some(here.as_str()) {
        kept.secret.clone()
    } else {
        secret_for(&kept.secret, &here)
    };
    let identity = Identity {
        name: kept.name.clone(),
        secret,
    };
    // The last used is the last kept: what the summary offers next time.
    all.push(kept);
    if changed {
        keep(store, &all)?;
    }
    Ok(identity)
}

/// Writes the names kept.
fn keep(store: &Store, all: &[Kept]) -> Result<(), String> {
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
    let body = delve_core::save::board::Submission {
        name: identity.name.clone(),
        secret: identity.secret.clone(),
        recording: base64::engine::general_purpose::STANDARD.encode(recording),
        // The list of the mode it was played in, as the recording says (the board checks it).
        mode: delve_core::save::decode_recording(recording)
            .ok()
            .map(|file| file.spec.mode().name()),
    };
    let body =
        serde_json::to_string(&body).map_err(|e| Unsent::new(format!("the run cannot be written: {e}"), false))?;
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(std::time::Duration::from_secs(60)))
        .build()
        .into();
    let endpoint = format!("{}/api/runs", url.trim_end_matches('/'));
    let mut response = agent
        .post(&endpoint)
        .header("content-type", "application/json")
        .send(body.as_bytes())
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
    // Read once; the shared types are read from it, and a ranking keeps the reply as it came.
    let value: serde_json::Value = serde_json::from_str(&reply).unwrap_or_default();
    if status != 201 {
        let refused = delve_core::save::board::Refusal::deserialize(&value);
        let why = refused.as_ref().map_or("no reason given", |r| r.error.as_str());
        // Too many at once, or the board's database or judges busy: later may do.
        let again = matches!(status, 429 | 503) || status >= 500;
        return Err(Unsent::new(
            format!("the board refused the run ({status}): {why}"),
            again,
        ));
    }
    match delve_core::save::board::Ranking::deserialize(&value) {
        Ok(ranked) => Ok(Ranked {
            id: ranked.id,
            score: ranked.score,
            rank: ranked.rank,
            board: ranked.board,
            reply: value.to_string(),
        }),
        Err(_) => Err(Unsent::new(
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

    const BOARD: &str = "http://127.0.0.1:8787";

    #[test]
    fn a_name_keeps_its_secret() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::Dir(dir.path().to_path_buf());
        let ann = identity_for(&store, "Ann", BOARD, None).unwrap();
        assert_eq!(ann.secret.len(), 64);
        assert_eq!(
            identity_for(&store, "ann", BOARD, None).unwrap(),
            ann,
            "one name whatever its case"
        );
        let bob = identity_for(&store, "Bob", BOARD, None).unwrap();
        assert_ne!(bob.secret, ann.secret);
        assert_eq!(
            identity_for(&store, "Ann", BOARD, None).unwrap(),
            ann,
            "kept across reads"
        );
        let target = BoardTarget::default();
        assert_eq!(target.name_in(&store), "Ann", "the last used is offered next");
    }

    #[test]
    fn each_board_is_sent_a_secret_of_its_own() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::Dir(dir.path().to_path_buf());
        let real = identity_for(&store, "Ann", "https://board.example", None).unwrap();
        let other = identity_for(&store, "Ann", "https://evil.example", None).unwrap();
        assert_ne!(
            real.secret, other.secret,
            "what evil.example is sent posts nowhere else"
        );
        assert_eq!(
            identity_for(&store, "Ann", "HTTPS://Board.Example:443/some/path", None).unwrap(),
            real,
            "one board, however its address is written"
        );
        assert_ne!(
            identity_for(&store, "Ann", "https://board.example:8443", None).unwrap(),
            real,
            "another port is another board"
        );
        // The name's own secret is never what a board is sent.
        let kept = identities(&store).unwrap();
        assert!(kept.iter().all(|k| k.secret != real.secret && k.secret != other.secret));
        for secret in [&real.secret, &other.secret] {
            assert!(secret.len() == 64 && secret.bytes().all(|b| b.is_ascii_hexdigit()));
        }
    }

    #[test]
    fn an_old_board_ron_keeps_working_for_the_board_it_was_used_with() {
        // As ff3d434 wrote it: one secret per name, sent as it is to every board.
        let old = "[(name: \"Ann\", secret: \"0123456789abcdef0123456789abcdef\"), (name: \"Bob\", secret: \"fedcba9876543210fedcba9876543210\")]";
        let dir = tempfile::tempdir().unwrap();
        let store = Store::Dir(dir.path().to_path_buf());
        store.write(Slot::Board, old.as_bytes()).unwrap();
        // The board the player has set is the one Ann's secret was used with: it keeps it.
        let usual = "https://board.example/";
        let ann = identity_for(&store, "Ann", usual, Some(usual)).unwrap();
        assert_eq!(ann.secret, "0123456789abcdef0123456789abcdef");
        // Any other board gets a secret of its own, now and later.
        let elsewhere = identity_for(&store, "Ann", "https://evil.example", Some(usual)).unwrap();
        assert_ne!(elsewhere.secret, ann.secret);
        assert_eq!(identity_for(&store, "Ann", usual, None).unwrap(), ann, "bound for good");
        // With no board set, an old name's secret goes as it is to the first board it is sent
        // to since, and only there.
        let bob = identity_for(&store, "Bob", "http://127.0.0.1:8787", None).unwrap();
        assert_eq!(bob.secret, "fedcba9876543210fedcba9876543210");
        assert_ne!(
            identity_for(&store, "Bob", usual, Some(usual)).unwrap().secret,
            bob.secret
        );
        assert!(identities(&store).unwrap().iter().all(|k| k.legacy), "both old names");
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

//! The browser build's URL parameters (`?seed=42&size=80x50&corridors=nethack&radius=8`,
//! `?mode=hard&challenge=swarm,darkness`, `?daily`, `?replay=RECORDING`, with `&turn=N` and
//! `&take-over`, `&watch=ID` for a board's live run, `?ghost=RECORDING` to race), parsed in
//! plain Rust so that every case is tested natively. A bad parameter is reported and replaced by its default (a random seed for the seed), never a panic.

use delve_core::fov::DEFAULT_RADIUS;
use delve_core::generation::{CorridorStyle, DEEPEST, GenParams, parse_size, size_ok};
use delve_core::map::{MAX_SIDE, MIN_SIZE};
use delve_core::world::{Difficulty, Mode};

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

use crate::board::decode_component as decode;

/// The longest share link's query a recording is put in: about 6 KB of recording (a few
/// thousand turns); longer runs are offered as a download instead.
pub const MAX_REPLAY_QUERY: usize = 8_000;

/// The longest recording a link may bring (`?replay=`, in characters): eight times the longest
/// link Delve makes (`MAX_REPLAY_QUERY`). A longer one is refused before it is decoded, and
/// whatever a link brings is bounded again by the work its replay may take (`run::MAX_WORK`).
pub const MAX_REPLAY_LINK: usize = 8 * MAX_REPLAY_QUERY;

/// The query that replays `recording` (`?replay=…`), if it is short enough for a link.
pub fn replay_query(recording: &[u8]) -> Option<String> {
    let query = format!("?replay={}", URL_SAFE_NO_PAD.encode(recording));
    (query.len() <= MAX_REPLAY_QUERY).then_some(query)
}

/// A recording's bytes as a link carries them (URL-safe base64, no padding), or what is wrong
/// with them, to follow "The recording in this link": longer than any link Delve makes
/// (`MAX_REPLAY_LINK`, refused before it is decoded), or damaged.
fn linked_recording(value: &str) -> Result<Vec<u8>, String> {
    if value.len() > MAX_REPLAY_LINK {
        return Err(format!(
            "is {} characters long, more than a link may bring ({MAX_REPLAY_LINK})",
            value.len()
        ));
    }
    match URL_SAFE_NO_PAD.decode(value.trim_end_matches('=')) {
        Ok(bytes) if !bytes.is_empty() => Ok(bytes),
        _ => Err("is damaged or cut short".into()),
    }
}

/// What the page asked for, and what was wrong with the asking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageRequest {
    pub params: GenParams,
    pub radius: u32,
    /// `?ascii`: print the level into the page instead of playing (for the parity test).
    pub ascii: bool,
    /// `?golden`: check the golden-level vectors in the browser and print the verdict.
    pub golden: bool,
    /// `?reveal`: start in the generator lab.
    pub reveal: bool,
    /// `?daily`: today's daily dungeon (the seed, size and style are its own).
    pub daily: bool,
    /// `?replay=`: a recording's bytes (URL-safe base64, no padding), to watch.
    pub replay: Option<Vec<u8>>,
    /// `&turn=N` with a replay: it begins on that turn (the first state on it or after).
    pub turn: Option<u64>,
    /// `?ghost=`: a recording's bytes (as `?replay=`), whose ghost a new run of its dungeon races.
    pub ghost: Option<Vec<u8>>,
    /// `&take-over` with a replay: the run is the player's own from that turn (0 without one), a
    /// branch of the recording ("survive this": `?from=ID&turn=N` on a board's page).
    pub take_over: bool,
    /// `&watch=ID` with a replay: the recording is the beginning of the board's live run ID,
    /// whose pieces the page's stream hands on as they come (web/board.js).
    pub watch: Option<u64>,
    /// `?mode=` and `?challenge=`: how the run is played (the standard game without them).
    pub mode: Mode,
    /// One sentence per bad or unknown parameter, for the page.
    pub problems: Vec<String>,
}

/// Parses `search` (with or without its leading `?`). `random_seed` is called only when the seed
/// is missing or bad.
pub fn parse(search: &str, random_seed: impl FnOnce() -> u64) -> PageRequest {
    let mut req = PageRequest {
        params: GenParams::default(),
        radius: DEFAULT_RADIUS,
        ascii: false,
        golden: false,
        reveal: false,
        daily: false,
        replay: None,
        turn: None,
        ghost: None,
        take_over: false,
        watch: None,
        mode: Mode::STANDARD,
        problems: Vec::new(),
    };
    let mut seed = None;
    for pair in search.trim_start_matches('?').split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let (key, value) = (decode(key), decode(value));
        let shown: String = value.chars().take(40).collect();
        match key.as_str() {
            "seed" => match value.parse::<u64>() {
                Ok(s) => seed = Some(s),
                Err(_) => req.problems.push(format!(
                    "The seed \"{shown}\" is not a whole number from 0 to {}; playing a random seed.",
                    u64::MAX
                )),
            },
            "size" => match parse_size(&value) {
                Some((w, h)) if size_ok(w, h) => (req.params.width, req.params.height) = (w, h),
                _ => req.problems.push(format!(
                    "The size \"{shown}\" is not WIDTHxHEIGHT from {}x{} to {MAX_SIDE}x{MAX_SIDE}; using 80x50.",
                    MIN_SIZE.0, MIN_SIZE.1
                )),
            },
            "corridors" => match value.parse::<CorridorStyle>() {
                Ok(style) => req.params.style = style,
                Err(e) => req.problems.push(format!("The {e}; using mixed.")),
            },
            "depth" => match value.parse::<u32>() {
                Ok(d) if (1..=DEEPEST).contains(&d) => req.params.depth = d,
                _ => req.problems.push(format!(
                    "The depth \"{shown}\" is not a whole number from 1 to {DEEPEST}; starting on depth 1."
                )),
            },
            "radius" => match value.parse::<u32>() {
                Ok(r) if (1..=100).contains(&r) => req.radius = r,
                _ => req.problems.push(format!(
                    "The radius \"{shown}\" is not a whole number from 1 to 100; using 8."
                )),
            },
            "mode" => match Difficulty::parse(&value) {
                Ok(d) => req.mode.difficulty = d,
                Err(e) => req.problems.push(format!("The mode: {e}; playing normal.")),
            },
            "challenge" => match Mode::parse(None, Some(&value)) {
                Ok(asked) => req.mode = asked.challenges().fold(req.mode, Mode::with),
                Err(e) => req.problems.push(format!("The challenges: {e}; none were taken.")),
            },
            "turn" => match value.parse::<u64>() {
                Ok(t) => req.turn = Some(t),
                Err(_) => req.problems.push(format!(
                    "The turn \"{shown}\" is not a whole number; the replay begins at its start."
                )),
            },
            "take-over" => req.take_over = true,
            "watch" => match value.parse::<u64>() {
                Ok(id) if id > 0 => req.watch = Some(id),
                _ => req.problems.push(format!(
                    "The live run \"{shown}\" is not a run's number (a whole number from 1); nothing is watched."
                )),
            },
            "ascii" => req.ascii = true,
            "golden" => req.golden = true,
            "reveal" => req.reveal = true,
            "daily" => req.daily = true,
            "ghost" => match linked_recording(&value) {
                Ok(bytes) => req.ghost = Some(bytes),
                Err(why) => req
                    .problems
                    .push(format!("The ghost's recording in this link {why}; it is not raced.")),
            },
            "replay" => match linked_recording(&value) {
                Ok(bytes) => req.replay = Some(bytes),
                Err(why) => req
                    .problems
                    .push(format!("The recording in this link {why}; it cannot be replayed.")),
            },
            _ => req.problems.push(format!(
                "The parameter \"{}\" is not one Delve knows; it was ignored.",
                key.chars().take(40).collect::<String>()
            )),
        }
    }
    if req.watch.is_some() && (req.turn.is_some() || req.take_over) {
        req.problems
            .push("A live run is watched as it is played: a turn to begin on, or taking over, was ignored.".into());
        (req.turn, req.take_over) = (None, false);
    }
    if req.replay.is_none() {
        // (The page's script fetches the live run's beginning before the game reads the address;
        // it says why when it cannot.)
        req.watch = None;
    }
    if req.replay.is_none() && (req.turn.is_some() || req.take_over) {
        req.problems
            .push("A turn to begin on, or taking over, is for a recording's link (?replay=); it was ignored.".into());
        (req.turn, req.take_over) = (None, false);
    }
    req.params.seed = seed.unwrap_or_else(random_seed);
    req
}

/// The query string that reproduces `params` played in `mode` (for the page's share link); the
/// depth only when it is not the first level, the mode and challenges only when they are not
/// the standard game's, `&reveal` when the lab is on.
pub fn query(params: &GenParams, mode: Mode, reveal: bool) -> String {
    let depth = if params.depth > 1 {
        format!("&depth={}", params.depth)
    } else {
        String::new()
    };
    let mut played = String::new();
    if mode.difficulty != Difficulty::Normal {
        played.push_str(&format!("&mode={}", mode.difficulty.name()));
    }
    let challenges: Vec<&str> = mode.challenges().map(|c| c.name()).collect();
    if !challenges.is_empty() {
        played.push_str(&format!("&challenge={}", challenges.join(",")));
    }
    format!(
        "?seed={}&size={}x{}&corridors={}{depth}{played}{}",
        params.seed,
        params.width,
        params.height,
        params.style,
        if reveal { "&reveal" } else { "" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_parameter() {
        let r = parse(
            "?seed=42&size=40x30&corridors=nethack&radius=12&depth=3",
            || unreachable!(),
        );
        assert_eq!(r.params, GenParams::new(42, 40, 30, CorridorStyle::NetHack).at_depth(3));
        assert_eq!((r.radius, r.ascii), (12, false));
        assert!(r.problems.is_empty());
        assert_eq!(
            query(&r.params, Mode::STANDARD, false),
            "?seed=42&size=40x30&corridors=nethack&depth=3"
        );
        assert_eq!(
            query(&r.params.at_depth(1), Mode::STANDARD, false),
            "?seed=42&size=40x30&corridors=nethack"
        );
        assert!(!r.reveal);
        let lab = parse(&query(&r.params, Mode::STANDARD, true), || unreachable!());
        assert!(lab.reveal && lab.problems.is_empty());
        assert_eq!(lab.params, r.params, "the share link reproduces the level");
        assert!(parse("seed=1&ascii", || 0).ascii);
        assert!(parse("golden", || 0).golden && !parse("ascii", || 0).golden);
    }

    #[test]
    fn a_mode_and_challenges_are_read_and_bad_ones_refused_by_name() {
        let r = parse("?seed=3&mode=hard&challenge=swarm,darkness", || 0);
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        assert_eq!(r.mode.name(), "hard, darkness+swarm");
        let shared = query(&r.params, r.mode, false);
        assert!(shared.ends_with("&mode=hard&challenge=darkness,swarm"), "{shared}");
        assert_eq!(parse(&shared, || 0).mode, r.mode, "the share link keeps the mode");
        assert_eq!(parse("?seed=3", || 0).mode, Mode::STANDARD);
        let r = parse("?seed=3&mode=nightmare&challenge=bees", || 0);
        assert_eq!(r.mode, Mode::STANDARD);
        assert_eq!(r.problems.len(), 2);
        assert!(r.problems[0].contains("\"nightmare\"") && r.problems[1].contains("\"bees\""));
    }

    #[test]
    fn defaults_and_a_random_seed_when_absent() {
        let r = parse("", || 7);
        assert_eq!(
            r.params,
            GenParams {
                seed: 7,
                ..GenParams::default()
            }
        );
        assert!(r.problems.is_empty());
    }

    #[test]
    fn bad_parameters_are_reported_and_replaced() {
        let r = parse(
            "?seed=abc&size=5x5&corridors=spiral&radius=0&colour=red&depth=11",
            || 99,
        );
        assert_eq!(
            r.params,
            GenParams {
                seed: 99,
                ..GenParams::default()
            }
        );
        assert_eq!(r.radius, DEFAULT_RADIUS);
        assert_eq!(r.problems.len(), 6, "{:?}", r.problems);
        assert!(r.problems[0].contains("\"abc\"") && r.problems[0].contains("random seed"));
        assert!(r.problems[1].contains("\"5x5\""));
        assert!(r.problems[2].contains("spiral"));
        assert!(r.problems[3].contains("radius"));
        assert!(r.problems[4].contains("colour"));
        assert!(r.problems[5].contains("depth") && r.problems[5].contains("\"11\""));
    }

    #[test]
    fn a_recording_travels_in_a_link() {
        let spec = delve_core::run::RunSpec::seeded(GenParams::new(5, 80, 50, CorridorStyle::Mixed));
        let mut run = spec.begin().unwrap().with_sight(DEFAULT_RADIUS);
        delve_core::bot::Bot::player().play_until(&mut run, 300);
        let bytes = delve_core::save::encode_recording(&run).unwrap();
        let query = replay_query(&bytes).expect("300 turns fit in a link");
        let r = parse(&query, || 0);
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        assert_eq!(r.replay.as_deref(), Some(&bytes[..]));
        let (verdict, _) = delve_core::save::verify(r.replay.as_deref().unwrap()).unwrap();
        assert!(verdict.ok() && verdict.hash == run.state_hash());
        // Damaged in the address: named, and nothing to replay.
        // Longer than any link Delve makes: refused before it is decoded, said why.
        let long = format!("?replay={}", "A".repeat(MAX_REPLAY_LINK + 1));
        let r = parse(&long, || 0);
        assert!(r.replay.is_none());
        assert!(r.problems[0].contains("more than a link may bring"), "{:?}", r.problems);
        let r = parse(&format!("?replay={}", "A".repeat(MAX_REPLAY_LINK)), || 0);
        assert!(r.replay.is_some() && r.problems.is_empty(), "{:?}", r.problems);
        let r = parse("?replay=%%%not*base64", || 0);
        assert!(r.replay.is_none() && r.problems[0].contains("recording"));
        assert!(parse("?replay=", || 0).replay.is_none());
        assert!(parse("?daily", || 0).daily);
        // A ghost to race: the recording, read as a replay's is.
        let r = parse(&query.replace("?replay=", "?ghost="), || 0);
        assert!(r.problems.is_empty() && r.replay.is_none(), "{:?}", r.problems);
        assert_eq!(r.ghost.as_deref(), Some(&bytes[..]));
        assert!(parse("?ghost=%%%", || 0).problems[0].contains("ghost's recording"));
        // A turn to begin on and taking over ("survive this"), with a recording only.
        let r = parse(&format!("{query}&turn=120&take-over"), || 0);
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        assert_eq!((r.turn, r.take_over), (Some(120), true));
        let r = parse(&format!("{query}&turn=soon"), || 0);
        assert_eq!(r.turn, None);
        assert!(
            r.problems[0].contains("\"soon\" is not a whole number"),
            "{:?}",
            r.problems
        );
        let r = parse("?seed=4&turn=5&take-over", || 0);
        assert_eq!((r.turn, r.take_over), (None, false));
        assert!(r.problems[0].contains("for a recording's link"), "{:?}", r.problems);
        // A board's live run: its beginning, followed; never from a turn or taken over.
        let r = parse(&format!("{query}&watch=7"), || 0);
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        assert_eq!(r.watch, Some(7));
        let r = parse(&format!("{query}&watch=7&turn=3"), || 0);
        assert_eq!((r.watch, r.turn), (Some(7), None));
        assert!(r.problems[0].contains("watched as it is played"), "{:?}", r.problems);
        let r = parse(&format!("{query}&watch=x"), || 0);
        assert!(
            r.watch.is_none() && r.problems[0].contains("\"x\" is not a run's number"),
            "{:?}",
            r.problems
        );
        assert!(
            parse("?watch=7", || 0).watch.is_none(),
            "nothing to watch without its beginning"
        );
        // Too long for a link: none.
        assert!(replay_query(&vec![7u8; MAX_REPLAY_QUERY]).is_none());
    }

    #[test]
    fn decodes_escapes_and_survives_garbage() {
        assert_eq!(decode("a%20b+c"), "a b c");
        assert_eq!(decode("%zz%"), "%zz%");
        assert_eq!(decode("%e2%9c%93"), "✓");
        let r = parse("?seed=%34%32&&=&%%%&size=x&seed", || 5);
        assert_eq!(r.params.seed, 42, "{:?}", r.problems);
        let long = format!("?seed={}", "9".repeat(10_000));
        let r = parse(&long, || 1);
        assert_eq!(r.params.seed, 1);
        assert!(r.problems[0].len() < 200, "long values are cut short in messages");
    }
}

//! The command line: `delve [--seed N | --daily] [--size WxH] [--corridors STYLE] [--depth D]
//! [--map FILE] [--ascii [--fov] | --json | --explore | --reveal | --autoplay [--turns T]
//! [--record FILE]] [--radius R] [--save-dir DIR] [--save-info | --saves | --verify FILE |
//! --replay FILE | --submit FILE --board URL --name NAME]`. With none of the run's options, the title screen opens (continue a saved
//! run, or start one). The recordings' options are `recordings`.
//!
//! Every usage error is one line on stderr naming the problem, and exit code 2.

mod recordings;
mod submit;

use std::ffi::OsString;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;

use delve_core::dungeon::{Dungeon, Origin};
use delve_core::explore::{self, explore_level};
use delve_core::fov::{DEFAULT_RADIUS, visible_tiles};
use delve_core::generation::{self as level, CorridorStyle, DEEPEST, GenParams, size_ok};
use delve_core::geom::Pos;
use delve_core::map::{MAX_SIDE, MIN_SIZE, Tile, TileMap, parse_ascii};
use delve_core::run::{Run, RunSpec, daily_params};

use crate::save::today;
use delve_core::world::{Level, Mind};

use crate::app::Launch;
use crate::save::{Slot, Store};

/// Exit code for usage errors (bad arguments, bad map file).
pub(crate) const USAGE: u8 = 2;

#[derive(Parser, Debug, Clone, PartialEq, Eq)]
#[command(
    name = "delve",
    version,
    about = "Delve: a turn-based roguelike. Find the Heartstone on the tenth depth of the dungeon and carry it out."
)]
pub struct Cli {
    /// The run's seed, a whole number: the same seed makes the same dungeon. Random when omitted;
    /// the seed used is always printed.
    #[arg(long, value_name = "N", value_parser = parse_seed, allow_hyphen_values = true)]
    pub seed: Option<u64>,
    /// Each level's size in tiles, from 20x15 to 1024x1024 [default: 80x50].
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    pub size: Option<Size>,
    /// Corridor style: lshaped, chunked, nethack, astar, axis, pipe, deadzone, hallways or mixed
    /// [default: mixed].
    #[arg(long, value_name = "STYLE")]
    pub corridors: Option<CorridorStyle>,
    /// Which depth of the dungeon to print or to start on, from 1 to 10 [default: 1]; a run begun
    /// deeper is ranked apart.
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u32).range(1..=DEEPEST as i64))]
    pub depth: Option<u32>,
    /// Play a level written in the ASCII legend instead of generating one.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["seed", "size", "corridors", "depth"])]
    pub map: Option<PathBuf>,
    /// Print the level to stdout in the ASCII legend and exit, without opening a window.
    #[arg(long)]
    pub ascii: bool,
    /// Print the level to stdout as one JSON object and exit, without opening a window.
    #[arg(long, conflicts_with_all = ["ascii", "map"])]
    pub json: bool,
    /// Explore the level alone (no monsters) until nothing reachable is left, and print one JSON
    /// object: the turns taken, the remembered level, where the explorer stopped.
    #[arg(long, conflicts_with_all = ["ascii", "json"])]
    pub explore: bool,
    /// Start in the generator lab (F2 in the game): the whole level shown as it was made,
    /// corridors tinted by the style that dug them, the BSP leaves outlined.
    #[arg(long, conflicts_with_all = ["ascii", "json", "explore"])]
    pub reveal: bool,
    /// With --ascii: print only what the player sees from the start (unseen tiles as spaces).
    #[arg(long, requires = "ascii")]
    pub fov: bool,
    /// How far the player sees, in tiles (1 to 100) [default: the settings', 8 unless changed].
    #[arg(long, value_name = "R", value_parser = clap::value_parser!(u32).range(1..=100))]
    pub radius: Option<u32>,
    /// Where the saved run, settings and run history are kept [default: the platform's data
    /// directory, e.g. ~/.local/share/delve].
    #[arg(long, value_name = "DIR")]
    pub save_dir: Option<PathBuf>,
    /// Print the saved run as one JSON object and exit, without opening a window (exit 1 when
    /// no run is saved, 2 when the save cannot be read; the file is left as it is).
    #[arg(long, conflicts_with_all = ["ascii", "json", "explore", "reveal", "fov", "map", "seed", "size", "corridors", "depth", "radius"])]
    pub save_info: bool,
    /// Print every saved run as one JSON array, the most recently saved first (each with its
    /// "id"), and exit; saves that cannot be read are named on stderr.
    #[arg(long, conflicts_with_all = ["save_info", "ascii", "json", "explore", "reveal", "fov", "map", "seed", "size", "corridors", "depth", "radius"])]
    pub saves: bool,
    /// Play today's daily dungeon: the same for everyone, its seed made from the UTC date
    /// (80x50, corridors of every style, from depth 1).
    #[arg(long, conflicts_with_all = ["seed", "size", "corridors", "depth", "map"])]
    pub daily: bool,
    /// With --daily: play it with the challenge of the day (one a day in turn, each once a week;
    /// ranked on the boards on the day's list of that challenge). Today's daily is one run,
    /// played either way.
    #[arg(long)]
    pub challenge_of_the_day: bool,
    /// Replay a recording (or a saved run's recording) without a window and print one JSON object:
    /// seed, turns, depth, outcome, hash, ok. Exit 0 when every checkpoint matches, 3 when one
    /// does not (the turn is named on stderr), 2 when the file cannot be read or replayed.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["save_info", "saves", "ascii", "json", "explore", "reveal", "fov", "map", "seed", "size", "corridors", "depth", "radius", "daily", "save_dir"])]
    pub verify: Option<PathBuf>,
    /// Play a new run of the dungeon a recording played, racing its ghost: FILE (a recording or
    /// a saved run), or an http(s) URL that answers with one (a board's run:
    /// `URL/api/runs/ID/recording`). The ghost is drawn where it stood on each turn; the sidebar
    /// shows the splits; the run's recording says it raced it (a board ranks it apart).
    #[arg(long, value_name = "FILE|URL", conflicts_with_all = ["save_info", "saves", "ascii", "json", "explore", "reveal", "fov", "map", "seed", "size", "corridors", "depth", "daily", "verify", "autoplay", "replay", "submit"])]
    pub race: Option<String>,
    /// With --verify of a branch (a run taken over from a replay): check its first part against
    /// this recording, the parent it names (its digest, and the same commands to the same state
    /// hash up to the turn it was taken over on). Exit 3 when it is not.
    #[arg(long, value_name = "FILE", requires = "verify")]
    pub parent: Option<PathBuf>,
    /// Let a bot play the run without a window (it explores, fights, uses what it finds and
    /// takes the stairs) until it ends or --turns have passed, and print the object --verify
    /// prints for its recording.
    #[arg(long, conflicts_with_all = ["ascii", "json", "explore", "reveal", "map", "save_info", "saves", "verify"])]
    pub autoplay: bool,
    /// Begin the run as fighter, rogue, ranger or arcanist (a kit and a first boon); without
    /// it a run begun from the command line begins bare, as a wanderer.
    #[arg(long, value_name = "NAME", value_parser = parse_beginning, conflicts_with_all = ["ascii", "json", "explore", "reveal", "map", "save_info", "saves", "verify", "daily"])]
    pub beginning: Option<delve_core::world::Beginning>,
    /// Play the run as easy, normal or hard: monsters' blows and arrows hurt you half as much,
    /// as they are, or half as much again, and the score with them [default: normal].
    #[arg(long, value_name = "NAME", value_parser = delve_core::world::Difficulty::parse, conflicts_with_all = ["ascii", "json", "explore", "reveal", "map", "save_info", "saves", "verify", "daily"])]
    pub mode: Option<delve_core::world::Difficulty>,
    /// Take on challenges, any of them, separated by commas: no-armour, no-healing, darkness,
    /// short-rations, swarm, champions, frail.
    #[arg(long, value_name = "LIST", value_parser = parse_challenges, conflicts_with_all = ["ascii", "json", "explore", "reveal", "map", "save_info", "saves", "verify", "daily"])]
    pub challenge: Option<delve_core::world::Mode>,
    /// With --autoplay: stop after this many turns (1 to 1000000) [default: 20000].
    #[arg(long, value_name = "T", requires = "autoplay", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub turns: Option<u64>,
    /// With --autoplay: write the run's recording to FILE (replay it with --replay or --verify).
    #[arg(long, value_name = "FILE", requires = "autoplay")]
    pub record: Option<PathBuf>,
    /// Play a recording (or a saved run's recording) back in the window: Space pauses, ] and [
    /// change the speed, . steps a turn, 1 to 9 and 0 jump to a depth.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["save_info", "saves", "ascii", "json", "explore", "reveal", "fov", "map", "seed", "size", "corridors", "depth", "daily", "verify", "autoplay"])]
    pub replay: Option<PathBuf>,
    /// Submit a finished run's recording to a board (with --board and --name) and print the
    /// board's reply, one JSON object: id, score, rank. Exit 0 when ranked, 1 when the board
    /// refused it or cannot be reached (the reason on stderr), 2 when the file cannot be read.
    #[arg(long, value_name = "FILE", requires_all = ["board", "name"], conflicts_with_all = ["save_info", "saves", "ascii", "json", "explore", "reveal", "fov", "map", "seed", "size", "corridors", "depth", "radius", "daily", "verify", "autoplay", "replay"])]
    pub submit: Option<PathBuf>,
    /// Play live to this board (its address, e.g. http://127.0.0.1:8787): each run played in the
    /// window is sent to it as it is played, for anyone to watch (`delve --watch`, the board's
    /// "Being played now"); the sidebar says where. Off unless given.
    #[arg(long, value_name = "URL", value_parser = parse_board, conflicts_with_all = ["save_info", "saves", "ascii", "json", "explore", "verify", "autoplay", "submit", "replay"])]
    pub live: Option<String>,
    /// Watch a run being played live on a board: a board's http(s)://HOST/api/live/ID, or a
    /// page's http(s)://HOST/?watch=ID. Its commands are re-played here as they come, each
    /// checkpoint checked; the replay's keys work on what has come (exit 2 when it cannot be
    /// followed).
    #[arg(long, value_name = "URL", conflicts_with_all = ["save_info", "saves", "ascii", "json", "explore", "reveal", "fov", "map", "seed", "size", "corridors", "depth", "daily", "verify", "autoplay", "replay", "submit", "race", "live"])]
    pub watch: Option<String>,
    /// The board runs are submitted to: its address, e.g. http://127.0.0.1:8787. In the game,
    /// the summary then offers "Submit to the board".
    #[arg(long, value_name = "URL", value_parser = parse_board)]
    pub board: Option<String>,
    /// With --board: the name to rank runs under (its secret is kept in the save directory's
    /// board.ron, made when the name is first used) [default: the last one used].
    #[arg(long, value_name = "NAME", requires = "board")]
    pub name: Option<String>,
}

fn parse_board(s: &str) -> Result<String, String> {
    crate::board::check_url(s).map(|()| s.trim_end_matches('/').to_owned())
}

/// The turns `--autoplay` plays unless told otherwise.
const AUTOPLAY_TURNS: u64 = 20_000;

/// A level size in tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    pub width: u32,
    pub height: u32,
}

fn parse_beginning(s: &str) -> Result<delve_core::world::Beginning, String> {
    delve_core::world::Beginning::ALL
        .into_iter()
        .find(|b| b.name() == s)
        .ok_or_else(|| {
            let names: Vec<&str> = delve_core::world::Beginning::ALL.iter().map(|b| b.name()).collect();
            format!("no beginning is called {s:?} (one of: {})", names.join(", "))
        })
}

/// Challenges named on the command line, as a mode of normal difficulty that has them.
fn parse_challenges(s: &str) -> Result<delve_core::world::Mode, String> {
    delve_core::world::Mode::parse(None, Some(s))
}

fn parse_seed(s: &str) -> Result<u64, String> {
    s.parse()
        .map_err(|_| format!("expected a whole number from 0 to {}", u64::MAX))
}

fn parse_size(s: &str) -> Result<Size, String> {
    let bad = || {
        format!(
            "expected WIDTHxHEIGHT such as 80x50, from {}x{} to {MAX_SIDE}x{MAX_SIDE}",
            MIN_SIZE.0, MIN_SIZE.1
        )
    };
    let (width, height) = level::parse_size(s).ok_or_else(bad)?;
    if !size_ok(width, height) {
        return Err(format!(
            "out of range: from {}x{} to {MAX_SIDE}x{MAX_SIDE}",
            MIN_SIZE.0, MIN_SIZE.1
        ));
    }
    Ok(Size { width, height })
}

/// The most bytes a map file may have: the largest map with `\r\n` line ends.
const MAX_MAP_BYTES: u64 = (MAX_SIDE as u64 + 2) * MAX_SIDE as u64;

/// Reads and checks a map file. Never reads more than `MAX_MAP_BYTES` + 1 bytes.
pub(crate) fn load_map(path: &Path) -> Result<TileMap, String> {
    let shown = path.display();
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read map file {shown}: {e}"))?;
    let mut bytes = Vec::new();
    file.take(MAX_MAP_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read map file {shown}: {e}"))?;
    if bytes.len() as u64 > MAX_MAP_BYTES {
        return Err(format!(
            "map file {shown} is too large: the most is {MAX_SIDE}x{MAX_SIDE} tiles"
        ));
    }
    parse_ascii(&bytes).map_err(|e| format!("map file {shown}: {e}"))
}

/// Where the dungeon comes from: a run to generate, or a map file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    Run(GenParams),
    Map(TileMap),
}

impl Cli {
    /// True when the command line names a run to play (or print) rather than the title screen.
    pub(crate) fn names_a_run(&self) -> bool {
        self.seed.is_some()
            || self.size.is_some()
            || self.corridors.is_some()
            || self.depth.is_some()
            || self.map.is_some()
            || self.reveal
            || self.beginning.is_some()
            || self.mode.is_some()
            || self.challenge.is_some()
            || self.daily
    }

    /// How the run named is played: `--mode` and `--challenge` (the standard game without them).
    pub(crate) fn play_mode(&self) -> delve_core::world::Mode {
        if self.challenge_of_the_day {
            return delve_core::run::daily_challenge_mode(today());
        }
        let challenges = self.challenge.unwrap_or_default();
        let mode = delve_core::world::Mode::of(self.mode.unwrap_or_default());
        challenges.challenges().fold(mode, delve_core::world::Mode::with)
    }

    /// The board and name the summary offers finished runs to.
    pub(crate) fn board_target(&self) -> crate::board::BoardTarget {
        crate::board::BoardTarget {
            url: self.board.clone(),
            name: self.name.clone(),
        }
    }

    /// Sight radius for the tools that print (the game's own comes from the settings).
    pub(crate) fn radius_or_default(&self) -> u32 {
        self.radius.unwrap_or(DEFAULT_RADIUS)
    }

    /// Where saves are kept.
    pub fn store(&self) -> Store {
        match &self.save_dir {
            Some(dir) => Store::Dir(dir.clone()),
            None => Store::default_for_platform(),
        }
    }

    /// Where the dungeon comes from, with a random seed filled in when none was given. A bad map
    /// file is an error naming it.
    pub fn source(&self, random_seed: impl FnOnce() -> u64) -> Result<Source, String> {
        // (clap's `requires` takes a flag's default for its presence: checked here.)
        if self.challenge_of_the_day && !self.daily {
            return Err("--challenge-of-the-day is the daily's: give --daily with it".into());
        }
        match &self.map {
            Some(path) => load_map(path).map(Source::Map),
            None if self.daily => Ok(Source::Run(daily_params(today()))),
            None => Ok(Source::Run(
                GenParams::new(
                    self.seed.unwrap_or_else(random_seed),
                    self.size.map_or(80, |s| s.width),
                    self.size.map_or(50, |s| s.height),
                    self.corridors.unwrap_or_default(),
                )
                .at_depth(self.depth.unwrap_or(1)),
            )),
        }
    }
}

impl Source {
    /// How a run from this source starts.
    pub fn spec(self) -> RunSpec {
        match self {
            Source::Map(map) => RunSpec::Level(Box::new(Level::bare(map))),
            Source::Run(run) => RunSpec::seeded(run),
        }
    }
}

/// Parses arguments; `Err` holds the exit code after the message has been printed.
pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Cli, ExitCode> {
    Cli::try_parse_from(args).map_err(|e| {
        use clap::error::ErrorKind;
        if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
            print!("{}", e.render());
            return ExitCode::SUCCESS;
        }
        // clap's message, up to its usage notes, folded onto one line.
        let text = e.render().to_string();
        let message: Vec<&str> = text
            .lines()
            .take_while(|l| !l.trim().is_empty())
            .map(str::trim)
            .collect();
        eprintln!(
            "delve: {} (see delve --help)",
            message.join(" ").trim_start_matches("error: ")
        );
        ExitCode::from(USAGE)
    })
}

/// Runs the command line: prints the level with `--ascii`, else opens the game.
pub fn run(args: impl IntoIterator<Item = OsString>) -> ExitCode {
    // A file-size limit (`ulimit -f`) makes a write past it an error the save's own path reports,
    // not a signal that kills the game mid-save.
    #[cfg(not(target_arch = "wasm32"))]
    crate::save::signals::ignore_file_size_limit();
    let cli = match parse(args) {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    if cli.save_info {
        return save_info(&cli.store());
    }
    if cli.saves {
        return saves(&cli.store());
    }
    if let Some(path) = &cli.verify {
        return recordings::verify_file(path, cli.parent.as_deref());
    }
    if let (Some(path), Some(board), Some(name)) = (&cli.submit, &cli.board, &cli.name) {
        return submit::submit_file(&cli.store(), path, board, name);
    }
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(url) = &cli.watch {
        // The stream first: a run that cannot be followed is named whether or not a window can
        // open.
        let watched = match crate::live::watch::follow(url) {
            Ok(watched) => watched,
            Err(e) => {
                eprintln!("delve: {e}");
                return ExitCode::from(USAGE);
            }
        };
        if let Some(why) = crate::app::missing_display() {
            eprintln!("delve: {why}; cannot open a window to watch a live run.");
            return ExitCode::from(USAGE);
        }
        let launch = Launch {
            replay: Some(watched.control),
            feed: Some(watched.feed),
            ..Launch::run(watched.run)
        }
        .with_store(cli.store())
        .live(cli.live.clone());
        return exit_code(crate::app::run(launch));
    }
    if let Some(source) = &cli.race {
        // The recording first: a bad one is named whether or not a window can open.
        let raced = recordings::load_ghost(source).and_then(|(bytes, name)| {
            crate::screens::playing::race::race_fresh(&bytes, &name)
                .map_err(|e| format!("{source} cannot be raced: {e}"))
        });
        let (run, racing) = match raced {
            Ok(raced) => raced,
            Err(e) => {
                eprintln!("delve: {e}");
                return ExitCode::from(USAGE);
            }
        };
        if let Some(why) = crate::app::missing_display() {
            eprintln!("delve: {why}; cannot open a window to race a ghost.");
            return ExitCode::from(USAGE);
        }
        let launch = Launch {
            racing: Some(racing),
            ..Launch::run(run)
        }
        .with_store(cli.store())
        .live(cli.live.clone());
        return exit_code(crate::app::run(launch));
    }
    if let Some(path) = &cli.replay {
        if let Some(why) = crate::app::missing_display() {
            eprintln!("delve: {why}; cannot open a window. Use --verify to replay without one.");
            return ExitCode::from(USAGE);
        }
        let (run, replay, parent) = match recordings::load_replay(path) {
            Ok(loaded) => loaded,
            Err(e) => {
                eprintln!("delve: {e}");
                return ExitCode::from(USAGE);
            }
        };
        let launch = Launch {
            replay: Some(crate::screens::playing::replay::ReplayControl::new(
                &run, replay, parent,
            )),
            ..Launch::run(run)
        }
        .with_store(cli.store())
        .live(cli.live.clone());
        return exit_code(crate::app::run(launch));
    }
    let playing = !cli.ascii && !cli.json && !cli.explore && !cli.autoplay;
    if playing && !cli.names_a_run() {
        if let Some(why) = crate::app::missing_display() {
            eprintln!("delve: {why}; cannot open a window. Use --ascii to print a level instead.");
            return ExitCode::from(USAGE);
        }
        let launch = Launch {
            radius: cli.radius,
            board: cli.board_target(),
            ..Launch::title()
        }
        .with_store(cli.store())
        .live(cli.live.clone());
        return exit_code(crate::app::run(launch));
    }
    let source = match cli.source(rand::random) {
        Ok(s) => s,
        Err(msg) => {
            eprintln!("delve: {msg}");
            return ExitCode::from(USAGE);
        }
    };
    match &source {
        Source::Run(p) if cli.daily => eprintln!("delve: the daily dungeon of {}: {p}, depth {}", today(), p.depth),
        Source::Run(p) => eprintln!("delve: {p}, depth {}", p.depth),
        Source::Map(m) => eprintln!(
            "delve: map {} ({}x{})",
            cli.map.as_deref().unwrap_or(Path::new("")).display(),
            m.width(),
            m.height()
        ),
    }
    // No window to open: say so before making anything.
    if playing && let Some(why) = crate::app::missing_display() {
        eprintln!("delve: {why}; cannot open a window. Use --ascii to print the level instead.");
        return ExitCode::from(USAGE);
    }
    let mut run = match source.spec().in_mode(cli.play_mode()).begin() {
        Ok(run) => run,
        Err(e) => {
            eprintln!("delve: {e}");
            return ExitCode::FAILURE;
        }
    };
    // One daily a day on a machine: one saved is continued from the title, never begun again
    // beside it; one played is a practice run, not the daily.
    let mut daily = cli.daily;
    if cli.daily && playing {
        let day = today().to_string();
        match crate::save::todays_daily(&cli.store(), &day) {
            (Some(id), _) => {
                eprintln!(
                    "delve: today's daily ({day}) is saved as run {id}: continue it from the title (run delve, then Continue today's daily)"
                );
                return ExitCode::from(USAGE);
            }
            (None, true) => {
                eprintln!(
                    "delve: today's daily ({day}) has been played here: this is a practice run, not on its scores"
                );
                daily = false;
            }
            (None, false) => {}
        }
    }
    if daily {
        run.mark_daily(&today().to_string());
    }
    if let Some(beginning) = cli.beginning {
        // A run just begun: nothing done yet, so this is never refused.
        let _ = run.begin_as(beginning);
    }
    if cli.autoplay {
        let (radius, turns) = (cli.radius_or_default(), cli.turns.unwrap_or(AUTOPLAY_TURNS));
        return recordings::autoplay(run, radius, turns, cli.record.as_deref());
    }
    if playing {
        let launch = Launch {
            radius: cli.radius,
            reveal: cli.reveal,
            board: cli.board_target(),
            ..Launch::run(run)
        }
        .with_store(cli.store())
        .live(cli.live.clone());
        return exit_code(crate::app::run(launch));
    }
    let dungeon = run.dungeon();
    let map = &dungeon.level().map;
    let text = if cli.explore {
        explore_json(dungeon.clone(), cli.radius_or_default())
    } else if cli.json {
        level_json(dungeon)
    } else if cli.fov {
        fov_ascii(map, cli.radius_or_default())
    } else {
        map.to_ascii()
    };
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("delve: cannot write the level: {e}");
            ExitCode::FAILURE
        }
    }
}

fn exit_code(exit: bevy::app::AppExit) -> ExitCode {
    match exit {
        bevy::app::AppExit::Success => ExitCode::SUCCESS,
        bevy::app::AppExit::Error(code) => ExitCode::from(code.get()),
    }
}

/// `--save-info`: the run Continue would resume (the most recently saved that can be played) as
/// one JSON object on stdout (exit 0); no save: a message, exit 1; saves, none of which can be
/// read: a message naming each problem, exit 2. No save is ever changed.
pub(crate) fn save_info(store: &Store) -> ExitCode {
    let saved = match saved_values(store) {
        Ok(saved) => saved,
        Err(code) => return code,
    };
    let mut bad = Vec::new();
    for found in saved {
        match found {
            Ok(mut value) => {
                // Its contract predates names: the object as it always was.
                value.as_object_mut().map(|o| o.shift_remove("id"));
                println!("{value}");
                return ExitCode::SUCCESS;
            }
            Err(problem) => bad.push(problem),
        }
    }
    if bad.is_empty() {
        eprintln!("delve: no saved run (in {})", store.describe_runs());
        return ExitCode::FAILURE;
    }
    for problem in bad {
        eprintln!("delve: {problem}");
    }
    ExitCode::from(USAGE)
}

/// `--saves`: every saved run as one JSON array on stdout, the most recently saved first, each
/// the object `--save-info` prints with its `"id"`; saves that cannot be read are named on
/// stderr, not listed, and so are files in the runs' folder that are no run's save (named
/// otherwise). Exit 0, even with no save (`[]`); 2 when the saves cannot be listed.
pub(crate) fn saves(store: &Store) -> ExitCode {
    let saved = match saved_values(store) {
        Ok(saved) => saved,
        Err(code) => return code,
    };
    for stray in store.strays() {
        eprintln!(
            "delve: {} is not a run's save (a run's save is named by 16 hex digits, like 0196a3c2d5e80001.sav): it is not listed",
            std::path::Path::new(&store.describe_runs()).join(stray).display()
        );
    }
    let mut list = Vec::new();
    for found in saved {
        match found {
            Ok(value) => list.push(value),
            Err(problem) => eprintln!("delve: {problem}"),
        }
    }
    println!("{}", serde_json::Value::Array(list));
    ExitCode::SUCCESS
}

/// Every saved run in `store`, the most recently saved first, as `--saves` prints each (or the
/// problem with its file); when the saves cannot be listed, said on stderr and exit 2.
fn saved_values(store: &Store) -> Result<Vec<Result<serde_json::Value, String>>, ExitCode> {
    let (entries, problem) = crate::save::saved_runs(store, None);
    if let Some(problem) = problem {
        eprintln!("delve: {problem}");
        return Err(ExitCode::from(USAGE));
    }
    Ok(entries.iter().map(|entry| saved_value(store, entry)).collect())
}

/// A saved run as `--save-info` prints it, with its `"id"`; or the problem, naming the file.
fn saved_value(store: &Store, entry: &crate::save::SavedEntry) -> Result<serde_json::Value, String> {
    match &entry.found {
        Ok(run) => {
            let mut value = crate::save::info_value(run, &entry.game);
            value["id"] = serde_json::json!(entry.id.to_string());
            crate::save::add_tail(&mut value, run);
            Ok(value)
        }
        Err(e) => Err(format!(
            "the saved run {} cannot be read: {e}",
            store.describe(Slot::Run(entry.id))
        )),
    }
}

/// The current level of a generated dungeon as one JSON object and a newline (`--json`; the
/// schema is in docs/cli.md): seed, depth, size, corridor style, rows in the ASCII legend (no
/// `@`), where the player arrives, the stairs, the keys and the doors they open, the monsters,
/// the items (by their true names), the legend of the glyphs the rows use, the traps and the
/// secrets.
pub(crate) fn level_json(dungeon: &Dungeon) -> String {
    let level = dungeon.level();
    let map = &level.map;
    let xy = |p: Pos| serde_json::json!([p.x, p.y]);
    let (seed, style) = match dungeon.origin() {
        Origin::Run(run) => (serde_json::json!(run.seed), serde_json::json!(run.style.name())),
        Origin::Map => (serde_json::Value::Null, serde_json::Value::Null),
    };
    let keys: Vec<serde_json::Value> = level
        .keys
        .iter()
        .map(|k| serde_json::json!({"at": xy(k.at), "opens": xy(k.opens)}))
        .collect();
    let monsters: Vec<serde_json::Value> = level
        .monsters
        .iter()
        .map(|m| {
            serde_json::json!({
                "at": xy(m.at),
                "kind": m.kind.name(),
                "asleep": m.mind == Mind::Asleep,
                "captive": m.is_captive(),
                "champion": m.champion.map(|c| c.name()),
            })
        })
        .collect();
    let items: Vec<serde_json::Value> = level
        .items
        .iter()
        .map(|f| serde_json::json!({"at": xy(f.at), "class": f.item.kind.class().name(), "kind": f.item.kind.name()}))
        .collect();
    // Each glyph the rows use, in the legend's order: what it is, whether a player may step
    // there without harm, and whether sight passes it.
    let mut legend = serde_json::Map::new();
    let shown: std::collections::HashSet<Tile> = map.tiles().iter().map(|t| t.looks()).collect();
    for tile in Tile::ALL.into_iter().filter(|t| shown.contains(t)) {
        legend.insert(
            tile.glyph().to_string(),
            serde_json::json!({
                "name": tile.name(),
                "walkable": tile.is_free_to_enter(),
                "see_through": !tile.blocks_sight(),
            }),
        );
    }
    // The traps, hidden or found, by the name tools read ("dart"), and the secrets (which the
    // rows show as the wall they look like): "door" or "corridor".
    let traps: Vec<serde_json::Value> = level
        .traps
        .iter()
        .map(|t| serde_json::json!({"at": xy(t.at), "kind": t.kind.key(), "hidden": t.hidden}))
        .collect();
    let secrets: Vec<serde_json::Value> = (0..map.tiles().len())
        .filter(|&i| map.tiles()[i].is_secret())
        .map(|i| {
            let kind = if map.tiles()[i] == Tile::SecretDoor {
                "door"
            } else {
                "corridor"
            };
            serde_json::json!({"at": xy(map.pos_of(i)), "kind": kind})
        })
        .collect();
    let gold: Vec<serde_json::Value> = level
        .gold
        .iter()
        .map(|(&p, &n)| serde_json::json!({"at": xy(p), "amount": n}))
        .collect();
    // The level's own light as made (its torches, lava, fungus and crystal over its depth's
    // ambient light; not the player's lamp): a digit a tile, `LIGHT_STEP`ths of brightness.
    let mut light = delve_core::fov::light::LightMap::default();
    light.light_up(
        map,
        dungeon.depth(),
        std::iter::empty(),
        0,
        delve_core::fov::light::whole(map),
    );
    let light_rows: Vec<String> = (0..map.height() as i32)
        .map(|y| {
            (0..map.width() as i32)
                .map(|x| light_digit(light.around(Pos::new(x, y)).brightness()))
                .collect()
        })
        .collect();
    let ambient = light.ambient();
    let value = serde_json::json!({
        "seed": seed,
        "depth": dungeon.depth(),
        "width": map.width(),
        "height": map.height(),
        "corridors": style,
        "rows": map.rows(),
        "start": xy(map.start()),
        "stairs_down": map.stairs_down().map(xy),
        "stairs_up": map.stairs_up().map(xy),
        "keys": keys,
        "monsters": monsters,
        "items": items,
        "legend": legend,
        "traps": traps,
        "secrets": secrets,
        "gold": gold,
        "light": {
            "ambient": [ambient.r, ambient.g, ambient.b],
            "dark_below": delve_core::fov::light::DARK,
            "rows": light_rows,
        },
    });
    format!("{value}\n")
}

/// `--json`'s light rows: a tile's brightness in steps of `LIGHT_STEP`, 0 to 9 (darkness is 0 and
/// 1: `light::DARK` is two steps).
const LIGHT_STEP: u16 = delve_core::fov::light::DARK / 2;

fn light_digit(brightness: u16) -> char {
    char::from(b'0' + (brightness / LIGHT_STEP).min(9) as u8)
}

/// `--explore`: the player explores the current level alone until nothing reachable is left;
/// one JSON object and a newline (the schema is in the README): the turns taken, the remembered
/// level in the ASCII legend (unseen tiles as spaces, no `@`), where the explorer stopped.
pub(crate) fn explore_json(dungeon: Dungeon, radius: u32) -> String {
    let dungeon = dungeon.peaceful();
    let map = &dungeon.level().map;
    let (width, cap) = (map.width(), 20 * u64::from(map.width()) * u64::from(map.height()));
    let mut run = Run::new(dungeon).with_sight(radius);
    let done = explore_level(&mut run, explore::explore, cap);
    let value = serde_json::json!({
        "turns": done.turns,
        "seen": done.seen_rows(width),
        "at": [done.at.x, done.at.y],
    });
    format!("{value}\n")
}

/// The level as the player sees it from the start: the ASCII dump with every tile out of sight
/// replaced by a space.
pub(crate) fn fov_ascii(map: &TileMap, radius: u32) -> String {
    let mut seen = vec![false; map.tiles().len()];
    for p in visible_tiles(map, map.start(), radius) {
        seen[map.index(p)] = true;
    }
    map.to_ascii()
        .lines()
        .zip(seen.chunks(map.width() as usize))
        .map(|(line, row)| {
            line.chars()
                .zip(row)
                .map(|(c, &s)| if s { c } else { ' ' })
                .chain(['\n'])
                .collect::<String>()
        })
        .collect()
}

//! The command line: `delve [--seed N] [--size WxH] [--corridors STYLE] [--map FILE] [--ascii]`.
//!
//! Every usage error is one line on stderr naming the problem, and exit code 2.

use std::ffi::OsString;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;

use crate::fov::{DEFAULT_RADIUS, visible_tiles};
use crate::generation::{CorridorStyle, GenParams, LevelSource, generate, level::size_ok};
use crate::map::{MAX_SIDE, MIN_SIZE, TileMap, parse_ascii};

/// Exit code for usage errors (bad arguments, bad map file).
pub const USAGE: u8 = 2;

#[derive(Parser, Debug, Clone, PartialEq, Eq)]
#[command(
    name = "delve",
    version,
    about = "Delve: a turn-based roguelike. Explore BSP dungeons, open doors, see by shadowcasting."
)]
pub struct Cli {
    /// Level seed, a whole number. Random when omitted; the seed used is always printed.
    #[arg(long, value_name = "N", value_parser = parse_seed, allow_hyphen_values = true)]
    pub seed: Option<u64>,
    /// Level size in tiles, from 20x15 to 1024x1024.
    #[arg(long, value_name = "WxH", value_parser = parse_size, default_value = "80x50")]
    pub size: Size,
    /// Corridor style: lshaped, chunked, nethack, astar, axis, pipe, deadzone, hallways or mixed.
    #[arg(long, value_name = "STYLE", default_value = "mixed")]
    pub corridors: CorridorStyle,
    /// Play a level written in the ASCII legend instead of generating one.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["seed", "size", "corridors"])]
    pub map: Option<PathBuf>,
    /// Print the level to stdout in the ASCII legend and exit, without opening a window.
    #[arg(long)]
    pub ascii: bool,
    /// With --ascii: print only what the player sees from the start (unseen tiles as spaces).
    #[arg(long, requires = "ascii")]
    pub fov: bool,
    /// How far the player sees, in tiles (1 to 100).
    #[arg(long, value_name = "R", default_value_t = DEFAULT_RADIUS, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub radius: u32,
}

/// A level size in tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    pub width: u32,
    pub height: u32,
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
    let (w, h) = s.split_once('x').ok_or_else(bad)?;
    let (width, height) = (
        w.parse::<u32>().map_err(|_| bad())?,
        h.parse::<u32>().map_err(|_| bad())?,
    );
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
pub fn load_map(path: &Path) -> Result<TileMap, String> {
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

impl Cli {
    /// Where the level comes from, with a random seed filled in when none was given.
    pub fn level_source(&self, random_seed: impl FnOnce() -> u64) -> Result<LevelSource, String> {
        match &self.map {
            Some(path) => load_map(path).map(LevelSource::Premade),
            None => Ok(LevelSource::Generate(GenParams {
                seed: self.seed.unwrap_or_else(random_seed),
                width: self.size.width,
                height: self.size.height,
                style: self.corridors,
            })),
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
    let cli = match parse(args) {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    let source = match cli.level_source(rand::random) {
        Ok(s) => s,
        Err(msg) => {
            eprintln!("delve: {msg}");
            return ExitCode::from(USAGE);
        }
    };
    match &source {
        LevelSource::Generate(p) => eprintln!(
            "delve: seed {} ({}x{}, {} corridors)",
            p.seed, p.width, p.height, p.style
        ),
        LevelSource::Premade(m) => eprintln!(
            "delve: map {} ({}x{})",
            cli.map.as_deref().unwrap_or(Path::new("")).display(),
            m.width(),
            m.height()
        ),
    }
    if !cli.ascii {
        return crate::app::run(source, cli.radius);
    }
    let map = match source {
        LevelSource::Premade(m) => m,
        LevelSource::Generate(p) => match generate(&p) {
            Ok(g) => g.map,
            Err(e) => {
                eprintln!("delve: {e}");
                return ExitCode::FAILURE;
            }
        },
    };
    let text = if cli.fov {
        fov_ascii(&map, cli.radius)
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

/// The level as the player sees it from the start: the ASCII dump with every tile out of sight
/// replaced by a space.
pub fn fov_ascii(map: &TileMap, radius: u32) -> String {
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

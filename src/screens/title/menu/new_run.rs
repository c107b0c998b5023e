//! The new run page: a seed typed (or random), the corridors' style, the size, the beginning
//! (a kit and a first boon, or none), the difficulty and the challenges, and Start.

use delve_core::generation::{CorridorStyle, GenParams};
use delve_core::world::{Beginning, Challenge, Difficulty};

use super::{Context, Menu, Outcome, Page, Row};

/// The level sizes the new-run page offers.
pub const SIZES: [(u32, u32); 5] = [(40, 30), (80, 50), (120, 80), (200, 120), (256, 256)];
/// The longest seed that can be typed (u64 has 20 digits).
const SEED_DIGITS: usize = 20;

pub(super) fn rows() -> Vec<Row> {
    let mut rows = vec![Row::Seed, Row::Style, Row::Size, Row::Beginning, Row::Difficulty];
    rows.extend(Challenge::ALL.map(Row::Challenge));
    rows.push(Row::Start);
    rows
}

pub(super) fn label(menu: &Menu, row: Row) -> String {
    let (w, h) = SIZES[menu.size];
    match row {
        Row::Seed if menu.seed.is_empty() => "Seed: random (type digits for a seed)".into(),
        Row::Seed => format!("Seed: {}", menu.seed),
        Row::Style => format!("Corridors: < {} >  how the rooms are joined", menu.style.name()),
        Row::Size => format!("Size: < {w}x{h} >  tiles across and down, each level"),
        Row::Beginning => match beginning(menu) {
            Some(b) => format!("Beginning: < {} >  {}", b.name(), b.stats().about),
            None => "Beginning: < wanderer >  nothing in hand, no boon yet: everything is found".into(),
        },
        Row::Difficulty => {
            let d = menu.mode.difficulty;
            format!("Difficulty: < {} >  {}", d.name(), d.row().about)
        }
        // A challenge's words only on the row chosen: seven rows of two lines each would not fit
        // the page at 1024x600.
        Row::Challenge(c) => {
            let on = if menu.mode.has(c) { "[x]" } else { "[ ]" };
            if rows().get(menu.selected) == Some(&row) {
                format!("{on} {}  {}", c.name(), c.row().about)
            } else {
                format!("{on} {}", c.name())
            }
        }
        Row::Start if menu.mode.is_standard() => "Start".into(),
        Row::Start => format!("Start ({}: ranked on a list of its own)", menu.mode.name()),
        _ => String::new(),
    }
}

/// A digit typed: onto the seed, while it stays a number (leading zeros dropped).
pub(super) fn type_digit(menu: &mut Menu, d: char) {
    menu.selected = 0;
    if menu.seed.len() < SEED_DIGITS && d.is_ascii_digit() {
        let typed = format!("{}{d}", menu.seed);
        if typed.parse::<u64>().is_ok() {
            menu.seed = typed.trim_start_matches('0').to_owned();
            if menu.seed.is_empty() {
                menu.seed.push('0');
            }
        }
    }
}

pub(super) fn enter(menu: &mut Menu, row: Row, ctx: &Context) -> Outcome {
    match row {
        Row::Start | Row::Seed if ctx.full.is_some() => {
            menu.open(Page::Retire);
            menu.note = Some(format!(
                "{} runs are saved, the most kept: the oldest goes to the history to make room.",
                ctx.saved.len()
            ));
            Outcome::Nothing
        }
        Row::Start | Row::Seed => start(menu, false),
        Row::Style | Row::Size | Row::Beginning | Row::Difficulty | Row::Challenge(_) => {
            adjust(menu, row, true);
            Outcome::Nothing
        }
        _ => Outcome::Nothing,
    }
}

/// The beginning chosen: the page's choice, the last of which is none (a wanderer).
pub(crate) fn beginning(menu: &Menu) -> Option<Beginning> {
    Beginning::ALL.get(menu.beginning).copied()
}

/// The run the page asks for; `retire_oldest` when the player agreed to make room.
pub(super) fn start(menu: &Menu, retire_oldest: bool) -> Outcome {
    let (width, height) = SIZES[menu.size];
    Outcome::Start {
        seed: menu.seed.parse().ok(),
        width,
        height,
        style: menu.style,
        beginning: beginning(menu),
        mode: menu.mode,
        retire_oldest,
    }
}

/// Left or right on the style or the size.
pub(super) fn adjust(menu: &mut Menu, row: Row, up: bool) {
    let step = |i: usize, n: usize| if up { (i + 1) % n } else { (i + n - 1) % n };
    match row {
        Row::Style => {
            let all = CorridorStyle::ALL;
            let i = all.iter().position(|&s| s == menu.style).unwrap_or(0);
            menu.style = all[step(i, all.len())];
        }
        Row::Size => menu.size = step(menu.size, SIZES.len()),
        // The beginnings, then none.
        Row::Beginning => menu.beginning = step(menu.beginning, Beginning::COUNT + 1),
        Row::Difficulty => {
            let i = menu.mode.difficulty as usize;
            menu.mode.difficulty = Difficulty::ALL[step(i, Difficulty::COUNT)];
        }
        // On or off, whichever way.
        Row::Challenge(c) if menu.mode.has(c) => menu.mode = menu.mode.without(c),
        Row::Challenge(c) => menu.mode = menu.mode.with(c),
        _ => {}
    }
}

/// The new run a `Start` asks for, its seed drawn by `random_seed` when none was typed.
pub(crate) fn start_params(outcome: Outcome, random_seed: impl FnOnce() -> u64) -> Option<GenParams> {
    match outcome {
        Outcome::Start {
            seed,
            width,
            height,
            style,
            ..
        } => Some(GenParams::new(seed.unwrap_or_else(random_seed), width, height, style)),
        _ => None,
    }
}

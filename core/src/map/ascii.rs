//! Reading a level written in the ASCII legend (`--map FILE`): format checks with line and column.

use std::fmt;

use super::{DoorState, MAX_SIDE, Tile, TileMap};
use crate::geom::Pos;

/// What is wrong with a map file, and where (1-based line and column; 0 when it is the whole file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapError {
    /// The line of the problem, from 1 (0: the whole text).
    pub line: usize,
    /// Its column, from 1.
    pub column: usize,
    /// What is wrong.
    pub kind: MapErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
/// What is wrong with a map file.
pub enum MapErrorKind {
    /// No text at all.
    Empty,
    /// A line with nothing on it.
    EmptyLine,
    /// A character that is not in the legend.
    UnknownGlyph(char),
    /// A line of another length than the first.
    Ragged {
        /// The first line's length.
        expected: usize,
        /// This line's length.
        found: usize,
    },
    /// A line longer than `MAX_SIDE` (its length).
    TooWide(usize),
    /// More lines than `MAX_SIDE`.
    TooTall,
    /// No `@`.
    NoStart,
    /// A second `@`.
    SecondStart {
        /// Where the first `@` is: its line.
        first_line: usize,
        /// Its column.
        first_column: usize,
    },
    /// A second `<` or `>`: a level has at most one of each.
    SecondStairs {
        /// The stairs' glyph, `>` or `<`.
        glyph: char,
        /// Where the first of them is: its line.
        first_line: usize,
        /// Its column.
        first_column: usize,
    },
}

impl fmt::Display for MapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}, column {}: ", self.line, self.column)?;
        }
        match &self.kind {
            MapErrorKind::Empty => write!(f, "the map is empty"),
            MapErrorKind::EmptyLine => write!(f, "empty line inside the map"),
            MapErrorKind::UnknownGlyph(c) => write!(
                f,
                "unknown glyph {c:?} (the legend is # . , + ' * < > @ \" - ~ % : = S s `)"
            ),
            MapErrorKind::Ragged { expected, found } => write!(
                f,
                "row is {found} characters wide but the first row is {expected}: the map must be rectangular"
            ),
            MapErrorKind::TooWide(w) => write!(f, "row is {w} characters wide; the most is {MAX_SIDE}"),
            MapErrorKind::TooTall => write!(f, "more than {MAX_SIDE} rows; the most is {MAX_SIDE}"),
            MapErrorKind::NoStart => write!(f, "no '@': the map must mark the player's start exactly once"),
            MapErrorKind::SecondStart {
                first_line,
                first_column,
            } => write!(
                f,
                "second '@' (the first is at line {first_line}, column {first_column}): the map must mark the player's start exactly once"
            ),
            MapErrorKind::SecondStairs {
                glyph,
                first_line,
                first_column,
            } => write!(
                f,
                "second '{glyph}' (the first is at line {first_line}, column {first_column}): a level has at most one stairs down and one up"
            ),
        }
    }
}

impl std::error::Error for MapError {}

fn glyph_tile(b: u8) -> Option<Tile> {
    Some(match b {
        b'#' => Tile::Wall,
        b'.' | b'@' => Tile::Floor,
        b',' => Tile::Corridor,
        b'+' => Tile::Door(DoorState::Closed),
        b'\'' => Tile::Door(DoorState::Open),
        b'*' => Tile::Door(DoorState::Locked),
        b'>' => Tile::StairsDown,
        b'<' => Tile::StairsUp,
        b'"' => Tile::Grass,
        b'-' => Tile::ShallowWater,
        b'~' => Tile::DeepWater,
        b'%' => Tile::Lava,
        b':' => Tile::Chasm,
        b'=' => Tile::Bridge,
        b'S' => Tile::SecretDoor,
        b's' => Tile::SecretCorridor,
        b'`' => Tile::Ashes,
        b'&' => Tile::Crystal,
        b'T' => Tile::Torch,
        b'f' => Tile::Fungus,
        _ => return None,
    })
}

/// Parses a level in the ASCII legend. Only the format is checked: rectangular, known glyphs,
/// at most `MAX_SIDE` on a side, exactly one `@` (which stands on room floor). Lines may end in
/// `\n` or `\r\n`; one final newline is optional. Never allocates more than the map it returns.
pub fn parse_ascii(text: &[u8]) -> Result<TileMap, MapError> {
    let err = |line, column, kind| Err(MapError { line, column, kind });
    let mut body = text;
    if let Some(rest) = body.strip_suffix(b"\n") {
        body = rest.strip_suffix(b"\r").unwrap_or(rest);
    }
    if body.is_empty() {
        return err(0, 0, MapErrorKind::Empty);
    }
    let mut tiles = Vec::new();
    let mut width = 0usize;
    let mut start: Option<(Pos, usize, usize)> = None;
    // Where the first `>` and `<` were seen (line, column).
    let mut stairs: [Option<(usize, usize)>; 2] = [None, None];
    for (row, raw) in body.split(|&b| b == b'\n').enumerate() {
        let line_no = row + 1;
        if row >= MAX_SIDE as usize {
            return err(line_no, 1, MapErrorKind::TooTall);
        }
        let line = raw.strip_suffix(b"\r").unwrap_or(raw);
        if line.is_empty() {
            return err(line_no, 1, MapErrorKind::EmptyLine);
        }
        if line.len() > MAX_SIDE as usize {
            return err(line_no, MAX_SIDE as usize + 1, MapErrorKind::TooWide(line.len()));
        }
        if row == 0 {
            width = line.len();
            tiles.reserve(width * 16);
        } else if line.len() != width {
            return err(
                line_no,
                line.len().min(width) + 1,
                MapErrorKind::Ragged {
                    expected: width,
                    found: line.len(),
                },
            );
        }
        for (col, &b) in line.iter().enumerate() {
            let Some(tile) = glyph_tile(b) else {
                // Name the character, not the byte, when the line is UTF-8.
                let shown = std::str::from_utf8(&line[col..])
                    .ok()
                    .and_then(|s| s.chars().next())
                    .unwrap_or(char::from(b));
                return err(line_no, col + 1, MapErrorKind::UnknownGlyph(shown));
            };
            if b == b'@' {
                if let Some((_, first_line, first_column)) = start {
                    return err(
                        line_no,
                        col + 1,
                        MapErrorKind::SecondStart {
                            first_line,
                            first_column,
                        },
                    );
                }
                start = Some((Pos::new(col as i32, row as i32), line_no, col + 1));
            }
            if let Some(k) = [b'>', b'<'].iter().position(|&g| g == b) {
                if let Some((first_line, first_column)) = stairs[k] {
                    return err(
                        line_no,
                        col + 1,
                        MapErrorKind::SecondStairs {
                            glyph: char::from(b),
                            first_line,
                            first_column,
                        },
                    );
                }
                stairs[k] = Some((line_no, col + 1));
            }
            tiles.push(tile);
        }
    }
    let Some((start, _, _)) = start else {
        return err(0, 0, MapErrorKind::NoStart);
    };
    let height = tiles.len() / width;
    Ok(TileMap::from_parts(
        width as u32,
        height as u32,
        tiles,
        Vec::new(),
        start,
    ))
}

//! Golden levels: fixed (seed, size, style, depth) → fingerprint vectors (core/tests/data/golden-levels.txt),
//! checked by `cargo test` natively and by the browser build (`?golden`), so that a change to the
//! levels a seed gives — a dependency upgrade, a random draw added in the wrong place, a platform
//! difference — is caught. Regenerate with `cargo run --example golden` only when levels are
//! meant to change.

use std::fmt;

use super::{CorridorStyle, GenParams, generate};

/// The committed vectors, one `seed WxH style depth fingerprint` line each; `#` starts a comment.
/// The fingerprint is `Level::fingerprint`: the ASCII dump, keys, relic and monsters.
pub const VECTORS: &str = include_str!("../../tests/data/golden-levels.txt");

/// One vector: the level asked for and the fingerprint it must have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Golden {
    /// Seed, size, style and depth.
    pub params: GenParams,
    /// The level's `Level::fingerprint`.
    pub fingerprint: u64,
}

/// A vector that is malformed, or whose level came out different.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The line of the vectors, from 1.
    pub line: usize,
    /// What differs.
    pub what: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "golden line {}: {}", self.line, self.what)
    }
}

fn parse_line(line: &str) -> Result<Golden, String> {
    let f: Vec<&str> = line.split_whitespace().collect();
    let [seed, size, style, depth, fingerprint] = f[..] else {
        return Err(format!("expected 5 fields, found {}", f.len()));
    };
    let seed = seed.parse().map_err(|_| format!("bad seed {seed:?}"))?;
    let (width, height) = super::level::parse_size(size).ok_or_else(|| format!("bad size {size:?}"))?;
    let style: CorridorStyle = style.parse().map_err(|e| format!("{e}"))?;
    let depth = depth.parse().map_err(|_| format!("bad depth {depth:?}"))?;
    let fingerprint = u64::from_str_radix(fingerprint, 16).map_err(|_| format!("bad fingerprint {fingerprint:?}"))?;
    Ok(Golden {
        params: GenParams {
            seed,
            width,
            height,
            style,
            depth,
        },
        fingerprint,
    })
}

/// Parses `text` into vectors (with their line numbers).
pub fn parse(text: &str) -> Result<Vec<(usize, Golden)>, Mismatch> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            parse_line(l)
                .map(|g| (i + 1, g))
                .map_err(|what| Mismatch { line: i + 1, what })
        })
        .collect()
}

/// Generates every vector's level and compares fingerprints: the number checked, or every
/// mismatch.
pub fn check(text: &str) -> Result<usize, Vec<Mismatch>> {
    let vectors = parse(text).map_err(|m| vec![m])?;
    let mismatches: Vec<Mismatch> = vectors
        .iter()
        .filter_map(|&(line, g)| {
            let what = match generate(&g.params) {
                Ok(made) if made.level.fingerprint() == g.fingerprint => return None,
                Ok(made) => format!(
                    "{:?} gave fingerprint {:016x}, golden {:016x}",
                    g.params,
                    made.level.fingerprint(),
                    g.fingerprint
                ),
                Err(e) => format!("{:?} failed: {e}", g.params),
            };
            Some(Mismatch { line, what })
        })
        .collect();
    if mismatches.is_empty() {
        Ok(vectors.len())
    } else {
        Err(mismatches)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_vectors_are_named() {
        assert!(check("1 80x50 mixed 00").unwrap_err()[0].what.contains("5 fields"));
        assert!(check("# c\nx 80x50 mixed 1 00").unwrap_err()[0].line == 2);
        assert!(check("1 80by50 mixed 1 00").unwrap_err()[0].what.contains("size"));
        assert!(check("1 80x50 spiral 1 00").unwrap_err()[0].what.contains("spiral"));
        assert!(check("1 80x50 mixed deep 00").unwrap_err()[0].what.contains("depth"));
    }

    #[test]
    fn a_wrong_fingerprint_is_a_mismatch() {
        let err = check("7 20x15 lshaped 3 0000000000000000").unwrap_err();
        assert_eq!(err.len(), 1);
        assert!(err[0].what.contains("golden 0000000000000000"), "{}", err[0]);
    }
}

//! Golden levels: fixed (seed, size, style, depth) → level fingerprints, committed in
//! core/tests/data/golden-levels.txt. A change that alters generated levels — a dependency upgrade, a
//! random draw added in the wrong place — fails here (and in the browser build's `?golden` page,
//! which web/test/e2e.mjs checks). If the change is meant to alter levels, regenerate the file
//! with `cargo run -p delve-core --example golden > core/tests/data/golden-levels.txt`.

use delve_core::generation::golden::{VECTORS, check, parse};
use delve_core::generation::{CorridorStyle, DEEPEST};

#[test]
fn levels_match_their_golden_fingerprints() {
    match check(VECTORS) {
        Ok(n) => assert_eq!(n, 81, "every style at three sizes, each at three depths"),
        Err(mismatches) => {
            let lines: Vec<String> = mismatches.iter().map(|m| m.to_string()).collect();
            panic!("{}", lines.join("\n"));
        }
    }
}

#[test]
fn the_vectors_cover_every_style_at_three_sizes_and_every_depth() {
    let vectors = parse(VECTORS).unwrap();
    for style in CorridorStyle::ALL {
        let mut sizes: Vec<_> = vectors
            .iter()
            .filter(|(_, g)| g.params.style == style && g.params.depth == 1)
            .map(|(_, g)| (g.params.width, g.params.height))
            .collect();
        sizes.dedup();
        assert_eq!(sizes, [(20, 15), (80, 50), (256, 256)], "{style}");
    }
    let depths: std::collections::BTreeSet<u32> = vectors.iter().map(|(_, g)| g.params.depth).collect();
    assert_eq!(depths, (1..=DEEPEST).collect(), "every depth has a vector");
    let distinct: std::collections::HashSet<_> = vectors.iter().map(|(_, g)| g.params).collect();
    assert_eq!(distinct.len(), vectors.len(), "no vector twice");
}

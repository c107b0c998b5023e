//! Golden levels: fixed (seed, size, style) → level fingerprints, committed in
//! tests/data/golden-levels.txt. A change that alters generated levels — a dependency upgrade, a
//! random draw added in the wrong place — fails here. If the change is meant to alter levels,
//! regenerate the file with `cargo run --example golden > tests/data/golden-levels.txt`.

use delve::generation::{CorridorStyle, GenParams, generate};

#[test]
fn levels_match_their_golden_fingerprints() {
    let mut checked = 0;
    for line in include_str!("data/golden-levels.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
    {
        let f: Vec<&str> = line.split_whitespace().collect();
        let seed: u64 = f[0].parse().unwrap();
        let (w, h) = f[1].split_once('x').unwrap();
        let style: CorridorStyle = f[2].parse().unwrap();
        let expected = u64::from_str_radix(f[3], 16).unwrap();
        let params = GenParams {
            seed,
            width: w.parse().unwrap(),
            height: h.parse().unwrap(),
            style,
        };
        let got = generate(&params).unwrap().map.fingerprint();
        assert_eq!(
            got, expected,
            "{params:?}: fingerprint {got:016x}, golden {expected:016x}"
        );
        checked += 1;
    }
    assert_eq!(checked, 27, "every style at three sizes");
}

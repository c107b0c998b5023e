//! The generator's random numbers: ChaCha8 with portable, version-proof range sampling.
//!
//! Every draw is built from `next_u32` with our own arithmetic, so a seed gives the same level on
//! every platform (32- or 64-bit, native or wasm) and across `rand` releases that change their
//! own sampling algorithms.

use rand::{Rng as _, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[derive(Clone, Debug)]
/// The seeded random stream of everything a seed reproduces: levels, monsters, and play.
pub struct GenRng(ChaCha8Rng);

/// Everything a `GenRng` is: its key, stream and position (what a save keeps).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RngState {
    /// ChaCha8 key.
    pub seed: [u8; 32],
    /// Stream number.
    pub stream: u64,
    /// Words drawn so far.
    pub word_pos: u128,
}

impl GenRng {
    /// The stream of `seed`.
    pub fn new(seed: u64) -> Self {
        Self(ChaCha8Rng::seed_from_u64(seed))
    }

    /// How far into its stream the generator is (words drawn): with the seed, its whole state.
    pub(crate) fn word_pos(&self) -> u128 {
        self.0.get_word_pos()
    }

    /// The stream's whole state, to save and restore it exactly (`from_state`).
    pub fn state(&self) -> RngState {
        RngState {
            seed: self.0.get_seed(),
            stream: self.0.get_stream(),
            word_pos: self.0.get_word_pos(),
        }
    }

    /// The stream exactly where `state` was taken.
    pub(crate) fn from_state(state: RngState) -> Self {
        let mut rng = ChaCha8Rng::from_seed(state.seed);
        rng.set_stream(state.stream);
        rng.set_word_pos(state.word_pos);
        Self(rng)
    }

    /// The next 32 random bits.
    pub(crate) fn next_u32(&mut self) -> u32 {
        self.0.next_u32()
    }

    /// Uniform in `0..n` (Lemire's multiply-and-reject; exact, no modulo bias). `n` must be > 0.
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        let mut m = u64::from(self.next_u32()) * u64::from(n);
        // The rejection threshold, 2^32 mod n, is below n: a low half of at least n passes
        // without computing it, which saves a division on almost every draw (same results).
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = u64::from(self.next_u32()) * u64::from(n);
            }
        }
        (m >> 32) as u32
    }

    /// Uniform in `lo..=hi`; `lo` when the range is empty.
    pub fn range(&mut self, lo: i32, hi: i32) -> i32 {
        if hi <= lo {
            return lo;
        }
        lo + self.below((hi - lo) as u32 + 1) as i32
    }

    /// True with probability `pct` / 100.
    pub fn percent(&mut self, pct: u32) -> bool {
        self.below(100) < pct
    }

    /// Heads or tails.
    pub(crate) fn coin(&mut self) -> bool {
        self.next_u32() & 1 == 1
    }

    /// A uniformly chosen element, or `None` for an empty slice.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> Option<T> {
        (!items.is_empty()).then(|| items[self.below(items.len() as u32) as usize])
    }

    /// An element chosen by weight (one draw below the total, then the first whose share holds
    /// it), or `None` when the weights add up to nothing.
    pub fn pick_weighted<T: Copy>(&mut self, items: impl Iterator<Item = (T, u32)> + Clone) -> Option<T> {
        let total: u32 = items.clone().map(|(_, w)| w).sum();
        if total == 0 {
            return None;
        }
        let mut roll = self.below(total);
        for (item, w) in items {
            if roll < w {
                return Some(item);
            }
            roll -= w;
        }
        None
    }
}

/// The seed of retry number `attempt` (0 is the seed itself), so retries of neighbouring seeds
/// do not collide.
pub(crate) fn derive_seed(seed: u64, attempt: u32) -> u64 {
    if attempt == 0 {
        return seed;
    }
    splitmix64(seed, u64::from(attempt))
}

/// Output number `n` of the SplitMix64 generator started at `seed`, computed directly: a
/// well-mixed 64-bit value for any (seed, n), with no state to carry. For values that are
/// looked up by position rather than drawn in order.
pub(crate) const fn splitmix64(seed: u64, n: u64) -> u64 {
    let mut z = seed.wrapping_add(n.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_the_reference_generator() {
        // The first outputs of Vigna's splitmix64.c seeded with 0.
        assert_eq!(splitmix64(0, 1), 0xe220_a839_7b1d_cdaf);
        assert_eq!(splitmix64(0, 2), 0x6e78_9e6a_a1b9_65f4);
        assert_eq!(splitmix64(0, 3), 0x06c4_5d18_8009_454f);
    }

    #[test]
    fn same_seed_same_stream() {
        let (mut a, mut b) = (GenRng::new(7), GenRng::new(7));
        for _ in 0..100 {
            assert_eq!(a.next_u32(), b.next_u32());
        }
        assert_ne!(GenRng::new(7).next_u32(), GenRng::new(8).next_u32());
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut r = GenRng::new(1);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let v = r.below(7);
            assert!(v < 7);
            seen[v as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
        for _ in 0..1000 {
            let v = r.range(-3, 3);
            assert!((-3..=3).contains(&v));
        }
        assert_eq!(r.range(5, 5), 5);
        assert_eq!(r.range(5, 2), 5);
    }

    #[test]
    fn below_draws_exactly_like_the_textbook_rejection_loop() {
        // Levels depend on every draw: the shortcut must accept and reject exactly as the plain
        // loop does, including for sizes where half the draws are rejected.
        fn reference(next: &mut impl FnMut() -> u32, n: u32) -> u32 {
            let threshold = n.wrapping_neg() % n;
            loop {
                let m = u64::from(next()) * u64::from(n);
                if (m as u32) >= threshold {
                    return (m >> 32) as u32;
                }
            }
        }
        for n in [1, 2, 3, 7, 100, 1000, 65_537, (1 << 31) + 1, u32::MAX - 1, u32::MAX] {
            let (mut a, mut b) = (GenRng::new(u64::from(n)), GenRng::new(u64::from(n)));
            let mut next = || b.next_u32();
            for _ in 0..2000 {
                assert_eq!(a.below(n), reference(&mut next, n), "n = {n}");
            }
        }
    }

    #[test]
    fn a_stream_resumes_from_its_state() {
        let mut a = GenRng::new(7);
        for _ in 0..37 {
            a.next_u32();
        }
        let mut b = GenRng::from_state(a.state());
        let (xs, ys): (Vec<u32>, Vec<u32>) = (0..100).map(|_| (a.next_u32(), b.next_u32())).unzip();
        assert_eq!(xs, ys);
        assert_ne!(
            GenRng::from_state(GenRng::new(8).state()).next_u32(),
            GenRng::new(7).next_u32()
        );
    }

    #[test]
    fn derived_seeds_differ() {
        assert_eq!(derive_seed(42, 0), 42);
        assert_eq!(derive_seed(42, 3), splitmix64(42, 3));
        assert_ne!(derive_seed(42, 1), derive_seed(42, 2));
        assert_ne!(derive_seed(42, 1), derive_seed(43, 1));
    }
}

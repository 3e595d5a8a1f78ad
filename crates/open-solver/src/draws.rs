//! The random playouts' draws, made cheap without changing one of them.
//!
//! A playout draws a card per move with `rand`'s `gen_range(0..n)` on a
//! `ChaCha8Rng`. Every value in the recorded experiments came from those
//! draws, so the hot loop must draw exactly the same numbers; it only keeps
//! the generator's block and its place in it where the loop can hold them
//! (the `BlockRng` wrapper's index went through memory on every draw).

use rand_chacha::rand_core::block::BlockRngCore;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Core;

/// Words of one ChaCha8 refill (four blocks), as `ChaCha8Rng` buffers them.
const WORDS: usize = 64;

/// The word stream of `ChaCha8Rng::seed_from_u64(seed)`, and `gen_range`
/// over it.
pub(crate) struct Draws {
    core: ChaCha8Core,
    /// Up to two refills: the words from `at` on, at least four of them,
    /// so that a draw can look at the next four without asking whether
    /// they are there. A refill is made only when those four need it, so
    /// no more words are made than `ChaCha8Rng` would.
    words: [u32; 2 * WORDS],
    /// The words made so far in `words`.
    made: usize,
    at: usize,
}

impl Draws {
    /// The stream `ChaCha8Rng::seed_from_u64(seed)` gives.
    pub(crate) fn new(seed: u64) -> Draws {
        Draws {
            core: ChaCha8Core::seed_from_u64(seed),
            words: [0; 2 * WORDS],
            made: 0,
            at: 0,
        }
    }

    /// Makes the next refill's words, after the first refill's words are
    /// dropped if both are there (`at` then past the first).
    #[inline(never)]
    fn refill(&mut self) {
        if self.made == 2 * WORDS {
            self.words.copy_within(WORDS.., 0);
            self.made = WORDS;
            self.at -= WORDS;
        }
        let mut block = Default::default();
        self.core.generate(&mut block);
        let block: &[u32] = AsRef::<[u32]>::as_ref(&block);
        self.words[self.made..self.made + WORDS].copy_from_slice(block);
        self.made += WORDS;
    }

    /// The next word, as `RngCore::next_u32`.
    #[cfg(test)]
    fn next_u32(&mut self) -> u32 {
        if self.at + 4 > self.made {
            self.refill();
        }
        self.at += 1;
        self.words[self.at - 1]
    }

    /// A number in `0..n` (`n` at least 1), drawn as `rand` 0.8's
    /// `gen_range(0..n)` for `u32` draws it: a word times `n`, its high
    /// half taken unless its low half falls above the zone, then the next
    /// word. The words used are the same ones, so the stream stays in step.
    /// Four words are weighed at once and the first that passes is taken:
    /// a word turned down (half of them when `n` is 1) then costs no
    /// mispredicted branch.
    #[inline(always)]
    pub(crate) fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0, "an empty range");
        let zone = (n << n.leading_zeros()).wrapping_sub(1);
        loop {
            if self.at + 4 > self.made {
                self.refill();
            }
            let at = self.at;
            let next: &[u32; 4] = self.words[at..at + 4].try_into().expect("four words");
            let mut passed = 0u32;
            for (i, &word) in next.iter().enumerate() {
                passed |= u32::from((u64::from(word) * u64::from(n)) as u32 <= zone) << i;
            }
            if passed != 0 {
                let i = passed.trailing_zeros() as usize;
                self.at = at + i + 1;
                return ((u64::from(next[i]) * u64::from(n)) >> 32) as u32;
            }
            self.at = at + 4;
        }
    }
}

/// Per byte and `k`: the place of the byte's `k`-th lowest set bit.
static SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let (mut bit, mut k) = (0, 0);
        while bit < 8 {
            if byte >> bit & 1 == 1 {
                table[byte][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// The place of the `k`-th lowest set bit of `x` (`k` below the number of
/// set bits), without a branch: its 16-bit quarter from the quarters'
/// counts, its byte there, then a table. (A loop clearing `k` bits
/// mispredicts its exit about once a card and took a third of the
/// playouts' time.)
#[inline(always)]
pub(crate) fn nth_set_bit(x: u64, k: u32) -> u32 {
    let c0 = (x & 0xffff).count_ones();
    let c1 = (x >> 16 & 0xffff).count_ones();
    let c2 = (x >> 32 & 0xffff).count_ones();
    let (p1, p2) = (c0, c0 + c1);
    let p3 = p2 + c2;
    let quarter = u32::from(k >= p1) + u32::from(k >= p2) + u32::from(k >= p3);
    let before = if k >= p3 {
        p3
    } else if k >= p2 {
        p2
    } else if k >= p1 {
        p1
    } else {
        0
    };
    let k = k - before;
    let bits = x >> (16 * quarter) & 0xffff;
    let low = (bits & 0xff).count_ones();
    let high = u32::from(k >= low);
    let byte = (bits >> (8 * high)) & 0xff;
    16 * quarter + 8 * high + u32::from(SELECT_IN_BYTE[byte as usize][(k - low * high) as usize])
}

/// [`nth_set_bit`] by BMI2's `pdep`: a quarter of the playouts' time less
/// than the portable one where `pdep` is fast.
///
/// # Safety
/// The CPU must have BMI2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
#[inline]
pub(crate) unsafe fn nth_set_bit_bmi2(x: u64, k: u32) -> u32 {
    core::arch::x86_64::_pdep_u64(1u64 << k, x).trailing_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, RngCore};
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn draws_are_gen_range_s_on_the_same_seed() {
        for seed in [0u64, 1, 7, 0x51_7cc1_b727_220a, u64::MAX] {
            let mut ours = Draws::new(seed);
            let mut theirs = ChaCha8Rng::seed_from_u64(seed);
            // Past several refills, every range a hand can offer, and
            // ranges of one (half their words are turned down).
            for i in 0..5_000u32 {
                let n = 1 + (i * 7 + i / 13) % 32;
                assert_eq!(
                    ours.below(n),
                    theirs.gen_range(0..n),
                    "seed {seed}, draw {i}"
                );
            }
            // And still in step word by word.
            assert_eq!(ours.next_u32(), theirs.next_u32());
        }
    }

    #[test]
    fn nth_set_bit_counts_from_the_lowest() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..2_000 {
            let x = rng.next_u64() & rng.next_u64();
            let places: Vec<u32> = (0..64).filter(|b| x >> b & 1 == 1).collect();
            for (k, &place) in places.iter().enumerate() {
                assert_eq!(nth_set_bit(x, k as u32), place);
            }
        }
        assert_eq!(nth_set_bit(1 << 63, 0), 63);
        assert_eq!(nth_set_bit(u64::MAX, 63), 63);
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn pdep_s_select_is_the_portable_one() {
        if !std::is_x86_feature_detected!("bmi2") {
            return;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        for _ in 0..2_000 {
            let x = rng.next_u64() & rng.next_u64() | 1;
            for k in 0..x.count_ones() {
                // SAFETY: BMI2 was detected.
                assert_eq!(unsafe { nth_set_bit_bmi2(x, k) }, nth_set_bit(x, k));
            }
        }
    }
}

//! The hasher of the solvers' transposition tables (`dd`, `open-solver`):
//! their keys are bitboards of hands, already spread over their bits, so a
//! multiply-and-mix of each word is enough and far cheaper than SipHash.

use std::hash::{BuildHasherDefault, Hasher};

/// A hasher for keys made of card bitboards: a 128-bit key (the double-dummy
/// solver's) is folded and mixed once, 64-bit words (the open-card
/// solver's hands, also when they come as the bytes of an array) are mixed
/// in one after the other, and other bytes go through FNV-1a one by one.
///
/// The fold of a 128-bit key multiplies the high half by an odd constant
/// that is 1 modulo 4, so its bits 126 and 127 can alias bits 62 and 63
/// (keys that differ there alone may hash alike). The double-dummy keys
/// (suit lengths, leader and trump) stay below bit 72.
#[derive(Default, Clone, Copy, Debug)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }

    /// Whole 8-byte words as [`Hasher::write_u64`] (an array of words,
    /// such as the open-card solver's hands, arrives here as its bytes),
    /// the bytes left over one by one.
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            self.write_u64(u64::from_le_bytes(word.try_into().expect("8 bytes")));
        }
        for &b in words.remainder() {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    #[inline]
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }

    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0 ^ x)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
    }

    #[inline]
    fn write_u128(&mut self, key: u128) {
        let h = (key as u64) ^ ((key >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 = (h ^ (h >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    }
}

/// The [`std::hash::BuildHasher`] of [`KeyHasher`], for a `HashMap`.
pub type BuildKeyHasher = BuildHasherDefault<KeyHasher>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::Hash;

    fn hash(x: impl Hash) -> u64 {
        let mut h = KeyHasher::default();
        x.hash(&mut h);
        h.finish()
    }

    #[test]
    fn keys_that_differ_in_one_card_hash_apart() {
        // Every key that differs from a double-dummy key in one of its bits
        // (0 to 71) hashes apart.
        let key: u128 = 0x00ab_cdef_0fed_cba9_8765_4321;
        let mut seen = std::collections::HashSet::new();
        for bit in 0..72 {
            assert!(seen.insert(hash(key ^ (1u128 << bit))), "bit {bit}");
        }
        let hands = ([1u64, 2, 4, 8], 3u8);
        for seat in 0..4 {
            for bit in 0..52 {
                let mut other = hands;
                other.0[seat] ^= 1 << bit;
                assert_ne!(hash(other), hash(hands), "seat {seat}, bit {bit}");
            }
        }
    }
}

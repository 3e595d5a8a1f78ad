//! Sets of worlds as bitsets: a win/loss vector over the worlds is the set
//! of worlds won.

use std::fmt;

/// The most worlds one search of the bridge engine holds: a set of worlds
/// is a bitset of this many bits, eight `u64` words (the papers go to
/// 320). The generic engine holds [`crate::generic::MAX_TREE_WORLDS`].
pub const MAX_WORLDS: usize = 512;
const WORDS: usize = MAX_WORLDS / 64;

/// A set of world indices below [`MAX_WORLDS`]; also a win/loss vector
/// (bit set = won).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct WorldSet([u64; WORDS]);

impl WorldSet {
    /// No world.
    pub const EMPTY: WorldSet = WorldSet([0; WORDS]);
    /// Every index, those beyond the search's worlds included.
    pub const ALL: WorldSet = WorldSet([u64::MAX; WORDS]);

    /// The worlds `0..n`.
    #[must_use]
    pub fn first(n: usize) -> WorldSet {
        let mut s = WorldSet::EMPTY;
        for i in 0..n {
            s.insert(i);
        }
        s
    }

    /// Adds a world.
    #[inline]
    pub fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    /// Removes a world.
    #[inline]
    pub fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }

    /// Whether a world is in the set.
    #[inline]
    #[must_use]
    pub const fn contains(&self, i: usize) -> bool {
        self.0[i / 64] & (1 << (i % 64)) != 0
    }

    /// Worlds in both.
    #[inline]
    #[must_use]
    pub fn and(&self, o: &WorldSet) -> WorldSet {
        WorldSet(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }

    /// Worlds in either.
    #[inline]
    #[must_use]
    pub fn or(&self, o: &WorldSet) -> WorldSet {
        WorldSet(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }

    /// Worlds in `self` and not in `o`.
    #[inline]
    #[must_use]
    pub fn and_not(&self, o: &WorldSet) -> WorldSet {
        WorldSet(std::array::from_fn(|i| self.0[i] & !o.0[i]))
    }

    /// Every index not in the set.
    #[inline]
    #[must_use]
    pub fn complement(&self) -> WorldSet {
        WorldSet(std::array::from_fn(|i| !self.0[i]))
    }

    /// Whether every world of `self` is in `o`.
    #[inline]
    #[must_use]
    pub fn is_subset(&self, o: &WorldSet) -> bool {
        self.0.iter().zip(&o.0).all(|(a, b)| a & !b == 0)
    }

    /// The bits, 64 worlds a word.
    #[must_use]
    pub fn words(&self) -> [u64; WORDS] {
        self.0
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Number of worlds.
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The worlds in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &word)| {
            let mut w = word;
            std::iter::from_fn(move || {
                if w == 0 {
                    None
                } else {
                    let b = w.trailing_zeros() as usize;
                    w &= w - 1;
                    Some(i * 64 + b)
                }
            })
        })
    }
}

impl fmt::Debug for WorldSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// A vector over the first `n` worlds from `0`/`1` characters (`x` for an
/// impossible world, read as 1): `vector("1x0")`. For tests and examples.
#[must_use]
pub fn vector(text: &str) -> WorldSet {
    let mut s = WorldSet::EMPTY;
    for (i, c) in text.chars().filter(|c| !c.is_whitespace()).enumerate() {
        if c == '1' || c == 'x' {
            s.insert(i);
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let a = vector("1100");
        let b = vector("1010");
        assert_eq!(a.and(&b), vector("1000"));
        assert_eq!(a.or(&b), vector("1110"));
        assert_eq!(a.and_not(&b), vector("0100"));
        assert!(vector("1000").is_subset(&a));
        assert!(!b.is_subset(&a));
        let mut big = WorldSet::first(300);
        assert_eq!(big.len(), 300);
        big.remove(299);
        assert!(!big.contains(299) && big.contains(298));
        assert_eq!(big.iter().last(), Some(298));
        assert_eq!(
            WorldSet::first(3).complement().and(&WorldSet::first(5)),
            vector("00011")
        );
    }
}

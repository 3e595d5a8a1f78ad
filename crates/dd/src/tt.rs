//! Transposition table for positions at trick boundaries, in the manner of
//! partition search.
//!
//! An entry does not describe one position but a class of them: all
//! positions with the same leader, trump and suit lengths in every hand, in
//! which the `req[s]` highest cards still in play of each suit `s` have the
//! same owners. The search reports, with every result, how many top cards of
//! each suit the result depended on, and the entry is stored for exactly
//! that class; a later position matching the pattern reuses the bound even
//! if its lower cards lie differently. Entries are independent of the deal
//! and stay valid for the solver's lifetime.

/// Per suit, how many of the highest live cards a result depends on.
pub(crate) type Req = [u8; 4];

/// No move stored.
pub(crate) const NO_MOVE: u8 = 0xff;

/// A position at a trick boundary as the table sees it.
pub(crate) struct Shape {
    /// Leader, trump and the length of every hand in every suit.
    pub key: u128,
    /// Per suit: the owners of its live cards from the highest down, two bits
    /// each, the highest card in the most significant place.
    pub owners: [u32; 4],
    /// Per suit: the number of live cards.
    pub counts: [u8; 4],
}

impl Shape {
    #[inline]
    fn top(&self, suit: usize, k: u8) -> u32 {
        if k == 0 {
            0
        } else {
            self.owners[suit] >> (2 * (self.counts[suit] - k))
        }
    }
}

/// What the table knows of a position.
pub(crate) enum Lookup {
    /// A stored bound settles the question; the answer and the requirement
    /// under which it holds.
    Cut(bool, Req),
    /// Nothing settles it; a lead to try first, if any.
    Miss(u8),
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u128,
    pattern: [u32; 4],
    req: Req,
    lo: u8,
    hi: u8,
    best: u8,
    depth: u8,
    age: u8,
}

const WAYS: usize = 8;

/// Every stored requirement covers at least this many top cards of each
/// suit (when the suit has them), so that the owners of those cards can
/// choose the bucket along with the suit lengths. Requiring more cards than
/// a result needs is always sound; it only narrows the class.
const HASHED_TOP: u8 = 2;

/// Buckets of eight entries; a bucket is chosen by the shape's key and
/// scanned for entries whose pattern matches.
pub(crate) struct TranspositionTable {
    entries: Vec<Entry>,
    bucket_mask: usize,
    age: u8,
}

impl TranspositionTable {
    /// A table of `2^log2_entries` entries (48 bytes each).
    pub fn new(log2_entries: u32) -> Self {
        let n = 1usize << log2_entries.max(3);
        TranspositionTable {
            entries: vec![Entry::default(); n],
            bucket_mask: n / WAYS - 1,
            age: 1,
        }
    }

    /// Starts a new search generation: older entries become the first to be
    /// replaced.
    pub fn next_generation(&mut self) {
        self.age = self.age.wrapping_add(1);
        if self.age == 0 {
            for e in &mut self.entries {
                e.age = 0;
            }
            self.age = 1;
        }
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    #[inline]
    fn bucket(&self, shape: &Shape) -> usize {
        let mut tops = 0u64;
        for s in 0..4 {
            tops = tops << 8 | u64::from(shape.top(s, HASHED_TOP.min(shape.counts[s])));
        }
        let key = shape.key;
        let h =
            (key as u64 ^ ((key >> 64) as u64) << 40 ^ tops.wrapping_mul(0xff51_afd7_ed55_8ccd))
                .wrapping_mul(0x9e37_79b9_7f4a_7c15);
        ((h >> 24) as usize & self.bucket_mask) * WAYS
    }

    #[inline]
    fn matches(e: &Entry, shape: &Shape) -> bool {
        e.key == shape.key && (0..4).all(|s| shape.top(s, e.req[s]) == e.pattern[s])
    }

    /// Looks for an entry that settles whether North-South take `target`.
    pub fn probe(&mut self, shape: &Shape, target: i32) -> Lookup {
        let start = self.bucket(shape);
        let mut hint = NO_MOVE;
        for i in start..start + WAYS {
            let e = &mut self.entries[i];
            if !Self::matches(e, shape) {
                continue;
            }
            e.age = self.age;
            if i32::from(e.lo) >= target {
                return Lookup::Cut(true, e.req);
            }
            if i32::from(e.hi) < target {
                return Lookup::Cut(false, e.req);
            }
            if hint == NO_MOVE {
                hint = e.best;
            }
        }
        Lookup::Miss(hint)
    }

    /// Records that North-South take at least `lo` and at most `hi` tricks in
    /// every position of the class of `shape` under `req`.
    pub fn store(&mut self, shape: &Shape, mut req: Req, lo: u8, hi: u8, best: u8, depth: u8) {
        for s in 0..4 {
            req[s] = req[s].max(HASHED_TOP.min(shape.counts[s]));
        }
        let start = self.bucket(shape);
        let pattern = [
            shape.top(0, req[0]),
            shape.top(1, req[1]),
            shape.top(2, req[2]),
            shape.top(3, req[3]),
        ];
        let age = self.age;
        let worth = |e: &Entry| (e.key != 0, e.age == age, e.depth);
        let mut victim = start;
        for i in start..start + WAYS {
            let e = &mut self.entries[i];
            if e.key == shape.key && e.req == req && e.pattern == pattern {
                e.lo = e.lo.max(lo);
                e.hi = e.hi.min(hi);
                if best != NO_MOVE {
                    e.best = best;
                }
                e.age = age;
                return;
            }
            if worth(&self.entries[i]) < worth(&self.entries[victim]) {
                victim = i;
            }
        }
        self.entries[victim] = Entry {
            key: shape.key,
            pattern,
            req,
            lo,
            hi,
            best,
            depth,
            age,
        };
    }
}

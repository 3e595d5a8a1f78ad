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
//!
//! Entries are grouped in lists by the shape's key (leader, trump and the
//! suit lengths of every hand); a lookup scans one list, newest first.
//! Hashing some top cards' owners into the key as well would shorten the
//! lists but force every entry to require those cards; measured on full
//! deals, the narrower classes cost far more than the longer scans.

/// Per suit, how many of the highest live cards a result depends on.
pub(crate) type Req = [u8; 4];

/// No move stored.
pub(crate) const NO_MOVE: u8 = 0xff;

/// A position at a trick boundary as the table sees it.
pub(crate) struct Shape {
    /// Leader, trump and the length of every hand in every suit.
    pub key: u128,
    /// Per suit, in its 32-bit lane: the owners of its live cards from the
    /// highest down, two bits each, the highest card in the lane's most
    /// significant bits.
    pub owners: u128,
}

/// The bits of [`Shape::owners`] that hold the owners of the top `req[s]`
/// cards of each suit `s`.
#[inline]
fn mask(req: Req) -> u128 {
    let mut mask = 0u128;
    for (s, &k) in req.iter().enumerate() {
        if k > 0 {
            let lane = !0u32 << (32 - 2 * u32::from(k));
            mask |= u128::from(lane) << (32 * s);
        }
    }
    mask
}

/// The requirement a [`mask`] was made from.
#[inline]
fn req_of(mask: u128) -> Req {
    std::array::from_fn(|s| ((mask >> (32 * s)) as u32 & !SPARE).count_ones() as u8 / 2)
}

/// What the table knows of a position.
pub(crate) enum Lookup {
    /// A stored bound settles the question; the answer and the requirement
    /// under which it holds.
    Cut(bool, Req),
    /// Nothing settles it; a lead to try first, if any.
    Miss(u8),
}

/// The low bits of each 32-bit lane of [`Shape::owners`], always zero: a
/// lane holds at most 13 owners of two bits each, left-aligned.
const SPARE: u32 = 63;

/// A stored bound, 32 bytes: the owner bits the entry depends on (`mask`)
/// and their values (`pattern`). The bounds and the best move ride in the
/// mask's spare low bits (lane 0: the lower bound, lane 1: the upper bound,
/// lane 2: the best move, [`SPARE`] for none), which the position's owners
/// never set, so a match reads one mask and one pattern.
#[derive(Clone, Copy)]
struct Entry {
    mask: u128,
    pattern: u128,
}

impl Entry {
    /// Room not yet written.
    const EMPTY: Entry = Entry {
        mask: 0,
        pattern: 0,
    };

    #[inline]
    fn new(mask: u128, pattern: u128, lo: u8, hi: u8, best: u8) -> Entry {
        let best = if best == NO_MOVE { SPARE as u8 } else { best };
        debug_assert!(lo as u32 <= SPARE && hi as u32 <= SPARE && best as u32 <= SPARE);
        let meta = u128::from(lo) | u128::from(hi) << 32 | u128::from(best) << 64;
        Entry {
            mask: mask | meta,
            pattern,
        }
    }

    #[inline]
    fn lo(&self) -> i32 {
        (self.mask as u32 & SPARE) as i32
    }

    #[inline]
    fn hi(&self) -> i32 {
        ((self.mask >> 32) as u32 & SPARE) as i32
    }

    #[inline]
    fn best(&self) -> u8 {
        let best = ((self.mask >> 64) as u32 & SPARE) as u8;
        if best == SPARE as u8 {
            NO_MOVE
        } else {
            best
        }
    }
}

/// Where a list's entries lie in the table's arena: `len` entries from
/// `start`, with the room [`room`] gives for `len` there. Packed to six
/// bytes so that a map slot takes 16.
#[derive(Clone, Copy)]
#[repr(C, packed(2))]
struct Span {
    start: u32,
    len: u16,
}

/// The room a list of `len` entries has in the arena: [`FIRST_ROOM`],
/// doubled each time the list fills it. A list is full when its length is
/// its room, and moves then to the arena's end with twice the room.
#[inline]
fn room(len: u16) -> usize {
    (usize::from(len).next_power_of_two()).max(usize::from(FIRST_ROOM))
}

/// A slot of [`ListMap`]: a shape key (its suit lengths, and its leader
/// and trump) and its list's span, valid in generation `generation`.
/// 16 bytes, four to a cache line and none across two: the map of the
/// threshold workload's largest leaves (up to 26,000 keys) then takes
/// 1 MiB instead of 1.5 MiB.
#[derive(Clone, Copy)]
struct Slot {
    lengths: u64,
    span: Span,
    meta: u8,
    generation: u8,
}

const _: () = assert!(std::mem::size_of::<Slot>() == 16);

impl Slot {
    /// A slot of no generation in use.
    const EMPTY: Slot = Slot {
        lengths: 0,
        span: Span { start: 0, len: 0 },
        meta: 0,
        generation: 0,
    };
}

/// The lists' spans by shape key: open addressing with linear probing,
/// at most half full, and a generation per slot so that a clear touches
/// nothing (a byte, so every 255 clears the slots are reset). In place of
/// the standard `HashMap`: smaller slots (16 bytes: the list's room worked
/// out from its length, a one-byte generation) and no group probing, so
/// more of the map stays in cache. A prefetch of a key's slot before the
/// top-trump count gained nothing.
struct ListMap {
    slots: Vec<Slot>,
    bits: u32,
    used: usize,
    generation: u8,
}

impl ListMap {
    fn new() -> ListMap {
        Self::with_bits(10)
    }

    /// An empty map of `2^bits` slots.
    fn with_bits(bits: u32) -> ListMap {
        ListMap {
            slots: vec![Slot::EMPTY; 1 << bits],
            bits,
            used: 0,
            generation: 1,
        }
    }

    /// A shape key as a slot keeps it: the suit lengths, and the leader
    /// and trump above them. [`ListMap::join`] puts it back together.
    #[inline]
    fn split(key: u128) -> (u64, u8) {
        (key as u64, (key >> 64) as u8)
    }

    #[inline]
    fn join(lengths: u64, meta: u8) -> u128 {
        u128::from(lengths) | u128::from(meta) << 64
    }

    #[inline]
    fn home(&self, key: u128) -> usize {
        let (lengths, meta) = Self::split(key);
        let h = (lengths ^ u64::from(meta).wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .wrapping_mul(0xbf58_476d_1ce4_e5b9);
        (h >> (64 - self.bits)) as usize
    }

    /// The slot holding `key`, or the empty slot where it would go.
    #[inline]
    fn find(&self, key: u128) -> (usize, bool) {
        let (lengths, meta) = Self::split(key);
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let slot = &self.slots[i];
            if slot.generation != self.generation {
                return (i, false);
            }
            if slot.lengths == lengths && slot.meta == meta {
                return (i, true);
            }
            i = (i + 1) & mask;
        }
    }

    #[inline]
    fn get(&self, key: u128) -> Option<Span> {
        let (i, found) = self.find(key);
        found.then(|| self.slots[i].span)
    }

    /// `key`'s span, made by `make` when the key is new.
    #[inline]
    fn get_or_insert(&mut self, key: u128, make: impl FnOnce() -> Span) -> &mut Span {
        let (mut i, found) = self.find(key);
        if !found {
            if 2 * (self.used + 1) > self.slots.len() {
                self.grow();
                i = self.find(key).0;
            }
            let (lengths, meta) = Self::split(key);
            self.slots[i] = Slot {
                lengths,
                generation: self.generation,
                meta,
                span: make(),
            };
            self.used += 1;
        }
        &mut self.slots[i].span
    }

    /// Twice the slots, every key placed again.
    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        let generation = self.generation;
        *self = Self::with_bits(self.bits + 1);
        for slot in old.into_iter().filter(|s| s.generation == generation) {
            let (i, _) = self.find(Self::join(slot.lengths, slot.meta));
            self.slots[i] = Slot {
                generation: 1,
                ..slot
            };
            self.used += 1;
        }
    }

    fn clear(&mut self) {
        self.used = 0;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            for slot in &mut self.slots {
                slot.generation = 0;
            }
            self.generation = 1;
        }
    }

    fn spans_mut(&mut self) -> impl Iterator<Item = &mut Span> {
        let generation = self.generation;
        self.slots
            .iter_mut()
            .filter(move |s| s.generation == generation)
            .map(|s| &mut s.span)
    }
}

/// The table: lists of entries by bucket key, cleared whole when it holds
/// more entries than its capacity.
///
/// Every list lives in one arena, bump-allocated: a full list moves to the
/// arena's end with twice the room (its old place is left unused until the
/// next clear). No list is allocated or freed on its own, and a clear keeps
/// the arena's memory: with a vector per list the allocator took a
/// noticeable share of the time.
pub(crate) struct TranspositionTable {
    lists: ListMap,
    arena: Vec<Entry>,
    /// Entries stored (the arena also holds room not yet written and the
    /// places lists have moved from).
    len: usize,
    capacity: usize,
}

/// The room a new list gets.
const FIRST_ROOM: u16 = 2;

impl TranspositionTable {
    /// A table holding up to `2^log2_entries` entries (32 bytes each, in
    /// an arena of at most twice their room).
    pub fn new(log2_entries: u32) -> Self {
        TranspositionTable {
            lists: ListMap::new(),
            arena: Vec::new(),
            len: 0,
            capacity: 1usize << log2_entries,
        }
    }

    /// Called before each query: a full table is emptied here rather than
    /// in the middle of a search.
    pub fn next_generation(&mut self) {
        if self.len > self.capacity / 2 {
            self.clear();
        } else if self.arena.len() > 2 * self.len + (1 << 16) {
            self.compact();
        }
    }

    /// Lays the lists out again one after the other, each in the room its
    /// length gives ([`room`]), dropping the places lists have moved from:
    /// the arena keeps to about twice the entries from query to query.
    ///
    /// In place, lists taken in the order they lie in: each moves down to
    /// where the one before it ends (a new arena each time cost page faults
    /// and copies).
    fn compact(&mut self) {
        let mut spans: Vec<&mut Span> = self.lists.spans_mut().collect();
        spans.sort_unstable_by_key(|span| span.start);
        let mut end = 0;
        for span in spans {
            let start = span.start as usize;
            let len = span.len;
            self.arena.copy_within(start..start + usize::from(len), end);
            span.start = end as u32;
            // Each list keeps its room: the rooms are what the lengths say
            // (at most twice the entries), never more than they had.
            end += room(len);
        }
        self.arena.truncate(end);
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.lists.clear();
        self.arena.clear();
        self.len = 0;
    }

    #[inline]
    fn matches(e: &Entry, shape: &Shape) -> bool {
        shape.owners & e.mask == e.pattern
    }

    /// Looks for an entry that settles whether North-South take `target`
    /// in the position of shape key `key`. Its owners ([`Shape::owners`])
    /// are asked of `owners` only when the key has a list to scan, and
    /// returned then, for the store that may follow.
    #[inline]
    pub fn probe(
        &mut self,
        key: u128,
        target: i32,
        owners: impl FnOnce() -> u128,
    ) -> (Lookup, Option<u128>) {
        let Some(span) = self.lists.get(key) else {
            return (Lookup::Miss(NO_MOVE), None);
        };
        let shape = Shape {
            key,
            owners: owners(),
        };
        let mut hint = NO_MOVE;
        let start = span.start as usize;
        for e in self.arena[start..start + usize::from(span.len)]
            .iter()
            .rev()
        {
            if !Self::matches(e, &shape) {
                continue;
            }
            if e.lo() >= target {
                return (Lookup::Cut(true, req_of(e.mask)), Some(shape.owners));
            }
            if e.hi() < target {
                return (Lookup::Cut(false, req_of(e.mask)), Some(shape.owners));
            }
            if hint == NO_MOVE {
                hint = e.best();
            }
        }
        (Lookup::Miss(hint), Some(shape.owners))
    }

    /// Records that North-South take at least `lo` and at most `hi` tricks in
    /// every position of the class of `shape` under `req`.
    pub fn store(&mut self, shape: &Shape, req: Req, lo: u8, hi: u8, best: u8) {
        let mask = mask(req);
        let pattern = shape.owners & mask;
        // Within a query the arena also holds the places moved lists left
        // (about 1.5 times the entries in all): twice the capacity bounds
        // it.
        if self.len >= self.capacity || self.arena.len() >= 2 * self.capacity {
            self.clear();
        }
        // An entry of the same class is not looked for: it is rare and a
        // probe reads every matching entry's bounds anyway, so the two
        // entries answer as one merged entry would. Scanning the list for
        // it cost more time than it saved.
        let arena = &mut self.arena;
        let span = self.lists.get_or_insert(shape.key, || {
            let start = arena.len() as u32;
            arena.resize(arena.len() + usize::from(FIRST_ROOM), Entry::EMPTY);
            Span { start, len: 0 }
        });
        let len = span.len;
        if len == u16::MAX {
            return;
        }
        if usize::from(len) == room(len) {
            // Full: moved to the end with twice the room.
            let old = span.start as usize;
            let start = arena.len();
            arena.extend_from_within(old..old + usize::from(len));
            arena.resize(start + 2 * room(len), Entry::EMPTY);
            span.start = start as u32;
        }
        arena[span.start as usize + usize::from(len)] = Entry::new(mask, pattern, lo, hi, best);
        span.len = len + 1;
        self.len += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::{mask, req_of, Entry, ListMap, Lookup, Shape, Span, TranspositionTable, NO_MOVE};

    #[test]
    fn a_mask_gives_back_its_requirement() {
        for req in [[0, 0, 0, 0], [1, 0, 13, 2], [13, 13, 13, 13], [0, 5, 0, 1]] {
            assert_eq!(req_of(mask(req)), req);
        }
    }

    #[test]
    fn lists_keep_every_entry_newest_first_as_they_move_in_the_arena() {
        /// What the table says of key `key` (owners all North's) for
        /// `target` tricks.
        fn probe(tt: &mut TranspositionTable, key: u128, target: i32) -> Lookup {
            tt.probe(key, target, || 0).0
        }
        // Two lists filled in turn, so that each outgrows its room (2, 4,
        // 8, 16) with the other's entries after it in the arena.
        let mut tt = TranspositionTable::new(10);
        let shape = |key| Shape { key, owners: 0 };
        // The oldest entry of list 1 alone settles 11 tricks.
        tt.store(&shape(1), [0; 4], 11, 13, 0);
        for i in 1..12u8 {
            tt.store(&shape(1), [0; 4], i.min(10), 13, i);
            tt.store(&shape(2), [0; 4], 0, 12 - i, i);
        }
        let check = |tt: &mut TranspositionTable, newest: u8| {
            // 12 tricks: no entry settles it; the newest entry's move is
            // the hint.
            assert!(matches!(probe(tt, 1, 12), Lookup::Miss(m) if m == newest));
            assert!(matches!(probe(tt, 1, 11), Lookup::Cut(true, _)));
            assert!(matches!(probe(tt, 1, 10), Lookup::Cut(true, _)));
            // List 2's newest entry: at most one trick.
            assert!(matches!(probe(tt, 2, 2), Lookup::Cut(false, _)));
            assert!(matches!(probe(tt, 2, 1), Lookup::Miss(11)));
            assert!(matches!(probe(tt, 3, 1), Lookup::Miss(NO_MOVE)));
        };
        check(&mut tt, 11);
        // Laid out again without the places the lists moved from, each in
        // the room its length gives (16 for 12 entries and for 11): the
        // same answers, and the lists grow again from there, list 1 within
        // its room and then past it, list 2 untouched.
        let before = tt.arena.len();
        tt.compact();
        assert_eq!(tt.arena.len(), 32);
        assert!(before > 32, "{before}");
        check(&mut tt, 11);
        for newest in 12..=16 {
            tt.store(&shape(1), [0; 4], 0, 13, newest);
            check(&mut tt, newest);
        }
        assert_eq!(tt.arena.len(), 64);
        tt.clear();
        assert!(matches!(probe(&mut tt, 1, 11), Lookup::Miss(NO_MOVE)));
    }

    #[test]
    fn the_list_map_finds_every_key_through_growth_and_clears() {
        let mut map = ListMap::new();
        let key =
            |i: u64| u128::from(i.wrapping_mul(0x0123_4567_89ab_cdef)) | u128::from(i % 20) << 64;
        let span = |i: u64| Span {
            start: i as u32,
            len: (i % 7) as u16,
        };
        for i in 0..5000 {
            map.get_or_insert(key(i), || span(i));
        }
        assert!(map.slots.len() >= 10_000, "{}", map.slots.len());
        for i in 0..5000 {
            let found = map.get(key(i)).expect("a key put in");
            assert_eq!((found.start, found.len), (i as u32, (i % 7) as u16));
            // Asked again, a key keeps its span.
            let again = map.get_or_insert(key(i), || unreachable!("{i} is there"));
            again.len += 1;
        }
        assert_eq!(map.spans_mut().count(), 5000);
        assert!(map.get(key(5000)).is_none());
        map.clear();
        assert!(map.get(key(1)).is_none());
        assert_eq!(map.spans_mut().count(), 0);
        // A clear at the last generation empties the slots for real.
        map.get_or_insert(key(1), || span(1));
        map.generation = u8::MAX;
        map.clear();
        assert_eq!(map.generation, 1);
        assert!(map.get(key(1)).is_none());
        map.get_or_insert(key(2), || span(2));
        assert_eq!(map.get(key(2)).map(|s| s.start), Some(2));
    }

    #[test]
    fn an_entry_keeps_its_bounds_and_move_beside_its_mask() {
        for (req, lo, hi, best) in [
            ([13, 13, 13, 13], 13, 13, 60),
            ([0, 0, 0, 0], 0, 0, NO_MOVE),
            ([2, 0, 5, 1], 4, 9, 17),
        ] {
            let e = Entry::new(mask(req), 0, lo, hi, best);
            assert_eq!(
                (e.lo(), e.hi(), e.best()),
                (i32::from(lo), i32::from(hi), best)
            );
            assert_eq!(req_of(e.mask), req);
            // The spare bits never meet a position's owners: every owner set.
            let owners = mask([13, 13, 13, 13]);
            assert_eq!(owners & e.mask, owners & mask(req));
        }
    }
}

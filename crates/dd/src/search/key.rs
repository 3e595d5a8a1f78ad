//! The transposition table's view of a position: its key, the owners of
//! its live cards, and the requirements a result carries.

use super::node::{beats, holding, suit_of};
use super::{Needs, Node, Search};
use crate::tt::{Req, NO_MOVE};

/// The table's view of `node`'s owners ([`Shape::owners`]), with BMI2
/// when `bmi2`.
#[inline]
pub(super) fn owners_of(node: &Node, bmi2: bool) -> u128 {
    #[cfg(target_arch = "x86_64")]
    if bmi2 {
        // SAFETY: the search found BMI2 on this CPU when it was made.
        return unsafe { owners_bmi2(node) };
    }
    let _ = bmi2;
    owners_portable(node)
}

/// The table's key of a position: trump, leader and every hand's length in
/// every suit.
#[inline(always)]
pub(super) fn shape_key(node: &Node, trump: usize) -> u128 {
    debug_assert_eq!(
        node.lengths,
        Node::new(node.hands, node.trick, node.trick_len, node.leader).lengths
    );
    (trump as u128) << 66 | (node.leader as u128) << 64 | u128::from(node.lengths)
}

/// The owners of `node`'s live cards ([`Shape::owners`]), each suit's
/// lane of owner codes made by `lane` from the suit's live cards and the
/// two owner bits' cards: the low bit set for East and West, the high bit
/// for South and West.
#[inline(always)]
pub(super) fn owners_with(node: &Node, lane: impl Fn(u16, u16, u16) -> u32) -> u128 {
    let h = &node.hands;
    let mut owners: u128 = 0;
    for s in 0..4 {
        let (n, e, so, w) = (
            holding(h[0], s),
            holding(h[1], s),
            holding(h[2], s),
            holding(h[3], s),
        );
        owners |= u128::from(lane(n | e | so | w, e | w, so | w)) << (32 * s);
    }
    owners
}

/// [`owners_of`] on any CPU.
pub(super) fn owners_portable(node: &Node) -> u128 {
    owners_with(node, |mut live, low_bit, high_bit| {
        // Owners of the live cards from the highest down, two bits each,
        // left-aligned in the suit's 32-bit lane: built from the lowest card
        // up, each new card pushing the others down a place (a short
        // dependency chain: clearing the lowest bit and a shift).
        let mut code: u32 = 0;
        while live != 0 {
            let bit = live & live.wrapping_neg();
            live ^= bit;
            let owner = u32::from(low_bit & bit != 0) | (u32::from(high_bit & bit != 0) << 1);
            code = (code >> 2) | (owner << 30);
        }
        code
    })
}

/// [`owners_of`] with BMI2: each suit's owner bits gathered from the
/// live cards (`pext`) and interleaved (`pdep`) in a few instructions
/// instead of a loop over the cards.
///
/// # Safety
/// The CPU must support BMI2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
unsafe fn owners_bmi2(node: &Node) -> u128 {
    use std::arch::x86_64::{_pdep_u32, _pext_u32};
    owners_with(node, |live, low_bit, high_bit| {
        let live = u32::from(live);
        let count = live.count_ones();
        if count == 0 {
            return 0;
        }
        let low = _pext_u32(u32::from(low_bit), live);
        let high = _pext_u32(u32::from(high_bit), live);
        // The lowest card in the lowest two bits; left-aligned, the highest
        // card takes the lane's top bits.
        (_pdep_u32(low, 0x5555_5555) | _pdep_u32(high, 0xAAAA_AAAA)) << (32 - 2 * count)
    })
}

/// A card as `suit * 16 + number of live cards of its suit above it`.
pub(super) fn relative_card(node: &Node, card: u8) -> u8 {
    let s = suit_of(card);
    let all = holding(node.live(), s);
    let above = (all >> (card & 15)) >> 1;
    (16 * s) as u8 + above.count_ones() as u8
}

/// The inverse of [`relative_card`] in a position with the same key.
pub(super) fn absolute_card(node: &Node, relative: u8) -> u8 {
    let s = (relative >> 4) as usize;
    let mut all = holding(node.live(), s);
    for _ in 0..(relative & 15) {
        if all == 0 {
            return NO_MOVE;
        }
        all &= !(1u16 << (15 - all.leading_zeros()));
    }
    if all == 0 {
        return NO_MOVE;
    }
    (16 * s) as u8 + (15 - all.leading_zeros()) as u8
}

/// What a trick completed by `card` (three cards on the table in `node`,
/// the trick's winning card so far `winning`, as [`Node::winning`] gives
/// it) adds to the requirement of the position after it: when two or more
/// cards of the winning card's suit fell, the winner's rank decided the
/// trick, and the winning card is needed.
#[inline]
pub(super) fn trick_needs(node: &Node, card: u8, trump: usize, (_, winning): (usize, u8)) -> Needs {
    let mut trick = 1u64 << card;
    for &c in &node.trick {
        trick |= 1 << c;
    }
    let winning = if beats(card, winning, trump) {
        card
    } else {
        winning
    };
    if holding(trick, suit_of(winning)).count_ones() >= 2 {
        1 << winning
    } else {
        0
    }
}

/// The counts of top live cards per suit (the table's [`Req`]) that the
/// set `needs` stands for among the live cards `live`.
#[inline]
pub(super) fn counts(live: u64, needs: Needs) -> Req {
    std::array::from_fn(|s| {
        let n = holding(needs, s);
        if n == 0 {
            0
        } else {
            (holding(live, s) >> n.trailing_zeros()).count_ones() as u8
        }
    })
}

impl Search {
    /// The set of cards standing for the counts `req` among the live cards
    /// `live`: each suit's `req[s]`-th highest live card.
    #[inline]
    pub(super) fn needs(&self, live: u64, req: Req) -> Needs {
        #[cfg(target_arch = "x86_64")]
        if self.bmi2 {
            // SAFETY: the CPU has BMI2 (checked when the search was made).
            return unsafe { needs_bmi2(live, req) };
        }
        needs_with(live, req, |mut x, k| {
            for _ in 1..k {
                x &= !(1u16 << (15 - x.leading_zeros()));
            }
            15 - x.leading_zeros()
        })
    }
}

/// [`Search::needs`] with the k-th highest card found by `pdep`.
///
/// # Safety
/// The CPU must support BMI2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
unsafe fn needs_bmi2(live: u64, req: Req) -> Needs {
    needs_with(live, req, |x, k| {
        let x = u32::from(x);
        std::arch::x86_64::_pdep_u32(1 << (x.count_ones() - k), x).trailing_zeros()
    })
}

/// [`Search::needs`] with `kth_highest(x, k)` giving the rank of the k-th
/// highest card of `x` (`1 <= k <= x.count_ones()`).
#[inline(always)]
pub(super) fn needs_with(live: u64, req: Req, kth_highest: impl Fn(u16, u32) -> u32) -> Needs {
    let mut needs = 0;
    for (s, &k) in req.iter().enumerate() {
        let cards = holding(live, s);
        if k == 0 || cards == 0 {
            continue;
        }
        let k = u32::from(k).min(cards.count_ones());
        needs |= 1u64 << (16 * s as u32 + kth_highest(cards, k));
    }
    needs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn the_owners_with_bmi2_are_the_portable_owners() {
        if !std::arch::is_x86_feature_detected!("bmi2") {
            return;
        }
        // Cards dealt to the four hands or already played, by a fixed
        // linear congruential sequence: 2,000 positions of every size.
        let mut x: u64 = 12345;
        for i in 0..2000u32 {
            let mut hands = [0u64; 4];
            for suit in 0..4 {
                for rank in 2..=14 {
                    x = x
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let place = (x >> 33) % (5 + u64::from(i % 7));
                    if place < 4 {
                        hands[place as usize] |= 1 << (16 * suit + rank);
                    }
                }
            }
            let node = Node::new(hands, [0; 3], 0, (i % 4) as u8);
            let portable = owners_portable(&node);
            // SAFETY: BMI2 checked above.
            let bmi2 = unsafe { owners_bmi2(&node) };
            assert_eq!(bmi2, portable, "{hands:x?}");
        }
    }

    #[test]
    fn needs_and_counts_are_inverse_and_the_same_with_bmi2() {
        let mut x: u64 = 777;
        let mut next = |n: u64| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) % n
        };
        let portable = Search {
            bmi2: false,
            ..Search::new(4)
        };
        let bmi2 = Search::new(4);
        for _ in 0..2000 {
            // Some of the 52 cards live, and per suit a count of top cards
            // no larger than the suit's live cards.
            let live = (0..4)
                .flat_map(|s| (2..=14).map(move |r| 16 * s + r))
                .filter(|_| next(3) != 0)
                .fold(0u64, |acc, c| acc | 1 << c);
            let req: [u8; 4] = std::array::from_fn(|s| {
                let n = holding(live, s).count_ones() as u64;
                next(n + 1) as u8
            });
            let needs = portable.needs(live, req);
            assert_eq!(counts(live, needs), req, "{live:x} {req:?}");
            assert_eq!(bmi2.needs(live, req), needs, "{live:x} {req:?}");
        }
    }
}

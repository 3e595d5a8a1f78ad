//! A position of the search and the card arithmetic on its bitboards.

use super::Search;
use crate::tt::NO_MOVE;
use crate::NOTRUMP;

/// A position inside the search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    /// Cards left in each hand, indexed by seat (N, E, S, W).
    pub hands: [u64; 4],
    /// Bit indices of the cards on the table, in playing order.
    pub trick: [u8; 3],
    /// How many cards are on the table (0 to 3).
    pub trick_len: u8,
    /// The seat that led to the current trick.
    pub leader: u8,
    /// The live cards: those in the hands and on the table. A card played
    /// to the trick stays live until the trick is complete, so this
    /// changes only at trick boundaries.
    pub(super) live: u64,
    /// Every hand's length in every suit, four bits each: hand `h`'s
    /// length in suit `s` at bit `16 * s + 4 * h` (the table's key).
    pub(super) lengths: u64,
}

impl Node {
    /// The position with `hands` in the hands and the first `trick_len`
    /// cards of `trick` on the table, led by `leader`.
    pub fn new(hands: [u64; 4], trick: [u8; 3], trick_len: u8, leader: u8) -> Node {
        let mut live = hands[0] | hands[1] | hands[2] | hands[3];
        for &c in &trick[..trick_len as usize] {
            live |= 1 << c;
        }
        let mut lengths = 0;
        for s in 0..4 {
            for (h, &hand) in hands.iter().enumerate() {
                lengths |= u64::from(holding(hand, s).count_ones()) << (16 * s + 4 * h);
            }
        }
        Node {
            hands,
            trick,
            trick_len,
            leader,
            live,
            lengths,
        }
    }

    #[inline]
    pub fn mover(&self) -> usize {
        (self.leader as usize + self.trick_len as usize) & 3
    }

    #[inline]
    pub fn tricks_left(&self) -> i32 {
        self.hands[self.mover()].count_ones() as i32
    }

    #[inline]
    pub(super) fn live(&self) -> u64 {
        debug_assert_eq!(
            self.live,
            Node::new(self.hands, self.trick, self.trick_len, self.leader).live
        );
        self.live
    }

    /// The node after `seat` plays `card`, and the side that won the trick
    /// if the card completed it (1 when North-South won, else 0).
    #[inline(always)]
    pub fn play(&self, card: u8, trump: usize) -> (Node, i32) {
        // Built lane by lane in registers: writing one hand or one trick
        // byte into a copy and then moving the copy whole stalls on store
        // forwarding.
        let hands = self.hands_after(card);
        let lengths = self.lengths_after(card);
        if self.trick_len < 3 {
            let at = self.trick_len as usize;
            let trick = std::array::from_fn(|i| if i == at { card } else { self.trick[i] });
            let child = Node {
                hands,
                trick,
                trick_len: self.trick_len + 1,
                leader: self.leader,
                live: self.live,
                lengths,
            };
            (child, 0)
        } else {
            self.complete(card, trump, self.winning(trump), hands, lengths)
        }
    }

    /// [`Node::play`] of the card completing the trick, the trick's
    /// winning card so far (`Node::winning`) being known.
    #[inline(always)]
    pub fn play_last(&self, card: u8, trump: usize, winning: (usize, u8)) -> (Node, i32) {
        debug_assert_eq!(self.trick_len, 3);
        debug_assert_eq!(winning, self.winning(trump));
        self.complete(
            card,
            trump,
            winning,
            self.hands_after(card),
            self.lengths_after(card),
        )
    }

    /// The hands once the player to move has played `card`, built lane by
    /// lane in registers.
    #[inline(always)]
    fn hands_after(&self, card: u8) -> [u64; 4] {
        let seat = self.mover();
        std::array::from_fn(|h| {
            if h == seat {
                self.hands[h] & !(1u64 << card)
            } else {
                self.hands[h]
            }
        })
    }

    /// The suit lengths once the player to move has played `card`.
    #[inline(always)]
    fn lengths_after(&self, card: u8) -> u64 {
        self.lengths - (1 << (16 * u32::from(card >> 4) + 4 * self.mover() as u32))
    }

    #[inline(always)]
    fn complete(
        &self,
        card: u8,
        trump: usize,
        (best, winning): (usize, u8),
        hands: [u64; 4],
        lengths: u64,
    ) -> (Node, i32) {
        let best = if beats(card, winning, trump) { 3 } else { best };
        let winner = (self.leader as usize + best) & 3;
        let child = Node {
            hands,
            trick: self.trick,
            trick_len: 0,
            leader: winner as u8,
            live: hands[0] | hands[1] | hands[2] | hands[3],
            lengths,
        };
        (child, i32::from(winner & 1 == 0))
    }

    /// Index in the trick of the card winning it so far, and that card.
    #[inline]
    pub(super) fn winning(&self, trump: usize) -> (usize, u8) {
        let mut best = 0;
        for i in 1..self.trick_len as usize {
            if beats(self.trick[i], self.trick[best], trump) {
                best = i;
            }
        }
        (best, self.trick[best])
    }
}

#[inline]
pub(super) fn suit_of(card: u8) -> usize {
    (card >> 4) as usize
}

#[inline]
pub(super) fn holding(hand: u64, suit: usize) -> u16 {
    (hand >> (16 * suit)) as u16
}

/// Whether `a` beats `b`, `b` being the card winning the trick so far.
#[inline]
pub(crate) fn beats(a: u8, b: u8, trump: usize) -> bool {
    if suit_of(a) == suit_of(b) {
        a > b
    } else {
        suit_of(a) == trump
    }
}

/// Whether the hand `hand` can beat `card` on a trick led in `led`.
#[inline]
pub(super) fn can_beat(hand: u64, card: u8, led: usize, trump: usize) -> bool {
    let s = suit_of(card);
    let own = holding(hand, led);
    if own != 0 {
        // Must follow; only a higher card of the led suit beats a card of it.
        s == led && own >> (card & 15) > 1
    } else if trump != NOTRUMP {
        let trumps = holding(hand, trump);
        if s == trump {
            trumps >> (card & 15) > 1
        } else {
            trumps != 0
        }
    } else {
        false
    }
}

impl Search {
    /// The groups of equivalent cards among `playable` (cards of one
    /// hand): runs with no live card of another hand between them, each
    /// within a suit. Returns the first (highest) card of every group and
    /// the lowest card of every group, as two sets.
    #[inline]
    pub(super) fn group_ends(&self, playable: u64, live: u64) -> (u64, u64) {
        #[cfg(target_arch = "x86_64")]
        if self.bmi2 {
            // SAFETY: the CPU has BMI2 (checked when the search was made).
            return unsafe { group_ends_bmi2(playable, live) };
        }
        group_ends_portable(playable, live)
    }
}

/// [`Search::group_ends`] one group at a time.
pub(super) fn group_ends_portable(playable: u64, live: u64) -> (u64, u64) {
    let (mut tops, mut lows) = (0, 0);
    for s in 0..4 {
        let own = holding(playable, s);
        let others = holding(live, s) & !own;
        let mut rest = own;
        while rest != 0 {
            // The highest card left of ours starts a group that runs down
            // to just above the next live card of another hand.
            let top = 15 - rest.leading_zeros();
            let low = group_low(rest, others, top);
            rest &= !(((2u32 << top) - (1u32 << low)) as u16);
            tops |= 1 << (16 * s as u32 + top);
            lows |= 1 << (16 * s as u32 + low);
        }
    }
    (tops, lows)
}

/// [`Search::group_ends`] for all suits at once: with the live cards
/// packed together (`pext`), our cards' runs are runs of bits. A card of
/// rank 0 in every suit, held by nobody, breaks the runs where a suit
/// starts (ranks run from 2 to 14).
///
/// # Safety
/// The CPU must support BMI2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
unsafe fn group_ends_bmi2(playable: u64, live: u64) -> (u64, u64) {
    use std::arch::x86_64::{_pdep_u64, _pext_u64};
    let live = live | 0x0001_0001_0001_0001;
    let own = _pext_u64(playable, live);
    // A first card: the next live card up is not ours.
    let tops = own & !(own >> 1);
    // A lowest card: the next live card down is not ours.
    let lows = own & !(own << 1);
    (_pdep_u64(tops, live), _pdep_u64(lows, live))
}

/// The lowest card of the group of equivalent cards that our card `top`
/// heads: our cards `mine` (of one suit) down to just above the next live
/// card of another hand (`others`) below it.
#[inline]
pub(super) fn group_low(mine: u16, others: u16, top: u32) -> u32 {
    let others_below = others & ((1u16 << top) - 1);
    if others_below == 0 {
        mine.trailing_zeros()
    } else {
        let next = 15 - others_below.leading_zeros();
        (mine >> next).trailing_zeros() + next
    }
}

/// The lowest of our moves (a move is the first card of its group) above
/// `rank` in suit `s`: the group of our lowest card above it runs up to the
/// next live card of another hand. [`NO_MOVE`] if we hold none above it.
pub(super) fn lowest_move_above(mine: u16, live: u16, rank: u32, s: usize) -> u8 {
    let above = mine & !((2u16 << rank) - 1);
    if above == 0 {
        return NO_MOVE;
    }
    let mut r = above.trailing_zeros();
    loop {
        let higher = live & !((2u16 << r) - 1);
        if higher == 0 || mine >> higher.trailing_zeros() & 1 == 0 {
            break;
        }
        r = higher.trailing_zeros();
    }
    (16 * s) as u8 + r as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn the_groups_with_bmi2_are_the_portable_groups() {
        if !std::arch::is_x86_feature_detected!("bmi2") {
            return;
        }
        let mut x: u64 = 7;
        let mut next = || {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            x >> 11
        };
        let ranks = 0x7ffc_7ffc_7ffc_7ffc_u64;
        for _ in 0..100_000 {
            // Live cards and ours among them, some suits empty or all ours.
            let live = next() & next() & ranks;
            let playable = live & (next() | next() & next());
            // SAFETY: BMI2 checked above.
            let bmi2 = unsafe { group_ends_bmi2(playable, live) };
            assert_eq!(
                bmi2,
                group_ends_portable(playable, live),
                "{playable:x} {live:x}"
            );
        }
        // A sequence broken by an opponent's cards and by a suit's start:
        // ours the club ace, king and ten (queen and jack elsewhere, the
        // lower clubs gone) and the diamond two.
        let clubs = |ranks: &[u32]| ranks.iter().map(|r| 1u64 << (48 + r)).sum::<u64>();
        let diamond_two = 1 << 34;
        let playable = clubs(&[14, 13, 10]) | diamond_two;
        let live = playable | clubs(&[12, 11]);
        let ends = (
            clubs(&[14, 10]) | diamond_two,
            clubs(&[13, 10]) | diamond_two,
        );
        assert_eq!(group_ends_portable(playable, live), ends);
        // SAFETY: BMI2 checked above.
        assert_eq!(unsafe { group_ends_bmi2(playable, live) }, ends);
    }
}

//! The move ordering: the order in which a node's moves are tried, after
//! DDS's weights.

use super::key::absolute_card;
use super::node::{beats, can_beat, holding, lowest_move_above, suit_of};
use super::{Node, Search};
use crate::quick::best_owners;
use crate::tt::NO_MOVE;
use crate::NOTRUMP;

/// Up to 13 candidate moves, best first. Each move is one word: its
/// ordering score (offset to be unsigned) in the high half, its card and
/// the lowest card of its group of equivalent cards in the low bytes, so
/// that keeping the list sorted moves one array instead of three.
pub(super) struct MoveList {
    moves: [u32; 13],
    pub(super) len: usize,
}

impl MoveList {
    pub(super) fn new() -> MoveList {
        MoveList {
            moves: [0; 13],
            len: 0,
        }
    }

    /// The word of a move: the score's order is the word's order above
    /// its low half.
    #[inline]
    fn word(card: u8, score: i16, low: u8) -> u32 {
        (u32::from(score as u16 ^ 0x8000) << 16) | (u32::from(card) << 8) | u32::from(low)
    }

    /// The card of the `i`-th move (the first of its group).
    #[inline]
    pub(super) fn card(&self, i: usize) -> u8 {
        (self.moves[i] >> 8) as u8
    }

    /// The lowest card of the `i`-th move's group.
    #[inline]
    pub(super) fn low(&self, i: usize) -> u8 {
        self.moves[i] as u8
    }

    /// Appends groups of one suit given highest first, `(first card,
    /// lowest card)`, lowest first: the order of scores that are minus the
    /// rank (no ties, the ranks differ), without sorting.
    #[inline]
    fn extend_lowest_first(&mut self, groups: &[(u8, u8)]) {
        for &(card, low) in groups.iter().rev() {
            debug_assert!(self.len == 0 || self.card(self.len - 1) < card);
            self.moves[self.len] = Self::word(card, -i16::from(card & 15), low);
            self.len += 1;
        }
    }

    #[inline]
    fn push(&mut self, card: u8, score: i16, low: u8) {
        // Insertion keeps the list sorted by descending score, a new move
        // after those of equal score.
        let word = Self::word(card, score, low);
        let above = word & 0xffff_0000;
        let mut i = self.len;
        while i > 0 && self.moves[i - 1] < above {
            self.moves[i] = self.moves[i - 1];
            i -= 1;
        }
        self.moves[i] = word;
        self.len += 1;
    }
}

impl Search {
    /// Legal moves of `seat`, one per group of equivalent cards (cards of a
    /// hand with no other live card between them), best first, written
    /// into `list` (empty): filled in place, not returned, so that no copy
    /// of the list is read back wide right after its narrow writes.
    pub(super) fn generate(&self, node: &Node, seat: usize, hint: u8, list: &mut MoveList) {
        let hand = node.hands[seat];
        let live = node.live();
        let led = if node.trick_len > 0 {
            Some(suit_of(node.trick[0]))
        } else {
            None
        };
        let hint_card = if hint != NO_MOVE {
            absolute_card(node, hint)
        } else {
            NO_MOVE
        };
        let follows = led.is_some_and(|s| holding(hand, s) != 0);
        // The groups first: (first card, lowest card), one per run of
        // equivalent cards.
        let playable = match led {
            Some(s) if follows => hand & 0xffff << (16 * s),
            _ => hand,
        };
        let (tops, lows) = self.group_ends(playable, live);
        if tops.count_ones() == 1 {
            // A single choice needs no ordering. (Read from the group
            // ends directly: its pair written to `found` below and read
            // back at once stalled the load on the two narrow stores.)
            list.push(tops.trailing_zeros() as u8, 0, lows.trailing_zeros() as u8);
            return;
        }
        let mut found = [(0u8, 0u8); 13];
        let mut count = 0;
        for s in 0..4 {
            // Suit by suit, from the top: the k-th highest first card of a
            // group goes with the k-th highest lowest card.
            let (mut t, mut l) = (holding(tops, s), holding(lows, s));
            while t != 0 {
                let top = 15 - t.leading_zeros();
                let low = 15 - l.leading_zeros();
                t ^= 1 << top;
                l ^= 1 << low;
                found[count] = ((16 * s) as u8 + top as u8, (16 * s) as u8 + low as u8);
                count += 1;
            }
        }
        if node.trick_len == 1 && follows {
            // The second hand following suit: its scores need only the
            // suit led, not the trick's whole context.
            let second = SecondHand::new(node, seat, self.trump);
            for &(card, low) in &found[..count] {
                let score = if self.trump == NOTRUMP {
                    second.follow_nt(card)
                } else {
                    second.follow_trump(card, card != low)
                };
                list.push(card, score, low);
            }
            return;
        }
        if node.trick_len == 1 {
            // The second hand void in the suit led: ruffs and discards
            // scored from what it and the next two hands hold.
            let void = SecondVoid::new(node, seat, self.trump);
            let all = node.hands[0] | node.hands[1] | node.hands[2] | node.hands[3];
            for &(card, low) in &found[..count] {
                let s = suit_of(card);
                let score = void.score(card, holding(hand, s), holding(all, s));
                list.push(card, score, low);
            }
            return;
        }
        // The third and the last hand.
        let follow = (node.trick_len > 0).then(|| self.follow_context(node, seat));
        if let Some(f) = &follow {
            if node.trick_len == 2 && follows && f.third.low && f.third.overtake == NO_MOVE {
                // The third hand playing low: lowest first (every score
                // minus the rank).
                list.extend_lowest_first(&found[..count]);
                return;
            }
        }
        // What a lead's score needs of its suit: found once per suit (the
        // leads come suit by suit).
        let mut lead_suit = usize::MAX;
        let mut lead = LeadSuit::default();
        for &(card, low) in &found[..count] {
            // The group holds more than one card: a sequence.
            let sequence = card != low;
            let score = if node.trick_len == 0 {
                if suit_of(card) != lead_suit {
                    lead_suit = suit_of(card);
                    lead = if self.trump == NOTRUMP {
                        Self::lead_suit(node, seat, lead_suit)
                    } else {
                        self.trump_lead_suit(node, seat, lead_suit)
                    };
                }
                // The lead that last caused a cutoff, after another lead
                // had failed, with as many tricks left (a killer, after
                // DDS's best move) and the table's best
                // move get DDS's bonuses: the killer's larger, both larger
                // for a lead that wins the trick. Neither is forced first
                // (the table's move always first, or a smaller killer
                // bonus, searched more nodes).
                let killer = card == self.killers[node.tricks_left() as usize];
                // The killer before it (never the same card) keeps a smaller
                // bonus: 20 in notrump, 10 in a trump contract (fewer nodes
                // than none).
                let older_killer = card == self.older_killers[node.tricks_left() as usize];
                let hinted = card == hint_card;
                if self.trump == NOTRUMP {
                    let (score, wins) = lead.nt_score(card, live, sequence);
                    score
                        + if older_killer { 20 } else { 0 }
                        + match (killer, hinted, wins) {
                            (true, _, true) => 126,
                            (true, _, false) => 47,
                            (false, true, true) => 32,
                            (false, true, false) => 19,
                            _ => 0,
                        }
                } else {
                    let (score, wins) = lead.trump_score(card, live, sequence);
                    score
                        + if older_killer { 10 } else { 0 }
                        + match (killer, hinted, wins) {
                            (true, _, true) => 55,
                            // DDS's 18, raised with the killers from missed
                            // cutoffs, which are worth more: fewer nodes.
                            (true, _, false) => 30,
                            (false, true, true) => 18,
                            _ => 0,
                        }
                }
            } else if card == hint_card {
                1000
            } else if let Some(f) = &follow {
                self.follow_score(node, seat, f, card)
            } else {
                0
            };
            list.push(card, score, low);
        }
    }

    /// What the ordering of leads in notrump needs of suit `s`, after DDS's
    /// weights (`WeightAllocNT0`): cheap trees first (suits where the
    /// opponents have few cards to choose from), then leads that win the
    /// trick for our side, finesse positions and sequences, by who holds
    /// the best cards of the suit. See [`LeadSuit::nt_score`].
    fn lead_suit(node: &Node, seat: usize, s: usize) -> LeadSuit {
        let h = &node.hands;
        let partner = (seat + 2) & 3;
        let (lho, rho) = ((seat + 1) & 3, (seat + 3) & 3);
        let len = |x: usize| holding(h[x], s).count_ones() as i16;
        let [winner, second, third] = best_owners(h, s);
        // A void opponent may discard any of its cards.
        let hand_size = h[seat].count_ones() as i16;
        let count = |x: usize| if len(x) == 0 { hand_size } else { len(x) } * 4;
        let mut delta = -((count(lho) + count(rho)) * 32 / 19);
        if len(partner) == 0 {
            delta -= 9;
        }
        let partner_best = holding(h[partner], s);
        let opponents_best = holding(h[lho], s) | holding(h[rho], s);
        // Where a lead wins the trick.
        let mut win_delta = delta;
        if second == Some(rho) && len(rho) != 1 {
            win_delta -= 1;
        } else if second == Some(lho) {
            win_delta += if len(lho) != 1 { 22 } else { 16 };
        }
        let second_safe =
            (second != Some(lho) || len(lho) == 1) && (second != Some(rho) || len(rho) == 1);
        win_delta += if second_safe { 45 } else { 18 };
        // Where it does not.
        let mut lose_delta = delta;
        if (winner == Some(rho) || second == Some(rho)) && len(rho) != 1 {
            lose_delta -= 10;
        } else if winner == Some(lho) && second == Some(partner) && len(partner) != 1 {
            lose_delta += 31;
        }
        lose_delta += match second_and_third(seat, second, third, len(partner)) {
            Some(Holders::Partner) => 35,
            Some(Holders::Split) => 25,
            None => 0,
        };
        LeadSuit {
            win_delta,
            lose_delta,
            we_head: winner == Some(seat),
            partner_heads: winner == Some(partner),
            partner_beats: partner_best != 0
                && partner_best.leading_zeros() < opponents_best.leading_zeros(),
            singleton_winner: (len(lho) == 1 && winner == Some(lho))
                || (len(rho) == 1 && winner == Some(rho)),
            ..LeadSuit::default()
        }
    }

    /// What the ordering of a follower's cards needs to know of the trick,
    /// the same for every card of the node.
    #[inline]
    fn follow_context(&self, node: &Node, seat: usize) -> Follow {
        let trump = self.trump;
        let led = suit_of(node.trick[0]);
        let (best, winning) = node.winning(trump);
        let winner_seat = (node.leader as usize + best) & 3;
        let lho = node.hands[(seat + 1) & 3];
        debug_assert!(
            node.trick_len >= 2,
            "the second hand is ordered in generate"
        );
        let (by_length, kx, bare_ace) = if node.trick_len == 2 {
            (&DISCARD_BY_LENGTH_24, 4, 4)
        } else {
            (&DISCARD_BY_LENGTH_27, 6, 8)
        };
        let partner_winning = (winner_seat & 1) == (seat & 1);
        let third = if node.trick_len == 2 {
            let lho_beats_winning = can_beat(lho, winning, led, trump);
            self.third_hand_context(node, seat, led, winning, partner_winning, lho_beats_winning)
        } else {
            ThirdHand::default()
        };
        Follow {
            led,
            winning,
            partner_winning,
            third,
            all: node.hands[0] | node.hands[1] | node.hands[2] | node.hands[3],
            by_length,
            kx,
            bare_ace,
        }
    }

    /// DDS's unblocking overtake (its `WeightAllocNTNotvoid2`): partner led
    /// the winning card, the last hand cannot beat it and partner has no
    /// more of the suit. If we hold the suit's best cards, enough of them
    /// that after overtaking the rest outlast both opponents' cards, the
    /// lowest card that overtakes (as the first of its group) is returned.
    fn unblocking_overtake(&self, node: &Node, seat: usize, led: usize, lead: u8) -> u8 {
        let partner = (seat + 2) & 3;
        let h = &node.hands;
        if holding(h[partner], led) != 0 {
            return NO_MOVE;
        }
        let mine = holding(h[seat], led);
        if mine == 0 {
            return NO_MOVE;
        }
        let in_hands = holding(h[0] | h[1] | h[2] | h[3], led);
        let lead_rank = u32::from(lead & 15);
        let top = 15 - in_hands.leading_zeros();
        if mine >> top & 1 == 0 || top < lead_rank {
            return NO_MOVE;
        }
        // Our run of the suit's best cards, the lead's card counted gone.
        let others = in_hands & !mine;
        let run = if others == 0 {
            mine.count_ones()
        } else {
            (mine >> (16 - others.leading_zeros())).count_ones()
        };
        let second = holding(h[(seat + 3) & 3], led).count_ones();
        let fourth = holding(h[(seat + 1) & 3], led).count_ones();
        if fourth.saturating_sub(1).max(second) > run - 1 {
            return NO_MOVE;
        }
        lowest_move_above(mine, holding(node.live(), led), lead_rank, led)
    }

    /// DDS's third hand in notrump (`WeightAllocNTNotvoid2`, its
    /// `RankForcesAce`), when the fourth hand can beat both the trick's
    /// winning card and our best card: the card that forces out the fourth
    /// hand's best, the cheapest above its second best (when that is above
    /// the winning card), or else, against the second hand's card, the
    /// cheapest that beats it. [`NO_MOVE`] for none.
    fn forcing_card(
        &self,
        node: &Node,
        seat: usize,
        led: usize,
        winning: u8,
        partner_winning: bool,
    ) -> u8 {
        let mine = holding(node.hands[seat], led);
        let fourth = holding(node.hands[(seat + 1) & 3], led);
        let live = holding(node.live(), led);
        let w = u32::from(winning & 15);
        // The fourth hand's top run: its cards down to the first live card
        // of another hand.
        let mut r = 15 - fourth.leading_zeros();
        loop {
            let below = live & ((1u16 << r) - 1);
            if below == 0 || fourth >> (15 - below.leading_zeros()) & 1 == 0 {
                break;
            }
            r = 15 - below.leading_zeros();
        }
        let second = fourth & ((1u16 << r) - 1);
        if second == 0 {
            return NO_MOVE;
        }
        let second = 15 - second.leading_zeros();
        if second > w {
            lowest_move_above(mine, live, second, led)
        } else if !partner_winning {
            lowest_move_above(mine, live, w, led)
        } else {
            NO_MOVE
        }
    }

    /// What a third hand following suit needs to know of the trick, after
    /// DDS's `WeightAllocNTNotvoid2` and `WeightAllocTrumpNotvoid2`.
    fn third_hand_context(
        &self,
        node: &Node,
        seat: usize,
        led: usize,
        winning: u8,
        partner_winning: bool,
        lho_beats_winning: bool,
    ) -> ThirdHand {
        let trump = self.trump;
        let mine = holding(node.hands[seat], led);
        let fourth = holding(node.hands[(seat + 1) & 3], led);
        let w = u32::from(winning & 15);
        let max3rd = if mine == 0 {
            0
        } else {
            15 - mine.leading_zeros()
        };
        let max4th = if fourth == 0 {
            0
        } else {
            15 - fourth.leading_zeros()
        };
        let min4th = if fourth == 0 {
            0
        } else {
            fourth.trailing_zeros()
        };
        let too_low = max3rd < min4th || max3rd < w;
        let mut third = ThirdHand {
            max4th,
            ..ThirdHand::default()
        };
        if trump == NOTRUMP {
            let partner_wins = partner_winning && !lho_beats_winning;
            if partner_wins && node.trick[0] == winning {
                third.overtake = self.unblocking_overtake(node, seat, led, winning);
            }
            third.low = too_low || partner_wins;
        } else if led == trump {
            third.low = too_low || (partner_winning && w > max4th);
        } else if suit_of(winning) == trump {
            // The second hand has ruffed: we can only follow.
            third.low = true;
        } else if partner_winning {
            third.low = max4th == 0 || w > max4th || too_low;
        } else if max4th == 0 {
            third.cheap_beat = true;
        } else {
            third.low = too_low;
        }
        if !third.low && !third.cheap_beat && max4th > max3rd {
            third.force = self.forcing_card(node, seat, led, winning, partner_winning);
        }
        third
    }

    /// DDS's third hand following suit (`WeightAllocNTNotvoid2`,
    /// `WeightAllocTrumpNotvoid2`): low (or in notrump the unblocking
    /// overtake) when partner wins the trick anyway or our cards cannot
    /// matter; the cheapest card beating the second hand's when the fourth
    /// hand is void; else a card that wins the trick, then the card forcing
    /// out the fourth hand's best, then low.
    fn third_hand_follow(f: &Follow, card: u8) -> i16 {
        let rank = i16::from(card & 15);
        let t = &f.third;
        if t.low {
            return -rank + if card == t.overtake { 20 } else { 0 };
        }
        let beats_winning = card & 15 > f.winning & 15;
        if t.cheap_beat {
            return if beats_winning { 20 - rank } else { -rank };
        }
        let wins = beats_winning && u32::from(card & 15) > t.max4th;
        (if wins { 60 - rank } else { -rank }) + if card == t.force { 20 } else { 0 }
    }

    /// DDS's third hand void in the suit led in a trump contract
    /// (`WeightAllocTrumpVoid2`): discards small from long suits; no ruff
    /// of partner's sure winner; no underruff; else ruffs by what the
    /// fourth hand can still do, low ruffs first.
    fn third_hand_void_trump(&self, node: &Node, seat: usize, f: &Follow, card: u8) -> i16 {
        let trump = self.trump;
        let led = f.led;
        let s = suit_of(card);
        let rank = i16::from(card & 15);
        let len = holding(node.hands[seat], s).count_ones() as i16;
        if led == trump || s != trump {
            return -rank + len * 64 / 40;
        }
        let h = &node.hands;
        let fourth = h[(seat + 1) & 3];
        let max4th = holding(fourth, led);
        let fourth_trumps = holding(fourth, trump);
        let lead = node.trick[0];
        if f.partner_winning
            && lead & 15 > max4th.checked_ilog2().unwrap_or(0) as u8
            && (max4th != 0 || fourth_trumps == 0)
        {
            return -rank - 50;
        }
        let add = len * 64 / 50;
        let above_fourth = 1u16 << (card & 15) > fourth_trumps;
        if suit_of(f.winning) == trump && card & 15 < f.winning & 15 {
            let all = holding(f.all, trump);
            let place = 1 + (all >> (card & 15) >> 1).count_ones() as i16;
            -32 + place + len * 64 / 40
        } else if f.partner_winning {
            if max4th != 0 {
                // Partner led from the suit's second best: not ruffed.
                let start = holding(f.all, led) | 1u16 << (lead & 15);
                let second = start & !(1u16 << (15 - start.leading_zeros()));
                let second = 15 - second.leading_zeros();
                let partner_second = u32::from(lead & 15) == second
                    || holding(h[node.leader as usize], led) >> second & 1 != 0;
                if partner_second {
                    36 - rank + add
                } else {
                    48 - rank + add
                }
            } else if above_fourth {
                48 - rank + add
            } else {
                -12 - rank + add
            }
        } else if max4th != 0 {
            72 - rank + add
        } else if above_fourth {
            48 - rank + add
        } else {
            36 - rank + add
        }
    }

    /// DDS's fourth hand void in the suit led in a trump contract
    /// (`WeightAllocTrumpVoid3`): no ruff of partner's winner, an overruff
    /// or a cheap ruff that wins, else a discard from a long suit.
    fn fourth_hand_void_trump(&self, node: &Node, seat: usize, f: &Follow, card: u8) -> i16 {
        let trump = self.trump;
        let s = suit_of(card);
        let rank = i16::from(card & 15);
        let all = holding(f.all, s);
        // A ruff's place: one more than the cards of the suit above it.
        let place = || 1 + (all >> (card & 15) >> 1).count_ones() as i16;
        // A discard's (or a low trump's) value: its suit's length, less
        // for a guarded second best.
        let val = || {
            let mine = holding(node.hands[seat], s);
            let len = mine.count_ones() as usize;
            let rest = all & !(1u16 << (15 - all.leading_zeros()));
            let holds_second = rest != 0 && mine >> (15 - rest.leading_zeros()) & 1 != 0;
            DISCARD_BY_LENGTH_24[len] - if len == 2 && holds_second { 2 } else { 0 }
        };
        if f.led == trump {
            -rank + val()
        } else if f.partner_winning {
            if s == trump {
                2 - rank + val()
            } else {
                25 - rank + val()
            }
        } else if suit_of(f.winning) == trump {
            if s != trump {
                14 - rank + val()
            } else if card & 15 > f.winning & 15 {
                33 + place()
            } else {
                -13 + place()
            }
        } else if s == trump {
            33 + place()
        } else {
            14 - rank + val()
        }
    }

    #[inline]
    fn follow_score(&self, node: &Node, seat: usize, f: &Follow, card: u8) -> i16 {
        let trump = self.trump;
        let led = f.led;
        if suit_of(card) == led {
            if node.trick_len == 2 {
                return Self::third_hand_follow(f, card);
            }
        } else if trump != NOTRUMP && node.trick_len >= 2 {
            return if node.trick_len == 2 {
                self.third_hand_void_trump(node, seat, f, card)
            } else {
                self.fourth_hand_void_trump(node, seat, f, card)
            };
        }
        let winning = f.winning;
        let rank = i16::from(card & 15);
        let discard_penalty = || {
            if suit_of(card) != led && suit_of(card) != trump {
                // Discarding: from long suits, sparing a guarded second best
                // card and a bare top card.
                let s = suit_of(card);
                let mine = holding(node.hands[seat], s);
                let len = mine.count_ones() as i16;
                let all = holding(f.all, s);
                let top = 15 - all.leading_zeros();
                let rest = all & !(1u16 << top);
                let holds_second = rest != 0 && mine >> (15 - rest.leading_zeros()) & 1 != 0;
                let holds_top = mine >> top & 1 != 0;
                let mut add = f.by_length[len as usize];
                if len == 2 && holds_second {
                    add -= f.kx;
                } else if len == 1 && holds_top {
                    add -= f.bare_ace;
                }
                add
            } else {
                0
            }
        };
        let last = node.trick_len == 3;
        // Left here: the fourth hand following suit, and discards in
        // notrump.
        if f.partner_winning {
            -rank + discard_penalty()
        } else if beats(card, winning, trump) {
            debug_assert!(last);
            100 - rank
        } else {
            -rank + discard_penalty()
        }
    }
}

/// The trick as a follower's ordering sees it (see
/// [`Search::follow_context`]).
struct Follow {
    /// The suit led.
    led: usize,
    /// The card winning the trick so far.
    winning: u8,
    /// Whether the follower's partner is winning it.
    partner_winning: bool,
    /// A third hand's view of the trick (see [`ThirdHand`]).
    third: ThirdHand,
    /// The cards still in the hands.
    all: u64,
    /// The discard weights of this seat in the trick: a discard's weight
    /// by the length of its suit (`64 * length / divisor`, read from a
    /// table rather than divided by a divisor known only at run time), the
    /// penalty for a guarded second best and for a bare top.
    by_length: &'static [i16; 14],
    kx: i16,
    bare_ace: i16,
}

/// `64 * length / divisor` for the lengths 0 to 13: DDS's discard weight
/// of a suit by its length, for one of the follower's divisors.
const fn discard_by_length(divisor: i16) -> [i16; 14] {
    let mut weights = [0; 14];
    let mut len = 0;
    while len < 14 {
        weights[len] = len as i16 * 64 / divisor;
        len += 1;
    }
    weights
}

const DISCARD_BY_LENGTH_23: [i16; 14] = discard_by_length(23);
const DISCARD_BY_LENGTH_24: [i16; 14] = discard_by_length(24);
const DISCARD_BY_LENGTH_27: [i16; 14] = discard_by_length(27);
const DISCARD_BY_LENGTH_33: [i16; 14] = discard_by_length(33);

/// A third hand's view of the trick for the ordering of its cards.
#[derive(Clone, Copy)]
struct ThirdHand {
    /// Every card is ordered low first: partner wins the trick anyway, or
    /// our cards cannot matter.
    low: bool,
    /// The fourth hand is void in a side suit the second hand is winning:
    /// the cheapest card beating the second hand's first.
    cheap_beat: bool,
    /// The fourth hand's best card in the suit led (0 for none).
    max4th: u32,
    /// The card forcing out the fourth hand's best (see
    /// [`Search::forcing_card`]), or [`NO_MOVE`].
    force: u8,
    /// The card (a group's first) with which a third hand in notrump
    /// overtakes partner's winning lead to run the suit (see
    /// [`Search::unblocking_overtake`]), or [`NO_MOVE`].
    overtake: u8,
}

impl Default for ThirdHand {
    fn default() -> Self {
        ThirdHand {
            low: false,
            cheap_beat: false,
            max4th: 0,
            force: NO_MOVE,
            overtake: NO_MOVE,
        }
    }
}

/// What a second hand following suit weighs, as DDS's second-hand weights
/// see the trick, the same for each of its cards: the lead's rank, the
/// highest and lowest card of the third hand and of partner in the suit led
/// (0 for none), and the suit's cards in the hands and in ours.
#[derive(Clone, Copy)]
struct SecondHand {
    lead: u32,
    max3rd: u32,
    min3rd: u32,
    maxpd: u32,
    minpd: u32,
    in_hands: u16,
    mine: u16,
    /// In a trump contract: the third hand is void in the side suit led
    /// and holds trumps.
    third_ruffs: bool,
}

impl SecondHand {
    fn new(node: &Node, seat: usize, trump: usize) -> SecondHand {
        let led = suit_of(node.trick[0]);
        let h = &node.hands;
        let lho = h[(seat + 1) & 3];
        let third = holding(lho, led);
        let pd = holding(h[(seat + 2) & 3], led);
        let max = |x: u16| if x == 0 { 0 } else { 15 - x.leading_zeros() };
        let min = |x: u16| if x == 0 { 0 } else { x.trailing_zeros() };
        SecondHand {
            lead: u32::from(node.trick[0] & 15),
            max3rd: max(third),
            min3rd: min(third),
            maxpd: max(pd),
            minpd: min(pd),
            in_hands: holding(h[0] | h[1] | h[2] | h[3], led),
            mine: holding(h[seat], led),
            third_ruffs: trump != NOTRUMP && led != trump && third == 0 && holding(lho, trump) != 0,
        }
    }

    /// Ordering score of a second hand's card following suit in a trump
    /// contract, after DDS's `WeightAllocTrumpNotvoid1`: a card above the
    /// lead is low when partner, last, beats the lead and the third hand
    /// (unless the third hand ruffs), high when the third hand cannot beat
    /// it, else a sequence's top by its place or a low card first; a card
    /// below the lead by its place, higher when the third hand or partner
    /// holds only cards above it. The place counts the live cards of the
    /// suit above the card, the lead included (1 for the best).
    fn follow_trump(&self, card: u8, sequence: bool) -> i16 {
        let r = u32::from(card & 15);
        let rank = r as i16;
        let live = self.in_hands | 1u16 << self.lead;
        let place = || 1 + (live >> r >> 1).count_ones() as i16;
        if r > self.lead {
            if !self.third_ruffs && self.maxpd > self.lead && self.maxpd > self.max3rd {
                -rank
            } else if !(self.third_ruffs || self.max3rd > r) {
                90 - rank
            } else if sequence {
                10 + place()
            } else {
                13 - rank
            }
        } else if self.min3rd > r || self.minpd > r {
            -3 + place()
        } else {
            -11 + place()
        }
    }

    /// Ordering score of a second hand's card following suit in notrump,
    /// DDS's `WeightAllocNTNotvoid1`: low when partner beats both
    /// opponents; else a card that beats both first, then splitting a
    /// sequence, and low cards lowest first. The card's place counts from
    /// the top of the cards still in the hands (1 for the best); it is in
    /// a sequence when the next card down in the hands is ours too.
    fn follow_nt(&self, card: u8) -> i16 {
        let r = u32::from(card & 15);
        let rank = r as i16;
        let place = || 1 + (self.in_hands >> r >> 1).count_ones() as i16;
        if self.maxpd > self.lead && self.maxpd > self.max3rd {
            -rank
        } else if r > self.lead && r > self.max3rd {
            81 - rank
        } else if self.min3rd > r || self.minpd > r {
            -3 + place()
        } else if r < self.lead {
            -11 + place()
        } else {
            let below = self.in_hands & ((1u16 << r) - 1);
            if below != 0 && self.mine >> (15 - below.leading_zeros()) & 1 != 0 {
                10 + place()
            } else {
                13 - rank
            }
        }
    }
}

/// What a second hand void in the suit led weighs, the same for each of its
/// cards (DDS's `WeightAllocTrumpVoid1` and the second hand's discards of
/// `WeightAllocNTVoid1`).
#[derive(Clone, Copy)]
struct SecondVoid {
    /// The trump suit, or `NOTRUMP`.
    trump: usize,
    /// A trump contract and a side suit led: the hand may ruff.
    may_ruff: bool,
    /// Partner, last to play, will win the trick if we discard.
    partner_wins: bool,
    /// A ruff of ours is not overruffed by the third hand, whatever trump
    /// it is: the third hand follows, or partner overruffs it.
    ruff_stands: bool,
    /// The third hand's trumps.
    third_trumps: u16,
    /// Discard weights by the suit's length, and the penalties for a
    /// guarded second best card and a bare top card (notrump, or trumps
    /// led).
    by_length: &'static [i16; 14],
    kx: i16,
    bare_top: i16,
}

impl SecondVoid {
    fn new(node: &Node, seat: usize, trump: usize) -> SecondVoid {
        let led = suit_of(node.trick[0]);
        let h = &node.hands;
        let (third, fourth) = (h[(seat + 1) & 3], h[(seat + 2) & 3]);
        let lead_bit = 1u16 << (node.trick[0] & 15);
        let third_follows = holding(third, led) != 0;
        let fourth_wins_suit = holding(fourth, led) > (holding(third, led) | lead_bit);
        let may_ruff = trump != NOTRUMP && led != trump;
        let (third_trumps, fourth_trumps) = if may_ruff {
            (holding(third, trump), holding(fourth, trump))
        } else {
            (0, 0)
        };
        let fourth_ruffs = holding(fourth, led) == 0 && fourth_trumps != 0;
        let partner_wins = if third_follows {
            fourth_wins_suit || fourth_ruffs
        } else {
            (fourth_ruffs && fourth_trumps > third_trumps)
                || (third_trumps == 0 && fourth_wins_suit)
        };
        let (by_length, kx, bare_top) = if fourth_wins_suit {
            (&DISCARD_BY_LENGTH_23, 2, 3)
        } else {
            (&DISCARD_BY_LENGTH_33, 6, 8)
        };
        SecondVoid {
            trump,
            may_ruff,
            partner_wins,
            ruff_stands: third_follows
                || (third_trumps != 0 && fourth_ruffs && fourth_trumps > third_trumps),
            third_trumps,
            by_length,
            kx,
            bare_top,
        }
    }

    /// Ordering score of `card`, of a suit in which we hold `mine` and the
    /// hands hold `all`: in notrump or with trumps led, a discard from a
    /// long suit, sparing a guarded second best card and a bare top card;
    /// with a side suit led, a discard when partner will win the trick,
    /// else a ruff, cheaply unless the third hand overruffs.
    #[inline]
    fn score(&self, card: u8, mine: u16, all: u16) -> i16 {
        let rank = i16::from(card & 15);
        let len = mine.count_ones() as i16;
        let top = 15 - all.leading_zeros();
        let rest = all & !(1u16 << top);
        let guarded_second = len == 2 && rest != 0 && mine >> (15 - rest.leading_zeros()) & 1 != 0;
        if !self.may_ruff {
            let bare_top = len == 1 && mine >> top & 1 != 0;
            let penalty = if guarded_second {
                self.kx
            } else if bare_top {
                self.bare_top
            } else {
                0
            };
            return -rank + self.by_length[len as usize] - penalty;
        }
        let kx = if guarded_second { 4 } else { 0 };
        if suit_of(card) != self.trump {
            -rank
                + if self.partner_wins {
                    60 + len * 64 / 44
                } else {
                    -2 + len * 64 / 36 - kx
                }
        } else if self.ruff_stands || 1u16 << (card & 15) > self.third_trumps {
            24 - rank + len * 64 / 44
        } else {
            // Overruffed: make the trick cost the opponents.
            15 - rank + len * 64 / 36 - kx
        }
    }
}

impl Search {
    /// What the ordering of leads in a trump contract needs of suit `s`,
    /// after DDS's weights (`WeightAllocTrump0`): cheap trees first (suits
    /// where the opponents have few cards), suits the opponents cannot ruff
    /// and partner can, then leads that win the trick, by who holds the
    /// best cards of the suit. See [`LeadSuit::trump_score`].
    fn trump_lead_suit(&self, node: &Node, seat: usize, s: usize) -> LeadSuit {
        let trump = self.trump;
        let h = &node.hands;
        let partner = (seat + 2) & 3;
        let (lho, rho) = ((seat + 1) & 3, (seat + 3) & 3);
        let len = |x: usize| holding(h[x], s).count_ones() as i16;
        let trumps = |x: usize| holding(h[x], trump);
        let [winner, second, third] = best_owners(h, s);
        let hand_size = h[seat].count_ones() as i16;
        let count = |x: usize| if len(x) == 0 { hand_size } else { len(x) } * 4;
        let mut delta = -((count(lho) + count(rho)) * 32 / 13);
        let side = s != trump;
        let can_ruff = |x: usize| len(x) == 0 && trumps(x) != 0;
        if side && (can_ruff(lho) || can_ruff(rho)) {
            delta -= 12;
        }
        if side && can_ruff(partner) && len(rho) > 0 {
            delta += 17;
        }
        if winner == Some(rho) || second == Some(rho) {
            if len(rho) != 1 {
                delta -= 12;
            }
        } else if winner == Some(lho) && second == Some(partner) && len(partner) != 1 {
            delta += 27;
        }
        if side
            && len(seat) == 1
            && trumps(seat) != 0
            && len(partner) > 1
            && winner == Some(partner)
        {
            delta += 19;
        }
        let no_ruff = |o: usize| len(o) != 0 || trumps(o) == 0;
        // Partner's ruff stands against every opponent who could overruff.
        let overruffs = |o: usize| len(o) != 0 || trumps(partner) > trumps(o);
        let opponents_best = holding(h[lho], s) | holding(h[rho], s);
        let top_wins = !side
            || if len(partner) != 0 || trumps(partner) == 0 {
                no_ruff(lho) && no_ruff(rho)
            } else {
                overruffs(lho) && overruffs(rho)
            };
        let other_wins = if holding(h[partner], s) > opponents_best {
            !side || (no_ruff(lho) && no_ruff(rho))
        } else if side && can_ruff(partner) {
            overruffs(lho) && overruffs(rho)
        } else {
            false
        };
        let mut lose_delta = delta;
        lose_delta += match second_and_third(seat, second, third, len(partner)) {
            Some(Holders::Partner) => 20,
            Some(Holders::Split) => 13,
            None => 0,
        };
        LeadSuit {
            win_delta: delta,
            lose_delta,
            we_head: winner == Some(seat),
            partner_heads: winner == Some(partner),
            partner_second: second == Some(partner),
            we_second: second == Some(seat),
            singleton_winner: (len(lho) == 1 && winner == Some(lho))
                || (len(rho) == 1 && winner == Some(rho)),
            top_wins,
            other_wins,
            ..LeadSuit::default()
        }
    }
}

/// Who of the leader's side holds a suit's second and third best cards,
/// where DDS's lead weights reward it (see [`second_and_third`]).
enum Holders {
    /// Partner holds both.
    Partner,
    /// The leader one and partner, with two cards or more, the other.
    Split,
}

/// [`Holders`] of a suit from the owners of its second and third best cards
/// and partner's length in it, for a lead by `seat`; `None` otherwise.
fn second_and_third(
    seat: usize,
    second: Option<usize>,
    third: Option<usize>,
    partner_len: i16,
) -> Option<Holders> {
    let partner = Some((seat + 2) & 3);
    let seat = Some(seat);
    if second == partner && third == partner {
        Some(Holders::Partner)
    } else if partner_len > 1
        && ((second == seat && third == partner) || (second == partner && third == seat))
    {
        Some(Holders::Split)
    } else {
        None
    }
}

/// What the ordering of leads needs of one suit, the same for every lead
/// of the suit (see [`Search::lead_suit`] and [`Search::trump_lead_suit`]).
#[derive(Clone, Copy, Default)]
struct LeadSuit {
    /// The score's part from the suit where a lead wins the trick, and
    /// where it does not.
    win_delta: i16,
    lose_delta: i16,
    /// The leader holds the suit's best card.
    we_head: bool,
    /// Partner holds it.
    partner_heads: bool,
    /// Partner holds the second best card (trump contracts).
    partner_second: bool,
    /// The leader holds the second best card (trump contracts).
    we_second: bool,
    /// Partner's best card beats both opponents' (notrump).
    partner_beats: bool,
    /// An opponent holds the best card bare.
    singleton_winner: bool,
    /// Whether the suit's best card wins the trick, and whether a lower
    /// card does (trump contracts: ruffs and overruffs).
    top_wins: bool,
    other_wins: bool,
}

impl LeadSuit {
    /// A lead's score in notrump, and whether it wins the trick for our
    /// side (the branch DDS's bonuses depend on).
    #[inline]
    fn nt_score(&self, card: u8, live: u64, sequence: bool) -> (i16, bool) {
        let all = holding(live, suit_of(card));
        let above = all >> (card & 15) >> 1;
        // The card's place in its suit: 1 for the best card still in play.
        let rank = 1 + above.count_ones() as i16;
        let top = self.we_head && above == 0;
        if top || self.partner_beats {
            return (self.win_delta + rank, true);
        }
        let base = if self.singleton_winner {
            28 + rank
        } else if self.we_head {
            rank - 17
        } else if !sequence {
            12 + rank
        } else if rank == 2 {
            48
        } else {
            29 - rank
        };
        (self.lose_delta + base, false)
    }

    /// A lead's score in a trump contract, and whether it wins the trick
    /// for our side.
    #[inline]
    fn trump_score(&self, card: u8, live: u64, sequence: bool) -> (i16, bool) {
        let all = holding(live, suit_of(card));
        let rank = i16::from(card & 15);
        let place = 1 + (all >> (card & 15) >> 1).count_ones() as i16;
        let is_top = place == 1;
        let win = if is_top {
            self.top_wins
        } else {
            self.other_wins
        };
        let score = if win {
            let delta = self.win_delta;
            if self.singleton_winner {
                delta + 35 + place
            } else if self.we_head {
                if self.partner_second {
                    delta + 48 + place
                } else if is_top {
                    delta + 31
                } else {
                    delta - 3 + place
                }
            } else if self.partner_heads {
                if self.we_second {
                    delta + 42 + place
                } else {
                    delta + 28 + place
                }
            } else if sequence && place == 2 {
                delta + 40
            } else if sequence {
                delta + 22 + place
            } else {
                delta + 11 + place
            }
        } else {
            let delta = self.lose_delta;
            if self.singleton_winner {
                delta + place + 2
            } else if self.we_head {
                if self.partner_second {
                    delta + 33 + place
                } else if is_top {
                    delta + 38
                } else {
                    delta - 14 + place
                }
            } else if self.partner_heads {
                delta + 34 + place
            } else if sequence && place == 2 {
                delta + 35
            } else {
                delta + 17 - rank
            }
        };
        (score, win)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quick::tests::hands;
    use cards::Card;

    /// A card as the search indexes it.
    fn card(name: &str) -> u8 {
        let c: Card = name.parse().unwrap();
        16 * c.suit.index() as u8 + c.rank.number()
    }

    /// East has led the diamond king, his last diamond, and South has
    /// discarded a club: West to play with `west`, North last with `north`.
    fn after_the_king(north: &str, west: &str) -> Node {
        let pbn = format!("N:.2.{north}. .3..2 2...4 ..{west}.");
        Node::new(hands(&pbn), [card("DK"), card("C3"), 0], 2, 1)
    }

    #[test]
    fn the_move_list_keeps_scores_descending_and_ties_in_order() {
        let mut list = MoveList::new();
        for (card, score, low) in [
            (20, -5, 18),
            (40, 7, 40),
            (3, -5, 2),
            (60, 7, 58),
            (9, 0, 9),
        ] {
            list.push(card, score, low);
        }
        let moves: Vec<(u8, u8)> = (0..list.len).map(|i| (list.card(i), list.low(i))).collect();
        assert_eq!(moves, [(40, 40), (60, 58), (9, 9), (20, 18), (3, 2)]);
        let mut list = MoveList::new();
        list.push(1, i16::MIN, 1);
        list.push(2, i16::MAX, 2);
        assert_eq!((list.card(0), list.card(1)), (2, 1));
    }

    /// A random deal of `cards` cards a hand, `leader` on lead, with
    /// `played` legal cards at random on the table (the suit led when the
    /// hand holds it).
    fn random_trick(
        rng: &mut rand_chacha::ChaCha8Rng,
        cards: usize,
        leader: u8,
        trump: usize,
        played: usize,
    ) -> Node {
        use cards::{Deal, Seat};
        use rand::Rng;
        let deal = Deal::random_from_full_deck(rng, cards);
        let h = deal.hands();
        let mut node = Node::new(
            std::array::from_fn(|x| h[Seat::ALL[x]].0),
            [0; 3],
            0,
            leader,
        );
        for _ in 0..played {
            let hand = node.hands[node.mover()];
            let led = (node.trick_len > 0).then(|| suit_of(node.trick[0]));
            let legal = match led {
                Some(s) if holding(hand, s) != 0 => hand & (0xffff << (16 * s)),
                _ => hand,
            };
            let mut rest = legal;
            for _ in 0..rng.gen_range(0..legal.count_ones()) {
                rest &= rest - 1;
            }
            node = node.play(rest.trailing_zeros() as u8, trump).0;
        }
        node
    }

    #[test]
    fn the_third_hand_playing_low_orders_its_cards_as_their_scores() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(35);
        let mut search = Search::new(10);
        let mut checked = 0;
        for i in 0..20_000 {
            search.trump = i % 5;
            let node = random_trick(&mut rng, 2 + i % 12, (i % 4) as u8, search.trump, 2);
            let seat = node.mover();
            let led = suit_of(node.trick[0]);
            let f = search.follow_context(&node, seat);
            if holding(node.hands[seat], led) == 0 || !f.third.low {
                continue;
            }
            // The general ordering: each group scored, sorted by score,
            // ties to the first found (highest first).
            let lane = node.hands[seat] & 0xffff << (16 * led);
            let (tops, _) = search.group_ends(lane, node.live());
            let mut expected: Vec<(i16, u8)> = (0..64)
                .rev()
                .filter(|&c| tops >> c & 1 != 0)
                .map(|c| (Search::third_hand_follow(&f, c), c))
                .collect();
            expected.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
            let mut moves = MoveList::new();
            search.generate(&node, seat, NO_MOVE, &mut moves);
            let cards: Vec<u8> = (0..moves.len).map(|i| moves.card(i)).collect();
            let expected: Vec<u8> = expected.iter().map(|&(_, c)| c).collect();
            assert_eq!(cards, expected, "{node:?}");
            checked += usize::from(cards.len() > 1);
        }
        assert!(checked > 2_000, "{checked} third hands playing low");
    }

    #[test]
    fn the_last_hands_first_move_is_the_orderings_first() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(33);
        let mut search = Search::new(10);
        let mut checked = 0;
        for i in 0..20_000 {
            search.trump = i % 5;
            let node = random_trick(&mut rng, 1 + i % 13, (i % 4) as u8, search.trump, 3);
            let seat = node.mover();
            if let Some(first) = search.fourth_hand_first(&node, seat, node.winning(search.trump)) {
                let mut moves = MoveList::new();
                search.generate(&node, seat, NO_MOVE, &mut moves);
                assert_eq!((moves.card(0), moves.low(0)), first, "{node:?}");
                checked += 1;
            }
        }
        assert!(
            checked > 10_000,
            "{checked} positions with a hand following suit"
        );
    }

    #[test]
    fn third_hand_overtakes_to_run_the_suit_partner_cannot_continue() {
        let search = Search::new(10);
        // After the ace, West's queen and five against North's one card
        // left: the suit runs.
        let node = after_the_king("T9", "AQ5");
        assert_eq!(
            search.unblocking_overtake(&node, 3, 2, card("DK")),
            card("DA")
        );
        // North keeps two diamonds after the trick: the queen alone does not
        // outlast them.
        let node = after_the_king("T98", "AQ5");
        assert_eq!(search.unblocking_overtake(&node, 3, 2, card("DK")), NO_MOVE);
        // North holds the queen: West's run is the ace alone.
        let node = after_the_king("Q9", "A85");
        assert_eq!(search.unblocking_overtake(&node, 3, 2, card("DK")), NO_MOVE);
        // The king was the last diamond: nothing to overtake with (this
        // once overflowed in a debug build).
        let node = after_the_king("", "");
        assert_eq!(search.unblocking_overtake(&node, 3, 2, card("DK")), NO_MOVE);
    }

    #[test]
    fn second_hand_in_notrump_plays_low_when_partner_beats_both_opponents() {
        // West leads the diamond jack; North holds QT8, East K5 and South
        // the ace: North plays low, the eight first.
        let node = Node::new(
            hands("N:..QT8. ..K5. ..A4. ..97."),
            [card("DJ"), 0, 0],
            1,
            3,
        );
        let score = |c| SecondHand::new(&node, 0, crate::NOTRUMP).follow_nt(card(c));
        assert!(score("D8") > score("DT") && score("DT") > score("DQ"));
        // Without the ace in South, North's queen cannot beat East's king
        // but, in sequence with the ten now that the jack is played, is
        // split first; of the low cards the lowest comes first.
        let node = Node::new(hands("N:..QT8. ..K5. ..64. ..97."), node.trick, 1, 3);
        let score = |c| SecondHand::new(&node, 0, crate::NOTRUMP).follow_nt(card(c));
        assert!(score("DQ") > score("D8") && score("D8") > score("DT"));
    }

    #[test]
    fn second_hand_void_in_trumps_ruffs_unless_partner_wins() {
        let spades = suit_of(card("S2"));
        // Spades are trumps. West leads the diamond jack, East follows and
        // North, void, holds a trump and two clubs. With South's ace over
        // East's king, North discards and leaves the trick to partner.
        let node = Node::new(
            hands("N:2...43 ..K5.2 ..A4.T ..97."),
            [card("DJ"), 0, 0],
            1,
            3,
        );
        let void = SecondVoid::new(&node, 0, spades);
        let all = node.hands.iter().fold(0, |a, h| a | h);
        let score = |c| {
            let c = card(c);
            let s = suit_of(c);
            void.score(c, holding(node.hands[0], s), holding(all, s))
        };
        assert!(score("C3") > score("S2"));
        // South's diamonds too low: North ruffs.
        let node = Node::new(hands("N:2...43 ..K5.2 ..84.T ..97."), node.trick, 1, 3);
        let void = SecondVoid::new(&node, 0, spades);
        let all = node.hands.iter().fold(0, |a, h| a | h);
        let score = |c| {
            let c = card(c);
            let s = suit_of(c);
            void.score(c, holding(node.hands[0], s), holding(all, s))
        };
        assert!(score("S2") > score("C3") && score("S2") > score("C4"));
    }

    #[test]
    fn second_hand_in_trumps_covers_when_the_third_hand_would_ruff() {
        let spades = suit_of(card("S2"));
        // Spades are trumps. West leads the diamond jack; North holds QT8,
        // South the ace: with East following, North plays low, the eight
        // first, as in notrump.
        let node = Node::new(
            hands("N:..QT8. ..K5.2 ..A4.3 ..97."),
            [card("DJ"), 0, 0],
            1,
            3,
        );
        let score = |c| SecondHand::new(&node, 0, spades).follow_trump(card(c), false);
        assert!(score("D8") > score("DT") && score("DT") > score("DQ"));
        // East void in diamonds with a trump would ruff South's ace: North
        // covers with the queen rather than leave the trick to partner.
        let node = Node::new(hands("N:..QT8. 2...K5 ..A4.3 ..97."), node.trick, 1, 3);
        let score = |c| SecondHand::new(&node, 0, spades).follow_trump(card(c), false);
        assert!(score("DQ") > score("D8") && score("DQ") > score("DT"));
    }
}

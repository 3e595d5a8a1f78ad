//! The trick-costs paper's public code's choices where its text says
//! nothing or otherwise, kept apart so that the searches' own behaviour
//! stays the text's: the cards it tries ([`CodeCandidates`], behind
//! [`Candidates::PaperCode`](crate::Candidates::PaperCode)); its playouts
//! are [`Playout::PaperCode`](crate::Playout::PaperCode), played by the
//! `open-solver` crate.
//!
//! The code (samuelbounan/TrickGame, read, nothing copied) passes every
//! set of legal cards through its rules' `reduce_legal` before its tree
//! searches, its exact searches and its playouts. Walking a hand's legal
//! cards upward in each suit's order, a card that touches the one below
//! it (no card of the suit still in a hand lies between them) is dropped
//! when it is worth less than 2 points more. A touching pair worth 2 or
//! more apart keeps both, unless the trick's winner is already certain
//! (the mover plays last, or a trump on the table beats every trump left
//! in the hands): then the lower is dropped when the mover's team wins the
//! trick and the higher when it loses. Cards on the table do not count
//! between two cards, so a queen and a ten over a jack on the table
//! touch, and the code tries the ten alone. In bridge, where no card is
//! worth a point, every run of touching cards comes down to its lowest.
//!
//! One reading choice: the code's test for a certain winner reads the
//! trick's cards by seat as `leader + i` without wrapping round the table,
//! which for a leader late in the order reads past the trick (undefined
//! behaviour in C++), and when no trump is left in the hands it asks for
//! the highest of none (undefined too). Here the seats wrap, and with no
//! trump left any trump on the table settles the trick, as the test means.

use cards::{Hand, Suit};
use games::{Trick, TrickGame};

/// The trick-costs paper's public code's choice of cards
/// ([`crate::Candidates::PaperCode`]) for one game, with the game's card order
/// and points made once.
#[derive(Clone, Debug)]
pub struct CodeCandidates {
    /// Per card bit: its rank in its suit's order (higher beats lower).
    power: [u8; 64],
    /// Per card bit: its points.
    points: [u32; 64],
    trump: Option<Suit>,
    /// The card bits of the suits whose order is their bits' order and
    /// whose cards are all within a point of each other (every suit in
    /// bridge): there a touching card always goes, and a walk over the
    /// bits settles it without sorting.
    plain_suits: u64,
}

impl CodeCandidates {
    /// The choice for `game`.
    pub fn new<G: TrickGame>(game: &G) -> CodeCandidates {
        let deck = game.deck();
        let mut power = [0u8; 64];
        let mut points = [0u32; 64];
        for card in deck.iter() {
            let bit = card.bit() as usize;
            points[bit] = game.card_points(card);
            power[bit] = deck
                .iter()
                .filter(|&o| o.suit == card.suit && game.beats(card, o, card.suit))
                .count() as u8;
        }
        let in_bit_order = games::suits_in_bit_order(game);
        let plain_suits = Suit::ALL
            .into_iter()
            .filter(|&suit| {
                let cards: Vec<usize> = deck
                    .iter()
                    .filter(|c| c.suit == suit)
                    .map(|c| c.bit() as usize)
                    .collect();
                let lowest = cards.iter().map(|&b| points[b]).min().unwrap_or(0);
                let highest = cards.iter().map(|&b| points[b]).max().unwrap_or(0);
                in_bit_order & Hand::suit_mask(suit) != 0 && highest - lowest < 2
            })
            .fold(0, |m, suit| m | Hand::suit_mask(suit));
        CodeCandidates {
            power,
            points,
            trump: game.trump(),
            plain_suits,
        }
    }

    /// The same choice made by the general walk (each suit's legal cards
    /// sorted by power) in every suit, bridge's too: slower, kept so that
    /// tests can hold the walk over bits to it.
    #[must_use]
    pub fn walking_every_suit(mut self) -> CodeCandidates {
        self.plain_suits = 0;
        self
    }

    /// The cards of `legal` that the code tries for the seat to move to
    /// `trick`, `in_hands` being every card still in a hand (the trick's
    /// cards are not).
    #[inline]
    pub fn reduce<G: TrickGame>(
        &self,
        game: &G,
        legal: Hand,
        in_hands: Hand,
        trick: &Trick,
    ) -> Hand {
        let kept = self.reduce_plain(legal.0, in_hands.0);
        if legal.0 & !self.plain_suits == 0 {
            return Hand(kept);
        }
        self.reduce_other_suits(game, kept, legal, in_hands, trick)
    }

    /// Whether the choice reads the legal cards alone, never the cards in
    /// the hands: every suit is plain (see `plain_suits`), as in bridge.
    #[must_use]
    pub const fn reads_legal_only(&self) -> bool {
        const EVERY_SUIT: u64 = Hand::suit_mask(Suit::Spades)
            | Hand::suit_mask(Suit::Hearts)
            | Hand::suit_mask(Suit::Diamonds)
            | Hand::suit_mask(Suit::Clubs);
        self.plain_suits & EVERY_SUIT == EVERY_SUIT
    }

    /// The lowest card bit of those the code tries (the card its playouts
    /// play), `legal` holding at least one card. The lowest legal card of a
    /// plain suit (see `plain_suits`) is always tried, so the choice is
    /// made only when the lowest legal card lies in another suit.
    #[inline]
    pub fn lowest_tried<G: TrickGame>(
        &self,
        game: &G,
        legal: Hand,
        in_hands: Hand,
        trick: &Trick,
    ) -> u32 {
        let lowest = legal.0.trailing_zeros();
        if self.plain_suits >> lowest & 1 != 0 {
            return lowest;
        }
        self.reduce(game, legal, in_hands, trick).0.trailing_zeros()
    }

    /// [`CodeCandidates::reduce`] in the suits that are not plain, from
    /// `kept`, the legal cards with the plain suits done.
    fn reduce_other_suits<G: TrickGame>(
        &self,
        game: &G,
        mut kept: u64,
        legal: Hand,
        in_hands: Hand,
        trick: &Trick,
    ) -> Hand {
        let mut known_winner: Option<bool> = None;
        for suit in Suit::ALL {
            if Hand::suit_mask(suit) & self.plain_suits != 0 {
                continue;
            }
            // The suit's legal cards by power, and the powers of the
            // suit's cards in the hands (no allocation: this runs at every
            // node of the code's searches).
            let mut by_power = [u8::MAX; 16];
            let mut count = 0;
            for b in bits(legal.0 & Hand::suit_mask(suit)) {
                by_power[usize::from(self.power[b as usize])] = b as u8;
                count += 1;
            }
            if count < 2 {
                continue;
            }
            let held = bits(in_hands.0 & Hand::suit_mask(suit))
                .fold(0u32, |m, b| m | 1 << self.power[b as usize]);
            let mut cards = by_power
                .iter()
                .filter(|&&b| b != u8::MAX)
                .map(|&b| usize::from(b));
            let mut low = cards.next().expect("two cards");
            for high in cards {
                let (pl, ph) = (self.power[low], self.power[high]);
                let between = ((1u32 << ph) - 1) & !((1u32 << (pl + 1)) - 1);
                // Touching: no card of the suit in a hand between them.
                if held & between == 0 {
                    if i64::from(self.points[high]) - i64::from(self.points[low]) < 2 {
                        kept &= !(1u64 << high);
                    } else if *known_winner
                        .get_or_insert_with(|| self.winner_known(in_hands, trick))
                    {
                        let movers_win = game.winner(trick).side() == trick.to_move().side();
                        kept &= !(1u64 << if movers_win { low } else { high });
                    }
                }
                // The next card is compared with this one, dropped or not.
                low = high;
            }
        }
        Hand(kept)
    }

    /// `legal` without the cards of plain suits (see `plain_suits`) that
    /// touch the legal card below them: those whose nearest card below
    /// that is legal or in a hand is legal.
    ///
    /// One addition finds, for every legal card at once, the nearest such
    /// card above it: a carry started just above a legal card runs through
    /// the bits of cards that are neither and stops at the first that is
    /// (or at bit 15 of the suit, never a card, so that it stays in its
    /// suit). No carry crosses another's start, since a legal card is
    /// itself a stop. The legal cards so reached are the ones dropped.
    #[inline]
    fn reduce_plain(&self, legal: u64, in_hands: u64) -> u64 {
        const SUIT_TOPS: u64 = 0x8000_8000_8000_8000;
        let walked = legal & self.plain_suits;
        let stops = (legal | in_hands) & self.plain_suits;
        let reached = (!stops & !SUIT_TOPS).wrapping_add(walked << 1) & stops;
        legal & !(walked & reached)
    }

    /// Whether the trick's winner is certain before the mover plays: it
    /// plays last, or a trump on the table beats every trump in the hands.
    fn winner_known(&self, in_hands: Hand, trick: &Trick) -> bool {
        if trick.len() == 3 {
            return true;
        }
        let Some(trump) = self.trump else {
            return false;
        };
        let best_left = bits(in_hands.0 & Hand::suit_mask(trump))
            .map(|b| self.power[b as usize])
            .max();
        trick
            .cards()
            .any(|c| c.suit == trump && best_left.is_none_or(|p| self.power[c.bit() as usize] > p))
    }
}

fn bits(mut set: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let b = set.trailing_zeros();
            set &= set - 1;
            b
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::{Card, Seat};
    use games::Belote;

    fn hand(cards: &[&str]) -> Hand {
        cards.iter().map(|c| c.parse::<Card>().unwrap()).collect()
    }

    /// Belote with hearts trumps; spades in their plain order 7 8 9 J Q K
    /// T A (0 0 0 2 3 4 10 11 points).
    fn tried(legal: &[&str], others: &[&str], trick: &[&str], leader: Seat) -> Hand {
        let game = Belote::new(Suit::Hearts);
        let trick = trick
            .iter()
            .fold(Trick::new(leader), |t, c| t.with(c.parse().unwrap()));
        let in_hands = hand(legal).union(hand(others));
        CodeCandidates::new(&game).reduce(&game, hand(legal), in_hands, &trick)
    }

    #[test]
    fn touching_cards_within_a_point_come_down_to_the_lowest() {
        let others = ["S9", "DA"];
        assert_eq!(
            tried(&["S7", "S8"], &others, &[], Seat::North),
            hand(&["S7"])
        );
        assert_eq!(
            tried(&["SQ", "SK", "DA"], &[], &[], Seat::North),
            hand(&["SQ", "DA"])
        );
        // A run of three: each drops against the one below it.
        assert_eq!(
            tried(&["SJ", "SQ", "SK"], &[], &[], Seat::North),
            hand(&["SJ"])
        );
        // A card of the suit in another hand keeps them apart.
        assert_eq!(
            tried(&["S7", "SJ"], &others, &[], Seat::North),
            hand(&["S7", "SJ"])
        );
    }

    #[test]
    fn touching_cards_far_apart_in_points_stay_unless_the_trick_is_settled() {
        // King and ten touch (4 and 10 points): both tried by a leader.
        assert_eq!(
            tried(&["SK", "ST"], &["SA"], &[], Seat::North),
            hand(&["SK", "ST"])
        );
        // Played last (West, after North, East and South) with partner
        // East winning, the ten alone (more points to the partner); with
        // the opponents winning, the king alone.
        let partner_wins = ["S7", "SA", "S8"];
        assert_eq!(
            tried(&["SK", "ST"], &[], &partner_wins, Seat::North),
            hand(&["ST"])
        );
        let they_win = ["SA", "S7", "S8"];
        assert_eq!(
            tried(&["SK", "ST"], &[], &they_win, Seat::North),
            hand(&["SK"])
        );
        // Third to play: unsettled, unless a trump on the table beats
        // every trump in the hands.
        assert_eq!(
            tried(&["SK", "ST"], &["HJ"], &["S7", "H9"], Seat::East),
            hand(&["SK", "ST"])
        );
        assert_eq!(
            tried(&["SK", "ST"], &["H7"], &["S7", "H9"], Seat::East),
            hand(&["SK"])
        );
    }

    #[test]
    fn cards_on_the_table_do_not_keep_two_cards_apart() {
        // The eight on the table lies between the seven and the nine: for
        // the code they touch, and it tries the seven alone; in a hand, the
        // eight keeps them apart.
        assert_eq!(
            tried(&["S7", "S9"], &["SA"], &["S8"], Seat::East),
            hand(&["S7"])
        );
        assert_eq!(
            tried(&["S7", "S9"], &["S8"], &["SA"], Seat::East),
            hand(&["S7", "S9"])
        );
    }
}

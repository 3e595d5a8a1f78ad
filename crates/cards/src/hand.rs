use crate::{Card, Rank, Suit};
use std::fmt;

/// The ranks held in one suit: bit `r` set for the rank of number `r`
/// (bits 2 to 14).
pub type Holding = u16;

/// A set of cards as a bitboard: 16 bits per suit (spades lowest), the bit of
/// a card inside its suit being its rank number (2 to 14).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Hand(pub u64);

impl Hand {
    /// No card.
    pub const EMPTY: Hand = Hand(0);
    /// All 52 cards.
    pub const FULL_DECK: Hand = Hand(0x7ffc_7ffc_7ffc_7ffc);

    /// The mask of one suit's 16 bits inside a hand.
    #[inline]
    #[must_use]
    pub const fn suit_mask(suit: Suit) -> u64 {
        0x7ffc << (16 * suit as u32)
    }

    /// Whether the card is in the set.
    #[inline]
    #[must_use]
    pub const fn contains(self, card: Card) -> bool {
        self.0 >> card.bit() & 1 != 0
    }

    /// Adds a card; returns whether it was absent.
    #[inline]
    pub fn insert(&mut self, card: Card) -> bool {
        let absent = !self.contains(card);
        self.0 |= 1 << card.bit();
        absent
    }

    /// Removes a card; returns whether it was present.
    #[inline]
    pub fn remove(&mut self, card: Card) -> bool {
        let present = self.contains(card);
        self.0 &= !(1 << card.bit());
        present
    }

    /// Number of cards.
    #[inline]
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The ranks held in a suit.
    #[inline]
    #[must_use]
    pub const fn holding(self, suit: Suit) -> Holding {
        (self.0 >> (16 * suit as u32)) as u16 & 0x7ffc
    }

    /// Number of cards held in a suit.
    #[inline]
    #[must_use]
    pub const fn suit_len(self, suit: Suit) -> usize {
        self.holding(suit).count_ones() as usize
    }

    /// High card points (A=4, K=3, Q=2, J=1).
    #[must_use]
    pub fn hcp(self) -> u32 {
        self.iter().map(|c| u32::from(c.rank.hcp())).sum()
    }

    /// The cards, spades first, each suit from the ace down.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        Suit::ALL.into_iter().flat_map(move |suit| {
            let holding = self.holding(suit);
            Rank::DESCENDING
                .into_iter()
                .filter(move |r| holding >> *r as u32 & 1 != 0)
                .map(move |rank| Card::new(suit, rank))
        })
    }

    /// Union of two sets.
    #[inline]
    #[must_use]
    pub const fn union(self, other: Hand) -> Hand {
        Hand(self.0 | other.0)
    }

    /// Intersection of two sets.
    #[inline]
    #[must_use]
    pub const fn intersection(self, other: Hand) -> Hand {
        Hand(self.0 & other.0)
    }

    /// The PBN form of the hand, `AKQ.JT9.-.` style with `.` between suits
    /// (spades first) and nothing for a void.
    #[must_use]
    pub fn to_pbn(self) -> String {
        let mut out = String::with_capacity(17);
        for (i, suit) in Suit::ALL.into_iter().enumerate() {
            if i > 0 {
                out.push('.');
            }
            let holding = self.holding(suit);
            for rank in Rank::DESCENDING {
                if holding >> rank as u32 & 1 != 0 {
                    out.push(rank.letter());
                }
            }
        }
        out
    }
}

impl FromIterator<Card> for Hand {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut hand = Hand::EMPTY;
        for card in iter {
            hand.insert(card);
        }
        hand
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hand({})", self.to_pbn())
    }
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_pbn())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_deck_has_52_cards_in_order() {
        let cards: Vec<Card> = Hand::FULL_DECK.iter().collect();
        assert_eq!(cards.len(), 52);
        assert!(cards.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(cards[0].to_string(), "SA");
        assert_eq!(cards[51].to_string(), "C2");
    }

    #[test]
    fn insert_remove_and_counts() {
        let mut hand = Hand::EMPTY;
        let card: Card = "HQ".parse().unwrap();
        assert!(hand.insert(card));
        assert!(!hand.insert(card));
        assert_eq!(hand.len(), 1);
        assert_eq!(hand.suit_len(Suit::Hearts), 1);
        assert_eq!(hand.hcp(), 2);
        assert_eq!(hand.to_pbn(), ".Q..");
        assert!(hand.remove(card));
        assert!(hand.is_empty());
    }
}

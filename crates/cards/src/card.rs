use crate::{Rank, Suit};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A playing card. Written suit first, as in `SA`, `HT`, `C2`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Card {
    /// Its suit.
    pub suit: Suit,
    /// Its rank.
    pub rank: Rank,
}

impl Card {
    /// A card of this suit and rank.
    #[inline]
    #[must_use]
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card { suit, rank }
    }

    /// The bit index of the card in a [`crate::Hand`]: `16 * suit + rank`.
    #[inline]
    #[must_use]
    pub const fn bit(self) -> u32 {
        16 * self.suit as u32 + self.rank as u32
    }

    /// The card whose [`Card::bit`] is `bit`, if any.
    #[must_use]
    pub const fn from_bit(bit: u32) -> Option<Card> {
        if bit >= 64 {
            return None;
        }
        match Rank::from_number((bit % 16) as u8) {
            Some(rank) => Some(Card {
                suit: Suit::from_index((bit / 16) as usize),
                rank,
            }),
            None => None,
        }
    }
}

impl PartialOrd for Card {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// Cards sort by suit in PBN order (spades first), then by rank descending,
/// which is the order a hand is written in.
impl Ord for Card {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.suit
            .cmp(&other.suit)
            .then_with(|| other.rank.cmp(&self.rank))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit, self.rank)
    }
}

/// A string that names no card.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown card {} (expected suit then rank, as in SA, HT, D10, C2)", crate::quoted(.0))]
pub struct ParseCardError(pub String);

impl FromStr for Card {
    type Err = ParseCardError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseCardError(s.to_string());
        let mut chars = s.chars();
        let suit = chars.next().and_then(Suit::from_letter).ok_or_else(err)?;
        let rank: Rank = chars.as_str().parse().map_err(|_| err())?;
        Ok(Card { suit, rank })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_every_card() {
        for suit in Suit::ALL {
            for rank in Rank::DESCENDING {
                let card = Card::new(suit, rank);
                let text = card.to_string();
                assert_eq!(text.parse::<Card>().unwrap(), card);
                assert_eq!(Card::from_bit(card.bit()), Some(card));
            }
        }
        assert_eq!("h10".parse::<Card>().unwrap().to_string(), "HT");
    }

    #[test]
    fn rejects_malformed_cards() {
        for bad in ["", "S", "X5", "S1", "SAA", "5S"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
    }
}

use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// One of the four suits, in PBN order (spades first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Suit {
    /// ♠
    Spades = 0,
    /// ♥
    Hearts = 1,
    /// ♦
    Diamonds = 2,
    /// ♣
    Clubs = 3,
}

impl Suit {
    /// All suits in PBN order: spades, hearts, diamonds, clubs.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// Index 0..4 in PBN order.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The suit of index `i` (0..4, PBN order).
    ///
    /// # Panics
    /// If `i >= 4`.
    #[inline]
    #[must_use]
    pub const fn from_index(i: usize) -> Suit {
        Suit::ALL[i]
    }

    /// The one-letter name: `S`, `H`, `D` or `C`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }

    /// The suit named by a letter (either case).
    #[must_use]
    pub const fn from_letter(c: char) -> Option<Suit> {
        match c {
            'S' | 's' => Some(Suit::Spades),
            'H' | 'h' => Some(Suit::Hearts),
            'D' | 'd' => Some(Suit::Diamonds),
            'C' | 'c' => Some(Suit::Clubs),
            _ => None,
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A string that names no suit.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown suit {} (expected S, H, D or C)", crate::quoted(.0))]
pub struct ParseSuitError(pub String);

impl FromStr for Suit {
    type Err = ParseSuitError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Suit::from_letter(c).ok_or_else(|| ParseSuitError(s.to_string())),
            _ => Err(ParseSuitError(s.to_string())),
        }
    }
}

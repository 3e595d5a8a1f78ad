use crate::Suit;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The denomination of a contract: notrump or a trump suit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Strain {
    /// No trump.
    Notrump,
    /// Spades are trumps.
    Spades,
    /// Hearts are trumps.
    Hearts,
    /// Diamonds are trumps.
    Diamonds,
    /// Clubs are trumps.
    Clubs,
}

impl Strain {
    /// The five strains in the order of the reference tables: NT, S, H, D, C.
    pub const ALL: [Strain; 5] = [
        Strain::Notrump,
        Strain::Spades,
        Strain::Hearts,
        Strain::Diamonds,
        Strain::Clubs,
    ];

    /// The trump suit, `None` for notrump.
    #[inline]
    #[must_use]
    pub const fn trump(self) -> Option<Suit> {
        match self {
            Strain::Notrump => None,
            Strain::Spades => Some(Suit::Spades),
            Strain::Hearts => Some(Suit::Hearts),
            Strain::Diamonds => Some(Suit::Diamonds),
            Strain::Clubs => Some(Suit::Clubs),
        }
    }

    /// The strain whose trump suit is `suit`.
    #[must_use]
    pub const fn from_suit(suit: Suit) -> Strain {
        match suit {
            Suit::Spades => Strain::Spades,
            Suit::Hearts => Strain::Hearts,
            Suit::Diamonds => Strain::Diamonds,
            Suit::Clubs => Strain::Clubs,
        }
    }

    /// Index in [`Strain::ALL`].
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Strain::Notrump => 0,
            Strain::Spades => 1,
            Strain::Hearts => 2,
            Strain::Diamonds => 3,
            Strain::Clubs => 4,
        }
    }

    /// The short name: `NT`, `S`, `H`, `D` or `C`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Strain::Notrump => "NT",
            Strain::Spades => "S",
            Strain::Hearts => "H",
            Strain::Diamonds => "D",
            Strain::Clubs => "C",
        }
    }
}

impl fmt::Display for Strain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A string that names no strain.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown strain {} (expected NT, S, H, D or C)", crate::quoted(.0))]
pub struct ParseStrainError(pub String);

impl FromStr for Strain {
    type Err = ParseStrainError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_uppercase().as_str() {
            "NT" | "N" | "NOTRUMP" | "NOTRUMPS" => Ok(Strain::Notrump),
            "S" => Ok(Strain::Spades),
            "H" => Ok(Strain::Hearts),
            "D" => Ok(Strain::Diamonds),
            "C" => Ok(Strain::Clubs),
            _ => Err(ParseStrainError(s.to_string())),
        }
    }
}

use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The rank of a card, from two to ace; its number is its value (2 to 14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    Two = 2,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
}

impl Rank {
    /// All ranks from the ace down to the two.
    pub const DESCENDING: [Rank; 13] = [
        Rank::Ace,
        Rank::King,
        Rank::Queen,
        Rank::Jack,
        Rank::Ten,
        Rank::Nine,
        Rank::Eight,
        Rank::Seven,
        Rank::Six,
        Rank::Five,
        Rank::Four,
        Rank::Three,
        Rank::Two,
    ];

    /// The rank's number: 2 for the two up to 14 for the ace.
    #[inline]
    #[must_use]
    pub const fn number(self) -> u8 {
        self as u8
    }

    /// The rank of number `n` (2..=14).
    #[must_use]
    pub const fn from_number(n: u8) -> Option<Rank> {
        if n >= 2 && n <= 14 {
            Some(Rank::DESCENDING[(14 - n) as usize])
        } else {
            None
        }
    }

    /// The PBN letter: `A K Q J T 9 ... 2`.
    #[must_use]
    pub const fn letter(self) -> char {
        b"23456789TJQKA"[self as usize - 2] as char
    }

    /// The rank named by a PBN letter (either case for letters).
    #[must_use]
    pub const fn from_letter(c: char) -> Option<Rank> {
        match c {
            'A' | 'a' => Some(Rank::Ace),
            'K' | 'k' => Some(Rank::King),
            'Q' | 'q' => Some(Rank::Queen),
            'J' | 'j' => Some(Rank::Jack),
            'T' | 't' => Some(Rank::Ten),
            '2'..='9' => Rank::from_number(c as u8 - b'0'),
            _ => None,
        }
    }

    /// High card points: 4 for an ace, 3 king, 2 queen, 1 jack.
    #[must_use]
    pub const fn hcp(self) -> u8 {
        match self {
            Rank::Ace => 4,
            Rank::King => 3,
            Rank::Queen => 2,
            Rank::Jack => 1,
            _ => 0,
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A string that names no rank.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown rank {} (expected A K Q J T 9 8 7 6 5 4 3 2)", crate::quoted(.0))]
pub struct ParseRankError(pub String);

impl FromStr for Rank {
    type Err = ParseRankError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s == "10" {
            return Ok(Rank::Ten);
        }
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Rank::from_letter(c).ok_or_else(|| ParseRankError(s.to_string())),
            _ => Err(ParseRankError(s.to_string())),
        }
    }
}

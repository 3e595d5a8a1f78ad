use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A seat at the table, clockwise from North.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Seat {
    /// North
    North = 0,
    /// East
    East = 1,
    /// South
    South = 2,
    /// West
    West = 3,
}

/// A partnership.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// North and South.
    NorthSouth,
    /// East and West.
    EastWest,
}

impl Side {
    /// Both partnerships, North-South first (the order of [`Side::index`]).
    pub const ALL: [Side; 2] = [Side::NorthSouth, Side::EastWest];

    /// 0 for North-South, 1 for East-West: the index of a partnership's
    /// entry in a pair of scores.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other partnership.
    #[must_use]
    pub const fn opponents(self) -> Side {
        match self {
            Side::NorthSouth => Side::EastWest,
            Side::EastWest => Side::NorthSouth,
        }
    }
}

impl Seat {
    /// All seats clockwise from North.
    pub const ALL: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

    /// Index 0..4 clockwise from North.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat of index `i` modulo 4.
    #[inline]
    #[must_use]
    pub const fn from_index(i: usize) -> Seat {
        Seat::ALL[i % 4]
    }

    /// The next seat clockwise: the left-hand opponent.
    #[inline]
    #[must_use]
    pub const fn lho(self) -> Seat {
        Seat::from_index(self as usize + 1)
    }

    /// The partner.
    #[inline]
    #[must_use]
    pub const fn partner(self) -> Seat {
        Seat::from_index(self as usize + 2)
    }

    /// The previous seat clockwise: the right-hand opponent.
    #[inline]
    #[must_use]
    pub const fn rho(self) -> Seat {
        Seat::from_index(self as usize + 3)
    }

    /// The partnership this seat belongs to.
    #[inline]
    #[must_use]
    pub const fn side(self) -> Side {
        if (self as usize).is_multiple_of(2) {
            Side::NorthSouth
        } else {
            Side::EastWest
        }
    }

    /// The one-letter name: `N`, `E`, `S` or `W`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Seat::North => 'N',
            Seat::East => 'E',
            Seat::South => 'S',
            Seat::West => 'W',
        }
    }

    /// The seat named by a letter (either case).
    #[must_use]
    pub const fn from_letter(c: char) -> Option<Seat> {
        match c {
            'N' | 'n' => Some(Seat::North),
            'E' | 'e' => Some(Seat::East),
            'S' | 's' => Some(Seat::South),
            'W' | 'w' => Some(Seat::West),
            _ => None,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A string that names no seat.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown seat {} (expected N, E, S or W)", crate::quoted(.0))]
pub struct ParseSeatError(pub String);

impl FromStr for Seat {
    type Err = ParseSeatError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseSeatError(s.to_string());
        match s.to_ascii_lowercase().as_str() {
            "north" => return Ok(Seat::North),
            "east" => return Ok(Seat::East),
            "south" => return Ok(Seat::South),
            "west" => return Ok(Seat::West),
            _ => {}
        }
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Seat::from_letter(c).ok_or_else(err),
            _ => Err(err()),
        }
    }
}

//! Auction constraints on hidden hands: a range of high-card points and a
//! range of length in each suit per seat, written as a conjunction of
//! comparisons in the style of the `dealer` program:
//!
//! ```text
//! hcp(west) >= 12 && hcp(west) <= 14
//! spades(east) >= 5; hearts(east) < 3
//! ```
//!
//! Terms: `hcp(SEAT)`, `spades(SEAT)`, `hearts(SEAT)`, `diamonds(SEAT)`,
//! `clubs(SEAT)`; seats `north`, `east`, `south`, `west` (or `n e s w`);
//! operators `<`, `<=`, `>`, `>=`, `==`, `!=` against a whole number (on
//! either side); comparisons joined by `&&`, `;` or new lines; `#` starts a
//! comment. `!=` must name the lowest or highest value of the range (as in
//! `spades(west) != 0`), since a range has no holes. `balanced(SEAT)` alone
//! asks for a 4333, 4432 or 5332 shape.
//!
//! [`Constraints`] prints back in this syntax, one comparison per bound, so
//! that a deal set can record the constraints it was drawn with.

use cards::{BySeat, Hand, Seat, Suit};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// An inclusive range of whole numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Range {
    /// Lowest value allowed.
    pub min: u32,
    /// Highest value allowed.
    pub max: u32,
}

impl Range {
    const fn new(min: u32, max: u32) -> Range {
        Range { min, max }
    }

    /// Whether `v` lies in the range.
    #[must_use]
    pub const fn contains(self, v: u32) -> bool {
        self.min <= v && v <= self.max
    }

    const fn is_empty(self) -> bool {
        self.min > self.max
    }
}

/// What the auction says about one hand (its original 13 cards, or however
/// many a reduced deal has).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HandConstraints {
    /// High-card points (A=4, K=3, Q=2, J=1).
    pub hcp: Range,
    /// Length of each suit, indexed by [`Suit::index`].
    pub length: [Range; 4],
    /// A 4333, 4432 or 5332 shape.
    pub balanced: bool,
}

impl Default for HandConstraints {
    fn default() -> Self {
        HandConstraints {
            hcp: Range::new(0, 40),
            length: [Range::new(0, 13); 4],
            balanced: false,
        }
    }
}

impl HandConstraints {
    /// Whether an original hand satisfies the constraints.
    #[must_use]
    pub fn accepts(&self, hand: Hand) -> bool {
        self.hcp.contains(hand.hcp())
            && Suit::ALL
                .into_iter()
                .all(|s| self.length[s.index()].contains(hand.suit_len(s) as u32))
            && (!self.balanced || is_balanced(hand))
    }

    /// Whether these are the default, accepting every hand.
    #[must_use]
    pub fn is_unconstrained(&self) -> bool {
        *self == HandConstraints::default()
    }
}

/// Whether a hand has a 4333, 4432 or 5332 shape.
#[must_use]
pub fn is_balanced(hand: Hand) -> bool {
    let lengths = Suit::ALL.map(|s| hand.suit_len(s));
    let doubletons = lengths.iter().filter(|&&l| l == 2).count();
    lengths.iter().all(|&l| (2..=5).contains(&l))
        && doubletons <= 1
        && lengths.iter().filter(|&&l| l == 5).count() <= usize::from(doubletons == 1)
}

/// Constraints on each seat's original hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Constraints {
    /// One set per seat.
    pub seats: BySeat<HandConstraints>,
}

impl Constraints {
    /// Whether every hand of an original deal satisfies its constraints.
    #[must_use]
    pub fn accepts(&self, hands: &BySeat<Hand>) -> bool {
        Seat::ALL
            .into_iter()
            .all(|s| self.seats[s].accepts(hands[s]))
    }

    /// The seats with any constraint.
    pub fn constrained_seats(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::ALL
            .into_iter()
            .filter(|&s| !self.seats[s].is_unconstrained())
    }
}

impl fmt::Display for Constraints {
    /// The constraints in the syntax they are read from, joined by ` && `
    /// (empty when there are none).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut terms = Vec::new();
        for seat in Seat::ALL {
            let name = format!("{seat:?}").to_ascii_lowercase();
            let hand = &self.seats[seat];
            let default = HandConstraints::default();
            let mut bound = |what: &str, range: Range, full: Range| {
                if range.min > full.min {
                    terms.push(format!("{what}({name}) >= {}", range.min));
                }
                if range.max < full.max {
                    terms.push(format!("{what}({name}) <= {}", range.max));
                }
            };
            bound("hcp", hand.hcp, default.hcp);
            for suit in Suit::ALL {
                let what = ["spades", "hearts", "diamonds", "clubs"][suit.index()];
                bound(
                    what,
                    hand.length[suit.index()],
                    default.length[suit.index()],
                );
            }
            if hand.balanced {
                terms.push(format!("balanced({name})"));
            }
        }
        f.write_str(&terms.join(" && "))
    }
}

/// A constraint text that cannot be read, with the line and column where
/// the problem is.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("constraints, line {line}, column {column}: {message}")]
pub struct ConstraintError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Quantity {
    Hcp,
    Length(Suit),
}

impl fmt::Display for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Quantity::Hcp => f.write_str("hcp"),
            Quantity::Length(s) => write!(f, "length of {s}"),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Op {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

impl Op {
    /// The same comparison with its two sides swapped (`5 <= x` is `x >= 5`).
    const fn flipped(self) -> Op {
        match self {
            Op::Lt => Op::Gt,
            Op::Le => Op::Ge,
            Op::Gt => Op::Lt,
            Op::Ge => Op::Le,
            Op::Eq => Op::Eq,
            Op::Ne => Op::Ne,
        }
    }
}

enum Side {
    Term(Quantity, Seat),
    Number(u32),
}

struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    line_start: usize,
}

impl<'a> Lexer<'a> {
    fn error(&self, at: usize, message: impl Into<String>) -> ConstraintError {
        ConstraintError {
            line: self.line,
            column: self.text[self.line_start..at].chars().count() + 1,
            message: message.into(),
        }
    }

    /// Skips spaces and comments, not new lines.
    fn skip_blank(&mut self) {
        let bytes = self.text.as_bytes();
        while self.pos < bytes.len() {
            match bytes[self.pos] {
                b' ' | b'\t' | b'\r' => self.pos += 1,
                b'#' => {
                    while self.pos < bytes.len() && bytes[self.pos] != b'\n' {
                        self.pos += 1;
                    }
                }
                _ => break,
            }
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_blank();
        self.text.as_bytes().get(self.pos).copied()
    }

    /// Consumes separators (`&&`, `;`, new lines); returns whether any.
    fn separators(&mut self) -> bool {
        let mut any = false;
        loop {
            match self.peek() {
                Some(b'\n') => {
                    self.pos += 1;
                    self.line += 1;
                    self.line_start = self.pos;
                    any = true;
                }
                Some(b';') => {
                    self.pos += 1;
                    any = true;
                }
                Some(b'&') if self.text[self.pos..].starts_with("&&") => {
                    self.pos += 2;
                    any = true;
                }
                _ => return any,
            }
        }
    }

    fn word(&mut self) -> (usize, &'a str) {
        self.skip_blank();
        let start = self.pos;
        let bytes = self.text.as_bytes();
        while self.pos < bytes.len() && (bytes[self.pos].is_ascii_alphanumeric()) {
            self.pos += 1;
        }
        (start, &self.text[start..self.pos])
    }

    fn expect(&mut self, c: u8) -> Result<(), ConstraintError> {
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.error(self.pos, format!("expected '{}'", c as char)))
        }
    }

    fn side(&mut self) -> Result<Side, ConstraintError> {
        let (start, word) = self.word();
        if word.is_empty() {
            return Err(self.error(start, "expected a term such as hcp(west) or a number"));
        }
        if let Ok(n) = word.parse::<u32>() {
            return Ok(Side::Number(n));
        }
        let quantity = match word.to_ascii_lowercase().as_str() {
            "hcp" => Quantity::Hcp,
            "spades" => Quantity::Length(Suit::Spades),
            "hearts" => Quantity::Length(Suit::Hearts),
            "diamonds" => Quantity::Length(Suit::Diamonds),
            "clubs" => Quantity::Length(Suit::Clubs),
            other => {
                return Err(self.error(
                    start,
                    format!(
                        "unknown term {} (hcp, spades, hearts, diamonds, clubs)",
                        cards::quoted(other)
                    ),
                ))
            }
        };
        self.expect(b'(')?;
        let seat = self.seat()?;
        self.expect(b')')?;
        Ok(Side::Term(quantity, seat))
    }

    fn seat(&mut self) -> Result<Seat, ConstraintError> {
        let (at, name) = self.word();
        match name.to_ascii_lowercase().as_str() {
            "north" | "n" => Ok(Seat::North),
            "east" | "e" => Ok(Seat::East),
            "south" | "s" => Ok(Seat::South),
            "west" | "w" => Ok(Seat::West),
            other => Err(self.error(at, format!("unknown seat {}", cards::quoted(other)))),
        }
    }

    fn op(&mut self) -> Result<Op, ConstraintError> {
        self.skip_blank();
        let rest = &self.text[self.pos..];
        let (op, len) = if rest.starts_with("<=") {
            (Op::Le, 2)
        } else if rest.starts_with(">=") {
            (Op::Ge, 2)
        } else if rest.starts_with("==") {
            (Op::Eq, 2)
        } else if rest.starts_with("!=") {
            (Op::Ne, 2)
        } else if rest.starts_with('<') {
            (Op::Lt, 1)
        } else if rest.starts_with('>') {
            (Op::Gt, 1)
        } else {
            return Err(self.error(self.pos, "expected a comparison (<, <=, >, >=, ==, !=)"));
        };
        self.pos += len;
        Ok(op)
    }
}

impl FromStr for Constraints {
    type Err = ConstraintError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut lexer = Lexer {
            text,
            pos: 0,
            line: 1,
            line_start: 0,
        };
        let mut constraints = Constraints::default();
        lexer.separators();
        while lexer.peek().is_some() {
            let start = lexer.pos;
            if lexer.text[start..]
                .to_ascii_lowercase()
                .starts_with("balanced")
            {
                lexer.pos += "balanced".len();
                lexer.expect(b'(')?;
                let seat = lexer.seat()?;
                lexer.expect(b')')?;
                constraints.seats[seat].balanced = true;
                if !lexer.separators() && lexer.peek().is_some() {
                    return Err(lexer.error(lexer.pos, "expected '&&', ';' or a new line"));
                }
                continue;
            }
            let left = lexer.side()?;
            let op = lexer.op()?;
            let right = lexer.side()?;
            let (quantity, seat, op, n) = match (left, right) {
                (Side::Term(q, s), Side::Number(n)) => (q, s, op, n),
                (Side::Number(n), Side::Term(q, s)) => (q, s, op.flipped(), n),
                _ => return Err(lexer.error(start, "a comparison needs one term and one number")),
            };
            let hand = &mut constraints.seats[seat];
            let range = match quantity {
                Quantity::Hcp => &mut hand.hcp,
                Quantity::Length(suit) => &mut hand.length[suit.index()],
            };
            match op {
                Op::Lt => range.max = range.max.min(n.saturating_sub(1)),
                Op::Le => range.max = range.max.min(n),
                Op::Gt => range.min = range.min.max(n + 1),
                Op::Ge => range.min = range.min.max(n),
                Op::Eq => {
                    range.min = range.min.max(n);
                    range.max = range.max.min(n);
                }
                Op::Ne if n == range.min => range.min += 1,
                Op::Ne if n == range.max => range.max = range.max.saturating_sub(1),
                Op::Ne => {
                    return Err(lexer.error(
                        start,
                        format!(
                            "{quantity} of {seat} != {n} would leave a hole in {}..={}; \
                             only the lowest or highest value can be excluded",
                            range.min, range.max
                        ),
                    ))
                }
            }
            if op == Op::Lt && n == 0 || range.is_empty() {
                return Err(lexer.error(
                    start,
                    format!("no value of the {quantity} of {seat} satisfies the constraints"),
                ));
            }
            if !lexer.separators() && lexer.peek().is_some() {
                return Err(lexer.error(lexer.pos, "expected '&&', ';' or a new line"));
            }
        }
        Ok(constraints)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_ranges_from_both_sides_and_all_separators() {
        let c: Constraints = "hcp(west) >= 12 && 14 >= hcp(w) # opening 1NT\n\
                              spades(east) > 4; hearts(e) != 0\n"
            .parse()
            .unwrap();
        assert_eq!(c.seats[Seat::West].hcp, Range::new(12, 14));
        assert_eq!(c.seats[Seat::East].length[0], Range::new(5, 13));
        assert_eq!(c.seats[Seat::East].length[1], Range::new(1, 13));
        assert!(c.seats[Seat::North].is_unconstrained());
        assert_eq!(
            c.constrained_seats().collect::<Vec<_>>(),
            vec![Seat::East, Seat::West]
        );
    }

    #[test]
    fn balanced_and_printing_round_trip() {
        let text = "hcp(south) >= 15 && hcp(south) <= 17 && balanced(south) && spades(north) <= 3";
        let c: Constraints = text.parse().unwrap();
        assert!(c.seats[Seat::South].balanced);
        let printed = c.to_string();
        assert_eq!(printed.parse::<Constraints>().unwrap(), c, "{printed}");
        assert_eq!(Constraints::default().to_string(), "");
        let hand = |lengths: [u8; 4]| -> Hand {
            Suit::ALL
                .into_iter()
                .flat_map(|s| {
                    (0..lengths[s.index()]).map(move |i| {
                        cards::Card::new(s, cards::Rank::from_number(14 - i).unwrap())
                    })
                })
                .collect()
        };
        assert!(is_balanced(hand([4, 3, 3, 3])));
        assert!(is_balanced(hand([5, 2, 3, 3])));
        assert!(is_balanced(hand([4, 2, 4, 3])));
        assert!(!is_balanced(hand([4, 2, 5, 2])));
        assert!(!is_balanced(hand([5, 2, 4, 2])));
        assert!(!is_balanced(hand([5, 3, 4, 1])));
        assert!(!is_balanced(hand([4, 4, 4, 1])));
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = "hcp(west) >= 12\nclubs(nowhere) < 3"
            .parse::<Constraints>()
            .unwrap_err();
        assert_eq!((e.line, e.column), (2, 7));
        assert!(e.message.contains("nowhere"), "{e}");
        let e = "hcp(west) >= 12 hcp(east) < 3"
            .parse::<Constraints>()
            .unwrap_err();
        assert_eq!((e.line, e.column), (1, 17));
        let e = "hcp(west) > 20 && hcp(west) < 10"
            .parse::<Constraints>()
            .unwrap_err();
        assert!(e.message.contains("no value"), "{e}");
        let e = "spades(north) != 5".parse::<Constraints>().unwrap_err();
        assert!(e.message.contains("hole"), "{e}");
    }

    #[test]
    fn accepts_checks_every_range() {
        let c: Constraints = "hcp(north) >= 10 && spades(north) == 4".parse().unwrap();
        let seen: cards::PartialDeal = "N:AK32.KQ2.432.432 - - -".parse().unwrap();
        let hands = BySeat::from_fn(|s| seen.hands[s].unwrap_or_default());
        assert!(c.accepts(&hands));
        let c: Constraints = "hcp(north) >= 13 && spades(north) == 4".parse().unwrap();
        assert!(!c.accepts(&hands));
        let c: Constraints = "hcp(north) >= 10 && spades(north) == 5".parse().unwrap();
        assert!(!c.accepts(&hands));
    }
}

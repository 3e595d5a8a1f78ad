use cards::Strain;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A call of the auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Call {
    /// Pass.
    Pass,
    /// Double.
    Double,
    /// Redouble.
    Redouble,
    /// A bid: level 1 to 7 and a strain.
    Bid(u8, Strain),
}

/// A string that is no call.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{} is not a call: expected P, X, XX or a bid 1C to 7NT", cards::quoted(.0))]
pub struct ParseCallError(pub String);

impl Call {
    /// Whether `self` may follow `before` (the calls so far, dealer first):
    /// legal there, and the auction not yet over. Checks `before` too (a
    /// call after an illegal auction is not legal); for a whole auction
    /// read call by call, [`Auction`] is linear where this is quadratic.
    #[must_use]
    pub fn is_legal_after(self, before: &[Call]) -> bool {
        Auction::from_calls(before).is_ok_and(|a| a.check(self).is_none())
    }
}

/// Why a call cannot be added to an auction.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AuctionError {
    /// The auction has already ended (three passes after a call, or four
    /// passes).
    #[error("{call} comes after the auction has ended ({calls})")]
    Ended {
        /// The call.
        call: Call,
        /// The auction so far.
        calls: String,
    },
    /// The call is not legal at this point.
    #[error("{call} is not a legal call after {calls}: {why}")]
    Illegal {
        /// The call.
        call: Call,
        /// The auction so far ("the start" when empty).
        calls: String,
        /// Which rule it breaks.
        why: &'static str,
    },
}

/// An auction being read or bid, call by call: each call is checked in
/// constant time (the last bid, the last call that was not a pass and the
/// passes since are kept), so reading a long auction stays linear, and no
/// call is accepted once the auction has ended.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Auction {
    calls: Vec<Call>,
    last_bid: Option<usize>,
    last_active: Option<usize>,
}

impl Auction {
    /// An empty auction.
    #[must_use]
    pub fn new() -> Auction {
        Auction::default()
    }

    /// The calls so far, the dealer's first.
    #[must_use]
    pub fn calls(&self) -> &[Call] {
        &self.calls
    }

    /// Whether the auction is over: three passes after a call that was not
    /// a pass, or four passes.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        let n = self.calls.len();
        match self.last_active {
            None => n >= 4,
            Some(i) => n - i > 3,
        }
    }

    /// Whether the four players passed without a bid.
    #[must_use]
    pub fn is_passed_out(&self) -> bool {
        self.last_bid.is_none() && self.is_complete()
    }

    /// Why `call` cannot come next, if it cannot.
    #[must_use]
    pub fn check(&self, call: Call) -> Option<AuctionError> {
        let illegal = |why| {
            Some(AuctionError::Illegal {
                call,
                calls: self.describe(),
                why,
            })
        };
        if self.is_complete() {
            return Some(AuctionError::Ended {
                call,
                calls: self.describe(),
            });
        }
        let n = self.calls.len();
        match call {
            Call::Pass => None,
            Call::Bid(level, strain) => match self.last_bid.map(|i| self.calls[i]) {
                Some(Call::Bid(l, s)) if (level, strain_rank(strain)) <= (l, strain_rank(s)) => {
                    illegal("a bid must be higher than the last one")
                }
                _ => None,
            },
            Call::Double => match self.last_active {
                Some(i) if matches!(self.calls[i], Call::Bid(..)) && (n - i) % 2 == 1 => None,
                _ => illegal("only an opponent's bid can be doubled, before any other double"),
            },
            Call::Redouble => match self.last_active {
                Some(i) if self.calls[i] == Call::Double && (n - i) % 2 == 1 => None,
                _ => illegal("only an opponent's double can be redoubled"),
            },
        }
    }

    /// Adds `call`.
    ///
    /// # Errors
    /// [`AuctionError`] when the call is not legal here or the auction has
    /// ended; the auction is then unchanged.
    pub fn push(&mut self, call: Call) -> Result<(), AuctionError> {
        if let Some(e) = self.check(call) {
            return Err(e);
        }
        let i = self.calls.len();
        if call != Call::Pass {
            self.last_active = Some(i);
        }
        if matches!(call, Call::Bid(..)) {
            self.last_bid = Some(i);
        }
        self.calls.push(call);
        Ok(())
    }

    /// The auction of `calls`, each checked.
    ///
    /// # Errors
    /// The first call that cannot come where it is, with its 0-based index.
    pub fn from_calls(calls: &[Call]) -> Result<Auction, (usize, AuctionError)> {
        let mut auction = Auction::new();
        for (i, &c) in calls.iter().enumerate() {
            auction.push(c).map_err(|e| (i, e))?;
        }
        Ok(auction)
    }

    /// The calls so far as text, or "the start"; a long auction is cut to
    /// its last twelve calls.
    fn describe(&self) -> String {
        if self.calls.is_empty() {
            return "the start".into();
        }
        let from = self.calls.len().saturating_sub(12);
        let shown: Vec<String> = self.calls[from..].iter().map(ToString::to_string).collect();
        if from > 0 {
            format!("... {}", shown.join(" "))
        } else {
            shown.join(" ")
        }
    }
}

/// A strain's rank in the auction, clubs 0 up to notrump 4.
#[must_use]
pub const fn strain_rank(strain: Strain) -> u8 {
    match strain {
        Strain::Clubs => 0,
        Strain::Diamonds => 1,
        Strain::Hearts => 2,
        Strain::Spades => 3,
        Strain::Notrump => 4,
    }
}

impl fmt::Display for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Call::Pass => f.write_str("P"),
            Call::Double => f.write_str("X"),
            Call::Redouble => f.write_str("XX"),
            Call::Bid(l, s) => write!(f, "{l}{}", s.name()),
        }
    }
}

/// Reads `P`, `Pass`, `X`, `XX`, `D`, `R` (LIN) and bids such as `1NT`,
/// `1N`, `4s`, in any case.
impl FromStr for Call {
    type Err = ParseCallError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let upper = s.trim().to_ascii_uppercase();
        match upper.as_str() {
            "P" | "PASS" => return Ok(Call::Pass),
            "X" | "D" | "DBL" => return Ok(Call::Double),
            "XX" | "R" | "RDBL" => return Ok(Call::Redouble),
            _ => {}
        }
        // A bid reads as an undoubled contract (1N, 1NT, 4s).
        match upper.parse::<bridge::Contract>() {
            Ok(c) if c.doubling == bridge::Doubling::Undoubled => Ok(Call::Bid(c.level, c.strain)),
            _ => Err(ParseCallError(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn calls(text: &str) -> Vec<Call> {
        text.split_whitespace()
            .map(|c| c.parse().expect("a call"))
            .collect()
    }

    #[test]
    fn calls_read_in_both_conventions() {
        assert_eq!(
            calls("Pass p 1N 1NT x D XX r 7s"),
            vec![
                Call::Pass,
                Call::Pass,
                Call::Bid(1, Strain::Notrump),
                Call::Bid(1, Strain::Notrump),
                Call::Double,
                Call::Double,
                Call::Redouble,
                Call::Redouble,
                Call::Bid(7, Strain::Spades)
            ]
        );
        assert!("8C".parse::<Call>().is_err());
        assert_eq!(Call::Bid(3, Strain::Notrump).to_string(), "3NT");
    }

    #[test]
    fn legality_of_bids_doubles_and_redoubles() {
        let before = calls("1H P");
        assert!(Call::Bid(1, Strain::Spades).is_legal_after(&before));
        assert!(!Call::Bid(1, Strain::Diamonds).is_legal_after(&before));
        // Partner's bid cannot be doubled; an opponent's can.
        assert!(!Call::Double.is_legal_after(&before));
        assert!(Call::Double.is_legal_after(&calls("1H")));
        assert!(Call::Double.is_legal_after(&calls("1H P P")));
        assert!(Call::Redouble.is_legal_after(&calls("1H X")));
        assert!(!Call::Redouble.is_legal_after(&calls("1H X P")));
    }
}

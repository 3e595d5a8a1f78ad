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
#[error("{0:?} is not a call: expected P, X, XX or a bid 1C to 7NT")]
pub struct ParseCallError(pub String);

impl Call {
    /// Whether `self` may follow `before` (the calls so far, dealer first).
    #[must_use]
    pub fn is_legal_after(self, before: &[Call]) -> bool {
        let last_bid = before.iter().rposition(|c| matches!(c, Call::Bid(..)));
        let last_active = before.iter().rposition(|c| !matches!(c, Call::Pass));
        match self {
            Call::Pass => true,
            Call::Bid(level, strain) => match last_bid.map(|i| before[i]) {
                Some(Call::Bid(l, s)) => (level, rank(strain)) > (l, rank(s)),
                _ => true,
            },
            // A double of the opponents' bid, a redouble of their double.
            Call::Double => last_active
                .is_some_and(|i| matches!(before[i], Call::Bid(..)) && (before.len() - i) % 2 == 1),
            Call::Redouble => last_active
                .is_some_and(|i| before[i] == Call::Double && (before.len() - i) % 2 == 1),
        }
    }
}

/// Strains from clubs up.
fn rank(strain: Strain) -> u8 {
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

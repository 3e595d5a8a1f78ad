use crate::call::Call;
use bridge::{Contract, Doubling};
use cards::{Card, Deal, Seat, Strain};
use serde_json::{json, Value};
use std::fmt;
use thiserror::Error;

/// Who is vulnerable.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Vulnerability {
    /// Nobody.
    #[default]
    None,
    /// North-South.
    NS,
    /// East-West.
    EW,
    /// Both sides.
    All,
}

impl Vulnerability {
    /// Whether `side` is vulnerable.
    #[must_use]
    pub const fn of(self, side: cards::Side) -> bool {
        matches!(
            (self, side),
            (Vulnerability::All, _)
                | (Vulnerability::NS, cards::Side::NorthSouth)
                | (Vulnerability::EW, cards::Side::EastWest)
        )
    }

    /// The vulnerability of a board where only `side`'s state is known:
    /// that side alone vulnerable, or nobody.
    #[must_use]
    pub const fn only(side: cards::Side, vulnerable: bool) -> Vulnerability {
        match (vulnerable, side) {
            (false, _) => Vulnerability::None,
            (true, cards::Side::NorthSouth) => Vulnerability::NS,
            (true, cards::Side::EastWest) => Vulnerability::EW,
        }
    }
}

impl fmt::Display for Vulnerability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Vulnerability::None => "None",
            Vulnerability::NS => "NS",
            Vulnerability::EW => "EW",
            Vulnerability::All => "All",
        })
    }
}

/// A game record that cannot be read: where, and why.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{file}, line {line}{}: {message}", tag.as_ref().map_or(String::new(), |t| format!(", {t}")))]
pub struct RecordError {
    /// The file.
    pub file: String,
    /// The line (1-based).
    pub line: usize,
    /// The tag or LIN field, when one is to blame.
    pub tag: Option<String>,
    /// What is wrong.
    pub message: String,
}

/// One board as played: the deal, the auction, the contract and the play.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The file it was read from.
    pub file: String,
    /// The line where it starts.
    pub line: usize,
    /// The board's name or number, as the record gives it.
    pub board: Option<String>,
    /// The dealer.
    pub dealer: Option<Seat>,
    /// Who is vulnerable.
    pub vul: Vulnerability,
    /// The deal.
    pub deal: Deal,
    /// The calls, the dealer's first.
    pub auction: Vec<Call>,
    /// The declarer, if there is a contract.
    pub declarer: Option<Seat>,
    /// The contract; `None` when passed out or unknown.
    pub contract: Option<Contract>,
    /// The cards played, in the order they were played.
    pub play: Vec<Card>,
    /// Declarer's total tricks after a claim: LIN's `mc`. PBN has no claim
    /// of its own: a play that stops before the end with a `[Result]` is
    /// read as a claim of that result.
    pub claimed: Option<u8>,
    /// Declarer's tricks when the record says so (or the play is complete).
    pub result: Option<u8>,
    /// Players' names by seat, when given.
    pub players: [Option<String>; 4],
}

impl GameRecord {
    /// The JSON object of `alphamu games show --format json`.
    #[must_use]
    pub fn to_json(&self) -> Value {
        json!({
            "file": self.file,
            "board": self.board,
            "dealer": self.dealer.map(|s| s.to_string()),
            "vul": self.vul.to_string(),
            "deal": self.deal.to_string(),
            "auction": self.auction.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "declarer": self.declarer.map(|s| s.to_string()),
            "contract": self.contract.map(|c| c.to_string()),
            "play": self.play.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "claimed": self.claimed,
            "result": self.result,
        })
    }
}

/// An auction that ends in `contract` with its dealer as declarer: the
/// bid, a double and a redouble as the contract has them, then three
/// passes. For games played without a recorded auction.
#[must_use]
pub fn auction_ending_in(contract: Contract) -> Vec<Call> {
    let mut calls = vec![Call::Bid(contract.level, contract.strain)];
    match contract.doubling {
        bridge::Doubling::Undoubled => {}
        bridge::Doubling::Doubled => calls.push(Call::Double),
        bridge::Doubling::Redoubled => calls.extend([Call::Double, Call::Redouble]),
    }
    calls.extend([Call::Pass, Call::Pass, Call::Pass]);
    calls
}

/// The contract and declarer an auction ends in (`None`: passed out or
/// not finished).
#[must_use]
pub fn contract_of(dealer: Seat, auction: &[Call]) -> Option<(Contract, Seat)> {
    let last = auction.iter().rposition(|c| matches!(c, Call::Bid(..)))?;
    let Call::Bid(level, strain) = auction[last] else {
        return None;
    };
    let doubling = match auction[last + 1..].iter().rfind(|c| **c != Call::Pass) {
        Some(Call::Double) => Doubling::Doubled,
        Some(Call::Redouble) => Doubling::Redoubled,
        _ => Doubling::Undoubled,
    };
    let side = (dealer.index() + last) & 1;
    let first = (0..=last)
        .find(|&i| {
            (dealer.index() + i) & 1 == side && matches!(auction[i], Call::Bid(_, s) if s == strain)
        })
        .expect("the last bid itself");
    Some((
        Contract {
            level,
            strain,
            doubling,
        },
        Seat::from_index(dealer.index() + first),
    ))
}

/// Whether an auction is over: three passes after a call, or four passes.
#[must_use]
pub fn auction_complete(auction: &[Call]) -> bool {
    let n = auction.len();
    (n >= 4 && auction.iter().all(|c| *c == Call::Pass))
        || (n >= 4
            && auction[n - 3..].iter().all(|c| *c == Call::Pass)
            && auction.iter().any(|c| *c != Call::Pass))
}

/// Checks a play card by card (each from the hand on turn, following suit)
/// and returns the declarer's tricks when the play is complete. `Err` gives
/// the 0-based index of the bad card and why.
pub(crate) fn check_play(
    deal: &Deal,
    strain: Strain,
    declarer: Seat,
    play: &[Card],
) -> Result<Option<u8>, (usize, String)> {
    let mut state = bridge::PlayState::new(*deal, strain, declarer);
    for (i, &card) in play.iter().enumerate() {
        state.play(card).map_err(|e| (i, e.to_string()))?;
    }
    Ok(state.is_over().then(|| state.tricks(declarer.side()) as u8))
}

#[cfg(test)]
mod tests {
    use super::{auction_complete, auction_ending_in, contract_of, Vulnerability};
    use cards::{Seat, Side};

    #[test]
    fn vulnerability_of_a_side_and_back() {
        // (vulnerability, North-South vulnerable, East-West vulnerable)
        let table = [
            (Vulnerability::None, false, false),
            (Vulnerability::NS, true, false),
            (Vulnerability::EW, false, true),
            (Vulnerability::All, true, true),
        ];
        for (vul, ns, ew) in table {
            assert_eq!(vul.of(Side::NorthSouth), ns, "{vul}");
            assert_eq!(vul.of(Side::EastWest), ew, "{vul}");
            for (side, v) in [(Side::NorthSouth, ns), (Side::EastWest, ew)] {
                assert_eq!(Vulnerability::only(side, v).of(side), v);
            }
        }
        assert_eq!(Vulnerability::only(Side::EastWest, true), Vulnerability::EW);
        assert!(!Vulnerability::only(Side::EastWest, true).of(Side::NorthSouth));
    }

    #[test]
    fn an_auction_ending_in_a_contract_gives_it_back() {
        for text in ["3NT", "4SX", "7HXX", "1C"] {
            let contract: bridge::Contract = text.parse().unwrap();
            let auction = auction_ending_in(contract);
            assert!(auction_complete(&auction), "{text}");
            assert_eq!(
                contract_of(Seat::West, &auction),
                Some((contract, Seat::West)),
                "{text}"
            );
        }
    }
}

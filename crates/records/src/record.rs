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

/// A vulnerability PBN does not define.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{}: expected None, NS, EW or All", cards::quoted(.0))]
pub struct VulnerabilityError(pub String);

impl std::str::FromStr for Vulnerability {
    type Err = VulnerabilityError;

    /// PBN's `[Vulnerable]` values, in any case: `None` (or `Love`, `-`,
    /// empty), `NS`, `EW`, `All` (or `Both`).
    fn from_str(s: &str) -> Result<Vulnerability, VulnerabilityError> {
        match s.to_ascii_lowercase().as_str() {
            "none" | "love" | "-" | "" => Ok(Vulnerability::None),
            "ns" => Ok(Vulnerability::NS),
            "ew" => Ok(Vulnerability::EW),
            "all" | "both" => Ok(Vulnerability::All),
            _ => Err(VulnerabilityError(s.to_string())),
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

/// A record's remark on a board it could read but that says something
/// odd, with the reading chosen: where, which board, and what.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{file}, line {line}{}{}: {message}", tag.as_ref().map_or(String::new(), |t| format!(", {t}")), board.as_ref().map_or(String::new(), |b| format!(", board {b}")))]
pub struct RecordWarning {
    /// The file.
    pub file: String,
    /// The line (1-based).
    pub line: usize,
    /// The tag or LIN field concerned.
    pub tag: Option<String>,
    /// The board's name or number, when it has one.
    pub board: Option<String>,
    /// What is odd, and how it was read.
    pub message: String,
}

/// The room of a teams match where a board was played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Room {
    /// The open room (LIN `qx|o..|`, PBN `[Room "Open"]`).
    Open,
    /// The closed room (LIN `qx|c..|`, PBN `[Room "Closed"]`).
    Closed,
}

impl fmt::Display for Room {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Room::Open => "Open",
            Room::Closed => "Closed",
        })
    }
}

impl std::str::FromStr for Room {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "open" | "o" => Ok(Room::Open),
            "closed" | "c" => Ok(Room::Closed),
            _ => Err(format!(
                "{} is not a room: expected Open or Closed",
                cards::quoted(s)
            )),
        }
    }
}

/// One board as played: the deal, the auction, the contract and the play.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The file it was read from.
    pub file: String,
    /// The line where it starts.
    pub line: usize,
    /// The event (PBN `[Event]`, LIN `vg|`), when given.
    pub event: Option<String>,
    /// The board's name or number, as the record gives it (a vugraph
    /// board's number from `qx|o46|`).
    pub board: Option<String>,
    /// The room of a teams match, when the record says.
    pub room: Option<Room>,
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
    /// The contract; `None` when passed out or not known (a record of the
    /// deal only, or an auction that stops before its end).
    pub contract: Option<Contract>,
    /// Whether the board was passed out: four passes, or PBN's
    /// `[Contract "Pass"]`. A board with no contract that was not passed
    /// out is a deal whose contract the record does not give.
    pub passed_out: bool,
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
    /// What the reader found odd in the board and how it read it.
    pub warnings: Vec<RecordWarning>,
}

impl GameRecord {
    /// A record of `deal` alone, as written to `file`: no board name,
    /// dealer, auction, contract or play yet.
    #[must_use]
    pub fn of_deal(file: &str, deal: Deal) -> GameRecord {
        GameRecord {
            file: file.to_string(),
            line: 1,
            event: None,
            board: None,
            room: None,
            dealer: None,
            vul: Vulnerability::None,
            deal,
            auction: Vec::new(),
            declarer: None,
            contract: None,
            passed_out: false,
            play: Vec::new(),
            claimed: None,
            result: None,
            players: [None, None, None, None],
            warnings: Vec::new(),
        }
    }

    /// The JSON object of `alphamu games show --format json`.
    #[must_use]
    pub fn to_json(&self) -> Value {
        json!({
            "file": self.file,
            "event": self.event,
            "board": self.board,
            "room": self.room.map(|r| r.to_string()),
            "dealer": self.dealer.map(|s| s.to_string()),
            "vul": self.vul.to_string(),
            "deal": self.deal.to_string(),
            "auction": self.auction.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "declarer": self.declarer.map(|s| s.to_string()),
            "contract": self.contract.map(|c| c.to_string()),
            "passed_out": self.passed_out,
            "play": self.play.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "claimed": self.claimed,
            "result": self.result,
            "players": self.players.iter().map(Option::as_deref).collect::<Vec<_>>(),
        })
    }

    /// What the record says of the contract, in words: "3NT by S",
    /// "passed out", or "no contract given".
    #[must_use]
    pub fn contract_text(&self) -> String {
        match (self.contract, self.declarer) {
            (Some(c), Some(d)) => format!("{c} by {d}"),
            _ if self.passed_out => "passed out".into(),
            _ if !self.auction.is_empty() => {
                "no contract (the auction stops before its end)".into()
            }
            _ => "no contract given (a deal only)".into(),
        }
    }

    /// The board's name with its room: "46", "46 (open room)", or "?".
    #[must_use]
    pub fn board_text(&self) -> String {
        let name = self.board.as_deref().unwrap_or("?");
        match self.room {
            Some(Room::Open) => format!("{name} (open room)"),
            Some(Room::Closed) => format!("{name} (closed room)"),
            None => name.to_string(),
        }
    }

    /// Whether `selector` names this board: its name or number ("46"),
    /// or the name with the room in BBO's way ("o46", "c46") or after it
    /// ("46o", "46 open").
    #[must_use]
    pub fn is_named(&self, selector: &str) -> bool {
        let Some(name) = self.board.as_deref() else {
            return false;
        };
        let s = selector.trim();
        if s.eq_ignore_ascii_case(name) {
            return true;
        }
        let Some(room) = self.room else {
            return false;
        };
        let letter = match room {
            Room::Open => "o",
            Room::Closed => "c",
        };
        let word = match room {
            Room::Open => "open",
            Room::Closed => "closed",
        };
        let lower = s.to_ascii_lowercase();
        let name = name.to_ascii_lowercase();
        [
            format!("{letter}{name}"),
            format!("{name}{letter}"),
            format!("{name} {word}"),
            format!("{name} {letter}"),
        ]
        .contains(&lower)
    }
}

/// The boards of `games` that `selector` names ([`GameRecord::is_named`]).
///
/// # Errors
/// When none does: a message naming the boards there are.
pub fn select_boards<'a>(
    games: &'a [GameRecord],
    selector: &str,
) -> Result<Vec<&'a GameRecord>, String> {
    let found: Vec<&GameRecord> = games.iter().filter(|g| g.is_named(selector)).collect();
    if !found.is_empty() {
        return Ok(found);
    }
    let mut names: Vec<String> = Vec::new();
    for g in games {
        let name = match (g.board.as_deref(), g.room) {
            (None, _) => continue,
            (Some(b), Some(Room::Open)) => format!("o{b}"),
            (Some(b), Some(Room::Closed)) => format!("c{b}"),
            (Some(b), None) => b.to_string(),
        };
        if !names.contains(&name) {
            names.push(name);
        }
    }
    Err(if names.is_empty() {
        format!(
            "no board is named {}: the boards of this file have no names or numbers",
            cards::quoted(selector)
        )
    } else {
        let shown = names.len().min(40);
        format!(
            "no board is named {}; the boards are {}{}",
            cards::quoted(selector),
            names[..shown].join(", "),
            if names.len() > shown {
                format!(" and {} more", names.len() - shown)
            } else {
                String::new()
            }
        )
    })
}

/// An auction that ends in `contract` with its dealer as declarer: the
/// bid, a double and a redouble as the contract has them, then three
/// passes. For games played without a recorded auction.
#[must_use]
pub fn auction_ending_in(contract: Contract) -> Vec<Call> {
    auction_for(Seat::North, Seat::North, contract)
}

/// The shortest auction from `dealer` that ends in `contract` by
/// `declarer`: passes until declarer, the bid, a double and a redouble as
/// the contract has them, then three passes. For a format that can give a
/// contract only through an auction (LIN) when the record has none.
#[must_use]
pub fn auction_for(dealer: Seat, declarer: Seat, contract: Contract) -> Vec<Call> {
    let mut calls = vec![Call::Pass; (declarer.index() + 4 - dealer.index()) % 4];
    calls.push(Call::Bid(contract.level, contract.strain));
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

/// Checks a result or claim against a legal play: after a complete play
/// the result must be the tricks the play gives; after a play that stops
/// before the end, a result is a claim of declarer's total, which must lie
/// between the tricks declarer has won and those plus the tricks not yet
/// finished. Returns declarer's tricks counted from a complete play and
/// the claim, if any. `Err` says why they disagree.
pub(crate) fn check_claim(
    deal: &Deal,
    strain: Strain,
    declarer: Seat,
    play: &[Card],
    result: Option<u8>,
) -> Result<(Option<u8>, Option<u8>), String> {
    let mut state = bridge::PlayState::new(*deal, strain, declarer);
    for &card in play {
        state.play(card).map_err(|e| e.to_string())?;
    }
    let won = state.tricks(declarer.side()) as u8;
    if state.is_over() {
        if let Some(r) = result.filter(|&r| r != won) {
            return Err(format!(
                "{r} tricks, but the complete play gives declarer {won}"
            ));
        }
        return Ok((Some(won), None));
    }
    let Some(claim) = result else {
        return Ok((None, None));
    };
    let total = deal[Seat::North].len();
    let finished = play.len() / 4;
    let left = (total - finished) as u8;
    if claim < won || claim > won + left {
        return Err(format!(
            "a claim of {claim} tricks, but declarer has won {won} of the {finished} tricks played and {left} remain (so {won} to {})",
            won + left
        ));
    }
    Ok((None, Some(claim)))
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

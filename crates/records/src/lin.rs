//! BBO's LIN: `key|value|` pairs. A board is `md` (dealer digit, then the
//! hands of South, West, North and East; the last may be left out), `sv`
//! (vulnerability), `mb` calls (`!` marks an alert), `pc` cards, `mc` a
//! claim (declarer's total tricks); `ah` names the board, `pn` the players
//! (South, West, North, East), `qx` starts a board in vugraph files. Other
//! keys (`an`, `nt`, `pg`, `rh`, `st`, `vg`, `rs`, ...) are skipped.

use crate::call::{Auction, Call};
use crate::record::{
    check_claim, check_play, contract_of, GameRecord, RecordError, Room, Vulnerability,
};
use cards::{BySeat, Card, Deal, Hand, Rank, Seat, Suit};

#[derive(Default)]
struct RawBoard {
    line: usize,
    md: Option<(String, usize)>,
    sv: Option<(String, usize)>,
    name: Option<String>,
    /// A vugraph board's `qx` value (`o46`) and its line.
    qx: Option<(String, usize)>,
    calls: Vec<(String, usize)>,
    cards: Vec<(String, usize)>,
    claim: Option<(String, usize)>,
    players: Option<String>,
    event: Option<String>,
}

/// Reads every board of a LIN file. Boards that cannot be read give an
/// error each; the others are returned.
#[must_use]
pub fn read_lin(file: &str, text: &str) -> (Vec<GameRecord>, Vec<RecordError>) {
    // Pairs with the line of their key.
    let mut pairs: Vec<(String, String, usize)> = Vec::new();
    let mut line = 1;
    let mut fields = text.split('|');
    while let Some(key) = fields.next() {
        let key_line = line + key.matches('\n').count();
        line = key_line;
        let Some(value) = fields.next() else { break };
        pairs.push((key.trim().to_ascii_lowercase(), value.to_string(), key_line));
        line += value.matches('\n').count();
    }
    let mut boards: Vec<RawBoard> = Vec::new();
    let mut current = RawBoard::default();
    let mut names: Option<String> = None;
    let mut event: Option<String> = None;
    for (key, value, line) in pairs {
        let starts_board = key == "qx" || (key == "md" && current.md.is_some());
        if starts_board && (current.md.is_some() || !current.calls.is_empty()) {
            boards.push(std::mem::take(&mut current));
        }
        if current.line == 0 {
            current.line = line;
        }
        match key.as_str() {
            "md" => current.md = Some((value, line)),
            "sv" => current.sv = Some((value, line)),
            "ah" => current.name = Some(value.trim().to_string()),
            "qx" => current.qx = Some((value, line)),
            "mb" => current.calls.push((value, line)),
            "pc" => current.cards.push((value, line)),
            "mc" => current.claim = Some((value, line)),
            // Names given within a board are its own, and the next
            // boards' until others are given.
            "pn" => {
                current.players = Some(value.clone());
                names = Some(value);
            }
            "vg" => {
                event = value
                    .split(',')
                    .next()
                    .map(str::trim)
                    .filter(|e| !e.is_empty())
                    .map(str::to_string);
            }
            _ => {}
        }
        if current.players.is_none() {
            current.players.clone_from(&names);
        }
        if current.event.is_none() {
            current.event.clone_from(&event);
        }
    }
    if current.md.is_some() {
        boards.push(current);
    }
    let mut records = Vec::new();
    let mut errors = Vec::new();
    for b in boards {
        match board(file, &b) {
            Ok(r) => records.push(r),
            Err(e) => errors.push(e),
        }
    }
    (records, errors)
}

fn err(file: &str, line: usize, tag: &str, message: impl Into<String>) -> RecordError {
    RecordError {
        file: file.to_string(),
        line,
        tag: Some(format!("{tag}|")),
        message: message.into(),
    }
}

/// The hands of `md`: the dealer, then South, West, North, East.
fn parse_md(text: &str) -> Result<(Seat, Deal), String> {
    let mut chars = text.trim().chars();
    let dealer = match chars.next() {
        Some('1') => Seat::South,
        Some('2') => Seat::West,
        Some('3') => Seat::North,
        Some('4') => Seat::East,
        other => {
            return Err(format!(
                "the dealer digit is 1 (S), 2 (W), 3 (N) or 4 (E), not {other:?}"
            ))
        }
    };
    let order = [Seat::South, Seat::West, Seat::North, Seat::East];
    let mut hands = BySeat::<Hand>::default();
    let parts: Vec<&str> = chars.as_str().split(',').collect();
    for (i, part) in parts.iter().enumerate().take(4) {
        let mut suit: Option<Suit> = None;
        let text = part.trim().to_ascii_uppercase().replace("10", "T");
        for c in text.chars() {
            match c {
                'S' => suit = Some(Suit::Spades),
                'H' => suit = Some(Suit::Hearts),
                'D' => suit = Some(Suit::Diamonds),
                'C' => suit = Some(Suit::Clubs),
                _ => {
                    let s = suit.ok_or_else(|| {
                        format!(
                            "{}'s hand {}: a rank before any suit letter",
                            order[i],
                            cards::quoted(part)
                        )
                    })?;
                    let rank = Rank::from_letter(c).ok_or_else(|| {
                        format!(
                            "{}'s hand {}: {c:?} is not a rank",
                            order[i],
                            cards::quoted(part)
                        )
                    })?;
                    if !hands[order[i]].insert(Card::new(s, rank)) {
                        return Err(format!(
                            "{}'s hand {}: {} twice",
                            order[i],
                            cards::quoted(part),
                            Card::new(s, rank)
                        ));
                    }
                }
            }
        }
    }
    // The last hand left out: the cards nobody holds.
    let given: Hand = order
        .iter()
        .fold(Hand::EMPTY, |acc, &s| acc.union(hands[s]));
    if hands[Seat::East].is_empty() {
        // The last hand left out: the others must hold 13 cards each.
        if let Some(&seat) = order[..3].iter().find(|&&s| hands[s].len() != 13) {
            return Err(format!(
                "hand of {seat} has {} cards, expected 13 (East's hand, left out, is the cards nobody holds)",
                hands[seat].len()
            ));
        }
        hands[Seat::East] = Hand(Hand::FULL_DECK.0 & !given.0);
    }
    let deal = Deal::new(hands).map_err(|e| e.to_string())?;
    deal.check_hand_sizes(13).map_err(|e| e.to_string())?;
    Ok((dealer, deal))
}

/// A vugraph `qx` value: the room letter and the board number (`o46`).
fn room_and_number(qx: &str) -> Option<(Room, String)> {
    // `o46`, sometimes `o46,BOARD 46`.
    let qx = qx.split(',').next().unwrap_or("").trim();
    let mut chars = qx.chars();
    let room = match chars.next()?.to_ascii_lowercase() {
        'o' => Room::Open,
        'c' => Room::Closed,
        _ => return None,
    };
    let number: String = chars.as_str().trim().to_string();
    (!number.is_empty()).then_some((room, number))
}

fn board(file: &str, b: &RawBoard) -> Result<GameRecord, RecordError> {
    let (md, md_line) =
        b.md.as_ref()
            .ok_or_else(|| err(file, b.line, "md", "a board without a deal"))?;
    let (dealer, deal) = parse_md(md).map_err(|e| err(file, *md_line, "md", e))?;
    let vul = match &b.sv {
        None => Vulnerability::None,
        Some((v, l)) => match v.trim().to_ascii_lowercase().as_str() {
            "o" | "0" | "-" | "" => Vulnerability::None,
            "n" => Vulnerability::NS,
            "e" => Vulnerability::EW,
            "b" => Vulnerability::All,
            other => {
                return Err(err(
                    file,
                    *l,
                    "sv",
                    format!("{}: expected o, n, e or b", cards::quoted(other)),
                ))
            }
        },
    };
    let vugraph = b.qx.as_ref().and_then(|(v, _)| room_and_number(v));
    let board_name = b
        .name
        .clone()
        .map(|n| n.strip_prefix("Board ").map_or(n.clone(), str::to_string))
        .or_else(|| vugraph.as_ref().map(|(_, n)| n.clone()));
    let mut auction = Auction::new();
    for (text, line) in &b.calls {
        let call: Call = text
            .trim()
            .trim_end_matches('!')
            .parse()
            .map_err(|e| err(file, *line, "mb", format!("{e}")))?;
        auction
            .push(call)
            .map_err(|e| err(file, *line, "mb", e.to_string()))?;
    }
    let contract = if auction.is_complete() {
        contract_of(dealer, auction.calls())
    } else {
        None
    };
    let mut play = Vec::new();
    for (text, line) in &b.cards {
        let card: Card = text
            .trim()
            .to_ascii_uppercase()
            .parse()
            .map_err(|e| err(file, *line, "pc", format!("{e}")))?;
        play.push((card, *line));
    }
    let cards: Vec<Card> = play.iter().map(|p| p.0).collect();
    let claim = match &b.claim {
        None => None,
        Some((v, l)) => Some((
            v.trim()
                .parse::<u8>()
                .ok()
                .filter(|&t| t <= 13)
                .ok_or_else(|| {
                    err(
                        file,
                        *l,
                        "mc",
                        format!("{} is not a number of tricks (0 to 13)", cards::quoted(v)),
                    )
                })?,
            *l,
        )),
    };
    let (counted, claimed) = match contract {
        Some((c, d)) => {
            check_play(&deal, c.strain, d, &cards).map_err(|(i, why)| {
                err(
                    file,
                    play[i].1,
                    "pc",
                    format!("card {} of the play: {why}", i + 1),
                )
            })?;
            check_claim(&deal, c.strain, d, &cards, claim.map(|x| x.0))
                .map_err(|why| err(file, claim.map_or(b.line, |x| x.1), "mc", why))?
        }
        None => {
            if let Some((_, line)) = play.first() {
                return Err(err(file, *line, "pc", "cards played without a contract"));
            }
            if let Some((_, line)) = claim {
                return Err(err(file, line, "mc", "a claim without a contract"));
            }
            (None, None)
        }
    };
    let players = match &b.players {
        Some(names) => {
            let n: Vec<&str> = names.split(',').map(str::trim).collect();
            // South, West, North, East; a vugraph file names the open
            // room's four, then the closed room's.
            let offset = match vugraph {
                Some((Room::Closed, _)) if n.len() >= 8 => 4,
                _ => 0,
            };
            let name = |i: usize| {
                n.get(offset + i)
                    .map(|s| s.to_string())
                    .filter(|s| !s.is_empty())
            };
            [name(2), name(3), name(0), name(1)]
        }
        None => [None, None, None, None],
    };
    Ok(GameRecord {
        file: file.to_string(),
        line: b.line,
        event: b.event.clone(),
        board: board_name,
        room: vugraph.map(|(r, _)| r),
        dealer: Some(dealer),
        vul,
        deal,
        passed_out: auction.is_passed_out(),
        auction: auction.calls().to_vec(),
        declarer: contract.map(|c| c.1),
        contract: contract.map(|c| c.0),
        play: cards,
        claimed,
        result: claimed.or(counted),
        players,
        warnings: Vec::new(),
    })
}

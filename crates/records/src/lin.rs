//! BBO's LIN: `key|value|` pairs. A board is `md` (dealer digit, then the
//! hands of South, West, North and East; the last may be left out), `sv`
//! (vulnerability), `mb` calls (`!` marks an alert), `pc` cards, `mc` a
//! claim (declarer's total tricks); `ah` names the board, `pn` the players
//! (South, West, North, East), `qx` starts a board in vugraph files. Other
//! keys (`an`, `nt`, `pg`, `rh`, `st`, `vg`, `rs`, ...) are skipped.

use crate::call::Call;
use crate::record::{
    auction_complete, check_play, contract_of, GameRecord, RecordError, Vulnerability,
};
use cards::{BySeat, Card, Deal, Hand, Rank, Seat, Suit};

#[derive(Default)]
struct RawBoard {
    line: usize,
    md: Option<(String, usize)>,
    sv: Option<(String, usize)>,
    name: Option<String>,
    calls: Vec<(String, usize)>,
    cards: Vec<(String, usize)>,
    claim: Option<(String, usize)>,
    players: Option<String>,
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
            "mb" => current.calls.push((value, line)),
            "pc" => current.cards.push((value, line)),
            "mc" => current.claim = Some((value, line)),
            "pn" => names = Some(value),
            _ => {}
        }
        if current.players.is_none() {
            current.players.clone_from(&names);
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
                            "{}'s hand {part:?}: a rank before any suit letter",
                            order[i]
                        )
                    })?;
                    let rank = Rank::from_letter(c).ok_or_else(|| {
                        format!("{}'s hand {part:?}: {c:?} is not a rank", order[i])
                    })?;
                    if !hands[order[i]].insert(Card::new(s, rank)) {
                        return Err(format!(
                            "{}'s hand {part:?}: {} twice",
                            order[i],
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
    if hands[Seat::East].is_empty() && given.len() == 39 {
        hands[Seat::East] = Hand(Hand::FULL_DECK.0 & !given.0);
    }
    let deal = Deal::new(hands).map_err(|e| e.to_string())?;
    deal.check_hand_sizes(13).map_err(|e| e.to_string())?;
    Ok((dealer, deal))
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
                    format!("{other:?}: expected o, n, e or b"),
                ))
            }
        },
    };
    let mut auction = Vec::new();
    for (text, line) in &b.calls {
        let call: Call = text
            .trim()
            .trim_end_matches('!')
            .parse()
            .map_err(|e| err(file, *line, "mb", format!("{e}")))?;
        if !call.is_legal_after(&auction) {
            return Err(err(
                file,
                *line,
                "mb",
                format!("{call} is not a legal call here"),
            ));
        }
        auction.push(call);
    }
    let contract = if auction_complete(&auction) {
        contract_of(dealer, &auction)
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
    let mut counted = None;
    if let Some((c, d)) = contract {
        let cards: Vec<Card> = play.iter().map(|p| p.0).collect();
        counted = check_play(&deal, c.strain, d, &cards).map_err(|(i, why)| {
            err(
                file,
                play[i].1,
                "pc",
                format!("card {} of the play: {why}", i + 1),
            )
        })?;
    } else if let Some((_, line)) = play.first() {
        return Err(err(file, *line, "pc", "cards played without a contract"));
    }
    let claimed = match &b.claim {
        None => None,
        Some((v, l)) => Some(
            v.trim()
                .parse::<u8>()
                .ok()
                .filter(|&t| t <= 13)
                .ok_or_else(|| {
                    err(
                        file,
                        *l,
                        "mc",
                        format!("{v:?} is not a number of tricks (0 to 13)"),
                    )
                })?,
        ),
    };
    let players = match &b.players {
        Some(names) => {
            let n: Vec<&str> = names.split(',').map(str::trim).collect();
            // South, West, North, East.
            let name = |i: usize| n.get(i).map(|s| s.to_string()).filter(|s| !s.is_empty());
            [name(2), name(3), name(0), name(1)]
        }
        None => [None, None, None, None],
    };
    Ok(GameRecord {
        file: file.to_string(),
        line: b.line,
        board: b
            .name
            .clone()
            .map(|n| n.strip_prefix("Board ").map_or(n.clone(), str::to_string)),
        dealer: Some(dealer),
        vul,
        deal,
        auction,
        declarer: contract.map(|c| c.1),
        contract: contract.map(|c| c.0),
        play: play.into_iter().map(|p| p.0).collect(),
        claimed,
        result: claimed.or(counted),
        players,
    })
}

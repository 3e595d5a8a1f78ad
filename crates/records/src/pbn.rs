//! PBN 2.1 games: tag pairs, the `[Auction]` and `[Play]` sections, games
//! separated by empty lines; `%` directives, `;` and `{...}` comments
//! (nested braces tolerated); `#` copies a tag's value from the previous
//! game.

use crate::call::Call;
use crate::record::{
    auction_complete, check_play, contract_of, GameRecord, RecordError, Vulnerability,
};
use bridge::Contract;
use cards::{Card, Deal, Seat};
use std::collections::HashMap;

/// What the tokenizer sees.
#[derive(Debug)]
enum Token {
    /// A tag pair and its line.
    Tag(String, String, usize),
    /// A section token (a call, a card, a note reference) and its line.
    Word(String, usize),
    /// An empty line: the end of a game.
    GameEnd,
}

fn tokenize(text: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        if depth == 0 && raw.trim().is_empty() {
            out.push(Token::GameEnd);
            continue;
        }
        if depth == 0 && raw.starts_with('%') {
            continue;
        }
        let chars: Vec<char> = raw.chars().collect();
        let mut j = 0;
        while j < chars.len() {
            let c = chars[j];
            if depth > 0 {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    _ => {}
                }
                j += 1;
                continue;
            }
            match c {
                '{' => {
                    depth = 1;
                    j += 1;
                }
                // A stray closing brace outside any comment: ignored.
                '}' => j += 1,
                ';' => break,
                '[' => {
                    // [Name "value"]: the value ends at a quote followed by `]`.
                    let rest: String = chars[j + 1..].iter().collect();
                    let name: String = rest
                        .chars()
                        .take_while(|c| !c.is_whitespace() && *c != '"')
                        .collect();
                    let after = &rest[name.len()..];
                    let value_start = after.find('"');
                    let (value, used) = match value_start {
                        Some(q) => {
                            let body = &after[q + 1..];
                            let mut value = String::new();
                            let mut k = 0;
                            let b: Vec<char> = body.chars().collect();
                            let mut end = None;
                            while k < b.len() {
                                if b[k] == '\\' && k + 1 < b.len() {
                                    value.push(b[k + 1]);
                                    k += 2;
                                    continue;
                                }
                                if b[k] == '"'
                                    && b[k + 1..].iter().find(|c| !c.is_whitespace()) == Some(&']')
                                {
                                    let close = b[k + 1..]
                                        .iter()
                                        .position(|&c| c == ']')
                                        .expect("found above");
                                    end = Some(k + 1 + close + 1);
                                    break;
                                }
                                value.push(b[k]);
                                k += 1;
                            }
                            match end {
                                Some(e) => (
                                    value,
                                    name.chars().count() + after[..q + 1].chars().count() + e,
                                ),
                                None => (value, rest.chars().count()),
                            }
                        }
                        None => (String::new(), rest.chars().count()),
                    };
                    out.push(Token::Tag(name, value, line));
                    j += 1 + used;
                }
                c if c.is_whitespace() => j += 1,
                _ => {
                    let word: String = chars[j..]
                        .iter()
                        .take_while(|c| !c.is_whitespace() && !matches!(c, '{' | ';' | '['))
                        .collect();
                    j += word.chars().count();
                    out.push(Token::Word(word, line));
                }
            }
        }
    }
    out
}

/// One game's tags and the words after its section tags.
#[derive(Default)]
struct RawGame {
    line: usize,
    tags: HashMap<String, (String, usize)>,
    auction: Vec<(String, usize)>,
    play: Vec<(String, usize)>,
}

/// Reads every game of a PBN file. Games that cannot be read give an error
/// each; the others are returned.
#[must_use]
pub fn read_pbn(file: &str, text: &str) -> (Vec<GameRecord>, Vec<RecordError>) {
    let mut games: Vec<RawGame> = Vec::new();
    let mut current: Option<RawGame> = None;
    let mut section = String::new();
    for token in tokenize(text) {
        match token {
            Token::GameEnd => {
                if let Some(g) = current.take() {
                    games.push(g);
                }
                section.clear();
            }
            Token::Tag(name, value, line) => {
                let g = current.get_or_insert_with(|| RawGame {
                    line,
                    ..RawGame::default()
                });
                section = name.clone();
                g.tags.entry(name).or_insert((value, line));
            }
            Token::Word(word, line) => {
                if let Some(g) = current.as_mut() {
                    match section.as_str() {
                        "Auction" => g.auction.push((word, line)),
                        "Play" => g.play.push((word, line)),
                        _ => {}
                    }
                }
            }
        }
    }
    if let Some(g) = current.take() {
        games.push(g);
    }
    let mut records = Vec::new();
    let mut errors = Vec::new();
    let mut previous: HashMap<String, (String, usize)> = HashMap::new();
    for mut g in games {
        // `#`: the previous game's value.
        for (name, (value, _)) in g.tags.iter_mut() {
            if value == "#" {
                if let Some((v, _)) = previous.get(name) {
                    value.clone_from(v);
                }
            }
        }
        previous.clone_from(&g.tags);
        if !g.tags.contains_key("Deal") {
            // Tags without a deal are a file header or notes, unless they
            // hold a board's play.
            if ["Auction", "Play", "Contract"]
                .iter()
                .any(|t| g.tags.contains_key(*t))
            {
                errors.push(err(file, g.line, "Deal", "a game without a deal (write the deal, or \"#\" to repeat the previous game's)"));
            }
            continue;
        }
        match game(file, &g) {
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
        tag: Some(format!("[{tag}]")),
        message: message.into(),
    }
}

fn game(file: &str, g: &RawGame) -> Result<GameRecord, RecordError> {
    let tag = |name: &str| g.tags.get(name).map(|(v, l)| (v.trim(), *l));
    let (deal_text, deal_line) = tag("Deal").expect("checked by the caller");
    let deal: Deal = deal_text
        .parse()
        .map_err(|e| err(file, deal_line, "Deal", format!("{e}")))?;
    if let Err(e) = deal.check_hand_sizes(13) {
        return Err(err(file, deal_line, "Deal", e.to_string()));
    }
    let seat_of = |name: &str| -> Result<Option<Seat>, RecordError> {
        match tag(name) {
            None => Ok(None),
            Some(("", _)) => Ok(None),
            Some((v, l)) => v
                .parse::<Seat>()
                .map(Some)
                .map_err(|_| err(file, l, name, format!("{v:?} is not a seat (N, E, S, W)"))),
        }
    };
    let dealer = seat_of("Dealer")?;
    let vul = match tag("Vulnerable") {
        None => Vulnerability::None,
        Some((v, l)) => match v.to_ascii_lowercase().as_str() {
            "none" | "love" | "-" | "" => Vulnerability::None,
            "ns" => Vulnerability::NS,
            "ew" => Vulnerability::EW,
            "all" | "both" => Vulnerability::All,
            _ => {
                return Err(err(
                    file,
                    l,
                    "Vulnerable",
                    format!("{v:?}: expected None, NS, EW or All"),
                ))
            }
        },
    };
    // The auction.
    let mut auction = Vec::new();
    if let Some((start, l)) = tag("Auction") {
        let first: Seat = start
            .parse()
            .map_err(|_| err(file, l, "Auction", format!("{start:?} is not a seat")))?;
        if let Some(d) = dealer {
            if d != first {
                return Err(err(
                    file,
                    l,
                    "Auction",
                    format!("starts with {first} but the dealer is {d}"),
                ));
            }
        }
        for (word, line) in &g.auction {
            let w = word.trim_end_matches(['!', '?']);
            if w.is_empty() || w.starts_with('=') || w.starts_with('$') || w == "-" || w == "+" {
                continue;
            }
            if w == "*" {
                break;
            }
            if w.eq_ignore_ascii_case("AP") {
                auction.extend([Call::Pass; 3]);
                continue;
            }
            let call: Call = w
                .parse()
                .map_err(|e| err(file, *line, "Auction", format!("{e}")))?;
            if !call.is_legal_after(&auction) {
                return Err(err(
                    file,
                    *line,
                    "Auction",
                    format!("{call} is not a legal call after {}", calls(&auction)),
                ));
            }
            auction.push(call);
        }
    }
    let auction_start = tag("Auction")
        .and_then(|(s, _)| s.parse::<Seat>().ok())
        .or(dealer);
    let from_auction = match auction_start {
        Some(d) if auction_complete(&auction) => Some(contract_of(d, &auction)),
        _ => None,
    };
    let (contract, declarer) = match from_auction {
        Some(Some((c, d))) => (Some(c), Some(d)),
        Some(None) => (None, None),
        None => {
            // No whole auction: the Contract and Declarer tags.
            let contract = match tag("Contract") {
                None | Some(("", _)) => None,
                Some((v, _)) if v.eq_ignore_ascii_case("pass") => None,
                Some((v, l)) => Some(
                    v.parse::<Contract>()
                        .map_err(|e| err(file, l, "Contract", e.to_string()))?,
                ),
            };
            (
                contract,
                seat_of("Declarer")?.filter(|_| contract.is_some()),
            )
        }
    };
    // The play, in columns from the [Play] seat, turned into playing order;
    // declarer's tricks when it is complete.
    let mut play = Vec::new();
    let mut counted = None;
    if let (Some((start, l)), Some(c), Some(d)) = (tag("Play"), contract, declarer) {
        let column0: Seat = start
            .parse()
            .map_err(|_| err(file, l, "Play", format!("{start:?} is not a seat")))?;
        let mut rows: Vec<Vec<(Option<Card>, usize)>> = vec![Vec::new()];
        for (word, line) in &g.play {
            if word == "*" {
                break;
            }
            if rows.last().is_some_and(|r| r.len() == 4) {
                rows.push(Vec::new());
            }
            let card = if word.chars().all(|c| c == '-') {
                None
            } else {
                Some(
                    word.parse::<Card>()
                        .map_err(|e| err(file, *line, "Play", format!("{e}")))?,
                )
            };
            rows.last_mut().expect("a row").push((card, *line));
        }
        let trump = c.strain.trump();
        let mut leader = d.lho();
        'tricks: for row in &rows {
            let mut trick = Vec::new();
            for k in 0..4 {
                let seat = Seat::from_index(leader.index() + k);
                let col = (seat.index() + 4 - column0.index()) % 4;
                match row.get(col) {
                    Some((Some(card), _)) => trick.push(*card),
                    _ => {
                        play.extend(&trick);
                        break 'tricks;
                    }
                }
            }
            play.extend(&trick);
            let cards = [trick[0], trick[1], trick[2], trick[3]];
            leader = bridge::trick_winner(&cards, leader, trump);
        }
        counted = check_play(&deal, c.strain, d, &play).map_err(|(i, why)| {
            let line = g.play.get(i).map_or(l, |(_, line)| *line);
            err(
                file,
                line,
                "Play",
                format!("card {} of the play: {why}", i + 1),
            )
        })?;
    }
    let result = match tag("Result") {
        None | Some(("", _)) => None,
        Some((v, l)) => Some(v.parse::<u8>().ok().filter(|&r| r <= 13).ok_or_else(|| {
            err(
                file,
                l,
                "Result",
                format!("{v:?} is not a number of tricks (0 to 13)"),
            )
        })?),
    };
    let claimed = if play.len() < 52 && !play.is_empty() {
        result
    } else {
        None
    };
    let players = [Seat::North, Seat::East, Seat::South, Seat::West].map(|s| {
        let name = match s {
            Seat::North => "North",
            Seat::East => "East",
            Seat::South => "South",
            Seat::West => "West",
        };
        tag(name)
            .map(|(v, _)| v.to_string())
            .filter(|v| !v.is_empty())
    });
    Ok(GameRecord {
        file: file.to_string(),
        line: g.line,
        board: tag("Board")
            .map(|(v, _)| v.to_string())
            .filter(|v| !v.is_empty()),
        dealer,
        vul,
        deal,
        auction,
        declarer,
        contract,
        play,
        claimed,
        result: result.or(counted),
        players,
    })
}

fn calls(auction: &[Call]) -> String {
    if auction.is_empty() {
        "the start".into()
    } else {
        auction
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

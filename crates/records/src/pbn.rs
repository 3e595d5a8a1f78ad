//! PBN 2.1 games: tag pairs, the `[Auction]` and `[Play]` sections, games
//! separated by empty lines; `%` directives, `;` and `{...}` comments
//! (nested braces tolerated); `#` copies a tag's value from the previous
//! game.
//!
//! Two layers: [`pbn_games`] splits a file into games of tags and section
//! words, with no meaning given to them (the deal-set reader of the arena
//! builds on it too); [`read_pbn`] reads each game as a [`GameRecord`],
//! checking that its tags, auction, play and result agree.

use crate::call::{Auction, Call};
use crate::record::{
    check_claim, check_play, GameRecord, RecordError, RecordWarning, Room, Vulnerability,
};
use bridge::Contract;
use cards::{Card, Deal, Seat, Strain};
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

/// The value of a tag whose opening quote is at `chars[0]`: it ends at a
/// quote followed (after blanks) by `]`; `\` escapes the next character.
/// Returns the value and the index just after the `]`, or the whole rest
/// of the line when no such end is found.
fn tag_value(chars: &[char]) -> (String, usize) {
    let mut value = String::new();
    let mut k = 1;
    while k < chars.len() {
        let c = chars[k];
        if c == '\\' && k + 1 < chars.len() {
            value.push(chars[k + 1]);
            k += 2;
            continue;
        }
        if c == '"' {
            let mut after = k + 1;
            while after < chars.len() && chars[after].is_whitespace() {
                after += 1;
            }
            if chars.get(after) == Some(&']') {
                return (value, after + 1);
            }
        }
        value.push(c);
        k += 1;
    }
    (value, chars.len())
}

/// Splits a PBN text into tokens, in time linear in its length.
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
                    // [Name "value"]
                    let start = j + 1;
                    let mut k = start;
                    while k < chars.len() && !chars[k].is_whitespace() && chars[k] != '"' {
                        k += 1;
                    }
                    let name: String = chars[start..k].iter().collect();
                    let name = name.trim_end_matches(']').to_string();
                    while k < chars.len() && chars[k] != '"' && chars[k] != ']' {
                        k += 1;
                    }
                    let (value, end) = match chars.get(k) {
                        Some('"') => {
                            let (value, used) = tag_value(&chars[k..]);
                            (value, k + used)
                        }
                        // `[Name]` or `[Name ]`: an empty value.
                        Some(_) => (String::new(), k + 1),
                        None => (String::new(), k),
                    };
                    out.push(Token::Tag(name, value, line));
                    j = end;
                }
                c if c.is_whitespace() => j += 1,
                _ => {
                    let start = j;
                    while j < chars.len()
                        && !chars[j].is_whitespace()
                        && !matches!(chars[j], '{' | ';' | '[')
                    {
                        j += 1;
                    }
                    out.push(Token::Word(chars[start..j].iter().collect(), line));
                }
            }
        }
    }
    out
}

/// One tag pair of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PbnTag {
    /// Its name, such as `Deal`.
    pub name: String,
    /// Its value, without the quotes (a `#` already replaced by the
    /// previous game's value).
    pub value: String,
    /// Its line (1-based).
    pub line: usize,
}

/// One game of a PBN file as written: its tags and the words of its
/// `[Auction]` and `[Play]` sections, with their lines, before any
/// meaning is given to them.
#[derive(Clone, Debug, Default)]
pub struct PbnGame {
    /// The line of its first tag.
    pub line: usize,
    tags: Vec<PbnTag>,
    /// Where each tag's name is in `tags`: a game of many tags is read in
    /// time linear in their number.
    index: HashMap<String, usize>,
    auction: Vec<(String, usize)>,
    play: Vec<(String, usize)>,
    /// Tags given twice with different values: the name and both lines.
    conflicts: Vec<(String, usize, usize)>,
}

/// Tags that a game may carry several times (PBN's notes).
const REPEATABLE: [&str; 2] = ["Note", "Comment"];

impl PbnGame {
    /// The value of a tag (trimmed) and its line; the first one when the
    /// tag is repeated.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<(&str, usize)> {
        self.index
            .get(name)
            .map(|&i| &self.tags[i])
            .map(|t| (t.value.trim(), t.line))
    }

    /// Every tag, in the order written (a repeated tag once).
    #[must_use]
    pub fn tags(&self) -> &[PbnTag] {
        &self.tags
    }

    /// The words of the `[Auction]` section with their lines.
    #[must_use]
    pub fn auction_words(&self) -> &[(String, usize)] {
        &self.auction
    }

    /// The words of the `[Play]` section with their lines.
    #[must_use]
    pub fn play_words(&self) -> &[(String, usize)] {
        &self.play
    }

    /// An error for a tag given twice in the game with different values
    /// (which one is meant cannot be known), naming both lines.
    ///
    /// # Errors
    /// The first such tag.
    pub fn check_repeated_tags(&self, file: &str) -> Result<(), RecordError> {
        match self.conflicts.first() {
            None => Ok(()),
            Some((name, first, second)) => {
                let values: Vec<&str> = self
                    .tags
                    .iter()
                    .filter(|t| &t.name == name)
                    .map(|t| t.value.as_str())
                    .collect();
                Err(err(
                    file,
                    *second,
                    name,
                    format!(
                        "given twice with different values (line {first}: {}, line {second}); which one is meant?",
                        cards::quoted(values.first().copied().unwrap_or(""))
                    ),
                ))
            }
        }
    }

    fn add_tag(&mut self, name: String, value: String, line: usize) {
        if let Some(&i) = self.index.get(&name) {
            let first = &self.tags[i];
            if first.value.trim() != value.trim() && !REPEATABLE.contains(&name.as_str()) {
                self.conflicts.push((name, first.line, line));
            }
            return;
        }
        self.index.insert(name.clone(), self.tags.len());
        self.tags.push(PbnTag { name, value, line });
    }
}

/// A PBN text split into games.
#[derive(Clone, Debug, Default)]
pub struct PbnText {
    /// The games, in order.
    pub games: Vec<PbnGame>,
    /// Words outside any game (before a game's first tag), with their
    /// lines: text PBN does not define.
    pub stray: Vec<(String, usize)>,
}

/// The games of a PBN text: tags and section words, `#` values replaced
/// by the previous game's. A game ends at an empty line, or at an
/// `[Event]` tag after a `[Deal]`.
#[must_use]
pub fn pbn_games(text: &str) -> PbnText {
    let mut games: Vec<PbnGame> = Vec::new();
    let mut stray = Vec::new();
    let mut current: Option<PbnGame> = None;
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
                if name == "Event" && current.as_ref().is_some_and(|g| g.tag("Deal").is_some()) {
                    games.extend(current.take());
                }
                let g = current.get_or_insert_with(|| PbnGame {
                    line,
                    ..PbnGame::default()
                });
                section.clone_from(&name);
                g.add_tag(name, value, line);
            }
            Token::Word(word, line) => match current.as_mut() {
                Some(g) => match section.as_str() {
                    "Auction" => g.auction.push((word, line)),
                    "Play" => g.play.push((word, line)),
                    _ => {}
                },
                None => stray.push((word, line)),
            },
        }
    }
    games.extend(current);
    // `#`: the previous game's value.
    let mut previous: HashMap<String, String> = HashMap::new();
    for g in &mut games {
        for t in &mut g.tags {
            if t.value.trim() == "#" {
                if let Some(v) = previous.get(&t.name) {
                    t.value.clone_from(v);
                }
            }
        }
        for t in &g.tags {
            previous.insert(t.name.clone(), t.value.clone());
        }
    }
    PbnText { games, stray }
}

/// Reads every game of a PBN file. Games that cannot be read give an error
/// each; the others are returned.
#[must_use]
pub fn read_pbn(file: &str, text: &str) -> (Vec<GameRecord>, Vec<RecordError>) {
    let mut records = Vec::new();
    let mut errors = Vec::new();
    for g in pbn_games(text).games {
        if g.tag("Deal").is_none() {
            // Tags without a deal are a file header or notes, unless they
            // hold a board's play.
            if ["Auction", "Play", "Contract"]
                .iter()
                .any(|t| g.tag(t).is_some())
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

pub(crate) fn err(file: &str, line: usize, tag: &str, message: impl Into<String>) -> RecordError {
    RecordError {
        file: file.to_string(),
        line,
        tag: Some(format!("[{tag}]")),
        message: message.into(),
    }
}

/// The seat of a tag, `None` when absent or empty.
///
/// # Errors
/// A value that is no seat.
pub fn seat_tag(file: &str, g: &PbnGame, name: &str) -> Result<Option<Seat>, RecordError> {
    match g.tag(name) {
        None | Some(("", _)) => Ok(None),
        Some((v, l)) => v.parse::<Seat>().map(Some).map_err(|_| {
            err(
                file,
                l,
                name,
                format!("{} is not a seat (N, E, S, W)", cards::quoted(v)),
            )
        }),
    }
}

/// The `[Vulnerable]` tag (None when absent).
///
/// # Errors
/// A value PBN does not define.
pub fn vulnerability_tag(file: &str, g: &PbnGame) -> Result<Vulnerability, RecordError> {
    match g.tag("Vulnerable") {
        None => Ok(Vulnerability::None),
        Some((v, l)) => v
            .parse()
            .map_err(|e: crate::VulnerabilityError| err(file, l, "Vulnerable", e.to_string())),
    }
}

/// The `[Auction]` section: the seat that calls first and the calls, each
/// checked (a legal call, and none after the auction has ended). `None`
/// when the game has no `[Auction]` tag.
///
/// # Errors
/// A seat that is no seat or differs from `dealer`; a word that is no
/// call; an illegal call or one after the end.
pub fn auction_section(
    file: &str,
    g: &PbnGame,
    dealer: Option<Seat>,
) -> Result<Option<(Seat, Auction)>, RecordError> {
    let Some((start, l)) = g.tag("Auction") else {
        return Ok(None);
    };
    let first: Seat = start.parse().map_err(|_| {
        err(
            file,
            l,
            "Auction",
            format!("{} is not a seat", cards::quoted(start)),
        )
    })?;
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
    let mut auction = Auction::new();
    for (word, line) in g.auction_words() {
        let w = word.trim_end_matches(['!', '?']);
        if w.is_empty() || w.starts_with('=') || w.starts_with('$') || w == "-" || w == "+" {
            continue;
        }
        if w == "*" {
            break;
        }
        let push = |auction: &mut Auction, call: Call| {
            auction
                .push(call)
                .map_err(|e| err(file, *line, "Auction", e.to_string()))
        };
        if w.eq_ignore_ascii_case("AP") {
            // All pass: passes until the auction ends.
            if auction.is_complete() {
                push(&mut auction, Call::Pass)?;
            }
            while !auction.is_complete() {
                push(&mut auction, Call::Pass)?;
            }
            continue;
        }
        let call: Call = w
            .parse()
            .map_err(|e| err(file, *line, "Auction", format!("{e}")))?;
        push(&mut auction, call)?;
    }
    Ok(Some((first, auction)))
}

/// The cards of the `[Play]` section in the order they were played,
/// checked against the rules from declarer's left-hand opponent's lead.
/// Works for any deal of equal hands (the arena's reduced deals too).
/// Empty when the game has no `[Play]` tag.
///
/// # Errors
/// A `[Play]` seat other than the opening leader, a word that is no card,
/// a card after the play stopped, or a card the rules forbid.
pub fn play_section(
    file: &str,
    g: &PbnGame,
    deal: &Deal,
    strain: Strain,
    declarer: Seat,
) -> Result<Vec<Card>, RecordError> {
    let Some((start, l)) = g.tag("Play") else {
        return Ok(Vec::new());
    };
    let column0: Seat = start.parse().map_err(|_| {
        err(
            file,
            l,
            "Play",
            format!("{} is not a seat", cards::quoted(start)),
        )
    })?;
    if column0 != declarer.lho() {
        return Err(err(
            file,
            l,
            "Play",
            format!(
                "the play starts with {column0}, but the opening leader is {}, declarer {declarer}'s left-hand opponent",
                declarer.lho()
            ),
        ));
    }
    let mut rows: Vec<Vec<(Option<Card>, usize)>> = vec![Vec::new()];
    for (word, line) in g.play_words() {
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
    let trump = strain.trump();
    let mut play = Vec::new();
    let mut lines = Vec::new();
    let mut leader = column0;
    let mut stopped: Option<usize> = None;
    // The first card given after the play stopped: its seat, card, line.
    let mut after_stop: Option<(Seat, Card, usize)> = None;
    for row in &rows {
        let mut trick = Vec::new();
        for k in 0..4 {
            let seat = Seat::from_index(leader.index() + k);
            let col = (seat.index() + 4 - column0.index()) % 4;
            match row.get(col) {
                Some((Some(card), line)) if stopped.is_some() => {
                    after_stop.get_or_insert((seat, *card, *line));
                }
                Some((Some(card), line)) => {
                    trick.push(*card);
                    lines.push(*line);
                }
                _ => {
                    stopped.get_or_insert(play.len() + trick.len());
                }
            }
        }
        play.extend(&trick);
        if let [a, b, c, d] = trick[..] {
            leader = bridge::trick_winner(&[a, b, c, d], leader, trump);
        }
    }
    check_play(deal, strain, declarer, &play).map_err(|(i, why)| {
        let line = lines.get(i).copied().unwrap_or(l);
        err(
            file,
            line,
            "Play",
            format!("card {} of the play: {why}", i + 1),
        )
    })?;
    if let (Some((seat, card, line)), Some(missing)) = (after_stop, stopped) {
        return Err(err(
            file,
            line,
            "Play",
            format!(
                "{seat}'s {card} comes after the play stopped (card {} of the play is missing)",
                missing + 1
            ),
        ));
    }
    Ok(play)
}

fn game(file: &str, g: &PbnGame) -> Result<GameRecord, RecordError> {
    g.check_repeated_tags(file)?;
    let (deal_text, deal_line) = g.tag("Deal").expect("checked by the caller");
    let deal: Deal = deal_text
        .parse()
        .map_err(|e| err(file, deal_line, "Deal", format!("{e}")))?;
    if let Err(e) = deal.check_hand_sizes(13) {
        return Err(err(file, deal_line, "Deal", e.to_string()));
    }
    let board_name = g
        .tag("Board")
        .map(|(v, _)| v.to_string())
        .filter(|v| !v.is_empty());
    let mut warnings = Vec::new();
    let mut warn = |line: usize, tag: &str, message: String| {
        warnings.push(RecordWarning {
            file: file.to_string(),
            line,
            tag: Some(format!("[{tag}]")),
            board: board_name.clone(),
            message,
        });
    };
    let dealer = seat_tag(file, g, "Dealer")?;
    let vul = vulnerability_tag(file, g)?;
    let auction = auction_section(file, g, dealer)?;
    let dealer = dealer.or(auction.as_ref().map(|(first, _)| *first));
    let contract_tag = match g.tag("Contract") {
        None | Some(("", _)) => None,
        Some((v, l)) if v.eq_ignore_ascii_case("pass") => Some((None, v, l)),
        Some((v, l)) => Some((
            Some(
                v.parse::<Contract>()
                    .map_err(|e| err(file, l, "Contract", e.to_string()))?,
            ),
            v,
            l,
        )),
    };
    let declarer_tag = seat_tag(file, g, "Declarer")?;
    let (contract, declarer, passed_out) = match &auction {
        Some((first, a)) if a.is_complete() => {
            let from_auction = crate::record::contract_of(*first, a.calls());
            // The tags must say what the auction says.
            let said =
                from_auction.map_or("passed out".to_string(), |(c, d)| format!("{c} by {d}"));
            if let Some((c, v, l)) = &contract_tag {
                if *c != from_auction.map(|x| x.0) {
                    return Err(err(
                        file,
                        *l,
                        "Contract",
                        format!("{}, but the auction ends in {said}", cards::quoted(v)),
                    ));
                }
            }
            match (declarer_tag, from_auction) {
                // Real files (rpbridge's) leave out a call, such as the
                // dealer's opening pass, and so seat the auction wrong:
                // the contract agrees, the declarer does not. The tag is
                // taken, and said.
                (Some(d), Some((c, ad))) if d != ad => {
                    let l = g.tag("Declarer").map_or(g.line, |t| t.1);
                    warn(
                        l,
                        "Declarer",
                        format!(
                            "{d}, but the auction ends in {said}: read as {c} by {d}, as [Declarer] says (the auction may leave out a call, such as the dealer's opening pass)"
                        ),
                    );
                    (Some(c), Some(d), false)
                }
                (_, Some((c, d))) => (Some(c), Some(d), false),
                (_, None) => (None, None, true),
            }
        }
        _ => {
            // No whole auction: the Contract and Declarer tags.
            if let Some((_, a)) = &auction {
                if !a.calls().is_empty() {
                    let l = g.tag("Auction").map_or(g.line, |t| t.1);
                    warn(
                        l,
                        "Auction",
                        format!(
                            "the auction stops before its end (after {} calls); the contract is taken from [Contract] and [Declarer]",
                            a.calls().len()
                        ),
                    );
                }
            }
            match contract_tag {
                Some((None, _, _)) => (None, None, true),
                Some((Some(c), _, l)) => match declarer_tag {
                    Some(d) => (Some(c), Some(d), false),
                    None => {
                        return Err(err(
                            file,
                            l,
                            "Declarer",
                            format!(
                                "the contract {c} has no declarer (an empty or missing [Declarer])"
                            ),
                        ))
                    }
                },
                None => (None, None, false),
            }
        }
    };
    // The play in playing order; declarer's tricks when it is complete.
    let play = match (contract, declarer) {
        (Some(c), Some(d)) => play_section(file, g, &deal, c.strain, d)?,
        _ => {
            if let Some((_, line)) = g
                .play_words()
                .iter()
                .find(|(w, _)| w != "*" && !w.chars().all(|c| c == '-'))
            {
                return Err(err(
                    file,
                    *line,
                    "Play",
                    if passed_out {
                        "cards played on a passed-out board"
                    } else {
                        "cards played without a contract (no [Contract] and [Declarer], nor a whole auction)"
                    },
                ));
            }
            Vec::new()
        }
    };
    let result = match g.tag("Result") {
        None | Some(("", _)) => None,
        Some((v, l)) => Some((
            v.parse::<u8>().ok().filter(|&r| r <= 13).ok_or_else(|| {
                err(
                    file,
                    l,
                    "Result",
                    format!("{} is not a number of tricks (0 to 13)", cards::quoted(v)),
                )
            })?,
            l,
        )),
    };
    let (result, claimed) = match (result, contract, declarer) {
        (Some((_, l)), None, _) | (Some((_, l)), _, None) => {
            return Err(err(
                file,
                l,
                "Result",
                if passed_out {
                    "a result on a passed-out board"
                } else {
                    "a result without a contract"
                },
            ))
        }
        (r, Some(c), Some(d)) => {
            let (counted, claim) = check_claim(&deal, c.strain, d, &play, r.map(|x| x.0))
                .map_err(|why| err(file, r.map_or(g.line, |x| x.1), "Result", why))?;
            // A result after a play that stops before the end is a claim.
            (
                r.map(|x| x.0).or(counted),
                claim.filter(|_| !play.is_empty()),
            )
        }
        (None, _, _) => (None, None),
    };
    let players = [Seat::North, Seat::East, Seat::South, Seat::West].map(|s| {
        let name = match s {
            Seat::North => "North",
            Seat::East => "East",
            Seat::South => "South",
            Seat::West => "West",
        };
        g.tag(name)
            .map(|(v, _)| v.to_string())
            .filter(|v| !v.is_empty())
    });
    let room = match g.tag("Room") {
        None | Some(("", _)) => None,
        Some((v, l)) => Some(v.parse::<Room>().map_err(|e| err(file, l, "Room", e))?),
    };
    Ok(GameRecord {
        file: file.to_string(),
        line: g.line,
        event: g
            .tag("Event")
            .map(|(v, _)| v.to_string())
            .filter(|v| !v.is_empty()),
        board: board_name,
        room,
        dealer,
        vul,
        deal,
        auction: auction.map(|(_, a)| a.calls().to_vec()).unwrap_or_default(),
        declarer,
        contract,
        passed_out,
        play,
        claimed,
        result,
        players,
        warnings,
    })
}

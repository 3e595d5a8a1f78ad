//! Writing game records: PBN 2.1 (export format) and LIN.

use crate::record::{GameRecord, Vulnerability};
use cards::{Card, Hand, Rank, Seat, Suit};
use std::fmt::Write;

fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::North => "North",
        Seat::East => "East",
        Seat::South => "South",
        Seat::West => "West",
    }
}

/// A game as PBN 2.1: the mandatory tags in their order, the auction four
/// calls a line, the play one trick a line in the columns of the opening
/// leader (`-` for a card not played, `*` after an unfinished play).
#[must_use]
pub fn write_pbn(game: &GameRecord) -> String {
    let mut out = String::new();
    let tag = |out: &mut String, name: &str, value: &str| out.push_str(&pbn_tag(name, value));
    tag(&mut out, "Event", game.event.as_deref().unwrap_or(""));
    tag(&mut out, "Site", "");
    tag(&mut out, "Date", "");
    tag(&mut out, "Board", game.board.as_deref().unwrap_or(""));
    if let Some(room) = game.room {
        tag(&mut out, "Room", &room.to_string());
    }
    for seat in [Seat::West, Seat::North, Seat::East, Seat::South] {
        tag(
            &mut out,
            seat_name(seat),
            game.players[seat.index()].as_deref().unwrap_or(""),
        );
    }
    tag(
        &mut out,
        "Dealer",
        &game.dealer.map_or(String::new(), |s| s.to_string()),
    );
    tag(&mut out, "Vulnerable", &game.vul.to_string());
    tag(
        &mut out,
        "Deal",
        &game.deal.to_pbn_from(game.dealer.unwrap_or(Seat::North)),
    );
    tag(&mut out, "Scoring", "");
    tag(
        &mut out,
        "Declarer",
        &game.declarer.map_or(String::new(), |s| s.to_string()),
    );
    let contract = match game.contract {
        Some(c) => c.to_string(),
        None if game.passed_out => "Pass".to_string(),
        None => String::new(),
    };
    tag(&mut out, "Contract", &contract);
    tag(
        &mut out,
        "Result",
        &game.result.map_or(String::new(), |r| r.to_string()),
    );
    if let Some(dealer) = game.dealer.filter(|_| !game.auction.is_empty()) {
        tag(&mut out, "Auction", &dealer.to_string());
        for row in game.auction.chunks(4) {
            let calls: Vec<String> = row
                .iter()
                .map(|c| match c.to_string().as_str() {
                    "P" => "Pass".to_string(),
                    other => other.to_string(),
                })
                .collect();
            writeln!(out, "{}", calls.join(" ")).expect("a string");
        }
    }
    if let (Some(declarer), Some(contract)) = (game.declarer, game.contract) {
        if !game.play.is_empty() {
            out += &pbn_play_section(declarer.lho(), contract.strain.trump(), &game.play, 52);
        }
    }
    out
}

/// One PBN tag line, `[Name "value"]` and a line break, with `\` and `"`
/// in the value escaped.
#[must_use]
pub fn pbn_tag(name: &str, value: &str) -> String {
    let value = value.replace('\\', "\\\\").replace('"', "\\\"");
    format!("[{name} \"{value}\"]\n")
}

/// The PBN play section of `play`, a legal play from the opening lead by
/// `first` in a deal of `deal_cards` cards (52, or fewer for a reduced
/// deal) with `trump` (`None`: notrump): the `[Play]` tag naming `first`,
/// one line a trick with the cards in columns by seat from `first` on
/// (`-` for a card not yet played), then `*` when the play stops before
/// the end.
#[must_use]
pub fn pbn_play_section(
    first: Seat,
    trump: Option<Suit>,
    play: &[Card],
    deal_cards: usize,
) -> String {
    let mut out = pbn_tag("Play", &first.to_string());
    let mut leader = first;
    for trick in play.chunks(4) {
        let mut row = ["-", "-", "-", "-"].map(String::from);
        for (k, card) in trick.iter().enumerate() {
            let seat = Seat::from_index(leader.index() + k);
            row[(seat.index() + 4 - first.index()) % 4] = card.to_string();
        }
        writeln!(out, "{}", row.join(" ")).expect("a string");
        if let [a, b, c, d] = *trick {
            leader = bridge::trick_winner(&[a, b, c, d], leader, trump);
        }
    }
    if play.len() < deal_cards {
        out.push_str("*\n");
    }
    out
}

fn lin_hand(hand: Hand) -> String {
    let mut s = String::new();
    for suit in Suit::ALL {
        s.push(['S', 'H', 'D', 'C'][suit as usize]);
        for rank in Rank::DESCENDING {
            if hand.contains(Card::new(suit, rank)) {
                s.push(rank.letter());
            }
        }
    }
    s
}

/// A name as LIN can hold it: `pn|` is a list split at commas and a
/// field ends at `|`, so a comma becomes `;` and a bar `/`; line breaks
/// become spaces.
#[must_use]
pub fn lin_name(name: &str) -> String {
    name.chars()
        .map(|c| match c {
            ',' => ';',
            '|' => '/',
            '\n' | '\r' => ' ',
            c => c,
        })
        .collect::<String>()
        .trim()
        .to_string()
}

/// A field's text as LIN can hold it (no `|`, no line break).
fn lin_text(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '|' => '/',
            '\n' | '\r' => ' ',
            c => c,
        })
        .collect()
}

/// A game as one LIN line (BBO's hand record layout). A board of a teams
/// match's room starts with `qx|o..|` or `qx|c..|` as vugraph files do.
/// Player names go through [`lin_name`]. A contract without an auction is
/// written as the shortest auction from the dealer (declarer when there is
/// none) that ends in it, since LIN has no other way to give it.
#[must_use]
pub fn write_lin(game: &GameRecord) -> String {
    let order = [Seat::South, Seat::West, Seat::North, Seat::East];
    let names: Vec<String> = order
        .iter()
        .map(|s| lin_name(game.players[s.index()].as_deref().unwrap_or_default()))
        .collect();
    let dealer_seat = game.dealer.or(game.declarer).unwrap_or(Seat::North);
    let dealer = match dealer_seat {
        Seat::South => 1,
        Seat::West => 2,
        Seat::North => 3,
        Seat::East => 4,
    };
    let hands: Vec<String> = order.iter().map(|&s| lin_hand(game.deal[s])).collect();
    let mut out = String::new();
    if let (Some(room), Some(b)) = (game.room, &game.board) {
        let letter = match room {
            crate::record::Room::Open => 'o',
            crate::record::Room::Closed => 'c',
        };
        write!(out, "qx|{letter}{}|", lin_text(b)).expect("a string");
    }
    write!(
        out,
        "pn|{}|st||md|{dealer}{}|rh||",
        names.join(","),
        hands.join(",")
    )
    .expect("a string");
    if let Some(b) = &game.board {
        write!(out, "ah|Board {}|", lin_text(b)).expect("a string");
    }
    let sv = match game.vul {
        Vulnerability::None => "o",
        Vulnerability::NS => "n",
        Vulnerability::EW => "e",
        Vulnerability::All => "b",
    };
    write!(out, "sv|{sv}|").expect("a string");
    // LIN gives a contract only through an auction: a record with a
    // contract and no auction that ends in it (none, or one that stops
    // early) gets the shortest one that does.
    let invented;
    let auction = match (game.contract, game.declarer) {
        (Some(c), Some(d))
            if crate::record::contract_of(dealer_seat, &game.auction) != Some((c, d))
                || !crate::call::Auction::from_calls(&game.auction)
                    .is_ok_and(|a| a.is_complete()) =>
        {
            invented = crate::record::auction_for(dealer_seat, d, c);
            &invented
        }
        _ => &game.auction,
    };
    for call in auction {
        let text = match call.to_string().as_str() {
            "P" => "p".to_string(),
            "X" => "d".to_string(),
            "XX" => "r".to_string(),
            other => other.replace("NT", "N"),
        };
        write!(out, "mb|{text}|").expect("a string");
    }
    for (i, card) in game.play.iter().enumerate() {
        if i % 4 == 0 {
            out.push_str("pg||");
        }
        write!(out, "pc|{card}|").expect("a string");
    }
    // A result before the end of the play is a claim, LIN's only way to
    // give it.
    let claim = game.claimed.or(game
        .result
        .filter(|_| game.play.len() < 52 && game.contract.is_some()));
    if let Some(c) = claim {
        write!(out, "mc|{c}|").expect("a string");
    }
    out.push_str("pg||\n");
    out
}

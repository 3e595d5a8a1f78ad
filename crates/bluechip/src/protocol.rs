//! The table manager's messages as a robot reads them, and the robot's
//! lines. Reading is lenient: any case, runs of spaces, a trailing `.`,
//! suits of a hand with or without `-` for a void.

use cards::{Card, Hand, Rank, Seat, Suit};
use records::Call;

/// Who is vulnerable, as the board line says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Vul {
    /// Neither side.
    Neither,
    /// North-South.
    NS,
    /// East-West.
    EW,
    /// Both sides.
    Both,
}

/// A line from the table manager.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// `South ("name") seated`: the seat taken.
    Seated(Seat),
    /// `Teams : N/S : "a" E/W : "b"`.
    Teams,
    /// `Start of board`.
    StartOfBoard,
    /// `Board number 1. Dealer South. Neither vulnerable.`
    Board {
        /// The board number.
        number: u32,
        /// The dealer.
        dealer: Seat,
        /// Who is vulnerable.
        vul: Vul,
    },
    /// `South's cards : S K Q 3. H A J 4. D Q 8 5 2. C A 7 5.` (distinct
    /// cards, at most 13)
    Cards(Seat, Hand),
    /// `Dummy's cards : ...`
    DummyCards(Hand),
    /// `West bids 1NT`, `West passes`, `West doubles`, `West redoubles`.
    Call(Seat, Call),
    /// `South to lead` (`None`: `Dummy to lead`).
    ToLead(Option<Seat>),
    /// `West plays 8H`.
    Plays(Seat, Card),
    /// `End of session`.
    EndOfSession,
    /// `Timing - ...` and other lines a robot ignores.
    Ignored,
}

fn seat_word(word: &str) -> Option<Seat> {
    match word.trim_end_matches("'s").to_ascii_lowercase().as_str() {
        "north" => Some(Seat::North),
        "east" => Some(Seat::East),
        "south" => Some(Seat::South),
        "west" => Some(Seat::West),
        _ => None,
    }
}

/// The seat's name in the protocol.
#[must_use]
pub fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::North => "North",
        Seat::East => "East",
        Seat::South => "South",
        Seat::West => "West",
    }
}

/// A hand as `S K Q 3. H A J 4. D -. C A 7 5.` (or without the dashes,
/// spaces or dots between suits).
fn parse_hand(text: &str) -> Option<Hand> {
    let mut hand = Hand::EMPTY;
    let mut suit: Option<Suit> = None;
    let upper = text.to_ascii_uppercase().replace("10", "T");
    for c in upper.chars() {
        match c {
            'S' => suit = Some(Suit::Spades),
            'H' => suit = Some(Suit::Hearts),
            'D' => suit = Some(Suit::Diamonds),
            'C' => suit = Some(Suit::Clubs),
            ' ' | '.' | '-' | ',' => {}
            _ => {
                let rank = Rank::from_letter(c)?;
                // A card twice is no hand.
                if !hand.insert(Card::new(suit?, rank)) {
                    return None;
                }
            }
        }
    }
    (hand.len() <= 13).then_some(hand)
}

/// A card as the protocol writes it: rank then suit (`7S`, `TC`).
fn parse_card(text: &str) -> Option<Card> {
    let t = text
        .trim()
        .trim_end_matches('.')
        .to_ascii_uppercase()
        .replace("10", "T");
    let mut chars = t.chars();
    let rank = Rank::from_letter(chars.next()?)?;
    let suit = match chars.next()? {
        'S' => Suit::Spades,
        'H' => Suit::Hearts,
        'D' => Suit::Diamonds,
        'C' => Suit::Clubs,
        _ => return None,
    };
    chars.next().is_none().then_some(Card::new(suit, rank))
}

/// The protocol's card: rank then suit.
#[must_use]
pub fn card_text(card: Card) -> String {
    let suit = ['S', 'H', 'D', 'C'][card.suit as usize];
    format!("{}{suit}", card.rank.letter())
}

/// Reads one line of the table manager; `None` when it is not a message of
/// protocol 18 a robot understands.
#[must_use]
pub fn parse(line: &str) -> Option<Message> {
    let line = line.trim().trim_end_matches('.').trim();
    let lower = line.to_ascii_lowercase();
    let words: Vec<&str> = line.split_whitespace().collect();
    if lower.starts_with("start of board") {
        return Some(Message::StartOfBoard);
    }
    if lower.starts_with("end of session") {
        return Some(Message::EndOfSession);
    }
    if lower.starts_with("timing") {
        return Some(Message::Ignored);
    }
    if lower.starts_with("teams") {
        return Some(Message::Teams);
    }
    if lower.contains(" seated") {
        return Some(Message::Seated(seat_word(words.first()?)?));
    }
    if lower.starts_with("board number") {
        let number = words.get(2)?.trim_end_matches('.').parse().ok()?;
        let dealer = seat_word(words.get(4)?.trim_end_matches('.'))?;
        let vul = if lower.contains("neither") {
            Vul::Neither
        } else if lower.contains("both") {
            Vul::Both
        } else if lower.contains("n/s") {
            Vul::NS
        } else if lower.contains("e/w") {
            Vul::EW
        } else {
            return None;
        };
        return Some(Message::Board {
            number,
            dealer,
            vul,
        });
    }
    if let Some((head, hand)) = line.split_once(':') {
        let head = head.trim().to_ascii_lowercase();
        if head.ends_with("'s cards") {
            let hand = parse_hand(hand)?;
            let who = head.trim_end_matches("'s cards").trim();
            if who == "dummy" {
                return Some(Message::DummyCards(hand));
            }
            return Some(Message::Cards(seat_word(who)?, hand));
        }
    }
    let first = *words.first()?;
    if words.get(1).map(|w| w.to_ascii_lowercase()).as_deref() == Some("to")
        && lower.contains("to lead")
    {
        if first.eq_ignore_ascii_case("dummy") {
            return Some(Message::ToLead(None));
        }
        return Some(Message::ToLead(Some(seat_word(first)?)));
    }
    let seat = seat_word(first)?;
    let verb = words.get(1)?.to_ascii_lowercase();
    match verb.as_str() {
        "passes" => Some(Message::Call(seat, Call::Pass)),
        "doubles" => Some(Message::Call(seat, Call::Double)),
        "redoubles" => Some(Message::Call(seat, Call::Redouble)),
        "bids" => Some(Message::Call(
            seat,
            words.get(2)?.trim_end_matches('.').parse().ok()?,
        )),
        "plays" => Some(Message::Plays(seat, parse_card(words.get(2)?)?)),
        _ => None,
    }
}

/// The robot's line for its own call.
#[must_use]
pub fn call_line(seat: Seat, call: Call) -> String {
    let name = seat_name(seat);
    match call {
        Call::Pass => format!("{name} passes"),
        Call::Double => format!("{name} doubles"),
        Call::Redouble => format!("{name} redoubles"),
        Call::Bid(..) => format!("{name} bids {call}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_read_leniently() {
        assert_eq!(
            parse("Board number 7. Dealer West. E/W vulnerable."),
            Some(Message::Board {
                number: 7,
                dealer: Seat::West,
                vul: Vul::EW
            })
        );
        let Some(Message::Cards(Seat::South, hand)) =
            parse("South's cards : S K Q 3. H A J 4. D -. C A 7 5 4 3 2 T.")
        else {
            panic!("cards");
        };
        assert_eq!(hand.len(), 13);
        let Some(Message::Cards(_, tight)) =
            parse("SOUTH'S CARDS : S J 8 5.H A K T 8.D.C A K Q J 9 8")
        else {
            panic!("cards");
        };
        assert_eq!(tight.len(), 13);
        assert_eq!(
            parse("West bids 1NT Alert. 15-17"),
            Some(Message::Call(Seat::West, "1NT".parse().expect("a call")))
        );
        assert_eq!(
            parse("west  passes."),
            Some(Message::Call(Seat::West, Call::Pass))
        );
        assert_eq!(
            parse("North plays th"),
            Some(Message::Plays(Seat::North, "HT".parse().expect("a card")))
        );
        assert_eq!(parse("Dummy to lead"), Some(Message::ToLead(None)));
        assert_eq!(
            parse("South to lead."),
            Some(Message::ToLead(Some(Seat::South)))
        );
        assert_eq!(
            parse("Timing - N/S : this board [0:12], total [1:02]"),
            Some(Message::Ignored)
        );
        assert_eq!(parse("ERROR: Expected team name"), None);
        assert_eq!(
            call_line(Seat::South, "3NT".parse().expect("a call")),
            "South bids 3NT"
        );
        assert_eq!(card_text("CT".parse().expect("a card")), "TC");
    }

    /// Seeded fuzzing of the line reader: table-manager lines mutated
    /// thousands of times never panic, and a line read as cards always
    /// holds distinct cards (at most 13).
    #[test]
    fn mutated_lines_never_panic() {
        use rand::{Rng, SeedableRng};
        let lines = [
            "Board number 7. Dealer West. E/W vulnerable.",
            "South's cards : S K Q 3. H A J 4. D -. C A 7 5 4 3 2 T.",
            "West bids 1NT Alert. 15-17",
            "west  passes.",
            "North plays TH",
            "South (\"alphamu\") seated",
            "Teams : N/S : \"robots\" E/W : \"others\"",
            "Dummy to lead",
            "End of session",
            "Timing - N/S : this board [0:10], total [0:10].",
        ];
        let pool: Vec<char> = "SHDCAKQJT98765432 .:-\"/NEWsouthnorth01234567ÿ♠\t"
            .chars()
            .collect();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(12);
        for case in 0..20_000 {
            let mut chars: Vec<char> = lines[case % lines.len()].chars().collect();
            for _ in 0..rng.gen_range(1..4) {
                let at = rng.gen_range(0..=chars.len());
                match rng.gen_range(0..3) {
                    0 if at < chars.len() => {
                        chars.remove(at);
                    }
                    1 => chars.insert(at, pool[rng.gen_range(0..pool.len())]),
                    _ => chars.truncate(at),
                }
            }
            let line: String = chars.into_iter().collect();
            if let Some(Message::Cards(_, hand)) = parse(&line) {
                assert!(hand.len() <= 13, "{line:?}");
            }
        }
    }
}

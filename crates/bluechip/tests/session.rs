//! The robot against a small table manager written here from the protocol
//! text, on loopback: a whole board, an impossible card, a dropped
//! connection.

use bluechip::{run_session, SeatError, SessionConfig, System};
use cards::{Card, Deal, Hand, Seat};
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::thread;

/// 16 points, balanced: opens 1NT.
const STRONG: &str = "AQ3.KJ4.QT52.A73";
/// No points (the robot passes partner's 1NT and is dummy).
const WEAK: &str = "T98.T98.987.T982";

fn hand(text: &str) -> Hand {
    let d: cards::PartialDeal = format!("N:{text} - - -").parse().expect("a hand");
    d.hands[Seat::North].expect("a hand")
}

/// A deal with the given hands and the other cards dealt round the rest.
fn deal_with(given: &[(Seat, &str)]) -> Deal {
    let mut hands = cards::BySeat::<Hand>::default();
    let mut used = Hand::EMPTY;
    for &(seat, text) in given {
        hands[seat] = hand(text);
        used = used.union(hands[seat]);
    }
    let open: Vec<Seat> = Seat::ALL
        .into_iter()
        .filter(|s| given.iter().all(|g| g.0 != *s))
        .collect();
    let rest: Vec<Card> = Hand(Hand::FULL_DECK.0 & !used.0).iter().collect();
    for (i, c) in rest.into_iter().enumerate() {
        hands[open[i % open.len()]].insert(c);
    }
    Deal::new(hands).expect("a deal")
}

fn deal() -> Deal {
    deal_with(&[(Seat::South, STRONG)])
}

fn hand_line(hand: Hand) -> String {
    cards::Suit::ALL
        .iter()
        .map(|&s| {
            let ranks: Vec<String> = hand
                .iter()
                .filter(|c| c.suit == s)
                .map(|c| c.rank.letter().to_string())
                .collect();
            format!(
                "{} {}",
                ['S', 'H', 'D', 'C'][s as usize],
                if ranks.is_empty() {
                    "-".to_string()
                } else {
                    ranks.join(" ")
                }
            )
        })
        .collect::<Vec<_>>()
        .join(". ")
        + "."
}

fn name(seat: Seat) -> &'static str {
    bluechip::protocol::seat_name(seat)
}

/// What the table manager does wrong, if anything.
#[derive(Clone, Copy, PartialEq)]
enum Fault {
    None,
    /// West's first card is one South holds.
    ImpossibleCard,
    /// The connection drops after the seating.
    Drop,
}

/// A table manager for one board with the robot South: the other seats
/// bid by `system` and play their lowest legal card (and dummy's, when one
/// of them declares).
fn table_manager(
    listener: TcpListener,
    fault: Fault,
    deal: Deal,
    dealer: Seat,
    system: System,
) -> Vec<String> {
    let (stream, _) = listener.accept().expect("a robot");
    let mut reader = BufReader::new(stream.try_clone().expect("a stream"));
    let mut out = stream;
    let mut heard = Vec::new();
    let mut read = |heard: &mut Vec<String>| -> Option<String> {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        heard.push(line.trim().to_string());
        Some(line.trim().to_string())
    };
    let mut send = |line: &str| {
        let _ = out.write_all(format!("{line}\r\n").as_bytes());
    };
    let robot = Seat::South;
    read(&mut heard);
    send("South (\"alphamu\") seated");
    if fault == Fault::Drop {
        return heard;
    }
    read(&mut heard);
    send("Teams : N/S : \"robots\" E/W : \"others\"");
    read(&mut heard);
    send("Start of board");
    read(&mut heard);
    send(&format!(
        "Board number 1. Dealer {}. Neither vulnerable.",
        name(dealer)
    ));
    read(&mut heard);
    send(&format!("South's cards : {}", hand_line(deal[robot])));
    let mut auction: Vec<records::Call> = Vec::new();
    while !records::auction_complete(&auction) {
        let turn = Seat::from_index(dealer.index() + auction.len());
        let line = read(&mut heard).expect("a line");
        let call = if turn == robot {
            let text = line.strip_prefix("South ").expect("South's call");
            match text {
                "passes" => records::Call::Pass,
                "doubles" => records::Call::Double,
                "redoubles" => records::Call::Redouble,
                t => t
                    .strip_prefix("bids ")
                    .expect("a bid")
                    .parse()
                    .expect("a call"),
            }
        } else {
            assert_eq!(line, format!("South ready for {}'s bid", name(turn)));
            let call = system_call(system, deal[turn], turn, dealer, &auction);
            send(&bluechip::protocol::call_line(turn, call));
            call
        };
        auction.push(call);
    }
    let (contract, declarer) = records::contract_of(dealer, &auction).expect("a contract");
    let dummy = declarer.partner();
    let controlled =
        |seat: Seat| (seat == robot && robot != dummy) || (seat == dummy && declarer == robot);
    let prompt = |seat: Seat| {
        if seat == dummy {
            "Dummy to lead".to_string()
        } else {
            format!("{} to lead", name(seat))
        }
    };
    let mut state = bridge::PlayState::new(deal, contract.strain, declarer);
    if controlled(declarer.lho()) {
        send(&prompt(declarer.lho()));
    }
    let mut first = true;
    while !state.is_over() {
        let line = match read(&mut heard) {
            Some(l) => l,
            None => return heard,
        };
        if line == "South ready for dummy" {
            send(&format!("Dummy's cards : {}", hand_line(deal[dummy])));
            continue;
        }
        let position = state.position().clone();
        let seat = position.to_move();
        let card = if let Some(rest) = line.strip_prefix(&format!("{} plays ", name(seat))) {
            assert!(controlled(seat), "{line}");
            let t = rest.trim();
            format!("{}{}", &t[1..2], &t[..1])
                .parse::<Card>()
                .expect("a card")
        } else {
            assert!(
                line.starts_with("South ready for") && line.contains("card to trick"),
                "{line}"
            );
            let legal = position.legal_cards();
            let mut card = legal
                .iter()
                .min_by_key(|c| (c.rank, c.suit as u8))
                .expect("a card");
            if fault == Fault::ImpossibleCard && first {
                card = deal[robot].iter().next().expect("a card");
            }
            first = false;
            send(&format!(
                "{} plays {}{}",
                name(seat),
                card.rank.letter(),
                ['S', 'H', 'D', 'C'][card.suit as usize]
            ));
            if fault == Fault::ImpossibleCard {
                let _ = read(&mut heard);
                return heard;
            }
            card
        };
        let winner = state.play(card).expect("a legal card");
        if let Some(w) = winner {
            if !state.is_over() && controlled(w) {
                send(&prompt(w));
            }
        }
    }
    send("Timing - N/S : this board [0:10], total [0:10]. E/W : this board [0:05], total [0:05].");
    send("End of session");
    let _ = read(&mut heard);
    heard
}

/// The call of `seat` holding `hand` by `system`.
fn system_call(
    system: System,
    hand: Hand,
    seat: Seat,
    dealer: Seat,
    auction: &[records::Call],
) -> records::Call {
    match system {
        System::Natural => bidding::choose(hand, dealer, auction).expect("a call").call,
        System::Simple => bluechip::bidding::call(hand, seat, dealer, auction),
    }
}

fn session(fault: Fault) -> (Result<u32, SeatError>, Vec<String>) {
    session_on(fault, deal(), Seat::South)
}

fn session_on(fault: Fault, deal: Deal, dealer: Seat) -> (Result<u32, SeatError>, Vec<String>) {
    session_by(fault, deal, dealer, System::Simple)
}

fn session_by(
    fault: Fault,
    deal: Deal,
    dealer: Seat,
    system: System,
) -> (Result<u32, SeatError>, Vec<String>) {
    session_with(fault, deal, dealer, system, 0)
}

fn session_with(
    fault: Fault,
    deal: Deal,
    dealer: Seat,
    system: System,
    bid_worlds: usize,
) -> (Result<u32, SeatError>, Vec<String>) {
    session_of("pimc:w=4", fault, deal, dealer, system, bid_worlds)
}

fn session_of(
    player: &str,
    fault: Fault,
    deal: Deal,
    dealer: Seat,
    system: System,
    bid_worlds: usize,
) -> (Result<u32, SeatError>, Vec<String>) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a port");
    let port = listener.local_addr().expect("an address").port();
    let tm = thread::spawn(move || table_manager(listener, fault, deal, dealer, system));
    let stream = TcpStream::connect(("127.0.0.1", port)).expect("connected");
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(30)))
        .expect("a timeout");
    let config = SessionConfig {
        seat: Seat::South,
        name: "alphamu".into(),
        player: player.parse().expect("a player"),
        seed: 1,
        system,
        bid_worlds,
    };
    let result = run_session(
        BufReader::new(stream.try_clone().expect("a stream")),
        stream,
        &config,
    );
    (result, tm.join().expect("the table manager"))
}

#[test]
fn the_robot_bids_declares_and_plays_a_whole_board() {
    let (result, heard) = session(Fault::None);
    assert_eq!(result.expect("a clean session"), 1);
    assert_eq!(
        heard[0],
        "Connecting \"alphamu\" as South using protocol version 18"
    );
    // South plays its own 13 cards and dummy's 13.
    assert_eq!(
        heard
            .iter()
            .filter(|l| l.starts_with("South plays "))
            .count(),
        13
    );
    assert_eq!(
        heard
            .iter()
            .filter(|l| l.starts_with("North plays "))
            .count(),
        13
    );
    assert!(heard
        .iter()
        .any(|l| l == "South ready for West's card to trick 1"));
    assert!(heard.contains(&"South ready for dummy".to_string()));
}

/// A player that reads the table follows the play card by card at the
/// table manager too, as declarer and as a defender.
#[test]
fn the_robot_reads_the_table() {
    for (deal, dealer, plays) in [
        (deal(), Seat::South, 26),
        (deal_with(&[(Seat::West, STRONG)]), Seat::West, 13),
    ] {
        let (result, heard) = session_of(
            "pimc:w=4,infer=dd",
            Fault::None,
            deal,
            dealer,
            System::Simple,
            0,
        );
        assert_eq!(result.expect("a clean session"), 1);
        let robot = heard
            .iter()
            .filter(|l| l.starts_with("South plays ") || l.starts_with("North plays "))
            .count();
        assert!(robot >= plays, "{robot} cards: {heard:?}");
    }
}

#[test]
fn the_robot_defends() {
    // West deals and opens 1NT: East-West declare, South defends.
    let (result, heard) = session_on(Fault::None, deal_with(&[(Seat::West, STRONG)]), Seat::West);
    assert_eq!(result.expect("a clean session"), 1);
    assert_eq!(
        heard
            .iter()
            .filter(|l| l.starts_with("South plays "))
            .count(),
        13
    );
    assert!(heard.iter().all(|l| !l.starts_with("North plays ")));
    assert!(heard.contains(&"South ready for dummy".to_string()));
}

#[test]
fn the_robot_is_dummy() {
    // North opens 1NT, South passes with nothing: South is dummy and asks
    // for every card, its own too.
    let (result, heard) = session_on(
        Fault::None,
        deal_with(&[(Seat::North, STRONG), (Seat::South, WEAK)]),
        Seat::North,
    );
    assert_eq!(result.expect("a clean session"), 1);
    assert!(heard.iter().all(|l| !l.contains(" plays ")));
    assert_eq!(
        heard
            .iter()
            .filter(|l| l.starts_with("South ready for dummy's card"))
            .count(),
        13
    );
    assert!(!heard.contains(&"South ready for dummy".to_string()));
}

#[test]
fn an_impossible_card_ends_the_session_with_an_error() {
    let (result, _) = session(Fault::ImpossibleCard);
    let err = result.expect_err("refused");
    assert!(matches!(err, SeatError::Impossible(_)), "{err}");
    assert!(err.to_string().contains("West plays"), "{err}");
}

#[test]
fn a_dropped_connection_ends_the_session_with_an_error() {
    let (result, _) = session(Fault::Drop);
    let err = result.expect_err("dropped");
    assert!(matches!(err, SeatError::Closed(_)), "{err}");
}

/// Seeded deals on which all four seats bidding the natural system both
/// sides bid and South makes a call other than a pass after an
/// opponent's bid: competitive auctions.
fn competitive_deals(count: usize) -> Vec<(Deal, Seat, Vec<records::Call>)> {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let mut out = Vec::new();
    for n in 0.. {
        let deal = Deal::random(&mut rng, 13);
        let dealer = Seat::from_index(n % 4);
        let mut auction = Vec::new();
        let mut south_competes = false;
        while !records::auction_complete(&auction) {
            let turn = Seat::from_index(dealer.index() + auction.len());
            let call = system_call(System::Natural, deal[turn], turn, dealer, &auction);
            let they_bid = auction.iter().enumerate().any(|(at, c)| {
                matches!(c, records::Call::Bid(..))
                    && Seat::from_index(dealer.index() + at).side() != Seat::South.side()
            });
            south_competes |= turn == Seat::South && they_bid && call != records::Call::Pass;
            auction.push(call);
        }
        if south_competes && records::contract_of(dealer, &auction).is_some() {
            out.push((deal, dealer, auction));
            if out.len() == count {
                break;
            }
        }
    }
    out
}

#[test]
fn the_robot_bids_the_natural_system_in_competitive_auctions_and_plays_them_out() {
    for (deal, dealer, auction) in competitive_deals(3) {
        let (result, heard) = session_by(Fault::None, deal, dealer, System::Natural);
        assert_eq!(result.expect("a clean session"), 1, "{auction:?}");
        // The robot's calls are the system's, in the auction the table
        // manager expected.
        let robot: Vec<String> = heard
            .iter()
            .filter(|l| {
                l.starts_with("South passes")
                    || l.starts_with("South bids")
                    || l.starts_with("South doubles")
                    || l.starts_with("South redoubles")
            })
            .cloned()
            .collect();
        let expected: Vec<String> = auction
            .iter()
            .enumerate()
            .filter(|(at, _)| Seat::from_index(dealer.index() + at) == Seat::South)
            .map(|(_, &c)| bluechip::protocol::call_line(Seat::South, c))
            .collect();
        assert_eq!(robot, expected, "{auction:?}");
        // And the board is played to its end.
        let cards = heard
            .iter()
            .filter(|l| l.contains(" plays ") || l.contains("card to trick"))
            .count();
        assert!(cards >= 13, "{auction:?}: {cards} card lines");
    }
}

#[test]
fn the_robot_simulates_its_close_calls_and_plays_the_board_out() {
    for (deal, dealer, auction) in competitive_deals(2) {
        let (result, heard) = session_with(Fault::None, deal, dealer, System::Natural, 12);
        assert_eq!(result.expect("a clean session"), 1, "{auction:?}");
        // Each of the robot's calls is the system's or one of its close
        // alternatives, after the auction as the table heard it (the other
        // seats bid the system).
        let mut robot = heard.iter().filter_map(|l| heard_call(l)).map(|(_, c)| c);
        let mut calls: Vec<records::Call> = Vec::new();
        while !records::auction_complete(&calls) {
            let turn = Seat::from_index(dealer.index() + calls.len());
            let call = if turn == Seat::South {
                let call = robot.next().expect("the robot's call");
                let close =
                    bidding::simulation::close_calls(deal[turn], dealer, &calls).expect("a call");
                assert!(close.contains(&call), "{call} after {calls:?}: {close:?}");
                call
            } else {
                system_call(System::Natural, deal[turn], turn, dealer, &calls)
            };
            calls.push(call);
        }
        let cards = heard
            .iter()
            .filter(|l| l.contains(" plays ") || l.contains("card to trick"))
            .count();
        assert!(cards >= 13, "{calls:?}: {cards} card lines");
    }
}

/// The seat and call of a line announcing a call ("South bids 1S",
/// "West passes", "North doubles").
fn heard_call(line: &str) -> Option<(Seat, records::Call)> {
    let mut words = line.split_whitespace();
    let seat = match words.next()? {
        "North" => Seat::North,
        "East" => Seat::East,
        "South" => Seat::South,
        "West" => Seat::West,
        _ => return None,
    };
    let call = match (words.next()?, words.next()) {
        ("passes", _) => records::Call::Pass,
        ("doubles", _) => records::Call::Double,
        ("redoubles", _) => records::Call::Redouble,
        ("bids", Some(bid)) => bid.parse().ok()?,
        _ => return None,
    };
    Some((seat, call))
}

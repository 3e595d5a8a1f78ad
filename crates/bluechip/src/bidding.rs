//! A simple natural bidding system, enough for a table manager to get a
//! contract from every seat: the point of the seat is the card play.
//!
//! - Openings: 1NT with 15-17 points and a balanced hand, 2NT with 20-21;
//!   otherwise with 12 or more, one of the longer major with five cards
//!   (spades first with five of each), else one of the longer minor
//!   (diamonds with four-four). Pass otherwise.
//! - After partner's 1NT: 3NT with 10 or more (4 of a six-card major
//!   instead), 2NT with 8-9, pass below.
//! - After partner's one of a major: a raise with three trumps (two with
//!   6-9, three with 10-12, game with 13 or more); else one spade over one
//!   heart with four spades and 6 or more; else 1NT with 6-10, 2NT with
//!   11-12, 3NT with 13 or more.
//! - After partner's one of a minor: a four-card major at the one level
//!   with 6 or more (hearts first with four of each); else 1NT, 2NT or 3NT
//!   as above.
//! - The opener passes a response, or bids game in its major after a raise
//!   to two with 17 or more, or 3NT after 2NT with 14 or more.
//! - When the opponents have bid, and in every other case: pass.
//!
//! Points are high-card points (A 4, K 3, Q 2, J 1).

use cards::{Hand, Seat, Strain, Suit};
use records::Call;

fn bid(level: u8, strain: Strain) -> Call {
    Call::Bid(level, strain)
}

fn opening(hand: Hand) -> Call {
    let hcp = hand.hcp();
    let len = |s| hand.suit_len(s);
    if worlds::is_balanced(hand) && (15..=17).contains(&hcp) {
        return bid(1, Strain::Notrump);
    }
    if worlds::is_balanced(hand) && (20..=21).contains(&hcp) {
        return bid(2, Strain::Notrump);
    }
    if hcp < 12 {
        return Call::Pass;
    }
    if len(Suit::Spades) >= 5 && len(Suit::Spades) >= len(Suit::Hearts) {
        return bid(1, Strain::Spades);
    }
    if len(Suit::Hearts) >= 5 {
        return bid(1, Strain::Hearts);
    }
    if len(Suit::Diamonds) >= len(Suit::Clubs) && len(Suit::Diamonds) >= 4 {
        bid(1, Strain::Diamonds)
    } else {
        bid(1, Strain::Clubs)
    }
}

fn notrump_by_points(hcp: u32) -> Call {
    match hcp {
        0..=5 => Call::Pass,
        6..=10 => bid(1, Strain::Notrump),
        11..=12 => bid(2, Strain::Notrump),
        _ => bid(3, Strain::Notrump),
    }
}

fn response(hand: Hand, opening: Call) -> Call {
    let hcp = hand.hcp();
    let len = |s| hand.suit_len(s);
    match opening {
        Call::Bid(1, Strain::Notrump) => {
            for (suit, strain) in [
                (Suit::Spades, Strain::Spades),
                (Suit::Hearts, Strain::Hearts),
            ] {
                if hcp >= 10 && len(suit) >= 6 {
                    return bid(4, strain);
                }
            }
            match hcp {
                10.. => bid(3, Strain::Notrump),
                8..=9 => bid(2, Strain::Notrump),
                _ => Call::Pass,
            }
        }
        Call::Bid(1, major @ (Strain::Spades | Strain::Hearts)) => {
            let suit = major.trump().expect("a suit");
            if len(suit) >= 3 {
                return match hcp {
                    0..=5 => Call::Pass,
                    6..=9 => bid(2, major),
                    10..=12 => bid(3, major),
                    _ => bid(4, major),
                };
            }
            if major == Strain::Hearts && len(Suit::Spades) >= 4 && hcp >= 6 {
                return bid(1, Strain::Spades);
            }
            notrump_by_points(hcp)
        }
        Call::Bid(1, Strain::Diamonds | Strain::Clubs) => {
            if hcp >= 6 && len(Suit::Hearts) >= 4 {
                return bid(1, Strain::Hearts);
            }
            if hcp >= 6 && len(Suit::Spades) >= 4 {
                return bid(1, Strain::Spades);
            }
            notrump_by_points(hcp)
        }
        _ => Call::Pass,
    }
}

fn rebid(hand: Hand, opening: Call, response: Call) -> Call {
    match (opening, response) {
        (Call::Bid(1, m), Call::Bid(2, r)) if m == r && hand.hcp() >= 17 => bid(4, m),
        (_, Call::Bid(2, Strain::Notrump)) if hand.hcp() >= 14 => bid(3, Strain::Notrump),
        _ => Call::Pass,
    }
}

/// The call of `seat` holding `hand` after `auction` (the dealer's call
/// first), always a legal one.
#[must_use]
pub fn call(hand: Hand, seat: Seat, dealer: Seat, auction: &[Call]) -> Call {
    let mine = |i: usize| (dealer.index() + i) % 4 == seat.index();
    let ours = |i: usize| (dealer.index() + i) % 2 == seat.index() % 2;
    let bids: Vec<(usize, Call)> = auction
        .iter()
        .enumerate()
        .filter(|(_, c)| matches!(c, Call::Bid(..)))
        .map(|(i, &c)| (i, c))
        .collect();
    let chosen = if bids.iter().any(|&(i, _)| !ours(i)) {
        Call::Pass
    } else {
        match bids.as_slice() {
            [] => opening(hand),
            [(i, open)] if !mine(*i) => response(hand, *open),
            [(i, open), (_, resp)] if mine(*i) => rebid(hand, *open, *resp),
            _ => Call::Pass,
        }
    };
    if chosen.is_legal_after(auction) {
        chosen
    } else {
        Call::Pass
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(pbn: &str) -> Hand {
        let deal: cards::Deal = format!("N:{pbn} - - -")
            .parse::<cards::PartialDeal>()
            .map(|p| {
                let mut hands = cards::BySeat::<Hand>::default();
                hands[Seat::North] = p.hands[Seat::North].expect("north");
                cards::Deal::new(hands).expect("a deal")
            })
            .expect("a hand");
        deal[Seat::North]
    }

    fn calls(text: &str) -> Vec<Call> {
        text.split_whitespace()
            .map(|c| c.parse().expect("a call"))
            .collect()
    }

    #[test]
    fn openings_and_responses_of_the_system() {
        // 16 points, balanced: 1NT.
        assert_eq!(
            call(hand("AQ3.KJ4.QT52.A73"), Seat::North, Seat::North, &[]),
            "1NT".parse().expect("a call")
        );
        // 13 points, five spades: 1S.
        assert_eq!(
            call(hand("AQJ63.K4.Q52.873"), Seat::North, Seat::North, &[]),
            "1S".parse().expect("a call")
        );
        // 8 points: pass.
        assert_eq!(
            call(hand("Q8763.K4.Q52.873"), Seat::North, Seat::North, &[]),
            Call::Pass
        );
        // Partner opened 1S (South dealer), RHO passed: three spades and 8 points raise to 2S.
        assert_eq!(
            call(
                hand("Q87.K42.Q52.8732"),
                Seat::North,
                Seat::South,
                &calls("1S P")
            ),
            "2S".parse().expect("a call")
        );
        // Partner opened 1NT: 10 points, 3NT.
        assert_eq!(
            call(
                hand("Q87.K42.QJ2.K732"),
                Seat::North,
                Seat::South,
                &calls("1NT P")
            ),
            "3NT".parse().expect("a call")
        );
        // The opponents bid: pass.
        assert_eq!(
            call(
                hand("AQ3.KJ4.QT52.A73"),
                Seat::North,
                Seat::East,
                &calls("1S")
            ),
            Call::Pass
        );
    }
}

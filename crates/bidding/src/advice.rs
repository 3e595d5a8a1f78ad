//! What every front end that bids asks of the system (`alphamu bid`,
//! Python's `bid()`, the web page's `/api/bid`): what each call of an
//! auction shows, and, given the hand of the seat to call, the call the
//! robot makes, by simulation where the call is close, as the seat makes
//! it at a table.

use crate::simulation::{choose_by_simulation, Settings, Simulated};
use crate::{explain, BiddingError, Meaning};
use cards::{Hand, Seat};
use records::Call;
use thiserror::Error;

/// Why the text of a bidder's hand is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum HandError {
    /// Not a hand as PBN writes it.
    #[error(transparent)]
    Pbn(#[from] cards::PbnError),
    /// A hand of another size than 13 cards.
    #[error("{0} cards, a hand has 13")]
    Size(usize),
}

/// The 13-card hand of `seat`, the seat to call, as PBN writes a hand
/// (`AQ3.KJ4.QT52.A73`).
///
/// # Errors
/// [`HandError`] naming what is wrong.
pub fn bidder_hand(text: &str, seat: Seat) -> Result<Hand, HandError> {
    let hand = cards::parse_pbn_hand(text, seat)?;
    if hand.len() == 13 {
        Ok(hand)
    } else {
        Err(HandError::Size(hand.len()))
    }
}

/// One call of the auction with what it shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExplainedCall {
    /// Who made it.
    pub seat: Seat,
    /// The call.
    pub call: Call,
    /// What it shows under the system.
    pub meaning: Meaning,
}

/// The system's view of an auction and, given a hand, its call.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    /// The dealer.
    pub dealer: Seat,
    /// The seat whose call comes next.
    pub to_call: Seat,
    /// Every call so far with its meaning.
    pub auction: Vec<ExplainedCall>,
    /// The call for the hand given and the simulation behind it (the
    /// system's call alone when the call is not close or no simulation
    /// was asked); `None` without a hand.
    pub call: Option<Simulated>,
}

/// The advice for `auction` dealt by `dealer` and, with `hand`, the call
/// of the seat to call: by simulation over `settings.worlds` worlds where
/// the call is close, the system's own call when `settings` is `None` or
/// asks for no world.
///
/// # Errors
/// [`BiddingError::Auction`] when the calls are not a legal auction, or a
/// hand is given and the auction is over.
pub fn advise(
    dealer: Seat,
    auction: &[Call],
    hand: Option<Hand>,
    settings: Option<Settings>,
) -> Result<Advice, BiddingError> {
    let meanings = explain(dealer, auction)?;
    let explained = auction
        .iter()
        .zip(meanings)
        .enumerate()
        .map(|(at, (&call, meaning))| ExplainedCall {
            seat: Seat::from_index(dealer.index() + at),
            call,
            meaning,
        })
        .collect();
    let call = match hand {
        None => None,
        Some(hand) => Some(match settings.filter(|s| s.worlds > 0) {
            Some(settings) => choose_by_simulation(hand, dealer, auction, settings)?,
            None => Simulated::of_system(crate::choose(hand, dealer, auction)?),
        }),
    };
    Ok(Advice {
        dealer,
        to_call: Seat::from_index(dealer.index() + auction.len()),
        auction: explained,
        call,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use records::Vulnerability;

    fn calls(text: &str) -> Vec<Call> {
        text.split_whitespace()
            .map(|c| c.parse().unwrap())
            .collect()
    }

    fn hand(text: &str) -> Hand {
        bidder_hand(text, Seat::North).unwrap()
    }

    #[test]
    fn a_hand_of_the_wrong_shape_or_size_is_named() {
        let short = bidder_hand("KJ2.Q83.T75.K64", Seat::West).unwrap_err();
        assert_eq!(short.to_string(), "12 cards, a hand has 13");
        let suits = bidder_hand("KJ2.Q83.T75", Seat::West).unwrap_err();
        assert!(
            suits.to_string().contains("hand of W has 3 suits"),
            "{suits}"
        );
        let rank = bidder_hand("KJ2.Q83.T75.K64Z", Seat::East).unwrap_err();
        assert!(rank.to_string().contains('Z'), "{rank}");
    }

    #[test]
    fn the_auction_is_explained_call_by_call_and_the_system_calls_without_simulation() {
        let advice = advise(
            Seat::North,
            &calls("1NT P"),
            Some(hand("KJ2.Q83.T75.9642")),
            None,
        )
        .expect("advice");
        assert_eq!(advice.to_call, Seat::South);
        assert_eq!(advice.auction.len(), 2);
        assert_eq!(advice.auction[0].seat, Seat::North);
        assert_eq!(advice.auction[0].meaning.shows.hcp.min, 15);
        let call = advice.call.expect("a call");
        let system = crate::choose(hand("KJ2.Q83.T75.9642"), Seat::North, &calls("1NT P"))
            .expect("a system call");
        assert_eq!(call.choice, system);
        assert_eq!(call.worlds, 0);
        assert_eq!(call.candidates.len(), 1);
    }

    #[test]
    fn a_close_call_is_simulated_as_the_simulation_makes_it() {
        // 8 points opposite 1NT: game or partscore.
        let h = hand("KJ2.Q83.T75.K642");
        let settings = Settings {
            vulnerability: Vulnerability::None,
            worlds: 12,
            seed: 3,
            work_limit: 0,
        };
        let advice = advise(Seat::North, &calls("1NT P"), Some(h), Some(settings)).expect("advice");
        let direct =
            choose_by_simulation(h, Seat::North, &calls("1NT P"), settings).expect("a simulation");
        assert_eq!(advice.call, Some(direct.clone()));
        assert!(direct.candidates.len() > 1, "{direct:?}");
        assert_eq!(direct.worlds, 12);
    }

    #[test]
    fn no_hand_no_call_and_a_bad_auction_is_an_error() {
        let advice = advise(Seat::East, &calls("1S"), None, None).expect("advice");
        assert!(advice.call.is_none());
        assert_eq!(advice.to_call, Seat::South);
        assert!(advise(Seat::North, &calls("1S 1H"), None, None).is_err());
        assert!(advise(
            Seat::North,
            &calls("P P P P"),
            Some(hand("KJ2.Q83.T75.K642")),
            None
        )
        .is_err());
    }
}

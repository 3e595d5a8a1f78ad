//! What the play has shown of the hidden hands: for each, the chance it
//! holds each unseen honour and its expected length in each suit, over
//! the weighted worlds and over plain (unweighted) ones, so that a reader
//! sees what reading the table changes (restricted choice at work).

use cards::{Card, Deal, Rank, Seat, Suit};
use worlds::Knowledge;

/// The chance one hidden hand holds one unseen card.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Holds {
    /// The card.
    pub card: Card,
    /// Over the weighted worlds.
    pub weighted: f64,
    /// Over plain worlds.
    pub plain: f64,
}

/// One hidden hand's expected original length in one suit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Length {
    /// The suit.
    pub suit: Suit,
    /// Over the weighted worlds.
    pub weighted: f64,
    /// Over plain worlds.
    pub plain: f64,
}

/// What the play has shown of one hidden hand.
#[derive(Clone, Debug, PartialEq)]
pub struct HiddenHand {
    /// The seat.
    pub seat: Seat,
    /// Each unseen honour (ace to ten) it may hold.
    pub honours: Vec<Holds>,
    /// Its length in each suit at the start of the deal.
    pub lengths: Vec<Length>,
}

/// The hidden hands of `view` as the `weighted` worlds (weights summing
/// to 1) and the `plain` ones show them.
#[must_use]
pub fn hidden_hands(view: &Knowledge, weighted: &[(Deal, f64)], plain: &[Deal]) -> Vec<HiddenHand> {
    let honours: Vec<Card> = view
        .hidden()
        .iter()
        .filter(|c| c.rank >= Rank::Ten)
        .collect();
    let plain_share = 1.0 / plain.len().max(1) as f64;
    view.hidden_seats()
        .map(|seat| HiddenHand {
            seat,
            honours: honours
                .iter()
                .map(|&card| Holds {
                    card,
                    weighted: weighted
                        .iter()
                        .filter(|(d, _)| d[seat].contains(card))
                        .map(|(_, w)| w)
                        .sum(),
                    plain: plain.iter().filter(|d| d[seat].contains(card)).count() as f64
                        * plain_share,
                })
                .collect(),
            lengths: Suit::ALL
                .into_iter()
                .map(|suit| Length {
                    suit,
                    weighted: weighted
                        .iter()
                        .map(|(d, w)| w * d[seat].suit_len(suit) as f64)
                        .sum(),
                    plain: plain
                        .iter()
                        .map(|d| d[seat].suit_len(suit) as f64)
                        .sum::<f64>()
                        * plain_share,
                })
                .collect(),
        })
        .collect()
}

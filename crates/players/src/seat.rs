//! The one trait a match plays a seat through, and the decision a seat
//! returns. Every player, of bridge or of any game, is seated through it
//! ([`crate::seated::BridgeSeat`], [`crate::generic::GenericSeat`]); this
//! module stands below them and uses neither.

use crate::board::ChooseError;
use cards::{Card, Seat};

/// A player in its seat for one deal.
pub trait Player {
    /// Told a card as it is played, by any seat (its own included).
    ///
    /// # Errors
    /// [`ChooseError`] when the card cannot be played there.
    fn observe(&mut self, card: Card) -> Result<(), ChooseError>;

    /// The card its seat plays now (it must be to move).
    ///
    /// # Errors
    /// [`ChooseError`] when it is not to move or cannot choose.
    fn choose(&mut self) -> Result<Decision, ChooseError>;

    /// Whether it plays the cards of `seat` (a bridge declarer plays
    /// declarer's and dummy's).
    fn plays_for(&self, seat: Seat) -> bool;
}

/// A card chosen, with what the papers count about the choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The card played.
    pub card: Card,
    /// For alpha-mu with M > 1: the card M = 1 (PIMC's value of each card
    /// over the same worlds) would have played. A different card is a
    /// discrepancy in the first alpha-mu paper's table 1.
    pub depth_one: Option<Card>,
    /// Whether the card was searched for: not the only legal card, not a
    /// random one.
    pub searched: bool,
}

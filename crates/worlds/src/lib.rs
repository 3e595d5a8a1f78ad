//! The hidden hands a seat cannot see.
//!
//! A [`Knowledge`], for any game of the `games` crate, holds what one side
//! or one seat knows during the play: the hands it sees, the cards played
//! and by whom, and the cards each seat is known not to hold (the
//! trick-costs paper's Algorithm 1, from the game's rules: in bridge the
//! suits a player has shown out of). For bridge, [`Constraints`] hold what
//! the auction said about each hand and a [`LeadRule`] says what the
//! opening lead implies. [`draw`] (bridge, with those two) and
//! [`draw_where`] (any game, any filter) then give the worlds: every
//! consistent deal when there are at most as many as asked for, else a
//! seeded sample of distinct consistent deals.
//!
//! Sampling places the hidden cards directly: cards that only one hidden
//! player can hold (the others having shown out of the suit) go to that
//! player, and the rest are dealt at random among the remaining places, so
//! voids never cost a rejection. Only the filter (the auction constraints
//! and the lead rule) is checked after the deal.
//!
//! A [`SeatView`] is one seat's [`Knowledge`] with the drawing of the
//! trick-costs paper's players: worlds with repeats, and Fusion's
//! permutations of a drawn deal among the seats.

mod constraints;
mod given;
mod knowledge;
pub mod lead;
mod sample;
mod seat_view;

pub use constraints::{is_balanced, ConstraintError, Constraints, HandConstraints, Range};
pub use given::{GivenDeal, GivenDealError};
pub use knowledge::{Knowledge, KnowledgeError};
pub use lead::LeadRule;
pub use sample::{
    draw, draw_few, draw_where, WorldCount, Worlds, WorldsError, ENUMERATION_LIMIT, MAX_DRAWS,
};
pub use seat_view::{SeatView, SeatViewError};

//! The hidden hands a seat cannot see.
//!
//! A [`Knowledge`] holds what one side knows during the play (the hands it
//! sees, the cards played and by whom, the suits each player has shown out
//! of); [`Constraints`] hold what the auction said about each hand; a
//! [`LeadRule`] says what the opening lead implies. [`draw`] then gives the
//! worlds: every consistent deal when there are at most as many as asked
//! for, else a seeded sample of distinct consistent deals.
//!
//! Sampling places the hidden cards directly: cards that only one hidden
//! player can hold (the others having shown out of the suit) go to that
//! player, and the rest are dealt at random among the remaining places, so
//! voids never cost a rejection. Only the auction constraints and the lead
//! rule are checked after the deal.
//!
//! For any game of the `games` crate, a [`SeatView`] keeps what one seat
//! knows as it is told each card (the trick-costs paper's Algorithm 1:
//! the cards each seat is known not to hold, from the rules) and draws
//! worlds from it.

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
pub use sample::{draw, WorldCount, Worlds, WorldsError, ENUMERATION_LIMIT, MAX_DRAWS};
pub use seat_view::{SeatView, SeatViewError};

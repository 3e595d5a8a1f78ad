//! Trick-taking games as rules behind one trait.
//!
//! A game is a [`TrickGame`]: its deck and hand size, which cards a hand
//! may play to a trick, who wins a trick, what a trick is worth and how the
//! points of a deal become each team's score. Everything else (a deal in
//! play here; the open-card solvers, behind the `open-cards` crate's
//! trait, and the searches over possible worlds elsewhere) is written once
//! against the trait. Two games implement it:
//!
//! - `bridge::Bridge`, in the `bridge` crate beside contracts and scoring
//!   (that crate's rules are the only copy of bridge's): 52 cards, one
//!   point per trick, trumps or notrump; scored in tricks or as a contract
//!   made or not.
//! - [`Belote`]: French Belote, 32 cards, card points and the last-trick ten
//!   (162 in all), with its duties to trump and overtrump. The exact rules,
//!   and where common variants differ, are in the [`belote`] module.
//!
//! Four seats (North, East, South, West) play in two teams: North-South
//! (team 0) and East-West (team 1), in both games.

pub mod belote;
mod game;
mod state;

pub use belote::{Belote, BeloteDeal, BeloteDealError, Undertrump};
pub use game::{suits_in_bit_order, Taken, Trick, TrickGame};
pub use state::{PlayError, PlayState, PositionError};

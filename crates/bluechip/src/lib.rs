//! A robot seat at a Blue Chip table manager, speaking protocol version 18
//! as other robots do (BEN, WBridge5 through OpenSpiel): the messages
//! ([`protocol`]), the bidding by the natural system of the `bidding` crate
//! or by the seat's first, simple system ([`bidding`]), and the
//! client ([`run_session`]) that bids and plays one seat for a session, declaring,
//! as dummy or defending as the deals fall, with any `alphamu` player for
//! the cards.

pub mod bidding;
mod client;
pub mod protocol;

pub use client::{run_session, run_session_tcp, SeatError, SessionConfig, System, MAX_LINE};

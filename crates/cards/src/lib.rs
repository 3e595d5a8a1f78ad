//! Cards, suits, ranks, seats, strains, hands as bitboards, deals, and PBN
//! deal strings: the vocabulary every other alphamu crate speaks.
//!
//! ```
//! use cards::{Card, Deal, Seat};
//!
//! let deal: Deal = "N:AKQ.AKQ.AKQ.AKQJ 5432.5432.5432.2 JT9.JT9.JT9.T987 876.876.876.6543"
//!     .parse()
//!     .unwrap();
//! assert!(deal[Seat::North].contains("SA".parse::<Card>().unwrap()));
//! assert_eq!(deal.to_string().len(), 69);
//! ```
//!
//! A hand is a [`Hand`]: one `u64` with 16 bits per suit, the bit of a card
//! being its rank number (2 to 14) inside its suit's 16 bits. Legal moves,
//! trick winners and "highest card of a suit" become a few bit operations.

mod by_seat;
mod card;
pub mod cpu;
mod deal;
mod hand;
pub mod key_hasher;
mod quote;
mod rank;
mod seat;
mod strain;
mod suit;

pub use by_seat::BySeat;
pub use card::{Card, ParseCardError};
pub use deal::{parse_pbn_hand, Deal, DealError, PartialDeal, PbnError};
pub use hand::{Hand, Holding};
pub use quote::{quoted, QUOTE_LIMIT};
pub use rank::{ParseRankError, Rank};
pub use seat::{ParseSeatError, Seat, Side};
pub use strain::{ParseStrainError, Strain};
pub use suit::{ParseSuitError, Suit};

//! An exact double-dummy solver for bridge: with all four hands open, how
//! many tricks can a side still take?
//!
//! ```
//! use bridge::Position;
//! use cards::{Deal, Seat, Strain};
//! use dd::Solver;
//!
//! let deal: Deal = "N:AKQ.AKQ.AKQ.AKQJ 5432.5432.5432.2 JT9.JT9.JT9.T987 876.876.876.6543"
//!     .parse()
//!     .unwrap();
//! let mut solver = Solver::new();
//! let table = solver.table(&deal).unwrap();
//! assert_eq!(table.tricks(Seat::North, Strain::Notrump), 13);
//!
//! // The same question as a threshold query and for every card:
//! let opening = Position::opening(deal, Strain::Notrump, Seat::North);
//! assert!(!solver.can_take(&opening, 1)); // East, on lead, takes no trick
//! assert!(solver.card_values(&opening).iter().all(|v| v.tricks == 0));
//! ```
//!
//! One [`Solver`] per thread, reused across calls: its transposition table,
//! keyed on relative ranks, stays valid from one deal to the next. The
//! functions of [`batch`] spread many deals or positions over threads.

// Suits are indices into the 16-bit lanes of a hand; loops over suit
// indices read better than iterator chains here.
#![allow(clippy::needless_range_loop)]

pub mod batch;
mod open_cards;
mod quick;
mod search;
mod solver;
mod table;
mod tt;

/// The `trump` index meaning notrump, beside the suits' 0 to 3. It lives
/// here, not in `search`, so that `quick` (which `search` calls) does not
/// reach back into `search`.
pub(crate) const NOTRUMP: usize = 4;

pub use open_cards::WorldSolver;
pub use search::Stats;
pub use solver::{CardValue, Solver, SolverError};
pub use table::DdTable;

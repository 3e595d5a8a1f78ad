//! The players of alphamu and what they stand on: the double-dummy solver
//! wired in as the search's leaf evaluator, the board a player is handed
//! (what each side sees of it is the `worlds` crate's knowledge), and the
//! players that choose a card from that view —
//! alpha-mu, PIMC, recursive Monte Carlo over double-dummy or random
//! playouts, double dummy (sees everything) and random — behind one
//! specification syntax (`alphamu:m=3,w=20`, `MC2-D-20-20`, ...).
//!
//! The match runners play through one trait, [`seat::Player`]: a
//! player seated for one deal keeps what its seat knows, is told each
//! card, and chooses when its seat is to move, the card the stateless call
//! chooses from the same seed.
//!
//! [`generic`] holds the trick-costs paper's players for any game of the
//! `games` crate (random, PIMC, alpha-mu with real-valued vectors,
//! Fusion; `tc-fusion:base=1:worlds=24:leaf=5`), on the `search` crate's
//! generic engine and the `worlds` crate's [`worlds::SeatView`], and the
//! one line a game registers to say which open-card solver its searches
//! use ([`generic::Oracle`]).

pub mod analysis;
pub mod board;
pub mod generic;
pub mod grammar;
pub mod leaf;
pub mod monte_carlo;
pub mod player;
pub mod registry;
pub mod seat;
pub mod seated;
pub mod seed;

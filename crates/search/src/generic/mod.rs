//! The second engine: the search of Bounan and Edelkamp ("Trick Costs for
//! alpha-mu and New Relatives", their Algorithm 3) over a set of possible
//! worlds, for any trick-taking game of the `games` crate and real-valued
//! scores, beside this crate's fast 0/1 engine for bridge declarer.
//!
//! One search over the worlds ([`Tree`]) is parameterised by a [`Spec`]:
//! the value of a node, how children's values combine at each player's
//! node, the root's criterion and the partial order that prunes. Three
//! specifications:
//!
//! - [`Pimc`]: a score per world, every world played with all cards open;
//! - [`AlphaMu`]: alpha-mu with real-valued score vectors, Pareto fronts of
//!   the root player's strategies;
//! - [`Fusion`]: every player chooses by its expected score over the worlds
//!   it cannot tell apart, equal choices mixed;
//!
//! and [`FusionPaperPruning`], Fusion with the dominance pruning of the
//! paper's public code, which may change values.
//!
//! The leaves ([`Leaves`]) give each world's value past the tree's depth
//! (the paper's depth-leaf). [`SolverLeaves`] asks an open-card solver
//! per world, exact or truncated at a [`Horizon`] with random playouts
//! (depth-rd); the solver is handed in by the caller, so that this crate
//! never names one. [`error_bound`] is the paper's bound on what that
//! truncation costs. The worlds are drawn by [`worlds::SeatView`] (the
//! paper's Algorithm 1); the players built on this engine are in the
//! `players` crate.

mod bound;
mod leaves;
mod spec;
mod tree;

pub use bound::{error_bound, ErrorBound};
pub use leaves::{Leaves, SolverLeaves, SolverSource};
pub use open_cards::{Horizon, OpenCards, Playout};
pub use spec::{
    AlphaMu, Cut, CutTeam, FromBest, Fusion, FusionPaperPruning, NodeInfo, Pimc, Role,
    RootCriterion, ScoreFront, Spec, Window,
};
pub use tree::{Depth, RootCard, Tree, MAX_TREE_WORLDS};

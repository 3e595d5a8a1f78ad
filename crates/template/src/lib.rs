//! The search template of Bounan and Edelkamp ("Trick Costs for alpha-mu
//! and New Relatives") for any trick-taking game of the `games` crate.
//!
//! One search over a set of possible worlds ([`Tree`], the paper's
//! Algorithm 3) is parameterised by a [`Spec`]: the value of a node, how
//! children's values combine at each player's node, the root's criterion
//! and the partial order that prunes. Three specifications:
//!
//! - [`Pimc`]: a score per world, every world played with all cards open;
//! - [`AlphaMu`]: alpha-mu with real-valued score vectors, Pareto fronts of
//!   the root player's strategies;
//! - [`Fusion`]: every player chooses by its expected score over the worlds
//!   it cannot tell apart, equal choices mixed.
//!
//! The leaves ([`Leaves`]) give each world's value past the tree's depth
//! (the paper's depth-leaf) with the open-card solver, exact or truncated
//! at a horizon with random playouts (depth-rd); [`error_bound`] is the
//! paper's bound on what that truncation costs. A [`View`] holds what one
//! seat knows (the paper's Algorithm 1) and draws the worlds.

mod bound;
mod leaves;
mod oracle;
mod players;
mod spec;
mod tree;
mod view;

pub use bound::{error_bound, ErrorBound};
pub use games::OpenCards;
pub use leaves::{Leaves, SolverLeaves};
pub use open_solver::{Horizon, Playout};
pub use oracle::{open_solver, Oracle};
pub use players::{
    choose, choose_with, pimc_by_template, AlphaMuRoot, Choice, FusionDraw, FusionPrune,
    PlayerKind, PlayerSpecError, Truncation,
};
pub use spec::{
    AlphaMu, Cut, CutTeam, Fusion, FusionPaperPruning, NodeInfo, Pimc, Role, RootCriterion,
    ScoreFront, Spec, Window,
};
pub use tree::{Depth, RootCard, Tree, MAX_WORLDS};
pub use view::{View, ViewError};

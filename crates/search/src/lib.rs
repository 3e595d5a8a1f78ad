//! Card play over sampled worlds, for declarer: PIMC and alpha-mu.
//!
//! A [`Problem`] holds the worlds (the deals a player cannot tell apart,
//! as drawn by the `worlds` crate), the trick in progress and the tricks
//! declarer still needs. [`pimc_values`] solves every world with all cards
//! seen; [`alphamu`] searches several declarer moves ahead, playing the
//! same card in every world and backing up Pareto [`Front`]s, with the
//! transposition table, cuts and optimizations of Cazenave and Ventos'
//! alpha-mu papers, each switchable ([`Switches`]). [`plain_alphamu`] is
//! the paper's Algorithm 2 without any of them, and [`single_dummy`] a
//! brute force over declarer strategies, both kept as references.
//!
//! The leaves are asked of a [`LeafEvaluator`]; this crate never names a
//! solver.
//!
//! The [`generic`] module is the second engine: the trick-costs paper's
//! search (PIMC, alpha-mu with real-valued vectors, Fusion) for any game
//! of the `games` crate, any team to move, scores in points.

mod alphamu;
mod evaluator;
mod front;
pub mod generic;
mod pimc;
mod plain;
mod problem;
mod score;
mod worldset;

pub use alphamu::{
    alphamu, alphamu_card, AlphaMuConfig, AlphaMuError, SearchResult, Switches, UnknownSwitch,
    FRONT_LIMIT, WORK_LIMIT,
};
pub use evaluator::LeafEvaluator;
pub use front::Front;
pub use pimc::{choose, pimc_values, pimc_values_reporting};
pub use plain::{plain_alphamu, single_dummy};
pub use problem::{Problem, ProblemError};
pub use score::{alphamu_utilities, pimc_utilities, CardUtility};
pub use worldset::{vector, WorldSet, MAX_WORLDS};

use cards::Card;

/// One card at the root of a single-dummy search: its chance of making
/// the contract over the worlds, declarer's mean tricks, and how deep it
/// was searched.
#[derive(Clone, Debug, PartialEq)]
pub struct CardChance {
    /// The card.
    pub card: Card,
    /// Probability (over the worlds) that declarer makes the contract.
    pub make: f64,
    /// Declarer's mean total tricks, when computed.
    pub tricks: Option<f64>,
    /// Max moves searched for this value (1 for PIMC; for recursive Monte
    /// Carlo, its level).
    pub depth: usize,
    /// Whether `make` is the card's value at the depth asked for, or only
    /// a bound of it.
    pub bound: Bound,
}

/// Whether a [`CardChance`] is the value asked for or a bound of it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Bound {
    /// The card's value at the depth asked for.
    #[default]
    Exact,
    /// An upper bound of that value: the card was cut (or, under a work
    /// limit, not searched) at that depth, and `make` is its value at the
    /// shallower `depth`. alpha-mu's values can only fall as the search
    /// deepens, so a shallower value bounds the deeper one from above.
    Upper,
    /// A lower bound of declarer's chance: a defender's search stopped
    /// short, and the defence's chance, which can only fall as the search
    /// deepens, is bounded from above.
    Lower,
}

impl Bound {
    /// `exact`, `upper` or `lower`: the word the JSON answers and Python
    /// use.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Bound::Exact => "exact",
            Bound::Upper => "upper",
            Bound::Lower => "lower",
        }
    }
}

//! What the search asks at its leaves. The search never names a solver: a
//! double-dummy solver, a random playout or a lower level of recursive
//! Monte Carlo can stand behind this trait.

use bridge::Position;
use cards::Card;

/// Answers about one world with all cards seen.
///
/// Implementations are shared between threads (`Sync`): the worlds of a
/// leaf may be evaluated in parallel.
pub trait LeafEvaluator: Sync {
    /// Whether the side to move can take at least `tricks` of the tricks
    /// left (the current one included).
    fn can_take(&self, position: &Position, tricks: u8) -> bool;

    /// The number of tricks the side to move takes after each legal card
    /// (the current trick included), in any order.
    fn card_values(&self, position: &Position) -> Vec<(Card, u8)>;
}

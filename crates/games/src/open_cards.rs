use crate::{PlayState, TrickGame};
use cards::Card;

/// Values with every card open, from the side to move's seat: what the
/// searches over possible worlds ask of a game's open-card solver in each
/// world. The `open-solver` crate implements it for any game, the
/// double-dummy solver (`dd`) for bridge.
pub trait OpenCards<G: TrickGame> {
    /// Every legal card with the points the side to move takes after it
    /// (the current trick included); means past a horizon.
    fn card_means(&mut self, state: &PlayState<G>) -> Vec<(Card, f64)>;
    /// The points the side to move takes from `state` on.
    fn mean_value(&mut self, state: &PlayState<G>) -> f64;
}

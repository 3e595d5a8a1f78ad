//! What a search over possible worlds asks of the solver of one world
//! with every card open ([`OpenCards`]), and where a truncated solver
//! stops ([`Horizon`]): the one interface between the searches written
//! once for every trick-taking game (the trick-costs template's PIMC,
//! alpha-mu and Fusion) and the solvers (`open-solver` for any game, `dd`
//! for bridge). The trick-costs paper's public code's own choices (the
//! cards it tries, its playouts) are behind [`paper_code`], apart from the
//! rules.

pub mod paper_code;

use cards::Card;
use games::{PlayState, TrickGame};
pub use paper_code::CodeCandidates;

/// Which legal cards a search or a playout tries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Candidates {
    /// Every legal card (equivalent cards may still be searched once: that
    /// changes no value).
    #[default]
    Legal,
    /// Those the trick-costs paper's public code tries
    /// ([`CodeCandidates`]); values can change.
    PaperCode,
}

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
    /// Whether the side to move takes at least `points` from `state` on
    /// ([`OpenCards::mean_value`] at least `points`). The default asks for
    /// the value; an exact solver answers with one null-window search.
    fn reaches(&mut self, state: &PlayState<G>, points: f64) -> bool {
        self.mean_value(state) >= points
    }
}

/// Where a truncated solver stops searching and what it does there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Horizon {
    /// Stop at the first trick start with at most this many cards in the
    /// hands (at the first position, inside a trick too, when
    /// `mid_trick`).
    pub cards_left: usize,
    /// Stop inside a trick too, as the trick-costs paper's public code
    /// does (its exact search counts its depth card by card).
    pub mid_trick: bool,
    /// Random playouts averaged there.
    pub playouts: u32,
    /// Seed of the playouts.
    pub seed: u64,
    /// How a playout plays its cards.
    pub rule: Playout,
    /// Which legal cards the search before the horizon and the playouts
    /// try.
    pub candidates: Candidates,
}

/// How the playouts past a horizon play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Playout {
    /// Every card drawn uniformly from the legal ones (the paper's text).
    #[default]
    Random,
    /// As the trick-costs paper's public code plays them (read in
    /// samuelbounan/TrickGame, `approx_score`): always the lowest legal
    /// card in card order, and the card played leaves the hand of the seat
    /// to move next instead of its player's, so a player keeps it (and may
    /// play it again) unless it has just won the trick with it. Values can
    /// then pass the deal's total.
    PaperCode,
}

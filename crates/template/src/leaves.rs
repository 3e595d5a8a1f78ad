//! What a leaf of the template is worth in one world: the PIMC value of
//! the rest of the deal with every card open, exact or truncated with
//! random playouts.

use crate::oracle::Oracle;
use games::OpenCards;
use games::{team_of, PlayState, TrickGame};
use open_solver::Horizon;

/// The value of a leaf position in one world.
pub trait Leaves<G: TrickGame> {
    /// The points the team `root_team` takes from `state` on (the current
    /// trick included) in world `world`.
    fn value(&mut self, world: usize, state: &PlayState<G>, root_team: usize) -> f64;
}

/// Leaves valued by the game's open-card solver ([`Oracle`]), one per world
/// (so that each keeps its table from leaf to leaf), optionally stopping at
/// a horizon and averaging random playouts past it (the paper's depth-rd).
pub struct SolverLeaves<G: Oracle> {
    game: G,
    horizon: Option<Horizon>,
    solvers: Vec<Box<dyn OpenCards<G>>>,
}

impl<G: Oracle> SolverLeaves<G> {
    /// Exact leaves.
    #[must_use]
    pub fn exact(game: G) -> Self {
        SolverLeaves {
            game,
            horizon: None,
            solvers: Vec::new(),
        }
    }

    /// Leaves searched down to `horizon`, then the mean of its playouts.
    #[must_use]
    pub fn truncated(game: G, horizon: Horizon) -> Self {
        SolverLeaves {
            game,
            horizon: Some(horizon),
            solvers: Vec::new(),
        }
    }

    fn solver(&mut self, world: usize) -> &mut dyn OpenCards<G> {
        while self.solvers.len() <= world {
            let horizon = self.horizon.map(|h| Horizon {
                seed: h.seed ^ (self.solvers.len() as u64).wrapping_mul(0x9e37_79b9),
                ..h
            });
            let s = self.game.open_cards(horizon);
            self.solvers.push(s);
        }
        self.solvers[world].as_mut()
    }
}

impl<G: Oracle> Leaves<G> for SolverLeaves<G> {
    fn value(&mut self, world: usize, state: &PlayState<G>, root_team: usize) -> f64 {
        let mover = team_of(state.to_move());
        let mover_points = self.solver(world).mean_value(state);
        if mover == root_team {
            mover_points
        } else {
            let cards: cards::Hand = cards::Seat::ALL
                .iter()
                .flat_map(|&s| state.hand(s).iter())
                .chain(state.trick().cards())
                .collect();
            f64::from(state.game().points_left(cards, state.tricks_left())) - mover_points
        }
    }
}

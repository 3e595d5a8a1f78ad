//! What a leaf of the template is worth in one world: the PIMC value of
//! the rest of the deal with every card open, exact or truncated with
//! random playouts.

use games::{PlayState, TrickGame};
use open_cards::{Horizon, OpenCards};

/// The value of a leaf position in one world.
pub trait Leaves<G: TrickGame> {
    /// The points the team `root_team` takes from `state` on (the current
    /// trick included) in world `world`.
    fn value(&mut self, world: usize, state: &PlayState<G>, root_team: usize) -> f64;

    /// Whether the values are the positions' true open-card values, so
    /// that two positions differing only by a swap of cards the game calls
    /// equivalent ([`games::TrickGame::equivalent`]) get the same value.
    /// Playouts past a horizon are not: they are drawn for the position
    /// as it is. The default is no, which is always sound.
    fn exact(&self) -> bool {
        false
    }

    /// Whether the root team's points from `state` on (what
    /// [`Leaves::value`] gives) are at least `points`. Asked only of exact
    /// leaves ([`Leaves::exact`]), whose points are whole. The default asks
    /// for the value.
    fn at_least(
        &mut self,
        world: usize,
        state: &PlayState<G>,
        root_team: usize,
        points: f64,
    ) -> bool {
        self.value(world, state, root_team) >= points
    }
}

/// Where [`SolverLeaves`] get their open-card solvers: a new solver for
/// positions of one world, exact (`None`) or stopping at a horizon. The
/// player layer hands one in (the double-dummy solver for bridge, the
/// `open-solver` crate for other games), so this crate names no solver.
pub type SolverSource<'a, G> = &'a dyn Fn(Option<Horizon>) -> Box<dyn OpenCards<G>>;

/// Leaves valued by an open-card solver from a [`SolverSource`], one per
/// world (so that each keeps its table from leaf to leaf), optionally
/// stopping at a horizon and averaging random playouts past it (the
/// paper's depth-rd).
pub struct SolverLeaves<'a, G: TrickGame> {
    source: SolverSource<'a, G>,
    horizon: Option<Horizon>,
    solvers: Vec<Box<dyn OpenCards<G>>>,
}

impl<'a, G: TrickGame> SolverLeaves<'a, G> {
    /// Exact leaves.
    #[must_use]
    pub fn exact(source: SolverSource<'a, G>) -> Self {
        Self::exact_with_solvers(source, Vec::new())
    }

    /// Exact leaves, world `k` valued by `solvers[k]` (more are made from
    /// `source` for the worlds beyond them): solvers that have already
    /// searched those worlds keep their tables. Each must be exact (made
    /// by `source(None)`); what it holds changes no value, only the time.
    #[must_use]
    pub fn exact_with_solvers(
        source: SolverSource<'a, G>,
        solvers: Vec<Box<dyn OpenCards<G>>>,
    ) -> Self {
        SolverLeaves {
            source,
            horizon: None,
            solvers,
        }
    }

    /// Leaves searched down to `horizon`, then the mean of its playouts.
    #[must_use]
    pub fn truncated(source: SolverSource<'a, G>, horizon: Horizon) -> Self {
        SolverLeaves {
            source,
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
            let s = (self.source)(horizon);
            self.solvers.push(s);
        }
        self.solvers[world].as_mut()
    }
}

impl<G: TrickGame> Leaves<G> for SolverLeaves<'_, G> {
    fn value(&mut self, world: usize, state: &PlayState<G>, root_team: usize) -> f64 {
        let mover = state.to_move().side().index();
        let mover_points = self.solver(world).mean_value(state);
        if mover == root_team {
            mover_points
        } else {
            f64::from(
                state
                    .game()
                    .points_left(in_play(state), state.tricks_left()),
            ) - mover_points
        }
    }

    fn exact(&self) -> bool {
        self.horizon.is_none()
    }

    /// One threshold question to the world's solver when exact
    /// ([`open_cards::OpenCards::reaches`]).
    fn at_least(
        &mut self,
        world: usize,
        state: &PlayState<G>,
        root_team: usize,
        points: f64,
    ) -> bool {
        if self.horizon.is_some() {
            return self.value(world, state, root_team) >= points;
        }
        if state.to_move().side().index() == root_team {
            self.solver(world).reaches(state, points)
        } else {
            // The root team takes at least `points` when the side to move
            // takes at most the rest less them: whole points, so not one
            // more.
            let all = f64::from(
                state
                    .game()
                    .points_left(in_play(state), state.tricks_left()),
            );
            !self.solver(world).reaches(state, all - points + 1.0)
        }
    }
}

/// The cards still in play at `state`: in the hands and on the table.
fn in_play<G: TrickGame>(state: &PlayState<G>) -> cards::Hand {
    cards::Seat::ALL
        .iter()
        .flat_map(|&s| state.hand(s).iter())
        .chain(state.trick().cards())
        .collect()
}

//! The open-card values a game's searches rest on: the `open-solver` crate
//! for Belote, our double-dummy solver (`dd`) for bridge.

use cards::{Card, Strain};
use games::{Belote, Bridge, PlayState, TrickGame};
use open_solver::{Horizon, OpenSolver};

/// Values with every card open, from the side to move's seat.
pub trait OpenCards<G: TrickGame> {
    /// Every legal card with the points the side to move takes after it
    /// (the current trick included); means past a horizon.
    fn card_means(&mut self, state: &PlayState<G>) -> Vec<(Card, f64)>;
    /// The points the side to move takes from `state` on.
    fn mean_value(&mut self, state: &PlayState<G>) -> f64;
}

impl<G: TrickGame> OpenCards<G> for OpenSolver<G> {
    fn card_means(&mut self, state: &PlayState<G>) -> Vec<(Card, f64)> {
        OpenSolver::card_means(self, state)
    }
    fn mean_value(&mut self, state: &PlayState<G>) -> f64 {
        OpenSolver::mean_value(self, state)
    }
}

/// A game whose searches know which open-card solver to use.
pub trait Oracle: TrickGame + Sized {
    /// A solver for positions of this game, exact or stopping at
    /// `horizon`; keep it for positions of one deal (its table carries
    /// over).
    fn open_cards(&self, horizon: Option<Horizon>) -> Box<dyn OpenCards<Self>>;
}

impl Oracle for Belote {
    fn open_cards(&self, horizon: Option<Horizon>) -> Box<dyn OpenCards<Self>> {
        Box::new(match horizon {
            Some(h) => OpenSolver::with_horizon(*self, h),
            None => OpenSolver::new(*self),
        })
    }
}

/// The size (log2 of the entries) of the double-dummy table of each world
/// of a search: a quarter of the solver's default, since a search keeps
/// one per world. The table grows only as it fills (about 40 bytes an
/// entry) and is emptied past half full: at 2^18 it was emptied again and
/// again within one alpha-mu search of a full deal, which then took three
/// times as long (`bridge_moves` example); 2^22 is no faster than 2^20.
const LEAF_TABLE_LOG2: u32 = 20;

/// Bridge positions valued by our double-dummy solver (tricks are the
/// points), one per world.
struct Dd {
    solver: dd::Solver,
    /// North-South's tricks in the last position valued: the leaves of a
    /// search in one world come one after another and mostly differ by a
    /// trick or none, so the next count starts its search there.
    last_ns: Option<u8>,
}

impl Dd {
    fn position(state: &PlayState<Bridge>) -> bridge::Position {
        let strain = state
            .game()
            .trump
            .map_or(Strain::Notrump, Strain::from_suit);
        let trick: Vec<Card> = state.trick().cards().collect();
        let remaining = cards::Deal::new(*state.hands()).expect("a position's hands are disjoint");
        bridge::Position::new(remaining, strain, state.trick().leader(), &trick)
            .expect("a position of the rules")
    }
}

impl OpenCards<Bridge> for Dd {
    fn card_means(&mut self, state: &PlayState<Bridge>) -> Vec<(Card, f64)> {
        self.solver
            .card_values(&Self::position(state))
            .into_iter()
            .map(|v| (v.card, f64::from(v.tricks)))
            .collect()
    }
    fn mean_value(&mut self, state: &PlayState<Bridge>) -> f64 {
        let position = Self::position(state);
        let left = position.tricks_left() as u8;
        let mover_ns = position.to_move().index().is_multiple_of(2);
        let tricks = match self.last_ns {
            Some(ns) => {
                let ns = ns.min(left);
                let guess = if mover_ns { ns } else { left - ns };
                self.solver.tricks_near(&position, guess)
            }
            None => self.solver.tricks(&position),
        };
        self.last_ns = Some(if mover_ns { tricks } else { left - tricks });
        f64::from(tricks)
    }
}

impl Oracle for Bridge {
    fn open_cards(&self, horizon: Option<Horizon>) -> Box<dyn OpenCards<Self>> {
        match horizon {
            Some(h) => Box::new(OpenSolver::with_horizon(*self, h)),
            None => Box::new(Dd {
                solver: dd::Solver::with_table_size(LEAF_TABLE_LOG2),
                last_ns: None,
            }),
        }
    }
}

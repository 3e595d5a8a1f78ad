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

/// Bridge positions valued by our double-dummy solver (tricks are the
/// points). Its table is a sixteenth of the default, since a search keeps
/// one per world.
struct Dd(dd::Solver);

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
        self.0
            .card_values(&Self::position(state))
            .into_iter()
            .map(|v| (v.card, f64::from(v.tricks)))
            .collect()
    }
    fn mean_value(&mut self, state: &PlayState<Bridge>) -> f64 {
        f64::from(self.0.tricks(&Self::position(state)))
    }
}

impl Oracle for Bridge {
    fn open_cards(&self, horizon: Option<Horizon>) -> Box<dyn OpenCards<Self>> {
        match horizon {
            Some(h) => Box::new(OpenSolver::with_horizon(*self, h)),
            None => Box::new(Dd(dd::Solver::with_table_size(18))),
        }
    }
}

//! The double-dummy solver behind the games crate's open-card trait, for
//! the searches written once for every trick-taking game (the trick-costs
//! template's PIMC, alpha-mu and Fusion): tricks are the points.

use crate::Solver;
use bridge::{Bridge, Position};
use cards::Card;
use games::PlayState;
use open_cards::OpenCards;

/// Bridge positions of one world valued by our solver, one value after
/// another.
///
/// The leaves of a search in one world come one after another and mostly
/// differ by a trick or none, so each count starts its search at the last
/// one ([`Solver::tricks_near`]).
pub struct WorldSolver {
    solver: Solver,
    /// North-South's tricks in the last position valued.
    last_ns: Option<u8>,
}

impl WorldSolver {
    /// A solver whose table holds `2^log2_entries` entries (see
    /// [`Solver::with_table_size`]).
    #[must_use]
    pub fn with_table_size(log2_entries: u32) -> WorldSolver {
        WorldSolver {
            solver: Solver::with_table_size(log2_entries),
            last_ns: None,
        }
    }

    fn position(state: &PlayState<Bridge>) -> Position {
        Position::from_game(state).expect("a play state of the rules is a position")
    }
}

impl OpenCards<Bridge> for WorldSolver {
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

    fn reaches(&mut self, state: &PlayState<Bridge>, points: f64) -> bool {
        let position = Self::position(state);
        if points <= 0.0 {
            return true;
        }
        if points > position.tricks_left() as f64 {
            return false;
        }
        // At most 13: a trick count.
        self.solver.can_take(&position, points.ceil() as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::{Deal, Seat};

    /// Every legal card's value and the position's value agree with the
    /// solver asked directly, mid-trick and at a trick's start, and a
    /// chain of counts (each starting at the last) stays exact; whether
    /// the side to move reaches a number of tricks is the count's answer,
    /// from below nothing to above every trick left.
    #[test]
    fn values_match_the_solver() {
        let deal: Deal = "N:AKQ.AKQ.AKQ.AKQJ 5432.5432.5432.2 JT9.JT9.JT9.T987 876.876.876.6543"
            .parse()
            .unwrap();
        for trump in [None, Some(cards::Suit::Clubs)] {
            let mut state = PlayState::new(Bridge::new(trump), deal, Seat::West);
            let mut ours = WorldSolver::with_table_size(16);
            let mut plain = Solver::new();
            for _ in 0..9 {
                let position = Position::from_game(&state).unwrap();
                assert_eq!(ours.mean_value(&state), f64::from(plain.tricks(&position)));
                let means = ours.card_means(&state);
                let values = plain.card_values(&position);
                assert_eq!(means.len(), values.len());
                for ((card, mean), v) in means.iter().zip(&values) {
                    assert_eq!((*card, *mean), (v.card, f64::from(v.tricks)));
                }
                let tricks = f64::from(plain.tricks(&position));
                for p in [-1.0, 0.0, tricks - 1.0, tricks, tricks + 1.0, 14.0] {
                    assert_eq!(ours.reaches(&state, p), tricks >= p, "{p} tricks");
                }
                let lowest = state.legal_cards().iter().next().unwrap();
                state.play(lowest).unwrap();
            }
        }
    }
}

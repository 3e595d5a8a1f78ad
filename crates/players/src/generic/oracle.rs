//! Which open-card solver a game's searches rest on: the `open-solver`
//! crate for Belote (and for any game past a horizon), our double-dummy
//! solver (`dd`) for bridge. Each solver implements the games crate's
//! [`OpenCards`] itself; this is only the choice.

use bridge::Bridge;
use games::{Belote, TrickGame};
use open_cards::{Horizon, OpenCards};
use open_solver::OpenSolver;

/// A game whose searches know which open-card solver to use.
pub trait Oracle: TrickGame + Sized {
    /// A solver for positions of this game, exact or stopping at
    /// `horizon`; keep it for positions of one deal (its table carries
    /// over).
    fn open_cards(&self, horizon: Option<Horizon>) -> Box<dyn OpenCards<Self>>;
}

/// The `open-solver` crate's solver for `game`, exact or stopping at
/// `horizon`: all a game without a solver of its own needs for
/// [`Oracle::open_cards`], so that registering a new game is one line.
pub fn open_solver<G: TrickGame + 'static>(
    game: &G,
    horizon: Option<Horizon>,
) -> Box<dyn OpenCards<G>> {
    Box::new(match horizon {
        Some(h) => OpenSolver::with_horizon(game.clone(), h),
        None => OpenSolver::new(game.clone()),
    })
}

impl Oracle for Belote {
    fn open_cards(&self, horizon: Option<Horizon>) -> Box<dyn OpenCards<Self>> {
        open_solver(self, horizon)
    }
}

/// The size (log2 of the entries) of the double-dummy table of each world
/// of a search: a quarter of the solver's default, since a search keeps
/// one per world. The table grows only as it fills (32 bytes an
/// entry, and the lists' share) and is emptied past half full: at 2^18 it was emptied again and
/// again within one alpha-mu search of a full deal, which then took three
/// times as long (`bridge_moves` example); 2^22 is no faster than 2^20.
const LEAF_TABLE_LOG2: u32 = 20;

impl Oracle for Bridge {
    fn open_cards(&self, horizon: Option<Horizon>) -> Box<dyn OpenCards<Self>> {
        match horizon {
            Some(h) => Box::new(OpenSolver::with_horizon(*self, h)),
            None => Box::new(dd::WorldSolver::with_table_size(LEAF_TABLE_LOG2)),
        }
    }
}

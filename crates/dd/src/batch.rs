//! Many deals or positions solved in parallel, one [`Solver`] per thread.

use crate::solver::{CardValue, Solver, SolverError};
use crate::table::DdTable;
use bridge::Position;
use cards::Deal;
use rayon::prelude::*;
use std::cell::RefCell;

thread_local! {
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new());
}

/// Runs `f` with this thread's solver, made on first use and kept.
pub fn with_thread_solver<R>(f: impl FnOnce(&mut Solver) -> R) -> R {
    SOLVER.with(|s| f(&mut s.borrow_mut()))
}

/// The tables of many deals, in order, solved on rayon's current pool.
#[must_use]
pub fn tables(deals: &[Deal]) -> Vec<Result<DdTable, SolverError>> {
    deals
        .par_iter()
        .map(|deal| with_thread_solver(|s| s.table(deal)))
        .collect()
}

/// The values of every legal card of many positions, in order.
#[must_use]
pub fn card_values(positions: &[Position]) -> Vec<Vec<CardValue>> {
    positions
        .par_iter()
        .map(|p| with_thread_solver(|s| s.card_values(p)))
        .collect()
}

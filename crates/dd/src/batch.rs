//! Many deals or positions solved in parallel, one [`Solver`] per thread.

use crate::solver::{CardValue, Solver, SolverError, DECLARER_ORDER};
use crate::table::DdTable;
use bridge::Position;
use cards::{Deal, Seat, Strain};
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
///
/// The work is split by deal and strain, so that one hard deal does not
/// keep a single thread busy while the others wait, and every item is its
/// own rayon job (`with_max_len(1)`): with rayon's default splitting, the
/// first thread ran a whole quarter of the list that no idle thread could
/// steal, and two threads were 1.53 times faster than one instead of 1.9.
///
/// A lone deal's notrump row is split once more, North-South declaring
/// apart from East-West and last: the five strains alone leave a thread
/// idle while the other finishes. Partners still share the strain's table;
/// the two pairs do not.
#[must_use]
pub fn tables(deals: &[Deal]) -> Vec<Result<DdTable, SolverError>> {
    let mut jobs: Vec<(usize, Strain, &[Seat])> = (0..deals.len())
        .flat_map(|d| Strain::ALL.map(|strain| (d, strain, &DECLARER_ORDER[..])))
        .collect();
    if let [_] = deals {
        // Notrump (the first job) goes last, in two halves.
        let (north_south, east_west) = DECLARER_ORDER.split_at(2);
        jobs.remove(0);
        jobs.push((0, Strain::Notrump, north_south));
        jobs.push((0, Strain::Notrump, east_west));
    }
    let rows: Vec<Result<[u8; 4], SolverError>> = jobs
        .par_iter()
        .with_max_len(1)
        .map(|&(d, strain, declarers)| {
            with_thread_solver(|s| s.declarers_tricks(&deals[d], strain, declarers))
        })
        .collect();
    let mut tables = vec![Ok(DdTable::default()); deals.len()];
    for (&(d, strain, declarers), row) in jobs.iter().zip(rows) {
        let Ok(table) = &mut tables[d] else {
            continue;
        };
        match row {
            Ok(row) => {
                for declarer in declarers {
                    table.tricks[declarer.index()][strain.index()] = row[declarer.index()];
                }
            }
            Err(e) => tables[d] = Err(e),
        }
    }
    tables
}

/// The values of every legal card of many positions, in order.
#[must_use]
pub fn card_values(positions: &[Position]) -> Vec<Vec<CardValue>> {
    positions
        .par_iter()
        .with_max_len(1)
        .map(|p| with_thread_solver(|s| s.card_values(p)))
        .collect()
}

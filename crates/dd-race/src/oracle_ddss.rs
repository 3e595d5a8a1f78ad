//! Asking DDS 2.9's performance fork (`ddss`) the same questions.
//!
//! `ddss` keeps one process-wide solver behind a lock: a [`DdssSolver`]
//! holds that lock and the thread count it was taken with.

use crate::convert::{full_deal, position_parts, seat, strain, table_from};
use bridge::Position;
use cards::{Card, Deal, Rank, Suit};
use dd::DdTable;
use std::num::NonZero;

/// The process-wide `ddss` solver, locked for this thread.
pub struct DdssSolver {
    solver: ddss::Solver,
}

impl DdssSolver {
    /// Locks the solver with a pool of `threads` threads.
    #[must_use]
    pub fn lock(threads: usize) -> Self {
        DdssSolver {
            solver: ddss::Solver::lock(NonZero::new(threads)),
        }
    }

    /// The table of a full deal, in our layout.
    #[must_use]
    pub fn table(&self, deal: &Deal) -> DdTable {
        let theirs = self.solver.solve_deal(full_deal(deal));
        table_from(|s, d| u8::from(theirs[s].get(d)))
    }

    /// The tables of many deals through the batch interface (on the
    /// solver's thread pool).
    #[must_use]
    pub fn tables(&self, deals: &[Deal]) -> Vec<DdTable> {
        let full: Vec<_> = deals.iter().map(full_deal).collect();
        self.solver
            .solve_deals(&full, ddss::NonEmptyStrainFlags::ALL)
            .iter()
            .map(|theirs| table_from(|s, d| u8::from(theirs[s].get(d))))
            .collect()
    }

    /// The value of every legal card, sorted by card. Through the C
    /// interface with mode 1 (always search): the binding asks with mode 0,
    /// in which ddss does not search when the side to move has one card or
    /// one run of equal cards, and panics on the score -2 it then returns.
    ///
    /// # Panics
    /// If ddss reports an error.
    #[must_use]
    pub fn card_values(&self, position: &Position) -> Vec<(Card, u8)> {
        let found = self.solve(position, -1, 3);
        let mut values = Vec::new();
        for i in 0..usize::try_from(found.cards).expect("card count") {
            let suit = Suit::ALL[usize::try_from(found.suit[i]).expect("suit index")];
            let score = u8::try_from(found.score[i]).expect("a trick count");
            let rank = |r: i32| Rank::from_number(u8::try_from(r).expect("rank")).expect("rank");
            values.push((Card::new(suit, rank(found.rank[i])), score));
            for r in 2..=14 {
                if found.equals[i] & (1 << r) != 0 {
                    values.push((Card::new(suit, rank(r)), score));
                }
            }
        }
        values.sort();
        values
    }

    /// Can the side to move take `tricks` of the tricks left? Through the C
    /// interface with mode 1, as [`DdssSolver::card_values`].
    ///
    /// # Panics
    /// If ddss reports an error.
    #[must_use]
    pub fn can_take(&self, position: &Position, tricks: u8) -> bool {
        if tricks == 0 {
            return true;
        }
        if usize::from(tricks) > position.tricks_left() {
            return false;
        }
        self.solve(position, i32::from(tricks), 1).score[0] >= i32::from(tricks)
    }

    /// `SolveBoard` with mode 1 (always search) on thread 0.
    fn solve(&self, position: &Position, target: i32, solutions: i32) -> ddss_sys::futureTricks {
        let deal = ddss_sys::deal::from(board(position));
        let mut result = ddss_sys::futureTricks::default();
        // SAFETY: `self` holds the process-wide ddss lock, so no other
        // thread is inside ddss; the pointers are valid for the call.
        let status =
            unsafe { ddss_sys::SolveBoard(deal, target, solutions, 1, &raw mut result, 0) };
        assert_eq!(status, 1, "ddss error code {status}");
        result
    }
}

fn board(position: &Position) -> ddss::Board {
    let (remaining, trick) = position_parts(position);
    let current =
        ddss::CurrentTrick::from_slice(strain(position.strain()), seat(position.leader()), &trick)
            .expect("valid trick");
    ddss::Board::try_new(remaining, current).expect("ddss accepts our valid positions")
}

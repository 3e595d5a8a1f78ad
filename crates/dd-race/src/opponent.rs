//! The C++ solver a build races against: DDS 3 (feature `dds`) or DDS 2.9's
//! performance fork (feature `ddss`). The two cannot link into one binary,
//! so a build has at most one.

use bridge::Position;
use cards::{Card, Deal};
use dd::DdTable;

/// The questions the benchmark asks both solvers.
pub trait Opponent {
    /// The name shown in the report.
    fn name(&self) -> &'static str;
    /// The table of one deal on one thread.
    fn table(&mut self, deal: &Deal) -> DdTable;
    /// The tables of many deals with the solver's own batch interface on
    /// `threads` threads (DDS 3 always uses every core).
    fn tables(&mut self, deals: &[Deal], threads: usize) -> Vec<DdTable>;
    /// Every legal card with its value, sorted by card, on one thread.
    fn card_values(&mut self, position: &Position) -> Vec<(Card, u8)>;
    /// Can the side to move take `tricks` more tricks? On one thread.
    fn can_take(&mut self, position: &Position, tricks: u8) -> bool;
    /// [`Opponent::can_take`] as one query of a search's stream: the
    /// solver keeps what it judges reusable from the query before (DDS 3
    /// is otherwise asked each query from an empty table; DDS 2.9 always
    /// decides for itself).
    fn can_take_in_sequence(&mut self, position: &Position, tricks: u8) -> bool {
        self.can_take(position, tricks)
    }
}

/// The opponent this build links, if any.
#[must_use]
pub fn opponent() -> Option<Box<dyn Opponent>> {
    #[cfg(feature = "dds")]
    return Some(Box::new(dds3::Dds3::default()));
    #[cfg(feature = "ddss")]
    return Some(Box::new(ddss_fork::Ddss::default()));
    #[cfg(not(any(feature = "dds", feature = "ddss")))]
    None
}

#[cfg(feature = "dds")]
mod dds3 {
    use super::Opponent;
    use crate::oracle;
    use bridge::Position;
    use cards::{Card, Deal};
    use dd::DdTable;

    #[derive(Default)]
    pub(super) struct Dds3 {
        solver: dds_bridge::Solver,
        threshold: oracle::ThresholdSolver,
    }

    impl Opponent for Dds3 {
        fn name(&self) -> &'static str {
            "DDS 3"
        }
        fn table(&mut self, deal: &Deal) -> DdTable {
            oracle::table(&mut self.solver, deal)
        }
        fn tables(&mut self, deals: &[Deal], _threads: usize) -> Vec<DdTable> {
            oracle::tables(deals)
        }
        fn card_values(&mut self, position: &Position) -> Vec<(Card, u8)> {
            oracle::card_values(&mut self.solver, position)
        }
        fn can_take(&mut self, position: &Position, tricks: u8) -> bool {
            self.threshold.can_take(position, tricks)
        }
        fn can_take_in_sequence(&mut self, position: &Position, tricks: u8) -> bool {
            self.threshold.can_take_keeping_table(position, tricks)
        }
    }
}

#[cfg(feature = "ddss")]
mod ddss_fork {
    use super::Opponent;
    use crate::oracle_ddss::DdssSolver;
    use bridge::Position;
    use cards::{Card, Deal};
    use dd::DdTable;

    /// The locked solver and the pool size it was locked with; changing
    /// the pool size rebuilds ddss's pool, so it changes only when asked.
    #[derive(Default)]
    pub(super) struct Ddss {
        locked: Option<(usize, DdssSolver)>,
    }

    impl Ddss {
        fn with(&mut self, threads: usize) -> &DdssSolver {
            if self.locked.as_ref().map(|(t, _)| *t) != Some(threads) {
                self.locked = None;
                self.locked = Some((threads, DdssSolver::lock(threads)));
            }
            &self.locked.as_ref().expect("locked just now").1
        }
    }

    impl Opponent for Ddss {
        fn name(&self) -> &'static str {
            "DDS 2.9 (ddss)"
        }
        fn table(&mut self, deal: &Deal) -> DdTable {
            self.with(1).table(deal)
        }
        fn tables(&mut self, deals: &[Deal], threads: usize) -> Vec<DdTable> {
            self.with(threads).tables(deals)
        }
        fn card_values(&mut self, position: &Position) -> Vec<(Card, u8)> {
            self.with(1).card_values(position)
        }
        fn can_take(&mut self, position: &Position, tricks: u8) -> bool {
            self.with(1).can_take(position, tricks)
        }
    }
}

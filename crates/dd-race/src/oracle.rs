//! Asking the real DDS (version 3, through `dds-bridge`) the same questions.

use crate::convert::{full_deal, position_parts, seat, strain, table_from};
use bridge::Position;
use cards::{Card, Deal, Rank, Suit};
use contract_bridge as cb;
use dd::DdTable;
use dds_bridge as dds;

/// A position as a DDS board.
///
/// # Panics
/// If DDS rejects a position our rules accepted (a bug on one side).
#[must_use]
pub fn board(position: &Position) -> dds::Board {
    let (remaining, trick) = position_parts(position);
    let current =
        dds::CurrentTrick::from_slice(strain(position.strain()), seat(position.leader()), &trick)
            .expect("valid trick");
    dds::Board::try_new(remaining, current).expect("DDS accepts our valid positions")
}

/// DDS's table of a full deal, in our layout.
#[must_use]
pub fn table(solver: &mut dds::Solver, deal: &Deal) -> DdTable {
    let theirs = solver.solve_deal(full_deal(deal));
    table_from(|s, d| u8::from(theirs[s].get(d)))
}

/// DDS's tables of many full deals on all cores (its own batch interface).
#[must_use]
pub fn tables(deals: &[Deal]) -> Vec<DdTable> {
    let full: Vec<_> = deals.iter().map(full_deal).collect();
    dds::solve_deals(&full)
        .iter()
        .map(|theirs| table_from(|s, d| u8::from(theirs[s].get(d))))
        .collect()
}

/// DDS's value of every legal card, sorted by card.
#[must_use]
pub fn card_values(solver: &mut dds::Solver, position: &Position) -> Vec<(Card, u8)> {
    let objective = dds::Objective {
        board: board(position),
        target: dds::Target::Legal,
    };
    let found = solver.solve_board(&objective);
    expand_plays(
        found
            .plays
            .iter()
            .map(|p| (p.card, u8::from(p.score), p.equals)),
    )
}

/// A threshold query DDS is not asked: none needed, or more than are left.
fn settled_without_search(position: &Position, tricks: u8) -> Option<bool> {
    if tricks == 0 {
        Some(true)
    } else if usize::from(tricks) > position.tricks_left() {
        Some(false)
    } else {
        None
    }
}

/// A DDS solver context for threshold queries.
///
/// Threshold queries go through the C interface directly: `dds-bridge`
/// asks with mode 0, in which DDS does not search at all when the side to
/// move has one card (or one run of equal cards) and returns the score -2,
/// on which the binding panics. Mode 1 always searches.
pub struct ThresholdSolver {
    handle: std::ptr::NonNull<dds_bridge_sys::DdsSolverContext>,
}

impl Default for ThresholdSolver {
    fn default() -> Self {
        let config = dds_bridge_sys::DdsSolverConfig {
            tt_kind: 0,
            tt_mem_default_mb: 0,
            tt_mem_maximum_mb: 0,
        };
        // SAFETY: `config` is a valid configuration for the call.
        let raw = unsafe { dds_bridge_sys::dds_solver_context_new(&raw const config) };
        ThresholdSolver {
            handle: std::ptr::NonNull::new(raw).expect("DDS context allocated"),
        }
    }
}

impl Drop for ThresholdSolver {
    fn drop(&mut self) {
        // SAFETY: the handle came from `dds_solver_context_new` and is freed once.
        unsafe { dds_bridge_sys::dds_solver_context_free(self.handle.as_ptr()) };
    }
}

impl ThresholdSolver {
    /// DDS's answer to the threshold query: can the side to move take
    /// `tricks` of the tricks left (the current one included)?
    ///
    /// # Panics
    /// If DDS reports an error.
    #[must_use]
    pub fn can_take(&mut self, position: &Position, tricks: u8) -> bool {
        if let Some(answer) = settled_without_search(position, tricks) {
            return answer;
        }
        let deal = dds_bridge_sys::Deal::from(board(position));
        let mut result = dds_bridge_sys::FutureTricks::default();
        // SAFETY: the handle is live and owned by self; the pointers are
        // valid for the duration of the call.
        let status = unsafe {
            dds_bridge_sys::dds_solver_context_reset_for_solve(self.handle.as_ptr());
            dds_bridge_sys::dds_solve_board(
                self.handle.as_ptr(),
                &raw const deal,
                i32::from(tricks),
                1,
                1,
                &raw mut result,
            )
        };
        assert_eq!(status, 1, "DDS error code {status}");
        result.score[0] >= i32::from(tricks)
    }
}

impl ThresholdSolver {
    /// [`ThresholdSolver::can_take`] as one query of a stream: DDS keeps
    /// its transposition table when it judges the position to be of the
    /// deal it solved last, as it would behind a search asking it query
    /// after query.
    ///
    /// # Panics
    /// If DDS reports an error.
    #[must_use]
    pub fn can_take_keeping_table(&mut self, position: &Position, tricks: u8) -> bool {
        if let Some(answer) = settled_without_search(position, tricks) {
            return answer;
        }
        self.solve_keeping_table(position, i32::from(tricks)).0 >= i32::from(tricks)
    }

    /// Like [`fresh_solve`], but with this context's transposition table
    /// as earlier calls left it (DDS keeps it for a position of the same
    /// deal): the score and the trick nodes this call searched.
    ///
    /// # Panics
    /// If DDS reports an error.
    #[must_use]
    pub fn solve_keeping_table(&mut self, position: &Position, target: i32) -> (i32, u64) {
        let deal = dds_bridge_sys::Deal::from(board(position));
        let mut result = dds_bridge_sys::FutureTricks::default();
        // SAFETY: the handle is live and owned by self; the pointers are
        // valid for the duration of the call.
        let status = unsafe {
            dds_bridge_sys::dds_solve_board(
                self.handle.as_ptr(),
                &raw const deal,
                target,
                1,
                1,
                &raw mut result,
            )
        };
        assert_eq!(status, 1, "DDS error code {status}");
        (result.score[0], u64::try_from(result.nodes).unwrap_or(0))
    }
}

/// DDS's answer for `position` from an empty transposition table, and the
/// trick nodes it searched (the trick starts it entered, as
/// [`dd::Stats::trick_starts`] counts ours). `target` is the tricks the
/// side to move is asked for, or -1 for the exact count; with a target the
/// score is `target` when met, else 0 or -1. DDS's root does not use its
/// quick tricks or table, so for a trick start the count includes one
/// level of search the inner nodes would not need.
///
/// # Panics
/// If DDS reports an error.
#[must_use]
pub fn fresh_solve(position: &Position, target: i32) -> (i32, u64) {
    let mut solver = ThresholdSolver::default();
    // SAFETY: the handle is live and owned by `solver`.
    unsafe { dds_bridge_sys::dds_solver_context_reset_for_solve(solver.handle.as_ptr()) };
    solver.solve_keeping_table(position, target)
}

/// Their card as ours.
fn card_back(c: cb::Card) -> Card {
    let suit = match c.suit {
        cb::Suit::Spades => Suit::Spades,
        cb::Suit::Hearts => Suit::Hearts,
        cb::Suit::Diamonds => Suit::Diamonds,
        cb::Suit::Clubs => Suit::Clubs,
    };
    Card::new(suit, Rank::from_number(c.rank.get()).expect("rank 2..=14"))
}

/// Every legal card with its value from a list of (card, score, equal
/// ranks) as both bindings report it, sorted by card.
fn expand_plays(plays: impl Iterator<Item = (cb::Card, u8, cb::Holding)>) -> Vec<(Card, u8)> {
    let mut values = Vec::new();
    for (card, score, equals) in plays {
        let first = card_back(card);
        values.push((first, score));
        for rank in equals {
            values.push((
                Card::new(first.suit, Rank::from_number(rank.get()).expect("rank")),
                score,
            ));
        }
    }
    values.sort();
    values
}

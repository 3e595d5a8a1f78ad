//! Perfect Information Monte Carlo: every world solved with all cards seen,
//! the card with the best average kept.

use crate::problem::Problem;
use crate::{Bound, CardChance, LeafEvaluator};
use cards::Card;
use rayon::prelude::*;
use std::collections::BTreeMap;

/// For each card the side to move may play (in at least one world), the
/// fraction of the worlds where it is legal in which declarer makes the
/// contract after it, and declarer's mean total tricks; sorted by card.
///
/// Worlds are solved in parallel on the current rayon pool.
#[must_use]
pub fn pimc_values(problem: &Problem, evaluator: &dyn LeafEvaluator) -> Vec<CardChance> {
    pimc_values_reporting(problem, evaluator, &|| {})
}

/// [`pimc_values`], calling `world_solved` once after each world is solved
/// (from the thread that solved it), for a progress display.
#[must_use]
pub fn pimc_values_reporting(
    problem: &Problem,
    evaluator: &dyn LeafEvaluator,
    world_solved: &(dyn Fn() + Sync),
) -> Vec<CardChance> {
    let per_world = from_root_per_world(problem, evaluator, world_solved);
    let mut sums: BTreeMap<Card, (usize, usize, usize)> = BTreeMap::new();
    for values in &per_world {
        for &(card, from_root) in values {
            let e = sums.entry(card).or_default();
            e.0 += 1;
            e.1 += usize::from(from_root >= problem.need());
            e.2 += problem.declarer_tricks() + from_root;
        }
    }
    sums.into_iter()
        .map(|(card, (n, made, tricks))| CardChance {
            card,
            make: made as f64 / n as f64,
            tricks: Some(tricks as f64 / n as f64),
            depth: 1,
            bound: Bound::Exact,
        })
        .collect()
}

/// The card PIMC plays: for declarer the highest chance to make, then the
/// most tricks; for a defender the lowest, then the fewest; ties go to the
/// first card in card order.
#[must_use]
pub fn choose(values: &[CardChance], declaring: bool) -> Option<Card> {
    let key = |v: &CardChance| {
        let t = v.tricks.unwrap_or(0.0);
        if declaring {
            (v.make, t)
        } else {
            (-v.make, -t)
        }
    };
    let mut best: Option<&CardChance> = None;
    for v in values {
        if best.is_none_or(|b| key(v) > key(b)) {
            best = Some(v);
        }
    }
    best.map(|v| v.card)
}

/// For each world, every legal card of the side to move with the tricks
/// declarer's side takes from the root on after it, every world solved
/// double dummy (in parallel on the current rayon pool).
pub(crate) fn from_root_per_world(
    problem: &Problem,
    evaluator: &dyn LeafEvaluator,
    world_solved: &(dyn Fn() + Sync),
) -> Vec<Vec<(Card, usize)>> {
    let declaring = problem.is_declaring(problem.to_move());
    let left = problem.tricks_left();
    (0..problem.world_count())
        .into_par_iter()
        .with_max_len(1)
        .map(|w| {
            let values = evaluator
                .card_values(&problem.root_position(w))
                .into_iter()
                .map(|(card, v)| {
                    let v = usize::from(v);
                    (card, if declaring { v } else { left - v })
                })
                .collect();
            world_solved();
            values
        })
        .collect()
}

//! Playing for the score rather than for the contract alone: each card's
//! expected utility of declarer's total tricks (such as the duplicate
//! score, overtricks and undertricks counted), by PIMC and by alpha-mu.

use crate::alphamu::{alphamu, AlphaMuConfig, AlphaMuError};
use crate::pimc::from_root_per_world;
use crate::problem::Problem;
use crate::LeafEvaluator;
use cards::Card;
use std::collections::BTreeMap;

/// A card's expected utility.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CardUtility {
    /// The card.
    pub card: Card,
    /// The mean, over the worlds, of the utility of declarer's total
    /// tricks after it.
    pub expected: f64,
}

/// PIMC for the score: for each card the side to move may play, the mean
/// over the worlds where it is legal of `utility[t]`, where `t` is
/// declarer's total tricks (those won before the root included) after the
/// card with every world solved double dummy; sorted by card.
///
/// # Panics
/// When `utility` has no entry for a possible total (it needs one for 0
/// up to the tricks declarer has plus the tricks left).
#[must_use]
pub fn pimc_utilities(
    problem: &Problem,
    evaluator: &dyn LeafEvaluator,
    utility: &[f64],
) -> Vec<CardUtility> {
    let base = problem.declarer_tricks();
    let mut sums: BTreeMap<Card, (usize, f64)> = BTreeMap::new();
    for values in from_root_per_world(problem, evaluator, &|| {}) {
        for (card, from_root) in values {
            let e = sums.entry(card).or_default();
            e.0 += 1;
            e.1 += utility[base + from_root];
        }
    }
    sums.into_iter()
        .map(|(card, (n, total))| CardUtility {
            card,
            expected: total / n as f64,
        })
        .collect()
}

/// alpha-mu for the score, a documented approximation. The utility of the
/// total `t` is written as the utility of the least total plus the steps
/// `utility[k] - utility[k-1]` for every `k <= t`; the step of `k` is
/// weighted by alpha-mu's chance of taking at least `k` tricks after the
/// card (every card valued exactly, [`AlphaMuConfig::value_every_card`]).
/// Thresholds no world reaches double dummy are not searched (their
/// chance is 0). Each threshold is searched on its own, so two thresholds
/// may credit the card with different continuations: the sum is an upper
/// bound of what one strategy achieves, exact for one threshold (the
/// contract alone) and for utilities that step at one total only.
///
/// # Errors
/// As [`alphamu`].
///
/// # Panics
/// As [`pimc_utilities`].
pub fn alphamu_utilities(
    problem: &Problem,
    evaluator: &dyn LeafEvaluator,
    config: AlphaMuConfig,
    utility: &[f64],
) -> Result<Vec<CardUtility>, AlphaMuError> {
    let base = problem.declarer_tricks();
    let per_world = from_root_per_world(problem, evaluator, &|| {});
    let most = per_world
        .iter()
        .flat_map(|values| values.iter().map(|v| v.1))
        .max()
        .unwrap_or(0);
    let mut expected: BTreeMap<Card, f64> = per_world
        .iter()
        .flatten()
        .map(|&(card, _)| (card, utility[base]))
        .collect();
    let config = AlphaMuConfig {
        value_every_card: true,
        ..config
    };
    for k in 1..=most {
        let step = utility[base + k] - utility[base + k - 1];
        if step == 0.0 {
            continue;
        }
        for v in alphamu(&problem.with_need(k), evaluator, config)?.cards {
            *expected.get_mut(&v.card).expect("a legal card") += v.make * step;
        }
    }
    Ok(expected
        .into_iter()
        .map(|(card, expected)| CardUtility { card, expected })
        .collect())
}

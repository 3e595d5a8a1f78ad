//! Our double-dummy solver as the leaf evaluator of the search.

use bridge::Position;
use cards::Card;
use search::LeafEvaluator;

/// The double-dummy solver, one per thread (transposition tables kept
/// between calls on a thread, since the worlds of a leaf share most cards).
#[derive(Clone, Copy, Debug, Default)]
pub struct DdLeaf;

impl LeafEvaluator for DdLeaf {
    fn can_take(&self, position: &Position, tricks: u8) -> bool {
        dd::batch::with_thread_solver(|s| s.can_take(position, tricks))
    }

    fn card_values(&self, position: &Position) -> Vec<(Card, u8)> {
        dd::batch::with_thread_solver(|s| {
            s.card_values(position)
                .into_iter()
                .map(|v| (v.card, v.tricks))
                .collect()
        })
    }
}

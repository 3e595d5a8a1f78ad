//! Properties the solver's answers must have among themselves and against a
//! plain minimax, on seeded random positions.

mod common;

use bridge::Position;
use cards::{Deal, Seat, Strain};
use common::{minimax, random_position};
use dd::Solver;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[test]
fn exact_count_equals_plain_minimax_on_small_positions() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut solver = Solver::with_table_size(16);
    for i in 0..400 {
        let cards = 1 + i % 4;
        let played = i % (4 * cards);
        let position = random_position(&mut rng, cards, played);
        assert_eq!(solver.tricks(&position), minimax(&position), "{position:?}");
    }
}

#[test]
fn best_card_value_equals_exact_count_and_threshold_agrees() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut solver = Solver::new();
    for i in 0..300 {
        let cards = 3 + i % 6;
        let played = (i * 7) % (4 * cards);
        let position = random_position(&mut rng, cards, played);
        let exact = solver.tricks(&position);
        let values = solver.card_values(&position);
        assert_eq!(values.len(), position.legal_cards().len(), "{position:?}");
        let best = values.iter().map(|v| v.tricks).max().unwrap();
        assert_eq!(best, exact, "{position:?}");
        assert!(solver.can_take(&position, exact), "{position:?} k={exact}");
        assert!(
            !solver.can_take(&position, exact + 1),
            "{position:?} k={}",
            exact + 1
        );
    }
}

#[test]
fn table_entries_equal_solves_of_the_opening_positions() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut solver = Solver::new();
    for i in 0..30 {
        let cards = 4 + i % 5;
        let deal = Deal::random(&mut rng, cards);
        let table = solver.table(&deal).unwrap();
        let mut fresh = Solver::with_table_size(14);
        for strain in Strain::ALL {
            for declarer in Seat::ALL {
                let opening = Position::opening(deal, strain, declarer);
                let defenders = fresh.tricks(&opening);
                assert_eq!(
                    table.tricks(declarer, strain),
                    cards as u8 - defenders,
                    "{deal} {strain} by {declarer}"
                );
            }
        }
    }
}

#[test]
fn tables_need_equal_hands() {
    let deal: Deal = "N:AK... Q... J... T...".parse().unwrap();
    let err = Solver::new().table(&deal).unwrap_err();
    assert!(
        err.to_string()
            .contains("hand of E has 1 cards, expected 2"),
        "{err}"
    );
}

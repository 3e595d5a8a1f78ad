//! Nodes and time of the template's searches with pruning on and off, on
//! seeded Belote positions (10 worlds each): PIMC searched to the end from
//! 4 tricks left, and alpha-mu with depth-leaf 5 at the first card.
//!
//! ```text
//! cargo run --release -p players --example pruning -- [POSITIONS]
//! ```

use cards::{Card, Seat, Suit};
use games::{Belote, BeloteDeal, PlayState};
use players::generic::solvers_of;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use search::generic::{AlphaMu, Depth, Pimc, SolverLeaves, Spec, Tree};
use std::time::Instant;
use worlds::SeatView;

fn position(rng: &mut ChaCha8Rng, cards_played: usize) -> (PlayState<Belote>, SeatView<Belote>) {
    let trump = Suit::ALL[rng.gen_range(0..4)];
    let deal = BeloteDeal::random(rng, trump, Seat::North);
    let rules = deal.rules();
    let mut state = PlayState::new(rules, deal.hands, deal.leader);
    let mut played = Vec::new();
    for _ in 0..cards_played {
        let legal: Vec<Card> = state.legal_cards().iter().collect();
        let c = legal[rng.gen_range(0..legal.len())];
        state.play(c).expect("legal");
        played.push(c);
    }
    let mut view = SeatView::new(
        &PlayState::new(rules, deal.hands, deal.leader),
        state.to_move(),
        &[],
    );
    for c in played {
        view.observe(c).expect("seen");
    }
    (state, view)
}

fn run<S: Spec>(spec: &S, n: usize, cards_played: usize, leaf: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut totals = [(0u64, 0.0f64); 2];
    for _ in 0..n {
        let (state, view) = position(&mut rng, cards_played);
        let worlds = view.draw_many(&mut rng, 10).expect("worlds");
        for (i, pruning) in [true, false].into_iter().enumerate() {
            let solvers = solvers_of(state.game());
            let mut leaves = SolverLeaves::exact(&solvers);
            let mut tree = Tree::new(spec, &state, &worlds, &mut leaves, Depth { leaf });
            tree.pruning = pruning;
            let clock = Instant::now();
            std::hint::black_box(tree.root_cards());
            totals[i].0 += tree.nodes;
            totals[i].1 += clock.elapsed().as_secs_f64();
        }
    }
    println!(
        "{}: {n} positions, pruning on {} nodes {:.2} s, off {} nodes {:.2} s ({:.2}x nodes)",
        spec.name(),
        totals[0].0,
        totals[0].1,
        totals[1].0,
        totals[1].1,
        totals[1].0 as f64 / totals[0].0.max(1) as f64
    );
}

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .map_or(10, |a| a.parse().expect("a number"));
    run(&Pimc, n, 16, usize::MAX);
    run(&AlphaMu::default(), n, 0, 5);
}

//! Time to solve random Belote deals from the first card: the value of each
//! of the leader's eight cards, with a fresh solver per deal.
//!
//! ```text
//! cargo run --release -p open-solver --example belote_speed -- [DEALS] [SEED]
//! ```

use cards::{Seat, Suit};
use games::{BeloteDeal, PlayState};
use open_solver::OpenSolver;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let deals: usize = args
        .next()
        .map_or(100, |a| a.parse().expect("a number of deals"));
    let seed: u64 = args.next().map_or(1, |a| a.parse().expect("a seed"));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut total, mut worst, mut nodes) = (0.0f64, 0.0f64, 0u64);
    for i in 0..deals {
        let deal = BeloteDeal::random(&mut rng, Suit::ALL[i % 4], Seat::from_index(i % 4));
        let rules = deal.rules();
        let state = PlayState::new(rules, deal.hands, deal.leader);
        let mut solver = OpenSolver::new(rules);
        let start = Instant::now();
        let values = solver.card_values(&state);
        let took = start.elapsed().as_secs_f64();
        std::hint::black_box(values);
        total += took;
        worst = worst.max(took);
        nodes += solver.nodes();
    }
    println!(
        "{deals} deals (seed {seed}): mean {:.1} ms, worst {:.1} ms, {:.0} nodes per deal",
        1000.0 * total / deals as f64,
        1000.0 * worst,
        nodes as f64 / deals as f64
    );
}

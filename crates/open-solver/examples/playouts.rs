//! Time of the random playouts past a horizon, the work that dominates the
//! trick-costs players at their paper's settings (depth-rd, 8 playouts):
//! random bridge deals of 10 cards a hand, valued card by card by a solver
//! that searches the first two tricks exactly and then averages 8 random
//! playouts, a fresh solver per deal. The checksum of the values lets two
//! builds be compared: the same seed must give the same checksum.
//!
//! ```text
//! cargo run --release -p open-solver --example playouts -- [DEALS] [SEED]
//! ```

use bridge::Bridge;
use cards::{Deal, Seat, Strain};
use games::PlayState;
use open_cards::{Candidates, Horizon, Playout};
use open_solver::OpenSolver;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let deals: usize = args
        .next()
        .map_or(200, |a| a.parse().expect("a number of deals"));
    let seed: u64 = args.next().map_or(1, |a| a.parse().expect("a seed"));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut total, mut nodes, mut checksum) = (0.0f64, 0u64, 0i64);
    for i in 0..deals {
        let strain = Strain::ALL[rng.gen_range(0..5)];
        let deal = Deal::random_from_full_deck(&mut rng, 10);
        let state = PlayState::new(Bridge::new(strain.trump()), deal, Seat::from_index(i % 4));
        let horizon = Horizon {
            cards_left: 32,
            mid_trick: false,
            playouts: 8,
            seed: rng.gen(),
            rule: Playout::Random,
            candidates: Candidates::Legal,
        };
        let mut solver = OpenSolver::with_horizon(Bridge::new(strain.trump()), horizon);
        let start = Instant::now();
        let values = solver.card_values(&state);
        total += start.elapsed().as_secs_f64();
        nodes += solver.nodes();
        for (k, v) in values.iter().enumerate() {
            checksum = checksum
                .wrapping_mul(31)
                .wrapping_add(i64::from(v.points) + k as i64);
        }
    }
    println!(
        "{deals} deals (seed {seed}): {:.2} s, {:.1} ms a deal, {:.0} nodes a deal, checksum {checksum}",
        total,
        1000.0 * total / deals as f64,
        nodes as f64 / deals as f64
    );
}

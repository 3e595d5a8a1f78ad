//! Where does our search do more work than DDS's? Random positions at a
//! trick start with LEFT tricks left, each solved exactly by both solvers
//! from an empty table: trick starts by strain, and the positions where
//! ours exceed DDS's most.
//!
//! ```text
//! cargo run --release -p dd-race --features dds --example scan -- LEFT COUNT SEED SHOW
//! ```
//!
//! DDS's count at its root is inflated (see `oracle::fresh_solve`), so
//! compare ratios between builds or depths, not with 1.

use cards::Strain;
use dd::Solver;
use dd_race::{oracle, workloads};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn main() {
    use dd_race::example_args::positional;
    let (left, n, seed, show): (usize, u64, u64, usize) = (
        positional(1, "tricks left", 5),
        positional(2, "positions", 1000),
        positional(3, "seed", 1),
        positional(4, "positions shown", 10),
    );
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut by_strain = [(0u64, 0u64); 5];
    let mut rows = Vec::new();
    for _ in 0..n {
        let position = workloads::random_position(&mut rng, 4 * (13 - left));
        let mut solver = Solver::new();
        let tricks = solver.tricks(&position);
        let ours = solver.stats().trick_starts;
        let (_, theirs) = oracle::fresh_solve(&position, -1);
        let b = &mut by_strain[position.strain().index()];
        b.0 += ours;
        b.1 += theirs;
        rows.push((ours as i64 - theirs as i64, ours, theirs, tricks, position));
    }
    rows.sort_by_key(|r| -r.0);
    for (_, ours, theirs, tricks, p) in rows.iter().take(show) {
        println!(
            "ours {ours:6} DDS {theirs:6} tricks {tricks} | {:?} leader {:?} {}",
            p.strain(),
            p.leader(),
            p.remaining()
        );
    }
    let (mut o, mut t) = (0, 0);
    for s in Strain::ALL {
        let (ours, theirs) = by_strain[s.index()];
        o += ours;
        t += theirs;
        println!(
            "{s:?}: {ours} / {theirs} = {:.2}",
            ours as f64 / theirs.max(1) as f64
        );
    }
    println!("all: {o} / {t} = {:.2}", o as f64 / t.max(1) as f64);
}

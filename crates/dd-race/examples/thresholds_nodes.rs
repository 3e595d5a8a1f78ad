//! The threshold workload of `dd-race` (alpha-mu's leaves: 20 worlds
//! sharing North's and South's cards), one solver: nodes, trick starts and
//! time. `thresholds_nodes SEED LEAVES`.
use dd::Solver;
use std::time::Instant;

fn main() {
    let seed: u64 = dd_race::example_args::positional(1, "seed", 1);
    let n: usize = dd_race::example_args::positional(2, "deals", 50);
    let leaves = dd_race::workloads::threshold_leaves(seed, n);
    let mut solver = Solver::new();
    let start = Instant::now();
    let mut yes = 0;
    for (worlds, k) in &leaves {
        for w in worlds {
            yes += usize::from(solver.can_take(w, *k));
        }
    }
    println!(
        "{} nodes, {} trick starts, {:?}, {yes} yes",
        solver.nodes(),
        solver.stats().trick_starts,
        start.elapsed()
    );
}

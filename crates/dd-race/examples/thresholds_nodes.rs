//! The threshold workload of `dd-race` (alpha-mu's leaves: 20 worlds
//! sharing North's and South's cards), one solver: nodes, trick starts and
//! time. `thresholds_nodes SEED LEAVES`.
use dd::Solver;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args.get(1).map_or(1, |s| s.parse().unwrap());
    let n: usize = args.get(2).map_or(50, |s| s.parse().unwrap());
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

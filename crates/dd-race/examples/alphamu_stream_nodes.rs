//! Alpha-mu's own threshold queries (the race's fifth workload), answered
//! in their order by one solver: nodes, trick starts and time.
//! `alphamu_stream_nodes SEED DEALS`.
use dd::Solver;
use std::time::Instant;

fn main() {
    let seed: u64 = dd_race::example_args::positional(1, "seed", 1);
    let n: usize = dd_race::example_args::positional(2, "deals", 10);
    let queries = dd_race::workloads::alphamu_leaf_queries(seed, n);
    let mut solver = Solver::new();
    let start = Instant::now();
    let mut yes = 0;
    for (position, k) in &queries {
        yes += usize::from(solver.can_take(position, *k));
    }
    println!(
        "{} queries, {} nodes, {} trick starts, {:?}, {yes} yes",
        queries.len(),
        solver.nodes(),
        solver.stats().trick_starts,
        start.elapsed()
    );
}

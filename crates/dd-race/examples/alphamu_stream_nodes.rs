//! Alpha-mu's own threshold queries (the race's fifth workload): nodes,
//! trick starts and time. `alphamu_stream_nodes SEED DEALS [MIN_TRICKS]`:
//! without `MIN_TRICKS`, the whole stream answered in its order by one
//! solver; with it, only the queries with at least that many tricks left,
//! each from an empty table (13: the fresh proofs of trick 1 that
//! dominate alpha-mu's first moves). Needs the search's cutoff counters:
//! `cargo run --release -p dd-race --features stats --example
//! alphamu_stream_nodes`.
use dd::Solver;
use std::time::Instant;

fn main() {
    let seed: u64 = dd_race::example_args::positional(1, "seed", 1);
    let n: usize = dd_race::example_args::positional(2, "deals", 10);
    let min_tricks: usize = dd_race::example_args::positional(3, "min_tricks", 0);
    let queries = dd_race::workloads::alphamu_leaf_queries(seed, n);
    let mut solver = Solver::new();
    let (mut nodes, mut starts, mut asked) = (0, 0, 0);
    let (mut first_cutoffs, mut cutoffs) = ([0u64; 4], [0u64; 4]);
    let start = Instant::now();
    let mut yes = 0;
    for (position, k) in &queries {
        if min_tricks > 0 {
            if position.tricks_left() < min_tricks {
                continue;
            }
            nodes += solver.nodes();
            starts += solver.stats().trick_starts;
            for i in 0..4 {
                first_cutoffs[i] += solver.stats().first_cutoffs[i];
                cutoffs[i] += solver.stats().cutoffs[i];
            }
            solver = Solver::new();
        }
        asked += 1;
        yes += usize::from(solver.can_take(position, *k));
    }
    nodes += solver.nodes();
    starts += solver.stats().trick_starts;
    for i in 0..4 {
        first_cutoffs[i] += solver.stats().first_cutoffs[i];
        cutoffs[i] += solver.stats().cutoffs[i];
    }
    println!("cutoffs by cards on the table: {cutoffs:?}, by the first move: {first_cutoffs:?}");
    println!(
        "{asked} queries, {nodes} nodes, {starts} trick starts, {:?}, {yes} yes",
        start.elapsed()
    );
}

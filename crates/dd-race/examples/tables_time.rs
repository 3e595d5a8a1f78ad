//! Time and nodes of our full tables on seeded random deals (one solver,
//! as dd-race's table workload): `tables_time SEED N`.
use dd::Solver;
use std::time::Instant;

fn main() {
    let seed: u64 = dd_race::example_args::positional(1, "seed", 1);
    let n: usize = dd_race::example_args::positional(2, "deals", 100);
    let deals = dd_race::workloads::random_deals(seed, n);
    let mut solver = Solver::new();
    let start = Instant::now();
    for d in &deals {
        let _ = solver.table(d).unwrap();
    }
    println!(
        "tables: {} nodes {:.3}s",
        solver.nodes(),
        start.elapsed().as_secs_f64()
    );
}

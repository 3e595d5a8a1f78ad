//! Time and nodes of our full tables on seeded random deals (one solver,
//! as dd-race's table workload): `tables_time SEED N`.
use dd::Solver;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args.get(1).map_or(1, |s| s.parse().unwrap());
    let n: usize = args.get(2).map_or(100, |s| s.parse().unwrap());
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

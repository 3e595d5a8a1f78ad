//! How much work does our solver do on a fixed workload?
//!
//! Prints nodes searched, the search's counters ([`dd::Stats`]: the trick
//! starts, and every cut with `--features stats`) and time for: the
//! tables of 5 seeded random deals, and the value of every card in 100
//! seeded positions with 9 to 12 tricks left. A change meant to keep the
//! search the same must keep the node count; a speed-up shows as fewer
//! nodes or less time.
//!
//! ```text
//! cargo run --release -p dd-race --features stats --example nodes
//! ```

use dd::Solver;
use dd_race::workloads;
use std::time::Instant;

fn main() {
    let deals = workloads::random_deals(1, 5);
    let mut solver = Solver::new();
    let start = Instant::now();
    for deal in &deals {
        let t = Instant::now();
        let before = solver.nodes();
        let table = solver.table(deal).expect("full deal");
        println!(
            "{deal}  {:>10} nodes  {:>8.2?}  {:?}",
            solver.nodes() - before,
            t.elapsed(),
            table.tricks
        );
    }
    let tables_nodes = solver.nodes();
    let tables_time = start.elapsed();

    let positions = workloads::random_positions(2, 100, 4, 16);
    let mut solver2 = Solver::new();
    let start = Instant::now();
    for p in &positions {
        let _ = solver2.card_values(p);
    }
    println!("tables:    {tables_nodes:>11} nodes {tables_time:>10.2?}");
    println!(
        "positions: {:>11} nodes {:>10.2?}",
        solver2.nodes(),
        start.elapsed()
    );
    println!("{:?}", solver.stats());
}

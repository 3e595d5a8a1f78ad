//! The slowest (deal, strain) items of the table workload, one solver as
//! dd-race uses it: `strain_times SEED N`.
use cards::Strain;
use dd::Solver;
use std::time::Instant;

fn main() {
    let seed: u64 = dd_race::example_args::positional(1, "seed", 1);
    let n: usize = dd_race::example_args::positional(2, "deals", 100);
    let deals = dd_race::workloads::random_deals(seed, n);
    let mut solver = Solver::new();
    let mut items = Vec::new();
    for (i, d) in deals.iter().enumerate() {
        for strain in Strain::ALL {
            let nodes = solver.nodes();
            let start = Instant::now();
            let row = solver.strain_tricks(d, strain).unwrap();
            items.push((
                start.elapsed().as_secs_f64(),
                i,
                strain,
                solver.nodes() - nodes,
                row,
            ));
        }
    }
    let total: f64 = items.iter().map(|x| x.0).sum();
    items.sort_by(|a, b| b.0.total_cmp(&a.0));
    println!("total {total:.3}s");
    for (t, i, strain, nodes, row) in items.iter().take(10) {
        println!("deal {i} {strain:?}: {t:.3}s {nodes} nodes, tricks {row:?}");
    }
}

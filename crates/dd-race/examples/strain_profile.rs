//! One strain's tables of N seeded deals, for profiling: `strain_profile SEED N STRAIN`
//! (STRAIN: N, S, H, D or C).
use cards::Strain;
use dd::Solver;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = dd_race::example_args::positional(1, "seed", 1);
    let n: usize = dd_race::example_args::positional(2, "deals", 50);
    let strain = match args.get(3).map_or("N", String::as_str) {
        "S" => Strain::Spades,
        "H" => Strain::Hearts,
        "D" => Strain::Diamonds,
        "C" => Strain::Clubs,
        _ => Strain::Notrump,
    };
    let deals = dd_race::workloads::random_deals(seed, n);
    let mut solver = Solver::new();
    let start = Instant::now();
    for d in &deals {
        let _ = solver.strain_tricks(d, strain).expect("full deal");
    }
    println!(
        "{strain:?}: {} nodes, {:?}, {:?}",
        solver.nodes(),
        start.elapsed(),
        solver.stats()
    );
}

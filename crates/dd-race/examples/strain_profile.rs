//! One strain's tables of N seeded deals, for profiling: `strain_profile SEED N STRAIN`
//! (STRAIN: N, S, H, D or C).
use cards::Strain;
use dd::Solver;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args.get(1).map_or(1, |s| s.parse().unwrap());
    let n: usize = args.get(2).map_or(50, |s| s.parse().unwrap());
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

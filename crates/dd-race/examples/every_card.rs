//! The value of every card, one solver: nodes and time on the reference
//! positions (the race's workload) and on seeded random positions.
//! `every_card [REFERENCE] [RANDOM]` (defaults 3000 and 300).
use dd::Solver;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let reference: usize = args.get(1).map_or(3000, |s| s.parse().unwrap());
    let random: usize = args.get(2).map_or(300, |s| s.parse().unwrap());
    for (name, positions) in [
        (
            "reference",
            dd_race::workloads::reference_positions(reference),
        ),
        (
            "random",
            dd_race::workloads::random_positions(2, random, 4, 16),
        ),
    ] {
        let mut solver = Solver::new();
        let start = Instant::now();
        let mut cards = 0;
        for p in &positions {
            cards += solver.card_values(p).len();
        }
        println!(
            "{name}: {} positions, {cards} cards, {} nodes, {:?}",
            positions.len(),
            solver.nodes(),
            start.elapsed()
        );
    }
}

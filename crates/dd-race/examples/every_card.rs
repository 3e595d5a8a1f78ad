//! The value of every card, one solver: nodes and time on the reference
//! positions (the race's workload) and on seeded random positions.
//! `every_card [REFERENCE] [RANDOM]` (defaults 3000 and 300).
use dd::Solver;
use std::time::Instant;

fn main() {
    let reference: usize = dd_race::example_args::positional(1, "reference positions", 3000);
    let random: usize = dd_race::example_args::positional(2, "random positions", 300);
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

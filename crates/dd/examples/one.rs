use dd::Solver;
use std::time::Instant;
fn main() {
    let lines: Vec<String> = std::io::stdin().lines().map(|l| l.unwrap()).collect();
    let mut solver = Solver::new();
    for line in lines
        .iter()
        .take(std::env::args().nth(1).map_or(3, |a| a.parse().unwrap()))
    {
        let deal: cards::Deal = line.parse().unwrap();
        let t = Instant::now();
        let before = solver.nodes();
        let table = solver.table(&deal).unwrap();
        println!(
            "{:?} nodes {} {:?} {:?}",
            t.elapsed(),
            solver.nodes() - before,
            table.tricks,
            solver.stats()
        );
    }
}

use bridge::Position;
use cards::{Deal, Seat, Strain};
use std::time::Instant;
fn main() {
    let deal: Deal = std::env::args().nth(1).unwrap().parse().unwrap();
    let strain: Strain = std::env::args().nth(2).unwrap().parse().unwrap();
    let declarer: Seat = std::env::args().nth(3).unwrap().parse().unwrap();
    let pos = Position::opening(deal, strain, declarer);
    let mut solver = dd::Solver::new();
    for k in 0..=13u8 {
        let t = Instant::now();
        let n0 = solver.nodes();
        let r = solver.can_take(&pos, k);
        println!(
            "leader side >= {k}: {r} {:?} nodes {} {:?}",
            t.elapsed(),
            solver.nodes() - n0,
            solver.stats()
        );
        if !r {
            break;
        }
    }
}

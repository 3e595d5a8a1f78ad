//! Siblings with one table: each legal card of the player to move, in the
//! order given (default: hand order), solved one after the other by the
//! same solver, with the trick starts each one adds. Shows how much the
//! table carries from one sibling to the next.
//! `siblings DEAL STRAIN LEADER CARDS NS_TARGET [ORDER]`
use cards::Card;
use dd::Solver;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (root, ns_won, ns_target) = dd_race::workloads::drill_position(&args);
    let order: Vec<Card> = match args.get(6) {
        Some(o) => o.split(',').map(|c| c.parse().expect("a card")).collect(),
        None => root.legal_cards().iter().collect(),
    };
    let mut solver = Solver::new();
    for card in order {
        let (child, winner) = root.play(card).expect("a legal card");
        let won = ns_won + i32::from(winner.is_some_and(|w| w.index() & 1 == 0));
        let need = ns_target - won;
        let before = solver.stats().trick_starts;
        let k = if child.to_move().index() & 1 == 0 {
            need
        } else {
            child.tricks_left() as i32 - need + 1
        };
        let r = if k <= 0 {
            true
        } else if k > child.tricks_left() as i32 {
            false
        } else {
            solver.can_take(&child, k as u8)
        };
        println!(
            "{card}: asks {k} -> {r}, +{} trick starts",
            solver.stats().trick_starts - before
        );
    }
}

//! One position, card by card: for each legal card of the player to move,
//! what the question "do North-South take NS_TARGET tricks from the start
//! of the position" costs our solver and DDS from there, each from an
//! empty table. Follow the costliest card down to find where our search
//! does more work.
//!
//! ```text
//! cargo run --release -p dd-race --features dds --example card_by_card -- \
//!     "N:.QT6..QT6 4.K972..8 .5.KT7.94 J3.A..J52" N S "DK,C5" 6
//! ```
//!
//! Arguments: the deal at a trick start, the strain, the leader, the cards
//! played since (comma-separated) and North-South's target from that trick
//! start on.

use bridge::Position;
use dd::Solver;
use dd_race::oracle;

/// The question for the side to move: the tricks it needs from `position`
/// for North-South to reach their target, having won `ns_won` so far.
fn question(position: &Position, ns_target: i32, ns_won: i32) -> i32 {
    let need = ns_target - ns_won;
    if position.to_move().index() & 1 == 0 {
        need
    } else {
        position.tricks_left() as i32 - need + 1
    }
}

fn report(label: &str, position: &Position, ns_target: i32, ns_won: i32) {
    let k = question(position, ns_target, ns_won);
    let left = position.tricks_left() as i32;
    let mut solver = Solver::new();
    let (ours, theirs, dds_nodes) = if k <= 0 {
        (true, true, 0)
    } else if k > left {
        (false, false, 0)
    } else {
        let ours = solver.can_take(position, k as u8);
        let (score, nodes) = oracle::fresh_solve(position, k);
        (ours, score >= k, nodes)
    };
    assert_eq!(ours, theirs, "the solvers disagree at {label}");
    let ns_make = ours == (position.to_move().index() & 1 == 0);
    println!(
        "{label:8} to move {:?} asks {k}: NS make {ns_make}; ours {:7} DDS {dds_nodes:7}",
        position.to_move(),
        solver.stats().trick_starts
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    assert!(
        args.len() == 6,
        "usage: card_by_card DEAL STRAIN LEADER CARDS NS_TARGET"
    );
    let (root, ns_won, ns_target) = dd_race::workloads::drill_position(&args);
    report("root", &root, ns_target, ns_won);
    for card in root.legal_cards().iter() {
        let (child, winner) = root.play(card).expect("a legal card");
        let won = ns_won + i32::from(winner.is_some_and(|w| w.index() & 1 == 0));
        report(&card.to_string(), &child, ns_target, won);
    }
}

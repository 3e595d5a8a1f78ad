//! Siblings with one table: each legal card of the player to move, in the
//! order given (default: hand order), solved one after the other by the
//! same solver, with the trick starts each one adds. Shows how much the
//! table carries from one sibling to the next. An entry of the order may
//! be a path of cards from the position (`S9/DQ`): the node after them is
//! solved, so that a line can be followed with the table its elder
//! siblings left. Built with the `dds` feature, DDS answers the same
//! questions one after the other with one context and its trick nodes are
//! printed beside ours.
//!
//! `siblings DEAL STRAIN LEADER CARDS NS_TARGET [ORDER]`
use cards::Card;
use dd::Solver;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (root, ns_won, ns_target) = dd_race::workloads::drill_position(&args);
    let order: Vec<Vec<Card>> = match args.get(6) {
        Some(o) => o
            .split(',')
            .map(|path| {
                path.split('/')
                    .map(|c| c.parse().expect("a card"))
                    .collect()
            })
            .collect(),
        None => root.legal_cards().iter().map(|c| vec![c]).collect(),
    };
    let mut solver = Solver::new();
    #[cfg(feature = "dds")]
    let mut dds = dd_race::oracle::ThresholdSolver::default();
    for path in order {
        let mut child = root.clone();
        let mut won = ns_won;
        for &card in &path {
            let (next, winner) = child.play(card).expect("a legal card");
            won += i32::from(winner.is_some_and(|w| w.index() & 1 == 0));
            child = next;
        }
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
        #[cfg(feature = "dds")]
        let theirs = if k <= 0 || k > child.tricks_left() as i32 {
            String::new()
        } else {
            let (score, nodes) = dds.solve_keeping_table(&child, k);
            assert_eq!(score >= k, r, "DDS disagrees after {path:?}");
            format!(", DDS +{nodes}")
        };
        #[cfg(not(feature = "dds"))]
        let theirs = "";
        let name: Vec<String> = path.iter().map(ToString::to_string).collect();
        println!(
            "{}: {:?} asks {k} -> {r}, +{} trick starts{theirs}",
            name.join("/"),
            child.to_move(),
            solver.stats().trick_starts - before
        );
    }
}

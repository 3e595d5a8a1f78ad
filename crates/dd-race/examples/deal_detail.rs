//! One deal and strain, declarer by declarer: the tricks, our trick starts
//! and DDS's for the exact count, each from an empty table, and the cost of
//! the two threshold questions around the value (can North-South take the
//! value, can they take one more) for drilling with `card_by_card`.
//!
//! `deal_detail SEED INDEX STRAIN` (INDEX counts from 0 as `worst_deals`
//! prints it; STRAIN: N, S, H, D or C).
use bridge::Position;
use cards::{Seat, Strain};
use dd::Solver;
use dd_race::oracle;

fn main() {
    use dd_race::example_args::positional;
    // Usage: deal_detail SEED INDEX STRAIN.
    let seed: u64 = positional(1, "seed", 1);
    let index: usize = positional(2, "deal index", 0);
    let strain: Strain = positional(3, "strain", Strain::Notrump);
    let deal = dd_race::workloads::random_deals(seed, index + 1)[index];
    println!("{deal}");
    for declarer in Seat::ALL {
        let position = Position::opening(deal, strain, declarer);
        let mut solver = Solver::new();
        let tricks = solver.tricks(&position);
        let ours = solver.stats().trick_starts;
        let (_, theirs) = oracle::fresh_solve(&position, -1);
        // The leader's side: the tricks North-South take from the lead.
        let ns = if position.to_move().index() & 1 == 0 {
            i32::from(tricks)
        } else {
            13 - i32::from(tricks)
        };
        print!(
            "declarer {declarer:?}, {:?} leads: leader's side {tricks}, NS {ns}; exact: ours {ours} DDS {theirs};",
            position.leader()
        );
        for ns_target in [ns, ns + 1] {
            let k = if position.to_move().index() & 1 == 0 {
                ns_target
            } else {
                14 - ns_target
            };
            if !(1..=13).contains(&k) {
                continue;
            }
            let mut solver = Solver::new();
            let _ = solver.can_take(&position, k as u8);
            let (_, theirs) = oracle::fresh_solve(&position, k);
            print!(
                " NS {ns_target}: ours {} DDS {theirs};",
                solver.stats().trick_starts
            );
        }
        println!();
    }
}

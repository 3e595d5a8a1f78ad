//! Which of DDS's quick-trick and later-trick cuts do our sure-trick
//! counts miss?
//!
//! Reads, on stdin, the trick starts that an instrumented build of DDS
//! settled without searching, one a line:
//!
//! ```text
//! CUT <kind> maxside <0|1> leader <0-3> target <T> tmax <X> left <K> value <0|1> <PBN deal>
//! ```
//!
//! (`maxside` 0 when DDS's maximizing side is North-South; `target` and
//! `tmax` DDS's target and the tricks the maximizing side has won; `kind`
//! names the rule, for instance the line of its quick-trick code that
//! returned). It asks [`dd::Solver::sure_tricks`] the same question,
//! checks every answer it gives against DDS's, and prints by kind how
//! many cuts ours misses, with examples.
//!
//! ```text
//! qtcheck TRUMP [SHOW [KIND]] < cuts.txt     # TRUMP: 0 S, 1 H, 2 D, 3 C, 4 NT
//! ```
//!
//! BENCHMARKS.md says how the instrumented DDS is built (outside the
//! project: a copy of the `dds-bridge-sys` sources with a print where
//! `ab_search_0` returns on quick or later tricks) and how its deals are fed
//! (`printdeals`).

use bridge::Position;
use cards::{Seat, Strain};
use dd::Solver;
use std::collections::BTreeMap;
use std::io::BufRead;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let trump: usize = dd_race::example_args::positional(1, "trump (0 to 4)", 4);
    let show: usize = dd_race::example_args::positional(2, "positions shown", 10);
    let only: Option<&String> = args.get(3);
    let strain = [
        Strain::Spades,
        Strain::Hearts,
        Strain::Diamonds,
        Strain::Clubs,
        Strain::Notrump,
    ][trump];
    let mut solver = Solver::new();
    let mut tally: BTreeMap<String, (u64, u64)> = BTreeMap::new();
    let mut shown = 0;
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("stdin");
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() < 18 || f[0] != "CUT" {
            continue;
        }
        let number = |i: usize| -> i32 { f[i].parse().expect("a number") };
        let kind = f[1].to_string();
        let (maxside, leader, target, tmax, left) =
            (number(3), number(5), number(7), number(9), number(11));
        let value = f[13] == "1";
        let pbn = f[14..18].join(" ");
        let deal = pbn.parse().expect("a PBN deal");
        let position =
            Position::new(deal, strain, Seat::ALL[leader as usize], &[]).expect("a position");
        // DDS's question is for its maximizing side; ours for North-South.
        let need = target - tmax;
        let (ns_target, ns_make) = if maxside == 0 {
            (need, value)
        } else {
            (left - need + 1, !value)
        };
        if ns_target <= 0 || ns_target > left {
            continue;
        }
        let entry = tally.entry(kind.clone()).or_default();
        entry.0 += 1;
        match solver.sure_tricks(&position, ns_target as u8) {
            Some(ours) => assert_eq!(ours, ns_make, "we disagree with DDS: {line}"),
            None => {
                entry.1 += 1;
                if shown < show && only.is_none_or(|o| *o == kind) {
                    shown += 1;
                    println!(
                        "missed {kind}: {pbn} leader {:?} NS need {ns_target} of {left}: {ns_make}",
                        Seat::ALL[leader as usize]
                    );
                }
            }
        }
    }
    for (kind, (cuts, missed)) in tally {
        println!(
            "{kind}: {cuts} cuts, {missed} missed by ours ({:.1}%)",
            100.0 * missed as f64 / cuts as f64
        );
    }
}

//! The default job: the double-dummy table of a built-in deal.

use anyhow::Result;
use cards::{Deal, Seat};
use std::process::ExitCode;
use std::time::Instant;

/// The built-in deal (board 1 of the reference set used in the tests).
pub const EXAMPLE_DEAL: &str =
    "N:4.AKJT2.965.AQ75 875.Q8654.AJ4.T8 AQJ9.73.QT872.94 KT632.9.K3.KJ632";

/// Prints the built-in deal as a diagram and its double-dummy table.
pub fn run() -> Result<ExitCode> {
    let deal: Deal = EXAMPLE_DEAL.parse()?;
    println!("{}", diagram(&deal));
    eprintln!("solving 5 strains x 4 declarers ...");
    let start = Instant::now();
    let table = dd::Solver::new().table(&deal)?;
    println!("Tricks for declarer's side (rows: strain, columns: declarer):");
    print!("{table}");
    eprintln!("solved in {:.1?}", start.elapsed());
    println!("\nMore: `alphamu dd table FILE` (one PBN deal per line), `alphamu dd solve`, `alphamu --help`.");
    Ok(ExitCode::SUCCESS)
}

/// A compass diagram of a deal, one suit per line in each hand.
pub fn diagram(deal: &Deal) -> String {
    let suits = |seat: Seat| -> Vec<String> {
        let pbn = deal[seat].to_pbn();
        pbn.split('.')
            .zip(["S", "H", "D", "C"])
            .map(|(ranks, s)| format!("{s} {}", if ranks.is_empty() { "-" } else { ranks }))
            .collect()
    };
    let (n, e, s, w) = (
        suits(Seat::North),
        suits(Seat::East),
        suits(Seat::South),
        suits(Seat::West),
    );
    let mut out = String::new();
    for line in &n {
        out.push_str(&format!("{:20}{line}\n", ""));
    }
    for i in 0..4 {
        out.push_str(&format!("{:<20}{:20}{}\n", w[i], "", e[i]));
    }
    for line in &s {
        out.push_str(&format!("{:20}{line}\n", ""));
    }
    out
}

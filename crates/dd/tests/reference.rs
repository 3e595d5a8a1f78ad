//! Every line of the DDS reference files (copied into `tests/data`) must be
//! answered exactly as DDS answered it.

mod common;

use common::{position_cases, table_cases};
use dd::{batch, Solver};

#[test]
fn every_reference_table_matches_dds() {
    let cases = table_cases();
    assert_eq!(cases.len(), 500);
    let deals: Vec<_> = cases.iter().map(|c| c.deal).collect();
    let tables = batch::tables(&deals);
    let mut mismatches = Vec::new();
    for (case, table) in cases.iter().zip(tables) {
        let table = table.unwrap();
        if table.tricks != case.tricks {
            mismatches.push(format!(
                "id {} {}: ours {:?}, DDS {:?}",
                case.id, case.deal, table.tricks, case.tricks
            ));
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} mismatches:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
}

#[test]
fn every_reference_position_matches_dds() {
    let cases = position_cases();
    assert_eq!(cases.len(), 3000);
    let positions: Vec<_> = cases.iter().map(|c| c.position.clone()).collect();
    let answers = batch::card_values(&positions);
    let mut mismatches = Vec::new();
    for (case, values) in cases.iter().zip(answers) {
        assert_eq!(case.position.to_move(), case.to_move, "id {}", case.id);
        let mut ours: Vec<_> = values.iter().map(|v| (v.card, v.tricks)).collect();
        let mut theirs = case.values.clone();
        ours.sort();
        theirs.sort();
        if ours != theirs {
            mismatches.push(format!(
                "id {} {:?}: ours {:?}, DDS {:?}",
                case.id, case.position, ours, theirs
            ));
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} mismatches:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
}

#[test]
fn a_solver_reused_across_deals_gives_the_same_answers_as_fresh_ones() {
    let cases = table_cases();
    let mut reused = Solver::new();
    for case in cases.iter().take(20) {
        let fresh = Solver::with_table_size(12).table(&case.deal).unwrap();
        assert_eq!(reused.table(&case.deal).unwrap(), fresh, "{}", case.deal);
        assert_eq!(fresh.tricks, case.tricks, "{}", case.deal);
    }
}

//! Our solver against the real DDS on seeded random deals and positions
//! beyond the reference files. Any mismatch is printed with the position's
//! PBN. Run with `cargo test --profile quick -p dd-race --features dds`; the
//! 10,000-case soak with `-- --ignored`.
#![cfg(feature = "dds")]

use bridge::Position;
use dd::Solver;
use dd_race::{oracle, workloads};
use rayon::prelude::*;

fn describe(position: &Position) -> String {
    let trick: Vec<String> = position.trick().map(|c| c.to_string()).collect();
    format!(
        "trump {} leader {} trick [{}] remaining \"{}\"",
        position.strain(),
        position.leader(),
        trick.join(" "),
        position.remaining()
    )
}

/// Compares the value of every legal card; returns the mismatches.
fn compare_positions(positions: &[Position]) -> Vec<String> {
    positions
        .par_iter()
        .map_init(
            || (Solver::new(), dds_bridge::Solver::default()),
            |(ours, theirs), position| {
                let mut mine: Vec<_> = ours
                    .card_values(position)
                    .iter()
                    .map(|v| (v.card, v.tricks))
                    .collect();
                mine.sort();
                let dds = oracle::card_values(theirs, position);
                (mine != dds).then(|| format!("{}: ours {mine:?}, DDS {dds:?}", describe(position)))
            },
        )
        .flatten()
        .collect()
}

#[test]
fn card_values_match_dds_on_300_seeded_positions() {
    // 24 to 51 cards played: 1 to 7 tricks left, every point of a trick.
    let positions = workloads::random_positions(2026, 300, 24, 51);
    let mismatches = compare_positions(&positions);
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

#[test]
fn card_values_match_dds_on_40_early_positions() {
    let positions = workloads::random_positions(7, 40, 8, 23);
    let mismatches = compare_positions(&positions);
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

#[test]
fn tables_match_dds_on_4_seeded_deals() {
    let deals = workloads::random_deals(11, 4);
    let theirs = oracle::tables(&deals);
    let ours = dd::batch::tables(&deals);
    for ((deal, mine), dds) in deals.iter().zip(ours).zip(theirs) {
        assert_eq!(mine.unwrap(), dds, "deal {deal}");
    }
}

#[test]
fn threshold_queries_match_dds_on_leaf_worlds() {
    // At our exact count DDS must say yes, one trick more it must say no.
    // Leaves after 4 to 11 cards played: trick boundaries and every point
    // inside a trick.
    let mut ours = Solver::new();
    let mut theirs = oracle::ThresholdSolver::default();
    for leaf in 0..8 {
        for world in &workloads::leaf_worlds(leaf, 4 + leaf as usize, 20) {
            let exact = ours.tricks(world);
            assert!(ours.can_take(world, exact), "{}", describe(world));
            assert!(
                theirs.can_take(world, exact),
                "k={exact} {}",
                describe(world)
            );
            assert!(!ours.can_take(world, exact + 1), "{}", describe(world));
            assert!(
                !theirs.can_take(world, exact + 1),
                "k={} {}",
                exact + 1,
                describe(world)
            );
        }
    }
}

#[test]
fn one_question_asked_world_after_world_matches_dds() {
    // As a search asks it (and the threshold workload): the same question
    // of every world of a leaf in turn, so that inside a trick the card
    // that decided one world is tried first in the next.
    let mut ours = Solver::new();
    let mut theirs = oracle::ThresholdSolver::default();
    let (mut yes, mut asked) = (0, 0);
    for leaf in 0..12 {
        let worlds = workloads::leaf_worlds(100 + leaf, 4 + leaf as usize % 4, 20);
        let k = Solver::new().tricks(&worlds[0]);
        for world in &worlds {
            let answer = ours.can_take(world, k);
            assert_eq!(
                answer,
                theirs.can_take(world, k),
                "k={k} {}",
                describe(world)
            );
            yes += usize::from(answer);
            asked += 1;
        }
    }
    // The worlds split: both answers are asked about.
    assert!(yes > 0 && yes < asked, "{yes} of {asked}");
}

#[test]
fn alphamu_queries_in_its_order_match_dds() {
    // One solver through the whole stream, as in play: answers given with
    // a table full of the same worlds' sibling positions must be DDS's.
    let queries = workloads::alphamu_leaf_queries(3, 2);
    assert!(queries.len() > 100, "{} queries", queries.len());
    let mut ours = Solver::new();
    let mut theirs = oracle::ThresholdSolver::default();
    let mut yes = 0;
    for (position, k) in &queries {
        let answer = ours.can_take(position, *k);
        assert_eq!(
            answer,
            theirs.can_take(position, *k),
            "k={k} {}",
            describe(position)
        );
        yes += usize::from(answer);
    }
    // The worlds split: both answers are asked about.
    assert!(yes > 0 && yes < queries.len(), "{yes} of {}", queries.len());
}

#[test]
#[ignore = "soak: 10,000 seeded positions, run in release with -- --ignored"]
fn soak_10000_positions_match_dds() {
    let positions = workloads::random_positions(10_000, 10_000, 0, 51);
    let mismatches = compare_positions(&positions);
    assert!(
        mismatches.is_empty(),
        "{} mismatches:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
}

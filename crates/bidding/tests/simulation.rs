//! Simulation for the close calls: which calls are close, and the call
//! made by simulating them (seeded, the system's call unless a candidate
//! gains the margin).

use bidding::simulation::{choose_by_simulation, close_calls, Settings, MARGIN};
use cards::{Hand, Seat};
use records::{Call, Vulnerability};

fn hand(pbn: &str) -> Hand {
    let deal: cards::PartialDeal = format!("N:{pbn} - - -").parse().expect("a hand");
    deal.hands[Seat::North].expect("north's hand")
}

fn calls(text: &str) -> Vec<Call> {
    text.split_whitespace()
        .map(|c| c.parse().expect("a call"))
        .collect()
}

fn names(calls: &[Call]) -> Vec<String> {
    calls.iter().map(ToString::to_string).collect()
}

#[test]
fn a_call_is_close_when_a_point_more_or_less_calls_otherwise() {
    // Partner (South) opened 1S: with three spades, 9 points is a single
    // raise at the top of its range (10 would be the limit raise), 8 in
    // its middle.
    let top = close_calls(hand("K83.Q942.K52.J73"), Seat::South, &calls("1S P")).unwrap();
    assert_eq!(names(&top), ["2S", "3S"]);
    let middle = close_calls(hand("K83.Q942.Q52.J73"), Seat::South, &calls("1S P")).unwrap();
    assert_eq!(names(&middle), ["2S"]);
    // Eleven points in first seat: one more opens.
    let opening = close_calls(hand("KQ83.Q942.K52.J3"), Seat::North, &[]).unwrap();
    assert_eq!(names(&opening)[0], "P");
    assert!(opening.len() == 2, "{:?}", names(&opening));
}

#[test]
fn a_close_call_is_simulated_seeded_and_changed_only_for_the_margin() {
    let settings = Settings {
        vulnerability: Vulnerability::None,
        worlds: 24,
        seed: 7,
        work_limit: 0,
    };
    let h = hand("K83.Q942.K52.J73");
    let started = std::time::Instant::now();
    let a = choose_by_simulation(h, Seat::South, &calls("1S P"), settings).unwrap();
    println!(
        "1S P with {h}: {:?} over {} worlds in {:.2?}",
        a.candidates,
        a.worlds,
        started.elapsed()
    );
    let b = choose_by_simulation(h, Seat::South, &calls("1S P"), settings).unwrap();
    assert_eq!(a, b, "the same seed, the same simulation");
    assert_eq!(a.worlds, 24);
    assert_eq!(
        names(&a.candidates.iter().map(|c| c.call).collect::<Vec<_>>()),
        ["2S", "3S"]
    );
    assert_eq!(a.system.to_string(), "2S");
    assert_eq!(a.candidates[0].imps, 0.0);
    let best = &a.candidates[1];
    assert!(best.se > 0.0, "the two contracts differ on some worlds");
    let expected = if best.imps >= MARGIN { "3S" } else { "2S" };
    assert_eq!(a.choice.call.to_string(), expected);
    // Not close: the system's call, nothing simulated.
    let c = choose_by_simulation(
        hand("K83.Q942.Q52.J73"),
        Seat::South,
        &calls("1S P"),
        settings,
    )
    .unwrap();
    assert_eq!((c.choice.call.to_string(), c.worlds), ("2S".to_string(), 0));
    // A finished auction is refused.
    assert!(choose_by_simulation(h, Seat::North, &calls("P P P P"), settings).is_err());
}

#[test]
fn a_call_scores_its_worlds_until_its_work_limit_is_spent_and_no_further() {
    let h = hand("K83.Q942.K52.J73");
    let auction = calls("1S P");
    let simulate = |work_limit: u64| {
        let settings = Settings {
            work_limit,
            ..Settings::new(Vulnerability::None, 24, 7)
        };
        choose_by_simulation(h, Seat::South, &auction, settings).unwrap()
    };
    assert_eq!(
        Settings::new(Vulnerability::None, 24, 7).work_limit,
        Settings::DEFAULT_WORK_LIMIT
    );
    let all = simulate(0);
    assert_eq!(all.worlds, 24, "no limit: every world drawn");
    // One node: the first world's solve is stopped inside its search, no
    // world is scored, and the system's call stands.
    let one = simulate(1);
    assert_eq!(one.worlds, 0);
    assert_eq!(one.choice.call, one.system);
    assert_eq!(one.candidates.len(), 1);
    // A limit between: fewer worlds than drawn, more than one, and the
    // same again whatever the thread's solver did in between (the call's
    // nodes are counted on a solver of its own).
    let some = simulate(1_000_000);
    assert!(
        some.worlds > 1 && some.worlds < 24,
        "{} worlds",
        some.worlds
    );
    // The bound is hard: a call spends its limit and at most one trick's
    // leads beyond it, never a whole world's solve.
    for limit in [1, 1_000, 50_000, 1_000_000] {
        let bounded = simulate(limit);
        assert!(
            bounded.nodes <= limit + 1_000,
            "{} nodes within {limit}",
            bounded.nodes
        );
    }
    assert!(
        all.nodes > 1_000_000 + 1_000,
        "{} nodes unlimited",
        all.nodes
    );
    let deal: cards::Deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
        .parse()
        .unwrap();
    dd::batch::with_thread_solver(|s| s.table(&deal)).unwrap();
    assert_eq!(
        simulate(1_000_000),
        some,
        "the same seed and limit, the same call"
    );
}

//! The guard of the two stacks that play bridge: the fast 0/1 engine of
//! the `search` crate (PIMC and alpha-mu over double-dummy leaves) and the
//! template (Algorithm 3 over the `games` rules) must give every legal card
//! the same value over the same worlds. PIMC on whole deals: each card's
//! chance of making and declarer's mean tricks. alpha-mu on endings,
//! searched to the end by both: each card's chance of making, the template
//! scoring the contract 0/1 with its real-valued vectors.

use bridge::{Bridge, BridgeScoring};
use cards::{BySeat, Card, Deal, Hand, Seat, Strain};
use games::PlayState;
use players::generic::solvers_of;
use players::leaf::DdLeaf;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use search::generic::{AlphaMu, Depth, Pimc, SolverLeaves, Tree};
use search::{alphamu, pimc_values, AlphaMuConfig, Problem, Switches};
use worlds::SeatView;

/// A position of a random deal after `played` random legal cards with
/// declarer's side (South declares) to move, the view of the seat to move
/// and `n` worlds it draws; declarer's target in total tricks.
struct Position {
    state: PlayState<Bridge>,
    worlds: Vec<BySeat<Hand>>,
    strain: Strain,
    declarer_tricks: usize,
    need: usize,
}

fn position(rng: &mut ChaCha8Rng, played: usize, n: usize) -> Position {
    loop {
        let strain = Strain::ALL[rng.gen_range(0..5)];
        let deal = Deal::random(rng, 13);
        let declarer = Seat::South;
        let rules = Bridge::new(strain.trump());
        let mut state = PlayState::new(rules, deal, declarer.lho());
        let mut view_state = state.clone();
        let mut history = Vec::new();
        for _ in 0..played {
            let legal: Vec<Card> = state.legal_cards().iter().collect();
            let card = legal[rng.gen_range(0..legal.len())];
            state.play(card).expect("legal");
            history.push(card);
        }
        let mover = state.to_move();
        if mover.side() != declarer.side() {
            continue;
        }
        // Declarer's side sees its own hand and dummy's (North's).
        let watcher = mover;
        let shown = [if watcher == Seat::North {
            Seat::South
        } else {
            Seat::North
        }];
        let mut view = SeatView::new(&view_state, watcher, &shown);
        for &card in &history {
            view.observe(card).expect("a card seen");
            view_state.play(card).expect("legal");
        }
        let worlds = view.draw_many(rng, n).expect("worlds");
        let declarer_tricks = state.taken().tricks[0] as usize;
        let tricks_left = (52 - played).div_ceil(4);
        let need = declarer_tricks + rng.gen_range(0..=tricks_left);
        return Position {
            state,
            worlds,
            strain,
            declarer_tricks,
            need,
        };
    }
}

/// The same position and worlds as the fast engine's problem.
fn problem(p: &Position) -> Problem {
    let deals: Vec<Deal> = p
        .worlds
        .iter()
        .map(|w| Deal::new(*w).expect("disjoint hands"))
        .collect();
    let trick: Vec<Card> = p.state.trick().cards().collect();
    Problem::new(
        p.strain,
        Seat::South,
        &deals,
        p.state.trick().leader(),
        &trick,
        p.declarer_tricks,
        p.need,
    )
    .expect("a problem")
}

/// The template's rules scoring the contract 0/1 for declarer's team.
fn contract_rules(p: &Position) -> PlayState<Bridge> {
    let rules = Bridge {
        trump: p.strain.trump(),
        scoring: BridgeScoring::Contract {
            declarer: Seat::South,
            tricks: p.need as u32,
        },
    };
    PlayState::from_parts(
        rules,
        *p.state.dealt(),
        Deal::new(*p.state.hands()).expect("disjoint hands"),
        *p.state.trick(),
        *p.state.taken(),
    )
}

#[test]
fn pimc_gives_the_same_values_in_both_stacks() {
    let mut rng = ChaCha8Rng::seed_from_u64(31);
    for case in 0..12 {
        let p = position(&mut rng, 1 + 3 * (case % 5), 8);
        let fast = pimc_values(&problem(&p), &DdLeaf);
        // Chances of making: the template scoring the contract 0/1.
        let state = contract_rules(&p);
        let solvers = solvers_of(state.game());
        let mut leaves = SolverLeaves::exact(&solvers);
        let cards =
            Tree::new(&Pimc, &state, &p.worlds, &mut leaves, Depth { leaf: 1 }).root_cards();
        assert_eq!(cards.len(), fast.len(), "case {case}");
        for rc in &cards {
            let f = fast
                .iter()
                .find(|v| v.card == rc.card)
                .expect("the same cards");
            assert!(
                (rc.score - f.make).abs() < 1e-9,
                "case {case}, {}: template {} fast {}",
                rc.card,
                rc.score,
                f.make
            );
        }
        // Mean tricks: the template scoring tricks from the position on.
        let solvers = solvers_of(p.state.game());
        let mut leaves = SolverLeaves::exact(&solvers);
        let cards =
            Tree::new(&Pimc, &p.state, &p.worlds, &mut leaves, Depth { leaf: 1 }).root_cards();
        for rc in &cards {
            let f = fast
                .iter()
                .find(|v| v.card == rc.card)
                .expect("the same cards");
            let total = p.declarer_tricks as f64 + rc.score;
            let fast_tricks = f.tricks.expect("PIMC's mean tricks");
            assert!(
                (total - fast_tricks).abs() < 1e-9,
                "case {case}, {}: template {total} fast {fast_tricks}",
                rc.card
            );
        }
    }
}

#[test]
fn alphamu_gives_the_same_values_in_both_stacks() {
    let mut rng = ChaCha8Rng::seed_from_u64(37);
    for case in 0..16 {
        // Endings of 2 to 4 tricks, searched to the end by both.
        let played = 52 - 4 * (2 + case % 3) + usize::from(case % 2 == 1);
        let p = position(&mut rng, played, 6);
        let config = AlphaMuConfig {
            max_moves: 13,
            switches: Switches::ALL,
            parallel_leaves: false,
            front_limit: search::FRONT_LIMIT,
            value_every_card: true,
            work_limit: 0,
        };
        let fast = alphamu(&problem(&p), &DdLeaf, config).expect("a search");
        let state = contract_rules(&p);
        let solvers = solvers_of(state.game());
        let mut leaves = SolverLeaves::exact(&solvers);
        let cards = Tree::new(
            &AlphaMu::default(),
            &state,
            &p.worlds,
            &mut leaves,
            Depth { leaf: usize::MAX },
        )
        .root_cards();
        assert_eq!(cards.len(), fast.cards.len(), "case {case}");
        for rc in &cards {
            let f = fast
                .cards
                .iter()
                .find(|v| v.card == rc.card)
                .expect("the same cards");
            assert!(
                (rc.score - f.make).abs() < 1e-9,
                "case {case}, {}: template {} fast {} ({:?})",
                rc.card,
                rc.score,
                f.make,
                f.bound
            );
        }
        // Pruning on 0/1 scores changes nothing (the score only turns the
        // points, never against their order).
        let solvers = solvers_of(state.game());
        let mut leaves = SolverLeaves::exact(&solvers);
        let spec = AlphaMu::default();
        let mut plain = Tree::new(
            &spec,
            &state,
            &p.worlds,
            &mut leaves,
            Depth { leaf: usize::MAX },
        );
        plain.pruning = false;
        for (pruned, rc) in cards.iter().zip(plain.root_cards()) {
            assert_eq!(pruned.card, rc.card);
            assert!((pruned.score - rc.score).abs() < 1e-9, "case {case}");
        }
    }
}

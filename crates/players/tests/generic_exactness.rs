//! The template's specifications against plain computations on small
//! endings, pruning against none, and the paper's examples.

use bridge::{Bridge, BridgeScoring};
use cards::{BySeat, Card, Hand, Seat, Suit};
use games::{Belote, BeloteDeal, PlayState, Undertrump};
use open_solver::OpenSolver;
use players::generic::solvers_of;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use search::generic::{
    AlphaMu, Cut, Depth, Fusion, NodeInfo, Pimc, Role, SolverLeaves, Spec, Tree,
};
use worlds::SeatView;

/// A Belote deal played at random until `tricks_left` tricks remain and
/// `extra` cards more, watched by the seat then to move.
fn ending(
    rng: &mut ChaCha8Rng,
    tricks_left: usize,
    extra: usize,
) -> (PlayState<Belote>, SeatView<Belote>) {
    let trump = Suit::ALL[rng.gen_range(0..4)];
    let leader = Seat::from_index(rng.gen_range(0..4));
    let deal = BeloteDeal::random(rng, trump, leader);
    let rules = Belote {
        undertrump: if rng.gen_bool(0.5) {
            Undertrump::May
        } else {
            Undertrump::Must
        },
        ..Belote::new(trump)
    };
    let mut state = PlayState::new(rules, deal.hands, deal.leader);
    let moves = 4 * (8 - tricks_left) + extra;
    let mut history = Vec::new();
    for _ in 0..moves {
        let legal: Vec<Card> = state.legal_cards().iter().collect();
        let card = legal[rng.gen_range(0..legal.len())];
        state.play(card).expect("legal");
        history.push(card);
    }
    // The watcher's view, built from the start of the deal.
    let watcher = state.to_move();
    let mut replay = PlayState::new(rules, deal.hands, deal.leader);
    let mut view = SeatView::new(&replay, watcher, &[]);
    for card in history {
        view.observe(card).expect("a card seen");
        replay.play(card).expect("legal");
    }
    (state, view)
}

#[test]
fn pimc_is_the_mean_of_each_world_solved_with_all_cards_open() {
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    for i in 0..40 {
        let (state, view) = ending(&mut rng, 2 + i % 2, i % 4);
        let worlds = view.draw_many(&mut rng, 5).expect("worlds");
        let solvers = solvers_of(state.game());
        let mut leaves = SolverLeaves::exact(&solvers);
        let mut tree = Tree::new(
            &Pimc,
            &state,
            &worlds,
            &mut leaves,
            Depth { leaf: usize::MAX },
        );
        let cards = tree.root_cards();
        let me = state.to_move();
        for rc in cards {
            let mean = worlds
                .iter()
                .map(|w| {
                    let world = view.position_in(w);
                    let values = OpenSolver::new(*state.game()).card_values(&world);
                    let v = values
                        .iter()
                        .find(|v| v.card == rc.card)
                        .expect("the card is legal");
                    f64::from(v.points)
                })
                .sum::<f64>()
                / worlds.len() as f64;
            assert!(
                (rc.score - mean).abs() < 1e-9,
                "ending {i}, {me} plays {}: {} against {mean}",
                rc.card,
                rc.score
            );
        }
    }
}

/// alpha-mu without Pareto filtering and without cuts: every strategy of
/// the root player kept, a plain enumeration.
struct EveryStrategy;

impl Spec for EveryStrategy {
    type Value = Vec<Vec<f64>>;
    type Acc = (Vec<Vec<f64>>, bool);
    type Bound = ();
    fn name(&self) -> &'static str {
        "every strategy"
    }
    fn leaf(&self, _w: u64, scores: &[f64]) -> Self::Value {
        vec![scores.to_vec()]
    }
    fn start(&self, node: &NodeInfo) -> Self::Acc {
        match node.role {
            Role::Root => (Vec::new(), false),
            Role::Partner => (vec![vec![f64::NEG_INFINITY; node.world_count]], false),
            Role::Opponent => (vec![vec![f64::INFINITY; node.world_count]], false),
        }
    }
    fn add(&self, node: &NodeInfo, acc: &mut Self::Acc, child_worlds: u64, child: Self::Value) {
        acc.1 = true;
        if node.role == Role::Root {
            acc.0.extend(child);
            return;
        }
        let mut product = Vec::new();
        for a in &acc.0 {
            for c in &child {
                let mut r = a.clone();
                for (k, x) in r.iter_mut().enumerate() {
                    if child_worlds >> k & 1 != 0 {
                        *x = if node.role == Role::Partner {
                            x.max(c[k])
                        } else {
                            x.min(c[k])
                        };
                    }
                }
                product.push(r);
            }
        }
        acc.0 = product;
    }
    fn finish(&self, _node: &NodeInfo, acc: Self::Acc) -> Option<Self::Value> {
        acc.1.then_some(acc.0)
    }
    fn score(&self, worlds: u64, value: &Self::Value) -> f64 {
        AlphaMu::default().score(worlds, value)
    }
    fn open_bound(&self, _n: usize) {}
    fn child_bound(&self, _n: &NodeInfo, _a: &Self::Acc, _i: &()) {}
    fn cut(&self, _n: &NodeInfo, _a: &Self::Acc, _i: &()) -> Option<Cut> {
        None
    }
}

fn scores<S: Spec>(
    spec: &S,
    state: &PlayState<Belote>,
    worlds: &[BySeat<Hand>],
    pruning: bool,
) -> Vec<(Card, f64)> {
    let solvers = solvers_of(state.game());
    let mut leaves = SolverLeaves::exact(&solvers);
    let mut tree = Tree::new(spec, state, worlds, &mut leaves, Depth { leaf: usize::MAX });
    tree.pruning = pruning;
    tree.root_cards()
        .into_iter()
        .map(|rc| (rc.card, rc.score))
        .collect()
}

fn close(a: &[(Card, f64)], b: &[(Card, f64)]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| x.0 == y.0 && (x.1 - y.1).abs() < 1e-9)
}

#[test]
fn alphamu_keeps_the_best_strategy_of_a_plain_enumeration() {
    let mut rng = ChaCha8Rng::seed_from_u64(22);
    for i in 0..40 {
        let (state, view) = ending(&mut rng, 2, i % 4);
        let worlds = view.draw_many(&mut rng, 3).expect("worlds");
        let every = scores(&EveryStrategy, &state, &worlds, false);
        let alphamu = scores(&AlphaMu::default(), &state, &worlds, true);
        assert!(
            close(&every, &alphamu),
            "ending {i}: {every:?} against {alphamu:?}"
        );
    }
}

#[test]
fn pruning_changes_no_card_and_no_score() {
    let mut rng = ChaCha8Rng::seed_from_u64(23);
    for i in 0..30 {
        let (state, view) = ending(&mut rng, 3 + i % 2, i % 4);
        let worlds = view.draw_many(&mut rng, 6).expect("worlds");
        assert!(
            close(
                &scores(&Pimc, &state, &worlds, true),
                &scores(&Pimc, &state, &worlds, false)
            ),
            "pimc, ending {i}"
        );
        assert!(
            close(
                &scores(&AlphaMu::default(), &state, &worlds, true),
                &scores(&AlphaMu::default(), &state, &worlds, false)
            ),
            "alphamu, ending {i}"
        );
    }
}

/// Bridge (clubs trumps) from `deal` with `leader` to lead and `trick`
/// played; and the hands of each of `worlds` (deals as dealt) after the
/// same cards.
fn bridge(
    deal: &str,
    leader: Seat,
    trick: &[&str],
    worlds: &[&str],
) -> (PlayState<Bridge>, Vec<BySeat<Hand>>) {
    let play = |d: &str| {
        let mut state = PlayState::new(
            Bridge::new(Some(Suit::Clubs)),
            d.parse().expect("a deal"),
            leader,
        );
        for c in trick {
            state.play(c.parse().expect("a card")).expect("legal");
        }
        state
    };
    let hands = worlds
        .iter()
        .map(|w| BySeat(Seat::ALL.map(|s| play(w).hand(s))))
        .collect();
    (play(deal), hands)
}

fn root_value<S: Spec>(spec: &S, state: &PlayState<Bridge>, worlds: &[BySeat<Hand>]) -> f64 {
    let solvers = solvers_of(state.game());
    let mut leaves = SolverLeaves::exact(&solvers);
    Tree::new(spec, state, worlds, &mut leaves, Depth { leaf: usize::MAX })
        .root_value()
        .1
}

fn card_scores<S: Spec>(
    spec: &S,
    state: &PlayState<Bridge>,
    worlds: &[BySeat<Hand>],
) -> Vec<(String, f64)> {
    let solvers = solvers_of(state.game());
    let mut leaves = SolverLeaves::exact(&solvers);
    let mut out: Vec<(String, f64)> =
        Tree::new(spec, state, worlds, &mut leaves, Depth { leaf: usize::MAX })
            .root_cards()
            .into_iter()
            .map(|rc| (rc.card.to_string(), rc.score))
            .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn figure_2_left_pimc_overrates_the_ace_discard_and_alphamu_does_not() {
    // Clubs are trumps. West leads the club ace; North and East discard
    // diamonds; South, holding the two major aces, must throw one without
    // knowing whether West's last card is the two of spades or of hearts
    // (East holding the other two).
    let real = "N:..53. .2.4. A.A.. 2...A";
    let fake = "N:..53. 2..4. A.A.. .2..A";
    let (state, worlds) = bridge(real, Seat::West, &["CA", "D3", "D4"], &[real, fake]);
    // PIMC sees each world open: South keeps the right ace in both.
    assert_eq!(root_value(&Pimc, &state, &worlds), 1.0);
    // alpha-mu knows one strategy must serve both worlds: half a trick.
    assert_eq!(root_value(&AlphaMu::default(), &state, &worlds), 0.5);
    // Each discard wins in one world of two.
    let expected = vec![("HA".to_string(), 0.5), ("SA".to_string(), 0.5)];
    assert_eq!(card_scores(&Pimc, &state, &worlds), expected);
    assert_eq!(card_scores(&AlphaMu::default(), &state, &worlds), expected);
}

#[test]
fn figure_2_right_alphamu_ties_and_fusion_prefers_the_club_ace() {
    // Clubs are trumps. South leads, holding the club ace and the two of
    // spades; West holds the two major aces and does not know whether
    // South's small card is a spade or a heart (East holding the other).
    let real = "N:..54. .2.3. 2...A A.A..";
    let fake = "N:..54. 2..3. .2..A A.A..";
    // alpha-mu: South knows its hand, one world; West sees it too.
    let (state, worlds) = bridge(real, Seat::South, &[], &[real]);
    let expected = vec![("CA".to_string(), 1.0), ("S2".to_string(), 1.0)];
    assert_eq!(card_scores(&AlphaMu::default(), &state, &worlds), expected);
    // Fusion: West cannot tell the two worlds apart and mixes its discards.
    let (state, worlds) = bridge(real, Seat::South, &[], &[real, fake]);
    let expected = vec![("CA".to_string(), 1.5), ("S2".to_string(), 1.0)];
    assert_eq!(card_scores(&Fusion, &state, &worlds), expected);
}

#[test]
fn alphamus_root_cut_chooses_the_card_of_the_full_search() {
    let mut rng = ChaCha8Rng::seed_from_u64(24);
    let kind: players::generic::PlayerKind = "tc-alphamu:worlds=5:leaf=3:rd=none"
        .parse()
        .expect("a player");
    let mut skipped = 0;
    for i in 0..25 {
        let (_, view) = ending(&mut rng, 3 + i % 3, i % 4);
        let seed: u64 = rng.gen();
        let cut = players::generic::choose_with(
            &kind,
            &view,
            &mut ChaCha8Rng::seed_from_u64(seed),
            false,
        )
        .expect("a choice");
        let full =
            players::generic::choose_with(&kind, &view, &mut ChaCha8Rng::seed_from_u64(seed), true)
                .expect("a choice");
        assert_eq!(
            cut.card, full.card,
            "ending {i}: cut {:?} bounds {:?} full {:?}",
            cut.scores, cut.bounds, full.scores
        );
        for (c, s) in &cut.scores {
            let exact = full
                .scores
                .iter()
                .find(|x| x.0 == *c)
                .expect("the same cards")
                .1;
            if cut.bounds.contains(c) {
                assert!(
                    *s >= exact - 1e-9,
                    "ending {i}: {c} bound {s} below {exact}"
                );
                skipped += 1;
            } else {
                assert!(
                    (s - exact).abs() < 1e-9,
                    "ending {i}: {c} {s} against {exact}"
                );
            }
        }
    }
    assert!(skipped > 0, "the cut never skipped a card");
}

#[test]
fn bridge_values_from_our_double_dummy_solver_equal_the_open_solvers() {
    use players::generic::Oracle;
    let mut rng = ChaCha8Rng::seed_from_u64(25);
    for i in 0..30 {
        let deal = cards::Deal::random(&mut rng, 5);
        let trump = [None, Some(Suit::Spades), Some(Suit::Clubs)][i % 3];
        let game = Bridge::new(trump);
        let mut state = PlayState::new(game, deal, Seat::from_index(i % 4));
        for _ in 0..(i % 7) {
            let legal: Vec<Card> = state.legal_cards().iter().collect();
            state
                .play(legal[rng.gen_range(0..legal.len())])
                .expect("legal");
        }
        let dd = game.open_cards(None).card_means(&state);
        let open = OpenSolver::new(game).card_means(&state);
        assert_eq!(dd, open, "deal {i}: {deal}");
    }
}

#[test]
fn bridge_leaf_values_in_a_row_equal_the_open_solvers() {
    // One double-dummy oracle values many positions one after another, as
    // the leaves of a search in one world: each count starts from the last
    // answer, which must change no value, whoever moves and however many
    // tricks are left.
    use players::generic::Oracle;
    let mut rng = ChaCha8Rng::seed_from_u64(26);
    let game = Bridge::new(Some(Suit::Hearts));
    let mut dd = game.open_cards(None);
    let mut open = OpenSolver::new(game);
    for i in 0..120 {
        let deal = cards::Deal::random(&mut rng, 6);
        let mut state = PlayState::new(game, deal, Seat::from_index(i % 4));
        for _ in 0..(i % 13) {
            let legal: Vec<Card> = state.legal_cards().iter().collect();
            state
                .play(legal[rng.gen_range(0..legal.len())])
                .expect("legal");
        }
        assert_eq!(
            dd.mean_value(&state),
            open.mean_value(&state),
            "position {i}: {deal}"
        );
    }
}

/// The paper's code's root criterion (`root=paper`): for a player of the
/// defence (not the opening leader's team) it chooses as the papers' text
/// does, card for card and score for score; for the declaring team it
/// scores every card by the front's worst vector, never above the best,
/// and on some endings below it.
#[test]
fn the_codes_root_criterion_is_pessimistic_for_the_declaring_team_alone() {
    use players::generic::{choose_with, PlayerKind};
    let best: PlayerKind = "tc-alphamu:worlds=8:leaf=6:rd=none".parse().unwrap();
    let paper: PlayerKind = "tc-alphamu:worlds=8:leaf=6:rd=none:root=paper"
        .parse()
        .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(33);
    let (mut declaring, mut lower) = (0, 0);
    for i in 0..30 {
        let (_, view) = ending(&mut rng, 3, i % 4);
        let seed = rng.gen::<u64>();
        let a = choose_with(&best, &view, &mut ChaCha8Rng::seed_from_u64(seed), true).unwrap();
        let b = choose_with(&paper, &view, &mut ChaCha8Rng::seed_from_u64(seed), true).unwrap();
        let cards = |c: &players::generic::Choice| c.scores.iter().map(|s| s.0).collect::<Vec<_>>();
        assert_eq!(cards(&a), cards(&b));
        if view.seat().side() == view.opener().side() {
            declaring += 1;
            for ((_, x), (_, y)) in a.scores.iter().zip(&b.scores) {
                assert!(y <= &(x + 1e-9), "ending {i}: worst {y} above best {x}");
            }
            lower += usize::from(
                a.scores
                    .iter()
                    .zip(&b.scores)
                    .any(|(x, y)| y.1 < x.1 - 1e-9),
            );
        } else {
            assert_eq!(
                a.scores, b.scores,
                "ending {i}: a defender's scores changed"
            );
            assert_eq!(a.card, b.card);
        }
    }
    assert!(
        declaring > 0 && lower > 0,
        "{declaring} declaring endings, {lower} lower"
    );
}

/// Each root card's score by `spec` with its pruning on or off, and the
/// nodes visited.
fn fusion_scores<S: Spec<Value = Vec<f64>>>(
    spec: &S,
    state: &PlayState<Belote>,
    root: &PlayState<Belote>,
    worlds: &[BySeat<Hand>],
    pruning: bool,
) -> (Vec<(Card, f64)>, u64) {
    let solvers = solvers_of(state.game());
    let mut leaves = SolverLeaves::exact(&solvers);
    let mut tree = Tree::new(spec, root, worlds, &mut leaves, Depth { leaf: usize::MAX });
    tree.pruning = pruning;
    let scores = tree
        .root_cards()
        .into_iter()
        .map(|rc| (rc.card, rc.score))
        .collect();
    (scores, tree.nodes)
}

/// The paper's code's Fusion pruning (`tc-fusion:prune=paper`) against
/// Fusion unpruned, on Belote endings with Fusion's permutation worlds.
/// Switched off, it is Fusion exactly. Switched on, it changes values:
/// the guide's argument (docs/GUIDE.md) that a bound world by world settles no choice of
/// a Fusion player, shown on endings; the count is printed.
#[test]
fn the_papers_fusion_pruning_changes_values_that_fusion_keeps() {
    use search::generic::FusionPaperPruning;
    let mut rng = ChaCha8Rng::seed_from_u64(35);
    let (mut endings, mut changed, mut cards_changed, mut nodes) = (0, 0, 0, [0u64; 2]);
    for i in 0..40 {
        let (state, view) = ending(&mut rng, 3, i % 4);
        let Ok(worlds) = view.permutation_worlds(&mut rng, 2, 0, 64) else {
            continue;
        };
        let root = view.position_in(
            worlds
                .iter()
                .find(|w| w[view.seat()] == view.own_hand())
                .expect("a real world"),
        );
        let fusion = fusion_scores(&Fusion, &state, &root, &worlds, true);
        let off = fusion_scores(&FusionPaperPruning, &state, &root, &worlds, false);
        let on = fusion_scores(&FusionPaperPruning, &state, &root, &worlds, true);
        assert_eq!(off.0, fusion.0, "ending {i}: switched off, not Fusion");
        endings += 1;
        nodes[0] += fusion.1;
        nodes[1] += on.1;
        let differ = fusion
            .0
            .iter()
            .zip(&on.0)
            .filter(|(a, b)| (a.1 - b.1).abs() > 1e-9)
            .count();
        cards_changed += differ;
        changed += usize::from(differ > 0);
    }
    println!(
        "{endings} endings: the paper's pruning changed a card's value on {changed} ({cards_changed} cards), nodes {} against {} unpruned",
        nodes[1], nodes[0]
    );
    assert!(endings >= 30);
    assert!(
        changed > 0,
        "the paper's pruning changed no value on {endings} endings"
    );
    assert!(nodes[1] < nodes[0], "the paper's pruning cut nothing");
}

/// PIMC's values checked, node by node, against the floor and ceiling the
/// tree gives every node: the root team's points from the root on can be
/// no less than it has taken since the root, nor more than that and every
/// point still in play.
struct WithinFloorAndCeiling;

impl Spec for WithinFloorAndCeiling {
    type Value = Vec<f64>;
    type Acc = <Pimc as Spec>::Acc;
    type Bound = <Pimc as Spec>::Bound;
    fn name(&self) -> &'static str {
        "pimc within floor and ceiling"
    }
    fn leaf(&self, worlds: u64, scores: &[f64]) -> Vec<f64> {
        Pimc.leaf(worlds, scores)
    }
    fn start(&self, node: &NodeInfo) -> Self::Acc {
        assert!(
            node.floor <= node.ceiling,
            "{} > {}",
            node.floor,
            node.ceiling
        );
        Pimc.start(node)
    }
    fn add(&self, node: &NodeInfo, acc: &mut Self::Acc, child_worlds: u64, child: Vec<f64>) {
        Pimc.add(node, acc, child_worlds, child);
    }
    fn finish(&self, node: &NodeInfo, acc: Self::Acc) -> Option<Vec<f64>> {
        let value = Pimc.finish(node, acc)?;
        for (k, v) in value.iter().enumerate() {
            if node.worlds >> k & 1 == 1 {
                assert!(
                    (node.floor - 1e-9..=node.ceiling + 1e-9).contains(v),
                    "world {k}: {v} outside [{}, {}]",
                    node.floor,
                    node.ceiling
                );
            }
        }
        Some(value)
    }
    fn score(&self, worlds: u64, value: &Vec<f64>) -> f64 {
        Pimc.score(worlds, value)
    }
    fn open_bound(&self, n: usize) -> Self::Bound {
        Pimc.open_bound(n)
    }
    fn child_bound(&self, node: &NodeInfo, acc: &Self::Acc, b: &Self::Bound) -> Self::Bound {
        Pimc.child_bound(node, acc, b)
    }
    fn cut(&self, _n: &NodeInfo, _a: &Self::Acc, _b: &Self::Bound) -> Option<Cut> {
        None
    }
}

#[test]
fn every_node_value_lies_between_its_floor_and_ceiling() {
    let mut rng = ChaCha8Rng::seed_from_u64(36);
    for i in 0..20 {
        let (state, view) = ending(&mut rng, 2 + i % 2, i % 4);
        let worlds = view.draw_many(&mut rng, 4).expect("worlds");
        let solvers = solvers_of(state.game());
        let mut leaves = SolverLeaves::exact(&solvers);
        let mut tree = Tree::new(
            &WithinFloorAndCeiling,
            &state,
            &worlds,
            &mut leaves,
            Depth { leaf: usize::MAX },
        );
        tree.pruning = false;
        assert!(!tree.root_cards().is_empty());
    }
}

/// A bridge ending of `cards` cards a hand (the top ranks of each suit,
/// so that neighbouring ranks are common) played at random for `extra`
/// cards, with the view of the seat then to move, dummy shown.
fn bridge_ending(
    rng: &mut ChaCha8Rng,
    cards: usize,
    extra: usize,
    trump: Option<Suit>,
) -> (PlayState<Bridge>, SeatView<Bridge>) {
    bridge_ending_of(rng, cards, extra, Bridge::new(trump))
}

/// [`bridge_ending`] of a game scored as `game` says.
fn bridge_ending_of(
    rng: &mut ChaCha8Rng,
    cards: usize,
    extra: usize,
    game: Bridge,
) -> (PlayState<Bridge>, SeatView<Bridge>) {
    let deal = cards::Deal::random(rng, cards);
    let leader = Seat::from_index(rng.gen_range(0..4));
    let mut state = PlayState::new(game, deal, leader);
    let start = state.clone();
    let mut history = Vec::new();
    for _ in 0..extra {
        let legal: Vec<Card> = state.legal_cards().iter().collect();
        let card = legal[rng.gen_range(0..legal.len())];
        state.play(card).expect("legal");
        history.push(card);
    }
    let watcher = state.to_move();
    let dummy = leader.lho();
    let shown: &[Seat] = if dummy == watcher { &[] } else { &[dummy] };
    let mut view = SeatView::new(&start, watcher, shown);
    for card in history {
        view.observe(card).expect("a card seen");
    }
    (state, view)
}

/// Every root card's score, and the nodes visited, with equivalent
/// cards searched once or not.
fn merged_scores<S: Spec>(
    spec: &S,
    state: &PlayState<Bridge>,
    worlds: &[BySeat<Hand>],
    leaf: usize,
    merge: bool,
) -> (Vec<(Card, f64)>, f64, u64) {
    let solvers = solvers_of(state.game());
    let mut leaves = SolverLeaves::exact(&solvers);
    let mut tree = Tree::new(spec, state, worlds, &mut leaves, Depth { leaf });
    tree.merge_equivalent = merge;
    let cards = tree
        .root_cards()
        .into_iter()
        .map(|rc| (rc.card, rc.score))
        .collect();
    let value = tree.root_value().1;
    (cards, value, tree.nodes)
}

/// Searching one card of each pair of equivalent cards (bridge: the same
/// suit, no live card between them) and giving the other its value
/// changes no card's score and no root value, for each specification
/// that allows it, at full depth and with leaves cut short; and it does
/// search fewer nodes.
#[test]
fn equivalent_cards_searched_once_change_no_score() {
    let mut rng = ChaCha8Rng::seed_from_u64(27);
    let mut fewer = [0usize; 3];
    for i in 0..36 {
        let trump = [None, Some(Suit::Hearts), Some(Suit::Spades)][i % 3];
        let (state, view) = bridge_ending(&mut rng, 4 + i % 2, i % 5, trump);
        let worlds = view.draw_many(&mut rng, 6).expect("worlds");
        let leaf = if i % 4 == 0 { usize::MAX } else { 3 + i % 3 };
        let mut check = |n: usize,
                         name: &str,
                         on: (Vec<(Card, f64)>, f64, u64),
                         off: (Vec<(Card, f64)>, f64, u64)| {
            assert!(
                close(&on.0, &off.0),
                "{name}, ending {i}: {:?} against {:?}",
                on.0,
                off.0
            );
            assert!(
                (on.1 - off.1).abs() < 1e-9,
                "{name}, ending {i}: root {} against {}",
                on.1,
                off.1
            );
            assert!(on.2 <= off.2, "{name}, ending {i}: more nodes merged");
            if on.2 < off.2 {
                fewer[n] += 1;
            }
        };
        check(
            0,
            "pimc",
            merged_scores(&Pimc, &state, &worlds, leaf, true),
            merged_scores(&Pimc, &state, &worlds, leaf, false),
        );
        check(
            1,
            "alphamu",
            merged_scores(&AlphaMu::default(), &state, &worlds, leaf, true),
            merged_scores(&AlphaMu::default(), &state, &worlds, leaf, false),
        );
        check(
            2,
            "fusion",
            merged_scores(&Fusion, &state, &worlds, leaf, true),
            merged_scores(&Fusion, &state, &worlds, leaf, false),
        );
    }
    assert!(
        fewer.iter().all(|&n| n >= 10),
        "merging seldom saved a node: {fewer:?}"
    );
}

/// Leaves past a horizon are drawn for each position as it is, so a
/// search over them merges nothing.
#[test]
fn truncated_leaves_merge_nothing() {
    let mut rng = ChaCha8Rng::seed_from_u64(28);
    let (state, view) = bridge_ending(&mut rng, 5, 0, None);
    let worlds = view.draw_many(&mut rng, 4).expect("worlds");
    let source = |h: Option<open_cards::Horizon>| -> Box<dyn open_cards::OpenCards<Bridge>> {
        Box::new(match h {
            Some(h) => OpenSolver::with_horizon(*state.game(), h),
            None => OpenSolver::new(*state.game()),
        })
    };
    let nodes = |merge: bool| {
        let horizon = open_cards::Horizon {
            cards_left: 8,
            playouts: 2,
            seed: 5,
            rule: open_cards::Playout::Random,
            candidates: open_cards::Candidates::Legal,
            mid_trick: false,
        };
        let mut leaves = SolverLeaves::truncated(&source, horizon);
        let mut tree = Tree::new(&Fusion, &state, &worlds, &mut leaves, Depth { leaf: 3 });
        tree.merge_equivalent = merge;
        let scores: Vec<f64> = tree.root_cards().iter().map(|rc| rc.score).collect();
        (scores, tree.nodes)
    };
    assert_eq!(nodes(true), nodes(false));
}

/// With the paper's code's choice of cards, the root tries exactly the
/// cards the code keeps from the root player's legal ones (its hand is
/// the same in every world drawn here), fewer than all of them on some
/// endings.
#[test]
fn the_codes_choice_of_cards_limits_the_roots_cards() {
    let mut rng = ChaCha8Rng::seed_from_u64(29);
    let mut fewer = 0;
    for i in 0..20 {
        let (state, view) = bridge_ending(&mut rng, 5, i % 4, Some(Suit::Spades));
        let worlds = view.draw_many(&mut rng, 4).expect("worlds");
        let game = *state.game();
        let code = open_cards::CodeCandidates::new(&game);
        let legal = state.legal_cards();
        let in_hands = Seat::ALL
            .iter()
            .fold(Hand::EMPTY, |h, &s| h.union(state.hand(s)));
        let kept = code.reduce(&game, legal, in_hands, state.trick());
        let solvers = solvers_of(&game);
        let mut leaves = SolverLeaves::exact(&solvers);
        let mut tree = Tree::new(&Fusion, &state, &worlds, &mut leaves, Depth { leaf: 3 });
        tree.code_candidates = Some(code);
        let tried: Hand = tree.root_cards().iter().map(|rc| rc.card).collect();
        assert_eq!(tried, kept, "ending {i}");
        if kept.len() < legal.len() {
            fewer += 1;
        }
    }
    assert!(fewer > 0, "the code never dropped a card");
}

/// Bridge for ending `i` of `cards` cards a hand: notrump, hearts or
/// spades, scored in tricks, or for a contract of North's (half the tricks
/// or one more), made or not, and then by tricks.
fn scored_bridge(i: usize, cards: usize) -> Bridge {
    let trump = [None, Some(Suit::Hearts), Some(Suit::Spades)][i % 3];
    let tricks = u32::try_from(cards / 2 + i % 2).expect("a few tricks");
    let scoring = match i % 4 {
        0 | 1 => BridgeScoring::Tricks,
        2 => BridgeScoring::Contract {
            declarer: Seat::North,
            tricks,
        },
        _ => BridgeScoring::ContractThenTricks {
            declarer: Seat::North,
            tricks,
        },
    };
    Bridge { trump, scoring }
}

/// What a Fusion search gives: each root card with its score and its
/// value in every world (as bits: worlds where the card is not legal hold
/// NaN), the root value, the nodes visited, and the nodes valued from
/// their own exact value (all of them, and those with a group of several
/// worlds).
type FusionRun = (Vec<(Card, u64, Vec<u64>)>, f64, u64, u64, u64);

/// Fusion's search with a node's value taken from the best in every world
/// or not ([`Tree::best_in_every_world`]).
fn fusion_from_best<G: players::generic::Oracle>(
    state: &PlayState<G>,
    worlds: &[BySeat<Hand>],
    leaf: usize,
    on: bool,
) -> FusionRun {
    let solvers = solvers_of(state.game());
    let mut leaves = SolverLeaves::exact(&solvers);
    let mut tree = Tree::new(&Fusion, state, worlds, &mut leaves, Depth { leaf });
    tree.best_in_every_world = on;
    let cards = tree
        .root_cards()
        .into_iter()
        .map(|rc| {
            let value = rc.value.iter().map(|v| v.to_bits()).collect();
            (rc.card, rc.score.to_bits(), value)
        })
        .collect();
    let value = tree.root_value().1;
    (
        cards,
        value,
        tree.nodes,
        tree.valued_from_best,
        tree.valued_from_best_in_groups,
    )
}

/// Valuing a node from its own exact value in each world, once a child is
/// found best in every world of each group of worlds its mover cannot
/// tell apart (and, below a node of one world, the whole subtree), changes
/// no root card, no score, no value of a root card in any world and no
/// root value of Fusion, to the last bit:
/// bridge endings (scored in tricks, by the contract, and by the contract
/// then the tricks) and Belote endings, on the permutation worlds Fusion's player
/// draws (groups of several worlds) and on worlds drawn one by one, leaves
/// 1 to 5 cards down, some at the end of the deal. It does fire, with
/// groups of several worlds too, and then searches fewer nodes.
#[test]
fn fusion_valued_from_the_best_in_every_world_changes_no_score() {
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let (mut fired, mut in_groups) = (0, 0);
    let mut check = |name: &str, on: FusionRun, off: FusionRun| {
        assert_eq!(on.0, off.0, "{name}: root cards");
        assert_eq!(on.1.to_bits(), off.1.to_bits(), "{name}: root value");
        assert_eq!(off.3, 0, "{name}: switched off, yet it fired");
        if on.3 > 0 {
            fired += 1;
            assert!(on.2 < off.2, "{name}: as many nodes");
        }
        if on.4 > 0 {
            in_groups += 1;
        }
    };
    for i in 0..200 {
        let game = scored_bridge(i, 4 + i % 3);
        let (state, view) = bridge_ending_of(&mut rng, 4 + i % 3, i % 5, game);
        let leaf = 1 + i % 5;
        let worlds = if i % 2 == 0 {
            view.permutation_worlds(&mut rng, 1 + i % 2, 24, search::generic::MAX_TREE_WORLDS)
        } else {
            view.draw_many(&mut rng, 6)
        }
        .expect("worlds");
        check(
            &format!("bridge ending {i}, leaf {leaf}"),
            fusion_from_best(&state, &worlds, leaf, true),
            fusion_from_best(&state, &worlds, leaf, false),
        );
    }
    for i in 0..100 {
        let (state, view) = ending(&mut rng, 2 + i % 2, i % 4);
        let leaf = 1 + i % 5;
        let worlds = view
            .permutation_worlds(&mut rng, 1, 24, search::generic::MAX_TREE_WORLDS)
            .expect("worlds");
        check(
            &format!("Belote ending {i}, leaf {leaf}"),
            fusion_from_best(&state, &worlds, leaf, true),
            fusion_from_best(&state, &worlds, leaf, false),
        );
    }
    assert!(
        fired >= 150 && in_groups >= 100,
        "fired {fired}, in groups {in_groups}"
    );
}

/// What an alpha-mu search gives: each root card with its score and its
/// front restricted to the root's worlds (as bits), the root value, the
/// nodes visited and the nodes valued from their own exact value.
type AlphaMuRun = (Vec<(Card, u64, Vec<Vec<u64>>)>, u64, u64, u64);

/// Alpha-mu's search, pruning or not, with a node's value taken from the
/// best in every world or not ([`Tree::best_in_every_world`]).
fn alphamu_from_best<G: players::generic::Oracle>(
    state: &PlayState<G>,
    worlds: &[BySeat<Hand>],
    leaf: usize,
    pruning: bool,
    on: bool,
) -> AlphaMuRun {
    let solvers = solvers_of(state.game());
    let mut leaves = SolverLeaves::exact(&solvers);
    let spec = AlphaMu::default();
    let mut tree = Tree::new(&spec, state, worlds, &mut leaves, Depth { leaf });
    tree.pruning = pruning;
    tree.best_in_every_world = on;
    let real = tree.real_worlds();
    let cards = tree
        .root_cards()
        .into_iter()
        .map(|rc| {
            let front = rc
                .value
                .iter()
                .map(|v| {
                    (0..v.len())
                        .filter(|&k| real >> k & 1 == 1)
                        .map(|k| v[k].to_bits())
                        .collect()
                })
                .collect();
            (rc.card, rc.score.to_bits(), front)
        })
        .collect();
    let value = tree.root_value().1;
    (cards, value.to_bits(), tree.nodes, tree.valued_from_best)
}

/// The same for alpha-mu, whose partner and opponents play each world as
/// if they saw every card: every root card, its score, its front in the
/// root's worlds and the root value, to the bit, with the root player's
/// cuts and without; bridge and Belote endings, leaves 1 to 5 cards down.
#[test]
fn alphamu_valued_from_the_best_in_every_world_changes_no_score() {
    let mut rng = ChaCha8Rng::seed_from_u64(43);
    let mut fired = 0;
    let mut check = |name: &str, on: AlphaMuRun, off: AlphaMuRun| {
        assert_eq!(on.0, off.0, "{name}: root cards");
        assert_eq!(on.1, off.1, "{name}: root value");
        assert_eq!(off.3, 0, "{name}: switched off, yet it fired");
        if on.3 > 0 {
            fired += 1;
            assert!(on.2 < off.2, "{name}: as many nodes");
        }
    };
    for i in 0..120 {
        let game = scored_bridge(i, 4 + i % 3);
        let (state, view) = bridge_ending_of(&mut rng, 4 + i % 3, i % 5, game);
        let leaf = 1 + i % 5;
        let worlds = view.draw_many(&mut rng, 3 + i % 6).expect("worlds");
        for pruning in [true, false] {
            check(
                &format!("bridge ending {i}, leaf {leaf}, pruning {pruning}"),
                alphamu_from_best(&state, &worlds, leaf, pruning, true),
                alphamu_from_best(&state, &worlds, leaf, pruning, false),
            );
        }
    }
    for i in 0..60 {
        let (state, view) = ending(&mut rng, 2 + i % 2, i % 4);
        let leaf = 1 + i % 5;
        let worlds = view.draw_many(&mut rng, 3 + i % 6).expect("worlds");
        for pruning in [true, false] {
            check(
                &format!("Belote ending {i}, leaf {leaf}, pruning {pruning}"),
                alphamu_from_best(&state, &worlds, leaf, pruning, true),
                alphamu_from_best(&state, &worlds, leaf, pruning, false),
            );
        }
    }
    assert!(fired >= 150, "fired {fired}");
}

/// The choice of `kind` at `view` with alpha-mu's leaves on the root
/// cut's solvers and on fresh ones, from the same seed.
fn with_and_without_reuse<G: players::generic::Oracle>(
    kind: &players::generic::PlayerKind,
    view: &SeatView<G>,
    seed: u64,
) -> (players::generic::Choice, players::generic::Choice) {
    use players::generic::{choose_with_options, ChoiceOptions};
    let choose = |reuse_solvers| {
        let options = ChoiceOptions {
            exact: false,
            reuse_solvers,
        };
        choose_with_options(kind, view, &mut ChaCha8Rng::seed_from_u64(seed), options)
            .expect("a choice")
    };
    (choose(true), choose(false))
}

/// Alpha-mu's leaves valued by the solvers of its root cut's PIMC pass
/// (`ChoiceOptions::reuse_solvers`) against fresh solvers: the same card,
/// every score and the same cards left as bounds, in Belote (the
/// open-card solver) and bridge (our double-dummy solver), with exact
/// leaves and with truncated ones (where nothing is reused).
#[test]
fn alphamus_leaves_on_the_root_cuts_solvers_change_no_choice() {
    let specs: Vec<players::generic::PlayerKind> = [
        "tc-alphamu:worlds=6:leaf=3:rd=none",
        "tc-alphamu:worlds=4:leaf=5:rd=none",
        "tc-alphamu:worlds=5:leaf=2:rd=4:playouts=3",
    ]
    .iter()
    .map(|s| s.parse().expect("a player"))
    .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(27);
    let mut searched = 0;
    for i in 0..48 {
        let kind = &specs[i % specs.len()];
        let seed: u64 = rng.gen();
        let (on, off) = if i % 2 == 0 {
            let (_, view) = ending(&mut rng, 3 + i % 4, i % 4);
            with_and_without_reuse(kind, &view, seed)
        } else {
            let trump = [None, Some(Suit::Spades), Some(Suit::Hearts)][i % 3];
            let (_, view) = bridge_ending(&mut rng, 5 + i % 4, i % 6, trump);
            with_and_without_reuse(kind, &view, seed)
        };
        assert_eq!(
            (on.card, format!("{:?}", on.scores), &on.bounds),
            (off.card, format!("{:?}", off.scores), &off.bounds),
            "ending {i}, {kind}"
        );
        searched += usize::from(on.worlds > 0);
    }
    assert!(searched > 30, "only {searched} endings searched");
}

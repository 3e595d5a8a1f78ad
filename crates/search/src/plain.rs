//! alpha-mu exactly as Algorithm 2 of the first paper: no transposition
//! table, no cut, no useful worlds, no merging of equivalent cards. The
//! reference the optimized search is tested against.

use crate::front::Front;
use crate::problem::{all_worlds, classes_by_hand, max_wins, Problem, State};
use crate::worldset::WorldSet;
use crate::LeafEvaluator;
use cards::{Card, Hand};

/// Every card playable in some valid world, with the worlds in which it is.
fn children(state: &State<'_>, valid: &WorldSet) -> Vec<(Card, WorldSet)> {
    let legal: Vec<(usize, Hand)> = valid.iter().map(|w| (w, state.legal(w))).collect();
    let moves = legal.iter().fold(Hand::EMPTY, |acc, &(_, l)| acc.union(l));
    moves
        .iter()
        .map(|card| {
            let mut child = WorldSet::EMPTY;
            for &(w, l) in &legal {
                if l.contains(card) {
                    child.insert(w);
                }
            }
            (card, child)
        })
        .collect()
}

fn search(
    state: &mut State<'_>,
    m: usize,
    valid: WorldSet,
    evaluator: &dyn LeafEvaluator,
) -> Front {
    if state.won() {
        return Front::single(WorldSet::ALL);
    }
    if state.lost() {
        return Front::single(valid.complement());
    }
    if m == 0 {
        let mut v = valid.complement();
        for w in valid.iter() {
            if max_wins(state, w, evaluator) {
                v.insert(w);
            }
        }
        return Front::single(v);
    }
    if state.is_partner_to_move() {
        // One option per class of worlds the partner tells apart.
        let mut product = Front::new();
        for class in classes_by_hand(state, &valid) {
            product = product.min_with(&max_node(state, m, class, evaluator));
        }
        return product;
    }
    if state.is_max() {
        return max_node(state, m, valid, evaluator);
    }
    let mut front = Front::new();
    for (card, child) in children(state, &valid) {
        state.play(card);
        let f = search(state, m, child, evaluator);
        state.undo();
        front = front.min_with(&f);
    }
    front
}

/// The union of the fronts of every card of the player to move, the same
/// card in every world of `valid`.
fn max_node(
    state: &mut State<'_>,
    m: usize,
    valid: WorldSet,
    evaluator: &dyn LeafEvaluator,
) -> Front {
    let mut front = Front::new();
    for (card, child) in children(state, &valid) {
        state.play(card);
        let f = search(state, m - 1, child, evaluator);
        state.undo();
        front.max_with(&f);
    }
    front
}

/// For each card the player to move may play at the root, the number of
/// worlds its side wins with the best vector of the card's front after
/// `max_moves` Max moves.
#[must_use]
pub fn plain_alphamu(
    problem: &Problem,
    evaluator: &dyn LeafEvaluator,
    max_moves: usize,
) -> Vec<(Card, usize)> {
    let mut state = State::new(problem);
    let valid = all_worlds(problem);
    let mut out = Vec::new();
    for card in state.legal(0).iter() {
        state.play(card);
        let f = search(&mut state, max_moves - 1, valid, evaluator);
        state.undo();
        out.push((card, f.best(&valid).unwrap_or(0)));
    }
    out.sort();
    out
}

/// Every win vector some strategy of the root player's side achieves from
/// here, with no Pareto reduction: at a Max node the union of the
/// children's sets, at a Min node (and across the classes of a defending
/// partner's hands) every combination's per-world minimum. With every
/// world and no depth limit, its best vector is the single-dummy value
/// (the player plays the same card in worlds it cannot tell apart, the
/// other side sees all).
fn strategies(state: &mut State<'_>, valid: WorldSet) -> Vec<WorldSet> {
    if state.won() {
        return vec![WorldSet::ALL];
    }
    if state.lost() {
        return vec![valid.complement()];
    }
    if state.is_partner_to_move() {
        // The partner plays one card per hand it may hold: a strategy
        // takes one strategy of each class of worlds.
        let mut out = vec![WorldSet::ALL];
        for class in classes_by_hand(state, &valid) {
            out = combinations(&out, &max_strategies(state, class));
        }
        return out;
    }
    if state.is_max() {
        return max_strategies(state, valid);
    }
    // The opponents see every card: every combination of their answers.
    let mut out = vec![WorldSet::ALL];
    for (card, child) in children(state, &valid) {
        state.play(card);
        let below = strategies(state, child);
        state.undo();
        out = combinations(&out, &below);
    }
    out
}

/// The per-world minimum of every pair, one vector of `a` and one of `b`,
/// each result once.
fn combinations(a: &[WorldSet], b: &[WorldSet]) -> Vec<WorldSet> {
    let mut out = Vec::with_capacity(a.len() * b.len());
    for x in a {
        for y in b {
            out.push(x.and(y));
        }
    }
    out.sort_by_key(|v| v.iter().collect::<Vec<_>>());
    out.dedup();
    out
}

/// Every strategy of the player to move, the same card in every world of
/// `valid`.
fn max_strategies(state: &mut State<'_>, valid: WorldSet) -> Vec<WorldSet> {
    let mut out: Vec<WorldSet> = Vec::new();
    for (card, child) in children(state, &valid) {
        state.play(card);
        out.extend(strategies(state, child));
        state.undo();
    }
    out.sort_by_key(|v| v.iter().collect::<Vec<_>>());
    out.dedup();
    out
}

/// Brute-force single-dummy value of each card the player to move may play
/// at the root: the worlds its side wins with its best strategy after it,
/// found by enumerating every strategy to the end of the play (tiny
/// endings only).
#[must_use]
pub fn single_dummy(problem: &Problem) -> Vec<(Card, usize)> {
    let mut state = State::new(problem);
    let valid = all_worlds(problem);
    let mut out = Vec::new();
    for card in state.legal(0).iter() {
        state.play(card);
        let vs = strategies(&mut state, valid);
        state.undo();
        out.push((
            card,
            vs.iter().map(|v| v.and(&valid).len()).max().unwrap_or(0),
        ));
    }
    out.sort();
    out
}

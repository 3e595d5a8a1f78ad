//! The three specifications of the template: how a node's value is made
//! from its children's, what the root prefers, and when the rest of a
//! node's children cannot matter.

use cards::{Hand, Seat};

/// Who moves at a node, relative to the player at the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The player at the root (it does not know the world).
    Root,
    /// The root player's partner (same team).
    Partner,
    /// An opponent.
    Opponent,
}

impl Role {
    /// The root's team moves.
    #[must_use]
    pub const fn maximizes(self) -> bool {
        !matches!(self, Role::Opponent)
    }
}

/// Which team's nearest node a cut is absorbed by: the team that will not
/// let play reach the node cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CutTeam {
    /// The root player's team.
    Max,
    /// The other team.
    Min,
}

/// What a node does when the rest of its children cannot matter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cut {
    /// Stop and return what was gathered: a bound on the node's value,
    /// world by world, on the side that makes it irrelevant (alpha-beta's
    /// fail-soft value).
    Bound,
    /// Stop and drop the node: the nearest node of `CutTeam` above ignores it.
    Drop(CutTeam),
}

/// A node as a specification sees it.
#[derive(Clone, Debug)]
pub struct NodeInfo {
    /// Who moves.
    pub role: Role,
    /// Its seat.
    pub mover: Seat,
    /// The worlds still possible at the node (bit `k` for world `k`).
    pub worlds: u64,
    /// The worlds grouped by the mover's hand: the worlds the mover cannot
    /// tell apart.
    pub groups: Vec<u64>,
    /// The number of worlds of the search.
    pub world_count: usize,
    /// The least score the root's team can end with from the root on,
    /// given what it has taken since the root (the same in every world).
    pub floor: f64,
    /// The most: that and every point still in play.
    pub ceiling: f64,
}

/// A specification of the template (Algorithm 3 of the paper): the value
/// of a node over the worlds, how children's values combine, the root's
/// criterion, and the partial order that prunes.
///
/// Scores are the root team's points from the root position on, per world.
pub trait Spec {
    /// A node's value.
    type Value: Clone + std::fmt::Debug;
    /// Children's values gathered so far at a node.
    type Acc;
    /// What a node passes down for pruning.
    type Bound: Clone;

    /// A short name.
    fn name(&self) -> &'static str;
    /// The value of a leaf whose per-world scores are `scores` (indexed by
    /// world; only the worlds of `worlds` count).
    fn leaf(&self, worlds: u64, scores: &[f64]) -> Self::Value;
    /// Nothing gathered yet at `node`.
    fn start(&self, node: &NodeInfo) -> Self::Acc;
    /// Adds the value of a child, possible in the worlds `child_worlds`.
    fn add(&self, node: &NodeInfo, acc: &mut Self::Acc, child_worlds: u64, child: Self::Value);
    /// The node's value from everything gathered; `None` if nothing was.
    fn finish(&self, node: &NodeInfo, acc: Self::Acc) -> Option<Self::Value>;
    /// The expected score of a value for the root, over `worlds` (the
    /// criterion chooses the largest).
    fn score(&self, worlds: u64, value: &Self::Value) -> f64;
    /// The bound of a search with nothing known yet.
    fn open_bound(&self, world_count: usize) -> Self::Bound;
    /// The bound a node passes to its next child, given what it gathered
    /// and what it inherited.
    fn child_bound(&self, node: &NodeInfo, acc: &Self::Acc, inherited: &Self::Bound)
        -> Self::Bound;
    /// Whether the node's remaining children cannot matter, and what the
    /// node then gives back.
    fn cut(&self, node: &NodeInfo, acc: &Self::Acc, inherited: &Self::Bound) -> Option<Cut>;
    /// Whether a node may take, for a child equivalent to one searched
    /// before it (the same worlds, and a card the game calls equivalent
    /// to the other's, [`games::TrickGame::equivalent`]), the earlier
    /// child's value instead of searching it, and leave every value the
    /// search gives at its root as it was. The two subtrees are the same
    /// up to the names of the two cards; what the specification must
    /// make sure of is that its pruning gives the same root values when
    /// the second is not searched under its own bound. The default is no.
    fn equivalent_children_alike(&self) -> bool {
        false
    }
    /// When a node may take its value from each world's best child score
    /// ([`Spec::best_in_every_world`]) in a search whose leaves are exact,
    /// instead of searching its children: just above the leaves, and where
    /// the node has one world (every node below it then has that one
    /// world). The specification must prune nothing that the value would
    /// change. The default is never.
    fn best_rule(&self, node: &NodeInfo) -> FromBest {
        let _ = node;
        FromBest::Never
    }
    /// The value of a node (`node`) that [`Spec::best_rule`] allows to take
    /// it from the best: `best` holds, per world of the node, the best
    /// score among the children there (the node's own exact value). `None`
    /// (the default) when the specification cannot say.
    fn best_in_every_world(&self, node: &NodeInfo, best: &[f64]) -> Option<Self::Value> {
        let _ = (node, best);
        None
    }
}

/// When a node's value is the best child score world by world
/// ([`Spec::best_rule`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FromBest {
    /// Never: the children are searched.
    Never,
    /// Always: the mover plays each world as if it saw every card.
    EachWorld,
    /// When, in each group of worlds the mover cannot tell apart, one
    /// child is worth the most to the mover in every world of the group
    /// (a group of one world always has one).
    EachGroup,
}

fn worlds_of(mask: u64) -> impl Iterator<Item = usize> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        if rest == 0 {
            None
        } else {
            let k = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            Some(k)
        }
    })
}

fn mean(worlds: u64, v: &[f64]) -> f64 {
    let n = worlds.count_ones();
    if n == 0 {
        return 0.0;
    }
    worlds_of(worlds).map(|k| v[k]).sum::<f64>() / f64::from(n)
}

/// Perfect-information Monte Carlo: a score per world, each world played
/// as if every card were open; the root prefers the best mean.
///
/// Pruning is fail-soft alpha-beta in every world at once: a node stops
/// when, in every world still possible there, it is already no better for
/// its mover than what the other team is sure of higher up, and returns
/// what it gathered (a bound, world by world, that the ancestors ignore).
#[derive(Clone, Copy, Debug, Default)]
pub struct Pimc;

/// Per-world bounds of [`Pimc`]: the root team is sure of at least
/// `alpha[k]`, the other team of holding it to `beta[k]`.
#[derive(Clone, Debug)]
pub struct Window {
    alpha: Vec<f64>,
    beta: Vec<f64>,
}

impl Spec for Pimc {
    type Value = Vec<f64>;
    type Acc = (Vec<f64>, bool);
    type Bound = Window;

    fn name(&self) -> &'static str {
        "pimc"
    }

    fn leaf(&self, _worlds: u64, scores: &[f64]) -> Vec<f64> {
        scores.to_vec()
    }

    fn start(&self, node: &NodeInfo) -> Self::Acc {
        let v = if node.role.maximizes() {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        (vec![v; node.world_count], false)
    }

    fn add(&self, node: &NodeInfo, acc: &mut Self::Acc, child_worlds: u64, child: Vec<f64>) {
        for k in worlds_of(child_worlds) {
            acc.0[k] = if node.role.maximizes() {
                acc.0[k].max(child[k])
            } else {
                acc.0[k].min(child[k])
            };
        }
        acc.1 = true;
    }

    fn finish(&self, _node: &NodeInfo, acc: Self::Acc) -> Option<Vec<f64>> {
        acc.1.then_some(acc.0)
    }

    fn score(&self, worlds: u64, value: &Vec<f64>) -> f64 {
        mean(worlds, value)
    }

    fn open_bound(&self, world_count: usize) -> Window {
        Window {
            alpha: vec![f64::NEG_INFINITY; world_count],
            beta: vec![f64::INFINITY; world_count],
        }
    }

    fn child_bound(&self, node: &NodeInfo, acc: &Self::Acc, inherited: &Window) -> Window {
        let mut w = inherited.clone();
        for k in worlds_of(node.worlds) {
            if node.role.maximizes() {
                w.alpha[k] = w.alpha[k].max(acc.0[k]);
            } else {
                w.beta[k] = w.beta[k].min(acc.0[k]);
            }
        }
        w
    }

    fn cut(&self, node: &NodeInfo, acc: &Self::Acc, inherited: &Window) -> Option<Cut> {
        let done = acc.1
            && if node.role.maximizes() {
                worlds_of(node.worlds).all(|k| acc.0[k] >= inherited.beta[k])
            } else {
                worlds_of(node.worlds).all(|k| acc.0[k] <= inherited.alpha[k])
            };
        done.then_some(Cut::Bound)
    }

    /// Yes: the earlier child's value, exact or a valid fail-soft bound
    /// under a looser window, leaves the node's maximum or minimum where
    /// its own search would keep it, and the root's children are searched
    /// with open windows, so their values are exact either way.
    fn equivalent_children_alike(&self) -> bool {
        true
    }
}

/// A Pareto front of score vectors: no vector is at least as good as
/// another in every world of the node.
pub type ScoreFront = Vec<Vec<f64>>;

/// alpha-mu with real-valued vectors: the root player does not know the
/// world and keeps, per strategy, the vector of its scores; everyone else
/// plays each world as if it saw every card. At the root player's nodes
/// the fronts of the children are united; at the others' nodes every
/// combination of one vector per child is made, world by world the best
/// for the mover (its team's maximum or the opponents' minimum); dominated
/// vectors are dropped. The root prefers the front holding the best mean.
///
/// Pruning: an opponent's node right below a node of the root player is
/// cut once every vector it has gathered (worlds no child covers yet
/// counting as the opponents' worst) is dominated by a vector the root
/// player already has there. Vectors only shrink at an opponent's node, so
/// none of its vectors could survive in the root player's front. (Deeper
/// cuts, with the front of a higher node, are not sound here: an
/// opponent's node higher up mixes in vectors of other worlds, and the
/// root player's partner maximises world by world.)
///
/// The root's criterion is [`RootCriterion::Best`] (the front's best
/// vector) unless set otherwise.
#[derive(Clone, Copy, Debug, Default)]
pub struct AlphaMu {
    /// How the root scores a card's front.
    pub root: RootCriterion,
}

/// How alpha-mu's root scores the front after a card.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RootCriterion {
    /// The mean of the front's best vector: the strategy after the card
    /// that does best on average (the papers' text; the default).
    #[default]
    Best,
    /// The mean of the front's worst vector: what the trick-costs paper's
    /// public code does for the declaring team (its criterion takes the
    /// smallest sum of the declaring team's points for both teams, which
    /// for the defence is the defence's best vector, [`RootCriterion::Best`]
    /// here).
    Worst,
}

/// Whether `a` is at least as good as `b` for the root in every world of
/// `worlds`.
fn dominates(worlds: u64, a: &[f64], b: &[f64]) -> bool {
    worlds_of(worlds).all(|k| a[k] >= b[k])
}

/// Drops the vectors some other vector dominates (keeping one of equals).
fn pareto(worlds: u64, front: &mut ScoreFront) {
    let mut kept: ScoreFront = Vec::with_capacity(front.len());
    for v in front.drain(..) {
        if kept.iter().any(|u| dominates(worlds, u, &v)) {
            continue;
        }
        kept.retain(|u| !dominates(worlds, &v, u));
        kept.push(v);
    }
    *front = kept;
}

impl Spec for AlphaMu {
    type Value = ScoreFront;
    type Acc = (ScoreFront, bool);
    type Bound = Option<ScoreFront>;

    fn name(&self) -> &'static str {
        "alphamu"
    }

    fn leaf(&self, _worlds: u64, scores: &[f64]) -> ScoreFront {
        vec![scores.to_vec()]
    }

    fn start(&self, node: &NodeInfo) -> Self::Acc {
        match node.role {
            Role::Root => (Vec::new(), false),
            Role::Partner => (vec![vec![f64::NEG_INFINITY; node.world_count]], false),
            Role::Opponent => (vec![vec![f64::INFINITY; node.world_count]], false),
        }
    }

    fn add(&self, node: &NodeInfo, acc: &mut Self::Acc, child_worlds: u64, child: ScoreFront) {
        acc.1 = true;
        if node.role == Role::Root {
            acc.0.extend(child);
            pareto(node.worlds, &mut acc.0);
            return;
        }
        let mut product: ScoreFront = Vec::with_capacity(acc.0.len() * child.len());
        for a in &acc.0 {
            for c in &child {
                let mut r = a.clone();
                for k in worlds_of(child_worlds) {
                    r[k] = if node.role == Role::Partner {
                        r[k].max(c[k])
                    } else {
                        r[k].min(c[k])
                    };
                }
                product.push(r);
            }
        }
        pareto(node.worlds, &mut product);
        acc.0 = product;
    }

    fn finish(&self, _node: &NodeInfo, acc: Self::Acc) -> Option<ScoreFront> {
        acc.1.then_some(acc.0)
    }

    fn score(&self, worlds: u64, value: &ScoreFront) -> f64 {
        let means = value.iter().map(|v| mean(worlds, v));
        match self.root {
            RootCriterion::Best => means.fold(f64::NEG_INFINITY, f64::max),
            RootCriterion::Worst => means.fold(f64::INFINITY, f64::min),
        }
    }

    fn open_bound(&self, _world_count: usize) -> Option<ScoreFront> {
        None
    }

    fn child_bound(
        &self,
        node: &NodeInfo,
        acc: &Self::Acc,
        _inherited: &Option<ScoreFront>,
    ) -> Option<ScoreFront> {
        (node.role == Role::Root).then(|| acc.0.clone())
    }

    /// The root player's partner and opponents play each world as if
    /// they saw every card: their node is worth each world's best child
    /// (one vector, whatever the cuts below the root player's node would
    /// drop: a front that a cut drops is dominated there, and so is the
    /// node's exact vector). The root player's node keeps a vector per
    /// strategy: one world gives one vector, the best; with several, when
    /// its hand is the same in all of them (one group, as alpha-mu draws
    /// its worlds), a card best in every world dominates every other card,
    /// and the front is its one vector. Otherwise it is searched.
    fn best_rule(&self, node: &NodeInfo) -> FromBest {
        if node.role != Role::Root || node.worlds.count_ones() == 1 {
            FromBest::EachWorld
        } else if node.groups.len() == 1 {
            FromBest::EachGroup
        } else {
            FromBest::Never
        }
    }

    /// One vector: each world's best; outside the node's worlds what the
    /// node's own search leaves there (its start for the partner and the
    /// opponents; nothing read for the root player).
    fn best_in_every_world(&self, node: &NodeInfo, best: &[f64]) -> Option<ScoreFront> {
        let outside = match node.role {
            Role::Root => f64::NAN,
            Role::Partner => f64::NEG_INFINITY,
            Role::Opponent => f64::INFINITY,
        };
        let mut r = vec![outside; node.world_count];
        for k in worlds_of(node.worlds) {
            r[k] = best[k];
        }
        Some(vec![r])
    }

    fn cut(&self, node: &NodeInfo, acc: &Self::Acc, inherited: &Option<ScoreFront>) -> Option<Cut> {
        let alpha = inherited.as_ref()?;
        let cut = node.role == Role::Opponent
            && acc.1
            && acc
                .0
                .iter()
                .all(|v| alpha.iter().any(|a| dominates(node.worlds, a, v)));
        cut.then_some(Cut::Drop(CutTeam::Max))
    }

    /// Yes: below the root player's nodes the bound is the root player's
    /// front alone, so an opponent's node searched again either gives the
    /// earlier child's front, which the union already holds, or is
    /// dropped; elsewhere both children are searched under the same bound
    /// and give the same front, which the product takes again.
    fn equivalent_children_alike(&self) -> bool {
        true
    }
}

/// Fusion: every player chooses by its expected score over the worlds it
/// cannot tell apart (those where it holds the same hand), the root's team
/// the largest, the opponents the smallest; children equally good for it
/// are mixed evenly (it would play each with the same chance). A node's
/// value is then, per world, the expected score of play from there.
///
/// Not pruned: a player's choice depends on sums over its own group of
/// worlds, so a bound world by world, or a group of another player, says
/// nothing about it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fusion;

/// Two sums closer than this are a tie.
const TIE: f64 = 1e-9;

impl Spec for Fusion {
    type Value = Vec<f64>;
    type Acc = Vec<(u64, Vec<f64>)>;
    type Bound = ();

    fn name(&self) -> &'static str {
        "fusion"
    }

    fn leaf(&self, _worlds: u64, scores: &[f64]) -> Vec<f64> {
        scores.to_vec()
    }

    fn start(&self, _node: &NodeInfo) -> Self::Acc {
        Vec::new()
    }

    fn add(&self, _node: &NodeInfo, acc: &mut Self::Acc, child_worlds: u64, child: Vec<f64>) {
        acc.push((child_worlds, child));
    }

    fn finish(&self, node: &NodeInfo, acc: Self::Acc) -> Option<Vec<f64>> {
        if acc.is_empty() {
            return None;
        }
        let mut r = vec![f64::NAN; node.world_count];
        for &group in &node.groups {
            let sums: Vec<Option<f64>> = acc
                .iter()
                .map(|(w, v)| {
                    (w & group == group).then(|| worlds_of(group).map(|k| v[k]).sum::<f64>())
                })
                .collect();
            let best = sums.iter().flatten().copied().fold(
                if node.role.maximizes() {
                    f64::NEG_INFINITY
                } else {
                    f64::INFINITY
                },
                |b, s| {
                    if node.role.maximizes() {
                        b.max(s)
                    } else {
                        b.min(s)
                    }
                },
            );
            let tied: Vec<usize> = (0..acc.len())
                .filter(|&i| sums[i].is_some_and(|s| (s - best).abs() <= TIE * (1.0 + best.abs())))
                .collect();
            for k in worlds_of(group) {
                r[k] = tied.iter().map(|&i| acc[i].1[k]).sum::<f64>() / tied.len() as f64;
            }
        }
        Some(r)
    }

    fn score(&self, worlds: u64, value: &Vec<f64>) -> f64 {
        mean(worlds, value)
    }

    fn open_bound(&self, _world_count: usize) {}

    fn child_bound(&self, _node: &NodeInfo, _acc: &Self::Acc, _inherited: &()) {}

    fn cut(&self, _node: &NodeInfo, _acc: &Self::Acc, _inherited: &()) -> Option<Cut> {
        None
    }

    /// Yes: nothing is pruned, so the second child's search would give
    /// the first's value, which is added again (ties are mixed counting
    /// both).
    fn equivalent_children_alike(&self) -> bool {
        true
    }

    /// Nothing is pruned, and a player choosing by its group's sums
    /// chooses each world's best when one child is best in all of them.
    fn best_rule(&self, _node: &NodeInfo) -> FromBest {
        FromBest::EachGroup
    }

    /// In a group where one child is best in every world, the tied
    /// children are exactly those best in every world (a child never
    /// passes the best in a world, so a sum equal to the best sum is the
    /// best in each world), and their mean in a world is that world's
    /// best score.
    fn best_in_every_world(&self, node: &NodeInfo, best: &[f64]) -> Option<Vec<f64>> {
        let mut r = vec![f64::NAN; node.world_count];
        for k in worlds_of(node.worlds) {
            r[k] = best[k];
        }
        Some(r)
    }
}

/// [`Fusion`] with the pruning of the trick-costs paper's public code
/// ("we prune if all the scores of one value are worse than another one";
/// `template_ab.tpp` and `permutation.h` in samuelbounan/TrickGame, read,
/// nothing copied), which docs/GUIDE.md argues is unsound: the values it
/// gives may differ from [`Fusion`]'s, and that is what playing it
/// measures. `tc-fusion:prune=paper`.
///
/// As the code does it: each team keeps an `alpha`, a value per world.
/// Before each child of a node, the node's value so far (at first the
/// worst the mover's team can end with) is fused into its own team's
/// alpha, per group of worlds the mover cannot tell apart: the group
/// whose sum is better for the team, the average on a tie, and world by
/// world the larger where one of the two has no value there. The node is
/// then dropped, back to the nearest node of the other team, if that
/// team's alpha is at least as good for it as the node's value in every
/// world where the node has one, and better in one. Groups are the node's
/// possible worlds grouped by the mover's hand (the code groups all its
/// permutation worlds by the hand handed round); alpha's worlds outside
/// the node's are kept.
#[derive(Clone, Copy, Debug, Default)]
pub struct FusionPaperPruning;

impl FusionPaperPruning {
    /// The node's value from the children gathered so far, or, before
    /// any, the worst its mover's team can end with.
    fn so_far(node: &NodeInfo, acc: &[(u64, Vec<f64>)]) -> Vec<f64> {
        if let Some(v) = Fusion.finish(node, acc.to_vec()) {
            return v;
        }
        let worst = if node.role.maximizes() {
            node.floor
        } else {
            node.ceiling
        };
        (0..node.world_count)
            .map(|k| {
                if node.worlds >> k & 1 == 1 {
                    worst
                } else {
                    f64::NAN
                }
            })
            .collect()
    }

    /// The code's fusion of the node's value `r` into its team's `alpha`.
    fn fuse(node: &NodeInfo, r: &[f64], alpha: Option<&Vec<f64>>) -> Vec<f64> {
        let Some(alpha) = alpha else {
            return r.to_vec();
        };
        let mut out = alpha.clone();
        for &group in &node.groups {
            let uneven = worlds_of(group).any(|k| r[k].is_nan() != alpha[k].is_nan());
            if uneven {
                for k in worlds_of(group) {
                    out[k] = if r[k].is_nan() {
                        alpha[k]
                    } else if alpha[k].is_nan() {
                        r[k]
                    } else {
                        r[k].max(alpha[k])
                    };
                }
                continue;
            }
            let (sr, sa) = worlds_of(group).fold((0.0, 0.0), |(x, y), k| (x + r[k], y + alpha[k]));
            let r_better = if node.role.maximizes() {
                sr > sa
            } else {
                sr < sa
            };
            let a_better = if node.role.maximizes() {
                sa > sr
            } else {
                sa < sr
            };
            for k in worlds_of(group) {
                out[k] = if r_better {
                    r[k]
                } else if a_better {
                    alpha[k]
                } else {
                    (r[k] + alpha[k]) / 2.0
                };
            }
        }
        out
    }

    /// Whether `alpha`, the value a team (the maximizing one when
    /// `maximizes`) is sure of above, is at least as good for it as `value`
    /// in every world where `value` has one, and better in one.
    fn dominated(maximizes: bool, alpha: &[f64], value: &[f64]) -> bool {
        let mut better = false;
        for (a, v) in alpha.iter().zip(value) {
            if v.is_nan() {
                continue;
            }
            if a.is_nan() {
                return false;
            }
            let (worse, strictly) = if maximizes {
                (a < v, a > v)
            } else {
                (a > v, a < v)
            };
            if worse {
                return false;
            }
            better |= strictly;
        }
        better
    }
}

impl Spec for FusionPaperPruning {
    type Value = Vec<f64>;
    type Acc = Vec<(u64, Vec<f64>)>;
    /// Each team's alpha: the root's team first.
    type Bound = [Option<Vec<f64>>; 2];

    fn name(&self) -> &'static str {
        "fusion-paper-pruning"
    }

    fn leaf(&self, worlds: u64, scores: &[f64]) -> Vec<f64> {
        Fusion.leaf(worlds, scores)
    }

    fn start(&self, node: &NodeInfo) -> Self::Acc {
        Fusion.start(node)
    }

    fn add(&self, node: &NodeInfo, acc: &mut Self::Acc, child_worlds: u64, child: Vec<f64>) {
        Fusion.add(node, acc, child_worlds, child);
    }

    fn finish(&self, node: &NodeInfo, acc: Self::Acc) -> Option<Vec<f64>> {
        Fusion.finish(node, acc)
    }

    fn score(&self, worlds: u64, value: &Vec<f64>) -> f64 {
        Fusion.score(worlds, value)
    }

    fn open_bound(&self, _world_count: usize) -> Self::Bound {
        [None, None]
    }

    fn child_bound(
        &self,
        node: &NodeInfo,
        acc: &Self::Acc,
        inherited: &Self::Bound,
    ) -> Self::Bound {
        let own = usize::from(!node.role.maximizes());
        let mut alpha = inherited.clone();
        alpha[own] = Some(Self::fuse(
            node,
            &Self::so_far(node, acc),
            inherited[own].as_ref(),
        ));
        alpha
    }

    fn cut(&self, node: &NodeInfo, acc: &Self::Acc, inherited: &Self::Bound) -> Option<Cut> {
        let other = usize::from(node.role.maximizes());
        let alpha = inherited[other].as_ref()?;
        let maximizes = other == 0;
        Self::dominated(maximizes, alpha, &Self::so_far(node, acc)).then_some(Cut::Drop(
            if maximizes {
                CutTeam::Max
            } else {
                CutTeam::Min
            },
        ))
    }
}

/// The worlds of `worlds` grouped by the hand `hand_of(k)` of world `k`.
pub(crate) fn group_by_hand(worlds: u64, hand_of: impl Fn(usize) -> Hand) -> Vec<u64> {
    let mut groups: Vec<(Hand, u64)> = Vec::new();
    for k in worlds_of(worlds) {
        let h = hand_of(k);
        match groups.iter_mut().find(|(g, _)| *g == h) {
            Some((_, mask)) => *mask |= 1 << k,
            None => groups.push((h, 1 << k)),
        }
    }
    groups.into_iter().map(|(_, m)| m).collect()
}

#[cfg(test)]
mod tests;

//! alpha-mu: declarer plays the same card in every world, the defenders see
//! all cards; Pareto fronts of win/loss vectors are backed up (union at Max
//! nodes, per-world minimum of every combination at Min nodes), with
//! iterative deepening on the number of Max moves, a transposition table,
//! and the cuts and optimizations of both papers, each switchable. For a
//! defender to move, Max is the defence: the defender plays the same card
//! in every world, its partner one card per hand it may hold (a node per
//! hand, combined as at a Min node), and declarer sees all cards.

use crate::front::Front;
use crate::problem::{all_worlds, classes_by_hand, max_wins, Problem, State};
use crate::worldset::WorldSet;
use crate::{Bound, CardChance, LeafEvaluator};
use cards::Card;
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The cuts and optimizations, each of which can be turned off. None of
/// them changes the value of the card chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Switches {
    /// Transposition table holding each node's front and best move.
    pub tt: bool,
    /// Early cut: a Min node whose stored front is dominated by its parent
    /// Max node's front is not searched.
    pub early_cut: bool,
    /// Root cut: stop at the root once a move reaches the best value of
    /// the previous iteration.
    pub root_cut: bool,
    /// Useful worlds: worlds known lost below a Min node are not searched.
    pub useful_worlds: bool,
    /// World cuts: stop with zero or one useful world.
    pub world_cuts: bool,
    /// Empty entry: a Min node without a stored front gets the
    /// double-dummy front of its worlds, to try the early cut.
    pub empty_entry: bool,
    /// Cut on win: stop at a Max node once a move wins every useful world.
    pub cut_on_win: bool,
    /// (Deep) alpha cut: stop at a Min node once its partial front is
    /// dominated by the front of any Max node above it.
    pub alpha_cut: bool,
    /// Floor (our addition): when a front outgrows
    /// [`AlphaMuConfig::front_limit`] vectors,
    /// the iteration is searched again dropping from every front the
    /// vectors that cannot lift the root move to the floor: the best value
    /// found at the root so far, and at first the previous iteration's
    /// value, then 1, 2, 4, ... worlds lower until a move reaches it (an
    /// aspiration window).
    pub floor: bool,
    /// Dominated leaves (our addition): below a Max node other than the
    /// root, a leaf first solves its worlds outside a vector of the Max
    /// node's front so far; when all of them are lost, the leaf's vector
    /// is dominated and adds nothing to that front, so its other worlds
    /// are not solved.
    pub dominated_leaves: bool,
    /// Killer moves (our addition): a Max node other than the root with
    /// no best move stored first tries the move that won the most useful
    /// worlds at the last Max node searched with as many cards played (a
    /// sibling, most often). A good first move lets the cut on win and
    /// dominated leaves cut more.
    pub killer_moves: bool,
}

/// A name in a `--disable` list that is not a switch.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown optimization '{0}' (known: {names})", names = Switches::NAMES.join(", "))]
pub struct UnknownSwitch(pub String);

impl Switches {
    /// Every cut and optimization on.
    pub const ALL: Switches = Switches {
        tt: true,
        early_cut: true,
        root_cut: true,
        useful_worlds: true,
        world_cuts: true,
        empty_entry: true,
        cut_on_win: true,
        alpha_cut: true,
        floor: true,
        dominated_leaves: true,
        killer_moves: true,
    };
    /// Everything off.
    pub const NONE: Switches = Switches {
        tt: false,
        early_cut: false,
        root_cut: false,
        useful_worlds: false,
        world_cuts: false,
        empty_entry: false,
        cut_on_win: false,
        alpha_cut: false,
        floor: false,
        dominated_leaves: false,
        killer_moves: false,
    };
    /// The names, as `--disable` spells them.
    pub const NAMES: [&'static str; 11] = [
        "tt",
        "early-cut",
        "root-cut",
        "useful-worlds",
        "world-cuts",
        "empty-entry",
        "cut-on-win",
        "alpha-cut",
        "floor",
        "dominated-leaves",
        "killer-moves",
    ];

    fn flag(&mut self, name: &str) -> Option<&mut bool> {
        Some(match name {
            "tt" => &mut self.tt,
            "early-cut" => &mut self.early_cut,
            "root-cut" => &mut self.root_cut,
            "useful-worlds" => &mut self.useful_worlds,
            "world-cuts" => &mut self.world_cuts,
            "empty-entry" => &mut self.empty_entry,
            "cut-on-win" => &mut self.cut_on_win,
            "alpha-cut" => &mut self.alpha_cut,
            "floor" => &mut self.floor,
            "dominated-leaves" => &mut self.dominated_leaves,
            "killer-moves" => &mut self.killer_moves,
            _ => return None,
        })
    }

    /// These switches with the comma-separated names turned off.
    ///
    /// # Errors
    /// [`UnknownSwitch`] for a name that is not a switch.
    pub fn disable(mut self, list: &str) -> Result<Switches, UnknownSwitch> {
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            *self
                .flag(name)
                .ok_or_else(|| UnknownSwitch(name.to_string()))? = false;
        }
        Ok(self)
    }

    /// Whether the switch called `name` is on (`false` for unknown names).
    #[must_use]
    pub fn is_on(&self, name: &str) -> bool {
        let mut copy = *self;
        copy.flag(name).is_some_and(|on| *on)
    }

    /// The switch set with bit `i` of `mask` giving switch `i` of [`NAMES`](Self::NAMES).
    #[must_use]
    pub fn from_mask(mask: u32) -> Switches {
        let mut s = Switches::NONE;
        for (i, name) in Switches::NAMES.iter().enumerate() {
            *s.flag(name).expect("known") = mask & (1 << i) != 0;
        }
        s
    }
}

impl Default for Switches {
    fn default() -> Self {
        Switches::ALL
    }
}

impl fmt::Display for Switches {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut copy = *self;
        let on: Vec<&str> = Switches::NAMES
            .iter()
            .copied()
            .filter(|n| *copy.flag(n).expect("known"))
            .collect();
        if on.is_empty() {
            f.write_str("none")
        } else {
            f.write_str(&on.join(","))
        }
    }
}

impl FromStr for Switches {
    type Err = UnknownSwitch;
    /// The switches that are on, comma-separated (`all` or `none` too).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "all" => Ok(Switches::ALL),
            "none" | "" => Ok(Switches::NONE),
            list => {
                let mut out = Switches::NONE;
                for name in list.split(',').map(str::trim) {
                    *out.flag(name)
                        .ok_or_else(|| UnknownSwitch(name.to_string()))? = true;
                }
                Ok(out)
            }
        }
    }
}

/// How to search.
#[derive(Clone, Copy, Debug)]
pub struct AlphaMuConfig {
    /// Max moves to look ahead (M); 1 is PIMC.
    pub max_moves: usize,
    /// The cuts and optimizations.
    pub switches: Switches,
    /// Solve the worlds of a leaf in parallel on the current rayon pool.
    pub parallel_leaves: bool,
    /// With the floor on: the front size at which an iteration searched
    /// with no floor is dropped and searched again under a floor.
    pub front_limit: usize,
    /// Analysis: give every card its exact value at `max_moves`, not only
    /// the card chosen. The cards the cuts left out are searched again,
    /// each alone. Off for play, where only the choice matters. Those
    /// searches share one more `work_limit` between them: a card that
    /// finds it spent keeps a shallower value, marked as a bound.
    pub value_every_card: bool,
    /// The work an iteration after the first may do before it is dropped
    /// and the previous iteration's card is played (0: no limit). Work
    /// counts nodes, worlds solved at the leaves and pairs of vectors
    /// combined at Min nodes, weighted to about a microsecond each here
    /// ([`WORK_LIMIT`]). It depends only on the problem and the config,
    /// never on the clock, so a search gives the same card on every run.
    pub work_limit: u64,
}

/// The default [`AlphaMuConfig::work_limit`]: 10 to 40 seconds of search
/// on one core of the machine that measured it (a unit took 0.4 to 1.8
/// microseconds on the figures' decisions; BENCHMARKS.md).
pub const WORK_LIMIT: u64 = 20_000_000;

/// Work of one node.
const NODE_WORK: u64 = 1;
/// Work of one world solved double dummy at a leaf.
const LEAF_WORK: u64 = 8;
/// Tests of 64 kept vectors on one world, while fronts are reduced, per
/// unit of work.
const WORLD_TESTS_PER_WORK: u64 = 64_000;

impl Default for AlphaMuConfig {
    fn default() -> Self {
        AlphaMuConfig {
            max_moves: 3,
            switches: Switches::ALL,
            parallel_leaves: true,
            front_limit: FRONT_LIMIT,
            value_every_card: false,
            work_limit: WORK_LIMIT,
        }
    }
}

/// A problem alpha-mu does not search.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AlphaMuError {
    /// The side to move sees its own cards and dummy's: they are the same
    /// in every world.
    #[error("world {0}: a hand the player to move sees differs from world 0's")]
    SeenHandsDiffer(usize),
}

/// The result of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The card chosen.
    pub best: Card,
    /// Every legal card of the player to move, sorted by card: `make` is
    /// declarer's chance after it at `depth` Max moves; `bound` says
    /// whether that is its value at the depth asked for or a bound of it
    /// (see [`alphamu`]).
    pub cards: Vec<CardChance>,
    /// Nodes visited.
    pub nodes: u64,
    /// World evaluations asked of the leaf evaluator.
    pub leaf_evaluations: u64,
    /// Work done, in the units of [`AlphaMuConfig::work_limit`], by the
    /// main search (the searches of single cards each have their own).
    pub work: u64,
    /// The card chosen after the first iteration (M = 1, the move PIMC's
    /// values over the same worlds give), when the search iterated
    /// (with the transposition table or the root cut on).
    pub depth_one_best: Option<Card>,
    /// The deepest iteration completed: `config.max_moves`, or less when
    /// the work limit dropped the iterations after it. The card chosen is
    /// then the best at this depth, and the values are upper bounds.
    pub depth_reached: usize,
}

struct Entry {
    front: Front,
    best: Option<Card>,
    /// The floor the front was found with: it holds every vector that
    /// may reach that floor, so it bounds the node only under a floor at
    /// least as high.
    floor: usize,
    /// The worlds the front was raised on (not evaluated). Under a floor,
    /// the front bounds the node only where at most these worlds are not
    /// evaluated: the floor's count takes them as won.
    raised: WorldSet,
}

type Key = (u64, u32, WorldSet);

/// The default [`AlphaMuConfig::front_limit`].
pub const FRONT_LIMIT: usize = 1000;

/// A Min combination of more than this many pairs per vector of the front
/// limit counts as outgrowing it.
const PAIRS_PER_VECTOR: usize = 64;

/// A Max node above the current one: its front so far and its useful worlds.
struct Upper {
    front: Front,
    useful: WorldSet,
    cut_below: bool,
}

/// Moves `best` to the front of `moves`, keeping the others in order.
fn best_first(moves: &mut [Card], best: Card) {
    if let Some(i) = moves.iter().position(|&c| c == best) {
        moves[..=i].rotate_right(1);
    }
}

struct Searcher<'e> {
    evaluator: &'e dyn LeafEvaluator,
    config: AlphaMuConfig,
    /// Worlds a root vector must win to matter (0: every vector matters).
    floor: usize,
    /// The root's worlds, over which the floor counts.
    root_worlds: WorldSet,
    /// The one root move searched, when a card is valued alone.
    root_only: Option<Card>,
    /// While a search may be dropped: each entry stored, with the one it
    /// replaced.
    journal: Option<Vec<(Key, Option<Entry>)>>,
    /// An unfloored first try: fronts may not outgrow the configured limit.
    watching: bool,
    /// A front outgrew `front_limit`: the search unwinds.
    overflow: bool,
    /// Work done (see [`AlphaMuConfig::work_limit`]).
    work: u64,
    /// Whether the work limit holds (iterations after the first).
    limited: bool,
    /// The work limit was passed: the search unwinds, and the iteration
    /// is dropped.
    exhausted: bool,
    table: FxHashMap<Key, Entry>,
    uppers: Vec<Upper>,
    /// By cards played: the best move of the last Max node searched there.
    killers: [Option<Card>; 53],
    nodes: u64,
    leaf_evaluations: u64,
}

impl Searcher<'_> {
    fn key(state: &State<'_>, valid: &WorldSet) -> Key {
        let (played, trick) = state.key();
        (played, trick, *valid)
    }

    /// The double-dummy vector of the worlds of `useful`; 0 on the other
    /// valid worlds, 1 outside `valid`.
    fn leaf(&mut self, state: &State<'_>, valid: &WorldSet, useful: &WorldSet) -> WorldSet {
        self.won_among(state, useful).or(&valid.complement())
    }

    /// The worlds of `worlds` that Max wins, each solved double dummy.
    fn won_among(&mut self, state: &State<'_>, worlds: &WorldSet) -> WorldSet {
        let worlds: Vec<usize> = worlds.iter().collect();
        self.leaf_evaluations += worlds.len() as u64;
        self.spend(LEAF_WORK * worlds.len() as u64);
        let evaluator = self.evaluator;
        let won: Vec<usize> = if self.config.parallel_leaves && worlds.len() > 1 {
            worlds
                .par_iter()
                .with_max_len(1)
                .copied()
                .filter(|&w| max_wins(state, w, evaluator))
                .collect()
        } else {
            worlds
                .iter()
                .copied()
                .filter(|&w| max_wins(state, w, evaluator))
                .collect()
        };
        let mut v = WorldSet::EMPTY;
        for w in won {
            v.insert(w);
        }
        v
    }

    /// The leaf's vector, as [`Searcher::leaf`], unless it is at most a
    /// vector of `front` (the front so far of the Max node above): `Err`
    /// with an upper bound of the vector (the worlds not solved counted
    /// won) when it is. Worlds outside the candidate vector winning the
    /// most useful worlds are solved first: one of them won rules that
    /// vector out; all lost, and the leaf is dominated by it.
    fn leaf_unless_dominated(
        &mut self,
        state: &State<'_>,
        valid: &WorldSet,
        useful: &WorldSet,
        front: &Front,
    ) -> Result<WorldSet, WorldSet> {
        let outside = valid.complement();
        let mut won = outside;
        let mut left = *useful;
        loop {
            let candidate = front
                .vectors()
                .iter()
                .filter(|u| won.is_subset(u))
                .max_by_key(|u| u.and(&left).len());
            let Some(u) = candidate else {
                return Ok(won.or(&self.won_among(state, &left)));
            };
            let batch = left.and_not(u);
            if batch.is_empty() {
                return Err(won.or(&left));
            }
            won = won.or(&self.won_among(state, &batch));
            left = left.and_not(&batch);
        }
    }

    /// Whether a vector of a node whose worlds `raise` were not searched
    /// may still give a root vector reaching the floor. Every root vector
    /// built from `v` is at most `v` world by world (Min nodes take minima,
    /// Max nodes keep vectors as they are), and a later search of the same
    /// node may win the worlds `raise`.
    fn may_reach_floor(&self, v: &WorldSet, raise: &WorldSet) -> bool {
        self.floor == 0 || v.or(raise).and(&self.root_worlds).len() >= self.floor
    }

    /// The stored front and best move of a node whose worlds `unevaluated`
    /// are not searched; the front only when it bounds every vector that
    /// may reach the current floor: found with no floor, or with one no
    /// higher and with no fewer worlds not evaluated.
    fn stored(&self, key: &Key, unevaluated: &WorldSet) -> Option<(Option<Front>, Option<Card>)> {
        self.table.get(key).map(|e| {
            let bounds =
                e.floor == 0 || (e.floor <= self.floor && unevaluated.is_subset(&e.raised));
            (bounds.then(|| e.front.clone()), e.best)
        })
    }

    /// Puts the best move stored for this node, if any, first; else,
    /// with `killer` on, the killer move of `ply` cards played.
    fn stored_best_first(&self, key: &Key, moves: &mut [Card], killer: Option<usize>) {
        if let Some(Some(best)) = self.table.get(key).map(|e| e.best) {
            best_first(moves, best);
        } else if let Some(Some(card)) = killer.map(|ply| self.killers[ply]) {
            best_first(moves, card);
        }
    }

    fn store(&mut self, key: Key, front: &Front, unevaluated: &WorldSet, best: Option<Card>) {
        if self.config.switches.tt {
            let before = self.table.insert(
                key,
                Entry {
                    front: front.raised(unevaluated),
                    best,
                    floor: self.floor,
                    raised: *unevaluated,
                },
            );
            if let Some(journal) = &mut self.journal {
                journal.push((key, before));
            }
        }
    }

    /// Puts back the entries a failed aspiration replaced, so that the next
    /// attempt orders its moves as the previous iteration left them.
    fn roll_back(&mut self, journal: Vec<(Key, Option<Entry>)>) {
        for (key, before) in journal.into_iter().rev() {
            match before {
                Some(entry) => self.table.insert(key, entry),
                None => self.table.remove(&key),
            };
        }
    }

    /// `front` without the vectors that cannot reach the floor.
    fn above_floor(&self, mut front: Front, raise: &WorldSet) -> Front {
        if self.floor > 0 {
            front.retain(|v| self.may_reach_floor(v, raise));
        }
        front
    }

    /// The stop rules: contract made or defeated, no Max move left, or
    /// (world cuts) at most one useful world.
    fn stop(
        &mut self,
        state: &State<'_>,
        m: usize,
        valid: &WorldSet,
        useful: &WorldSet,
        parent_is_max: bool,
    ) -> Option<Front> {
        if state.won() {
            return Some(Front::single(WorldSet::ALL));
        }
        let unevaluated = valid.and_not(useful);
        if state.lost() {
            return Some(self.above_floor(Front::single(valid.complement()), &unevaluated));
        }
        if m == 0 || (self.config.switches.world_cuts && useful.len() <= 1) {
            // The root's moves are each valued: only a Max node below it
            // may skip a dominated leaf.
            let skip_dominated = m == 0
                && parent_is_max
                && self.uppers.len() > 1
                && self.config.switches.dominated_leaves;
            let (v, dominated) = if skip_dominated {
                let above = self
                    .uppers
                    .last()
                    .expect("the parent Max node")
                    .front
                    .clone();
                match self.leaf_unless_dominated(state, valid, useful, &above) {
                    Ok(v) => (v, false),
                    Err(bound) => (bound, true),
                }
            } else {
                (self.leaf(state, valid, useful), false)
            };
            let front = self.above_floor(Front::single(v), &unevaluated);
            if m == 0 {
                // Kept for the next iteration, where this node is searched
                // deeper: its early cut starts from these vectors. A
                // dominated leaf's bound is stored alike: stored fronts
                // only ever serve as upper bounds of a deeper search.
                let key = Self::key(state, valid);
                self.store(key, &front, &unevaluated, None);
            }
            return Some(if dominated { Front::new() } else { front });
        }
        None
    }

    fn search(
        &mut self,
        state: &mut State<'_>,
        m: usize,
        valid: WorldSet,
        useful: WorldSet,
        parent_is_max: bool,
    ) -> Front {
        self.nodes += 1;
        self.spend(NODE_WORK);
        if self.unwinding() {
            return Front::new();
        }
        if let Some(front) = self.stop(state, m, &valid, &useful, parent_is_max) {
            return front;
        }
        if state.is_partner_to_move() {
            self.partner_node(state, m, valid, useful)
        } else if state.is_max() {
            self.max_node(state, m, valid, useful)
        } else {
            self.min_node(state, m, valid, useful, parent_is_max)
        }
    }

    /// Zero on the valid worlds outside `useful`, one outside `valid`.
    fn normalized(front: &Front, valid: &WorldSet, useful: &WorldSet) -> Front {
        let keep = useful.or(&valid.complement());
        let ones = valid.complement();
        let mut out = Front::new();
        for v in front.vectors() {
            out.insert(v.and(&keep).or(&ones));
        }
        out
    }

    fn min_node(
        &mut self,
        state: &mut State<'_>,
        m: usize,
        valid: WorldSet,
        useful_in: WorldSet,
        parent_is_max: bool,
    ) -> Front {
        let sw = self.config.switches;
        let key = Self::key(state, &valid);
        let mut useful = useful_in;
        let parent = if parent_is_max {
            self.uppers.len().checked_sub(1)
        } else {
            None
        };
        let raise = valid.and_not(&useful_in);
        let mut known = self.stored(&key, &raise);
        if known.as_ref().is_none_or(|(front, _)| front.is_none())
            && sw.empty_entry
            && parent.is_some_and(|p| !self.uppers[p].front.is_empty())
        {
            let v = self.leaf(state, &valid, &useful);
            let front = self.above_floor(Front::single(v), &raise);
            let best = known.and_then(|(_, best)| best);
            self.store(key, &front, &raise, best);
            known = Some((Some(front.raised(&raise)), best));
        }
        if let Some((Some(front), _)) = &known {
            if sw.early_cut {
                if let Some(p) = parent {
                    let upper = &self.uppers[p];
                    if !upper.front.is_empty() && front.dominated_by(&upper.front, &upper.useful) {
                        self.uppers[p].cut_below = true;
                        return Front::new();
                    }
                }
            }
            if sw.useful_worlds {
                useful = front.possibly_won(&useful);
                if sw.world_cuts && useful.len() <= 1 {
                    let v = self.leaf(state, &valid, &useful);
                    let front = Self::normalized(&Front::single(v), &valid, &useful);
                    return self.above_floor(front, &raise);
                }
            }
        }
        // Worlds found useless from the stored front are lost here: they
        // stay 0 even where no move below covers them.
        let useful_known = useful;
        let mut moves: Vec<Card> = Vec::new();
        let mut legal_in: Vec<cards::Hand> = Vec::new();
        let mut all = cards::Hand::EMPTY;
        for w in 0..state.problem.world_count() {
            let l = if valid.contains(w) {
                state.legal(w)
            } else {
                cards::Hand::EMPTY
            };
            legal_in.push(l);
            if useful.contains(w) {
                all = all.union(l);
            }
        }
        moves.extend(all.iter());
        if let Some((_, Some(best))) = known {
            best_first(&mut moves, best);
        }
        // `None` until a move is searched; then the product so far.
        let mut mini: Option<Front> = None;
        let mut best: Option<(usize, Card)> = None;
        for card in moves {
            let mut child_valid = WorldSet::EMPTY;
            for w in valid.iter() {
                if legal_in[w].contains(card) {
                    child_valid.insert(w);
                }
            }
            let child_useful = child_valid.and(&useful);
            if child_useful.is_empty() {
                continue;
            }
            state.play(card);
            let f = self.search(state, m, child_valid, child_useful, false);
            state.undo();
            let score = f.best(&child_useful).unwrap_or(0);
            if best.is_none_or(|(s, _)| score < s) {
                best = Some((score, card));
            }
            let product = match &mini {
                None => f,
                Some(so_far) => match self.product(so_far, &f, &raise) {
                    Some(product) => product,
                    None => break,
                },
            };
            if sw.useful_worlds {
                useful = product.possibly_won(&useful);
            }
            // Nothing below this node reaches the floor: no move can change
            // that. (Not an alpha cut: the root move may still reach the
            // floor elsewhere.)
            let hopeless = product.is_empty();
            let cut =
                !hopeless
                    && sw.alpha_cut
                    && match self.uppers.iter().rposition(|u| {
                        !u.front.is_empty() && product.dominated_by(&u.front, &u.useful)
                    }) {
                        Some(level) => {
                            self.uppers[level].cut_below = true;
                            true
                        }
                        None => false,
                    };
            self.watch(&product);
            mini = Some(product);
            if cut || hopeless || self.unwinding() {
                break;
            }
        }
        // No move searched: no world was useful (every one is known lost
        // here). That is the vector losing them all, not the empty front,
        // which would wipe out the product of a Min node above.
        let mini = mini.unwrap_or_else(|| Front::single(WorldSet::ALL));
        // Worlds found useless are lost: counted now, some vectors fall
        // below the floor.
        let out = self.above_floor(Self::normalized(&mini, &valid, &useful_known), &raise);
        self.store(key, &out, &raise, best.map(|b| b.1));
        out
    }

    fn max_node(
        &mut self,
        state: &mut State<'_>,
        m: usize,
        valid: WorldSet,
        useful: WorldSet,
    ) -> Front {
        let sw = self.config.switches;
        let key = Self::key(state, &valid);
        let mut moves = state.max_moves(valid.iter().next().unwrap_or(0), true);
        let ply = state.cards_played();
        let killer = sw.killer_moves.then_some(ply);
        self.stored_best_first(&key, &mut moves, killer);
        self.uppers.push(Upper {
            front: Front::new(),
            useful,
            cut_below: false,
        });
        let mut front = Front::new();
        let mut best: Option<(usize, Card)> = None;
        for card in moves {
            state.play(card);
            let f = self.search(state, m - 1, valid, useful, true);
            state.undo();
            if let Some(score) = f.best(&useful) {
                if best.is_none_or(|(s, _)| score > s) {
                    best = Some((score, card));
                }
            }
            let candidates = front.vectors().len() + f.vectors().len();
            front.max_with(&f);
            self.spend(self.combination_work(candidates, front.vectors().len()));
            self.watch(&front);
            if self.unwinding() {
                break;
            }
            let top = self.uppers.last_mut().expect("pushed above");
            top.front = front.clone();
            if sw.cut_on_win && f.vectors().iter().any(|v| useful.is_subset(v)) {
                break;
            }
        }
        self.uppers.pop();
        if let (true, Some((_, card))) = (sw.killer_moves, best) {
            self.killers[ply] = Some(card);
        }
        let out = Self::normalized(&front, &valid, &useful);
        self.store(key, &out, &valid.and_not(&useful), best.map(|b| b.1));
        out
    }

    /// The per-world minimum of every pair of vectors of `so_far` and `f`,
    /// keeping those that may reach the floor; `None` when the search must
    /// unwind instead (the product would outgrow the front limit of an
    /// unfloored try, or pass the work limit: one product can take
    /// minutes, so it is not begun).
    fn product(&mut self, so_far: &Front, f: &Front, raise: &WorldSet) -> Option<Front> {
        let pairs = so_far.vectors().len() * f.vectors().len();
        if self.watching && pairs > self.config.front_limit.saturating_mul(PAIRS_PER_VECTOR) {
            self.overflow = true;
            return None;
        }
        let larger = so_far.vectors().len().max(f.vectors().len());
        self.spend_before(self.combination_work(pairs, larger));
        if self.unwinding() {
            return None;
        }
        let product = so_far.product_kept(f, |v| self.may_reach_floor(v, raise));
        self.spend(self.combination_work(pairs, product.vectors().len()));
        Some(product)
    }

    /// The root defender's partner to move: it sees its own hand, so its
    /// card may differ between worlds where its hand differs, and is the
    /// same where its hand is the same. Each class of worlds (one hand of
    /// the partner) is a Max node of its own, searched over those worlds
    /// only; the partner's options combine one option per class, which
    /// with vectors that hold 1 outside their worlds is the per-world
    /// minimum of every combination, as at a Min node (and so, as there,
    /// never more than any vector combined).
    fn partner_node(
        &mut self,
        state: &mut State<'_>,
        m: usize,
        valid: WorldSet,
        useful: WorldSet,
    ) -> Front {
        let raise = valid.and_not(&useful);
        let mut product: Option<Front> = None;
        for class in classes_by_hand(state, &valid) {
            let class_useful = class.and(&useful);
            if class_useful.is_empty() {
                continue;
            }
            let f = self.max_node(state, m, class, class_useful);
            if self.unwinding() {
                return Front::new();
            }
            let combined = match &product {
                None => f,
                Some(so_far) => match self.product(so_far, &f, &raise) {
                    Some(combined) => combined,
                    None => return Front::new(),
                },
            };
            self.watch(&combined);
            let hopeless = combined.is_empty();
            product = Some(combined);
            if hopeless || self.unwinding() {
                break;
            }
        }
        let product = product.unwrap_or_else(|| Front::single(WorldSet::ALL));
        self.above_floor(Self::normalized(&product, &valid, &useful), &raise)
    }

    /// One iteration with `m` Max moves, as [`Searcher::root`]. With the
    /// floor on, from the second iteration, it is first searched with no
    /// floor; if a front outgrows the limit, that search is dropped
    /// (the entries it stored are put back) and the iteration is searched
    /// under a floor: first the previous iteration's value, then 1, 2, 4,
    /// ... worlds lower until a move reaches it (an aspiration window).
    fn iteration(
        &mut self,
        state: &mut State<'_>,
        m: usize,
        previous_best: Option<usize>,
    ) -> (Vec<(Card, Option<usize>)>, Option<usize>) {
        let Some(mut aim) = previous_best.filter(|_| self.config.switches.floor && m > 1) else {
            return self.root(state, m, previous_best, None);
        };
        self.journal = Some(Vec::new());
        self.watching = true;
        let unfloored = self.root(state, m, previous_best, None);
        self.watching = false;
        let journal = self.journal.take().unwrap_or_default();
        if !self.overflow || self.exhausted {
            return unfloored;
        }
        self.overflow = false;
        self.roll_back(journal);
        let mut step = 1;
        loop {
            self.journal = Some(Vec::new());
            let (values, best) = self.root(state, m, previous_best, Some(aim));
            let journal = self.journal.take().unwrap_or_default();
            if best.is_some() || aim == 0 || self.exhausted {
                return (values, best);
            }
            self.roll_back(journal);
            aim = aim.saturating_sub(step);
            step *= 2;
        }
    }

    /// Counts work; past the limit (where it holds) the search unwinds.
    fn spend(&mut self, units: u64) {
        self.work += units;
        self.spend_before(0);
    }

    /// Stops the search if `units` more would pass the limit (where it
    /// holds), without counting them.
    fn spend_before(&mut self, units: u64) {
        if self.limited
            && self.config.work_limit > 0
            && self.work.saturating_add(units) > self.config.work_limit
        {
            self.exhausted = true;
        }
    }

    /// The work of reducing `candidates` vectors to a front of `kept`:
    /// each candidate is tested against the kept vectors, 64 at a time,
    /// world by world.
    fn combination_work(&self, candidates: usize, kept: usize) -> u64 {
        let per_candidate = (1 + kept / 64) * self.root_worlds.len();
        (candidates * per_candidate) as u64 / WORLD_TESTS_PER_WORK
    }

    /// Whether the search is giving up the current iteration.
    fn unwinding(&self) -> bool {
        self.overflow || self.exhausted
    }

    /// Notes a front outgrowing the limit of an unfloored first try.
    fn watch(&mut self, front: &Front) {
        if self.watching && front.vectors().len() > self.config.front_limit {
            self.overflow = true;
        }
    }

    /// One iteration at the root with `m` Max moves; returns each move's
    /// value (worlds won, `None` when cut) and the best value. With the
    /// floor on, only moves worth at least `aim` are valued: when none is,
    /// the best value is `None`.
    fn root(
        &mut self,
        state: &mut State<'_>,
        m: usize,
        previous_best: Option<usize>,
        aim: Option<usize>,
    ) -> (Vec<(Card, Option<usize>)>, Option<usize>) {
        let sw = self.config.switches;
        let floored = aim.is_some();
        self.floor = aim.unwrap_or(0);
        let valid = all_worlds(state.problem);
        let key = Self::key(state, &valid);
        let mut moves = match self.root_only {
            Some(card) => vec![card],
            None => state.max_moves(0, true),
        };
        self.stored_best_first(&key, &mut moves, None);
        self.uppers.push(Upper {
            front: Front::new(),
            useful: valid,
            cut_below: false,
        });
        let mut front = Front::new();
        let mut values = Vec::new();
        let mut best: Option<(usize, Card)> = None;
        for card in moves {
            self.uppers[0].cut_below = false;
            let best_before = front.best(&valid);
            state.play(card);
            let f = self.search(state, m - 1, valid, valid, true);
            if self.unwinding() {
                state.undo();
                break;
            }
            // A vector below the floor may be missing its betters: such a
            // move is valued only if it reaches the floor.
            let f = self.above_floor(f, &WorldSet::EMPTY);
            state.undo();
            let score = f.best(&valid);
            // A cut below this move left out only vectors no better than the
            // root's front: a score above that front's best is exact.
            let exact = !self.uppers[0].cut_below
                || matches!((score, best_before), (Some(s), Some(b)) if s > b);
            values.push((card, if exact { score } else { None }));
            if let (true, Some(s)) = (exact, score) {
                if best.is_none_or(|(b, _)| s > b) {
                    best = Some((s, card));
                }
                if floored {
                    // Moves worth less than this one cannot be chosen; moves
                    // worth as much stay valued, for the tie-break by card.
                    self.floor = self.floor.max(s);
                }
            }
            front.max_with(&f);
            self.uppers[0].front = front.clone();
            if sw.cut_on_win && f.vectors().iter().any(|v| valid.is_subset(v)) {
                break;
            }
            if sw.root_cut && previous_best.is_some() && front.best(&valid) == previous_best {
                break;
            }
        }
        self.uppers.pop();
        let out = Self::normalized(&front, &valid, &valid);
        self.store(key, &out, &WorldSet::EMPTY, best.map(|b| b.1));
        self.floor = 0;
        (values, best.map(|b| b.0))
    }
}

impl<'e> Searcher<'e> {
    fn new(
        problem: &Problem,
        evaluator: &'e dyn LeafEvaluator,
        config: AlphaMuConfig,
        root_only: Option<Card>,
    ) -> Searcher<'e> {
        Searcher {
            evaluator,
            config,
            floor: 0,
            root_worlds: all_worlds(problem),
            root_only,
            journal: None,
            watching: false,
            overflow: false,
            work: 0,
            limited: false,
            exhausted: false,
            table: FxHashMap::default(),
            uppers: Vec::new(),
            killers: [None; 53],
            nodes: 0,
            leaf_evaluations: 0,
        }
    }

    /// Whether the search deepens one Max move at a time (the table and
    /// the root cut feed on the previous iteration).
    fn iterates(&self) -> bool {
        self.config.switches.tt || self.config.switches.root_cut
    }

    /// Iterative deepening at the root up to `config.max_moves`: each root
    /// move's value (worlds won) at the deepest iteration that valued it,
    /// with that depth; the card chosen at the last iteration; and the card
    /// chosen after the first.
    fn deepen(&mut self, state: &mut State<'_>) -> Deepened {
        let max_moves = self.config.max_moves.max(1);
        let first = if self.iterates() { 1 } else { max_moves };
        let mut values: Vec<(Card, usize, usize)> = Vec::new();
        let mut previous_best: Option<usize> = None;
        let mut chosen: Option<Card> = None;
        let mut depth_one_best = None;
        let mut reached = first;
        for m in first..=max_moves {
            // The first iteration always completes: it is the fallback.
            self.limited = m > first;
            let (iteration, best) = self.iteration(state, m, previous_best);
            if self.exhausted {
                break;
            }
            reached = m;
            for (card, score) in iteration {
                let Some(score) = score else { continue };
                match values.iter_mut().find(|v| v.0 == card) {
                    Some(v) => *v = (card, score, m),
                    None => values.push((card, score, m)),
                }
            }
            if let Some(best) = best {
                previous_best = Some(best);
                // The most worlds, then the first card in card order.
                chosen = values
                    .iter()
                    .filter(|v| v.2 == m)
                    .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))
                    .map(|v| v.0);
            }
            if m == 1 {
                depth_one_best = chosen;
            }
        }
        Deepened {
            values,
            chosen,
            depth_one_best,
            reached,
        }
    }

    /// The value (worlds won) of the one root move of this searcher at
    /// `config.max_moves`, with the depth it was searched to (less when
    /// the work limit stopped it: then an upper bound); with `at_least`,
    /// `None` when it wins fewer worlds than that. Nothing outside the
    /// move is searched, so no cut that serves the choice between root
    /// moves applies.
    fn value_alone(
        &mut self,
        state: &mut State<'_>,
        at_least: Option<usize>,
    ) -> Option<(usize, usize)> {
        let max_moves = self.config.max_moves.max(1);
        // Values only fall as the search deepens: with a minimum, a
        // shallow iteration below it settles the question early.
        let first = if self.iterates() || at_least.is_some() {
            1
        } else {
            max_moves
        };
        let floored = at_least.filter(|_| self.config.switches.floor);
        let mut value: Option<(usize, usize)> = None;
        for m in first..=max_moves {
            self.limited = m > first;
            let (_, best) = match floored {
                // Only vectors that may reach the minimum are kept; the
                // move is valued only if it does.
                Some(aim) => self.root(state, m, None, Some(aim)),
                None => self.iteration(state, m, value.map(|v| v.0)),
            };
            if self.exhausted {
                break;
            }
            match (best, at_least) {
                (None, _) => return None,
                (Some(score), Some(aim)) if score < aim => return None,
                (Some(score), _) => value = Some((score, m)),
            }
        }
        value
    }
}

/// What iterative deepening at the root found.
struct Deepened {
    /// (card, worlds won, depth) of every root move valued at some depth.
    values: Vec<(Card, usize, usize)>,
    chosen: Option<Card>,
    depth_one_best: Option<Card>,
    /// The deepest iteration completed.
    reached: usize,
}

fn check(problem: &Problem) -> Result<(), AlphaMuError> {
    if let Some(w) = problem.seen_hands_differ() {
        return Err(AlphaMuError::SeenHandsDiffer(w));
    }
    Ok(())
}

/// Searches for the card of the player to move with alpha-mu: for
/// declarer's side as in the papers, or for a defender (the defence is Max,
/// the partner plays one card per hand it may hold, declarer sees all).
///
/// Every legal card of the player to move is in the result. The card chosen is
/// valued exactly at `config.max_moves`. With
/// [`AlphaMuConfig::value_every_card`] so is every other card: those the
/// cuts left out (cuts serve the choice of one card) are searched again
/// alone. Without it, a card cut at the last iteration keeps the value of
/// the deepest iteration that searched it, marked [`Bound::Upper`], and a
/// card no iteration searched (the cut on a win stops at the first card
/// that wins every world) gets its value at depth one, also an upper
/// bound (for a defender, a lower bound of declarer's chance). Cards
/// equivalent to a searched one (touching in the player's hand) take its
/// value.
///
/// # Errors
/// [`AlphaMuError::SeenHandsDiffer`] when a hand the player to move sees
/// differs between worlds.
pub fn alphamu(
    problem: &Problem,
    evaluator: &dyn LeafEvaluator,
    config: AlphaMuConfig,
) -> Result<SearchResult, AlphaMuError> {
    check(problem)?;
    let mut state = State::new(problem);
    let mut searcher = Searcher::new(problem, evaluator, config, None);
    let deepened = searcher.deepen(&mut state);
    let mut nodes = searcher.nodes;
    let mut leaf_evaluations = searcher.leaf_evaluations;
    let n = problem.world_count() as f64;
    let max_moves = config.max_moves.max(1);
    // Under the work limit, a search stopped short leaves every card as
    // it stands: searching them alone would meet the same limit.
    let search_alone = config.value_every_card && deepened.reached == max_moves;
    let declares = state.max_declares();
    // The cards searched alone share one more work limit between them:
    // a card that finds it spent keeps a shallower value, as a bound.
    let mut alone_budget = config.work_limit;
    let mut searched: Vec<CardChance> = Vec::new();
    for card in state.max_moves(0, true) {
        let found = deepened.values.iter().find(|v| v.0 == card);
        let (worlds, depth) = match found {
            Some(&(_, worlds, depth)) if depth == max_moves || !search_alone => (worlds, depth),
            _ => {
                let depth = if search_alone { max_moves } else { 1 };
                let config = AlphaMuConfig {
                    max_moves: depth,
                    // 0 is no limit; 1 is as good as spent.
                    work_limit: if config.work_limit == 0 {
                        0
                    } else {
                        alone_budget.max(1)
                    },
                    ..config
                };
                let mut alone = Searcher::new(problem, evaluator, config, Some(card));
                let value = alone.value_alone(&mut state, None).unwrap_or((0, depth));
                nodes += alone.nodes;
                leaf_evaluations += alone.leaf_evaluations;
                alone_budget = alone_budget.saturating_sub(alone.work);
                value
            }
        };
        // Values only fall as the search deepens: a bound of no world is
        // the value.
        let depth = if worlds == 0 { max_moves } else { depth };
        searched.push(card_value(card, worlds, n, depth, max_moves, declares));
    }
    let mut cards: Vec<CardChance> = state
        .max_moves(0, false)
        .into_iter()
        .map(|card| {
            // A run of equivalent cards is searched by its highest card.
            let run = searched
                .iter()
                .filter(|s| s.card.suit == card.suit && s.card.rank >= card.rank)
                .min_by_key(|s| s.card.rank)
                .expect("every card has its run's searched card above it");
            CardChance {
                card,
                ..run.clone()
            }
        })
        .collect();
    cards.sort_by_key(|v| v.card);
    Ok(SearchResult {
        best: deepened
            .chosen
            .expect("the player to move has a legal card"),
        cards,
        nodes,
        leaf_evaluations,
        depth_one_best: deepened.depth_one_best,
        depth_reached: deepened.reached,
        work: searcher.work,
    })
}

/// The exact value of one card of the player to move with alpha-mu at
/// `config.max_moves`, searched alone (no cut that serves the choice
/// between cards applies). With `at_least` worlds, `None` when the card
/// wins fewer for the side to move (for a defender: defeats the contract
/// in fewer): the search keeps only what may reach that many (with the
/// floor switch on), which is much faster when the answer is no. When the
/// work limit stops the search short, the value is the deepest found,
/// marked as a bound.
///
/// # Errors
/// As [`alphamu`].
///
/// # Panics
/// When `card` is not a legal card of the player to move.
pub fn alphamu_card(
    problem: &Problem,
    evaluator: &dyn LeafEvaluator,
    config: AlphaMuConfig,
    card: Card,
    at_least: Option<usize>,
) -> Result<Option<CardChance>, AlphaMuError> {
    check(problem)?;
    let mut state = State::new(problem);
    assert!(
        state.max_moves(0, false).contains(&card),
        "{card} is not a legal card of the player to move"
    );
    let mut alone = Searcher::new(problem, evaluator, config, Some(card));
    let n = problem.world_count() as f64;
    let declares = state.max_declares();
    Ok(alone
        .value_alone(&mut state, at_least)
        .map(|(worlds, depth)| {
            card_value(card, worlds, n, depth, config.max_moves.max(1), declares)
        }))
}

/// A card's value from the worlds Max wins with it at `depth`: declarer's
/// chance, which a defender's search bounds from below when it stopped
/// short of `max_moves` (the defence's chance from above).
fn card_value(
    card: Card,
    worlds: usize,
    n: f64,
    depth: usize,
    max_moves: usize,
    declares: bool,
) -> CardChance {
    let won = worlds as f64 / n;
    let bound = match (depth == max_moves, declares) {
        (true, _) => Bound::Exact,
        (false, true) => Bound::Upper,
        (false, false) => Bound::Lower,
    };
    CardChance {
        card,
        make: if declares { won } else { 1.0 - won },
        tricks: None,
        depth,
        bound,
    }
}

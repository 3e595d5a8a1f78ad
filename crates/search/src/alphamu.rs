//! alpha-mu: declarer plays the same card in every world, the defenders see
//! all cards; Pareto fronts of win/loss vectors are backed up (union at Max
//! nodes, per-world minimum of every combination at Min nodes), with
//! iterative deepening on the number of Max moves, a transposition table,
//! and the cuts and optimizations of both papers, each switchable.

use crate::front::Front;
use crate::game::{all_worlds, declarer_makes, Problem, State};
use crate::worldset::WorldSet;
use crate::{CardValue, LeafEvaluator};
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
    };
    /// The names, as `--disable` spells them.
    pub const NAMES: [&'static str; 9] = [
        "tt",
        "early-cut",
        "root-cut",
        "useful-worlds",
        "world-cuts",
        "empty-entry",
        "cut-on-win",
        "alpha-cut",
        "floor",
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
}

impl Default for AlphaMuConfig {
    fn default() -> Self {
        AlphaMuConfig {
            max_moves: 3,
            switches: Switches::ALL,
            parallel_leaves: true,
            front_limit: FRONT_LIMIT,
        }
    }
}

/// A problem alpha-mu does not search.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AlphaMuError {
    /// alpha-mu searches for declarer.
    #[error("alpha-mu plays for declarer, and {0} (a defender) is to move")]
    DefenderToMove(cards::Seat),
    /// Declarer's side sees its own cards: they are the same in every world.
    #[error("world {0}: declarer's or dummy's cards differ from world 0's")]
    DeclarerHandsDiffer(usize),
}

/// The result of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The card chosen.
    pub best: Card,
    /// Every card declarer may play, sorted by card: `make` is the value
    /// of the card at the deepest iteration that searched it fully
    /// (`depth`); a card cut at that depth keeps a shallower value, which
    /// is an upper bound.
    pub cards: Vec<CardValue>,
    /// Nodes visited.
    pub nodes: u64,
    /// World evaluations asked of the leaf evaluator.
    pub leaf_evaluations: u64,
    /// The card chosen after the first iteration (M = 1, the move PIMC's
    /// values over the same worlds give), when the search iterated
    /// (with the transposition table or the root cut on).
    pub depth_one_best: Option<Card>,
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
    /// While a search may be dropped: each entry stored, with the one it
    /// replaced.
    journal: Option<Vec<(Key, Option<Entry>)>>,
    /// An unfloored first try: fronts may not outgrow the configured limit.
    watching: bool,
    /// A front outgrew `front_limit`: the search unwinds.
    overflow: bool,
    table: FxHashMap<Key, Entry>,
    uppers: Vec<Upper>,
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
        let worlds: Vec<usize> = useful.iter().collect();
        self.leaf_evaluations += worlds.len() as u64;
        let evaluator = self.evaluator;
        let won: Vec<usize> = if self.config.parallel_leaves && worlds.len() > 1 {
            worlds
                .par_iter()
                .copied()
                .filter(|&w| declarer_makes(state, w, evaluator))
                .collect()
        } else {
            worlds
                .iter()
                .copied()
                .filter(|&w| declarer_makes(state, w, evaluator))
                .collect()
        };
        let mut v = valid.complement();
        for w in won {
            v.insert(w);
        }
        v
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

    /// Puts the best move stored for this node, if any, first.
    fn stored_best_first(&self, key: &Key, moves: &mut [Card]) {
        if let Some(Some(best)) = self.table.get(key).map(|e| e.best) {
            best_first(moves, best);
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
    ) -> Option<Front> {
        if state.won() {
            return Some(Front::single(WorldSet::ALL));
        }
        let unevaluated = valid.and_not(useful);
        if state.lost() {
            return Some(self.above_floor(Front::single(valid.complement()), &unevaluated));
        }
        if m == 0 || (self.config.switches.world_cuts && useful.len() <= 1) {
            let v = self.leaf(state, valid, useful);
            let front = self.above_floor(Front::single(v), &unevaluated);
            if m == 0 {
                // Kept for the next iteration, where this node is searched
                // deeper: its early cut starts from these vectors.
                let key = Self::key(state, valid);
                self.store(key, &front, &unevaluated, None);
            }
            return Some(front);
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
        if self.overflow {
            return Front::new();
        }
        if let Some(front) = self.stop(state, m, &valid, &useful) {
            return front;
        }
        if state.is_max() {
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
                Some(so_far) => {
                    // A product this large would outgrow the limit before
                    // its front could be checked.
                    let pairs = so_far.vectors().len() * f.vectors().len();
                    if self.watching
                        && pairs > self.config.front_limit.saturating_mul(PAIRS_PER_VECTOR)
                    {
                        self.overflow = true;
                        break;
                    }
                    so_far.product_kept(&f, |v| self.may_reach_floor(v, &raise))
                }
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
            if cut || hopeless || self.overflow {
                break;
            }
        }
        let mini = mini.unwrap_or_default();
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
        let mut moves = state.max_moves(true);
        self.stored_best_first(&key, &mut moves);
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
            front.max_with(&f);
            self.watch(&front);
            if self.overflow {
                break;
            }
            let top = self.uppers.last_mut().expect("pushed above");
            top.front = front.clone();
            if sw.cut_on_win && f.vectors().iter().any(|v| useful.is_subset(v)) {
                break;
            }
        }
        self.uppers.pop();
        let out = Self::normalized(&front, &valid, &useful);
        self.store(key, &out, &valid.and_not(&useful), best.map(|b| b.1));
        out
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
        if !self.overflow {
            return unfloored;
        }
        self.overflow = false;
        self.roll_back(journal);
        let mut step = 1;
        loop {
            self.journal = Some(Vec::new());
            let (values, best) = self.root(state, m, previous_best, Some(aim));
            let journal = self.journal.take().unwrap_or_default();
            if best.is_some() || aim == 0 {
                return (values, best);
            }
            self.roll_back(journal);
            aim = aim.saturating_sub(step);
            step *= 2;
        }
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
        let mut moves = state.max_moves(true);
        self.stored_best_first(&key, &mut moves);
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
            if self.overflow {
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

/// Searches for declarer's card with alpha-mu.
///
/// # Errors
/// [`AlphaMuError`] when a defender is to play at the root, or declarer's
/// cards differ between worlds.
pub fn alphamu(
    problem: &Problem,
    evaluator: &dyn LeafEvaluator,
    config: AlphaMuConfig,
) -> Result<SearchResult, AlphaMuError> {
    let mut state = State::new(problem);
    if !state.is_max() {
        return Err(AlphaMuError::DefenderToMove(state.to_move()));
    }
    if let Some(w) = problem.declarer_hands_differ() {
        return Err(AlphaMuError::DeclarerHandsDiffer(w));
    }
    let mut searcher = Searcher {
        evaluator,
        config,
        floor: 0,
        root_worlds: all_worlds(problem),
        journal: None,
        watching: false,
        overflow: false,
        table: FxHashMap::default(),
        uppers: Vec::new(),
        nodes: 0,
        leaf_evaluations: 0,
    };
    let n = problem.world_count();
    let max_moves = config.max_moves.max(1);
    let iterate = config.switches.tt || config.switches.root_cut;
    let first = if iterate { 1 } else { max_moves };
    let mut values: Vec<CardValue> = Vec::new();
    let mut previous_best: Option<usize> = None;
    let mut chosen: Option<Card> = None;
    let mut depth_one_best = None;
    for m in first..=max_moves {
        let (iteration, best) = searcher.iteration(&mut state, m, previous_best);
        for (card, score) in iteration {
            let Some(score) = score else { continue };
            let value = CardValue {
                card,
                make: score as f64 / n as f64,
                tricks: None,
                depth: m,
            };
            match values.iter_mut().find(|v| v.card == card) {
                Some(v) => *v = value,
                None => values.push(value),
            }
        }
        if let Some(best) = best {
            previous_best = Some(best);
            chosen = values
                .iter()
                .filter(|v| v.depth == m)
                .max_by(|a, b| a.make.total_cmp(&b.make).then(b.card.cmp(&a.card)))
                .map(|v| v.card);
        }
        if m == 1 {
            depth_one_best = chosen;
        }
    }
    values.sort_by_key(|v| v.card);
    Ok(SearchResult {
        best: chosen.expect("declarer has a legal card"),
        cards: values,
        nodes: searcher.nodes,
        leaf_evaluations: searcher.leaf_evaluations,
        depth_one_best,
    })
}

//! The boolean search: can North-South take at least `target` more tricks?
//!
//! Positions are four `u64` bitboards (16 bits per suit, bit = rank number)
//! plus the cards on the table. The search is an AND/OR tree: North-South
//! nodes succeed if one move succeeds, East-West nodes if every move does.
//! At trick boundaries it counts both sides' top trumps, consults the
//! transposition table, and then counts the other sure tricks (the quick
//! tricks of the side on lead, the tricks the other side cannot be denied)
//! before generating moves.
//!
//! The search is in this file; beside it, [`node`] holds the position and
//! the card arithmetic on bitboards, [`ordering`] the move ordering (DDS's
//! weights), [`key`] the transposition table's view of a position (its key,
//! its owners, the requirements a result carries).

mod key;
mod node;
mod ordering;

use crate::quick::{later_tricks, quick_tricks, top_trump_tricks};
use crate::tt::{Lookup, Req, Shape, TranspositionTable, NO_MOVE};
use crate::NOTRUMP;
use key::{counts, owners_of, relative_card, shape_key, trick_needs};
pub(crate) use node::Node;
use node::{group_low, holding, suit_of};
use ordering::MoveList;

/// A requirement as the search carries it: a set of live cards, standing
/// for every live card of each suit down to the lowest card of the set in
/// that suit (the top cards whose owners the result depends on). Unlike
/// [`Req`], which counts top cards and so must be recounted whenever a
/// trick's cards leave play, a set of cards stays valid as tricks are
/// completed: the union of two is their `|`, a completed trick adds its
/// winner, and the count is taken only where the table stores an entry.
type Needs = u64;

/// What the moves tried so far at a node have established (see
/// [`Search::try_move`]).
struct Tried {
    /// The requirement of the failures so far.
    req: Needs,
    /// Per suit: cards below this one (as `16 * suit + rank`) are covered
    /// by a failure already.
    skip_below: [u8; 4],
    /// No move has been searched yet.
    first: bool,
    /// With three cards on the table: the trick's winning card so far
    /// (`Node::winning`), found once for all the last hand's moves.
    winning: (usize, u8),
}

impl Tried {
    /// Nothing tried yet at `node`; with three cards on the table, the
    /// trick's winning card so far.
    #[inline]
    fn new(node: &Node, trump: usize) -> Tried {
        Tried {
            req: 0,
            skip_below: [0; 4],
            first: true,
            winning: if node.trick_len == 3 {
                node.winning(trump)
            } else {
                (0, 0)
            },
        }
    }
}

/// The search engine: trump, transposition table and node counter.
pub(crate) struct Search {
    pub trump: usize,
    /// Per tricks left: the lead that last caused a cutoff at a trick start
    /// after another lead had failed, forgotten at each root search.
    killers: [u8; 14],
    /// Per tricks left: the killer before the last, if another card.
    older_killers: [u8; 14],
    pub tt: TranspositionTable,
    /// Whether the CPU runs BMI2's `pext` and `pdep` in hardware
    /// ([`cards::cpu::fast_pdep_pext`]), for the owners, the groups and
    /// [`Search::needs`].
    bmi2: bool,
    pub nodes: u64,
    /// The node count at which a search stops short ([`u64::MAX`]: never).
    /// Checked at a trick start about to search its leads, the only place
    /// that stores into the table: a search stopped short stores nothing
    /// from there on, so the table holds only what finished searches found.
    pub node_limit: u64,
    /// Whether a search stopped at [`Search::node_limit`]: its answers
    /// since then mean nothing.
    pub stopped: bool,
    pub stats: Stats,
}

/// Counters of what the search did. `trick_starts`, the work measure the
/// benchmarks compare with DDS's trick nodes, is always counted (one add a
/// trick start); the others only in a build with the `stats` feature, so
/// that the solver's users do not pay for them.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stats {
    /// Tricks completed inside the search: every trick start entered, as
    /// DDS counts its "trick nodes".
    pub trick_starts: u64,
    /// Positions at a trick boundary searched.
    #[cfg(feature = "stats")]
    pub boundaries: u64,
    /// Of those, settled by the transposition table.
    #[cfg(feature = "stats")]
    pub table_cuts: u64,
    /// Of those, settled by quick tricks.
    #[cfg(feature = "stats")]
    pub quick_cuts: u64,
    /// Of those, settled by the sure tricks of the side not on lead.
    #[cfg(feature = "stats")]
    pub later_cuts: u64,
    /// Second-hand positions settled by the trick in progress being sure.
    #[cfg(feature = "stats")]
    pub second_hand_cuts: u64,
    /// Sum over stored entries of the number of top cards required.
    #[cfg(feature = "stats")]
    pub stored_req_cards: u64,
    /// Entries stored.
    #[cfg(feature = "stats")]
    pub stores: u64,
    /// Per cards on the table: cutoffs by the first move tried, and all
    /// cutoffs.
    #[cfg(feature = "stats")]
    pub first_cutoffs: [u64; 4],
    /// See `first_cutoffs`.
    #[cfg(feature = "stats")]
    pub cutoffs: [u64; 4],
}

/// Adds to a counter of [`Stats`] that only a build with the `stats`
/// feature keeps (one, or the amount given).
macro_rules! tally {
    ($counter:expr) => {
        tally!($counter, 1)
    };
    ($counter:expr, $amount:expr) => {
        #[cfg(feature = "stats")]
        {
            $counter += $amount;
        }
    };
}

impl Search {
    pub fn new(log2_entries: u32) -> Search {
        Search {
            trump: NOTRUMP,
            killers: [NO_MOVE; 14],
            older_killers: [NO_MOVE; 14],
            tt: TranspositionTable::new(log2_entries),
            bmi2: cards::cpu::fast_pdep_pext(),
            nodes: 0,
            node_limit: u64::MAX,
            stopped: false,
            stats: Stats::default(),
        }
    }

    /// A search from the root: [`Search::search`] with the killer leads of
    /// earlier searches forgotten.
    pub fn root(&mut self, node: &Node, target: i32) -> bool {
        self.killers = [NO_MOVE; 14];
        self.older_killers = [NO_MOVE; 14];
        self.search(node, target).0
    }

    /// [`Search::root`] for a position inside a trick, with `first` (a
    /// card, or `NO_MOVE`) tried before the ordering's moves when the
    /// player to move may play it. Returns the answer and the move that
    /// decided it (`NO_MOVE` when every move was tried).
    pub fn root_inside_trick(&mut self, node: &Node, target: i32, first: u8) -> (bool, u8) {
        debug_assert!(node.trick_len > 0, "a trick in progress");
        self.killers = [NO_MOVE; 14];
        self.older_killers = [NO_MOVE; 14];
        let left = node.tricks_left();
        if target <= 0 || target > left {
            return (target <= 0, NO_MOVE);
        }
        self.nodes += 1;
        let seat = node.mover();
        let hand = node.hands[seat];
        let led = suit_of(node.trick[0]);
        let playable = if holding(hand, led) == 0 {
            hand
        } else {
            hand & 0xffff << (16 * led)
        };
        if first != NO_MOVE && playable >> first & 1 != 0 {
            // The group of equivalent cards holding `first`: its highest
            // card is the lowest group top at or above it, its lowest the
            // highest group bottom at or below it.
            let (tops, lows) = self.group_ends(playable, node.live());
            let top = (tops & !((1u64 << first) - 1)).trailing_zeros() as u8;
            let low = (63 - (lows & ((2u64 << first) - 1)).leading_zeros()) as u8;
            let maximizing = seat & 1 == 0;
            let mut tried = Tried::new(node, self.trump);
            if let Some((result, best, _)) =
                self.try_move(node, target, maximizing, top, low, &mut tried)
            {
                return (result, best);
            }
        }
        // Every move in the ordering's order (`first` again among them: its
        // subtree's trick starts are in the table by now).
        let (result, best, _) = self.search_moves(node, target, NO_MOVE);
        (result, best)
    }

    /// Can North-South take at least `target` of the tricks left (the current
    /// one included)? With the answer comes its requirement ([`Needs`]):
    /// per suit, the highest live cards (those in the hands and on the
    /// table) that must lie as they do for the answer to hold. Every
    /// position with the
    /// same suit lengths per hand, the same cards' suits on the table and the
    /// same owners of those top cards has the same answer.
    ///
    /// Inlined where a node's moves are tried, so that a child inside a
    /// trick costs one call (its moves') instead of two, and a trick start
    /// one (the out-of-line [`Search::search_trick_start`]). The measures
    /// of this and of the other choices of inlining and order below are in
    /// docs/BENCHMARKS-HISTORY.md.
    #[inline(always)]
    pub fn search(&mut self, node: &Node, target: i32) -> (bool, Needs) {
        self.nodes += 1;
        if target <= 0 {
            return (true, 0);
        }
        let left = node.tricks_left();
        if target > left {
            return (false, 0);
        }
        if node.trick_len == 0 {
            return self.search_trick_start(node, target, left);
        }
        if node.trick_len == 1 {
            // Tricks the second hand's side needs for a cutoff.
            let maximizing = node.mover() & 1 == 0;
            let need = if maximizing {
                target
            } else {
                left - target + 1
            };
            if let Some((sure, req)) = self.second_hand_tricks(node, need) {
                if sure >= need {
                    tally!(self.stats.second_hand_cuts);
                    return (maximizing, self.needs(node.live(), req));
                }
            }
        }
        let (result, _, req) = self.search_moves(node, target, NO_MOVE);
        (result, req)
    }

    /// Tricks the side of the second hand is sure of, this one included,
    /// when it can surely win the trick in progress: it holds the best card
    /// of the suit led above the third hand's, or can ruff where the third
    /// hand cannot overruff. In notrump the winning hand then cashes its
    /// second best card of the suit and its top cards elsewhere. `None` when
    /// the count cannot reach `need` or the trick is not sure.
    ///
    /// Inlined into the search, not called: it runs at every second hand.
    #[inline(always)]
    fn second_hand_tricks(&self, node: &Node, need: i32) -> Option<(i32, Req)> {
        let trump = self.trump;
        if need > 1 && trump != NOTRUMP {
            return None;
        }
        let seat = node.mover();
        let partner = (seat + 2) & 3;
        let third = (seat + 1) & 3;
        let lead = node.trick[0];
        let led = suit_of(lead);
        let h = &node.hands;
        let own = holding(h[seat], led);
        let part = holding(h[partner], led);
        let thr = holding(h[third], led);
        let third_ruffs =
            trump != NOTRUMP && led != trump && thr == 0 && holding(h[third], trump) != 0;
        let mut req = [0u8; 4];
        if trump != NOTRUMP
            && led != trump
            && ((own == 0 && holding(h[seat], trump) != 0)
                || (part == 0 && holding(h[partner], trump) != 0))
        {
            // Our side ruffs and the third hand cannot overruff: it follows
            // suit or has no trump.
            return if third_ruffs { None } else { Some((1, req)) };
        }
        let ranks = own | part;
        let theirs = thr | 1u16 << (lead & 15);
        if ranks <= theirs || third_ruffs {
            return None;
        }
        let live = holding(node.live(), led);
        let top = 15 - ranks.leading_zeros();
        req[led] = (live >> top).count_ones() as u8;
        let mut sure = 1;
        if sure >= need {
            return Some((sure, req));
        }
        // Notrump: the hand with the best card wins and stays on lead.
        let hh = if own > part { seat } else { partner };
        let mine = holding(h[hh], led);
        let rest = holding(h[0] | h[1] | h[2] | h[3], led) & !(1u16 << top);
        if rest != 0 {
            let second = 15 - rest.leading_zeros();
            if mine >> second & 1 != 0 {
                sure += 1;
                req[led] = (live >> second).count_ones() as u8;
            }
        }
        for s in 0..4 {
            if sure >= need {
                break;
            }
            let cards = holding(h[hh], s);
            if s == led || cards == 0 {
                continue;
            }
            let others = holding(h[(hh + 1) & 3] | h[(hh + 2) & 3] | h[(hh + 3) & 3], s);
            if others == 0 {
                sure += cards.count_ones() as i32;
            } else if cards.leading_zeros() < others.leading_zeros() {
                sure += 1;
                req[s] = req[s].max(1);
            }
        }
        Some((sure, req))
    }

    /// A trick start: the top trumps, the table, the sure-trick counts,
    /// else the leads searched and the result stored. Kept out of the
    /// moves' loop that calls it, which stays small for the moves inside a
    /// trick (inlined there it took more time).
    #[inline(never)]
    fn search_trick_start(&mut self, node: &Node, target: i32, left: i32) -> (bool, Needs) {
        if left == 1 {
            return self.last_trick(node, target);
        }
        tally!(self.stats.boundaries);
        // The top trumps, then the table, then the other sure-trick counts:
        // the counts settle with fewer cards required than an entry would,
        // but they cost more than a probe. (Counting before the probe
        // searched fewer trick starts but took more time.)
        let live = node.live();
        if let Some((result, req)) = self.top_trumps_cut(node, target, left) {
            return (result, self.needs(live, req));
        }
        // The owners are worked out only when the key has a list to scan,
        // or for the store: many probes find no list.
        let key = shape_key(node, self.trump);
        let bmi2 = self.bmi2;
        let (hint, owners) = match self.tt.probe(key, target, || owners_of(node, bmi2)) {
            (Lookup::Cut(result, req), _) => {
                tally!(self.stats.table_cuts);
                return (result, self.needs(live, req));
            }
            (Lookup::Miss(hint), owners) => (hint, owners),
        };
        if let Some((result, req)) = self.counted_tricks_cut(node, target, left) {
            return (result, self.needs(live, req));
        }
        if self.stopped || self.nodes >= self.node_limit {
            self.stopped = true;
            return (false, 0);
        }
        let (result, best, needs) = self.search_moves(node, target, hint);
        if self.stopped {
            return (false, 0);
        }
        let shape = Shape {
            key,
            owners: owners.unwrap_or_else(|| owners_of(node, bmi2)),
        };
        let req = counts(live, needs);
        let best = if best == NO_MOVE {
            NO_MOVE
        } else {
            relative_card(node, best)
        };
        tally!(self.stats.stores);
        tally!(
            self.stats.stored_req_cards,
            req.iter().map(|&k| u64::from(k)).sum::<u64>()
        );
        if result {
            self.tt.store(&shape, req, target as u8, left as u8, best);
        } else {
            self.tt.store(&shape, req, 0, (target - 1) as u8, best);
        }
        (result, needs)
    }

    /// Settles a trick start from sure tricks alone, if it can: top trumps
    /// of either side, quick tricks of the side on lead, and the tricks the
    /// other side is sure of. With the result comes its requirement.
    pub(crate) fn sure_tricks_cut(
        &mut self,
        node: &Node,
        target: i32,
        left: i32,
    ) -> Option<(bool, Req)> {
        self.top_trumps_cut(node, target, left)
            .or_else(|| self.counted_tricks_cut(node, target, left))
    }

    /// Trumps above all the other side's: a floor for either side.
    fn top_trumps_cut(&mut self, node: &Node, target: i32, left: i32) -> Option<(bool, Req)> {
        for seat in [0, 1] {
            let need = if seat == 0 { target } else { left - target + 1 };
            let (sure, sure_req) = top_trump_tricks(&node.hands, seat, self.trump, need);
            if sure >= need {
                tally!(self.stats.quick_cuts);
                return Some((seat == 0, sure_req));
            }
        }
        None
    }

    /// The quick tricks of the side on lead (a floor for it) and the tricks
    /// the other side is sure of (a ceiling for the leader).
    fn counted_tricks_cut(&mut self, node: &Node, target: i32, left: i32) -> Option<(bool, Req)> {
        let leader = node.leader as usize;
        let need = if leader & 1 == 0 {
            target
        } else {
            left - target + 1
        };
        let (sure, sure_req) = quick_tricks(&node.hands, leader, self.trump, need);
        if sure >= need {
            tally!(self.stats.quick_cuts);
            return Some((leader & 1 == 0, sure_req));
        }
        let (theirs, theirs_req) = later_tricks(&node.hands, leader, self.trump, left);
        if theirs > left - need {
            tally!(self.stats.later_cuts);
            return Some((leader & 1 != 0, theirs_req));
        }
        None
    }

    /// One card left in each hand: play them out.
    fn last_trick(&self, node: &Node, target: i32) -> (bool, Needs) {
        let mut child = *node;
        for _ in 0..3 {
            let card = child.hands[child.mover()].trailing_zeros() as u8;
            child = child.play(card, self.trump).0;
        }
        let card = child.hands[child.mover()].trailing_zeros() as u8;
        let (_, won) = child.play(card, self.trump);
        (
            won >= target,
            trick_needs(&child, card, self.trump, child.winning(self.trump)),
        )
    }

    /// Tries the moves of the player to move in order. Returns the result,
    /// the move that decided it (`NO_MOVE` when all moves were tried) and
    /// the requirement of the result.
    fn search_moves(&mut self, node: &Node, target: i32, hint: u8) -> (bool, u8, Needs) {
        let seat = node.mover();
        let maximizing = seat & 1 == 0;
        let mut tried = Tried::new(node, self.trump);
        // The last hand following suit: the first move is found without
        // ordering the others, which most nodes never need (it cuts off at
        // nearly every cut node). The second hand following suit is ordered
        // whole in generate from the suit led alone: its first move fails
        // too often for finding it alone and ordering again to pay.
        let mut skip = NO_MOVE;
        let direct = if node.trick_len == 3 {
            self.fourth_hand_first(node, seat, tried.winning)
        } else {
            None
        };
        if let Some((card, low)) = direct {
            debug_assert_eq!(
                {
                    let mut moves = MoveList::new();
                    self.generate(node, seat, NO_MOVE, &mut moves);
                    (moves.card(0), moves.low(0))
                },
                (card, low),
                "a first move found directly is the ordering's first"
            );
            if let Some(cut) = self.try_move(node, target, maximizing, card, low, &mut tried) {
                return cut;
            }
            skip = card;
        }
        let mut moves = MoveList::new();
        self.generate(node, seat, hint, &mut moves);
        for i in 0..moves.len {
            let card = moves.card(i);
            if card == skip {
                continue;
            }
            if let Some(cut) =
                self.try_move(node, target, maximizing, card, moves.low(i), &mut tried)
            {
                return cut;
            }
        }
        (!maximizing, NO_MOVE, tried.req)
    }

    /// Plays `card` (the first of its group, whose lowest card is `low`)
    /// and searches the child, unless an earlier failure of its suit
    /// already covers it. A cutoff is returned as the node's result; a
    /// failure adds to `tried`.
    #[inline(always)]
    fn try_move(
        &mut self,
        node: &Node,
        target: i32,
        maximizing: bool,
        card: u8,
        low: u8,
        tried: &mut Tried,
    ) -> Option<(bool, u8, Needs)> {
        let s = suit_of(card);
        // Per suit: once a move of the suit has failed with a result that
        // does not depend on its own card, every card of the suit below the
        // cards the result depends on gives the same result (swap the two
        // cards: nothing the result depends on changes), so it is skipped.
        if card < tried.skip_below[s] {
            return None;
        }
        let first = std::mem::replace(&mut tried.first, false);
        let (child, won) = if node.trick_len == 3 {
            self.stats.trick_starts += 1;
            node.play_last(card, self.trump, tried.winning)
        } else {
            node.play(card, self.trump)
        };
        let (result, child_needs) = self.search(&child, target - won);
        let mut move_needs = if node.trick_len == 3 {
            child_needs | trick_needs(node, card, self.trump, tried.winning)
        } else {
            child_needs
        };
        if result == maximizing {
            // A killer only from a cutoff the ordering missed: a lead that
            // cut at once was first anyway, and remembering it displaced
            // the lead that had to be found (keeping every killer searched
            // more nodes).
            if node.trick_len == 0 && !first {
                let left = node.tricks_left() as usize;
                if self.killers[left] != card {
                    self.older_killers[left] = self.killers[left];
                }
                self.killers[left] = card;
            }
            tally!(self.stats.cutoffs[node.trick_len as usize]);
            tally!(
                self.stats.first_cutoffs[node.trick_len as usize],
                u64::from(first)
            );
            return Some((result, card, move_needs));
        }
        // A failure covers the cards of this card's group that were not
        // tried: if the answer depends on cards down to this one, it
        // depends on the whole group. (A success needs only this card.)
        // The rank of the lowest card needed in the suit: 16 (above every
        // card) when none is.
        let lowest_needed = holding(move_needs, s).trailing_zeros();
        if lowest_needed <= u32::from(card & 15) {
            move_needs |= 1 << low;
        } else {
            let below = 16 * s as u8 + lowest_needed as u8;
            tried.skip_below[s] = tried.skip_below[s].max(below);
        }
        tried.req |= move_needs;
        None
    }

    /// The move [`Search::generate`] would order first for the last hand
    /// when it follows suit, with its group, found without the others:
    /// the cheapest card that beats the trick's winning card unless
    /// partner is winning it, else the lowest; `winning` is the trick's
    /// winning card so far, as [`Node::winning`] gives it. `None` when the
    /// hand is void in the suit led.
    #[inline]
    fn fourth_hand_first(
        &self,
        node: &Node,
        seat: usize,
        (best, winning): (usize, u8),
    ) -> Option<(u8, u8)> {
        let led = suit_of(node.trick[0]);
        let mine = holding(node.hands[seat], led);
        if mine == 0 {
            return None;
        }
        let all = holding(node.live(), led);
        let others = all & !mine;
        let partner_winning = (node.leader as usize + best) & 1 == seat & 1;
        // Our cards above the winning card: none when it is a trump of a
        // ruff, or when partner wins anyway.
        let above = if partner_winning || suit_of(winning) != led {
            0
        } else {
            mine & !((2u16 << (winning & 15)) - 1)
        };
        // The group holding the chosen card: from our lowest card (of those
        // above the winning card, if any) up to just below the next live
        // card of another hand.
        let low = if above != 0 { above } else { mine }.trailing_zeros();
        let others_above = others & !((2u16 << low) - 1);
        let top = if others_above == 0 {
            15 - mine.leading_zeros()
        } else {
            let next = others_above.trailing_zeros();
            15 - (mine & ((1u16 << next) - 1)).leading_zeros()
        };
        let group_low = group_low(mine, others, top);
        let base = (16 * led) as u8;
        Some((base + top as u8, base + group_low as u8))
    }
}

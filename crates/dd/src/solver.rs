use crate::search::{Node, Search, Stats};
use crate::table::DdTable;
use crate::NOTRUMP;
use bridge::Position;
use cards::{Card, Deal, DealError, Seat, Strain};
use thiserror::Error;

/// Why the solver cannot answer.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolverError {
    /// A table needs four hands of the same size.
    #[error("a double-dummy table needs four hands of the same size: {0}")]
    UnequalHands(#[from] DealError),
}

/// One legal card and the tricks the side to move takes after playing it
/// (the current trick included), both sides playing perfectly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardValue {
    /// The card.
    pub card: Card,
    /// Tricks for the side that plays it.
    pub tricks: u8,
}

/// A double-dummy solver. Keep one per thread and reuse it: its
/// transposition table carries over from call to call.
pub struct Solver {
    search: Search,
    /// The hands of the last position asked about: a position from another
    /// deal empties the table (see [`Solver::prepare`]).
    last_hands: [u64; 4],
    /// The card that decided the last threshold question asked inside a
    /// trick, and of which position (see [`Solver::can_take`]).
    last_decider: Option<(WorldFree, u8)>,
}

/// A position inside a trick with its hands' cards taken together, and a
/// threshold question about it: what the worlds of a search share at one
/// of its positions, whoever holds which of the unseen cards.
#[derive(Clone, Copy, PartialEq, Eq)]
struct WorldFree {
    cards: u64,
    trick: [u8; 3],
    trick_len: u8,
    leader: u8,
    ns_target: i32,
}

impl WorldFree {
    fn of(node: &Node, ns_target: i32) -> WorldFree {
        WorldFree {
            cards: node.hands[0] | node.hands[1] | node.hands[2] | node.hands[3],
            trick: node.trick,
            trick_len: node.trick_len,
            leader: node.leader,
            ns_target,
        }
    }
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

/// The order in which a strain's declarers are solved. North-South's
/// count rarely moves by more than a trick when another seat declares, so
/// each result guesses the next; partners declare one after the other (the
/// same side on lead), which searches fewer nodes than the order North,
/// East, South, West.
pub(crate) const DECLARER_ORDER: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];

/// The default table: up to 2^22 entries of 32 bytes (128 MiB), their
/// arena at most twice that.
const DEFAULT_TT_LOG2: u32 = 22;

impl Solver {
    /// A solver with the default transposition table (up to 2^22 entries,
    /// 128 MiB, in an arena of at most 256 MiB).
    #[must_use]
    pub fn new() -> Solver {
        Solver::with_table_size(DEFAULT_TT_LOG2)
    }

    /// A solver whose transposition table holds `2^log2_entries` entries of
    /// 32 bytes each, in an arena of at most twice their room, plus the
    /// lists' keys.
    #[must_use]
    pub fn with_table_size(log2_entries: u32) -> Solver {
        Solver {
            search: Search::new(log2_entries.clamp(4, 30)),
            last_hands: [0; 4],
            last_decider: None,
        }
    }

    /// Nodes searched since the solver was made.
    #[must_use]
    pub const fn nodes(&self) -> u64 {
        self.search.nodes
    }

    /// Counters of the search since the solver was made ([`Stats`]: the
    /// trick starts always, the others with the `stats` feature).
    #[must_use]
    pub const fn stats(&self) -> Stats {
        self.search.stats
    }

    /// Forgets everything the transposition table holds.
    pub fn clear(&mut self) {
        self.search.tt.clear();
    }

    fn prepare(&mut self, position: &Position) -> Node {
        let trump = position.trump().map_or(NOTRUMP, |s| s.index());
        if trump != self.search.trump {
            // No entry of another trump suit matches (the trump is in the
            // key): they only spread the lists over more memory.
            self.search.tt.clear();
        }
        self.search.trump = trump;
        self.search.tt.next_generation();
        let hands = position.remaining().hands();
        let mut trick = [0; 3];
        let mut trick_len = 0;
        for (i, card) in position.trick().enumerate() {
            trick[i] = card.bit() as u8;
            trick_len += 1;
        }
        let node = Node::new(
            Seat::ALL.map(|seat| hands[seat].0),
            trick,
            trick_len,
            position.leader() as u8,
        );
        self.forget_other_deals(&node.hands);
        node
    }

    /// Entries stay valid from deal to deal, but those of another deal
    /// rarely match and lengthen every list the search scans. When more than
    /// half the cards both positions hold have changed hands, the table is
    /// emptied; positions of one deal, and worlds that keep two hands, keep
    /// it.
    fn forget_other_deals(&mut self, hands: &[u64; 4]) {
        let common = (hands[0] | hands[1] | hands[2] | hands[3])
            & (self.last_hands[0] | self.last_hands[1] | self.last_hands[2] | self.last_hands[3]);
        let kept = (0..4)
            .map(|h| (hands[h] & self.last_hands[h]).count_ones())
            .sum::<u32>();
        let moved = common.count_ones() - kept;
        if 2 * moved > common.count_ones() {
            self.search.tt.clear();
        }
        self.last_hands = *hands;
    }

    /// Exact tricks for North-South from `node` on, stepping the target from
    /// a guess: two searches when the guess is right, one more per trick it
    /// is off. Without a better guess, half the tricks left: stepping from
    /// there took fewer nodes than a binary search (tables 13.49M to 13.26M
    /// on the nodes example).
    fn exact_ns_from(&mut self, node: &Node, mut lo: i32, mut hi: i32, guess: i32) -> i32 {
        let mut target = guess.clamp(lo + 1, hi.max(lo + 1));
        while lo < hi {
            target = target.clamp(lo + 1, hi);
            if self.search.root(node, target) {
                lo = target;
                target += 1;
            } else {
                hi = target - 1;
                target -= 1;
            }
        }
        lo
    }

    /// Can the side to move take at least `tricks` of the tricks left (the
    /// current trick included)?
    ///
    /// Inside a trick, the solver remembers the card that decided the
    /// answer and tries it first when the next question is the same one
    /// about another world of the same position (the same cards on the
    /// table and in play, dealt otherwise among the hands), as a search
    /// over sampled worlds asks it. The answer never depends on it.
    pub fn can_take(&mut self, position: &Position, tricks: u8) -> bool {
        let node = self.prepare(position);
        let left = node.tricks_left();
        let k = i32::from(tricks);
        // East-West take k or more iff North-South take k' = left - k + 1
        // or more fails.
        let ns_target = if node.mover() & 1 == 0 {
            k
        } else {
            left - k + 1
        };
        let ns_make = if node.trick_len == 0 {
            self.search.root(&node, ns_target)
        } else {
            // The card that decided the same question in the world asked
            // before (the same cards on the table, the unseen cards dealt
            // otherwise) is tried first: over the worlds of a search the
            // deciding card is mostly the same, and the ordering's first
            // card often is not. At trick starts it cost more than it
            // saved: there the ordering's leads guess better than another
            // world's.
            let question = WorldFree::of(&node, ns_target);
            let first = match self.last_decider {
                Some((asked, card)) if asked == question => card,
                _ => crate::tt::NO_MOVE,
            };
            let (ns_make, decider) = self.search.root_inside_trick(&node, ns_target, first);
            if decider != crate::tt::NO_MOVE {
                self.last_decider = Some((question, decider));
            }
            ns_make
        };
        if node.mover() & 1 == 0 {
            ns_make
        } else {
            !ns_make
        }
    }

    /// What the solver's sure-trick counts alone (top trumps, the quick
    /// tricks of the side on lead, the tricks of the other side) settle
    /// about a position at a trick start: whether North-South take at least
    /// `ns_target` of the tricks left, or `None` when a search is needed.
    /// For studying the solver; [`Solver::can_take`] answers every case.
    ///
    /// # Panics
    /// If a trick is in progress.
    pub fn sure_tricks(&mut self, position: &Position, ns_target: u8) -> Option<bool> {
        assert!(
            position.trick().next().is_none(),
            "a position at a trick start"
        );
        let node = self.prepare(position);
        let left = node.tricks_left();
        self.search
            .sure_tricks_cut(&node, i32::from(ns_target), left)
            .map(|(result, _)| result)
    }

    /// The exact number of tricks the side to move takes from here on (the
    /// current trick included).
    pub fn tricks(&mut self, position: &Position) -> u8 {
        let node = self.prepare(position);
        let left = node.tricks_left();
        let ns = self.exact_ns_from(&node, 0, left, (left + 1) / 2);
        (if node.mover() & 1 == 0 { ns } else { left - ns }) as u8
    }

    /// [`Solver::tricks`], its null-window searches starting at `guess`
    /// tricks for the side to move: the answer is exact whatever the guess,
    /// and takes two searches when the guess is right (each step away from
    /// it costs one more). A caller solving many similar positions (the
    /// leaves of a search in one world) passes the last answer.
    pub fn tricks_near(&mut self, position: &Position, guess: u8) -> u8 {
        let node = self.prepare(position);
        let left = node.tricks_left();
        let guess = i32::from(guess).min(left);
        let mover_ns = node.mover() & 1 == 0;
        let ns_guess = if mover_ns { guess } else { left - guess };
        let ns = self.exact_ns_from(&node, 0, left, ns_guess);
        (if mover_ns { ns } else { left - ns }) as u8
    }

    /// Every legal card of the player to move with the tricks its side takes
    /// after playing it (the current trick included), in hand order.
    pub fn card_values(&mut self, position: &Position) -> Vec<CardValue> {
        let node = self.prepare(position);
        let left = node.tricks_left();
        let mover_ns = node.mover() & 1 == 0;
        let legal: Vec<Card> = position.legal_cards().iter().collect();
        let live = position.remaining().all_cards().0
            | position.trick().fold(0u64, |acc, c| acc | 1 << c.bit());
        let mut values: Vec<CardValue> = Vec::with_capacity(legal.len());
        for &card in &legal {
            // A card next to an already valued card of the same hand, with
            // no other live card between them, has the same value.
            let equal = values.last().filter(|prev| {
                prev.card.suit == card.suit && {
                    let between = live >> (card.bit() + 1)
                        & ((1u64 << (prev.card.bit() - card.bit() - 1)) - 1);
                    between == 0
                }
            });
            if let Some(prev) = equal {
                values.push(CardValue {
                    card,
                    tricks: prev.tricks,
                });
                continue;
            }
            let (child, won) = node.play(card.bit() as u8, self.search.trump);
            let ns = won
                + match values.last() {
                    // Cards of one hand are mostly worth about the same.
                    Some(prev) => {
                        let prev_ns = if mover_ns {
                            i32::from(prev.tricks)
                        } else {
                            left - i32::from(prev.tricks)
                        };
                        self.exact_ns_from(&child, 0, child.tricks_left(), prev_ns - won)
                    }
                    None => self.exact_ns_from(
                        &child,
                        0,
                        child.tricks_left(),
                        (child.tricks_left() + 1) / 2,
                    ),
                };
            let tricks = if mover_ns { ns } else { left - ns };
            values.push(CardValue {
                card,
                tricks: tricks as u8,
            });
        }
        values
    }

    /// The full table: for each of the 5 strains and 4 declarers, the tricks
    /// declarer's side takes with the opening lead from declarer's left.
    ///
    /// # Errors
    /// [`SolverError::UnequalHands`] unless all hands have the same size.
    pub fn table(&mut self, deal: &Deal) -> Result<DdTable, SolverError> {
        let mut table = DdTable::default();
        for strain in Strain::ALL {
            let row = self.strain_tricks(deal, strain)?;
            for declarer in Seat::ALL {
                table.tricks[declarer.index()][strain.index()] = row[declarer.index()];
            }
        }
        Ok(table)
    }

    /// One strain of the table: the tricks each declarer's side takes
    /// (seats clockwise from North) with the opening lead from declarer's
    /// left.
    ///
    /// # Errors
    /// [`SolverError::UnequalHands`] unless all hands have the same size.
    pub fn strain_tricks(&mut self, deal: &Deal, strain: Strain) -> Result<[u8; 4], SolverError> {
        self.declarers_tricks(deal, strain, &DECLARER_ORDER)
    }

    /// Part of one strain's row: the tricks of each of `declarers`' sides
    /// (in the row, by seat clockwise from North; 0 for the seats not
    /// asked), solved in the order given, each result guessing the next.
    ///
    /// # Errors
    /// [`SolverError::UnequalHands`] unless all hands have the same size.
    pub fn declarers_tricks(
        &mut self,
        deal: &Deal,
        strain: Strain,
        declarers: &[Seat],
    ) -> Result<[u8; 4], SolverError> {
        let n = deal.check_equal_sizes()? as i32;
        let mut row = [0u8; 4];
        let mut guess = None;
        for &declarer in declarers {
            let position = Position::opening(*deal, strain, declarer);
            let node = self.prepare(&position);
            let ns = match guess {
                Some(g) => self.exact_ns_from(&node, 0, n, g),
                None => self.exact_ns_from(&node, 0, n, (n + 1) / 2),
            };
            guess = Some(ns);
            let tricks = if declarer.index() & 1 == 0 {
                ns
            } else {
                n - ns
            };
            row[declarer.index()] = tricks as u8;
        }
        Ok(row)
    }

    /// [`Solver::declarers_tricks`] within a budget of work: `None` when
    /// the solves would search more than `node_limit` nodes (as
    /// [`Solver::nodes`] counts them, from this call on). A search stopped
    /// short stores nothing in the transposition table, so later answers
    /// are those of a solver that was never asked. The same solver asked
    /// the same questions stops at the same place: the budget is work, not
    /// time.
    ///
    /// # Errors
    /// [`SolverError::UnequalHands`] unless all hands have the same size.
    pub fn declarers_tricks_within(
        &mut self,
        deal: &Deal,
        strain: Strain,
        declarers: &[Seat],
        node_limit: u64,
    ) -> Result<Option<[u8; 4]>, SolverError> {
        self.search.node_limit = self.search.nodes.saturating_add(node_limit);
        self.search.stopped = false;
        let row = self.declarers_tricks(deal, strain, declarers);
        let stopped = std::mem::replace(&mut self.search.stopped, false);
        self.search.node_limit = u64::MAX;
        if stopped {
            self.last_decider = None;
            return Ok(None);
        }
        row.map(Some)
    }
}

//! The root of a search: the worlds, who plays for whom, and the goal; and
//! the state of the play below the root, shared by every world.

use bridge::{legal_cards, trick_winner, Position};
use cards::{BySeat, Card, Deal, Hand, Seat, Strain, Suit};
use thiserror::Error;
use worlds::Knowledge;

use crate::worldset::{WorldSet, MAX_WORLDS};

/// A problem that cannot be searched.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ProblemError {
    /// No world.
    #[error("no world to search")]
    NoWorlds,
    /// Too many worlds for one search.
    #[error("{0} worlds; one search holds at most {MAX_WORLDS}")]
    TooManyWorlds(usize),
    /// A world that disagrees with what the player knows.
    #[error("world {index}: {why}")]
    Disagrees {
        /// 0-based index of the world.
        index: usize,
        /// What differs.
        why: String,
    },
    /// The play is over.
    #[error("every card has been played")]
    PlayOver,
}

/// The root of a search: every world's remaining cards, the trick in
/// progress, and how many more tricks declarer needs.
#[derive(Clone, Debug)]
pub struct Problem {
    strain: Strain,
    declarer: Seat,
    worlds: Vec<BySeat<Hand>>,
    leader: Seat,
    trick: Vec<Card>,
    need: usize,
    tricks_left: usize,
    declarer_tricks: usize,
}

impl Problem {
    /// A problem from the cards remaining in each world, the trick in
    /// progress, the tricks declarer has won so far and the total it needs
    /// (for a full deal, the contract's level plus 6).
    ///
    /// # Errors
    /// [`ProblemError`] when there is no world or too many, a world is not
    /// a legal position, or the declaring side's cards differ.
    pub fn new(
        strain: Strain,
        declarer: Seat,
        remaining: &[Deal],
        leader: Seat,
        trick: &[Card],
        declarer_tricks: usize,
        need_total: usize,
    ) -> Result<Problem, ProblemError> {
        if remaining.is_empty() {
            return Err(ProblemError::NoWorlds);
        }
        if remaining.len() > MAX_WORLDS {
            return Err(ProblemError::TooManyWorlds(remaining.len()));
        }
        let mut tricks_left = 0;
        for (index, deal) in remaining.iter().enumerate() {
            let p = Position::new(*deal, strain, leader, trick).map_err(|e| {
                ProblemError::Disagrees {
                    index,
                    why: e.to_string(),
                }
            })?;
            tricks_left = p.tricks_left();
        }
        if tricks_left == 0 {
            return Err(ProblemError::PlayOver);
        }
        Ok(Problem {
            strain,
            declarer,
            worlds: remaining.iter().map(|d| *d.hands()).collect(),
            leader,
            trick: trick.to_vec(),
            need: need_total.saturating_sub(declarer_tricks),
            tricks_left,
            declarer_tricks,
        })
    }

    /// The problem of the side that `knowledge` describes, over original
    /// deals (`worlds`) that agree with it.
    ///
    /// # Errors
    /// As [`Problem::new`], and [`ProblemError::Disagrees`] for a world
    /// that contradicts the knowledge.
    pub fn from_knowledge(
        knowledge: &Knowledge,
        worlds: &[Deal],
        declarer: Seat,
        need_total: usize,
    ) -> Result<Problem, ProblemError> {
        let played: Hand = knowledge.sequence().iter().map(|&(_, c)| c).collect();
        let trick: Vec<Card> = knowledge.trick().cards().collect();
        let mut remaining = Vec::with_capacity(worlds.len());
        for (index, deal) in worlds.iter().enumerate() {
            if let Some(why) = knowledge.disagreement(deal) {
                return Err(ProblemError::Disagrees { index, why });
            }
            let hands = BySeat::from_fn(|s| Hand(deal[s].0 & !played.0));
            remaining.push(Deal::new(hands).expect("disjoint hands stay disjoint"));
        }
        Problem::new(
            knowledge.strain(),
            declarer,
            &remaining,
            knowledge.leader(),
            &trick,
            knowledge.tricks(declarer.side()),
            need_total,
        )
    }

    /// The same problem with declarer needing `need` more tricks from
    /// the root.
    #[must_use]
    pub fn with_need(&self, need: usize) -> Problem {
        Problem {
            need,
            ..self.clone()
        }
    }

    /// Number of worlds.
    #[must_use]
    pub fn world_count(&self) -> usize {
        self.worlds.len()
    }

    /// The declarer.
    #[must_use]
    pub const fn declarer(&self) -> Seat {
        self.declarer
    }

    /// Tricks declarer still needs from here.
    #[must_use]
    pub const fn need(&self) -> usize {
        self.need
    }

    /// Tricks declarer has won before the root.
    #[must_use]
    pub const fn declarer_tricks(&self) -> usize {
        self.declarer_tricks
    }

    /// Tricks left at the root, the current one included.
    #[must_use]
    pub const fn tricks_left(&self) -> usize {
        self.tricks_left
    }

    /// The seat to play at the root.
    #[must_use]
    pub fn to_move(&self) -> Seat {
        Seat::from_index(self.leader.index() + self.trick.len())
    }

    /// The position of world `w` at the root.
    #[must_use]
    pub fn root_position(&self, w: usize) -> Position {
        Position::new(
            Deal::new(self.worlds[w]).expect("disjoint"),
            self.strain,
            self.leader,
            &self.trick,
        )
        .expect("checked when built")
    }

    /// The first world in which a hand the search takes as known differs
    /// from world 0's: declarer's and dummy's for declarer's side, the
    /// defender's own for a defender (dummy's too once it is on the
    /// table, but the search needs only the defender's).
    #[must_use]
    pub fn seen_hands_differ(&self) -> Option<usize> {
        let mover = self.to_move();
        let seats = [mover, self.declarer.partner(), self.declarer];
        let seen = if self.is_declaring(mover) { 3 } else { 1 };
        self.worlds
            .iter()
            .position(|w| seats[..seen].iter().any(|&s| w[s] != self.worlds[0][s]))
    }

    /// Whether a seat plays for declarer (declarer or dummy).
    #[must_use]
    pub fn is_declaring(&self, seat: Seat) -> bool {
        seat.side() == self.declarer.side()
    }
}

/// The play below the root, the same in every world: cards played, the
/// trick in progress, tricks taken by each side since the root.
#[derive(Clone, Debug)]
pub(crate) struct State<'a> {
    pub problem: &'a Problem,
    played: Hand,
    leader: Seat,
    trick: [Card; 4],
    trick_len: usize,
    /// Tricks taken since the root by declarer's side and by the defence.
    taken: [usize; 2],
    undo: Vec<(Seat, usize, [usize; 2], [Card; 4])>,
    all_cards: Hand,
    /// The seat to move at the root: Max is its side.
    root_seat: Seat,
    /// Whether Max is declarer's side (else the defence).
    max_declares: bool,
}

impl<'a> State<'a> {
    pub fn new(problem: &'a Problem) -> State<'a> {
        let mut trick = [Card::new(Suit::Spades, cards::Rank::Two); 4];
        for (i, &c) in problem.trick.iter().enumerate() {
            trick[i] = c;
        }
        let all_cards = problem.worlds.iter().fold(Hand::EMPTY, |acc, w| {
            acc.union(w.0.iter().fold(Hand::EMPTY, |a, h| a.union(*h)))
        });
        State {
            problem,
            played: Hand::EMPTY,
            leader: problem.leader,
            trick,
            trick_len: problem.trick.len(),
            taken: [0, 0],
            undo: Vec::new(),
            all_cards,
            root_seat: problem.to_move(),
            max_declares: problem.is_declaring(problem.to_move()),
        }
    }

    pub fn to_move(&self) -> Seat {
        Seat::from_index(self.leader.index() + self.trick_len)
    }

    /// Whether the side of the root's player is to move.
    pub fn is_max(&self) -> bool {
        self.problem.is_declaring(self.to_move()) == self.max_declares
    }

    /// Whether Max is the defence and the root defender's partner is to
    /// move: a player who sees its own hand, which differs between the
    /// worlds, so its card may differ between worlds where its hand does.
    pub fn is_partner_to_move(&self) -> bool {
        !self.max_declares && self.is_max() && self.to_move() != self.root_seat
    }

    /// Whether Max is declarer's side.
    pub fn max_declares(&self) -> bool {
        self.max_declares
    }

    fn led(&self) -> Option<Suit> {
        (self.trick_len > 0).then(|| self.trick[0].suit)
    }

    /// The cards the seat to move holds in world `w`.
    pub fn hand(&self, w: usize) -> Hand {
        Hand(self.problem.worlds[w][self.to_move()].0 & !self.played.0)
    }

    /// The legal cards of the seat to move in world `w`.
    pub fn legal(&self, w: usize) -> Hand {
        legal_cards(self.hand(w), self.led())
    }

    /// The legal cards of the player to move in world `w` (for declarer's
    /// side and the root defender, the same in every world), one per run of
    /// equivalent cards when `merge_equivalent`: cards touching in the hand
    /// once the cards played in earlier tricks and the cards of this hand
    /// are set aside (a card of the trick in progress between two cards
    /// keeps them apart: one beats it, the other not).
    pub fn max_moves(&self, w: usize, merge_equivalent: bool) -> Vec<Card> {
        let hand = self.hand(w);
        let legal = legal_cards(hand, self.led());
        if !merge_equivalent {
            return legal.iter().collect();
        }
        // The cards of the trick in progress separate too: of two cards
        // around one of them, only the higher beats it.
        let in_trick: Hand = self.trick[..self.trick_len].iter().copied().collect();
        let others = Hand(self.all_cards.0 & !self.played.0 & !hand.0).union(in_trick);
        let mut moves = Vec::new();
        for suit in Suit::ALL {
            let mine = legal.holding(suit);
            let theirs = others.holding(suit);
            let mut previous_kept: Option<u32> = None;
            for rank in (2..=14u32).rev() {
                if mine & (1 << rank) != 0 {
                    // Equivalent to the card above when nothing of another
                    // hand lies between them.
                    let merged = previous_kept.is_some_and(|p| {
                        let between = ((1u32 << p) - 1) & !((1u32 << (rank + 1)) - 1);
                        u32::from(theirs) & between == 0
                    });
                    if !merged {
                        moves.push(Card::new(
                            suit,
                            cards::Rank::from_number(rank as u8).expect("rank"),
                        ));
                    }
                    previous_kept = Some(rank);
                }
            }
        }
        moves
    }

    /// Plays a card (legal in the worlds that continue).
    pub fn play(&mut self, card: Card) {
        self.undo
            .push((self.leader, self.trick_len, self.taken, self.trick));
        self.played.insert(card);
        self.trick[self.trick_len] = card;
        self.trick_len += 1;
        if self.trick_len == 4 {
            let winner = trick_winner(&self.trick, self.leader, self.problem.strain.trump());
            let side = usize::from(!self.problem.is_declaring(winner));
            self.taken[side] += 1;
            self.leader = winner;
            self.trick_len = 0;
        }
    }

    /// Takes back the last card.
    pub fn undo(&mut self) {
        let (leader, len, taken, trick) = self.undo.pop().expect("a card to take back");
        let card = self.trick[len];
        self.leader = leader;
        self.trick_len = len;
        self.taken = taken;
        self.trick = trick;
        self.played.remove(card);
    }

    /// Whether declarer has taken the tricks it needs.
    fn made(&self) -> bool {
        self.taken[0] >= self.problem.need
    }

    /// Whether the defence has taken enough tricks to defeat the contract.
    fn defeated(&self) -> bool {
        self.taken[1] + self.problem.need > self.problem.tricks_left
    }

    /// Whether Max has reached its goal in every world.
    pub fn won(&self) -> bool {
        if self.max_declares {
            self.made()
        } else {
            self.defeated()
        }
    }

    /// Whether Max has missed its goal in every world.
    pub fn lost(&self) -> bool {
        if self.max_declares {
            self.defeated()
        } else {
            self.made()
        }
    }

    /// Tricks declarer still needs.
    pub fn still_needed(&self) -> usize {
        self.problem.need - self.taken[0]
    }

    /// The position of world `w` now.
    pub fn position(&self, w: usize) -> Position {
        let hands = BySeat::from_fn(|s| Hand(self.problem.worlds[w][s].0 & !self.played.0));
        Position::new(
            Deal::new(hands).expect("disjoint"),
            self.problem.strain,
            self.leader,
            &self.trick[..self.trick_len],
        )
        .expect("a legal continuation")
    }

    /// The cards played since the root (at most 52).
    pub fn cards_played(&self) -> usize {
        self.played.len()
    }

    /// A key identifying the play from the root (with the valid worlds,
    /// which the key adds).
    pub fn key(&self) -> (u64, u32) {
        let mut t = self.leader.index() as u32;
        for i in 0..self.trick_len {
            t = t << 8 | (self.trick[i].bit() + 1);
        }
        let t = t << 2 | self.trick_len as u32;
        (self.played.0, t | (self.taken[0] as u32) << 28)
    }
}

/// Whether Max reaches its goal in world `w` with every card seen (for
/// declarer's side, the contract made; for the defence, defeated), by
/// asking the evaluator about the side to move.
pub(crate) fn max_wins(state: &State<'_>, w: usize, evaluator: &dyn crate::LeafEvaluator) -> bool {
    let position = state.position(w);
    let need = state.still_needed();
    let left = position.tricks_left();
    let makes = if state.problem.is_declaring(state.to_move()) {
        evaluator.can_take(&position, need as u8)
    } else {
        !evaluator.can_take(&position, (left + 1 - need) as u8)
    };
    makes == state.max_declares
}

/// The valid worlds grouped by the hand of the player to move (for the
/// root defender's partner: the worlds it can tell apart).
pub(crate) fn classes_by_hand(state: &State<'_>, valid: &WorldSet) -> Vec<WorldSet> {
    let mut classes: Vec<(Hand, WorldSet)> = Vec::new();
    for w in valid.iter() {
        let hand = state.hand(w);
        match classes.iter_mut().find(|c| c.0 == hand) {
            Some(c) => c.1.insert(w),
            None => {
                let mut set = WorldSet::EMPTY;
                set.insert(w);
                classes.push((hand, set));
            }
        }
    }
    classes.into_iter().map(|c| c.1).collect()
}

/// The worlds at the root.
pub(crate) fn all_worlds(problem: &Problem) -> WorldSet {
    WorldSet::first(problem.world_count())
}

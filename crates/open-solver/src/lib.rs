//! The exact value of a trick-taking deal with all cards open, for any
//! [`TrickGame`]: how many points each side takes when both play perfectly
//! and see every card.
//!
//! The search is alpha-beta on North-South's points from the position on,
//! with a transposition table of bounds at the start of each trick (keyed by
//! the cards still in the hands, whose holders are the deal's, and the
//! leader), and only one card of each run of
//! equivalent cards: cards of one hand in one suit with no other live card
//! between them in the suit's order and the same points are
//! interchangeable. Leads and follows are ordered by cheap rules (win
//! cheaply, load points on a partner's winner, shed worthless cards).
//!
//! For bridge the `dd` crate's double-dummy solver is far faster; this one is
//! for games scored in card points, such as Belote.
//!
//! With a game's all-tricks bonus (Belote's capot), values are zero-sum:
//! the bonus counts for the team that takes every trick and against its
//! opponents.

use cards::{Card, Hand, Seat};
use games::{PlayState, Trick, TrickGame};
use open_cards::CodeCandidates;
pub use open_cards::{Candidates, Horizon, Playout};
use std::collections::HashMap;

mod draws;

/// A card and the points the side that plays it takes from the position on
/// (the current trick included) when both sides then play perfectly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardPoints {
    /// The card.
    pub card: Card,
    /// Points for the side that plays it.
    pub points: i32,
}

/// The search's view of a position.
#[derive(Clone, Copy, Debug)]
struct Node {
    hands: [u64; 4],
    trick: [u8; 4],
    trick_len: u8,
    leader: u8,
    /// Tricks still to complete, the current one included.
    left: u8,
    /// Bit 0: North-South have taken a trick; bit 1: East-West have.
    won: u8,
    /// Points still to be taken: the cards in the hands and on the table,
    /// and the last trick's bonus.
    rest: i32,
    /// The cards in the hands (not those on the table), kept as cards are
    /// played: OR-ing the hands a move has just written stalls the read.
    in_hands: u64,
}

impl<G: TrickGame> open_cards::OpenCards<G> for OpenSolver<G> {
    fn card_means(&mut self, state: &PlayState<G>) -> Vec<(Card, f64)> {
        OpenSolver::card_means(self, state)
    }
    fn mean_value(&mut self, state: &PlayState<G>) -> f64 {
        OpenSolver::mean_value(self, state)
    }
    fn reaches(&mut self, state: &PlayState<G>, points: f64) -> bool {
        OpenSolver::reaches(self, state, points)
    }
}

impl Node {
    fn mover(&self) -> usize {
        (self.leader as usize + self.trick_len as usize) & 3
    }
}

#[derive(Clone, Copy)]
struct Bounds {
    lo: i32,
    hi: i32,
    best: u8,
}

const NO_CARD: u8 = 0xff;

/// The most horizon positions whose playout sums a solver remembers (of
/// random playouts); past it they are forgotten all at once. A search
/// keeps a solver a world (24 for the paper's Fusion): on the first moves
/// of a bridge deal (`bridge_moves` example, 1 deal, the code's Fusion,
/// when its playouts were remembered too) the process held 3.3 GB without
/// a cap and 1.1 GB with this one, in the same time.
const PLAYOUT_SUMS_CAP: usize = 1 << 18;

/// The transposition table's entries before it is set aside as the older
/// table (about 64 bytes an entry; the older one is dropped then). A
/// search keeps one solver a world, and the paper's code's Fusion searches
/// 24 worlds to 20 cards past its leaves: without a bound one bridge deal
/// of it outgrew 24 GB.
const TABLE_CAP: usize = 1 << 19;

/// Bounds at trick starts, keyed by the cards in the hands (who holds each
/// is the solver's `owners`) and the leader (with who has taken a trick
/// when values depend on it).
type Table = HashMap<(u64, u8), Bounds, cards::key_hasher::BuildKeyHasher>;

/// What, besides the hands, tells a horizon position apart: the leader,
/// who has taken a trick, and the cards on the table.
fn playout_key(node: &Node) -> u64 {
    let mut key =
        u64::from(node.leader) | u64::from(node.won) << 2 | u64::from(node.trick_len) << 4;
    for (i, &c) in node.trick[..node.trick_len as usize].iter().enumerate() {
        key |= u64::from(c) << (8 + 8 * i);
    }
    key
}

/// The solver for one game's rules (one trump suit). Keep it to solve many
/// positions of the same deal: its table carries over.
pub struct OpenSolver<G: TrickGame> {
    game: G,
    /// Per card bit: its place in its suit's order (0 for the lowest).
    power: [u8; 64],
    /// Per card bit: its points.
    points: [u8; 64],
    /// Per card bit: the cards of its suit below it in the suit's order.
    lower: [u64; 64],
    /// The card bits of the suits whose order is their bits' order.
    bit_ordered: u64,
    /// Per suit led and card bit: the cards it beats when it is played on
    /// them (they winning the trick so far).
    beats: [[u64; 64]; 4],
    per_trick: i32,
    last_bonus: i32,
    /// The all-tricks bonus, scaled.
    all_tricks: i32,
    /// Points are counted in units of `1 / scale`: 1 when exact, the number
    /// of playouts past a horizon.
    scale: i32,
    horizon: Option<Horizon>,
    table: Table,
    /// Per place in the trick and card: how often (weighted by the tricks
    /// left) it caused a cutoff; orders the cards the rules tie.
    history: [[u16; 64]; 4],
    nodes: u64,
    /// Equivalent cards searched once (switch off to test that it changes
    /// nothing).
    pub equivalence: bool,
    /// The transposition table in use (switch off to test).
    pub use_table: bool,
    /// The entries the table takes before it becomes the older table and
    /// a new one starts (lowered to test that this changes no value).
    pub table_cap: usize,
    /// The last full table, still looked in: emptying the whole table at
    /// once lost what the search needed next (the code's Fusion took a
    /// quarter longer).
    older_table: Table,
    /// Exact values by null-window steps (MTD(f)) rather than one
    /// full-window search (switch off to test).
    pub mtdf: bool,
    /// Each horizon position's playout sum, once computed: the search
    /// meets the same positions again (transpositions, and every null-window
    /// pass of [`OpenSolver::value`]), and a position's playouts are drawn
    /// from the position alone.
    playout_sums: HashMap<(u64, u64), i32, cards::key_hasher::BuildKeyHasher>,
    /// Per seat, every card the positions asked about since the tables
    /// were last emptied gave it. Within a deal a card stays with its
    /// seat, so the cards in the hands say who holds each: the tables key
    /// positions by those cards alone, and are emptied when a position
    /// gives a card to another seat ([`OpenSolver::adopt`]).
    owners: [u64; 4],
    /// Whether the table's key holds who has taken a trick: when values
    /// depend on it, with an all-tricks bonus or past a horizon of random
    /// playouts (drawn from the position, `won` included).
    won_in_key: bool,
    /// Whether the playout sums of horizon positions are remembered, for
    /// random playouts (switch off to test that it changes nothing).
    pub remember_playouts: bool,
    /// North-South's points and the points left in the last position
    /// [`OpenSolver::value`] valued: its first guess for the next.
    last_share: Option<(i32, i32)>,
    /// The paper's code's choice of cards, when the horizon asks for it
    /// ([`Candidates::PaperCode`]).
    code: Option<CodeCandidates>,
    /// Whether the random playouts pick their card with BMI2's `pdep`
    /// where this CPU runs it fast (switch off to test that it changes
    /// nothing).
    pub pdep: bool,
    /// Whether the code's playouts count the tricks that repeat to the
    /// end of the deal instead of playing them
    /// ([`OpenSolver::counted_tricks`]; switch off to test that it changes
    /// nothing).
    pub skip_repeats: bool,
    /// Tricks the code's playouts counted without playing them.
    counted_tricks: u64,
}

impl<G: TrickGame> OpenSolver<G> {
    /// A solver for `game`.
    #[must_use]
    pub fn new(game: G) -> OpenSolver<G> {
        let mut power = [0u8; 64];
        let mut points = [0u8; 64];
        let deck = game.deck();
        for card in deck.iter() {
            let bit = card.bit() as usize;
            points[bit] = u8::try_from(game.card_points(card)).unwrap_or(u8::MAX);
            power[bit] = deck
                .iter()
                .filter(|&o| o.suit == card.suit && game.beats(card, o, card.suit))
                .count() as u8;
        }
        let mut lower = [0u64; 64];
        for a in deck.iter() {
            for b in deck.iter() {
                if b.suit == a.suit && power[b.bit() as usize] < power[a.bit() as usize] {
                    lower[a.bit() as usize] |= 1 << b.bit();
                }
            }
        }
        let bit_ordered = games::suits_in_bit_order(&game);
        let mut beats = [[0u64; 64]; 4];
        for led in cards::Suit::ALL {
            for a in deck.iter() {
                for b in deck.iter() {
                    if a != b && game.beats(a, b, led) {
                        beats[led as usize][a.bit() as usize] |= 1 << b.bit();
                    }
                }
            }
        }
        let per_trick = game.points_per_trick() as i32;
        let last_bonus = game.last_trick_bonus() as i32;
        let all_tricks = game.all_tricks_bonus() as i32;
        OpenSolver {
            game,
            power,
            points,
            lower,
            bit_ordered,
            beats,
            per_trick,
            last_bonus,
            all_tricks,
            scale: 1,
            horizon: None,
            table: Table::default(),
            history: [[0; 64]; 4],
            nodes: 0,
            equivalence: true,
            use_table: true,
            table_cap: TABLE_CAP,
            older_table: Table::default(),
            mtdf: true,
            playout_sums: HashMap::default(),
            owners: [0; 4],
            won_in_key: all_tricks > 0,
            remember_playouts: true,
            last_share: None,
            code: None,
            pdep: true,
            skip_repeats: true,
            counted_tricks: 0,
        }
    }

    /// A solver that searches exactly down to the first trick start with at
    /// most `horizon.cards_left` cards in the hands, and there takes the
    /// mean of `horizon.playouts` random playouts (every card drawn
    /// uniformly from the legal ones). The playouts of a position are drawn
    /// from `horizon.seed` and the position alone, so a position always gets
    /// the same estimate. Values are then means: see
    /// [`OpenSolver::card_means`].
    #[must_use]
    pub fn with_horizon(game: G, horizon: Horizon) -> OpenSolver<G> {
        let mut solver = OpenSolver::new(game);
        solver.scale = horizon.playouts.max(1) as i32;
        solver.all_tricks *= solver.scale;
        solver.horizon = Some(Horizon {
            playouts: solver.scale as u32,
            ..horizon
        });
        solver.won_in_key |= horizon.rule == Playout::Random;
        if horizon.candidates == Candidates::PaperCode {
            solver.code = Some(CodeCandidates::new(&solver.game));
        }
        solver
    }

    /// The unit of the solver's points: values are counted in `1 / scale`
    /// points (1 without a horizon).
    #[must_use]
    pub const fn scale(&self) -> i32 {
        self.scale
    }

    /// [`OpenSolver::card_values`] in points (means past a horizon).
    pub fn card_means(&mut self, state: &PlayState<G>) -> Vec<(Card, f64)> {
        let scale = f64::from(self.scale);
        self.card_values(state)
            .into_iter()
            .map(|v| (v.card, f64::from(v.points) / scale))
            .collect()
    }

    /// [`OpenSolver::value`] in points (a mean past a horizon).
    pub fn mean_value(&mut self, state: &PlayState<G>) -> f64 {
        f64::from(self.value(state)) / f64::from(self.scale)
    }

    /// The sum of North-South's points over the horizon's playouts from
    /// `node`, all-tricks bonus included.
    fn playouts(&mut self, node: &Node, horizon: Horizon) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if self.pdep && cards::cpu::fast_pdep_pext() {
            // SAFETY: `fast_pdep_pext` found BMI2.
            return unsafe { self.playouts_bmi2(node, horizon) };
        }
        self.playouts_with::<false>(node, horizon)
    }

    /// [`OpenSolver::playouts`] compiled for BMI2, its select by `pdep`.
    ///
    /// # Safety
    /// The CPU must have BMI2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2")]
    unsafe fn playouts_bmi2(&mut self, node: &Node, horizon: Horizon) -> i32 {
        self.playouts_with::<true>(node, horizon)
    }

    /// The playouts, with the `k`-th legal card picked by `pdep` when
    /// `PDEP` (only in [`OpenSolver::playouts_bmi2`]).
    #[inline(always)]
    fn playouts_with<const PDEP: bool>(&mut self, node: &Node, horizon: Horizon) -> i32 {
        // Seeded by the position; the code's playouts draw nothing and
        // need no generator.
        let mut draws = (horizon.rule == Playout::Random).then(|| {
            let mut h = horizon.seed ^ 0x51_7cc1_b727_220a;
            for x in node
                .hands
                .iter()
                .copied()
                .chain([u64::from(node.leader) | u64::from(node.won) << 8])
                // Inside a trick, its cards too (trick starts hash as before).
                .chain((node.trick_len > 0).then(|| playout_key(node)))
            {
                h = (h ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(31);
            }
            draws::Draws::new(h)
        });
        // The code's playouts are deterministic: a trick start's hands and
        // leader decide the rest of the playout, with the cards not played
        // yet (`unplayed`) where the code's choice of card reads them (not
        // in bridge, whose suits are all plain). Those hands and cards
        // hardly change: a played card goes back to its player unless it
        // won the trick as the trick's last card, and leaves `unplayed`
        // the first time it is played. While they stay the same, the
        // leader of the next trick is a function of this one's, so within
        // five trick starts a leader leads again, and from there the
        // tricks in between repeat until the end: they are counted, not
        // played, all but the last trick, which keeps its bonus. Who has
        // taken a trick does not change (the repeated tricks were played
        // once), and the playout's node's cards in the hands and points
        // left, and `unplayed` where the choice does not read it, go stale
        // unread.
        let repeats = self.skip_repeats && horizon.rule == Playout::PaperCode;
        let reads_unplayed = self
            .code
            .as_ref()
            .is_some_and(|code| !code.reads_legal_only());
        let mut total = 0;
        // The code's playouts draw nothing: every one plays the same cards,
        // so one is played and counted for all.
        let rounds = match horizon.rule {
            Playout::Random => horizon.playouts,
            Playout::PaperCode => 1,
        };
        for _ in 0..rounds {
            let mut n = *node;
            // North-South's points, scaled (divided once at the end: the
            // sum of whole points times the scale).
            let mut ns = 0;
            // The trick as the rules see it, kept along (a playout starts
            // at a trick start, or inside one past a `mid_trick` horizon).
            let mut trick = self.trick(&n);
            // The cards not played yet (the code's hands may hold played
            // cards again).
            let mut unplayed = n.in_hands;
            // While repeats are looked for: how often the hands (or the
            // cards not played yet, where the choice reads them) have
            // changed, and per leader the last trick it led: that count
            // then, the tricks left and North-South's points.
            let mut looking = repeats;
            let mut changes = 0u32;
            let mut led = [(u32::MAX, 0u8, 0i32); 4];
            while n.left > 0 {
                if looking && n.trick_len == 0 {
                    let (changes_then, left_then, ns_then) = led[usize::from(n.leader)];
                    if changes_then == changes {
                        let period = left_then - n.left;
                        let rounds = (n.left - 1) / period;
                        ns += i32::from(rounds) * (ns - ns_then);
                        n.left -= rounds * period;
                        self.counted_tricks += u64::from(rounds * period);
                        looking = false;
                    } else {
                        led[usize::from(n.leader)] = (changes, n.left, ns);
                    }
                }
                let mut legal = self.game.legal(Hand(n.hands[n.mover()]), &trick).0;
                let card = 'card: {
                    match (&mut draws, &self.code) {
                        (Some(draws), code) => {
                            if let Some(code) = code {
                                legal = code
                                    .reduce(&self.game, Hand(legal), Hand(unplayed), &trick)
                                    .0;
                            }
                            let k = draws.below(legal.count_ones());
                            #[cfg(target_arch = "x86_64")]
                            if PDEP {
                                // SAFETY: only `playouts_bmi2`, compiled for
                                // BMI2 and called once it is found, has `PDEP`.
                                break 'card unsafe { draws::nth_set_bit_bmi2(legal, k) } as u8;
                            }
                            draws::nth_set_bit(legal, k) as u8
                        }
                        (None, Some(code)) => {
                            code.lowest_tried(&self.game, Hand(legal), Hand(unplayed), &trick) as u8
                        }
                        (None, None) => legal.trailing_zeros() as u8,
                    }
                };
                let mover = n.mover();
                ns += self.play_in_place(&mut n, card);
                let first_time = unplayed >> card & 1 != 0;
                unplayed &= !(1u64 << card);
                if horizon.rule == Playout::PaperCode {
                    // The card goes back to its player and leaves the hand
                    // of the seat to move next (which holds it only when it
                    // is the player, having won the trick).
                    n.hands[mover] |= 1u64 << card;
                    let next = n.mover();
                    n.hands[next] &= !(1u64 << card);
                    changes += u32::from(next == mover || (first_time && reads_unplayed));
                }
                if n.trick_len == 0 {
                    trick = Trick::new(Seat::from_index(usize::from(n.leader)));
                } else {
                    // In place: a trick copied back after a narrow store
                    // stalls the next read.
                    trick.push(Card::from_bit(u32::from(card)).expect("a card bit"));
                }
            }
            total += ns / self.scale + self.end_bonus(&n) / self.scale;
        }
        total * (horizon.playouts / rounds) as i32
    }

    /// The rules.
    pub const fn game(&self) -> &G {
        &self.game
    }

    /// Positions searched since the solver was made.
    #[must_use]
    pub const fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Tricks the code's playouts counted without playing them since the
    /// solver was made: tricks that repeat to the end of the deal (see
    /// [`OpenSolver::skip_repeats`]).
    #[must_use]
    pub const fn counted_tricks(&self) -> u64 {
        self.counted_tricks
    }

    /// Forgets the transposition table and the remembered playouts.
    pub fn clear(&mut self) {
        self.table.clear();
        self.older_table.clear();
        self.playout_sums.clear();
        self.owners = [0; 4];
    }

    /// Takes the hands of a position about to be searched: if one of them
    /// holds a card another seat held in a position asked about before,
    /// the tables are emptied first (their entries, keyed by the cards in
    /// the hands, would be found under the wrong hands). Every position
    /// the search keys is such a position or one reached from it by
    /// playing cards, so two of them with the same cards in the hands have
    /// the same hands.
    fn adopt(&mut self, hands: &[u64; 4]) {
        let all = self.owners[0] | self.owners[1] | self.owners[2] | self.owners[3];
        if (0..4).any(|s| hands[s] & all & !self.owners[s] != 0) {
            self.clear();
        }
        for (owner, hand) in self.owners.iter_mut().zip(hands) {
            *owner |= hand;
        }
    }

    /// The search's view of `state`, whose hands the tables take
    /// ([`OpenSolver::adopt`]).
    fn node(&mut self, state: &PlayState<G>) -> Node {
        let mut node = Node {
            rest: 0,
            in_hands: 0,
            hands: [0; 4],
            trick: [0; 4],
            trick_len: 0,
            leader: state.trick().leader().index() as u8,
            left: state.tricks_left() as u8,
            won: u8::from(state.taken().tricks[0] > 0) | u8::from(state.taken().tricks[1] > 0) << 1,
        };
        for seat in Seat::ALL {
            node.hands[seat.index()] = state.hand(seat).0;
        }
        for (i, card) in state.trick().cards().enumerate() {
            node.trick[i] = card.bit() as u8;
            node.trick_len = i as u8 + 1;
        }
        node.rest = self.remaining_points(&node);
        node.in_hands = node.hands[0] | node.hands[1] | node.hands[2] | node.hands[3];
        self.adopt(&node.hands);
        node
    }

    /// The points the side to move takes from `state` on (the current
    /// trick's cards included), both sides playing perfectly.
    pub fn value(&mut self, state: &PlayState<G>) -> i32 {
        let node = self.node(state);
        // The last position valued was most likely a neighbour (the leaves
        // of a search in one world): North-South's share of its points is
        // the first guess.
        let guess = match self.last_share {
            Some((ns, rest)) if rest > 0 => {
                i32::try_from(i64::from(ns) * i64::from(node.rest) / i64::from(rest))
                    .unwrap_or(node.rest / 2)
            }
            _ => node.rest / 2,
        };
        let ns = self.exact(&node, guess);
        self.last_share = Some((ns, node.rest));
        self.for_mover(&node, ns)
    }

    /// Whether the side to move takes at least `points` from `state` on
    /// ([`OpenSolver::mean_value`] at least `points`): one null-window
    /// search when exact, the value past a horizon.
    pub fn reaches(&mut self, state: &PlayState<G>, points: f64) -> bool {
        if self.horizon.is_some() {
            return self.mean_value(state) >= points;
        }
        let node = self.node(state);
        // Exact points are whole: at least `points` is at least its ceiling.
        let p = points
            .ceil()
            .clamp(-f64::from(i32::MAX / 4), f64::from(i32::MAX / 4)) as i32;
        if node.mover() & 1 == 0 {
            self.search(&node, p - 1, p) >= p
        } else {
            // East-West take at least p: North-South at most rest - p.
            let beta = node.rest - p + 1;
            self.search(&node, beta - 1, beta) < beta
        }
    }

    /// North-South's exact points from `node` on, by null-window searches
    /// stepping from `guess` (MTD(f)): each search moves the bound to the
    /// value it proves, and the table keeps what earlier ones learned.
    fn exact(&mut self, node: &Node, guess: i32) -> i32 {
        if !self.mtdf {
            return self.search(node, i32::MIN / 2, i32::MAX / 2);
        }
        let (mut lo, mut hi) = (i32::MIN / 2, i32::MAX / 2);
        let mut g = guess;
        while lo < hi {
            let beta = if g == lo { g + 1 } else { g };
            g = self.search(node, beta - 1, beta);
            if g < beta {
                hi = g;
            } else {
                lo = g;
            }
        }
        g
    }

    /// Every legal card of the seat to move with the points its side takes
    /// after playing it, in the order of [`Hand::iter`]; only the cards the
    /// paper's code tries when the horizon says so
    /// ([`Candidates::PaperCode`]).
    pub fn card_values(&mut self, state: &PlayState<G>) -> Vec<CardPoints> {
        let node = self.node(state);
        let legal = self.legal(&node);
        let mut guess = node.rest / 2;
        legal
            .iter()
            .map(|card| {
                let (child, gained) = self.play(&node, card.bit() as u8);
                let ns = gained + self.exact(&child, guess - gained);
                guess = ns;
                CardPoints {
                    card,
                    points: self.for_mover(&node, ns),
                }
            })
            .collect()
    }

    /// North-South's value from a node turned into the side to move's
    /// points.
    fn for_mover(&self, node: &Node, ns: i32) -> i32 {
        if node.mover() & 1 == 0 {
            ns
        } else {
            node.rest - ns
        }
    }

    /// Points still to be taken from `node` on.
    fn remaining_points(&self, node: &Node) -> i32 {
        let mut cards = node.hands[0] | node.hands[1] | node.hands[2] | node.hands[3];
        for &c in &node.trick[..node.trick_len as usize] {
            cards |= 1 << c;
        }
        self.game.points_left(Hand(cards), usize::from(node.left)) as i32 * self.scale
    }

    #[inline(always)]
    fn trick(&self, node: &Node) -> Trick {
        // Only the first `trick_len` are read; the rest fill the array.
        let mut played = [Card::new(cards::Suit::Spades, cards::Rank::Two); 4];
        let n = node.trick_len as usize;
        for (slot, &b) in played.iter_mut().zip(&node.trick[..n]) {
            *slot = Card::from_bit(u32::from(b)).expect("a card bit");
        }
        Trick::from_cards(Seat::from_index(node.leader as usize), &played[..n])
    }

    /// The cards the mover tries: the legal ones, or those the paper's
    /// code tries ([`Candidates::PaperCode`]).
    fn legal(&self, node: &Node) -> Hand {
        let trick = self.trick(node);
        let legal = self.game.legal(Hand(node.hands[node.mover()]), &trick);
        match &self.code {
            Some(code) => code.reduce(&self.game, legal, Hand(node.in_hands), &trick),
            None => legal,
        }
    }

    /// Index in the trick of the card winning it so far.
    #[inline]
    fn winning(&self, node: &Node) -> usize {
        let led = usize::from(node.trick[0] / 16);
        let mut best = 0;
        for i in 1..node.trick_len as usize {
            if self.beats[led][node.trick[i] as usize] >> node.trick[best] & 1 != 0 {
                best = i;
            }
        }
        best
    }

    /// The node after the mover plays `card`, and the points North-South
    /// gain if it completes the trick.
    #[inline]
    fn play(&self, node: &Node, card: u8) -> (Node, i32) {
        let mut child = *node;
        let gained = self.play_in_place(&mut child, card);
        (child, gained)
    }

    /// The mover of `node` plays `card` (in place, for the playouts'
    /// long runs of moves); the points North-South gain if it completes
    /// the trick.
    #[inline(always)]
    fn play_in_place(&self, node: &mut Node, card: u8) -> i32 {
        node.hands[node.mover()] &= !(1u64 << card);
        node.in_hands &= !(1u64 << card);
        node.trick[node.trick_len as usize] = card;
        node.trick_len += 1;
        if node.trick_len < 4 {
            return 0;
        }
        let best = self.winning(node);
        let winner = (usize::from(node.leader) + best) & 3;
        node.left -= 1;
        let mut points = self.per_trick
            + node
                .trick
                .iter()
                .map(|&c| i32::from(self.points[c as usize]))
                .sum::<i32>();
        if node.left == 0 {
            points += self.last_bonus;
        }
        points *= self.scale;
        node.rest -= points;
        node.leader = winner as u8;
        node.trick_len = 0;
        node.won |= 1 << (winner & 1);
        if winner & 1 == 0 {
            points
        } else {
            0
        }
    }

    /// The all-tricks bonus at the end of a deal, for North-South.
    fn end_bonus(&self, node: &Node) -> i32 {
        let bonus = self.all_tricks;
        match node.won {
            0b01 => bonus,
            0b10 => -bonus,
            _ => 0,
        }
    }

    /// North-South's points from `node` on, exact when inside
    /// (`alpha`, `beta`), else a bound on the side of the window it falls.
    fn search(&mut self, node: &Node, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if node.trick_len == 0 && node.left == 0 {
            return self.end_bonus(node);
        }
        if let Some(h) = self.horizon {
            // The cards in the hands, from the counts (reading the hands
            // just written by the parent's move would stall).
            let cards = 4 * usize::from(node.left) - usize::from(node.trick_len);
            debug_assert_eq!(
                cards,
                (node.hands[0] | node.hands[1] | node.hands[2] | node.hands[3]).count_ones()
                    as usize
            );
            if (node.trick_len == 0 || h.mid_trick) && cards <= h.cards_left {
                if !self.remembers_playouts(h) {
                    return self.playouts(node, h);
                }
                debug_assert!(self.owns(&node.hands));
                let key = (node.in_hands, playout_key(node));
                if let Some(&sum) = self.playout_sums.get(&key) {
                    return sum;
                }
                let sum = self.playouts(node, h);
                if self.playout_sums.len() >= PLAYOUT_SUMS_CAP {
                    self.playout_sums.clear();
                }
                self.playout_sums.insert(key, sum);
                return sum;
            }
        }
        // North-South take between nothing and everything left, give or
        // take an all-tricks bonus still open to either side.
        let bonus = self.all_tricks;
        let floor = if node.won & 1 == 0 { -bonus } else { 0 };
        let ceiling = node.rest + if node.won & 2 == 0 { bonus } else { 0 };
        if ceiling <= alpha {
            return ceiling;
        }
        if floor >= beta {
            return floor;
        }
        let key = self.key(node);
        let mut hint = NO_CARD;
        if let Some(key) = key {
            if let Some(b) = self.table.get(&key).or_else(|| self.older_table.get(&key)) {
                if b.lo >= beta || b.lo == b.hi {
                    return b.lo;
                }
                if b.hi <= alpha {
                    return b.hi;
                }
                alpha = alpha.max(b.lo);
                beta = beta.min(b.hi);
                hint = b.best;
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let maximizing = node.mover() & 1 == 0;
        // Filled in place: a list sorted with narrow writes and then
        // returned by value is read back wide, which stalls.
        let mut moves = Moves::default();
        self.moves(node, hint, &mut moves);
        let mut best = if maximizing { i32::MIN } else { i32::MAX };
        let mut best_card = NO_CARD;
        for card in moves.iter() {
            // In place: a child returned by value is read back in wide
            // loads over narrow stores, which stalls.
            let mut child = *node;
            let gained = self.play_in_place(&mut child, card);
            let v = gained + self.search(&child, alpha - gained, beta - gained);
            if maximizing {
                if v > best {
                    best = v;
                    best_card = card;
                }
                alpha = alpha.max(v);
            } else {
                if v < best {
                    best = v;
                    best_card = card;
                }
                beta = beta.min(v);
            }
            if alpha >= beta {
                let h = &mut self.history[node.trick_len as usize][card as usize];
                *h = h.saturating_add(u16::from(node.left) * u16::from(node.left));
                break;
            }
        }
        if let Some(key) = key {
            if self.table.len() >= self.table_cap {
                // The full table becomes the older one, whose room the
                // new one reuses.
                std::mem::swap(&mut self.table, &mut self.older_table);
                self.table.clear();
            }
            // Looked up and inserted apart: the entry API's answer, read
            // back from memory, stalled.
            let bounds = |e: &mut Bounds| {
                if best <= alpha0 {
                    e.hi = e.hi.min(best);
                } else if best >= beta0 {
                    e.lo = e.lo.max(best);
                } else {
                    e.lo = best;
                    e.hi = best;
                }
                e.best = best_card;
            };
            if let Some(entry) = self.table.get_mut(&key) {
                bounds(entry);
            } else {
                let mut entry = Bounds {
                    lo: i32::MIN / 2,
                    hi: i32::MAX / 2,
                    best: NO_CARD,
                };
                bounds(&mut entry);
                self.table.insert(key, entry);
            }
        }
        best
    }

    /// The table key of a trick start (none inside a trick): the cards in
    /// the hands (whose holders are `owners`'), the leader, and who has
    /// taken a trick when a value depends on it (`won_in_key`).
    fn key(&self, node: &Node) -> Option<(u64, u8)> {
        if !self.use_table || node.trick_len != 0 {
            return None;
        }
        let won = if self.won_in_key { node.won } else { 0 };
        debug_assert!(self.owns(&node.hands));
        Some((node.in_hands, node.leader | won << 2))
    }

    /// Whether every card of `hands` is with the seat `owners` has it
    /// with (what [`OpenSolver::adopt`] makes sure of).
    fn owns(&self, hands: &[u64; 4]) -> bool {
        (0..4).all(|s| hands[s] & !self.owners[s] == 0)
    }

    /// Whether horizon positions keep their playout sums
    /// ([`OpenSolver::remember_playouts`]): not the code's playouts, which
    /// play once (one round counts for all). On the first moves of a
    /// bridge deal (`bridge_moves 1` with the code's Fusion) only 6% of
    /// their lookups found a sum, and a lookup in a large table, a cache
    /// miss, cost about what the playout does: skipping them took a third
    /// off the time.
    fn remembers_playouts(&self, horizon: Horizon) -> bool {
        self.remember_playouts && horizon.rule == Playout::Random
    }

    /// The mover's legal cards, one of each run of equivalent cards, best
    /// first, into `moves` (empty).
    fn moves(&self, node: &Node, hint: u8, moves: &mut Moves) {
        let legal = self.legal(node).0;
        let mover = node.mover();
        debug_assert_eq!(
            node.in_hands,
            node.hands[0] | node.hands[1] | node.hands[2] | node.hands[3]
        );
        let mut live = node.in_hands;
        for &c in &node.trick[..node.trick_len as usize] {
            live |= 1 << c;
        }
        let others = live & !node.hands[mover];
        // The situation of a follower: who wins so far, with what.
        let (partner_wins, winning_card) = if node.trick_len > 0 {
            let best = self.winning(node);
            ((node.trick_len as usize - best) == 2, node.trick[best])
        } else {
            (false, NO_CARD)
        };
        let mut rest = legal;
        while rest != 0 {
            let c = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            if self.equivalence && self.has_equal_below(c, live, others, legal) {
                continue;
            }
            let score = self.order_score(node, c, hint, partner_wins, winning_card);
            moves.push(c, score);
        }
        moves.sort();
    }

    /// Whether the next lower live card of `c`'s suit is also the mover's,
    /// legal and worth as much: then `c` is equivalent to it.
    #[inline]
    fn has_equal_below(&self, c: u8, live: u64, others: u64, legal: u64) -> bool {
        let lower = live & self.lower[c as usize];
        if lower == 0 {
            return false;
        }
        // The highest of them: the highest bit where the suit's order is
        // its bits' order.
        let below = if self.bit_ordered >> c & 1 != 0 {
            Some(63 - lower.leading_zeros() as u8)
        } else {
            cards_of_suit(lower, c / 16).max_by_key(|&o| self.power[o as usize])
        };
        below.is_some_and(|o| {
            others >> o & 1 == 0
                && legal >> o & 1 != 0
                && self.points[o as usize] == self.points[c as usize]
        })
    }

    /// How promising a card looks: the table's best card first; a follower
    /// wins as cheaply as it can, loads points on a partner's winner, and
    /// otherwise sheds its least valuable card; a leader leads its strongest
    /// cards first.
    #[inline]
    fn order_score(&self, node: &Node, card: u8, hint: u8, partner_wins: bool, winning: u8) -> i32 {
        if card == hint {
            return 1 << 30;
        }
        let history = i32::from(self.history[node.trick_len as usize][card as usize]);
        self.rule_score(node, card, partner_wins, winning) * 65536 + history
    }

    #[inline]
    fn rule_score(&self, node: &Node, card: u8, partner_wins: bool, winning: u8) -> i32 {
        let power = i32::from(self.power[card as usize]);
        let points = i32::from(self.points[card as usize]);
        if node.trick_len == 0 {
            return power * 8 + points;
        }
        if partner_wins {
            return 1000 + points * 8 - power;
        }
        let led = usize::from(node.trick[0] / 16);
        if self.beats[led][card as usize] >> winning & 1 != 0 {
            return 2000 - power * 8 - points;
        }
        -points * 8 - power
    }
}

/// Candidate cards with their ordering scores, each kept as one key:
/// the score, then the order of arrival (earlier first among equal
/// scores), then the card in the low byte; sorting the keys sorts the
/// cards without moving two arrays.
#[derive(Default)]
struct Moves {
    keys: [i64; 16],
    len: usize,
}

impl Moves {
    fn push(&mut self, card: u8, score: i32) {
        let arrival = 15 - self.len as i64;
        self.keys[self.len] = i64::from(score) << 16 | arrival << 8 | i64::from(card);
        self.len += 1;
    }

    /// Best score first, then the order of arrival (insertion sort: a
    /// dozen cards at most).
    fn sort(&mut self) {
        for i in 1..self.len {
            let key = self.keys[i];
            let mut j = i;
            while j > 0 && self.keys[j - 1] < key {
                self.keys[j] = self.keys[j - 1];
                j -= 1;
            }
            self.keys[j] = key;
        }
    }

    fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        self.keys[..self.len].iter().map(|&k| (k & 0xff) as u8)
    }
}

/// The bits of the cards of `suit` in `set`.
fn cards_of_suit(set: u64, suit: u8) -> impl Iterator<Item = u8> {
    let mut rest = set & (0xffff << (16 * u32::from(suit)));
    std::iter::from_fn(move || {
        if rest == 0 {
            None
        } else {
            let bit = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            Some(bit)
        }
    })
}

#[cfg(test)]
mod tests;

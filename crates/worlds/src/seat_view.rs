//! What one seat knows of a deal in play, and the worlds it draws from
//! that knowledge.

use crate::Knowledge;
use cards::{BySeat, Card, Hand, Seat};
use games::{PlayState, Taken, Trick, TrickGame};
use rand::seq::SliceRandom;
use rand::Rng;
use thiserror::Error;

/// A card the seat watching could not have seen played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SeatViewError {
    /// A card that is not hidden from the watcher and not in the hand of the
    /// seat playing it.
    #[error("{seat} cannot play {card}: it is not among the cards {seat} may hold")]
    Impossible {
        /// The seat playing.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// A card the rules forbid, given the hand shown.
    #[error("{seat} may not play {card} here")]
    Illegal {
        /// The seat playing.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// No world fits what the seat knows (an impossible play was observed,
    /// or the drawing gave up).
    #[error("no deal fits what {0} knows")]
    NoWorld(Seat),
}

/// One seat's view of a deal in play: its [`Knowledge`] (its own hand and
/// any hand shown to it, the cards played, and per seat the cards it is
/// known not to hold), and the worlds it draws from it.
///
/// The cards a seat cannot hold grow as it plays (the paper's Algorithm 1,
/// kept by [`Knowledge::observe`]). They are kept for every seat that does
/// not show its hand, the watcher's included: Fusion's worlds hand the
/// watcher's cards around too.
#[derive(Clone, Debug)]
pub struct SeatView<G: TrickGame> {
    seat: Seat,
    knowledge: Knowledge<G>,
    /// The seat that led the trick on the table when the view began (the
    /// opening leader for a view made at the start of a deal).
    opener: Seat,
}

impl<G: TrickGame> SeatView<G> {
    /// The view of `seat` at the current point of `state`, knowing its own
    /// hand and the hands of `shown` (dummy in bridge), but nothing else of
    /// the play so far: use this at the start of a deal and
    /// [`SeatView::observe`] every card after.
    #[must_use]
    pub fn new(state: &PlayState<G>, seat: Seat, shown: &[Seat]) -> SeatView<G> {
        SeatView {
            seat,
            knowledge: Knowledge::at(state, &[seat], shown),
            opener: state.trick().leader(),
        }
    }

    /// The view of `seat` from a side's `knowledge` (the seat's hand
    /// among those it sees): for a bridge side at a contract board, which
    /// decides for declarer and dummy from one knowledge. `declaring` is
    /// the seat whose team counts as declaring ([`SeatView::opener`]).
    ///
    /// # Panics
    /// If the knowledge does not see `seat`'s hand.
    #[must_use]
    pub fn within(knowledge: Knowledge<G>, seat: Seat, declaring: Seat) -> SeatView<G> {
        assert!(
            knowledge.known(seat).is_some(),
            "a seat's view sees its own hand"
        );
        SeatView {
            seat,
            knowledge,
            opener: declaring,
        }
    }

    /// What the seat knows.
    pub const fn knowledge(&self) -> &Knowledge<G> {
        &self.knowledge
    }

    /// The seat whose team counts as declaring: for a view made with
    /// [`SeatView::new`], the seat that led the trick on the table then
    /// (at the start of a deal, the opening leader, whom the trick-costs
    /// paper's code takes as the declarer in every game); at a contract
    /// board ([`SeatView::within`]), declarer.
    pub const fn opener(&self) -> Seat {
        self.opener
    }

    /// The rules.
    pub const fn game(&self) -> &G {
        self.knowledge.game()
    }

    /// The seat whose view this is.
    pub const fn seat(&self) -> Seat {
        self.seat
    }

    /// The trick on the table.
    pub const fn trick(&self) -> &Trick {
        self.knowledge.trick()
    }

    /// What each team has taken.
    pub const fn taken(&self) -> &Taken {
        self.knowledge.taken()
    }

    /// Tricks still to complete, the current one included.
    pub const fn tricks_left(&self) -> usize {
        self.knowledge.tricks_left()
    }

    /// The seat's own cards.
    #[must_use]
    pub fn own_hand(&self) -> Hand {
        self.knowledge
            .holding(self.seat)
            .expect("a seat knows its own hand")
    }

    /// The hand of `seat` if it is known.
    #[must_use]
    pub fn known(&self, seat: Seat) -> Option<Hand> {
        self.knowledge.holding(seat)
    }

    /// The cards `seat` is known not to hold (besides the cards seen
    /// elsewhere).
    #[must_use]
    pub fn lacks(&self, seat: Seat) -> Hand {
        Hand(self.knowledge.lacks(seat).0 & self.hidden().0)
    }

    /// The cards the seat cannot see: not played, in no known hand.
    #[must_use]
    pub fn hidden(&self) -> Hand {
        self.knowledge.hidden()
    }

    /// Records that the seat to move played `card`.
    ///
    /// # Errors
    /// [`SeatViewError`] when the card cannot come from that seat.
    pub fn observe(&mut self, card: Card) -> Result<(), SeatViewError> {
        let seat = self.knowledge.to_move();
        let seen = self.knowledge.holding(seat).is_some();
        self.knowledge.observe(card).map_err(|_| {
            if seen {
                SeatViewError::Illegal { seat, card }
            } else {
                SeatViewError::Impossible { seat, card }
            }
        })
    }

    fn holding_or_empty(&self) -> [Hand; 4] {
        Seat::ALL.map(|s| self.knowledge.holding(s).unwrap_or(Hand::EMPTY))
    }

    fn sizes(&self) -> [usize; 4] {
        Seat::ALL.map(|s| self.knowledge.cards_left(s))
    }

    fn lacks_raw(&self) -> [Hand; 4] {
        Seat::ALL.map(|s| self.knowledge.lacks(s))
    }

    fn private_seats(&self) -> Vec<usize> {
        (0..4)
            .filter(|&s| !self.knowledge.is_public(Seat::from_index(s)))
            .collect()
    }

    /// The hands as they may lie now: known hands as they are, the hidden
    /// cards dealt to the other seats in their numbers, avoiding the cards
    /// each is known not to hold. Uniform over such deals when a few
    /// hundred plain shuffles find one; otherwise dealt card by card, the
    /// most constrained cards first (close to uniform).
    ///
    /// # Errors
    /// [`SeatViewError::NoWorld`] when no deal fits.
    pub fn draw(&self, rng: &mut impl Rng) -> Result<BySeat<Hand>, SeatViewError> {
        let hidden: Vec<Card> = self.hidden().iter().collect();
        let seats: Vec<usize> = (0..4)
            .filter(|&s| self.knowledge.known(Seat::from_index(s)).is_none())
            .collect();
        let base = self.holding_or_empty();
        let sizes = self.sizes();
        let lacks = self.lacks_raw();
        for _ in 0..300 {
            let mut cards = hidden.clone();
            cards.shuffle(rng);
            let mut hands = base;
            let mut next = 0;
            for &s in &seats {
                for &c in &cards[next..next + sizes[s]] {
                    hands[s].insert(c);
                }
                next += sizes[s];
            }
            if seats.iter().all(|&s| hands[s].0 & lacks[s].0 == 0) {
                return Ok(BySeat(hands));
            }
        }
        for _ in 0..300 {
            let mut cards = hidden.clone();
            cards.shuffle(rng);
            cards.sort_by_key(|&c| seats.iter().filter(|&&s| !lacks[s].contains(c)).count());
            let mut room = sizes;
            let mut hands = base;
            let mut ok = true;
            for c in cards {
                let open: Vec<usize> = seats
                    .iter()
                    .copied()
                    .filter(|&s| room[s] > 0 && !lacks[s].contains(c))
                    .collect();
                let total: usize = open.iter().map(|&s| room[s]).sum();
                if total == 0 {
                    ok = false;
                    break;
                }
                let mut pick = rng.gen_range(0..total);
                let s = *open
                    .iter()
                    .find(|&&s| {
                        if pick < room[s] {
                            true
                        } else {
                            pick -= room[s];
                            false
                        }
                    })
                    .expect("a seat with room");
                hands[s].insert(c);
                room[s] -= 1;
            }
            if ok {
                return Ok(BySeat(hands));
            }
        }
        Err(SeatViewError::NoWorld(self.seat))
    }

    /// `n` worlds drawn with [`SeatView::draw`].
    ///
    /// # Errors
    /// [`SeatViewError::NoWorld`] when no deal fits.
    pub fn draw_many(
        &self,
        rng: &mut impl Rng,
        n: usize,
    ) -> Result<Vec<BySeat<Hand>>, SeatViewError> {
        (0..n).map(|_| self.draw(rng)).collect()
    }

    /// Fusion's worlds: `base` deals drawn, and for each every way of
    /// handing its hands around the seats that do not show theirs (the
    /// watcher's included: the others do not know its cards), keeping those
    /// that fit the hand sizes and what every seat is known (by all) not to
    /// hold; duplicates dropped. Each seat then holds each of its possible
    /// hands in several worlds, and the watcher's real hand is in the first.
    ///
    /// While there are fewer than `wanted` worlds, more deals are drawn,
    /// one at a time, up to `wanted` deals in all: once the play has shown
    /// voids few permutations of a deal fit, and a single deal would leave
    /// the players a world or two.
    ///
    /// At most `limit` worlds: a drawn deal whose permutations would pass
    /// it is left out whole (with those after it), since Fusion's players
    /// judge a card over the worlds they cannot tell apart, and a deal cut
    /// short gives some hands fewer worlds than others. The first drawn
    /// deal is always kept whole.
    ///
    /// # Errors
    /// [`SeatViewError::NoWorld`] when no deal fits.
    pub fn permutation_worlds(
        &self,
        rng: &mut impl Rng,
        base: usize,
        wanted: usize,
        limit: usize,
    ) -> Result<Vec<BySeat<Hand>>, SeatViewError> {
        let mut worlds: Vec<BySeat<Hand>> = Vec::new();
        for world in self.draw_many(rng, base)? {
            if !self.add_permutations(&mut worlds, &world, limit) {
                return Ok(worlds);
            }
        }
        let mut drawn = base;
        while worlds.len() < wanted && drawn < wanted {
            let world = self.draw(rng)?;
            drawn += 1;
            if !self.add_permutations(&mut worlds, &world, limit) {
                break;
            }
        }
        Ok(worlds)
    }

    /// The 24 worlds of the trick-costs paper's own Fusion player (read
    /// in its public code, samuelbounan/TrickGame, `permutation.cpp`): one
    /// deal drawn from this view; in each hidden seat the cards that
    /// every other seat is known to lack stay put, and a few more chosen at
    /// random, until every seat has the same number of cards left to move;
    /// those are handed around the seats in every one of their orders. No
    /// permuted world is checked against the voids known, and the
    /// watcher's own hand is handed around like the others (as in
    /// [`SeatView::permutation_worlds`], its choice is judged on the worlds
    /// where it holds its own hand). Seats whose hands are public stay
    /// put. Worlds may repeat (when no card is left to hand around).
    ///
    /// # Errors
    /// [`SeatViewError::NoWorld`] when no deal fits the view.
    pub fn paper_permutation_worlds(
        &self,
        rng: &mut impl Rng,
    ) -> Result<Vec<BySeat<Hand>>, SeatViewError> {
        let BySeat(world) = self.draw(rng)?;
        let seats = self.private_seats();
        let lacks = self.lacks_raw();
        // The cards of each seat that only it can hold.
        let mut only = [0u64; 4];
        for &p in &seats {
            only[p] = seats
                .iter()
                .filter(|&&i| i != p)
                .fold(world[p].0, |acc, &i| acc & lacks[i].0);
        }
        let movable = |only: &[u64; 4], p: usize| (world[p].0 & !only[p]).count_ones() as usize;
        let fewest = seats.iter().map(|&p| movable(&only, p)).min().unwrap_or(0);
        for &p in &seats {
            let cards: Vec<Card> = world[p].iter().collect();
            while movable(&only, p) > fewest {
                let card = cards[rng.gen_range(0..cards.len())];
                only[p] |= 1u64 << card.bit();
            }
        }
        let mut worlds = Vec::new();
        for perm in permutations(seats.len()) {
            let mut hands = world;
            for (i, &s) in seats.iter().enumerate() {
                let from = seats[perm[i]];
                hands[s] = Hand((world[from].0 & !only[from]) | only[s]);
            }
            worlds.push(BySeat(hands));
        }
        Ok(worlds)
    }

    /// Adds the permutations of `world` that fit and are new, unless they
    /// would take `worlds` past `limit` (and it holds some already): then
    /// adds none and says so.
    fn add_permutations(
        &self,
        worlds: &mut Vec<BySeat<Hand>>,
        world: &BySeat<Hand>,
        limit: usize,
    ) -> bool {
        let seats = self.private_seats();
        let sizes = self.sizes();
        let lacks = self.lacks_raw();
        let mut added: Vec<BySeat<Hand>> = Vec::new();
        let BySeat(world) = world;
        for perm in permutations(seats.len()) {
            let mut hands = *world;
            for (i, &s) in seats.iter().enumerate() {
                hands[s] = world[seats[perm[i]]];
            }
            let hands = BySeat(hands);
            let fits = seats
                .iter()
                .all(|&s| hands.0[s].len() == sizes[s] && hands.0[s].0 & lacks[s].0 == 0);
            if fits && !worlds.contains(&hands) && !added.contains(&hands) {
                added.push(hands);
            }
        }
        if !worlds.is_empty() && worlds.len() + added.len() > limit {
            return false;
        }
        worlds.extend(added);
        true
    }

    /// The position of the deal in a world drawn from this view.
    #[must_use]
    pub fn position_in(&self, world: &BySeat<Hand>) -> PlayState<G> {
        let hands = cards::Deal::new(*world).expect("a world's hands are disjoint");
        PlayState::from_parts(
            self.game().clone(),
            hands,
            hands,
            *self.trick(),
            *self.taken(),
        )
    }
}

/// Every permutation of `0..n` (n is at most 3 here), identity first.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for i in (0..=p.len()).rev() {
            let mut q = p.clone();
            q.insert(i, n - 1);
            out.push(q);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::Suit;
    use games::Belote;

    #[test]
    fn permutations_are_all_there() {
        let p = permutations(3);
        assert_eq!(p.len(), 6);
        assert_eq!(p[0], vec![0, 1, 2]);
        let mut sorted = p.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 6);
    }

    fn cards(list: &str) -> Hand {
        list.split_whitespace()
            .map(|c| c.parse::<Card>().expect("a card"))
            .collect()
    }

    #[test]
    fn permutation_worlds_keep_whole_drawn_deals_within_the_limit() {
        // Bridge without a dummy, at the first card: every drawn deal gives
        // its 24 permutations, so four deals (96 worlds) pass 64 and only
        // two fit whole.
        let deal: cards::Deal =
            "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
                .parse()
                .expect("a deal");
        let state = PlayState::new(bridge::Bridge::new(None), deal, Seat::North);
        let view = SeatView::new(&state, Seat::North, &[]);
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
        let worlds = view.permutation_worlds(&mut rng, 4, 0, 64).expect("worlds");
        assert_eq!(worlds.len(), 48);
        // Every hand of the two drawn deals lies in every seat in 6 worlds
        // (the permutations of the other seats), North's real hand, in
        // both deals, in 12.
        let real = view.own_hand();
        for s in 0..4 {
            let mut held: Vec<Hand> = worlds.iter().map(|w| w.0[s]).collect();
            held.sort_by_key(|h| h.0);
            held.dedup();
            assert_eq!(held.len(), 7, "seat {s}: the real hand and 2 x 3 others");
            for h in held {
                let expected = if h == real { 12 } else { 6 };
                assert_eq!(worlds.iter().filter(|w| w.0[s] == h).count(), expected);
            }
        }
        // The first drawn deal is kept even when it alone passes the limit.
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
        assert_eq!(
            view.permutation_worlds(&mut rng, 4, 0, 10)
                .expect("worlds")
                .len(),
            24
        );
    }

    /// North's view after it led the spade ace and East and West showed
    /// out of spades.
    fn spades_shown_out_of() -> SeatView<bridge::Bridge> {
        let deal: cards::Deal =
            "N:AKQJ.AKQ.AKQ.AKQ 5432.JT9.JT9.JT9 T987.876.876.876 6.5432.5432.5432"
                .parse()
                .expect("a deal");
        let state = PlayState::new(bridge::Bridge::new(None), deal, Seat::North);
        let mut view = SeatView::new(&state, Seat::North, &[]);
        for card in ["SA", "H9", "S7", "H2"] {
            view.observe(card.parse().expect("a card")).expect("seen");
        }
        view
    }

    #[test]
    fn the_papers_fusion_worlds_permute_one_deal_without_checking_voids() {
        // East and West show out of spades at the first trick: the paper's
        // code still hands spades to them in some of its 24 worlds, and
        // North's own hand goes round the table like the others.
        let view = spades_shown_out_of();
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(3);
        let worlds = view.paper_permutation_worlds(&mut rng).expect("worlds");
        assert_eq!(worlds.len(), 24);
        let unplayed = worlds[0].0.iter().fold(0u64, |acc, h| acc | h.0);
        for world in &worlds {
            assert!(world.0.iter().all(|h| h.len() == 12), "{world:?}");
            assert_eq!(world.0.iter().fold(0u64, |acc, h| acc | h.0), unplayed);
        }
        let own = view.own_hand();
        assert_eq!(worlds.iter().filter(|w| w.0[0] == own).count(), 6);
        let spades = Hand::suit_mask(cards::Suit::Spades);
        let void_broken = worlds
            .iter()
            .filter(|w| w.0[1].0 & spades != 0 || w.0[3].0 & spades != 0)
            .count();
        assert!(void_broken > 0, "no world gives East or West a spade");
        // Our own permutations never do.
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(3);
        let fit = view
            .permutation_worlds(&mut rng, 1, 24, 64)
            .expect("worlds");
        assert!(fit
            .iter()
            .all(|w| w.0[1].0 & spades == 0 && w.0[3].0 & spades == 0));
    }

    #[test]
    fn the_papers_fusion_worlds_fix_cards_to_even_out_the_hands_mid_trick() {
        // North has led: East, South and West hold a card more, and each
        // keeps one card of the drawn deal in all 24 worlds, so that the
        // rest of every hand is the same size and can be handed round.
        let deal: cards::Deal =
            "N:AKQJ.AKQ.AKQ.AKQ 5432.JT9.JT9.JT9 T987.876.876.876 6.5432.5432.5432"
                .parse()
                .expect("a deal");
        let state = PlayState::new(bridge::Bridge::new(None), deal, Seat::North);
        let mut view = SeatView::new(&state, Seat::East, &[]);
        view.observe("SA".parse().expect("a card")).expect("seen");
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(5);
        let worlds = view.paper_permutation_worlds(&mut rng).expect("worlds");
        assert_eq!(worlds.len(), 24);
        for world in &worlds {
            let sizes: Vec<usize> = world.0.iter().map(|h| h.len()).collect();
            assert_eq!(sizes, [12, 13, 13, 13]);
        }
        for seat in 1..4 {
            let kept = worlds.iter().fold(u64::MAX, |acc, w| acc & w.0[seat].0);
            assert_eq!(kept.count_ones(), 1, "seat {seat}");
        }
        assert_eq!(worlds.iter().fold(u64::MAX, |acc, w| acc & w.0[0].0), 0);
    }

    #[test]
    fn more_deals_are_drawn_while_too_few_permutations_fit() {
        // Spades led and East and West show out: of a deal's 24
        // permutations only those giving North's and South's spades back
        // to them fit, and one deal leaves very few worlds.
        let view = spades_shown_out_of();
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(3);
        let one = view.permutation_worlds(&mut rng, 1, 0, 64).expect("worlds");
        assert!(one.len() < 24, "{} worlds from one deal", one.len());
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(3);
        let more = view
            .permutation_worlds(&mut rng, 1, 24, 64)
            .expect("worlds");
        assert!(
            more.len() >= 24 && more.len() <= 64,
            "{} worlds",
            more.len()
        );
        // The first deal's worlds come first, unchanged.
        assert_eq!(&more[..one.len()], &one[..]);
        // Every world fits what the table knows, and none is there twice.
        assert_eq!(more[0][Seat::North], view.own_hand());
        for (i, w) in more.iter().enumerate() {
            for s in [Seat::East, Seat::West] {
                assert_eq!(w[s].0 & Hand::suit_mask(Suit::Spades), 0, "{s} showed out");
            }
            assert!(!more[..i].contains(w));
        }
    }

    #[test]
    fn failing_to_follow_trump_or_overtrump_is_remembered() {
        // Hearts trumps. North leads a spade, East discards a club: East has
        // no spade and no heart (East had to trump against North).
        let deal: cards::Deal = "N:AK.AK.AK.AK QJ.QJ.QJ.QJ T9.T9.T9.T9 87.87.87.87"
            .parse()
            .expect("a deal");
        let state = PlayState::new(Belote::new(Suit::Hearts), deal, Seat::North);
        let mut view = SeatView::new(&state, Seat::South, &[]);
        view.observe("SA".parse().expect("a card")).expect("seen");
        // East cannot discard while holding spades: this deal forbids it,
        // but the view does not know East's hand and accepts it.
        view.observe("CQ".parse().expect("a card")).expect("seen");
        let lacks = view.lacks(Seat::East);
        assert!(lacks.0 & cards("SK SQ SJ S8 S7").0 == cards("SK SQ SJ S8 S7").0 & view.hidden().0);
        assert!(lacks.0 & cards("HA HK HQ HJ H8 H7").0 != 0);
        assert!(!lacks.contains("DA".parse().expect("a card")));
        // Every world drawn respects it.
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
        for _ in 0..50 {
            let w = view.draw(&mut rng).expect("a world");
            assert_eq!(w[Seat::East].0 & lacks.0, 0);
            assert_eq!(w[Seat::East].len(), 7);
            assert_eq!(w[Seat::South], view.own_hand());
        }
    }
}

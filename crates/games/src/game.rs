use cards::{Card, Deal, Hand, Seat, Suit};

/// The card bits of the suits of `game`'s deck whose order (which card
/// beats which, the suit led) is the order of their bits: every suit in
/// bridge, none in Belote.
#[must_use]
pub fn suits_in_bit_order<G: TrickGame>(game: &G) -> u64 {
    let deck = game.deck();
    Suit::ALL
        .into_iter()
        .filter(|&suit| {
            let cards = || deck.iter().filter(move |c| c.suit == suit);
            cards()
                .all(|a| cards().all(|b| a == b || (a.bit() > b.bit()) == game.beats(a, b, suit)))
        })
        .fold(0, |m, suit| m | Hand::suit_mask(suit))
}

/// A trick in progress or complete: who led and the cards played so far, in
/// playing order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Trick {
    leader: Seat,
    cards: [Option<Card>; 4],
    len: u8,
}

impl Trick {
    /// An empty trick led by `leader`.
    #[must_use]
    pub const fn new(leader: Seat) -> Trick {
        Trick {
            leader,
            cards: [None; 4],
            len: 0,
        }
    }

    /// The trick led by `leader` with `played` on the table, in playing
    /// order, made in one piece (a search that makes a trick at every node
    /// reads it back at once: card by card, the narrow writes stall the
    /// wide read).
    ///
    /// # Panics
    /// If more than four cards are given.
    #[must_use]
    #[inline]
    pub fn from_cards(leader: Seat, played: &[Card]) -> Trick {
        assert!(played.len() <= 4, "a trick holds four cards");
        let card = |i: usize| played.get(i).copied();
        Trick {
            leader,
            cards: [card(0), card(1), card(2), card(3)],
            len: played.len() as u8,
        }
    }

    /// The seat that leads (or led) the trick.
    #[must_use]
    pub const fn leader(&self) -> Seat {
        self.leader
    }

    /// How many cards are on the table.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// No card played yet.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// All four cards are on the table.
    #[must_use]
    pub const fn is_complete(&self) -> bool {
        self.len == 4
    }

    /// The seat to play next (the leader again once the trick is complete).
    #[must_use]
    pub const fn to_move(&self) -> Seat {
        Seat::from_index((self.leader.index() + self.len as usize) & 3)
    }

    /// The suit led, if a card was played.
    #[must_use]
    pub fn led_suit(&self) -> Option<Suit> {
        self.cards[0].map(|c| c.suit)
    }

    /// The cards played so far with their players, in playing order.
    pub fn plays(&self) -> impl Iterator<Item = (Seat, Card)> + '_ {
        (0..self.len()).filter_map(move |i| {
            self.cards[i].map(|c| (Seat::from_index((self.leader.index() + i) & 3), c))
        })
    }

    /// The cards played so far, in playing order.
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.cards[..self.len()].iter().flatten().copied()
    }

    /// The cards on the table as a set.
    #[must_use]
    pub fn card_set(&self) -> Hand {
        self.cards().collect()
    }

    /// The trick with `card` added by the seat to move.
    ///
    /// # Panics
    /// If the trick is already complete.
    #[must_use]
    pub fn with(mut self, card: Card) -> Trick {
        self.push(card);
        self
    }

    /// Adds `card`, played by the seat to move, in place.
    ///
    /// # Panics
    /// If the trick is already complete.
    #[inline]
    pub fn push(&mut self, card: Card) {
        assert!(self.len < 4, "a trick holds four cards");
        self.cards[self.len as usize] = Some(card);
        self.len += 1;
    }
}

/// What each team has taken so far in a deal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Taken {
    /// Points per team (card points and bonuses counted per trick).
    pub points: [u32; 2],
    /// Tricks per team.
    pub tricks: [u32; 2],
}

impl Taken {
    /// Credits the complete `trick` to the team of its winner (with the
    /// last-trick bonus when `last`) and returns the winner.
    pub fn take<G: TrickGame>(&mut self, game: &G, trick: &Trick, last: bool) -> Seat {
        let winner = game.winner(trick);
        let team = winner.side().index();
        self.points[team] += game.trick_points(trick, last);
        self.tricks[team] += 1;
        winner
    }
}

/// The rules of a trick-taking game for four seats in two teams
/// (North-South and East-West).
///
/// A deal is played trick by trick: the leader plays any card the rules
/// allow, each other seat in clockwise order plays a card of
/// [`TrickGame::legal`], the [`TrickGame::winner`] takes the trick and its
/// [`TrickGame::trick_points`] and leads the next. At the end,
/// [`TrickGame::scores`] turns what each team took into its score.
pub trait TrickGame: Clone + Send + Sync {
    /// A short name: `bridge`, `belote`.
    fn name(&self) -> &'static str;

    /// Every card of the deck.
    fn deck(&self) -> Hand;

    /// Cards in each hand of a full deal.
    fn hand_size(&self) -> usize;

    /// The trump suit, if any.
    fn trump(&self) -> Option<Suit>;

    /// The cards of `hand` that the seat to move may play to `trick`
    /// (which is not complete). Never empty when `hand` is not.
    fn legal(&self, hand: Hand, trick: &Trick) -> Hand;

    /// Whether `a` beats `b` on a trick led in `led`, `b` being the card
    /// winning the trick so far.
    fn beats(&self, a: Card, b: Card, led: Suit) -> bool;

    /// The seat whose card wins the trick so far (the leader's for one
    /// card).
    ///
    /// # Panics
    /// If the trick is empty.
    fn winner(&self, trick: &Trick) -> Seat {
        let led = trick.led_suit().expect("a trick with a card");
        let mut best: Option<(Seat, Card)> = None;
        for (seat, card) in trick.plays() {
            best = match best {
                Some((_, b)) if !self.beats(card, b, led) => best,
                _ => Some((seat, card)),
            };
        }
        best.expect("a trick with a card").0
    }

    /// The points a card is worth to the team that takes it.
    fn card_points(&self, card: Card) -> u32;

    /// Whether `a` and `b` are interchangeable while the cards of `live`
    /// (those in the hands and on the table) are in play: swapping the
    /// two cards wherever they lie changes no legal play, no trick's
    /// winner, no point and no score, so a hand holding both gets the same
    /// outcome from either. Searches over worlds then value one card of
    /// such a pair for both. The default is never, which is always sound;
    /// a game that says yes must be sure of it.
    fn equivalent(&self, a: Card, b: Card, live: Hand) -> bool {
        let _ = (a, b, live);
        false
    }

    /// Points every trick is worth whatever its cards (1 in bridge).
    fn points_per_trick(&self) -> u32 {
        0
    }

    /// The points of a completed trick: its cards and
    /// [`TrickGame::points_per_trick`], plus the bonus of the deal's last
    /// trick when `last`.
    fn trick_points(&self, trick: &Trick, last: bool) -> u32 {
        trick.cards().map(|c| self.card_points(c)).sum::<u32>()
            + self.points_per_trick()
            + if last { self.last_trick_bonus() } else { 0 }
    }

    /// The points still to be taken when `cards` are still in play (in the
    /// hands or on the table) and `tricks_left` tricks are to be completed.
    fn points_left(&self, cards: Hand, tricks_left: usize) -> u32 {
        if tricks_left == 0 {
            return 0;
        }
        cards.iter().map(|c| self.card_points(c)).sum::<u32>()
            + self.points_per_trick() * tricks_left as u32
            + self.last_trick_bonus()
    }

    /// Points for taking the last trick of a deal.
    fn last_trick_bonus(&self) -> u32 {
        0
    }

    /// The points of all the tricks of a full deal together.
    fn total_points(&self) -> u32 {
        self.points_left(self.deck(), self.hand_size())
    }

    /// A bonus to the team that takes every trick of the deal (Belote's
    /// capot), counted by the open-card solver; 0 when the game has none.
    fn all_tricks_bonus(&self) -> u32 {
        0
    }

    /// Each team's score for a deal dealt as `deal` in which the teams took
    /// `taken`: points, bonuses and contract rules applied.
    fn scores(&self, deal: &Deal, taken: &Taken) -> [f64; 2];

    /// The score a search over worlds gives the root's team (`root_team`)
    /// in one world where that team takes `points` from the search's root
    /// on, `before` being what each team had taken at the root and
    /// `tricks_left` the tricks then left. A game whose score adds up
    /// trick by trick scores the points themselves (the default); one that
    /// does not (bridge scored by its contract, made or not) turns them
    /// into its score. The turn must not decrease as `points` grow, so that
    /// a search may prune on points and scores alike.
    fn search_score(
        &self,
        before: &Taken,
        root_team: usize,
        points: f64,
        tricks_left: usize,
    ) -> f64 {
        let _ = (before, root_team, tricks_left);
        points
    }
}

#[cfg(test)]
mod tests {
    use super::Trick;
    use cards::{Card, Seat};

    /// A trick made in one piece equals the same trick made card by card.
    #[test]
    fn a_trick_from_its_cards_equals_one_pushed_card_by_card() {
        let cards: Vec<Card> = ["SA", "S3", "HK", "C2"]
            .iter()
            .map(|c| c.parse().unwrap())
            .collect();
        for n in 0..=4 {
            let mut pushed = Trick::new(Seat::East);
            for &c in &cards[..n] {
                pushed.push(c);
            }
            assert_eq!(
                Trick::from_cards(Seat::East, &cards[..n]),
                pushed,
                "{n} cards"
            );
        }
    }

    #[test]
    #[should_panic(expected = "a trick holds four cards")]
    fn a_trick_of_five_cards_is_refused() {
        let c: Card = "SA".parse().unwrap();
        let _ = Trick::from_cards(Seat::North, &[c; 5]);
    }
}

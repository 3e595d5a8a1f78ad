//! What one side or one seat knows of a deal being played, for any game of
//! the `games` crate: the hands it sees, the cards played and by whom, and
//! per seat the cards that seat is known not to hold (the trick-costs
//! paper's Algorithm 1: in bridge the suits a player has shown out of, in
//! Belote also the trumps it could not have held when it did not trump or
//! overtrump).

use bridge::Bridge;
use cards::{BySeat, Card, Deal, Hand, Seat, Side, Strain};
use games::{PlayState, Taken, Trick, TrickGame};
use thiserror::Error;

/// A play sequence or a view that cannot happen.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum KnowledgeError {
    /// A card of the play that the rules or the known hands forbid.
    #[error("card {number} of the play ({card}, played by {seat}): {reason}")]
    Play {
        /// 1-based number of the card in the play.
        number: usize,
        /// The card.
        card: Card,
        /// The seat whose turn it was.
        seat: Seat,
        /// Why it cannot be played.
        reason: String,
    },
    /// The hands seen do not fit the hand size.
    #[error("{seat} shows {len} cards; every hand of this deal has {expected}")]
    HandSize {
        /// The seat.
        seat: Seat,
        /// Cards it shows.
        len: usize,
        /// Cards every hand has.
        expected: usize,
    },
    /// A hand shown during the play that cannot be the seat's.
    #[error("{seat}'s hand {hand} cannot be shown: {why}")]
    Shown {
        /// The seat.
        seat: Seat,
        /// The hand shown.
        hand: Hand,
        /// Why it cannot be the seat's.
        why: String,
    },
    /// The hidden cards cannot fill the hidden hands.
    #[error("{unknown} cards are hidden but the hidden hands need {needed}")]
    CardCount {
        /// Hidden cards.
        unknown: usize,
        /// Places in hidden hands.
        needed: usize,
    },
}

/// What one side (or one seat) knows of a deal being played, in any game.
///
/// It begins at the start of a deal ([`Knowledge::new`] for bridge,
/// [`Knowledge::begin`] for any game) or at any point of a deal in play
/// ([`Knowledge::at`]), and follows the play card by card
/// ([`Knowledge::observe`]). The hands it sees are kept as they were when it
/// began; for every seat whose hand is not public it keeps the cards that
/// seat is known not to hold: when a seat plays `c`, every unseen card `c'`
/// such that the rules would not allow `c` from the two-card hand
/// `{c, c'}` (Algorithm 1; the rules of bridge and Belote are monotone, so
/// such a `c'` forbids `c` in any hand).
///
/// Bridge's samplers ([`crate::draw`]) and the generic players' views
/// ([`crate::SeatView`]) both draw from it.
#[derive(Clone, Debug)]
pub struct Knowledge<G: TrickGame = Bridge> {
    game: G,
    /// The cards of the deal, played or not.
    deck: Hand,
    /// Cards in each hand when the knowledge began (the largest hand when
    /// it began in the middle of a trick).
    hand_size: usize,
    /// The hands seen, as they were when the knowledge began.
    known: BySeat<Option<Hand>>,
    /// Hands every seat sees (dummy in bridge).
    public: [bool; 4],
    /// Cards on the table when the knowledge began.
    before: Hand,
    /// Cards each seat has played since.
    played: BySeat<Hand>,
    /// Cards each seat still holds.
    sizes: [usize; 4],
    /// Cards each seat not public is known not to hold.
    lacks: BySeat<Hand>,
    /// Whether the knowledge began at the first card of the deal.
    at_deal_start: bool,
    sequence: Vec<(Seat, Card)>,
    trick: Trick,
    taken: Taken,
    tricks_left: usize,
}

impl Knowledge<Bridge> {
    /// Bridge knowledge from the original hands seen (`None` where hidden),
    /// all the cards of the deal (52, or fewer for a reduced deal), the
    /// strain, the leader of the first trick and the cards played so far
    /// in order.
    ///
    /// # Errors
    /// [`KnowledgeError`] when a seen hand has the wrong size, the hidden
    /// cards do not fill the hidden hands, or a card of the play cannot be
    /// played (not held, played twice, revoke, or a hidden player plays a
    /// suit it has shown out of).
    pub fn new(
        seen: BySeat<Option<Hand>>,
        deck: Hand,
        hand_size: usize,
        strain: Strain,
        first_leader: Seat,
        play: &[Card],
    ) -> Result<Knowledge, KnowledgeError> {
        let mut k = Knowledge::begin(
            Bridge::new(strain.trump()),
            seen,
            [false; 4],
            deck,
            hand_size,
            first_leader,
        )?;
        for &card in play {
            k.observe(card)?;
        }
        Ok(k)
    }

    /// The same knowledge of a deal scored otherwise (by the contract,
    /// for the generic players at a contract board).
    #[must_use]
    pub fn with_scoring(mut self, scoring: bridge::BridgeScoring) -> Knowledge {
        self.game.scoring = scoring;
        self
    }

    /// The strain.
    #[must_use]
    pub fn strain(&self) -> Strain {
        self.game.trump.map_or(Strain::Notrump, Strain::from_suit)
    }
}

impl<G: TrickGame> Knowledge<G> {
    /// The knowledge at the first card of a deal of `game`: the original
    /// hands seen (`None` where hidden), which of them every seat sees
    /// (`public`), all the cards of the deal, the cards of each hand and
    /// the first leader.
    ///
    /// # Errors
    /// [`KnowledgeError::HandSize`] when a seen hand has the wrong size,
    /// [`KnowledgeError::CardCount`] when the hidden cards do not fill the
    /// hidden hands.
    pub fn begin(
        game: G,
        seen: BySeat<Option<Hand>>,
        public: [bool; 4],
        deck: Hand,
        hand_size: usize,
        first_leader: Seat,
    ) -> Result<Knowledge<G>, KnowledgeError> {
        let mut known_cards = Hand::EMPTY;
        let mut hidden_seats = 0;
        for seat in Seat::ALL {
            match seen[seat] {
                Some(hand) => {
                    if hand.len() != hand_size {
                        return Err(KnowledgeError::HandSize {
                            seat,
                            len: hand.len(),
                            expected: hand_size,
                        });
                    }
                    known_cards = known_cards.union(hand);
                }
                None => hidden_seats += 1,
            }
        }
        let unknown = Hand(deck.0 & !known_cards.0);
        if unknown.len() != hidden_seats * hand_size {
            return Err(KnowledgeError::CardCount {
                unknown: unknown.len(),
                needed: hidden_seats * hand_size,
            });
        }
        Ok(Knowledge {
            game,
            deck,
            hand_size,
            known: seen,
            public,
            before: Hand::EMPTY,
            played: BySeat::default(),
            sizes: [hand_size; 4],
            lacks: BySeat::default(),
            at_deal_start: true,
            sequence: Vec::with_capacity(hand_size * 4),
            trick: Trick::new(first_leader),
            taken: Taken::default(),
            tricks_left: hand_size,
        })
    }

    /// The knowledge of the seats `seen` at the current point of `state`
    /// (their hands as they are now; those of `public` seen by every
    /// seat), knowing nothing else of the play so far: for a view made at
    /// any point of a deal, told every card after with
    /// [`Knowledge::observe`].
    #[must_use]
    pub fn at(state: &PlayState<G>, seen: &[Seat], public: &[Seat]) -> Knowledge<G> {
        let mut known = BySeat::<Option<Hand>>::default();
        let mut is_public = [false; 4];
        for &s in seen.iter().chain(public) {
            known[s] = Some(state.hand(s));
        }
        for &s in public {
            is_public[s.index()] = true;
        }
        let sizes = Seat::ALL.map(|s| state.hand(s).len());
        let before = state.trick().card_set();
        // The cards still to play and the cards on the table.
        let deck = Seat::ALL
            .into_iter()
            .fold(before, |acc, s| acc.union(state.hand(s)));
        Knowledge {
            game: state.game().clone(),
            deck,
            hand_size: sizes.into_iter().max().unwrap_or(0),
            known,
            public: is_public,
            before,
            played: BySeat::default(),
            sizes,
            lacks: BySeat::default(),
            at_deal_start: false,
            sequence: Vec::new(),
            trick: *state.trick(),
            taken: *state.taken(),
            tricks_left: state.tricks_left(),
        }
    }

    /// Follows one more card of the play: a knowledge made from a play and
    /// then told a card equals the one made from the play with that card.
    ///
    /// # Errors
    /// [`KnowledgeError::Play`] when the card cannot be played (not held,
    /// played twice, forbidden by the rules, or held by a hidden player
    /// known not to hold it); the knowledge is then unchanged.
    pub fn observe(&mut self, card: Card) -> Result<(), KnowledgeError> {
        let seat = self.to_move();
        let number = self.sequence.len() + 1;
        let fail = |reason: String| KnowledgeError::Play {
            number,
            card,
            seat,
            reason,
        };
        if self.played_cards().contains(card) {
            return Err(fail("already played".into()));
        }
        if self.tricks_left == 0 {
            return Err(fail("every card has been played".into()));
        }
        match self.holding(seat) {
            Some(left) => {
                if !left.contains(card) {
                    return Err(fail(format!("{seat} does not hold it")));
                }
                if !self.game.legal(left, &self.trick).contains(card) {
                    return Err(fail(match self.trick.led_suit() {
                        Some(led) if card.suit != led && left.suit_len(led) > 0 => {
                            format!("{seat} must follow to the {led} lead")
                        }
                        _ => format!("the rules of {} forbid it here", self.game.name()),
                    }));
                }
            }
            None => {
                if !self.unknown().contains(card) {
                    return Err(fail(format!(
                        "{seat} cannot hold it: it is in a hand already seen"
                    )));
                }
                if self.lacks[seat].contains(card) {
                    return Err(fail(format!(
                        "{seat} cannot hold it: its earlier play showed it has none \
                         (it showed out of {} or did not play it when the rules required)",
                        card.suit
                    )));
                }
                if self.sizes[seat.index()] == 0 {
                    return Err(fail(format!("{seat} has no card left")));
                }
            }
        }
        // Algorithm 1: the unseen cards whose presence would have forbidden
        // this one.
        if !self.public[seat.index()] {
            let unseen = self.unplayed_private();
            for other in unseen.iter().filter(|&c| c != card) {
                let pair: Hand = [card, other].into_iter().collect();
                if !self.game.legal(pair, &self.trick).contains(card) {
                    self.lacks[seat].insert(other);
                }
            }
        }
        self.played[seat].insert(card);
        self.sizes[seat.index()] -= 1;
        self.sequence.push((seat, card));
        self.trick = self.trick.with(card);
        if self.trick.is_complete() {
            self.tricks_left -= 1;
            let winner = self
                .taken
                .take(&self.game, &self.trick, self.tricks_left == 0);
            self.trick = Trick::new(winner);
        }
        Ok(())
    }

    /// Shows a seat's hand, as it was when the knowledge began, to every
    /// seat from now on (in bridge, dummy's thirteen cards after the
    /// opening lead): a hidden hand becomes seen, and a seen one public.
    ///
    /// # Errors
    /// [`KnowledgeError::Shown`] when the seat is seen with another hand,
    /// or the hand has the wrong size, misses a card the seat played,
    /// holds a card seen elsewhere or played by another seat, or one the
    /// seat showed it lacks; the knowledge is then unchanged.
    pub fn show(&mut self, seat: Seat, hand: Hand) -> Result<(), KnowledgeError> {
        let fail = |why: String| KnowledgeError::Shown { seat, hand, why };
        match self.known[seat] {
            Some(known) if known == hand => {
                self.public[seat.index()] = true;
                return Ok(());
            }
            Some(known) => return Err(fail(format!("it is already seen as {known}"))),
            None => {}
        }
        if hand.len() != self.hand_size {
            return Err(fail(format!(
                "it has {} cards, every hand of this deal {}",
                hand.len(),
                self.hand_size
            )));
        }
        if let Some(card) = Hand(self.played[seat].0 & !hand.0).iter().next() {
            return Err(fail(format!(
                "{seat} played {card}, which it does not hold"
            )));
        }
        let elsewhere = Hand(
            hand.0 & !self.unknown().0
                | hand.0
                    & Seat::ALL
                        .into_iter()
                        .filter(|&s| s != seat)
                        .fold(0, |acc, s| acc | self.played[s].0),
        );
        if let Some(card) = elsewhere.iter().next() {
            return Err(fail(format!(
                "{card} is in a hand already seen or was played by another seat"
            )));
        }
        let left = Hand(hand.0 & !self.played[seat].0);
        if let Some(card) = Hand(left.0 & self.lacks[seat].0).iter().next() {
            return Err(fail(format!(
                "it holds {card}, which {seat}'s play showed it does not hold"
            )));
        }
        self.known[seat] = Some(hand);
        self.public[seat.index()] = true;
        Ok(())
    }

    /// The rules.
    pub const fn game(&self) -> &G {
        &self.game
    }

    /// Cards in each hand when the knowledge began.
    #[must_use]
    pub const fn hand_size(&self) -> usize {
        self.hand_size
    }

    /// The hand of a seat as it was when the knowledge began, where it is
    /// seen (the original hand, for a knowledge begun with the deal).
    #[must_use]
    pub fn known(&self, seat: Seat) -> Option<Hand> {
        self.known[seat]
    }

    /// The cards a seen seat still holds.
    #[must_use]
    pub fn holding(&self, seat: Seat) -> Option<Hand> {
        self.known[seat].map(|h| Hand(h.0 & !self.played[seat].0))
    }

    /// Whether every seat sees this seat's hand.
    #[must_use]
    pub const fn is_public(&self, seat: Seat) -> bool {
        self.public[seat.index()]
    }

    /// Cards a seat still holds (seen or not).
    #[must_use]
    pub const fn cards_left(&self, seat: Seat) -> usize {
        self.sizes[seat.index()]
    }

    /// The seats whose hands are hidden.
    pub fn hidden_seats(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::ALL.into_iter().filter(|&s| self.known[s].is_none())
    }

    /// The cards of the hidden hands, played or not (those on the table
    /// when the knowledge began left out).
    #[must_use]
    pub fn unknown(&self) -> Hand {
        let seen = Seat::ALL
            .into_iter()
            .filter_map(|s| self.known[s])
            .fold(self.before.0, |acc, h| acc | h.0);
        Hand(self.deck.0 & !seen)
    }

    /// The cards not yet played that no seen hand holds.
    #[must_use]
    pub fn hidden(&self) -> Hand {
        Hand(self.unknown().0 & !self.played_cards().0)
    }

    /// The cards not played and in no public hand: the cards a seat may
    /// hold as far as the table can tell.
    fn unplayed_private(&self) -> Hand {
        let public = Seat::ALL
            .into_iter()
            .filter(|&s| self.public[s.index()])
            .filter_map(|s| self.known[s])
            .fold(self.played_cards().0, |acc, h| acc | h.0);
        Hand(self.deck.0 & !public)
    }

    /// Every card played, those on the table when the knowledge began
    /// included.
    #[must_use]
    pub fn played_cards(&self) -> Hand {
        Seat::ALL
            .into_iter()
            .fold(self.before, |acc, s| acc.union(self.played[s]))
    }

    /// The cards a seat has played since the knowledge began.
    #[must_use]
    pub fn played_by(&self, seat: Seat) -> Hand {
        self.played[seat]
    }

    /// The cards a seat not public is known not to hold (cards seen
    /// elsewhere or played may be among them).
    #[must_use]
    pub fn lacks(&self, seat: Seat) -> Hand {
        self.lacks[seat]
    }

    /// The opening lead and who made it, once made (for a knowledge begun
    /// with the deal).
    #[must_use]
    pub fn opening_lead(&self) -> Option<(Seat, Card)> {
        self.sequence
            .first()
            .copied()
            .filter(|_| self.at_deal_start)
    }

    /// The cards played since the knowledge began, with their players, in
    /// order.
    #[must_use]
    pub fn sequence(&self) -> &[(Seat, Card)] {
        &self.sequence
    }

    /// The leader of the current trick.
    #[must_use]
    pub const fn leader(&self) -> Seat {
        self.trick.leader()
    }

    /// The trick on the table.
    #[must_use]
    pub const fn trick(&self) -> &Trick {
        &self.trick
    }

    /// What each team has taken.
    #[must_use]
    pub const fn taken(&self) -> &Taken {
        &self.taken
    }

    /// The seat to play next.
    #[must_use]
    pub const fn to_move(&self) -> Seat {
        self.trick.to_move()
    }

    /// Tricks won so far by a side.
    #[must_use]
    pub const fn tricks(&self, side: Side) -> usize {
        self.taken.tricks[side as usize] as usize
    }

    /// Tricks still to be played, the current one included.
    #[must_use]
    pub const fn tricks_left(&self) -> usize {
        self.tricks_left
    }

    /// Why an original deal disagrees with this knowledge (begun with the
    /// deal), if it does: a seen hand differs, a played card was not in its
    /// player's hand, or a player still holds a card it showed it lacks.
    #[must_use]
    pub fn disagreement(&self, deal: &Deal) -> Option<String> {
        for seat in Seat::ALL {
            let hand = deal[seat];
            if hand.len() != self.hand_size {
                return Some(format!(
                    "{seat} has {} cards, expected {}",
                    hand.len(),
                    self.hand_size
                ));
            }
            if let Some(known) = self.known[seat] {
                if known != hand {
                    return Some(format!("{seat}'s hand is {known}, not {hand}"));
                }
            }
            if let Some(card) = Hand(self.played[seat].0 & !hand.0).iter().next() {
                return Some(format!("{seat} played {card} but does not hold it"));
            }
            let left = Hand(hand.0 & !self.played[seat].0);
            if let Some(card) = Hand(left.0 & self.lacks[seat].0).iter().next() {
                return Some(format!(
                    "{seat} holds {card}, which its play showed it does not hold"
                ));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::{PartialDeal, Suit};

    fn cards(text: &str) -> Vec<Card> {
        text.split_whitespace()
            .map(|c| c.parse().unwrap())
            .collect()
    }

    fn declarer_view() -> (BySeat<Option<Hand>>, Hand) {
        let deal: Deal = "N:4.AKJT2.965.AQ75 875.Q8654.AJ4.T8 AQJ9.73.QT872.94 KT632.9.K3.KJ632"
            .parse()
            .unwrap();
        let mut seen: PartialDeal = deal.into();
        seen.hands[Seat::East] = None;
        seen.hands[Seat::West] = None;
        (seen.hands, deal.all_cards())
    }

    const PLAY: &str = "S3 S4 S5 SA H3 H9 HA H4 HK H5 H7 C2";

    #[test]
    fn follows_the_play_and_records_voids() {
        let (seen, deck) = declarer_view();
        let k = Knowledge::new(seen, deck, 13, Strain::Notrump, Seat::West, &cards(PLAY)).unwrap();
        assert_eq!(k.tricks(Side::NorthSouth), 3);
        assert_eq!(k.leader(), Seat::North);
        assert_eq!(k.sequence()[4].0, Seat::South);
        assert_eq!(k.sequence()[11], (Seat::West, "C2".parse().unwrap()));
        // West showed out of hearts: it lacks every heart it could hold.
        let hearts = Hand(Hand::suit_mask(Suit::Hearts) & k.hidden().0);
        assert!(!hearts.is_empty());
        assert_eq!(k.lacks(Seat::West).0 & hearts.0, hearts.0);
        assert_eq!(k.lacks(Seat::East).0 & hearts.0, 0);
        assert_eq!(k.to_move(), Seat::North);
        assert_eq!(k.tricks_left(), 10);
        assert_eq!(k.opening_lead(), Some((Seat::West, "S3".parse().unwrap())));
    }

    #[test]
    fn told_card_by_card_it_equals_the_knowledge_of_the_whole_play() {
        let (seen, deck) = declarer_view();
        let play = cards(PLAY);
        let mut k = Knowledge::new(seen, deck, 13, Strain::Notrump, Seat::West, &[]).unwrap();
        for (i, &card) in play.iter().enumerate() {
            k.observe(card).unwrap();
            let whole =
                Knowledge::new(seen, deck, 13, Strain::Notrump, Seat::West, &play[..=i]).unwrap();
            assert_eq!(format!("{k:?}"), format!("{whole:?}"), "after {card}");
        }
        // A card that cannot be played is refused and changes nothing.
        let before = format!("{k:?}");
        assert!(k.observe(play[0]).is_err());
        assert_eq!(format!("{k:?}"), before);
    }

    #[test]
    fn a_hand_shown_during_the_play_is_checked_then_seen() {
        // The defenders' view: West sees its own hand, dummy (North) is
        // shown after the opening lead.
        let deal: Deal = "N:4.AKJT2.965.AQ75 875.Q8654.AJ4.T8 AQJ9.73.QT872.94 KT632.9.K3.KJ632"
            .parse()
            .unwrap();
        let mut seen = BySeat::<Option<Hand>>::default();
        seen[Seat::West] = Some(deal[Seat::West]);
        let mut k = Knowledge::new(
            seen,
            deal.all_cards(),
            13,
            Strain::Notrump,
            Seat::West,
            &cards("S3"),
        )
        .unwrap();
        let mut short = deal[Seat::North];
        short.remove("HA".parse().unwrap());
        let err = k.show(Seat::North, short).unwrap_err();
        assert!(
            matches!(
                err,
                KnowledgeError::Shown {
                    seat: Seat::North,
                    ..
                }
            ),
            "{err}"
        );
        assert!(err.to_string().contains("12 cards"), "{err}");
        let err = k.show(Seat::North, deal[Seat::West]).unwrap_err();
        assert!(err.to_string().contains("already seen"), "{err}");
        let err = k.show(Seat::West, deal[Seat::East]).unwrap_err();
        assert!(err.to_string().contains("already seen as"), "{err}");
        // West's own hand, shown to all, is public and still West's.
        k.show(Seat::West, deal[Seat::West]).unwrap();
        assert!(k.is_public(Seat::West));
        assert_eq!(k.known(Seat::West), Some(deal[Seat::West]));
        let before = format!("{k:?}");
        assert!(k.show(Seat::North, short).is_err());
        assert_eq!(format!("{k:?}"), before, "a refused hand changes nothing");
        k.show(Seat::North, deal[Seat::North]).unwrap();
        assert_eq!(k.known(Seat::North), Some(deal[Seat::North]));
        assert!(k.is_public(Seat::North));
        assert_eq!(
            k.hidden_seats().collect::<Vec<_>>(),
            [Seat::East, Seat::South]
        );
        // Dummy's cards are now checked as a seen hand's.
        let err = k.observe("S5".parse().unwrap()).unwrap_err();
        assert!(err.to_string().contains("does not hold"), "{err}");
        let err = k.observe("HA".parse().unwrap()).unwrap_err();
        assert!(err.to_string().contains("must follow"), "{err}");
        k.observe("S4".parse().unwrap()).unwrap();
    }

    #[test]
    fn bad_plays_name_the_card_and_the_reason() {
        let (seen, deck) = declarer_view();
        let err = Knowledge::new(seen, deck, 13, Strain::Notrump, Seat::West, &cards("S3 HA"))
            .unwrap_err();
        assert!(
            matches!(
                err,
                KnowledgeError::Play {
                    number: 2,
                    seat: Seat::North,
                    ..
                }
            ),
            "{err}"
        );
        assert!(err.to_string().contains("must follow"), "{err}");
        let err =
            Knowledge::new(seen, deck, 13, Strain::Notrump, Seat::West, &cards("SA")).unwrap_err();
        assert!(err.to_string().contains("already seen"), "{err}");
        let late = format!("{PLAY} HJ H6 S9 H8");
        let err =
            Knowledge::new(seen, deck, 13, Strain::Notrump, Seat::West, &cards(&late)).unwrap_err();
        assert!(
            matches!(
                err,
                KnowledgeError::Play {
                    number: 16,
                    seat: Seat::West,
                    ..
                }
            ),
            "{err}"
        );
        assert!(err.to_string().contains("showed out"), "{err}");
    }
}

//! Players in their seats for one deal: each keeps what its seat knows, is
//! told every card as it is played, and chooses when its seat is to move.
//!
//! [`Player`] (in [`crate::seat`]) is the one trait the match runners play through:
//! [`BridgeSeat`] seats a bridge player ([`PlayerSpec`]) at a contract
//! board, [`crate::generic::GenericSeat`] a player of any game
//! ([`crate::generic::PlayerKind`]). A seated player follows the play card
//! by card instead of replaying it at each decision, and chooses the card
//! the stateless call ([`PlayerSpec::decide`], [`crate::generic::choose`])
//! chooses from the same seed.

use crate::board::{Board, ChooseError};
use crate::player::{PlayerSpec, Seen};
use crate::seat::{Decision, Player};
use crate::seed::card_seed;
use bridge::PlayState;
use cards::{Card, Deal, Seat};

/// A bridge player seated for one side of a contract board: declarer's
/// side (it plays declarer's and dummy's cards, seeing both hands) or one
/// defender (its own hand, and dummy's after the opening lead). Each
/// decision's random choices are drawn from the deal's seed and the number
/// of cards played ([`card_seed`]), as `play`, `match` and the analysers
/// draw them.
pub struct BridgeSeat<'a> {
    player: &'a PlayerSpec,
    board: Board,
    viewer: Seat,
    seed: u64,
    depth_one: bool,
    play: Vec<Card>,
    state: PlayState,
    view: worlds::Knowledge,
    /// The weighted worlds, for a player that reads the table.
    inference: Option<inference::Inference>,
}

impl<'a> BridgeSeat<'a> {
    /// `player` seated at `viewer` (for declarer's side, declarer or
    /// dummy: the same side) of `board`, after the cards `start`, drawing
    /// from the deal's `seed`; with `depth_one`, alpha-mu also says which
    /// card M = 1 would have chosen ([`Decision::depth_one`]).
    ///
    /// # Errors
    /// [`ChooseError`] when `start` does not fit the board.
    pub fn new(
        player: &'a PlayerSpec,
        board: &Board,
        viewer: Seat,
        start: &[Card],
        seed: u64,
        depth_one: bool,
    ) -> Result<BridgeSeat<'a>, ChooseError> {
        Ok(BridgeSeat {
            player,
            board: *board,
            viewer,
            seed,
            depth_one,
            play: start.to_vec(),
            state: board.position_after(start)?,
            view: board.view_of(viewer, start)?,
            inference: player
                .infer()
                .map(|infer| inference_for(player, infer, board, viewer, seed)),
        })
    }

    /// The weighted worlds the seat follows, for a player that reads the
    /// table.
    #[must_use]
    pub fn inference(&self) -> Option<&inference::Inference> {
        self.inference.as_ref()
    }

    /// What the seat's side knows now.
    #[must_use]
    pub fn view(&self) -> &worlds::Knowledge {
        &self.view
    }

    fn declaring(&self) -> bool {
        self.viewer.side() == self.board.declarer.side()
    }

    /// The cards the seat cannot see dealt as `deal` instead. For a seat
    /// that sees only its own hand and dummy's, as at a table manager: its
    /// board needs a whole deal, and each card played by a hand it cannot
    /// see is told after a deal that holds it where it was played. What
    /// the seat knows and its weighted worlds never read the cards it
    /// cannot see, so they stay as they are; the rules' state is replayed
    /// on the new deal.
    ///
    /// # Errors
    /// [`ChooseError::Redeal`] when `deal` gives a hand the seat sees
    /// otherwise, [`ChooseError`] when a card played is not in its player's
    /// hand there.
    pub fn redeal(&mut self, deal: Deal) -> Result<(), ChooseError> {
        if let Some(seat) = Seat::ALL
            .into_iter()
            .find(|&s| self.view.known(s).is_some_and(|hand| hand != deal[s]))
        {
            return Err(ChooseError::Redeal { seat });
        }
        let board = Board { deal, ..self.board };
        self.state = board.position_after(&self.play)?;
        self.board = board;
        Ok(())
    }
}

impl Player for BridgeSeat<'_> {
    /// Declarer's side plays for declarer and dummy, a defender for its
    /// own seat.
    fn plays_for(&self, seat: Seat) -> bool {
        if self.declaring() {
            seat.side() == self.viewer.side()
        } else {
            seat == self.viewer
        }
    }

    fn observe(&mut self, card: Card) -> Result<(), ChooseError> {
        self.state
            .play(card)
            .map_err(|source| ChooseError::Rules { card, source })?;
        self.play.push(card);
        let before = self.inference.as_ref().map(|_| self.view.clone());
        self.view
            .observe(card)
            .map_err(worlds::GivenDealError::from)?;
        if self.play.len() == 1 {
            // Dummy goes down after the opening lead: every seat sees it.
            let dummy = self.board.declarer.partner();
            self.view
                .show(dummy, self.board.deal[dummy])
                .map_err(worlds::GivenDealError::from)?;
        }
        if let (Some(inference), Some(before)) = (&mut self.inference, before) {
            inference.observe(&before, card, &self.view)?;
        }
        Ok(())
    }

    fn choose(&mut self) -> Result<Decision, ChooseError> {
        let mover = self.state.position().to_move();
        if !self.plays_for(mover) {
            return Err(ChooseError::NotToMove {
                to_move: mover,
                sits: if self.declaring() {
                    "declarer's side".to_string()
                } else {
                    self.viewer.to_string()
                },
            });
        }
        let seen = Seen {
            board: &self.board,
            play: &self.play,
            state: &self.state,
            view: &self.view,
            inference: self.inference.as_ref(),
        };
        self.player
            .decide_in(&seen, card_seed(self.seed, self.play.len()), self.depth_one)
    }
}

/// A board's three seated players, declarer's side and the two
/// defenders, each told every card: the one way the command line, Python
/// and the analysers play a deal, as a match does (a player that reads the
/// table follows the play card by card).
pub struct SeatedBoard<'a> {
    seats: [BridgeSeat<'a>; 3],
    state: PlayState,
}

impl<'a> SeatedBoard<'a> {
    /// `declaring` at declarer's side and `defending` at both defenders'
    /// seats of `board`, after the cards `start`, drawing from the deal's
    /// `seed`.
    ///
    /// # Errors
    /// [`ChooseError`] when `start` does not fit the board.
    pub fn new(
        board: &'a Board,
        start: &[Card],
        declaring: &'a PlayerSpec,
        defending: &'a PlayerSpec,
        seed: u64,
    ) -> Result<SeatedBoard<'a>, ChooseError> {
        let seat = |player, seat| BridgeSeat::new(player, board, seat, start, seed, false);
        Ok(SeatedBoard {
            seats: [
                seat(declaring, board.declarer)?,
                seat(defending, board.declarer.lho())?,
                seat(defending, board.declarer.rho())?,
            ],
            state: board.position_after(start)?,
        })
    }

    /// The play so far.
    #[must_use]
    pub fn state(&self) -> &PlayState {
        &self.state
    }

    /// The seated player of `seat` (declarer's side plays declarer's and
    /// dummy's cards).
    #[must_use]
    pub fn seat(&self, seat: Seat) -> &BridgeSeat<'a> {
        self.seats
            .iter()
            .find(|s| s.plays_for(seat))
            .expect("three places cover the four seats")
    }

    /// The card the seat to move chooses, played and told to every seat.
    ///
    /// # Errors
    /// [`ChooseError`] when the player cannot choose.
    pub fn play_next(&mut self) -> Result<Decision, ChooseError> {
        let mover = self.state.position().to_move();
        let at = self
            .seats
            .iter()
            .position(|s| s.plays_for(mover))
            .expect("three places cover the four seats");
        let decision = self.seats[at].choose()?;
        self.tell(decision.card)?;
        Ok(decision)
    }

    /// A card played, told to every seat.
    ///
    /// # Errors
    /// [`ChooseError`] when the rules refuse it.
    pub fn tell(&mut self, card: Card) -> Result<(), ChooseError> {
        self.state
            .play(card)
            .map_err(|source| ChooseError::Rules { card, source })?;
        for seat in &mut self.seats {
            seat.observe(card)?;
        }
        Ok(())
    }
}

/// The tag of the seeds of the weighted worlds, beside the decisions'
/// ([`card_seed`]).
const INFERENCE_SEED: u64 = 0x1f3e;

/// The weighted worlds of `player` (which reads the table as `infer` says)
/// seated at `viewer` of `board`: one population for declarer's side
/// (declarer's view), one for each defender, its random choices from the
/// deal's `seed`.
#[must_use]
pub fn inference_for(
    player: &PlayerSpec,
    infer: crate::player::Infer,
    board: &Board,
    viewer: Seat,
    seed: u64,
) -> inference::Inference {
    let viewer = if viewer.side() == board.declarer.side() {
        board.declarer
    } else {
        viewer
    };
    let worlds = player.worlds().unwrap_or(20);
    inference::Inference::new(
        infer.model(),
        infer.particles_for(worlds),
        viewer,
        board.declarer,
        board.constraints,
        player.salted(inference_seed(seed, viewer)),
    )
    .reading(infer.reads)
}

/// The seed of the weighted worlds of `viewer` (declarer for declarer's
/// side) at a deal played with `seed`.
#[must_use]
pub fn inference_seed(seed: u64, viewer: Seat) -> u64 {
    crate::seed::derive(seed, &[INFERENCE_SEED, viewer.index() as u64])
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::{Deal, Strain};
    use worlds::Constraints;

    /// 3NT by South on a full deal.
    fn three_notrump() -> Board {
        let deal: Deal = "N:4.AKJT2.965.AQ75 875.Q8654.AJ4.T8 AQJ9.73.QT872.94 KT632.9.K3.KJ632"
            .parse()
            .expect("a deal");
        Board {
            deal,
            strain: Strain::Notrump,
            declarer: Seat::South,
            need: 9,
            constraints: Constraints::default(),
            scoring: None,
        }
    }

    #[test]
    fn a_card_the_rules_refuse_is_an_error_that_names_it() {
        let board = three_notrump();
        let pimc: PlayerSpec = "pimc:w=2".parse().expect("a spec");
        let mut seat = BridgeSeat::new(&pimc, &board, Seat::East, &[], 1, false).expect("seated");
        // West is on lead; the spade ace is South's.
        let ace: Card = "SA".parse().expect("a card");
        let err = seat.observe(ace).expect_err("not West's card");
        assert!(
            matches!(err, ChooseError::Rules { card, .. } if card == ace),
            "{err}"
        );
        assert!(err.to_string().starts_with("SA"), "{err}");
    }

    /// A seated player told each card chooses what the stateless call
    /// chooses from the same seed, at every decision of a whole deal, for
    /// both sides and several kinds of player.
    #[test]
    fn seated_players_choose_as_the_stateless_call() {
        let board = three_notrump();
        // Each pair plays from `skip` cards played double dummy on (the
        // first pair from the opening lead, so that the defenders see dummy
        // go down).
        let pairs = [
            ("random", "pimc:w=3", 0),
            ("alphamu:m=2,w=4", "pimc:w=4", 24),
            ("MC2-R-3-3", "MC-D-3", 28),
            // Fusion at a contract board, on both sides.
            ("tc-fusion:worlds=4:leaf=2:rd=none", "random", 32),
            ("random", "tc-fusion:worlds=3:leaf=1:rd=none", 28),
        ];
        let seed = 11;
        for (declaring, defending, skip) in pairs {
            let declaring: PlayerSpec = declaring.parse().expect("a spec");
            let defending: PlayerSpec = defending.parse().expect("a spec");
            let mut play = Vec::new();
            while play.len() < skip {
                let card = PlayerSpec::dd().choose(&board, &play, 0).expect("a card");
                play.push(card);
            }
            let (declaring, defending) = (&declaring, &defending);
            let mut seats = [
                BridgeSeat::new(declaring, &board, Seat::South, &play, seed, true).expect("seated"),
                BridgeSeat::new(defending, &board, Seat::West, &play, seed, false).expect("seated"),
                BridgeSeat::new(defending, &board, Seat::East, &play, seed, false).expect("seated"),
            ];
            while play.len() < 52 {
                let mover = board.replay(&play).position().to_move();
                let i = seats
                    .iter()
                    .position(|s| s.plays_for(mover))
                    .expect("a seat");
                let spec = [declaring, defending, defending][i];
                let stateless = spec
                    .decide(&board, &play, card_seed(seed, play.len()), i == 0)
                    .expect("a card");
                let seated = seats[i].choose().expect("a card");
                assert_eq!(seated, stateless, "{spec} after {} cards", play.len());
                // A seat not to move refuses.
                assert!(matches!(
                    seats[(i + 1) % 3].choose(),
                    Err(ChooseError::NotToMove { .. })
                ));
                for s in &mut seats {
                    s.observe(seated.card).expect("a legal card");
                }
                play.push(seated.card);
            }
        }
    }
}

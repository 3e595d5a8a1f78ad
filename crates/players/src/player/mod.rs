//! Players that choose a card from what their seat sees, named by a
//! specification, one file each, read through the registry
//! ([`crate::registry::PLAYERS`]):
//!
//! | spec | player | file |
//! |---|---|---|
//! | `alphamu:m=3,w=20[,disable=tt+root-cut][,ties=first][,goal=score]` | alpha-mu, M Max moves over W worlds, for declarer or the defence | [`alphamu`] |
//! | `pimc:w=20` (or `MC-D-20`) | PIMC: Monte Carlo over W worlds solved double dummy | [`pimc`] |
//! | `MC2-D-20-10`, `MC3-R-25-25-25`, `MC-R-600`, `mc:sim=dd,ncd=20+10` | recursive Monte Carlo: level N+1 uses level N as its simulator | [`recursive`] |
//! | `dd` | sees every card, plays a card of best double-dummy value | [`double_dummy`] |
//! | `random` | a random legal card | [`random`] |
//! | `tc-fusion:worlds=24:leaf=5:rd=none` | the trick-costs paper's players on the generic engine, playing for the contract | [`trick_costs`] |
//!
//! A new player is a file here implementing [`BoardPlayer`] with a reader,
//! and one line of the registry, whose table reads every spec
//! (`PlayerSpec`'s `FromStr` is there).

pub mod alphamu;
pub mod double_dummy;
pub(crate) mod options;
pub mod pimc;
pub mod random;
pub mod reading;
pub mod recursive;
pub mod trick_costs;

pub use crate::board::{Board, ChooseError};
pub use crate::monte_carlo::McTies;
use crate::seat::Decision;
pub use alphamu::{alphamu_card, AlphaMu, Ties};
use bridge::PlayState;
use cards::Card;
pub use double_dummy::{double_dummy_card, DoubleDummy};
pub use pimc::Pimc;
pub use random::RandomCard;
pub use reading::{Infer, Reading};
pub use recursive::RecursiveMonteCarlo;
use std::any::Any;
use std::fmt;
use std::sync::Arc;
use thiserror::Error;
pub use trick_costs::TrickCosts;

/// The tag of a salted player's seeds ([`PlayerSpec::salted`]).
const SALT_SEED: u64 = 0x5a17;

/// A player of contract boards: what one file of this module defines.
/// Its [`fmt::Display`] is its spec, which reads back to the same player
/// (a test reads every example of the registry back).
pub trait BoardPlayer: fmt::Display + fmt::Debug + Send + Sync + Any {
    /// The card it plays at `seen` (more than one card legal), its random
    /// choices drawn from `seed` (already salted); with `depth_one`,
    /// alpha-mu with M > 1 also says which card M = 1 would have chosen.
    ///
    /// # Errors
    /// [`ChooseError`] when it cannot play this seat or no world fits.
    fn decide(&self, seen: &Seen<'_>, seed: u64, depth_one: bool) -> Result<Decision, ChooseError>;

    /// How it reads the table, if it does.
    fn infer(&self) -> Option<Infer> {
        None
    }

    /// Which stream of random choices it draws from (`salt=N`; 0 for the
    /// deal's own).
    fn salt(&self) -> u64 {
        0
    }

    /// The worlds of its top-level search, for a searching player.
    fn worlds(&self) -> Option<usize> {
        None
    }

    /// Whether it may play for a defender.
    fn can_defend(&self) -> bool {
        true
    }
}

/// A player as the command line names it: one of the players of
/// [`crate::registry::PLAYERS`], read from its spec and printed back to it.
/// Two specs are equal when they print the same.
#[derive(Clone)]
pub struct PlayerSpec(Arc<dyn BoardPlayer>);

impl PlayerSpec {
    /// The spec of `player`.
    pub fn new(player: impl BoardPlayer) -> Self {
        PlayerSpec(Arc::new(player))
    }

    /// The double-dummy player, `dd`.
    #[must_use]
    pub fn dd() -> Self {
        PlayerSpec::new(DoubleDummy)
    }

    /// The random player, `random`.
    #[must_use]
    pub fn random() -> Self {
        PlayerSpec::new(RandomCard)
    }

    /// The player as its own type, when it is a `T`.
    #[must_use]
    pub fn downcast_ref<T: BoardPlayer>(&self) -> Option<&T> {
        let any: &dyn Any = &*self.0;
        any.downcast_ref()
    }
}

impl fmt::Debug for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PlayerSpec({})", self.0)
    }
}

impl PartialEq for PlayerSpec {
    fn eq(&self, other: &Self) -> bool {
        self.to_string() == other.to_string()
    }
}

impl fmt::Display for PlayerSpec {
    /// A specification that reads back to the same player: `alphamu:...`,
    /// `pimc:w=W` for one level over double dummy, paper names for the
    /// other Monte Carlo players.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&*self.0, f)
    }
}

/// What a player plays for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Goal {
    /// The contract: the chance to take the tricks needed, then the mean
    /// tricks (`goal=contract`, the default; the papers' goal).
    #[default]
    Contract,
    /// The expected duplicate score of the deal, overtricks and
    /// undertricks counted with the vulnerability (`goal=score`). PIMC
    /// takes the mean score over its worlds. alpha-mu weighs each step of
    /// the score table by its chance of taking that many tricks, each
    /// threshold searched on its own (see `search::alphamu_utilities`: an
    /// approximation, exact for the contract alone).
    Score,
}

impl Goal {
    /// Reads `goal=contract|score`.
    pub(crate) fn read(value: &str) -> Result<Goal, String> {
        match value {
            "contract" => Ok(Goal::Contract),
            "score" => Ok(Goal::Score),
            other => Err(format!(
                "unknown goal {} (contract or score)",
                cards::quoted(other)
            )),
        }
    }
}

/// A player specification that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "player {}: {why} (examples: alphamu:m=3,w=20  pimc:w=20  MC2-D-20-10  MC-R-600  dd  random; `alphamu players` lists every player)",
    cards::quoted(.spec)
)]
pub struct SpecError {
    pub(crate) spec: String,
    pub(crate) why: String,
}

/// What the side to move has followed of a board in play: the cards
/// played, the position they lead to, and the side's knowledge
/// ([`Board::view_of`]) after them.
#[derive(Clone, Copy, Debug)]
pub struct Seen<'a> {
    /// The board.
    pub board: &'a Board,
    /// The cards played so far.
    pub play: &'a [Card],
    /// The position after them.
    pub state: &'a PlayState,
    /// What the side to move knows.
    pub view: &'a worlds::Knowledge,
    /// The weighted worlds of the side to move, for a player that reads
    /// the table (`None` for the others, and before the population has
    /// followed any card).
    pub inference: Option<&'a inference::Inference>,
}

/// Declarer's side's duplicate score for every total of tricks, 0 to 13.
fn score_table(board: &Board) -> Result<Vec<f64>, ChooseError> {
    let scoring = board.scoring.ok_or(ChooseError::NoScore)?;
    Ok((0..=13).map(|t| f64::from(scoring.score(t))).collect())
}

/// The card of highest expected utility for declarer's side (lowest for
/// a defender), the first in card order among equals.
fn best_utility(values: &[search::CardUtility], declaring: bool) -> Card {
    let key = |v: &search::CardUtility| if declaring { v.expected } else { -v.expected };
    let mut best = &values[0];
    for v in &values[1..] {
        if key(v) > key(best) {
            best = v;
        }
    }
    best.card
}

/// The worlds a searching player of `count` worlds uses: drawn by weight
/// from the population when it reads the table and the population has
/// followed the play, else as a plain player draws them.
fn worlds_for(seen: &Seen<'_>, count: usize, seed: u64) -> Result<Vec<cards::Deal>, ChooseError> {
    match seen.inference.and_then(|i| i.worlds(count, seed)) {
        Some(inferred) => Ok(inferred.deals),
        None => seen.board.draw(seen.view, count, seed),
    }
}

impl PlayerSpec {
    /// The player's name in a game record: its specification with `;`
    /// between options in place of `,`, which LIN's list of names (`pn|`)
    /// would split. It reads back to the same player.
    #[must_use]
    pub fn record_name(&self) -> String {
        self.to_string().replace(',', ";")
    }

    /// Whether this player may play for a defender (every player can;
    /// alpha-mu for the score plays for declarer only).
    #[must_use]
    pub fn can_defend(&self) -> bool {
        self.0.can_defend()
    }

    /// The worlds of its top-level search, for a searching player.
    #[must_use]
    pub fn worlds(&self) -> Option<usize> {
        self.0.worlds()
    }

    /// The card this player plays after `play` on `board`, its random
    /// choices drawn from `seed`.
    ///
    /// # Errors
    /// [`ChooseError`] when the player cannot play this seat (alpha-mu on
    /// defence) or no world fits.
    pub fn choose(&self, board: &Board, play: &[Card], seed: u64) -> Result<Card, ChooseError> {
        Ok(self.decide(board, play, seed, false)?.card)
    }

    /// Like [`PlayerSpec::choose`]; with `depth_one`, alpha-mu with M > 1
    /// also says which card M = 1 would have chosen over the same worlds.
    ///
    /// # Errors
    /// As [`PlayerSpec::choose`].
    pub fn decide(
        &self,
        board: &Board,
        play: &[Card],
        seed: u64,
        depth_one: bool,
    ) -> Result<Decision, ChooseError> {
        if self.infer().is_some() {
            return Err(ChooseError::NeedsSeat {
                spec: self.to_string(),
            });
        }
        let state = board.position_after(play)?;
        let view = board.view_of(state.position().to_move(), play)?;
        self.decide_in(
            &Seen {
                board,
                play,
                state: &state,
                view: &view,
                inference: None,
            },
            seed,
            depth_one,
        )
    }

    /// How the player reads the table, if it does.
    #[must_use]
    pub fn infer(&self) -> Option<Infer> {
        self.0.infer()
    }

    /// Which stream of random choices the player draws from (`salt=N`;
    /// 0 for the deal's own).
    #[must_use]
    pub fn salt(&self) -> u64 {
        self.0.salt()
    }

    /// `seed` as this player draws from it: `seed` itself without a salt,
    /// else `seed` mixed with the salt, so that a salted player's choices
    /// are as random as the plain one's and independent of them.
    #[must_use]
    pub fn salted(&self, seed: u64) -> u64 {
        match self.salt() {
            0 => seed,
            salt => crate::seed::derive(seed, &[SALT_SEED, salt]),
        }
    }

    /// [`PlayerSpec::decide`] from what the side to move has already
    /// followed of the play (as a [`crate::seat::Player`] keeps it,
    /// told each card): the same card for the same seed.
    ///
    /// # Errors
    /// As [`PlayerSpec::choose`].
    pub fn decide_in(
        &self,
        seen: &Seen<'_>,
        seed: u64,
        depth_one: bool,
    ) -> Result<Decision, ChooseError> {
        let legal = seen.state.position().legal_cards();
        if legal.len() == 1 {
            return Ok(Decision {
                card: legal.iter().next().expect("one card"),
                depth_one: None,
                searched: false,
            });
        }
        self.0.decide(seen, self.salted(seed), depth_one)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::leaf::DdLeaf;
    use bridge::Position;
    use cards::{Deal, Seat, Strain};
    use rand::seq::IteratorRandom;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use search::{pimc_values, Problem};
    use worlds::Constraints;

    /// A random deal of `cards` per hand in notrump by South needing `need`,
    /// and an opening lead after which dummy (declarer's side) is to play.
    pub(crate) fn after_the_lead(seed: u64, cards: usize, need: usize) -> (Board, [Card; 1]) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let board = Board {
            deal: Deal::random(&mut rng, cards),
            strain: Strain::Notrump,
            declarer: Seat::South,
            need,
            constraints: Constraints::default(),
            scoring: None,
        };
        let lead = board.replay(&[]).position().legal_cards().iter().next();
        (board, [lead.expect("a legal lead")])
    }

    #[test]
    fn a_salted_player_draws_other_worlds_and_the_same_ones_again() {
        let spec: PlayerSpec = "pimc:w=1,salt=3".parse().unwrap();
        assert_eq!(spec.salt(), 3);
        assert_eq!(spec.to_string(), "pimc:w=1,salt=3");
        assert_eq!(spec.record_name().parse::<PlayerSpec>().unwrap(), spec);
        assert_eq!(
            "pimc:w=1,salt=0".parse::<PlayerSpec>().unwrap(),
            "pimc:w=1".parse::<PlayerSpec>().unwrap()
        );
        let alphamu: PlayerSpec = "alphamu:m=2,w=5,salt=1".parse().unwrap();
        assert_eq!(alphamu.to_string(), "alphamu:m=2,w=5,salt=1");
        let e = "pimc:salt=-1".parse::<PlayerSpec>().unwrap_err();
        assert!(e.to_string().contains("salt \"-1\""), "{e}");
        assert!("MC2-D-5-5".parse::<PlayerSpec>().is_ok());
        assert!("mc:ncd=5+5,salt=1".parse::<PlayerSpec>().is_err());
        // West's opening lead from ♦AK ♣K5 against South's four-card
        // notrump ending, chosen over one world of the twelve cards it
        // cannot see.
        let board = Board {
            deal: "N:AK...32 QJ.K..6 2.A.2.A ..AK.K5".parse().unwrap(),
            strain: Strain::Notrump,
            declarer: Seat::South,
            need: 2,
            constraints: Constraints::default(),
            scoring: None,
        };
        let play: Vec<Card> = Vec::new();
        let plain: PlayerSpec = "pimc:w=1".parse().unwrap();
        let cards = |spec: &PlayerSpec| -> Vec<Card> {
            (0..24)
                .map(|seed| spec.choose(&board, &play, seed).unwrap())
                .collect()
        };
        let (plain_cards, salted_cards) = (cards(&plain), cards(&spec));
        assert_ne!(plain_cards, salted_cards, "other worlds, other guesses");
        assert_eq!(salted_cards, cards(&spec), "the same salt, the same cards");
        let west = board.deal[Seat::West];
        assert!(plain_cards
            .iter()
            .chain(&salted_cards)
            .all(|&c| west.contains(c)));
    }

    #[test]
    fn specs_parse_and_errors_explain() {
        assert_eq!(
            "alphamu:m=2,w=40".parse::<PlayerSpec>().unwrap(),
            PlayerSpec::new(AlphaMu {
                m: 2,
                w: 40,
                switches: search::Switches::ALL,
                ties: Ties::Tricks,
                goal: Goal::Contract,
                reading: Reading::default(),
            })
        );
        assert_eq!(
            "alphamu:m=2,w=40,ties=tricks"
                .parse::<PlayerSpec>()
                .unwrap(),
            "alphamu:m=2,w=40".parse::<PlayerSpec>().unwrap()
        );
        let pimc = PlayerSpec::new(Pimc::new(20));
        assert_eq!("pimc".parse::<PlayerSpec>().unwrap(), pimc);
        assert_eq!("MC-D-20".parse::<PlayerSpec>().unwrap(), pimc);
        assert_eq!("dd".parse::<PlayerSpec>().unwrap(), PlayerSpec::dd());
        let e = "pimc:m=3".parse::<PlayerSpec>().unwrap_err();
        assert!(e.to_string().contains("unknown option \"m\""), "{e}");
        for too_many in [
            "alphamu:w=1000",
            "pimc:w=600",
            "MC-D-600",
            "mc:sim=dd,ncd=513",
        ] {
            let e = too_many.parse::<PlayerSpec>().unwrap_err();
            assert!(e.to_string().contains("at most 512"), "{too_many}: {e}");
        }
        assert!("MC2-D-600-10".parse::<PlayerSpec>().is_ok());
        let e = "alphamu:w=0".parse::<PlayerSpec>().unwrap_err();
        assert!(e.to_string().contains("positive"), "{e}");
        let e = "gib".parse::<PlayerSpec>().unwrap_err();
        assert!(e.to_string().contains("unknown player"), "{e}");
        // Reading the table: PIMC and alpha-mu, not recursive Monte Carlo.
        let read = "pimc:w=20,infer=dd".parse::<PlayerSpec>().unwrap();
        assert_eq!(
            read.infer(),
            Some(Infer {
                particles: None,
                reads: inference::Reads::ALL,
                single_dummy: false,
            })
        );
        assert_eq!(read.infer().unwrap().particles_for(20), 40);
        let single = "pimc:w=20,infer=sd".parse::<PlayerSpec>().unwrap();
        assert!(single.infer().is_some_and(|i| i.single_dummy));
        assert_eq!(single.to_string(), "pimc:w=20,infer=sd");
        assert_eq!(single.to_string().parse::<PlayerSpec>().unwrap(), single);
        assert_eq!("pimc:w=20,infer=off".parse::<PlayerSpec>().unwrap(), pimc);
        for (bad, said) in [
            ("pimc:particles=30", "particles= needs infer=dd"),
            ("pimc:infer=bayes", "unknown infer"),
            (
                "mc:sim=dd,ncd=3+3,infer=dd",
                "recursive Monte Carlo does not",
            ),
            ("pimc:w=300,infer=dd", "600 particles: at most 512"),
        ] {
            let e = bad.parse::<PlayerSpec>().unwrap_err().to_string();
            assert!(e.contains(said), "{bad}: {e}");
        }
        // Without its seat, a player that reads the table cannot choose.
        let board = Board {
            deal: "N:4.AKJT2.965.AQ75 875.Q8654.AJ4.T8 AQJ9.73.QT872.94 KT632.9.K3.KJ632"
                .parse()
                .unwrap(),
            strain: cards::Strain::Notrump,
            declarer: cards::Seat::South,
            need: 9,
            constraints: worlds::Constraints::default(),
            scoring: None,
        };
        assert!(matches!(
            read.choose(&board, &[], 1),
            Err(ChooseError::NeedsSeat { .. })
        ));
        let s = "alphamu:disable=tt+root-cut".parse::<PlayerSpec>().unwrap();
        let switches = s.downcast_ref::<AlphaMu>().expect("alpha-mu").switches;
        assert!(!switches.tt && !switches.root_cut && switches.early_cut);
    }

    #[test]
    fn recursive_monte_carlo_names_read_and_print_back() {
        let s: PlayerSpec = "MC2-D-20-10".parse().unwrap();
        assert_eq!(
            s.downcast_ref::<RecursiveMonteCarlo>(),
            Some(&RecursiveMonteCarlo {
                simulator: crate::monte_carlo::Simulator::DoubleDummy,
                worlds: vec![20, 10],
                ties: McTies::CardOrder,
            })
        );
        assert_eq!("mc:sim=dd,ncd=20+10".parse::<PlayerSpec>().unwrap(), s);
        for text in [
            "MC2-D-20-10",
            "MC3-R-25-25-25",
            "MC-R-600",
            "pimc:w=20",
            "alphamu:m=3,w=20",
            "alphamu:m=2,w=40,disable=tt+alpha-cut",
            "alphamu:m=3,w=20,ties=first",
            "alphamu:m=3,w=20,goal=score",
            "pimc:w=20,goal=score",
            "pimc:w=20,ties=random,infer=dd",
            "alphamu:m=3,w=20,infer=dd,particles=60",
            "pimc:w=20,infer=lead",
            "pimc:w=20,infer=play",
            "pimc:w=20,infer=uniform",
            "pimc:w=20,ties=random",
            "MC2-D-3-3,ties=random",
            "alphamu:m=2,w=40,disable=tt+alpha-cut,ties=first",
            "dd",
            "random",
        ] {
            let spec: PlayerSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
        let e = "MC2-D-20".parse::<PlayerSpec>().unwrap_err();
        assert!(e.to_string().contains("needs 2"), "{e}");
        let e = "MC-X-20".parse::<PlayerSpec>().unwrap_err();
        assert!(e.to_string().contains("simulator"), "{e}");
    }

    /// Full deals whose contract is in doubt: a random deal in notrump at
    /// North-South's double-dummy level, South's side playing double
    /// dummy and the defence at random until the decision. On the two
    /// decisions below (found among 3000 such deals: with overtricks
    /// worth 20 or 30 points against a contract worth hundreds, playing
    /// for the score rarely differs), PIMC for the score plays another
    /// card than PIMC for the contract: one with less chance of making
    /// and more expected score.
    #[test]
    fn playing_for_the_score_takes_the_overtrick_risks_the_contract_player_does_not() {
        let contract: PlayerSpec = "pimc:w=12".parse().unwrap();
        let score: PlayerSpec = "pimc:w=12,goal=score".parse().unwrap();
        let alphamu_score: PlayerSpec = "alphamu:m=2,w=12,goal=score".parse().unwrap();
        for (i, cards_played) in [(559u64, 24), (2283, 24)] {
            let mut rng = ChaCha8Rng::seed_from_u64(500 + i);
            let deal = Deal::random(&mut rng, 13);
            let defence = dd::batch::with_thread_solver(|s| {
                s.tricks(&Position::opening(deal, Strain::Notrump, Seat::West))
            });
            let level = (13 - defence).saturating_sub(6).clamp(1, 7);
            let scoring = bridge::Scoring {
                contract: format!("{level}NT").parse().unwrap(),
                vulnerable: i % 2 == 0,
            };
            let board = Board {
                deal,
                strain: Strain::Notrump,
                declarer: Seat::South,
                need: usize::from(level) + 6,
                constraints: Constraints::default(),
                scoring: Some(scoring),
            };
            let mut state = board.replay(&[]);
            let mut play = Vec::new();
            loop {
                let p = state.position();
                let declaring = p.to_move().side() == Seat::South.side();
                if play.len() >= cards_played && declaring {
                    break;
                }
                let card = if declaring {
                    double_dummy_card(p)
                } else {
                    p.legal_cards().iter().choose(&mut rng).unwrap()
                };
                state.play(card).unwrap();
                play.push(card);
            }
            let a = contract.choose(&board, &play, i).unwrap();
            let b = score.choose(&board, &play, i).unwrap();
            assert_ne!(a, b, "deal {i}");
            let mover = state.position().to_move();
            let (view, deals) = board.worlds(mover, &play, 12, i).unwrap();
            let problem = Problem::from_knowledge(&view, &deals, Seat::South, board.need).unwrap();
            let table: Vec<f64> = (0..=13).map(|t| f64::from(scoring.score(t))).collect();
            let utilities = search::pimc_utilities(&problem, &DdLeaf, &table);
            let expected = |c: Card| utilities.iter().find(|u| u.card == c).unwrap().expected;
            let values = pimc_values(&problem, &DdLeaf);
            let make = |c: Card| values.iter().find(|v| v.card == c).unwrap().make;
            assert!(expected(b) > expected(a), "deal {i}");
            assert!(make(a) > make(b), "deal {i}");
            let legal = state.position().legal_cards();
            assert!(legal.contains(alphamu_score.choose(&board, &play, i).unwrap()));
        }
        // A reduced deal has no score to play for.
        let (board, lead) = after_the_lead(1, 5, 3);
        assert!(matches!(
            score.choose(&board, &lead, 1),
            Err(ChooseError::NoScore)
        ));
    }
}

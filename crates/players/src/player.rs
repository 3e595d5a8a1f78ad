//! Players that choose a card from what their seat sees, named by a
//! specification:
//!
//! | spec | player |
//! |---|---|
//! | `alphamu:m=3,w=20[,disable=tt+root-cut][,ties=tricks]` | alpha-mu, M Max moves over W worlds (declarer only); `ties=tricks` plays PIMC's choice among cards of equal value |
//! | `pimc:w=20` (or `MC-D-20`) | PIMC: Monte Carlo over W worlds solved double dummy |
//! | `MC-R-600` | Monte Carlo over random playouts |
//! | `MC2-D-20-10`, `MC3-R-25-25-25` | recursive Monte Carlo: level N+1 uses level N as its simulator, with one number of worlds per level, top first |
//! | `mc:sim=dd,ncd=20+10` | the same as `MC2-D-20-10` |
//! | `dd` | sees every card, plays a card of best double-dummy value |
//! | `random` | a random legal card |

use crate::leaf::DdLeaf;
use crate::monte_carlo::{self, Simulator};
use crate::view::{Table, ViewError};
use bridge::{PlayState, Position};
use cards::{Card, Deal, Seat, Strain};
use rand::seq::IteratorRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use search::{alphamu, choose, pimc_values, AlphaMuConfig, Problem, Switches};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;
use worlds::{draw, lead::AnyLead, Constraints, WorldCount};

/// A player as the command line names it.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerSpec {
    /// alpha-mu with `m` Max moves over `w` worlds (declarer only).
    AlphaMu {
        /// Max moves.
        m: usize,
        /// Worlds.
        w: usize,
        /// Cuts and optimizations.
        switches: Switches,
        /// How it chooses among cards of equal value.
        ties: Ties,
    },
    /// Monte Carlo of level `worlds.len()`: `worlds[0]` worlds at the top,
    /// each played out by the Monte Carlo player of the next level, down to
    /// the simulator. One level over double dummy is PIMC.
    MonteCarlo {
        /// What plays out the worlds at the lowest level.
        simulator: Simulator,
        /// Worlds (the papers' NCD) per level, top first.
        worlds: Vec<usize>,
    },
    /// Double dummy: sees every card, plays a card of best value.
    Dd,
    /// A random legal card.
    Random,
}

/// How alpha-mu chooses among the cards of its best value (the same number
/// of worlds won, searched to the same depth).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Ties {
    /// The first the search found, as in the papers (`ties=first`, the
    /// default).
    #[default]
    First,
    /// The one PIMC would choose among them over the same worlds (its
    /// chance, then its mean double-dummy tricks) (`ties=tricks`). Costs
    /// one PIMC pass when there is a tie. When no card wins a world, every
    /// card takes part (it plays for the most tricks). Otherwise only cards
    /// the search valued fully do: with every cut off, M = 1 then plays
    /// PIMC's card; with the root cut or the cut on a win, a card cut as
    /// no better than the best is left out even when it is as good.
    Tricks,
}

/// A player specification that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "player '{spec}': {why} (examples: alphamu:m=3,w=20  pimc:w=20  MC2-D-20-10  MC-R-600  dd  random)"
)]
pub struct SpecError {
    spec: String,
    why: String,
}

fn positive(
    value: &str,
    what: &str,
    fail: &dyn Fn(String) -> SpecError,
) -> Result<usize, SpecError> {
    value
        .parse::<usize>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| fail(format!("{what} '{value}' is not a positive number")))
}

/// Reads a paper name such as `MC-D-100`, `MC2-R-300-30`.
fn paper_name(s: &str, fail: &dyn Fn(String) -> SpecError) -> Result<PlayerSpec, SpecError> {
    let parts: Vec<&str> = s.split('-').collect();
    let head = parts[0].to_ascii_uppercase();
    let level = match &head[2..] {
        "" => 1,
        digits => positive(digits, "level", fail)?,
    };
    let simulator = match parts.get(1).map(|p| p.to_ascii_uppercase()).as_deref() {
        Some("D") => Simulator::DoubleDummy,
        Some("R") => Simulator::Random,
        _ => {
            return Err(fail(
                "the simulator must be D (double dummy) or R (random)".into(),
            ))
        }
    };
    let worlds = parts[2..]
        .iter()
        .map(|p| positive(p, "number of worlds", fail))
        .collect::<Result<Vec<_>, _>>()?;
    if worlds.len() != level {
        return Err(fail(format!(
            "MC{} needs {level} number(s) of worlds, one per level; {} given",
            if level == 1 {
                String::new()
            } else {
                level.to_string()
            },
            worlds.len()
        )));
    }
    Ok(PlayerSpec::MonteCarlo { simulator, worlds })
}

impl FromStr for PlayerSpec {
    type Err = SpecError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let fail = |why: String| SpecError {
            spec: s.to_string(),
            why,
        };
        if s.len() > 2 && s[..2].eq_ignore_ascii_case("mc") && s.contains('-') {
            return paper_name(s, &fail);
        }
        let (name, options) = s.split_once(':').unwrap_or((s, ""));
        let mut m = 3;
        let mut w = 20;
        let mut switches = Switches::ALL;
        let mut ties = Ties::First;
        let mut simulator = Simulator::DoubleDummy;
        let mut levels: Option<Vec<usize>> = None;
        for option in options.split(',').filter(|o| !o.is_empty()) {
            let (key, value) = option
                .split_once('=')
                .ok_or_else(|| fail(format!("option '{option}' is not key=value")))?;
            match (name, key) {
                ("alphamu", "m") => m = positive(value, "m", &fail)?,
                ("alphamu" | "pimc", "w") => w = positive(value, "w", &fail)?,
                ("alphamu", "disable") => {
                    switches = switches
                        .disable(&value.replace('+', ","))
                        .map_err(|e| fail(e.to_string()))?;
                }
                ("alphamu", "ties") => {
                    ties = match value {
                        "first" => Ties::First,
                        "tricks" => Ties::Tricks,
                        other => {
                            return Err(fail(format!("unknown ties '{other}' (first or tricks)")))
                        }
                    }
                }
                ("mc", "sim") => {
                    simulator = match value {
                        "dd" | "d" | "D" => Simulator::DoubleDummy,
                        "random" | "r" | "R" => Simulator::Random,
                        other => {
                            return Err(fail(format!("unknown simulator '{other}' (dd or random)")))
                        }
                    }
                }
                ("mc", "ncd" | "w") => {
                    levels = Some(
                        value
                            .split('+')
                            .map(|v| positive(v, "number of worlds", &fail))
                            .collect::<Result<_, _>>()?,
                    );
                }
                _ => return Err(fail(format!("unknown option '{key}' for {name}"))),
            }
        }
        match name {
            "alphamu" => Ok(PlayerSpec::AlphaMu {
                m,
                w,
                switches,
                ties,
            }),
            "pimc" => Ok(PlayerSpec::MonteCarlo {
                simulator: Simulator::DoubleDummy,
                worlds: vec![w],
            }),
            "mc" => Ok(PlayerSpec::MonteCarlo {
                simulator,
                worlds: levels.ok_or_else(|| fail("mc needs ncd=N[+N...]".into()))?,
            }),
            "dd" if options.is_empty() => Ok(PlayerSpec::Dd),
            "random" if options.is_empty() => Ok(PlayerSpec::Random),
            "dd" | "random" => Err(fail(format!("{name} takes no options"))),
            other => Err(fail(format!("unknown player '{other}'"))),
        }
    }
}

impl fmt::Display for PlayerSpec {
    /// A specification that reads back to the same player: `alphamu:...`,
    /// `pimc:w=W` for one level over double dummy, paper names for the
    /// other Monte Carlo players.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::AlphaMu {
                m,
                w,
                switches,
                ties,
            } => {
                write!(f, "alphamu:m={m},w={w}")?;
                if *switches != Switches::ALL {
                    let off: Vec<&str> = Switches::NAMES
                        .iter()
                        .copied()
                        .filter(|n| !switches.is_on(n))
                        .collect();
                    write!(f, ",disable={}", off.join("+"))?;
                }
                if *ties == Ties::Tricks {
                    f.write_str(",ties=tricks")?;
                }
                Ok(())
            }
            PlayerSpec::MonteCarlo {
                simulator: Simulator::DoubleDummy,
                worlds,
            } if worlds.len() == 1 => write!(f, "pimc:w={}", worlds[0]),
            PlayerSpec::MonteCarlo { simulator, worlds } => {
                f.write_str("MC")?;
                if worlds.len() > 1 {
                    write!(f, "{}", worlds.len())?;
                }
                write!(f, "-{}", simulator.letter())?;
                for w in worlds {
                    write!(f, "-{w}")?;
                }
                Ok(())
            }
            PlayerSpec::Dd => f.write_str("dd"),
            PlayerSpec::Random => f.write_str("random"),
        }
    }
}

/// Why a player could not choose.
#[derive(Debug, Error)]
pub enum PlayError {
    /// The view or the play is wrong.
    #[error(transparent)]
    View(#[from] ViewError),
    /// No world could be drawn.
    #[error(transparent)]
    Worlds(#[from] worlds::WorldsError),
    /// The search could not start.
    #[error(transparent)]
    Problem(#[from] search::ProblemError),
    /// alpha-mu asked to defend.
    #[error(transparent)]
    AlphaMu(#[from] search::AlphaMuError),
}

/// The deal being played and its goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// The full deal.
    pub deal: Deal,
    /// The strain.
    pub strain: Strain,
    /// Declarer.
    pub declarer: Seat,
    /// Tricks declarer needs in all (0 when only the number of tricks
    /// counts, as in the recursive Monte Carlo paper).
    pub need: usize,
    /// What the auction says about each hand; worlds are drawn to fit it.
    pub constraints: Constraints,
}

/// A card chosen, with what the papers count about the choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The card played.
    pub card: Card,
    /// For alpha-mu with M > 1: the card M = 1 (PIMC's value of each card
    /// over the same worlds) would have played. A different card is a
    /// discrepancy in the first alpha-mu paper's table 1.
    pub depth_one: Option<Card>,
}

impl Board {
    /// The position after `play`, checked against the deal.
    ///
    /// # Errors
    /// [`PlayError::View`] when the play does not fit the deal.
    pub fn position_after(&self, play: &[Card]) -> Result<PlayState, PlayError> {
        let table = Table::new(&self.deal.into())?;
        table.knowledge(self.strain, self.declarer.lho(), play)?;
        Ok(self.replay(play))
    }

    /// The position after `play`, which must be legal (as in a playout the
    /// players themselves produce); no check beyond the rules.
    ///
    /// # Panics
    /// When a card of `play` is not legal.
    #[must_use]
    pub fn replay(&self, play: &[Card]) -> PlayState {
        let mut state = PlayState::new(self.deal, self.strain, self.declarer);
        for &card in play {
            state.play(card).expect("a legal play");
        }
        state
    }

    /// The worlds `mover` imagines after `play`: `count` deals drawn from
    /// its side's view and the auction, with the view they were drawn from.
    ///
    /// # Errors
    /// [`PlayError`] when the play does not fit or no world can be drawn.
    pub fn worlds(
        &self,
        mover: Seat,
        play: &[Card],
        count: usize,
        seed: u64,
    ) -> Result<(worlds::Knowledge, Vec<Deal>), PlayError> {
        let table = Table::new(&self.deal.into())?;
        let view = table.view(mover, self.declarer, self.strain, self.declarer.lho(), play)?;
        let drawn = draw(
            &view,
            &self.constraints,
            &AnyLead,
            WorldCount::Sample(count),
            seed,
        )?;
        Ok((view, drawn.deals))
    }
}

/// Among the cards alpha-mu values as its chosen card (the same worlds
/// won, searched as deep), the one PIMC would choose over the same worlds:
/// the best chance at depth one, then the most mean tricks, then the first
/// in card order.
fn pimc_choice_among_equals(problem: &Problem, result: &search::SearchResult) -> Card {
    let chosen = result
        .cards
        .iter()
        .find(|v| v.card == result.best)
        .expect("the chosen card is valued");
    let lost_everywhere = chosen.make == 0.0;
    let equals: Vec<Card> = result
        .cards
        .iter()
        .filter(|v| v.depth == chosen.depth && v.make == chosen.make)
        .map(|v| v.card)
        .collect();
    if equals.len() < 2 && !lost_everywhere {
        return result.best;
    }
    // When the best card wins no world, no card does: every card ties,
    // valued by the search or cut.
    let values: Vec<search::CardValue> = pimc_values(problem, &DdLeaf)
        .into_iter()
        .filter(|v| lost_everywhere || equals.contains(&v.card))
        .collect();
    choose(&values, true).unwrap_or(result.best)
}

/// The card of best double-dummy value for the side to move (the first in
/// hand order among equals).
#[must_use]
pub fn double_dummy_card(position: &Position) -> Card {
    let values = dd::batch::with_thread_solver(|s| s.card_values(position));
    let best = values.iter().map(|v| v.tricks).max().expect("a legal card");
    values
        .iter()
        .find(|v| v.tricks == best)
        .expect("the best")
        .card
}

impl PlayerSpec {
    /// Whether this player may play for a defender.
    #[must_use]
    pub fn can_defend(&self) -> bool {
        !matches!(self, PlayerSpec::AlphaMu { .. })
    }

    /// The card this player plays after `play` on `board`, its random
    /// choices drawn from `seed`.
    ///
    /// # Errors
    /// [`PlayError`] when the player cannot play this seat (alpha-mu on
    /// defence) or no world fits.
    pub fn choose(&self, board: &Board, play: &[Card], seed: u64) -> Result<Card, PlayError> {
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
    ) -> Result<Decision, PlayError> {
        let state = board.position_after(play)?;
        let position = state.position();
        let legal = position.legal_cards();
        let only = |card| Decision {
            card,
            depth_one: None,
        };
        if legal.len() == 1 {
            return Ok(only(legal.iter().next().expect("one card")));
        }
        let mover = position.to_move();
        match self {
            PlayerSpec::Random => {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                Ok(only(legal.iter().choose(&mut rng).expect("a legal card")))
            }
            PlayerSpec::Dd => Ok(only(double_dummy_card(position))),
            PlayerSpec::MonteCarlo {
                simulator: Simulator::DoubleDummy,
                worlds,
            } if worlds.len() == 1 => {
                let (view, deals) = board.worlds(mover, play, worlds[0], seed)?;
                let problem = Problem::from_knowledge(&view, &deals, board.declarer, board.need)?;
                let values = pimc_values(&problem, &DdLeaf);
                let declaring = mover.side() == board.declarer.side();
                Ok(only(choose(&values, declaring).expect("a legal card")))
            }
            PlayerSpec::MonteCarlo { simulator, worlds } => Ok(only(monte_carlo::choose(
                board, play, *simulator, worlds, seed,
            )?)),
            PlayerSpec::AlphaMu {
                m,
                w,
                switches,
                ties,
            } => {
                let (view, deals) = board.worlds(mover, play, *w, seed)?;
                let problem = Problem::from_knowledge(&view, &deals, board.declarer, board.need)?;
                let config = AlphaMuConfig {
                    max_moves: *m,
                    switches: *switches,
                    parallel_leaves: true,
                    front_limit: search::FRONT_LIMIT,
                };
                let result = alphamu(&problem, &DdLeaf, config)?;
                let depth_one = if depth_one && *m > 1 {
                    match result.depth_one_best {
                        Some(card) => Some(card),
                        None => {
                            let config = AlphaMuConfig {
                                max_moves: 1,
                                ..config
                            };
                            Some(alphamu(&problem, &DdLeaf, config)?.best)
                        }
                    }
                } else {
                    None
                };
                let card = match ties {
                    Ties::First => result.best,
                    Ties::Tricks => pimc_choice_among_equals(&problem, &result),
                };
                Ok(Decision { card, depth_one })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_and_errors_explain() {
        assert_eq!(
            "alphamu:m=2,w=40".parse::<PlayerSpec>().unwrap(),
            PlayerSpec::AlphaMu {
                m: 2,
                w: 40,
                switches: Switches::ALL,
                ties: Ties::First,
            }
        );
        let pimc = PlayerSpec::MonteCarlo {
            simulator: Simulator::DoubleDummy,
            worlds: vec![20],
        };
        assert_eq!("pimc".parse::<PlayerSpec>().unwrap(), pimc);
        assert_eq!("MC-D-20".parse::<PlayerSpec>().unwrap(), pimc);
        assert_eq!("dd".parse::<PlayerSpec>().unwrap(), PlayerSpec::Dd);
        let e = "pimc:m=3".parse::<PlayerSpec>().unwrap_err();
        assert!(e.to_string().contains("unknown option 'm'"), "{e}");
        let e = "alphamu:w=0".parse::<PlayerSpec>().unwrap_err();
        assert!(e.to_string().contains("positive"), "{e}");
        let e = "gib".parse::<PlayerSpec>().unwrap_err();
        assert!(e.to_string().contains("unknown player"), "{e}");
        let s = "alphamu:disable=tt+root-cut".parse::<PlayerSpec>().unwrap();
        assert!(
            matches!(s, PlayerSpec::AlphaMu { switches, .. } if !switches.tt && !switches.root_cut && switches.early_cut)
        );
    }

    #[test]
    fn recursive_monte_carlo_names_read_and_print_back() {
        let s: PlayerSpec = "MC2-D-20-10".parse().unwrap();
        assert_eq!(
            s,
            PlayerSpec::MonteCarlo {
                simulator: Simulator::DoubleDummy,
                worlds: vec![20, 10]
            }
        );
        assert_eq!("mc:sim=dd,ncd=20+10".parse::<PlayerSpec>().unwrap(), s);
        for text in [
            "MC2-D-20-10",
            "MC3-R-25-25-25",
            "MC-R-600",
            "pimc:w=20",
            "alphamu:m=3,w=20",
            "alphamu:m=2,w=40,disable=tt+alpha-cut",
            "alphamu:m=3,w=20,ties=tricks",
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

    /// A random deal of `cards` per hand in notrump by South needing `need`,
    /// and an opening lead after which dummy (declarer's side) is to play.
    fn after_the_lead(seed: u64, cards: usize, need: usize) -> (Board, [Card; 1]) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let board = Board {
            deal: Deal::random(&mut rng, cards),
            strain: Strain::Notrump,
            declarer: Seat::South,
            need,
            constraints: Constraints::default(),
        };
        let lead = board.replay(&[]).position().legal_cards().iter().next();
        (board, [lead.expect("a legal lead")])
    }

    #[test]
    fn with_ties_broken_by_tricks_alpha_mu_at_depth_one_plays_pimcs_card() {
        let first: PlayerSpec = "alphamu:m=1,w=8".parse().unwrap();
        // With every cut off, the search values every card fully.
        let tricks: PlayerSpec = "alphamu:m=1,w=8,disable=tt+early-cut+root-cut+useful-worlds+world-cuts+empty-entry+cut-on-win+alpha-cut,ties=tricks".parse().unwrap();
        let pimc: PlayerSpec = "pimc:w=8".parse().unwrap();
        let deeper: PlayerSpec = "alphamu:m=3,w=8,ties=tricks".parse().unwrap();
        let mut differ_first = 0;
        for i in 0..24u64 {
            let (board, play) = after_the_lead(i, 7, 2 + (i % 4) as usize);
            let card = |p: &PlayerSpec| p.choose(&board, &play, i).unwrap();
            assert_eq!(card(&tricks), card(&pimc), "deal {i}");
            differ_first += usize::from(card(&first) != card(&pimc));
            assert!(board
                .position_after(&play)
                .unwrap()
                .position()
                .legal_cards()
                .contains(card(&deeper)));
        }
        // Without the tie-break, depth one often plays another card.
        assert!(differ_first > 0, "{differ_first}");
    }

    #[test]
    fn with_ties_broken_by_tricks_alpha_mu_plays_for_tricks_when_every_world_is_lost() {
        let pimc: PlayerSpec = "pimc:w=8".parse().unwrap();
        let mut lost = 0;
        for i in 0..24u64 {
            let (board, play) = after_the_lead(100 + i, 6, 6);
            let (view, deals) = board.worlds(Seat::North, &play, 8, i).unwrap();
            let problem = Problem::from_knowledge(&view, &deals, Seat::South, 6).unwrap();
            if pimc_values(&problem, &DdLeaf).iter().any(|v| v.make > 0.0) {
                continue;
            }
            lost += 1;
            for m in [1, 3] {
                let alphamu: PlayerSpec = format!("alphamu:m={m},w=8,ties=tricks").parse().unwrap();
                assert_eq!(
                    alphamu.choose(&board, &play, i).unwrap(),
                    pimc.choose(&board, &play, i).unwrap(),
                    "deal {i}, M = {m}"
                );
            }
        }
        assert!(lost > 0);
    }
}

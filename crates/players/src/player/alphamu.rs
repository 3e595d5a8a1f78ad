//! alpha-mu (`alphamu:m=3,w=20`): M declarer moves searched over W
//! worlds with Pareto fronts (the papers' search), for declarer or the
//! defence; among cards of equal value the one of most mean double-dummy
//! tricks, or with `ties=first` the first found (the papers' rule);
//! `goal=score` plays for the duplicate score (declarer only).

use super::options::{pairs, positive, searchable, unknown};
use super::reading::{Reading, ReadingOptions};
use super::{best_utility, score_table, worlds_for, BoardPlayer, Goal, PlayerSpec, Seen};
use crate::board::ChooseError;
use crate::leaf::DdLeaf;
use crate::seat::Decision;
use cards::Card;
use search::{alphamu, pimc_values, AlphaMuConfig, Problem, Switches};
use std::fmt;

/// alpha-mu with `m` Max moves over `w` worlds, for either side.
#[derive(Clone, Debug, PartialEq)]
pub struct AlphaMu {
    /// Max moves.
    pub m: usize,
    /// Worlds.
    pub w: usize,
    /// Cuts and optimizations.
    pub switches: Switches,
    /// How it chooses among cards of equal value.
    pub ties: Ties,
    /// What it plays for.
    pub goal: Goal,
    /// Whether it reads the table, and its salt.
    pub reading: Reading,
}

impl Default for AlphaMu {
    /// `alphamu`: M = 3 over 20 worlds, every cut on.
    fn default() -> Self {
        AlphaMu {
            m: 3,
            w: 20,
            switches: Switches::ALL,
            ties: Ties::default(),
            goal: Goal::default(),
            reading: Reading::default(),
        }
    }
}

/// Reads `alphamu:` and its options (the registry's line).
pub(crate) fn read(_name: &str, options: &str) -> Result<PlayerSpec, String> {
    let mut player = AlphaMu::default();
    let mut reading = ReadingOptions::default();
    for (key, value) in pairs(options)? {
        match key {
            "m" | "moves" => player.m = positive(value, "m")?,
            "w" | "worlds" => player.w = searchable(positive(value, "w")?)?,
            "disable" => {
                player.switches = player
                    .switches
                    .disable(&value.replace('+', ","))
                    .map_err(|e| e.to_string())?;
            }
            "ties" => {
                player.ties = match value {
                    "first" => Ties::First,
                    "tricks" => Ties::Tricks,
                    other => {
                        return Err(format!(
                            "unknown ties {} (first or tricks)",
                            cards::quoted(other)
                        ))
                    }
                }
            }
            "goal" => player.goal = Goal::read(value)?,
            _ if reading.take(key, value)? => {}
            _ => return Err(unknown(key, "alphamu")),
        }
    }
    player.reading = reading.finish(player.w)?;
    Ok(PlayerSpec::new(player))
}

impl fmt::Display for AlphaMu {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "alphamu:m={},w={}", self.m, self.w)?;
        if self.switches != Switches::ALL {
            let off: Vec<&str> = Switches::NAMES
                .iter()
                .copied()
                .filter(|n| !self.switches.is_on(n))
                .collect();
            write!(f, ",disable={}", off.join("+"))?;
        }
        if self.ties == Ties::First {
            f.write_str(",ties=first")?;
        }
        if self.goal == Goal::Score {
            f.write_str(",goal=score")?;
        }
        write!(f, "{}", self.reading)
    }
}

impl BoardPlayer for AlphaMu {
    fn decide(&self, seen: &Seen<'_>, seed: u64, depth_one: bool) -> Result<Decision, ChooseError> {
        let board = seen.board;
        let deals = worlds_for(seen, self.w, seed)?;
        let problem = Problem::from_knowledge(seen.view, &deals, board.declarer, board.need)?;
        let config = AlphaMuConfig {
            max_moves: self.m,
            switches: self.switches,
            parallel_leaves: true,
            front_limit: search::FRONT_LIMIT,
            value_every_card: false,
            work_limit: search::WORK_LIMIT,
        };
        let searched = |card| Decision {
            card,
            depth_one: None,
            searched: true,
        };
        if self.goal == Goal::Score {
            let utility = score_table(board)?;
            let values = search::alphamu_utilities(&problem, &DdLeaf, config, &utility)?;
            return Ok(searched(best_utility(&values, true)));
        }
        let result = alphamu(&problem, &DdLeaf, config)?;
        let depth_one = if depth_one && self.m > 1 {
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
        Ok(Decision {
            depth_one,
            ..searched(alphamu_card(&problem, &result, config, self.ties)?)
        })
    }

    fn infer(&self) -> Option<super::Infer> {
        self.reading.infer
    }

    fn salt(&self) -> u64 {
        self.reading.salt
    }

    fn worlds(&self) -> Option<usize> {
        Some(self.w)
    }

    /// alpha-mu for the score plays for declarer only.
    fn can_defend(&self) -> bool {
        self.goal != Goal::Score
    }
}

/// How alpha-mu chooses among the cards of its best value (the same number
/// of worlds won at the depth searched).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Ties {
    /// The first the search found, as in the papers (`ties=first`). The
    /// papers' experiments use it.
    First,
    /// The one with the most mean double-dummy tricks over the same worlds
    /// (PIMC's mean), then the first in card order (`ties=tricks`, the
    /// default). Every card that may tie is valued exactly, whatever the
    /// cuts left out: costs one PIMC pass when another card may tie, and a
    /// search of each such card under a floor at the best value.
    #[default]
    Tricks,
}

/// Among the cards alpha-mu values as its chosen card (the same worlds
/// won at the depth searched), the one with the most mean double-dummy
/// tricks over the same worlds for declarer's side (the fewest for a
/// defender), then the first in card order.
///
/// Only a card whose PIMC chance reaches the best value may tie (a
/// deeper search can only lower a card's value). Such cards are taken in
/// order of their mean tricks; the first whose exact value is the best
/// one is played (a card the work limit left unproven does not tie). A card the search valued exactly is not searched again;
/// another is searched alone under a floor at the best value, which
/// answers "no" quickly.
pub(crate) fn break_ties_by_tricks(
    problem: &Problem,
    result: &search::SearchResult,
    config: AlphaMuConfig,
) -> Result<Card, search::AlphaMuError> {
    let n = problem.world_count() as f64;
    let declaring = problem.is_declaring(problem.to_move());
    // Worlds won by the side to move.
    let worlds = |v: &search::CardChance| {
        let won = if declaring { v.make } else { 1.0 - v.make };
        (won * n).round() as usize
    };
    let chosen = result
        .cards
        .iter()
        .find(|v| v.card == result.best)
        .expect("the chosen card is valued");
    let best = worlds(chosen);
    let may_tie = |v: &search::CardChance| match v.bound {
        search::Bound::Exact => worlds(v) == best,
        search::Bound::Upper | search::Bound::Lower => worlds(v) >= best,
    };
    if !result
        .cards
        .iter()
        .any(|v| v.card != result.best && may_tie(v))
    {
        return Ok(result.best);
    }
    let mut pimc: Vec<search::CardChance> = pimc_values(problem, &DdLeaf)
        .into_iter()
        .filter(|p| worlds(p) >= best)
        .collect();
    // Best tricks first; the sort is stable, so card order breaks ties.
    pimc.sort_by(|a, b| {
        let (a, b) = (a.tricks.unwrap_or(0.0), b.tricks.unwrap_or(0.0));
        if declaring {
            b.total_cmp(&a)
        } else {
            a.total_cmp(&b)
        }
    });
    for p in &pimc {
        if p.card == result.best {
            return Ok(result.best);
        }
        let searched = result.cards.iter().find(|v| v.card == p.card);
        let ties = match searched {
            Some(v) if !may_tie(v) => false,
            Some(v) if v.bound == search::Bound::Exact => true,
            _ => search::alphamu_card(problem, &DdLeaf, config, p.card, Some(best))?
                .is_some_and(|v| v.bound == search::Bound::Exact),
        };
        if ties {
            return Ok(p.card);
        }
    }
    Ok(result.best)
}

/// The card an alpha-mu player with tie rule `ties` plays, given the
/// result of its search of `problem` under `config`: the search's card
/// with `ties=first`, else the tie among its best cards broken by PIMC's
/// mean tricks ([`Ties::Tricks`]). The analysers mark this card, so that
/// what they show is what `play` plays.
///
/// # Errors
/// When a tied card cannot be searched.
pub fn alphamu_card(
    problem: &Problem,
    result: &search::SearchResult,
    config: AlphaMuConfig,
    ties: Ties,
) -> Result<Card, search::AlphaMuError> {
    match ties {
        Ties::First => Ok(result.best),
        Ties::Tricks => break_ties_by_tricks(problem, result, config),
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::after_the_lead;
    use super::*;
    use cards::Seat;

    #[test]
    fn with_ties_broken_by_tricks_alpha_mu_at_depth_one_plays_pimcs_card() {
        let first: PlayerSpec = "alphamu:m=1,w=8,ties=first".parse().unwrap();
        let pimc: PlayerSpec = "pimc:w=8".parse().unwrap();
        let mut differ_first = 0;
        for i in 0..24u64 {
            let (board, play) = after_the_lead(i, 7, 2 + (i % 4) as usize);
            let card = |p: &PlayerSpec| p.choose(&board, &play, i).unwrap();
            // Whatever the cuts left out.
            for disable in ["", ",disable=tt+early-cut+root-cut+useful-worlds+world-cuts+empty-entry+cut-on-win+alpha-cut"] {
                let tricks: PlayerSpec = format!("alphamu:m=1,w=8{disable}").parse().unwrap();
                assert_eq!(card(&tricks), card(&pimc), "deal {i}{disable}");
            }
            differ_first += usize::from(card(&first) != card(&pimc));
        }
        // With the papers' rule, depth one often plays another card.
        assert!(differ_first > 0, "{differ_first}");
    }

    /// On defence too: at depth one alpha-mu is PIMC, ties broken by the
    /// fewest mean tricks for declarer.
    #[test]
    fn on_defence_alpha_mu_at_depth_one_plays_pimcs_card() {
        let pimc: PlayerSpec = "pimc:w=8".parse().unwrap();
        let alphamu: PlayerSpec = "alphamu:m=1,w=8".parse().unwrap();
        for i in 0..20u64 {
            let (board, lead) = after_the_lead(700 + i, 6, 2 + (i % 4) as usize);
            // Dummy's card, then East (a defender) is to play.
            let dummy = board
                .replay(&lead)
                .position()
                .legal_cards()
                .iter()
                .next()
                .unwrap();
            let play = [lead[0], dummy];
            let mover = board.replay(&play).position().to_move();
            assert_eq!(mover, Seat::East);
            assert_eq!(
                alphamu.choose(&board, &play, i).unwrap(),
                pimc.choose(&board, &play, i).unwrap(),
                "deal {i}"
            );
        }
    }

    /// Deeper, the card played is, among the cards of the best exact
    /// value (every card valued alone), the one of most mean tricks, then
    /// the first in card order; with every cut on or off.
    #[test]
    fn with_ties_broken_by_tricks_alpha_mu_plays_the_best_card_of_most_tricks() {
        let mut ties_seen = 0;
        for i in 0..30u64 {
            let (board, play) = after_the_lead(300 + i, 6, 3 + (i % 3) as usize);
            let mover = board.position_after(&play).unwrap().position().to_move();
            let (view, deals) = board.worlds(mover, &play, 10, i).unwrap();
            let problem =
                Problem::from_knowledge(&view, &deals, board.declarer, board.need).unwrap();
            let exact = alphamu(
                &problem,
                &DdLeaf,
                AlphaMuConfig {
                    max_moves: 3,
                    value_every_card: true,
                    work_limit: search::WORK_LIMIT,
                    ..AlphaMuConfig::default()
                },
            )
            .unwrap();
            let pimc = pimc_values(&problem, &DdLeaf);
            let top = exact.cards.iter().map(|v| v.make).fold(0.0, f64::max);
            let tied: Vec<&search::CardChance> = pimc
                .iter()
                .filter(|p| {
                    exact
                        .cards
                        .iter()
                        .any(|v| v.card == p.card && v.make == top)
                })
                .collect();
            ties_seen += usize::from(tied.len() > 1);
            let most = tied
                .iter()
                .map(|p| p.tricks.unwrap())
                .fold(f64::MIN, f64::max);
            let expected = tied
                .iter()
                .find(|p| p.tricks.unwrap() == most)
                .unwrap()
                .card;
            for disable in ["", ",disable=tt+early-cut+root-cut+useful-worlds+world-cuts+empty-entry+cut-on-win+alpha-cut+floor"] {
                let spec: PlayerSpec = format!("alphamu:m=3,w=10{disable}").parse().unwrap();
                assert_eq!(spec.choose(&board, &play, i).unwrap(), expected, "deal {i}{disable}");
            }
        }
        assert!(ties_seen > 5, "{ties_seen}");
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
                let alphamu: PlayerSpec = format!("alphamu:m={m},w=8").parse().unwrap();
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

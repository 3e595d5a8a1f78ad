//! PIMC (`pimc:w=20`, the papers' `MC-D-20`): W worlds drawn from the
//! seat's view, each solved double dummy, the card of best mean: the
//! chance of the contract, then the mean tricks; or with `goal=score` the
//! mean duplicate score.

use super::options::{pairs, positive, searchable, unknown};
use super::reading::{Reading, ReadingOptions};
use super::{best_utility, score_table, worlds_for, BoardPlayer, Goal, PlayerSpec, Seen};
use crate::board::ChooseError;
use crate::leaf::DdLeaf;
use crate::monte_carlo::{self, McTies};
use crate::seat::Decision;
use search::{pimc_values, Problem};
use std::fmt;

/// PIMC over `w` worlds: one level of Monte Carlo over double dummy.
#[derive(Clone, Debug, PartialEq)]
pub struct Pimc {
    /// Worlds.
    pub w: usize,
    /// What it plays for.
    pub goal: Goal,
    /// How it chooses among cards of equal value.
    pub ties: McTies,
    /// Whether it reads the table, and its salt.
    pub reading: Reading,
}

impl Pimc {
    /// PIMC over `w` worlds, every other option at its default.
    #[must_use]
    pub fn new(w: usize) -> Self {
        Pimc {
            w,
            goal: Goal::default(),
            ties: McTies::default(),
            reading: Reading::default(),
        }
    }
}

/// Reads `pimc:` and its options (the registry's line).
pub(crate) fn read(_name: &str, options: &str) -> Result<PlayerSpec, String> {
    let mut player = Pimc::new(20);
    let mut reading = ReadingOptions::default();
    for (key, value) in pairs(options)? {
        match key {
            "w" | "worlds" => player.w = searchable(positive(value, "w")?)?,
            "goal" => player.goal = Goal::read(value)?,
            "ties" => player.ties = McTies::read(value)?,
            _ if reading.take(key, value)? => {}
            _ => return Err(unknown(key, "pimc")),
        }
    }
    player.reading = reading.finish(player.w)?;
    Ok(PlayerSpec::new(player))
}

impl fmt::Display for Pimc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "pimc:w={}", self.w)?;
        if self.goal == Goal::Score {
            f.write_str(",goal=score")?;
        }
        if self.ties == McTies::Random {
            f.write_str(",ties=random")?;
        }
        write!(f, "{}", self.reading)
    }
}

impl BoardPlayer for Pimc {
    fn decide(
        &self,
        seen: &Seen<'_>,
        seed: u64,
        _depth_one: bool,
    ) -> Result<Decision, ChooseError> {
        let board = seen.board;
        let deals = worlds_for(seen, self.w, seed)?;
        let problem = Problem::from_knowledge(seen.view, &deals, board.declarer, board.need)?;
        let declaring = seen.state.position().to_move().side() == board.declarer.side();
        let card = if self.goal == Goal::Score {
            let utility = score_table(board)?;
            best_utility(
                &search::pimc_utilities(&problem, &DdLeaf, &utility),
                declaring,
            )
        } else {
            monte_carlo::pick(&pimc_values(&problem, &DdLeaf), declaring, self.ties, seed)
        };
        Ok(Decision {
            card,
            depth_one: None,
            searched: true,
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
}

//! Players that choose a card from what their seat sees: `alphamu:m=3,w=20`,
//! `pimc:w=20`, `dd` (sees every card) and `random`.

use crate::leaf::DdLeaf;
use crate::view::{Table, ViewError};
use bridge::PlayState;
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
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PlayerSpec {
    /// alpha-mu with `m` Max moves over `w` worlds (declarer only).
    AlphaMu {
        /// Max moves.
        m: usize,
        /// Worlds.
        w: usize,
        /// Cuts and optimizations.
        switches: Switches,
    },
    /// PIMC over `w` worlds.
    Pimc {
        /// Worlds.
        w: usize,
    },
    /// Double dummy: sees every card, plays a card of best value.
    Dd,
    /// A random legal card.
    Random,
}

/// A player specification that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("player '{spec}': {why} (examples: alphamu:m=3,w=20  pimc:w=20  dd  random)")]
pub struct SpecError {
    spec: String,
    why: String,
}

impl FromStr for PlayerSpec {
    type Err = SpecError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let fail = |why: String| SpecError {
            spec: s.to_string(),
            why,
        };
        let (name, options) = s.split_once(':').unwrap_or((s, ""));
        let mut m = 3;
        let mut w = 20;
        let mut switches = Switches::ALL;
        for option in options.split(',').filter(|o| !o.is_empty()) {
            let (key, value) = option
                .split_once('=')
                .ok_or_else(|| fail(format!("option '{option}' is not key=value")))?;
            let number = || {
                value
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| fail(format!("{key}={value} is not a positive number")))
            };
            match (name, key) {
                ("alphamu", "m") => m = number()?,
                ("alphamu" | "pimc", "w") => w = number()?,
                ("alphamu", "disable") => {
                    switches = switches
                        .disable(&value.replace('+', ","))
                        .map_err(|e| fail(e.to_string()))?;
                }
                _ => return Err(fail(format!("unknown option '{key}' for {name}"))),
            }
        }
        match name {
            "alphamu" => Ok(PlayerSpec::AlphaMu { m, w, switches }),
            "pimc" => Ok(PlayerSpec::Pimc { w }),
            "dd" if options.is_empty() => Ok(PlayerSpec::Dd),
            "random" if options.is_empty() => Ok(PlayerSpec::Random),
            "dd" | "random" => Err(fail(format!("{name} takes no options"))),
            other => Err(fail(format!("unknown player '{other}'"))),
        }
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::AlphaMu { m, w, .. } => write!(f, "alphamu:m={m},w={w}"),
            PlayerSpec::Pimc { w } => write!(f, "pimc:w={w}"),
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
#[derive(Clone, Copy, Debug)]
pub struct Board {
    /// The full deal.
    pub deal: Deal,
    /// The strain.
    pub strain: Strain,
    /// Declarer.
    pub declarer: Seat,
    /// Tricks declarer needs in all.
    pub need: usize,
}

impl PlayerSpec {
    /// The card this player plays after `play` on `board`, its random
    /// choices drawn from `seed`.
    ///
    /// # Errors
    /// [`PlayError`] when the player cannot play this seat (alpha-mu on
    /// defence) or no world fits.
    pub fn choose(&self, board: &Board, play: &[Card], seed: u64) -> Result<Card, PlayError> {
        let table = Table::new(&board.deal.into())?;
        let leader = board.declarer.lho();
        // Checks the play against the deal before replaying it.
        table.knowledge(board.strain, leader, play)?;
        let mut state = PlayState::new(board.deal, board.strain, board.declarer);
        for &card in play {
            state.play(card).expect("the play was checked");
        }
        let position = state.position().clone();
        let legal = position.legal_cards();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        if legal.len() == 1 {
            return Ok(legal.iter().next().expect("one card"));
        }
        let mover = position.to_move();
        let declaring = mover.side() == board.declarer.side();
        match *self {
            PlayerSpec::Random => Ok(legal.iter().choose(&mut rng).expect("a legal card")),
            PlayerSpec::Dd => {
                let values = dd::batch::with_thread_solver(|s| s.card_values(&position));
                let best = values.iter().map(|v| v.tricks).max().expect("a legal card");
                Ok(values
                    .iter()
                    .find(|v| v.tricks == best)
                    .expect("the best")
                    .card)
            }
            PlayerSpec::Pimc { w } | PlayerSpec::AlphaMu { w, .. } => {
                let view = table.view(mover, board.declarer, board.strain, leader, play)?;
                let worlds = draw(
                    &view,
                    &Constraints::default(),
                    &AnyLead,
                    WorldCount::Sample(w),
                    seed,
                )?;
                let problem =
                    Problem::from_knowledge(&view, &worlds.deals, board.declarer, board.need)?;
                if let PlayerSpec::AlphaMu { m, switches, .. } = *self {
                    let config = AlphaMuConfig {
                        max_moves: m,
                        switches,
                        parallel_leaves: true,
                    };
                    return Ok(alphamu(&problem, &DdLeaf, config)?.best);
                }
                let values = pimc_values(&problem, &DdLeaf);
                Ok(choose(&values, declaring).expect("a legal card"))
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
                switches: Switches::ALL
            }
        );
        assert_eq!(
            "pimc".parse::<PlayerSpec>().unwrap(),
            PlayerSpec::Pimc { w: 20 }
        );
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
}

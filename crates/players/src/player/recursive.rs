//! Recursive Monte Carlo (`MC2-D-20-10`, `MC3-R-25-25-25`, `MC-R-600`, or
//! by options `mc:sim=dd,ncd=20+10`): level N+1 uses level N as its
//! simulator, with one number of worlds per level, top first, down to
//! double-dummy (D) or random (R) playouts. One level over double dummy
//! is PIMC and reads as [`super::Pimc`].

use super::options::{pairs, positive, unknown};
use super::{BoardPlayer, Pimc, PlayerSpec, Seen};
use crate::board::ChooseError;
use crate::grammar::OPTION_SEPARATORS;
use crate::monte_carlo::{self, McTies, Simulator};
use crate::seat::Decision;
use std::fmt;

/// Monte Carlo of level `worlds.len()` over `simulator`, not PIMC: random
/// playouts, or more than one level.
#[derive(Clone, Debug, PartialEq)]
pub struct RecursiveMonteCarlo {
    /// What plays out the worlds at the lowest level.
    pub simulator: Simulator,
    /// Worlds (the papers' NCD) per level, top first.
    pub worlds: Vec<usize>,
    /// How it chooses among cards of equal value, at every level.
    pub ties: McTies,
}

impl RecursiveMonteCarlo {
    /// The player of `worlds` levels over `simulator`: PIMC for one level
    /// over double dummy.
    fn spec(simulator: Simulator, worlds: Vec<usize>, ties: McTies) -> Result<PlayerSpec, String> {
        if simulator == Simulator::DoubleDummy && worlds.len() == 1 {
            let pimc = Pimc {
                ties,
                ..Pimc::new(super::options::searchable(worlds[0])?)
            };
            return Ok(PlayerSpec::new(pimc));
        }
        Ok(PlayerSpec::new(RecursiveMonteCarlo {
            simulator,
            worlds,
            ties,
        }))
    }
}

/// Whether `name` is one of the papers' names, `MC...-...`.
pub(crate) fn is_paper_name(name: &str) -> bool {
    name.len() > 2 && name[..2].eq_ignore_ascii_case("mc") && name.contains('-')
}

/// Reads a paper name such as `MC-D-100`, `MC2-R-300-30`, with
/// `ties=order|random` after it (the registry's line).
pub(crate) fn read_paper_name(name: &str, options: &str) -> Result<PlayerSpec, String> {
    let parts: Vec<&str> = name.split('-').collect();
    let head = parts[0].to_ascii_uppercase();
    let level = match &head[2..] {
        "" => 1,
        digits => positive(digits, "level")?,
    };
    let simulator = match parts.get(1).map(|p| p.to_ascii_uppercase()).as_deref() {
        Some("D") => Simulator::DoubleDummy,
        Some("R") => Simulator::Random,
        _ => return Err("the simulator must be D (double dummy) or R (random)".into()),
    };
    let worlds = parts[2..]
        .iter()
        .map(|p| positive(p, "number of worlds"))
        .collect::<Result<Vec<_>, _>>()?;
    if worlds.len() != level {
        return Err(format!(
            "MC{} needs {level} number(s) of worlds, one per level; {} given",
            if level == 1 {
                String::new()
            } else {
                level.to_string()
            },
            worlds.len()
        ));
    }
    let mut ties = McTies::default();
    for option in options.split(OPTION_SEPARATORS).filter(|o| !o.is_empty()) {
        match option.split_once('=') {
            Some(("ties", value)) => ties = McTies::read(value)?,
            _ => {
                return Err(format!(
                    "option '{option}': a paper name takes only ties=order|random"
                ))
            }
        }
    }
    RecursiveMonteCarlo::spec(simulator, worlds, ties)
}

/// Reads `mc:sim=dd|random,ncd=W1+W2+...` (the registry's line).
pub(crate) fn read_options(_name: &str, options: &str) -> Result<PlayerSpec, String> {
    let mut simulator = Simulator::DoubleDummy;
    let mut levels: Option<Vec<usize>> = None;
    let mut ties = McTies::default();
    for (key, value) in pairs(options)? {
        match key {
            "ties" => ties = McTies::read(value)?,
            "infer" => {
                return Err(
                    "infer= reads the table for pimc and alphamu; recursive Monte Carlo does not"
                        .into(),
                )
            }
            "sim" => {
                simulator = match value {
                    "dd" | "d" | "D" => Simulator::DoubleDummy,
                    "random" | "r" | "R" => Simulator::Random,
                    other => {
                        return Err(format!(
                            "unknown simulator {} (dd or random)",
                            cards::quoted(other)
                        ))
                    }
                }
            }
            "ncd" | "w" | "worlds" => {
                levels = Some(
                    value
                        .split('+')
                        .map(|v| positive(v, "number of worlds"))
                        .collect::<Result<_, _>>()?,
                );
            }
            _ => return Err(unknown(key, "mc")),
        }
    }
    let levels = levels.ok_or("mc needs ncd=N[+N...]")?;
    RecursiveMonteCarlo::spec(simulator, levels, ties)
}

impl fmt::Display for RecursiveMonteCarlo {
    /// The papers' name: `MC2-D-20-10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("MC")?;
        if self.worlds.len() > 1 {
            write!(f, "{}", self.worlds.len())?;
        }
        write!(f, "-{}", self.simulator.letter())?;
        for w in &self.worlds {
            write!(f, "-{w}")?;
        }
        if self.ties == McTies::Random {
            f.write_str(",ties=random")?;
        }
        Ok(())
    }
}

impl BoardPlayer for RecursiveMonteCarlo {
    fn decide(
        &self,
        seen: &Seen<'_>,
        seed: u64,
        _depth_one: bool,
    ) -> Result<Decision, ChooseError> {
        let card = monte_carlo::choose(
            seen.board,
            seen.play,
            self.simulator,
            &self.worlds,
            self.ties,
            seed,
        )?;
        Ok(Decision {
            card,
            depth_one: None,
            searched: true,
        })
    }

    fn worlds(&self) -> Option<usize> {
        Some(self.worlds[0])
    }
}

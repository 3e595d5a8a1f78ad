//! What PIMC and alpha-mu share beyond their search: reading the table
//! (`infer=`, `particles=`) and the stream of random choices they draw
//! from (`salt=`), read and written the same way for both.

use std::fmt;

/// Reading the table (`infer=dd`): the worlds a search uses are drawn by
/// weight from a population of particles that follows the play, each
/// weighted by how likely the cards the other seats chose are in it under
/// the fitted model ([`inference::FITTED`]: a card keeping its side's
/// double-dummy value likely, equal touching cards one choice).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Infer {
    /// The particles (`particles=N`); `None`: twice the search's worlds.
    pub particles: Option<usize>,
    /// What is read: `infer=dd` both the opening lead and the cards
    /// played after it, `infer=lead` the lead alone, `infer=play` the
    /// cards alone (to measure what each part carries).
    pub reads: inference::Reads,
    /// Whether the cards are read under the single-dummy model
    /// (`infer=sd`, [`inference::FITTED_SINGLE_DUMMY`]: each seat plays
    /// well from what it sees) rather than the double-dummy one
    /// ([`inference::FITTED`]).
    pub single_dummy: bool,
}

impl Infer {
    /// The fitted model it reads with.
    #[must_use]
    pub fn model(&self) -> inference::Model {
        if self.single_dummy {
            inference::FITTED_SINGLE_DUMMY
        } else {
            inference::FITTED
        }
    }

    /// The particles followed for a search of `worlds` worlds.
    #[must_use]
    pub fn particles_for(&self, worlds: usize) -> usize {
        self.particles.unwrap_or(2 * worlds)
    }

    /// The value of `infer=` that means this reading (its particles
    /// apart).
    fn name(&self) -> &'static str {
        match self.reads {
            _ if self.single_dummy => "sd",
            inference::Reads::LEAD => "lead",
            inference::Reads::PLAY => "play",
            inference::Reads::NOTHING => "uniform",
            _ => "dd",
        }
    }
}

/// A searching player's reading of the table and its salt, as its options
/// say them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reading {
    /// Whether it reads the table: worlds weighted by the play.
    pub infer: Option<Infer>,
    /// Which stream of random choices it draws from (`salt=N`): 0, the
    /// default, is the deal's own; another number gives the same player
    /// other worlds, for a player measured against itself.
    pub salt: u64,
}

/// [`Reading`] while its options are read: `particles=` may come before
/// `infer=`.
#[derive(Default)]
pub(super) struct ReadingOptions {
    infer: Option<Infer>,
    particles: Option<usize>,
    salt: u64,
}

impl ReadingOptions {
    /// Takes `key=value` if it is one of the reading's options (`Ok(false)`
    /// when it is not).
    pub(super) fn take(&mut self, key: &str, value: &str) -> Result<bool, String> {
        let reading = |reads, single_dummy| {
            Some(Infer {
                particles: None,
                reads,
                single_dummy,
            })
        };
        match key {
            "infer" => {
                self.infer = match value {
                    "dd" => reading(inference::Reads::ALL, false),
                    "sd" => reading(inference::Reads::ALL, true),
                    "lead" => reading(inference::Reads::LEAD, false),
                    "play" => reading(inference::Reads::PLAY, false),
                    "uniform" => reading(inference::Reads::NOTHING, false),
                    "off" | "none" => None,
                    other => {
                        return Err(format!(
                            "unknown infer {} (dd, sd, lead, play, uniform, or off)",
                            cards::quoted(other)
                        ))
                    }
                }
            }
            "particles" => self.particles = Some(super::options::positive(value, "particles")?),
            "salt" => {
                self.salt = value.parse().map_err(|_| {
                    format!("salt {} is not a whole number from 0", cards::quoted(value))
                })?;
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The reading of a search of `worlds` worlds.
    pub(super) fn finish(self, worlds: usize) -> Result<Reading, String> {
        let mut infer = self.infer;
        if let Some(n) = self.particles {
            match &mut infer {
                Some(i) => i.particles = Some(n),
                None => return Err("particles= needs infer=dd".into()),
            }
        }
        if let Some(n) = infer
            .map(|i| i.particles_for(worlds))
            .filter(|&n| n > search::MAX_WORLDS)
        {
            return Err(format!(
                "{n} particles: at most {} (the worlds one search holds)",
                search::MAX_WORLDS
            ));
        }
        Ok(Reading {
            infer,
            salt: self.salt,
        })
    }
}

impl fmt::Display for Reading {
    /// `,infer=dd`, `,particles=N` and `,salt=N` when they are set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(i) = self.infer {
            write!(f, ",infer={}", i.name())?;
            if let Some(n) = i.particles {
                write!(f, ",particles={n}")?;
            }
        }
        if self.salt != 0 {
            write!(f, ",salt={}", self.salt)?;
        }
        Ok(())
    }
}

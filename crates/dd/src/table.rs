use cards::{Seat, Strain};
use std::fmt;

/// The double-dummy table of a deal: for each declarer and strain, the
/// tricks declarer's side takes when declarer's left-hand opponent leads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DdTable {
    /// `tricks[declarer][strain]`, seats clockwise from North, strains in
    /// [`Strain::ALL`] order (NT, S, H, D, C).
    pub tricks: [[u8; 5]; 4],
}

impl DdTable {
    /// Tricks for `declarer`'s side in `strain`.
    #[must_use]
    pub const fn tricks(&self, declarer: Seat, strain: Strain) -> u8 {
        self.tricks[declarer as usize][strain.index()]
    }
}

/// A readable table: one row per strain, one column per declarer.
impl fmt::Display for DdTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "        N   E   S   W")?;
        for strain in Strain::ALL {
            write!(f, "  {:<3}", strain.name())?;
            for seat in Seat::ALL {
                write!(f, "{:>4}", self.tricks(seat, strain))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

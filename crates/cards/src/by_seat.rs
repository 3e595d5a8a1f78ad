use crate::Seat;
use std::ops::{Index, IndexMut};

/// One value per seat, indexed by [`Seat`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct BySeat<T>(pub [T; 4]);

impl<T> BySeat<T> {
    /// A value per seat from a function of the seat.
    pub fn from_fn(mut f: impl FnMut(Seat) -> T) -> Self {
        BySeat([f(Seat::North), f(Seat::East), f(Seat::South), f(Seat::West)])
    }

    /// The seats with their values, clockwise from North.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        Seat::ALL.into_iter().zip(self.0.iter())
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    #[inline]
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    #[inline]
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

//! The auction as the seat to call sees it: who made each call (itself,
//! its partner, its left- or right-hand opponent), the bids, and the
//! cheapest level at which a strain can still be bid.

use cards::{Seat, Strain};
use records::Call;

/// Who made a call, from the seat to call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    /// The seat to call.
    Me,
    /// Its left-hand opponent.
    Lho,
    /// Its partner.
    Partner,
    /// Its right-hand opponent.
    Rho,
}

impl Who {
    /// Whether the caller is on the other side.
    #[must_use]
    pub const fn is_opponent(self) -> bool {
        matches!(self, Who::Lho | Who::Rho)
    }
}

/// A bid of the auction: where it is, who made it, its level and strain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bid {
    /// Its index in the auction (dealer's first call is 0).
    pub at: usize,
    /// Who made it.
    pub who: Who,
    /// Its level, 1 to 7.
    pub level: u8,
    /// Its strain.
    pub strain: Strain,
}

/// The calls so far, seen from the seat whose turn it is.
#[derive(Clone, Copy, Debug)]
pub struct Auction<'a> {
    /// The dealer.
    pub dealer: Seat,
    /// The calls, dealer's first.
    pub calls: &'a [Call],
}

impl<'a> Auction<'a> {
    /// The auction `calls` dealt by `dealer`.
    #[must_use]
    pub const fn new(dealer: Seat, calls: &'a [Call]) -> Auction<'a> {
        Auction { dealer, calls }
    }

    /// The seat whose turn it is.
    #[must_use]
    pub const fn to_call(&self) -> Seat {
        Seat::from_index(self.dealer.index() + self.calls.len())
    }

    /// Who made the call at `at`, from the seat to call.
    #[must_use]
    pub const fn who(&self, at: usize) -> Who {
        match (self.calls.len() - at) % 4 {
            0 => Who::Me,
            1 => Who::Rho,
            2 => Who::Partner,
            _ => Who::Lho,
        }
    }

    /// The seat that made the call at `at`.
    #[must_use]
    pub const fn seat_of(&self, at: usize) -> Seat {
        Seat::from_index(self.dealer.index() + at)
    }

    /// Every bid, in order.
    pub fn bids(&self) -> impl Iterator<Item = Bid> + '_ {
        self.calls
            .iter()
            .enumerate()
            .filter_map(|(at, c)| match *c {
                Call::Bid(level, strain) => Some(Bid {
                    at,
                    who: self.who(at),
                    level,
                    strain,
                }),
                _ => None,
            })
    }

    /// The first bid (the opening), if any.
    #[must_use]
    pub fn opening(&self) -> Option<Bid> {
        self.bids().next()
    }

    /// The last bid, if any.
    #[must_use]
    pub fn last_bid(&self) -> Option<Bid> {
        self.bids().last()
    }

    /// The bids of `who`, in order.
    #[must_use]
    pub fn bids_of(&self, who: Who) -> Vec<Bid> {
        self.bids().filter(|b| b.who == who).collect()
    }

    /// The calls of `who`, in order.
    #[must_use]
    pub fn calls_of(&self, who: Who) -> Vec<Call> {
        (0..self.calls.len())
            .filter(|&at| self.who(at) == who)
            .map(|at| self.calls[at])
            .collect()
    }

    /// The last call, if any.
    #[must_use]
    pub fn last_call(&self) -> Option<Call> {
        self.calls.last().copied()
    }

    /// The lowest level at which `strain` can be bid now (8 when it cannot).
    #[must_use]
    pub fn cheapest(&self, strain: Strain) -> u8 {
        match self.last_bid() {
            None => 1,
            Some(last) if rank(strain) > rank(last.strain) => last.level,
            Some(last) => last.level + 1,
        }
    }

    /// The cheapest bid of `strain`, if there is one (level 7 at most).
    #[must_use]
    pub fn cheapest_bid(&self, strain: Strain) -> Option<Call> {
        let level = self.cheapest(strain);
        (level <= 7).then_some(Call::Bid(level, strain))
    }

    /// Whether a bid of `strain` at `level` is higher than the last bid.
    #[must_use]
    pub fn allows(&self, level: u8, strain: Strain) -> bool {
        level <= 7 && level >= self.cheapest(strain)
    }

    /// The auction without its last `n` calls.
    #[must_use]
    pub fn before(&self, n: usize) -> Auction<'a> {
        Auction {
            dealer: self.dealer,
            calls: &self.calls[..self.calls.len() - n],
        }
    }
}

/// A strain's rank in the auction, clubs up ([`records::strain_rank`]).
pub use records::strain_rank as rank;

#[cfg(test)]
mod tests {
    use super::*;

    fn calls(text: &str) -> Vec<Call> {
        text.split_whitespace()
            .map(|c| c.parse().expect("a call"))
            .collect()
    }

    #[test]
    fn the_auction_is_seen_from_the_seat_to_call() {
        let c = calls("1H X 2H");
        let a = Auction::new(Seat::North, &c);
        assert_eq!(a.to_call(), Seat::West);
        assert_eq!(a.who(0), Who::Lho);
        assert_eq!(a.who(1), Who::Partner);
        assert_eq!(a.who(2), Who::Rho);
        assert_eq!(a.opening().map(|b| b.who), Some(Who::Lho));
        assert_eq!(a.cheapest(Strain::Spades), 2);
        assert_eq!(a.cheapest(Strain::Diamonds), 3);
        assert_eq!(a.cheapest(Strain::Hearts), 3);
        assert!(!a.allows(2, Strain::Clubs));
        assert_eq!(a.calls_of(Who::Partner), vec![Call::Double]);
    }
}

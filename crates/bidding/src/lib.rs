//! A natural bidding system for the robot seat and the world sampler:
//! Standard American basics, constructive and competitive, written as
//! rules. Each call comes with its meaning, constraints on the bidder's
//! hand ([`Meaning`]), that the same rules give for any seat's call: a
//! hand that makes a call meets what that call shows (tested over many
//! random auctions), so the sampler can read every call, ours and, under
//! the same system, the opponents'.
//!
//! Points are high-card points (A 4, K 3, Q 2, J 1); "balanced" is 4333,
//! 4432 or 5332; a good suit holds two of the top three honours or three
//! of the top five; a stopper is A, Kx, Qxx or Jxxx.
//!
//! **Openings.** 2C with 22 or more (strong, artificial, forcing); 2NT
//! with 20-21 balanced; 1NT with 15-17 balanced; with 12-21, one of a
//! five-card major (spades with five of each), else one of the longer
//! minor (diamonds with four of each, clubs with three of each); with
//! 5-11 and a good suit, 4H or 4S with eight cards, three of a suit with
//! seven, a weak two (2D, 2H, 2S) with six; otherwise pass.
//!
//! **Over 1NT** (2NT a level higher): Jacoby transfers with a five-card
//! major (2D to hearts, 2H to spades), answered by the suit (three of it
//! with four trumps and 17); Stayman 2C with a four-card major and 8 or
//! more, answered 2H, 2S (four spades, not four hearts) or 2D; 6NT with
//! 18 or more, 4NT quantitative with 16-17, 3NT with 10-15, 2NT with 8-9,
//! else pass. Over their interference: double with 8 or more, 3NT with
//! 10 or more and their suit stopped, a five-card suit at two to play or
//! at three forcing.
//!
//! **Over one of a major:** Jacoby 2NT (13 or more, four trumps: a
//! forcing raise), 4 of the major (0-9, five trumps), a limit raise to
//! three (10-12, three trumps), a single raise (6-9, three trumps), 1S
//! over 1H (6 or more, four spades), 3NT (15-17 balanced, at most two
//! trumps), a new suit at two (11 or more, forcing: four cards, five for
//! hearts), 1NT (6-12). **Over one of a minor:** 1H or 1S with four
//! (hearts with four of each), 1D over 1C with four and no major, 3NT
//! (13-15 balanced), 2NT (11-12 balanced), 2C over 1D (11 or more), the
//! limit and single raises with four (no major), 1NT (6-12). Over their
//! takeout double: redouble with 10 or more, else as without it.
//!
//! **When they overcall partner's opening:** the cue-bid raise (10 or
//! more, three trumps), a raise (6-9, three trumps in a major, five in a
//! minor, the minor's after the negative double), the negative double
//! through 2S (6 or more, 8 at the two level, four cards in an unbid
//! major), a penalty double (10 or more, four of their suit), a new suit
//! (6 and four cards at one, 10 and five at two), notrump with their suit
//! stopped (1NT 8-10, 2NT 11-12, 3NT 13 or more).
//!
//! **The opener's rebid:** after a single raise of a major, game with 19
//! or more, three with 16-18; after a limit raise, game with 14 or more;
//! after Jacoby 2NT, four (minimum) or three (16 or more); after a new
//! suit, raise it with four (by one level 12-15, a jump 16-18, game
//! 19-21), a new major at one, 1NT (12-14) or 2NT (18-19) balanced, rebid
//! a six-card suit (12-15; a jump 16-18), a lower second suit at two.
//!
//! **Over an opponent's opening:** 1NT with 15-18 balanced and their suit
//! stopped; double with 18 or more; a weak jump overcall (5-10, a good
//! six-card suit); an overcall with a good five-card suit (8-17 at one,
//! 10-17 at two, six cards and 12 at three); a takeout double (12 or more,
//! at most two in their suit, three or more in the others). In the
//! pass-out seat: double with 15 or more, 1NT with 11-14, an overcall with
//! 7-16, a takeout double with 8 or more.
//!
//! **Answering a takeout double:** the cue-bid (12 or more, game forcing),
//! pass for penalty with six of their suit, a jump in the best major (9-11,
//! four cards), notrump with their suit stopped (1NT 6-10, 2NT 11-12), the
//! cheapest bid in the best suit (majors first at equal length; 0-11, or
//! 6-11 after their bid). **Answering an overcall:** the cue-bid raise (10
//! or more, three trumps), a preemptive jump raise (0-8, four trumps), a
//! raise (6-9, three trumps), notrump with their suit stopped, a new
//! five-card suit (8-14).
//!
//! **Later:** the captain places the contract from what partner has shown
//! (the middle of partner's range): Blackwood 4NT (RKCB 1430) with a fit and
//! 33 combined, answered 5C (one or four keycards), 5D (none or three), 5H
//! (two without the trump queen), 5S (two with it), 5NT (five), then six
//! with at most one keycard missing or a sign-off at five; 6NT with 33
//! and no fit; game with 25 (four of a major fit, 3NT with their suits
//! stopped, five of a minor with 28); a six-card suit of one's own when
//! partner's suit does not fit. When they compete: a penalty double of a
//! high contract (four trumps, 8 or more, partner having shown 8), the law
//! of total tricks (bid our fit at the level our trumps allow, trumps
//! minus six), balancing in the pass-out seat; otherwise pass.
//!
//! **Close calls** ([`simulation`]): where a point more or less would
//! call otherwise, the robot seat draws the other hands to fit the
//! auction, bids each candidate out by the system, scores the contracts
//! double dummy and makes the call of the best mean IMPs.

pub mod advice;
mod auction;
mod meaning;
pub mod simulation;
mod system;

pub use auction::{Auction, Bid, Who};
pub use meaning::{combined, describe, Meaning};

use cards::{BySeat, Hand, Seat};
use records::Call;
use thiserror::Error;

/// Why no call can be given.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BiddingError {
    /// The calls so far are not a legal auction, or it is over.
    #[error("no call after {auction}: {why}")]
    Auction {
        /// The calls, as written.
        auction: String,
        /// What is wrong.
        why: String,
    },
}

fn check(auction: &[Call]) -> Result<(), BiddingError> {
    let written = || {
        auction
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let parsed =
        records::Auction::from_calls(auction).map_err(|(at, e)| BiddingError::Auction {
            auction: written(),
            why: format!("call {}: {e}", at + 1),
        })?;
    if parsed.is_complete() {
        return Err(BiddingError::Auction {
            auction: written(),
            why: "the auction is over".into(),
        });
    }
    Ok(())
}

/// A call of the system with what it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The call.
    pub call: Call,
    /// Its meaning.
    pub meaning: Meaning,
}

/// What each call of `auction` (dealt by `dealer`) shows under the system:
/// the hull of the meanings of the rules that make it there, or, for a
/// call the system never makes there, nothing ("outside the system").
///
/// # Errors
/// [`BiddingError::Auction`] when the calls are not a legal auction.
pub fn explain(dealer: Seat, auction: &[Call]) -> Result<Vec<Meaning>, BiddingError> {
    if let Err((at, e)) = records::Auction::from_calls(auction) {
        return Err(BiddingError::Auction {
            auction: auction
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" "),
            why: format!("call {}: {e}", at + 1),
        });
    }
    let mut meanings: Vec<Meaning> = Vec::with_capacity(auction.len());
    for (at, &call) in auction.iter().enumerate() {
        let ctx = system::Context {
            auction: Auction::new(dealer, &auction[..at]),
            meanings: &meanings,
        };
        let rules = system::candidates(&ctx);
        let meaning = rules
            .iter()
            .filter(|r| r.call == call)
            .map(|r| r.meaning)
            .reduce(|a, b| a.hull(&b))
            .unwrap_or_else(|| Meaning::new("outside the system"));
        meanings.push(meaning);
    }
    Ok(meanings)
}

/// The call of the seat to call (`dealer` plus the number of calls),
/// holding `hand`, after `auction`: the first rule of its situation that
/// the hand fits, always a legal call.
///
/// # Errors
/// [`BiddingError::Auction`] when the calls are not a legal auction or the
/// auction is over.
pub fn choose(hand: Hand, dealer: Seat, auction: &[Call]) -> Result<Choice, BiddingError> {
    check(auction)?;
    let meanings = explain(dealer, auction)?;
    let ctx = system::Context {
        auction: Auction::new(dealer, auction),
        meanings: &meanings,
    };
    let chosen = system::candidates(&ctx)
        .into_iter()
        .find(|r| r.fits(hand) && r.call.is_legal_after(auction))
        .map_or(
            Choice {
                call: Call::Pass,
                meaning: Meaning::new("pass"),
            },
            |r| Choice {
                call: r.call,
                // What the call shows is what any hand making it meets: the
                // hull of its rules there, as another seat reads it.
                meaning: explain_last(&ctx, r.call),
            },
        );
    Ok(chosen)
}

fn explain_last(ctx: &system::Context<'_>, call: Call) -> Meaning {
    system::candidates(ctx)
        .iter()
        .filter(|r| r.call == call)
        .map(|r| r.meaning)
        .reduce(|a, b| a.hull(&b))
        .unwrap_or_else(|| Meaning::new("pass"))
}

/// What each seat has shown over the whole auction, for the world
/// sampler: every call's constraints on its bidder combined.
///
/// # Errors
/// [`BiddingError::Auction`] when the calls are not a legal auction.
pub fn constraints(dealer: Seat, auction: &[Call]) -> Result<worlds::Constraints, BiddingError> {
    let meanings = explain(dealer, auction)?;
    let mut by_seat: BySeat<Vec<Meaning>> = BySeat::default();
    for (at, m) in meanings.into_iter().enumerate() {
        by_seat[Seat::from_index(dealer.index() + at)].push(m);
    }
    let mut out = worlds::Constraints::default();
    for seat in Seat::ALL {
        out.seats[seat] = combined(&by_seat[seat]);
    }
    Ok(out)
}

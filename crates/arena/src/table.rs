//! One table played out: the loop every match runs, whatever the game and
//! however the match is configured.
//!
//! A duplicate bridge match ([`crate::matches`]) and a points match of any
//! trick game ([`crate::points`]) differ in what they set up and what they
//! record, not in how a deal is played: seated players
//! ([`Player`]), each playing some seats, are asked in turn for a
//! card, every seated player is told every card, and the decisions of the
//! sides being measured are counted and timed. That loop is
//! [`play_out`]; a match says which seats count for which side, how time
//! is measured, and whether the other side's cards pass through a shared
//! memory (the duplicate match's defence).

use cards::{Card, Seat};
use games::TrickGame;
use players::board::ChooseError;
use players::seat::{Decision, Player};
use std::time::Instant;
use thiserror::Error;

/// Why a table cannot be played to its end.
#[derive(Debug, Error)]
pub enum TableError {
    /// A player cannot choose, or cannot follow a card.
    #[error(transparent)]
    Player(#[from] ChooseError),
    /// No place plays the seat to move (a match set up wrong).
    #[error("no player sits at {0}")]
    Empty(Seat),
    /// The rules refuse a card a player chose.
    #[error("{seat} played {card}: {why}")]
    Refused {
        /// The seat.
        seat: Seat,
        /// The card.
        card: Card,
        /// Why the rules refuse it.
        why: String,
    },
}

/// A deal in play as a match drives it.
pub trait Table {
    /// The seat to play.
    fn to_move(&self) -> Seat;
    /// Whether every card has been played.
    fn is_over(&self) -> bool;
    /// Plays `card` for the seat to move.
    ///
    /// # Errors
    /// Why the rules refuse the card.
    fn play_card(&mut self, card: Card) -> Result<(), String>;
}

impl Table for bridge::PlayState {
    fn to_move(&self) -> Seat {
        self.position().to_move()
    }
    fn is_over(&self) -> bool {
        bridge::PlayState::is_over(self)
    }
    fn play_card(&mut self, card: Card) -> Result<(), String> {
        self.play(card).map(|_| ()).map_err(|e| e.to_string())
    }
}

impl<G: TrickGame> Table for games::PlayState<G> {
    fn to_move(&self) -> Seat {
        games::PlayState::to_move(self)
    }
    fn is_over(&self) -> bool {
        games::PlayState::is_over(self)
    }
    fn play_card(&mut self, card: Card) -> Result<(), String> {
        self.play(card).map(|_| ()).map_err(|e| e.to_string())
    }
}

/// How a table measures its players' thinking time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// The wall clock: right for players that search on several threads
    /// (bridge's alpha-mu solves its leaves in parallel), but it counts a
    /// busy machine and a paused run.
    Wall,
    /// The CPU time of the playing thread: a paused run (SIGSTOP) or a
    /// busy machine does not count, for players that search on the thread
    /// that asks them.
    ThreadCpu,
}

/// A seated player at a table and the side its decisions count for.
pub struct Place<'p> {
    /// The player, seated: it keeps what its seats know, is told every
    /// card and says which seats it plays ([`Player::plays_for`]).
    pub player: Box<dyn Player + 'p>,
    /// The side (0 or 1) whose decisions it counts for, or `None` for a
    /// side not measured, whose cards go through the table's shared
    /// choice ([`play_out`]'s `shared`).
    pub counts_for: Option<usize>,
}

/// What a table's play came to, by measured side.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Played {
    /// The cards played from the table's start on.
    pub play: Vec<Card>,
    /// Cards searched for (not the only legal card, not a random one).
    pub decisions: [usize; 2],
    /// Seconds spent on them and on following the cards played, by the
    /// table's [`Clock`].
    pub seconds: [f64; 2],
    /// Decisions where alpha-mu's card differs from the card M = 1 would
    /// have played (players asked to say so).
    pub discrepancies: [usize; 2],
}

/// A choice routed around the player: the seat to move, the cards played
/// so far at the table (the start's included) and the player's own
/// choice, to call when the card is not known otherwise.
pub type SharedChoice<'a> = dyn FnMut(Seat, &[Card], &mut dyn FnMut() -> Result<Card, ChooseError>) -> Result<Card, ChooseError>
    + 'a;

/// Plays `table` to its end from the position after `start`: the place
/// whose player plays for the seat to move chooses (a measured side's
/// decisions counted and timed by `clock`; an unmeasured side's card asked
/// of `shared`, which may know it already), then every place is told the
/// card.
///
/// # Errors
/// [`TableError`] when a player cannot choose, no place plays the seat to
/// move, a place refuses a card, or the rules refuse a card chosen.
pub fn play_out(
    table: &mut dyn Table,
    start: &[Card],
    places: &mut [Place<'_>],
    clock: Clock,
    shared: &mut SharedChoice<'_>,
) -> Result<Played, TableError> {
    let mut all: Vec<Card> = start.to_vec();
    let mut out = Played::default();
    while !table.is_over() {
        let mover = table.to_move();
        let at = places
            .iter()
            .position(|p| p.player.plays_for(mover))
            .ok_or(TableError::Empty(mover))?;
        let card = match places[at].counts_for {
            Some(side) => {
                let wall = Instant::now();
                let cpu = (clock == Clock::ThreadCpu).then(cpu_time::ThreadTime::now);
                let Decision {
                    card,
                    depth_one,
                    searched,
                } = places[at].player.choose()?;
                if searched {
                    out.decisions[side] += 1;
                    out.seconds[side] += match cpu {
                        Some(cpu) => cpu.elapsed().as_secs_f64(),
                        None => wall.elapsed().as_secs_f64(),
                    };
                    out.discrepancies[side] += usize::from(depth_one.is_some_and(|c| c != card));
                }
                card
            }
            None => {
                let player = &mut places[at].player;
                shared(mover, &all, &mut || Ok(player.choose()?.card))?
            }
        };
        table.play_card(card).map_err(|why| TableError::Refused {
            seat: mover,
            card,
            why,
        })?;
        all.push(card);
        out.play.push(card);
        // Following the card is part of a measured side's thinking (a
        // player that reads the table weighs its worlds then).
        for place in places.iter_mut() {
            let wall = Instant::now();
            let cpu = (clock == Clock::ThreadCpu && place.counts_for.is_some())
                .then(cpu_time::ThreadTime::now);
            place.player.observe(card)?;
            if let Some(side) = place.counts_for {
                out.seconds[side] += match cpu {
                    Some(cpu) => cpu.elapsed().as_secs_f64(),
                    None => wall.elapsed().as_secs_f64(),
                };
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use bridge::Bridge;
    use cards::Deal;
    use players::generic::{GenericSeat, PlayerKind};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use worlds::SeatView;

    /// A three-card notrump ending, every seat its own hand, West to lead.
    fn start() -> games::PlayState<Bridge> {
        let deal: Deal = "N:AK2... QJ3... T98... 765...".parse().unwrap();
        games::PlayState::new(Bridge::new(None), deal, Seat::West)
    }

    /// North-South searching (side 0), East-West at random, unmeasured
    /// when `unmeasured`.
    fn places(state: &games::PlayState<Bridge>, unmeasured: bool) -> Vec<Place<'static>> {
        Seat::ALL
            .into_iter()
            .map(|s| {
                let ns = s.side() == Seat::North.side();
                let kind: PlayerKind = if ns {
                    "tc-pimc:worlds=4:rd=none"
                } else {
                    "random"
                }
                .parse()
                .unwrap();
                Place {
                    player: Box::new(GenericSeat::new(
                        kind,
                        SeatView::new(state, s, &[]),
                        ChaCha8Rng::seed_from_u64(s.index() as u64),
                    )),
                    counts_for: match (ns, unmeasured) {
                        (true, _) => Some(0),
                        (false, true) => None,
                        (false, false) => Some(1),
                    },
                }
            })
            .collect()
    }

    #[test]
    fn the_measured_sides_are_counted_and_the_others_asked_of_the_shared_choice() {
        let mut state = start();
        let mut asked = Vec::new();
        let played = play_out(
            &mut state,
            &[],
            &mut places(&start(), true),
            Clock::ThreadCpu,
            &mut |seat, play, choose| {
                asked.push((seat, play.len()));
                choose()
            },
        )
        .unwrap();
        assert!(state.is_over());
        assert_eq!(played.play.len(), 12);
        // East and West's six cards, each asked once with the cards before.
        assert_eq!(asked.len(), 6);
        assert!(asked.iter().all(|(s, _)| s.side() == Seat::East.side()));
        let mut west_east: Vec<usize> = asked.iter().map(|(_, before)| *before).collect();
        west_east.dedup();
        assert_eq!(west_east.len(), 6, "each card asked once: {asked:?}");
        // Searched decisions count for North-South only; a seat with one
        // legal card left does not search.
        assert!((1..=6).contains(&played.decisions[0]), "{played:?}");
        assert_eq!(played.decisions[1], 0);
        // Measured, the random side is counted as making no search.
        let mut state = start();
        let again = play_out(
            &mut state,
            &[],
            &mut places(&start(), false),
            Clock::Wall,
            &mut |_, _, _| panic!("no side is unmeasured"),
        )
        .unwrap();
        assert_eq!(again.decisions[1], 0);
        assert_eq!(again.decisions[0], played.decisions[0]);
        // The same seeds play the same cards.
        assert_eq!(again.play, played.play);
    }

    #[test]
    fn a_card_from_the_shared_choice_is_played_and_told_to_everyone() {
        // West's lead is given by the shared choice (the seven of spades),
        // whatever West's random player would have chosen.
        let mut state = start();
        let lead: Card = "S7".parse().unwrap();
        let played = play_out(
            &mut state,
            &[],
            &mut places(&start(), true),
            Clock::Wall,
            &mut |seat, play, choose| {
                if play.is_empty() {
                    assert_eq!(seat, Seat::West);
                    Ok(lead)
                } else {
                    choose()
                }
            },
        )
        .unwrap();
        assert_eq!(played.play[0], lead);
        // A card the rules refuse is named with its seat.
        let mut state = start();
        let e = play_out(
            &mut state,
            &[],
            &mut places(&start(), true),
            Clock::Wall,
            &mut |_, _, _| Ok("SA".parse().unwrap()),
        )
        .unwrap_err();
        assert!(
            matches!(
                e,
                TableError::Refused {
                    seat: Seat::West,
                    ..
                }
            ),
            "{e}"
        );
    }

    #[test]
    fn a_seat_nobody_plays_is_an_error() {
        let mut all = places(&start(), false);
        all.retain(|p| !p.player.plays_for(Seat::West));
        let e = play_out(&mut start(), &[], &mut all, Clock::Wall, &mut |_, _, c| c()).unwrap_err();
        assert!(matches!(e, TableError::Empty(Seat::West)), "{e}");
    }
}

//! Recursive Monte Carlo (Bouzy, Rimbaud and Ventos, "Recursive Monte
//! Carlo Search for Bridge Card Play"): for each legal card, the mean
//! outcome over worlds drawn from the player's view, each world played out
//! to the end by a simulator. A level N+1 player uses the level N player as
//! its simulator; at the lowest level the simulator is the double-dummy
//! solver (the world's value with every card seen) or random play.
//!
//! The outcome of a playout is declarer's number of tricks; a card is
//! valued, as PIMC values it, by the fraction of worlds where declarer
//! makes the contract and then by the mean tricks (with no contract,
//! `need = 0`, only the tricks count). Inside a playout every seat is the
//! lower-level player, drawing its own worlds from its own view of the
//! world being played; each place's view is told every card as it is
//! played, as a match tells its seats, not rebuilt from the play.

use crate::board::{Board, ChooseError};
use crate::seed::derive;
use bridge::PlayState;
use cards::{Card, Seat, Side};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use search::{Bound, CardChance};

/// How a Monte Carlo player (PIMC, recursive Monte Carlo) chooses among
/// the cards of its best value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum McTies {
    /// The first in card order (suits from spades, each from its top
    /// card): the default.
    #[default]
    CardOrder,
    /// Uniformly at random among them, drawn from the decision's seed
    /// (`ties=random`): the neutral reading of the papers' argmax, whose
    /// tie-break they do not give.
    Random,
}

impl McTies {
    /// Reads `ties=order|random`.
    pub(crate) fn read(value: &str) -> Result<McTies, String> {
        match value {
            "order" => Ok(McTies::CardOrder),
            "random" => Ok(McTies::Random),
            other => Err(format!(
                "unknown ties {} (order or random)",
                cards::quoted(other)
            )),
        }
    }
}

/// What plays out a world at the lowest level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Simulator {
    /// The double-dummy value of the world (every card seen, best play).
    DoubleDummy,
    /// Every seat plays a random legal card to the end.
    Random,
}

impl Simulator {
    /// The papers' letter: D or R.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Simulator::DoubleDummy => 'D',
            Simulator::Random => 'R',
        }
    }
}

/// Declarer's side tricks at the end of `state`'s deal when every seat
/// plays a random legal card from here on.
fn random_playout(state: &mut PlayState, side: Side, seed: u64) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while !state.is_over() {
        let legal = state.position().legal_cards();
        let card = legal
            .iter()
            .nth(rng.gen_range(0..legal.len()))
            .expect("a legal card");
        state.play(card).expect("legal");
    }
    state.tricks(side)
}

/// Declarer's side tricks at the end when `world` is played out after
/// `play` by the simulator below `levels` (the worlds of each remaining
/// level, top first; empty for the bare simulator). With levels, `play`
/// is left holding the whole line played.
fn playout(
    board: &Board,
    play: &mut Vec<Card>,
    simulator: Simulator,
    levels: &[usize],
    ties: McTies,
    seed: u64,
) -> Result<usize, ChooseError> {
    let side = board.declarer.side();
    let mut state = board.replay(play);
    if levels.is_empty() {
        return Ok(match simulator {
            Simulator::Random => random_playout(&mut state, side, seed),
            Simulator::DoubleDummy => {
                let position = state.position();
                if state.is_over() {
                    state.tricks(side)
                } else {
                    let mover_tricks =
                        usize::from(dd::batch::with_thread_solver(|s| s.tricks(position)));
                    let side_tricks = if position.to_move().side() == side {
                        mover_tricks
                    } else {
                        position.tricks_left() - mover_tricks
                    };
                    state.tricks(side) + side_tricks
                }
            }
        });
    }
    let mut views = Views::after(board, play)?;
    while !state.is_over() {
        let at = At {
            state: &state,
            view: views.of(state.position().to_move()),
            play,
        };
        let card = choose_seen(
            board,
            at,
            simulator,
            levels,
            ties,
            derive(seed, &[play.len() as u64]),
        )?;
        state.play(card).expect("the player plays a legal card");
        play.push(card);
        views.observe(board, card, play.len())?;
    }
    Ok(state.tricks(side))
}

/// What each place of a deal being played out knows, told every card as
/// it is played (as a match tells its seats), instead of a view rebuilt
/// from the whole play at every card: declarer's side (declarer's and
/// dummy's hands) and each defender.
struct Views {
    declarer: Seat,
    /// Declarer's side, the defender after declarer, the one before.
    places: [worlds::Knowledge; 3],
}

impl Views {
    /// The views after `play` on `board`.
    fn after(board: &Board, play: &[Card]) -> Result<Views, ChooseError> {
        let declarer = board.declarer;
        Ok(Views {
            declarer,
            places: [
                board.view_of(declarer, play)?,
                board.view_of(declarer.lho(), play)?,
                board.view_of(declarer.rho(), play)?,
            ],
        })
    }

    /// The place of `seat`.
    fn place(&self, seat: Seat) -> usize {
        if seat.side() == self.declarer.side() {
            0
        } else if seat == self.declarer.lho() {
            1
        } else {
            2
        }
    }

    /// What `seat`'s place knows.
    fn of(&self, seat: Seat) -> &worlds::Knowledge {
        &self.places[self.place(seat)]
    }

    /// Tells every place `card`, the `played`-th card of the deal; dummy
    /// goes down after the opening lead.
    fn observe(&mut self, board: &Board, card: Card, played: usize) -> Result<(), ChooseError> {
        let dummy = board.declarer.partner();
        for view in &mut self.places {
            view.observe(card).map_err(worlds::GivenDealError::from)?;
            if played == 1 {
                view.show(dummy, board.deal[dummy])
                    .map_err(worlds::GivenDealError::from)?;
            }
        }
        Ok(())
    }
}

/// The value of every legal card of the player to move after `play` on
/// `board`, from `levels[0]` worlds drawn from its view, each played out by
/// the player of the levels below (or by the simulator): the fraction of
/// worlds where declarer makes the contract and declarer's mean tricks.
///
/// # Errors
/// [`ChooseError`] when the play does not fit or no world can be drawn.
pub fn values(
    board: &Board,
    play: &[Card],
    simulator: Simulator,
    levels: &[usize],
    ties: McTies,
    seed: u64,
) -> Result<Vec<CardChance>, ChooseError> {
    let state = board.position_after(play)?;
    let view = board.view_of(state.position().to_move(), play)?;
    let at = At {
        state: &state,
        view: &view,
        play,
    };
    values_seen(board, at, simulator, levels, ties, seed)
}

/// A decision of a playout or of a player: the play so far, its state,
/// and what the side to move knows.
#[derive(Clone, Copy)]
struct At<'a> {
    state: &'a PlayState,
    view: &'a worlds::Knowledge,
    play: &'a [Card],
}

/// [`values`] at a decision whose play is known to be legal.
fn values_seen(
    board: &Board,
    at: At<'_>,
    simulator: Simulator,
    levels: &[usize],
    ties: McTies,
    seed: u64,
) -> Result<Vec<CardChance>, ChooseError> {
    let worlds = board.draw(at.view, levels[0], derive(seed, &[0]))?;
    let legal: Vec<Card> = at.state.position().legal_cards().iter().collect();
    let tasks: Vec<(usize, usize)> = (0..legal.len())
        .flat_map(|c| (0..worlds.len()).map(move |w| (c, w)))
        .collect();
    let outcomes = tasks
        .par_iter()
        .with_max_len(1)
        .map(|&(c, w)| {
            let world = Board {
                deal: worlds[w],
                ..*board
            };
            let mut line = at.play.to_vec();
            line.push(legal[c]);
            playout(
                &world,
                &mut line,
                simulator,
                &levels[1..],
                ties,
                derive(seed, &[1, w as u64, c as u64]),
            )
        })
        .collect::<Result<Vec<usize>, ChooseError>>()?;
    let n = worlds.len() as f64;
    let mut values: Vec<CardChance> = legal
        .iter()
        .enumerate()
        .map(|(c, &card)| {
            let mine = &outcomes[c * worlds.len()..(c + 1) * worlds.len()];
            CardChance {
                card,
                make: mine.iter().filter(|&&t| t >= board.need).count() as f64 / n,
                tricks: Some(mine.iter().sum::<usize>() as f64 / n),
                depth: levels.len(),
                bound: Bound::Exact,
            }
        })
        .collect();
    values.sort_by_key(|v| v.card);
    Ok(values)
}

/// The card the Monte Carlo player of `levels` (worlds per level, top
/// first) over `simulator` plays after `play`: declarer's side maximizes
/// the chance to make and then the mean tricks, defenders minimize them.
///
/// # Errors
/// As [`values`].
pub fn choose(
    board: &Board,
    play: &[Card],
    simulator: Simulator,
    levels: &[usize],
    ties: McTies,
    seed: u64,
) -> Result<Card, ChooseError> {
    let state = board.position_after(play)?;
    let view = board.view_of(state.position().to_move(), play)?;
    let at = At {
        state: &state,
        view: &view,
        play,
    };
    choose_seen(board, at, simulator, levels, ties, seed)
}

/// The card of best value for the side to move (declaring: the highest
/// chance to make, then the most tricks; a defender the lowest), ties
/// broken by `ties`: the first in card order, or one drawn from `seed`.
///
/// # Panics
/// With no value.
#[must_use]
pub fn pick(values: &[CardChance], declaring: bool, ties: McTies, seed: u64) -> Card {
    let first = search::choose(values, declaring).expect("a legal card");
    if ties == McTies::CardOrder {
        return first;
    }
    let key = |v: &CardChance| (v.make, v.tricks.unwrap_or(0.0));
    let best = key(values.iter().find(|v| v.card == first).expect("the best"));
    let tied: Vec<Card> = values
        .iter()
        .filter(|v| key(v) == best)
        .map(|v| v.card)
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(derive(seed, &[0x7165]));
    tied[rng.gen_range(0..tied.len())]
}

/// [`choose`] at a decision whose play is known to be legal.
fn choose_seen(
    board: &Board,
    at: At<'_>,
    simulator: Simulator,
    levels: &[usize],
    ties: McTies,
    seed: u64,
) -> Result<Card, ChooseError> {
    let legal = at.state.position().legal_cards();
    if legal.len() == 1 {
        return Ok(legal.iter().next().expect("one card"));
    }
    let declaring = at.state.position().to_move().side() == board.declarer.side();
    let values = values_seen(board, at, simulator, levels, ties, seed)?;
    Ok(pick(&values, declaring, ties, seed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::PlayerSpec;
    use cards::{Deal, Seat, Strain};
    use worlds::Constraints;

    /// `ties=random` draws among the cards of the best value only, the same
    /// card for the same seed, and not always the card-order one.
    #[test]
    fn random_ties_draw_among_the_best_cards_alone() {
        let value = |card: &str, make: f64, tricks: f64| CardChance {
            card: card.parse().unwrap(),
            make,
            tricks: Some(tricks),
            depth: 1,
            bound: Bound::Exact,
        };
        let values = [
            value("SA", 1.0, 3.0),
            value("SK", 1.0, 4.0),
            value("H2", 1.0, 4.0),
            value("D3", 1.0, 4.0),
            value("C4", 0.5, 5.0),
        ];
        let tied: Vec<Card> = ["SK", "H2", "D3"]
            .iter()
            .map(|c| c.parse().unwrap())
            .collect();
        assert_eq!(pick(&values, true, McTies::CardOrder, 1), tied[0]);
        let drawn: std::collections::HashSet<Card> = (0..60)
            .map(|seed| {
                let card = pick(&values, true, McTies::Random, seed);
                assert_eq!(card, pick(&values, true, McTies::Random, seed));
                assert!(tied.contains(&card), "{card}");
                card
            })
            .collect();
        assert_eq!(drawn.len(), 3);
        // A defender's best is the lowest chance, then the fewest tricks.
        assert_eq!(
            pick(&values, false, McTies::Random, 5),
            "C4".parse().unwrap()
        );
    }

    fn board(deal: &str, need: usize) -> Board {
        Board {
            deal: deal.parse::<Deal>().unwrap(),
            strain: Strain::Notrump,
            declarer: Seat::South,
            need,
            constraints: Constraints::default(),
            scoring: None,
        }
    }

    #[test]
    fn one_level_over_double_dummy_is_pimc() {
        // 4 cards each; West has led; dummy (North) to play.
        for need in [2, 3, 4] {
            let b = board("N:A32.K.. QJ9.2.. KT8.3.. 765.4..", need);
            let play = ["S5".parse().unwrap()];
            let mc = values(
                &b,
                &play,
                Simulator::DoubleDummy,
                &[6],
                McTies::CardOrder,
                7,
            )
            .unwrap();
            // PIMC over the same worlds (drawn from the same seed).
            let (view, deals) = b.worlds(Seat::North, &play, 6, derive(7, &[0])).unwrap();
            let problem =
                search::Problem::from_knowledge(&view, &deals, Seat::South, need).unwrap();
            let pimc = search::pimc_values(&problem, &crate::leaf::DdLeaf);
            assert_eq!(format!("{mc:?}"), format!("{pimc:?}"), "need {need}");
        }
        let spec: PlayerSpec = "MC-D-6".parse().unwrap();
        let b = board("N:A32.K.. QJ9.2.. KT8.3.. 765.4..", 3);
        let play = ["S5".parse().unwrap()];
        let mc = values(
            &b,
            &play,
            Simulator::DoubleDummy,
            &[6],
            McTies::CardOrder,
            7,
        )
        .unwrap();
        assert_eq!(
            spec.choose(&b, &play, derive(7, &[0])).unwrap(),
            search::choose(&mc, true).unwrap()
        );
    }

    #[test]
    fn random_playouts_count_tricks_and_are_seeded() {
        let b = board("N:A32.K.. QJ9.2.. KT8.3.. 765.4..", 2);
        let play: Vec<Card> = vec!["S5".parse().unwrap()];
        let a = values(&b, &play, Simulator::Random, &[10], McTies::CardOrder, 3).unwrap();
        let again = values(&b, &play, Simulator::Random, &[10], McTies::CardOrder, 3).unwrap();
        assert_eq!(format!("{a:?}"), format!("{again:?}"));
        for v in &a {
            let t = v.tricks.unwrap();
            assert!((0.0..=4.0).contains(&t), "{v:?}");
            assert!((0.0..=1.0).contains(&v.make));
        }
    }

    /// [`playout`] as it was before the places were told each card: the
    /// mover's view rebuilt from the whole play at every decision.
    fn playout_replaying(
        board: &Board,
        play: &mut Vec<Card>,
        simulator: Simulator,
        levels: &[usize],
        ties: McTies,
        seed: u64,
    ) -> usize {
        let side = board.declarer.side();
        let mut state = board.replay(play);
        while !state.is_over() {
            let view = board
                .view_of(state.position().to_move(), play)
                .expect("a view");
            let at = At {
                state: &state,
                view: &view,
                play,
            };
            let card = choose_seen(
                board,
                at,
                simulator,
                levels,
                ties,
                derive(seed, &[play.len() as u64]),
            )
            .expect("a card");
            state.play(card).expect("a legal card");
            play.push(card);
        }
        state.tricks(side)
    }

    /// The places told each card play out every world as the views
    /// rebuilt at every card did: from the opening lead (dummy going down
    /// inside the playout) and from later points, both simulators, on a
    /// small ending and a whole deal.
    #[test]
    fn told_places_play_out_as_rebuilt_views() {
        let small = board("N:A32.K.. QJ9.2.. KT8.3.. 765.4..", 2);
        let whole = board(
            "N:4.AKJT2.965.AQ75 875.Q8654.AJ4.T8 AQJ9.73.QT872.94 KT632.9.K3.KJ632",
            9,
        );
        let mut compared = 0;
        for (b, starts, levels) in [
            (&small, vec![0, 1, 3, 6], &[3][..]),
            (&whole, vec![0, 1, 5, 30], &[2][..]),
        ] {
            for simulator in [Simulator::Random, Simulator::DoubleDummy] {
                if simulator == Simulator::DoubleDummy && b.deal.hands()[Seat::North].len() > 4 {
                    continue;
                }
                for &start in &starts {
                    let mut play = Vec::new();
                    while play.len() < start {
                        let card = PlayerSpec::dd().choose(b, &play, 0).unwrap();
                        play.push(card);
                    }
                    for seed in 0..3 {
                        let (mut told, mut rebuilt) = (play.clone(), play.clone());
                        let told_tricks =
                            playout(b, &mut told, simulator, levels, McTies::Random, seed).unwrap();
                        let rebuilt_tricks = playout_replaying(
                            b,
                            &mut rebuilt,
                            simulator,
                            levels,
                            McTies::Random,
                            seed,
                        );
                        assert_eq!(told.len(), 4 * b.deal.hands()[Seat::North].len());
                        assert_eq!(
                            (told, told_tricks),
                            (rebuilt, rebuilt_tricks),
                            "{simulator:?} from {start}, seed {seed}"
                        );
                        compared += 1;
                    }
                }
            }
        }
        assert_eq!(compared, 36);
    }

    #[test]
    fn two_levels_play_whole_worlds_out() {
        let b = board("N:A32.K.. QJ9.2.. KT8.3.. 765.4..", 2);
        let play: Vec<Card> = vec!["S5".parse().unwrap()];
        let card = choose(
            &b,
            &play,
            Simulator::DoubleDummy,
            &[3, 3],
            McTies::CardOrder,
            11,
        )
        .unwrap();
        assert!(b
            .position_after(&play)
            .unwrap()
            .position()
            .legal_cards()
            .contains(card));
    }
}

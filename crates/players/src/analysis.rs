//! Every legal card of a position rated from the seat to move's view: its
//! chance of making the contract and declarer's mean double-dummy tricks,
//! by PIMC or by alpha-mu over worlds drawn from what that seat knows. The
//! one place the analysers (command line, Python, web) set this up.

use crate::leaf::DdLeaf;
use crate::player::{Board, PlayError};
use cards::{Card, Seat};
use search::{alphamu, choose, pimc_values_reporting, AlphaMuConfig, CardValue, Problem, Switches};

/// How the cards are rated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Each card's chance over the worlds, every world solved double dummy.
    Pimc,
    /// alpha-mu searching `max_moves` moves of declarer's side ahead; the
    /// mean tricks shown are PIMC's.
    AlphaMu {
        /// Declarer's moves searched ahead (M).
        max_moves: usize,
    },
}

/// Where an analysis is, for a progress display.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// `worlds` worlds drawn from the mover's view.
    WorldsDrawn {
        /// How many.
        worlds: usize,
    },
    /// Worlds solved double dummy so far.
    WorldsSolved {
        /// Solved.
        done: usize,
        /// All.
        total: usize,
    },
    /// alpha-mu's search has started (it reports nothing until it ends).
    Searching,
}

/// The rating of every legal card.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The seat to move.
    pub to_move: Seat,
    /// The card the method plays.
    pub best: Card,
    /// Every legal card, in card order; an alpha-mu card whose value a cut
    /// left as a bound says so in its `bound`.
    pub cards: Vec<CardValue>,
    /// Worlds drawn.
    pub worlds: usize,
}

/// alpha-mu's values of `cards` with PIMC's double-dummy mean tricks
/// (alpha-mu rates chances of making only).
#[must_use]
pub fn with_pimc_tricks(cards: Vec<CardValue>, pimc: &[CardValue]) -> Vec<CardValue> {
    cards
        .into_iter()
        .map(|v| CardValue {
            tricks: pimc
                .iter()
                .find(|p| p.card == v.card)
                .and_then(|p| p.tricks),
            ..v
        })
        .collect()
}

/// Rates every legal card of the seat to move after `play` on `board`,
/// over `worlds` worlds drawn from `seed` as a player of `play` or `match`
/// with that seed draws them at this card ([`crate::seed::card_seed`]),
/// telling `progress` where it is. The card marked `best` is the one that
/// player plays: PIMC's, or alpha-mu's with its default tie-break
/// (`alphamu:m=M,w=W`). Searches run on the current rayon pool.
///
/// # Errors
/// [`PlayError`] when the play is not legal, every card has been played,
/// no world can be drawn, or alpha-mu cannot search.
pub fn analyze(
    board: &Board,
    play: &[Card],
    method: Method,
    worlds: usize,
    seed: u64,
    progress: &(dyn Fn(Stage) + Sync),
) -> Result<Analysis, PlayError> {
    let state = board.position_after(play)?;
    let mover = state.position().to_move();
    let seed = crate::seed::card_seed(seed, play.len());
    let (view, deals) = board.worlds(mover, play, worlds.max(1), seed)?;
    let total = deals.len();
    progress(Stage::WorldsDrawn { worlds: total });
    let problem = Problem::from_knowledge(&view, &deals, board.declarer, board.need)?;
    let solved = std::sync::atomic::AtomicUsize::new(0);
    let pimc = pimc_values_reporting(&problem, &DdLeaf, &|| {
        let done = solved.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        progress(Stage::WorldsSolved { done, total });
    });
    let declaring = mover.side() == board.declarer.side();
    let (best, cards) = match method {
        Method::Pimc => (choose(&pimc, declaring), pimc),
        Method::AlphaMu { max_moves } => {
            progress(Stage::Searching);
            let config = AlphaMuConfig {
                max_moves: max_moves.max(1),
                switches: Switches::default(),
                parallel_leaves: true,
                front_limit: search::FRONT_LIMIT,
                value_every_card: true,
                work_limit: search::WORK_LIMIT,
            };
            let r = alphamu(&problem, &DdLeaf, config)?;
            let best =
                crate::player::alphamu_card(&problem, &r, config, crate::player::Ties::default())?;
            (Some(best), with_pimc_tricks(r.cards, &pimc))
        }
    };
    Ok(Analysis {
        to_move: mover,
        // A position with a card to play has a legal card.
        best: best.expect("a legal card"),
        cards,
        worlds: total,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    fn board() -> Board {
        Board {
            deal: "N:AKQ.AKQ.AKQ.AKQJ 5432.5432.5432.2 JT9.JT9.JT9.T987 876.876.876.6543"
                .parse()
                .unwrap(),
            strain: cards::Strain::Notrump,
            declarer: Seat::South,
            need: 9,
            constraints: worlds::Constraints::default(),
            scoring: None,
        }
    }

    #[test]
    fn pimc_reports_every_world_and_rates_every_legal_card() {
        let stages = Mutex::new(Vec::new());
        let a = analyze(&board(), &[], Method::Pimc, 6, 1, &|s| {
            stages.lock().unwrap().push(s);
        })
        .unwrap();
        assert_eq!(a.to_move, Seat::West);
        assert_eq!(a.cards.len(), 13);
        let stages = stages.into_inner().unwrap();
        assert_eq!(stages[0], Stage::WorldsDrawn { worlds: 6 });
        assert_eq!(
            stages.last(),
            Some(&Stage::WorldsSolved { done: 6, total: 6 })
        );
        assert_eq!(stages.len(), 7);
    }

    #[test]
    fn alphamu_rates_the_same_cards_and_searches_after_pimc() {
        let stages = Mutex::new(Vec::new());
        let a = analyze(
            &board(),
            &["S8".parse().unwrap()],
            Method::AlphaMu { max_moves: 2 },
            6,
            1,
            &|s| stages.lock().unwrap().push(s),
        )
        .unwrap();
        assert_eq!(a.to_move, Seat::North);
        assert!(a.cards.iter().any(|v| v.card == a.best));
        assert_eq!(stages.into_inner().unwrap().last(), Some(&Stage::Searching));
    }

    /// The card an analysis marks is the card the player of the same
    /// method plays from that position with the same seed, ties included:
    /// alpha-mu's search finds several cards of the best value on these
    /// boards, and the player breaks the tie by mean tricks.
    #[test]
    fn the_card_marked_is_the_card_the_player_plays() {
        use crate::player::PlayerSpec;
        use rand::SeedableRng;
        let mut tie_broken = 0;
        for deal_seed in 0..6u64 {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(deal_seed);
            let deal = cards::Deal::random(&mut rng, 13);
            let board = Board {
                deal,
                strain: cards::Strain::Notrump,
                declarer: Seat::South,
                need: 9,
                constraints: worlds::Constraints::default(),
                scoring: None,
            };
            // After the opening lead (PIMC's), dummy plays.
            let pimc: PlayerSpec = "pimc:w=6".parse().unwrap();
            let a = analyze(&board, &[], Method::Pimc, 6, deal_seed, &|_| {}).unwrap();
            let lead = pimc
                .choose(&board, &[], crate::seed::card_seed(deal_seed, 0))
                .unwrap();
            assert_eq!(a.best, lead, "deal {deal_seed}: PIMC's lead");
            let play = [lead];
            let alphamu: PlayerSpec = "alphamu:m=2,w=6".parse().unwrap();
            let a = analyze(
                &board,
                &play,
                Method::AlphaMu { max_moves: 2 },
                6,
                deal_seed,
                &|_| {},
            )
            .unwrap();
            let played = alphamu
                .choose(&board, &play, crate::seed::card_seed(deal_seed, 1))
                .unwrap();
            assert_eq!(a.best, played, "deal {deal_seed}: alpha-mu's card");
            // How often the search's own pick differs: the tie-break is
            // what this test checks.
            let first: PlayerSpec = "alphamu:m=2,w=6,ties=first".parse().unwrap();
            let searched = first
                .choose(&board, &play, crate::seed::card_seed(deal_seed, 1))
                .unwrap();
            tie_broken += usize::from(searched != played);
        }
        assert!(tie_broken > 0, "no position where the tie-break mattered");
    }

    #[test]
    fn an_illegal_card_is_an_error() {
        let r = analyze(
            &board(),
            &["SA".parse().unwrap()],
            Method::Pimc,
            4,
            1,
            &|_| {},
        );
        assert!(r.is_err());
    }
}

//! Every legal card of a position rated from the seat to move's view: its
//! chance of making the contract and declarer's mean double-dummy tricks,
//! by PIMC or by alpha-mu over worlds drawn from what that seat knows. The
//! one place the analysers (command line, Python, web) set this up.

use crate::board::{Board, PlayError};
use crate::leaf::DdLeaf;
use cards::{Card, Deal, PartialDeal, Seat, Strain};
use search::{
    alphamu, choose, pimc_values_reporting, AlphaMuConfig, CardChance, Problem, Switches,
};
use thiserror::Error;
use worlds::{draw, Constraints, LeadRule, WorldCount};
use worlds::{GivenDeal, GivenDealError};

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
    pub cards: Vec<CardChance>,
    /// Worlds drawn.
    pub worlds: usize,
}

/// alpha-mu's values of `cards` with PIMC's double-dummy mean tricks
/// (alpha-mu rates chances of making only).
#[must_use]
pub fn with_pimc_tricks(cards: Vec<CardChance>, pimc: &[CardChance]) -> Vec<CardChance> {
    cards
        .into_iter()
        .map(|v| CardChance {
            tricks: pimc
                .iter()
                .find(|p| p.card == v.card)
                .and_then(|p| p.tricks),
            ..v
        })
        .collect()
}

/// Where the worlds of an analysis come from.
#[derive(Clone, Debug, PartialEq)]
pub enum WorldSource {
    /// At most this many, drawn from the mover's view with the request's
    /// seed as a player of `play` draws them at this card.
    Sample(usize),
    /// Every layout consistent with the mover's view.
    All,
    /// Exactly these original deals (each must agree with the view).
    Given(Vec<Deal>),
}

/// How alpha-mu searches in an analysis (PIMC ignores it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// The optimizations switched on.
    pub switches: Switches,
    /// Every card its exact value (`false`: cards the cuts left out keep
    /// a shallower value, marked as a bound).
    pub value_every_card: bool,
    /// The work an iteration after the first may do (0: no limit).
    pub work_limit: u64,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            switches: Switches::default(),
            value_every_card: true,
            work_limit: search::WORK_LIMIT,
        }
    }
}

/// An analysis asked for: a deal as given (hands not known left out), the
/// contract's strain, declarer and target, the play so far, and how the
/// cards of the side to move are rated. The one request the command line,
/// the web page and Python build.
#[derive(Debug)]
pub struct Request<'a> {
    /// The deal as given: a full deal, a reduced one, or one whose hidden
    /// hands are not known.
    pub deal: PartialDeal,
    /// The strain.
    pub strain: Strain,
    /// Declarer.
    pub declarer: Seat,
    /// Who leads to the first trick of the deal given.
    pub leader: Seat,
    /// Declarer's target in tricks from the first trick of the deal given.
    pub need: usize,
    /// The cards played so far.
    pub play: Vec<Card>,
    /// The auction's constraints on hidden hands.
    pub constraints: Constraints,
    /// What a hidden opening leader leads.
    pub lead_rule: &'a dyn LeadRule,
    /// The worlds.
    pub worlds: WorldSource,
    /// The seed of the worlds drawn.
    pub seed: u64,
    /// How the cards are rated.
    pub method: Method,
    /// How alpha-mu searches.
    pub search: SearchOptions,
}

/// Why an analysis cannot be made.
#[derive(Debug, Error)]
pub enum AnalysisError {
    /// The deal or the play does not fit.
    #[error(transparent)]
    View(#[from] GivenDealError),
    /// Every card has been played.
    #[error("every card has been played")]
    Over,
    /// The target is beyond the deal.
    #[error("declarer needs {need} tricks but the deal has only {tricks}")]
    Need {
        /// The target.
        need: usize,
        /// The tricks of the deal.
        tricks: usize,
    },
    /// A given world disagrees with what the mover sees.
    #[error("world {index} disagrees with what {mover} sees: {why}")]
    Disagrees {
        /// Its index among the worlds given.
        index: usize,
        /// The seat to move.
        mover: Seat,
        /// What is wrong.
        why: String,
    },
    /// No world can be drawn.
    #[error(transparent)]
    Worlds(#[from] worlds::WorldsError),
    /// The search cannot start.
    #[error(transparent)]
    Problem(#[from] search::ProblemError),
    /// alpha-mu cannot search.
    #[error(transparent)]
    AlphaMu(#[from] search::AlphaMuError),
}

/// What an analysis found beside the cards' values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SearchStats {
    /// Nodes searched (alpha-mu).
    pub nodes: u64,
    /// The deepest iteration completed (1 for PIMC).
    pub depth_reached: usize,
    /// Work done, in the units of the work limit (alpha-mu).
    pub work: u64,
    /// Declarer's target from the position on.
    pub need: usize,
}

/// Rates every legal card of the side to move in `request`, telling
/// `progress` where it is. The card marked `best` is the one the player of
/// the method plays there: PIMC's, or alpha-mu's with its default
/// tie-break (`alphamu:m=M,w=W`). Searches run on the current rayon pool.
///
/// # Errors
/// [`AnalysisError`] when the deal, play or target do not fit, no world
/// can be drawn, or alpha-mu cannot search.
pub fn run(
    request: &Request<'_>,
    progress: &(dyn Fn(Stage) + Sync),
) -> Result<(Analysis, SearchStats), AnalysisError> {
    let table = GivenDeal::new(&request.deal)?;
    let r = request;
    let all = table.knowledge(r.strain, r.leader, &r.play)?;
    if all.tricks_left() == 0 || all.sequence().len() == table.hand_size * 4 {
        return Err(AnalysisError::Over);
    }
    if r.need > table.hand_size {
        return Err(AnalysisError::Need {
            need: r.need,
            tricks: table.hand_size,
        });
    }
    let mover = all.to_move();
    let view = table.view(mover, r.declarer, r.strain, r.leader, &r.play)?;
    let deals = match &r.worlds {
        WorldSource::Given(deals) => {
            for (index, deal) in deals.iter().enumerate() {
                if let Some(why) = view.disagreement(deal) {
                    return Err(AnalysisError::Disagrees { index, mover, why });
                }
            }
            deals.clone()
        }
        WorldSource::Sample(n) => {
            let seed = crate::seed::card_seed(r.seed, r.play.len());
            draw(
                &view,
                &r.constraints,
                r.lead_rule,
                WorldCount::Sample((*n).max(1)),
                seed,
            )?
            .deals
        }
        WorldSource::All => {
            let seed = crate::seed::card_seed(r.seed, r.play.len());
            draw(&view, &r.constraints, r.lead_rule, WorldCount::All, seed)?.deals
        }
    };
    let total = deals.len();
    progress(Stage::WorldsDrawn { worlds: total });
    let problem = Problem::from_knowledge(&view, &deals, r.declarer, r.need)?;
    let solved = std::sync::atomic::AtomicUsize::new(0);
    let pimc = pimc_values_reporting(&problem, &DdLeaf, &|| {
        let done = solved.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        progress(Stage::WorldsSolved { done, total });
    });
    let declaring = mover.side() == r.declarer.side();
    let mut stats = SearchStats {
        depth_reached: 1,
        need: problem.need(),
        ..SearchStats::default()
    };
    let (best, cards) = match r.method {
        Method::Pimc => (choose(&pimc, declaring), pimc),
        Method::AlphaMu { max_moves } => {
            progress(Stage::Searching);
            let config = AlphaMuConfig {
                max_moves: max_moves.max(1),
                switches: r.search.switches,
                parallel_leaves: true,
                front_limit: search::FRONT_LIMIT,
                value_every_card: r.search.value_every_card,
                work_limit: r.search.work_limit,
            };
            let result = alphamu(&problem, &DdLeaf, config)?;
            let best = crate::player::alphamu_card(
                &problem,
                &result,
                config,
                crate::player::Ties::default(),
            )?;
            stats.nodes = result.nodes;
            stats.depth_reached = result.depth_reached;
            stats.work = result.work;
            (Some(best), with_pimc_tricks(result.cards, &pimc))
        }
    };
    Ok((
        Analysis {
            to_move: mover,
            // A position with a card to play has a legal card.
            best: best.expect("a legal card"),
            cards,
            worlds: total,
        },
        stats,
    ))
}

/// Rates every legal card of the seat to move after `play` on `board`,
/// over `worlds` worlds drawn from `seed` as a player of `play` or `match`
/// with that seed draws them at this card ([`crate::seed::card_seed`]),
/// telling `progress` where it is: [`run`] for a whole deal whose hands
/// are all known.
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
    // The play is checked as a player checks it (its errors are a
    // player's).
    board.position_after(play)?;
    let request = Request {
        deal: board.deal.into(),
        strain: board.strain,
        declarer: board.declarer,
        leader: board.declarer.lho(),
        need: board.need,
        play: play.to_vec(),
        constraints: board.constraints,
        lead_rule: &worlds::lead::AnyLead,
        worlds: WorldSource::Sample(worlds),
        seed,
        method,
        search: SearchOptions::default(),
    };
    run(&request, progress)
        .map(|(analysis, _)| analysis)
        .map_err(|e| match e {
            AnalysisError::View(v) => PlayError::View(v),
            AnalysisError::Worlds(w) => PlayError::Worlds(w),
            AnalysisError::Problem(p) => PlayError::Problem(p),
            AnalysisError::AlphaMu(a) => PlayError::AlphaMu(a),
            AnalysisError::Over | AnalysisError::Need { .. } | AnalysisError::Disagrees { .. } => {
                PlayError::Analysis(e.to_string())
            }
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

//! Duplicate matches: the same deals played by two programs against the
//! same opponents, deals in parallel, every result appended to the results
//! file as soon as its deal is done.
//!
//! Every random choice of a deal flows from the match seed and the deal's
//! index (and, within the deal, the number of cards played), so a deal's
//! result does not depend on which other deals were played before it, in
//! what order, or whether the run was interrupted and resumed.

use crate::deal_set::SetBoard;
use crate::results::{DealResult, Mode, ResultsError, ResultsWriter, TableResult};
use bridge::PlayState;
use cards::Card;
use players::player::{Board, PlayError, PlayerSpec};
use players::seed::derive;
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::time::Instant;
use thiserror::Error;

/// The two programs and their opponents.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Player A.
    pub a: PlayerSpec,
    /// Player B.
    pub b: PlayerSpec,
    /// The defence in declarer mode.
    pub defense: PlayerSpec,
    /// Declarer against declarer, or pair against pair.
    pub mode: Mode,
    /// The seed of every random choice.
    pub seed: u64,
    /// Count alpha-mu's discrepancies with M = 1.
    pub discrepancies: bool,
}

/// Why a match cannot be played.
#[derive(Debug, Error)]
pub enum MatchError {
    /// A player cannot take the seats it is given.
    #[error("{0}")]
    Seats(String),
    /// The results file.
    #[error(transparent)]
    Results(#[from] ResultsError),
}

impl MatchConfig {
    /// Checks that each player can play the seats the mode gives it.
    ///
    /// # Errors
    /// [`MatchError::Seats`] when alpha-mu would defend.
    pub fn check(&self) -> Result<(), MatchError> {
        let defenders: Vec<&PlayerSpec> = match self.mode {
            Mode::Declarer => vec![&self.defense],
            Mode::Pairs => vec![&self.a, &self.b],
        };
        for d in defenders {
            if !d.can_defend() {
                return Err(MatchError::Seats(format!(
                    "{d} would defend, but alpha-mu plays for declarer only; in pairs mode use Monte Carlo players, in declarer mode another --defense"
                )));
            }
        }
        Ok(())
    }
}

/// Plays `board` once from the position after `start` (empty: from the
/// opening lead): `declaring` plays declarer's and dummy's cards,
/// `defending` the defenders'. Seeds come from `seed` and the number of
/// cards played. The tricks counted and the play recorded include those of
/// `start`.
///
/// # Errors
/// [`PlayError`] when `start` does not fit the deal or a player cannot
/// choose.
pub fn play_table(
    board: &Board,
    start: &[Card],
    declaring: &PlayerSpec,
    defending: &PlayerSpec,
    seed: u64,
    discrepancies: bool,
) -> Result<TableResult, PlayError> {
    let mut state: PlayState = board.position_after(start)?;
    let mut play: Vec<Card> = start.to_vec();
    let side = board.declarer.side();
    let (mut decisions, mut think, mut differ) = (0, 0.0, 0);
    while !state.is_over() {
        let mover = state.position().to_move();
        let ours = mover.side() == side;
        let choices = state.position().legal_cards().len();
        let who = if ours { declaring } else { defending };
        let start = Instant::now();
        let decision = who.decide(
            board,
            &play,
            derive(seed, &[play.len() as u64]),
            discrepancies && ours,
        )?;
        if ours && choices > 1 {
            decisions += 1;
            think += start.elapsed().as_secs_f64();
            differ += usize::from(decision.depth_one.is_some_and(|c| c != decision.card));
        }
        state.play(decision.card).expect("players play legal cards");
        play.push(decision.card);
    }
    let tricks = state.tricks(side);
    Ok(TableResult {
        tricks,
        made: tricks >= board.need,
        decisions,
        think_seconds: think,
        discrepancies: differ,
        play: play
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" "),
    })
}

/// Tables already played in declarer mode by other matches on the same
/// deals, defence, seed and counting of discrepancies: a declarer's table
/// depends on nothing else, so it is taken from there instead of being
/// played again (the experiments pit several players against one).
#[derive(Default, Debug)]
pub struct KnownTables {
    tables: HashMap<(String, usize), TableResult>,
}

impl KnownTables {
    /// Remembers that `declarer` (a spec as printed) played deal `deal`
    /// so.
    pub fn insert(&mut self, declarer: &str, deal: usize, table: TableResult) {
        self.tables.insert((declarer.to_string(), deal), table);
    }

    fn get(&self, declarer: &PlayerSpec, deal: usize) -> Option<TableResult> {
        self.tables.get(&(declarer.to_string(), deal)).cloned()
    }

    /// How many tables are known.
    #[must_use]
    pub fn len(&self) -> usize {
        self.tables.len()
    }

    /// Whether no table is known.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }
}

/// Plays deal `index` of the set at both tables (in declarer mode, a table
/// found in `known` is taken from there).
///
/// # Errors
/// [`PlayError`] when a player cannot choose.
pub fn play_deal(
    config: &MatchConfig,
    index: usize,
    board: &SetBoard,
    known: &KnownTables,
) -> Result<DealResult, PlayError> {
    let seed = derive(config.seed, &[index as u64]);
    let declare = |who: &PlayerSpec| match known.get(who, index) {
        Some(table) => Ok(table),
        None => play_table(
            &board.board,
            &board.played,
            who,
            &config.defense,
            seed,
            config.discrepancies,
        ),
    };
    let (a, b) = match config.mode {
        Mode::Declarer => (declare(&config.a)?, declare(&config.b)?),
        Mode::Pairs => (
            play_table(
                &board.board,
                &board.played,
                &config.a,
                &config.b,
                seed,
                config.discrepancies,
            )?,
            play_table(
                &board.board,
                &board.played,
                &config.b,
                &config.a,
                seed,
                config.discrepancies,
            )?,
        ),
    };
    Ok(DealResult {
        deal: index,
        board: board.number,
        a,
        b,
    })
}

/// What happened to one deal of a run.
pub enum DealOutcome<'a> {
    /// Played and appended.
    Played(&'a DealResult),
    /// A player could not play it (the other deals go on).
    Failed {
        /// 0-based index.
        deal: usize,
        /// Board number.
        board: usize,
        /// Why.
        error: String,
    },
}

/// Plays every deal of `boards` not in `done`, in parallel on the current
/// rayon pool, appending each result to `writer` as soon as it is known
/// and then telling `on_deal`. Returns the results of this run and the
/// number of deals that failed.
///
/// # Errors
/// [`MatchError`] for seats a player cannot take, or when the results
/// file cannot be written.
pub fn run(
    boards: &[SetBoard],
    config: &MatchConfig,
    writer: &ResultsWriter,
    done: &HashSet<usize>,
    known: &KnownTables,
    on_deal: &(dyn Fn(DealOutcome<'_>) + Sync),
) -> Result<(Vec<DealResult>, usize), MatchError> {
    config.check()?;
    let pending: Vec<usize> = (0..boards.len()).filter(|i| !done.contains(i)).collect();
    let outcomes: Vec<Result<Option<DealResult>, ResultsError>> = pending
        .par_iter()
        .map(|&i| match play_deal(config, i, &boards[i], known) {
            Ok(result) => {
                writer.append(&result)?;
                on_deal(DealOutcome::Played(&result));
                Ok(Some(result))
            }
            Err(e) => {
                on_deal(DealOutcome::Failed {
                    deal: i,
                    board: boards[i].number,
                    error: e.to_string(),
                });
                Ok(None)
            }
        })
        .collect();
    let mut results = Vec::new();
    let mut failed = 0;
    for o in outcomes {
        match o? {
            Some(r) => results.push(r),
            None => failed += 1,
        }
    }
    results.sort_by_key(|r| r.deal);
    Ok((results, failed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::{Deal, Seat, Strain};
    use worlds::Constraints;

    fn board(deal: &str, need: usize) -> Board {
        Board {
            deal: deal.parse::<Deal>().unwrap(),
            strain: Strain::Notrump,
            declarer: Seat::South,
            need,
            constraints: Constraints::default(),
        }
    }

    #[test]
    fn a_table_is_played_to_the_end_and_counted() {
        let b = board("N:A32.K.. QJ9.2.. KT8.3.. 765.4..", 3);
        let dd: PlayerSpec = "dd".parse().unwrap();
        let t = play_table(&b, &[], &dd, &dd, 1, false).unwrap();
        assert_eq!(t.play.split(' ').count(), 16);
        // Double dummy on both sides takes the double-dummy tricks.
        let opening = bridge::Position::opening(b.deal, Strain::Notrump, Seat::South);
        let west = dd::Solver::new().tricks(&opening) as usize;
        assert_eq!(t.tricks, 4 - west);
        assert_eq!(t.made, t.tricks >= 3);
    }

    #[test]
    fn a_table_from_an_ending_keeps_the_tricks_played_before() {
        let b = board("N:A32.K.. QJ9.2.. KT8.3.. 765.4..", 3);
        let dd: PlayerSpec = "dd".parse().unwrap();
        let whole = play_table(&b, &[], &dd, &dd, 1, false).unwrap();
        let first: Vec<Card> = whole
            .play
            .split(' ')
            .take(4)
            .map(|c| c.parse().unwrap())
            .collect();
        let ending = play_table(&b, &first, &dd, &dd, 1, false).unwrap();
        assert_eq!(ending.play, whole.play);
        assert_eq!(ending.tricks, whole.tricks);
        // Declarer's decisions are only those after the start.
        assert!(ending.decisions <= whole.decisions);
        let wrong: Vec<Card> = vec!["C2".parse().unwrap()];
        assert!(play_table(&b, &wrong, &dd, &dd, 1, false).is_err());
    }

    #[test]
    fn a_known_declarer_table_is_taken_over_and_equals_a_replay() {
        let b = board("N:A32.K.. QJ9.2.. KT8.3.. 765.4..", 3);
        let set_board = SetBoard {
            number: 1,
            board: b,
            played: Vec::new(),
            pimc_make: None,
        };
        let config = MatchConfig {
            a: "pimc:w=4".parse().unwrap(),
            b: "random".parse().unwrap(),
            defense: "dd".parse().unwrap(),
            mode: Mode::Declarer,
            seed: 3,
            discrepancies: false,
        };
        let fresh = play_deal(&config, 0, &set_board, &KnownTables::default()).unwrap();
        let mut known = KnownTables::default();
        known.insert("random", 0, fresh.b.clone());
        let again = play_deal(&config, 0, &set_board, &known).unwrap();
        assert_eq!(again.b, fresh.b);
        assert_eq!(again.a.play, fresh.a.play);
        let mut fake = fresh.b.clone();
        fake.tricks = 99;
        known.insert("random", 0, fake);
        assert_eq!(
            play_deal(&config, 0, &set_board, &known).unwrap().b.tricks,
            99
        );
    }

    #[test]
    fn alpha_mu_may_not_defend() {
        let config = MatchConfig {
            a: "alphamu:m=2,w=4".parse().unwrap(),
            b: "pimc:w=4".parse().unwrap(),
            defense: "dd".parse().unwrap(),
            mode: Mode::Pairs,
            seed: 1,
            discrepancies: false,
        };
        assert!(config.check().is_err());
        assert!(MatchConfig {
            mode: Mode::Declarer,
            ..config
        }
        .check()
        .is_ok());
    }
}

//! Duplicate matches: the same deals played by two programs against the
//! same opponents, deals in parallel, every result appended to the results
//! file as soon as its deal is done.
//!
//! Every random choice of a deal flows from the match seed and the deal's
//! index (and, within the deal, the number of cards played), so a deal's
//! result does not depend on which other deals were played before it, in
//! what order, or whether the run was interrupted and resumed.
//!
//! The same fact lets a [`DefenceMemory`] hand a defender's card to every
//! table that reaches the same cards played with the same seed: the
//! tables of one deal share their opening lead and every defence decision
//! up to the first card where the two declarers differ, and so do the
//! matches of an experiment that pit several declarers against one
//! defence. The defence's time is not measured, so reusing it changes no
//! figure of the results.

use crate::deal_set::SetBoard;
use crate::results::{DealResult, Mode, ResultsError, ResultsWriter, TableResult};
use crate::runner::{play_deals, DealJob, Outcome};
use crate::table::{play_out, Clock, Place, TableError};
use bridge::PlayState;
use cards::Card;
use players::player::{Board, ChooseError, PlayerSpec};
use players::seated::BridgeSeat;
use players::seed::derive;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use thiserror::Error;

/// The two programs and their opponents.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Player A.
    pub a: PlayerSpec,
    /// Player B.
    pub b: PlayerSpec,
    /// The other side: the defence in declarer mode, the declarer in
    /// defence mode (unused in pairs mode).
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
    /// Matches played together differ in more than their players.
    #[error("matches played together must share their mode, seed, defence and counting of discrepancies")]
    Unlike,
    /// The results file.
    #[error(transparent)]
    Results(#[from] ResultsError),
}

impl MatchConfig {
    /// The other side as a results header names it: the defence in
    /// declarer mode, the declarer in defence mode, "-" in pairs mode.
    #[must_use]
    pub fn other_side(&self) -> String {
        match self.mode {
            Mode::Declarer | Mode::Defence => self.defense.to_string(),
            Mode::Pairs => "-".into(),
        }
    }

    /// Checks that each player can play the seats the mode gives it.
    ///
    /// # Errors
    /// [`MatchError::Seats`] when alpha-mu would defend.
    pub fn check(&self) -> Result<(), MatchError> {
        let defenders: Vec<&PlayerSpec> = match self.mode {
            Mode::Declarer => vec![&self.defense],
            Mode::Pairs | Mode::Defence => vec![&self.a, &self.b],
        };
        for d in defenders {
            if !d.can_defend() {
                return Err(MatchError::Seats(format!(
                    "{d} would defend, but alpha-mu for the score (goal=score) plays for declarer only; give the defence another player"
                )));
            }
        }
        Ok(())
    }
}

/// The defenders' cards chosen so far in this process, each under what
/// decided it: the defending player, the board, the cards played before it
/// and the seed of its random choices. A player's choice depends on nothing
/// else, so a card found here is the card the player would choose again.
#[derive(Default, Debug)]
pub struct DefenceMemory {
    cards: Mutex<HashMap<DefenceKey, Card>>,
    asked: AtomicUsize,
    reused: AtomicUsize,
}

#[derive(PartialEq, Eq, Hash, Debug)]
struct DefenceKey {
    defender: String,
    board: Board,
    play: Vec<Card>,
    seed: u64,
}

impl DefenceMemory {
    /// The card `defender` plays after `play` on `board` with `seed`:
    /// remembered if it was asked before, else chosen by `choose` (the
    /// defender itself, seated) and remembered.
    ///
    /// # Errors
    /// [`ChooseError`] when the player cannot choose.
    pub fn choose(
        &self,
        defender: &PlayerSpec,
        board: &Board,
        play: &[Card],
        seed: u64,
        choose: impl FnOnce() -> Result<Card, ChooseError>,
    ) -> Result<Card, ChooseError> {
        let key = DefenceKey {
            defender: defender.to_string(),
            board: *board,
            play: play.to_vec(),
            seed,
        };
        self.asked.fetch_add(1, Ordering::Relaxed);
        if let Some(&card) = self.lock().get(&key) {
            self.reused.fetch_add(1, Ordering::Relaxed);
            return Ok(card);
        }
        // Chosen without the lock: two tables asking at once both choose,
        // and both get the same card.
        let card = choose()?;
        self.lock().insert(key, card);
        Ok(card)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<DefenceKey, Card>> {
        self.cards
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// How many defence decisions were asked for.
    #[must_use]
    pub fn asked(&self) -> usize {
        self.asked.load(Ordering::Relaxed)
    }

    /// How many of them were found already made.
    #[must_use]
    pub fn reused(&self) -> usize {
        self.reused.load(Ordering::Relaxed)
    }
}

/// Plays `board` once from the position after `start` (empty: from the
/// opening lead): `declaring` plays declarer's and dummy's cards,
/// `defending` the defenders', whose cards go through `memory` (taken from
/// it when another table reached the same cards). Seeds come from `seed` and the number of cards played. The
/// tricks counted and the play recorded include those of `start`.
///
/// # Errors
/// [`TableError`] when `start` does not fit the deal or a player cannot
/// choose.
pub fn play_table(
    board: &Board,
    start: &[Card],
    declaring: &PlayerSpec,
    defending: &PlayerSpec,
    seed: u64,
    discrepancies: bool,
    memory: &DefenceMemory,
) -> Result<TableResult, TableError> {
    let seats = Seats {
        counted: declaring,
        other: defending,
        counted_declares: true,
    };
    play_table_for(board, start, &seats, seed, discrepancies, memory)
}

/// Who plays at a table: the side whose decisions and result are counted,
/// and the other side, whose cards go through the [`DefenceMemory`].
pub struct Seats<'a> {
    /// The counted side's player.
    pub counted: &'a PlayerSpec,
    /// The other side's player.
    pub other: &'a PlayerSpec,
    /// Whether the counted side is declarer's.
    pub counted_declares: bool,
}

/// [`play_table`] for either side: the table's result, decisions and
/// thinking time are the counted side's (for the defence: its tricks,
/// `made` when the contract is defeated, its score), and the other side's
/// cards are shared through `memory`.
///
/// # Errors
/// As [`play_table`].
pub fn play_table_for(
    board: &Board,
    start: &[Card],
    seats: &Seats<'_>,
    seed: u64,
    discrepancies: bool,
    memory: &DefenceMemory,
) -> Result<TableResult, TableError> {
    let mut state: PlayState = board.position_after(start)?;
    let side = if seats.counted_declares {
        board.declarer.side()
    } else {
        board.declarer.lho().side()
    };
    // Declarer's side (declarer and dummy), then the two defenders, each
    // seated with what it sees and told every card.
    let (declaring, defending) = if seats.counted_declares {
        (seats.counted, seats.other)
    } else {
        (seats.other, seats.counted)
    };
    let mut places = [
        (board.declarer, declaring),
        (board.declarer.lho(), defending),
        (board.declarer.rho(), defending),
    ]
    .into_iter()
    .map(|(seat, player)| {
        let counted = seat.side() == side;
        Ok(Place {
            player: Box::new(BridgeSeat::new(
                player,
                board,
                seat,
                start,
                seed,
                counted && discrepancies,
            )?),
            counts_for: counted.then_some(0),
        })
    })
    .collect::<Result<Vec<_>, ChooseError>>()?;
    // The other side's cards are shared with every table that reaches the
    // same cards with the same seed.
    let played = play_out(
        &mut state,
        start,
        &mut places,
        Clock::Wall,
        &mut |_, play, choose| {
            let card_seed = players::seed::card_seed(seed, play.len());
            memory.choose(seats.other, board, play, card_seed, choose)
        },
    )?;
    let play: Vec<Card> = start.iter().chain(&played.play).copied().collect();
    let tricks = state.tricks(side);
    let declarer_tricks = state.tricks(board.declarer.side());
    let score = board.scoring.map(|s| s.score(declarer_tricks));
    Ok(TableResult {
        tricks,
        made: (declarer_tricks >= board.need) == seats.counted_declares,
        decisions: played.decisions[0],
        think_seconds: played.seconds[0],
        discrepancies: played.discrepancies[0],
        play: play
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" "),
        score: if seats.counted_declares {
            score
        } else {
            score.map(|s| -s)
        },
    })
}

/// Tables already played in declarer mode by other matches on the same
/// deals, defence, seed and counting of discrepancies: a declarer's table
/// depends on nothing else, so it is taken from there instead of being
/// played again (the experiments pit several players against one). Matches
/// played together add their tables as they are played.
#[derive(Default, Debug)]
pub struct KnownTables {
    tables: Mutex<HashMap<(String, usize), TableResult>>,
}

impl KnownTables {
    /// Remembers that `declarer` (a spec as printed) played deal `deal`
    /// so.
    pub fn insert(&self, declarer: &str, deal: usize, table: TableResult) {
        self.lock().insert((declarer.to_string(), deal), table);
    }

    fn get(&self, declarer: &PlayerSpec, deal: usize) -> Option<TableResult> {
        self.lock().get(&(declarer.to_string(), deal)).cloned()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<(String, usize), TableResult>> {
        self.tables
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// How many tables are known.
    #[must_use]
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether no table is known.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.lock().is_empty()
    }
}

/// Plays deal `index` of the set at both tables (in declarer mode, a table
/// found in `known` is taken from there), the defenders' cards shared
/// through `memory`.
///
/// # Errors
/// [`TableError`] when a player cannot choose.
pub fn play_deal(
    config: &MatchConfig,
    index: usize,
    board: &SetBoard,
    known: &KnownTables,
    memory: &DefenceMemory,
) -> Result<DealResult, TableError> {
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
            memory,
        ),
    };
    let (a, b) = match config.mode {
        Mode::Declarer => (declare(&config.a)?, declare(&config.b)?),
        Mode::Defence => {
            let defend = |who: &PlayerSpec| {
                let seats = Seats {
                    counted: who,
                    other: &config.defense,
                    counted_declares: false,
                };
                play_table_for(
                    &board.board,
                    &board.played,
                    &seats,
                    seed,
                    config.discrepancies,
                    memory,
                )
            };
            (defend(&config.a)?, defend(&config.b)?)
        }
        Mode::Pairs => (
            play_table(
                &board.board,
                &board.played,
                &config.a,
                &config.b,
                seed,
                config.discrepancies,
                memory,
            )?,
            play_table(
                &board.board,
                &board.played,
                &config.b,
                &config.a,
                seed,
                config.discrepancies,
                memory,
            )?,
        ),
    };
    Ok(DealResult {
        deal: index,
        board: board.number,
        a,
        b,
        commit: crate::provenance::commit(),
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

/// One match of a group played together: what it plays, where its
/// results go and which deals it has already played.
pub struct MatchRun<'a> {
    /// The match.
    pub config: &'a MatchConfig,
    /// Its results file.
    pub writer: &'a ResultsWriter,
    /// Deals (0-based) already in the file.
    pub done: &'a HashSet<usize>,
}

/// Plays every deal of `boards` not in `done`, in parallel on the current
/// rayon pool (defence decisions shared through `memory`), appending each
/// result to `writer` as soon as it is known and then telling `on_deal`.
/// Returns the number of deals that failed.
///
/// # Errors
/// [`MatchError`] for seats a player cannot take, or when the results
/// file cannot be written.
pub fn run(
    boards: &[SetBoard],
    run: &MatchRun<'_>,
    known: &KnownTables,
    memory: &DefenceMemory,
    on_deal: &(dyn Fn(DealOutcome<'_>) + Sync),
) -> Result<usize, MatchError> {
    let failed = run_together(boards, std::slice::from_ref(run), known, memory, &|_, o| {
        on_deal(o);
    })?;
    Ok(failed[0])
}

/// Plays several matches on the same deals together, deal by deal: the
/// deals run in parallel on the current rayon pool, and one thread plays
/// all the pending tables of a deal, match after match. Each result is
/// appended to its match's file as soon as it is known, then `on_deal` is
/// told which match (index in `runs`) it belongs to.
///
/// Played together, the matches share their work: a declarer's table
/// played by one match is added to `known` and taken over by the next (in
/// declarer mode), and the defence's cards are shared through `memory`.
/// An interrupted run leaves every match with about the same deals played.
/// Returns the number of deals that failed, per match.
///
/// # Errors
/// [`MatchError`] for seats a player cannot take, for matches that differ
/// in more than their two players, or when a results file cannot be
/// written.
pub fn run_together(
    boards: &[SetBoard],
    runs: &[MatchRun<'_>],
    known: &KnownTables,
    memory: &DefenceMemory,
    on_deal: &(dyn Fn(usize, DealOutcome<'_>) + Sync),
) -> Result<Vec<usize>, MatchError> {
    let Some(first) = runs.first().map(|r| r.config) else {
        return Ok(Vec::new());
    };
    for r in runs {
        r.config.check()?;
        let alike = r.config.mode == first.mode
            && r.config.seed == first.seed
            && r.config.discrepancies == first.discrepancies
            && (r.config.mode == Mode::Pairs
                || r.config.defense.to_string() == first.defense.to_string());
        if !alike {
            return Err(MatchError::Unlike);
        }
    }
    // Each match a job of the one deal driver; a declarer's tables, once
    // played, are known to the matches after it.
    let plays: Vec<_> = runs
        .iter()
        .map(|r| {
            move |i: usize| {
                let result =
                    play_deal(r.config, i, &boards[i], known, memory).map_err(|e| e.to_string())?;
                if r.config.mode == Mode::Declarer {
                    known.insert(&r.config.a.to_string(), i, result.a.clone());
                    known.insert(&r.config.b.to_string(), i, result.b.clone());
                }
                Ok(result)
            }
        })
        .collect();
    let jobs: Vec<DealJob<'_, DealResult>> = runs
        .iter()
        .zip(&plays)
        .map(|(r, play)| DealJob {
            play,
            writer: r.writer.lines(),
            done: r.done,
        })
        .collect();
    Ok(play_deals(boards.len(), &jobs, &|k, i, outcome| {
        on_deal(
            k,
            match outcome {
                Outcome::Played(result) => DealOutcome::Played(result),
                Outcome::Failed(error) => DealOutcome::Failed {
                    deal: i,
                    board: boards[i].number,
                    error,
                },
            },
        );
    })?)
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
            scoring: None,
        }
    }

    #[test]
    fn a_table_is_played_to_the_end_and_counted() {
        let b = board("N:A32.K.. QJ9.2.. KT8.3.. 765.4..", 3);
        let dd: PlayerSpec = "dd".parse().unwrap();
        let t = play_table(&b, &[], &dd, &dd, 1, false, &DefenceMemory::default()).unwrap();
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
        let whole = play_table(&b, &[], &dd, &dd, 1, false, &DefenceMemory::default()).unwrap();
        let first: Vec<Card> = whole
            .play
            .split(' ')
            .take(4)
            .map(|c| c.parse().unwrap())
            .collect();
        let ending = play_table(&b, &first, &dd, &dd, 1, false, &DefenceMemory::default()).unwrap();
        assert_eq!(ending.play, whole.play);
        assert_eq!(ending.tricks, whole.tricks);
        // Declarer's decisions are only those after the start.
        assert!(ending.decisions <= whole.decisions);
        let wrong: Vec<Card> = vec!["C2".parse().unwrap()];
        assert!(play_table(&b, &wrong, &dd, &dd, 1, false, &DefenceMemory::default()).is_err());
    }

    #[test]
    fn a_known_declarer_table_is_taken_over_and_equals_a_replay() {
        let b = board("N:A32.K.. QJ9.2.. KT8.3.. 765.4..", 3);
        let set_board = SetBoard {
            number: 1,
            board: b,
            played: Vec::new(),
            pimc_make: None,
            source: None,
        };
        let config = MatchConfig {
            a: "pimc:w=4".parse().unwrap(),
            b: "random".parse().unwrap(),
            defense: "dd".parse().unwrap(),
            mode: Mode::Declarer,
            seed: 3,
            discrepancies: false,
        };
        let memory = DefenceMemory::default();
        let fresh = play_deal(&config, 0, &set_board, &KnownTables::default(), &memory).unwrap();
        let known = KnownTables::default();
        known.insert("random", 0, fresh.b.clone());
        let again = play_deal(&config, 0, &set_board, &known, &memory).unwrap();
        assert_eq!(again.b, fresh.b);
        assert_eq!(again.a.play, fresh.a.play);
        let mut fake = fresh.b.clone();
        fake.tricks = 99;
        known.insert("random", 0, fake);
        assert_eq!(
            play_deal(&config, 0, &set_board, &known, &memory)
                .unwrap()
                .b
                .tricks,
            99
        );
    }

    /// Defence mode: the same declarer against two defences, each table
    /// recorded from the defence's side, equal to the declarer's table of
    /// the same players seen the other way.
    #[test]
    fn defence_mode_records_the_defence_side_of_the_same_tables() {
        let boards = five_card_boards(6);
        let config = MatchConfig {
            a: "alphamu:m=2,w=6".parse().unwrap(),
            b: "pimc:w=6".parse().unwrap(),
            defense: "pimc:w=6".parse().unwrap(),
            mode: Mode::Defence,
            seed: 8,
            discrepancies: false,
        };
        config.check().unwrap();
        let memory = DefenceMemory::default();
        for (i, b) in boards.iter().enumerate() {
            let r = play_deal(&config, i, b, &KnownTables::default(), &memory).unwrap();
            let seed = derive(config.seed, &[i as u64]);
            for (table, defence) in [(&r.a, &config.a), (&r.b, &config.b)] {
                let declarer_view = play_table(
                    &b.board,
                    &[],
                    &config.defense,
                    defence,
                    seed,
                    false,
                    &DefenceMemory::default(),
                )
                .unwrap();
                assert_eq!(table.play, declarer_view.play, "deal {i}");
                assert_eq!(table.tricks, 5 - declarer_view.tricks, "deal {i}");
                assert_eq!(table.made, !declarer_view.made, "deal {i}");
            }
        }
        // The declarer's cards are shared: at least the tables' common
        // beginnings.
        assert!(memory.reused() > 0);
    }

    #[test]
    fn defence_taken_from_memory_changes_no_table_and_is_reused() {
        let boards = five_card_boards(6);
        let config = |a: &str| MatchConfig {
            a: a.parse().unwrap(),
            b: "alphamu:m=1,w=6".parse().unwrap(),
            defense: "pimc:w=6".parse().unwrap(),
            mode: Mode::Declarer,
            seed: 5,
            discrepancies: true,
        };
        let memory = DefenceMemory::default();
        let mut reused_before_second_match = 0;
        for a in ["random", "alphamu:m=3,w=6"] {
            let config = config(a);
            for (i, b) in boards.iter().enumerate() {
                let shared = play_deal(&config, i, b, &KnownTables::default(), &memory).unwrap();
                // Each table alone, with no memory at all.
                let seed = derive(config.seed, &[i as u64]);
                let alone = |who: &PlayerSpec| {
                    play_table(
                        &b.board,
                        &[],
                        who,
                        &config.defense,
                        seed,
                        true,
                        &DefenceMemory::default(),
                    )
                    .unwrap()
                };
                for (got, want) in [(&shared.a, alone(&config.a)), (&shared.b, alone(&config.b))] {
                    assert_eq!(got.play, want.play);
                    assert_eq!(
                        (got.tricks, got.decisions, got.discrepancies),
                        (want.tricks, want.decisions, want.discrepancies)
                    );
                }
            }
            if reused_before_second_match == 0 {
                reused_before_second_match = memory.reused();
            }
        }
        // Both tables of a deal share at least the opening lead, and the
        // second match's B table is the first match's.
        assert!(reused_before_second_match >= boards.len());
        assert!(memory.reused() > reused_before_second_match);
        assert!(memory.reused() < memory.asked());
    }

    fn five_card_boards(count: usize) -> Vec<SetBoard> {
        use crate::deal_set::{self, DealSetSpec, FilterPoint, Kind, ReducedTarget};
        let spec = DealSetSpec {
            kind: Kind::Reduced {
                cards_per_hand: 5,
                goal: ReducedTarget::DoubleDummy,
                deck: crate::deal_set::Deck::Top,
            },
            count,
            seed: 11,
            filter: None,
            filter_worlds: 20,
            filter_at: FilterPoint::Start,
            after_tricks: 0,
        };
        deal_set::generate(&spec, |_| {}).unwrap()
    }

    #[test]
    fn matches_played_together_equal_matches_played_apart_and_share_the_common_table() {
        use crate::results::{self, MatchHeader};
        let boards = five_card_boards(5);
        let config = |a: &str| MatchConfig {
            a: a.parse().unwrap(),
            b: "pimc:w=5".parse().unwrap(),
            defense: "pimc:w=4".parse().unwrap(),
            mode: Mode::Declarer,
            seed: 2,
            discrepancies: true,
        };
        let configs = [config("alphamu:m=2,w=5"), config("pimc:w=3")];
        let dir = tempfile::tempdir().unwrap();
        let open = |name: &str, c: &MatchConfig| {
            let header = MatchHeader {
                deals: "set".into(),
                deals_digest: "d".into(),
                a: c.a.to_string(),
                b: c.b.to_string(),
                defense: c.defense.to_string(),
                mode: c.mode,
                seed: c.seed,
                discrepancies: c.discrepancies,
                version: results::HEADER_VERSION,
                build: crate::provenance::Build::current(),
            };
            let path = dir.path().join(name);
            (ResultsWriter::open(&path, &header).unwrap().0, path)
        };
        let none = HashSet::new();
        // Apart: each match alone, with nothing shared.
        let mut apart = Vec::new();
        for (k, c) in configs.iter().enumerate() {
            let (writer, path) = open(&format!("apart-{k}"), c);
            let run_alone = MatchRun {
                config: c,
                writer: &writer,
                done: &none,
            };
            let failed = run(
                &boards,
                &run_alone,
                &KnownTables::default(),
                &DefenceMemory::default(),
                &|_| {},
            )
            .unwrap();
            assert_eq!(failed, 0);
            apart.push(results::read(&path).unwrap().1);
        }
        // Together, with one deal already played by the first match.
        let (w0, p0) = open("together-0", &configs[0]);
        let (w1, p1) = open("together-1", &configs[1]);
        w0.append(&apart[0][2]).unwrap();
        let done_first: HashSet<usize> = [2].into();
        let runs = [
            MatchRun {
                config: &configs[0],
                writer: &w0,
                done: &done_first,
            },
            MatchRun {
                config: &configs[1],
                writer: &w1,
                done: &none,
            },
        ];
        let known = KnownTables::default();
        let memory = DefenceMemory::default();
        let told = Mutex::new(vec![0; 2]);
        let failed = run_together(&boards, &runs, &known, &memory, &|k, o| {
            assert!(matches!(o, DealOutcome::Played(_)));
            told.lock().unwrap()[k] += 1;
        })
        .unwrap();
        assert_eq!(failed, vec![0, 0]);
        assert_eq!(*told.lock().unwrap(), vec![4, 5]);
        let paths = [p0, p1];
        for (k, path) in paths.iter().enumerate() {
            let mut together = results::read(path).unwrap().1;
            together.sort_by_key(|r| r.deal);
            let mut alone = apart[k].clone();
            alone.sort_by_key(|r| r.deal);
            assert_eq!(together.len(), alone.len());
            for (t, a) in together.iter().zip(&alone) {
                for (x, y) in [(&t.a, &a.a), (&t.b, &a.b)] {
                    assert_eq!(x.play, y.play);
                    assert_eq!((x.tricks, x.decisions), (y.tricks, y.decisions));
                }
            }
        }
        // PIMC's table was played once per deal and handed to the other
        // match: the two files hold the very same table, time included.
        let first = results::read(&paths[0]).unwrap().1;
        let second = results::read(&paths[1]).unwrap().1;
        for r in &second {
            let same = first.iter().find(|f| f.deal == r.deal).unwrap();
            if r.deal != 2 {
                assert_eq!(same.b, r.b);
            }
        }
        assert!(memory.reused() > 0);
        // Matches that differ in their defence cannot be played together.
        let other = MatchConfig {
            defense: "dd".parse().unwrap(),
            ..configs[1].clone()
        };
        let unlike = [
            MatchRun {
                config: &configs[0],
                writer: &w0,
                done: &none,
            },
            MatchRun {
                config: &other,
                writer: &w1,
                done: &none,
            },
        ];
        assert!(matches!(
            run_together(&boards, &unlike, &known, &memory, &|_, _| {}),
            Err(MatchError::Unlike)
        ));
    }

    #[test]
    fn alpha_mu_for_the_score_may_not_defend() {
        let config = MatchConfig {
            a: "alphamu:m=2,w=4,goal=score".parse().unwrap(),
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

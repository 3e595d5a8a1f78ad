//! Matches of any trick-taking game scored in points (Belote's card points,
//! bridge's tricks) between two players of `players::generic`, as the
//! trick-costs paper plays them: each deal twice, the teams swapped, and
//! each player's share of the points.
//!
//! A match file is JSON lines: a header with the configuration, then one
//! line per deal, appended as each deal finishes. Running the same match
//! again resumes: deals already in the file are kept, the others played.

use crate::game::GameKind;
use crate::results::{read_whole_lines, LinesWriter, ResultsError, WholeLines};
use crate::runner::{play_deals, DealJob, Outcome};
use crate::table::{play_out, Clock, Place, Played, TableError};
use bridge::Bridge;
use cards::{Deal, Seat, Strain, Suit};
use games::{BeloteDeal, PlayState};
use players::generic::{GenericSeat, PlayerKind};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::path::Path;
use thiserror::Error;
use worlds::SeatView;

/// A points match.
#[derive(Clone, Debug, PartialEq)]
pub struct PointsMatch {
    /// The game: one scored in points ([`GameKind::scored_in_points`]).
    pub game: GameKind,
    /// Player A.
    pub a: PlayerKind,
    /// Player B.
    pub b: PlayerKind,
    /// The seed of the deals and of every choice.
    pub seed: u64,
}

/// Why a points match stopped.
#[derive(Debug, Error)]
pub enum PointsError {
    /// The results file: another run writes it, it holds another match, a
    /// line is damaged, or it cannot be read or written.
    #[error(transparent)]
    Results(#[from] ResultsError),
    /// The game is not one scored in points.
    #[error("{0} is played at a contract, duplicate on a deal set (`alphamu match --game {0}`), not as a points match")]
    NotPoints(GameKind),
    /// A player could not choose.
    #[error("deal {deal}: {why}")]
    Play {
        /// The deal.
        deal: usize,
        /// Why.
        why: String,
    },
}

/// One deal played twice.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PointsDeal {
    /// The deal's index in the match.
    pub index: usize,
    /// The deal: Belote's text form, or a bridge strain and PBN deal.
    pub deal: String,
    /// A's points when A held North-South, then East-West.
    pub a: [f64; 2],
    /// B's points in the same two games (B held the other seats).
    pub b: [f64; 2],
    /// Seconds spent choosing cards, by A and by B: CPU time of the playing
    /// thread when [`PointsDeal::cpu_seconds`] is set; wall time, which
    /// counts pauses and a busy machine, in results recorded before.
    pub seconds: [f64; 2],
    /// Whether `seconds` is CPU time (absent, and so false, in records
    /// written before the arena measured CPU time).
    #[serde(default)]
    pub cpu_seconds: bool,
    /// Cards chosen by a search, by A and by B.
    pub moves: [usize; 2],
    /// The cards played in the two games, in order (absent in records
    /// written before they were kept).
    #[serde(default, skip_serializing_if = "is_unplayed")]
    pub play: [String; 2],
    /// The commit of the build that played it (absent in records written
    /// before it was recorded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commit: Option<String>,
}

fn is_unplayed(play: &[String; 2]) -> bool {
    play.iter().all(String::is_empty)
}

/// The name of a points match's game in its file's header and its summary:
/// `belote`, and `bridge` for the card play; `None` for a game not scored
/// in points.
#[must_use]
pub fn game_name_in_file(game: GameKind) -> Option<&'static str> {
    match game {
        GameKind::Belote => Some("belote"),
        GameKind::BridgeCardplay => Some("bridge"),
        GameKind::Bridge => None,
    }
}

/// A points match's game in its file's header: `belote`, and `bridge` for
/// the card play (the name the files had before the card play had a name
/// of its own; `bridge-cardplay` reads too).
mod header_game {
    use super::GameKind;
    use serde::de::Error as _;
    use serde::ser::Error as _;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(game: &GameKind, out: S) -> Result<S::Ok, S::Error> {
        match super::game_name_in_file(*game) {
            Some(name) => out.serialize_str(name),
            None => Err(S::Error::custom("contract bridge is not a points game")),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(input: D) -> Result<GameKind, D::Error> {
        let name = String::deserialize(input)?;
        match name.as_str() {
            "belote" => Ok(GameKind::Belote),
            "bridge" | "bridge-cardplay" => Ok(GameKind::BridgeCardplay),
            _ => Err(D::Error::custom(format!(
                "the games of a points match are belote and bridge (the card play), not {name:?}"
            ))),
        }
    }
}

#[derive(Serialize, Deserialize, PartialEq)]
struct Header {
    kind: String,
    #[serde(with = "header_game")]
    game: GameKind,
    a: String,
    b: String,
    seed: u64,
    /// The build that created the file (not part of what makes the match:
    /// another build may resume it).
    #[serde(flatten)]
    build: crate::provenance::Build,
}

impl Header {
    /// The match the header names, whatever build wrote it, and whatever
    /// name its players had then (`pimc:worlds=10` of an old file is
    /// `tc-pimc:worlds=10`).
    fn same_match(&self, other: &Header) -> bool {
        (&self.kind, self.game, self.seed) == (&other.kind, other.game, other.seed)
            && same_player(&self.a, &other.a)
            && same_player(&self.b, &other.b)
    }
}

/// Whether two specs of a header name the same player: equal as read, or
/// equal as written when either does not read.
fn same_player(one: &str, other: &str) -> bool {
    match (one.parse::<PlayerKind>(), other.parse::<PlayerKind>()) {
        (Ok(one), Ok(other)) => one == other,
        _ => one == other,
    }
}

impl PointsMatch {
    fn header(&self) -> Header {
        Header {
            kind: "points-match".into(),
            game: self.game,
            a: self.a.to_string(),
            b: self.b.to_string(),
            seed: self.seed,
            build: crate::provenance::Build::current(),
        }
    }

    /// Plays deal `index` twice, A holding North-South then East-West.
    ///
    /// # Errors
    /// [`PointsError::Play`] when a player cannot choose,
    /// [`PointsError::NotPoints`] for contract bridge.
    pub fn play_deal(&self, index: usize) -> Result<PointsDeal, PointsError> {
        let mut rng = deal_rng(self.seed, index, 0);
        match self.game {
            GameKind::Bridge => Err(PointsError::NotPoints(self.game)),
            GameKind::Belote => {
                let trump = Suit::ALL[rng.gen_range(0..4)];
                let deal = BeloteDeal::random(&mut rng, trump, Seat::from_index(index % 4));
                let start = PlayState::new(deal.rules(), deal.hands, deal.leader);
                play_twice(&self.a, &self.b, self.seed, index, deal.to_string(), &start)
            }
            GameKind::BridgeCardplay => {
                let strain = Strain::ALL[rng.gen_range(0..5)];
                let deal = Deal::random(&mut rng, 13);
                let trump = strain.trump();
                let start = PlayState::new(Bridge::new(trump), deal, Seat::from_index(index % 4));
                play_twice(
                    &self.a,
                    &self.b,
                    self.seed,
                    index,
                    format!("{} {deal}", strain.name()),
                    &start,
                )
            }
        }
    }

    /// Plays deals `0..deals` into the file at `path` (made if absent,
    /// resumed if it holds this match), in parallel, each line appended as
    /// its deal finishes; `step` is called after each. Returns those deals
    /// in order; with `deals == 0`, every deal the file holds.
    ///
    /// # Errors
    /// [`PointsError`] when the file belongs to another match, cannot be
    /// written, or a player fails.
    pub fn run(
        &self,
        deals: usize,
        path: &Path,
        step: &(dyn Fn() + Sync),
    ) -> Result<Vec<PointsDeal>, PointsError> {
        if !self.game.scored_in_points() {
            return Err(PointsError::NotPoints(self.game));
        }
        let header = serde_json::to_string(&self.header()).expect("a header serializes");
        let accept = |whole: &WholeLines| {
            let first = whole.first.as_deref().unwrap_or_default();
            let theirs: Result<Header, _> = serde_json::from_str(first);
            if theirs.as_ref().is_ok_and(|h| h.same_match(&self.header())) {
                Ok(())
            } else {
                Err(ResultsError::Line {
                    path: path.to_path_buf(),
                    line: 1,
                    message: format!(
                        "the file holds another match ({first}); this one is {header}"
                    ),
                })
            }
        };
        if deals == 0 {
            // Reading back every deal the file holds (none when there is
            // no file), alongside a run that may be writing it.
            if !path.exists() {
                return Ok(Vec::new());
            }
            let whole = read_whole_lines(path)?;
            accept(&whole)?;
            let mut done = parse_deals(path, &whole)?;
            done.sort_by_key(|d| d.index);
            return Ok(done);
        }
        // Another run writing the same file is refused.
        let lock = crate::results::ResultsLock::acquire(path)?;
        let (writer, whole) = LinesWriter::open(path, &header, &accept, lock)?;
        let mut done = parse_deals(path, &whole)?;
        let have: std::collections::HashSet<usize> = done.iter().map(|d| d.index).collect();
        // One job of the deal driver; the deals it plays are kept, and the
        // first failure (by deal) is the run's error once every other deal
        // is played.
        let played = std::sync::Mutex::new(Vec::new());
        let failures = std::sync::Mutex::new(Vec::new());
        let play = |i: usize| {
            self.play_deal(i).map_err(|e| match e {
                PointsError::Play { why, .. } => why,
                other => other.to_string(),
            })
        };
        let job = DealJob {
            play: &play,
            writer: &writer,
            done: &have,
        };
        play_deals(deals, &[job], &|_, i, outcome| match outcome {
            Outcome::Played(deal) => {
                played
                    .lock()
                    .expect("no panic holding it")
                    .push(deal.clone());
                step();
            }
            Outcome::Failed(why) => failures.lock().expect("no panic holding it").push((i, why)),
        })?;
        if let Some((deal, why)) = failures
            .into_inner()
            .expect("no panic holding it")
            .into_iter()
            .min_by_key(|(i, _)| *i)
        {
            return Err(PointsError::Play { deal, why });
        }
        done.extend(played.into_inner().expect("no panic holding it"));
        done.sort_by_key(|d| d.index);
        done.retain(|d| d.index < deals);
        Ok(done)
    }
}

/// The deals of a points match from the whole lines of its file.
fn parse_deals(path: &Path, whole: &WholeLines) -> Result<Vec<PointsDeal>, ResultsError> {
    whole
        .lines
        .iter()
        .map(|(number, line)| {
            serde_json::from_str::<PointsDeal>(line).map_err(|e| ResultsError::Line {
                path: path.to_path_buf(),
                line: *number,
                message: format!("not a deal of a points match: {e}"),
            })
        })
        .collect()
}

/// The random source of deal `deal` of a match of seed `seed`: `salt` 0
/// deals the cards, `1 + 4 * game + seat` drives that seat's choices in
/// the first (`game` 0) or second playing of the deal.
fn deal_rng(seed: u64, deal: usize, salt: u64) -> ChaCha8Rng {
    let mut h = seed ^ 0x6a09_e667_f3bc_c908;
    for x in [deal as u64, salt] {
        h = (h ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(27);
    }
    ChaCha8Rng::seed_from_u64(h)
}

/// Plays deal `index` of any game from `start` twice, player A holding
/// North-South and then East-West, B the other seats; `text` is how the
/// result names the deal. Each seat keeps what it sees and is told each
/// card; every choice is seeded from `seed`, the deal and the seat, so the
/// same arguments play the same cards. This is the whole of a points
/// match for one deal: a new game needs only its rules and a start.
///
/// # Errors
/// [`PointsError::Play`] when a player cannot choose.
pub fn play_twice<G: players::generic::Oracle>(
    a: &PlayerKind,
    b: &PlayerKind,
    seed: u64,
    index: usize,
    text: String,
    start: &PlayState<G>,
) -> Result<PointsDeal, PointsError> {
    let mut out = PointsDeal {
        index,
        deal: text,
        a: [0.0; 2],
        b: [0.0; 2],
        seconds: [0.0; 2],
        cpu_seconds: true,
        moves: [0; 2],
        play: [String::new(), String::new()],
        commit: crate::provenance::commit(),
    };
    let fail = |e: &dyn std::fmt::Display| PointsError::Play {
        deal: index,
        why: e.to_string(),
    };
    for (game, a_team) in [0usize, 1].into_iter().enumerate() {
        let (ns, ew) = if a_team == 0 { (a, b) } else { (b, a) };
        let (played, state) = play_once(ns, ew, start, seed, index, game).map_err(|e| fail(&e))?;
        // A's decisions are its side's: North-South's in the first
        // playing, East-West's in the second.
        for (who, side) in [(0, a_team), (1, 1 - a_team)] {
            out.seconds[who] += played.seconds[side];
            out.moves[who] += played.decisions[side];
        }
        out.play[game] = played
            .play
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ");
        let scores = state.scores();
        out.a[game] = scores[a_team];
        out.b[game] = scores[1 - a_team];
    }
    Ok(out)
}

/// Plays deal `index` of any game from `start` once, `ns` holding
/// North-South and `ew` East-West, as playing `playing` (0 or 1) of a
/// points match of seed `seed` plays it ([`play_twice`]: one seated
/// player a seat, each told every card, its choices seeded from the seed,
/// the deal, the playing and the seat). The decisions count by side (0
/// North-South, 1 East-West); with the state at the end.
///
/// # Errors
/// [`TableError`] when a player cannot choose.
pub fn play_once<G: players::generic::Oracle>(
    ns: &PlayerKind,
    ew: &PlayerKind,
    start: &PlayState<G>,
    seed: u64,
    index: usize,
    playing: usize,
) -> Result<(Played, PlayState<G>), TableError> {
    let mut places: Vec<Place<'_>> = Seat::ALL
        .into_iter()
        .map(|s| {
            let side = s.side().index();
            let kind = if side == 0 { *ns } else { *ew };
            Place {
                player: Box::new(GenericSeat::new(
                    kind,
                    SeatView::new(start, s, &[]),
                    deal_rng(seed, index, 1 + playing as u64 * 4 + s.index() as u64),
                )),
                counts_for: Some(side),
            }
        })
        .collect();
    let mut state = start.clone();
    // The thread's CPU time, not the wall clock: these players search on
    // the thread that asks them, and a paused run (SIGSTOP) or a busy
    // machine does not count as thinking.
    let played = play_out(
        &mut state,
        &[],
        &mut places,
        Clock::ThreadCpu,
        &mut |_, _, choose| choose(),
    )?;
    Ok((played, state))
}

/// What a points match shows: A's share of the points and the paper's
/// figure, A's share minus B's, in percent, with its standard error.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PointsSummary {
    /// Deals (each played twice).
    pub deals: usize,
    /// A's points over all games divided by all points, in percent.
    pub share_a: f64,
    /// A's share minus B's, in percent (the paper's tables).
    pub difference: f64,
    /// The standard error of `difference`, from the spread of the per-deal
    /// differences.
    pub sigma: f64,
    /// A's and B's mean CPU seconds per searched move, over the deals whose
    /// times are CPU time (see [`PointsDeal::seconds`]).
    pub seconds_per_move: [f64; 2],
    /// How many deals have CPU times: `seconds_per_move` is over these
    /// alone, and means nothing when there are none.
    pub timed_deals: usize,
}

/// The summary of the deals of a match.
#[must_use]
pub fn summarize(deals: &[PointsDeal]) -> PointsSummary {
    let n = deals.len();
    let (mut a, mut b) = (0.0, 0.0);
    let mut diffs = Vec::with_capacity(n);
    let (mut secs, mut moves) = ([0.0; 2], [0usize; 2]);
    let mut timed_deals = 0;
    for d in deals {
        let (da, db) = (d.a[0] + d.a[1], d.b[0] + d.b[1]);
        a += da;
        b += db;
        diffs.push(if da + db > 0.0 {
            100.0 * (da - db) / (da + db)
        } else {
            0.0
        });
        if d.cpu_seconds {
            timed_deals += 1;
            for i in 0..2 {
                secs[i] += d.seconds[i];
                moves[i] += d.moves[i];
            }
        }
    }
    let total = a + b;
    let mean = diffs.iter().sum::<f64>() / n.max(1) as f64;
    let var = if n > 1 {
        diffs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1) as f64
    } else {
        0.0
    };
    PointsSummary {
        deals: n,
        share_a: if total > 0.0 { 100.0 * a / total } else { 50.0 },
        difference: if total > 0.0 {
            100.0 * (a - b) / total
        } else {
            0.0
        },
        sigma: (var / n.max(1) as f64).sqrt(),
        seconds_per_move: [0, 1].map(|i| {
            if moves[i] > 0 {
                secs[i] / moves[i] as f64
            } else {
                0.0
            }
        }),
        timed_deals,
    }
}

/// The match and the deals of a points-match results file, whoever wrote
/// it (a last line cut short by an interruption is left out).
///
/// # Errors
/// [`PointsError`] when the file cannot be read, has no header of a points
/// match, names players that do not read, or has a damaged line.
pub fn read(path: &Path) -> Result<(PointsMatch, Vec<PointsDeal>), PointsError> {
    read_with_build(path).map(|(config, _, deals)| (config, deals))
}

/// [`read`], with the build that created the file (its header's).
///
/// # Errors
/// As [`read`].
pub fn read_with_build(
    path: &Path,
) -> Result<(PointsMatch, crate::provenance::Build, Vec<PointsDeal>), PointsError> {
    let whole = read_whole_lines(path)?;
    let bad = |message: String| ResultsError::Line {
        path: path.to_path_buf(),
        line: 1,
        message,
    };
    let header: Header = serde_json::from_str(whole.first.as_deref().unwrap_or_default())
        .map_err(|e| bad(format!("not the header of a points match: {e}")))?;
    let player = |s: &str| {
        s.parse::<PlayerKind>()
            .map_err(|e| bad(format!("{s}: {e}")))
    };
    let config = PointsMatch {
        game: header.game,
        a: player(&header.a)?,
        b: player(&header.b)?,
        seed: header.seed,
    };
    Ok((config, header.build, parse_deals(path, &whole)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wall_times_of_old_records_stay_out_of_the_time_per_move() {
        let old = r#"{"index":0,"deal":"x","a":[100.0,60.0],"b":[62.0,102.0],"seconds":[90.0,4.0],"moves":[10,10]}"#;
        let old: PointsDeal = serde_json::from_str(old).expect("an old record reads");
        assert!(!old.cpu_seconds);
        let new = PointsDeal {
            index: 1,
            cpu_seconds: true,
            seconds: [2.0, 1.0],
            ..old.clone()
        };
        let s = summarize(&[old.clone(), new]);
        assert_eq!((s.deals, s.timed_deals), (2, 1));
        assert_eq!(s.seconds_per_move, [0.2, 0.1]);
        assert_eq!(summarize(&[old]).timed_deals, 0);
    }

    #[test]
    fn contract_bridge_is_refused_and_the_card_play_keeps_its_files_name() {
        let m = PointsMatch {
            game: GameKind::Bridge,
            a: PlayerKind::Random,
            b: PlayerKind::Random,
            seed: 3,
        };
        let dir = tempfile::tempdir().expect("a directory");
        let path = dir.path().join("m.jsonl");
        assert!(matches!(
            m.run(1, &path, &|| {}),
            Err(PointsError::NotPoints(GameKind::Bridge))
        ));
        assert!(!path.exists(), "nothing written");
        assert!(matches!(m.play_deal(0), Err(PointsError::NotPoints(_))));
        let card_play = PointsMatch {
            game: GameKind::BridgeCardplay,
            ..m
        };
        let header = serde_json::to_value(card_play.header()).expect("a header");
        assert_eq!(header["game"], "bridge");
        for name in ["bridge", "bridge-cardplay"] {
            let mut text = header.clone();
            text["game"] = name.into();
            let read: Header = serde_json::from_value(text).expect("read");
            assert_eq!(read.game, GameKind::BridgeCardplay);
        }
        let mut text = header;
        text["game"] = "chess".into();
        assert!(serde_json::from_value::<Header>(text).is_err());
    }

    #[test]
    fn a_line_cut_short_by_an_interruption_is_played_again_and_the_file_stays_whole() {
        let m = PointsMatch {
            game: GameKind::Belote,
            a: PlayerKind::Random,
            b: PlayerKind::Random,
            seed: 3,
        };
        let dir = tempfile::tempdir().expect("a directory");
        let path = dir.path().join("m.jsonl");
        let whole = m.run(3, &path, &|| {}).expect("played");
        // Killed while writing the third deal's line: half of it written,
        // no newline.
        let text = std::fs::read_to_string(&path).expect("the file");
        let cut = text.trim_end().rfind('\n').expect("lines") + 1;
        let half = cut + (text.len() - cut) / 2;
        std::fs::write(&path, &text[..half]).expect("cut");
        let resumed = m.run(4, &path, &|| {}).expect("resumed");
        assert_eq!(resumed.len(), 4);
        let key = |d: &PointsDeal| (d.index, d.deal.clone(), d.a, d.b);
        assert_eq!(
            resumed[..3].iter().map(key).collect::<Vec<_>>(),
            whole.iter().map(key).collect::<Vec<_>>()
        );
        // Every line of the file is whole, and reading it back (and
        // resuming it again) works.
        let text = std::fs::read_to_string(&path).expect("the file");
        for line in text.lines() {
            serde_json::from_str::<serde_json::Value>(line).expect("a whole line");
        }
        assert_eq!(text.lines().count(), 5);
        assert_eq!(m.run(5, &path, &|| {}).expect("resumed").len(), 5);
    }

    #[test]
    fn a_match_is_reproducible_and_resumes() {
        let m = PointsMatch {
            game: GameKind::Belote,
            a: "tc-pimc:worlds=2:rd=none".parse().expect("a player"),
            b: PlayerKind::Random,
            seed: 5,
        };
        let dir = tempfile::tempdir().expect("a directory");
        let path = dir.path().join("m.jsonl");
        let first = m.run(2, &path, &|| {}).expect("played");
        assert_eq!(first.len(), 2);
        // Each deal's points add up to two deals' worth (no bonus here).
        for d in &first {
            assert_eq!(d.a[0] + d.b[0], 162.0);
            assert_eq!(d.a[1] + d.b[1], 162.0);
        }
        // Asking for one more deal plays only that one; the same seed gives
        // the same deals and cards.
        let more = m.run(3, &path, &|| {}).expect("resumed");
        // (Seconds are read back from JSON, not always to the last bit.)
        let key = |d: &PointsDeal| (d.index, d.deal.clone(), d.a, d.b, d.moves);
        assert_eq!(
            more[..2].iter().map(key).collect::<Vec<_>>(),
            first.iter().map(key).collect::<Vec<_>>()
        );
        let again = m.play_deal(1).expect("played");
        assert_eq!(again.a, first[1].a);
        assert_eq!(again.deal, first[1].deal);
        // Another match refuses the file.
        let other = PointsMatch {
            seed: 6,
            ..m.clone()
        };
        assert!(matches!(
            other.run(1, &path, &|| {}),
            Err(PointsError::Results(ResultsError::Line { line: 1, .. }))
        ));
        // Reading back: every deal the file holds.
        assert_eq!(m.run(0, &path, &|| {}).expect("read").len(), 3);
        // A second writer is refused while the first holds the lock.
        let _held = crate::results::ResultsLock::acquire(&path).expect("free");
        assert!(matches!(
            m.run(4, &path, &|| {}),
            Err(PointsError::Results(ResultsError::InUse { .. }))
        ));
        let s = summarize(&more);
        assert_eq!(s.deals, 3);
        assert!((s.share_a - 50.0 - s.difference / 2.0).abs() < 1e-9);
    }

    #[test]
    fn a_file_written_under_a_players_old_name_resumes() {
        let m = PointsMatch {
            game: GameKind::Belote,
            a: "tc-pimc:worlds=2:rd=none".parse().expect("a player"),
            b: PlayerKind::Random,
            seed: 5,
        };
        let dir = tempfile::tempdir().expect("a directory");
        let path = dir.path().join("m.jsonl");
        let first = m.run(1, &path, &|| {}).expect("played");
        // The header as a build before `tc-` wrote it.
        let text = std::fs::read_to_string(&path).expect("the file");
        let old = text.replacen("tc-pimc:", "pimc:", 1);
        assert_ne!(old, text);
        std::fs::write(&path, old).expect("written");
        let (read_back, deals) = read(&path).expect("read");
        assert_eq!(read_back.a, m.a);
        assert_eq!(deals.len(), 1);
        let more = m.run(2, &path, &|| {}).expect("resumed");
        assert_eq!(more.len(), 2);
        assert_eq!(more[0].a, first[0].a);
        // Another player is still another match.
        let other = PointsMatch {
            a: "tc-pimc:worlds=3:rd=none".parse().expect("a player"),
            ..m.clone()
        };
        assert!(other.run(3, &path, &|| {}).is_err());
    }
}

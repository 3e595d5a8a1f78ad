//! Replaying recorded results on the current build: the deals of a
//! results file played again with the file's match (players, mode, seed),
//! card for card against what the file recorded. A difference means the
//! build that wrote the line plays otherwise than this one, so that results
//! of the two are not one experiment.

use arena::deal_set::{self, SetBoard};
use arena::matches::{self, DefenceMemory, KnownTables, MatchConfig};
use arena::points::{PointsDeal, PointsMatch};
use arena::results::{self, Mode};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// A results file that cannot be replayed.
#[derive(Debug, Error)]
pub enum ReplayError {
    /// Reading the file or its deal set.
    #[error("{path}: {why}")]
    File {
        /// The file.
        path: PathBuf,
        /// Why.
        why: String,
    },
}

/// Where a replayed deal parts from the recorded one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The deal's index in the set (or the points match).
    pub deal: usize,
    /// The table or game: `a` or `b` (bridge matches), `game 1` or
    /// `game 2` (points matches).
    pub table: String,
    /// What differs: the first card that differs, with both, or the
    /// points when the file kept no cards.
    pub what: String,
    /// The commit that recorded the line, when the line says.
    pub recorded_by: Option<String>,
}

/// What a replay of one file found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Replay {
    /// Deals replayed.
    pub replayed: usize,
    /// Deals whose cards were compared (the others only by their points:
    /// records written before the cards were kept).
    pub compared_cards: usize,
    /// The differences.
    pub differences: Vec<Difference>,
    /// The deals the file holds (all of its lines, replayed or not).
    pub deals: usize,
    /// The CPU seconds the file's lines record for choosing their cards,
    /// summed, when every line records CPU time (the round robins' lines
    /// do; the duplicate matches' keep no time).
    pub recorded_cpu_seconds: Option<f64>,
    /// Whether no line of the file records the commit that played it.
    pub unrecorded: bool,
}

/// `sample` of the `n` lines, spread evenly from the first (all of them
/// when `sample >= n`).
fn spread(n: usize, sample: usize) -> Vec<usize> {
    if sample >= n {
        return (0..n).collect();
    }
    (0..sample).map(|k| k * n / sample).collect()
}

/// Where the first card differs, if anywhere.
fn first_difference(recorded: &str, replayed: &str) -> Option<String> {
    let a: Vec<&str> = recorded.split_whitespace().collect();
    let b: Vec<&str> = replayed.split_whitespace().collect();
    let at = (0..a.len().max(b.len())).find(|&i| a.get(i) != b.get(i))?;
    Some(format!(
        "card {}: recorded {}, replayed {}",
        at + 1,
        a.get(at).unwrap_or(&"nothing"),
        b.get(at).unwrap_or(&"nothing")
    ))
}

/// The deal set a results file names, looked for beside the file and from
/// each of its parent folders (experiments name theirs either way).
#[must_use]
pub fn find_deal_set(results_path: &Path, named: &str) -> Option<PathBuf> {
    let named = Path::new(named);
    if named.is_absolute() {
        return named.is_file().then(|| named.to_path_buf());
    }
    results_path
        .ancestors()
        .skip(1)
        .map(|dir| dir.join(named))
        .chain(std::iter::once(named.to_path_buf()))
        .find(|p| p.is_file())
}

/// Replays `sample` deals (spread over the file) of the bridge match in
/// the results file at `path` on this build.
///
/// # Errors
/// [`ReplayError`] when the file, its header's players or its deal set
/// cannot be read.
pub fn replay_match(path: &Path, sample: usize) -> Result<Replay, ReplayError> {
    let fail = |why: String| ReplayError::File {
        path: path.to_path_buf(),
        why,
    };
    let (header, lines) = results::read(path).map_err(|e| fail(e.to_string()))?;
    let set = find_deal_set(path, &header.deals)
        .ok_or_else(|| fail(format!("its deal set {} is not found", header.deals)))?;
    let text =
        std::fs::read_to_string(&set).map_err(|e| fail(format!("{}: {e}", set.display())))?;
    let boards: Vec<SetBoard> =
        deal_set::read_pbn(&text).map_err(|e| fail(format!("{}: {e}", set.display())))?;
    let parse = |s: &str| {
        s.parse::<players::player::PlayerSpec>()
            .map_err(|e| fail(e.to_string()))
    };
    let config = MatchConfig {
        a: parse(&header.a)?,
        b: parse(&header.b)?,
        defense: if header.mode == Mode::Pairs {
            players::player::PlayerSpec::dd()
        } else {
            parse(&header.defense)?
        },
        mode: header.mode,
        seed: header.seed,
        discrepancies: header.discrepancies,
    };
    let mut out = Replay {
        deals: lines.len(),
        unrecorded: lines.iter().all(|r| r.commit.is_none()),
        ..Replay::default()
    };
    for k in spread(lines.len(), sample) {
        let r = &lines[k];
        let board = boards
            .get(r.deal)
            .ok_or_else(|| fail(format!("deal {} is not in the deal set", r.deal)))?;
        let again = matches::play_deal(
            &config,
            r.deal,
            board,
            &KnownTables::default(),
            &DefenceMemory::default(),
        )
        .map_err(|e| fail(format!("deal {}: {e}", r.deal)))?;
        out.replayed += 1;
        out.compared_cards += 1;
        for (table, recorded, replayed) in [("a", &r.a, &again.a), ("b", &r.b, &again.b)] {
            if let Some(what) = first_difference(&recorded.play, &replayed.play) {
                out.differences.push(Difference {
                    deal: r.deal,
                    table: table.into(),
                    what,
                    recorded_by: r.commit.clone(),
                });
            }
        }
    }
    Ok(out)
}

/// Replays `sample` deals of the points match in the results file at
/// `path` (the trick-costs round robins) on this build.
///
/// # Errors
/// [`ReplayError`] when the file cannot be read.
pub fn replay_points(path: &Path, sample: usize) -> Result<Replay, ReplayError> {
    let fail = |why: String| ReplayError::File {
        path: path.to_path_buf(),
        why,
    };
    let (config, lines): (PointsMatch, Vec<PointsDeal>) =
        arena::points::read(path).map_err(|e| fail(e.to_string()))?;
    let mut out = Replay {
        deals: lines.len(),
        recorded_cpu_seconds: lines
            .iter()
            .all(|d| d.cpu_seconds)
            .then(|| lines.iter().map(|d| d.seconds[0] + d.seconds[1]).sum()),
        unrecorded: lines.iter().all(|d| d.commit.is_none()),
        ..Replay::default()
    };
    for k in spread(lines.len(), sample) {
        let d = &lines[k];
        let again = config
            .play_deal(d.index)
            .map_err(|e| fail(format!("deal {}: {e}", d.index)))?;
        out.replayed += 1;
        let cards_kept = d.play.iter().any(|p| !p.is_empty());
        if cards_kept {
            out.compared_cards += 1;
        }
        for game in 0..2 {
            let what = if cards_kept {
                first_difference(&d.play[game], &again.play[game])
            } else {
                (d.a[game] != again.a[game] || d.b[game] != again.b[game]).then(|| {
                    format!(
                        "points: recorded A {} B {}, replayed A {} B {} (no cards recorded)",
                        d.a[game], d.b[game], again.a[game], again.b[game]
                    )
                })
            };
            if let Some(what) = what {
                out.differences.push(Difference {
                    deal: d.index,
                    table: format!("game {}", game + 1),
                    what,
                    recorded_by: d.commit.clone(),
                });
            }
        }
    }
    Ok(out)
}

/// Replays a results file of either kind, told apart by its first line.
///
/// # Errors
/// As [`replay_match`] and [`replay_points`].
pub fn replay_file(path: &Path, sample: usize) -> Result<Replay, ReplayError> {
    let kind = results::kind_of(path).map_err(|e| ReplayError::File {
        path: path.to_path_buf(),
        why: e.to_string(),
    })?;
    match kind {
        results::ResultsKind::Duplicate => replay_match(path, sample),
        results::ResultsKind::Points => replay_points(path, sample),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_spread_over_the_file() {
        assert_eq!(spread(10, 3), vec![0, 3, 6]);
        assert_eq!(spread(2, 5), vec![0, 1]);
        assert!(spread(0, 3).is_empty());
    }

    #[test]
    fn the_first_differing_card_is_named() {
        assert_eq!(first_difference("SA S2 S3", "SA S2 S3"), None);
        assert_eq!(
            first_difference("SA S2 S3", "SA H2 S3").as_deref(),
            Some("card 2: recorded S2, replayed H2")
        );
        assert_eq!(
            first_difference("SA", "SA S2").as_deref(),
            Some("card 2: recorded nothing, replayed S2")
        );
    }
}

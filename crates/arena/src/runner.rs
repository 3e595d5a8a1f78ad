//! The one deal driver of every match: the deals not yet in a results
//! file are played in parallel, one job a deal, and each deal's line is
//! appended to its file as soon as it is known, so an interrupted run
//! loses nothing and a rerun resumes. A duplicate match on a deal set
//! ([`crate::matches`]) and a points match of any game ([`crate::points`])
//! are jobs of this driver; several jobs on the same deals are played
//! together, deal by deal, so that a later job can take over what an
//! earlier one played (a declarer's table, the defence's cards).

use crate::results::{LinesWriter, ResultsError};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::HashSet;

/// One match of a run: how it plays a deal (its line, or why it cannot),
/// where its lines go and the deals its file already holds.
pub struct DealJob<'a, L> {
    /// Plays deal `index` (0-based).
    pub play: &'a (dyn Fn(usize) -> Result<L, String> + Sync),
    /// The match's results file.
    pub writer: &'a LinesWriter,
    /// Deals already in the file.
    pub done: &'a HashSet<usize>,
}

/// What became of one deal of one job.
pub enum Outcome<'l, L> {
    /// Played, and its line appended.
    Played(&'l L),
    /// The job could not play it (the other deals go on).
    Failed(String),
}

/// Plays every deal below `deals` that some job does not hold yet, in
/// parallel on the current rayon pool with every deal its own rayon job
/// (so that no thread is left waiting behind a long deal); within a deal
/// the jobs play in order on one thread. Each line is appended to its
/// job's file as soon as it is known, then `on_deal(job, deal, outcome)`
/// is told. Returns the deals that failed, per job.
///
/// # Errors
/// [`ResultsError`] when a results file cannot be written.
pub fn play_deals<L: Serialize>(
    deals: usize,
    jobs: &[DealJob<'_, L>],
    on_deal: &(dyn Fn(usize, usize, Outcome<'_, L>) + Sync),
) -> Result<Vec<usize>, ResultsError> {
    let pending: Vec<usize> = (0..deals)
        .filter(|i| jobs.iter().any(|j| !j.done.contains(i)))
        .collect();
    let failures: Vec<Result<Vec<usize>, ResultsError>> = pending
        .par_iter()
        .with_max_len(1)
        .map(|&i| {
            let mut failed = Vec::new();
            for (k, job) in jobs.iter().enumerate() {
                if job.done.contains(&i) {
                    continue;
                }
                match (job.play)(i) {
                    Ok(line) => {
                        job.writer.append(&line)?;
                        on_deal(k, i, Outcome::Played(&line));
                    }
                    Err(why) => {
                        failed.push(k);
                        on_deal(k, i, Outcome::Failed(why));
                    }
                }
            }
            Ok(failed)
        })
        .collect();
    let mut failed = vec![0; jobs.len()];
    for f in failures {
        for k in f? {
            failed[k] += 1;
        }
    }
    Ok(failed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::{read_whole_lines, ResultsLock};
    use std::sync::Mutex;

    fn writer(path: &std::path::Path) -> LinesWriter {
        let lock = ResultsLock::acquire(path).unwrap();
        LinesWriter::open(path, "{\"kind\":\"test\"}", &|_| Ok(()), lock)
            .unwrap()
            .0
    }

    /// Every pending deal of every job is played once, in any order, each
    /// line written whole; a failing deal is counted and the rest go on;
    /// within a deal the jobs play in order.
    #[test]
    fn every_pending_deal_is_played_once_and_failures_are_counted() {
        let dir = tempfile::tempdir().unwrap();
        let (pa, pb) = (dir.path().join("a.jsonl"), dir.path().join("b.jsonl"));
        let (wa, wb) = (writer(&pa), writer(&pb));
        let done_a: HashSet<usize> = [1, 3].into();
        let done_b = HashSet::new();
        let order = Mutex::new(Vec::new());
        let play_a = |i: usize| {
            order.lock().unwrap().push((i, 'a'));
            Ok(i * 10)
        };
        let play_b = |i: usize| {
            order.lock().unwrap().push((i, 'b'));
            if i == 2 {
                Err("deal 2 cannot be played".to_string())
            } else {
                Ok(i * 100)
            }
        };
        let told = Mutex::new(Vec::new());
        let jobs = [
            DealJob {
                play: &play_a,
                writer: &wa,
                done: &done_a,
            },
            DealJob {
                play: &play_b,
                writer: &wb,
                done: &done_b,
            },
        ];
        let failed = play_deals(5, &jobs, &|k, i, o| {
            told.lock()
                .unwrap()
                .push((k, i, matches!(o, Outcome::Played(_))));
        })
        .unwrap();
        assert_eq!(failed, [0, 1]);
        let lines = |p: &std::path::Path| -> Vec<usize> {
            let mut v: Vec<usize> = read_whole_lines(p)
                .unwrap()
                .lines
                .iter()
                .map(|(_, l)| l.parse().unwrap())
                .collect();
            v.sort_unstable();
            v
        };
        assert_eq!(lines(&pa), [0, 20, 40]);
        assert_eq!(lines(&pb), [0, 100, 300, 400]);
        let order = order.into_inner().unwrap();
        assert_eq!(order.len(), 3 + 5);
        for i in [0, 2, 4] {
            let a = order.iter().position(|&x| x == (i, 'a')).unwrap();
            let b = order.iter().position(|&x| x == (i, 'b')).unwrap();
            assert!(a < b, "deal {i}: job a plays before job b");
        }
        assert_eq!(told.into_inner().unwrap().len(), 8);
    }
}

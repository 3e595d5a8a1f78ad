//! Answering many input lines on a thread pool, printing answers in input
//! order as soon as each is ready, with a progress bar on a terminal.

use crate::input::Line;
use anyhow::{Context, Result};
use std::collections::BTreeMap;
use std::io::Write;
use std::sync::mpsc;

/// Answers every line with `answer` on `threads` threads (0: all cores).
/// Successful answers go to standard output in input order, each flushed
/// as soon as the lines before it are done; failures go to standard error
/// as `line N: message`. Returns the number of failed lines.
pub fn run<F>(lines: Vec<Line>, threads: usize, answer: F) -> Result<usize>
where
    F: Fn(&str) -> Result<String, String> + Sync + Send + 'static,
{
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("cannot start the thread pool")?;
    let total = lines.len();
    let progress = crate::progress::Meter::new(total, "lines");
    let numbers: Vec<usize> = lines.iter().map(|l| l.number).collect();
    let (sender, receiver) = mpsc::channel();
    let answer = std::sync::Arc::new(answer);
    for (index, line) in lines.into_iter().enumerate() {
        let sender = sender.clone();
        let answer = answer.clone();
        pool.spawn_fifo(move || {
            let result = match line.fault {
                Some(fault) => Err(fault),
                None => answer(&line.text),
            };
            let _ = sender.send((index, result));
        });
    }
    drop(sender);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut pending = BTreeMap::new();
    let mut next = 0;
    let mut failed = 0;
    for (index, result) in receiver {
        pending.insert(index, result);
        while let Some(result) = pending.remove(&next) {
            match result {
                Ok(text) => {
                    progress.suspend(|| writeln!(out, "{text}").and_then(|()| out.flush()))?;
                }
                Err(message) => {
                    failed += 1;
                    progress.suspend(|| eprintln!("line {}: {message}", numbers[next]));
                }
            }
            next += 1;
            progress.inc(1);
        }
    }
    progress.finish_and_clear();
    debug_assert_eq!(next, total);
    Ok(failed)
}

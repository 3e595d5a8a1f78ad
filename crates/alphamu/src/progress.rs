//! Progress of long work: a bar with an ETA on a terminal; off a terminal
//! (a script, a CI log), a line every few seconds, so that the log shows
//! life and how far the work is.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Seconds between progress lines off a terminal; the environment
/// variable `ALPHAMU_PROGRESS_SECONDS` changes it (0: a line per step).
fn interval() -> Duration {
    let seconds = std::env::var("ALPHAMU_PROGRESS_SECONDS")
        .ok()
        .and_then(|v| v.parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0)
        .unwrap_or(10.0);
    Duration::from_secs_f64(seconds)
}

/// How long, as people write it: "42s", "3m05s", "1h02m".
fn duration(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0..=59 => format!("{s}s"),
        60..=3599 => format!("{}m{:02}s", s / 60, s % 60),
        _ => format!("{}h{:02}m", s / 3600, s % 3600 / 60),
    }
}

enum Display {
    Bar(ProgressBar),
    Lines {
        what: String,
        total: u64,
        position: AtomicU64,
        start: Instant,
        last: Mutex<Instant>,
        every: Duration,
    },
}

/// The progress of `total` steps of work.
pub struct Meter(Display);

impl Meter {
    /// A meter of `total` steps named `what` ("deals", "lines").
    pub fn new(total: usize, what: &str) -> Meter {
        if std::io::stderr().is_terminal() {
            let bar = ProgressBar::new(total as u64);
            bar.set_style(
                ProgressStyle::with_template(&format!(
                    "{what} {{bar:40}} {{pos}}/{{len}}, eta {{eta}}"
                ))
                .expect("valid template"),
            );
            Meter(Display::Bar(bar))
        } else {
            let now = Instant::now();
            Meter(Display::Lines {
                what: what.to_string(),
                total: total as u64,
                position: AtomicU64::new(0),
                start: now,
                last: Mutex::new(now),
                every: interval(),
            })
        }
    }

    /// `n` more steps done.
    pub fn inc(&self, n: u64) {
        match &self.0 {
            Display::Bar(bar) => bar.inc(n),
            Display::Lines {
                what,
                total,
                position,
                start,
                last,
                every,
            } => {
                let done = position.fetch_add(n, Ordering::SeqCst) + n;
                let mut last = last
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                if last.elapsed() < *every && done < *total {
                    return;
                }
                *last = Instant::now();
                let elapsed = start.elapsed();
                let eta = if done > 0 && done < *total {
                    let left = elapsed.mul_f64((*total - done) as f64 / done as f64);
                    format!(", eta {}", duration(left))
                } else {
                    String::new()
                };
                eprintln!(
                    "{what}: {done}/{total} ({:.0}%), {} elapsed{eta}",
                    100.0 * done as f64 / (*total).max(1) as f64,
                    duration(elapsed)
                );
            }
        }
    }

    /// Runs `f` (which prints) without the bar in the way.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.0 {
            Display::Bar(bar) => bar.suspend(f),
            Display::Lines { .. } => f(),
        }
    }

    /// The work is over: the bar goes away.
    pub fn finish_and_clear(&self) {
        if let Display::Bar(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::duration;
    use std::time::Duration;

    #[test]
    fn durations_read_as_people_write_them() {
        assert_eq!(duration(Duration::from_secs(42)), "42s");
        assert_eq!(duration(Duration::from_secs(185)), "3m05s");
        assert_eq!(duration(Duration::from_secs(3720)), "1h02m");
    }
}

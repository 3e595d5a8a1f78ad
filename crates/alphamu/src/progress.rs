//! Progress of long work: a bar with an ETA on a terminal; off a terminal
//! (a script, a CI log), a line every few seconds, so that the log shows
//! life and how far the work is.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
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

/// The state of a meter that prints lines, shared with its heartbeat.
struct Lines {
    what: String,
    total: u64,
    position: AtomicU64,
    start: Instant,
    last: Mutex<Instant>,
    every: Duration,
    finished: AtomicBool,
    /// Where the lines go: standard error, or a test's list.
    sink: Box<dyn Fn(String) + Send + Sync>,
}

impl Lines {
    /// Prints where the work stands.
    fn print(&self, done: u64) {
        let elapsed = self.start.elapsed();
        let eta = if done > 0 && done < self.total {
            let left = elapsed.mul_f64((self.total - done) as f64 / done as f64);
            format!(", eta {}", duration(left))
        } else {
            String::new()
        };
        (self.sink)(format!(
            "{}: {done}/{} ({:.0}%), {} elapsed{eta}",
            self.what,
            self.total,
            100.0 * done as f64 / self.total.max(1) as f64,
            duration(elapsed)
        ));
    }

    /// Prints a line when `every` has passed since the last one, or
    /// always when `force`.
    fn tick(&self, force: bool) {
        let done = self.position.load(Ordering::SeqCst);
        let mut last = self
            .last
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if !force && (last.elapsed() < self.every || self.finished.load(Ordering::SeqCst)) {
            return;
        }
        *last = Instant::now();
        self.print(done);
    }
}

enum Display {
    Bar(ProgressBar),
    Lines(Arc<Lines>),
}

/// The progress of `total` steps of work.
pub struct Meter(Display);

impl Meter {
    /// A meter of `total` steps named `what` ("deals", "lines"). Off a
    /// terminal it prints a line at least every interval while the work
    /// runs, a long step included (a heartbeat thread, which ends with the
    /// meter), and one when the last step ends.
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
            Meter::lines(
                total,
                what,
                interval(),
                Box::new(|line| eprintln!("{line}")),
            )
        }
    }

    /// A meter that prints lines to `sink`, at least every `every` while
    /// the work runs (0: a line per step, no heartbeat).
    fn lines(
        total: usize,
        what: &str,
        every: Duration,
        sink: Box<dyn Fn(String) + Send + Sync>,
    ) -> Meter {
        let now = Instant::now();
        let lines = Arc::new(Lines {
            what: what.to_string(),
            total: total as u64,
            position: AtomicU64::new(0),
            start: now,
            last: Mutex::new(now),
            every,
            finished: AtomicBool::new(false),
            sink,
        });
        if !every.is_zero() {
            let beat = Arc::downgrade(&lines);
            std::thread::spawn(move || heartbeat(&beat, every));
        }
        Meter(Display::Lines(lines))
    }

    /// `n` more steps done.
    pub fn inc(&self, n: u64) {
        match &self.0 {
            Display::Bar(bar) => bar.inc(n),
            Display::Lines(lines) => {
                let done = lines.position.fetch_add(n, Ordering::SeqCst) + n;
                lines.tick(done >= lines.total);
            }
        }
    }

    /// Runs `f` (which prints) without the bar in the way.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.0 {
            Display::Bar(bar) => bar.suspend(f),
            Display::Lines(_) => f(),
        }
    }

    /// The work is over: the bar goes away, the heartbeat stops.
    pub fn finish_and_clear(&self) {
        match &self.0 {
            Display::Bar(bar) => bar.finish_and_clear(),
            Display::Lines(lines) => {
                // Under the lock: no heartbeat line is half printed after.
                let _last = lines
                    .last
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                lines.finished.store(true, Ordering::SeqCst);
            }
        }
    }
}

impl Drop for Meter {
    fn drop(&mut self) {
        self.finish_and_clear();
    }
}

/// Off a terminal: a line whenever `every` passes without one, until the
/// meter is finished or gone. Wakes a few times an interval so that it
/// ends soon after the work.
fn heartbeat(lines: &Weak<Lines>, every: Duration) {
    let nap = (every / 4).clamp(Duration::from_millis(10), Duration::from_secs(1));
    loop {
        std::thread::sleep(nap);
        let Some(lines) = lines.upgrade() else { return };
        if lines.finished.load(Ordering::SeqCst) {
            return;
        }
        lines.tick(false);
    }
}

#[cfg(test)]
mod tests {
    use super::{duration, Meter};
    use std::sync::{Arc, Mutex};
    use std::time::Duration;

    #[test]
    fn a_long_step_shows_life_off_a_terminal() {
        // One step of 0.6 s with a line due every 0.1 s: the heartbeat
        // prints while the step runs (a line only at each step's end
        // would give none before it), and stops with the meter.
        let seen = Arc::new(Mutex::new(Vec::new()));
        let sink = seen.clone();
        let meter = Meter::lines(
            2,
            "deals",
            Duration::from_millis(100),
            Box::new(move |line| sink.lock().unwrap().push(line)),
        );
        std::thread::sleep(Duration::from_millis(600));
        assert!(!seen.lock().unwrap().is_empty());
        assert!(seen.lock().unwrap()[0].starts_with("deals: 0/2 (0%)"));
        meter.inc(2);
        drop(meter);
        let at_the_end = seen.lock().unwrap().len();
        std::thread::sleep(Duration::from_millis(300));
        let lines = seen.lock().unwrap().clone();
        assert_eq!(lines.len(), at_the_end, "{lines:?}");
        assert!(
            lines[at_the_end - 1].starts_with("deals: 2/2 (100%)"),
            "{lines:?}"
        );
    }

    #[test]
    fn durations_read_as_people_write_them() {
        assert_eq!(duration(Duration::from_secs(42)), "42s");
        assert_eq!(duration(Duration::from_secs(185)), "3m05s");
        assert_eq!(duration(Duration::from_secs(3720)), "1h02m");
    }
}

//! The statistics the papers report on a duplicate match.
//!
//! - Contract success rate of each side, with its binomial standard
//!   deviation `sqrt(p (1 - p) / n)`.
//! - The deals where the two results differ, and the winrate of A among
//!   them with `sqrt(w (1 - w) / d)` (table 4 of the optimizing paper:
//!   0.567 over 812 deals gives 0.0174).
//! - The mean trick difference per deal (A's table minus B's), the
//!   standard deviation of one deal's difference (`n - 1` in the
//!   denominator) and of the mean (divided by `sqrt(n)`), and A's wins,
//!   draws and losses in tricks (the recursive Monte Carlo paper).
//! - Declaring-side time per move and alpha-mu's discrepancies with M = 1.
//!
//! Comparisons of A and B are paired: both play the same deals, so the
//! difference is taken deal by deal and its standard error is that of the
//! mean of the per-deal differences ([`Paired`]), far smaller than the
//! two rates' own binomial σ combined when the tables mostly agree. A
//! winrate among the differing deals gets its exact two-sided binomial
//! p-value ([`binomial_two_sided`]), meaningful where a handful of deals
//! differ. A figure compared with a paper's gets z and a verdict
//! ([`Comparison`]).

use crate::results::DealResult;
use serde::Serialize;

/// A rate with its standard deviation.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Rate {
    /// Successes over trials.
    pub rate: f64,
    /// Binomial standard deviation of the rate.
    pub sigma: f64,
    /// Successes.
    pub successes: usize,
    /// Trials.
    pub trials: usize,
}

impl Rate {
    /// `successes` out of `trials` (`None` with no trial).
    #[must_use]
    pub fn new(successes: usize, trials: usize) -> Option<Rate> {
        (trials > 0).then(|| {
            let p = successes as f64 / trials as f64;
            Rate {
                rate: p,
                sigma: (p * (1.0 - p) / trials as f64).sqrt(),
                successes,
                trials,
            }
        })
    }
}

/// The mean of per-deal differences A − B over the same deals, with its
/// standard error (the per-deal standard deviation, `n - 1` in the
/// denominator, over `sqrt(n)`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Paired {
    /// The mean difference.
    pub mean: f64,
    /// Its standard error.
    pub se: f64,
    /// Deals.
    pub n: usize,
}

impl Paired {
    /// The paired comparison of `differences`, one per deal (`None` with
    /// no deal).
    #[must_use]
    pub fn of(differences: &[f64]) -> Option<Paired> {
        (!differences.is_empty()).then(|| {
            let (mean, _, se) = mean_sd_sigma(differences);
            Paired {
                mean,
                se,
                n: differences.len(),
            }
        })
    }

    /// z of the difference against 0 (`None` when every deal agrees).
    #[must_use]
    pub fn z(&self) -> Option<f64> {
        (self.se > 0.0).then(|| self.mean / self.se)
    }
}

/// The two-sided p-value of a standard normal statistic `z`: the chance
/// of a value at least as far from 0, `erfc(|z| / sqrt 2)`. The
/// complementary error function by its Chebyshev fit (relative error under
/// 1.2e-7 everywhere), enough for p-values printed to two figures.
#[must_use]
pub fn normal_two_sided(z: f64) -> f64 {
    let x = z.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.5 * x);
    let poly = -x * x - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    (t * poly.exp()).min(1.0)
}

/// Holm's step-down adjustment of p-values tested together: the smallest
/// `p` is multiplied by the number of tests, the next by one fewer, and so
/// on, each kept at least the one before (and at most 1). Rejecting where
/// the adjusted value is below α keeps the chance of any false rejection
/// among them at most α, whatever their dependence. Returned in the order
/// given.
#[must_use]
pub fn holm(p: &[f64]) -> Vec<f64> {
    let m = p.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p[a].total_cmp(&p[b]));
    let mut adjusted = vec![0.0; m];
    let mut running: f64 = 0.0;
    for (rank, &i) in order.iter().enumerate() {
        running = running.max(((m - rank) as f64 * p[i]).min(1.0));
        adjusted[i] = running;
    }
    adjusted
}

/// The exact two-sided p-value of `k` successes in `n` trials under a fair
/// coin: twice the probability of a count at least as far from `n / 2`
/// (at most 1). Summed in logarithms, exact to rounding for any `n`.
#[must_use]
pub fn binomial_two_sided(k: usize, n: usize) -> f64 {
    if n == 0 {
        return 1.0;
    }
    let tail = k.min(n - k);
    let ln2 = std::f64::consts::LN_2;
    // ln C(n, i) - n ln 2, for i = 0..=tail.
    let mut ln_choose = 0.0f64;
    let mut terms = Vec::with_capacity(tail + 1);
    for i in 0..=tail {
        if i > 0 {
            ln_choose += ((n - i + 1) as f64).ln() - (i as f64).ln();
        }
        terms.push(ln_choose - n as f64 * ln2);
    }
    let top = terms.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let sum: f64 = terms.iter().map(|t| (t - top).exp()).sum();
    (2.0 * top.exp() * sum).min(1.0)
}

/// What a comparison with a paper's figure says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Verdict {
    /// Within 2 combined standard errors, and our figure shows the
    /// paper's effect (more than 2 of our SEs from no effect).
    Reproduced,
    /// Within 2 combined standard errors, but our own figure is within 2
    /// of its SEs of no effect: the run agrees with the paper without
    /// showing the effect it claims ([`Comparison::against_no_effect`]).
    NoEffectShown,
    /// Between 2 and 3.
    Inconclusive,
    /// Beyond 3.
    Contradicted,
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Verdict::Reproduced => "reproduced",
            Verdict::NoEffectShown => "consistent, no effect shown",
            Verdict::Inconclusive => "inconclusive",
            Verdict::Contradicted => "contradicted",
        })
    }
}

/// Our figure against a paper's: z is their difference over the root of
/// the summed squared standard errors.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Comparison {
    /// The paper's figure.
    pub paper: f64,
    /// Its standard error (printed by the paper, or derived).
    pub paper_se: f64,
    /// Ours.
    pub ours: f64,
    /// Its standard error.
    pub ours_se: f64,
    /// (ours − paper) / sqrt(ours_se² + paper_se²).
    pub z: f64,
    /// |z| ≤ 2 reproduced, ≤ 3 inconclusive, beyond contradicted.
    pub verdict: Verdict,
}

impl Comparison {
    /// The comparison of a claimed effect, whose absence is `none` (0 for
    /// a difference, 1/2 for a winrate): a "reproduced" whose own figure
    /// lies within 2 of its SEs of `none` becomes
    /// [`Verdict::NoEffectShown`], keeping "reproduced" for runs that see
    /// the paper's effect.
    #[must_use]
    pub fn against_no_effect(mut self, none: f64) -> Comparison {
        if self.verdict == Verdict::Reproduced && (self.ours - none).abs() <= 2.0 * self.ours_se {
            self.verdict = Verdict::NoEffectShown;
        }
        self
    }

    /// Compares `ours` (± `ours_se`) with the paper's `paper` (±
    /// `paper_se`).
    #[must_use]
    pub fn new(paper: f64, paper_se: f64, ours: f64, ours_se: f64) -> Comparison {
        let se = (paper_se * paper_se + ours_se * ours_se).sqrt();
        let z = if se > 0.0 {
            (ours - paper) / se
        } else if ours == paper {
            0.0
        } else {
            f64::INFINITY.copysign(ours - paper)
        };
        let verdict = match z.abs() {
            a if a <= 2.0 => Verdict::Reproduced,
            a if a <= 3.0 => Verdict::Inconclusive,
            _ => Verdict::Contradicted,
        };
        Comparison {
            paper,
            paper_se,
            ours,
            ours_se,
            z,
            verdict,
        }
    }
}

/// Everything reported about a match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// Deals played at both tables.
    pub deals: usize,
    /// A's contract success rate.
    pub made_a: Option<Rate>,
    /// B's contract success rate.
    pub made_b: Option<Rate>,
    /// Deals where one side made the contract and the other did not.
    pub differing: usize,
    /// A's winrate among the differing deals.
    pub winrate: Option<Rate>,
    /// The exact two-sided binomial p-value of that winrate against 1/2.
    pub winrate_p: Option<f64>,
    /// A's made minus B's made per deal (1, 0 or -1), paired.
    pub made_difference: Option<Paired>,
    /// Mean of A's tricks minus B's tricks per deal.
    pub mean_trick_difference: f64,
    /// Standard deviation of one deal's difference.
    pub sd_trick_difference: f64,
    /// Standard deviation of the mean difference.
    pub sigma_mean_difference: f64,
    /// Deals where A took more tricks.
    pub wins: usize,
    /// Deals with the same tricks.
    pub draws: usize,
    /// Deals where A took fewer tricks.
    pub losses: usize,
    /// A's declaring decisions with a choice.
    pub decisions_a: usize,
    /// B's declaring decisions with a choice.
    pub decisions_b: usize,
    /// A's mean seconds per decision.
    pub time_per_move_a: Option<f64>,
    /// B's mean seconds per decision.
    pub time_per_move_b: Option<f64>,
    /// A's decisions where alpha-mu and M = 1 chose different cards.
    pub discrepancies_a: usize,
    /// B's such decisions.
    pub discrepancies_b: usize,
    /// Mean of A's duplicate score minus B's per deal, when every table
    /// has a score (full deals with a contract).
    pub mean_score_difference: Option<f64>,
    /// A's IMPs against B per deal (the score difference on the standard
    /// IMP scale), paired, when every table has a score.
    pub imps: Option<Paired>,
    /// Standard deviation of that mean.
    pub sigma_mean_score_difference: Option<f64>,
}

/// The mean of `values`, the standard deviation of one value (n - 1 in
/// the denominator) and the standard deviation of the mean.
fn mean_sd_sigma(values: &[f64]) -> (f64, f64, f64) {
    let n = values.len();
    if n == 0 {
        return (0.0, 0.0, 0.0);
    }
    let mean = values.iter().sum::<f64>() / n as f64;
    let sd = if n < 2 {
        0.0
    } else {
        (values.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1) as f64).sqrt()
    };
    (mean, sd, sd / (n as f64).sqrt())
}

/// Summarizes deal results.
#[must_use]
pub fn summarize(results: &[DealResult]) -> Summary {
    let n = results.len();
    let made_a = results.iter().filter(|r| r.a.made).count();
    let made_b = results.iter().filter(|r| r.b.made).count();
    let differing = results.iter().filter(|r| r.a.made != r.b.made).count();
    let a_wins = results.iter().filter(|r| r.a.made && !r.b.made).count();
    let diffs: Vec<f64> = results
        .iter()
        .map(|r| r.a.tricks as f64 - r.b.tricks as f64)
        .collect();
    let (mean, sd, sigma) = mean_sd_sigma(&diffs);
    let score_diffs: Option<Vec<f64>> = results
        .iter()
        .map(|r| Some(f64::from(r.a.score?) - f64::from(r.b.score?)))
        .collect();
    let score = score_diffs
        .as_ref()
        .filter(|d| !d.is_empty())
        .map(|d| mean_sd_sigma(d));
    let sum = |f: &dyn Fn(&DealResult) -> f64| results.iter().map(f).sum::<f64>();
    let decisions_a = results.iter().map(|r| r.a.decisions).sum();
    let decisions_b = results.iter().map(|r| r.b.decisions).sum();
    let per_move = |secs: f64, d: usize| (d > 0).then(|| secs / d as f64);
    Summary {
        deals: n,
        made_a: Rate::new(made_a, n),
        made_b: Rate::new(made_b, n),
        differing,
        winrate: Rate::new(a_wins, differing),
        winrate_p: (differing > 0).then(|| binomial_two_sided(a_wins, differing)),
        made_difference: Paired::of(
            &results
                .iter()
                .map(|r| f64::from(u8::from(r.a.made)) - f64::from(u8::from(r.b.made)))
                .collect::<Vec<_>>(),
        ),
        mean_trick_difference: mean,
        sd_trick_difference: sd,
        sigma_mean_difference: sigma,
        wins: diffs.iter().filter(|&&d| d > 0.0).count(),
        draws: diffs.iter().filter(|&&d| d == 0.0).count(),
        losses: diffs.iter().filter(|&&d| d < 0.0).count(),
        decisions_a,
        decisions_b,
        time_per_move_a: per_move(sum(&|r| r.a.think_seconds), decisions_a),
        time_per_move_b: per_move(sum(&|r| r.b.think_seconds), decisions_b),
        discrepancies_a: results.iter().map(|r| r.a.discrepancies).sum(),
        discrepancies_b: results.iter().map(|r| r.b.discrepancies).sum(),
        mean_score_difference: score.map(|s| s.0),
        sigma_mean_score_difference: score.map(|s| s.2),
        imps: score_diffs
            .as_ref()
            .filter(|d| !d.is_empty())
            .and_then(|d| {
                Paired::of(
                    &d.iter()
                        .map(|&x| f64::from(imps(x as i32)))
                        .collect::<Vec<_>>(),
                )
            }),
    }
}

/// The IMPs a score difference is worth (the standard scale, signed).
pub use bridge::imps;

fn percent(rate: Option<Rate>) -> String {
    rate.map_or("-".into(), |r| {
        format!("{:.1}% ± {:.1}", 100.0 * r.rate, 100.0 * r.sigma)
    })
}

fn seconds(t: Option<f64>) -> String {
    t.map_or("-".into(), |t| format!("{:.2} ms", 1000.0 * t))
}

impl Summary {
    /// The summary as a markdown table (one row per statistic); alpha-mu's
    /// discrepancies with M = 1 are shown when the match counted them
    /// (`discrepancies_counted`, its header's flag), else said to be not
    /// counted.
    #[must_use]
    pub fn markdown(&self, a: &str, b: &str, discrepancies_counted: bool) -> String {
        let winrate = self.winrate.map_or("-".into(), |w| {
            format!(
                "{:.3} ({} of {}; exact p = {:.3} against 1/2)",
                w.rate,
                w.successes,
                w.trials,
                self.winrate_p.unwrap_or(1.0)
            )
        });
        let made_difference = self.made_difference.map_or("-".into(), |d| {
            format!(
                "{:+.1} points (paired SE {:.1}; z {})",
                100.0 * d.mean,
                100.0 * d.se,
                d.z().map_or("-".into(), |z| format!("{z:+.2}"))
            )
        });
        let rows = [
            ("deals", self.deals.to_string()),
            (&format!("A = {a}: made") as &str, percent(self.made_a)),
            (&format!("B = {b}: made") as &str, percent(self.made_b)),
            (
                "deals with different results (≠)",
                self.differing.to_string(),
            ),
            ("A's winrate among them", winrate),
            ("made A − B, deal by deal", made_difference),
            (
                "mean trick difference A − B",
                format!(
                    "{:+.3} (σ of the mean {:.3}; per deal {:.2})",
                    self.mean_trick_difference,
                    self.sigma_mean_difference,
                    self.sd_trick_difference
                ),
            ),
            (
                "mean score difference A − B",
                match (self.mean_score_difference, self.sigma_mean_score_difference) {
                    (Some(mean), Some(sigma)) => {
                        format!("{mean:+.1} points (σ of the mean {sigma:.1})")
                    }
                    _ => "- (some tables have no score: reduced deals, or a file from before scores were kept)".into(),
                },
            ),
            (
                "IMPs A − B a deal",
                self.imps.map_or("-".into(), |d| {
                    format!(
                        "{:+.2} (paired SE {:.2}; z {})",
                        d.mean,
                        d.se,
                        d.z().map_or("-".into(), |z| format!("{z:+.2}"))
                    )
                }),
            ),
            (
                "A's wins / draws / losses in tricks",
                format!("{} / {} / {}", self.wins, self.draws, self.losses),
            ),
            (
                "time per declarer move, A / B",
                format!(
                    "{} / {}",
                    seconds(self.time_per_move_a),
                    seconds(self.time_per_move_b)
                ),
            ),
            (
                "discrepancies with M = 1, A / B",
                if discrepancies_counted {
                    format!(
                        "{} / {} of {} / {} decisions",
                        self.discrepancies_a,
                        self.discrepancies_b,
                        self.decisions_a,
                        self.decisions_b
                    )
                } else {
                    "not counted (match --discrepancies counts them)".into()
                },
            ),
        ];
        let mut out = String::from("| statistic | value |\n|---|---|\n");
        for (k, v) in rows {
            out += &format!("| {k} | {v} |\n");
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::TableResult;

    fn deal(i: usize, a: (usize, bool), b: (usize, bool)) -> DealResult {
        let table = |(tricks, made): (usize, bool)| TableResult {
            tricks,
            made,
            decisions: 2,
            think_seconds: 1.0,
            discrepancies: usize::from(i == 0),
            play: String::new(),
            // 3NT not vulnerable.
            score: Some(
                bridge::Contract {
                    level: 3,
                    strain: cards::Strain::Notrump,
                    doubling: bridge::Doubling::Undoubled,
                }
                .score(tricks as u8, false),
            ),
        };
        DealResult {
            deal: i,
            board: i + 1,
            a: table(a),
            b: table(b),
            commit: None,
        }
    }

    #[test]
    fn a_hand_made_match_gives_the_known_figures() {
        // A makes 3 of 4, B 1 of 4; they differ on deals 1 and 2 (A wins
        // both) and deal 3 (B wins): winrate 2/3.
        let results = vec![
            deal(0, (9, true), (9, true)),
            deal(1, (9, true), (8, false)),
            deal(2, (10, true), (7, false)),
            deal(3, (8, false), (9, true)),
        ];
        let s = summarize(&results);
        assert_eq!(s.deals, 4);
        assert_eq!(s.made_a.unwrap().successes, 3);
        assert!((s.made_a.unwrap().sigma - (0.75f64 * 0.25 / 4.0).sqrt()).abs() < 1e-12);
        assert_eq!(s.differing, 3);
        let w = s.winrate.unwrap();
        assert!((w.rate - 2.0 / 3.0).abs() < 1e-12);
        assert!((w.sigma - (2.0f64 / 9.0 / 3.0).sqrt()).abs() < 1e-12);
        // Differences 0, +1, +3, -1: mean 0.75; sample variance
        // (0.5625 + 0.0625 + 5.0625 + 3.0625) / 3 = 2.9166...
        assert!((s.mean_trick_difference - 0.75).abs() < 1e-12);
        assert!((s.sd_trick_difference - (8.75f64 / 3.0).sqrt()).abs() < 1e-12);
        assert!((s.sigma_mean_difference - (8.75f64 / 3.0).sqrt() / 2.0).abs() < 1e-12);
        assert_eq!((s.wins, s.draws, s.losses), (2, 1, 1));
        assert_eq!(s.time_per_move_a, Some(0.5));
        assert_eq!((s.discrepancies_a, s.decisions_a), (1, 8));
        // Scores: 400-400, 400-(-50), 430-(-100), (-50)-400: differences
        // 0, 450, 530, -450; mean 132.5; sample variance 615 675 / 3.
        assert!((s.mean_score_difference.unwrap() - 132.5).abs() < 1e-9);
        let sd = (615_675f64 / 3.0).sqrt();
        assert!((s.sigma_mean_score_difference.unwrap() - sd / 2.0).abs() < 1e-9);
        let table = s.markdown("x", "y", true);
        assert!(s
            .markdown("x", "y", false)
            .contains("| discrepancies with M = 1, A / B | not counted"));
        assert!(table.contains("+132.5 points"), "{table}");
        assert!(
            table.contains("0.667 (2 of 3; exact p = 1.000 against 1/2)"),
            "{table}"
        );
        assert!(table.contains("2 / 1 / 1"), "{table}");
        // Made A − B per deal: 0, +1, +1, -1: mean 0.25; sample variance
        // (0.0625 + 0.5625 + 0.5625 + 1.5625) / 3 = 0.91666..., SE its
        // root over 2.
        let d = s.made_difference.unwrap();
        assert!((d.mean - 0.25).abs() < 1e-12);
        assert!((d.se - (2.75f64 / 3.0).sqrt() / 2.0).abs() < 1e-12);
        assert!(
            table.contains("+25.0 points (paired SE 47.9; z +0.52)"),
            "{table}"
        );
    }

    #[test]
    fn normal_p_values_and_holm_match_the_tables() {
        // Printed in every statistics table: 0.05 at 1.96, 0.0027 at 3.
        assert!((normal_two_sided(1.959_964) - 0.05).abs() < 1e-6);
        assert!((normal_two_sided(-3.0) - 0.002_699_8).abs() < 1e-6);
        assert!((normal_two_sided(0.0) - 1.0).abs() < 1e-6);
        assert!(normal_two_sided(10.0) < 1e-20);
        // Holm on (0.01, 0.04, 0.03, 0.5): 0.04, 0.09 (0.03 * 3), 0.09 (0.04
        // * 2, kept at least the one before), 0.5.
        let adjusted = holm(&[0.01, 0.04, 0.03, 0.5]);
        for (a, b) in adjusted.iter().zip([0.04, 0.09, 0.09, 0.5]) {
            assert!((a - b).abs() < 1e-12, "{adjusted:?}");
        }
        assert!(holm(&[]).is_empty());
        assert_eq!(holm(&[0.6, 0.7]), [1.0, 1.0]);
    }

    #[test]
    fn exact_binomial_p_values_match_hand_computed_ones() {
        // 2 of 10: P(X <= 2) = (1 + 10 + 45) / 1024, doubled.
        assert!((binomial_two_sided(2, 10) - 112.0 / 1024.0).abs() < 1e-12);
        assert!((binomial_two_sided(8, 10) - 112.0 / 1024.0).abs() < 1e-12);
        // The middle is certain; none of 1 is even.
        assert_eq!(binomial_two_sided(5, 10), 1.0);
        assert_eq!(binomial_two_sided(0, 1), 1.0);
        // 0 of 12: 2 / 4096.
        assert!((binomial_two_sided(0, 12) - 2.0 / 4096.0).abs() < 1e-15);
        // Large n stays finite: 460 of 812 (the optimizing paper's 7NT
        // line) is significant at about 1.5e-4.
        let p = binomial_two_sided(460, 812);
        assert!(p > 1e-4 && p < 2e-4, "{p}");
    }

    #[test]
    fn paired_differences_have_the_standard_error_of_their_mean() {
        // 1, 0, 0, -1, 1: mean 0.2; sample variance 2.8 / 4 = 0.7.
        let d = Paired::of(&[1.0, 0.0, 0.0, -1.0, 1.0]).unwrap();
        assert!((d.mean - 0.2).abs() < 1e-12);
        assert!((d.se - (0.7f64 / 5.0).sqrt()).abs() < 1e-12);
        assert_eq!(Paired::of(&[]), None);
        assert_eq!(Paired::of(&[0.0, 0.0]).unwrap().z(), None);
    }

    #[test]
    fn comparisons_with_a_paper_give_z_and_a_verdict() {
        // The paper's 60.2% (SE 2.2) against ours 72.0% (SE 3.1): z 3.1.
        let c = Comparison::new(60.2, 2.2, 72.0, 3.1);
        assert!((c.z - 11.8 / (2.2f64 * 2.2 + 3.1 * 3.1).sqrt()).abs() < 1e-12);
        assert_eq!(c.verdict, Verdict::Contradicted);
        assert_eq!(
            Comparison::new(1.8, 0.5, 1.0, 0.5).verdict,
            Verdict::Reproduced
        );
        assert_eq!(
            Comparison::new(0.0, 0.3, 1.0, 0.3).verdict,
            Verdict::Inconclusive
        );
        // Within the paper's wide SE, but ours within 2 SE of zero: no
        // effect shown; 2.1 SE from zero: reproduced; the other verdicts
        // stay as they are.
        let wide = Comparison::new(1.8, 3.1, -0.1, 0.5).against_no_effect(0.0);
        assert_eq!(wide.verdict, Verdict::NoEffectShown);
        assert_eq!(wide.verdict.to_string(), "consistent, no effect shown");
        assert_eq!(
            Comparison::new(1.8, 3.1, 1.05, 0.5)
                .against_no_effect(0.0)
                .verdict,
            Verdict::Reproduced
        );
        assert_eq!(
            Comparison::new(0.551, 0.018, 0.507, 0.035)
                .against_no_effect(0.5)
                .verdict,
            Verdict::NoEffectShown
        );
        assert_eq!(
            Comparison::new(0.0, 0.3, 1.0, 0.3)
                .against_no_effect(0.0)
                .verdict,
            Verdict::Inconclusive
        );
    }

    #[test]
    fn the_papers_sigma_is_reproduced() {
        // Optimizing alpha-mu, table 4, first line: 812 deals, 0.567.
        let w = Rate::new(460, 812).unwrap();
        assert!((w.rate - 0.5665).abs() < 1e-3);
        assert!((w.sigma - 0.0174).abs() < 1e-4, "{}", w.sigma);
    }

    #[test]
    fn an_empty_match_has_no_rates() {
        let s = summarize(&[]);
        assert_eq!(s.made_a, None);
        assert_eq!(s.winrate, None);
        assert_eq!(s.mean_trick_difference, 0.0);
    }
}

//! The papers' claims that the arena tests, each against the results file
//! that decides it: the paper's figure with its standard error, ours with
//! its paired standard error, z and a verdict, the deals and the commits
//! that played them. `alphamu experiment verdicts` prints the table that
//! opens EXPERIMENTS.md from the files alone.

use arena::points;
use arena::results;
use arena::stats::{summarize, Comparison};
use std::collections::BTreeSet;
use std::fmt::Write;
use std::path::Path;

/// What a claim compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Statistic {
    /// A's contract success minus B's, deal by deal, in points.
    MadeDifference,
    /// A's share of the deals where one side made and the other did not.
    Winrate,
    /// The mean trick difference per deal (pairs matches).
    TrickDifference,
    /// A's share of the points minus B's, in percent (points matches).
    PointsDifference,
    /// B's contract success rate, in points (the deal population: the
    /// level a paper's PIMC reached on its deals). No effect to test
    /// against: such a row stays out of Holm's adjustment.
    MadeRateB,
}

impl Statistic {
    /// The value that means no effect, if the statistic has one.
    fn no_effect(self) -> Option<f64> {
        match self {
            Statistic::Winrate => Some(0.5),
            Statistic::MadeRateB => None,
            _ => Some(0.0),
        }
    }
}

/// How a claim's paper standard error is known.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PaperSe {
    /// Printed by the paper.
    Printed(f64),
    /// Derived, as the note says.
    Derived(f64, &'static str),
    /// Not given: derived from our per-deal spread at the paper's number
    /// of deals (ours × sqrt(our deals / paper's deals)).
    FromOurSpread {
        /// The paper's deals.
        paper_deals: usize,
    },
    /// Not printed; the paper's design is paired (one set of deals played
    /// by both declarers), so its SE is that of a paired difference of
    /// made/down results, sqrt((q − d²) / n) over its `paper_deals`
    /// deals: d the paper's difference, q its share of deals whose
    /// results differ. q is ours, scaled by the paper's rate of moves
    /// where the two declarers choose differently (`paper_discrepancies`
    /// out of `paper_moves`) over ours: deals differ where moves do.
    PairedFromDiscordance {
        /// The paper's deals.
        paper_deals: usize,
        /// The paper's moves where M = 3 chose another card than M = 1.
        paper_discrepancies: usize,
        /// The moves they are counted over.
        paper_moves: usize,
    },
    /// Not a paper's figure but a goal of ours (an issue's), with no SE:
    /// z is our distance from it over our SE alone.
    Goal,
    /// Printed once for every cell of the paper's tables (a typical
    /// figure, not the cell's own), each cell over `paper_deals` deals.
    /// The table weighs the claim with it and, below, with the SE our
    /// own spread would give at the paper's deals.
    PrintedForAll {
        /// The printed SE.
        se: f64,
        /// The paper's deals a cell.
        paper_deals: usize,
    },
}

impl PaperSe {
    /// The SE the claim is weighed with, given ours (`ours.se` over
    /// `ours.deals` deals) and the paper's figure `paper`.
    fn weighed(self, paper: f64, ours: &Ours) -> f64 {
        match self {
            PaperSe::Printed(se) | PaperSe::Derived(se, _) | PaperSe::PrintedForAll { se, .. } => {
                se
            }
            PaperSe::FromOurSpread { paper_deals } => {
                from_our_spread(ours.se, ours.deals, paper_deals)
            }
            PaperSe::Goal => 0.0,
            PaperSe::PairedFromDiscordance {
                paper_deals,
                paper_discrepancies,
                paper_moves,
            } => {
                let q = paper_discordance(ours, paper_discrepancies, paper_moves);
                let d = paper / 100.0;
                100.0 * ((q - d * d).max(0.0) / paper_deals as f64).sqrt()
            }
        }
    }
}

/// The paper's share of deals whose results differ, estimated from ours
/// scaled by the two discrepancy rates of moves (ours alone when we did
/// not count them).
fn paper_discordance(ours: &Ours, paper_discrepancies: usize, paper_moves: usize) -> f64 {
    let paper_rate = paper_discrepancies as f64 / paper_moves.max(1) as f64;
    match ours.discrepancy_rate {
        Some(rate) if rate > 0.0 => ours.discordance * paper_rate / rate,
        _ => ours.discordance,
    }
}

/// The SE of a mean over `paper_deals` deals with our per-deal spread
/// (`ours_se` over `deals` deals).
fn from_our_spread(ours_se: f64, deals: usize, paper_deals: usize) -> f64 {
    ours_se * (deals as f64 / paper_deals as f64).sqrt()
}

/// The least standard deviation that a mean of whole numbers can have:
/// every value the floor or the ceiling of `mean`.
#[must_use]
pub fn least_spread_of_whole_numbers(mean: f64) -> f64 {
    let f = mean - mean.floor();
    (f * (1.0 - f)).sqrt()
}

/// One claim of a paper.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Claim {
    /// Where the paper makes it.
    pub source: &'static str,
    /// What it says, in a few words.
    pub claim: &'static str,
    /// The results file that decides it, under the experiments folder.
    pub file: &'static str,
    /// The figure compared.
    pub statistic: Statistic,
    /// The paper's figure.
    pub paper: f64,
    /// The paper's standard error.
    pub paper_se: PaperSe,
}

/// Table 1's M = 3 against M = 1 at 20 worlds on 52 cards: the paper
/// played both on the same 500 deals and counts 276 discrepancies in
/// 13,000 moves.
const TABLE1_52_SE: PaperSe = PaperSe::PairedFromDiscordance {
    paper_deals: 500,
    paper_discrepancies: 276,
    paper_moves: 13_000,
};

/// The same on 36 cards: 190 discrepancies in 13,000 moves.
const TABLE1_36_SE: PaperSe = PaperSe::PairedFromDiscordance {
    paper_deals: 500,
    paper_discrepancies: 190,
    paper_moves: 13_000,
};

/// The recursive Monte Carlo paper's "σ̄ = 0.05 after 100 CD", from a
/// per-deal σ of "0.5 on average" on 5-card hands, printed once for all
/// its tables.
const RMC_SE: PaperSe = PaperSe::PrintedForAll {
    se: 0.05,
    paper_deals: 100,
};

const TABLE1_RATE_SE: PaperSe = PaperSe::Derived(
    2.2,
    "a success rate over the paper's 500 deals has a binomial SE of about 2.2 points",
);

/// A claim of a round robin (the trick-costs paper's figures 6 and 7):
/// a points difference from `file`, the paper's figure `paper` over its
/// 100 deals with no SE given.
const fn round_robin(
    source: &'static str,
    claim: &'static str,
    file: &'static str,
    paper: f64,
) -> Claim {
    Claim {
        source,
        claim,
        file,
        statistic: Statistic::PointsDifference,
        paper,
        paper_se: PaperSe::FromOurSpread { paper_deals: 100 },
    }
}

/// A goal of ours for reading the table (issue 73): +3 points of success
/// over PIMC-20 at 3NT, from `file`.
const fn reading(claim: &'static str, file: &'static str) -> Claim {
    Claim {
        source: "reading the table (our goal, issue 73)",
        claim,
        file,
        statistic: Statistic::MadeDifference,
        paper: 3.0,
        paper_se: PaperSe::Goal,
    }
}

/// The deals fixed for each measure of our goals (EXPERIMENTS.md, "The
/// plan, fixed before the runs"): until its file holds them all, a goal's
/// row says how far the run is and gives no verdict, so that no interim
/// figure is read as a result.
pub const GOAL_DEALS: usize = 2400;

/// The deals still to come of a goal's row whose run is not played out:
/// `Some((played, planned))`; `None` for a paper's claim or a finished run.
fn in_progress(v: &Verdict) -> Option<(usize, usize)> {
    (v.claim.paper_se == PaperSe::Goal && v.deals > 0 && v.deals < GOAL_DEALS)
        .then_some((v.deals, GOAL_DEALS))
}

/// The claims the arena tests, decisive comparisons first.
pub const CLAIMS: [Claim; 34] = [
    Claim {
        source: "alpha-mu, table 1",
        claim: "3NT, 52 cards: M = 3 makes more than M = 1 (20 worlds)",
        file: "alphamu-table1/deals-52-m3-w20.jsonl",
        statistic: Statistic::MadeDifference,
        paper: 1.8,
        paper_se: TABLE1_52_SE,
    },
    Claim {
        source: "alpha-mu, table 1",
        claim:
            "3NT, 52 cards filtered after the opening lead: M = 3 makes more than M = 1 (20 worlds)",
        file: "alphamu-table1/deals-52-lead-m3-w20.jsonl",
        statistic: Statistic::MadeDifference,
        paper: 1.8,
        paper_se: TABLE1_52_SE,
    },
    Claim {
        source: "alpha-mu, table 1",
        claim: "3NT, 36 cards: M = 3 makes more than M = 1 (20 worlds)",
        file: "alphamu-table1/deals-36-m3-w20.jsonl",
        statistic: Statistic::MadeDifference,
        paper: 1.8,
        paper_se: TABLE1_36_SE,
    },
    Claim {
        source: "alpha-mu, table 1 (deal population)",
        claim: "3NT, 52 cards, our filter before the lead: PIMC (M = 1, 20 worlds) makes 60.2%",
        file: "alphamu-table1/deals-52-m3-w20.jsonl",
        statistic: Statistic::MadeRateB,
        paper: 60.2,
        paper_se: TABLE1_RATE_SE,
    },
    Claim {
        source: "alpha-mu, table 1 (deal population)",
        claim: "3NT, 52 cards filtered after the opening lead: PIMC (M = 1, 20 worlds) makes 60.2%",
        file: "alphamu-table1/deals-52-lead-m3-w20.jsonl",
        statistic: Statistic::MadeRateB,
        paper: 60.2,
        paper_se: TABLE1_RATE_SE,
    },
    Claim {
        source: "alpha-mu, table 1 (deal population)",
        claim: "3NT, 36 cards: PIMC (M = 1, 20 worlds) makes 46.4%",
        file: "alphamu-table1/deals-36-m3-w20.jsonl",
        statistic: Statistic::MadeRateB,
        paper: 46.4,
        paper_se: TABLE1_RATE_SE,
    },
    Claim {
        source: "optimizing alpha-mu, table 4",
        claim: "7NT, PIMC defenders: alpha-mu wins 55.1% of the deals the declarers differ on",
        file: "optimizing-table4/7nt-filtered-defense-pimc.jsonl",
        statistic: Statistic::Winrate,
        paper: 0.551,
        paper_se: PaperSe::Printed(0.0181),
    },
    Claim {
        source: "optimizing alpha-mu, table 4",
        claim: "7NT, DDS defenders: alpha-mu wins 64.7% of the deals the declarers differ on",
        file: "optimizing-table4/7nt-filtered-defense-dds.jsonl",
        statistic: Statistic::Winrate,
        paper: 0.647,
        paper_se: PaperSe::Printed(0.0221),
    },
    Claim {
        source: "recursive Monte Carlo, table VI",
        claim: "MC2-D-20-20 beats MC-D-20",
        file: "rmc-table6/full-deck-mc2-d-20-20-vs-mc-d-20.jsonl",
        statistic: Statistic::TrickDifference,
        paper: 0.24,
        paper_se: RMC_SE,
    },
    Claim {
        source: "recursive Monte Carlo, table VI",
        claim: "MC2-D-30-30 beats MC-D-20",
        file: "rmc-table6/full-deck-mc2-d-30-30-vs-mc-d-20.jsonl",
        statistic: Statistic::TrickDifference,
        paper: 0.06,
        paper_se: RMC_SE,
    },
    Claim {
        source: "recursive Monte Carlo, table VI",
        claim: "MC2-D-30-20 beats MC-D-20",
        file: "rmc-table6/full-deck-mc2-d-30-20-vs-mc-d-20.jsonl",
        statistic: Statistic::TrickDifference,
        paper: 0.02,
        paper_se: RMC_SE,
    },
    Claim {
        source: "recursive Monte Carlo, table VI",
        claim: "MC2-D-3-3 loses to MC-D-20",
        file: "rmc-table6/full-deck-mc2-d-3-3-vs-mc-d-20.jsonl",
        statistic: Statistic::TrickDifference,
        paper: -0.9,
        paper_se: RMC_SE,
    },
    Claim {
        source: "recursive Monte Carlo, table VI",
        claim: "MC2-D-3-10 loses to MC-D-20",
        file: "rmc-table6/full-deck-mc2-d-3-10-vs-mc-d-20.jsonl",
        statistic: Statistic::TrickDifference,
        paper: -0.74,
        paper_se: RMC_SE,
    },
    Claim {
        source: "recursive Monte Carlo, table VI",
        claim: "MC2-D-10-3 loses to MC-D-20",
        file: "rmc-table6/full-deck-mc2-d-10-3-vs-mc-d-20.jsonl",
        statistic: Statistic::TrickDifference,
        paper: -0.26,
        paper_se: RMC_SE,
    },
    Claim {
        source: "recursive Monte Carlo, table IV",
        claim: "MC2-R-10-10 loses to MC-D-20",
        file: "rmc-recursive/full-deck-mc2-r-10-10-vs-mc-d-20.jsonl",
        statistic: Statistic::TrickDifference,
        paper: -0.3,
        paper_se: RMC_SE,
    },
    Claim {
        source: "recursive Monte Carlo, table IV",
        claim: "MC2-R-40-40 loses to MC-D-20",
        file: "rmc-recursive/full-deck-mc2-r-40-40-vs-mc-d-20.jsonl",
        statistic: Statistic::TrickDifference,
        paper: -0.14,
        paper_se: RMC_SE,
    },
    Claim {
        source: "recursive Monte Carlo, table VII",
        claim: "MC3-R-10-10-10 loses to MC-D-20",
        file: "rmc-recursive/full-deck-mc3-r-10-10-10-vs-mc-d-20.jsonl",
        statistic: Statistic::TrickDifference,
        paper: -0.34,
        paper_se: RMC_SE,
    },
    reading(
        "3NT after the lead, PIMC-20 defenders at random among equal cards: PIMC-20 reading the table makes 3 points more than PIMC-20",
        "infer-3nt/pimc-infer-vs-pimc-defence-pimc-random-ties.jsonl",
    ),
    reading(
        "3NT after the lead, PIMC-20 defenders at random among equal cards: PIMC-20 reading the table under the single-dummy model (infer=sd) makes 3 points more than PIMC-20",
        "infer-3nt/pimc-infer-sd-vs-pimc-defence-pimc-random-ties.jsonl",
    ),
    reading(
        "3NT after the lead, PIMC-20 defenders at random among equal cards: alpha-mu (M = 3, 20 worlds) reading the table makes 3 points more than PIMC-20",
        "infer-3nt/alphamu-infer-vs-pimc-defence-pimc-random-ties.jsonl",
    ),
    reading(
        "3NT after the lead, alpha-mu defenders (M = 3, not the style the model was fitted to): PIMC-20 reading the table makes 3 points more than PIMC-20",
        "infer-3nt/pimc-infer-vs-pimc-defence-alphamu.jsonl",
    ),
    reading(
        "3NT after the lead, alpha-mu defenders: alpha-mu reading the table makes 3 points more than PIMC-20",
        "infer-3nt/alphamu-infer-vs-pimc-defence-alphamu.jsonl",
    ),
    round_robin(
        "trick costs, figure 7 (bridge)",
        "PIMC beats Fusion",
        "bridge-round-robin/pimc-vs-fusion.jsonl",
        5.0,
    ),
    round_robin(
        "trick costs, figure 7 (bridge)",
        "alpha-mu beats Fusion",
        "bridge-round-robin/alphamu-vs-fusion.jsonl",
        2.7,
    ),
    round_robin(
        "trick costs, figure 7 (bridge)",
        "alpha-mu is slightly better than PIMC",
        "bridge-round-robin/pimc-vs-alphamu.jsonl",
        -1.8,
    ),
    round_robin(
        "trick costs, figure 7 (bridge), the players as the paper's code plays them",
        "PIMC beats Fusion",
        "bridge-round-robin/pimccode-vs-fusioncode.jsonl",
        5.0,
    ),
    round_robin(
        "trick costs, figure 7 (bridge), the players as the paper's code plays them",
        "alpha-mu beats Fusion",
        "bridge-round-robin/alphamucode-vs-fusioncode.jsonl",
        2.7,
    ),
    round_robin(
        "trick costs, figure 7 (bridge), the players as the paper's code plays them",
        "alpha-mu is slightly better than PIMC",
        "bridge-round-robin/pimccode-vs-alphamucode.jsonl",
        -1.8,
    ),
    round_robin(
        "trick costs, figure 6 (Belote)",
        "PIMC beats Fusion",
        "belote-round-robin/pimc-vs-fusion.jsonl",
        1.5,
    ),
    round_robin(
        "trick costs, figure 6 (Belote)",
        "alpha-mu beats Fusion",
        "belote-round-robin/alphamu-vs-fusion.jsonl",
        0.8,
    ),
    round_robin(
        "trick costs, figure 6 (Belote)",
        "alpha-mu is slightly better than PIMC",
        "belote-round-robin/pimc-vs-alphamu.jsonl",
        -0.2,
    ),
    round_robin(
        "trick costs, figure 6 (Belote), the players as the paper's code plays them",
        "PIMC beats Fusion",
        "belote-round-robin/pimccode-vs-fusioncode.jsonl",
        1.5,
    ),
    round_robin(
        "trick costs, figure 6 (Belote), the players as the paper's code plays them",
        "alpha-mu beats Fusion",
        "belote-round-robin/alphamucode-vs-fusioncode.jsonl",
        0.8,
    ),
    round_robin(
        "trick costs, figure 6 (Belote), the players as the paper's code plays them",
        "alpha-mu is slightly better than PIMC",
        "belote-round-robin/pimccode-vs-alphamucode.jsonl",
        -0.2,
    ),
];

/// A claim weighed on its results file.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// The claim.
    pub claim: Claim,
    /// The comparison, when the file holds at least two deals.
    pub comparison: Option<Comparison>,
    /// Deals played.
    pub deals: usize,
    /// The commits that played them (`not recorded` for older lines).
    pub commits: Vec<String>,
    /// The share of deals whose results differ between the two tables.
    pub discordance: f64,
    /// Our rate of discrepant moves (A's choices that M = 1 would not
    /// have made), when the match counted them.
    pub discrepancy_rate: Option<f64>,
}

/// What a results file gives.
#[derive(Clone, Debug, Default, PartialEq)]
struct Ours {
    /// Our figure and its standard error, with at least two deals.
    figure: Option<(f64, f64)>,
    /// The standard error alone (0 without a figure).
    se: f64,
    /// Deals played.
    deals: usize,
    /// The commits that played them.
    commits: Vec<String>,
    /// The share of deals whose results differ between the two tables.
    discordance: f64,
    /// A's declaring moves where alpha-mu chose another card than M = 1
    /// would have, over its decisions, when the match counted them.
    discrepancy_rate: Option<f64>,
}

/// Our figure, its standard error, the deals and the commits of `file`.
fn ours(file: &Path, statistic: Statistic) -> Result<Ours, String> {
    let named = |c: &Option<String>| arena::provenance::commit_name(c.as_deref());
    // A file whose lines record no commit: the build that replays it
    // alike, when the replay check marked it.
    let with_replay =
        |commits: BTreeSet<String>, build: &arena::provenance::Build| match &build.replayed_alike {
            Some(alike) if commits.iter().all(|c| c == &named(&None)) => vec![alike.describe()],
            _ => commits.into_iter().collect(),
        };
    if statistic == Statistic::PointsDifference {
        let (_, build, deals) = points::read_with_build(file).map_err(|e| e.to_string())?;
        let s = points::summarize(&deals);
        let commits = with_replay(deals.iter().map(|d| named(&d.commit)).collect(), &build);
        let figure = (deals.len() > 1).then_some((s.difference, s.sigma));
        return Ok(Ours {
            figure,
            se: figure.map_or(0.0, |f| f.1),
            deals: deals.len(),
            commits,
            ..Ours::default()
        });
    }
    let (header, lines) = results::read(file).map_err(|e| e.to_string())?;
    let s = summarize(&lines);
    let commits = with_replay(
        lines.iter().map(|r| named(&r.commit)).collect(),
        &header.build,
    );
    let figure = match statistic {
        Statistic::MadeDifference => s.made_difference.map(|d| (100.0 * d.mean, 100.0 * d.se)),
        Statistic::Winrate => s.winrate.map(|w| (w.rate, w.sigma)),
        Statistic::TrickDifference => {
            (s.deals > 0).then_some((s.mean_trick_difference, s.sigma_mean_difference))
        }
        Statistic::MadeRateB => s.made_b.map(|r| (100.0 * r.rate, 100.0 * r.sigma)),
        Statistic::PointsDifference => unreachable!("handled above"),
    }
    .filter(|_| s.deals > 1);
    let decisions: usize = lines.iter().map(|r| r.a.decisions).sum();
    let discrepancies: usize = lines.iter().map(|r| r.a.discrepancies).sum();
    Ok(Ours {
        figure,
        se: figure.map_or(0.0, |f| f.1),
        deals: s.deals,
        commits,
        discordance: s.differing as f64 / s.deals.max(1) as f64,
        discrepancy_rate: (header.discrepancies && decisions > 0)
            .then(|| discrepancies as f64 / decisions as f64),
    })
}

/// Every claim of [`CLAIMS`] weighed on the files under `dir` (a claim
/// whose file is missing has no comparison and no deal). A claimed effect
/// our figure does not show (within 2 of its SEs of no effect) is
/// "consistent, no effect shown", never "reproduced".
#[must_use]
pub fn verdicts(dir: &Path) -> Vec<Verdict> {
    CLAIMS
        .iter()
        .map(|claim| {
            let path = dir.join(claim.file);
            let ours = if path.is_file() {
                ours(&path, claim.statistic).unwrap_or_default()
            } else {
                Ours::default()
            };
            let comparison = ours.figure.map(|(value, se)| {
                let k = Comparison::new(
                    claim.paper,
                    claim.paper_se.weighed(claim.paper, &ours),
                    value,
                    se,
                );
                match claim.statistic.no_effect() {
                    Some(none) => k.against_no_effect(none),
                    None => k,
                }
            });
            Verdict {
                claim: *claim,
                comparison,
                deals: ours.deals,
                commits: ours.commits,
                discordance: ours.discordance,
                discrepancy_rate: ours.discrepancy_rate,
            }
        })
        .collect()
}

/// The mark of the `i`-th note on a derived standard error, in the order
/// the notes first appear (markdown escapes the star): one mark a note.
fn note_mark(i: usize) -> String {
    match i {
        0 => "\\*".to_string(),
        1 => "‡".to_string(),
        2 => "§".to_string(),
        _ => format!("[{}]", i + 1),
    }
}

/// The verdicts as the markdown table of EXPERIMENTS.md, with the notes on
/// how each derived standard error was found.
#[must_use]
pub fn markdown(verdicts: &[Verdict]) -> String {
    let mut out = String::from("| source | claim | paper (± SE) | ours (± paired SE) | z | verdict | ours against no effect (z) | the same, Holm's p over the table | deals | commits | results file |\n|---|---|---|---|---|---|---|---|---|---|---|\n");
    let mut notes: Vec<&str> = Vec::new();
    // Our figures against no effect, tested together: Holm's adjustment
    // over every row that has one.
    let no_effect: Vec<Option<f64>> = verdicts
        .iter()
        .map(|v| {
            let none = v.claim.statistic.no_effect()?;
            if in_progress(v).is_some() {
                return None;
            }
            v.comparison
                .filter(|k| k.ours_se > 0.0)
                .map(|k| (k.ours - none) / k.ours_se)
        })
        .collect();
    let tested: Vec<f64> = no_effect
        .iter()
        .flatten()
        .map(|&z| arena::stats::normal_two_sided(z))
        .collect();
    let mut adjusted = arena::stats::holm(&tested).into_iter();
    let holm_p: Vec<String> = no_effect
        .iter()
        .map(|z| match z {
            Some(_) => {
                let p = adjusted.next().expect("one per row tested");
                if p < 0.001 {
                    "< 0.001".to_string()
                } else {
                    format!("{p:.3}")
                }
            }
            None => "-".to_string(),
        })
        .collect();
    for (v, holm_p) in verdicts.iter().zip(&holm_p) {
        let c = &v.claim;
        let scale = |x: f64| match c.statistic {
            Statistic::Winrate => format!("{x:.3}"),
            Statistic::TrickDifference => format!("{x:+.2}"),
            Statistic::MadeRateB => format!("{x:.1}"),
            _ => format!("{x:+.1}"),
        };
        let mark = match c.paper_se {
            PaperSe::Printed(_) => String::new(),
            PaperSe::Derived(_, note) => {
                let i = notes.iter().position(|&n| n == note).unwrap_or_else(|| {
                    notes.push(note);
                    notes.len() - 1
                });
                note_mark(i)
            }
            PaperSe::FromOurSpread { .. } => "†".to_string(),
            PaperSe::PrintedForAll { .. } => "¶".to_string(),
            PaperSe::PairedFromDiscordance { .. } => "§".to_string(),
            PaperSe::Goal => "◊".to_string(),
        };
        // Our figure against no effect (0, or an even winrate): whether our
        // run shows the effect at all, which a wide paper SE cannot say.
        let alone = match (v.comparison, c.statistic.no_effect()) {
            (Some(k), Some(none)) if k.ours_se > 0.0 => {
                format!("{:+.1}", (k.ours - none) / k.ours_se)
            }
            _ => "-".to_string(),
        };
        let alone = if in_progress(v).is_some() {
            "-".to_string()
        } else {
            alone
        };
        let (paper, us, z, verdict) = match (&v.comparison, in_progress(v)) {
            (_, Some((played, planned))) => (
                format!("{}{mark}", scale(c.paper)),
                format!("in progress: {played} of {planned} deals"),
                "-".into(),
                "-".into(),
            ),
            (Some(k), None) => (
                format!(
                    "{} ± {}{mark}",
                    scale(k.paper),
                    scale(k.paper_se).trim_start_matches('+')
                ),
                format!(
                    "{} ± {}",
                    scale(k.ours),
                    scale(k.ours_se).trim_start_matches('+')
                ),
                format!("{:+.1}", k.z),
                k.verdict.to_string(),
            ),
            (None, None) => (scale(c.paper), "not played".into(), "-".into(), "-".into()),
        };
        writeln!(
            out,
            "| {} | {} | {paper} | {us} | {z} | {verdict} | {alone} | {holm_p} | {} | {} | `{}` |",
            c.source,
            c.claim,
            v.deals,
            if v.commits.is_empty() {
                "-".to_string()
            } else {
                v.commits.join(", ")
            },
            c.file
        )
        .expect("a string");
    }
    let effects = no_effect.iter().flatten().count();
    write!(
        out,
        "\nMade differences and the deal populations' success rates are in points of success rate, points differences in percent of the points; verdict: |z| <= 2 reproduced when our own figure shows the paper's effect (more than 2 of its SEs from no effect: 0, or an even winrate), |z| <= 2 with our figure within 2 of its SEs of no effect \"consistent, no effect shown\" (the run does not contradict the paper, nor does it see its effect), |z| <= 3 inconclusive, beyond contradicted. \"Ours against no effect\" is that z of our figure alone (a deal population has no effect to test: \"-\"). The next column is its two-sided p-value adjusted by Holm's method over the {effects} rows that test an effect (the deal populations have none), so that an effect read from it (adjusted p below 0.05) keeps the chance of any false one among them at 5%."
    )
    .expect("a string");
    let weighed = verdicts
        .iter()
        .filter(|v| v.comparison.is_some() && in_progress(v).is_none())
        .count();
    if weighed > 0 {
        let p3 = arena::stats::normal_two_sided(3.0);
        write!(
            out,
            " Over the {weighed} claims weighed, the chance that a claim the paper got right is called contradicted somewhere in the table is at most {weighed} × {p3:.4} = {:.3} (Bonferroni, under the normal approximation).",
            weighed as f64 * p3
        )
        .expect("a string");
    }
    for (i, note) in notes.iter().enumerate() {
        write!(out, " {} The paper's SE: {note}.", note_mark(i)).expect("a string");
    }
    out += " † The paper gives no SE: ours scaled to its 100 deals (our per-deal spread over sqrt(100)).";
    if verdicts.iter().any(|v| v.claim.paper_se == PaperSe::Goal) {
        out += " ◊ Not a paper's figure: a goal of ours (issue 73: +3 points over PIMC-20 at 3NT, z >= 4 against no effect), with no SE; \"contradicted\" says our figure is more than 3 of its SEs short of the goal, \"reproduced\" that it is within 2 of them, and only \"ours against no effect\" says whether there is a gain at all.";
    }
    out += &paired_note(verdicts);
    if verdicts
        .iter()
        .any(|v| matches!(v.claim.paper_se, PaperSe::PrintedForAll { .. }))
    {
        out += " ¶ Printed once for all the paper's cells, not the cell's own: the table below weighs these claims again with the SE our own spread gives at the paper's deals.";
    }
    out.push('\n');
    out += &printed_for_all(verdicts);
    out
}

/// The note on the paired SEs the paper does not print (§), row by row:
/// how each was estimated, how far the paper's own figure then is from no
/// effect, and how far ours is from the paper's point value alone.
fn paired_note(verdicts: &[Verdict]) -> String {
    let mut parts = Vec::new();
    let mut against_point = Vec::new();
    for v in verdicts {
        let PaperSe::PairedFromDiscordance {
            paper_deals,
            paper_discrepancies,
            paper_moves,
        } = v.claim.paper_se
        else {
            continue;
        };
        let Some(k) = v.comparison else { continue };
        let paper_rate = paper_discrepancies as f64 / paper_moves as f64;
        let ours = Ours {
            deals: v.deals,
            discordance: v.discordance,
            discrepancy_rate: v.discrepancy_rate,
            ..Ours::default()
        };
        let q = paper_discordance(&ours, paper_discrepancies, paper_moves);
        let rate = v
            .discrepancy_rate
            .map_or("not counted".to_string(), |r| format!("{:.1}%", 100.0 * r));
        parts.push(format!(
            "{}: {:.1}% of our deals differ, our moves discrepant {rate} against the paper's {paper_discrepancies} of {paper_moves} ({:.1}%), so q = {:.1}% and the paper's SE {:.2} over its {paper_deals} deals, its own {:+.1} then {:.1} SE from no effect",
            v.claim.file,
            100.0 * v.discordance,
            100.0 * paper_rate,
            100.0 * q,
            k.paper_se,
            k.paper,
            k.paper / k.paper_se
        ));
        if k.ours_se > 0.0 {
            let z = (k.ours - k.paper) / k.ours_se;
            against_point.push(format!(
                "`{}` {:+.1} ± {:.1}, z {z:+.1}{}",
                v.claim.file,
                k.ours,
                k.ours_se,
                if z.abs() > 2.0 {
                    " (excluded)"
                } else {
                    " (not excluded)"
                }
            ));
        }
    }
    if parts.is_empty() {
        return String::new();
    }
    let excluded = against_point
        .iter()
        .filter(|p| p.ends_with("(excluded)"))
        .count();
    format!(
        " § The paper's SE, paired (its design: the same 500 deals for both declarers; it prints none): sqrt((q − d²)/500), d the paper's difference and q its share of deals whose results differ, estimated as our share scaled by the paper's rate of discrepant moves over ours. {}. Against the paper's point value alone (+1.8, its SE taken as 0), our runs exclude it on {excluded} of {} sets: {}.",
        parts.join("; "),
        against_point.len(),
        against_point.join("; ")
    )
}

/// The claims whose paper SE is printed once for all cells, weighed again
/// with the SE our own per-deal spread gives at the paper's deals, beside
/// the least per-deal spread the paper's mean allows (the results are whole
/// tricks): empty when the table has no such claim.
fn printed_for_all(verdicts: &[Verdict]) -> String {
    let mut rows = String::new();
    let mut printed = None;
    for v in verdicts {
        let PaperSe::PrintedForAll { se, paper_deals } = v.claim.paper_se else {
            continue;
        };
        printed = Some((se, paper_deals));
        let least = if v.claim.statistic == Statistic::TrickDifference {
            format!("{:.2}", least_spread_of_whole_numbers(v.claim.paper))
        } else {
            "-".to_string()
        };
        let Some(k) = v.comparison else {
            writeln!(
                rows,
                "| {} | {:+.2} | not played | - | - | - | {least} | - | - | - |",
                v.claim.claim, v.claim.paper
            )
            .expect("a string");
            continue;
        };
        let spread = k.ours_se * (v.deals as f64).sqrt();
        let again = Comparison::new(
            k.paper,
            from_our_spread(k.ours_se, v.deals, paper_deals),
            k.ours,
            k.ours_se,
        );
        let again = match v.claim.statistic.no_effect() {
            Some(none) => again.against_no_effect(none),
            None => again,
        };
        writeln!(
            rows,
            "| {} | {:+.2} | {:+.3} ± {:.3} | {:+.1} | {} | {:.2} | {least} | {:.3} | {:+.1} | {} |",
            v.claim.claim,
            k.paper,
            k.ours,
            k.ours_se,
            k.z,
            k.verdict,
            spread,
            again.paper_se,
            again.z,
            again.verdict
        )
        .expect("a string");
    }
    let Some((se, paper_deals)) = printed else {
        return String::new();
    };
    format!(
        "\nThe claims whose paper SE is printed once for all cells (¶: {se} over {paper_deals} deals), weighed again with the paper's SE taken from our own per-deal spread at its {paper_deals} deals. Beside our spread, the least per-deal spread the paper's mean allows, its results being whole tricks (every deal the floor or the ceiling of the mean): a printed spread near it says that nearly every deal came out one way.\n\n| claim | paper | ours (± paired SE) | z, printed SE | verdict | our per-deal spread | least spread of the paper's mean | the paper's SE from our spread | z | verdict |\n|---|---|---|---|---|---|---|---|---|---|\n{rows}"
    )
}

/// The name of the generated block of [`population_report`].
pub const POPULATION_BLOCK: &str = "table1-population";

/// One board of a table-1 file: the filter's chance, whether PIMC (M = 1,
/// table B) made, and A's made minus B's.
struct PopulationBoard {
    chance: f64,
    pimc_made: bool,
    difference: f64,
}

/// The boards of a table-1 results file with the chance its deal set's
/// filter saw (`[PimcMake]`).
fn population_boards(path: &Path) -> Result<Vec<PopulationBoard>, String> {
    let (header, lines) = results::read(path).map_err(|e| e.to_string())?;
    let set = crate::replay::find_deal_set(path, &header.deals).ok_or_else(|| {
        format!(
            "{}: its deal set {} is not found",
            path.display(),
            header.deals
        )
    })?;
    let text = std::fs::read_to_string(&set).map_err(|e| e.to_string())?;
    let boards = arena::deal_set::read_pbn(&text).map_err(|e| e.to_string())?;
    lines
        .iter()
        .map(|r| {
            let chance = boards
                .get(r.deal)
                .and_then(|b| b.pimc_make)
                .ok_or_else(|| format!("{}: deal {} has no [PimcMake]", path.display(), r.deal))?;
            Ok(PopulationBoard {
                chance,
                pimc_made: r.b.made,
                difference: f64::from(u8::from(r.a.made)) - f64::from(u8::from(r.b.made)),
            })
        })
        .collect()
}

/// The least-squares slope of PIMC's made (0 or 1) on the filter's chance
/// and its z (the slope over its standard error).
fn slope_and_z(boards: &[PopulationBoard]) -> Option<(f64, f64)> {
    let n = boards.len() as f64;
    if boards.len() < 3 {
        return None;
    }
    let mx = boards.iter().map(|b| b.chance).sum::<f64>() / n;
    let y = |b: &PopulationBoard| f64::from(u8::from(b.pimc_made));
    let my = boards.iter().map(y).sum::<f64>() / n;
    let sxx: f64 = boards.iter().map(|b| (b.chance - mx).powi(2)).sum();
    let sxy: f64 = boards.iter().map(|b| (b.chance - mx) * (y(b) - my)).sum();
    if sxx <= 0.0 {
        return None;
    }
    let slope = sxy / sxx;
    let residual: f64 = boards
        .iter()
        .map(|b| (y(b) - my - slope * (b.chance - mx)).powi(2))
        .sum();
    let se = (residual / (n - 2.0) / sxx).sqrt();
    (se > 0.0).then_some((slope, slope / se))
}

/// The deal populations of table 1's files, from the files and their deal
/// sets: PIMC's success by the chance the filter saw, the slope of one on
/// the other, and table 1's figures on the filter read strictly (the
/// paper keeps deals where PIMC has "more than 30% and less than 70%";
/// ours keeps 0.30 and 0.70 too).
///
/// # Errors
/// A file or deal set that cannot be read.
pub fn population_report(dir: &Path) -> Result<String, String> {
    let files: Vec<&Claim> = CLAIMS
        .iter()
        .filter(|c| matches!(c.paper_se, PaperSe::PairedFromDiscordance { .. }))
        .collect();
    let mut sets = Vec::new();
    for claim in &files {
        let path = dir.join(claim.file);
        if path.is_file() {
            sets.push((claim.file, population_boards(&path)?));
        }
    }
    let mut out = String::from("PIMC-20's success (the M = 1 table, against PIMC-20 defenders) by the chance the filter saw (`[PimcMake]`, PIMC's chance over 20 worlds where the board starts, or after the opening lead), on each table-1 file at its full size:\n\n| chance |");
    for (file, _) in &sets {
        write!(out, " `{file}`: deals, PIMC made |").expect("a string");
    }
    out += "\n|---|";
    out += &"---|".repeat(sets.len());
    out.push('\n');
    let mut chances: Vec<i64> = sets
        .iter()
        .flat_map(|(_, b)| b.iter().map(|b| (b.chance * 100.0).round() as i64))
        .collect();
    chances.sort_unstable();
    chances.dedup();
    for c in chances {
        write!(out, "| {:.2} |", c as f64 / 100.0).expect("a string");
        for (_, boards) in &sets {
            let at: Vec<&PopulationBoard> = boards
                .iter()
                .filter(|b| (b.chance * 100.0).round() as i64 == c)
                .collect();
            let made = at.iter().filter(|b| b.pimc_made).count();
            if at.is_empty() {
                out += " - |";
            } else {
                write!(
                    out,
                    " {}, {:.0}% |",
                    at.len(),
                    100.0 * made as f64 / at.len() as f64
                )
                .expect("a string");
            }
        }
        out.push('\n');
    }
    out += "\n| file | slope of PIMC made on the chance (z) | boards at exactly 0.30 or 0.70 | PIMC made, all | M = 3 − M = 1, all | boards strictly inside | PIMC made, strictly inside | M = 3 − M = 1, strictly inside |\n|---|---|---|---|---|---|---|---|\n";
    for (file, boards) in &sets {
        let edge = boards
            .iter()
            .filter(|b| (b.chance - 0.3).abs() < 1e-6 || (b.chance - 0.7).abs() < 1e-6)
            .count();
        let inside: Vec<&PopulationBoard> = boards
            .iter()
            .filter(|b| b.chance > 0.3 + 1e-6 && b.chance < 0.7 - 1e-6)
            .collect();
        let rate = |bs: &[&PopulationBoard]| {
            100.0 * bs.iter().filter(|b| b.pimc_made).count() as f64 / bs.len().max(1) as f64
        };
        let difference = |bs: &[&PopulationBoard]| {
            let d: Vec<f64> = bs.iter().map(|b| b.difference).collect();
            arena::stats::Paired::of(&d).map_or("-".to_string(), |p| {
                format!("{:+.1} ± {:.1}", 100.0 * p.mean, 100.0 * p.se)
            })
        };
        let all: Vec<&PopulationBoard> = boards.iter().collect();
        let slope =
            slope_and_z(boards).map_or("-".to_string(), |(s, z)| format!("{s:+.2} ({z:+.1})"));
        writeln!(
            out,
            "| `{file}` | {slope} | {edge} ({:.1}%) | {:.1}% | {} | {} | {:.1}% | {} |",
            100.0 * edge as f64 / boards.len().max(1) as f64,
            rate(&all),
            difference(&all),
            inside.len(),
            rate(&inside),
            difference(&inside)
        )
        .expect("a string");
    }
    out += "\nThe slope is the least-squares slope of PIMC's made (0 or 1) on the chance, its z over its standard error; the differences are in points with their paired SE.\n";
    Ok(out)
}

/// The line before the verdict table in a markdown file
/// ([`replace_table`]).
pub const TABLE_START: &str = "<!-- verdicts table: alphamu experiment verdicts --update FILE -->";
/// The line after it.
pub const TABLE_END: &str = "<!-- /verdicts table -->";

/// Why a file's generated block cannot be replaced.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplaceError {
    /// A marker line is missing (or the end comes before the start).
    #[error("the file has no line {0:?}: put the two marker lines where the table goes")]
    NoMarker(String),
}

/// `text` with the lines between [`TABLE_START`] and [`TABLE_END`]
/// replaced by `table`; everything else is kept as it is.
///
/// # Errors
/// [`ReplaceError::NoMarker`] when a marker line is missing.
pub fn replace_table(text: &str, table: &str) -> Result<String, ReplaceError> {
    replace_between(text, TABLE_START, TABLE_END, table)
}

/// The two marker lines of the generated block `name` in a markdown file:
/// `<!-- generated: NAME -->` and `<!-- /generated: NAME -->`.
#[must_use]
pub fn block_markers(name: &str) -> (String, String) {
    (
        format!("<!-- generated: {name} -->"),
        format!("<!-- /generated: {name} -->"),
    )
}

/// `text` with the generated block `name` ([`block_markers`]) replaced by
/// `body`; `None` when the text has no such block (its start marker).
///
/// # Errors
/// [`ReplaceError::NoMarker`] when the block starts but does not end.
pub fn replace_block(text: &str, name: &str, body: &str) -> Result<Option<String>, ReplaceError> {
    let (start, end) = block_markers(name);
    if !text.contains(&start) {
        return Ok(None);
    }
    replace_between(text, &start, &end, body).map(Some)
}

fn replace_between(text: &str, start: &str, end: &str, body: &str) -> Result<String, ReplaceError> {
    let at = text
        .find(start)
        .ok_or_else(|| ReplaceError::NoMarker(start.to_string()))?;
    let inside = at + start.len();
    let stop = text[inside..]
        .find(end)
        .map(|e| inside + e)
        .ok_or_else(|| ReplaceError::NoMarker(end.to_string()))?;
    Ok(format!(
        "{}\n{}\n{}",
        &text[..inside],
        body.trim_end(),
        &text[stop..]
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_between_the_markers_is_replaced_and_the_rest_kept() {
        let text =
            format!("# Title\n\nProse.\n\n{TABLE_START}\n| old |\n{TABLE_END}\n\nMore prose.\n");
        let new = replace_table(&text, "| new |\n| rows |\n").expect("markers");
        assert_eq!(
            new,
            format!("# Title\n\nProse.\n\n{TABLE_START}\n| new |\n| rows |\n{TABLE_END}\n\nMore prose.\n")
        );
        // Done twice, the same.
        assert_eq!(
            replace_table(&new, "| new |\n| rows |").expect("markers"),
            new
        );
        assert_eq!(
            replace_table("no markers", "| t |"),
            Err(ReplaceError::NoMarker(TABLE_START.into()))
        );
        assert_eq!(
            replace_table(&format!("{TABLE_START}\n"), "| t |"),
            Err(ReplaceError::NoMarker(TABLE_END.into()))
        );
    }

    #[test]
    fn a_named_block_is_replaced_only_where_its_markers_are() {
        let (start, end) = block_markers("belote-round-robin");
        let text = format!("Prose.\n{start}\n| old |\n{end}\nMore.\n");
        assert_eq!(
            replace_block(&text, "belote-round-robin", "| new |").expect("markers"),
            Some(format!("Prose.\n{start}\n| new |\n{end}\nMore.\n"))
        );
        // Another block's name, or no block: nothing to replace.
        assert_eq!(
            replace_block(&text, "bridge-round-robin", "| x |"),
            Ok(None)
        );
        // A block that starts but does not end is refused, naming the line.
        let cut = format!("{start}\n| old |\n");
        assert_eq!(
            replace_block(&cut, "belote-round-robin", "| x |"),
            Err(ReplaceError::NoMarker(end))
        );
    }

    #[test]
    fn a_wide_paper_se_does_not_hide_that_ours_shows_no_effect() {
        // The paper's +1.8 ± 3.1 and ours -0.1 ± 0.5: reproduced against
        // the paper, and no effect in ours (z -0.2 from none); a winrate is
        // weighed from an even one.
        let made = CLAIMS
            .iter()
            .find(|c| c.statistic != Statistic::Winrate)
            .expect("a claim on a difference");
        let winrate = CLAIMS
            .iter()
            .find(|c| c.statistic == Statistic::Winrate)
            .expect("a claim on a winrate");
        let table = markdown(&[
            Verdict {
                claim: *made,
                comparison: Some(Comparison::new(1.8, 3.1, -0.1, 0.5)),
                deals: 2400,
                commits: vec!["abc".into()],
                discordance: 0.0,
                discrepancy_rate: None,
            },
            Verdict {
                claim: *winrate,
                comparison: Some(Comparison::new(0.551, 0.02, 0.6, 0.025)),
                deals: 2400,
                commits: vec!["abc".into()],
                discordance: 0.0,
                discrepancy_rate: None,
            },
        ]);
        // Against no effect, z and Holm's p over the two rows: the second
        // row's p (6e-5) doubled, the first's (0.84) kept.
        assert!(
            table.contains("| reproduced | -0.2 | 0.841 | 2400 |"),
            "{table}"
        );
        assert!(table.contains("| +4.0 | < 0.001 | 2400 |"), "{table}");
    }

    #[test]
    fn a_goal_whose_run_is_not_played_out_has_no_verdict_and_stays_out_of_holm() {
        let goal = CLAIMS
            .iter()
            .find(|c| c.paper_se == PaperSe::Goal)
            .expect("a goal of ours");
        let made = CLAIMS
            .iter()
            .find(|c| c.statistic == Statistic::MadeDifference && c.paper_se != PaperSe::Goal)
            .expect("a claim on a difference");
        let row = |claim: &Claim, deals, comparison| Verdict {
            claim: *claim,
            comparison: Some(comparison),
            deals,
            commits: vec!["abc".into()],
            discordance: 0.0,
            discrepancy_rate: None,
        };
        // 38 deals of 2,400: +5.3 ± 5.3 is an interim figure, not a result.
        let table = markdown(&[
            row(goal, 38, Comparison::new(3.0, 0.0, 5.3, 5.3)),
            row(made, 2400, Comparison::new(1.8, 3.1, -0.1, 0.5)),
        ]);
        assert!(
            table.contains("| +3.0◊ | in progress: 38 of 2400 deals | - | - | - | - | 38 |"),
            "{table}"
        );
        // The other row alone in Holm's adjustment, and alone weighed.
        assert!(table.contains("| -0.2 | 0.841 | 2400 |"), "{table}");
        assert!(table.contains("Over the 1 claims weighed"), "{table}");
        // Played out, the goal's row has its verdict.
        let done = markdown(&[row(goal, 2400, Comparison::new(3.0, 0.0, 0.5, 1.0))]);
        assert!(!done.contains("in progress"), "{done}");
        assert!(done.contains("| +0.5 ± 1.0 | -2.5 |"), "{done}");
    }

    #[test]
    fn a_deal_population_row_has_no_effect_to_test_and_stays_out_of_holm() {
        let made = CLAIMS
            .iter()
            .find(|c| c.statistic == Statistic::MadeDifference)
            .expect("a claim on a difference");
        let population = CLAIMS
            .iter()
            .find(|c| c.statistic == Statistic::MadeRateB)
            .expect("a claim on a population");
        let row = |claim: &Claim, comparison| Verdict {
            claim: *claim,
            comparison: Some(comparison),
            deals: 2400,
            commits: vec!["abc".into()],
            discordance: 0.0,
            discrepancy_rate: None,
        };
        let table = markdown(&[
            row(made, Comparison::new(1.8, 3.1, -0.1, 0.5)),
            row(population, Comparison::new(60.2, 2.2, 72.0, 0.9)),
        ]);
        // 72.0 against 60.2: z = 11.8 / sqrt(2.2² + 0.9²) = +5.0.
        // Each derived SE's note has its own mark.
        assert!(
            table.contains("| 60.2 ± 2.2\\* | 72.0 ± 0.9 | +5.0 | contradicted | - | - | 2400 |"),
            "{table}"
        );
        assert!(table.contains("| +1.8 ± 3.1§ |"), "{table}");
        assert!(
            table.contains("§ The paper's SE, paired")
                && table.contains("\\* The paper's SE: a success rate over"),
            "{table}"
        );
        // The other row alone in Holm's adjustment: its p (0.84) unchanged.
        assert!(
            table.contains("| reproduced | -0.2 | 0.841 | 2400 |"),
            "{table}"
        );
    }

    #[test]
    fn table_1_is_weighed_with_a_paired_se_and_shows_no_effect() {
        // The project's own files: none of ours is more than 2 of its SEs
        // from zero, so no table-1 row is "reproduced".
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../experiments");
        let weighed = verdicts(&root);
        let table1: Vec<&Verdict> = weighed
            .iter()
            .filter(|v| matches!(v.claim.paper_se, PaperSe::PairedFromDiscordance { .. }))
            .collect();
        assert_eq!(table1.len(), 3);
        for v in &table1 {
            let k = v.comparison.expect("played");
            // sqrt((q − d²)/500) with q our discordance scaled by the
            // discrepancy rates: 52 cards, 276 of 13,000 moves.
            let PaperSe::PairedFromDiscordance {
                paper_discrepancies,
                paper_moves,
                ..
            } = v.claim.paper_se
            else {
                unreachable!()
            };
            let rate = v.discrepancy_rate.expect("counted");
            let q = v.discordance * (paper_discrepancies as f64 / paper_moves as f64) / rate;
            let se = 100.0 * ((q - 0.018 * 0.018) / 500.0).sqrt();
            assert!((k.paper_se - se).abs() < 1e-12, "{v:?}");
            assert!(k.paper_se < 2.0, "{v:?}: far under the unpaired 3.1");
            // None of ours shows an effect, so none is "reproduced": within
            // 2 of the paired SE no effect is shown, beyond it the row is
            // inconclusive (36 cards, z -2.0).
            assert!(k.ours.abs() <= 2.0 * k.ours_se, "{v:?}");
            let expected = if k.z.abs() <= 2.0 {
                arena::stats::Verdict::NoEffectShown
            } else {
                arena::stats::Verdict::Inconclusive
            };
            assert_eq!(k.verdict, expected, "{v:?}");
        }
        let table = markdown(&weighed);
        assert!(table.contains("consistent, no effect shown"), "{table}");
        assert!(
            table.contains("our runs exclude it on 2 of 3 sets"),
            "{table}"
        );
        let effects = weighed
            .iter()
            .filter(|v| {
                v.comparison.is_some()
                    && v.claim.statistic.no_effect().is_some()
                    && in_progress(v).is_none()
            })
            .count();
        assert!(
            table.contains(&format!("over the {effects} rows that test an effect")),
            "{table}"
        );
    }

    #[test]
    fn the_least_spread_of_whole_numbers_puts_every_value_at_the_floor_or_ceiling() {
        // -0.90: nine deals in ten at -1, one at 0: sqrt(0.1 × 0.9) = 0.3.
        assert!((least_spread_of_whole_numbers(-0.9) - 0.3).abs() < 1e-12);
        // +0.24: sqrt(0.24 × 0.76).
        assert!(
            (least_spread_of_whole_numbers(0.24) - 0.24f64.mul_add(-0.24, 0.24).sqrt()).abs()
                < 1e-12
        );
        assert_eq!(least_spread_of_whole_numbers(2.0), 0.0);
        assert!((least_spread_of_whole_numbers(0.5) - 0.5).abs() < 1e-12);
    }

    #[test]
    fn a_paper_se_printed_for_all_cells_is_weighed_again_with_our_spread() {
        let printed_for_all = CLAIMS
            .iter()
            .find(|c| c.claim == "MC2-D-3-3 loses to MC-D-20")
            .expect("a claim with the recursive Monte Carlo paper's SE");
        assert!(matches!(
            printed_for_all.paper_se,
            PaperSe::PrintedForAll { .. }
        ));
        let made = CLAIMS
            .iter()
            .find(|c| c.statistic == Statistic::MadeDifference)
            .expect("a claim on a difference");
        let verdict = |claim: &Claim, comparison| Verdict {
            claim: *claim,
            comparison,
            deals: 1250,
            commits: vec!["abc".into()],
            discordance: 0.0,
            discrepancy_rate: None,
        };
        // The paper's -0.90 ± 0.05 and ours -0.293 ± 0.030 over 1,250 deals:
        // z = 0.607 / sqrt(0.05² + 0.03²) = +10.4; our spread 0.03 ×
        // sqrt(1250) = 1.06, at the paper's 100 deals an SE of 0.106, so z =
        // 0.607 / sqrt(0.106² + 0.03²) = +5.5; the least spread of -0.90
        // in whole tricks is 0.30.
        let table = markdown(&[
            verdict(
                printed_for_all,
                Some(Comparison::new(-0.9, 0.05, -0.293, 0.03)),
            ),
            verdict(printed_for_all, None),
        ]);
        assert!(table.contains("± 0.05¶ |"), "{table}");
        assert!(table.contains("¶ Printed once for all"), "{table}");
        assert!(
            table.contains(
                "| -0.90 | -0.293 ± 0.030 | +10.4 | contradicted | 1.06 | 0.30 | 0.106 | +5.5 | contradicted |"
            ),
            "{table}"
        );
        assert!(
            table.contains("| not played | - | - | - | 0.30 | - | - | - |"),
            "{table}"
        );
        // A table without such a claim has neither the note nor the table.
        let plain = markdown(&[verdict(made, Some(Comparison::new(1.8, 3.1, -0.1, 0.5)))]);
        assert!(!plain.contains('¶'), "{plain}");
    }

    #[test]
    fn a_missing_file_is_not_played_and_files_are_weighed() {
        let dir = tempfile::tempdir().unwrap();
        let v = verdicts(dir.path());
        assert_eq!(v.len(), CLAIMS.len());
        assert!(v.iter().all(|v| v.comparison.is_none() && v.deals == 0));
        let table = markdown(&v);
        assert!(
            table.contains("| not played | - | - | - | - | 0 |"),
            "{table}"
        );
        // The experiments kept in the project are weighed where present.
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../experiments");
        let weighed = verdicts(&root);
        let belote = weighed
            .iter()
            .find(|v| v.claim.file == "belote-round-robin/pimc-vs-alphamu.jsonl")
            .expect("a claim");
        assert!(belote.deals >= 300, "{belote:?}");
        assert!(belote.comparison.is_some());
        // A deal population's rate: table B's contracts made, counted here
        // from the file's lines.
        let population = weighed
            .iter()
            .find(|v| v.claim.statistic == Statistic::MadeRateB)
            .expect("a population claim");
        let text = std::fs::read_to_string(root.join(population.claim.file)).unwrap();
        let lines: Vec<serde_json::Value> = text
            .lines()
            .skip(1)
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let made = lines.iter().filter(|l| l["b"]["made"] == true).count();
        let ours = population.comparison.expect("weighed").ours;
        assert!(
            (ours - 100.0 * made as f64 / lines.len() as f64).abs() < 1e-9,
            "{ours} against {made} of {}",
            lines.len()
        );
    }
}

//! `alphamu points-match`: two players of the trick-costs paper's template
//! (random, PIMC, alpha-mu, Fusion, with any settings) against each other
//! at Belote or bridge card play, each deal played twice with the teams
//! swapped, as the round robins play them.

use anyhow::Result;
use arena::points::{summarize, PointsMatch, PointsSummary};
use arena::GameKind;
use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `alphamu points-match`.
#[derive(Args)]
pub struct PointsMatchArgs {
    /// The game: belote (a random trump, card points) or bridge-cardplay
    /// (card play with a random strain, every seat its own hand, tricks as
    /// points; `bridge` here, its name before).
    #[arg(long, default_value = "belote", value_parser = crate::args::points_game)]
    pub(crate) game: GameKind,
    /// Player A, as in the round robins' reports: `random`,
    /// `tc-pimc:worlds=10`, `tc-alphamu:worlds=10:leaf=5`, `tc-fusion:base=2:worlds=0:leaf=5`
    /// (add `:rd=none` to search to the end of the deal).
    #[arg(long)]
    pub(crate) a: String,
    /// Player B.
    #[arg(long)]
    pub(crate) b: String,
    /// How many random deals (each played twice); 0 plays nothing and
    /// sums up the deals the results file holds, even while another run
    /// is writing it.
    #[arg(long, default_value_t = 100)]
    pub(crate) deals: usize,
    /// The results file (JSON lines, a line per deal as it finishes); a
    /// run on an existing file of the same match resumes it.
    #[arg(long)]
    pub(crate) results: PathBuf,
    /// Seed of the deals and of every choice.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Worker threads (deals in parallel); 0 uses every core.
    #[arg(long, default_value_t = 0, value_parser = crate::args::threads)]
    pub(crate) threads: usize,
}

/// Runs `alphamu points-match` and prints the summary.
pub fn run(args: PointsMatchArgs) -> Result<ExitCode> {
    let a = crate::args::points_player(&args.a, "--a")?;
    let b = crate::args::points_player(&args.b, "--b")?;
    let config = PointsMatch {
        game: args.game,
        a,
        b,
        seed: args.seed,
    };
    let bar = crate::progress::Meter::new(args.deals, "deals");
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()?;
    let step = || bar.inc(1);
    let deals = pool.install(|| config.run(args.deals, &args.results, &step))?;
    bar.finish_and_clear();
    if deals.is_empty() {
        println!("{}: no deal played yet", args.results.display());
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "{} (A) against {} (B), {:?}, seed {}",
        config.a, config.b, args.game, args.seed
    );
    print_summary(&summarize(&deals));
    Ok(ExitCode::SUCCESS)
}

/// The lines of a points match's summary.
fn print_summary(s: &PointsSummary) {
    println!("deals: {} (each played twice, the teams swapped)", s.deals);
    println!("A's share of the points: {:.1}%", s.share_a);
    println!(
        "A's share minus B's: {:+.1} ± {:.1} points in percent (the SE of the per-deal differences)",
        s.difference, s.sigma
    );
    if s.timed_deals > 0 {
        println!(
            "CPU seconds per searched move: A {:.3}, B {:.3} (over {} deals)",
            s.seconds_per_move[0], s.seconds_per_move[1], s.timed_deals
        );
    }
}

/// `alphamu report` of a points-match results file: the match, its
/// summary and, when several builds played it, each build's part.
pub fn report(path: &Path, format: &str) -> Result<ExitCode> {
    let (config, build, deals) = arena::points::read_with_build(path)?;
    let builds = arena::provenance::by_commit(&deals, |d| d.commit.as_deref());
    match format {
        "markdown" => {
            println!(
                "{} (A) against {} (B), {:?}, seed {}; points match (each deal twice, the teams swapped); file made by commit {} ({})\n",
                config.a,
                config.b,
                config.game,
                config.seed,
                arena::provenance::commit_name(build.commit.as_deref()),
                build.profile.as_deref().unwrap_or("profile not recorded")
            );
            if deals.is_empty() {
                println!("no deal played yet");
                return Ok(ExitCode::SUCCESS);
            }
            print_summary(&summarize(&deals));
            if let Some(warning) = arena::provenance::several_builds_warning(&builds) {
                println!("\n{warning}");
                for (c, part) in &builds {
                    println!("\nCommit {}:", arena::provenance::commit_name(c.as_deref()));
                    print_summary(&summarize(part));
                }
            }
        }
        "json" => {
            let parts: Vec<serde_json::Value> = builds
                .iter()
                .map(|(c, part)| {
                    serde_json::json!({"commit": c, "deals": part.len(), "summary": summarize(part)})
                })
                .collect();
            println!(
                "{}",
                serde_json::json!({
                    "match": {"kind": "points-match", "game": arena::points::game_name_in_file(config.game), "a": config.a.to_string(), "b": config.b.to_string(), "seed": config.seed, "build": build},
                    "summary": summarize(&deals),
                    "builds": parts,
                })
            );
        }
        other => anyhow::bail!("--format {other}: expected markdown or json"),
    }
    Ok(ExitCode::SUCCESS)
}

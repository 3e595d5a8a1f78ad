//! `alphamu`: card play for contract bridge from the command line.
//!
//! Run without arguments to watch alpha-mu declare a built-in 3NT.

mod batch;
mod commands;
mod input;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Card play for contract bridge, as the research says it should be played.
#[derive(Parser)]
#[command(name = "alphamu", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Double-dummy analysis: tables of deals and the value of every card.
    Dd {
        #[command(subcommand)]
        command: commands::dd::DdCommand,
    },
    /// The double-dummy table of a built-in example deal.
    Demo,
    /// Game records (PBN, LIN): read and show them.
    Games {
        #[command(subcommand)]
        command: commands::games::GamesCommand,
    },
    /// Every legal card of the side to move with its chance of making the
    /// contract and declarer's mean tricks (PIMC or alpha-mu).
    Analyze(commands::analyze::AnalyzeArgs),
    /// Play a whole deal with the players chosen and print it trick by
    /// trick (the default: alpha-mu declares a built-in 3NT).
    Play(commands::play::PlayArgs),
    /// Average time per declarer move of PIMC and alpha-mu over whole
    /// deals, in the layout of the papers' time tables.
    Bench(commands::bench::BenchArgs),
    /// Make a seeded deal set (3NT, 7NT or reduced decks) as PBN.
    Deals(commands::arena::DealsArgs),
    /// Play a duplicate match between two players on a deal set; results
    /// are appended as each deal finishes and a rerun resumes.
    Match(commands::arena::MatchArgs),
    /// The statistics of a match's results file.
    Report(commands::arena::ReportArgs),
    /// Two players of the trick-costs template against each other at
    /// Belote or bridge card play, each deal twice with the teams swapped;
    /// results appended as each deal finishes, a rerun resumes.
    PointsMatch(commands::points::PointsMatchArgs),
    /// Run one of the papers' experiments and write its report.
    Experiment(commands::arena::ExperimentArgs),
    /// Sit at a Blue Chip table manager (protocol 18) and bid and play a
    /// seat for a session.
    Seat(commands::seat::SeatArgs),
    /// Serve the web analyser (a page with a hand diagram and its JSON API).
    Serve(commands::serve::ServeArgs),
}

/// A reader that closes the pipe early (`alphamu report r.jsonl | head`)
/// ends the program quietly, as it ends `cat`, instead of a panic on the
/// next line printed.
#[cfg(unix)]
fn quiet_on_closed_pipe() {
    // SAFETY: sets the default action of SIGPIPE, before any other thread
    // exists; no Rust state depends on it.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    #[cfg(unix)]
    quiet_on_closed_pipe();
    let cli = Cli::parse();
    let command = match cli.command {
        Some(c) => c,
        None => match Cli::try_parse_from(["alphamu", "play"]) {
            Ok(Cli { command: Some(c) }) => c,
            _ => unreachable!("`alphamu play` parses with its defaults"),
        },
    };
    let result = match command {
        Command::Dd { command } => commands::dd::run(command),
        Command::Demo => commands::demo::run(),
        Command::Games { command } => commands::games::run(command),
        Command::Analyze(args) => commands::analyze::run(args),
        Command::Play(args) => commands::play::run(args),
        Command::Bench(args) => commands::bench::run(args),
        Command::Deals(args) => commands::arena::deals(args),
        Command::Match(args) => commands::arena::play_match(args),
        Command::Report(args) => commands::arena::report(args),
        Command::PointsMatch(args) => commands::points::run(args),
        Command::Experiment(args) => commands::arena::experiment(args),
        Command::Seat(args) => commands::seat::run(args),
        Command::Serve(args) => commands::serve::run(args),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {}", describe(&err));
            ExitCode::FAILURE
        }
    }
}

/// An error and its causes on one line, `: ` between them. A cause whose
/// text its parent's message already ends with (a library error that
/// shows its source, `"{path}: {source}"`) is not said twice.
fn describe(err: &anyhow::Error) -> String {
    let mut message = String::new();
    for cause in err.chain() {
        let text = cause.to_string();
        if message.is_empty() {
            message = text;
        } else if !message.ends_with(&text) {
            message.push_str(": ");
            message.push_str(&text);
        }
    }
    message
}

#[cfg(test)]
mod tests {
    use super::describe;

    #[derive(Debug, thiserror::Error)]
    #[error("the hands: {0}")]
    struct ShowsItsSource(#[source] std::fmt::Error);

    #[test]
    fn a_cause_already_in_its_parents_message_is_said_once() {
        let err = anyhow::Error::new(ShowsItsSource(std::fmt::Error)).context("--deal");
        assert_eq!(
            describe(&err),
            "--deal: the hands: an error occurred when formatting an argument"
        );
    }

    #[test]
    fn causes_not_in_the_message_are_all_said() {
        let err = anyhow::anyhow!("bad card")
            .context("line 3")
            .context("deals.pbn");
        assert_eq!(describe(&err), "deals.pbn: line 3: bad card");
    }
}

//! `alphamu`: card play for contract bridge from the command line.
//!
//! Run without arguments to watch alpha-mu declare a built-in 3NT.

mod args;
mod batch;
mod commands;
mod input;
mod progress;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
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
    /// What each call of an auction shows under the natural bidding
    /// system, and the system's call for a hand.
    Bid(commands::bid::BidArgs),
    /// Serve the web analyser (a page with a hand diagram and its JSON API).
    Serve(commands::serve::ServeArgs),
    /// Every player, the games it plays, its options and an example spec.
    Players,
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

/// Exits with clap's error, as clap would, but with every long word of it
/// (clap quotes a bad value whole: a 100 kB `--declarer`) cut to its start
/// and its length.
fn exit_quoting_briefly(e: clap::Error) -> ! {
    let text = e.render().to_string();
    if !text
        .split_whitespace()
        .any(|w| w.chars().count() > LONG_WORD)
    {
        e.exit()
    }
    let mut out = String::new();
    for (i, line) in text.lines().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let words: Vec<String> = line.split(' ').map(clip_word).collect();
        out.push_str(&words.join(" "));
    }
    eprintln!("{out}");
    std::process::exit(e.exit_code())
}

/// Words of a message longer than this are cut by [`clip_word`].
const LONG_WORD: usize = 2 * cards::QUOTE_LIMIT;

/// A word of at most [`LONG_WORD`] characters as it is, a longer one as
/// its first characters, an ellipsis and its length.
fn clip_word(word: &str) -> String {
    let length = word.chars().count();
    if length <= LONG_WORD {
        return word.to_string();
    }
    let start: String = word.chars().take(cards::QUOTE_LIMIT - 8).collect();
    format!("{start}… ({length} characters)")
}

fn main() -> ExitCode {
    #[cfg(unix)]
    quiet_on_closed_pipe();
    let matches = match Cli::command().try_get_matches() {
        Ok(matches) => matches,
        Err(e) => exit_quoting_briefly(e),
    };
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    if let Err(message) = check_game_flags(&matches) {
        eprintln!("error: {message}");
        return ExitCode::from(2);
    }
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
        Command::Bid(args) => commands::bid::run(args),
        Command::Serve(args) => commands::serve::run(args),
        Command::Players => {
            print!("{}", players_listing());
            Ok(ExitCode::SUCCESS)
        }
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {}", describe(&err));
            ExitCode::FAILURE
        }
    }
}

/// `alphamu players`: the registry, every player once.
fn players_listing() -> String {
    format!(
        "Every player spec is name:key=value,... (',', ':' or ';' between options).\n\
         Contract boards: play, analyze, match --game bridge, seat, the web analyser.\n\
         Games scored in points: match --game belote|bridge-cardplay, points-match, play and analyze --game belote.\n\n{}",
        players::registry::listing()
    )
}

/// The options that only one game takes, by subcommand: (subcommand path,
/// bridge's only, Belote's only).
const GAME_FLAGS: [(&[&str], &[&str], &[&str]); 3] = [
    (
        &["play"],
        &[
            "contract",
            "declarer",
            "declarer_player",
            "defense",
            "vulnerable",
            "record",
            "board",
            "out",
            "threads",
        ],
        &["ns", "ew", "undertrump"],
    ),
    (
        &["analyze"],
        &[
            "contract",
            "declarer",
            "algo",
            "max_moves",
            "worlds",
            "worlds_file",
            "threads",
            "constraints",
            "lead_rule",
            "disable",
            "need",
            "leader",
            "bounds",
            "work_limit",
        ],
        &["players", "undertrump"],
    ),
    (&["dd", "solve"], &[], &["undertrump"]),
];

/// Refuses an option of the other game than `--game` names (bridge by
/// default), instead of ignoring it.
fn check_game_flags(matches: &clap::ArgMatches) -> Result<(), String> {
    for (path, bridge_only, belote_only) in GAME_FLAGS {
        let mut sub = Some(matches);
        for name in path {
            sub = sub.and_then(|m| m.subcommand_matches(name));
        }
        let Some(sub) = sub else { continue };
        let game = sub
            .get_raw("game")
            .and_then(|mut v| v.next())
            .and_then(|v| v.to_str())
            .unwrap_or("bridge");
        let belote = game == "belote";
        let foreign = if belote { bridge_only } else { belote_only };
        let given: Vec<String> = foreign
            .iter()
            .filter(|id| sub.value_source(id) == Some(clap::parser::ValueSource::CommandLine))
            .map(|id| format!("--{}", id.replace('_', "-")))
            .collect();
        if !given.is_empty() {
            let (what, advice) = if belote {
                (
                    "bridge",
                    if given.len() == 1 {
                        "with --game belote it would do nothing; leave it out, or drop --game belote"
                    } else {
                        "with --game belote they would do nothing; leave them out, or drop --game belote"
                    },
                )
            } else {
                (
                    "Belote",
                    if given.len() == 1 {
                        "add --game belote, or leave it out"
                    } else {
                        "add --game belote, or leave them out"
                    },
                )
            };
            return Err(format!(
                "{}: {} {} {what} only; {advice}",
                path.join(" "),
                given.join(", "),
                if given.len() == 1 {
                    "is for"
                } else {
                    "are for"
                },
            ));
        }
    }
    Ok(())
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

//! `alphamu games show`: the boards of PBN and LIN game records.

use anyhow::Result;
use clap::{Subcommand, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;

/// Game record subcommands.
#[derive(Subcommand)]
pub enum GamesCommand {
    /// Every board of PBN or LIN files: deal, auction, contract, play and
    /// result. Boards that cannot be read are reported on standard error
    /// (file, line, tag) and the others still shown; exit status 1 if any.
    Show {
        /// PBN or LIN files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = ShowFormat::Text)]
        format: ShowFormat,
    },
}

/// How `games show` prints.
#[derive(Clone, Copy, ValueEnum)]
pub enum ShowFormat {
    /// A few readable lines per board.
    Text,
    /// One JSON object per board.
    Json,
}

/// Runs a `games` subcommand.
pub fn run(command: GamesCommand) -> Result<ExitCode> {
    let GamesCommand::Show { files, format } = command;
    let mut failed = false;
    for path in files {
        let (games, errors) = match records::read_file(&path) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("error: {}: {e}", path.display());
                failed = true;
                continue;
            }
        };
        for g in &games {
            match format {
                ShowFormat::Json => println!("{}", g.to_json()),
                ShowFormat::Text => {
                    let contract = match (g.contract, g.declarer) {
                        (Some(c), Some(d)) => format!("{c} by {d}"),
                        _ => "passed out".to_string(),
                    };
                    let auction: Vec<String> = g.auction.iter().map(ToString::to_string).collect();
                    println!(
                        "{}:{} board {}: {}  dealer {}, vul {}; {}; {} cards played{}",
                        g.file,
                        g.line,
                        g.board.as_deref().unwrap_or("?"),
                        g.deal,
                        g.dealer.map_or("?".to_string(), |s| s.to_string()),
                        g.vul,
                        contract,
                        g.play.len(),
                        g.result.map_or(String::new(), |r| format!(", {r} tricks"))
                    );
                    if !auction.is_empty() {
                        println!("    auction: {}", auction.join(" "));
                    }
                }
            }
        }
        for e in &errors {
            eprintln!("error: {e}");
            failed = true;
        }
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

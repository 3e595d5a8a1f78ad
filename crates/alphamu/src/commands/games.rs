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
    /// Every card played in the boards of PBN or LIN files, valued double
    /// dummy: the declarer's side's tricks after each legal card, and the
    /// cards that gave a trick away (by the player's side's count).
    Analyze {
        /// PBN or LIN files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Only the boards of this name or number.
        #[arg(long)]
        board: Option<String>,
        /// Also value each card of declarer and dummy single dummy: the
        /// chance of making the contract (by --algo) over worlds drawn from
        /// declarer's view, and where the card chosen lost chances.
        #[arg(long)]
        chances: bool,
        /// How --chances rates the cards: pimc, or alphamu (searching
        /// --max-moves of declarer's moves ahead).
        #[arg(long, value_enum, default_value_t = ChanceAlgo::Pimc)]
        algo: ChanceAlgo,
        /// alpha-mu's M for --algo alphamu.
        #[arg(long, default_value_t = 2)]
        max_moves: usize,
        /// Worlds per decision for --chances.
        #[arg(long, default_value_t = 20)]
        worlds: usize,
        /// Seed of the worlds.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Output format.
        #[arg(long, value_enum, default_value_t = ShowFormat::Text)]
        format: ShowFormat,
    },
}

/// How `games analyze --chances` rates the cards.
#[derive(Clone, Copy, ValueEnum)]
pub enum ChanceAlgo {
    /// Perfect information Monte Carlo.
    Pimc,
    /// alpha-mu.
    Alphamu,
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
    let (files, format) = match command {
        GamesCommand::Show { files, format } => (files, format),
        GamesCommand::Analyze {
            files,
            board,
            chances,
            algo,
            max_moves,
            worlds,
            seed,
            format,
        } => {
            let method = match algo {
                ChanceAlgo::Pimc => players::analysis::Method::Pimc,
                ChanceAlgo::Alphamu => players::analysis::Method::AlphaMu { max_moves },
            };
            let chances = chances.then_some((method, worlds, seed));
            return analyze(&files, board.as_deref(), chances, format);
        }
    };
    let mut failed = false;
    for path in files {
        let Some((games, errors)) = read_games(&path) else {
            failed = true;
            continue;
        };
        for g in &games {
            for w in &g.warnings {
                eprintln!("warning: {w}");
            }
            match format {
                ShowFormat::Json => println!("{}", g.to_json()),
                ShowFormat::Text => {
                    let auction: Vec<String> = g.auction.iter().map(ToString::to_string).collect();
                    let result = match (g.claimed, g.result) {
                        (Some(c), _) => format!(", {c} tricks by claim"),
                        (None, Some(r)) => format!(", {r} tricks"),
                        (None, None) => String::new(),
                    };
                    println!(
                        "{}:{} board {}: {}  dealer {}, vul {}; {}; {}{result}",
                        g.file,
                        g.line,
                        g.board_text(),
                        g.deal,
                        g.dealer.map_or("?".to_string(), |s| s.to_string()),
                        g.vul,
                        g.contract_text(),
                        cards_played(g.play.len()),
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

/// The games of one file and the errors of the boards that cannot be
/// read; `None`, said on stderr, when the file cannot be read or holds
/// no game at all (both `show` and `analyze` then exit 1).
fn read_games(
    path: &std::path::Path,
) -> Option<(Vec<records::GameRecord>, Vec<records::RecordError>)> {
    match records::read_file(path) {
        Err(e) => {
            eprintln!("error: {}: {e}", path.display());
            None
        }
        Ok((games, errors)) if games.is_empty() && errors.is_empty() => {
            eprintln!(
                "error: {}: no game found (a PBN file has [Deal] tags; a LIN file md| fields)",
                path.display()
            );
            None
        }
        Ok(read) => Some(read),
    }
}

/// Double-dummy analysis of the play of every board.
/// Declarer's side's chance of making with each legal card, by `method`
/// over `worlds` worlds drawn from the mover's view, and whether it is
/// exact (alpha-mu may leave a card's chance as an upper bound).
fn chances_of(
    board: &players::player::Board,
    play: &[cards::Card],
    method: players::analysis::Method,
    worlds: usize,
    seed: u64,
) -> Result<Vec<(cards::Card, f64, bool)>> {
    let request = players::analysis::Request::for_board(board, play, method, worlds, seed)?;
    let analysis = players::analysis::run(&request, &|_| {})?;
    Ok(analysis
        .cards
        .into_iter()
        .map(|v| (v.card, v.make, v.bound == search::Bound::Exact))
        .collect())
}

fn analyze(
    files: &[PathBuf],
    board: Option<&str>,
    chances: Option<(players::analysis::Method, usize, u64)>,
    format: ShowFormat,
) -> Result<ExitCode> {
    let mut failed = false;
    let mut solver = dd::Solver::new();
    for path in files {
        let Some((games, errors)) = read_games(path) else {
            failed = true;
            continue;
        };
        for e in &errors {
            eprintln!("error: {e}");
            failed = true;
        }
        let chosen: Vec<&records::GameRecord> = match board {
            None => games.iter().collect(),
            Some(b) => match records::select_boards(&games, b) {
                Ok(found) => found,
                Err(e) => {
                    eprintln!("error: --board {b}: {}: {e}", path.display());
                    failed = true;
                    continue;
                }
            },
        };
        for g in chosen {
            for w in &g.warnings {
                eprintln!("warning: {w}");
            }
            let (Some(contract), Some(declarer)) = (g.contract, g.declarer) else {
                eprintln!(
                    "{}:{} board {}: nothing to analyse: {}",
                    g.file,
                    g.line,
                    g.board_text(),
                    g.contract_text()
                );
                continue;
            };
            let mut state = bridge::PlayState::new(g.deal, contract.strain, declarer);
            let mut cards = Vec::new();
            let rules = players::player::Board {
                deal: g.deal,
                strain: contract.strain,
                declarer,
                need: usize::from(contract.tricks_needed()),
                constraints: worlds::Constraints::default(),
                scoring: None,
            };
            for (i, &card) in g.play.iter().enumerate() {
                let position = state.position().clone();
                let seat = position.to_move();
                let values = solver.card_values(&position);
                let best = values.iter().map(|v| v.tricks).max().unwrap_or(0);
                let played = values
                    .iter()
                    .find(|v| v.card == card)
                    .map_or(0, |v| v.tricks);
                // Tricks for the declaring side from here on, counting those won.
                let won = state.tricks(declarer.side()) as u8;
                let declaring = seat.side() == declarer.side();
                let for_declarer = |t: u8| {
                    if declaring {
                        won + t
                    } else {
                        won + position.tricks_left() as u8 - t
                    }
                };
                let mut chance = serde_json::Value::Null;
                if let Some((method, worlds, seed)) =
                    chances.filter(|_| declaring && position.legal_cards().len() > 1)
                {
                    let values = chances_of(&rules, &g.play[..i], method, worlds, seed)?;
                    // The best chance known exactly: a card whose chance is
                    // only bounded from above cannot claim to be better.
                    let best = values
                        .iter()
                        .filter(|v| v.2)
                        .map(|v| v.1)
                        .fold(0.0, f64::max);
                    let chosen = values.iter().find(|v| v.0 == card);
                    chance = serde_json::json!({
                        "played": chosen.map_or(0.0, |v| v.1),
                        "played_exact": chosen.is_none_or(|v| v.2),
                        "best": best,
                        "best_cards": values.iter().filter(|v| v.2 && v.1 == best).map(|v| v.0.to_string()).collect::<Vec<_>>(),
                        "bounded_cards": values.iter().filter(|v| !v.2).map(|v| v.0.to_string()).collect::<Vec<_>>(),
                    });
                }
                cards.push(serde_json::json!({
                    "chance": chance,
                    "number": i + 1,
                    "seat": seat.to_string(),
                    "card": card.to_string(),
                    "declarer_tricks": for_declarer(played),
                    "best_declarer_tricks": for_declarer(best),
                    "lost": best - played,
                    "best": values.iter().filter(|v| v.tricks == best).map(|v| v.card.to_string()).collect::<Vec<_>>(),
                }));
                state.play(card).expect("a checked play");
            }
            match format {
                ShowFormat::Json => println!(
                    "{}",
                    serde_json::json!({"file": g.file, "board": g.board, "room": g.room.map(|r| r.to_string()), "contract": contract.to_string(), "declarer": declarer.to_string(), "result": g.result, "cards": cards})
                ),
                ShowFormat::Text => {
                    println!(
                        "{} board {}: {contract} by {declarer}, {}",
                        g.file,
                        g.board_text(),
                        cards_played(g.play.len())
                    );
                    for c in &cards {
                        let (played, best) =
                            (c["chance"]["played"].as_f64(), c["chance"]["best"].as_f64());
                        if let (Some(p), Some(b)) = (played, best) {
                            if p + 1e-9 < b {
                                let at_most = if c["chance"]["played_exact"] == false {
                                    "at most "
                                } else {
                                    ""
                                };
                                println!(
                                    "  card {:>2}: {} played {}: chance of making {at_most}{:.0}% instead of {:.0}% (best: {})",
                                    c["number"], c["seat"].as_str().unwrap_or(""), c["card"].as_str().unwrap_or(""), 100.0 * p, 100.0 * b,
                                    c["chance"]["best_cards"].as_array().map(|a| a.iter().filter_map(|x| x.as_str()).collect::<Vec<_>>().join(" ")).unwrap_or_default()
                                );
                            }
                        }
                        if c["lost"].as_u64().unwrap_or(0) > 0 {
                            println!(
                                "  card {:>2}: {} played {}: declarer's side then takes {} double dummy instead of {} (best: {})",
                                c["number"], c["seat"].as_str().unwrap_or(""), c["card"].as_str().unwrap_or(""), c["declarer_tricks"], c["best_declarer_tricks"],
                                c["best"].as_array().map(|a| a.iter().filter_map(|x| x.as_str()).collect::<Vec<_>>().join(" ")).unwrap_or_default()
                            );
                        }
                    }
                }
            }
        }
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// "1 card played", "12 cards played".
fn cards_played(n: usize) -> String {
    if n == 1 {
        "1 card played".to_string()
    } else {
        format!("{n} cards played")
    }
}

#[cfg(test)]
mod tests {
    use super::cards_played;

    #[test]
    fn one_card_is_singular() {
        assert_eq!(cards_played(1), "1 card played");
        assert_eq!(cards_played(0), "0 cards played");
        assert_eq!(cards_played(52), "52 cards played");
    }
}

//! `alphamu play`: a whole deal played by the chosen players, printed trick
//! by trick with the result.

use anyhow::{bail, Context, Result};
use bridge::Contract;
use cards::{Deal, Seat};
use clap::Args;
use players::player::Board;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// The built-in deal of the default command: 3NT by South.
pub const BUILT_IN_DEAL: &str =
    "N:A4.K82.AJ52.KQ96 KT3.A974.KT3.J74 Q52.J65.Q64.A853 J9876.QT3.987.T2";

/// Arguments of `alphamu play`.
#[derive(Args)]
pub struct PlayArgs {
    /// The game: bridge (the default) or belote.
    #[arg(long, default_value = "bridge", value_parser = crate::args::bridge_or_belote)]
    game: arena::GameKind,
    /// The full deal: a PBN deal string for bridge (default: the built-in
    /// 3NT), or a Belote deal "trump=H leader=N [taker=N] N:..." (default:
    /// a built-in deal).
    #[arg(long)]
    deal: Option<String>,
    /// Belote: who plays North-South: random, tc-pimc, tc-alphamu or
    /// tc-fusion, with settings such as tc-alphamu:worlds=10:leaf=5:rd=none.
    #[arg(long, default_value = "tc-alphamu:rd=none")]
    ns: String,
    /// Belote: who plays East-West.
    #[arg(long, default_value = "tc-pimc:rd=none")]
    ew: String,
    /// Belote: may a player who cannot overtrump an opponent discard
    /// (may) or must it trump (must)?
    #[arg(long, default_value = "may", value_parser = |s: &str| s.parse::<games::Undertrump>())]
    undertrump: games::Undertrump,
    /// The contract, such as 3NT.
    #[arg(long, default_value = "3NT")]
    contract: String,
    /// Declarer's seat.
    #[arg(long, default_value = "S")]
    declarer: Seat,
    /// Who plays declarer's and dummy's cards: alphamu:m=M,w=W, pimc:w=W,
    /// recursive Monte Carlo (MC2-D-20-10, MC-R-600), dd or random.
    #[arg(long, default_value = "alphamu:m=2,w=20")]
    declarer_player: String,
    /// Who defends: pimc:w=W, recursive Monte Carlo, dd or random.
    #[arg(long, default_value = "pimc:w=20")]
    defense: String,
    /// Seed of every random choice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads for the leaves; 0 uses every core.
    #[arg(long, default_value_t = 0, value_parser = crate::args::threads)]
    threads: usize,
    /// Declarer is vulnerable (for the score).
    #[arg(long)]
    vulnerable: bool,
    /// A PBN or LIN game file: the board (the first, or --board) gives the
    /// deal, contract, declarer and vulnerability, and the game written
    /// by --out keeps its auction.
    #[arg(long, conflicts_with_all = ["deal", "contract", "declarer", "vulnerable"])]
    record: Option<PathBuf>,
    /// The board of --record to play, by its name or number.
    #[arg(long, requires = "record")]
    board: Option<String>,
    /// Write the game played as a game record: LIN for a .lin file, else
    /// PBN (the players' specifications in the seats' name tags).
    #[arg(long)]
    out: Option<PathBuf>,
}

/// The board of a game file to play: the first, or the one named.
fn board_of_record(path: &std::path::Path, board: Option<&str>) -> Result<records::GameRecord> {
    let (games, errors) =
        records::read_file(path).with_context(|| format!("--record {}", path.display()))?;
    for e in &errors {
        eprintln!("warning: {e}");
    }
    let game = match board {
        None => games.first(),
        Some(b) => {
            let found = records::select_boards(&games, b)
                .map_err(|e| anyhow::anyhow!("--board {b}: {}: {e}", path.display()))?;
            if found.len() > 1 {
                let which: Vec<String> = found
                    .iter()
                    .map(|g| format!("{} (line {})", g.board_text(), g.line))
                    .collect();
                bail!(
                    "--board {b}: {} has {} boards of that name: {}; name one by its room (o{b}, c{b}) or give a file with one",
                    path.display(),
                    found.len(),
                    which.join(", ")
                );
            }
            found.first().copied()
        }
    };
    let Some(game) = game else {
        bail!("--record {}: no board could be read", path.display());
    };
    for w in &game.warnings {
        eprintln!("warning: {w}");
    }
    if game.contract.is_none() || game.declarer.is_none() {
        bail!(
            "--record {}: board {} (line {}) has no contract to play ({})",
            path.display(),
            game.board_text(),
            game.line,
            game.contract_text()
        );
    }
    Ok(game.clone())
}

/// Runs `alphamu play`.
pub fn run(args: PlayArgs) -> Result<ExitCode> {
    if args.game == arena::GameKind::Belote {
        return crate::commands::belote::play(
            args.deal.as_deref(),
            &args.ns,
            &args.ew,
            args.undertrump,
            args.seed,
        );
    }
    if let Some(path) = &args.out {
        crate::args::check_writable(path, "--out")?;
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()?;
    let record = match &args.record {
        Some(path) => Some(board_of_record(path, args.board.as_deref())?),
        None => None,
    };
    let (deal, contract, declarer, vulnerable) = match &record {
        Some(g) => {
            let declarer = g.declarer.expect("checked");
            let vulnerable = g.vul.of(declarer.side());
            (g.deal, g.contract.expect("checked"), declarer, vulnerable)
        }
        None => (
            args.deal
                .as_deref()
                .unwrap_or(BUILT_IN_DEAL)
                .parse::<Deal>()
                .context("--deal")?,
            args.contract.parse::<Contract>().context("--contract")?,
            args.declarer,
            args.vulnerable,
        ),
    };
    let hand_size = deal[Seat::North].len();
    deal.check_equal_sizes().context("--deal")?;
    let declarer_player = crate::args::board_player(&args.declarer_player, "--declarer-player")?;
    let defense = crate::args::board_player(&args.defense, "--defense")?;
    if !defense.can_defend() {
        bail!(
            "--defense: alpha-mu for the score (goal=score) plays for declarer only; give the defence another player"
        );
    }
    let need = if hand_size == 13 {
        usize::from(contract.level) + 6
    } else {
        bail!("--deal: play needs a full deal (13 cards per hand)");
    };
    let board = Board {
        deal,
        strain: contract.strain,
        declarer,
        need,
        constraints: worlds::Constraints::default(),
        scoring: Some(bridge::Scoring {
            contract,
            vulnerable,
        }),
    };
    println!("{}", crate::commands::demo::diagram(&deal));
    println!(
        "{contract} by {declarer}; declarer: {declarer_player}; defence: {defense}; seed {}",
        args.seed
    );
    // Each seat told every card, as a match seats its players.
    let mut table =
        players::seated::SeatedBoard::new(&board, &[], &declarer_player, &defense, args.seed)?;
    let mut play = Vec::new();
    let mut line = String::new();
    let start = Instant::now();
    while !table.state().is_over() {
        let seat = table.state().position().to_move();
        let player = if seat.side() == declarer.side() {
            &declarer_player
        } else {
            &defense
        };
        let leads = table.state().position().trick_len() == 0;
        let card = pool
            .install(|| table.play_next())
            .with_context(|| format!("{seat} ({player}) at card {}", play.len() + 1))?
            .card;
        if leads {
            line = format!("trick {:>2}: {seat} leads {card}", play.len() / 4 + 1);
        } else {
            line.push_str(&format!(", {seat} {card}"));
        }
        play.push(card);
        if table.state().position().trick_len() == 0 {
            let winner = table.state().position().leader();
            println!("{line}  won by {winner}");
        }
    }
    let tricks = table.state().tricks(declarer.side());
    let score = contract.score(tricks as u8, vulnerable);
    let result = if tricks >= need {
        format!("made with {tricks} tricks")
    } else {
        format!("down {} with {tricks} tricks", need - tricks)
    };
    println!("{contract} by {declarer}: {result}, score {score:+}");
    eprintln!("played in {:.1?}", start.elapsed());
    if let Some(path) = &args.out {
        let names = |seat: Seat| {
            Some(if seat.side() == declarer.side() {
                declarer_player.record_name()
            } else {
                defense.record_name()
            })
        };
        // A board of a record keeps its name, room, dealer, vulnerability
        // and auction; a deal given on the command line has no dealer or
        // auction, and only declarer's vulnerability is known.
        let mut game = match &record {
            Some(g) => records::GameRecord {
                file: path.display().to_string(),
                line: 1,
                warnings: Vec::new(),
                ..g.clone()
            },
            None => records::GameRecord {
                board: Some("1".into()),
                vul: records::Vulnerability::only(declarer.side(), vulnerable),
                ..records::GameRecord::of_deal(&path.display().to_string(), deal)
            },
        };
        game.declarer = Some(declarer);
        game.contract = Some(contract);
        game.passed_out = false;
        game.play.clone_from(&play);
        game.claimed = None;
        game.result = Some(tricks as u8);
        game.players = std::array::from_fn(|i| names(Seat::from_index(i)));
        let lin = path.extension().and_then(|e| e.to_str()) == Some("lin");
        let text = if lin {
            records::write_lin(&game)
        } else {
            records::write_pbn(&game)
        };
        std::fs::write(path, text).with_context(|| format!("--out {}", path.display()))?;
        eprintln!("game written to {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}

//! The trick-costs paper's round robins (figures 6 and 7): random, PIMC,
//! alpha-mu and Fusion against each other in Belote and bridge, and the
//! paper's players as its public code plays them.

use super::*;

/// The trick-costs paper's two round robins: figure 6 at Belote, figure 7
/// at bridge card play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundRobin {
    /// Figure 6: Belote.
    Belote,
    /// Figure 7: bridge card play.
    BridgeCardplay,
}

impl RoundRobin {
    /// The game its matches play.
    #[must_use]
    pub const fn game(self) -> GameKind {
        match self {
            RoundRobin::Belote => GameKind::Belote,
            RoundRobin::BridgeCardplay => GameKind::BridgeCardplay,
        }
    }

    /// The paper's player `name` with the paper's settings for the game.
    fn paper_player(self, name: &str) -> Option<PlayerKind> {
        match self {
            RoundRobin::Belote => PlayerKind::paper_belote(name),
            RoundRobin::BridgeCardplay => PlayerKind::paper_bridge(name),
        }
    }
}

/// The players of the round robins with the paper's settings, except that
/// PIMC searches to the end of the deal (see the report).
fn round_robin_players(game: RoundRobin, quick: bool) -> Vec<(&'static str, PlayerKind)> {
    let paper = |name: &str| game.paper_player(name);
    // Searching to the end of the deal (see the report).
    let exact = |mut kind: PlayerKind| -> PlayerKind {
        if let PlayerKind::Pimc { cut, .. }
        | PlayerKind::AlphaMu { cut, .. }
        | PlayerKind::Fusion { cut, .. } = &mut kind
        {
            cut.depth_rd = None;
        }
        kind
    };
    let quick_spec = |spec: &str| -> PlayerKind { spec.parse().expect("a player spec") };
    if quick {
        return vec![
            ("rd", PlayerKind::Random),
            ("pimc", quick_spec("tc-pimc:worlds=3:rd=none")),
            ("alphamu", quick_spec("tc-alphamu:worlds=3:leaf=2:rd=none")),
            ("fusion", quick_spec("tc-fusion:base=1:leaf=2:rd=none")),
        ];
    }
    ["rd", "pimc", "alphamu", "fusion"]
        .into_iter()
        .map(|label| {
            let name = if label == "rd" { "random" } else { label };
            (label, exact(paper(name).expect("a paper player")))
        })
        .collect()
}

/// The trick-costs paper's players as its public code plays them:
/// `fusionpaper`, our Fusion with the code's worlds
/// ([`players::generic::FusionDraw::Paper`]); `pimccode`, `alphamucode` and
/// `fusioncode`, the paper's settings with the code's truncation
/// ([`open_cards::Playout::PaperCode`] playouts past the code's own depth-rd,
/// counted from the leaves, [`players::generic::HorizonRule::PaperCode`])
/// and the code's choice of the cards tried
/// ([`open_cards::Candidates::PaperCode`]), Fusion
/// with the code's worlds and pruning too, alpha-mu with the code's root
/// criterion ([`players::generic::AlphaMuRoot::Paper`]); `fusionprune`, our
/// Fusion with the code's pruning alone ([`players::generic::FusionPrune::Paper`]). The quick run's players search 2 cards deep
/// before the playouts.
fn paper_code_players(
    players: &[(&'static str, PlayerKind)],
    game: RoundRobin,
    quick: bool,
) -> Vec<(&'static str, PlayerKind)> {
    let fusion_cut = players
        .iter()
        .find_map(|(_, kind)| match kind {
            PlayerKind::Fusion { cut, .. } => Some(*cut),
            _ => None,
        })
        .expect("the round robin has a Fusion player");
    let paper = |name: &str| {
        if quick {
            // The quick round robin's own player, cut after 2 cards.
            let mut kind = players
                .iter()
                .find(|(label, _)| *label == name)
                .expect("a player of the round robin")
                .1;
            if let PlayerKind::Pimc { cut, .. }
            | PlayerKind::AlphaMu { cut, .. }
            | PlayerKind::Fusion { cut, .. } = &mut kind
            {
                cut.depth_rd = Some(2);
                cut.playouts = 2;
            }
            return kind;
        }
        game.paper_player(name).expect("a paper player")
    };
    let code = |mut kind: PlayerKind| {
        if let PlayerKind::Pimc { cut, .. }
        | PlayerKind::AlphaMu { cut, .. }
        | PlayerKind::Fusion { cut, .. } = &mut kind
        {
            cut.playout = open_cards::Playout::PaperCode;
            cut.moves = open_cards::Candidates::PaperCode;
            cut.horizon = players::generic::HorizonRule::PaperCode;
        }
        // The code's own depth-rd past its leaves (`pimc.cpp`,
        // `alpha_mu.cpp`, `permutation.cpp`), the same in both games.
        match &mut kind {
            PlayerKind::Pimc { cut, .. } => cut.depth_rd = Some(24),
            PlayerKind::AlphaMu { cut, .. } => cut.depth_rd = Some(16),
            PlayerKind::Fusion { cut, .. } => cut.depth_rd = Some(20),
            PlayerKind::Random => {}
        }
        if let PlayerKind::Fusion { draw, .. } = &mut kind {
            *draw = players::generic::FusionDraw::Paper;
        }
        if let PlayerKind::AlphaMu { root, .. } = &mut kind {
            *root = players::generic::AlphaMuRoot::Paper;
        }
        if let PlayerKind::Fusion { prune, .. } = &mut kind {
            *prune = players::generic::FusionPrune::Paper;
        }
        kind
    };
    let mut fusion_paper = paper("fusion");
    if let PlayerKind::Fusion { draw, cut, .. } = &mut fusion_paper {
        *draw = players::generic::FusionDraw::Paper;
        *cut = fusion_cut;
    }
    let mut fusion_prune = paper("fusion");
    if let PlayerKind::Fusion { prune, cut, .. } = &mut fusion_prune {
        *prune = players::generic::FusionPrune::Paper;
        *cut = fusion_cut;
    }
    vec![
        ("fusionpaper", fusion_paper),
        ("fusionprune", fusion_prune),
        ("pimccode", code(paper("pimc"))),
        ("alphamucode", code(paper("alphamu"))),
        ("fusioncode", code(paper("fusion"))),
    ]
}

/// The matches of the paper's code players: `fusionpaper` and
/// `fusionprune` (one of the code's behaviours each) against our PIMC,
/// alpha-mu and Fusion, and the three code players against each other.
fn paper_code_matches(
    players: &[(&'static str, PlayerKind)],
    code: &[(&'static str, PlayerKind)],
) -> Vec<(PlayerKind, PlayerKind)> {
    let mut matches: Vec<(PlayerKind, PlayerKind)> = code[..2]
        .iter()
        .flat_map(|(_, a)| players.iter().skip(1).map(move |(_, b)| (*a, *b)))
        .collect();
    for i in 2..code.len() {
        for j in i + 1..code.len() {
            matches.push((code[i].1, code[j].1));
        }
    }
    matches
}

/// The paper's figures 6 (Belote) and 7 (bridge): row player's share of
/// the points minus the column player's, in percent, team 0 in rows.
const PAPER_BELOTE: [[f64; 4]; 4] = [
    [-1.8, -19.3, -22.1, -18.5],
    [19.3, -3.3, -0.2, 1.5],
    [22.1, 0.2, 2.4, 0.8],
    [18.5, -1.5, -0.8, 3.5],
];
const PAPER_BRIDGE: [[f64; 4]; 4] = [
    [1.5, -25.2, -21.8, -21.6],
    [25.2, -0.7, -1.8, 5.0],
    [21.8, 1.8, -2.1, 2.7],
    [21.6, -5.0, -2.7, 0.5],
];

/// The summary of the round robin's match `label` in `dir` and the builds
/// that played it (`4778cb535051`, `not recorded`, or several with their
/// deals), when its results file exists.
fn read_match(
    dir: &Path,
    label: &str,
    config: PointsMatch,
) -> Result<Option<(PointsSummary, String)>, ExperimentError> {
    let path = dir.join(format!("{label}.jsonl"));
    if !path.exists() {
        return Ok(None);
    }
    let deals = config.run(0, &path, &|| {})?;
    if deals.is_empty() {
        return Ok(None);
    }
    let parts = arena::provenance::by_commit(&deals, |d| d.commit.as_deref());
    let name = |c: &Option<String>| arena::provenance::commit_name(c.as_deref());
    let builds = match parts.as_slice() {
        [(c, _)] => name(c),
        several => several
            .iter()
            .map(|(c, part)| format!("{} ({} deals)", name(c), part.len()))
            .collect::<Vec<_>>()
            .join(", "),
    };
    Ok(Some((summarize_points(&deals), builds)))
}

/// The round robin's tables from its results files in `dir` as they stand
/// (nothing is played): every cell, the row player's share minus the
/// column player's ± the SE of the per-deal differences with the paper's
/// figure, then each match's deals, share, time per move and the builds
/// that played it. The experiment's report opens with it, and
/// `alphamu experiment verdicts --update` writes it into EXPERIMENTS.md.
///
/// # Errors
/// [`ExperimentError`] when a results file cannot be read or holds
/// another match.
pub fn round_robin_tables(
    dir: &Path,
    game: RoundRobin,
    seed: u64,
    quick: bool,
) -> Result<String, ExperimentError> {
    let players = round_robin_players(game, quick);
    let paper = paper_figures(game);
    let mut cells: Vec<Vec<Option<PointsSummary>>> = vec![vec![None; players.len()]; players.len()];
    let mut commits: Vec<Vec<String>> = vec![vec![String::new(); players.len()]; players.len()];
    for i in 0..players.len() {
        for j in i..players.len() {
            let label = format!("{}-vs-{}", players[i].0, players[j].0);
            let config = PointsMatch {
                game: game.game(),
                a: players[i].1,
                b: players[j].1,
                seed,
            };
            let Some((s, builds)) = read_match(dir, &label, config)? else {
                continue;
            };
            commits[i][j] = builds;
            cells[i][j] = Some(s);
            if i != j {
                cells[j][i] = Some(PointsSummary {
                    share_a: 100.0 - s.share_a,
                    difference: -s.difference,
                    seconds_per_move: [s.seconds_per_move[1], s.seconds_per_move[0]],
                    ..s
                });
            }
        }
    }
    let what = match game {
        RoundRobin::Belote => "Belote card points (162 a deal)",
        RoundRobin::BridgeCardplay => "bridge tricks (13 a deal)",
    };
    let mut out = format!(
        "Each cell: the row player's share of the {what} minus the column player's, in percent, over deals each played twice with the teams swapped, ± the standard error of the mean per-deal difference; the paper's figure after the slash (100 deals). The diagonal is a player against itself.\n\n| | {} |\n|---|{}\n",
        players.iter().map(|p| p.0).collect::<Vec<_>>().join(" | "),
        "---|".repeat(players.len())
    );
    for (i, row) in cells.iter().enumerate() {
        write!(out, "| {} |", players[i].0).expect("string");
        for (j, cell) in row.iter().enumerate() {
            match cell {
                Some(s) => write!(
                    out,
                    " {:+.1} ± {:.1} / {:+.1} |",
                    s.difference, s.sigma, paper[i][j]
                )
                .expect("string"),
                None => write!(out, " - / {:+.1} |", paper[i][j]).expect("string"),
            }
        }
        out.push('\n');
    }
    out += "\n| match | deals | row player's share | CPU seconds per searched move (row / column) | commits |\n|---|---|---|---|---|\n";
    let mut untimed = false;
    for (i, row) in cells.iter().enumerate() {
        for (j, cell) in row.iter().enumerate().skip(i) {
            if let Some(s) = cell {
                let (time, partly) = time_cell(s);
                untimed |= partly;
                writeln!(
                    out,
                    "| {} vs {} | {} | {:.1}% | {time} | {} |",
                    players[i].0, players[j].0, s.deals, s.share_a, commits[i][j],
                )
                .expect("string");
            }
        }
    }
    if untimed {
        out += UNTIMED_NOTE;
    }
    out += &code_players_table(dir, game, seed, &players, quick)?;
    Ok(out)
}

/// The paper's figure (6 for Belote, 7 for bridge).
fn paper_figures(game: RoundRobin) -> [[f64; 4]; 4] {
    match game {
        RoundRobin::Belote => PAPER_BELOTE,
        RoundRobin::BridgeCardplay => PAPER_BRIDGE,
    }
}

/// The footnote of a time column with a cell marked `*` ([`time_cell`]).
const UNTIMED_NOTE: &str = "\n\\* Deals recorded before the arena measured the playing thread's CPU time hold wall time, which counts pauses of the run and a busy machine: they are left out of the time column.\n";

/// A match's CPU seconds per searched move (row / column), and whether
/// some of its deals had no CPU time (the cell is then marked `*`, see
/// [`UNTIMED_NOTE`]).
fn time_cell(s: &PointsSummary) -> (String, bool) {
    let [row, column] = s.seconds_per_move;
    if s.timed_deals == 0 {
        ("not recorded*".to_string(), true)
    } else if s.timed_deals < s.deals {
        (
            format!("{row:.3} / {column:.3} ({} deals*)", s.timed_deals),
            true,
        )
    } else {
        (format!("{row:.3} / {column:.3}"), false)
    }
}

/// The results file's name (without `.jsonl`) of a match of the paper's
/// code players: `ROW-vs-COLUMN` by their labels.
fn code_match_label(
    players: &[(&'static str, PlayerKind)],
    code: &[(&'static str, PlayerKind)],
    a: PlayerKind,
    b: PlayerKind,
) -> String {
    let label_of = |k: &PlayerKind| {
        players
            .iter()
            .chain(code)
            .find(|(_, p)| *p == *k)
            .map_or("?", |(l, _)| *l)
    };
    format!("{}-vs-{}", label_of(&a), label_of(&b))
}

/// The table of the paper's players as its public code plays them, from
/// their results files in `dir` as they stand: each match against the
/// paper's figure for the same pair of algorithms, with the paper's SE
/// derived as in the verdict table (our per-deal spread at the paper's 100
/// deals), z, the verdict, and our figure against no effect. A match not
/// played yet has its row, marked so.
fn code_players_table(
    dir: &Path,
    game: RoundRobin,
    seed: u64,
    players: &[(&'static str, PlayerKind)],
    quick: bool,
) -> Result<String, ExperimentError> {
    let paper = paper_figures(game);
    let code = paper_code_players(players, game, quick);
    let paper_index = |label: &str| match label.trim_end_matches("code") {
        "pimc" => Some(1),
        "alphamu" => Some(2),
        "fusion" | "fusionpaper" | "fusionprune" => Some(3),
        _ => None,
    };
    let mut out = String::from("\nThe paper's players as its public code plays them (read in samuelbounan/TrickGame): `fusionpaper` is our Fusion with the code's 24 worlds (the permutations of one drawn deal, hand sizes evened out by fixing cards, no check against known voids); `fusionprune` our Fusion with the code's dominance pruning, which changes values (see EXPERIMENTS.md); the `code` players also truncate as the code does (depth-rd with playouts of the lowest legal card, a card kept by its player unless it wins the trick), `fusioncode` prunes as the code does, and `alphamucode` chooses at its root as the code does (each card's front scored by its smallest sum of the declaring team's points, the declaring team being the opening leader's: pessimistic for that team, our criterion for the defence). Row minus column, percent of the points, ± the SE of the per-deal differences; the paper's figure for the same pair of algorithms, ± our per-deal spread at its 100 deals (the paper gives no SE), z = (ours − paper) / √(SE² + paper's SE²) and the verdict (|z| ≤ 2 reproduced, ≤ 3 inconclusive, beyond contradicted); then ours over its SE, against no effect.\n\n| match | deals | row − column | paper | z | verdict | against no effect | CPU seconds per searched move (row / column) | commits |\n|---|---|---|---|---|---|---|---|---|\n");
    let mut untimed = false;
    for (a, b) in paper_code_matches(players, &code) {
        let label = code_match_label(players, &code, a, b);
        let (label_a, label_b) = label.split_once("-vs-").expect("a match label");
        let versus = match (paper_index(label_a), paper_index(label_b)) {
            (Some(i), Some(j)) if i != j => Some(paper[i][j]),
            _ => None,
        };
        let config = PointsMatch {
            game: game.game(),
            a,
            b,
            seed,
        };
        let Some((s, builds)) = read_match(dir, &label, config)? else {
            writeln!(
                out,
                "| {label_a} vs {label_b} | not played | - | {} | - | - | - | - | - |",
                versus.map_or("-".to_string(), |v| format!("{v:+.1}"))
            )
            .expect("string");
            continue;
        };
        let (paper_cell, z, verdict) = match versus {
            Some(v) if s.deals > 1 => {
                let paper_se = s.sigma * (s.deals as f64 / 100.0).sqrt();
                let k = arena::stats::Comparison::new(v, paper_se, s.difference, s.sigma)
                    .against_no_effect(0.0);
                (
                    format!("{v:+.1} ± {paper_se:.1}"),
                    format!("{:+.1}", k.z),
                    k.verdict.to_string(),
                )
            }
            Some(v) => (format!("{v:+.1}"), "-".into(), "-".into()),
            None => ("-".into(), "-".into(), "-".into()),
        };
        let alone = if s.sigma > 0.0 {
            format!("{:+.1}", s.difference / s.sigma)
        } else {
            "-".to_string()
        };
        let (time, partly) = time_cell(&s);
        untimed |= partly;
        writeln!(
            out,
            "| {label_a} vs {label_b} | {} | {:+.1} ± {:.1} | {paper_cell} | {z} | {verdict} | {alone} | {time} | {builds} |",
            s.deals, s.difference, s.sigma
        )
        .expect("string");
    }
    if untimed {
        out += UNTIMED_NOTE;
    }
    Ok(out)
}

/// Figure 6 or 7 of the trick-costs paper: every pair of players, each
/// deal twice with the teams swapped.
pub(super) fn round_robin(ctx: &Context<'_>, game: RoundRobin) -> Result<String, ExperimentError> {
    let n = ctx.count(3, 200);
    let players = round_robin_players(game, ctx.quick);
    let selected = |label: &str| {
        ctx.only
            .as_ref()
            .is_none_or(|only| only.split(',').any(|o| !o.is_empty() && label.contains(o)))
    };
    // One match: played (or resumed) when selected, then read if there.
    let play = |label: &str,
                a: PlayerKind,
                b: PlayerKind|
     -> Result<Option<PointsSummary>, ExperimentError> {
        let path = ctx.dir.join(format!("{label}.jsonl"));
        let config = PointsMatch {
            game: game.game(),
            a,
            b,
            seed: ctx.seed,
        };
        if selected(label) {
            // The bar counts the deals still to play: a resumed match has
            // some already.
            let already = if path.exists() {
                config
                    .run(0, &path, &|| {})?
                    .iter()
                    .filter(|d| d.index < n)
                    .count()
            } else {
                0
            };
            ctx.progress.stage(label, n - already);
            let step = || ctx.progress.step();
            config.run(n, &path, &step)?;
        }
        Ok(read_match(&ctx.dir, label, config)?.map(|(s, _)| s))
    };
    for i in 0..players.len() {
        for j in i..players.len() {
            let label = format!("{}-vs-{}", players[i].0, players[j].0);
            play(&label, players[i].1, players[j].1)?;
        }
    }
    // The paper's players as its public code plays them, against ours and
    // among themselves.
    let code = paper_code_players(&players, game, ctx.quick);
    for (a, b) in paper_code_matches(&players, &code) {
        play(&code_match_label(&players, &code, a, b), a, b)?;
    }
    let mut out = round_robin_tables(&ctx.dir, game, ctx.seed, ctx.quick)?;
    out += "\nPlayers:\n\n";
    for (label, kind) in players.iter().chain(&code) {
        writeln!(out, "- {label}: `{kind}`").expect("string");
    }
    let bound = players::generic::error_bound(3, 8, 0.05);
    let (fusion_base, fusion_wanted) = players
        .iter()
        .find_map(|(_, kind)| match kind {
            PlayerKind::Fusion { base, worlds, .. } => Some((*base, *worlds)),
            _ => None,
        })
        .unwrap_or((1, 0));
    let deals = if fusion_base == 1 {
        "one drawn deal and every way of handing its four hands around the seats".to_string()
    } else {
        format!("{fusion_base} drawn deals and, for each, every way of handing its four hands around the seats")
    };
    let mut fusion_worlds = format!(
        "{deals} that fits what is known (24 a deal at a trick's start; a drawn deal whose permutations would pass {} worlds is left out)",
        players::generic::MAX_TREE_WORLDS
    );
    if fusion_wanted > 0 {
        fusion_worlds += &format!(
            ", and more deals drawn (up to {fusion_wanted} in all) while fewer than {fusion_wanted} worlds fit: once voids are known few permutations of a deal fit, and one deal would leave a world or two"
        );
    }
    write!(
        out,
        "\nWhere we differ from the paper, and why:\n\n- PIMC (and PIMC at the leaves of alpha-mu and Fusion) searches to the end of the deal instead of stopping at depth-rd (20 cards) with random playouts: our open-card solver is faster exact than truncated (at the first card of Belote deals, 0.19 s against 1.18 s per PIMC move with 10 worlds and 8 playouts; `cargo run --release -p players --example belote_moves`). The truncation is available (`rd=20:playouts=8` in a player spec). At the paper's setting (3 tricks left, 8 playouts, 95%) its error bound is {:.1} points ({:.1} model + {:.1} sampling) of the S_d = {:.0} at stake.\n- Depth-leaf and depth-rd are counted in cards from the decision.\n- Fusion's worlds are {fusion_worlds}; in bridge dummy is not played: every seat plays its own hand with nothing shown.\n- Our Fusion is searched without pruning (the paper prunes a child whose scores are all worse than another's): a Fusion player chooses by sums over its own group of worlds, which a bound world by world does not settle, and the paper's pruning changes values (`fusionprune` plays it).\n- Knowledge: each player knows the cards played and what Algorithm 1 infers from them; worlds are drawn uniformly among the deals that fit.\n",
        bound.total, bound.model, bound.sampling, bound.s_d
    )
    .expect("string");
    if game == RoundRobin::BridgeCardplay {
        out += "- Bridge deals get a random strain and opening leader, and are scored in tricks; there is no bidding and no contract.\n";
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table of the paper's code players is written from the files as
    /// they stand: a played match with the paper's figure, its SE derived
    /// from our spread at 100 deals, z, the verdict and ours against no
    /// effect; a match without a file as not played, with the paper's
    /// figure; a match the paper has no figure for without one.
    #[test]
    fn the_code_players_table_weighs_each_played_match_against_the_paper() {
        let dir = tempfile::tempdir().unwrap();
        let game = RoundRobin::Belote;
        let players = round_robin_players(game, true);
        let code = paper_code_players(&players, game, true);
        let matches = paper_code_matches(&players, &code);
        // fusionpaper against PIMC: the first match, two deals.
        let (a, b) = matches[0];
        let label = code_match_label(&players, &code, a, b);
        assert_eq!(label, "fusionpaper-vs-pimc");
        let config = PointsMatch {
            game: game.game(),
            a,
            b,
            seed: 1,
        };
        let deals = config
            .run(2, &dir.path().join(format!("{label}.jsonl")), &|| {})
            .unwrap();
        let s = summarize_points(&deals);
        let table = code_players_table(dir.path(), game, 1, &players, true).unwrap();
        let row = table
            .lines()
            .find(|l| l.starts_with("| fusionpaper vs pimc |"))
            .expect("the played match's row");
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        assert_eq!(cells[2], "2", "{row}");
        assert_eq!(
            cells[3],
            format!("{:+.1} ± {:.1}", s.difference, s.sigma),
            "{row}"
        );
        // The paper's figure for PIMC against Fusion, seen from Fusion,
        // with our spread at its 100 deals.
        let paper_se = s.sigma * (2.0f64 / 100.0).sqrt();
        assert_eq!(cells[4], format!("{:+.1} ± {paper_se:.1}", -1.5), "{row}");
        let k = arena::stats::Comparison::new(-1.5, paper_se, s.difference, s.sigma)
            .against_no_effect(0.0);
        assert_eq!(cells[5], format!("{:+.1}", k.z), "{row}");
        assert_eq!(cells[6], k.verdict.to_string(), "{row}");
        if s.sigma > 0.0 {
            assert_eq!(cells[7], format!("{:+.1}", s.difference / s.sigma), "{row}");
        }
        assert!(!cells[9].is_empty() && cells[9] != "-", "{row}");
        // Every other match has its row, not played.
        assert_eq!(table.matches("| not played |").count(), matches.len() - 1);
        assert!(
            table.contains("| pimccode vs fusioncode | not played | - | +1.5 |"),
            "{table}"
        );
        assert!(
            table.contains("| fusionpaper vs fusion | not played | - | - |"),
            "{table}"
        );
    }
}

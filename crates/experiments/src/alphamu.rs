//! The alpha-mu papers' experiments: table 1 of the alpha-mu paper (3NT,
//! M = 1, 2, 3), table 4 and figures 6 and 7 of the optimizing paper (7NT,
//! winrate and time against the number of worlds).

use super::*;

/// A deal set of table 1 and the rows played on it.
struct TableOneSet {
    label: &'static str,
    spec: DealSetSpec,
    /// The paper's deck size these deals stand for.
    paper_cards: usize,
    worlds: Vec<usize>,
}

/// The alpha-mu paper's table 1.
pub(super) fn alphamu_table1(ctx: &Context<'_>) -> Result<String, ExperimentError> {
    // Full-size 52-card deals cost minutes per deal for the four matches
    // here, so that set has the papers' smallest size, 100 deals, and is
    // played over several runs (each resumes); the 36-card endings cost
    // about a second per deal to make and a tenth of that to play.
    let set = |label, kind, after_tricks, count, paper_cards, worlds| TableOneSet {
        label,
        spec: DealSetSpec {
            kind,
            count,
            seed: ctx.seed,
            filter: Some((0.3, 0.7)),
            filter_worlds: 20,
            filter_at: FilterPoint::Start,
            after_tricks,
        },
        paper_cards,
        worlds,
    };
    // The same filter taken after a PIMC opening lead: declarer's PIMC
    // first weighs its chance there, and on the 52-card deals that chance
    // predicts PIMC's play where the chance before the lead does not
    // (EXPERIMENTS.md, "The 3NT deal population").
    let after_lead = |mut set: TableOneSet| {
        set.spec.filter_at = FilterPoint::AfterLead;
        set
    };
    let sets = if ctx.quick {
        let small = reduced(6, ReducedTarget::DoubleDummy);
        [
            set("deals-52", small, 0, ctx.count(10, 0), 52, vec![20, 40]),
            set("deals-36", small, 2, ctx.count(10, 0), 36, vec![20]),
            after_lead(set(
                "deals-52-lead",
                small,
                0,
                ctx.count(10, 0),
                52,
                vec![20],
            )),
        ]
    } else {
        [
            set(
                "deals-52",
                Kind::ThreeNt,
                0,
                ctx.count(0, 200),
                52,
                vec![20, 40],
            ),
            set(
                "deals-36",
                Kind::ThreeNt,
                4,
                ctx.count(0, 1000),
                36,
                vec![20],
            ),
            after_lead(set(
                "deals-52-lead",
                Kind::ThreeNt,
                0,
                ctx.count(0, 200),
                52,
                vec![20],
            )),
        ]
    };
    let paper: &[(usize, usize, usize, &str, &str)] = &[
        (52, 1, 20, "0 / 13 000", "60.2%"),
        (52, 2, 20, "169 / 13 000", "63.0%"),
        (52, 3, 20, "276 / 13 000", "62.0%"),
        (52, 1, 40, "0 / 13 000", "62.4%"),
        (52, 2, 40, "213 / 13 000", "62.4%"),
        (52, 3, 40, "388 / 13 000", "63.2%"),
        (36, 1, 20, "0 / 13 000", "46.4%"),
        (36, 2, 20, "124 / 13 000", "47.8%"),
        (36, 3, 20, "190 / 13 000", "48.2%"),
    ];
    let mut out = String::from(
        "Declarer alpha-mu with M Max moves against alpha-mu with M = 1 (PIMC) on the same deals, both against PIMC defenders with 20 worlds. Deals: 3NT after 1NT-3NT (52 cards), and the same 3NT deals after their first four tricks played double dummy by all four players (36 cards), each kept when PIMC's chance where it starts is between 30% and 70%; and 3NT deals kept when PIMC's chance after the opening lead (chosen by a PIMC defender with 20 worlds) is between 30% and 70% (\"filtered after the lead\"). A discrepancy is a decision where alpha-mu plays another card than M = 1 would over the same worlds.\n\n",
    );
    out += "| cards (paper) | our deals | played | M | worlds | discrepancies | score (± σ) | alpha-mu − PIMC on the same deals (≠, winrate ± σ) | paper: discrepancies | paper: score | commits |\n|---|---|---|---|---|---|---|---|---|---|---|\n";
    for TableOneSet {
        label,
        spec,
        paper_cards: cards,
        worlds,
    } in sets
    {
        let (kind, after_tricks) = (spec.kind, spec.after_tricks);
        // All the matches of a set are played together, deal by deal: they
        // share PIMC's tables and the defence's cards, and an interrupted
        // run leaves every row with about the same deals.
        let labelled: Vec<(String, MatchConfig)> = worlds
            .iter()
            .flat_map(|&w| {
                [2, 3].map(|m| {
                    let config = declarer_match(
                        &format!("alphamu:m={m},w={w},ties=first"),
                        &format!("alphamu:m=1,w={w},ties=first"),
                        "pimc:w=20",
                        ctx.seed,
                        true,
                    );
                    (format!("{label}-m{m}-w{w}"), config)
                })
            })
            .collect();
        // A set none of whose matches is played in this run is neither
        // made nor read (making it can take hours): its rows are what the
        // results files hold.
        let summaries = if labelled.iter().any(|(l, _)| ctx.selected(l)) {
            let deals = ctx.deals(label, &spec)?;
            ctx.play_together(&labelled, &deals)?
        } else {
            ctx.summaries_as_they_stand(&labelled)?
        };
        let hand = match kind {
            Kind::Reduced { cards_per_hand, .. } => cards_per_hand,
            _ => 13,
        };
        let mut ours = match (kind, after_tricks) {
            (Kind::Reduced { .. }, 0) => format!("{} cards", 4 * hand),
            (Kind::Reduced { .. }, t) => {
                format!("{} cards after {t} tricks", 4 * (hand - t))
            }
            (_, 0) => "52 cards, 3NT".into(),
            (_, t) => format!("{} cards, 3NT after {t} tricks", 4 * (hand - t)),
        };
        if spec.filter_at == FilterPoint::AfterLead {
            ours += ", filtered after the lead";
        }
        let commits: Vec<String> = labelled
            .iter()
            .map(|(l, _)| ctx.commits_as_they_stand(l))
            .collect::<Result<_, _>>()?;
        for ((&w, pair), pair_commits) in worlds
            .iter()
            .zip(summaries.chunks(2))
            .zip(commits.chunks(2))
        {
            let mut row = |m: usize,
                           deals: usize,
                           discrepancies: usize,
                           decisions: usize,
                           made,
                           versus: &str,
                           commits: &str| {
                let p = paper.iter().find(|p| p.0 == cards && p.1 == m && p.2 == w);
                writeln!(
                    out,
                    "| {cards} | {ours} | {deals} | {m} | {w} | {discrepancies} / {decisions} | {} | {versus} | {} | {} | {commits} |",
                    pct(made),
                    p.map_or("-", |p| p.3),
                    p.map_or("-", |p| p.4)
                )
                .expect("string");
            };
            // B, alpha-mu with M = 1, is the same in both matches: its row
            // is read from the one played on more deals.
            let longer = usize::from(pair[1].deals > pair[0].deals);
            let s = &pair[longer];
            row(
                1,
                s.deals,
                0,
                s.decisions_b,
                s.made_b,
                "-",
                &pair_commits[longer],
            );
            for ((m, s), commits) in [2, 3].into_iter().zip(pair).zip(pair_commits) {
                let winrate = s
                    .winrate
                    .map_or("-".into(), |r| format!("{:.3} ± {:.3}", r.rate, r.sigma));
                let versus = format!("{}, {winrate}", s.differing);
                row(
                    m,
                    s.deals,
                    s.discrepancies_a,
                    s.decisions_a,
                    s.made_a,
                    &versus,
                    commits,
                );
            }
        }
    }
    out += "\nThe paper played 500 deals per row; its discrepancy counts are over 13 000 decisions. A row with 0 deals has not been played. The M = 1 row of a set is table B of whichever of its two matches was played on more deals. Commits: the builds that played the row's results file.\n";
    Ok(out)
}

/// The optimizing paper's table 4: on our first 7NT deals (no filter,
/// most of them decided) and on 7NT deals filtered on PIMC's chance as the
/// 3NT deals are, so that the declarers differ about as often as in the
/// paper.
pub(super) fn optimizing_table4(ctx: &Context<'_>) -> Result<String, ExperimentError> {
    let kind = if ctx.quick {
        reduced(6, ReducedTarget::All)
    } else {
        Kind::SevenNt
    };
    let paper = [
        ("PIMC", "pimc:w=20", 757, 0.551, 0.0181),
        ("DDS", "dd", 467, 0.647, 0.0221),
    ];
    let mut out = String::from("alpha-mu (M = 3, 20 worlds) and PIMC (20 worlds) declare the same 7NT deals against the same defenders. ≠ counts the deals where one makes and the other does not; the winrate is alpha-mu's share of them, with its binomial σ and its exact two-sided p against 1/2; made A − B is the paired difference of the two declarers' success, deal by deal, with its SE. z compares our winrate with the paper's over both σ.\n");
    let sets = [
        ("deals-7nt", None, [ctx.count(10, 100); 2], "7NT deals without a filter (most are decided)", "7nt-"),
        (
            "deals-7nt-filtered",
            Some((0.3, 0.7)),
            [ctx.count(10, 2400), ctx.count(10, 400)],
            "7NT deals kept when PIMC's chance at the start, over 20 worlds, is between 30% and 70% (the filter of the 3NT deals); DDS defenders on the first 400",
            "7nt-filtered-",
        ),
    ];
    for (label, filter, counts, what, prefix) in sets {
        let set = DealSetSpec {
            kind,
            count: counts[0],
            seed: ctx.seed,
            filter,
            filter_worlds: 20,
            filter_at: FilterPoint::Start,
            after_tricks: 0,
        };
        let (path, boards) = ctx.deals(label, &set)?;
        writeln!(out, "\nOn {what} (`{label}.pbn`):\n\n| P1 | P2 | D | deals | ≠ | winrate | σ | exact p | made A − B (SE) | P1 made | P2 made | paper: ≠ | paper: winrate | paper: σ | z | verdict |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|").expect("string");
        for ((d, defense, p_ne, p_w, p_s), n) in paper.into_iter().zip(counts) {
            let config = declarer_match(
                "alphamu:m=3,w=20,ties=first",
                "pimc:w=20",
                defense,
                ctx.seed,
                false,
            );
            let deals = (path.clone(), boards[..n.min(boards.len())].to_vec());
            let s = ctx.play(
                &format!("{prefix}defense-{}", d.to_lowercase()),
                &deals,
                &config,
            )?;
            let (w, sigma, z, verdict) =
                s.winrate
                    .map_or(("-".into(), "-".into(), "-".into(), "-".into()), |r| {
                        let c = arena::stats::Comparison::new(p_w, p_s, r.rate, r.sigma)
                            .against_no_effect(0.5);
                        (
                            format!("{:.3}", r.rate),
                            format!("{:.4}", r.sigma),
                            format!("{:+.1}", c.z),
                            c.verdict.to_string(),
                        )
                    });
            let p = s.winrate_p.map_or("-".into(), |p| format!("{p:.3}"));
            let made = s.made_difference.map_or("-".into(), |m| {
                format!("{:+.1} ({:.1})", 100.0 * m.mean, 100.0 * m.se)
            });
            writeln!(
                out,
                "| alpha-mu | PIMC | {d} | {} | {} | {w} | {sigma} | {p} | {made} | {} | {} | {p_ne} | {p_w} | {p_s} | {z} | {verdict} |",
                s.deals,
                s.differing,
                pct(s.made_a),
                pct(s.made_b)
            )
            .expect("string");
        }
    }
    out += "\nThe paper played 10 000 deals per line; it does not say how its deals were chosen. Its other lines pit alpha-mu against WBridge5, which we do not have. Our 7NT deals: North and South at least 13 points each and 34 together. A line with 0 deals has not been played.\n";
    Ok(out)
}

/// The optimizing paper's figures 6 and 7.
pub(super) fn optimizing_figures(ctx: &Context<'_>) -> Result<String, ExperimentError> {
    let n = ctx.count(8, 1000);
    let (kind, after_tricks, worlds, moves): (Kind, usize, Vec<usize>, Vec<usize>) = if ctx.quick {
        (
            reduced(6, ReducedTarget::DoubleDummy),
            2,
            vec![20, 40],
            vec![1, 2],
        )
    } else {
        (
            Kind::ThreeNt,
            4,
            vec![20, 40, 80, 160, 320],
            vec![1, 2, 3, 4],
        )
    };
    // The deals of table 1's 36-card rows (their first N when that set is
    // at hand): 3NT after four tricks.
    let set = DealSetSpec {
        kind,
        count: n,
        seed: ctx.seed,
        filter: Some((0.3, 0.7)),
        filter_worlds: 20,
        filter_at: FilterPoint::Start,
        after_tricks,
    };
    let deals = ctx.deals("deals-36", &set)?;
    let mut out = String::from("Declarer alpha-mu with M Max moves and W worlds against a fixed declarer, PIMC with 20 worlds, on the same deals, both against PIMC defenders with 20 worlds. Deals: the 36-card endings of table 1 (3NT after four tricks played double dummy, kept when PIMC's chance there is 30% to 70%). The paper's reference declarer is WBridge5, which we do not have. Winrate: alpha-mu's share of the deals where one makes and the other does not (0.5 when none differ). Time: alpha-mu's mean time per declarer decision, 1 thread per deal, deals in parallel.\n\n| M | worlds | deals | ≠ | winrate ± σ | made | time per move |\n|---|---|---|---|---|---|---|\n");
    let mut win_series = Vec::new();
    let mut time_series = Vec::new();
    for &m in &moves {
        let mut win = Vec::new();
        let mut time = Vec::new();
        for &w in &worlds {
            let config = declarer_match(
                &format!("alphamu:m={m},w={w},ties=first"),
                "pimc:w=20",
                "pimc:w=20",
                ctx.seed,
                false,
            );
            let s = ctx.play(&format!("m{m}-w{w}"), &deals, &config)?;
            let rate = s.winrate.map_or(0.5, |r| r.rate);
            win.push((w as f64, rate));
            if let Some(t) = s.time_per_move_a {
                time.push((w as f64, 1000.0 * t));
            }
            writeln!(
                out,
                "| {m} | {w} | {} | {} | {} | {} | {} |",
                s.deals,
                s.differing,
                s.winrate
                    .map_or("-".into(), |r| format!("{:.3} ± {:.3}", r.rate, r.sigma)),
                pct(s.made_a),
                s.time_per_move_a
                    .map_or("-".into(), |t| format!("{:.2} ms", 1000.0 * t))
            )
            .expect("string");
        }
        win_series.push((format!("M = {m}"), win));
        time_series.push((format!("M = {m}"), time));
    }
    if !ctx.reading_only {
        draw_figures(ctx, &win_series, &time_series)?;
    }
    out += "\n![winrate](figure6-winrate.svg)\n\n![time per move](figure7-time.svg)\n\nThe paper (figure 6) sees every curve level off as worlds grow, with M ≥ 2 above PIMC (M = 1), and M = 3 or 4 no better than M = 2; figure 7 has M = 2 close to PIMC in time.\n";
    Ok(out)
}

/// Figures 6 and 7 as SVG files in the experiment's directory, a curve a
/// value of M.
fn draw_figures(
    ctx: &Context<'_>,
    win_series: &[plot::Series],
    time_series: &[plot::Series],
) -> Result<(), ExperimentError> {
    plot::line_chart(
        &ctx.dir.join("figure6-winrate.svg"),
        "Winrate against PIMC-20 (figure 6)",
        "worlds",
        "winrate",
        win_series,
    )
    .map_err(ExperimentError::Plot)?;
    plot::line_chart(
        &ctx.dir.join("figure7-time.svg"),
        "Time per move (figure 7)",
        "worlds",
        "milliseconds",
        time_series,
    )
    .map_err(ExperimentError::Plot)
}

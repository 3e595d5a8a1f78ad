//! The arena from the command line: deal sets, matches that resume after
//! `kill -9` with the same totals, reports, and every experiment at its
//! quick size (the report's shape, not its outcome).

use assert_cmd::Command;
use serde_json::Value;
use std::path::Path;
use std::time::{Duration, Instant};

fn alphamu() -> Command {
    Command::cargo_bin("alphamu").unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

fn make_deals(path: &Path, args: &[&str]) {
    alphamu()
        .arg("deals")
        .args(args)
        .arg("--out")
        .arg(path)
        .assert()
        .success();
}

#[test]
fn deal_sets_are_seeded_pbn_and_bad_options_explain() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.pbn");
    let b = dir.path().join("b.pbn");
    let args = [
        "--kind", "reduced", "--cards", "6", "--count", "5", "--seed", "4", "--filter", "0.3-0.7",
    ];
    make_deals(&a, &args);
    make_deals(&b, &args);
    let pbn = std::fs::read_to_string(&a).unwrap();
    assert_eq!(pbn, std::fs::read_to_string(&b).unwrap());
    assert_eq!(pbn.matches("[Deal ").count(), 5);
    assert!(pbn.starts_with("% alphamu deal set, made by: alphamu deals --kind reduced --cards 6"));
    assert!(pbn.contains("[PimcMake "));
    let three = dir.path().join("3nt.pbn");
    make_deals(&three, &["--kind", "3nt", "--count", "2"]);
    let pbn = std::fs::read_to_string(&three).unwrap();
    assert!(
        pbn.contains("[Contract \"3NT\"]") && pbn.contains("balanced(south)"),
        "{pbn}"
    );

    let out = alphamu()
        .args(["deals", "--filter", "0.7-0.3"])
        .assert()
        .failure();
    assert!(text(&out.get_output().stderr).contains("--filter"));
    let bad = dir.path().join("bad.pbn");
    std::fs::write(
        &bad,
        "[Deal \"N:AK... QJ... T9... 87...\"]\n[Declarer \"Q\"]\n",
    )
    .unwrap();
    let out = alphamu()
        .args(["match", "--a", "dd", "--b", "random", "--results"])
        .arg(dir.path().join("r.jsonl"))
        .arg("--deals")
        .arg(&bad)
        .assert()
        .failure();
    let err = text(&out.get_output().stderr);
    assert!(
        err.contains("line 2") && err.contains("[Declarer]"),
        "{err}"
    );
}

fn report_json(results: &Path) -> Value {
    let out = alphamu()
        .arg("report")
        .arg(results)
        .args(["--format", "json"])
        .assert()
        .success();
    let mut v: Value = serde_json::from_str(&text(&out.get_output().stdout)).unwrap();
    // Times differ from run to run; everything else must not.
    let s = v["summary"].as_object_mut().unwrap();
    s.remove("time_per_move_a");
    s.remove("time_per_move_b");
    v
}

fn match_command(deals: &Path, results: &Path) -> Command {
    let mut c = alphamu();
    c.arg("match")
        .arg("--deals")
        .arg(deals)
        .args([
            "--a",
            "MC2-D-6-6",
            "--b",
            "MC-D-6",
            "--mode",
            "pairs",
            "--seed",
            "9",
            "--threads",
            "1",
        ])
        .arg("--results")
        .arg(results);
    c
}

#[test]
fn a_match_killed_part_way_resumes_to_the_same_totals() {
    let dir = tempfile::tempdir().unwrap();
    let deals = dir.path().join("deals.pbn");
    make_deals(
        &deals,
        &[
            "--kind", "reduced", "--cards", "6", "--goal", "tricks", "--count", "8", "--seed", "2",
        ],
    );
    let whole = dir.path().join("whole.jsonl");
    match_command(&deals, &whole).assert().success();

    let cut = dir.path().join("cut.jsonl");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("alphamu"))
        .args(match_command(&deals, &cut).get_args())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    loop {
        let lines = std::fs::read_to_string(&cut).map_or(0, |t| t.lines().count());
        if lines >= 3 || start.elapsed() > Duration::from_secs(120) {
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    // A second run on the file while the first writes it is refused at
    // once, and the first goes on.
    let out = match_command(&deals, &cut).assert().failure();
    let err = text(&out.get_output().stderr);
    assert!(err.contains("is in use by another run"), "{err}");
    child.kill().unwrap(); // SIGKILL: no chance to clean up
    child.wait().unwrap();
    let lines = std::fs::read_to_string(&cut).unwrap().lines().count();
    assert!(
        lines < 9,
        "the match finished before it could be interrupted"
    );
    // The killed run's lock file is left behind, but its lock went with
    // the process: the rerun below is not blocked.
    assert!(dir.path().join("cut.jsonl.lock").exists());
    // A line cut in the middle, as a kill during a write leaves it.
    let mut f = std::fs::OpenOptions::new().append(true).open(&cut).unwrap();
    std::io::Write::write_all(&mut f, b"{\"deal\":7,\"board\":8,\"a\":{\"tri").unwrap();
    drop(f);

    let out = match_command(&deals, &cut).assert().success();
    assert!(text(&out.get_output().stderr).contains("resuming"));
    let (w, c) = (report_json(&whole), report_json(&cut));
    assert_eq!(w["summary"], c["summary"]);
    assert_eq!(c["summary"]["deals"], 8);
    // Every deal once, and the same result as in the uninterrupted run.
    let rows = |p: &Path| {
        let mut r: Vec<Value> = std::fs::read_to_string(p)
            .unwrap()
            .lines()
            .skip(1)
            .map(|l| {
                let mut v: Value = serde_json::from_str(l).unwrap();
                for t in ["a", "b"] {
                    v[t].as_object_mut().unwrap().remove("think_seconds");
                }
                v
            })
            .collect();
        r.sort_by_key(|v| v["deal"].as_u64());
        r
    };
    assert_eq!(rows(&whole), rows(&cut));

    // Another match on the same file is refused.
    let out = alphamu()
        .arg("match")
        .arg("--deals")
        .arg(&deals)
        .args([
            "--a",
            "MC-D-3",
            "--b",
            "MC-D-6",
            "--mode",
            "pairs",
            "--seed",
            "9",
            "--results",
        ])
        .arg(&cut)
        .assert()
        .failure();
    assert!(text(&out.get_output().stderr).contains("another match"));
    // alpha-mu for the score cannot defend.
    let out = alphamu()
        .arg("match")
        .arg("--deals")
        .arg(&deals)
        .args([
            "--a",
            "alphamu:m=2,w=4,goal=score",
            "--b",
            "MC-D-6",
            "--mode",
            "pairs",
            "--results",
        ])
        .arg(dir.path().join("x.jsonl"))
        .assert()
        .failure();
    assert!(text(&out.get_output().stderr).contains("declarer only"));
}

#[test]
fn declarer_matches_count_discrepancies_and_report_in_markdown() {
    let dir = tempfile::tempdir().unwrap();
    let deals = dir.path().join("deals.pbn");
    make_deals(
        &deals,
        &[
            "--kind", "reduced", "--cards", "7", "--count", "4", "--seed", "5",
        ],
    );
    let results = dir.path().join("r.jsonl");
    let out = alphamu()
        .arg("match")
        .arg("--deals")
        .arg(&deals)
        .args([
            "--a",
            "alphamu:m=3,w=10",
            "--b",
            "alphamu:m=1,w=10",
            "--defense",
            "dd",
            "--discrepancies",
            "--results",
        ])
        .arg(&results)
        .assert()
        .success();
    let md = text(&out.get_output().stdout);
    assert!(md.contains("| deals | 4 |"), "{md}");
    assert!(md.contains("A = alphamu:m=3,w=10: made"), "{md}");
    let v = report_json(&results);
    let s = &v["summary"];
    assert_eq!(s["deals"], 4);
    assert_eq!(s["discrepancies_b"], 0, "M = 1 never differs from itself");
    assert!(s["decisions_a"].as_u64().unwrap() > 0);
    assert_eq!(v["match"]["defense"], "dd");
}

#[test]
fn a_match_on_endings_starts_after_the_cards_of_the_play_section() {
    let dir = tempfile::tempdir().unwrap();
    let deals = dir.path().join("endings.pbn");
    make_deals(
        &deals,
        &[
            "--kind",
            "reduced",
            "--cards",
            "6",
            "--count",
            "3",
            "--seed",
            "2",
            "--after-tricks",
            "2",
        ],
    );
    let pbn = std::fs::read_to_string(&deals).unwrap();
    assert!(pbn.contains("--after-tricks 2"), "{pbn}");
    assert_eq!(pbn.matches("[Play \"W\"]").count(), 3, "{pbn}");
    let results = dir.path().join("r.jsonl");
    alphamu()
        .arg("match")
        .arg("--deals")
        .arg(&deals)
        .args(["--a", "dd", "--b", "random", "--defense", "dd", "--results"])
        .arg(&results)
        .assert()
        .success();
    let written = std::fs::read_to_string(&results).unwrap();
    let lines: Vec<Value> = written
        .lines()
        .skip(1)
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    for line in &lines {
        // Both tables share the eight cards played before the board
        // starts, and play the rest of the 24.
        let a: Vec<&str> = line["a"]["play"].as_str().unwrap().split(' ').collect();
        let b: Vec<&str> = line["b"]["play"].as_str().unwrap().split(' ').collect();
        assert_eq!((a.len(), b.len()), (24, 24));
        assert_eq!(a[..8], b[..8]);
        // Declarer decides only in the last four tricks: at most 8 cards.
        assert!(line["a"]["decisions"].as_u64().unwrap() <= 8);
    }
    let out = alphamu()
        .args([
            "deals",
            "--kind",
            "reduced",
            "--cards",
            "3",
            "--after-tricks",
            "3",
        ])
        .assert()
        .failure();
    assert!(text(&out.get_output().stderr).contains("--after-tricks 3"));
    // The filter after the lead: a point it does not know, and boards
    // that do not start before the lead, are refused by name.
    for (args, named) in [
        (vec!["--filter-at", "middle"], "middle"),
        (
            vec!["--filter-at", "lead", "--after-tricks", "2"],
            "--filter-at lead",
        ),
    ] {
        let out = alphamu()
            .args([
                "deals", "--kind", "reduced", "--cards", "5", "--filter", "0.3-0.7",
            ])
            .args(&args)
            .assert()
            .failure();
        assert!(text(&out.get_output().stderr).contains(named), "{args:?}");
    }
}

#[test]
fn every_experiment_runs_at_its_quick_size() {
    let dir = tempfile::tempdir().unwrap();
    // (experiment, rows, tables): 7NT and the recursive Monte Carlo
    // tables are played on two deal populations, a table each.
    let expect: [(&str, usize, usize); 7] = [
        ("alphamu-table1", 12, 1),
        ("optimizing-table4", 4, 2),
        ("optimizing-figures", 4, 1),
        ("rmc-growing-ncd", 2, 1),
        ("rmc-growing-ncd-13", 1, 1),
        ("rmc-table6", 2, 2),
        ("rmc-recursive", 4, 2),
    ];
    for (name, rows, tables) in expect {
        let out_dir = dir.path().join(name);
        let out = alphamu()
            .args(["experiment", name, "--quick", "--out"])
            .arg(&out_dir)
            .assert()
            .success();
        let report = std::fs::read_to_string(out_dir.join("report.md")).unwrap();
        assert_eq!(
            report,
            text(&out.get_output().stdout)
                .trim_end_matches('\n')
                .to_string()
                + "\n"
        );
        assert!(report.starts_with(&format!("# {name}\n")), "{report}");
        assert!(report.contains("Quick size"), "{report}");
        // Each table has a header, a rule and one row per configuration.
        let table: Vec<&str> = report.lines().filter(|l| l.starts_with('|')).collect();
        assert_eq!(table.len(), rows + 2 * tables, "{name}:\n{report}");
        assert!(table[2..]
            .iter()
            .all(|r| r.matches('|').count() == table[0].matches('|').count()));
    }
    for svg in ["figure6-winrate.svg", "figure7-time.svg"] {
        let path = dir.path().join("optimizing-figures").join(svg);
        assert!(std::fs::read_to_string(path).unwrap().starts_with("<svg"));
    }
    let out = alphamu().args(["experiment", "nothing"]).assert().failure();
    assert!(text(&out.get_output().stderr).contains("rmc-table6"));
}

#[test]
fn the_reading_experiments_run_and_their_tables_are_whole() {
    // Two deals each (the quick size's sets cut short): the calibration
    // plays and fits, one declarer measure, one defence measure and the
    // whole boards; every table row has its header's columns.
    let dir = tempfile::tempdir().unwrap();
    let runs: [(&str, &[&str], usize); 4] = [
        ("infer-calibrate", &[], 2),
        (
            "infer-3nt",
            &["--only", "pimc-infer-vs-pimc-defence-pimc-random-ties"],
            1,
        ),
        (
            "infer-defence",
            &["--only", "pimc-infer-vs-pimc-declarer-pimc-random-ties"],
            1,
        ),
        ("infer-boards", &[], 1),
    ];
    for (name, extra, played) in runs {
        let out_dir = dir.path().join(name);
        alphamu()
            .args([
                "experiment",
                name,
                "--quick",
                "--deals",
                "2",
                "--threads",
                "2",
            ])
            .args(extra)
            .arg("--out")
            .arg(&out_dir)
            .assert()
            .success();
        let report = std::fs::read_to_string(out_dir.join("report.md")).unwrap();
        let mut columns = 0;
        let mut rows_with_figures = 0;
        for line in report.lines().filter(|l| l.starts_with('|')) {
            if line.starts_with("|---") {
                assert_eq!(line.matches('|').count(), columns, "{name}:\n{report}");
            } else if line.starts_with("| match")
                || line.starts_with("| pairs")
                || line.starts_with("| decisions")
                || line.starts_with("| feature")
            {
                columns = line.matches('|').count();
            } else {
                assert_eq!(
                    line.matches('|').count(),
                    columns,
                    "{name}: {line}\n{report}"
                );
                rows_with_figures +=
                    usize::from(!line.contains("not played yet") && !line.contains("in progress"));
            }
        }
        assert!(rows_with_figures >= played, "{name}:\n{report}");
    }
    let fit = std::fs::read_to_string(dir.path().join("infer-calibrate/fit.json")).unwrap();
    let fit: Value = serde_json::from_str(&fit).unwrap();
    assert_eq!(fit["deals"], 4, "two deals of each calibration set");
}

#[test]
fn the_experiment_help_names_every_experiment() {
    let out = alphamu().args(["experiment", "--help"]).assert().success();
    let help = text(&out.get_output().stdout);
    for (name, _) in experiments::EXPERIMENTS {
        assert!(help.contains(name), "{name} missing from:\n{help}");
    }
}

#[test]
fn a_defence_match_pits_two_defences_against_one_declarer() {
    let dir = tempfile::tempdir().unwrap();
    let deals = dir.path().join("deals.pbn");
    make_deals(
        &deals,
        &[
            "--kind", "reduced", "--cards", "5", "--count", "4", "--seed", "3",
        ],
    );
    let results = dir.path().join("d.jsonl");
    alphamu()
        .arg("match")
        .arg("--deals")
        .arg(&deals)
        .args([
            "--mode",
            "defence",
            "--a",
            "alphamu:m=2,w=4",
            "--b",
            "pimc:w=4",
            "--declarer-player",
            "pimc:w=4",
            "--threads",
            "1",
            "--results",
        ])
        .arg(&results)
        .assert()
        .success();
    let out = alphamu().arg("report").arg(&results).assert().success();
    let report = text(&out.get_output().stdout);
    assert!(
        report.contains("defence mode, declarer pimc:w=4"),
        "{report}"
    );
    assert_eq!(report_json(&results)["summary"]["deals"], 4);
}

/// A results file whose lines the deal set or the rules contradict is
/// refused by `report`, naming the line; a match not counting alpha-mu's
/// discrepancies says so instead of "0 / 0".
#[test]
fn report_checks_every_result_against_the_deal_set_and_the_rules() {
    let dir = tempfile::tempdir().unwrap();
    let deals = dir.path().join("deals.pbn");
    make_deals(
        &deals,
        &[
            "--kind", "reduced", "--cards", "5", "--count", "4", "--seed", "3",
        ],
    );
    let results = dir.path().join("r.jsonl");
    let out = alphamu()
        .arg("match")
        .arg("--deals")
        .arg(&deals)
        .args(["--a", "dd", "--b", "random", "--defense", "dd", "--results"])
        .arg(&results)
        .assert()
        .success();
    let md = text(&out.get_output().stdout);
    assert!(
        md.contains("| discrepancies with M = 1, A / B | not counted"),
        "{md}"
    );
    let good = std::fs::read_to_string(&results).unwrap();
    let lines: Vec<&str> = good.lines().collect();
    let last: Value = serde_json::from_str(lines[4]).unwrap();
    let tricks = last["a"]["tricks"].as_u64().unwrap();
    let made = last["a"]["made"].as_bool().unwrap();
    // Each corruption of the last line, and what the report must say.
    let cases = [
        (
            lines[4].replacen(&format!("\"deal\":{}", last["deal"]), "\"deal\":999", 1),
            "\"deal\":999 is not a deal of the set, which has 4",
        ),
        (
            lines[4].replacen(&format!("\"tricks\":{tricks}"), "\"tricks\":19", 1),
            "\"tricks\":19, but the play gives",
        ),
        (
            lines[4].replacen(
                &format!("\"made\":{made}"),
                &format!("\"made\":{}", !made),
                1,
            ),
            "\"made\":",
        ),
    ];
    for (line, expected) in cases {
        assert_ne!(line, lines[4], "the corruption changed nothing");
        let bad = dir.path().join("bad.jsonl");
        let text_bad = format!("{}\n{line}\n", lines[..4].join("\n"));
        std::fs::write(&bad, text_bad).unwrap();
        let out = alphamu()
            .current_dir(dir.path())
            .arg("report")
            .arg(&bad)
            .assert()
            .failure();
        let stderr = text(&out.get_output().stderr);
        assert!(
            stderr.contains("bad.jsonl, line 5") && stderr.contains(expected),
            "{expected}: {stderr}"
        );
    }
    // Run elsewhere, the deal set is found beside the results file (as
    // the header names it) or given with --deals; another set is refused.
    let other = dir.path().join("other.pbn");
    make_deals(
        &other,
        &[
            "--kind", "reduced", "--cards", "5", "--count", "4", "--seed", "4",
        ],
    );
    alphamu().arg("report").arg(&results).assert().success();
    let out = alphamu()
        .arg("report")
        .arg(&results)
        .arg("--deals")
        .arg(&other)
        .assert()
        .failure();
    assert!(
        text(&out.get_output().stderr).contains("is not the one"),
        "{}",
        text(&out.get_output().stderr)
    );
}

/// Every results file records the build that made it and every line the
/// commit that played it; a report over lines of several commits shows
/// each part; `experiment replay-check` replays deals on this build and
/// names a card that differs from the recorded one.
#[test]
fn results_record_their_build_and_replay_check_finds_a_changed_card() {
    let dir = tempfile::tempdir().unwrap();
    let deals = dir.path().join("deals.pbn");
    make_deals(
        &deals,
        &[
            "--kind", "reduced", "--cards", "5", "--count", "4", "--seed", "8",
        ],
    );
    let played = dir.path().join("played");
    std::fs::create_dir(&played).unwrap();
    let results = played.join("r.jsonl");
    alphamu()
        .arg("match")
        .arg("--deals")
        .arg(&deals)
        .args(["--a", "dd", "--b", "random", "--defense", "dd", "--results"])
        .arg(&results)
        .assert()
        .success();
    let written = std::fs::read_to_string(&results).unwrap();
    let lines: Vec<&str> = written.lines().collect();
    let header: Value = serde_json::from_str(lines[0]).unwrap();
    let commit = header["header"]["commit"].as_str().expect("a commit");
    assert!(!commit.is_empty());
    assert!(
        header["header"]["profile"].as_str().is_some(),
        "{}",
        lines[0]
    );
    for line in &lines[1..] {
        let v: Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["commit"], commit, "{line}");
    }
    // The header names the set by the path given; replay-check finds it.
    let check = |dir: &Path| {
        alphamu()
            .args(["experiment", "replay-check", "--sample", "4", "--out"])
            .arg(dir)
            .assert()
    };
    let out = check(&played).success();
    let stdout = text(&out.get_output().stdout);
    assert!(stdout.contains("4 deal(s) replayed, alike"), "{stdout}");
    // What the suite costs: its deals and the hours at the replayed rate;
    // a duplicate match's lines record no time.
    assert!(
        stdout.contains("its 4 deals")
            && stdout.contains("the suite: 4 deals")
            && stdout.contains("as recorded by the 0 file(s)"),
        "{stdout}"
    );
    // A line played by another build: the report shows both parts.
    let other = lines[2].replacen(
        &format!("\"commit\":\"{commit}\""),
        "\"commit\":\"0ther\"",
        1,
    );
    assert_ne!(other, lines[2]);
    let doctored = format!(
        "{}\n{}\n{other}\n{}\n{}\n",
        lines[0], lines[1], lines[3], lines[4]
    );
    std::fs::write(&results, &doctored).unwrap();
    let out = alphamu().arg("report").arg(&results).assert().success();
    let report = text(&out.get_output().stdout);
    assert!(
        report.contains("played by 2 builds") && report.contains("Commit 0ther:"),
        "{report}"
    );
    // A doctored header (B another random player's seed): the cards
    // recorded are not those this build plays, and replay-check says where.
    let doctored = doctored.replacen("\"seed\":1", "\"seed\":2", 1);
    std::fs::write(&results, doctored).unwrap();
    let out = check(&played).failure();
    let stdout = text(&out.get_output().stdout);
    assert!(
        stdout.contains("table(s) differ") && stdout.contains("recorded"),
        "{stdout}"
    );
}

/// `experiment verdicts --update` writes the round robins' tables from
/// their results files between their marker lines, and leaves a file
/// without them as it was apart from the verdict table.
#[test]
fn the_round_robin_tables_are_written_from_the_results_files() {
    let dir = tempfile::tempdir().unwrap();
    let experiments = dir.path().join("experiments");
    let rr = experiments.join("belote-round-robin");
    std::fs::create_dir_all(&rr).unwrap();
    alphamu()
        .args([
            "points-match",
            "--game",
            "belote",
            "--a",
            "random",
            "--b",
            "random",
        ])
        .args(["--deals", "2", "--seed", "1", "--threads", "1", "--results"])
        .arg(rr.join("rd-vs-rd.jsonl"))
        .assert()
        .success();
    // The round robins' lines record the CPU time of their play: the
    // suite's cost as recorded counts them.
    let out = alphamu()
        .args(["experiment", "replay-check", "--sample", "1", "--out"])
        .arg(&experiments)
        .assert()
        .success();
    let stdout = self::text(&out.get_output().stdout);
    assert!(
        stdout.contains("its 2 deals")
            && stdout.contains("CPU hours as recorded")
            && stdout
                .contains("as recorded by the 1 file(s) whose lines record CPU time (2 deals)"),
        "{stdout}"
    );
    let md = dir.path().join("EXPERIMENTS.md");
    let text = "# E\n\n<!-- verdicts table: alphamu experiment verdicts --update FILE -->\n<!-- /verdicts table -->\n\nBelote:\n\n<!-- generated: belote-round-robin -->\n| typed | 9.9 |\n<!-- /generated: belote-round-robin -->\n\nThe end.\n";
    std::fs::write(&md, text).unwrap();
    let update = || {
        verdicts_update(&md, &experiments).success();
    };
    update();
    let new = std::fs::read_to_string(&md).unwrap();
    assert!(!new.contains("| typed | 9.9 |"), "{new}");
    assert!(new.contains("| rd vs rd | 2 |"), "{new}");
    assert!(
        new.ends_with("<!-- /generated: belote-round-robin -->\n\nThe end.\n"),
        "{new}"
    );
    // The cells no file holds yet are shown as such, with the paper's.
    assert!(new.contains("| pimc | - / +19.3 |"), "{new}");
    // Done twice, the same.
    update();
    assert_eq!(std::fs::read_to_string(&md).unwrap(), new);
}

/// `alphamu experiment verdicts --update MD --out EXPERIMENTS`.
fn verdicts_update(
    md: &std::path::Path,
    experiments: &std::path::Path,
) -> assert_cmd::assert::Assert {
    alphamu()
        .args(["experiment", "verdicts", "--update"])
        .arg(md)
        .arg("--out")
        .arg(experiments)
        .assert()
}

/// alpha-mu (M = 2, 4 worlds) against PIMC (4 worlds) declaring three
/// 4-card deals made in `dir`, into `results`.
fn small_declarer_match(dir: &std::path::Path, results: &std::path::Path) {
    let deals = dir.join("deals.pbn");
    make_deals(
        &deals,
        &[
            "--kind", "reduced", "--cards", "4", "--count", "3", "--seed", "2",
        ],
    );
    alphamu()
        .arg("match")
        .arg("--deals")
        .arg(&deals)
        .args([
            "--a",
            "alphamu:m=2,w=4",
            "--b",
            "pimc:w=4",
            "--defense",
            "pimc:w=4",
            "--threads",
            "1",
            "--results",
        ])
        .arg(results)
        .assert()
        .success();
}

/// A temporary project: `experiments/FOLDER/FILE` holding the small
/// declarer match and `EXPERIMENTS.md` holding `markdown`. Returns the
/// directory (kept alive by the caller), the experiments folder and the
/// markdown file.
fn project_with_one_match(
    folder: &str,
    file: &str,
    markdown: &str,
) -> (tempfile::TempDir, std::path::PathBuf, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let experiments = dir.path().join("experiments");
    std::fs::create_dir_all(experiments.join(folder)).unwrap();
    small_declarer_match(dir.path(), &experiments.join(folder).join(file));
    let md = dir.path().join("EXPERIMENTS.md");
    std::fs::write(&md, markdown).unwrap();
    (dir, experiments, md)
}

/// `experiment verdicts --update` writes any experiment's report and a
/// table of named results files side by side between their marker lines,
/// from the files as they stand: nothing is played, no deal set made, no
/// picture drawn.
#[test]
fn every_experiments_report_and_a_table_of_matches_are_written_from_the_files() {
    let text = "# E\n\n<!-- verdicts table: alphamu experiment verdicts --update FILE -->\n<!-- /verdicts table -->\n\n<!-- generated: rmc-table6 -->\n| typed | 1 |\n<!-- /generated: rmc-table6 -->\n\n<!-- generated: optimizing-figures -->\n| typed | 2 |\n<!-- /generated: optimizing-figures -->\n\n<!-- generated: results score/m2-vs-pimc.jsonl -->\n| typed | 3 |\n<!-- /generated: results score/m2-vs-pimc.jsonl -->\n\nThe end.\n";
    let (_dir, experiments, md) = project_with_one_match("score", "m2-vs-pimc.jsonl", text);
    let update = || {
        verdicts_update(&md, &experiments).success();
    };
    update();
    let new = std::fs::read_to_string(&md).unwrap();
    assert!(!new.contains("| typed |"), "{new}");
    // The experiments without files: every match reported with no deal,
    // and nothing written in their folders.
    assert!(new.contains("| MC2-D-3-3 | 0 |"), "{new}");
    assert!(new.contains("| 1 | 20 | 0 |"), "{new}");
    assert!(
        new.contains("optimizing-figures/figure6-winrate.svg)"),
        "{new}"
    );
    assert!(!experiments.join("rmc-table6").exists());
    assert!(!experiments.join("optimizing-figures").exists());
    // The match: its players and its three deals.
    assert!(
        new.contains("| `score/m2-vs-pimc.jsonl` | `alphamu:m=2,w=4` | `pimc:w=4` | 3 |"),
        "{new}"
    );
    assert!(new.ends_with("\n\nThe end.\n"), "{new}");
    // Done twice, the same.
    update();
    assert_eq!(std::fs::read_to_string(&md).unwrap(), new);
    // A block naming a file that is not there is refused, naming it.
    std::fs::write(
        &md,
        "<!-- verdicts table: alphamu experiment verdicts --update FILE -->\n<!-- /verdicts table -->\n<!-- generated: results score/none.jsonl -->\n<!-- /generated: results score/none.jsonl -->\n",
    )
    .unwrap();
    let out = verdicts_update(&md, &experiments).failure();
    let stderr = self::text(&out.get_output().stderr);
    assert!(stderr.contains("score/none.jsonl"), "{stderr}");
}

/// `verdicts --update` takes several files, each written where its own
/// marker lines are (a plan beside the results: a generated block and no
/// verdict table); a file with no marker line at all is refused, naming
/// it.
#[test]
fn several_files_are_updated_each_where_its_markers_are() {
    let text = "# E\n\n<!-- verdicts table: alphamu experiment verdicts --update FILE -->\n<!-- /verdicts table -->\n";
    let (dir, experiments, md) = project_with_one_match("score", "m2-vs-pimc.jsonl", text);
    let plan = dir.path().join("plan.md");
    std::fs::write(
        &plan,
        "# Plan\n\n<!-- generated: results score/m2-vs-pimc.jsonl -->\n<!-- /generated: results score/m2-vs-pimc.jsonl -->\n\nThe end.\n",
    )
    .unwrap();
    alphamu()
        .args(["experiment", "verdicts", "--update"])
        .arg(&md)
        .arg(&plan)
        .arg("--out")
        .arg(&experiments)
        .assert()
        .success();
    let results = std::fs::read_to_string(&md).unwrap();
    assert!(results.contains("| source | claim |"), "{results}");
    let planned = std::fs::read_to_string(&plan).unwrap();
    assert!(!planned.contains("| source | claim |"), "{planned}");
    assert!(
        planned.contains("| `score/m2-vs-pimc.jsonl` | `alphamu:m=2,w=4` | `pimc:w=4` | 3 |"),
        "{planned}"
    );
    let bare = dir.path().join("bare.md");
    std::fs::write(&bare, "# Nothing to write\n").unwrap();
    let out = verdicts_update(&bare, &experiments).failure();
    let stderr = self::text(&out.get_output().stderr);
    assert!(
        stderr.contains("bare.md") && stderr.contains("no marker lines"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(&bare).unwrap(),
        "# Nothing to write\n"
    );
}

#[test]
fn table_one_is_written_from_its_results_files_without_making_a_deal_set() {
    let text = "# E\n\n<!-- verdicts table: alphamu experiment verdicts --update FILE -->\n<!-- /verdicts table -->\n\n<!-- generated: alphamu-table1 -->\n| typed | 9.9 |\n<!-- /generated: alphamu-table1 -->\n\nThe end.\n";
    let (_dir, experiments, md) =
        project_with_one_match("alphamu-table1", "deals-36-m3-w20.jsonl", text);
    let table1 = experiments.join("alphamu-table1");
    let results = std::fs::read_to_string(table1.join("deals-36-m3-w20.jsonl")).unwrap();
    verdicts_update(&md, &experiments).success();
    let new = std::fs::read_to_string(&md).unwrap();
    assert!(!new.contains("| typed | 9.9 |"), "{new}");
    // The file's three deals give the M = 3 row and table B's M = 1 row of
    // the 36-card set; the sets without files have rows of no deal.
    let rows: Vec<&str> = new
        .lines()
        .filter(|l| l.starts_with("| 36 | 36 cards, 3NT after 4 tricks |"))
        .collect();
    assert_eq!(rows.len(), 3, "{new}");
    assert!(
        rows[0].starts_with("| 36 | 36 cards, 3NT after 4 tricks | 3 | 1 | 20 |"),
        "{new}"
    );
    assert!(
        rows[1].starts_with("| 36 | 36 cards, 3NT after 4 tricks | 0 | 2 | 20 |"),
        "{new}"
    );
    assert!(
        rows[2].starts_with("| 36 | 36 cards, 3NT after 4 tricks | 3 | 3 | 20 |"),
        "{new}"
    );
    assert!(
        new.contains("| 52 | 52 cards, 3NT, filtered after the lead | 0 | 3 | 20 |"),
        "{new}"
    );
    // Reading the tables made no deal set and played nothing.
    let files: Vec<String> = std::fs::read_dir(&table1)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| !name.ends_with(".lock"))
        .collect();
    assert_eq!(files, ["deals-36-m3-w20.jsonl"], "{files:?}");
    assert_eq!(
        std::fs::read_to_string(table1.join("deals-36-m3-w20.jsonl")).unwrap(),
        results
    );
}

#[test]
fn the_bidding_comparison_scores_both_tables_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("bidding-dd");
    let run = |extra: &[&str]| {
        alphamu()
            .args(["experiment", "bidding-dd", "--quick", "--deals", "6"])
            .args(extra)
            .arg("--out")
            .arg(&out_dir)
            .assert()
            .success()
    };
    run(&[]);
    let path = out_dir.join("natural-vs-simple-dd.jsonl");
    let first = std::fs::read_to_string(&path).unwrap();
    assert_eq!(first.lines().count(), 7, "a header and six deals:\n{first}");
    for line in first.lines().skip(1) {
        let v: Value = serde_json::from_str(line).unwrap();
        for table in ["open", "closed"] {
            assert!(
                v[table]["auction"].as_str().is_some_and(|a| !a.is_empty()),
                "{line}"
            );
            assert!(v[table]["ns"].is_i64(), "{line}");
        }
        // The IMPs are those of the two tables' North-South scores.
        let swing = v["open"]["ns"].as_i64().unwrap() - v["closed"]["ns"].as_i64().unwrap();
        assert_eq!(
            v["imps"].as_i64().unwrap().signum(),
            swing.signum(),
            "{line}"
        );
    }
    // The same deals with the natural system's close calls simulated.
    let simulated = out_dir.join("natural-sim-vs-simple-dd.jsonl");
    let sim_first = std::fs::read_to_string(&simulated).unwrap();
    assert_eq!(sim_first.lines().count(), 7, "{sim_first}");
    assert!(sim_first.lines().skip(1).all(|l| l.contains("\"seconds\"")));
    // Each call of the natural seats is timed: at least one a table.
    for line in sim_first.lines().skip(1) {
        let v: Value = serde_json::from_str(line).unwrap();
        let calls = v["call_seconds"].as_array().expect("the calls' times");
        assert!(calls.len() >= 2, "{line}");
        assert!(
            calls.iter().all(|t| t.as_f64().is_some_and(|t| t >= 0.0)),
            "{line}"
        );
    }
    // Run again: nothing is played, the files are kept as they were.
    let out = run(&[]);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), first);
    assert_eq!(std::fs::read_to_string(&simulated).unwrap(), sim_first);
    let report = text(&out.get_output().stdout);
    assert!(
        report.contains("| natural-vs-simple-dd | 6 of 6 |"),
        "{report}"
    );
    assert!(
        report.contains("| natural-sim-vs-simple-dd | 6 of 6 |"),
        "{report}"
    );
    assert!(
        report.contains("| natural-sim-bounded-vs-simple-dd | 6 of 6 |"),
        "{report}"
    );
    assert!(
        report.contains("seconds a call of the natural system, median / worst"),
        "{report}"
    );
    // The rows against each other, board by board: the mean of the
    // per-board differences of the two files.
    let imps = |text: &str| -> Vec<f64> {
        text.lines()
            .skip(1)
            .map(|l| {
                let v: Value = serde_json::from_str(l).unwrap();
                (v["deal"].as_u64().unwrap(), v["imps"].as_f64().unwrap())
            })
            .collect::<std::collections::BTreeMap<_, _>>()
            .into_values()
            .collect()
    };
    let (rules, sim) = (imps(&first), imps(&sim_first));
    let mean = sim.iter().zip(&rules).map(|(s, r)| s - r).sum::<f64>() / 6.0;
    let pair = "| natural-sim-vs-simple-dd − natural-vs-simple-dd | 6 | ";
    let row = report
        .lines()
        .find(|l| l.starts_with(pair))
        .unwrap_or_else(|| panic!("{report}"));
    assert!(
        row.starts_with(&format!("{pair}{mean:+.2} ± ")),
        "{row}, expected {mean:+.2}"
    );
    // A row not played out gives no figure.
    let kept: Vec<&str> = sim_first.lines().take(6).collect();
    std::fs::write(&simulated, kept.join("\n") + "\n").unwrap();
    let out = run(&["--only", "none-selected"]);
    let report = text(&out.get_output().stdout);
    assert!(
        report.contains("| natural-sim-vs-simple-dd | 5 of 6, in progress | - |"),
        "{report}"
    );
    assert!(
        report
            .contains("| natural-sim-vs-simple-dd − natural-vs-simple-dd | not both played out |"),
        "{report}"
    );
}

#[test]
fn the_played_bidding_comparison_plays_both_contracts_on_the_double_dummy_rows_auctions() {
    let dir = tempfile::tempdir().unwrap();
    let run = |experiment: &str, extra: &[&str]| {
        alphamu()
            .args(["experiment", experiment, "--quick", "--deals", "4"])
            .args(extra)
            .arg("--out")
            .arg(dir.path().join(experiment))
            .assert()
            .success()
    };
    run("bidding-dd", &["--only", "natural-vs-simple-dd"]);
    let out = run("bidding-played", &[]);
    let lines = |path: &Path| -> Vec<Value> {
        std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    };
    let dd = lines(&dir.path().join("bidding-dd/natural-vs-simple-dd.jsonl"));
    let played = lines(
        &dir.path()
            .join("bidding-played/natural-vs-simple-played.jsonl"),
    );
    assert_eq!(played.len(), 5, "a header and four deals: {played:?}");
    assert_eq!(played[0]["header"]["experiment"], "bidding-played");
    assert!(played[0]["header"]["scoring"]
        .as_str()
        .unwrap()
        .contains("pimc:w=20,ties=random"));
    let by_deal = |lines: &[Value], i: u64| -> Value {
        lines
            .iter()
            .find(|v| v["deal"].as_u64() == Some(i))
            .cloned()
            .unwrap_or_else(|| panic!("deal {i}"))
    };
    for i in 0..4 {
        let (p, d) = (by_deal(&played, i), by_deal(&dd, i));
        for table in ["open", "closed"] {
            // The auctions are bidding-dd's, and so is each table's
            // double-dummy result.
            assert_eq!(p[table]["auction"], d[table]["auction"], "deal {i}");
            assert_eq!(p[table]["double_dummy"], d[table]["result"], "deal {i}");
            // The played result names the same contract and declarer.
            let contract = |r: &Value| -> String {
                let r = r.as_str().unwrap();
                r.rsplit_once(' ').map_or(r, |(c, _)| c).to_string()
            };
            assert_eq!(contract(&p[table]["result"]), contract(&d[table]["result"]));
        }
        // The IMPs are those of the two tables' played scores.
        let swing = p["open"]["ns"].as_i64().unwrap() - p["closed"]["ns"].as_i64().unwrap();
        assert_eq!(
            p["imps"].as_i64().unwrap().signum(),
            swing.signum(),
            "deal {i}"
        );
    }
    let report = text(&out.get_output().stdout);
    assert!(
        report.contains("| natural-vs-simple-played | 4 of 4 |"),
        "{report}"
    );
}

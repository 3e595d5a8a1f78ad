//! The `alphamu` binary end to end: output shapes, line-numbered errors,
//! exit status, and answers equal to the DDS reference.

use assert_cmd::Command;
use serde_json::Value;

const REFERENCE_TABLES: &str = include_str!("../../dd/tests/data/dd-tables.jsonl");
const REFERENCE_POSITIONS: &str = include_str!("../../dd/tests/data/dd-positions.jsonl");

fn alphamu() -> Command {
    Command::cargo_bin("alphamu").unwrap()
}

fn stdout_of(output: &std::process::Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr_of(output: &std::process::Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

#[test]
fn demo_prints_a_table_of_the_built_in_deal() {
    let assert = alphamu().arg("demo").assert().success();
    let text = stdout_of(assert.get_output());
    assert!(text.contains("Tricks for declarer's side"), "{text}");
    // North declaring diamonds takes 10 tricks on the built-in deal (DDS).
    let diamonds = text
        .lines()
        .skip_while(|l| !l.starts_with("Tricks for declarer's side"))
        .find(|l| l.trim_start().starts_with("D "))
        .unwrap();
    let cells: Vec<&str> = diamonds.split_whitespace().collect();
    assert_eq!(cells, ["D", "10", "3", "10", "3"]);
}

#[test]
fn table_jsonl_reproduces_reference_lines() {
    // Reference ids 1 and 3, given as JSON lines with their ids.
    let lines: Vec<&str> = REFERENCE_TABLES.lines().collect();
    let input = format!("{}\n{}\n", lines[1], lines[3]);
    let assert = alphamu()
        .args(["dd", "table", "--format", "jsonl", "--threads", "2"])
        .write_stdin(input)
        .assert()
        .success();
    let out = stdout_of(assert.get_output());
    let got: Vec<&str> = out.lines().collect();
    assert_eq!(got, [lines[1], lines[3]]);
}

#[test]
fn table_reads_pbn_and_tags_and_skips_comments() {
    let input = "# a comment\n\n% another\n\
                 N:AKQ.AKQ.AKQ.AKQJ 5432.5432.5432.2 JT9.JT9.JT9.T987 876.876.876.6543\n\
                 [Deal \"N:A... K... Q... J...\"]\n";
    let assert = alphamu()
        .args(["dd", "table"])
        .write_stdin(input)
        .assert()
        .success();
    let out = stdout_of(assert.get_output());
    assert_eq!(out.matches("NT ").count(), 2, "{out}");
    assert!(out.contains("N:A... K... Q... J..."), "{out}");
}

#[test]
fn a_dash_names_standard_input() {
    let lines: Vec<&str> = REFERENCE_TABLES.lines().collect();
    let assert = alphamu()
        .args(["dd", "table", "-", "--format", "jsonl"])
        .write_stdin(format!("{}\n", lines[2]))
        .assert()
        .success();
    assert_eq!(stdout_of(assert.get_output()).trim_end(), lines[2]);
    let position = REFERENCE_POSITIONS.lines().next().unwrap();
    let assert = alphamu()
        .args(["dd", "solve", "-"])
        .write_stdin(format!("{position}\n"))
        .assert()
        .success();
    let out = stdout_of(assert.get_output());
    let answer: Value = serde_json::from_str(out.trim_end()).unwrap();
    assert!(answer.get("tricks").is_some(), "{out}");
}

#[test]
fn bad_lines_are_reported_by_number_and_good_lines_still_answered() {
    let input = "N:A... K... Q... J...\nN:A... K... Q... J...X\nN:A... K... Q... A...\nnonsense\nN:A... K... Q... J...\n";
    let assert = alphamu()
        .args(["dd", "table", "--format", "jsonl"])
        .write_stdin(input)
        .assert()
        .code(1);
    let stdout = stdout_of(assert.get_output());
    let stderr = stderr_of(assert.get_output());
    assert_eq!(stdout.lines().count(), 2, "{stdout}");
    assert!(
        stderr.contains("line 2: unknown character 'X' in the C suit of W"),
        "{stderr}"
    );
    assert!(
        stderr.contains("line 3: duplicate card SA: held by N and W"),
        "{stderr}"
    );
    assert!(stderr.contains("line 4: missing first seat"), "{stderr}");
}

#[test]
fn solve_reproduces_reference_positions() {
    // The first 60 reference positions with at most 7 tricks left.
    let lines: Vec<&str> = REFERENCE_POSITIONS
        .lines()
        .filter(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            let remaining: cards::Deal = v["remaining"].as_str().unwrap().parse().unwrap();
            remaining.all_cards().len() <= 28
        })
        .take(60)
        .collect();
    let input: String = lines
        .iter()
        .map(|l| {
            let mut v: Value = serde_json::from_str(l).unwrap();
            let o = v.as_object_mut().unwrap();
            o.remove("to_move");
            o.remove("tricks");
            format!("{v}\n")
        })
        .collect();
    let assert = alphamu()
        .args(["dd", "solve"])
        .write_stdin(input)
        .assert()
        .success();
    let out = stdout_of(assert.get_output());
    let got: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(got.len(), lines.len());
    for (line, answer) in lines.iter().zip(got) {
        let want: Value = serde_json::from_str(line).unwrap();
        assert_eq!(answer["id"], want["id"]);
        assert_eq!(answer["to_move"], want["to_move"], "{line}");
        assert_eq!(answer["tricks"], want["tricks"], "{line}");
    }
}

#[test]
fn solve_errors_name_the_line_and_field() {
    let input = "{\"trump\":\"NT\",\"leader\":\"N\",\"trick\":[],\"remaining\":\"N:A... K... Q... J...\"}\n\
                 {\"trump\":\"NT\",\"leader\":\"N\",\"trick\":[\"HA\"],\"remaining\":\"N:A... K... Q... J...\"}\n\
                 {\"trump\":\"NT\",\"leader\":\"N\",\"trick\":[\"SA\"],\"remaining\":\"N:A... K... Q... J...\"}\n";
    let assert = alphamu()
        .args(["dd", "solve"])
        .write_stdin(input)
        .assert()
        .code(1);
    let stdout = stdout_of(assert.get_output());
    let stderr = stderr_of(assert.get_output());
    assert!(stdout.contains("\"to_move\":\"N\""), "{stdout}");
    assert!(
        stderr.contains("line 2: N holds 1 cards but should hold 0"),
        "{stderr}"
    );
    assert!(
        stderr.contains("line 3: SA is both on the table and in the hand of N"),
        "{stderr}"
    );
}

/// The spade ending of the first alpha-mu paper's section 2 as a reduced
/// deal: North KJ7, South A98, South on lead needing all three tricks.
const FUSION: &str = "N:KJ7... Q53... A98... 42.2..";

/// `alphamu analyze` of the fusion ending, every layout, JSON out, with
/// `extra` arguments.
fn analyze_args<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "analyze",
        "--deal",
        FUSION,
        "--contract",
        "3NT",
        "--declarer",
        "S",
        "--leader",
        "S",
        "--need",
        "3",
        "--worlds",
        "all",
        "--format",
        "json",
    ];
    args.extend_from_slice(extra);
    args
}

fn analyze(extra: &[&str]) -> std::process::Output {
    alphamu().args(analyze_args(extra)).output().unwrap()
}

fn best_make(json: &Value) -> f64 {
    json["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["make"].as_f64().unwrap())
        .fold(0.0, f64::max)
}

#[test]
fn analyze_shows_pimc_certain_and_alphamu_not_on_the_fusion_ending() {
    let pimc = analyze(&["--algo", "pimc"]);
    assert!(pimc.status.success(), "{}", stderr_of(&pimc));
    let pimc: Value = serde_json::from_str(&stdout_of(&pimc)).unwrap();
    assert_eq!(pimc["to_move"], "S");
    assert_eq!(pimc["worlds"], 20);
    assert_eq!(best_make(&pimc), 1.0);
    assert_eq!(pimc["cards"].as_array().unwrap().len(), 3);
    let am = analyze(&["--algo", "alphamu", "--max-moves", "6"]);
    assert!(am.status.success(), "{}", stderr_of(&am));
    let am: Value = serde_json::from_str(&stdout_of(&am)).unwrap();
    assert_eq!(best_make(&am), 0.5);
    assert_eq!(am["max_moves"], 6);
    for key in ["best", "nodes", "elapsed_ms"] {
        assert!(am.get(key).is_some(), "{key} missing: {am}");
    }
    // The same with every optimization off.
    let plain = analyze(&[
        "--max-moves",
        "6",
        "--disable",
        "tt,early-cut,root-cut,useful-worlds,world-cuts,empty-entry,cut-on-win,alpha-cut",
    ]);
    let plain: Value = serde_json::from_str(&stdout_of(&plain)).unwrap();
    assert_eq!(best_make(&plain), 0.5);
}

#[test]
fn analyze_errors_name_what_and_where() {
    let out = analyze(&["--play", "SA SX"]);
    assert!(!out.status.success());
    assert!(stderr_of(&out).contains("card 2"), "{}", stderr_of(&out));
    let out = analyze(&["--play", "SK"]);
    assert!(
        stderr_of(&out).contains("does not hold"),
        "{}",
        stderr_of(&out)
    );
    let out = analyze(&["--disable", "tt,warp"]);
    assert!(stderr_of(&out).contains("warp"), "{}", stderr_of(&out));
    // A defender to move is analysed for the defence.
    let out = analyze(&["--play", "S8", "--algo", "alphamu", "--max-moves", "4"]);
    assert!(out.status.success(), "{}", stderr_of(&out));
    let json: Value = serde_json::from_str(&stdout_of(&out)).unwrap();
    assert_eq!(json["to_move"], "W");
    assert!(json["cards"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["bound"] == "exact"));
    // Stopped short by the work limit, a defender's values bound
    // declarer's chance from below, and say so.
    let args = ["--play", "S8", "--max-moves", "4", "--work-limit", "1"];
    let out = analyze(&args);
    assert!(out.status.success(), "{}", stderr_of(&out));
    let json: Value = serde_json::from_str(&stdout_of(&out)).unwrap();
    assert_eq!(json["depth_reached"], 1);
    assert!(json["cards"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["bound"] == "lower"));
    let mut text = analyze_args(&args);
    text.retain(|a| *a != "json" && *a != "--format");
    let out = alphamu().args(text).output().unwrap();
    assert!(
        stdout_of(&out).contains("every value is a lower bound of declarer's chance"),
        "{}",
        stdout_of(&out)
    );
    let dir = std::env::temp_dir().join(format!("alphamu-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("worlds.pbn");
    std::fs::write(&file, "N:KJ7... Q53... A98... 42.2..\n[Deal \"N:KJ7... Q52... A98... 43.2..\"]\nN:KJ7... Q53... A92... 84.2..\n").unwrap();
    let out = analyze(&["--worlds-file", file.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(stderr_of(&out).contains("line 3"), "{}", stderr_of(&out));
    std::fs::write(
        &file,
        "N:KJ7... Q53... A98... 42.2..\n[Deal \"N:KJ7... Q52... A98... 43.2..\"]\n",
    )
    .unwrap();
    let out = analyze(&["--worlds-file", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr_of(&out));
    let v: Value = serde_json::from_str(&stdout_of(&out)).unwrap();
    assert_eq!(v["worlds"], 2);
}

#[test]
fn analyze_is_reproducible_with_a_seed_on_a_full_deal() {
    let args = [
        "analyze",
        "--deal",
        "N:4.AKJT2.965.AQ75 - AQJ9.73.QT872.94 -",
        "--contract",
        "3NT",
        "--declarer",
        "S",
        "--play",
        "S3",
        "--algo",
        "pimc",
        "--worlds",
        "8",
        "--seed",
        "5",
        "--format",
        "json",
    ];
    let a = alphamu().args(args).output().unwrap();
    assert!(a.status.success(), "{}", stderr_of(&a));
    let b = alphamu().args(args).output().unwrap();
    let strip = |o: &std::process::Output| {
        let mut v: Value = serde_json::from_str(&stdout_of(o)).unwrap();
        v.as_object_mut().unwrap().remove("elapsed_ms");
        v
    };
    assert_eq!(strip(&a), strip(&b));
    assert_eq!(strip(&a)["to_move"], "N");
}

#[test]
fn play_prints_every_trick_and_the_result() {
    let out = alphamu()
        .args([
            "play",
            "--declarer-player",
            "pimc:w=4",
            "--defense",
            "dd",
            "--seed",
            "3",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    let text = stdout_of(&out);
    assert_eq!(
        text.lines().filter(|l| l.starts_with("trick ")).count(),
        13,
        "{text}"
    );
    assert!(text.contains("3NT by S: "), "{text}");
    let out = alphamu()
        .args(["play", "--defense", "alphamu:goal=score"])
        .output()
        .unwrap();
    assert!(
        stderr_of(&out).contains("declarer only"),
        "{}",
        stderr_of(&out)
    );
}

/// The ending of issue 13: the cut on a win stopped the root at HJ, and H8
/// (which loses a trick in every layout) was shown with HJ's 100%. Every
/// card now has its exact value by default; `--bounds` prints cut cards as
/// bounds, never as values.
#[test]
fn analyze_gives_every_card_its_value_or_says_it_is_a_bound() {
    let run = |extra: &[&str]| -> std::process::Output {
        let mut args = vec![
            "analyze",
            "--deal",
            "N:Q.J8.. ..5.98 J3.3.. 9.9..5",
            "--contract",
            "1H",
            "--declarer",
            "S",
            "--need",
            "3",
            "--leader",
            "N",
            "--worlds",
            "all",
            "--max-moves",
            "12",
        ];
        args.extend_from_slice(extra);
        let out = alphamu().args(&args).output().unwrap();
        assert!(out.status.success(), "{}", stderr_of(&out));
        out
    };
    let json = |extra: &[&str]| -> Value {
        let mut args = vec!["--format", "json"];
        args.extend_from_slice(extra);
        serde_json::from_str(&stdout_of(&run(&args))).unwrap()
    };
    let card = |v: &Value, name: &str| -> Value {
        v["cards"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["card"] == name)
            .unwrap()
            .clone()
    };
    let exact = json(&[]);
    assert_eq!(exact["best"], "HJ");
    for (name, make) in [("SQ", 0.4), ("HJ", 1.0), ("H8", 0.0)] {
        let c = card(&exact, name);
        assert_eq!(c["make"], make, "{c}");
        assert_eq!(c["bound"], "exact", "{c}");
        assert_eq!(c["depth"], 12, "{c}");
    }
    let bounds = json(&["--bounds"]);
    assert_eq!(card(&bounds, "HJ")["bound"], "exact");
    let sq = card(&bounds, "SQ");
    assert_eq!(sq["bound"], "upper", "{sq}");
    assert!(sq["make"].as_f64().unwrap() >= 0.4, "{sq}");
    // An upper bound of nothing is the value.
    assert_eq!(card(&bounds, "H8")["bound"], "exact");
    assert_eq!(card(&bounds, "H8")["make"], 0.0);
    let text = stdout_of(&run(&["--bounds"]));
    assert!(text.contains("<= 40.0%"), "{text}");
}

/// A reader that has gone (`alphamu analyze ... | head -0`) ends the
/// program quietly: no panic when it prints.
#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_the_output_without_a_panic() {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("alphamu"))
        .args(analyze_args(&["--max-moves", "6"]))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The read end is closed before the search ends and anything is printed.
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// The card `analyze` marks is the card `play` plays from that position
/// with the same player and seed: the opening lead by PIMC, then dummy's
/// card by alpha-mu (ties broken as the player breaks them).
#[test]
fn analyze_marks_the_card_that_play_plays() {
    const DEAL: &str = "N:A4.K82.AJ52.KQ96 KT3.A974.KT3.J74 Q52.J65.Q64.A853 J9876.QT3.987.T2";
    for seed in ["1", "4", "7"] {
        let out = alphamu()
            .args([
                "play",
                "--deal",
                DEAL,
                "--contract",
                "3NT",
                "--declarer",
                "S",
            ])
            .args([
                "--declarer-player",
                "alphamu:m=2,w=6",
                "--defense",
                "pimc:w=6",
            ])
            .args(["--seed", seed, "--threads", "1"])
            .assert()
            .success();
        let text = stdout_of(out.get_output());
        // "trick  1: W leads S7, N S2, ..."
        let first = text
            .lines()
            .find(|l| l.starts_with("trick  1:"))
            .expect("the first trick");
        let cards: Vec<&str> = first
            .split([',', ' '])
            .filter(|w| w.len() == 2 && w.parse::<cards::Card>().is_ok())
            .collect();
        let (lead, dummy) = (cards[0], cards[1]);
        let marked = |extra: &[&str]| {
            let out = alphamu()
                .args([
                    "analyze",
                    "--deal",
                    DEAL,
                    "--contract",
                    "3NT",
                    "--declarer",
                    "S",
                ])
                .args([
                    "--worlds",
                    "6",
                    "--seed",
                    seed,
                    "--threads",
                    "1",
                    "--format",
                    "json",
                ])
                .args(extra)
                .assert()
                .success();
            let v: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
            v["best"].as_str().unwrap().to_string()
        };
        assert_eq!(marked(&["--algo", "pimc"]), lead, "seed {seed}: {first}");
        assert_eq!(
            marked(&["--algo", "alphamu", "--max-moves", "2", "--play", lead]),
            dummy,
            "seed {seed}: {first}"
        );
    }
}

/// Bad arguments are refused before any work, saying what is allowed.
#[test]
fn arguments_are_checked_before_any_work() {
    let refused = |args: &[&str], code: i32, words: &str| {
        let out = alphamu().args(args).assert().code(code);
        let stderr = stderr_of(out.get_output());
        assert!(stderr.contains(words), "{args:?}: {stderr}");
        assert!(
            stdout_of(out.get_output()).is_empty(),
            "{args:?}: nothing is played or printed before the refusal"
        );
    };
    refused(&["play", "--threads", "5000"], 2, "at most");
    refused(&["dd", "table", "--threads", "100000"], 2, "four per core");
    refused(
        &["bench", "--cards", "0"],
        1,
        "--cards 0: a deal has 4 to 52 cards",
    );
    refused(&["bench", "--deals", "0"], 1, "at least one deal");
    refused(
        &["bench", "--without", "killer-moves,no-such-cut"],
        1,
        "--without: unknown optimization 'no-such-cut'",
    );
    refused(
        &["play", "--declarer-player", "alphamu:m=2,w=1000"],
        1,
        "one search holds at most 512",
    );
    refused(
        &["play", "--out", "/dev/null/folder/game.pbn"],
        1,
        "--out /dev/null/folder/game.pbn: cannot make its folder",
    );
    refused(
        &["play", "--game", "belote", "--contract", "4S"],
        2,
        "play: --contract is for bridge only",
    );
    refused(
        &[
            "analyze",
            "--players",
            "pimc",
            "--deal",
            "N:A... K... Q... J...",
        ],
        2,
        "analyze: --players is for Belote only",
    );
    refused(
        &["analyze", "--contract", "3NT", "--declarer", "S"],
        1,
        "--deal: required, such as",
    );
}

/// `dd table` reads a PBN file as tournament programs and `alphamu deals`
/// write it: its `[Deal]` tags, the `[Board]` as the id.
#[test]
fn table_reads_a_whole_pbn_file() {
    let pbn = "% a tournament\n[Event \"Club\"]\n[Board \"7\"]\n[Dealer \"S\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432\"]\n[Auction \"S\"]\nPass Pass 7NT AP\n\n[Board \"8\"]\n[Deal \"N:A... K... Q... J...\"]\n";
    let out = alphamu()
        .args(["dd", "table", "--format", "jsonl"])
        .write_stdin(pbn)
        .assert()
        .success();
    let lines: Vec<Value> = stdout_of(out.get_output())
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["id"], "7");
    assert_eq!(lines[0]["tricks"]["N"]["NT"], 13);
    assert_eq!(lines[1]["id"], "8");
}

/// A board whose two `[Deal]` tags differ is refused by `dd table` as
/// `games show` refuses it (which deal is meant?), naming both lines; the
/// other boards are still answered.
#[test]
fn table_refuses_a_board_of_two_deals() {
    let pbn = "[Board \"1\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432\"]\n[Deal \"N:A... K... Q... J...\"]\n\n[Board \"2\"]\n[Deal \"N:A... K... Q... J...\"]\n";
    let out = alphamu()
        .args(["dd", "table", "--format", "jsonl"])
        .write_stdin(pbn)
        .assert()
        .code(1);
    let stdout = stdout_of(out.get_output());
    let lines: Vec<Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 1, "{stdout}");
    assert_eq!(lines[0]["id"], "2");
    let stderr = stderr_of(out.get_output());
    assert!(
        stderr.contains("line 3: [Deal]: given twice with different values (line 2"),
        "{stderr}"
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("two.pbn");
    std::fs::write(&path, pbn).unwrap();
    let out = alphamu()
        .args(["games", "show"])
        .arg(&path)
        .assert()
        .code(1);
    assert!(stderr_of(out.get_output()).contains("given twice with different values"));
}

/// A huge bad value (a 100 kB argument, a 1 MB tag or call) is quoted by
/// its start and its length, never copied whole into the message.
#[test]
fn long_bad_values_are_quoted_briefly() {
    let big = "3".repeat(100_000);
    let deal = "N:4.AKJT2.965.AQ75 - AQJ9.73.QT872.94 -";
    for args in [
        ["--contract", big.as_str(), "--declarer", "S", "--play", ""],
        [
            "--contract",
            "3NT",
            "--declarer",
            big.as_str(),
            "--play",
            "",
        ],
        [
            "--contract",
            "3NT",
            "--declarer",
            "S",
            "--play",
            big.as_str(),
        ],
    ] {
        let out = alphamu()
            .args(["analyze", "--deal", deal])
            .args(args)
            .assert()
            .failure();
        let stderr = stderr_of(out.get_output());
        assert!(
            stderr.len() < 600,
            "{} bytes: {}",
            stderr.len(),
            &stderr[..600]
        );
        assert!(stderr.contains("(100000 characters)"), "{stderr}");
    }
    let huge = "H".repeat(1_000_000);
    let deal = "N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432";
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in [
        (
            "dealer",
            format!("[Deal \"{deal}\"]\n[Dealer \"{huge}\"]\n"),
        ),
        (
            "contract",
            format!("[Deal \"{deal}\"]\n[Contract \"{huge}\"]\n[Declarer \"S\"]\n"),
        ),
        (
            "call",
            format!("[Deal \"{deal}\"]\n[Auction \"N\"]\n1NT {huge}\n"),
        ),
        (
            "card",
            format!(
                "[Deal \"{deal}\"]\n[Contract \"7NT\"]\n[Declarer \"S\"]\n[Play \"W\"]\n{huge}\n"
            ),
        ),
    ] {
        let path = dir.path().join(format!("{name}.pbn"));
        std::fs::write(&path, text).unwrap();
        let out = alphamu()
            .args(["games", "show"])
            .arg(&path)
            .assert()
            .code(1);
        let stderr = stderr_of(out.get_output());
        assert!(stderr.len() < 600, "{name}: {} bytes", stderr.len());
        assert!(stderr.contains("(1000000 characters)"), "{name}: {stderr}");
    }
}

/// Every file the program writes makes its missing folders: `play --out`
/// as `match --results` and `match --games` (one rule).
#[test]
fn outputs_make_their_missing_folders() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("new/folder/board.pbn");
    alphamu()
        .args([
            "play",
            "--declarer-player",
            "dd",
            "--defense",
            "dd",
            "--out",
        ])
        .arg(&out)
        .assert()
        .success();
    assert!(std::fs::read_to_string(&out).unwrap().contains("[Deal "));
    let set = dir.path().join("deals/set.pbn");
    alphamu()
        .args([
            "deals", "--kind", "7nt", "--count", "1", "--seed", "1", "--out",
        ])
        .arg(&set)
        .assert()
        .success();
    let results = dir.path().join("a/results.jsonl");
    let games = dir.path().join("b/tables.pbn");
    alphamu()
        .args([
            "match",
            "--a",
            "dd",
            "--b",
            "dd",
            "--defense",
            "dd",
            "--deals",
        ])
        .arg(&set)
        .arg("--results")
        .arg(&results)
        .arg("--games")
        .arg(&games)
        .assert()
        .success();
    assert!(results.exists() && games.exists());
}

/// Off a terminal (a script, a CI log), long work prints a progress line
/// every few seconds (here every step) instead of nothing.
#[test]
fn progress_shows_off_a_terminal() {
    let out = alphamu()
        .env("ALPHAMU_PROGRESS_SECONDS", "0")
        .args([
            "bench",
            "--cards",
            "8",
            "--deals",
            "2",
            "--max-moves",
            "1",
            "--worlds",
            "4",
        ])
        .assert()
        .success();
    let stderr = stderr_of(out.get_output());
    assert!(stderr.contains("deals: 1/4 (25%)"), "{stderr}");
    assert!(stderr.contains("deals: 4/4 (100%)"), "{stderr}");
}

/// `bench --without` adds, for each alpha-mu row, one row with that
/// switch off, played on the same deals with the same decisions (a
/// switch changes only the time).
#[test]
fn bench_without_a_switch_adds_its_row() {
    let out = alphamu()
        .args(["bench", "--cards", "12", "--deals", "2", "--max-moves", "2"])
        .args(["--worlds", "6", "--without", "killer-moves"])
        .assert()
        .success();
    let text = stdout_of(out.get_output());
    let rows: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| l.starts_with("| 12 "))
        .map(|l| l.split('|').map(str::trim).collect())
        .collect();
    let labels: Vec<&str> = rows.iter().map(|r| r[4]).collect();
    assert_eq!(labels, ["-", "all", "all but killer-moves"], "{text}");
    // Decisions and contracts made agree between the two alpha-mu rows.
    assert_eq!(rows[1][6..8], rows[2][6..8], "{text}");
}

#[test]
fn players_lists_every_player_and_a_bad_spec_points_to_it() {
    let assert = alphamu().arg("players").assert().success();
    let text = stdout_of(assert.get_output());
    for example in [
        "alphamu:m=3,w=20",
        "MC2-D-20-10",
        "tc-fusion:base=1:worlds=24:leaf=5:rd=none",
    ] {
        assert!(text.contains(example), "{example}: {text}");
    }
    // A mistyped player is refused before any file is read, and the
    // error says where the players are listed.
    let output = alphamu()
        .args(["match", "--deals", "x.pbn", "--a", "gib", "--b", "pimc"])
        .args(["--results", "/nonexistent/r.jsonl"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let err = stderr_of(&output);
    assert!(err.contains("alphamu players"), "{err}");
}

#[test]
fn bid_explains_the_auction_and_gives_the_systems_call() {
    let out = alphamu()
        .args(["bid", "--auction", "1H X P", "--hand", "J874.953.Q82.J73"])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(
        text.contains("N 1H  opening one of a major: 12-21 HCP, 5+ hearts"),
        "{text}"
    );
    assert!(text.contains("E X   takeout double: 12+ HCP"), "{text}");
    assert!(
        text.contains("W to call: 1S  (answer to a double"),
        "{text}"
    );
    let out = alphamu()
        .args([
            "bid",
            "--dealer",
            "S",
            "--auction",
            "1NT,P,2C,P",
            "--hand",
            "AQ3.KJ64.QT5.A73",
            "--format",
            "json",
        ])
        .assert()
        .success();
    let v: Value = serde_json::from_slice(&out.get_output().stdout).expect("JSON");
    assert_eq!(v["to_call"], "S");
    assert_eq!(
        v["auction"][2]["rule"],
        "Stayman: asks for a four-card major"
    );
    assert_eq!(v["call"]["call"], "2H");
    // The seat's first system gives its call, without meanings.
    let out = alphamu()
        .args([
            "bid",
            "--auction",
            "1H 1S",
            "--hand",
            "KJ74.Q53.K82.J73",
            "--system",
            "simple",
        ])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(text.contains("S to call: P"), "{text}");
    // A close call is simulated as the seat simulates it (8 points
    // opposite 1NT: game or an invitation), seeded; --simulate 0 gives
    // the rules' call alone.
    let simulate = |extra: &[&str]| -> Value {
        let mut args = vec![
            "bid",
            "--auction",
            "1NT P",
            "--hand",
            "KJ2.Q83.T75.K642",
            "--format",
            "json",
        ];
        args.extend_from_slice(extra);
        let out = alphamu().args(&args).assert().success();
        serde_json::from_slice(&out.get_output().stdout).expect("JSON")
    };
    // The worlds scored: those drawn, or fewer when the call's work limit
    // (solver nodes) is reached first.
    let simulated = simulate(&["--simulate", "16", "--seed", "5", "--vulnerability", "NS"]);
    let scored = simulated["simulation"]["worlds"].as_u64().expect("worlds");
    assert!((1..=16).contains(&scored), "{simulated}");
    let nodes = simulated["simulation"]["nodes"].as_u64().expect("nodes");
    assert!((1..=4_001_000).contains(&nodes), "{simulated}");
    let candidates = simulated["simulation"]["candidates"]
        .as_array()
        .expect("candidates");
    assert!(candidates.len() >= 2, "{simulated}");
    assert_eq!(
        candidates[0]["call"], simulated["simulation"]["system_call"],
        "the rules' call first"
    );
    assert_eq!(
        simulated,
        simulate(&["--simulate", "16", "--seed", "5", "--vulnerability", "NS"]),
        "the same seed, the same answer"
    );
    let alone = simulate(&["--simulate", "0"]);
    assert_eq!(alone["simulation"]["worlds"], 0, "{alone}");
    assert_eq!(alone["simulation"]["nodes"], 0, "{alone}");
    assert_eq!(alone["call"]["call"], alone["simulation"]["system_call"]);
    let text = alphamu()
        .args(["bid", "--auction", "1NT P", "--hand", "KJ2.Q83.T75.K642"])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&text.get_output().stdout).to_string();
    // 8 points opposite 1NT over 40 worlds drawn: the work limit stops
    // the notrump solves before the last world, and the text says so.
    assert!(
        text.contains("a close call, simulated over ")
            && text.contains(" worlds of 40 drawn, the call's work limit reached"),
        "{text}"
    );
    // Bad input names what and where.
    for (args, named) in [
        (
            vec!["bid", "--vulnerability", "NE"],
            "expected None, NS, EW or All",
        ),
        (vec!["bid", "--auction", "1H 1S 1X"], "call 3"),
        (vec!["bid", "--auction", "1H 1D"], "call 2"),
        (vec!["bid", "--hand", "AKQ.AKQ"], "--hand"),
        (
            vec!["bid", "--auction", "1H P P P", "--hand", "J874.953.Q82.J73"],
            "over",
        ),
    ] {
        let out = alphamu().args(&args).assert().failure();
        let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
        assert!(err.contains(named), "{args:?}: {err}");
    }
}

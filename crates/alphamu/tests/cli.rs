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
    let assert = alphamu().assert().success();
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
    assert!(stderr.contains("line 2: hand of N has 1 cards"), "{stderr}");
    assert!(
        stderr.contains("line 3: card SA is on the table"),
        "{stderr}"
    );
}

//! Belote from the command line: `dd solve --game belote` answers, its
//! undertrump option and its errors.

use assert_cmd::Command;
use serde_json::Value;

fn alphamu() -> Command {
    Command::cargo_bin("alphamu").unwrap()
}

fn points(line: &str) -> Vec<(String, i64)> {
    let v: Value = serde_json::from_str(line).unwrap();
    v["points"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), v.as_i64().unwrap()))
        .collect()
}

/// North led the seven of spades, East ruffed with the nine of hearts
/// (trumps); South, out of spades, holds only lower trumps and a club.
const UNDERTRUMP: &str = r#"{"id":1,"trump":"H","leader":"N","trick":["S7","H9"],"remaining":"N:Q..A. ...AT .A8..7 K..87."}"#;

#[test]
fn solve_gives_every_legal_card_its_points() {
    let out = alphamu()
        .args(["dd", "solve", "--game", "belote"])
        .write_stdin(format!("{UNDERTRUMP}\n"))
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let v: Value = serde_json::from_str(text.trim()).unwrap();
    assert_eq!(v["id"], 1);
    assert_eq!(v["to_move"], "S");
    let cards: Vec<String> = points(text.trim()).into_iter().map(|(c, _)| c).collect();
    assert_eq!(cards, ["HA", "H8", "C7"]);
    // 74 points are left (the two cards on the table, the cards in the
    // hands and the last-trick ten): every answer lies within them.
    for (card, p) in points(text.trim()) {
        assert!((0..=74).contains(&p), "{card}: {p}");
    }
}

#[test]
fn undertrumping_when_demanded_leaves_only_trumps() {
    let out = alphamu()
        .args(["dd", "solve", "--game", "belote", "--undertrump", "must"])
        .write_stdin(format!("{UNDERTRUMP}\n"))
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let cards: Vec<String> = points(text.trim()).into_iter().map(|(c, _)| c).collect();
    assert_eq!(cards, ["HA", "H8"]);
}

#[test]
fn bad_lines_are_named_and_good_ones_answered() {
    let input = format!(
        "{UNDERTRUMP}\n{}\n{}\n{}\n",
        r#"{"trump":"NT","leader":"N","remaining":"N:Q..A. ...AT .A8..7 K..87."}"#,
        r#"{"trump":"H","leader":"N","trick":["S7","H9"],"remaining":"N:Q..A. ...AT .A2..7 K..87."}"#,
        "not json"
    );
    let out = alphamu()
        .args(["dd", "solve", "--game", "belote"])
        .write_stdin(input)
        .assert()
        .code(1);
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert_eq!(stdout.lines().count(), 1);
    assert!(
        stderr.contains("line 2: field \"trump\": Belote trumps are S, H, D or C"),
        "{stderr}"
    );
    assert!(
        stderr.contains("line 3: H2 is not a card of belote"),
        "{stderr}"
    );
    assert!(stderr.contains("line 4: invalid JSON"), "{stderr}");
    let bad = alphamu()
        .args([
            "dd",
            "solve",
            "--game",
            "belote",
            "--undertrump",
            "sometimes",
        ])
        .write_stdin("")
        .assert()
        .code(2);
    let stderr = String::from_utf8(bad.get_output().stderr.clone()).unwrap();
    assert!(
        stderr.contains("undertrump must be `may` or `must`"),
        "{stderr}"
    );
}

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

#[test]
fn play_prints_eight_tricks_and_the_points() {
    let out = alphamu()
        .args([
            "play",
            "--game",
            "belote",
            "--ns",
            "tc-pimc:worlds=2:rd=none",
            "--ew",
            "random",
        ])
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_eq!(
        text.lines().filter(|l| l.starts_with("trick ")).count(),
        8,
        "{text}"
    );
    let last = text.lines().last().unwrap();
    let numbers: Vec<u32> = last
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    assert_eq!(numbers[0] + numbers[1], 162, "{last}");
}

#[test]
fn a_players_old_name_still_plays_with_a_note_naming_the_new_one() {
    let play = |ns: &str| {
        let out = alphamu()
            .args(["play", "--game", "belote", "--ns", ns, "--ew", "random"])
            .assert()
            .success();
        let out = out.get_output();
        (
            String::from_utf8(out.stdout.clone()).unwrap(),
            String::from_utf8(out.stderr.clone()).unwrap(),
        )
    };
    let (old, note) = play("pimc:worlds=2:rd=none");
    assert!(
        note.contains("--ns") && note.contains("tc-pimc:worlds=2:rd=none"),
        "{note}"
    );
    let (new, quiet) = play("tc-pimc:worlds=2:rd=none");
    assert!(!quiet.contains("note"), "{quiet}");
    // The same player: the same cards (the timing line aside).
    let tricks = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| l.starts_with("trick "))
            .map(String::from)
            .collect()
    };
    assert_eq!(tricks(&old), tricks(&new));
    assert!(
        new.contains("North-South: tc-pimc:worlds=2:rd=none"),
        "{new}"
    );
}

#[test]
fn analyze_gives_each_player_its_expected_points_beside_the_open_value() {
    let out = alphamu()
        .args([
            "analyze",
            "--game",
            "belote",
            "--play",
            "SA",
            "--players",
            "tc-pimc:worlds=3:rd=none,tc-alphamu:worlds=3:leaf=2:rd=none,tc-fusion:leaf=2:rd=none",
            "--format",
            "json",
        ])
        .assert()
        .success();
    let v: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(v["to_move"], "E");
    let cards = v["cards"].as_array().unwrap();
    // East must follow spades: the queen or the eight.
    let names: Vec<&str> = cards.iter().map(|c| c["card"].as_str().unwrap()).collect();
    assert_eq!(names, ["SQ", "S8"]);
    for c in cards {
        assert!(c["open"].is_i64());
        for p in ["tc-pimc", "tc-alphamu", "tc-fusion"] {
            let s = c[p].as_f64().unwrap();
            assert!((0.0..=162.0).contains(&s), "{p}: {s}");
        }
    }
    assert_eq!(v["players"].as_array().unwrap().len(), 3);
}

#[test]
fn belote_errors_name_the_flag_and_card() {
    let bad = |args: &[&str]| {
        let out = alphamu().args(args).assert().failure();
        String::from_utf8(out.get_output().stderr.clone()).unwrap()
    };
    let e = bad(&["analyze", "--game", "belote", "--play", "SA HA"]);
    assert!(
        e.contains("--play, card 2 (HA)") && e.contains("may not play HA"),
        "{e}"
    );
    let e = bad(&["play", "--game", "belote", "--ns", "tc-alphamu:leaf=x"]);
    assert!(
        e.contains("--ns") && e.contains("leaf=\"x\": expected a number"),
        "{e}"
    );
    let e = bad(&[
        "play",
        "--game",
        "belote",
        "--deal",
        "trump=H N:AKQJT987.... ....",
    ]);
    assert!(e.contains("--deal"), "{e}");
}

#[test]
fn a_points_match_plays_resumes_and_refuses_another_match() {
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("m.jsonl");
    let run = |a: &str, deals: &str| {
        alphamu()
            .args(["points-match", "--a", a, "--b", "random", "--deals", deals])
            .args(["--threads", "1", "--results"])
            .arg(&results)
            .assert()
    };
    let first = run("tc-pimc:worlds=2:rd=none", "2").success();
    let first = String::from_utf8(first.get_output().stdout.clone()).unwrap();
    assert!(first.contains("deals: 2 "), "{first}");
    let lines = |p: &std::path::Path| std::fs::read_to_string(p).unwrap().lines().count();
    assert_eq!(lines(&results), 3, "a header and a line per deal");
    // A longer run keeps the two deals played and adds the third.
    let before = std::fs::read_to_string(&results).unwrap();
    let again = run("tc-pimc:worlds=2:rd=none", "3").success();
    let again = String::from_utf8(again.get_output().stdout.clone()).unwrap();
    assert!(again.contains("deals: 3 "), "{again}");
    assert!(std::fs::read_to_string(&results)
        .unwrap()
        .starts_with(&before));
    // No deals: the file's deals summed up, nothing played.
    let read = run("tc-pimc:worlds=2:rd=none", "0").success();
    let read = String::from_utf8(read.get_output().stdout.clone()).unwrap();
    assert!(read.contains("deals: 3 "), "{read}");
    assert_eq!(lines(&results), 4);
    // Another player on the same file is refused, naming the file.
    let other = run("random", "3").failure();
    let err = String::from_utf8(other.get_output().stderr.clone()).unwrap();
    assert!(
        err.contains("another match") && err.contains("m.jsonl"),
        "{err}"
    );
    // `report` reads a points match as it reads a duplicate match: the
    // same summary, and the build that played it.
    let report = |format: &str| {
        let out = alphamu()
            .arg("report")
            .arg(&results)
            .args(["--format", format])
            .assert()
            .success();
        String::from_utf8(out.get_output().stdout.clone()).unwrap()
    };
    let text = report("markdown");
    assert!(
        text.contains("deals: 3 ") && text.contains("points match"),
        "{text}"
    );
    assert!(
        text.contains(read.lines().find(|l| l.contains("share minus")).unwrap()),
        "{text}\n{read}"
    );
    let json: Value = serde_json::from_str(&report("json")).unwrap();
    assert_eq!(json["summary"]["deals"], 3);
    assert_eq!(json["match"]["kind"], "points-match");
    assert!(json["match"]["build"]["commit"].is_string(), "{json}");
    let given = alphamu()
        .arg("report")
        .arg(&results)
        .args(["--deals", "set.pbn"])
        .assert()
        .failure();
    let err = String::from_utf8(given.get_output().stderr.clone()).unwrap();
    assert!(
        err.contains("--deals") && err.contains("points match"),
        "{err}"
    );
    // A misspelt setting is named.
    let bad = run("pimc:wrlds=2", "1").failure();
    let err = String::from_utf8(bad.get_output().stderr.clone()).unwrap();
    assert!(err.contains("--a") && err.contains("wrlds"), "{err}");
}

/// `alphamu match --game belote` is the points match under the one
/// `match` command: the same results file, byte for byte, as
/// `points-match`; bridge-only options and a deal-set path are refused by
/// name.
#[test]
fn match_with_a_game_plays_the_points_match() {
    let dir = tempfile::tempdir().unwrap();
    let (via_match, via_points) = (dir.path().join("a.jsonl"), dir.path().join("b.jsonl"));
    for (command, results) in [("match", &via_match), ("points-match", &via_points)] {
        let mut cmd = alphamu();
        cmd.arg(command);
        if command == "match" {
            cmd.args(["--game", "belote"]);
        }
        cmd.args([
            "--a",
            "tc-pimc:worlds=2:rd=none",
            "--b",
            "random",
            "--deals",
            "2",
        ])
        .args(["--threads", "1", "--results"])
        .arg(results)
        .assert()
        .success();
    }
    let without_commit = |p: &std::path::Path| {
        std::fs::read_to_string(p)
            .unwrap()
            .lines()
            .skip(1)
            .map(|l| {
                let mut v: Value = serde_json::from_str(l).unwrap();
                v["seconds"] = Value::Null;
                v
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(without_commit(&via_match), without_commit(&via_points));
    let refused = |extra: &[&str]| {
        let out = alphamu()
            .args([
                "match", "--game", "belote", "--a", "random", "--b", "random",
            ])
            .args(extra)
            .arg("--results")
            .arg(dir.path().join("c.jsonl"))
            .assert()
            .failure();
        String::from_utf8(out.get_output().stderr.clone()).unwrap()
    };
    let e = refused(&["--deals", "1", "--mode", "pairs"]);
    assert!(e.contains("--mode is for --game bridge only"), "{e}");
    let e = refused(&["--deals", "set.pbn"]);
    assert!(
        e.contains("--deals \"set.pbn\"") && e.contains("number"),
        "{e}"
    );
}

/// Every `--game` reads one name for each game, and a command names the
/// games it plays when given another; `points-match --game bridge` still
/// plays the card play, as `bridge-cardplay` does.
#[test]
fn every_command_reads_the_same_game_names() {
    let bad = |args: &[&str]| {
        let out = alphamu().args(args).assert().failure();
        String::from_utf8(out.get_output().stderr.clone()).unwrap()
    };
    let e = bad(&["dd", "solve", "--game", "chess"]);
    assert!(
        e.contains("no game \"chess\": the games are bridge, bridge-cardplay and belote"),
        "{e}"
    );
    for command in [&["dd", "solve"][..], &["play"], &["analyze"]] {
        let e = bad(&[command, &["--game", "bridge-cardplay"]].concat());
        assert!(
            e.contains("plays bridge and belote, not bridge-cardplay"),
            "{command:?}: {e}"
        );
    }
    let e = bad(&["points-match", "--game", "bridge", "--a", "random"]);
    assert!(e.contains("--b"), "the game read, the player missing: {e}");
    let dir = tempfile::tempdir().unwrap();
    let header = |game: &str| {
        let results = dir.path().join(format!("{game}.jsonl"));
        alphamu()
            .args(["points-match", "--game", game, "--a", "random", "--b"])
            .args(["random", "--deals", "1", "--threads", "1", "--results"])
            .arg(&results)
            .assert()
            .success();
        let text = std::fs::read_to_string(&results).unwrap();
        let mut header: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
        header.as_object_mut().unwrap().retain(|k, _| k == "game");
        let mut deal: Value = serde_json::from_str(text.lines().nth(1).unwrap()).unwrap();
        deal["seconds"] = Value::Null;
        (header, deal)
    };
    let (old, deal) = header("bridge");
    assert_eq!(old["game"], "bridge", "the files' name for the card play");
    assert_eq!(header("bridge-cardplay"), (old, deal));
}

/// `play --game belote` plays its deal as a points match plays a deal:
/// the same seated players, told every card, seeded as the match's first
/// playing of deal 0; the same seed plays the same cards.
#[test]
fn play_plays_the_deal_as_a_points_match_seats_it() {
    let tricks = |seed: &str| -> Vec<String> {
        let out = alphamu()
            .args([
                "play",
                "--game",
                "belote",
                "--ns",
                "tc-pimc:worlds=3:rd=none",
                "--ew",
                "random",
                "--seed",
                seed,
            ])
            .assert()
            .success();
        String::from_utf8(out.get_output().stdout.clone())
            .unwrap()
            .lines()
            .filter(|l| l.starts_with("trick "))
            .map(String::from)
            .collect()
    };
    let shown = tricks("5");
    assert_eq!(shown.len(), 8);
    assert_eq!(tricks("5"), shown, "the same seed, the same cards");
    let deal: games::BeloteDeal =
        "trump=H leader=N taker=N N:AK7.JT9.Q.A Q8.A8.KJ7.K JT9.KQ7.A9. ..T8.QJT987"
            .parse()
            .unwrap();
    let start = games::PlayState::new(deal.rules(), deal.hands, deal.leader);
    let ns: players::generic::PlayerKind = "tc-pimc:worlds=3:rd=none".parse().unwrap();
    let ew: players::generic::PlayerKind = "random".parse().unwrap();
    let (played, _) = arena::points::play_once(&ns, &ew, &start, 5, 0, 0).unwrap();
    // Each trick line names its four cards in the order played.
    let printed: Vec<String> = shown
        .iter()
        .flat_map(|l| {
            let cards = l.split(": ").nth(1).unwrap().split("  won").next().unwrap();
            cards
                .split(", ")
                .map(|c| c.rsplit(' ').next().unwrap().to_string())
                .collect::<Vec<_>>()
        })
        .collect();
    let matched: Vec<String> = played.play.iter().map(ToString::to_string).collect();
    assert_eq!(printed, matched);
}

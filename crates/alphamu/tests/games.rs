//! `alphamu games show` on PBN and LIN files written in other programs'
//! conventions (our own files, made here).

use assert_cmd::Command;
use serde_json::Value;

const LIN: &str = "pn|sue,wanda,nils,ed|st||md|3S432H432D432C5432,ST98HJT98DJT9CJT9,SAKQJHAKQDAKQCAKQ,|rh||ah|Board 1|sv|o|mb|2C!|an|strong|mb|p|mb|2D|mb|p|mb|7N|mb|p|mb|p|mb|p|pg||pc|s7|pc|s2|pc|ST|pc|SA|pg||mc|13|pg||
qx|o2|md|4S432H432D432C5432,ST98HJT98DJT9CJT9,SAKQJHAKQDAKQCAKQ,S765H765D8765C876|sv|b|mb|p|mb|p|mb|d|
";

/// A temporary folder holding board 1 of `LIN` as `club.lin`.
fn club_board() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.lin");
    std::fs::write(&path, LIN.lines().next().unwrap()).unwrap();
    (dir, path)
}

/// `alphamu games analyze --format json` on `path` with `args` first.
fn analyze_json(path: &std::path::Path, args: &[&str]) -> Value {
    let out = Command::cargo_bin("alphamu")
        .unwrap()
        .args(["games", "analyze", "--format", "json"])
        .args(args)
        .arg(path)
        .assert()
        .success();
    serde_json::from_slice(&out.get_output().stdout).unwrap()
}

#[test]
fn games_show_prints_the_interface_shape_and_names_bad_boards() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.lin");
    std::fs::write(&path, LIN).unwrap();
    let out = Command::cargo_bin("alphamu")
        .unwrap()
        .args(["games", "show", "--format", "json"])
        .arg(&path)
        .assert()
        .code(1);
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 1, "{stdout}");
    let v: Value = serde_json::from_str(lines[0]).unwrap();
    for key in [
        "file", "board", "dealer", "vul", "deal", "auction", "declarer", "contract", "play",
        "claimed", "result",
    ] {
        assert!(v.get(key).is_some(), "missing {key}: {v}");
    }
    assert_eq!(v["board"], "1");
    assert_eq!(v["dealer"], "N");
    assert_eq!(v["vul"], "None");
    assert_eq!(v["contract"], "7NT");
    assert_eq!(v["declarer"], "N");
    assert_eq!(
        v["auction"],
        serde_json::json!(["2C", "P", "2D", "P", "7NT", "P", "P", "P"])
    );
    assert_eq!(v["play"], serde_json::json!(["S7", "S2", "ST", "SA"]));
    assert_eq!(v["claimed"], 13);
    assert_eq!(v["result"], 13);
    assert!(
        stderr.contains("club.lin, line 2, mb|: X is not a legal call after P P"),
        "{stderr}"
    );
    // A missing file is an error too, and the other files are still read.
    let out = Command::cargo_bin("alphamu")
        .unwrap()
        .args(["games", "show", "no-such-file.pbn"])
        .arg(&path)
        .assert()
        .code(1);
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(stdout.contains("board 1"), "{stdout}");
}

#[test]
fn games_analyze_values_every_card_played_double_dummy() {
    // North declares 7NT with every top card: no card can lose a trick
    // for North-South, and a defender's card never matters either.
    let (_dir, path) = club_board();
    let v = analyze_json(&path, &[]);
    assert_eq!(v["contract"], "7NT");
    let cards = v["cards"].as_array().unwrap();
    assert_eq!(cards.len(), 4);
    for c in cards {
        assert_eq!(c["declarer_tricks"], 13);
        assert_eq!(c["lost"], 0);
    }
    assert_eq!(cards[0]["seat"], "E");
}

#[test]
fn games_analyze_gives_declarers_chances_single_dummy() {
    let (_dir, path) = club_board();
    let v = analyze_json(&path, &["--chances", "--worlds", "5"]);
    let cards = v["cards"].as_array().unwrap();
    // South (dummy) plays the second card from four spades: a real choice,
    // and 7NT is sure whatever it plays.
    assert_eq!(cards[1]["seat"], "S");
    assert_eq!(cards[1]["chance"]["played"], 1.0);
    assert_eq!(cards[1]["chance"]["best"], 1.0);
    // A defender's card gets no chance.
    assert!(cards[0]["chance"].is_null());
}

#[test]
fn seat_without_a_table_manager_says_so_and_fails() {
    // A port nobody listens on: bind one, then free it.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let out = Command::cargo_bin("alphamu")
        .unwrap()
        .args(["seat", "--port", &port.to_string(), "--seat", "S"])
        .assert()
        .failure();
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(
        stderr.contains("cannot connect to the table manager"),
        "{stderr}"
    );
}

#[test]
fn games_analyze_gives_alphamu_chances_too() {
    let (_dir, path) = club_board();
    let v = analyze_json(
        &path,
        &[
            "--chances",
            "--algo",
            "alphamu",
            "--max-moves",
            "2",
            "--worlds",
            "4",
        ],
    );
    let chance = &v["cards"][1]["chance"];
    assert_eq!(chance["played"], 1.0, "{v}");
    assert_eq!(chance["played_exact"], true, "{v}");
    assert_eq!(chance["best"], 1.0, "{v}");
}

/// The boards of `games show` in `path`.
fn show(path: &std::path::Path) -> Vec<Value> {
    let out = Command::cargo_bin("alphamu")
        .unwrap()
        .args(["games", "show", "--format", "json"])
        .arg(path)
        .assert()
        .success();
    String::from_utf8(out.get_output().stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn play_takes_a_board_of_a_game_file_and_writes_the_game_played() {
    let (dir, path) = club_board();
    for out_name in ["played.lin", "played.pbn"] {
        let out_path = dir.path().join(out_name);
        let out = Command::cargo_bin("alphamu")
            .unwrap()
            .args([
                "play",
                "--declarer-player",
                "pimc:w=4",
                "--defense",
                "random",
                "--record",
            ])
            .arg(&path)
            .arg("--out")
            .arg(&out_path)
            .assert()
            .success();
        let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        assert!(stdout.contains("7NT by N: made with 13 tricks"), "{stdout}");
        let boards = show(&out_path);
        assert_eq!(boards.len(), 1);
        let b = &boards[0];
        // The record's deal, auction and contract, our play and result.
        assert_eq!(b["contract"], "7NT");
        assert_eq!(b["declarer"], "N");
        assert_eq!(
            b["auction"],
            serde_json::json!(["2C", "P", "2D", "P", "7NT", "P", "P", "P"])
        );
        assert_eq!(b["play"].as_array().unwrap().len(), 52, "{b}");
        assert_eq!(b["result"], 13);
    }
    // A board the file does not have is named, with those it has.
    let out = Command::cargo_bin("alphamu")
        .unwrap()
        .args(["play", "--board", "9", "--record"])
        .arg(&path)
        .assert()
        .failure();
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(
        stderr.contains("--board 9") && stderr.contains("the boards are 1"),
        "{stderr}"
    );
    // Without a record, the PBN written gives the contract in its tags and
    // invents no auction; LIN, which has no other way, gets the shortest.
    for (name, auction) in [
        ("built-in.pbn", serde_json::json!([])),
        (
            "built-in.lin",
            serde_json::json!(["4S", "X", "P", "P", "P"]),
        ),
    ] {
        let out_path = dir.path().join(name);
        Command::cargo_bin("alphamu")
            .unwrap()
            .args([
                "play",
                "--declarer-player",
                "dd",
                "--defense",
                "dd",
                "--contract",
                "4SX",
                "--declarer",
                "E",
                "--out",
            ])
            .arg(&out_path)
            .assert()
            .success();
        let b = &show(&out_path)[0];
        assert_eq!(b["contract"], "4SX", "{name}");
        assert_eq!(b["declarer"], "E", "{name}");
        assert_eq!(b["auction"], auction, "{name}");
    }
}

#[test]
fn player_names_survive_a_lin_round_trip() {
    // A specification with two options: LIN splits `pn|` at commas.
    let (dir, path) = club_board();
    let out_path = dir.path().join("named.lin");
    Command::cargo_bin("alphamu")
        .unwrap()
        .args([
            "play",
            "--declarer-player",
            "pimc:w=4,goal=score",
            "--defense",
            "random",
            "--record",
        ])
        .arg(&path)
        .arg("--out")
        .arg(&out_path)
        .assert()
        .success();
    let text = std::fs::read_to_string(&out_path).unwrap();
    let names = text
        .split("pn|")
        .nth(1)
        .and_then(|rest| rest.split('|').next())
        .expect("a pn field");
    // South, West, North, East, as any LIN reader splits them.
    let split: Vec<&str> = names.split(',').collect();
    assert_eq!(
        split,
        [
            "pimc:w=4;goal=score",
            "random",
            "pimc:w=4;goal=score",
            "random"
        ],
        "{text}"
    );
    let b = &show(&out_path)[0];
    assert_eq!(b["players"][0], "pimc:w=4;goal=score");
    // The name reads back as the player it names.
    let named: players::player::PlayerSpec = "pimc:w=4;goal=score".parse().unwrap();
    assert_eq!(named, "pimc:w=4,goal=score".parse().unwrap());
}

/// `alphamu match` of double dummy against PIMC with 3 worlds, on one
/// thread, of the deal set `set` into the results file `results`.
fn small_match(set: &std::path::Path, results: &std::path::Path) -> Command {
    let mut command = Command::cargo_bin("alphamu").unwrap();
    command
        .args(["match", "--a", "dd", "--b", "pimc:w=3", "--defense", "dd"])
        .args(["--threads", "1", "--deals"])
        .arg(set)
        .arg("--results")
        .arg(results);
    command
}

#[test]
fn deals_from_game_records_make_a_set_that_match_plays() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.lin");
    // Board 1 (7NT by North, North dealing, nobody vulnerable); board 3
    // (East deals and passes, 7NT by South, both vulnerable); a
    // passed-out board and a deal without an auction, both left out.
    let board_3 = "md|4SAKQJHAKQDAKQCAKQ,ST98HJT98DJT9CJT9,S432H432D432C5432,|ah|Board 3|sv|b|mb|p|mb|7N|mb|p|mb|p|mb|p|\n";
    let passed_out = "qx|o2|md|4S432H432D432C5432,ST98HJT98DJT9CJT9,SAKQJHAKQDAKQCAKQ,S765H765D8765C876|sv|b|mb|p|mb|p|mb|p|mb|p|\n";
    let deal_only =
        "qx|c2|md|4S432H432D432C5432,ST98HJT98DJT9CJT9,SAKQJHAKQDAKQCAKQ,S765H765D8765C876|sv|b|\n";
    std::fs::write(
        &path,
        format!(
            "{}\n{board_3}{passed_out}{deal_only}",
            LIN.lines().next().unwrap()
        ),
    )
    .unwrap();
    let set = dir.path().join("set.pbn");
    let out = Command::cargo_bin("alphamu")
        .unwrap()
        .args(["deals", "--from-games"])
        .arg(&path)
        .arg("--out")
        .arg(&set)
        .assert()
        .success();
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(
        stderr.contains("board 2 (open room) left out: passed out"),
        "{stderr}"
    );
    assert!(
        stderr.contains("board 2 (closed room) left out: no contract given (a deal only)"),
        "{stderr}"
    );
    let text = std::fs::read_to_string(&set).unwrap();
    assert!(
        text.contains("[Contract \"7NT\"]") && text.contains("[Need \"13\"]"),
        "{text}"
    );
    // Board 3 keeps its dealer, vulnerability and auction.
    let board_3 = &text[text.find("[SourceBoard \"3\"]").expect("board 3")..];
    assert!(
        text.contains("[Dealer \"E\"]\n[Vulnerable \"All\"]"),
        "{text}"
    );
    assert!(board_3.contains("[Auction \"E\"]\nP 7NT P P\nP"), "{text}");
    let results = dir.path().join("r.jsonl");
    small_match(&set, &results).assert().success();
    let lines = std::fs::read_to_string(&results).unwrap();
    assert_eq!(lines.lines().count(), 3, "{lines}");
    assert!(lines.contains("\"made\":true"), "{lines}");
    // Rerun (nothing left to play) writing both tables as game records:
    // each board as the record has it, played in the open room (A) and
    // the closed room (B).
    for name in ["tables.pbn", "tables.lin"] {
        let games = dir.path().join(name);
        small_match(&set, &results)
            .arg("--games")
            .arg(&games)
            .assert()
            .success();
        let boards = show(&games);
        assert_eq!(boards.len(), 4, "{boards:?}");
        let rooms: Vec<(&str, &str)> = boards
            .iter()
            .map(|b| (b["board"].as_str().unwrap(), b["room"].as_str().unwrap()))
            .collect();
        assert_eq!(
            rooms,
            [
                ("1", "Open"),
                ("1", "Closed"),
                ("3", "Open"),
                ("3", "Closed")
            ],
            "{name}"
        );
        for b in &boards {
            assert_eq!(b["contract"], "7NT");
            assert_eq!(b["play"].as_array().unwrap().len(), 52);
            assert_eq!(b["result"], 13);
        }
        assert_eq!(boards[2]["dealer"], "E", "{name}");
        assert_eq!(boards[2]["vul"], "All", "{name}");
        assert_eq!(boards[2]["declarer"], "S", "{name}");
        assert_eq!(
            boards[2]["auction"],
            serde_json::json!(["P", "7NT", "P", "P", "P"]),
            "{name}"
        );
        assert_eq!(boards[0]["players"][0], "dd", "{name}");
        assert_eq!(boards[1]["players"][0], "pimc:w=3", "{name}");
    }
    // A game file given to match as a deal set points to --from-games.
    let out = small_match(&path, &dir.path().join("r2.jsonl"))
        .assert()
        .failure();
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(stderr.contains("deals --from-games"), "{stderr}");
}

/// Vugraph boards are shown with their number and room, `--board` picks
/// them by number (both rooms) or room, and a board that is not there is
/// an error naming those that are; a file without a game says so.
#[test]
fn vugraph_boards_are_named_and_unknown_boards_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("vugraph.lin");
    let md = "md|3S432H432D432C5432,ST98HJT98DJT9CJT9,SAKQJHAKQDAKQCAKQ,|sv|o|mb|7N|mb|p|mb|p|mb|p|pc|s7|pc|s2|pc|ST|pc|SA|mc|13|";
    std::fs::write(
        &path,
        format!("pn|s1,w1,n1,e1,s2,w2,n2,e2|\nqx|o46|{md}pg||\nqx|c46|{md}pg||\n"),
    )
    .unwrap();
    let out = Command::cargo_bin("alphamu")
        .unwrap()
        .args(["games", "show"])
        .arg(&path)
        .assert()
        .success();
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        stdout.contains("board 46 (open room)") && stdout.contains("board 46 (closed room)"),
        "{stdout}"
    );
    let boards = analyze_json(&path, &["--board", "c46"]);
    assert_eq!(boards["room"], "Closed", "{boards}");
    let out = Command::cargo_bin("alphamu")
        .unwrap()
        .args(["games", "analyze", "--board", "45"])
        .arg(&path)
        .assert()
        .code(1);
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(
        stderr.contains("no board is named \"45\"; the boards are o46, c46"),
        "{stderr}"
    );
    // `play --board 46` must say which room.
    let out = Command::cargo_bin("alphamu")
        .unwrap()
        .args(["play", "--board", "46", "--record"])
        .arg(&path)
        .assert()
        .failure();
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(stderr.contains("o46, c46"), "{stderr}");
    let empty = dir.path().join("empty.pbn");
    std::fs::write(&empty, "% nothing here\n[Event \"x\"]\n").unwrap();
    let out = Command::cargo_bin("alphamu")
        .unwrap()
        .args(["games", "show"])
        .arg(&empty)
        .assert()
        .code(1);
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(stderr.contains("no game found"), "{stderr}");
    // `games analyze` says the same of the same file, and fails.
    let out = Command::cargo_bin("alphamu")
        .unwrap()
        .args(["games", "analyze"])
        .arg(&empty)
        .assert()
        .code(1);
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(stderr.contains("no game found"), "{stderr}");
}

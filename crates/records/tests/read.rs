//! Reading PBN and LIN records written in the conventions of other
//! programs (the files here are our own, made for these tests).

use cards::Seat;
use records::{read_lin, read_pbn, Call, GameRecord, Vulnerability};

/// Two games as a tournament program writes them: a `%` header, notes,
/// `AP`, a `!` annotation as its own token, a nested comment and a stray
/// brace, a partial last trick, a passed-out board inheriting the event.
const PBN: &str = r##"% PBN 2.1
% EXPORT
[Event "Club Pairs"]
[Site "Nowhere]"]
[Board "1"]
[West "Wanda"]
[North "Nils"]
[East "Ed"]
[South "Sue"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432"]
[Declarer "N"]
[Contract "7NT"]
[Result "13"]
[Auction "N"]
2C =1= Pass 2D ! Pass
7NT AP
[Note "1:strong"]
{ a comment { with braces } inside } }
[Play "E"]
ST S5 S2 SA
-- - -- SK
*

[Event "#"]
[Board "2"]
[Dealer "E"]
[Vulnerable "Both"]
[Deal "E:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432"]
[Auction "E"]
Pass pass Pass Pass
[Contract "Pass"]
[Declarer ""]
[Result ""]
"##;

#[test]
fn pbn_games_read_with_their_conventions() {
    let (games, errors) = read_pbn("t.pbn", PBN);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(games.len(), 2);
    let g = &games[0];
    assert_eq!(g.board.as_deref(), Some("1"));
    assert_eq!(g.dealer, Some(Seat::North));
    assert_eq!(g.auction.len(), 8);
    assert_eq!(g.auction[6], Call::Pass);
    assert_eq!(g.contract.map(|c| c.to_string()).as_deref(), Some("7NT"));
    assert_eq!(g.declarer, Some(Seat::North));
    assert_eq!(g.result, Some(13));
    assert_eq!(g.claimed, Some(13));
    assert_eq!(g.players[0].as_deref(), Some("Nils"));
    let p = &games[1];
    assert_eq!(p.vul, Vulnerability::All);
    assert_eq!(p.contract, None);
    assert_eq!(p.declarer, None);
    assert_eq!(p.to_json()["contract"], serde_json::Value::Null);
}

#[test]
fn pbn_play_columns_become_playing_order() {
    // North declares 7NT; East leads the spade ten; North wins with the ace
    // and leads the king. The second row lists East first, but North led,
    // and East's card is missing: the play stops there.
    let (games, errors) = read_pbn("t.pbn", PBN);
    assert!(errors.is_empty());
    let play: Vec<String> = games[0].play.iter().map(ToString::to_string).collect();
    assert_eq!(play, ["ST", "S5", "S2", "SA", "SK"]);
}

#[test]
fn pbn_errors_name_the_file_line_and_tag() {
    let bad = PBN.replace("7NT AP", "7NT 7S AP");
    let (games, errors) = read_pbn("t.pbn", &bad);
    assert_eq!(games.len(), 1, "the other game is still read");
    assert_eq!(
        errors[0].to_string(),
        "t.pbn, line 18, [Auction]: 7S is not a legal call after 2C P 2D P 7NT: a bid must be higher than the last one"
    );
    let bad = PBN.replace("ST S5 S2 SA", "ST S5 H2 SA");
    let (_, errors) = read_pbn("t.pbn", &bad);
    assert_eq!(
        errors[0].to_string(),
        "t.pbn, line 22, [Play]: card 3 of the play: W must follow suit to the S lead and cannot play H2"
    );
    let bad = PBN.replace("AKQJ.AKQ.AKQ.AKQ T98", "AKQJ.AKQ.AKQ.AKQQ T98");
    let (_, errors) = read_pbn("t.pbn", &bad);
    assert!(
        errors[0].to_string().starts_with("t.pbn, line 12, [Deal]:"),
        "{}",
        errors[0]
    );
}

/// A BBO hand record: names, the fourth hand left out, alerts with
/// explanations, lowercase cards, a claim; then a vugraph board.
const LIN: &str = "pn|sue,wanda,nils,ed|st||md|3S432H432D432C5432,ST98HJT98DJT9CJT9,SAKQJHAKQDAKQCAKQ,|rh||ah|Board 1|sv|o|mb|2C!|an|strong|mb|p|mb|2D|mb|p|mb|7N|mb|p|mb|p|mb|p|pg||pc|s7|pc|s2|pc|ST|pc|SA|pg||mc|13|pg||
qx|o2|md|4S432H432D432C5432,ST98HJT98DJT9CJT9,SAKQJHAKQDAKQCAKQ,S765H765D8765C876|sv|b|mb|p|mb|p|mb|d|";

#[test]
fn lin_boards_read_with_their_conventions() {
    let (games, errors) = read_lin("t.lin", LIN);
    assert_eq!(games.len(), 1, "{errors:?}");
    let g = &games[0];
    assert_eq!(g.board.as_deref(), Some("1"));
    assert_eq!(g.dealer, Some(Seat::North));
    assert_eq!(
        g.deal.to_string(),
        "N:AKQJ.AKQ.AKQ.AKQ 765.765.8765.876 432.432.432.5432 T98.JT98.JT9.JT9"
    );
    assert_eq!(g.contract.map(|c| c.to_string()).as_deref(), Some("7NT"));
    assert_eq!(g.declarer, Some(Seat::North));
    assert_eq!(g.play.len(), 4);
    assert_eq!(g.claimed, Some(13));
    assert_eq!(g.result, Some(13));
    assert_eq!(g.players[0].as_deref(), Some("nils"));
    // The vugraph board: a double of nothing is refused, by line and field.
    assert_eq!(errors.len(), 1);
    assert_eq!(
        errors[0].to_string(),
        "t.lin, line 2, mb|: X is not a legal call after P P: only an opponent's bid can be doubled, before any other double"
    );
}

#[test]
fn a_complete_play_gives_the_result_without_a_claim() {
    // All 13 tricks: North's top cards, South and the defenders following.
    let deal = "3S432H432D432C5432,ST98HJT98DJT9CJT9,SAKQJHAKQDAKQCAKQ,";
    let mut lin = format!("md|{deal}|mb|7N|mb|p|mb|p|mb|p|");
    // East leads spades; then North cashes everything.
    let tricks = [
        ["S7", "S2", "S8", "SA"],
        ["SK", "S5", "S3", "S9"],
        ["SQ", "S6", "S4", "ST"],
        ["SJ", "D5", "C2", "C9"],
        ["HA", "H5", "H2", "H8"],
        ["HK", "H6", "H3", "H9"],
        ["HQ", "H7", "H4", "HT"],
        ["DA", "D6", "D2", "D9"],
        ["DK", "D7", "D3", "DT"],
        ["DQ", "D8", "D4", "DJ"],
        ["CA", "C6", "C3", "CT"],
        ["CK", "C7", "C4", "CJ"],
        ["CQ", "C8", "C5", "HJ"],
    ];
    for t in tricks {
        for c in t {
            lin.push_str(&format!("pc|{c}|"));
        }
    }
    let (games, errors) = read_lin("t.lin", &lin);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(games[0].play.len(), 52);
    assert_eq!(games[0].claimed, None);
    assert_eq!(games[0].result, Some(13));
}

/// The fields a record keeps, compared across formats.
fn essentials(g: &records::GameRecord) -> String {
    let mut j = g.to_json();
    j.as_object_mut().expect("an object").remove("file");
    format!("{j} {:?}", g.players)
}

/// The same, but for the event, which LIN's one-board records do not carry.
fn essentials_lin(g: &records::GameRecord) -> String {
    let mut j = g.to_json();
    let o = j.as_object_mut().expect("an object");
    o.remove("file");
    o.remove("event");
    format!("{j} {:?}", g.players)
}

#[test]
fn records_survive_a_round_trip_through_both_formats() {
    let (pbn_games, _) = read_pbn("t.pbn", PBN);
    let (lin_games, _) = read_lin("t.lin", LIN);
    for g in pbn_games.iter().chain(&lin_games) {
        let (again, errors) = read_pbn("w.pbn", &records::write_pbn(g));
        assert!(errors.is_empty(), "{errors:?}\n{}", records::write_pbn(g));
        assert_eq!(
            essentials(&again[0]),
            essentials(g),
            "PBN:\n{}",
            records::write_pbn(g)
        );
        let (again, errors) = read_lin("w.lin", &records::write_lin(g));
        assert!(errors.is_empty(), "{errors:?}\n{}", records::write_lin(g));
        assert_eq!(
            essentials_lin(&again[0]),
            essentials_lin(g),
            "LIN:\n{}",
            records::write_lin(g)
        );
    }
}

/// A BridgeComposer-style board: the deal only, with empty `[Contract]`,
/// `[Declarer]` and `[Result]`: no contract given, not passed out. A
/// passed-out board has four passes (or `[Contract "Pass"]`).
#[test]
fn a_deal_without_an_auction_is_not_passed_out() {
    let deal_only = r#"[Board "1"]
[Dealer "E"]
[Vulnerable "EW"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432"]
[Declarer ""]
[Contract ""]
[Result ""]
"#;
    let (games, errors) = read_pbn("bc.pbn", deal_only);
    assert!(errors.is_empty(), "{errors:?}");
    let g = &games[0];
    assert!(!g.passed_out);
    assert_eq!(g.contract_text(), "no contract given (a deal only)");
    assert_eq!(g.to_json()["passed_out"], false);
    let passed = deal_only.replace("[Contract \"\"]", "[Contract \"Pass\"]");
    let (games, _) = read_pbn("bc.pbn", &passed);
    assert!(games[0].passed_out);
    assert_eq!(games[0].contract_text(), "passed out");
    let (games, _) = read_lin(
        "p.lin",
        "md|3S432H432D432C5432,ST98HJT98DJT9CJT9,SAKQJHAKQDAKQCAKQ,|mb|p|mb|p|mb|p|mb|p|",
    );
    assert!(games[0].passed_out);
}

/// A vugraph file: `qx|o46|` and `qx|c46|` give the board's number and
/// room, and each room its four players of `pn|`'s eight.
#[test]
fn vugraph_boards_have_a_number_a_room_and_their_players() {
    let md =
        "md|3S432H432D432C5432,ST98HJT98DJT9CJT9,SAKQJHAKQDAKQCAKQ,|sv|o|mb|7N|mb|p|mb|p|mb|p|";
    let text = format!(
        "vg|Teams,Final,I,46,47,Home,0,Away,0|\npn|s1,w1,n1,e1,s2,w2,n2,e2|pg||\nqx|o46|{md}pg||\nqx|c46|{md}pg||\nqx|o47,BOARD 47|{md}pg||\n"
    );
    let (games, errors) = read_lin("v.lin", &text);
    assert!(errors.is_empty(), "{errors:?}");
    let names: Vec<String> = games.iter().map(GameRecord::board_text).collect();
    assert_eq!(
        names,
        ["46 (open room)", "46 (closed room)", "47 (open room)"]
    );
    assert_eq!(games[0].players[0].as_deref(), Some("n1"));
    assert_eq!(games[1].players[0].as_deref(), Some("n2"));
    assert_eq!(games[0].event.as_deref(), Some("Teams"));
    // Selecting boards: the number gives both rooms, the room one.
    assert_eq!(records::select_boards(&games, "46").unwrap().len(), 2);
    assert_eq!(records::select_boards(&games, "c46").unwrap().len(), 1);
    assert_eq!(records::select_boards(&games, "46 open").unwrap().len(), 1);
    let e = records::select_boards(&games, "45").unwrap_err();
    assert!(e.contains("the boards are o46, c46, o47"), "{e}");
}

/// What a record says must agree with itself: each contradiction is an
/// error naming the line and both values.
#[test]
fn contradictions_are_errors_naming_both_values() {
    let pbn = |extra: &str| {
        format!("[Board \"1\"]\n[Dealer \"N\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432\"]\n{extra}")
    };
    let error = |text: &str| {
        let (games, errors) = read_pbn("c.pbn", text);
        assert!(games.is_empty(), "{text}");
        errors[0].to_string()
    };
    // A call after the auction has ended.
    let e = error(&pbn("[Auction \"N\"]\n1H P P P P 2C\n"));
    assert!(
        e.contains("line 5") && e.contains("P comes after the auction has ended"),
        "{e}"
    );
    let (_, errors) = read_lin(
        "c.lin",
        "md|3S432H432D432C5432,ST98HJT98DJT9CJT9,SAKQJHAKQDAKQCAKQ,|mb|1H|mb|p|mb|p|mb|p|mb|2C|",
    );
    assert!(
        errors[0]
            .to_string()
            .contains("2C comes after the auction has ended"),
        "{}",
        errors[0]
    );
    // [Contract] and [Declarer] against the auction.
    let e = error(&pbn(
        "[Contract \"4S\"]\n[Declarer \"N\"]\n[Auction \"N\"]\n7NT P P P\n",
    ));
    assert!(
        e.contains("[Contract]: \"4S\", but the auction ends in 7NT by N"),
        "{e}"
    );
    // The [Play] seat must be the opening leader: no re-seating.
    let e = error(&pbn(
        "[Auction \"N\"]\n7NT P P P\n[Play \"S\"]\nS5 S2 ST SA\n",
    ));
    assert!(
        e.contains("[Play]: the play starts with S, but the opening leader is E"),
        "{e}"
    );
    // A [Result] the complete play contradicts. North cashes everything.
    let tricks = [
        "ST S5 S2 SA",
        "S9 S6 S3 SK",
        "S8 S7 S4 SQ",
        "D9 D5 C2 SJ",
        "H8 H5 H2 HA",
        "H9 H6 H3 HK",
        "HT H7 H4 HQ",
        "DT D6 D2 DA",
        "DJ D7 D3 DK",
        "C9 D8 D4 DQ",
        "CT C6 C3 CA",
        "CJ C7 C4 CK",
        "HJ C8 C5 CQ",
    ];
    let play = format!("[Play \"E\"]\n{}\n", tricks.join("\n"));
    let good = pbn(&format!(
        "[Result \"13\"]\n[Auction \"N\"]\n7NT P P P\n{play}"
    ));
    let (games, errors) = read_pbn("c.pbn", &good);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(games[0].result, Some(13));
    let e = error(&good.replace("[Result \"13\"]", "[Result \"12\"]"));
    assert!(
        e.contains("[Result]: 12 tricks, but the complete play gives declarer 13"),
        "{e}"
    );
    // Impossible claims: fewer tricks than won, more than remain.
    let seven = format!("[Play \"E\"]\n{}\n*\n", tricks[..7].join("\n"));
    let e = error(&pbn(&format!(
        "[Result \"5\"]\n[Auction \"N\"]\n7NT P P P\n{seven}"
    )));
    assert!(
        e.contains("a claim of 5 tricks, but declarer has won 7"),
        "{e}"
    );
    // The same four tricks in LIN, in playing order (East leads the
    // first, North the others): North has won 4, and 9 remain.
    let lin_cards: String = tricks[..4]
        .iter()
        .enumerate()
        .flat_map(|(i, t)| {
            let mut cards: Vec<&str> = t.split(' ').collect();
            if i > 0 {
                cards.rotate_right(1);
            }
            cards
        })
        .map(|c| format!("pc|{c}|"))
        .collect();
    for (claim, ok) in [("0", false), ("3", false), ("4", true), ("13", true)] {
        let lin = format!("md|3S765H765D8765C876,S432H432D432C5432,SAKQJHAKQDAKQCAKQ,|mb|7N|mb|p|mb|p|mb|p|{lin_cards}mc|{claim}|");
        let (games, errors) = read_lin("c.lin", &lin);
        assert_eq!(games.len(), usize::from(ok), "mc|{claim}|: {errors:?}");
        if !ok {
            assert!(
                errors[0]
                    .to_string()
                    .contains("declarer has won 4 of the 4 tricks played and 9 remain"),
                "{}",
                errors[0]
            );
        }
    }
}

//! Reading PBN and LIN records written in the conventions of other
//! programs (the files here are our own, made for these tests).

use cards::Seat;
use records::{read_lin, read_pbn, Call, Vulnerability};

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

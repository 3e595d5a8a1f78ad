//! The analyser's API over real HTTP on loopback: answers, and clear 4xx
//! errors for bad input without the server falling over.

use serde_json::Value;
use std::io::{Read, Write};
use std::net::TcpStream;

mod common;
use common::start;

/// One HTTP/1.1 request; the status and the body.
fn request(port: u16, method: &str, path: &str, body: &[u8]) -> (u16, String) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).expect("connected");
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).expect("sent");
    s.write_all(body).expect("sent");
    let mut out = String::new();
    s.read_to_string(&mut out).expect("an answer");
    let status: u16 = out
        .split_whitespace()
        .nth(1)
        .expect("a status")
        .parse()
        .expect("a number");
    let body = out
        .split_once("\r\n\r\n")
        .map(|x| x.1.to_string())
        .unwrap_or_default();
    (status, body)
}

fn json_body(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"))
}

const DEAL: &str = "N:AKQ.AKQ.AKQ.AKQJ 5432.5432.5432.2 JT9.JT9.JT9.T987 876.876.876.6543";

#[test]
fn the_api_answers_and_refuses_bad_input_clearly() {
    let port = start();
    // The page.
    let (status, page) = request(port, "GET", "/", b"");
    assert_eq!(status, 200);
    assert!(page.contains("alphamu analyser"));
    // A table.
    let (status, body) = request(
        port,
        "POST",
        "/api/dd",
        format!("{{\"deal\":\"{DEAL}\"}}").as_bytes(),
    );
    assert_eq!(status, 200, "{body}");
    let v = json_body(&body);
    assert_eq!(v["tricks"]["N"]["NT"], 13);
    assert_eq!(v["tricks"]["E"]["NT"], 0);
    // Every legal card of a position.
    let position = format!("{{\"trump\":\"NT\",\"leader\":\"E\",\"remaining\":\"{DEAL}\"}}");
    let (status, body) = request(port, "POST", "/api/solve", position.as_bytes());
    assert_eq!(status, 200, "{body}");
    let v = json_body(&body);
    assert_eq!(v["to_move"], "E");
    assert_eq!(v["tricks"].as_object().expect("cards").len(), 13);
    // Bad JSON, a bad deal, a missing field, a body too large, no such page.
    let (status, body) = request(port, "POST", "/api/dd", b"{not json");
    assert_eq!(status, 400, "{body}");
    assert!(json_body(&body)["error"]
        .as_str()
        .expect("an error")
        .contains("bad request"));
    let (status, body) = request(port, "POST", "/api/dd", b"{\"deal\":\"N:AKQ\"}");
    assert_eq!(status, 422, "{body}");
    assert!(json_body(&body)["error"]
        .as_str()
        .expect("an error")
        .contains("field \"deal\""));
    let (status, body) = request(port, "POST", "/api/solve", b"{\"trump\":\"NT\"}");
    assert_eq!(status, 422, "{body}");
    assert!(json_body(&body)["error"]
        .as_str()
        .expect("an error")
        .contains("\"leader\""));
    let big = format!("{{\"deal\":\"{}\"}}", "x".repeat(web::BODY_LIMIT + 10));
    let (status, body) = request(port, "POST", "/api/dd", big.as_bytes());
    assert_eq!(status, 413, "{body}");
    let (status, body) = request(port, "GET", "/nothing", b"");
    assert_eq!(status, 404, "{body}");
    // Still serving.
    let (status, _) = request(
        port,
        "POST",
        "/api/dd",
        format!("{{\"deal\":\"{DEAL}\"}}").as_bytes(),
    );
    assert_eq!(status, 200);
}

fn error_of(body: &str) -> String {
    json_body(body)["error"]
        .as_str()
        .unwrap_or_else(|| panic!("an error: {body}"))
        .to_string()
}

#[test]
fn the_play_steps_card_by_card_with_double_dummy_values() {
    let port = start();
    let ask = |play: &str| {
        request(
            port,
            "POST",
            "/api/play",
            format!(
                "{{\"deal\":\"{DEAL}\",\"contract\":\"3NT\",\"declarer\":\"S\",\"play\":[{play}]}}"
            )
            .as_bytes(),
        )
    };
    let (status, body) = ask("");
    assert_eq!(status, 200, "{body}");
    let v = json_body(&body);
    // West leads against South; North holds every top card: declarer's
    // side takes all 13 whatever West leads.
    assert_eq!(v["to_move"], "W");
    assert_eq!(v["legal"].as_array().expect("cards").len(), 13);
    assert_eq!(v["dd"]["S8"], 13);
    assert_eq!(v["need"], 9);
    // Two tricks on: North won both; the last trick is shown complete.
    let (status, body) = ask("\"S8\",\"SA\",\"S5\",\"S9\",\"HA\",\"H5\",\"H9\",\"H8\"");
    assert_eq!(status, 200, "{body}");
    let v = json_body(&body);
    assert_eq!(v["declarer_tricks"], 2);
    assert_eq!(v["defence_tricks"], 0);
    assert_eq!(v["trick_complete"], true);
    assert_eq!(v["trick"][0]["seat"], "N");
    assert_eq!(v["trick"][0]["card"], "HA");
    assert_eq!(v["trick"][3]["seat"], "W");
    assert_eq!(v["to_move"], "N");
    // A card its seat does not hold, or that does not follow suit, is named.
    let (status, body) = ask("\"S8\",\"HA\"");
    assert_eq!(status, 422, "{body}");
    let e = error_of(&body);
    assert!(e.contains("card 2") && e.contains("HA by N"), "{e}");
    let (status, body) = request(
        port,
        "POST",
        "/api/play",
        format!("{{\"deal\":\"{DEAL}\",\"contract\":\"8NT\",\"declarer\":\"S\"}}").as_bytes(),
    );
    assert_eq!(status, 422, "{body}");
    assert!(error_of(&body).contains("\"contract\""));
}

#[test]
fn a_pasted_lin_or_pbn_game_is_read() {
    let port = start();
    let lin = "pn|a,b,c,d|md|3S23456789TJQKA,H23456789TJQKA,D23456789TJQKA,|sv|o|mb|1N|mb|p|mb|p|mb|p|pc|C2|";
    let (status, body) = request(
        port,
        "POST",
        "/api/record",
        serde_json::json!({ "text": lin }).to_string().as_bytes(),
    );
    assert_eq!(status, 200, "{body}");
    let v = json_body(&body);
    assert_eq!(v["contract"], "1NT");
    assert_eq!(v["play"][0], "C2");
    assert_eq!(v["declarer"], "N");
    let pbn = format!("[Deal \"{DEAL}\"]\n[Declarer \"S\"]\n[Contract \"3NT\"]\n");
    let (status, body) = request(
        port,
        "POST",
        "/api/record",
        serde_json::json!({ "text": pbn }).to_string().as_bytes(),
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(json_body(&body)["declarer"], "S");
    let (status, body) = request(port, "POST", "/api/record", b"{\"text\":\"md|garbage|\"}");
    assert_eq!(status, 422, "{body}");
    assert!(error_of(&body).contains("\"text\""));
    // A file of several boards: the list of them, the one asked for, and
    // a redoubled contract kept as it is.
    let two = format!(
        "[Board \"1\"]\n[Deal \"{DEAL}\"]\n[Declarer \"S\"]\n[Contract \"3NT\"]\n\n[Board \"2\"]\n[Deal \"{DEAL}\"]\n[Declarer \"W\"]\n[Contract \"5CXX\"]\n"
    );
    let read = |extra: serde_json::Value| {
        let mut body = serde_json::json!({ "text": two });
        for (k, v) in extra.as_object().unwrap() {
            body[k] = v.clone();
        }
        request(port, "POST", "/api/record", body.to_string().as_bytes())
    };
    let (status, body) = read(serde_json::json!({}));
    assert_eq!(status, 200, "{body}");
    let v = json_body(&body);
    assert_eq!(v["boards"], serde_json::json!(["1", "2"]));
    assert_eq!(
        (v["index"].as_u64(), v["contract"].as_str()),
        (Some(0), Some("3NT"))
    );
    let v = json_body(&read(serde_json::json!({"index": 1})).1);
    assert_eq!(v["contract"], "5CXX");
    assert_eq!(v["declarer"], "W");
    let v = json_body(&read(serde_json::json!({"board": "2"})).1);
    assert_eq!(v["index"], 1);
    let (status, body) = read(serde_json::json!({"board": "9"}));
    assert_eq!(status, 422, "{body}");
    assert!(error_of(&body).contains("the boards are 1, 2"), "{body}");
}

#[test]
fn chances_are_a_job_with_progress_then_a_result() {
    let port = start();
    let body = format!(
        "{{\"deal\":\"{DEAL}\",\"contract\":\"3NT\",\"declarer\":\"S\",\"play\":[\"S8\"],\"algo\":\"pimc\",\"worlds\":6,\"seed\":3}}"
    );
    let (status, answer) = request(port, "POST", "/api/analyze", body.as_bytes());
    assert_eq!(status, 202, "{answer}");
    let path = json_body(&answer)["status"]
        .as_str()
        .expect("a path")
        .to_string();
    let mut states = Vec::new();
    let result = loop {
        let (status, answer) = request(port, "GET", &path, b"");
        assert_eq!(status, 200, "{answer}");
        let v = json_body(&answer);
        let state = v["state"].as_str().expect("a state").to_string();
        if state == "running" && v.get("total").is_some() {
            assert!(v["done"].as_u64() <= v["total"].as_u64(), "{v}");
        }
        states.push(state.clone());
        match state.as_str() {
            "done" => break v["result"].clone(),
            "failed" => panic!("{v}"),
            _ => std::thread::sleep(std::time::Duration::from_millis(20)),
        }
        assert!(states.len() < 3000, "no result in a minute");
    };
    assert_eq!(result["algo"], "pimc");
    assert_eq!(result["to_move"], "N");
    assert_eq!(result["worlds"], 6);
    let cards = result["cards"].as_array().expect("cards");
    assert_eq!(cards.len(), 3); // North follows with a spade: A, K or Q
    assert!(cards.iter().all(|c| c["make"] == 1.0), "{result}");
    // Bad requests are refused before any job starts.
    for (field, bad) in [
        ("worlds", "\"worlds\":0"),
        ("worlds", "\"worlds\":100000"),
        ("max_moves", "\"max_moves\":9"),
        ("algo", "\"algo\":\"minimax\""),
        ("need", "\"need\":14"),
        ("lead_rule", "\"lead_rule\":\"shortest\""),
        ("card 2", "\"play\":[\"S8\",\"XX\"]"),
        ("seed", "\"seed\":\"one\""),
    ] {
        let body = format!("{{\"deal\":\"{DEAL}\",\"contract\":\"3NT\",\"declarer\":\"S\",{bad}}}");
        let (status, answer) = request(port, "POST", "/api/analyze", body.as_bytes());
        assert_eq!(status, 422, "{answer}");
        assert!(error_of(&answer).contains(field), "{answer}");
    }
    for path in ["/api/jobs/999999", "/api/jobs/x"] {
        let (status, answer) = request(port, "GET", path, b"");
        assert_eq!(status, 404, "{answer}");
    }
}

/// A reduced deal is analysed to its contract, as `/api/play` plays it,
/// unless `need` says otherwise; a target beyond the deal is refused by
/// name.
#[test]
fn a_reduced_deal_is_analysed_to_its_contract_or_to_need() {
    let port = start();
    let deal = "N:AKQJT98... 765432.A.. .KQJT987.. ..AKQJT98.";
    let ask = |extra: &str| {
        let body = format!(
            "{{\"deal\":\"{deal}\",\"contract\":\"1NT\",\"declarer\":\"S\",\"algo\":\"pimc\",\"worlds\":2{extra}}}"
        );
        request(port, "POST", "/api/analyze", body.as_bytes())
    };
    let (status, answer) = ask("");
    assert_eq!(status, 202, "{answer}");
    let (status, answer) = ask(",\"need\":5");
    assert_eq!(status, 202, "{answer}");
    let (status, answer) = ask(",\"need\":8");
    assert_eq!(status, 422, "{answer}");
    assert!(error_of(&answer).contains("need"), "{answer}");
}

/// Sends `raw` as is and returns the status and body of the answer.
fn raw_request(port: u16, raw: &[u8]) -> (u16, String) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).expect("connected");
    let _ = s.write_all(raw);
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let out = String::from_utf8_lossy(&out).into_owned();
    let status = out
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in {out:?}"));
    let body = out
        .split_once("\r\n\r\n")
        .map(|x| x.1.to_string())
        .unwrap_or_default();
    (status, body)
}

#[test]
fn every_refusal_of_the_http_layer_answers_the_json_shape() {
    let port = start();
    let expect = |(status, body): (u16, String), wanted: u16, words: &str| {
        assert_eq!(status, wanted, "{body}");
        let v = json_body(&body);
        let e = v["error"].as_str().expect("an error field");
        assert!(e.contains(words), "{status}: {e}");
    };
    expect(
        request(port, "GET", "/api/dd", b""),
        405,
        "method not allowed: GET /api/dd",
    );
    expect(request(port, "DELETE", "/", b""), 405, "method not allowed");
    expect(request(port, "GET", "/nothing", b""), 404, "no such page");
    let long_uri = format!("/{}", "a".repeat(10_000));
    expect(
        request(port, "GET", &long_uri, b""),
        414,
        "request line is over",
    );
    let big_header = format!(
        "GET / HTTP/1.1\r\nHost: x\r\nX-Big: {}\r\n\r\n",
        "b".repeat(40_000)
    );
    expect(
        raw_request(port, big_header.as_bytes()),
        431,
        "head is over",
    );
    let big_body = vec![b' '; web::BODY_LIMIT + 10];
    expect(request(port, "POST", "/api/dd", &big_body), 413, "");
    expect(raw_request(port, b"NOT HTTP AT ALL\r\n\r\n"), 400, "");
    // Framing the HTTP layer refuses: the JSON shape too, naming why.
    for (headers, words) in [
        ("Content-Length: -5\r\n", "is not a number of bytes"),
        ("Content-Length: +5\r\n", "is not a number of bytes"),
        (
            "Content-Length: 99999999999999999999999\r\n",
            "is not a number of bytes",
        ),
        (
            "Content-Length: 2\r\nContent-Length: 3\r\n",
            "given twice with different values",
        ),
        (
            "Content-Length: 2, 3\r\n",
            "given twice with different values",
        ),
        ("Transfer-Encoding: gzip\r\n", "only chunked"),
    ] {
        let raw = format!("POST /api/dd HTTP/1.1\r\nHost: x\r\n{headers}\r\n{{}}");
        expect(raw_request(port, raw.as_bytes()), 400, words);
    }
    // The same length twice is one length.
    let raw = "POST /api/dd HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}";
    let (status, body) = raw_request(port, raw.as_bytes());
    assert_eq!(status, 422, "{body}");
}

#[test]
fn slow_or_too_many_clients_cannot_hold_the_server() {
    let port = common::start_with(web::Limits {
        max_connections: 3,
        header_timeout: std::time::Duration::from_millis(400),
        ..web::Limits::default()
    });
    // Three clients send half a request and stop.
    let mut stalled: Vec<TcpStream> = (0..3)
        .map(|_| {
            let mut s = TcpStream::connect(("127.0.0.1", port)).expect("connected");
            s.write_all(b"POST /api/dd HTTP/1.1\r\nHost: x\r\n")
                .expect("sent");
            s
        })
        .collect();
    // The server notices them before the next client connects.
    std::thread::sleep(std::time::Duration::from_millis(100));
    // One more is turned away at once, with the JSON shape.
    let (status, body) = request(port, "GET", "/", b"");
    assert_eq!(status, 503, "{body}");
    assert!(json_body(&body)["error"].as_str().unwrap().contains("busy"));
    // The stalled ones are answered 408 once their head is late, and
    // closed; then the server serves again.
    for s in &mut stalled {
        let mut out = String::new();
        s.read_to_string(&mut out).expect("an answer");
        assert!(out.starts_with("HTTP/1.1 408"), "{out}");
        assert!(out.contains("did not arrive within"), "{out}");
    }
    let (status, body) = request(
        port,
        "POST",
        "/api/dd",
        format!("{{\"deal\":\"{DEAL}\"}}").as_bytes(),
    );
    assert_eq!(status, 200, "{body}");
}

/// `/api/play` lists the tricks so far with their leaders and winners.
#[test]
fn the_play_answer_lists_the_tricks_and_their_winners() {
    let port = start();
    // West leads a spade to North's ace; North cashes the king, East
    // follows with the 5.
    let body = format!(
        "{{\"deal\":\"{DEAL}\",\"contract\":\"3NT\",\"declarer\":\"S\",\"play\":[\"S8\",\"SA\",\"S2\",\"S9\",\"SK\",\"S5\"]}}"
    );
    let (status, answer) = request(port, "POST", "/api/play", body.as_bytes());
    assert_eq!(status, 200, "{answer}");
    let v = json_body(&answer);
    let history = v["history"].as_array().expect("a list");
    assert_eq!(history.len(), 2);
    assert_eq!(history[0]["leader"], "W");
    assert_eq!(history[0]["winner"], "N");
    assert_eq!(history[0]["cards"][1]["card"], "SA");
    assert_eq!(history[0]["cards"][1]["seat"], "N");
    assert_eq!(history[1]["leader"], "N");
    assert!(history[1].get("winner").is_none(), "{answer}");
    assert_eq!(history[1]["cards"].as_array().map(Vec::len), Some(2));
}

/// `/api/export` writes the game as PBN and LIN that read back the same;
/// an auction that does not end in the contract is an error naming both;
/// bad fields are named.
#[test]
fn the_export_writes_records_that_read_back() {
    let port = start();
    let body = format!(
        "{{\"deal\":\"{DEAL}\",\"contract\":\"3NT\",\"declarer\":\"N\",\"play\":[\"H5\",\"HJ\",\"H6\",\"HA\"],\"board\":\"5\",\"dealer\":\"N\",\"vul\":\"EW\",\"auction\":[\"2C\",\"P\",\"2D\",\"P\",\"3NT\",\"P\",\"P\",\"P\"],\"players\":[\"nick\",null,\"sam\",\"\"],\"claimed\":13}}"
    );
    let (status, answer) = request(port, "POST", "/api/export", body.as_bytes());
    assert_eq!(status, 200, "{answer}");
    let v = json_body(&answer);
    let pbn = v["pbn"].as_str().expect("PBN");
    let lin = v["lin"].as_str().expect("LIN");
    let (games, errors) = records::read_pbn("export", pbn);
    assert!(errors.is_empty(), "{errors:?}\n{pbn}");
    let (lin_games, errors) = records::read_lin("export", lin);
    assert!(errors.is_empty(), "{errors:?}\n{lin}");
    for g in [&games[0], &lin_games[0]] {
        assert_eq!(g.deal.to_string(), DEAL);
        assert_eq!(g.board.as_deref(), Some("5"));
        assert_eq!(g.vul, records::Vulnerability::EW);
        assert_eq!(g.auction.len(), 8);
        assert_eq!(g.contract.map(|c| c.to_string()), Some("3NT".into()));
        assert_eq!(g.play.len(), 4);
        assert_eq!(g.players[0].as_deref(), Some("nick"));
    }
    assert_eq!(lin_games[0].claimed, Some(13));
    // An auction that does not end in the contract given is an error
    // naming both; one that goes on after its end, or stops before it,
    // names where. Nothing is dropped in silence.
    for (contract, auction, said) in [
        (
            "6NT",
            "[\"3NT\",\"P\",\"P\",\"P\"]",
            "ends in 3NT by N, but the contract is 6NT by N",
        ),
        (
            "3NT",
            "[\"3NT\",\"P\",\"P\",\"P\",\"P\"]",
            "call 5: P comes after the auction has ended",
        ),
        (
            "3NT",
            "[\"3NT\",\"P\",\"P\"]",
            "has not ended after its 3 calls",
        ),
        (
            "3NT",
            "[\"P\",\"P\",\"P\",\"P\"]",
            "is passed out, but the contract is 3NT by N",
        ),
    ] {
        let body = format!(
            "{{\"deal\":\"{DEAL}\",\"contract\":\"{contract}\",\"declarer\":\"N\",\"dealer\":\"N\",\"auction\":{auction}}}"
        );
        let (status, answer) = request(port, "POST", "/api/export", body.as_bytes());
        assert_eq!(status, 422, "{auction}: {answer}");
        assert!(answer.contains(said), "{auction}: {answer}");
    }
    // Without its dealer an auction cannot be read.
    let body = format!(
        "{{\"deal\":\"{DEAL}\",\"contract\":\"3NT\",\"declarer\":\"N\",\"auction\":[\"3NT\",\"P\",\"P\",\"P\"]}}"
    );
    let (status, answer) = request(port, "POST", "/api/export", body.as_bytes());
    assert_eq!(status, 422, "{answer}");
    assert!(answer.contains("needs field"), "{answer}");
    // The PBN and the LIN of one export carry the same auction: an
    // auction with a double, and the contract alone (no auction).
    for (auction, contract) in [
        (
            "[\"P\",\"1NT\",\"X\",\"P\",\"P\",\"XX\",\"P\",\"P\",\"P\"]",
            "1NTXX",
        ),
        ("[]", "3NT"),
    ] {
        let body = format!(
            "{{\"deal\":\"{DEAL}\",\"contract\":\"{contract}\",\"declarer\":\"E\",\"dealer\":\"N\",\"auction\":{auction}}}"
        );
        let (status, answer) = request(port, "POST", "/api/export", body.as_bytes());
        assert_eq!(status, 200, "{answer}");
        let v = json_body(&answer);
        let (pbn, errors) = records::read_pbn("export", v["pbn"].as_str().unwrap());
        assert!(errors.is_empty(), "{errors:?}");
        let (lin, errors) = records::read_lin("export", v["lin"].as_str().unwrap());
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(pbn[0].contract, lin[0].contract);
        assert_eq!(pbn[0].declarer, lin[0].declarer);
        if auction != "[]" {
            assert_eq!(pbn[0].auction, lin[0].auction);
            assert_eq!(pbn[0].auction.len(), 9);
        }
    }
    // A long bad value (60 kB, under the body limit) is quoted by its
    // start and its length.
    let long = "Q".repeat(60_000);
    for (field, value) in [
        ("dealer", format!("\"{long}\"")),
        ("vul", format!("\"{long}\"")),
        ("auction", format!("[\"{long}\"]")),
        ("play", format!("[\"{long}\"]")),
        ("contract", format!("\"{long}\"")),
    ] {
        let mut body = format!("{{\"deal\":\"{DEAL}\",\"contract\":\"3NT\",\"declarer\":\"N\"");
        if field == "contract" {
            body = format!("{{\"deal\":\"{DEAL}\",\"declarer\":\"N\"");
        }
        if field != "dealer" {
            body += ",\"dealer\":\"N\"";
        }
        body += &format!(",\"{field}\":{value}}}");
        let (status, answer) = request(port, "POST", "/api/export", body.as_bytes());
        assert_eq!(status, 422, "{field}: {}", &answer[..answer.len().min(300)]);
        assert!(answer.len() < 1000, "{field}: {} bytes", answer.len());
        assert!(answer.contains("(60000 characters)"), "{field}: {answer}");
    }
    // Bad fields, each named.
    for (field, value, said) in [
        ("dealer", "\"Q\"", "field \"dealer\""),
        ("vul", "\"Red\"", "field \"vul\""),
        ("auction", "[\"1NT\",\"8C\"]", "field \"auction\", call 2"),
        ("players", "[\"a\"]", "field \"players\""),
        ("claimed", "14", "field \"claimed\""),
    ] {
        let body = format!(
            "{{\"deal\":\"{DEAL}\",\"contract\":\"3NT\",\"declarer\":\"N\",\"{field}\":{value}}}"
        );
        let (status, answer) = request(port, "POST", "/api/export", body.as_bytes());
        assert_eq!(status, 422, "{field}: {answer}");
        assert!(
            answer.contains(&said.replace('"', "\\\"")),
            "{field}: {answer}"
        );
    }
}

#[test]
fn the_bidding_api_says_what_each_call_shows_and_gives_the_call() {
    let port = start();
    let (status, body) = request(
        port,
        "POST",
        "/api/bid",
        br#"{"dealer":"N","auction":["1H","X","P"],"hand":"J874.953.Q82.J73"}"#,
    );
    assert_eq!(status, 200, "{body}");
    let v = json_body(&body);
    assert_eq!(v["to_call"], "W");
    assert_eq!(v["auction"][0]["rule"], "opening one of a major");
    assert_eq!(v["auction"][0]["shows"], "12-21 HCP, 5+ hearts");
    assert_eq!(v["auction"][1]["rule"], "takeout double");
    assert_eq!(v["call"]["call"], "1S");
    // A close call is simulated as the seat simulates it, seeded; 0
    // worlds give the rules' call alone.
    let close = |extra: &str| {
        let body = format!(r#"{{"auction":["1NT","P"],"hand":"KJ2.Q83.T75.K642"{extra}}}"#);
        let (status, answer) = request(port, "POST", "/api/bid", body.as_bytes());
        assert_eq!(status, 200, "{answer}");
        json_body(&answer)
    };
    let simulated = close(r#","simulate":12,"seed":4,"vulnerability":"EW""#);
    // The worlds scored: the 12 drawn, or fewer once the call's work
    // limit is spent.
    assert!(
        (1..=12).contains(&simulated["simulation"]["worlds"].as_u64().unwrap_or(0)),
        "{simulated}"
    );
    // The search it spent: some, within the seat's work limit and one
    // trick's leads.
    assert!(
        (1..=4_001_000).contains(&simulated["simulation"]["nodes"].as_u64().unwrap_or(0)),
        "{simulated}"
    );
    assert!(
        simulated["simulation"]["candidates"]
            .as_array()
            .is_some_and(|c| c.len() >= 2),
        "{simulated}"
    );
    assert_eq!(
        simulated,
        close(r#","simulate":12,"seed":4,"vulnerability":"EW""#)
    );
    let alone = close(r#","simulate":0"#);
    assert_eq!(alone["simulation"]["worlds"], 0, "{alone}");
    assert_eq!(alone["simulation"]["nodes"], 0, "{alone}");
    assert_eq!(alone["call"]["call"], alone["simulation"]["system_call"]);
    for (body, named) in [
        (
            r#"{"auction":[],"hand":"J874.953.Q82.J73","simulate":100000}"#,
            "simulate",
        ),
        (
            r#"{"auction":[],"hand":"J874.953.Q82.J73","vulnerability":"NE"}"#,
            "vulnerability",
        ),
        (r#"{"auction":["1H","1D"]}"#, "call 2"),
        (r#"{"auction":["1H","Z"]}"#, "call 2"),
        (r#"{"dealer":"Q","auction":[]}"#, "dealer"),
        (r#"{"auction":[],"hand":"AKQ.AKQ"}"#, "hand"),
        (
            r#"{"auction":["1NT","P","P","P"],"hand":"J874.953.Q82.J73"}"#,
            "over",
        ),
    ] {
        let (status, answer) = request(port, "POST", "/api/bid", body.as_bytes());
        assert_eq!(status, 422, "{body}: {answer}");
        assert!(error_of(&answer).contains(named), "{body}: {answer}");
    }
}

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

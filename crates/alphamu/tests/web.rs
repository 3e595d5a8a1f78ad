//! The web page and `alphamu analyze` agree: the same position analysed in
//! the page (served by `alphamu serve`, driven by headless Chromium) and by
//! the command shows the same chance for every card and marks the same
//! card. Needs Chromium, so it is ignored by default; `.ci/run` runs it:
//!
//! ```text
//! apt-get install -y chromium
//! cargo test --profile quick -p alphamu --test web -- --ignored
//! ```

use serde_json::Value;
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The deal of board 7 of the web tests' PBN game, analysed in 6NT by
/// South (every card makes 3NT there).
const DEAL: &str = "N:AQ.JT9.KQT87.QT8 9743.52.96.A9643 82.AKQ86.A32.KJ7 KJT65.743.J54.52";
/// The first trick as played there: South has won it and leads.
const PLAY: [&str; 4] = ["H7", "HJ", "H5", "HA"];
const WORLDS: &str = "12";
const MOVES: &str = "2";

/// `alphamu serve` on a free loopback port, killed when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve() -> Server {
    let port = TcpListener::bind("127.0.0.1:0")
        .expect("a port")
        .local_addr()
        .expect("an address")
        .port();
    let child = Command::new(assert_cmd::cargo::cargo_bin("alphamu"))
        .args(["serve", "--port", &port.to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("alphamu serve starts");
    let server = Server { child, port };
    let start = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the server listens"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    server
}

/// The chance the page shows in the cell `id` ("pimc-S2"), in percent, and
/// whether it is marked as a bound.
fn cell(dom: &str, id: &str) -> (u32, bool) {
    let key = format!("id=\"{id}\">");
    let at = dom.find(&key).unwrap_or_else(|| panic!("no {id}: {dom}")) + key.len();
    let text = &dom[at..at + dom[at..].find('<').expect("a closing tag")];
    let bound = text.starts_with('\u{2264}');
    let digits = text.trim_start_matches('\u{2264}').trim_end_matches('%');
    (
        digits
            .parse()
            .unwrap_or_else(|_| panic!("{id}: {text:?} is not a chance")),
        bound,
    )
}

/// `alphamu analyze` on the same position, as JSON.
fn analyze(algo: &str) -> Value {
    let out = Command::new(assert_cmd::cargo::cargo_bin("alphamu"))
        .args(["analyze", "--deal", DEAL, "--contract", "6NT"])
        .args(["--declarer", "S", "--play", &PLAY.join(" ")])
        .args(["--algo", algo, "--worlds", WORLDS, "--max-moves", MOVES])
        .args(["--seed", "1", "--format", "json"])
        .output()
        .expect("alphamu analyze runs");
    assert!(out.status.success(), "{out:?}");
    serde_json::from_slice(&out.stdout).expect("JSON")
}

#[test]
#[ignore = "needs headless Chromium: apt-get install -y chromium"]
fn the_page_and_analyze_show_the_same_chances_and_mark_the_same_card() {
    let server = serve();
    let query = format!(
        "deal={}&contract=6NT&declarer=S&play={}&chances=pimc,alphamu&worlds={WORLDS}&moves={MOVES}",
        DEAL.replace(':', "%3A").replace(' ', "%20"),
        PLAY.join("%2C")
    );
    let out = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--virtual-time-budget=120000",
            "--dump-dom",
            &format!("http://127.0.0.1:{}/?{query}", server.port),
        ])
        .output()
        .expect("chromium runs (apt-get install -y chromium)");
    let dom = String::from_utf8_lossy(&out.stdout);
    assert!(dom.contains("alphamu: done (12 worlds)"), "{dom}");
    for algo in ["pimc", "alphamu"] {
        let cli = analyze(algo);
        let best = cli["best"].as_str().expect("a card");
        let cards = cli["cards"].as_array().expect("cards");
        assert!(cards.len() > 3, "{cli}");
        let mut chances = Vec::new();
        for card in cards {
            let name = card["card"].as_str().expect("a card");
            let make = card["make"].as_f64().expect("a chance");
            let (shown, bound) = cell(&dom, &format!("{algo}-{name}"));
            assert_eq!(
                f64::from(shown),
                (100.0 * make).round(),
                "{algo} {name}: page {shown}%, analyze {make}"
            );
            assert_eq!(
                bound,
                card.get("bound").and_then(Value::as_str) == Some("upper"),
                "{algo} {name}"
            );
            chances.push(shown);
        }
        // The same card marked: outlined in the hand, named in the summary.
        let button = dom
            .find(&format!("id=\"card-{best}\""))
            .expect("the card's button");
        let tag = &dom[dom[..button].rfind("<button").expect("a button")..button];
        assert!(tag.contains("pick"), "{algo}: {best} not outlined: {tag}");
        let summary = format!("id=\"pick-{algo}\"");
        let at = dom.find(&summary).expect("the summary");
        let line = &dom[at..at + dom[at..].find("declarer makes").expect("the card")];
        let (suit, rank) = best.split_at(1);
        let symbol = match suit {
            "S" => '\u{2660}',
            "H" => '\u{2665}',
            "D" => '\u{2666}',
            _ => '\u{2663}',
        };
        assert!(
            line.ends_with(&format!("{symbol}</span>{rank}: ")),
            "{algo}: analyze plays {best}: {line}"
        );
        // The chances are not all alike: the test can tell cards apart.
        assert!(
            chances.iter().any(|&c| c != chances[0]),
            "{algo}: {chances:?}"
        );
    }
}

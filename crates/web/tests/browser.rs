//! The analyser's page in a real browser: headless Chromium (Debian's
//! `chromium` package) loads it, its script calls the API, and the page
//! then shows the deal and its table. Needs Chromium, so it is ignored by
//! default; `.ci/run` installs Chromium and runs it:
//!
//! ```text
//! apt-get install -y chromium
//! cargo test --release -p web --test browser -- --ignored
//! ```

use std::process::Command;

mod common;
use common::start;

#[test]
#[ignore = "needs headless Chromium: apt-get install -y chromium"]
fn the_page_shows_the_deal_and_its_table_in_a_browser() {
    let port = start();
    let out = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--virtual-time-budget=10000",
            "--dump-dom",
            &format!("http://127.0.0.1:{port}/"),
        ])
        .output()
        .expect("chromium runs (apt-get install -y chromium)");
    let dom = String::from_utf8_lossy(&out.stdout);
    // The script filled the table from the API: North makes 13 tricks in
    // notrump, East none, on the page's built-in deal.
    assert!(dom.contains("id=\"t-NNT\">13<"), "{dom}");
    assert!(dom.contains("id=\"t-ENT\">0<"), "{dom}");
    // The diagram: North's hand with its seat and suit symbols.
    assert!(dom.contains("<b>N</b>"), "{dom}");
    assert!(dom.contains("AKQJ"), "{dom}");
    assert!(dom.contains(">card 0, ready<"), "{dom}");
}

/// Headless Chromium's DOM of the page at `query`, once its script is done.
fn page_dom(port: u16, query: &str) -> String {
    let out = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--virtual-time-budget=60000",
            "--dump-dom",
            &format!("http://127.0.0.1:{port}/?{query}"),
        ])
        .output()
        .expect("chromium runs (apt-get install -y chromium)");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
#[ignore = "needs headless Chromium: apt-get install -y chromium"]
fn the_page_steps_through_the_play_and_shows_chances_with_progress() {
    let port = start();
    // West leads the eight of spades (a query parameter), then the page
    // clicks North's ace (the button's own handler) and asks PIMC's
    // chances over 4 worlds, polling the job until it is done.
    let dom = page_dom(port, "play=S8&click=SA&chances=pimc&worlds=4");
    assert!(dom.contains(">card 2, ready<"), "{dom}");
    // East to move, its legal spades with declarer's 13 double-dummy
    // tricks and PIMC's chance of making.
    assert!(dom.contains("<div class=\"hand e to-move\""), "{dom}");
    for card in ["S5", "S4", "S3", "S2"] {
        assert!(
            dom.contains(&format!("id=\"dd-{card}\">13<")),
            "{card}: {dom}"
        );
        assert!(
            dom.contains(&format!("id=\"pimc-{card}\">100%<")),
            "{card}: {dom}"
        );
    }
    assert!(dom.contains("pimc: done (4 worlds)"), "{dom}");
    // The trick so far, by seat.
    assert!(dom.contains("W <span class=\"\">\u{2660}</span>8"), "{dom}");
    assert!(dom.contains("N <span class=\"\">\u{2660}</span>A"), "{dom}");
    // A card that is not legal is refused, saying why, and the position
    // stays where it was (North to move after West's lead).
    let dom = page_dom(port, "play=S8,HA&chances=alphamu&worlds=4&moves=2");
    assert!(dom.contains("card 2 (HA by N)"), "{dom}");
    assert!(dom.contains("<div class=\"hand n to-move\""), "{dom}");
    assert!(dom.contains("alphamu: done (4 worlds)"), "{dom}");
    assert!(dom.contains("id=\"alphamu-SA\">100%<"), "{dom}");
    // A LIN game pasted: its deal, contract and declarer (7NT by North)
    // are taken from it, and its play replayed card by card.
    let lin = "pn|a,b,c,d|md|3S432H432D432C5432,ST98HJT98DJT9CJT9,SAKQJHAKQDAKQCAKQ,|sv|o|mb|7N|mb|p|mb|p|mb|p|pc|S7|pc|S2|";
    let query: String = lin
        .bytes()
        .map(|b| match b {
            b'|' => "%7C".to_string(),
            b',' => "%2C".to_string(),
            _ => (b as char).to_string(),
        })
        .collect();
    let dom = page_dom(port, &format!("deal={query}&play=S7,S2"));
    assert!(dom.contains("7NT needs 13. W to play."), "{dom}");
}

/// A file of several boards offers them in a list, the record's contract
/// is kept doubled or redoubled, and a deal that cannot be read leaves
/// nothing of a position on screen but the error.
#[test]
#[ignore = "needs headless Chromium: apt-get install -y chromium"]
fn boards_are_listed_contracts_kept_and_errors_clear_the_position() {
    let port = start();
    let deal = "N:AKQ.AKQ.AKQ.AKQJ 5432.5432.5432.2 JT9.JT9.JT9.T987 876.876.876.6543";
    let pbn = format!(
        "[Board \"1\"]\n[Deal \"{deal}\"]\n[Declarer \"W\"]\n[Contract \"5CXX\"]\n\n[Board \"2\"]\n[Deal \"{deal}\"]\n[Declarer \"S\"]\n[Contract \"3NT\"]\n"
    );
    let query: String = pbn
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'.' | b'-' => (b as char).to_string(),
            other => format!("%{other:02X}"),
        })
        .collect();
    let dom = page_dom(port, &format!("deal={query}"));
    assert!(
        dom.contains("<option value=\"1\">board 2</option>"),
        "{dom}"
    );
    assert!(
        dom.contains("value=\"5CXX\"") || dom.contains("5CXX needs 11"),
        "{dom}"
    );
    // A bad deal: the error in place of the position.
    let dom = page_dom(port, "deal=N%3AAKQ");
    assert!(dom.contains("class=\"error\""), "{dom}");
    assert!(!dom.contains("<b>N</b>"), "{dom}");
}

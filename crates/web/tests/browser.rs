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
    assert!(dom.contains(">done<"), "{dom}");
}

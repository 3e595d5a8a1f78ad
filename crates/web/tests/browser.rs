//! The analyser's page in a real browser: headless Chromium (Debian's
//! `chromium` package) loads it, its script calls the API, and the page
//! then shows the deal and its table. Needs Chromium, so it is ignored by
//! default; `.ci/run` installs Chromium and runs it:
//!
//! ```text
//! apt-get install -y chromium
//! cargo test --profile quick -p web --test browser -- --ignored
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
    // The diagram: North's hand with its seat and its cards, the ace of
    // spades among them.
    assert!(dom.contains("title=\"not vulnerable\">N</b>"), "{dom}");
    assert!(dom.contains("id=\"card-SA\""), "{dom}");
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
    without_script(&String::from_utf8_lossy(&out.stdout))
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
    // The trick so far, each card in front of its player, West's lead
    // marked.
    assert!(
        dom.contains("class=\"tc tc-W lead\" id=\"tc-W\"><span class=\"\">\u{2660}</span>8<"),
        "{dom}"
    );
    assert!(
        dom.contains("id=\"tc-N\"><span class=\"\">\u{2660}</span>A<"),
        "{dom}"
    );
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
    assert!(dom.contains("id=\"contract-shown\">7NT N<"), "{dom}");
    assert!(dom.contains("needs 13. W to play."), "{dom}");
    // Reading the table: what the lead and East's card have shown of the
    // hidden hands, from North's side (East and West hidden), weighted
    // against plain worlds.
    let dom = page_dom(port, "play=S8,SA&infer=dd&chances=pimc&worlds=4");
    assert!(dom.contains("pimc: done (4 worlds)"), "{dom}");
    assert!(dom.contains("What the play has shown"), "{dom}");
    assert!(dom.contains("id=\"shown-table\""), "{dom}");
    assert!(dom.contains("weighted worlds"), "{dom}");
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
        dom.contains("id=\"contract-shown\">5<span class=\"\">\u{2663}</span>XX W<"),
        "{dom}"
    );
    // A bad deal: the error beside the field, and nothing of a position.
    let dom = page_dom(port, "deal=N%3AAKQ");
    assert!(dom.contains("class=\"error\""), "{dom}");
    assert!(
        dom.contains("<div class=\"field-error\" id=\"deal-error\">field \"deal\""),
        "{dom}"
    );
    assert!(!dom.contains("</b><span class=\"badge\">declarer"), "{dom}");
    assert!(!dom.contains("<button class=\"card"), "{dom}");
}

/// A PBN game played out by `alphamu play` (alpha-mu declaring 3NT against
/// PIMC defenders; board 7, dealer South, both vulnerable, 1NT-3NT).
const BOARD_7_PBN: &str = include_str!("data/board7.pbn");
/// A LIN game played out by `alphamu play` (board 12, dealer West, North-
/// South vulnerable, 3NT by North after P-1NT-P-3NT).
const BOARD_12_LIN: &str = include_str!("data/board12.lin");

/// `text` as the value of a query parameter.
fn query_value(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'.' | b'-' | b'_' => (b as char).to_string(),
            other => format!("%{other:02X}"),
        })
        .collect()
}

/// Headless Chromium's DOM of the page at `query` in a window of `width`
/// by `height` pixels, once its script (and the actions it was given) are
/// done.
fn page_dom_sized(port: u16, query: &str, width: u32, height: u32) -> String {
    let out = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            &format!("--window-size={width},{height}"),
            "--virtual-time-budget=60000",
            "--dump-dom",
            &format!("http://127.0.0.1:{port}/?{query}"),
        ])
        .output()
        .expect("chromium runs (apt-get install -y chromium)");
    let dom = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        dom.contains("data-done=\"yes\""),
        "the page's script ended: {dom}"
    );
    without_script(&dom)
}

/// The DOM without the page's script, whose text would match what the
/// tests look for in the page.
fn without_script(dom: &str) -> String {
    match (dom.find("<script>"), dom.find("</script>")) {
        (Some(a), Some(b)) => format!("{}{}", &dom[..a], &dom[b + "</script>".len()..]),
        _ => dom.to_string(),
    }
}

/// The element of `id` as the DOM has it: from its tag to the first
/// closing tag that balances it.
fn element<'a>(dom: &'a str, id: &str) -> &'a str {
    let at = dom
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("no element {id}: {dom}"));
    let start = dom[..at].rfind('<').expect("a tag");
    let name: String = dom[start + 1..]
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect();
    if name == "input" {
        return &dom[start..=at + dom[at..].find('>').expect("a tag's end")];
    }
    let (open, close) = (format!("<{name}"), format!("</{name}>"));
    let mut depth = 0;
    let mut i = start;
    loop {
        let next_open = dom[i + 1..].find(&open).map(|j| j + i + 1);
        let next_close = dom[i + 1..]
            .find(&close)
            .map(|j| j + i + 1)
            .expect("closed");
        match next_open {
            Some(o) if o < next_close => {
                depth += 1;
                i = o;
            }
            _ if depth == 0 => return &dom[start..next_close + close.len()],
            _ => {
                depth -= 1;
                i = next_close;
            }
        }
    }
}

/// The game of a record text.
fn record_of(text: &str, lin: bool) -> records::GameRecord {
    let (games, errors) = if lin {
        records::read_lin("fixture", text)
    } else {
        records::read_pbn("fixture", text)
    };
    assert!(errors.is_empty(), "{errors:?}");
    games.into_iter().next().expect("a game")
}

/// Declarer's total tricks after each legal card of the position after
/// `cards` of the record's play, solved here with the solver directly.
fn expected_values(game: &records::GameRecord, cards: usize) -> Vec<(String, usize)> {
    let contract = game.contract.expect("a contract");
    let declarer = game.declarer.expect("a declarer");
    let mut state = bridge::PlayState::new(game.deal, contract.strain, declarer);
    for &card in &game.play[..cards] {
        state.play(card).expect("a legal card");
    }
    let position = state.position().clone();
    let mover = position.to_move();
    let left = position.tricks_left();
    let taken = state.tricks(declarer.side());
    dd::batch::with_thread_solver(|s| s.card_values(&position))
        .into_iter()
        .map(|v| {
            let theirs = usize::from(v.tricks);
            let declarers = if mover.side() == declarer.side() {
                theirs
            } else {
                left - theirs
            };
            (v.card.to_string(), taken + declarers)
        })
        .collect()
}

/// A real PBN game: its board, dealer, vulnerability and auction shown;
/// stepped through with the buttons, the arrow keys and the trick list; a
/// card clicked; the values under the cards are the solver's and the
/// trick in progress lies in the centre.
#[test]
#[ignore = "needs headless Chromium: apt-get install -y chromium"]
fn a_real_pbn_game_is_stepped_through_and_its_cards_valued() {
    let port = start();
    let game = record_of(BOARD_7_PBN, false);
    let eleventh = game.play[10].to_string();
    let query = format!(
        "deal={}&actions=forward,forward,key:ArrowRight,trick:3,back,key:ArrowLeft,card:{eleventh}",
        query_value(BOARD_7_PBN)
    );
    let dom = page_dom_sized(port, &query, 1280, 1000);
    // The board's facts.
    let info = element(&dom, "info");
    for fact in ["Board 7", "Dealer S", "Vul all"] {
        assert!(info.contains(fact), "{fact}: {info}");
    }
    assert!(
        dom.contains("title=\"vulnerable\">N</b>") && dom.contains("title=\"vulnerable\">E</b>"),
        "{dom}"
    );
    assert!(element(&dom, "hand-S").contains("badge dealer"), "{dom}");
    // The auction in four columns, West first: South's 1NT in the fourth.
    let auction = element(&dom, "auction");
    assert!(
        auction.contains("<td></td><td></td><td></td><td id=\"call-0\">1NT</td>"),
        "{auction}"
    );
    assert!(auction.contains("id=\"call-2\">3NT<"), "{auction}");
    // Under it, what each call shows under the natural system.
    let meanings = element(&dom, "auction-meanings");
    assert!(
        meanings.contains("S 1NT: opening 1NT (15-17 HCP, balanced)"),
        "{meanings}"
    );
    assert!(meanings.contains("N 3NT: game in notrump"), "{meanings}");
    // Two forward, one arrow: 3 cards; the third trick's end: 12; back and
    // an arrow back: 10; the eleventh card of the game clicked: 11, still
    // on the game's line (all 13 tricks listed, the third the current).
    assert!(dom.contains("id=\"position-text\">card 11 of 52<"), "{dom}");
    assert!(dom.contains(">card 11, ready<"), "{dom}");
    let history = element(&dom, "history");
    assert!(history.contains("id=\"trick-13\""), "{history}");
    assert!(
        history.contains("<li class=\"current\"><button id=\"trick-3\""),
        "{history}"
    );
    // The trick in the centre: its three cards, each before its player.
    let trick = element(&dom, "trick");
    let contract = game.contract.expect("a contract");
    let mut state = bridge::PlayState::new(game.deal, contract.strain, game.declarer.expect("S"));
    for (i, &card) in game.play[..11].iter().enumerate() {
        let seat = state.position().to_move();
        state.play(card).expect("legal");
        if i >= 8 {
            let shown = format!("id=\"tc-{}\">", seat.letter());
            assert!(trick.contains(&shown), "{card} by {seat}: {trick}");
        }
    }
    // Under each legal card, declarer's tricks as the solver gives them,
    // the best for the side to play highlighted.
    let values = expected_values(&game, 11);
    assert!(!values.is_empty());
    for (card, tricks) in &values {
        assert!(
            dom.contains(&format!("id=\"v-dd-{card}\">{tricks}<")),
            "{card} {tricks}: {dom}"
        );
    }
    assert!(dom.contains("class=\"card best-dd\""), "{dom}");
}

/// A real LIN game: to its end and back to the start, five cards on; the
/// defenders' hands hidden; exported as LIN and PBN with its auction and
/// play.
#[test]
#[ignore = "needs headless Chromium: apt-get install -y chromium"]
fn a_real_lin_game_hides_hands_and_exports_as_records() {
    let port = start();
    let lin = query_value(BOARD_12_LIN);
    let dom = page_dom_sized(
        port,
        &format!("deal={lin}&actions=last,first,forward,forward,forward,forward,forward,view:declarer,export:lin"),
        1280,
        1000,
    );
    assert!(dom.contains("id=\"position-text\">card 5 of 52<"), "{dom}");
    assert!(element(&dom, "info").contains("Board 12"), "{dom}");
    assert!(element(&dom, "info").contains("Vul N-S"), "{dom}");
    // Declarer North and dummy South shown, the defenders hidden.
    for seat in ["E", "W"] {
        let hand = element(&dom, &format!("hand-{seat}"));
        assert!(hand.contains("cards hidden"), "{seat}: {hand}");
        assert!(!hand.contains("class=\"card"), "{seat}: {hand}");
    }
    for seat in ["N", "S"] {
        let hand = element(&dom, &format!("hand-{seat}"));
        assert!(hand.contains("class=\"card"), "{seat}: {hand}");
    }
    // The game as LIN: its board, vulnerability, auction and all 52 cards.
    let text = element(&dom, "export-text");
    for part in [
        "ah|Board 12|",
        "sv|n|",
        "mb|p|mb|1N|mb|p|mb|3N|mb|p|mb|p|mb|p|",
    ] {
        assert!(text.contains(part), "{part}: {text}");
    }
    assert_eq!(text.matches("pc|").count(), 52, "{text}");
    // As PBN, read back: the same deal, auction, contract and play.
    let dom = page_dom_sized(port, &format!("deal={lin}&actions=export:pbn"), 1280, 1000);
    let exported = element(&dom, "export-text");
    let body = exported
        [exported.find('>').expect("a tag") + 1..exported.rfind('<').expect("a tag")]
        .replace("&quot;", "\"")
        .replace("&amp;", "&");
    let back = record_of(&body, false);
    let original = record_of(BOARD_12_LIN, true);
    assert_eq!(back.deal, original.deal);
    assert_eq!(back.auction, original.auction);
    assert_eq!(back.contract, original.contract);
    assert_eq!(back.play, original.play);
    assert_eq!(back.dealer, original.dealer);
    assert_eq!(back.vul, original.vul);
    // The player's view: the hand to play and dummy only.
    let dom = page_dom_sized(
        port,
        &format!("deal={lin}&actions=forward,forward,view:player"),
        1280,
        1000,
    );
    assert_eq!(
        dom.matches("<div class=\"hidden-hand\">").count(),
        2,
        "{dom}"
    );
    let mover = element(&dom, "score");
    let mover = &mover[mover.find(". ").expect("the mover") + 2..][..1];
    assert!(
        !element(&dom, &format!("hand-{mover}")).contains("hidden-hand"),
        "{mover}: {dom}"
    );
}

/// A shared link opens the same position: hands, trick, board and the
/// play's place.
#[test]
#[ignore = "needs headless Chromium: apt-get install -y chromium"]
fn a_shared_link_opens_the_same_position() {
    let port = start();
    let dom = page_dom_sized(
        port,
        &format!(
            "deal={}&actions=trick:2,forward,share",
            query_value(BOARD_7_PBN)
        ),
        1280,
        1000,
    );
    let box_ = element(&dom, "share-link");
    let at = box_.find("value=\"").expect("a link") + 7;
    let link = &box_[at..at + box_[at..].find('"').expect("closed")];
    let query = link
        .split_once('?')
        .expect("a query")
        .1
        .replace("&amp;", "&");
    assert!(query.contains("at=9"), "{query}");
    let shared = page_dom_sized(port, &query, 1280, 1000);
    for id in ["compass", "position-text", "auction", "history"] {
        assert_eq!(element(&shared, id), element(&dom, id), "{id}");
    }
}

/// On a phone's width the table stacks and nothing runs off the screen;
/// a file opened by URL parameter is read.
#[test]
#[ignore = "needs headless Chromium: apt-get install -y chromium"]
fn the_page_fits_a_phone_and_opens_a_file_by_url() {
    let port = start();
    let url = format!("data:text/plain,{}", query_value(BOARD_12_LIN));
    let query = format!("url={}&actions=forward", query_value(&url));
    let phone = page_dom_sized(port, &query, 390, 844);
    assert!(phone.contains("data-layout=\"narrow\""), "{phone}");
    assert!(phone.contains("data-overflow=\"no\""), "{phone}");
    assert!(element(&phone, "info").contains("Board 12"), "{phone}");
    assert!(phone.contains(">card 1, ready<"), "{phone}");
    let desk = page_dom_sized(port, &query, 1280, 900);
    assert!(desk.contains("data-layout=\"wide\""), "{desk}");
    assert!(desk.contains("data-overflow=\"no\""), "{desk}");
}

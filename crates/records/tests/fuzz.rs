//! Seeded fuzzing of the PBN and LIN readers: files in the conventions of
//! other programs (written here: seeded random games through our writers,
//! decorated with the oddities real files carry, and the hand-made files of
//! `read.rs`) are mutated thousands of times, and each mutant is read.
//! Nothing may panic, a huge input must be read in linear time, and every
//! record a reader accepts must pass an independent check, written here
//! from the rules alone: 52 distinct cards, 13 a hand; an auction of legal
//! calls ending as the record says; the declarer and contract the auction
//! gives; a play following suit from the hand on turn; a result that the
//! play and the claim allow.
//!
//! `ALPHAMU_FUZZ_CASES` sets the number of mutants (default 3000);
//! `ALPHAMU_FUZZ_CORPUS` names a folder of more `.pbn` and `.lin` files to
//! mutate (real files, for runs outside CI).

use cards::{Deal, Seat};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use records::{read_lin, read_pbn, Call, GameRecord};
use std::collections::HashSet;

// ---------------------------------------------------------------------
// The independent check, on the record's JSON: its own parsing of cards,
// calls and seats, its own rules.

const SEATS: [char; 4] = ['N', 'E', 'S', 'W'];
const STRAINS: [&str; 5] = ["C", "D", "H", "S", "NT"];

fn seat_index(c: char) -> usize {
    SEATS.iter().position(|&s| s == c).expect("a seat letter")
}

/// A card as (suit letter, rank 2..14).
type IndCard = (char, u8);

fn rank_of(c: char) -> u8 {
    match c {
        'A' => 14,
        'K' => 13,
        'Q' => 12,
        'J' => 11,
        'T' => 10,
        d => d.to_digit(10).expect("a rank") as u8,
    }
}

fn card_of(text: &str) -> IndCard {
    let mut chars = text.chars();
    let suit = chars.next().expect("a suit");
    (suit, rank_of(chars.next().expect("a rank")))
}

/// The four hands of a "N:..." deal, by seat index.
fn hands_of(deal: &str) -> [HashSet<IndCard>; 4] {
    let (first, rest) = deal.split_once(':').expect("a first seat");
    let first = seat_index(first.chars().next().expect("a seat"));
    let mut hands: [HashSet<IndCard>; 4] = Default::default();
    for (i, hand) in rest.split(' ').enumerate() {
        for (suit, holding) in ['S', 'H', 'D', 'C'].iter().zip(hand.split('.')) {
            for r in holding.chars() {
                hands[(first + i) % 4].insert((*suit, rank_of(r)));
            }
        }
    }
    hands
}

/// (level, strain index) of a bid, or None for P, X, XX.
fn bid_of(call: &str) -> Option<(u8, usize)> {
    let level = call.chars().next()?.to_digit(10)? as u8;
    let strain = STRAINS.iter().position(|s| *s == &call[1..])?;
    Some((level, strain))
}

/// Checks an auction call by call; returns the contract ("3NTX") and the
/// declarer's seat index when it ended in a bid, or "passed" when passed
/// out, or "open" when not finished.
fn check_auction(dealer: usize, calls: &[String]) -> Result<(String, Option<usize>), String> {
    let mut last_bid: Option<(u8, usize, usize)> = None; // level, strain, caller
    let mut doubled = 0; // 0, 1 (X), 2 (XX)
    let mut passes = 0;
    let mut ended = false;
    for (i, call) in calls.iter().enumerate() {
        if ended {
            return Err(format!("call {} after the end", i + 1));
        }
        let caller = (dealer + i) % 4;
        match call.as_str() {
            "P" => passes += 1,
            "X" => {
                let (_, _, by) = last_bid.ok_or("double of nothing")?;
                if by % 2 == caller % 2 || doubled != 0 {
                    return Err(format!("bad double at call {}", i + 1));
                }
                doubled = 1;
                passes = 0;
            }
            "XX" => {
                let (_, _, by) = last_bid.ok_or("redouble of nothing")?;
                if by % 2 != caller % 2 || doubled != 1 {
                    return Err(format!("bad redouble at call {}", i + 1));
                }
                doubled = 2;
                passes = 0;
            }
            bid => {
                let (level, strain) = bid_of(bid).ok_or(format!("{bid} is no call"))?;
                if !(1..=7).contains(&level) {
                    return Err(format!("level {level}"));
                }
                if let Some((l, s, _)) = last_bid {
                    if (level, strain) <= (l, s) {
                        return Err(format!("insufficient bid {bid}"));
                    }
                }
                last_bid = Some((level, strain, caller));
                doubled = 0;
                passes = 0;
            }
        }
        ended = (last_bid.is_some() && passes == 3) || (last_bid.is_none() && passes == 4);
    }
    if !ended {
        return Ok(("open".into(), None));
    }
    let Some((level, strain, by)) = last_bid else {
        return Ok(("passed".into(), None));
    };
    // Declarer: the first of the side to name the strain.
    let declarer = calls
        .iter()
        .enumerate()
        .find(|(i, c)| (dealer + i) % 2 == by % 2 && bid_of(c).is_some_and(|(_, s)| s == strain))
        .map(|(i, _)| (dealer + i) % 4)
        .expect("the last bid itself");
    let x = ["", "X", "XX"][doubled];
    Ok((format!("{level}{}{x}", STRAINS[strain]), Some(declarer)))
}

/// Plays the cards; returns declarer's side's tricks and the tricks done.
fn check_play(
    hands: &mut [HashSet<IndCard>; 4],
    trump: Option<char>,
    declarer: usize,
    play: &[IndCard],
) -> Result<(usize, usize), String> {
    let mut leader = (declarer + 1) % 4;
    let mut won = 0;
    let mut done = 0;
    for trick in play.chunks(4) {
        let led = trick[0].0;
        for (k, card) in trick.iter().enumerate() {
            let seat = (leader + k) % 4;
            if !hands[seat].contains(card) {
                return Err(format!("{} does not hold {card:?}", SEATS[seat]));
            }
            if k > 0 && card.0 != led && hands[seat].iter().any(|c| c.0 == led) {
                return Err(format!("{} revokes with {card:?}", SEATS[seat]));
            }
            hands[seat].remove(card);
        }
        if trick.len() == 4 {
            let mut best = 0;
            for i in 1..4 {
                let (a, b) = (trick[i], trick[best]);
                let beats = if a.0 == b.0 {
                    a.1 > b.1
                } else {
                    Some(a.0) == trump
                };
                if beats {
                    best = i;
                }
            }
            leader = (leader + best) % 4;
            done += 1;
            if leader % 2 == declarer % 2 {
                won += 1;
            }
        }
    }
    Ok((won, done))
}

/// The independent check of one accepted record.
fn check_record(g: &GameRecord) -> Result<(), String> {
    let j = g.to_json();
    let deal = j["deal"].as_str().ok_or("no deal")?;
    let mut hands = hands_of(deal);
    let all: HashSet<IndCard> = hands.iter().flatten().copied().collect();
    if all.len() != 52 || hands.iter().any(|h| h.len() != 13) {
        return Err(format!("not 52 distinct cards, 13 a hand: {deal}"));
    }
    let calls: Vec<String> = j["auction"]
        .as_array()
        .ok_or("no auction")?
        .iter()
        .map(|c| c.as_str().expect("a call").to_string())
        .collect();
    let contract = j["contract"].as_str();
    let declarer = j["declarer"]
        .as_str()
        .map(|s| seat_index(s.chars().next().expect("a seat")));
    let passed_out = j["passed_out"].as_bool().ok_or("no passed_out")?;
    if !calls.is_empty() {
        let dealer = seat_index(
            j["dealer"]
                .as_str()
                .ok_or("an auction without a dealer")?
                .chars()
                .next()
                .expect("a seat"),
        );
        let (ends, by) = check_auction(dealer, &calls)?;
        match ends.as_str() {
            "passed" => {
                if contract.is_some() || !passed_out {
                    return Err("a passed-out auction with a contract".into());
                }
            }
            "open" => {
                // The tags then say, with a warning that the auction
                // stops early.
                if (passed_out || contract.is_some()) && g.warnings.is_empty() {
                    return Err("an unfinished auction read without a warning".into());
                }
            }
            c => {
                // A declarer differing from the auction's only with a
                // warning saying so (a file that leaves out a call).
                if contract != Some(c) {
                    return Err(format!("contract {contract:?}, the auction ends in {c}"));
                }
                if declarer != by && g.warnings.is_empty() {
                    return Err(format!(
                        "declarer {declarer:?} without a warning, auction {by:?}"
                    ));
                }
            }
        }
    }
    if contract.is_some() != declarer.is_some() {
        return Err("a contract without a declarer, or the reverse".into());
    }
    let play: Vec<IndCard> = j["play"]
        .as_array()
        .ok_or("no play")?
        .iter()
        .map(|c| card_of(c.as_str().expect("a card")))
        .collect();
    let (Some(contract), Some(declarer)) = (contract, declarer) else {
        if !play.is_empty() || !j["result"].is_null() || !j["claimed"].is_null() {
            return Err("play or a result without a contract".into());
        }
        return Ok(());
    };
    let trump = ['S', 'H', 'D', 'C']
        .into_iter()
        .find(|&s| contract[1..].starts_with(s) && !contract[1..].starts_with("NT"));
    let (won, done) = check_play(&mut hands, trump, declarer, &play)?;
    let result = j["result"].as_u64().map(|r| r as usize);
    let claimed = j["claimed"].as_u64().map(|r| r as usize);
    if play.len() == 52 {
        if result.is_some_and(|r| r != won) {
            return Err(format!("result {result:?}, the play gives {won}"));
        }
    } else if let Some(c) = claimed {
        if c < won || c > won + 13 - done {
            return Err(format!("claim {c} with {won} won and {} left", 13 - done));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------
// The corpus: games written here in other programs' conventions.

/// A seeded game: a random deal, a random legal auction, a random legal
/// play of random length, sometimes a claim.
fn random_game(rng: &mut ChaCha8Rng, number: usize) -> GameRecord {
    let deal = Deal::random(rng, 13);
    let dealer = Seat::from_index(rng.gen_range(0..4));
    let mut auction = records::Auction::new();
    while !auction.is_complete() {
        let call = match rng.gen_range(0..10) {
            0..=5 => Call::Pass,
            6 => Call::Double,
            7 => Call::Redouble,
            _ => Call::Bid(
                rng.gen_range(1..=7),
                cards::Strain::ALL[rng.gen_range(0..5)],
            ),
        };
        let _ = auction.push(call);
        if auction.calls().len() > 60 {
            while auction.push(Call::Pass).is_ok() {}
        }
    }
    let calls = auction.calls().to_vec();
    let mut game = GameRecord::of_deal("corpus", deal);
    game.board = Some(number.to_string());
    game.dealer = Some(dealer);
    game.vul = [
        records::Vulnerability::None,
        records::Vulnerability::NS,
        records::Vulnerability::EW,
        records::Vulnerability::All,
    ][rng.gen_range(0..4)];
    game.passed_out = auction.is_passed_out();
    if let Some((contract, declarer)) = records::contract_of(dealer, &calls) {
        game.contract = Some(contract);
        game.declarer = Some(declarer);
        let mut state = bridge::PlayState::new(deal, contract.strain, declarer);
        let length = rng.gen_range(0..=52);
        for _ in 0..length {
            let legal: Vec<cards::Card> = state.position().legal_cards().iter().collect();
            let card = legal[rng.gen_range(0..legal.len())];
            state.play(card).expect("a legal card");
            game.play.push(card);
        }
        let won = state.tricks(declarer.side()) as u8;
        if state.is_over() {
            game.result = Some(won);
        } else if !game.play.is_empty() && rng.gen_bool(0.5) {
            let left = 13 - (game.play.len() / 4) as u8;
            game.claimed = Some(won + rng.gen_range(0..=left));
            game.result = game.claimed;
        }
    }
    game.auction = calls;
    game.players = [
        Some("Nils".into()),
        Some("Ed".into()),
        Some("Sue Ann".into()),
        Some("Wanda".into()),
    ];
    game
}

/// PBN as tournament programs write it: a header, comments, notes, tabs.
fn decorated_pbn(games: &[GameRecord]) -> String {
    let mut out = String::from("% PBN 2.1\n% EXPORT\n%Content-type: text/x-pbn; charset=UTF-8\n");
    for (i, g) in games.iter().enumerate() {
        let text = records::write_pbn(g)
            .replace(
                "[Event \"\"]",
                if i == 0 {
                    "[Event \"Club\"]"
                } else {
                    "[Event \"#\"]"
                },
            )
            .replace("Pass Pass", "Pass\tPass");
        out.push_str(&text);
        out.push_str("[Note \"1:strong; artificial\"]\n{ a comment { nested } here } }\n");
        out.push_str(
            "[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 9\nS NT 9\n\n",
        );
    }
    out
}

/// LIN as BBO writes it: one board a line, alerts and explanations,
/// commentary between cards, lowercase cards; a vugraph file of rooms.
fn decorated_lin(games: &[GameRecord], vugraph: bool) -> String {
    let mut out = String::new();
    if vugraph {
        out.push_str("vg|Club Teams,Segment 1,I,1,8,Home,0,Away,0|\npn|a,b,c,d,e,f,g,h|pg||\n");
    }
    for (i, g) in games.iter().enumerate() {
        let mut line = records::write_lin(g);
        if vugraph {
            let room = if i % 2 == 0 { 'o' } else { 'c' };
            line = format!("qx|{room}{}|", i / 2 + 1) + &line.replacen("pn|", "xx|", 1);
        }
        let line = line
            .replacen("mb|p|", "mb|p!|an|natural|", 1)
            .replacen("pg||pc|", "pg||\nnt|kibitzer: nice|pg||\npc|", 1)
            .replace("pc|S", "pc|s");
        out.push_str(&line);
        if !line.ends_with('\n') {
            out.push('\n');
        }
    }
    out
}

/// The hand-made files of `read.rs`' conventions, shorter.
const HANDMADE_PBN: &str = r#"[Event "Pairs"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432"]
[Declarer "N"]
[Contract "7NT"]
[Result "13"]
[Auction "N"]
2C =1= Pass 2D ! Pass
7NT AP
[Play "E"]
ST S5 S2 SA
-- - -- SK
*
"#;

const HANDMADE_LIN: &str = "pn|sue,wanda,nils,ed|st||md|3S432H432D432C5432,ST98HJT98DJT9CJT9,SAKQJHAKQDAKQCAKQ,|rh||ah|Board 1|sv|o|mb|2C!|an|strong|mb|p|mb|2D|mb|p|mb|7N|mb|p|mb|p|mb|p|pg||pc|s7|pc|s2|pc|ST|pc|SA|pg||mc|13|pg||\n";

/// (name, text, is LIN) of every file to mutate.
fn corpus() -> Vec<(String, String, bool)> {
    let mut rng = ChaCha8Rng::seed_from_u64(29);
    let mut files = vec![
        ("handmade.pbn".to_string(), HANDMADE_PBN.to_string(), false),
        ("handmade.lin".to_string(), HANDMADE_LIN.to_string(), true),
    ];
    for k in 0..4 {
        let games: Vec<GameRecord> = (1..=6).map(|n| random_game(&mut rng, n)).collect();
        files.push((format!("club-{k}.pbn"), decorated_pbn(&games), false));
        files.push((format!("hands-{k}.lin"), decorated_lin(&games, false), true));
        files.push((
            format!("vugraph-{k}.lin"),
            decorated_lin(&games, true),
            true,
        ));
    }
    if let Ok(dir) = std::env::var("ALPHAMU_FUZZ_CORPUS") {
        for entry in std::fs::read_dir(&dir).expect("ALPHAMU_FUZZ_CORPUS: a folder") {
            let path = entry.expect("an entry").path();
            let lin = path.extension().is_some_and(|e| e == "lin");
            if lin || path.extension().is_some_and(|e| e == "pbn") {
                if let Ok(text) = std::fs::read_to_string(&path) {
                    files.push((path.display().to_string(), text, lin));
                }
            }
        }
    }
    files
}

// ---------------------------------------------------------------------
// Mutation.

const TOKENS: &[&str] = &[
    "[",
    "]",
    "\"",
    "{",
    "}",
    ";",
    "%",
    "\n",
    "\n\n",
    "|",
    "#",
    "*",
    "-",
    "--",
    "AP",
    "Pass",
    "X",
    "XX",
    "1NT",
    "7NT",
    "2C",
    "=1=",
    "!",
    "$1",
    "\\",
    "10",
    "T",
    "♠",
    "é",
    "\t",
    "mb|p|",
    "mb|d|",
    "mb|r|",
    "mb|7N|",
    "pc|SA|",
    "pc|h2|",
    "mc|13|",
    "mc|0|",
    "qx|o1|",
    "qx|c46|",
    "pn|a,b,c,d|",
    "md|3",
    "md|",
    "sv|b|",
    "ah|Board 9|",
    "pg||",
    "[Deal \"N:AKQJ.AKQ.AKQ.AKQ - - -\"]",
    "[Play \"E\"]",
    "[Play \"W\"]",
    "[Auction \"N\"]",
    "[Auction \"E\"]",
    "[Result \"13\"]",
    "[Result \"0\"]",
    "[Contract \"Pass\"]",
    "[Contract \"3NTXX\"]",
    "[Declarer \"\"]",
    "[Declarer \"S\"]",
    "[Board \"#\"]",
    "[Deal \"#\"]",
    "[Room \"Closed\"]",
    "SA",
    "HK",
    "C2",
];

fn mutate(text: &str, rng: &mut ChaCha8Rng) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..rng.gen_range(1..=4) {
        let n = chars.len();
        let at = if n == 0 { 0 } else { rng.gen_range(0..=n) };
        match rng.gen_range(0..7) {
            0 if n > 0 => {
                let len = rng.gen_range(1..=20.min(n - at.min(n - 1)));
                let from = at.min(n - 1);
                chars.drain(from..(from + len).min(n));
            }
            1 if n > 0 => {
                let from = at.min(n - 1);
                let to = (from + rng.gen_range(1..=40)).min(n);
                let span: Vec<char> = chars[from..to].to_vec();
                let into = rng.gen_range(0..=chars.len());
                chars.splice(into..into, span);
            }
            2 | 3 => {
                let token = TOKENS[rng.gen_range(0..TOKENS.len())];
                chars.splice(at..at, token.chars());
            }
            4 if n > 0 => {
                let pool = [
                    'P', 'X', '1', '7', 'S', 'H', 'N', '|', '"', ' ', '\n', 'ß', '2',
                ];
                chars[at.min(n - 1)] = pool[rng.gen_range(0..pool.len())];
            }
            5 => {
                let mut lines: Vec<String> = chars
                    .iter()
                    .collect::<String>()
                    .split('\n')
                    .map(str::to_string)
                    .collect();
                if lines.len() > 1 {
                    let (a, b) = (rng.gen_range(0..lines.len()), rng.gen_range(0..lines.len()));
                    lines.swap(a, b);
                }
                chars = lines.join("\n").chars().collect();
            }
            _ => chars.truncate(at),
        }
    }
    chars.into_iter().collect()
}

fn read_and_check(name: &str, text: &str, lin: bool) -> usize {
    let (games, errors) = if lin {
        read_lin(name, text)
    } else {
        read_pbn(name, text)
    };
    for e in &errors {
        // An error names a line of the file.
        assert!(
            e.line >= 1 && e.line <= text.lines().count().max(1) + 1,
            "{name}: line {} of {}: {e}",
            e.line,
            text.lines().count()
        );
    }
    for g in &games {
        if let Err(why) = check_record(g) {
            panic!(
                "{name}: accepted a record the rules refuse: {why}\n{:#}\n--- input ---\n{text}",
                g.to_json()
            );
        }
        // What a reader accepts, the writers write and the readers read
        // back to the same board.
        for (written, again) in [
            (
                records::write_pbn(g),
                read_pbn("w.pbn", &records::write_pbn(g)),
            ),
            (
                records::write_lin(g),
                read_lin("w.lin", &records::write_lin(g)),
            ),
        ] {
            assert!(again.1.is_empty(), "{name}: {:?}\n{written}", again.1);
            assert_eq!(again.0.len(), 1, "{name}\n{written}");
            let (a, b) = (&again.0[0], g);
            // A result before the end of the play is a claim in LIN.
            let claim = |g: &GameRecord| g.claimed.or(g.result.filter(|_| g.play.len() < 52));
            assert_eq!(
                (a.deal, &a.play, a.contract, a.declarer, a.result, claim(a)),
                (b.deal, &b.play, b.contract, b.declarer, b.result, claim(b)),
                "{name}\n{written}"
            );
        }
    }
    games.len()
}

#[test]
fn the_corpus_reads_cleanly_and_passes_the_independent_check() {
    for (name, text, lin) in corpus() {
        let (games, errors) = if lin {
            read_lin(&name, &text)
        } else {
            read_pbn(&name, &text)
        };
        assert!(errors.is_empty(), "{name}: {errors:?}\n{text}");
        assert!(!games.is_empty(), "{name}");
        read_and_check(&name, &text, lin);
    }
}

#[test]
fn mutated_records_never_panic_and_what_is_accepted_is_consistent() {
    let cases: usize = std::env::var("ALPHAMU_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000);
    let files = corpus();
    let mut rng = ChaCha8Rng::seed_from_u64(2929);
    let (mut accepted, mut read) = (0, 0);
    for case in 0..cases {
        let (name, text, lin) = &files[case % files.len()];
        let mutant = mutate(text, &mut rng);
        let label = format!("{name} mutant {case}");
        read += 1;
        accepted += read_and_check(&label, &mutant, *lin);
        // The same mutant through the other reader too.
        read_and_check(&label, &mutant, !*lin);
    }
    assert!(read == cases && accepted > 0, "{accepted} records accepted");
}

#[test]
fn huge_inputs_are_read_in_linear_time() {
    // 40 000 passes after an auction's end (200 kB), and 2 MB of them:
    // refused at the first call after the end, not parsed quadratically.
    for n in [40_000, 400_000] {
        let calls = "mb|p|".repeat(n);
        let lin = format!("md|3S432H432D432C5432,ST98HJT98DJT9CJT9,SAKQJHAKQDAKQCAKQ,|{calls}");
        let (games, errors) = read_lin("big.lin", &lin);
        assert!(games.is_empty());
        assert!(
            errors[0].message.contains("after the auction has ended"),
            "{}",
            errors[0]
        );
        let pbn = format!(
            "[Deal \"N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432\"]\n[Auction \"N\"]\n{}\n",
            "Pass ".repeat(n)
        );
        let (games, errors) = read_pbn("big.pbn", &pbn);
        assert!(games.is_empty());
        assert!(
            errors[0].message.contains("after the auction has ended"),
            "{}",
            errors[0]
        );
    }
    // 300 000 distinct tags in one game (6 MB): one look-up each, not a
    // scan of the tags before it (that took 20 s for 80 000).
    let mut many = String::from(
        "[Deal \"N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432\"]\n",
    );
    for i in 0..300_000 {
        many.push_str(&format!("[T{i} \"{i}\"]\n"));
    }
    let text = records::pbn_games(&many);
    assert_eq!(text.games.len(), 1);
    assert_eq!(text.games[0].tags().len(), 300_001);
    assert_eq!(text.games[0].tag("T299999").map(|t| t.0), Some("299999"));
    // A 2 MB line of tag openings and quotes.
    let line = "[A \"".repeat(500_000);
    let (games, _) = read_pbn("brackets.pbn", &line);
    assert!(games.is_empty());
    let line = "|".repeat(2_000_000);
    let (games, _) = read_lin("bars.lin", &line);
    assert!(games.is_empty());
}

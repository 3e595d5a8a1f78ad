//! The system's calls: a hand and its expected call for each convention
//! and each competitive situation, and the system's consistency over many
//! random auctions (every hand that makes a call meets what the call
//! shows; no illegal call).

use bidding::{choose, constraints, explain};
use cards::{BySeat, Deal, Hand, Seat};
use rand::SeedableRng;
use records::Call;

fn hand(pbn: &str) -> Hand {
    let deal: cards::PartialDeal = format!("N:{pbn} - - -").parse().expect("a hand");
    deal.hands[Seat::North].expect("north's hand")
}

fn calls(text: &str) -> Vec<Call> {
    text.split_whitespace()
        .map(|c| c.parse().expect("a call"))
        .collect()
}

/// The call of the seat to call, holding `pbn`, North dealing.
fn call_of(pbn: &str, auction: &str) -> String {
    let choice = choose(hand(pbn), Seat::North, &calls(auction)).expect("a call");
    assert!(
        choice.meaning.accepts(hand(pbn)),
        "{pbn} after {auction:?}: {} shows {}",
        choice.call,
        choice.meaning
    );
    choice.call.to_string()
}

#[test]
fn openings() {
    assert_eq!(call_of("AK3.KQ4.AQ52.KQ3", ""), "2C", "24 balanced");
    assert_eq!(call_of("AK3.KQ4.AJ52.KJ3", ""), "2NT", "21 balanced");
    assert_eq!(call_of("AQ3.KJ4.QT52.A73", ""), "1NT", "16 balanced");
    assert_eq!(call_of("AQJ63.K4.Q52.873", ""), "1S", "13, five spades");
    assert_eq!(call_of("AQJ63.KQ852.4.73", ""), "1S", "five of each major");
    assert_eq!(call_of("A63.KQ85.K52.J73", ""), "1C", "three of each minor");
    assert_eq!(call_of("A63.KQ8.K852.J73", ""), "1D", "four diamonds");
    assert_eq!(call_of("A3.K98.K852.QJ73", ""), "1D", "four of each minor");
    assert_eq!(call_of("KQJ984.83.J52.73", ""), "2S", "a weak two");
    assert_eq!(
        call_of("83.KQT9842.J5.73", ""),
        "3H",
        "a seven-card preempt"
    );
    assert_eq!(
        call_of("3.KQT98432.J5.73", ""),
        "4H",
        "an eight-card preempt"
    );
    assert_eq!(call_of("Q83.K942.J52.973", ""), "P", "6 points");
}

#[test]
fn notrump_conventions() {
    // Stayman and the answers.
    assert_eq!(call_of("KJ74.Q53.K82.J73", "1NT P"), "2C", "Stayman");
    assert_eq!(call_of("AQ3.KJ64.QT5.A73", "1NT P 2C P"), "2H");
    assert_eq!(call_of("AQ63.KJ4.QT5.A73", "1NT P 2C P"), "2S");
    assert_eq!(call_of("AQ3.KJ4.QT52.A73", "1NT P 2C P"), "2D");
    // Jacoby transfers, completed and super-accepted.
    assert_eq!(
        call_of("J7.Q9653.K82.J73", "1NT P"),
        "2D",
        "transfer to hearts"
    );
    assert_eq!(
        call_of("QJ763.Q9.82.J732", "1NT P"),
        "2H",
        "transfer to spades"
    );
    assert_eq!(call_of("AQ3.KJ4.QT52.A73", "1NT P 2D P"), "2H");
    assert_eq!(
        call_of("AQ3.KJ64.QT5.AJ3", "1NT P 2D P"),
        "3H",
        "17 and four hearts"
    );
    // Raises.
    assert_eq!(call_of("KJ7.Q53.Q82.J732", "1NT P"), "2NT", "9 points");
    assert_eq!(call_of("KJ7.Q53.K82.QJ73", "1NT P"), "3NT", "11 points");
    assert_eq!(call_of("KJ7.Q53.AK2.KJ73", "1NT P"), "4NT", "17 points");
    assert_eq!(call_of("J74.953.K82.J732", "1NT P"), "P", "5 points");
    // Over 2NT, a level higher.
    assert_eq!(
        call_of("J7.Q9653.K82.J73", "2NT P"),
        "3D",
        "transfer to hearts"
    );
    assert_eq!(call_of("K7.Q53.K82.J7632", "2NT P"), "3NT");
    // Strong 2C.
    assert_eq!(call_of("J74.953.K82.J732", "2C P"), "2D", "waiting");
    assert_eq!(call_of("KQJ74.953.K82.73", "2C P"), "2S", "positive");
}

#[test]
fn responses_and_rebids() {
    assert_eq!(call_of("KJ7.Q53.Q82.J732", "1S P"), "2S", "single raise");
    assert_eq!(call_of("KJ7.Q53.K82.QJ73", "1S P"), "3S", "limit raise");
    assert_eq!(call_of("KJ74.Q53.AK2.QJ7", "1S P"), "2NT", "Jacoby 2NT");
    assert_eq!(
        call_of("KJ742.5.Q8632.73", "1S P"),
        "4S",
        "preemptive raise"
    );
    assert_eq!(
        call_of("KJ742.Q5.82.J732", "1H P"),
        "1S",
        "a new major at one"
    );
    assert_eq!(call_of("KJ74.Q53.82.J732", "1H P"), "2H", "support first");
    assert_eq!(call_of("K7.Q53.AQ82.J732", "1S P"), "2D", "new suit at two");
    assert_eq!(call_of("K7.Q53.Q982.J732", "1S P"), "1NT");
    assert_eq!(call_of("K7.Q953.82.J7532", "1D P"), "1H");
    assert_eq!(
        call_of("K7.Q95.Q82.J7532", "1C P"),
        "2C",
        "a single raise of a minor"
    );
    assert_eq!(
        call_of("K7.Q95.J82.Q7532", "1D P"),
        "1NT",
        "no major, no raise"
    );
    // The opener's rebids.
    assert_eq!(
        call_of("AKJ63.KQ4.A52.K3", "1S P 2S P"),
        "4S",
        "19 after a raise"
    );
    assert_eq!(call_of("AKJ63.K94.A52.73", "1S P 2S P"), "P", "a minimum");
    assert_eq!(
        call_of("AKJ63.K94.A52.73", "1S P 3S P"),
        "4S",
        "14 after a limit raise"
    );
    assert_eq!(
        call_of("A63.K942.A52.K73", "1C P 1H P"),
        "2H",
        "raise with four"
    );
    assert_eq!(
        call_of("A63.K92.A52.K973", "1C P 1H P"),
        "1NT",
        "12-14 balanced"
    );
    assert_eq!(
        call_of("AKJ63.K94.A52.73", "1S P 2NT P"),
        "4S",
        "minimum after Jacoby"
    );
}

#[test]
fn the_six_competitive_situations_of_the_issue() {
    // A takeout double of 1H with 15 points and short hearts.
    assert_eq!(call_of("AQ74.5.KJ84.KJ73", "1H"), "X");
    // A 1S overcall with KQJT82.
    assert_eq!(call_of("KQJT82.A5.K84.73", "1H"), "1S");
    // Answering partner's takeout double.
    assert_eq!(call_of("J874.953.Q82.J73", "1H X P"), "1S");
    assert_eq!(call_of("J874.953.Q82.J73", "1D X P"), "1S", "a major first");
    // Raising partner over an overcall.
    assert_eq!(call_of("K74.Q53.J982.J73", "1H 1S"), "2H");
    // A 20-count over 1S.
    assert_eq!(call_of("A7.AKQ4.KQ82.KJ3", "1S"), "X");
    // Competing after partner's 1NT is overcalled.
    assert_eq!(
        call_of("KJ7.Q53.K82.J732", "1NT 2S"),
        "3NT",
        "game, their suit stopped"
    );
    assert_eq!(
        call_of("75.KQ53.K82.QJ73", "1NT 2S"),
        "X",
        "values, no stopper"
    );
    assert_eq!(
        call_of("KJ7.KQ9653.8.J73", "1NT 2S"),
        "3H",
        "a long suit with 10, forcing"
    );
    assert_eq!(
        call_of("J7.Q53.82.JT7632", "1NT 2D"),
        "P",
        "weak, no five-card suit to show at two"
    );
    assert_eq!(
        call_of("J7.Q5.82.JT76532", "1NT 2D"),
        "P",
        "clubs cannot be shown at two"
    );
    assert_eq!(call_of("J7.QT7532.82.J76", "1NT 2D"), "2H", "to play");
}

#[test]
fn more_competition() {
    // The negative double: four spades after 1C (1H).
    assert_eq!(call_of("KJ74.953.Q82.J73", "1C 1H"), "X");
    // The cue-bid raise.
    assert_eq!(call_of("KJ7.Q53.K82.QJ73", "1S 2H"), "3H");
    // A weak jump overcall.
    assert_eq!(call_of("KQJ982.53.J82.73", "1C"), "2S");
    // The 1NT overcall.
    assert_eq!(call_of("AQ3.KJ4.QT52.A73", "1D"), "1NT");
    // Balancing.
    assert_eq!(
        call_of("AQ74.5.KJ84.9873", "1H P P"),
        "X",
        "balancing double with 10"
    );
    // Answering partner's overcall: the cue-bid raise and a raise.
    assert_eq!(call_of("KJ7.Q53.K82.QJ73", "1H 1S P"), "2H");
    assert_eq!(call_of("J74.Q53.K82.J732", "1H 1S P"), "2S");
    // A penalty double of a high contract: partner's cue-bid raise showed
    // 10 or more.
    assert_eq!(call_of("AKJ63.QJ95.82.K7", "1S 2H 3H 4H"), "X");
}

#[test]
fn blackwood_and_its_answers() {
    // 1S 3S (limit raise), then 19 + 11 = 30: game; with 22 and the fit,
    // RKCB.
    let four_nt = call_of("AKQ63.AK4.A52.K3", "1S P 3S P");
    assert_eq!(four_nt, "4NT");
    assert_eq!(
        call_of("QJ7.Q53.K82.KJ73", "1S P 3S P 4NT P"),
        "5D",
        "none or three keycards: none"
    );
    assert_eq!(
        call_of("AJ7.Q53.K82.QJ73", "1S P 3S P 4NT P"),
        "5C",
        "one keycard"
    );
    // The asker: one keycard shown, five with its four: six.
    assert_eq!(call_of("AKQ63.AK4.A52.K3", "1S P 3S P 4NT P 5C P"), "6S");
}

#[test]
fn what_each_call_shows_and_the_seat_constraints() {
    let auction = calls("1NT P 2C P 2H");
    let meanings = explain(Seat::North, &auction).expect("an auction");
    assert_eq!(meanings[0].to_string(), "opening 1NT: 15-17 HCP, balanced");
    assert!(meanings[2].rule.starts_with("Stayman"), "{}", meanings[2]);
    assert_eq!(
        meanings[4].to_string(),
        "Stayman answer: four hearts: 4+ hearts"
    );
    let seats = constraints(Seat::North, &auction).expect("an auction");
    assert_eq!(seats.seats[Seat::North].hcp.min, 15);
    assert_eq!(
        seats.seats[Seat::North].length[cards::Suit::Hearts.index()].min,
        4
    );
    assert!(seats.seats[Seat::South].hcp.min >= 8);
    // A finished or illegal auction gets no call, and says why.
    let err = choose(hand("AQ3.KJ4.QT52.A73"), Seat::North, &calls("1NT P P P")).expect_err("over");
    assert!(err.to_string().contains("over"), "{err}");
    let err = choose(hand("AQ3.KJ4.QT52.A73"), Seat::North, &calls("1NT 1S")).expect_err("illegal");
    assert!(err.to_string().contains("call 2"), "{err}");
}

/// Every auction of `count` random deals (seed `seed`), each seat bidding
/// its hand by the system: the calls that broke what they show, and the
/// calls made.
fn bid_random_deals(count: usize, seed: u64) -> (Vec<String>, usize, BySeat<usize>, Shape) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut broken = Vec::new();
    let mut made = 0;
    let mut declared = BySeat::<usize>::default();
    let mut shape = Shape::default();
    for deal_no in 0..count {
        let deal = Deal::random(&mut rng, 13);
        let dealer = Seat::from_index(deal_no % 4);
        let mut auction: Vec<Call> = Vec::new();
        while !records::Auction::from_calls(&auction)
            .expect("legal so far")
            .is_complete()
        {
            let seat = Seat::from_index(dealer.index() + auction.len());
            let choice = choose(deal[seat], dealer, &auction).expect("a call");
            assert!(
                choice.call.is_legal_after(&auction),
                "{} after {auction:?}",
                choice.call
            );
            auction.push(choice.call);
            made += 1;
            assert!(auction.len() < 60, "an auction that does not end");
        }
        let meanings = explain(dealer, &auction).expect("a legal auction");
        for (at, m) in meanings.iter().enumerate() {
            let seat = Seat::from_index(dealer.index() + at);
            if !m.accepts(deal[seat]) {
                broken.push(format!(
                    "deal {deal_no}: {} by {seat} after {:?} ({}): {m}",
                    auction[at],
                    &auction[..at],
                    deal[seat].to_pbn()
                ));
            }
        }
        if let Some((contract, declarer)) = records::contract_of(dealer, &auction) {
            declared[declarer] += 1;
            let game = match contract.strain {
                cards::Strain::Notrump => 3,
                cards::Strain::Spades | cards::Strain::Hearts => 4,
                _ => 5,
            };
            shape.games += usize::from(contract.level >= game);
            shape.slams += usize::from(contract.level >= 6);
        } else {
            shape.passed_out += 1;
        }
        let sides: std::collections::HashSet<usize> = auction
            .iter()
            .enumerate()
            .filter(|(_, c)| !matches!(c, Call::Pass))
            .map(|(at, _)| (dealer.index() + at) % 2)
            .collect();
        shape.contested += usize::from(sides.len() == 2);
    }
    (broken, made, declared, shape)
}

/// How the random auctions ended.
#[derive(Debug, Default)]
struct Shape {
    passed_out: usize,
    games: usize,
    slams: usize,
    contested: usize,
}

#[test]
fn every_call_over_thousands_of_random_auctions_keeps_what_it_shows() {
    let (broken, made, declared, shape) = bid_random_deals(10_000, 1);
    eprintln!("{made} calls, {declared:?} declared, {shape:?}");
    assert!(made > 40_000, "{made} calls");
    assert!(
        broken.is_empty(),
        "{} of {made} calls break what they show:\n{}",
        broken.len(),
        broken
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    // Every seat declares some boards; the auctions are a game's: some
    // passed out, games, slams, both sides bidding.
    assert!(
        Seat::ALL.into_iter().all(|s| declared[s] > 1_000),
        "{declared:?}"
    );
    assert!((100..1_500).contains(&shape.passed_out), "{shape:?}");
    assert!(
        shape.games > 2_000 && shape.slams > 10 && shape.contested > 2_000,
        "{shape:?}"
    );
}

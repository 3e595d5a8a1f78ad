//! The rules of the natural system, situation by situation. Each
//! situation gives its candidate calls in order of preference, each with
//! its [`Meaning`] (the constraints a hand must meet to make it) and, where
//! a range cannot say it all, a further test on the hand. The bidder makes
//! the first candidate its hand fits; another seat's call is read as the
//! hull of the meanings of the candidates that make it.

use crate::auction::{rank, Auction, Who};
use crate::meaning::{combined, Meaning};
use cards::{Card, Hand, Rank, Strain, Suit};
use records::Call;
use worlds::HandConstraints;

/// A test on the hand beyond its meaning's ranges.
type Test = Box<dyn Fn(Hand) -> bool>;

/// A candidate call of a situation.
pub struct Rule {
    /// The call.
    pub call: Call,
    /// What it shows.
    pub meaning: Meaning,
    test: Option<Test>,
}

impl Rule {
    fn when(mut self, test: impl Fn(Hand) -> bool + 'static) -> Rule {
        self.test = Some(Box::new(test));
        self
    }

    /// Whether `hand` makes this call: it meets the meaning and the test.
    #[must_use]
    pub fn fits(&self, hand: Hand) -> bool {
        self.meaning.accepts(hand) && self.test.as_ref().is_none_or(|t| t(hand))
    }

    /// Whether `hand` would make this call were it `shift` high-card
    /// points stronger (weaker for a negative shift): its meaning's point
    /// range moved the other way, every other condition as it is.
    #[must_use]
    pub fn fits_shifted(&self, hand: Hand, shift: i32) -> bool {
        let mut meaning = self.meaning;
        let range = meaning.shows.hcp;
        let moved = |points: u32| {
            u32::try_from((i64::from(points) - i64::from(shift)).clamp(0, 40)).unwrap_or(0)
        };
        meaning.shows.hcp = worlds::Range {
            min: moved(range.min),
            max: moved(range.max),
        };
        meaning.accepts(hand) && self.test.as_ref().is_none_or(|t| t(hand))
    }
}

fn rule(call: Call, meaning: Meaning) -> Rule {
    Rule {
        call,
        meaning,
        test: None,
    }
}

fn bid(level: u8, strain: Strain) -> Call {
    Call::Bid(level, strain)
}

fn len(hand: Hand, suit: Suit) -> u32 {
    hand.suit_len(suit) as u32
}

fn has(hand: Hand, suit: Suit, rank: Rank) -> bool {
    hand.contains(Card::new(suit, rank))
}

/// How many of the five top honours (A K Q J T) the hand holds in `suit`.
fn top_honours(hand: Hand, suit: Suit) -> u32 {
    [Rank::Ace, Rank::King, Rank::Queen, Rank::Jack, Rank::Ten]
        .into_iter()
        .filter(|&r| has(hand, suit, r))
        .count() as u32
}

/// A suit worth bidding on its own: two of the top three honours, or
/// three of the top five.
fn good_suit(hand: Hand, suit: Suit) -> bool {
    let top3 = [Rank::Ace, Rank::King, Rank::Queen]
        .into_iter()
        .filter(|&r| has(hand, suit, r))
        .count();
    top3 >= 2 || top_honours(hand, suit) >= 3
}

/// A stopper in `suit`: A, Kx, Qxx or Jxxx.
fn stopper(hand: Hand, suit: Suit) -> bool {
    let n = len(hand, suit);
    has(hand, suit, Rank::Ace)
        || (has(hand, suit, Rank::King) && n >= 2)
        || (has(hand, suit, Rank::Queen) && n >= 3)
        || (has(hand, suit, Rank::Jack) && n >= 4)
}

const MAJORS: [Suit; 2] = [Suit::Spades, Suit::Hearts];

fn strain(suit: Suit) -> Strain {
    Strain::from_suit(suit)
}

/// Keycards for `trump`: the four aces and the trump king.
fn keycards(hand: Hand, trump: Suit) -> u32 {
    Suit::ALL
        .into_iter()
        .filter(|&s| has(hand, s, Rank::Ace))
        .count() as u32
        + u32::from(has(hand, trump, Rank::King))
}

/// What the bidder knows when it calls: the auction and what every seat
/// has shown so far.
pub struct Context<'a> {
    /// The auction, from the seat to call.
    pub auction: Auction<'a>,
    /// The meaning of every call so far.
    pub meanings: &'a [Meaning],
}

impl Context<'_> {
    /// What `who` has shown over all its calls.
    #[must_use]
    pub fn shown(&self, who: Who) -> HandConstraints {
        let mine: Vec<Meaning> = (0..self.meanings.len())
            .filter(|&at| self.auction.who(at) == who)
            .map(|at| self.meanings[at])
            .collect();
        combined(&mine)
    }

    fn last_meaning_of(&self, who: Who) -> Option<Meaning> {
        (0..self.meanings.len())
            .rev()
            .find(|&at| self.auction.who(at) == who)
            .map(|at| self.meanings[at])
    }

    fn rule_of_last(&self, who: Who) -> &'static str {
        self.last_meaning_of(who).map_or("", |m| m.rule)
    }
}

/// The candidate calls of the seat to call, best first. The last one is
/// always a pass or another call every hand can make.
#[must_use]
pub fn candidates(ctx: &Context<'_>) -> Vec<Rule> {
    let a = &ctx.auction;
    let Some(opening) = a.opening() else {
        return openings();
    };
    let mine = a.bids_of(Who::Me);
    let partners = a.bids_of(Who::Partner);
    let my_doubles = a.calls_of(Who::Me).contains(&Call::Double);
    let partner_doubled = a.calls_of(Who::Partner).contains(&Call::Double);
    if let Some(rules) = conventions(ctx) {
        return rules;
    }
    // Whether the seat to call has called since `at` (a pass included).
    let called_since = |at: usize| (at + 1..a.calls.len()).any(|i| a.who(i) == Who::Me);
    match opening.who {
        Who::Partner if !called_since(opening.at) && partners.len() == 1 => {
            responses(ctx, opening.strain, opening.level)
        }
        Who::Me
            if mine.len() == 1
                && partners.len() == 1
                && !partner_doubled
                && a.last_bid().is_some_and(|b| b.who == Who::Partner) =>
        {
            opener_rebids(
                ctx,
                opening.strain,
                opening.level,
                partners[0].strain,
                partners[0].level,
            )
        }
        Who::Lho | Who::Rho if mine.is_empty() && !my_doubles => {
            let first_chance = !called_since(opening.at);
            if partners.is_empty() && !partner_doubled {
                let theirs = their_suits(a);
                let balancing = a.calls.len() >= 3
                    && a.calls[a.calls.len() - 1] == Call::Pass
                    && a.calls[a.calls.len() - 2] == Call::Pass
                    && a.last_bid().is_some_and(|b| b.who == Who::Lho);
                if balancing {
                    balancing_calls(a, &theirs)
                } else if first_chance {
                    overcalls(a, &theirs)
                } else {
                    continuation(ctx)
                }
            } else if partner_doubled && partners.is_empty() && !called_since(partner_action(a)) {
                advance_double(ctx)
            } else if partners.len() == 1
                && partners[0].strain != Strain::Notrump
                && !called_since(partners[0].at)
            {
                advance_overcall(ctx, partners[0].strain)
            } else {
                continuation(ctx)
            }
        }
        _ => continuation(ctx),
    }
}

/// Where partner first doubled or bid.
fn partner_action(a: &Auction<'_>) -> usize {
    (0..a.calls.len())
        .find(|&i| a.who(i) == Who::Partner && a.calls[i] != Call::Pass)
        .unwrap_or(0)
}

/// Opening calls.
fn openings() -> Vec<Rule> {
    let mut rules = vec![
        rule(
            bid(2, Strain::Clubs),
            Meaning::new("strong 2C opening, artificial, forcing").hcp(22, 37),
        ),
        rule(
            bid(2, Strain::Notrump),
            Meaning::new("opening 2NT").hcp(20, 21).balanced(),
        ),
        rule(
            bid(1, Strain::Notrump),
            Meaning::new("opening 1NT").hcp(15, 17).balanced(),
        ),
        rule(
            bid(1, Strain::Spades),
            Meaning::new("opening one of a major")
                .hcp(12, 21)
                .at_least(Suit::Spades, 5),
        )
        .when(|h| len(h, Suit::Spades) >= len(h, Suit::Hearts)),
        rule(
            bid(1, Strain::Hearts),
            Meaning::new("opening one of a major")
                .hcp(12, 21)
                .at_least(Suit::Hearts, 5),
        ),
        rule(
            bid(1, Strain::Diamonds),
            Meaning::new("opening one of a minor")
                .hcp(12, 21)
                .at_least(Suit::Diamonds, 3)
                .at_most(Suit::Spades, 4)
                .at_most(Suit::Hearts, 4),
        )
        .when(|h| {
            let (d, c) = (len(h, Suit::Diamonds), len(h, Suit::Clubs));
            d > c || (d == c && d >= 4)
        }),
        rule(
            bid(1, Strain::Clubs),
            Meaning::new("opening one of a minor")
                .hcp(12, 21)
                .at_least(Suit::Clubs, 3)
                .at_most(Suit::Spades, 4)
                .at_most(Suit::Hearts, 4),
        ),
    ];
    for suit in [Suit::Spades, Suit::Hearts] {
        rules.push(rule(
            bid(4, strain(suit)),
            Meaning::new("preempt at the four level")
                .hcp(5, 11)
                .at_least(suit, 8),
        ));
    }
    for suit in Suit::ALL {
        rules.push(
            rule(
                bid(3, strain(suit)),
                Meaning::new("preempt at the three level")
                    .hcp(5, 11)
                    .length(suit, 7, 7),
            )
            .when(move |h| good_suit(h, suit)),
        );
    }
    for suit in [Suit::Spades, Suit::Hearts, Suit::Diamonds] {
        rules.push(
            rule(
                bid(2, strain(suit)),
                Meaning::new("weak two").hcp(5, 11).length(suit, 6, 6),
            )
            .when(move |h| good_suit(h, suit)),
        );
    }
    rules.push(rule(Call::Pass, Meaning::new("no opening").hcp(0, 11)));
    rules
}

/// The suits the opponents have bid.
fn their_suits(a: &Auction<'_>) -> Vec<Suit> {
    let mut out = Vec::new();
    for b in a.bids().filter(|b| b.who.is_opponent()) {
        if let Some(s) = b.strain.trump() {
            if !out.contains(&s) {
                out.push(s);
            }
        }
    }
    out
}

/// The suits our side has bid, partner's and mine.
fn our_suits(a: &Auction<'_>) -> Vec<Suit> {
    let mut out = Vec::new();
    for b in a.bids().filter(|b| !b.who.is_opponent()) {
        if let Some(s) = b.strain.trump() {
            if !out.contains(&s) {
                out.push(s);
            }
        }
    }
    out
}

/// The first call over partner's opening (the right-hand opponent may have
/// passed, doubled or bid).
fn responses(ctx: &Context<'_>, opened: Strain, level: u8) -> Vec<Rule> {
    let a = &ctx.auction;
    let rho = a.last_call().unwrap_or(Call::Pass);
    match (level, opened) {
        (1, Strain::Notrump) => {
            if rho == Call::Pass {
                notrump_responses(1)
            } else {
                over_interference_after_notrump(a)
            }
        }
        (2, Strain::Notrump) => notrump_responses(2),
        (2, Strain::Clubs) => two_club_responses(a),
        (1, suit_strain) => {
            let suit = suit_strain.trump().expect("a suit");
            match rho {
                Call::Pass => one_suit_responses(a, suit),
                Call::Double => {
                    let mut rules = vec![rule(
                        Call::Redouble,
                        Meaning::new("redouble over their takeout double").hcp(10, 37),
                    )];
                    rules.extend(one_suit_responses(a, suit));
                    rules
                }
                _ => contested_responses(a, suit),
            }
        }
        _ => {
            // Over partner's weak two or preempt: raise to game with
            // support and values, else pass.
            let mut rules = Vec::new();
            if let Some(suit) = opened.trump() {
                let game = if matches!(suit, Suit::Spades | Suit::Hearts) {
                    4
                } else {
                    5
                };
                if a.allows(game, opened) {
                    rules.push(rule(
                        bid(game, opened),
                        Meaning::new("raise of a preempt to game")
                            .hcp(15, 37)
                            .at_least(suit, 2),
                    ));
                    rules.push(rule(
                        bid(game, opened),
                        Meaning::new("raise of a preempt to game")
                            .hcp(0, 37)
                            .at_least(suit, 4),
                    ));
                }
                if a.allows(3, Strain::Notrump) {
                    rules.push(
                        rule(
                            bid(3, Strain::Notrump),
                            Meaning::new("3NT over a preempt").hcp(16, 37),
                        )
                        .when(|h| {
                            Suit::ALL
                                .into_iter()
                                .all(|s| stopper(h, s) || len(h, s) >= 3)
                        }),
                    );
                }
            }
            rules.push(rule(Call::Pass, Meaning::new("pass")));
            rules
        }
    }
}

/// Responses to partner's 1NT (`level` 1) or 2NT (`level` 2), the
/// right-hand opponent passing: Stayman, Jacoby transfers, raises.
fn notrump_responses(level: u8) -> Vec<Rule> {
    let (shift, floor) = if level == 1 { (0, 8) } else { (1, 4) };
    let game_floor = if level == 1 { 10 } else { 5 };
    let mut rules = vec![
        rule(
            bid(2 + shift, Strain::Hearts),
            Meaning::new("Jacoby transfer to spades").at_least(Suit::Spades, 5),
        )
        .when(|h| len(h, Suit::Spades) > len(h, Suit::Hearts) || len(h, Suit::Spades) >= 6),
        rule(
            bid(2 + shift, Strain::Diamonds),
            Meaning::new("Jacoby transfer to hearts").at_least(Suit::Hearts, 5),
        ),
        rule(
            bid(2 + shift, Strain::Clubs),
            Meaning::new("Stayman: asks for a four-card major")
                .hcp(floor, 37)
                .at_most(Suit::Spades, 4)
                .at_most(Suit::Hearts, 4),
        )
        .when(|h| len(h, Suit::Spades) == 4 || len(h, Suit::Hearts) == 4),
    ];
    if level == 1 {
        rules.push(rule(
            bid(6, Strain::Notrump),
            Meaning::new("slam in notrump")
                .hcp(18, 37)
                .at_most(Suit::Spades, 4)
                .at_most(Suit::Hearts, 4),
        ));
        rules.push(rule(
            bid(4, Strain::Notrump),
            Meaning::new("quantitative 4NT, invites 6NT")
                .hcp(16, 17)
                .at_most(Suit::Spades, 4)
                .at_most(Suit::Hearts, 4),
        ));
    }
    rules.push(rule(
        bid(3, Strain::Notrump),
        Meaning::new("game in notrump")
            .hcp(game_floor, 37)
            .at_most(Suit::Spades, 4)
            .at_most(Suit::Hearts, 4),
    ));
    if level == 1 {
        rules.push(rule(
            bid(2, Strain::Notrump),
            Meaning::new("invitation to 3NT")
                .hcp(8, 9)
                .at_most(Suit::Spades, 4)
                .at_most(Suit::Hearts, 4),
        ));
    }
    rules.push(rule(
        Call::Pass,
        Meaning::new("pass")
            .hcp(0, game_floor - 1)
            .at_most(Suit::Spades, 4)
            .at_most(Suit::Hearts, 4),
    ));
    rules
}

/// Over partner's 1NT when the right-hand opponent bid or doubled.
fn over_interference_after_notrump(a: &Auction<'_>) -> Vec<Rule> {
    let theirs = their_suits(a);
    let mut forcing = Vec::new();
    let mut to_play = Vec::new();
    for suit in MAJORS.into_iter().chain([Suit::Diamonds, Suit::Clubs]) {
        if theirs.contains(&suit) {
            continue;
        }
        let level = a.cheapest(strain(suit));
        if level == 2 {
            to_play.push(rule(
                bid(2, strain(suit)),
                Meaning::new("to play over their interference")
                    .hcp(0, 9)
                    .at_least(suit, 5),
            ));
        }
        if level <= 3 {
            forcing.push(rule(
                bid(3, strain(suit)),
                Meaning::new("forcing over their interference")
                    .hcp(10, 37)
                    .at_least(suit, 5),
            ));
        }
    }
    let mut rules = forcing;
    if a.allows(3, Strain::Notrump) {
        let stop = theirs.clone();
        rules.push(
            rule(
                bid(3, Strain::Notrump),
                Meaning::new("game in notrump").hcp(10, 37),
            )
            .when(move |h| stop.iter().all(|&s| stopper(h, s))),
        );
    }
    rules.extend(to_play);
    if a.last_call() != Some(Call::Double) {
        rules.push(rule(
            Call::Double,
            Meaning::new("double: values over their overcall of 1NT").hcp(8, 37),
        ));
    }
    rules.push(rule(Call::Pass, Meaning::new("pass")));
    rules
}

/// Responses to a strong 2C.
fn two_club_responses(a: &Auction<'_>) -> Vec<Rule> {
    let mut rules = Vec::new();
    for suit in [Suit::Spades, Suit::Hearts] {
        rules.push(
            rule(
                bid(2, strain(suit)),
                Meaning::new("positive response")
                    .hcp(8, 37)
                    .at_least(suit, 5),
            )
            .when(move |h| good_suit(h, suit)),
        );
    }
    for suit in [Suit::Diamonds, Suit::Clubs] {
        rules.push(
            rule(
                bid(3, strain(suit)),
                Meaning::new("positive response")
                    .hcp(8, 37)
                    .at_least(suit, 5),
            )
            .when(move |h| good_suit(h, suit)),
        );
    }
    rules.push(rule(
        bid(2, Strain::Notrump),
        Meaning::new("positive response, balanced")
            .hcp(8, 37)
            .balanced(),
    ));
    if a.allows(2, Strain::Diamonds) {
        rules.push(rule(bid(2, Strain::Diamonds), Meaning::new("waiting 2D")));
    }
    rules.push(rule(Call::Pass, Meaning::new("pass")));
    rules
}

/// Responses to partner's one of a suit, the opponents silent (or a
/// takeout double on the right).
fn one_suit_responses(a: &Auction<'_>, opened: Suit) -> Vec<Rule> {
    let s = strain(opened);
    let mut rules = Vec::new();
    let major = matches!(opened, Suit::Spades | Suit::Hearts);
    if major {
        rules.push(rule(
            bid(2, Strain::Notrump),
            Meaning::new("Jacoby 2NT: a forcing raise")
                .hcp(13, 37)
                .at_least(opened, 4),
        ));
        rules.push(rule(
            bid(4, s),
            Meaning::new("preemptive raise to game")
                .hcp(0, 9)
                .at_least(opened, 5),
        ));
        rules.push(rule(
            bid(3, s),
            Meaning::new("limit raise").hcp(10, 12).at_least(opened, 3),
        ));
        rules.push(rule(
            bid(2, s),
            Meaning::new("single raise").hcp(6, 9).at_least(opened, 3),
        ));
        if opened == Suit::Hearts {
            rules.push(rule(
                bid(1, Strain::Spades),
                Meaning::new("new suit at the one level, forcing")
                    .hcp(6, 37)
                    .at_least(Suit::Spades, 4),
            ));
        }
        rules.push(rule(
            bid(3, Strain::Notrump),
            Meaning::new("3NT: balanced, no fit")
                .hcp(15, 17)
                .balanced()
                .at_most(opened, 2),
        ));
        for other in [Suit::Hearts, Suit::Diamonds, Suit::Clubs] {
            if other == opened || rank(strain(other)) > rank(s) {
                continue;
            }
            let need = if other == Suit::Hearts { 5 } else { 4 };
            rules.push(
                rule(
                    bid(2, strain(other)),
                    Meaning::new("new suit at the two level, forcing")
                        .hcp(11, 37)
                        .at_least(other, need)
                        .at_most(opened, 3),
                )
                .when(move |h| {
                    // The longest suit that can be shown, diamonds before
                    // clubs at equal length.
                    [Suit::Hearts, Suit::Diamonds, Suit::Clubs]
                        .into_iter()
                        .filter(|&x| x != opened && rank(strain(x)) < rank(strain(opened)))
                        .all(|x| len(h, x) <= len(h, other))
                }),
            );
        }
        rules.push(rule(
            bid(1, Strain::Notrump),
            Meaning::new("1NT response").hcp(6, 12),
        ));
    } else {
        rules.push(
            rule(
                bid(1, Strain::Hearts),
                Meaning::new("new suit at the one level, forcing")
                    .hcp(6, 37)
                    .at_least(Suit::Hearts, 4),
            )
            .when(|h| {
                let (hh, ss) = (len(h, Suit::Hearts), len(h, Suit::Spades));
                hh > ss || (hh == ss && hh == 4)
            }),
        );
        rules.push(rule(
            bid(1, Strain::Spades),
            Meaning::new("new suit at the one level, forcing")
                .hcp(6, 37)
                .at_least(Suit::Spades, 4),
        ));
        if opened == Suit::Clubs {
            rules.push(rule(
                bid(1, Strain::Diamonds),
                Meaning::new("new suit at the one level, forcing")
                    .hcp(6, 37)
                    .at_least(Suit::Diamonds, 4)
                    .at_most(Suit::Hearts, 3)
                    .at_most(Suit::Spades, 3),
            ));
        }
        let no_major = |m: Meaning| m.at_most(Suit::Hearts, 3).at_most(Suit::Spades, 3);
        rules.push(rule(
            bid(3, Strain::Notrump),
            no_major(
                Meaning::new("3NT: balanced, no major")
                    .hcp(13, 15)
                    .balanced(),
            ),
        ));
        rules.push(rule(
            bid(2, Strain::Notrump),
            no_major(
                Meaning::new("2NT: invitational, balanced")
                    .hcp(11, 12)
                    .balanced(),
            ),
        ));
        if opened == Suit::Diamonds {
            rules.push(rule(
                bid(2, Strain::Clubs),
                no_major(
                    Meaning::new("new suit at the two level, forcing")
                        .hcp(11, 37)
                        .at_least(Suit::Clubs, 4),
                ),
            ));
        }
        rules.push(rule(
            bid(3, s),
            no_major(Meaning::new("limit raise").hcp(10, 12).at_least(opened, 4)),
        ));
        rules.push(rule(
            bid(2, s),
            no_major(Meaning::new("single raise").hcp(6, 10).at_least(opened, 4)),
        ));
        rules.push(rule(
            bid(1, Strain::Notrump),
            no_major(Meaning::new("1NT response").hcp(6, 12)),
        ));
        rules.push(rule(
            bid(3, Strain::Notrump),
            no_major(Meaning::new("3NT: no major").hcp(13, 37)),
        ));
    }
    rules.push(rule(Call::Pass, Meaning::new("pass").hcp(0, 5)));
    // A hand too strong for the rules above that fit no bid still bids.
    rules.push(rule(
        bid(a.cheapest(Strain::Notrump).max(1), Strain::Notrump),
        Meaning::new("notrump, nothing else fits"),
    ));
    rules
}

/// Over partner's one of a suit when the right-hand opponent bid:
/// raises, the cue-bid raise, negative and penalty doubles, new suits,
/// notrump.
fn contested_responses(a: &Auction<'_>, opened: Suit) -> Vec<Rule> {
    let theirs = their_suits(a);
    let their_bid = a.last_bid().expect("their overcall");
    let mut rules = Vec::new();
    let s = strain(opened);
    if let Some(&their) = theirs.first() {
        let cue = a.cheapest(strain(their));
        if cue <= 3 {
            rules.push(rule(
                bid(cue, strain(their)),
                Meaning::new("cue-bid raise: a limit raise or better")
                    .hcp(10, 37)
                    .at_least(opened, 3),
            ));
        }
    }
    let major = matches!(opened, Suit::Spades | Suit::Hearts);
    let raise = a.cheapest(s);
    if raise <= 3 && major {
        rules.push(rule(
            bid(raise, s),
            Meaning::new("raise over their overcall")
                .hcp(6, 9)
                .at_least(opened, 3),
        ));
    }
    let unbid_majors: Vec<Suit> = MAJORS
        .into_iter()
        .filter(|m| *m != opened && !theirs.contains(m))
        .collect();
    let level = their_bid.level;
    if level == 1 || (level == 2 && rank(their_bid.strain) <= rank(Strain::Spades)) {
        let floor = if level == 1 { 6 } else { 8 };
        if !unbid_majors.is_empty() {
            let majors = unbid_majors.clone();
            rules.push(
                rule(
                    Call::Double,
                    Meaning::new("negative double: the unbid major(s)").hcp(floor, 37),
                )
                .when(move |h| majors.iter().any(|&m| len(h, m) >= 4)),
            );
        }
    }
    if raise <= 3 && !major {
        rules.push(rule(
            bid(raise, s),
            Meaning::new("raise over their overcall")
                .hcp(6, 9)
                .at_least(opened, 5),
        ));
    }
    if let Some(&their) = theirs.first() {
        rules.push(rule(
            Call::Double,
            Meaning::new("penalty double of their overcall")
                .hcp(10, 37)
                .at_least(their, 4),
        ));
    }
    for suit in Suit::ALL {
        if suit == opened || theirs.contains(&suit) {
            continue;
        }
        let l = a.cheapest(strain(suit));
        let (floor, need) = if l == 1 { (6, 4) } else { (10, 5) };
        if l <= 2 {
            rules.push(rule(
                bid(l, strain(suit)),
                Meaning::new("new suit over their overcall, forcing")
                    .hcp(floor, 37)
                    .at_least(suit, need),
            ));
        }
    }
    for (nt, lo, hi) in [(1, 8, 10), (2, 11, 12), (3, 13, 37)] {
        if a.allows(nt, Strain::Notrump) {
            let stop = theirs.clone();
            rules.push(
                rule(
                    bid(nt, Strain::Notrump),
                    Meaning::new("notrump with their suit stopped").hcp(lo, hi),
                )
                .when(move |h| stop.iter().all(|&x| stopper(h, x))),
            );
        }
    }
    rules.push(rule(Call::Pass, Meaning::new("pass")));
    rules
}

/// The opener's second call after partner's first response.
fn opener_rebids(
    ctx: &Context<'_>,
    opened: Strain,
    level: u8,
    answer: Strain,
    answer_level: u8,
) -> Vec<Rule> {
    let a = &ctx.auction;
    let mut rules = Vec::new();
    if level != 1 || opened == Strain::Notrump {
        return continuation(ctx);
    }
    let mine = opened.trump().expect("a suit");
    let partner_rule = ctx.rule_of_last(Who::Partner);
    let major = matches!(mine, Suit::Spades | Suit::Hearts);
    if answer == opened {
        // A raise of my suit: slam by Blackwood with 33 together.
        let partner = ctx.shown(Who::Partner);
        let p_mid = (partner.hcp.min + partner.hcp.max.min(partner.hcp.min + 8)) / 2;
        if a.allows(4, Strain::Notrump) {
            rules.push(rule(
                bid(4, Strain::Notrump),
                Meaning::new("Blackwood (RKCB 1430)").hcp(33u32.saturating_sub(p_mid), 37),
            ));
        }
        match partner_rule {
            "single raise" | "raise over their overcall" => {
                if major {
                    rules.push(rule(
                        bid(4, opened),
                        Meaning::new("game after a single raise").hcp(19, 37),
                    ));
                    rules.push(rule(
                        bid(3, opened),
                        Meaning::new("invitation after a single raise").hcp(16, 18),
                    ));
                } else {
                    rules.push(rule(
                        bid(3, Strain::Notrump),
                        Meaning::new("3NT after a single raise").hcp(18, 21),
                    ));
                }
            }
            "limit raise" | "cue-bid raise: a limit raise or better" => {
                let game = if major {
                    bid(4, opened)
                } else {
                    bid(3, Strain::Notrump)
                };
                rules.push(rule(
                    game,
                    Meaning::new("game after a limit raise").hcp(14, 37),
                ));
            }
            _ => {}
        }
        rules.push(rule(Call::Pass, Meaning::new("pass")));
        return legal(a, rules);
    }
    if partner_rule == "Jacoby 2NT: a forcing raise" {
        rules.push(rule(
            bid(3, opened),
            Meaning::new("slam interest after Jacoby 2NT").hcp(16, 37),
        ));
        rules.push(rule(
            bid(4, opened),
            Meaning::new("minimum after Jacoby 2NT").hcp(0, 15),
        ));
        return rules;
    }
    if let Some(theirs) = answer.trump() {
        // Partner's new suit: raise with four.
        let raise = a.cheapest(answer);
        let their_major = matches!(theirs, Suit::Spades | Suit::Hearts);
        if their_major || answer_level == 2 {
            rules.push(rule(
                bid(raise + 2, answer),
                Meaning::new("raise to game")
                    .hcp(19, 21)
                    .at_least(theirs, 4),
            ));
            rules.push(rule(
                bid(raise + 1, answer),
                Meaning::new("jump raise, invitational")
                    .hcp(16, 18)
                    .at_least(theirs, 4),
            ));
            rules.push(rule(
                bid(raise, answer),
                Meaning::new("raise of partner's suit")
                    .hcp(12, 15)
                    .at_least(theirs, 4),
            ));
        }
        // A second suit at the one level.
        if answer_level == 1 {
            for second in MAJORS {
                if second != mine && second != theirs && a.allows(1, strain(second)) {
                    rules.push(rule(
                        bid(1, strain(second)),
                        Meaning::new("second suit at the one level")
                            .hcp(12, 18)
                            .at_least(second, 4),
                    ));
                }
            }
            rules.push(rule(
                bid(2, Strain::Notrump),
                Meaning::new("2NT rebid").hcp(18, 19).balanced(),
            ));
            rules.push(rule(
                bid(1, Strain::Notrump),
                Meaning::new("1NT rebid").hcp(12, 14).balanced(),
            ));
        }
    }
    if answer == Strain::Notrump {
        if answer_level == 1 {
            rules.push(rule(
                bid(2, Strain::Notrump),
                Meaning::new("2NT rebid").hcp(18, 19).balanced(),
            ));
        } else if answer_level == 2 {
            rules.push(rule(
                bid(3, Strain::Notrump),
                Meaning::new("3NT after an invitation").hcp(14, 21),
            ));
        }
    }
    let own = a.cheapest(opened);
    rules.push(rule(
        bid(own + 1, opened),
        Meaning::new("jump rebid of a six-card suit")
            .hcp(16, 18)
            .at_least(mine, 6),
    ));
    rules.push(rule(
        bid(own, opened),
        Meaning::new("rebid of a six-card suit")
            .hcp(12, 15)
            .at_least(mine, 6),
    ));
    for second in Suit::ALL {
        if second == mine || Some(second) == answer.trump() {
            continue;
        }
        let l = a.cheapest(strain(second));
        if l == 2 && rank(strain(second)) < rank(opened) {
            rules.push(rule(
                bid(2, strain(second)),
                Meaning::new("second suit, lower ranking")
                    .hcp(12, 18)
                    .at_least(second, 4),
            ));
        }
    }
    if answer_level >= 2 || answer == Strain::Notrump {
        // Partner forced or showed values: settle where the points say.
        rules.extend(continuation(ctx));
        return legal(a, rules);
    }
    rules.push(rule(
        bid(a.cheapest(Strain::Notrump), Strain::Notrump),
        Meaning::new("notrump rebid, nothing else fits"),
    ));
    legal(a, rules)
}

/// The rules that are legal now, with a pass at the end if none is left.
fn legal(a: &Auction<'_>, rules: Vec<Rule>) -> Vec<Rule> {
    let mut out: Vec<Rule> = rules
        .into_iter()
        .filter(|r| match r.call {
            Call::Bid(level, strain) => a.allows(level, strain),
            Call::Pass => true,
            other => other.is_legal_after(a.calls),
        })
        .collect();
    if !out
        .iter()
        .any(|r| r.call == Call::Pass && r.meaning.shows.is_unconstrained())
    {
        out.push(rule(Call::Pass, Meaning::new("pass")));
    }
    out
}

/// Over an opponent's opening, in the direct seat (or over their response).
fn overcalls(a: &Auction<'_>, theirs: &[Suit]) -> Vec<Rule> {
    let last = a.last_bid().expect("their bid");
    let mut rules = Vec::new();
    let stop = theirs.to_vec();
    if last.level == 1 && a.allows(1, Strain::Notrump) {
        rules.push(
            rule(
                bid(1, Strain::Notrump),
                Meaning::new("1NT overcall").hcp(15, 18).balanced(),
            )
            .when(move |h| stop.iter().all(|&s| stopper(h, s))),
        );
    }
    if a.last_call().is_some_and(|c| matches!(c, Call::Bid(..))) {
        rules.push(rule(
            Call::Double,
            Meaning::new("takeout double").hcp(18, 37),
        ));
    }
    for suit in Suit::ALL {
        if theirs.contains(&suit) {
            continue;
        }
        let l = a.cheapest(strain(suit));
        if l < 3 {
            rules.push(
                rule(
                    bid(l + 1, strain(suit)),
                    Meaning::new("weak jump overcall")
                        .hcp(5, 10)
                        .at_least(suit, 6),
                )
                .when(move |h| good_suit(h, suit)),
            );
        }
    }
    for suit in Suit::ALL {
        if theirs.contains(&suit) {
            continue;
        }
        let l = a.cheapest(strain(suit));
        let (floor, need) = match l {
            1 => (8, 5),
            2 => (10, 5),
            _ => (12, 6),
        };
        if l <= 3 {
            rules.push(
                rule(
                    bid(l, strain(suit)),
                    Meaning::new("overcall").hcp(floor, 17).at_least(suit, need),
                )
                .when(move |h| good_suit(h, suit)),
            );
        }
    }
    if a.last_call().is_some_and(|c| matches!(c, Call::Bid(..))) {
        let mut m = Meaning::new("takeout double").hcp(12, 37);
        for s in Suit::ALL {
            m = if theirs.contains(&s) {
                m.at_most(s, 2)
            } else {
                m.at_least(s, 3)
            };
        }
        rules.push(rule(Call::Double, m));
    }
    rules.push(rule(Call::Pass, Meaning::new("pass")));
    legal(a, rules)
}

/// In the pass-out seat after their opening and two passes: lighter
/// doubles and overcalls, 1NT with 11-14.
fn balancing_calls(a: &Auction<'_>, theirs: &[Suit]) -> Vec<Rule> {
    let last = a.last_bid().expect("their bid");
    let mut rules = Vec::new();
    rules.push(rule(
        Call::Double,
        Meaning::new("balancing takeout double").hcp(15, 37),
    ));
    if last.level == 1 && a.allows(1, Strain::Notrump) {
        let stop = theirs.to_vec();
        rules.push(
            rule(
                bid(1, Strain::Notrump),
                Meaning::new("balancing 1NT").hcp(11, 14).balanced(),
            )
            .when(move |h| stop.iter().all(|&s| stopper(h, s))),
        );
    }
    for suit in Suit::ALL {
        if theirs.contains(&suit) {
            continue;
        }
        let l = a.cheapest(strain(suit));
        if l <= 2 {
            rules.push(rule(
                bid(l, strain(suit)),
                Meaning::new("balancing overcall")
                    .hcp(7, 16)
                    .at_least(suit, 5),
            ));
        }
    }
    let mut m = Meaning::new("balancing takeout double").hcp(8, 37);
    for s in Suit::ALL {
        m = if theirs.contains(&s) {
            m.at_most(s, 2)
        } else {
            m.at_least(s, 3)
        };
    }
    rules.push(rule(Call::Double, m));
    rules.push(rule(Call::Pass, Meaning::new("pass")));
    legal(a, rules)
}

/// Answering partner's takeout double.
fn advance_double(ctx: &Context<'_>) -> Vec<Rule> {
    let a = &ctx.auction;
    let theirs = their_suits(a);
    let free = a.last_call() != Some(Call::Pass);
    let mut rules = Vec::new();
    if let Some(&their) = theirs.last() {
        let cue = a.cheapest(strain(their));
        if cue <= 3 {
            rules.push(rule(
                bid(cue, strain(their)),
                Meaning::new("cue-bid: game forcing answer to a double").hcp(12, 37),
            ));
        }
        if !free {
            rules.push(rule(
                Call::Pass,
                Meaning::new("penalty pass of their doubled contract").at_least(their, 6),
            ));
        }
    }
    let unbid: Vec<Suit> = Suit::ALL
        .into_iter()
        .filter(|s| !theirs.contains(s))
        .collect();
    let best = move |h: Hand, suit: Suit, among: &[Suit]| {
        let score = |s: Suit| 2 * len(h, s) + u32::from(matches!(s, Suit::Spades | Suit::Hearts));
        among.iter().all(|&s| score(s) <= score(suit))
    };
    for &suit in &unbid {
        let l = a.cheapest(strain(suit));
        let among = unbid.clone();
        if matches!(suit, Suit::Spades | Suit::Hearts) && l < 4 {
            rules.push(
                rule(
                    bid(l + 1, strain(suit)),
                    Meaning::new("jump answer to a double, invitational")
                        .hcp(9, 11)
                        .at_least(suit, 4),
                )
                .when(move |h| best(h, suit, &among)),
            );
        }
    }
    let stop = theirs.clone();
    let nt = a.cheapest(Strain::Notrump);
    if nt <= 2 {
        let (lo, hi) = if nt == 1 { (6, 10) } else { (11, 12) };
        rules.push(
            rule(
                bid(nt, Strain::Notrump),
                Meaning::new("notrump answer to a double, their suit stopped").hcp(lo, hi),
            )
            .when(move |h| stop.iter().all(|&s| stopper(h, s))),
        );
    }
    for &suit in &unbid {
        let l = a.cheapest(strain(suit));
        let among = unbid.clone();
        let floor = if free { 6 } else { 0 };
        if l <= 3 {
            rules.push(
                rule(
                    bid(l, strain(suit)),
                    Meaning::new("answer to a double")
                        .hcp(floor, 11)
                        .at_least(suit, 3),
                )
                .when(move |h| best(h, suit, &among)),
            );
        }
    }
    rules.push(rule(Call::Pass, Meaning::new("pass")));
    legal(a, rules)
}

/// Answering partner's overcall in `theirs_strain`.
fn advance_overcall(ctx: &Context<'_>, partner_strain: Strain) -> Vec<Rule> {
    let a = &ctx.auction;
    let theirs = their_suits(a);
    let Some(partner_suit) = partner_strain.trump() else {
        return continuation(ctx);
    };
    let mut rules = Vec::new();
    if let Some(&their) = theirs.first() {
        let cue = a.cheapest(strain(their));
        if cue <= 3 {
            rules.push(rule(
                bid(cue, strain(their)),
                Meaning::new("cue-bid raise of partner's overcall")
                    .hcp(10, 37)
                    .at_least(partner_suit, 3),
            ));
        }
    }
    let raise = a.cheapest(partner_strain);
    if raise < 4 {
        rules.push(rule(
            bid(raise + 1, partner_strain),
            Meaning::new("preemptive jump raise of partner's overcall")
                .hcp(0, 8)
                .at_least(partner_suit, 4),
        ));
    }
    rules.push(rule(
        bid(raise, partner_strain),
        Meaning::new("raise of partner's overcall")
            .hcp(6, 9)
            .at_least(partner_suit, 3),
    ));
    let stop = theirs.clone();
    let nt = a.cheapest(Strain::Notrump);
    for (l, lo, hi) in [(1, 8, 11), (2, 12, 14), (3, 15, 37)] {
        if l >= nt {
            let stop = stop.clone();
            rules.push(
                rule(
                    bid(l, Strain::Notrump),
                    Meaning::new("notrump over partner's overcall, their suit stopped").hcp(lo, hi),
                )
                .when(move |h| stop.iter().all(|&s| stopper(h, s))),
            );
        }
    }
    for suit in Suit::ALL {
        if suit == partner_suit || theirs.contains(&suit) {
            continue;
        }
        let l = a.cheapest(strain(suit));
        if l <= 3 {
            rules.push(rule(
                bid(l, strain(suit)),
                Meaning::new("new suit over partner's overcall")
                    .hcp(8, 14)
                    .at_least(suit, 5),
            ));
        }
    }
    rules.push(rule(Call::Pass, Meaning::new("pass")));
    legal(a, rules)
}

/// The conventions' continuations: answers to Stayman and transfers,
/// after 2C, Blackwood's answers and the asker's decision.
fn conventions(ctx: &Context<'_>) -> Option<Vec<Rule>> {
    let a = &ctx.auction;
    let partner_rule = ctx.rule_of_last(Who::Partner);
    let rho_passed = a.last_call() == Some(Call::Pass);
    let my_rule = ctx.rule_of_last(Who::Me);
    let shift = |l: u8| if my_rule == "opening 2NT" { l + 1 } else { l };
    match partner_rule {
        "Stayman: asks for a four-card major" if rho_passed => Some(vec![
            rule(
                bid(shift(2), Strain::Hearts),
                Meaning::new("Stayman answer: four hearts").at_least(Suit::Hearts, 4),
            ),
            rule(
                bid(shift(2), Strain::Spades),
                Meaning::new("Stayman answer: four spades, not four hearts")
                    .at_least(Suit::Spades, 4)
                    .at_most(Suit::Hearts, 3),
            ),
            rule(
                bid(shift(2), Strain::Diamonds),
                Meaning::new("Stayman answer: no four-card major")
                    .at_most(Suit::Hearts, 3)
                    .at_most(Suit::Spades, 3),
            ),
        ]),
        "Jacoby transfer to hearts" | "Jacoby transfer to spades" if rho_passed => {
            let suit = if partner_rule.ends_with("hearts") {
                Suit::Hearts
            } else {
                Suit::Spades
            };
            let l = a.cheapest(strain(suit));
            Some(vec![
                rule(
                    bid(l + 1, strain(suit)),
                    Meaning::new("transfer super-accepted")
                        .hcp(17, 17)
                        .at_least(suit, 4),
                ),
                rule(bid(l, strain(suit)), Meaning::new("transfer completed")),
            ])
        }
        "Blackwood (RKCB 1430)" => {
            let trump = agreed_suit(ctx).unwrap_or(Suit::Spades);
            let count = move |h: Hand| keycards(h, trump);
            Some(legal(
                a,
                vec![
                    rule(
                        bid(5, Strain::Clubs),
                        Meaning::new("RKCB answer: one or four keycards"),
                    )
                    .when(move |h| matches!(count(h), 1 | 4)),
                    rule(
                        bid(5, Strain::Diamonds),
                        Meaning::new("RKCB answer: none or three keycards"),
                    )
                    .when(move |h| matches!(count(h), 0 | 3)),
                    rule(
                        bid(5, Strain::Hearts),
                        Meaning::new("RKCB answer: two keycards, not the trump queen"),
                    )
                    .when(move |h| count(h) == 2 && !has(h, trump, Rank::Queen)),
                    rule(
                        bid(5, Strain::Spades),
                        Meaning::new("RKCB answer: two keycards and the trump queen"),
                    )
                    .when(move |h| count(h) == 2 && has(h, trump, Rank::Queen)),
                    rule(
                        bid(5, Strain::Notrump),
                        Meaning::new("RKCB answer: five keycards"),
                    ),
                ],
            ))
        }
        rule_name if rule_name.starts_with("RKCB answer") && my_rule == "Blackwood (RKCB 1430)" => {
            let trump = agreed_suit(ctx).unwrap_or(Suit::Spades);
            let partner_has = move |h: Hand| -> u32 {
                let mine = keycards(h, trump);
                let theirs: &[u32] = match rule_name {
                    "RKCB answer: one or four keycards" => &[1, 4],
                    "RKCB answer: none or three keycards" => &[0, 3],
                    "RKCB answer: five keycards" => &[5],
                    _ => &[2],
                };
                // The reading that fits the five keycards there are.
                theirs
                    .iter()
                    .copied()
                    .filter(|k| mine + k <= 5)
                    .max()
                    .unwrap_or(0)
                    + mine
            };
            let t = strain(trump);
            Some(legal(
                a,
                vec![
                    rule(bid(6, t), Meaning::new("small slam after Blackwood"))
                        .when(move |h| partner_has(h) >= 4),
                    rule(
                        bid(5, t),
                        Meaning::new("sign-off after Blackwood, two keycards missing"),
                    ),
                ],
            ))
        }
        _ => None,
    }
}

/// The suit our side has agreed: a suit both partners have bid, else the
/// last suit partner bid.
fn agreed_suit(ctx: &Context<'_>) -> Option<Suit> {
    let a = &ctx.auction;
    let mine: Vec<Suit> = a
        .bids_of(Who::Me)
        .iter()
        .filter_map(|b| b.strain.trump())
        .collect();
    let partner: Vec<Suit> = a
        .bids_of(Who::Partner)
        .iter()
        .filter_map(|b| b.strain.trump())
        .collect();
    mine.iter()
        .rev()
        .find(|s| partner.contains(s))
        .copied()
        .or_else(|| partner.last().copied())
        .or_else(|| mine.last().copied())
}

/// Every later call: the captain's placement from what partner has
/// shown, competing by the law of total tricks, penalty doubles of high
/// contracts, slams by Blackwood.
fn continuation(ctx: &Context<'_>) -> Vec<Rule> {
    let a = &ctx.auction;
    let partner = ctx.shown(Who::Partner);
    let p_min = partner.hcp.min;
    let p_mid = (partner.hcp.min + partner.hcp.max.min(p_min + 8)) / 2;
    let partner_len = |s: Suit| partner.length[s.index()].min;
    let last = a.last_bid();
    let theirs = their_suits(a);
    let ours = our_suits(a);
    let mut rules = Vec::new();
    let they_hold = last.is_some_and(|b| b.who.is_opponent());
    // Our fits, majors first, the longest first.
    let mut fits: Vec<Suit> = Suit::ALL
        .into_iter()
        .filter(|s| !theirs.contains(s) && partner_len(*s) >= 3)
        .collect();
    fits.sort_by_key(|s| {
        (
            std::cmp::Reverse(u32::from(matches!(s, Suit::Spades | Suit::Hearts))),
            std::cmp::Reverse(partner_len(*s)),
        )
    });
    if they_hold {
        let last = last.expect("their bid");
        // A penalty double of a high contract.
        if (last.level >= 4 || (last.level == 3 && last.strain == Strain::Notrump))
            && a.last_call() != Some(Call::Double)
            && partner.hcp.min >= 8
        {
            match last.strain.trump() {
                Some(t) => rules.push(rule(
                    Call::Double,
                    Meaning::new("penalty double of a high contract")
                        .hcp(8, 37)
                        .at_least(t, 4),
                )),
                None => rules.push(rule(
                    Call::Double,
                    Meaning::new("penalty double of a high contract").hcp(14, 37),
                )),
            }
        }
        // Competing by the law of total tricks.
        for &fit in &fits {
            let l = a.cheapest(strain(fit));
            if l <= 4 {
                let need = (u32::from(l) + 6).saturating_sub(partner_len(fit)).max(3);
                rules.push(rule(
                    bid(l, strain(fit)),
                    Meaning::new("competing by the law of total tricks")
                        .hcp(5, 37)
                        .at_least(fit, need),
                ));
            }
        }
        // Balancing when their part score would stand.
        let passed_out = a.calls.len() >= 2
            && a.calls[a.calls.len() - 1] == Call::Pass
            && a.calls[a.calls.len() - 2] == Call::Pass
            && last.level <= 2;
        if passed_out && ours.is_empty() {
            let mut m = Meaning::new("balancing takeout double").hcp(8, 37);
            for s in Suit::ALL {
                m = if theirs.contains(&s) {
                    m.at_most(s, 2)
                } else {
                    m.at_least(s, 3)
                };
            }
            rules.push(rule(Call::Double, m));
            for s in Suit::ALL {
                if !theirs.contains(&s) && a.cheapest(strain(s)) <= 3 {
                    rules.push(rule(
                        bid(a.cheapest(strain(s)), strain(s)),
                        Meaning::new("balancing overcall").hcp(8, 16).at_least(s, 5),
                    ));
                }
            }
        }
        rules.push(rule(Call::Pass, Meaning::new("pass")));
        return legal(a, rules);
    }
    // Our auction: place the contract.
    let fit = fits.first().copied();
    let slam_floor = 33u32.saturating_sub(p_mid);
    let game_floor = 25u32.saturating_sub(p_mid);
    let asked = a.calls_of(Who::Me).contains(&bid(4, Strain::Notrump))
        || a.calls_of(Who::Partner).contains(&bid(4, Strain::Notrump));
    if let Some(f) = fit {
        if !asked && a.allows(4, Strain::Notrump) {
            let need = 8u32.saturating_sub(partner_len(f)).max(3);
            rules.push(rule(
                bid(4, Strain::Notrump),
                Meaning::new("Blackwood (RKCB 1430)")
                    .hcp(slam_floor, 37)
                    .at_least(f, need),
            ));
        }
    } else if a.allows(6, Strain::Notrump) {
        rules.push(rule(
            bid(6, Strain::Notrump),
            Meaning::new("slam in notrump").hcp(slam_floor, 37),
        ));
    }
    if let Some(f) = fit {
        let need = 8u32.saturating_sub(partner_len(f)).max(2);
        let major = matches!(f, Suit::Spades | Suit::Hearts);
        if major && a.allows(4, strain(f)) {
            rules.push(rule(
                bid(4, strain(f)),
                Meaning::new("game in our fit")
                    .hcp(game_floor, 37)
                    .at_least(f, need),
            ));
        }
        if !major && a.allows(3, Strain::Notrump) {
            let stop = theirs.clone();
            rules.push(
                rule(
                    bid(3, Strain::Notrump),
                    Meaning::new("game in notrump").hcp(game_floor, 37),
                )
                .when(move |h| stop.iter().all(|&s| stopper(h, s))),
            );
        }
        if !major && a.allows(5, strain(f)) {
            rules.push(rule(
                bid(5, strain(f)),
                Meaning::new("game in our fit")
                    .hcp(game_floor + 3, 37)
                    .at_least(f, need),
            ));
        }
    } else if a.allows(3, Strain::Notrump) {
        rules.push(rule(
            bid(3, Strain::Notrump),
            Meaning::new("game in notrump").hcp(game_floor, 37),
        ));
    }
    // A six-card suit of my own when partner has shown no fit for the
    // contract we are in.
    if let Some(last) = last {
        if last.who == Who::Partner && last.level <= 2 {
            for s in Suit::ALL {
                if Some(s) != last.strain.trump()
                    && !theirs.contains(&s)
                    && a.allows(last.level.max(a.cheapest(strain(s))), strain(s))
                {
                    let l = a.cheapest(strain(s));
                    if l <= 3 && partner_len(s) <= 2 {
                        rules.push(
                            rule(
                                bid(l, strain(s)),
                                Meaning::new("a long suit of my own")
                                    .hcp(0, game_floor.saturating_sub(1))
                                    .at_least(s, 6),
                            )
                            .when(move |h| last.strain.trump().is_none_or(|p| len(h, p) <= 1)),
                        );
                    }
                }
            }
        }
    }
    rules.push(rule(Call::Pass, Meaning::new("pass")));
    legal(a, rules)
}

//! Seeded deal sets to a contract, saved as PBN with the parameters that
//! made them, and read back with line-numbered errors.
//!
//! Kinds:
//! - `3nt`: 3NT by South after 1NT (South) - pass - 3NT - all pass. South
//!   has 15-17 and a balanced hand; North 10-15 with at most three cards
//!   in each major (no reason to look for a major fit: no Stayman, no
//!   transfer); West and East, who passed, at most 14 and no suit longer
//!   than five.
//! - `7nt`: 7NT by South; North and South at least 13 each and 34
//!   together, so the defenders hold at most 6.
//! - `reduced`: every hand `cards` cards drawn from the whole deck,
//!   notrump by South, West on lead, as in the papers' 32- and 36-card
//!   deals. The cards are the top ones of each suit (with 8 cards per hand,
//!   the 7 to the ace), as a reduced deck is made. When declarer's side
//!   would take fewer than half the tricks, the deal is turned a quarter
//!   so that the declaring side holds the stronger cards. The goal is declarer's double-dummy tricks (`dd`), every trick
//!   with the deal kept only when that is makeable double dummy (`all`, a
//!   grand slam in small), or just the tricks (`tricks`, no contract, as in
//!   the recursive Monte Carlo paper).
//!
//! Endings: with `after_tricks` set, the first tricks of each deal are
//! played double dummy by all four players (a best card chosen at random
//! among equals), and the set's boards start from there: the first alpha-mu
//! paper's 36-card deals are 3NT deals after four tricks. The cards played
//! are saved in the PBN play section.
//!
//! The filter of the first alpha-mu paper keeps deals on which PIMC's
//! chance lies in a range (30% to 70% there). We estimate that chance as
//! PIMC does where the board starts: the fraction of `filter_worlds`
//! worlds drawn from declarer's view and the auction in which declarer
//! makes the contract double dummy. With [`FilterPoint::AfterLead`] the
//! chance is taken after the opening lead instead, the lead chosen by a
//! PIMC defender over as many worlds: before the lead, declarer's chance
//! over worlds says little of how PIMC fares in play against PIMC's
//! defence (EXPERIMENTS.md, "The 3NT deal population").

use bridge::{PlayState, Position};
use cards::{Card, Deal, Seat, Strain};
use players::player::{Board, PlayerSpec};
use players::seed::derive;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;
use worlds::Constraints;

/// The auction of 1NT - 3NT as constraints.
pub const THREE_NT_CONSTRAINTS: &str = "hcp(south) >= 15 && hcp(south) <= 17 && balanced(south) \
     && hcp(north) >= 10 && hcp(north) <= 15 && spades(north) <= 3 && hearts(north) <= 3 \
     && hcp(west) <= 14 && spades(west) <= 5 && hearts(west) <= 5 && diamonds(west) <= 5 && clubs(west) <= 5 \
     && hcp(east) <= 14 && spades(east) <= 5 && hearts(east) <= 5 && diamonds(east) <= 5 && clubs(east) <= 5";

/// A grand slam in notrump as constraints on each hand (the 34 together is
/// checked when dealing).
pub const SEVEN_NT_CONSTRAINTS: &str =
    "hcp(north) >= 13 && hcp(south) >= 13 && hcp(west) <= 6 && hcp(east) <= 6";

/// What declarer aims at in a reduced deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReducedTarget {
    /// Declarer's double-dummy tricks.
    DoubleDummy,
    /// Every trick; only deals where that is makeable double dummy.
    All,
    /// No contract: the number of tricks is the score.
    Tricks,
}

impl FromStr for ReducedTarget {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "dd" => Ok(ReducedTarget::DoubleDummy),
            "all" => Ok(ReducedTarget::All),
            "tricks" => Ok(ReducedTarget::Tricks),
            other => Err(format!(
                "unknown goal {} (dd, all, tricks)",
                cards::quoted(other)
            )),
        }
    }
}

impl fmt::Display for ReducedTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ReducedTarget::DoubleDummy => "dd",
            ReducedTarget::All => "all",
            ReducedTarget::Tricks => "tricks",
        })
    }
}

/// Which cards a reduced deal is made of.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Deck {
    /// The top cards of each suit, as a reduced deck is made (with 8
    /// cards per hand, the 7 to the ace).
    #[default]
    Top,
    /// Cards drawn at random from the whole 52-card deck.
    Full,
}

impl FromStr for Deck {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "top" => Ok(Deck::Top),
            "full" => Ok(Deck::Full),
            other => Err(format!(
                "unknown deck '{other}': top (the top cards of each suit) or full (drawn from all 52)"
            )),
        }
    }
}

/// Where a deal set's filter takes PIMC's chance.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FilterPoint {
    /// Where the board starts.
    #[default]
    Start,
    /// After the opening lead, chosen by a PIMC defender over
    /// `filter_worlds` worlds (boards that start before the lead only).
    AfterLead,
}

impl FromStr for FilterPoint {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "start" => Ok(FilterPoint::Start),
            "lead" => Ok(FilterPoint::AfterLead),
            other => Err(format!(
                "unknown filter point '{other}': start (where the board starts) or lead (after a PIMC opening lead)"
            )),
        }
    }
}

impl fmt::Display for FilterPoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FilterPoint::Start => "start",
            FilterPoint::AfterLead => "lead",
        })
    }
}

/// The kind of deals in a set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// 3NT by South after 1NT - 3NT.
    ThreeNt,
    /// 7NT by South.
    SevenNt,
    /// Whole boards bid by the table manager seat's first, simple system on
    /// all four hands (`bluechip::bidding`): the dealer and vulnerability of
    /// the candidate's board number (North deals board 1, the standard
    /// sixteen-board cycle), the contract and declarer the auction ends
    /// in; a passed-out deal is dropped. Suit contracts, part scores and
    /// games; the auction kept with the board, its calls not yet read as
    /// constraints on the hands.
    Bid,
    /// Whole boards as [`Kind::Bid`], bid by the natural system (crate
    /// `bidding`) on all four hands: competitive auctions, slams and
    /// doubled contracts included; what the calls show is the board's
    /// constraints on the hands, which every hand of the deal meets.
    Natural,
    /// `cards_per_hand` cards per hand, notrump by South.
    Reduced {
        /// Cards in each hand.
        cards_per_hand: usize,
        /// Declarer's goal.
        goal: ReducedTarget,
        /// The cards dealt.
        deck: Deck,
    },
}

/// Everything that makes a deal set; the same spec gives the same deals.
#[derive(Clone, Debug, PartialEq)]
pub struct DealSetSpec {
    /// The kind of deals.
    pub kind: Kind,
    /// How many deals.
    pub count: usize,
    /// The seed of every random choice.
    pub seed: u64,
    /// Keep only deals whose PIMC chance lies in this range.
    pub filter: Option<(f64, f64)>,
    /// Worlds of the PIMC chance (and of the opening lead's PIMC
    /// defender with [`FilterPoint::AfterLead`]).
    pub filter_worlds: usize,
    /// Where the PIMC chance is taken.
    pub filter_at: FilterPoint,
    /// Tricks played double dummy before each board starts (0: boards
    /// start before the opening lead).
    pub after_tricks: usize,
}

/// A deal set that cannot be made or read.
#[derive(Debug, Error)]
pub enum DealSetError {
    /// The parameters make no sense.
    #[error("deal set: {0}")]
    Spec(String),
    /// A line of a PBN file that cannot be read.
    #[error("line {line}: {message}")]
    Line {
        /// 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// No deal passed the filter in many tries.
    #[error("no deal passed in {0} candidates: is the filter too narrow?")]
    Starved(usize),
    /// A board given as the start of a set is not one its spec draws.
    #[error("board {0} is not a deal of this set's spec; make the set anew")]
    NotFromSpec(usize),
}

/// One deal of a set.
#[derive(Clone, Debug)]
pub struct SetBoard {
    /// 1-based board number.
    pub number: usize,
    /// The deal and its goal.
    pub board: Board,
    /// The cards played before the board starts, in order (empty when it
    /// starts before the opening lead).
    pub played: Vec<Card>,
    /// PIMC's chance where the board starts, when it was computed.
    pub pimc_make: Option<f64>,
    /// The record tags of the board (its dealer, vulnerability, auction,
    /// and for a board taken from a game record its name and room), so
    /// that the games a match writes of it say the same; `None` for a deal
    /// drawn in this run (dealt by declarer, nobody vulnerable).
    pub source: Option<Source>,
}

/// What a deal-set board keeps of the game record it was taken from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Source {
    /// The record's board name or number (`[SourceBoard]`).
    pub board: Option<String>,
    /// The room, for a teams match (`[Room]`).
    pub room: Option<records::Room>,
    /// The dealer (`[Dealer]`).
    pub dealer: Option<Seat>,
    /// Who is vulnerable (`[Vulnerable]`).
    pub vul: records::Vulnerability,
    /// The auction, when the record has one (`[Auction]`).
    pub auction: Vec<records::Call>,
}

impl DealSetSpec {
    /// The arguments of `alphamu deals` that make this set.
    #[must_use]
    pub fn arguments(&self) -> String {
        let mut out = match self.kind {
            Kind::ThreeNt => "--kind 3nt".to_string(),
            Kind::SevenNt => "--kind 7nt".to_string(),
            Kind::Bid => "--kind bid".to_string(),
            Kind::Natural => "--kind natural".to_string(),
            Kind::Reduced {
                cards_per_hand,
                goal,
                deck,
            } => format!(
                "--kind reduced --cards {cards_per_hand} --goal {goal}{}",
                if deck == Deck::Full {
                    " --deck full"
                } else {
                    ""
                }
            ),
        };
        out += &format!(" --count {} --seed {}", self.count, self.seed);
        if self.after_tricks > 0 {
            out += &format!(" --after-tricks {}", self.after_tricks);
        }
        if let Some((lo, hi)) = self.filter {
            out += &format!(" --filter {lo}-{hi} --filter-worlds {}", self.filter_worlds);
            if self.filter_at != FilterPoint::Start {
                out += &format!(" --filter-at {}", self.filter_at);
            }
        }
        out
    }

    /// The auction's constraints of this kind.
    #[must_use]
    pub fn constraints(&self) -> Constraints {
        match self.kind {
            Kind::ThreeNt => THREE_NT_CONSTRAINTS.parse().expect("valid constraints"),
            Kind::SevenNt => SEVEN_NT_CONSTRAINTS.parse().expect("valid constraints"),
            Kind::Reduced { .. } | Kind::Bid | Kind::Natural => Constraints::default(),
        }
    }

    fn check(&self) -> Result<(), DealSetError> {
        let hand = match self.kind {
            Kind::Reduced { cards_per_hand, .. } => cards_per_hand,
            _ => 13,
        };
        if self.after_tricks >= hand {
            return Err(DealSetError::Spec(format!(
                "--after-tricks {}: a hand of {hand} cards leaves no trick to play",
                self.after_tricks
            )));
        }
        if let Kind::Reduced {
            cards_per_hand,
            goal,
            ..
        } = self.kind
        {
            if !(1..=13).contains(&cards_per_hand) {
                return Err(DealSetError::Spec(format!(
                    "--cards {cards_per_hand}: a hand has 1 to 13 cards"
                )));
            }
            if goal == ReducedTarget::Tricks && self.filter.is_some() {
                return Err(DealSetError::Spec(
                    "--filter needs a contract; with --goal tricks every deal is made".into(),
                ));
            }
        }
        if let Some((lo, hi)) = self.filter {
            if !(0.0..=1.0).contains(&lo) || !(0.0..=1.0).contains(&hi) || lo > hi {
                return Err(DealSetError::Spec(format!(
                    "--filter {lo}-{hi}: expected LOW-HIGH with 0 <= LOW <= HIGH <= 1"
                )));
            }
            if self.filter_worlds == 0 {
                return Err(DealSetError::Spec(
                    "--filter-worlds must be positive".into(),
                ));
            }
            if self.filter_at == FilterPoint::AfterLead && self.after_tricks > 0 {
                return Err(DealSetError::Spec(format!(
                    "--filter-at lead: the boards start after {} tricks, not before the opening lead",
                    self.after_tricks
                )));
            }
        }
        Ok(())
    }

    /// Candidate `i`: a deal of this kind, or `None` when it is rejected.
    /// The deal of candidate `i` and declarer's target, before the play of
    /// the first tricks and the filter, with the random generator as it
    /// is then; `None` when the candidate is dropped already.
    fn drawn(&self, i: usize, constraints: &Constraints) -> Option<(Deal, usize, ChaCha8Rng)> {
        let mut rng = ChaCha8Rng::seed_from_u64(derive(self.seed, &[i as u64]));
        let (deal, need) = match self.kind {
            Kind::Bid | Kind::Natural => (Deal::random(&mut rng, 13), 0),
            Kind::ThreeNt | Kind::SevenNt => {
                let need = if self.kind == Kind::ThreeNt { 9 } else { 13 };
                let deal = loop {
                    let deal = Deal::random(&mut rng, 13);
                    let ns = deal[Seat::North].hcp() + deal[Seat::South].hcp();
                    if constraints.accepts(deal.hands()) && (self.kind == Kind::ThreeNt || ns >= 34)
                    {
                        break deal;
                    }
                };
                (deal, need)
            }
            Kind::Reduced {
                cards_per_hand,
                goal,
                deck,
            } => {
                let mut deal = match deck {
                    Deck::Top => Deal::random(&mut rng, cards_per_hand),
                    Deck::Full => Deal::random_from_full_deck(&mut rng, cards_per_hand),
                };
                let mut dd = declarer_dd_tricks(&deal);
                if 2 * dd < cards_per_hand && goal != ReducedTarget::Tricks {
                    // Give the declaring side the stronger cards, as an
                    // auction would.
                    let turned = Deal::new(cards::BySeat::from_fn(|s| deal[s.lho()]))
                        .expect("the same cards");
                    let turned_dd = declarer_dd_tricks(&turned);
                    if turned_dd > dd {
                        (deal, dd) = (turned, turned_dd);
                    }
                }
                match goal {
                    ReducedTarget::DoubleDummy => (deal, dd.max(1)),
                    ReducedTarget::All if dd == cards_per_hand => (deal, cards_per_hand),
                    ReducedTarget::All => return None,
                    ReducedTarget::Tricks => (deal, 0),
                }
            }
        };
        Some((deal, need, rng))
    }

    /// The index of the candidate whose deal is `deal`, searched among the
    /// first `limit` candidates (drawing a candidate's deal is cheap; the
    /// filter is not run).
    fn candidate_index(
        &self,
        deal: &Deal,
        constraints: &Constraints,
        limit: usize,
    ) -> Option<usize> {
        (0..limit).into_par_iter().find_first(|&i| {
            self.drawn(i, constraints)
                .is_some_and(|(drawn, _, _)| drawn == *deal)
        })
    }

    fn candidate(&self, i: usize, constraints: &Constraints) -> Option<SetBoard> {
        let (deal, need, mut rng) = self.drawn(i, constraints)?;
        let (board, source) = if matches!(self.kind, Kind::Bid | Kind::Natural) {
            let (board, source) = bid_board(deal, i, self.kind == Kind::Natural)?;
            (board, Some(source))
        } else {
            let board = Board {
                deal,
                strain: Strain::Notrump,
                declarer: Seat::South,
                need,
                constraints: *constraints,
                scoring: notrump_scoring(&deal, need),
            };
            (board, None)
        };
        let played = play_double_dummy(&board, 4 * self.after_tricks, &mut rng);
        let pimc_make = match self.filter {
            None => None,
            Some((lo, hi)) => {
                let make = match self.filter_at {
                    FilterPoint::Start => pimc_chance(
                        &board,
                        &played,
                        self.filter_worlds,
                        derive(self.seed, &[i as u64, 1]),
                    )?,
                    FilterPoint::AfterLead => {
                        // The experiments' PIMC defender (`pimc:w=N`).
                        let leader: PlayerSpec = format!("pimc:w={}", self.filter_worlds)
                            .parse()
                            .expect("a PIMC player");
                        let lead = leader
                            .choose(&board, &played, derive(self.seed, &[i as u64, 2]))
                            .ok()?;
                        pimc_chance(
                            &board,
                            &[lead],
                            self.filter_worlds,
                            derive(self.seed, &[i as u64, 1]),
                        )?
                    }
                };
                if make < lo || make > hi {
                    return None;
                }
                Some(make)
            }
        };
        Some(SetBoard {
            number: 0,
            board,
            played,
            pimc_make,
            source,
        })
    }
}

/// The dealer of board `number` (1-based): North, East, South, West in
/// turn.
#[must_use]
pub fn dealer_of(number: usize) -> Seat {
    Seat::from_index((number + 3) % 4)
}

/// The vulnerability of board `number` (1-based), in the standard cycle of
/// sixteen boards.
#[must_use]
pub fn vulnerability_of(number: usize) -> records::Vulnerability {
    use records::Vulnerability::{All, None, EW, NS};
    const CYCLE: [records::Vulnerability; 16] = [
        None, NS, EW, All, NS, EW, All, None, EW, All, None, NS, All, None, NS, EW,
    ];
    CYCLE[(number - 1) % 16]
}

/// Candidate `i`'s deal bid by the seat's system on all four hands, at the
/// dealer and vulnerability of board `i + 1`: its board (the contract the
/// auction ends in) and what the board keeps of the auction; `None` when
/// it is passed out.
fn bid_board(deal: Deal, i: usize, natural: bool) -> Option<(Board, Source)> {
    let dealer = dealer_of(i + 1);
    let vul = vulnerability_of(i + 1);
    let mut auction: Vec<records::Call> = Vec::new();
    while !records::auction_complete(&auction) {
        let seat = Seat::from_index(dealer.index() + auction.len());
        let call = if natural {
            bidding::choose(deal[seat], dealer, &auction).ok()?.call
        } else {
            bluechip::bidding::call(deal[seat], seat, dealer, &auction)
        };
        auction.push(call);
    }
    let (contract, declarer) = records::contract_of(dealer, &auction)?;
    let constraints = if natural {
        bidding::constraints(dealer, &auction).ok()?
    } else {
        Constraints::default()
    };
    if !constraints.accepts(&cards::BySeat::from_fn(|s| deal[s])) {
        return None;
    }
    let board = Board {
        deal,
        strain: contract.strain,
        declarer,
        need: usize::from(contract.tricks_needed()),
        constraints,
        scoring: Some(bridge::Scoring {
            contract,
            vulnerable: vul.of(declarer.side()),
        }),
    };
    let source = Source {
        board: None,
        room: None,
        dealer: Some(dealer),
        vul,
        auction,
    };
    Some((board, source))
}

/// The first `cards` cards of `board` played double dummy by all four
/// players, each a best card for the side to move, drawn uniformly among
/// the best: the legal cards are tried in a random order and the first that
/// keeps the side's double-dummy tricks is played (one null-window search
/// per card tried instead of every card's exact value).
fn play_double_dummy(board: &Board, cards: usize, rng: &mut ChaCha8Rng) -> Vec<Card> {
    let mut state = PlayState::new(board.deal, board.strain, board.declarer);
    let mut played = Vec::with_capacity(cards);
    while played.len() < cards && !state.is_over() {
        let position = state.position();
        let mut legal: Vec<Card> = position.legal_cards().iter().collect();
        legal.shuffle(rng);
        let card = dd::batch::with_thread_solver(|solver| {
            let best = usize::from(solver.tricks(position));
            legal
                .iter()
                .copied()
                .find(|&card| keeps_tricks(solver, position, card, best))
                .expect("some card keeps the double-dummy value")
        });
        state.play(card).expect("a legal card");
        played.push(card);
    }
    played
}

/// Whether `card` lets the side to move still take `best` tricks from
/// `position` on (its current trick included).
fn keeps_tricks(solver: &mut dd::Solver, position: &Position, card: Card, best: usize) -> bool {
    let side = position.to_move().side();
    let (child, winner) = position.play(card).expect("a legal card");
    let won = usize::from(winner.is_some_and(|w| w.side() == side));
    let Some(need) = best.checked_sub(won).filter(|&n| n > 0) else {
        return true;
    };
    let left = child.tricks_left();
    if need > left {
        false
    } else if child.to_move().side() == side {
        solver.can_take(&child, need as u8)
    } else {
        !solver.can_take(&child, (left - need + 1) as u8)
    }
}

/// South's double-dummy tricks in notrump with West on lead.
fn declarer_dd_tricks(deal: &Deal) -> usize {
    let opening = Position::opening(*deal, Strain::Notrump, Seat::South);
    let west = dd::batch::with_thread_solver(|s| s.tricks(&opening)) as usize;
    opening.tricks_left() - west
}

/// PIMC's chance after `played`: the fraction of `worlds` worlds drawn
/// from declarer's view in which declarer makes the contract double dummy
/// from there. `None` when no world fits.
#[must_use]
pub fn pimc_chance(board: &Board, played: &[Card], worlds: usize, seed: u64) -> Option<f64> {
    let (_, deals) = board.worlds(board.declarer, played, worlds, seed).ok()?;
    let made = deals
        .iter()
        .filter(|d| {
            declarer_total(
                &Board {
                    deal: **d,
                    ..*board
                },
                played,
            ) >= board.need
        })
        .count();
    Some(made as f64 / deals.len() as f64)
}

/// Declarer's tricks won in `played` plus its double-dummy tricks from
/// there.
fn declarer_total(board: &Board, played: &[Card]) -> usize {
    let state = board.replay(played);
    let position = state.position();
    let to_move = dd::batch::with_thread_solver(|s| s.tricks(position)) as usize;
    let side = board.declarer.side();
    let ours = if position.to_move().side() == side {
        to_move
    } else {
        position.tricks_left() - to_move
    };
    state.tricks(side) + ours
}

/// Makes the deal set of `spec`, calling `on_board` with each board in
/// order as soon as it is known (to write it and show progress).
/// Candidates are tried in parallel on the current rayon pool; the set
/// depends only on the spec.
///
/// # Errors
/// [`DealSetError`] for a bad spec, or when a million candidates in a row
/// are rejected.
pub fn generate(
    spec: &DealSetSpec,
    on_board: impl FnMut(&SetBoard),
) -> Result<Vec<SetBoard>, DealSetError> {
    generate_after(spec, Vec::new(), on_board)
}

/// Like [`generate`], starting from `first`, the first boards of the same
/// set (a smaller set made by the same spec, or the part of the set an
/// interrupted run wrote): only the boards after them are made, and
/// `on_board` sees only those. The result is the set [`generate`] makes.
///
/// # Errors
/// As [`generate`], and [`DealSetError::NotFromSpec`] when the last of
/// `first` is not a deal this spec draws.
pub fn generate_after(
    spec: &DealSetSpec,
    first: Vec<SetBoard>,
    mut on_board: impl FnMut(&SetBoard),
) -> Result<Vec<SetBoard>, DealSetError> {
    spec.check()?;
    let constraints = spec.constraints();
    let mut boards = first;
    boards.truncate(spec.count);
    let mut next = match boards.last() {
        None => 0,
        Some(last) => {
            // A set whose filter keeps fewer than one candidate in 10 000
            // would take days to make; past that, `first` is not this set.
            let limit = 1_000_000 + 10_000 * boards.len();
            spec.candidate_index(&last.board.deal, &constraints, limit)
                .ok_or(DealSetError::NotFromSpec(last.number))?
                + 1
        }
    };
    let chunk = 4 * rayon::current_num_threads().max(1);
    let mut since_last = 0;
    while boards.len() < spec.count {
        let found: Vec<Option<SetBoard>> = (next..next + chunk)
            .into_par_iter()
            .map(|i| spec.candidate(i, &constraints))
            .collect();
        next += chunk;
        for mut board in found.into_iter().flatten() {
            if boards.len() == spec.count {
                break;
            }
            board.number = boards.len() + 1;
            on_board(&board);
            boards.push(board);
            since_last = 0;
        }
        since_last += chunk;
        if since_last >= 1_000_000 {
            return Err(DealSetError::Starved(since_last));
        }
    }
    Ok(boards)
}

/// The first lines of a PBN deal set: what made it, as comments.
#[must_use]
pub fn pbn_header(spec: &DealSetSpec) -> String {
    format!(
        "% alphamu deal set, made by: alphamu deals {}\n% PBN 2.1; [Need] is declarer's target in tricks, [Constraints] the auction's, [PimcMake] PIMC's chance where the board starts (after a PIMC opening lead with --filter-at lead), [Play] the cards played before it starts\n\n",
        spec.arguments()
    )
}

/// The scoring of a board this program writes: a full deal is a notrump
/// contract at the level of its target, not vulnerable; a reduced deal
/// has no bridge score.
fn notrump_scoring(deal: &Deal, need: usize) -> Option<bridge::Scoring> {
    (deal[Seat::North].len() == 13 && need >= 7).then(|| bridge::Scoring {
        contract: bridge::Contract {
            level: (need - 6) as u8,
            strain: Strain::Notrump,
            doubling: bridge::Doubling::Undoubled,
        },
        vulnerable: false,
    })
}

/// One board as PBN tags, followed by a blank line. A board taken from a
/// game record keeps its dealer, vulnerability, auction, name and room;
/// a drawn deal is dealt by declarer, nobody vulnerable.
#[must_use]
pub fn pbn_board(board: &SetBoard, event: &str) -> String {
    let b = &board.board;
    // The board's own contract (boards read from game records); else the
    // notrump contract of its target.
    let scoring = b.scoring.or_else(|| notrump_scoring(&b.deal, b.need));
    let contract = scoring.map_or("NT".to_string(), |s| s.contract.to_string());
    let (dealer, vul) = match &board.source {
        Some(s) => (s.dealer, s.vul),
        None => (Some(b.declarer), records::Vulnerability::None),
    };
    let tag =
        |out: &mut String, name: &str, value: &str| out.push_str(&records::pbn_tag(name, value));
    let mut out = String::new();
    tag(&mut out, "Event", event);
    tag(&mut out, "Board", &board.number.to_string());
    tag(
        &mut out,
        "Dealer",
        &dealer.map_or(String::new(), |d| d.to_string()),
    );
    tag(&mut out, "Vulnerable", &vul.to_string());
    tag(&mut out, "Deal", &b.deal.to_pbn_from(Seat::North));
    tag(&mut out, "Declarer", &b.declarer.to_string());
    tag(&mut out, "Contract", &contract);
    tag(&mut out, "Need", &b.need.to_string());
    if let Some(s) = &board.source {
        if let Some(name) = &s.board {
            tag(&mut out, "SourceBoard", name);
        }
        if let Some(room) = s.room {
            tag(&mut out, "Room", &room.to_string());
        }
    }
    let constraints = b.constraints.to_string();
    if !constraints.is_empty() {
        tag(&mut out, "Constraints", &constraints);
    }
    if let Some(p) = board.pimc_make {
        tag(&mut out, "PimcMake", &format!("{p:.3}"));
    }
    if let Some(s) = board.source.as_ref().filter(|s| !s.auction.is_empty()) {
        if let Some(d) = s.dealer {
            tag(&mut out, "Auction", &d.to_string());
            for row in s.auction.chunks(4) {
                let calls: Vec<String> = row.iter().map(ToString::to_string).collect();
                out += &calls.join(" ");
                out.push('\n');
            }
        }
    }
    if !board.played.is_empty() {
        let cards = 4 * b.deal[Seat::North].len();
        out += &records::pbn_play_section(b.declarer.lho(), b.strain.trump(), &board.played, cards);
    }
    out.push('\n');
    out
}

/// Reads the boards of a PBN deal set: `[Deal]` and `[Declarer]` are
/// needed; `[Contract]` gives the strain (and the target for a full deal);
/// `[Need]` overrides the target; `[Constraints]` are the auction's;
/// `[Play]` holds the cards played before the board starts. `[Dealer]`,
/// `[Vulnerable]`, `[Auction]`, `[SourceBoard]` and `[Room]` are what a
/// board taken from a game record keeps of it. The file is split into
/// games by the same reader as game records ([`records::pbn_games`]).
///
/// # Errors
/// [`DealSetError::Line`] naming the line of the first problem; a game
/// record (a board with a `[Result]`) is refused with a pointer to
/// `alphamu deals --from-games`.
pub fn read_pbn(text: &str) -> Result<Vec<SetBoard>, DealSetError> {
    let file = records::pbn_games(text);
    if let Some((word, line)) = file.stray.first() {
        return Err(DealSetError::Line {
            line: *line,
            message: format!(
                "expected a tag such as [Deal \"N:...\"], found {}",
                cards::quoted(word)
            ),
        });
    }
    let mut boards = Vec::new();
    for game in &file.games {
        if game.tag("Deal").is_none() && game.tag("Declarer").is_none() {
            // A header of tags, such as [Event] alone: nothing to play.
            continue;
        }
        boards.push(board_from_tags(game, boards.len() + 1)?);
    }
    Ok(boards)
}

/// A [`records::RecordError`] as a deal-set error on its line.
fn from_record(e: records::RecordError) -> DealSetError {
    DealSetError::Line {
        line: e.line,
        message: match e.tag {
            Some(tag) => format!("{tag}: {}", e.message),
            None => e.message,
        },
    }
}

fn board_from_tags(game: &records::PbnGame, index: usize) -> Result<SetBoard, DealSetError> {
    let start = game.line;
    let get = |name: &str| game.tag(name);
    let need_tag = |name: &str| {
        get(name).ok_or_else(|| DealSetError::Line {
            line: start,
            message: format!("the board starting here has no [{name}] tag"),
        })
    };
    let at = |line: usize, message: String| DealSetError::Line { line, message };
    game.check_repeated_tags("").map_err(from_record)?;
    if let Some((_, line)) = get("Result") {
        return Err(at(
            line,
            "[Result]: this is a game record (a board with its result), not a deal set; make a deal set of it with `alphamu deals --from-games FILE --out SET.pbn` and play that".into(),
        ));
    }
    let (line, text) = need_tag("Deal").map(|(t, l)| (l, t))?;
    let deal: Deal = text.parse().map_err(|e| at(line, format!("[Deal]: {e}")))?;
    let size = deal
        .check_equal_sizes()
        .map_err(|e| at(line, format!("[Deal]: {e}")))?;
    let (line, text) = need_tag("Declarer").map(|(t, l)| (l, t))?;
    let declarer: Seat = text.parse().map_err(|_| {
        at(
            line,
            format!(
                "[Declarer]: {} is not a seat (N, E, S, W)",
                cards::quoted(text)
            ),
        )
    })?;
    let (strain, contract) = match get("Contract") {
        None => (Strain::Notrump, None),
        Some((text, line)) => match text.parse::<bridge::Contract>() {
            Ok(c) => (c.strain, Some(c)),
            Err(_) => (
                text.parse::<Strain>().map_err(|_| {
                    at(
                        line,
                        format!(
                            "[Contract]: {} is neither a contract (3NT) nor a strain (NT)",
                            cards::quoted(text)
                        ),
                    )
                })?,
                None,
            ),
        },
    };
    let need = match get("Need") {
        Some((text, line)) => text
            .parse::<usize>()
            .ok()
            .filter(|&n| n <= size)
            .ok_or_else(|| {
                at(
                    line,
                    format!(
                        "[Need]: {} is not a number of tricks from 0 to {size}",
                        cards::quoted(text)
                    ),
                )
            })?,
        None if size == 13 => contract
            .map(|c| usize::from(c.tricks_needed()))
            .ok_or_else(|| {
                at(
                    start,
                    "a full deal needs a [Contract] with a level or a [Need] tag".into(),
                )
            })?,
        None => {
            return Err(at(
                start,
                "a reduced deal needs a [Need] tag (declarer's target)".into(),
            ))
        }
    };
    let constraints = match get("Constraints") {
        Some((text, line)) => text
            .parse::<Constraints>()
            .map_err(|e| at(line, format!("[Constraints]: {e}")))?,
        None => Constraints::default(),
    };
    let number = match get("Board") {
        Some((text, line)) => text.parse().map_err(|_| {
            at(
                line,
                format!("[Board]: {} is not a number", cards::quoted(text)),
            )
        })?,
        None => index,
    };
    let pimc_make = get("PimcMake").and_then(|(t, _)| t.parse().ok());
    let dealer = records::seat_tag("", game, "Dealer").map_err(from_record)?;
    let vul = records::vulnerability_tag("", game).map_err(from_record)?;
    let auction = records::auction_section("", game, dealer).map_err(from_record)?;
    if let Some((first, a)) = &auction {
        // An auction must end in the board's contract by its declarer.
        let ends = records::contract_of(*first, a.calls()).filter(|_| a.is_complete());
        let (line, _) = get("Auction").map(|(t, l)| (l, t)).expect("an auction tag");
        match (ends, contract) {
            (Some((c, d)), Some(k)) if c == k && d == declarer => {}
            (Some((c, d)), _) => {
                return Err(at(
                    line,
                    format!(
                        "[Auction]: it ends in {c} by {d}, but the board is {} by {declarer}",
                        contract.map_or(strain.to_string(), |k| k.to_string())
                    ),
                ))
            }
            (None, _) => return Err(at(
                line,
                "[Auction]: the auction does not end in a contract (passed out, or not finished)"
                    .into(),
            )),
        }
    }
    let room = match get("Room") {
        None | Some(("", _)) => None,
        Some((text, line)) => Some(
            text.parse::<records::Room>()
                .map_err(|e| at(line, format!("[Room]: {e}")))?,
        ),
    };
    let scoring = contract
        .filter(|_| size == 13)
        .map(|contract| bridge::Scoring {
            contract,
            vulnerable: vul.of(declarer.side()),
        });
    let board = Board {
        deal,
        strain,
        declarer,
        need,
        constraints,
        scoring,
    };
    let played =
        records::play_section("", game, &board.deal, strain, declarer).map_err(from_record)?;
    let source = Some(Source {
        board: get("SourceBoard")
            .map(|(t, _)| t.to_string())
            .filter(|t| !t.is_empty()),
        room,
        dealer,
        vul,
        auction: auction.map(|(_, a)| a.calls().to_vec()).unwrap_or_default(),
    });
    Ok(SetBoard {
        number,
        board,
        played,
        pimc_make,
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(kind: Kind, count: usize, filter: Option<(f64, f64)>) -> DealSetSpec {
        DealSetSpec {
            kind,
            count,
            seed: 5,
            filter,
            filter_worlds: 10,
            filter_at: FilterPoint::Start,
            after_tricks: 0,
        }
    }

    #[test]
    fn natural_boards_carry_what_their_calls_show_and_round_trip_through_pbn() {
        let s = spec(Kind::Natural, 40, None);
        let boards = generate(&s, |_| {}).unwrap();
        assert_eq!(boards.len(), 40);
        let mut text = pbn_header(&s);
        for b in &boards {
            let hands = cards::BySeat::from_fn(|seat| b.board.deal[seat]);
            assert!(b.board.constraints.accepts(&hands));
            text += &pbn_board(b, "test");
        }
        // Every board's calls say something of its hands, and some boards
        // are suit contracts of a competitive auction.
        assert!(boards
            .iter()
            .all(|b| b.board.constraints.constrained_seats().count() >= 1));
        assert!(boards.iter().any(|b| b.board.strain != Strain::Notrump));
        let read = read_pbn(&text).unwrap();
        for (a, b) in boards.iter().zip(&read) {
            assert_eq!(a.board.deal, b.board.deal);
            assert_eq!(a.board.constraints, b.board.constraints);
            assert_eq!(a.board.scoring, b.board.scoring);
        }
    }

    #[test]
    fn three_nt_deals_fit_the_auction_and_round_trip_through_pbn() {
        let s = spec(Kind::ThreeNt, 4, None);
        let boards = generate(&s, |_| {}).unwrap();
        assert_eq!(boards.len(), 4);
        let mut text = pbn_header(&s);
        for b in &boards {
            let south = b.board.deal[Seat::South];
            assert!((15..=17).contains(&south.hcp()));
            assert!(worlds::is_balanced(south));
            assert!(b.board.deal[Seat::North].suit_len(cards::Suit::Spades) <= 3);
            assert_eq!(b.board.need, 9);
            text += &pbn_board(b, "test");
        }
        let read = read_pbn(&text).unwrap();
        assert_eq!(read.len(), 4);
        for (a, b) in boards.iter().zip(&read) {
            assert_eq!(a.board.deal, b.board.deal);
            assert_eq!(a.board.need, b.board.need);
            assert_eq!(a.board.constraints, b.board.constraints);
            assert_eq!(a.number, b.number);
        }
        // The same spec gives the same deals.
        let again = generate(&s, |_| {}).unwrap();
        assert!(boards
            .iter()
            .zip(&again)
            .all(|(a, b)| a.board.deal == b.board.deal));
    }

    #[test]
    fn the_filter_keeps_undecided_deals() {
        let s = spec(
            Kind::Reduced {
                cards_per_hand: 5,
                goal: ReducedTarget::DoubleDummy,
                deck: Deck::Top,
            },
            3,
            Some((0.3, 0.7)),
        );
        for b in generate(&s, |_| {}).unwrap() {
            let p = b.pimc_make.unwrap();
            assert!((0.3..=0.7).contains(&p), "{p}");
        }
        let grand = spec(
            Kind::Reduced {
                cards_per_hand: 4,
                goal: ReducedTarget::All,
                deck: Deck::Top,
            },
            3,
            None,
        );
        for b in generate(&grand, |_| {}).unwrap() {
            assert_eq!(b.board.need, 4);
            assert_eq!(declarer_dd_tricks(&b.board.deal), 4);
        }
    }

    #[test]
    fn the_filter_after_the_lead_takes_the_chance_after_a_pimc_opening_lead() {
        let mut s = spec(
            Kind::Reduced {
                cards_per_hand: 5,
                goal: ReducedTarget::DoubleDummy,
                deck: Deck::Top,
            },
            4,
            Some((0.2, 0.8)),
        );
        s.filter_at = FilterPoint::AfterLead;
        assert!(
            s.arguments().ends_with("--filter-at lead"),
            "{}",
            s.arguments()
        );
        let constraints = s.constraints();
        let boards = generate(&s, |_| {}).unwrap();
        assert_eq!(boards.len(), 4);
        // Each kept board is the next candidate whose chance after the
        // lead of `pimc:w=10` lies in the range, and the board still
        // starts before the lead.
        let mut next = 0;
        for b in &boards {
            assert!(b.played.is_empty());
            let (i, chance) = (next..)
                .find_map(|i| {
                    let (deal, need, _) = s.drawn(i, &constraints)?;
                    let board = Board {
                        deal,
                        need,
                        ..b.board
                    };
                    let leader: PlayerSpec = "pimc:w=10".parse().unwrap();
                    let lead = leader
                        .choose(&board, &[], derive(5, &[i as u64, 2]))
                        .unwrap();
                    let chance = pimc_chance(&board, &[lead], 10, derive(5, &[i as u64, 1]))?;
                    (0.2..=0.8).contains(&chance).then_some((i, chance))
                })
                .unwrap();
            assert_eq!(s.drawn(i, &constraints).unwrap().0, b.board.deal);
            assert_eq!(b.pimc_make, Some(chance));
            next = i + 1;
        }
        // Filtered where the board starts, the chances are others.
        s.filter_at = FilterPoint::Start;
        let start: Vec<Option<f64>> = generate(&s, |_| {})
            .unwrap()
            .iter()
            .map(|b| b.pimc_make)
            .collect();
        assert_ne!(
            start,
            boards.iter().map(|b| b.pimc_make).collect::<Vec<_>>()
        );
        // Only boards that start before the lead.
        s.filter_at = FilterPoint::AfterLead;
        s.after_tricks = 1;
        assert!(
            matches!(generate(&s, |_| {}), Err(DealSetError::Spec(m)) if m.contains("--filter-at lead"))
        );
        assert_eq!("lead".parse::<FilterPoint>(), Ok(FilterPoint::AfterLead));
        assert!("middle"
            .parse::<FilterPoint>()
            .unwrap_err()
            .contains("middle"));
    }

    #[test]
    fn endings_are_played_double_dummy_and_round_trip_through_pbn() {
        let mut s = spec(
            Kind::Reduced {
                cards_per_hand: 6,
                goal: ReducedTarget::DoubleDummy,
                deck: Deck::Top,
            },
            6,
            None,
        );
        s.after_tricks = 2;
        assert!(s.arguments().contains("--after-tricks 2"));
        let boards = generate(&s, |_| {}).unwrap();
        let mut text = pbn_header(&s);
        for b in &boards {
            assert_eq!(b.played.len(), 8);
            // Best play on all sides keeps declarer's double-dummy tricks.
            assert_eq!(
                declarer_total(&b.board, &b.played),
                declarer_dd_tricks(&b.board.deal)
            );
            text += &pbn_board(b, "test");
        }
        assert!(text.contains("[Play \"W\"]\n"), "{text}");
        let read = read_pbn(&text).unwrap();
        for (a, b) in boards.iter().zip(&read) {
            assert_eq!(a.played, b.played);
            assert_eq!(a.board.deal, b.board.deal);
        }
        // The random choice among equal cards varies the play between
        // seeds, and the same seed repeats it.
        let again = generate(&s, |_| {}).unwrap();
        assert!(boards.iter().zip(&again).all(|(a, b)| a.played == b.played));
        // An ending of 3NT after four tricks, filtered where it starts.
        let mut three = spec(Kind::ThreeNt, 1, Some((0.3, 0.7)));
        three.after_tricks = 4;
        let b = &generate(&three, |_| {}).unwrap()[0];
        assert_eq!(b.played.len(), 16);
        assert!((0.3..=0.7).contains(&b.pimc_make.unwrap()));
        assert_eq!(declarer_total(&b.board, &b.played), {
            let opening = Position::opening(b.board.deal, Strain::Notrump, Seat::South);
            13 - dd::Solver::new().tricks(&opening) as usize
        });
        let mut whole = spec(Kind::ThreeNt, 1, None);
        whole.after_tricks = 13;
        assert!(generate(&whole, |_| {}).is_err());
    }

    #[test]
    fn play_sections_are_read_in_columns_and_checked() {
        // North Q2 of spades and the heart king, East 54 and the ace, South
        // A3 and the two, West KJ and the queen. West leads the spade king,
        // won by South's ace; South leads the heart two.
        let head = "[Deal \"N:Q2.K.. 54.A.. A3.2.. KJ.Q..\"]\n[Declarer \"S\"]\n[Need \"1\"]\n";
        let read = |play: &str| read_pbn(&format!("{head}{play}"));
        let b = &read("[Play \"W\"]\nSK S2 S4 SA\n- - - H2\n*\n").unwrap()[0];
        let played: Vec<String> = b.played.iter().map(ToString::to_string).collect();
        assert_eq!(played, ["SK", "S2", "S4", "SA", "H2"]);
        // The columns are seats, not the order of play: in the second trick
        // South leads, then West.
        let b = &read("[Play \"W\"]\nSK S2 S4 SA\nHQ HK HA H2\n").unwrap()[0];
        let played: Vec<String> = b.played.iter().map(ToString::to_string).collect();
        assert_eq!(played, ["SK", "S2", "S4", "SA", "H2", "HQ", "HK", "HA"]);
        let error = |play: &str| read(play).unwrap_err().to_string();
        let e = error("[Play \"W\"]\nSK HK S4 SA\n");
        assert!(
            e.contains("line 5") && e.contains("N must follow suit") && e.contains("HK"),
            "{e}"
        );
        let e = error("[Play \"N\"]\nS2 S4 SA SK\n");
        assert!(
            e.contains("line 4") && e.contains("opening leader is W"),
            "{e}"
        );
        // A row cut short is a trick in progress, as in game records.
        let b = &read("[Play \"W\"]\nSK S2 S4\n").unwrap()[0];
        assert_eq!(b.played.len(), 3);
        // A tag given twice with different values is refused, not read
        // as the last one.
        let e = read_pbn("[Deal \"N:Q2.K.. 54.A.. A3.2.. KJ.Q..\"]\n[Deal \"garbage\"]\n[Declarer \"S\"]\n[Need \"1\"]\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 2") && e.contains("twice"), "{e}");
        // A game record is not a deal set.
        let e = read("[Result \"1\"]\n").unwrap_err().to_string();
        assert!(e.contains("--from-games"), "{e}");
        let e = error("[Play \"W\"]\nSK S2 S4 SA\nHQ - HA H2\n");
        assert!(e.contains("line 6") && e.contains("missing"), "{e}");
        let e = error("[Play \"W\"]\nSK S2 S4 XX\n");
        assert!(e.contains("line 5") && e.contains("XX"), "{e}");
    }

    #[test]
    fn bad_files_name_the_line() {
        let e = read_pbn("[Event \"x\"]\n[Deal \"N:AK... QJ... T9... 87...\"]\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 1") && e.contains("[Declarer]"), "{e}");
        let e = read_pbn("[Deal \"N:AK... QJ... T9... 87...\"]\n[Declarer \"S\"]\n[Need \"x\"]\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 3") && e.contains("[Need]"), "{e}");
        let e = read_pbn("[Deal \"N:AK... QJ... T9...\"]\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 1") && e.contains("[Deal]"), "{e}");
        let e = read_pbn("Deal N:AK..\n").unwrap_err().to_string();
        assert!(e.contains("line 1") && e.contains("expected a tag"), "{e}");
        let e = spec(
            Kind::Reduced {
                cards_per_hand: 5,
                goal: ReducedTarget::Tricks,
                deck: Deck::Top,
            },
            1,
            Some((0.3, 0.7)),
        );
        assert!(generate(&e, |_| {}).is_err());
    }
}

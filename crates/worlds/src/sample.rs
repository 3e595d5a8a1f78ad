//! Drawing or enumerating the deals consistent with a [`Knowledge`].

use crate::{Constraints, Knowledge, LeadRule};
use bridge::Bridge;
use cards::{BySeat, Card, Deal, Hand, Seat};
use games::TrickGame;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{HashMap, HashSet};
use thiserror::Error;

/// Layouts are enumerated one by one when there are at most this many
/// before the auction constraints are applied.
pub const ENUMERATION_LIMIT: u64 = 2_000_000;

/// Random deals tried before giving up on finding the worlds asked for.
pub const MAX_DRAWS: usize = 2_000_000;

/// How many worlds to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorldCount {
    /// At most this many distinct worlds; all of them when fewer exist.
    Sample(usize),
    /// Every consistent world (an error when they cannot be enumerated).
    All,
}

/// The worlds drawn.
#[derive(Clone, Debug)]
pub struct Worlds {
    /// Original deals (every card of every hand, played or not).
    pub deals: Vec<Deal>,
    /// Whether these are all the consistent deals.
    pub exhaustive: bool,
}

/// Why no worlds could be drawn.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WorldsError {
    /// Not one deal agrees with what is known and the constraints.
    #[error("no deal agrees with the cards seen, the play and the constraints ({how})")]
    NoDeal {
        /// How this was established.
        how: String,
    },
    /// `All` asked for more layouts than can be enumerated.
    #[error("{count} layouts of the hidden cards are possible; at most {limit} can be enumerated")]
    TooMany {
        /// Layouts before the constraints.
        count: u64,
        /// The limit.
        limit: u64,
    },
}

/// The hidden cards still to place, where each may go, and how many each
/// hidden seat still needs.
struct Layout {
    hidden: Vec<Seat>,
    need: Vec<usize>,
    /// Cards that more than one hidden seat may hold.
    free: Vec<Card>,
    /// For each free card, the bit set of hidden seats (indices) allowed.
    allowed: Vec<u8>,
    /// Every hand before the free cards are dealt: the hands seen, and
    /// each hidden hand's played cards and the cards that must be its own
    /// (the other hidden seats lack them).
    base: BySeat<Hand>,
}

impl Layout {
    fn new<G: TrickGame>(k: &Knowledge<G>) -> Result<Layout, WorldsError> {
        let hidden: Vec<Seat> = k.hidden_seats().collect();
        let mut pool = k.unknown();
        for &s in &hidden {
            pool = Hand(pool.0 & !k.played_by(s).0);
        }
        let mut need: Vec<usize> = hidden.iter().map(|&s| k.cards_left(s)).collect();
        let mut forced = vec![Hand::EMPTY; hidden.len()];
        let mut free = Vec::new();
        let mut allowed = Vec::new();
        for card in pool.iter() {
            let mask: u8 = hidden
                .iter()
                .enumerate()
                .filter(|(_, &s)| !k.lacks(s).contains(card))
                .fold(0, |m, (i, _)| m | 1 << i);
            match mask.count_ones() {
                0 => {
                    return Err(WorldsError::NoDeal {
                        how: format!("every hidden player has shown it lacks {card}"),
                    })
                }
                1 => {
                    let i = mask.trailing_zeros() as usize;
                    forced[i].insert(card);
                }
                _ => {
                    free.push(card);
                    allowed.push(mask);
                }
            }
        }
        for (i, &s) in hidden.iter().enumerate() {
            if forced[i].len() > need[i] {
                return Err(WorldsError::NoDeal {
                    how: format!(
                        "{s} would need {} cards of the suits the others showed out of, \
                         but holds only {} more",
                        forced[i].len(),
                        need[i]
                    ),
                });
            }
            need[i] -= forced[i].len();
        }
        let base = BySeat::from_fn(|seat| match k.known(seat) {
            Some(h) => h,
            None => {
                let i = hidden.iter().position(|&s| s == seat).unwrap_or(0);
                Hand(forced[i].0 | k.played_by(seat).0)
            }
        });
        Ok(Layout {
            hidden,
            need,
            free,
            allowed,
            base,
        })
    }

    /// The number of layouts when it can be counted cheaply (two hidden
    /// seats or fewer), else `None`.
    fn count(&self) -> Option<u64> {
        match self.hidden.len() {
            0 | 1 => Some(1),
            2 => Some(binomial(self.free.len() as u64, self.need[0] as u64)),
            _ => None,
        }
    }

    fn deal(&self, dealt: &[Hand]) -> Deal {
        let mut hands = self.base;
        for (&seat, hand) in self.hidden.iter().zip(dealt) {
            hands[seat] = Hand(hands[seat].0 | hand.0);
        }
        Deal::new(hands).expect("hidden cards are placed once")
    }

    /// One random layout: the free cards shuffled and dealt in turn to the
    /// seats' remaining places; `None` when a card lands with a seat that
    /// has shown out of its suit (only possible with three hidden seats).
    fn random(&self, rng: &mut ChaCha8Rng, order: &mut Vec<usize>) -> Option<[Hand; 4]> {
        order.clear();
        order.extend(0..self.free.len());
        order.shuffle(rng);
        let mut dealt = [Hand::EMPTY; 4];
        let mut at = 0;
        for (i, &n) in self.need.iter().enumerate() {
            for &j in &order[at..at + n] {
                if self.allowed[j] & (1 << i) == 0 {
                    return None;
                }
                dealt[i].insert(self.free[j]);
            }
            at += n;
        }
        Some(dealt)
    }

    /// Calls `f` with every layout (two hidden seats at most), in a fixed
    /// order: with two hidden seats, the first seat's share of the free
    /// cards runs over the subsets of their number in increasing order of
    /// their bit masks over the free cards (Gosper's hack), without making
    /// a list of them.
    fn for_each(&self, mut f: impl FnMut(&[Hand])) {
        let n = self.free.len();
        let all: Hand = self.free.iter().copied().collect();
        match self.hidden.len() {
            0 => f(&[]),
            1 => f(&[all]),
            _ => {
                let k = self.need[0];
                if k == 0 {
                    f(&[Hand::EMPTY, all]);
                    return;
                }
                let bits: Vec<u64> = self.free.iter().map(|c| 1u64 << c.bit()).collect();
                let mut subset: u64 = (1 << k) - 1;
                while subset < 1 << n {
                    let mut first = 0u64;
                    let mut rest = subset;
                    while rest != 0 {
                        first |= bits[rest.trailing_zeros() as usize];
                        rest &= rest - 1;
                    }
                    f(&[Hand(first), Hand(all.0 & !first)]);
                    let c = subset & subset.wrapping_neg();
                    let r = subset + c;
                    subset = (((r ^ subset) >> 2) / c) | r;
                }
            }
        }
    }
}

impl Layout {
    /// The layout of rank `rank` in [`Layout::for_each`]'s order (two
    /// hidden seats, `rank` below [`Layout::count`]). That order is the
    /// colexicographic order of the first seat's share as a set of
    /// positions among the free cards, in which the set `c_1 < ... < c_k`
    /// has rank `C(c_1, 1) + ... + C(c_k, k)`: its positions are found
    /// from the top, each the highest `c` with `C(c, i)` within what is
    /// left of the rank.
    fn nth(&self, mut rank: u64) -> [Hand; 2] {
        debug_assert_eq!(self.hidden.len(), 2);
        let all: Hand = self.free.iter().copied().collect();
        let mut first = Hand::EMPTY;
        let mut c = self.free.len();
        for i in (1..=self.need[0]).rev() {
            c -= 1;
            while binomial(c as u64, i as u64) > rank {
                c -= 1;
            }
            rank -= binomial(c as u64, i as u64);
            first.insert(self.free[c]);
        }
        [first, Hand(all.0 & !first.0)]
    }
}

fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut r: u64 = 1;
    for i in 0..k {
        r = r.saturating_mul(n - i) / (i + 1);
    }
    r
}

/// Whether a deal fits the auction's `constraints` and, when its leader is
/// hidden, the `lead_rule`'s reading of the opening lead.
fn accepts(
    k: &Knowledge<Bridge>,
    constraints: &Constraints,
    lead_rule: &dyn LeadRule,
    deal: &Deal,
) -> bool {
    constraints.accepts(deal.hands())
        && k.opening_lead().is_none_or(|(seat, card)| {
            k.known(seat).is_some() || lead_rule.allows(deal[seat], card, k.strain())
        })
}

/// The worlds consistent with `knowledge`, the `constraints` and the
/// `lead_rule` (which judges the opening lead when its leader is hidden).
///
/// Every consistent deal is returned, in a fixed order, when the layouts of
/// the hidden cards can be enumerated (at most [`ENUMERATION_LIMIT`]) and at
/// most `count` of them pass the constraints; otherwise `count` distinct
/// deals drawn with the seed (fewer when [`MAX_DRAWS`] draws do not find
/// that many).
///
/// # Errors
/// [`WorldsError::NoDeal`] when no deal is consistent (proved by
/// enumeration, or none found in [`MAX_DRAWS`] draws);
/// [`WorldsError::TooMany`] for [`WorldCount::All`] beyond the limit.
pub fn draw(
    knowledge: &Knowledge<Bridge>,
    constraints: &Constraints,
    lead_rule: &dyn LeadRule,
    count: WorldCount,
    seed: u64,
) -> Result<Worlds, WorldsError> {
    let accepts_every_deal = *constraints == Constraints::default()
        && knowledge.opening_lead().is_none_or(|(seat, _)| {
            knowledge.known(seat).is_some() || lead_rule.allows_every_lead(knowledge.strain())
        });
    if accepts_every_deal {
        return draw_filtered(knowledge, None, count, seed);
    }
    draw_filtered(
        knowledge,
        Some(&|deal| accepts(knowledge, constraints, lead_rule, deal)),
        count,
        seed,
    )
}

/// The tries a world [`draw_few`] makes before it falls back to [`draw`].
pub const FEW_TRIES_PER_WORLD: usize = 64;

/// `count` distinct worlds consistent with `knowledge`, the `constraints`
/// and the `lead_rule`, drawn at random without enumerating the layouts:
/// the law of [`draw`]'s sample (a uniform choice among the consistent
/// deals), at the cost of the draws alone, for a caller that wants a few
/// worlds many times. When the layouts are no more than
/// [`FEW_TRIES_PER_WORLD`] a world, or that many tries a world do not
/// find `count` of them, it is [`draw`] (every consistent deal when there
/// are few).
///
/// # Errors
/// As [`draw`].
pub fn draw_few(
    knowledge: &Knowledge<Bridge>,
    constraints: &Constraints,
    lead_rule: &dyn LeadRule,
    count: usize,
    seed: u64,
) -> Result<Worlds, WorldsError> {
    let layout = Layout::new(knowledge)?;
    let tries = FEW_TRIES_PER_WORLD * count.max(1);
    if layout.count().is_some_and(|n| n <= tries as u64) {
        // Enumerating costs no more than the tries.
        return draw(
            knowledge,
            constraints,
            lead_rule,
            WorldCount::Sample(count),
            seed,
        );
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut seen = HashSet::new();
    let mut deals = Vec::with_capacity(count);
    let mut order = Vec::new();
    for _ in 0..tries {
        if deals.len() == count {
            return Ok(Worlds {
                deals,
                exhaustive: false,
            });
        }
        let Some(dealt) = layout.random(&mut rng, &mut order) else {
            continue;
        };
        let deal = layout.deal(&dealt[..layout.hidden.len()]);
        if accepts(knowledge, constraints, lead_rule, &deal) && seen.insert(deal) {
            deals.push(deal);
        }
    }
    if deals.len() == count {
        return Ok(Worlds {
            deals,
            exhaustive: false,
        });
    }
    draw(
        knowledge,
        constraints,
        lead_rule,
        WorldCount::Sample(count),
        seed,
    )
}

/// The worlds consistent with `knowledge`, in any game, that `accept`
/// keeps: as [`draw`], with `accept` in place of bridge's auction
/// constraints and lead rule (the filter applied to each whole deal
/// once the hidden cards are placed).
///
/// # Errors
/// As [`draw`].
pub fn draw_where<G: TrickGame>(
    knowledge: &Knowledge<G>,
    accept: &dyn Fn(&Deal) -> bool,
    count: WorldCount,
    seed: u64,
) -> Result<Worlds, WorldsError> {
    draw_filtered(knowledge, Some(accept), count, seed)
}

/// [`draw_where`], where no filter (`None`) keeps every deal.
///
/// Without a filter, a sample from the enumerable layouts needs no list
/// of them: the list would hold every layout in enumeration order, so the
/// sample is the shuffle's chosen positions ([`shuffled_positions`]),
/// each made into its layout by rank ([`Layout::nth`]). The worlds are
/// the same, in the same order, as those of the list (a test compares
/// the two), at a cost of the sample's size rather than of up to
/// [`ENUMERATION_LIMIT`] layouts built and filtered at every decision.
fn draw_filtered<G: TrickGame>(
    knowledge: &Knowledge<G>,
    accept: Option<&dyn Fn(&Deal) -> bool>,
    count: WorldCount,
    seed: u64,
) -> Result<Worlds, WorldsError> {
    let layout = Layout::new(knowledge)?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let layouts = layout.count();
    let accepted = |deal: &Deal| accept.is_none_or(|accept| accept(deal));
    if let Some(n) = layouts.filter(|&n| n <= ENUMERATION_LIMIT) {
        if let (None, WorldCount::Sample(want)) = (accept, count) {
            if (want as u64) < n && layout.hidden.len() == 2 {
                let deals = shuffled_positions(&mut rng, n as usize, want)
                    .into_iter()
                    .map(|rank| layout.deal(&layout.nth(rank as u64)))
                    .collect();
                return Ok(Worlds {
                    deals,
                    exhaustive: false,
                });
            }
        }
        let mut deals: Vec<Deal> = Vec::new();
        layout.for_each(|dealt| {
            let deal = layout.deal(dealt);
            if accepted(&deal) {
                deals.push(deal);
            }
        });
        if deals.is_empty() {
            return Err(WorldsError::NoDeal {
                how: format!("all {n} layouts of the hidden cards tried"),
            });
        }
        return Ok(match count {
            WorldCount::Sample(want) if want < deals.len() => {
                let (chosen, _) = deals.partial_shuffle(&mut rng, want);
                Worlds {
                    deals: chosen.to_vec(),
                    exhaustive: false,
                }
            }
            _ => Worlds {
                deals,
                exhaustive: true,
            },
        });
    }
    let want = match count {
        WorldCount::Sample(n) => n,
        WorldCount::All => {
            return Err(WorldsError::TooMany {
                count: layouts.unwrap_or(u64::MAX),
                limit: ENUMERATION_LIMIT,
            })
        }
    };
    let mut seen = HashSet::new();
    let mut deals = Vec::with_capacity(want);
    let mut order = Vec::new();
    for _ in 0..MAX_DRAWS {
        if deals.len() == want {
            break;
        }
        let Some(dealt) = layout.random(&mut rng, &mut order) else {
            continue;
        };
        let deal = layout.deal(&dealt[..layout.hidden.len()]);
        if accepted(&deal) && seen.insert(deal) {
            deals.push(deal);
        }
    }
    if deals.is_empty() {
        return Err(WorldsError::NoDeal {
            how: format!("none found in {MAX_DRAWS} random deals"),
        });
    }
    Ok(Worlds {
        deals,
        exhaustive: false,
    })
}

/// The positions `partial_shuffle(rng, amount)` (rand 0.8's
/// `SliceRandom`) leaves in its chosen part of a slice of `len` items
/// that start in place (item `i` at position `i`), in the chosen part's
/// order, with the same draws from `rng`: the items chosen, without the
/// slice. `amount < len <= u32::MAX`.
fn shuffled_positions(rng: &mut ChaCha8Rng, len: usize, amount: usize) -> Vec<usize> {
    debug_assert!(amount < len && u32::try_from(len).is_ok());
    let end = len - amount;
    // The items moved so far, by position; every other position holds its
    // own item.
    let mut moved: HashMap<usize, usize> = HashMap::with_capacity(2 * amount);
    for i in (end..len).rev() {
        let j = rng.gen_range(0..(i + 1) as u32) as usize;
        let at_i = moved.get(&i).copied().unwrap_or(i);
        let at_j = moved.get(&j).copied().unwrap_or(j);
        moved.insert(i, at_j);
        moved.insert(j, at_i);
    }
    (end..len)
        .map(|i| moved.get(&i).copied().unwrap_or(i))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lead::{AnyLead, LongestSuitAgainstNotrump};
    use cards::{PartialDeal, Strain, Suit};

    const DEAL: &str = "N:4.AKJT2.965.AQ75 875.Q8654.AJ4.T8 AQJ9.73.QT872.94 KT632.9.K3.KJ632";

    fn knowledge(play: &str) -> Knowledge {
        let deal: Deal = DEAL.parse().unwrap();
        let mut seen: PartialDeal = deal.into();
        seen.hands[Seat::East] = None;
        seen.hands[Seat::West] = None;
        let play: Vec<Card> = play
            .split_whitespace()
            .map(|c| c.parse().unwrap())
            .collect();
        Knowledge::new(
            seen.hands,
            deal.all_cards(),
            13,
            Strain::Notrump,
            Seat::West,
            &play,
        )
        .unwrap()
    }

    #[test]
    fn samples_are_consistent_distinct_and_seeded() {
        let k = knowledge("S3 S4 S5 SA H3 H9 HA H4 HK H5 H7 C2");
        let c = Constraints::default();
        let a = draw(&k, &c, &AnyLead, WorldCount::Sample(50), 7).unwrap();
        let b = draw(&k, &c, &AnyLead, WorldCount::Sample(50), 7).unwrap();
        assert_eq!(a.deals, b.deals);
        assert_eq!(a.deals.len(), 50);
        assert!(!a.exhaustive);
        let distinct: HashSet<_> = a.deals.iter().collect();
        assert_eq!(distinct.len(), 50);
        for d in &a.deals {
            assert_eq!(k.disagreement(d), None, "{d}");
            // West showed out of hearts: East holds the remaining hearts.
            let west_left = Hand(d[Seat::West].0 & !k.played_by(Seat::West).0);
            assert_eq!(west_left.suit_len(Suit::Hearts), 0);
        }
        let c2 = draw(&k, &c, &AnyLead, WorldCount::Sample(50), 8).unwrap();
        assert_ne!(a.deals, c2.deals);
    }

    #[test]
    fn endings_are_enumerated_exactly() {
        // After ten tricks (each player plays its lowest legal card), 3
        // cards each: East and West share 6 hidden cards, so C(6,3) = 20
        // layouts at most.
        let deal: Deal = DEAL.parse().unwrap();
        let mut state = bridge::PlayState::new(deal, Strain::Notrump, Seat::South);
        let mut play = Vec::new();
        for _ in 0..40 {
            let card = state.position().legal_cards().iter().last().unwrap();
            state.play(card).unwrap();
            play.push(card.to_string());
        }
        let k = knowledge(&play.join(" "));
        let all = draw(&k, &Constraints::default(), &AnyLead, WorldCount::All, 1).unwrap();
        assert!(all.exhaustive);
        assert!(all.deals.len() <= 20 && !all.deals.is_empty());
        let some = draw(
            &k,
            &Constraints::default(),
            &AnyLead,
            WorldCount::Sample(100),
            1,
        )
        .unwrap();
        assert!(some.exhaustive);
        assert_eq!(some.deals, all.deals);
        let actual: Deal = DEAL.parse().unwrap();
        assert!(all.deals.contains(&actual));
    }

    #[test]
    fn constraints_and_lead_rule_filter_worlds() {
        let k = knowledge("S3");
        let c: Constraints = "hcp(west) >= 12 && spades(west) >= 5".parse().unwrap();
        let w = draw(
            &k,
            &c,
            &LongestSuitAgainstNotrump,
            WorldCount::Sample(30),
            3,
        )
        .unwrap();
        assert_eq!(w.deals.len(), 30);
        for d in &w.deals {
            assert!(d[Seat::West].hcp() >= 12 && d[Seat::West].suit_len(Suit::Spades) >= 5);
            let longest = Suit::ALL
                .map(|s| d[Seat::West].suit_len(s))
                .into_iter()
                .max();
            assert_eq!(Some(d[Seat::West].suit_len(Suit::Spades)), longest);
        }
    }

    #[test]
    fn a_few_worlds_follow_the_law_of_the_full_sample() {
        // West holds 12 HCP or more and five spades or more: the share of
        // worlds where West holds the spade king, among every consistent
        // layout, against its share over many draws of three worlds.
        let k = knowledge("S3");
        let c: Constraints = "hcp(west) >= 12 && spades(west) >= 5".parse().unwrap();
        let king: Card = "SK".parse().unwrap();
        let exact = draw(&k, &c, &AnyLead, WorldCount::Sample(20_000), 1).unwrap();
        let share = |deals: &[Deal]| {
            deals
                .iter()
                .filter(|d| d[Seat::West].contains(king))
                .count() as f64
                / deals.len() as f64
        };
        let mut few = Vec::new();
        for seed in 0..2000 {
            let w = draw_few(&k, &c, &AnyLead, 3, seed).unwrap();
            assert_eq!(w.deals.len(), 3);
            assert_eq!(w.deals.iter().collect::<HashSet<_>>().len(), 3);
            for d in &w.deals {
                assert_eq!(k.disagreement(d), None, "{d}");
                assert!(c.accepts(d.hands()), "{d}");
            }
            few.extend(w.deals);
        }
        let (p, q) = (share(&exact.deals), share(&few));
        // 6,000 worlds: a standard error of about 0.0065.
        assert!((p - q).abs() < 0.03, "{q} against {p}");
        assert_eq!(
            draw_few(&k, &c, &AnyLead, 3, 5).unwrap().deals,
            draw_few(&k, &c, &AnyLead, 3, 5).unwrap().deals
        );
        // An ending with fewer consistent deals than asked: all of them,
        // as `draw` gives them.
        let deal: Deal = DEAL.parse().unwrap();
        let mut state = bridge::PlayState::new(deal, Strain::Notrump, Seat::South);
        let mut play = Vec::new();
        for _ in 0..44 {
            let card = state.position().legal_cards().iter().last().unwrap();
            state.play(card).unwrap();
            play.push(card.to_string());
        }
        let k = knowledge(&play.join(" "));
        let all = draw(&k, &Constraints::default(), &AnyLead, WorldCount::All, 1).unwrap();
        assert!(all.deals.len() < 10);
        let few = draw_few(&k, &Constraints::default(), &AnyLead, 10, 1).unwrap();
        assert_eq!(few.deals, all.deals);
    }

    #[test]
    fn impossible_constraints_are_reported() {
        // East and West hold 19 HCP between them: West cannot have 20.
        let k = knowledge("S3 S4 S5 SA H3 H9 HA H4 HK H5 H7 C2");
        let c: Constraints = "hcp(west) >= 20".parse().unwrap();
        let err = draw(&k, &c, &AnyLead, WorldCount::Sample(20), 1).unwrap_err();
        assert!(matches!(err, WorldsError::NoDeal { .. }), "{err}");
    }

    /// A seeded random deal of `game` played `cards` cards in by seeded
    /// random legal cards.
    fn random_play<G: TrickGame>(game: G, seed: u64, cards: usize) -> (Deal, Vec<Card>) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut deck: Vec<Card> = game.deck().iter().collect();
        deck.shuffle(&mut rng);
        let n = game.hand_size();
        let deal = Deal::new(BySeat::from_fn(|s| {
            deck[s.index() * n..(s.index() + 1) * n]
                .iter()
                .copied()
                .collect()
        }))
        .unwrap();
        let mut state = games::PlayState::new(game, deal, Seat::West);
        let mut play = Vec::new();
        for _ in 0..cards {
            let legal: Vec<Card> = state.legal_cards().iter().collect();
            let card = *legal.choose(&mut rng).unwrap();
            state.play(card).unwrap();
            play.push(card);
        }
        (deal, play)
    }

    #[test]
    fn in_bridge_the_cards_known_lacking_are_the_suits_shown_out_of() {
        // The sampler places a hidden card only with the seats that do not
        // lack it; in bridge that must be exactly the seats that have not
        // shown out of its suit (so the worlds drawn are those drawn when
        // voids were kept as suits).
        for seed in 0..40 {
            let strain = [Strain::Notrump, Strain::Spades, Strain::Hearts][seed as usize % 3];
            let (deal, play) = random_play(bridge::Bridge::new(strain.trump()), seed, 30);
            let mut seen: PartialDeal = deal.into();
            seen.hands[Seat::East] = None;
            seen.hands[Seat::West] = None;
            let k = Knowledge::new(seen.hands, deal.all_cards(), 13, strain, Seat::West, &play)
                .unwrap();
            let mut void = [[false; 4]; 4];
            for (i, &(seat, card)) in k.sequence().iter().enumerate() {
                let led = k.sequence()[i - i % 4].1.suit;
                if card.suit != led {
                    void[seat.index()][led.index()] = true;
                }
            }
            for seat in [Seat::East, Seat::West] {
                for card in k.hidden().iter() {
                    assert_eq!(
                        k.lacks(seat).contains(card),
                        void[seat.index()][card.suit.index()],
                        "seed {seed}, {seat}, {card}"
                    );
                }
            }
        }
    }

    #[test]
    fn belote_worlds_fit_what_a_seat_knows() {
        use games::Belote;
        for seed in 0..20 {
            let trump = Suit::ALL[seed as usize % 4];
            let game = Belote::new(trump);
            let (deal, play) = random_play(game, seed, 13);
            let mut seen = BySeat::<Option<Hand>>::default();
            seen[Seat::South] = Some(deal[Seat::South]);
            let mut k =
                Knowledge::begin(game, seen, [false; 4], game.deck(), 8, Seat::West).unwrap();
            for &card in &play {
                k.observe(card).unwrap();
            }
            assert_eq!(
                k.disagreement(&deal),
                None,
                "seed {seed}: the real deal fits"
            );
            let a = draw_where(&k, &|_| true, WorldCount::Sample(30), seed).unwrap();
            let b = draw_where(&k, &|_| true, WorldCount::Sample(30), seed).unwrap();
            assert_eq!(a.deals, b.deals, "seeded");
            let distinct: HashSet<_> = a.deals.iter().collect();
            assert_eq!(distinct.len(), a.deals.len());
            for d in &a.deals {
                assert_eq!(k.disagreement(d), None, "seed {seed}: {d}");
                assert_eq!(d[Seat::South], deal[Seat::South]);
            }
            // A filter is applied to every world.
            let west_trumps = |d: &Deal| d[Seat::West].suit_len(trump) >= 2;
            if let Ok(w) = draw_where(&k, &west_trumps, WorldCount::Sample(10), seed) {
                assert!(w.deals.iter().all(west_trumps));
            }
        }
    }

    #[test]
    fn belote_endings_are_enumerated_exactly() {
        // Six cards of each hand played: two hidden hands of two cards.
        use games::Belote;
        let game = Belote::new(Suit::Hearts);
        let (deal, play) = random_play(game, 5, 24);
        let mut seen = BySeat::<Option<Hand>>::default();
        seen[Seat::North] = Some(deal[Seat::North]);
        seen[Seat::South] = Some(deal[Seat::South]);
        let mut k = Knowledge::begin(game, seen, [false; 4], game.deck(), 8, Seat::West).unwrap();
        for &card in &play {
            k.observe(card).unwrap();
        }
        let all = draw_where(&k, &|_| true, WorldCount::All, 1).unwrap();
        assert!(all.exhaustive);
        assert!(all.deals.contains(&deal));
        assert!(all.deals.len() <= 6, "C(4, 2) layouts at most");
        // Every layout that fits is there: count them by brute force.
        let hidden: Vec<Card> = k.hidden().iter().collect();
        let fits = (0u32..16)
            .filter(|m| m.count_ones() == 2)
            .filter(|m| {
                let east: Hand = (0..4)
                    .filter(|i| m & 1 << i != 0)
                    .map(|i| hidden[i])
                    .collect();
                let west = Hand(k.hidden().0 & !east.0);
                k.lacks(Seat::East).0 & east.0 == 0 && k.lacks(Seat::West).0 & west.0 == 0
            })
            .count();
        assert_eq!(all.deals.len(), fits);
    }

    /// Declarer's view (East and West hidden) of a seeded random deal in
    /// `strain` after `cards` random cards, West on lead.
    fn declarers_view_after(strain: Strain, seed: u64, cards: usize) -> Knowledge {
        let (deal, play) = random_play(bridge::Bridge::new(strain.trump()), seed, cards);
        let mut seen: PartialDeal = deal.into();
        seen.hands[Seat::East] = None;
        seen.hands[Seat::West] = None;
        Knowledge::new(seen.hands, deal.all_cards(), 13, strain, Seat::West, &play).unwrap()
    }

    /// A digest of the worlds drawn on seeded random plays, enumerated
    /// (endings) and sampled, with and without a filter: the sampler's
    /// worlds feed every bridge player's choices, so a faster sampler must
    /// draw exactly these (the digest was taken from the sampler before
    /// it was made faster).
    #[test]
    fn the_worlds_drawn_are_those_of_the_reference_sampler() {
        let mut digest: u64 = 0xcbf2_9ce4_8422_2325;
        for seed in 0..24u64 {
            let strain = [Strain::Notrump, Strain::Hearts, Strain::Clubs][seed as usize % 3];
            let cards = [0usize, 4, 8, 20, 28, 36, 40, 44][seed as usize % 8];
            let k = declarers_view_after(strain, seed, cards);
            let c: Constraints = if seed % 2 == 0 {
                Constraints::default()
            } else {
                "hcp(west) >= 4".parse().unwrap()
            };
            for count in [WorldCount::Sample(20), WorldCount::Sample(3)] {
                let Ok(w) = draw(&k, &c, &LongestSuitAgainstNotrump, count, seed) else {
                    digest = (digest ^ 0xdead).wrapping_mul(0x0100_0000_01b3);
                    continue;
                };
                digest = (digest ^ u64::from(w.exhaustive)).wrapping_mul(0x0100_0000_01b3);
                for d in &w.deals {
                    for h in d.hands().0 {
                        digest = (digest ^ h.0).wrapping_mul(0x0100_0000_01b3);
                    }
                }
            }
        }
        println!("digest {digest:#x}");
        assert_eq!(digest, REFERENCE_DIGEST);
    }

    const REFERENCE_DIGEST: u64 = 0x82a1_9500_98d9_c74d;

    #[test]
    fn the_shuffled_positions_are_those_partial_shuffle_chooses() {
        for (len, amount) in [(2, 1), (7, 3), (20, 19), (1000, 20), (705_432, 20)] {
            for seed in 0..4 {
                let mut items: Vec<usize> = (0..len).collect();
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let (chosen, _) = items.partial_shuffle(&mut rng, amount);
                let chosen = chosen.to_vec();
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                assert_eq!(
                    shuffled_positions(&mut rng, len, amount),
                    chosen,
                    "{len} {amount}"
                );
            }
        }
    }

    #[test]
    fn a_layout_by_rank_is_the_enumerations_layout_of_that_rank() {
        let k = knowledge("S3 S4 S5 SA H3 H9 HA H4 HK H5 H7 C2");
        let layout = Layout::new(&k).unwrap();
        assert_eq!(layout.hidden.len(), 2);
        let mut rank = 0u64;
        layout.for_each(|dealt| {
            assert_eq!(layout.nth(rank), [dealt[0], dealt[1]], "rank {rank}");
            rank += 1;
        });
        assert_eq!(Some(rank), layout.count());
        assert!(rank > 1000, "{rank} layouts: too few to test the ranks");
    }

    /// Without constraints or a lead rule to apply, the sampler takes the
    /// chosen layouts by rank instead of listing every layout: the worlds
    /// must be those of the list, in its order.
    #[test]
    fn unfiltered_samples_are_those_of_the_list_of_every_layout() {
        let mut compared = 0;
        for seed in 0..40u64 {
            let strain = [Strain::Notrump, Strain::Spades][seed as usize % 2];
            let cards = [12usize, 16, 20, 24, 28, 33, 37, 42][seed as usize % 8];
            let k = declarers_view_after(strain, seed, cards);
            let enumerable = Layout::new(&k)
                .unwrap()
                .count()
                .is_some_and(|n| n <= ENUMERATION_LIMIT);
            for want in [1, 3, 20, 300] {
                let count = WorldCount::Sample(want);
                let fast = draw(&k, &Constraints::default(), &AnyLead, count, seed).unwrap();
                let listed = draw_where(&k, &|_| true, count, seed).unwrap();
                assert_eq!(
                    fast.deals, listed.deals,
                    "seed {seed}, {cards} cards, {want}"
                );
                assert_eq!(fast.exhaustive, listed.exhaustive);
                compared += usize::from(enumerable && !fast.exhaustive);
            }
        }
        assert!(
            compared > 40,
            "only {compared} samples took the ranked path"
        );
    }

    #[test]
    fn binomials() {
        assert_eq!(binomial(26, 13), 10_400_600);
        assert_eq!(binomial(6, 3), 20);
        assert_eq!(binomial(3, 5), 0);
    }
}

//! Quick tricks: tricks the side on lead can take at once from the top of
//! the leader's hand, counted so that the count is always achievable.

use crate::tt::Req;
use crate::NOTRUMP;

#[inline]
fn holding(hand: u64, suit: usize) -> u16 {
    (hand >> (16 * suit)) as u16
}

/// A lower bound on the tricks the leader's side takes, found by the leader
/// cashing winners from the top of the leader's own hand, and how many top
/// cards of each suit the count depends on.
///
/// When the opponents hold no trump, the count around a communication
/// suit comes first ([`cash_around_entry`]): its requirements are the
/// narrowest, and tried first it saves the most search (tables of 40
/// deals: 74.8 M nodes before it, 60.7 M with it first).
///
/// Then counted per suit: the leader's cards above every other card of the
/// suit (and the rest of the suit when the opponents are then exhausted and
/// partner only holds lower cards). In a trump contract a side suit counts
/// only the rounds both opponents follow to, and the side-suit rounds stop
/// one after partner, holding only trumps, would be forced to ruff and take
/// the lead. Trumps are cashed first.
///
/// The best of two plans: cash from the leader's hand, or lead a low card
/// to a suit where partner holds the winner and cash from partner's hand
/// (with no trumps in play, cash from both hands: [`cash_both`]).
///
/// In notrump, when more than one trick is needed, the count around an
/// entry is the only count.
///
/// Once the count reaches `need`, it keeps only the suits it needs, those
/// depending on the fewest top cards first, so that the result depends on
/// as few cards as possible.
pub(crate) fn quick_tricks(hands: &[u64; 4], leader: usize, trump: usize, need: i32) -> (i32, Req) {
    if need > 1 && quick_ceiling(hands, leader, trump) < need {
        return (0, [0; 4]);
    }
    counted_quick_tricks(hands, leader, trump, need)
}

/// [`quick_tricks`] without its ceiling.
fn counted_quick_tricks(hands: &[u64; 4], leader: usize, trump: usize, need: i32) -> (i32, Req) {
    let (lho, rho) = (hands[(leader + 1) & 3], hands[(leader + 3) & 3]);
    let opponents_trumpless = trump == NOTRUMP || holding(lho | rho, trump) == 0;
    if opponents_trumpless {
        if need == 1 {
            // What the count around an entry would find for one trick, and
            // all it can find: a suit partner heads is reached through an
            // entry the leader holds, itself such a suit.
            if let Some(req) = one_sure_trick(hands, leader) {
                return (1, req);
            }
        } else {
            let around = cash_around_entry(hands, leader, need);
            if around.0 >= need || trump == NOTRUMP {
                // In notrump the cashing counts below rarely reach what the
                // count around an entry missed: without them the search
                // takes a few more nodes and less time.
                return around;
            }
        }
    }
    let own = cash_from(hands, leader, trump, need, 4);
    if own.0 >= need {
        return own;
    }
    if need == 1 {
        if let Some(req) = partner_ruffs(hands, leader, trump) {
            return (1, req);
        }
    }
    if trump == NOTRUMP || hands.iter().all(|&h| holding(h, trump) == 0) {
        // No trumps in play: the leader's and partner's winners together.
        let both = cash_both(hands, leader, need);
        return if both.0 > own.0 { both } else { own };
    }
    let mut own = own;
    if holding(lho, trump) == 0 && holding(rho, trump) == 0 {
        // No trumps with the opponents: nobody can ruff the leader's side,
        // which cashes its winners (trumps as a suit of its own) as in
        // notrump; its own ruffs would only add tricks.
        let both = cash_both(hands, leader, need);
        if both.0 >= need {
            return both;
        }
        if both.0 > own.0 {
            own = both;
        }
    }
    let partner = (leader + 2) & 3;
    if holding(hands[partner], trump) != 0 {
        // From partner's hand the leader becomes the partner who may be
        // forced to ruff; the count of that case assumes the leader still
        // has all his cards, so keep to notrump-like safety: no transfer.
        return own;
    }
    // A suit the leader can lead in which partner's highest card beats every
    // other card still in play, and which no opponent can ruff on the way.
    let entry = (0..4).find(|&s| {
        let mine = holding(hands[leader], s);
        let theirs = holding(hands[partner], s);
        let others = mine | holding(lho, s) | holding(rho, s);
        mine != 0
            && theirs != 0
            && theirs.leading_zeros() < others.leading_zeros()
            && (s == trump
                || [lho, rho]
                    .iter()
                    .all(|&o| holding(o, s) != 0 || holding(o, trump) == 0))
    });
    let Some(entry) = entry else {
        return own;
    };
    let (via, mut req) = cash_from(hands, partner, trump, need, entry);
    if via <= own.0 {
        return own;
    }
    req[entry] = req[entry].max(1);
    (via, req)
}

/// One trick the leader's side is sure of when the opponents cannot ruff:
/// a suit the leader holds that the opponents are out of (lengths alone),
/// or one whose best card the leader or partner holds (that card alone).
#[inline]
fn one_sure_trick(hands: &[u64; 4], leader: usize) -> Option<Req> {
    let ours = hands[leader] | hands[(leader + 2) & 3];
    let theirs = hands[(leader + 1) & 3] | hands[(leader + 3) & 3];
    let mut headed = None;
    for s in 0..4 {
        if holding(hands[leader], s) == 0 {
            continue;
        }
        let opp = holding(theirs, s);
        if opp == 0 {
            return Some([0; 4]);
        }
        if holding(ours, s) > opp {
            headed = Some(s);
        }
    }
    headed.map(|s| {
        let mut req = [0; 4];
        req[s] = 1;
        req
    })
}

/// A ceiling on every count of [`quick_tricks`] but a single ruff: rounds
/// are only cashed in suits the leader's side heads, or the opponents are
/// out of, and at most as many as the longer of the side's two holdings.
///
/// In notrump every count of more than one trick is the count around an
/// entry ([`cash_around_entry`]), which takes at most two rounds of a suit
/// in which an opponent holds three cards or more.
///
/// When the opponents hold trumps, every count cashes from one hand
/// ([`cash_from`]), the leader's or partner's, and only in suits that hand
/// heads; a side suit gives at most the rounds both opponents follow to, or
/// its first round when neither can ruff it: none in a suit both opponents
/// are out of, at most the shorter opponent's length (one when that is
/// none) elsewhere.
#[inline]
fn quick_ceiling(hands: &[u64; 4], leader: usize, trump: usize) -> i32 {
    let partner = (leader + 2) & 3;
    let ours = hands[leader] | hands[partner];
    let (lho, rho) = (hands[(leader + 1) & 3], hands[(leader + 3) & 3]);
    let theirs = lho | rho;
    let ruffs = trump != NOTRUMP && holding(theirs, trump) != 0;
    let mut ceiling = 0;
    // With ruffs: per hand, the rounds of the suits it heads.
    let mut by_hand = [0; 2];
    for s in 0..4 {
        let (mine, part, opp) = (
            holding(hands[leader], s),
            holding(hands[partner], s),
            holding(theirs, s),
        );
        if holding(ours, s) <= opp {
            continue;
        }
        if !ruffs {
            let longer = mine.count_ones().max(part.count_ones()) as i32;
            let opponent_long = holding(lho, s)
                .count_ones()
                .max(holding(rho, s).count_ones())
                > 2;
            ceiling += if trump == NOTRUMP && opponent_long {
                longer.min(2)
            } else {
                longer
            };
            continue;
        }
        let (head, len) = if mine > part {
            (0, mine.count_ones())
        } else {
            (1, part.count_ones())
        };
        by_hand[head] += if s == trump {
            len
        } else if opp == 0 {
            0
        } else {
            let shorter = holding(lho, s)
                .count_ones()
                .min(holding(rho, s).count_ones());
            len.min(shorter.max(1))
        } as i32;
    }
    if ruffs {
        by_hand[0].max(by_hand[1])
    } else {
        ceiling
    }
}

/// Whether the leader can lead a side suit partner ruffs while neither
/// opponent can overruff: each follows suit, has no trumps, or holds only
/// trumps below partner's best. Returns what that depends on: lengths
/// alone, or also partner's best trump beating an opponent's.
fn partner_ruffs(hands: &[u64; 4], leader: usize, trump: usize) -> Option<Req> {
    if trump == NOTRUMP {
        return None;
    }
    let partner = hands[(leader + 2) & 3];
    let ruffs = holding(partner, trump);
    if ruffs == 0 {
        return None;
    }
    let opponents = [hands[(leader + 1) & 3], hands[(leader + 3) & 3]];
    let mut best: Option<Req> = None;
    for s in (0..4).filter(|&s| s != trump) {
        if holding(hands[leader], s) == 0 || holding(partner, s) != 0 {
            continue;
        }
        // Trumps of the opponents who can ruff too.
        let over = opponents
            .iter()
            .filter(|&&o| holding(o, s) == 0)
            .fold(0u16, |acc, &o| acc | holding(o, trump));
        if over == 0 {
            return Some([0; 4]);
        }
        if ruffs.leading_zeros() < over.leading_zeros() && best.is_none() {
            let all = holding(hands[0] | hands[1] | hands[2] | hands[3], trump);
            let top = 15 - ruffs.leading_zeros();
            let mut req = [0u8; 4];
            req[trump] = (all >> top).count_ones() as u8;
            best = Some(req);
        }
    }
    best
}

/// Tricks the side of `seat` is sure to take in a trump contract: each of
/// its trumps above every opposing trump wins the trick it falls on, and
/// one hand's cards fall on different tricks. Returns the count and, when
/// it reaches `need`, the top trumps it depends on (below `need` the count
/// cuts nothing and its requirement is not worked out).
///
/// With no opposing trump the count depends on lengths alone; when `need`
/// is one trick, on the top trump alone.
pub(crate) fn top_trump_tricks(
    hands: &[u64; 4],
    seat: usize,
    trump: usize,
    need: i32,
) -> (i32, Req) {
    let mut req = [0u8; 4];
    if trump == NOTRUMP {
        return (0, req);
    }
    let ours = [
        holding(hands[seat], trump),
        holding(hands[(seat + 2) & 3], trump),
    ];
    let theirs = holding(hands[(seat + 1) & 3], trump) | holding(hands[(seat + 3) & 3], trump);
    let floor = if theirs == 0 {
        0
    } else {
        // Bits above the opponents' highest trump.
        !((2u32 << (15 - theirs.leading_zeros())) - 1) as u16
    };
    let best = ours
        .iter()
        .map(|h| (h & if theirs == 0 { 0xffff } else { floor }).count_ones())
        .max()
        .unwrap_or(0);
    if (best as i32) < need {
        return (best as i32, req);
    }
    if theirs != 0 {
        // From the top: once one hand holds `need` of our top trumps, those
        // owners decide.
        let mut rest = (ours[0] | ours[1]) & floor;
        let mut counts = [0i32; 2];
        let mut k = 0u8;
        while rest != 0 {
            let bit = 1u16 << (15 - rest.leading_zeros());
            rest &= !bit;
            k += 1;
            let hand = usize::from(ours[0] & bit == 0);
            counts[hand] += 1;
            if counts[hand] >= need {
                req[trump] = k;
                return (counts[hand], req);
            }
        }
        // Not reached: one hand holds `need` of the top trumps.
        req[trump] = k + 1;
    }
    (best as i32, req)
}

/// Rounds of suit `s` the hand `leader` can win in a row from the top while
/// keeping the lead, partner following low (and the top cards they depend on).
/// Trumps and ruffs are the caller's business.
///
/// With `cross`, partner's cards count too where the leader holds the best
/// card and partner the second, both with two or more: a low card to
/// partner's winner and back to the leader's takes two rounds and ends in
/// the leader's hand. Not for a suit the leader has already led from.
fn cash_suit(hands: &[u64; 4], leader: usize, s: usize, cross: bool) -> (u32, u8) {
    let mine = holding(hands[leader], s);
    if mine == 0 {
        return (0, 0);
    }
    let p = holding(hands[(leader + 2) & 3], s);
    let (a, b) = (
        holding(hands[(leader + 1) & 3], s),
        holding(hands[(leader + 3) & 3], s),
    );
    let others = p | a | b;
    let above = if others == 0 {
        mine
    } else {
        let highest = 15 - others.leading_zeros();
        mine & !((2u32 << highest) - 1) as u16
    };
    let won = above.count_ones();
    if won == 0 {
        return (0, 0);
    }
    let len = mine.count_ones();
    if won < len {
        let opponents_len = a.count_ones().max(b.count_ones());
        if opponents_len <= won && p.count_ones() <= won {
            // Everyone else is out of the suit after the winners: the
            // lengths, which every entry's key holds, decide the rest.
            return (len, won as u8);
        }
        if cross && won == 1 && p.count_ones() >= 2 && p.leading_zeros() < (a | b).leading_zeros() {
            // Low to partner's second best and back to the best; then, if
            // everyone else is out, the leader's long cards.
            if opponents_len <= 2 && p.count_ones() <= 2 {
                return (len, 2);
            }
            return (2, 2);
        }
        let lowest = mine.trailing_zeros();
        let partner_below = p == 0 || 15 - p.leading_zeros() < lowest;
        if opponents_len <= won && partner_below {
            // Every card down to the leader's lowest decides this.
            return (len, ((mine | others) >> lowest).count_ones() as u8);
        }
    }
    (won, won as u8)
}

/// `led` is a suit the leader has already led a card from (or 4 for none):
/// no crossing to partner and back in it.
fn cash_from(hands: &[u64; 4], leader: usize, trump: usize, need: i32, led: usize) -> (i32, Req) {
    let lho = hands[(leader + 1) & 3];
    let rho = hands[(leader + 3) & 3];
    // A ceiling first: the leader only cashes suits it heads or the
    // opponents are out of, at most its length in each.
    let others = hands[(leader + 2) & 3] | lho | rho;
    let ceiling: u32 = (0..4)
        .map(|s| {
            let mine = holding(hands[leader], s);
            if mine > holding(others, s) || holding(lho | rho, s) == 0 {
                mine.count_ones()
            } else {
                0
            }
        })
        .sum();
    if (ceiling as i32) < need {
        return (0, [0; 4]);
    }
    let mut req = [0u8; 4];
    let mut won = [0u32; 4];
    for s in 0..4 {
        let (mut w, r) = cash_suit(hands, leader, s, s != led);
        if w == 0 {
            continue;
        }
        req[s] = r;
        if trump != NOTRUMP && s != trump {
            // Only the rounds both opponents follow to. An opponent without
            // trumps cannot ruff, so counting to the length of those with
            // trumps alone would be sound too, but such counts cut with
            // requirements that cost more than they save (tables: 74.8 M
            // nodes against 70.4 M on 40 deals).
            for opponent in [lho, rho] {
                w = w.min(holding(opponent, s).count_ones());
            }
            // The first round, though, wins whenever no opponent can ruff
            // it: each follows or holds no trump.
            if w == 0
                && [lho, rho]
                    .iter()
                    .all(|&o| holding(o, s) != 0 || holding(o, trump) == 0)
            {
                w = 1;
            }
        }
        won[s] = w;
    }
    let no_trumps = trump == NOTRUMP || hands.iter().all(|&h| holding(h, trump) == 0);
    if no_trumps {
        // A suit the opponents are out of, played last: every round goes to
        // the leader's side, and whichever hand wins can lead it again while
        // both hands hold it. Lengths alone decide that.
        let partner = hands[(leader + 2) & 3];
        let best_last = (0..4)
            .filter(|&s| s != led && holding(lho | rho, s) == 0)
            .map(|s| {
                let rounds = holding(hands[leader], s)
                    .count_ones()
                    .min(holding(partner, s).count_ones());
                (rounds.saturating_sub(won[s]), s, rounds)
            })
            .max();
        if let Some((gain, s, rounds)) = best_last {
            if gain > 0 {
                won[s] = rounds;
                req[s] = 0;
            }
        }
    }
    let total = cashed(hands, leader, trump, &won, 0b1111);
    if total < need {
        return (total, req);
    }
    // The fewest top cards that still make `need`.
    let mut order = [0usize, 1, 2, 3];
    order.sort_by_key(|&s| req[s]);
    let mut used = 0u8;
    for s in order {
        if won[s] == 0 {
            continue;
        }
        used |= 1 << s;
        let count = cashed(hands, leader, trump, &won, used);
        if count >= need {
            let mut kept = [0u8; 4];
            for t in 0..4 {
                if used >> t & 1 != 0 {
                    kept[t] = req[t];
                }
            }
            return (count, kept);
        }
    }
    (total, req)
}

/// Tricks from cashing `won[s]` rounds of each suit `s` in `used`: trumps
/// first; side-suit rounds stop one after partner, holding only trumps,
/// would be forced to ruff and take the lead.
fn cashed(hands: &[u64; 4], leader: usize, trump: usize, won: &[u32; 4], used: u8) -> i32 {
    let partner = hands[(leader + 2) & 3];
    let mut trump_tricks = 0u32;
    let mut side_tricks = 0u32;
    for s in 0..4 {
        if used >> s & 1 == 0 {
            continue;
        }
        if s == trump {
            trump_tricks += won[s];
        } else {
            side_tricks += won[s];
        }
    }
    if trump != NOTRUMP {
        let partner_trumps = holding(partner, trump).count_ones();
        if partner_trumps > 0 {
            let partner_side = partner.count_ones() - partner_trumps;
            let discards_in_trump_rounds = trump_tricks.saturating_sub(partner_trumps);
            let side_left = partner_side.saturating_sub(discards_in_trump_rounds);
            side_tricks = side_tricks.min(side_left + 1);
        }
    }
    (trump_tricks + side_tricks) as i32
}

/// With no trumps in play: the leader cashes suits from the top, then crosses
/// to partner's winner in an entry suit and partner cashes the rest. Each suit
/// is cashed by one hand, the one with more rounds in it. Partner must have
/// enough idle cards for the discards the leader's rounds force on it.
fn cash_both(hands: &[u64; 4], leader: usize, need: i32) -> (i32, Req) {
    let partner = (leader + 2) & 3;
    let mut best = (0, [0u8; 4]);
    // What each suit gives, whatever the entry: computed once.
    let from_leader: [(u32, u8); 4] = std::array::from_fn(|s| cash_suit(hands, leader, s, true));
    let from_partner: [(u32, u8); 4] = std::array::from_fn(|s| cash_suit(hands, partner, s, true));
    let partner_len: [u32; 4] = std::array::from_fn(|s| holding(hands[partner], s).count_ones());
    let leader_len: [u32; 4] = std::array::from_fn(|s| holding(hands[leader], s).count_ones());
    if (0..4).all(|s| from_partner[s].0 == 0 || leader_len[s] == 0) {
        return best;
    }
    let partner_alone: [(u32, u8); 4] =
        std::array::from_fn(|s| cash_suit(hands, partner, s, false));
    let partner_crossing: [Option<(u32, bool)>; 4] =
        std::array::from_fn(|s| crossing_rounds(hands, partner, s));
    let partner_len = |s: usize| partner_len[s];
    for entry in 0..4 {
        // Partner's top card heads the suit and the leader can lead it.
        if from_partner[entry].0 == 0 || leader_len[entry] == 0 {
            continue;
        }
        // With the second best card as well, the leader and partner take
        // two rounds between them (the shorter hand's card first), then
        // the longer hand's cards once the opponents, two cards or fewer
        // each, are out (DDS's partner-hand quick tricks). The lead ends
        // in the longer hand: the leader's, when it is longer, leaves no
        // way back to partner's other suits.
        let crossing = crossing_rounds(hands, leader, entry);
        let leader_ends = crossing.is_some_and(|(_, leader_longer)| leader_longer);
        // Per suit: (tricks, top cards required, partner's discards,
        // partner's cards used, partner's cashing cards it could throw
        // instead of an idle card).
        let plan: [(u32, u8, u32, u32, u32); 4] = std::array::from_fn(|s| {
            let (by_leader, leader_req) = from_leader[s];
            if s == entry {
                if let Some((rounds, _)) = crossing {
                    return (rounds, 2, 0, partner_len(s), 0);
                }
            } else if leader_ends {
                // Only the leader's own suits, cashed before the crossing.
                return (
                    by_leader,
                    leader_req,
                    by_leader.saturating_sub(partner_len(s)),
                    by_leader.min(partner_len(s)),
                    0,
                );
            }
            // The leader leads one card of the entry suit: partner cannot
            // cross back in it. Elsewhere partner may also run a suit
            // where the leader holds the best card and partner the second,
            // when the lead can end in partner's hand (partner at least as
            // long).
            let (by_partner, partner_req) = if s == entry {
                partner_alone[s]
            } else {
                match partner_crossing[s] {
                    Some((rounds, _))
                        if rounds > from_partner[s].0 && partner_len(s) >= leader_len[s] =>
                    {
                        (rounds, 2)
                    }
                    _ => from_partner[s],
                }
            };
            if s != entry && by_leader > 0 && by_leader >= by_partner {
                (
                    by_leader,
                    leader_req,
                    by_leader.saturating_sub(partner_len(s)),
                    by_leader.min(partner_len(s)),
                    0,
                )
            } else {
                // Partner may throw its lowest cashing cards (a trick each)
                // where it cashes from its own hand alone; never the winner
                // that takes the lead.
                let spare = if s == entry {
                    by_partner.saturating_sub(1)
                } else if from_partner[s] == partner_alone[s] {
                    by_partner
                } else {
                    0
                };
                (by_partner, partner_req, 0, by_partner, spare)
            }
        });
        let mut used = 0b1111u8;
        // The tricks of the suits in `used`, and whether partner can make
        // the discards the leader's rounds force: with too few idle cards
        // it throws cashing cards, a trick each.
        let count = |used: u8| {
            let (mut total, mut discards, mut partner_used, mut spare) = (0, 0, 0, 0);
            for (s, &(tricks, _, d, u, x)) in plan.iter().enumerate() {
                if used >> s & 1 != 0 {
                    total += tricks;
                    discards += d;
                    partner_used += u;
                    spare += x;
                }
            }
            let idle = hands[partner].count_ones() - partner_used;
            let short = discards.saturating_sub(idle);
            ((total - short.min(total)) as i32, short <= spare)
        };
        let (total, playable) = count(used);
        if !playable {
            continue;
        }
        if total >= need {
            // Drop the suits needing the most top cards while `need` holds.
            let mut order = [0usize, 1, 2, 3];
            order.sort_by_key(|&s| std::cmp::Reverse(plan[s].1));
            for s in order {
                let (fewer, playable) = count(used & !(1 << s));
                if s != entry && playable && fewer >= need {
                    used &= !(1 << s);
                }
            }
        }
        let (total, _) = count(used);
        if total > best.0 {
            let req = std::array::from_fn(|s| if used >> s & 1 != 0 { plan[s].1 } else { 0 });
            best = (total, req);
        }
    }
    best
}

/// With no trumps in play: tricks counted suit by suit around one
/// communication suit, after DDS's quick tricks. The communication suit is
/// the first suit in which partner holds the best card and the leader a
/// card to lead to it, or else the leader the best card and partner the
/// second, both with two cards or more (the best card, then low to
/// partner's). In every suit:
///
/// - the leader's own suit (no other hand holds it): its length;
/// - partner's own suit, once partner can be reached: partner's length;
/// - the leader holds the best card: one round, the whole length when every
///   other hand holds one card or fewer; with the second best in either
///   hand, a second round, and the longer holding's length when the
///   opponents hold two cards or fewer each (and one of the side's hands
///   two or fewer when they are split);
/// - partner holds the best card and can be reached: the same from
///   partner's side; in the communication suit itself, partner's third best
///   card also wins when the leader's left-hand opponent, who plays before
///   partner, holds the second (a finesse), and partner's length when the
///   leader and both opponents hold two cards or fewer.
///
/// Hands are of equal length, so for any count up to the hand size partner
/// has idle cards for the leader's rounds and the leader for partner's;
/// the count is capped there. Also, a suit the
/// opponents are out of gives the shorter of the side's two holdings on
/// its own. Returns the count and the top cards of each suit it depends
/// on, keeping only the suits it needs, those depending on the fewest top
/// cards first.
fn cash_around_entry(hands: &[u64; 4], leader: usize, need: i32) -> (i32, Req) {
    let partner = (leader + 2) & 3;
    let (lho, rho) = ((leader + 1) & 3, (leader + 3) & 3);
    // Per suit: the lengths of the leader, partner and the opponents, and
    // the owners of the top three cards (4 for none).
    let lens: [[u32; 4]; 4] = std::array::from_fn(|s| {
        [leader, partner, lho, rho].map(|x| holding(hands[x], s).count_ones())
    });
    let tops: [[usize; 3]; 4] = std::array::from_fn(|s| top_three_owners(hands, s));
    // (The caller has checked the quick ceiling, the side's longer holding
    // in each suit it heads or the opponents are out of, against `need`.)
    // The communication suit and the number of top cards it depends on.
    let mut entry: Option<(usize, u8)> = None;
    for s in 0..4 {
        let [own, part, _, _] = lens[s];
        let [first, second, _] = tops[s];
        if first == partner && own > 0 {
            entry = Some((s, 1));
            break;
        }
        if first == leader && second == partner && own >= 2 && part >= 2 {
            entry = Some((s, 2));
            break;
        }
    }
    // Per suit: tricks, top cards required, and whether partner's side of
    // it needs the entry.
    let mut plan = [(0u32, 0u8, false); 4];
    let mut best_alone = (0i32, [0u8; 4]);
    for s in 0..4 {
        let [own, part, l, r] = lens[s];
        if l == 0 && r == 0 {
            if part == 0 {
                plan[s] = (own, 0, false);
                continue;
            }
            // The shorter holding's length whoever wins, lengths alone.
            let alone = own.min(part) as i32;
            if alone > best_alone.0 {
                best_alone = (alone, [0; 4]);
            }
            if own == 0 {
                if entry.is_some() {
                    plan[s] = (part, 0, true);
                }
                continue;
            }
        }
        let [first, second, third] = tops[s];
        if first == leader {
            plan[s] = if l <= 1 && r <= 1 && part <= 1 {
                (own, 1, false)
            } else if second == leader {
                if l <= 2 && r <= 2 && part <= 2 {
                    (own.max(2), 2, false)
                } else {
                    (2, 2, false)
                }
            } else if second == partner && own > 1 && part > 1 {
                if l <= 2 && r <= 2 && (part <= 2 || own <= 2) {
                    (own.max(part), 2, false)
                } else {
                    (2, 2, false)
                }
            } else {
                (1, 1, false)
            };
        } else if let (true, Some((entry_suit, _))) = (first == partner, entry) {
            plan[s] = if l <= 1 && r <= 1 && own <= 1 {
                (part, 1, true)
            } else if second == partner {
                if l <= 2 && r <= 2 && own <= 2 {
                    (part.max(2), 2, true)
                } else {
                    (2, 2, true)
                }
            } else if second == leader && part > 1 && own > 1 {
                if l <= 2 && r <= 2 && (own <= 2 || part <= 2) {
                    (own.max(part), 2, true)
                } else {
                    (2, 2, true)
                }
            } else if s == entry_suit && second == lho && third == partner {
                if own <= 2 && l <= 2 && r <= 2 {
                    (part.max(2), 3, true)
                } else {
                    (2, 3, true)
                }
            } else {
                (1, 1, true)
            };
        }
    }
    // One suit the opponents are out of may be played last, from whichever
    // hand then has the lead: the shorter holding's length, lengths alone.
    let last = (0..4)
        .filter(|&s| {
            let [own, part, l, r] = lens[s];
            l + r == 0 && own > 0 && part > 0 && own.min(part) >= plan[s].0 && plan[s].1 > 0
        })
        .max_by_key(|&s| plan[s].1);
    if let Some(s) = last {
        plan[s] = (lens[s][0].min(lens[s][1]), 0, false);
    }
    // The rounds counted may add up to more than the hands hold (a hand
    // cannot keep every card it cashes while discarding on the other's);
    // any `need` up to the hand size is still reached.
    let hand_size = hands[leader].count_ones() as i32;
    let count = |used: u8| -> i32 {
        (0..4)
            .filter(|&s| used >> s & 1 != 0)
            .map(|s| plan[s].0 as i32)
            .sum::<i32>()
            .min(hand_size)
    };
    let req_of = |used: u8| -> Req {
        let mut req: Req = std::array::from_fn(|s| if used >> s & 1 != 0 { plan[s].1 } else { 0 });
        if let Some((e, k)) = entry {
            if (0..4).any(|s| used >> s & 1 != 0 && plan[s].2) {
                req[e] = req[e].max(k);
            }
        }
        req
    };
    let mut used = 0b1111u8;
    let total = count(used);
    if total < need {
        return if best_alone.0 > total {
            best_alone
        } else {
            (total, req_of(used))
        };
    }
    if best_alone.0 >= need {
        return best_alone;
    }
    // Drop the suits needing the most top cards while `need` holds.
    let mut order = [0usize, 1, 2, 3];
    order.sort_by_key(|&s| std::cmp::Reverse(plan[s].1));
    for s in order {
        if count(used & !(1 << s)) >= need {
            used &= !(1 << s);
        }
    }
    (count(used), req_of(used))
}

/// Rounds of suit `s` the leader and partner take together when partner
/// holds the best card and the leader the second, both with two cards or
/// more, each opponent with two or fewer, and one of the two with two
/// exactly or fewer: the short hand's top card, then a card to the other's,
/// then the long hand's cards. With the rounds: whether the leader is the
/// longer hand (and keeps the lead). Depends on the owners of the suit's
/// top two cards and on the lengths.
fn crossing_rounds(hands: &[u64; 4], leader: usize, s: usize) -> Option<(u32, bool)> {
    let mine = holding(hands[leader], s);
    let part = holding(hands[(leader + 2) & 3], s);
    let (a, b) = (
        holding(hands[(leader + 1) & 3], s),
        holding(hands[(leader + 3) & 3], s),
    );
    let (lm, lp) = (mine.count_ones(), part.count_ones());
    if lm < 2 || lp < 2 || a.count_ones() > 2 || b.count_ones() > 2 || (lm > 2 && lp > 2) {
        return None;
    }
    let all = mine | part | a | b;
    let best = 15 - all.leading_zeros();
    let rest = all & !(1u16 << best);
    let second = 15 - rest.leading_zeros();
    (part >> best & 1 != 0 && mine >> second & 1 != 0).then_some((lm.max(lp), lm > lp))
}

/// A lower bound on the tricks of the side *not* on lead, and the top cards
/// of each suit it depends on. Rules that hold whatever the leader does:
///
/// - No trumps left (or notrump): if the opponents head every suit the
///   leader holds, they win this trick. Otherwise, the leader's side can only ever win
///   tricks in suits it heads, at most the longer of its two holdings in
///   each; if those fall short of the tricks left, the other side takes at
///   least one.
/// - The other side holds the top trump: it takes a trick with it; two
///   when it also holds the second trump and one of the two holders has
///   another trump to keep them apart.
/// - The leader's side holds the top trump, and the second sits, guarded,
///   with an opponent who plays after the top trump's holder, or the
///   opponents hold the second (guarded) and the third: the opponents take
///   a trick, with the trump or with the throw-in that forces it out.
pub(crate) fn later_tricks(hands: &[u64; 4], leader: usize, trump: usize, left: i32) -> (i32, Req) {
    let mut req = [0u8; 4];
    let ours = |seat: usize| (seat + leader) & 1 == 0;
    let live_trumps = if trump == NOTRUMP {
        0
    } else {
        hands.iter().fold(0u16, |acc, &h| acc | holding(h, trump))
    };
    if live_trumps == 0 {
        let mut sum = 0;
        // Every suit the leader can lead is headed by an opponent.
        let mut lead_lost = true;
        let mut lead_req = [0u8; 4];
        let mut spare = [0i32; 4];
        let (mine, partners) = (hands[leader], hands[(leader + 2) & 3]);
        let theirs = hands[(leader + 1) & 3] | hands[(leader + 3) & 3];
        for s in 0..4 {
            let (ours_a, ours_b) = (holding(mine, s), holding(partners, s));
            let side = ours_a | ours_b;
            let opp = holding(theirs, s);
            if side | opp == 0 {
                continue;
            }
            let longer = ours_a.count_ones().max(ours_b.count_ones()) as i32;
            // The side heads the suit: its best card is above theirs.
            if side > opp {
                sum += longer;
                if ours_a != 0 {
                    lead_lost = false;
                }
            } else if ours_a | ours_b != 0 {
                req[s] = 1;
                spare[s] = longer;
                if ours_a != 0 {
                    lead_req[s] = 1;
                }
            }
        }
        if lead_lost {
            return (1, lead_req);
        }
        if sum >= left {
            return (0, [0; 4]);
        }
        // A suit the opponents head need not be required while the count
        // stays short with the leader's side heading it too.
        let mut order = [0usize, 1, 2, 3];
        order.sort_by_key(|&s| spare[s]);
        for s in order {
            if req[s] != 0 && sum + spare[s] < left {
                sum += spare[s];
                req[s] = 0;
            }
        }
        return (1, req);
    }
    let trumps = hands.map(|h| holding(h, trump));
    let owners = best_owners(hands, trump);
    let len = |h: usize| trumps[h].count_ones();
    let top = owners[0].unwrap_or(leader);
    if !ours(top) {
        if let Some(second) = owners[1].filter(|&h| !ours(h)) {
            if len(second) > 1 || len((second + 2) & 3) > 1 {
                req[trump] = 2;
                return (2, req);
            }
        }
        req[trump] = 1;
        return (1, req);
    }
    if let Some(second) = owners[1].filter(|&h| !ours(h) && len(h) > 1) {
        if top == (second + 3) & 3 {
            req[trump] = 2;
            return (1, req);
        }
        if owners[2].is_some_and(|h| !ours(h)) {
            req[trump] = 3;
            return (1, req);
        }
    }
    (0, [0; 4])
}

/// The seats holding the best, second and third best cards of suit `s`,
/// 4 where the suit has fewer cards.
#[inline]
fn top_three_owners(hands: &[u64; 4], s: usize) -> [usize; 3] {
    let (n, e, so, w) = (
        holding(hands[0], s),
        holding(hands[1], s),
        holding(hands[2], s),
        holding(hands[3], s),
    );
    let mut rest = n | e | so | w;
    let mut owners = [4; 3];
    for o in &mut owners {
        if rest == 0 {
            break;
        }
        let bit = 1u16 << (15 - rest.leading_zeros());
        *o = usize::from(e & bit != 0)
            | (usize::from(so & bit != 0) << 1)
            | (usize::from(w & bit != 0) * 3);
        rest ^= bit;
    }
    owners
}

/// The seats holding the best, second and third best cards of suit `s`
/// still in the hands.
#[inline]
pub(crate) fn best_owners(hands: &[u64; 4], s: usize) -> [Option<usize>; 3] {
    top_three_owners(hands, s).map(|o| (o < 4).then_some(o))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::{
        cash_around_entry, counted_quick_tricks, one_sure_trick, quick_ceiling, quick_tricks,
    };
    use crate::NOTRUMP;
    use cards::{Deal, Seat};
    use rand::SeedableRng;

    #[test]
    fn the_ceiling_bounds_every_count_of_more_than_one_trick() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for i in 0..20_000 {
            // Top cards alone, as in endings, or cards from the whole deck.
            let deal = if i % 2 == 0 {
                Deal::random(&mut rng, 1 + i % 13)
            } else {
                Deal::random_from_full_deck(&mut rng, 1 + i % 13)
            };
            let h = deal.hands();
            let hands: [u64; 4] = std::array::from_fn(|x| h[Seat::ALL[x]].0);
            let left = (1 + i % 13) as i32;
            for trump in 0..=NOTRUMP {
                for leader in 0..4 {
                    let ceiling = quick_ceiling(&hands, leader, trump);
                    for need in 2..=left {
                        let (count, _) = counted_quick_tricks(&hands, leader, trump, need);
                        assert!(
                            count <= ceiling,
                            "{deal}: leader {leader}, trump {trump}, need {need}: \
                             count {count} above the ceiling {ceiling}"
                        );
                    }
                }
            }
        }
    }

    /// The hands of a PBN deal string as the search holds them.
    pub(crate) fn hands(pbn: &str) -> [u64; 4] {
        let deal: Deal = pbn.parse().unwrap_or_else(|e| panic!("{pbn}: {e}"));
        let hands = deal.hands();
        std::array::from_fn(|h| hands[Seat::ALL[h]].0)
    }

    // Requirements are indexed by suit: spades 0, hearts 1, diamonds 2,
    // clubs 3.

    #[test]
    fn one_sure_trick_needs_lengths_alone_where_the_opponents_are_out() {
        // North's spade: neither opponent holds a spade.
        let h = hands("N:2.A.. .K2.. .Q.2. .3.3.");
        assert_eq!(one_sure_trick(&h, 0), Some([0, 0, 0, 0]));
        assert_eq!(quick_tricks(&h, 0, NOTRUMP, 1), (1, [0, 0, 0, 0]));
    }

    #[test]
    fn one_sure_trick_is_a_suit_the_side_heads() {
        // North leads: the heart ace is South's, the diamond king West's.
        let h = hands("N:.2.2. .K.Q. .A.3. .3.K.");
        assert_eq!(one_sure_trick(&h, 0), Some([0, 1, 0, 0]));
        // East leads: West's diamond king.
        assert_eq!(one_sure_trick(&h, 1), Some([0, 0, 1, 0]));
        // East leads: South heads both of East's suits.
        let h = hands("N:.2.2. .K.3. .A.Q. .3.4.");
        assert_eq!(one_sure_trick(&h, 1), None);
    }

    #[test]
    fn for_one_trick_the_count_around_an_entry_finds_no_more() {
        // Every position of a few small deals with the leader's side short
        // of a sure trick: the fuller count finds none either.
        for pbn in [
            "N:.2.2. .K.Q. .A.3. .3.K.",
            "N:32... AK... QJ... T9...",
            "N:.2.2. .K.3. .A.Q. .3.4.",
            "N:2.2.. K.K.. A.3.. 3.A..",
            "N:.32..2 .AK..3 .QJ..4 .T9..A",
        ] {
            let h = hands(pbn);
            for leader in 0..4 {
                if one_sure_trick(&h, leader).is_none() {
                    assert!(cash_around_entry(&h, leader, 1).0 < 1, "{pbn} {leader}");
                }
            }
        }
    }

    #[test]
    fn crossing_to_partner_and_back_takes_two_rounds() {
        // North leads; spades Ax opposite Kx, the opponents' spades lower.
        let h = hands("N:A2.2.2. QJ.A.A. K3.3.3. T9.K.K.");
        let (tricks, req) = quick_tricks(&h, 0, NOTRUMP, 2);
        assert_eq!(tricks, 2);
        assert_eq!(req, [2, 0, 0, 0]);
    }

    #[test]
    fn partners_winner_and_the_leaders_second_best_run_the_longer_hand() {
        // East leads in notrump (a position of deal 43 of seed 1): West's
        // diamond ace, East's queen and three more; North and South hold
        // three diamonds between them. Low to the ace, the jack back to the
        // queen, then East's last two diamonds: four tricks, and a club
        // makes five. North and South hold no club, so the club trick is
        // East-West's whoever holds the ace: played last, it depends on the
        // lengths alone.
        let h = hands("N:.K96.98. ..Q765.A 86.J5.4. 4.Q.AJ.7");
        let (tricks, req) = quick_tricks(&h, 1, NOTRUMP, 5);
        assert_eq!(tricks, 5);
        assert_eq!(req, [0, 0, 2, 0]);
        // Partner longer: North leads the queen first, then the two to
        // South's ace, and South runs the suit.
        let h = hands("N:Q2.2.2. JT.A.A. A543... 9.KQ.K.");
        let (tricks, req) = quick_tricks(&h, 0, NOTRUMP, 4);
        assert_eq!(tricks, 4);
        assert_eq!(req[0], 2);
        // With three spades an opponent can hold the fourth round: no.
        let h = hands("N:Q2.2.2. JT9..3. A543... 8.KQ.K.");
        let (tricks, _) = quick_tricks(&h, 0, NOTRUMP, 4);
        assert!(tricks < 4, "{tricks}");
    }

    #[test]
    fn partner_runs_a_suit_headed_by_the_leaders_best_card() {
        // North leads in notrump (deal 98 of seed 1): the spade jack to
        // South's ace; then South's hearts J43 with North's K6 opposite,
        // East's T2 falling in two rounds: low to the king, back to the
        // jack, and the four. Four tricks.
        let h = hands("N:J.K6..7 .T2..KT A.J43.. T2..KT.");
        let (tricks, req) = quick_tricks(&h, 0, NOTRUMP, 4);
        assert_eq!(tricks, 4);
        assert_eq!(req[1], 2);
    }

    #[test]
    fn partner_short_of_idle_cards_throws_a_cashing_card() {
        // East leads in notrump (deal 72 of seed 1): two hearts nobody else
        // holds, then the nine of diamonds to West's jack, and West's
        // clubs, which nobody else holds. West must discard twice on the
        // hearts with a single idle card (the seven of spades): it throws
        // a club too, and takes one club trick instead of two. Four in all.
        let h = hands("N:Q8..T5. 9.T5.9. AJT..3. 7..J.86");
        let (tricks, req) = quick_tricks(&h, 1, NOTRUMP, 4);
        assert_eq!(tricks, 4);
        assert_eq!(req[2], 1);
        // Without the plan, five would have been counted, which the hands
        // cannot take: all four is the most there is.
        let (tricks, _) = quick_tricks(&h, 1, NOTRUMP, 5);
        assert!(tricks <= 4, "{tricks}");
    }

    #[test]
    fn with_no_opposing_trumps_both_hands_cash_as_in_notrump() {
        // Spades trumps, North leads; East and West hold no trump. North's
        // heart ace, the two of diamonds to South's ace, South's king of
        // diamonds: three tricks, though partner holds trumps.
        let h = hands("N:2.A.2. .Q.Q.2 3..AK. .J.J.3");
        let (tricks, _) = quick_tricks(&h, 0, 0, 3);
        assert!(tricks >= 3, "{tricks}");
    }

    #[test]
    fn long_cards_after_the_winners_need_only_the_winners() {
        // North's AK4 with every other hand out of spades after two rounds.
        let h = hands("N:AK4.2.. QJ.AK.. 3.543.. T9.QJ..");
        let (tricks, req) = quick_tricks(&h, 0, NOTRUMP, 3);
        assert_eq!(tricks, 3);
        assert_eq!(req, [2, 0, 0, 0]);
    }

    #[test]
    fn partner_ruffs_where_no_opponent_can_overruff() {
        // Spades trumps, North leads a heart: South ruffs. West, out of
        // hearts too, holds only the 2 of trumps.
        let h = hands("N:.76.2.2 .KQ.A.A 3..43.3 2..KQ.K");
        let (tricks, req) = quick_tricks(&h, 0, 0, 1);
        assert_eq!(tricks, 1);
        assert_eq!(req, [1, 0, 0, 0]);
        // With West's trump above South's, no sure trick.
        let h = hands("N:.76.2.2 .KQ.A.A 2..43.3 3..KQ.K");
        assert_eq!(quick_tricks(&h, 0, 0, 1).0, 0);
    }

    #[test]
    fn a_suit_the_opponents_are_out_of_is_played_last() {
        // North's low spades under South's: the opponents have none, so
        // two rounds go to North-South whoever wins them.
        let h = hands("N:32.A2.. .KQJT.. 54.43.. .9876..");
        let (tricks, req) = quick_tricks(&h, 0, NOTRUMP, 3);
        assert_eq!(tricks, 3);
        assert_eq!(req[0], 0);
    }
}

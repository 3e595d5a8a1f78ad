//! Quick tricks: tricks the side on lead can take at once from the top of
//! the leader's hand, counted so that the count is always achievable.

use crate::search::NOTRUMP;
use crate::tt::Req;

#[inline]
fn holding(hand: u64, suit: usize) -> u16 {
    (hand >> (16 * suit)) as u16
}

/// A lower bound on the tricks the leader's side takes, found by the leader
/// cashing winners from the top of the leader's own hand, and how many top
/// cards of each suit the count depends on.
///
/// Counted per suit: the leader's cards above every other card of the suit
/// (and the rest of the suit when the opponents are then exhausted and
/// partner only holds lower cards). In a trump contract a side suit counts
/// only the rounds every opponent still holding a trump must follow to, and
/// the side-suit rounds stop one after partner, holding only trumps, would
/// be forced to ruff and take the lead. Trumps are cashed first.
pub(crate) fn quick_tricks(hands: &[u64; 4], leader: usize, trump: usize) -> (i32, Req) {
    let me = hands[leader];
    let partner = hands[(leader + 2) & 3];
    let lho = hands[(leader + 1) & 3];
    let rho = hands[(leader + 3) & 3];
    let mut req = [0u8; 4];
    let mut trump_tricks = 0u32;
    let mut side_tricks = 0u32;
    for s in 0..4 {
        let mine = holding(me, s);
        if mine == 0 {
            continue;
        }
        let p = holding(partner, s);
        let (a, b) = (holding(lho, s), holding(rho, s));
        let others = p | a | b;
        let above = if others == 0 {
            mine
        } else {
            let highest = 15 - others.leading_zeros();
            mine & !((2u32 << highest) - 1) as u16
        };
        let mut won = above.count_ones();
        if won == 0 {
            continue;
        }
        req[s] = won as u8;
        let len = mine.count_ones();
        if won < len {
            let opponents_len = a.count_ones().max(b.count_ones());
            let lowest = mine.trailing_zeros();
            let partner_below = p == 0 || 15 - p.leading_zeros() < lowest;
            if opponents_len <= won && partner_below {
                won = len;
                // Every card down to the leader's lowest decides this.
                req[s] = ((mine | others) >> lowest).count_ones() as u8;
            }
        }
        if trump != NOTRUMP && s != trump {
            for opponent in [lho, rho] {
                if holding(opponent, trump) != 0 {
                    won = won.min(holding(opponent, s).count_ones());
                }
            }
        }
        if s == trump {
            trump_tricks += won;
        } else {
            side_tricks += won;
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
    ((trump_tricks + side_tricks) as i32, req)
}

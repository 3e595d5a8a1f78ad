//! alpha-mu's floor on a real decision where it once went wrong: board 7
//! of table 1's 36-card set, after 27 cards, with the 40 worlds the
//! figures' M = 4 player draws there.
//!
//! Under a floor, a cut below a root move used to leave that move
//! unvalued even when its score was above the root's best; the floor then
//! chose H7 (21 of 40 worlds) over D8 (22).

use arena::deal_set::read_pbn;
use cards::Card;
use players::leaf::DdLeaf;
use players::seed::derive;
use search::{alphamu, AlphaMuConfig, Problem, Switches};

const BOARD: &str = r#"[Board "7"]
[Dealer "S"]
[Vulnerable "None"]
[Deal "N:6.J73.Q987.AKJ76 T43.A982.A42.T92 AK52.KQT.JT63.Q8 QJ987.654.K5.543"]
[Declarer "S"]
[Contract "3NT"]
[Need "9"]
[Constraints "hcp(north) >= 10 && hcp(north) <= 15 && spades(north) <= 3 && hearts(north) <= 3 && hcp(east) <= 14 && spades(east) <= 5 && hearts(east) <= 5 && diamonds(east) <= 5 && clubs(east) <= 5 && hcp(south) >= 15 && hcp(south) <= 17 && balanced(south) && hcp(west) <= 14 && spades(west) <= 5 && hearts(west) <= 5 && diamonds(west) <= 5 && clubs(west) <= 5"]
[Play "W"]
C4 CK C9 CQ
H5 H3 H9 HQ
S9 S6 S3 S2
S7 DQ S4 SA
*
"#;

const PLAY: &str =
    "C4 CK C9 CQ H3 H9 HQ H5 S2 S9 S6 S3 S7 DQ S4 SA HK H6 HJ HA DA DJ D5 D9 ST SK SQ";

#[test]
fn floor_keeps_the_best_card_of_a_real_decision() {
    let boards = read_pbn(BOARD).unwrap();
    let board = &boards[0].board;
    let play: Vec<Card> = PLAY
        .split_whitespace()
        .map(|c| c.parse().unwrap())
        .collect();
    // The seed the figures' match gives this decision (deal index 6).
    let seed = derive(derive(1, &[6]), &[play.len() as u64]);
    let mover = board.position_after(&play).unwrap().position().to_move();
    let (view, deals) = board.worlds(mover, &play, 40, seed).unwrap();
    let problem = Problem::from_knowledge(&view, &deals, board.declarer, board.need).unwrap();
    let search = |switches: Switches, front_limit: usize| {
        let config = AlphaMuConfig {
            max_moves: 4,
            switches,
            parallel_leaves: false,
            front_limit,
            value_every_card: false,
            work_limit: 0,
        };
        let r = alphamu(&problem, &DdLeaf, config).unwrap();
        let value = r.cards.iter().find(|v| v.card == r.best).unwrap().make;
        (r.best, (value * 40.0).round() as usize)
    };
    let plain = search(Switches::NONE, search::FRONT_LIMIT);
    assert_eq!(plain, ("D8".parse().unwrap(), 22));
    // Front limit 0: every deeper iteration is searched under a floor.
    assert_eq!(search(Switches::ALL, 0), plain);
    assert_eq!(search(Switches::ALL, search::FRONT_LIMIT), plain);
}

use super::*;

fn node(role: Role, worlds: usize, groups: Vec<u64>) -> NodeInfo {
    NodeInfo {
        role,
        mover: Seat::North,
        worlds: (1u64 << worlds) - 1,
        groups,
        world_count: worlds,
        floor: 0.0,
        ceiling: 10.0,
    }
}

#[test]
fn a_max_node_mixes_children_it_cannot_tell_apart() {
    // The paper's example: [2, 5, 3] and [3, 7, 0] are worth 10 each over
    // the three worlds; the node mixes them.
    let n = node(Role::Root, 3, vec![0b111]);
    let mut acc = Fusion.start(&n);
    Fusion.add(&n, &mut acc, 0b111, vec![2.0, 5.0, 3.0]);
    Fusion.add(&n, &mut acc, 0b111, vec![3.0, 7.0, 0.0]);
    assert_eq!(Fusion.finish(&n, acc), Some(vec![2.5, 6.0, 1.5]));
}

#[test]
fn a_min_node_fuses_by_its_own_hands() {
    // Figure 4: worlds 1 and 3 (indices 0 and 2) are Min's first hand,
    // worlds 2 and 4 its second. With the first hand [0, _, 3, _] is
    // better for Min (3 against 4); with the second both sum to 3: mixed.
    let n = node(Role::Opponent, 4, vec![0b0101, 0b1010]);
    let mut acc = Fusion.start(&n);
    Fusion.add(&n, &mut acc, 0b1111, vec![0.0, 2.0, 3.0, 1.0]);
    Fusion.add(&n, &mut acc, 0b1111, vec![2.0, 0.0, 2.0, 3.0]);
    assert_eq!(Fusion.finish(&n, acc), Some(vec![0.0, 1.0, 3.0, 2.0]));
}

#[test]
fn a_player_chooses_among_the_cards_it_holds() {
    // In the second group only the first child is legal.
    let n = node(Role::Opponent, 2, vec![0b01, 0b10]);
    let mut acc = Fusion.start(&n);
    Fusion.add(&n, &mut acc, 0b11, vec![5.0, 5.0]);
    Fusion.add(&n, &mut acc, 0b01, vec![1.0, f64::NAN]);
    assert_eq!(Fusion.finish(&n, acc), Some(vec![1.0, 5.0]));
}

#[test]
fn alphamu_unites_at_the_root_and_combines_elsewhere() {
    let root = node(Role::Root, 2, vec![0b11]);
    let mut acc = AlphaMu::default().start(&root);
    AlphaMu::default().add(&root, &mut acc, 0b11, vec![vec![1.0, 0.0]]);
    AlphaMu::default().add(&root, &mut acc, 0b11, vec![vec![0.0, 1.0], vec![0.0, 0.5]]);
    assert_eq!(
        AlphaMu::default().finish(&root, acc),
        Some(vec![vec![1.0, 0.0], vec![0.0, 1.0]])
    );
    // An opponent takes the smaller score world by world, for each pair of
    // strategies; [0, 0] is dominated by [0, 1] and dropped.
    let opp = node(Role::Opponent, 2, vec![0b01, 0b10]);
    let mut acc = AlphaMu::default().start(&opp);
    AlphaMu::default().add(&opp, &mut acc, 0b11, vec![vec![1.0, 0.0], vec![0.0, 1.0]]);
    AlphaMu::default().add(&opp, &mut acc, 0b11, vec![vec![1.0, 1.0]]);
    let front = AlphaMu::default().finish(&opp, acc).expect("a front");
    assert_eq!(front, vec![vec![1.0, 0.0], vec![0.0, 1.0]]);
    assert_eq!(AlphaMu::default().score(0b11, &front), 0.5);
}

#[test]
fn the_root_scores_a_front_by_its_best_or_its_worst_vector() {
    // Neither vector dominates the other, so both stay in the front.
    let front = vec![vec![2.0, 0.0], vec![0.5, 0.5]];
    let best = AlphaMu::default();
    let worst = AlphaMu {
        root: RootCriterion::Worst,
    };
    assert_eq!(best.score(0b11, &front), 1.0);
    assert_eq!(worst.score(0b11, &front), 0.5);
    // Only the worlds given count.
    assert_eq!(worst.score(0b10, &front), 0.0);
}

#[test]
fn pimc_takes_each_world_on_its_own() {
    let n = node(Role::Root, 2, vec![0b11]);
    let mut acc = Pimc.start(&n);
    Pimc.add(&n, &mut acc, 0b11, vec![1.0, 0.0]);
    Pimc.add(&n, &mut acc, 0b11, vec![0.0, 1.0]);
    let v = Pimc.finish(&n, acc).expect("a value");
    assert_eq!(v, vec![1.0, 1.0]);
    assert_eq!(Pimc.score(0b11, &v), 1.0);
}

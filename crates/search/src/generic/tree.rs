//! The template (Algorithm 3): one search over a set of worlds, its values
//! made by a [`Spec`].

use super::leaves::Leaves;
use super::spec::{group_by_hand, Cut, CutTeam, FromBest, NodeInfo, Role, Spec};
use cards::{BySeat, Card, Hand, Seat};
use games::{PlayState, Taken, Trick, TrickGame};
use open_cards::CodeCandidates;

/// The most worlds a search of the generic engine holds: each node keeps
/// its worlds as one bit of a `u64` each. (The bridge engine's bitsets hold
/// [`crate::MAX_WORLDS`].)
pub const MAX_TREE_WORLDS: usize = 64;

/// How deep the tree goes before its leaves take over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Depth {
    /// Cards played from the root after which the leaves give each world's
    /// value (the paper's depth-leaf); `usize::MAX` plays to the end.
    pub leaf: usize,
}

/// One legal card of the root player with its value and expected score.
#[derive(Clone, Debug)]
pub struct RootCard<V> {
    /// The card.
    pub card: Card,
    /// The value of the node after it.
    pub value: V,
    /// The expected score of the value for the root's team (the root team's
    /// points from the root position on, averaged as the specification
    /// does).
    pub score: f64,
}

/// The state that changes along the search.
#[derive(Clone, Copy)]
struct Walk {
    played: u64,
    trick: Trick,
    worlds: u64,
    depth: usize,
    /// What each team has taken, the tricks before the root included.
    taken: Taken,
    tricks_left: usize,
}

/// A search over `worlds` (the hands as they are at the root position of
/// `root`), for the player to move there.
pub struct Tree<'a, G: TrickGame, S: Spec> {
    spec: &'a S,
    root: &'a PlayState<G>,
    worlds: &'a [BySeat<Hand>],
    leaves: &'a mut dyn Leaves<G>,
    depth: Depth,
    root_seat: Seat,
    /// Prune as the specification allows (switch off to test that it
    /// changes nothing).
    pub pruning: bool,
    /// Search one card of each pair the game calls equivalent (same
    /// worlds, [`TrickGame::equivalent`]) and give the other its value,
    /// where the specification and the leaves allow it
    /// ([`Spec::equivalent_children_alike`], [`Leaves::exact`]); switch
    /// off to test that it changes nothing.
    pub merge_equivalent: bool,
    /// Try only the cards the trick-costs paper's public code tries
    /// ([`open_cards::Candidates::PaperCode`]): each world's legal cards
    /// reduced as the code reduces them, a card then played in every world
    /// where it is legal. `None` tries every legal card.
    pub code_candidates: Option<CodeCandidates>,
    /// Take a node's value from its own exact value in each world where
    /// the specification's rule allows it ([`Spec::best_rule`]), just
    /// above exact leaves and at nodes of one world, instead of searching
    /// its children; switch off to test that it changes nothing.
    pub best_in_every_world: bool,
    /// Nodes visited.
    pub nodes: u64,
    /// Nodes valued from their own value in each world
    /// ([`Tree::best_in_every_world`]), their children left unsearched.
    pub valued_from_best: u64,
    /// Those of them where a group of worlds the mover cannot tell apart
    /// held more than one world (under [`FromBest::EachGroup`], a child
    /// was found best in every world of each such group).
    pub valued_from_best_in_groups: u64,
}

impl<'a, G: TrickGame, S: Spec> Tree<'a, G, S> {
    /// A search from `root` over `worlds`, at most 64: the hands as they
    /// may lie at the root. The root position's own hands only tell the
    /// root player's real hand.
    ///
    /// # Panics
    /// With no world or more than 64.
    pub fn new(
        spec: &'a S,
        root: &'a PlayState<G>,
        worlds: &'a [BySeat<Hand>],
        leaves: &'a mut dyn Leaves<G>,
        depth: Depth,
    ) -> Self {
        assert!(
            !worlds.is_empty() && worlds.len() <= MAX_TREE_WORLDS,
            "1 to {MAX_TREE_WORLDS} worlds"
        );
        Tree {
            spec,
            root,
            worlds,
            leaves,
            depth,
            root_seat: root.to_move(),
            pruning: true,
            merge_equivalent: true,
            code_candidates: None,
            best_in_every_world: true,
            nodes: 0,
            valued_from_best: 0,
            valued_from_best_in_groups: 0,
        }
    }

    fn role(&self, seat: Seat) -> Role {
        if seat == self.root_seat {
            Role::Root
        } else if seat.side() == self.root_seat.side() {
            Role::Partner
        } else {
            Role::Opponent
        }
    }

    fn all_worlds(&self) -> u64 {
        if self.worlds.len() == MAX_TREE_WORLDS {
            u64::MAX
        } else {
            (1u64 << self.worlds.len()) - 1
        }
    }

    fn hand(&self, k: usize, seat: Seat, walk: &Walk) -> Hand {
        Hand(self.worlds[k][seat].0 & !walk.played)
    }

    /// The worlds in which the root player holds its real hand (that of
    /// the root position): the worlds its choice is judged on. Fusion's
    /// worlds also give it other hands, so that the other players are
    /// unsure of its cards; the other specifications draw only real worlds.
    #[must_use]
    pub fn real_worlds(&self) -> u64 {
        let real = self.root.hand(self.root_seat);
        (0..self.worlds.len())
            .filter(|&k| self.worlds[k][self.root_seat] == real)
            .fold(0u64, |m, k| m | 1 << k)
    }

    fn root_walk(&self) -> Walk {
        Walk {
            played: 0,
            trick: *self.root.trick(),
            worlds: self.all_worlds(),
            depth: 0,
            taken: *self.root.taken(),
            tricks_left: self.root.tricks_left(),
        }
    }

    /// Every legal card of the root player (from its real hand) with its
    /// value, scored over the real worlds.
    pub fn root_cards(&mut self) -> Vec<RootCard<S::Value>> {
        let children: Vec<(Card, u64)> = self
            .root_children()
            .into_iter()
            .filter(|(_, _, real)| *real)
            .map(|(card, worlds, _)| (card, worlds))
            .collect();
        let twins = self.twins(&self.root_walk(), &children);
        let mut cards: Vec<RootCard<S::Value>> = Vec::with_capacity(children.len());
        for (i, &(card, worlds)) in children.iter().enumerate() {
            let value = match twins[i] {
                Some(j) => cards[j].value.clone(),
                None => self.child_value(card, worlds),
            };
            let score = self.spec.score(self.real_worlds(), &value);
            cards.push(RootCard { card, value, score });
        }
        cards
    }

    /// One legal card of the root player (from its real hand) with its
    /// value, scored over the real worlds.
    pub fn root_card(&mut self, card: Card) -> RootCard<S::Value> {
        let (_, worlds, _) = self
            .root_children()
            .into_iter()
            .find(|(c, _, real)| *c == card && *real)
            .expect("a legal card of the real hand");
        let value = self.child_value(card, worlds);
        let score = self.spec.score(self.real_worlds(), &value);
        RootCard { card, value, score }
    }

    /// The value of the root position itself: the root player's node made
    /// from every card it may hold in some world, and its expected score
    /// over the real worlds.
    pub fn root_value(&mut self) -> (S::Value, f64) {
        let walk = self.root_walk();
        let info = self.info(&walk, self.root_seat);
        let mut acc = self.spec.start(&info);
        let children: Vec<(Card, u64)> = self
            .root_children()
            .into_iter()
            .map(|(card, worlds, _)| (card, worlds))
            .collect();
        let twins = self.twins(&walk, &children);
        let mut values: Vec<S::Value> = Vec::with_capacity(children.len());
        for (i, &(card, worlds)) in children.iter().enumerate() {
            let value = match twins[i] {
                Some(j) => values[j].clone(),
                None => self.child_value(card, worlds),
            };
            values.push(value.clone());
            self.spec.add(&info, &mut acc, worlds, value);
        }
        let value = self.spec.finish(&info, acc).expect("a legal card");
        let score = self.spec.score(self.real_worlds(), &value);
        (value, score)
    }

    /// The root player's cards legal in some world, the worlds where each
    /// is, and whether it is legal from the real hand.
    fn root_children(&self) -> Vec<(Card, u64, bool)> {
        let walk = self.root_walk();
        let real = self
            .root
            .game()
            .legal(self.root.hand(self.root_seat), &walk.trick);
        self.legal_cards(&walk, self.root_seat)
            .into_iter()
            .map(|(c, w)| (c, w, real.contains(c)))
            .collect()
    }

    fn child_value(&mut self, card: Card, worlds: u64) -> S::Value {
        let walk = self.root_walk();
        let child = self.play(&walk, card, worlds);
        let bound = self.spec.open_bound(self.worlds.len());
        self.node(&child, &bound)
            .expect("an open bound cuts nothing")
    }

    /// Whether equivalent cards are searched once here.
    fn merging(&self) -> bool {
        self.merge_equivalent && self.spec.equivalent_children_alike() && self.leaves.exact()
    }

    /// For each of `children` (cards of the mover at `walk` with the
    /// worlds where each is legal), the first earlier child it is
    /// equivalent to in the same worlds, whose value it takes; all `None`
    /// when not merging. The cards live at `walk` (in the hands of any
    /// world, or on the table) are the same in every world.
    fn twins(&self, walk: &Walk, children: &[(Card, u64)]) -> Vec<Option<usize>> {
        let mut twins = vec![None; children.len()];
        if !self.merging() || children.len() < 2 {
            return twins;
        }
        let game = self.root.game();
        let k = walk.worlds.trailing_zeros() as usize;
        let live = Seat::ALL.iter().fold(walk.trick.card_set(), |h, &s| {
            h.union(self.hand(k, s, walk))
        });
        for (i, &(card, worlds)) in children.iter().enumerate().skip(1) {
            twins[i] = children[..i]
                .iter()
                .position(|&(c, w)| w == worlds && game.equivalent(c, card, live));
        }
        twins
    }

    /// The cards `mover` may play in some world of `walk`, with the worlds
    /// where each is legal: those possible in more worlds first.
    fn legal_cards(&self, walk: &Walk, mover: Seat) -> Vec<(Card, u64)> {
        let game = self.root.game();
        let mut cards: Vec<(Card, u64)> = Vec::new();
        // The cards tried in some world (all legal ones unless the code's
        // choice says otherwise).
        let mut tried = cards::Hand::EMPTY;
        let mut rest = walk.worlds;
        while rest != 0 {
            let k = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let legal = game.legal(self.hand(k, mover, walk), &walk.trick);
            if let Some(code) = &self.code_candidates {
                let in_hands = Seat::ALL
                    .iter()
                    .fold(cards::Hand::EMPTY, |h, &s| h.union(self.hand(k, s, walk)));
                tried = tried.union(code.reduce(game, legal, in_hands, &walk.trick));
            }
            for card in legal.iter() {
                match cards.iter_mut().find(|(c, _)| *c == card) {
                    Some((_, mask)) => *mask |= 1 << k,
                    None => cards.push((card, 1 << k)),
                }
            }
        }
        if self.code_candidates.is_some() {
            cards.retain(|&(c, _)| tried.contains(c));
        }
        cards.sort_by_key(|&(c, mask)| (std::cmp::Reverse(mask.count_ones()), c.bit()));
        cards
    }

    fn info(&self, walk: &Walk, mover: Seat) -> NodeInfo {
        let root_team = self.root_seat.side().index();
        let game = self.root.game();
        // The points the root's team took since the root, and the points
        // still in play (the hands of any world possible here and the
        // trick on the table).
        let path = f64::from(walk.taken.points[root_team] - self.root.taken().points[root_team]);
        let k = walk.worlds.trailing_zeros() as usize;
        let in_play = Seat::ALL.iter().fold(walk.trick.card_set(), |h, &s| {
            h.union(self.hand(k, s, walk))
        });
        let left = f64::from(game.points_left(in_play, walk.tricks_left));
        let score = |points| {
            game.search_score(
                self.root.taken(),
                root_team,
                points,
                self.root.tricks_left(),
            )
        };
        NodeInfo {
            role: self.role(mover),
            mover,
            worlds: walk.worlds,
            groups: group_by_hand(walk.worlds, |k| self.hand(k, mover, walk)),
            world_count: self.worlds.len(),
            floor: score(path),
            ceiling: score(path + left),
        }
    }

    fn play(&self, walk: &Walk, card: Card, worlds: u64) -> Walk {
        let mut next = *walk;
        next.played |= 1 << card.bit();
        next.trick = walk.trick.with(card);
        next.worlds = worlds;
        next.depth += 1;
        if next.trick.is_complete() {
            next.tricks_left -= 1;
            let winner = next
                .taken
                .take(self.root.game(), &next.trick, next.tricks_left == 0);
            next.trick = Trick::new(winner);
        }
        next
    }

    /// Points the root's team took from the root on.
    fn path(&self, walk: &Walk) -> f64 {
        let root_team = self.root_seat.side().index();
        f64::from(walk.taken.points[root_team] - self.root.taken().points[root_team])
    }

    /// The position at `walk` in world `k`.
    fn state(&self, k: usize, walk: &Walk) -> PlayState<G> {
        let hands = cards::BySeat(Seat::ALL.map(|s| self.hand(k, s, walk)));
        let remaining = cards::Deal::new(hands).expect("disjoint hands");
        let dealt = cards::Deal::new(self.worlds[k]).expect("disjoint hands");
        PlayState::from_parts(
            self.root.game().clone(),
            dealt,
            remaining,
            walk.trick,
            walk.taken,
        )
    }

    /// A world's score for the root's points from the root on: the
    /// points, or what the game makes of them (bridge's contract).
    fn score(&self, points: f64) -> f64 {
        self.root.game().search_score(
            self.root.taken(),
            self.root_seat.side().index(),
            points,
            self.root.tricks_left(),
        )
    }

    fn leaf(&mut self, walk: &Walk) -> S::Value {
        let mut scores = vec![0.0; self.worlds.len()];
        let root_team = self.root_seat.side().index();
        let game = self.root.game();
        let taken = walk.taken;
        let path = self.path(walk);
        // At the end of the deal, the all-tricks bonus (the same in every world).
        let end = if taken.tricks[1 - root_team] == 0 {
            f64::from(game.all_tricks_bonus())
        } else if taken.tricks[root_team] == 0 {
            -f64::from(game.all_tricks_bonus())
        } else {
            0.0
        };
        let mut k_rest = walk.worlds;
        while k_rest != 0 {
            let k = k_rest.trailing_zeros() as usize;
            k_rest &= k_rest - 1;
            let future = if walk.tricks_left == 0 {
                end
            } else {
                let state = self.state(k, walk);
                self.leaves.value(k, &state, root_team)
            };
            scores[k] = self.score(path + future);
        }
        self.spec.leaf(walk.worlds, &scores)
    }

    /// How the node at `walk` may take its value from the best in every
    /// world ([`Tree::best_in_every_world`]): as the specification says
    /// ([`Spec::best_rule`]) when the leaves are exact, every legal card is
    /// tried, no leaf below lies at the end of the deal, and either the
    /// node's children are leaves or the node has one world (every node
    /// below it has one too, so each of them is worth its best child, down
    /// to the leaves: the open-card value).
    fn best_rule(&self, walk: &Walk, info: &NodeInfo) -> FromBest {
        let cards_left = 4 * walk.tricks_left - walk.trick.len();
        let to_leaves = self.depth.leaf.saturating_sub(walk.depth);
        if self.best_in_every_world
            && (to_leaves == 1 || walk.worlds.count_ones() == 1)
            && cards_left > to_leaves
            && self.code_candidates.is_none()
            && self.leaves.exact()
        {
            self.spec.best_rule(info)
        } else {
            FromBest::Never
        }
    }

    /// The value of a node ([`Tree::best_rule`]) from its own exact value
    /// in each world, when the rule is [`FromBest::EachWorld`], or, when
    /// it is [`FromBest::EachGroup`], for each group of worlds its mover
    /// cannot tell apart some child reaches that value in every world of
    /// the group (a group of one world has one; else one threshold
    /// question a world for it, and for each child tried before it up to
    /// its first world short of the value). `None` when some group has no
    /// such child: the children are then valued one by one.
    fn value_from_best(
        &mut self,
        walk: &Walk,
        info: &NodeInfo,
        rule: FromBest,
        cards: &[(Card, u64)],
        twins: &[Option<usize>],
    ) -> Option<S::Value> {
        let root_team = self.root_seat.side().index();
        let maximizes = info.role.maximizes();
        // The root's points from the root on in each world, both sides
        // playing their best from here: the best a child gives there.
        let mut best = vec![f64::NAN; self.worlds.len()];
        let path = self.path(walk);
        let mut rest = walk.worlds;
        while rest != 0 {
            let k = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let state = self.state(k, walk);
            best[k] = path + self.leaves.value(k, &state, root_team);
        }
        let (groups, children): (&[u64], Vec<(Walk, u64)>) = if rule == FromBest::EachGroup {
            let children = cards
                .iter()
                .zip(twins)
                // A card equivalent to one before it is worth the same.
                .filter(|(_, twin)| twin.is_none())
                .map(|(&(card, worlds), _)| (self.play(walk, card, worlds), worlds))
                .collect();
            (&info.groups, children)
        } else {
            (&[], Vec::new())
        };
        for &group in groups {
            // In a world alone, the best child is best in every world of
            // the group.
            let found = group.count_ones() == 1
                || children.iter().any(|(child, worlds)| {
                    worlds & group == group && self.reaches_best(child, group, &best, maximizes)
                });
            if !found {
                return None;
            }
        }
        for (k, b) in best.iter_mut().enumerate() {
            if walk.worlds >> k & 1 == 1 {
                *b = self.score(*b);
            }
        }
        self.spec.best_in_every_world(info, &best)
    }

    /// Whether the leaf at `child` is worth `best` (the root's points from
    /// the root on, per world) in every world of `group`: at least it when
    /// the root's team chose the card, at most it when the other did. One
    /// threshold question a world, up to the first world short of it.
    fn reaches_best(&mut self, child: &Walk, group: u64, best: &[f64], maximizes: bool) -> bool {
        let root_team = self.root_seat.side().index();
        let path = self.path(child);
        let mut rest = group;
        while rest != 0 {
            let k = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let state = self.state(k, child);
            let need = best[k] - path;
            // Whole points: at most `need` is not at least one more.
            let reaches = if maximizes {
                self.leaves.at_least(k, &state, root_team, need)
            } else {
                !self.leaves.at_least(k, &state, root_team, need + 1.0)
            };
            if !reaches {
                return false;
            }
        }
        true
    }

    fn node(&mut self, walk: &Walk, bound: &S::Bound) -> Result<S::Value, CutTeam> {
        self.nodes += 1;
        if walk.tricks_left == 0 || walk.depth >= self.depth.leaf {
            return Ok(self.leaf(walk));
        }
        let mover = walk.trick.to_move();
        let cards = self.legal_cards(walk, mover);
        let info = self.info(walk, mover);
        let role = info.role;
        let own = if role.maximizes() {
            CutTeam::Max
        } else {
            CutTeam::Min
        };
        let twins = self.twins(walk, &cards);
        let rule = self.best_rule(walk, &info);
        if rule != FromBest::Never {
            if let Some(value) = self.value_from_best(walk, &info, rule, &cards, &twins) {
                self.valued_from_best += 1;
                if info.groups.iter().any(|g| g.count_ones() > 1) {
                    self.valued_from_best_in_groups += 1;
                }
                return Ok(value);
            }
        }
        let mut acc = self.spec.start(&info);
        // The children some later child takes its value from, and what
        // each gave (`None`: ignored, as its twin would be).
        let sources = twins.iter().flatten().fold(0u64, |m, &j| m | 1 << j);
        let mut given: Vec<Option<S::Value>> = Vec::new();
        if sources != 0 {
            given.resize(cards.len(), None);
        }
        for (i, (card, worlds)) in cards.into_iter().enumerate() {
            if self.pruning {
                match self.spec.cut(&info, &acc, bound) {
                    Some(Cut::Drop(side)) => return Err(side),
                    Some(Cut::Bound) => break,
                    None => {}
                }
            }
            if let Some(j) = twins[i] {
                if let Some(value) = given[j].clone() {
                    if sources >> i & 1 == 1 {
                        given[i] = Some(value.clone());
                    }
                    self.spec.add(&info, &mut acc, worlds, value);
                }
                continue;
            }
            let child_bound = if self.pruning {
                self.spec.child_bound(&info, &acc, bound)
            } else {
                self.spec.open_bound(self.worlds.len())
            };
            let next = self.play(walk, card, worlds);
            match self.node(&next, &child_bound) {
                Ok(value) => {
                    if sources >> i & 1 == 1 {
                        given[i] = Some(value.clone());
                    }
                    self.spec.add(&info, &mut acc, worlds, value);
                }
                Err(side) if side == own => {}
                Err(side) => return Err(side),
            }
        }
        self.spec.finish(&info, acc).ok_or(own)
    }
}
